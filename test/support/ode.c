/* Dormand–Prince 5(4) (Dormand & Prince 1980; coefficients as in Hairer, Nørsett & Wanner, Solving ODEs I,
 * Table 5.2), with local extrapolation, standard step-size control and event location by re-stepping. */
#include "ode.h"

#include <math.h>
#include <string.h>

static const double C[7] = {0.0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1.0, 1.0};
static const double A[7][6] = {
    {0},
    {1.0 / 5},
    {3.0 / 40, 9.0 / 40},
    {44.0 / 45, -56.0 / 15, 32.0 / 9},
    {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
    {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
    {35.0 / 384, 0.0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}};
/* fifth-order weights are the last row of A; these are the embedded fourth-order ones */
static const double B4[7] = {5179.0 / 57600, 0.0, 7571.0 / 16695, 393.0 / 640, -92097.0 / 339200, 187.0 / 2100,
                             1.0 / 40};

/* One step of length h from (t, y): y5 gets the fifth-order solution, the return value the scaled error norm. */
static double dp_step(ode_rhs f, void *ctx, int n, double t, const double *y, double h, double *y5,
                      const ode_options *o)
{
    double k[7][ODE_MAX_DIM], tmp[ODE_MAX_DIM], err = 0.0;
    int s, j, i;
    f(t, y, k[0], ctx);
    for (s = 1; s < 7; ++s) {
        for (i = 0; i < n; ++i) {
            double acc = 0.0;
            for (j = 0; j < s; ++j) acc += A[s][j] * k[j][i];
            tmp[i] = y[i] + h * acc;
        }
        f(t + C[s] * h, tmp, k[s], ctx);
    }
    for (i = 0; i < n; ++i) {
        double e4 = 0.0, sc;
        for (j = 0; j < 7; ++j) e4 += B4[j] * k[j][i];
        y5[i] = tmp[i]; /* stage 7 argument is the fifth-order solution (FSAL) */
        sc = o->atol + o->rtol * fmax(fabs(y[i]), fabs(y5[i]));
        e4 = h * (e4 - (A[6][0] * k[0][i] + A[6][2] * k[2][i] + A[6][3] * k[3][i] + A[6][4] * k[4][i] +
                        A[6][5] * k[5][i])) / sc;
        err += e4 * e4;
    }
    return sqrt(err / n);
}

ode_result ode_integrate(ode_rhs f, ode_event g, void *ctx, int n, double t0, double *y, double t_end,
                         const ode_options *opt)
{
    ode_options o = *opt;
    ode_result r = {0, t0, 0};
    double t = t0, h, y5[ODE_MAX_DIM], g0 = 0.0;
    if (n > ODE_MAX_DIM) { r.status = -1; return r; }
    if (o.max_steps <= 0) o.max_steps = 10000000L;
    h = o.h0 > 0 ? o.h0 : (t_end - t0) * 1e-6;
    if (g) g0 = g(t, y, ctx);
    while (t < t_end) {
        double err, g1;
        if (r.steps >= o.max_steps || h < 1e-15 * fabs(t) + 1e-300) { r.status = -1; r.t = t; return r; }
        if (o.hmax > 0 && h > o.hmax) h = o.hmax;
        if (t + h > t_end) h = t_end - t;
        err = dp_step(f, ctx, n, t, y, h, y5, &o);
        if (!(err <= 1.0)) { /* also catches NaN */
            h *= (err == err) ? fmax(0.2, 0.9 * pow(err, -0.2)) : 0.2;
            continue;
        }
        g1 = g ? g(t + h, y5, ctx) : 0.0;
        if (g && g0 != 0.0 && (g1 == 0.0 || (g1 < 0.0) != (g0 < 0.0))) {
            /* The event lies in (t, t+h]: find the step length that lands on it (Illinois secant with bisection
             * fallback on the step length; each trial is a fresh step from the accepted state). */
            double lo = 0.0, hi = h, glo = g0, ghi = g1, ytrial[ODE_MAX_DIM];
            int it, side = 0;
            for (it = 0; it < 200 && hi - lo > 4e-16 * (fabs(t) + hi); ++it) {
                double mid = (glo * hi - ghi * lo) / (glo - ghi), gm;
                if (!(mid > lo && mid < hi)) mid = 0.5 * (lo + hi);
                dp_step(f, ctx, n, t, y, mid, ytrial, &o);
                gm = g(t + mid, ytrial, ctx);
                if (gm == 0.0) { lo = hi = mid; break; }
                if ((gm < 0.0) == (glo < 0.0)) {
                    lo = mid; glo = gm;
                    if (side == -1) ghi *= 0.5;
                    side = -1;
                } else {
                    hi = mid; ghi = gm;
                    if (side == 1) glo *= 0.5;
                    side = 1;
                }
            }
            dp_step(f, ctx, n, t, y, hi, ytrial, &o);
            memcpy(y, ytrial, (size_t)n * sizeof *y);
            r.status = 1; r.t = t + hi; r.steps++;
            return r;
        }
        memcpy(y, y5, (size_t)n * sizeof *y);
        t += h;
        g0 = g1;
        r.steps++;
        h *= fmin(5.0, 0.9 * pow(fmax(err, 1e-10), -0.2));
    }
    r.t = t;
    return r;
}
