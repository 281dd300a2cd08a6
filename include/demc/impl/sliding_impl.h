/* Bodies of sliding.h ([Balevičius 2014], Balevičius & Mróz). Included by sliding.h only; formulas and derivations are
 * on docs/pages/sliding.md. Helpers are demci_sliding_*; all work is bounded (fixed iteration caps). */
#ifndef DEMC_SLIDING_IMPL_H
#define DEMC_SLIDING_IMPL_H

#include <math.h>

#include "libm_impl.h"

DEMC_BEGIN_DECLS

/* Quadrature workspace: at most this many subintervals in one adaptive integration. */
#define DEMCI_SLIDING_QCAP 64

/* ---- geometry of the paths ---- */

typedef struct demci_sliding_geo {
    double h, sinb, cosb;
} demci_sliding_geo;

/* sqrt(a^2 + b^2) scaled by the larger magnitude (no overflow; no hypot, which needs a recent libm). */
DEMC_STATIC_INLINE double demci_sliding_hypot(double a, double b)
{
    double m = fabs(a) > fabs(b) ? fabs(a) : fabs(b), x, y;
    if (!(m > 0.0)) return m;
    x = a / m;
    y = b / m;
    return m * sqrt(x * x + y * y);
}

/* Overlap and the inclination beta of the contact normal to the path normal at s, given also the distance
 * e = s_u - |s| to the nearer end of the contact (exact when the caller has it: a quadrature node next to an end).
 * The overlap is formed from e as a product, so it keeps full relative accuracy near the ends of the contact. */
DEMC_STATIC_INLINE demci_sliding_geo demci_sliding_geometry_e(const demc_sliding_path *p, double s, double e)
{
    demci_sliding_geo g;
    double d;
    if (!(e > 0.0)) { /* outside the contact (or NaN): no force; also keeps sin of a huge s/R̃ out of libm */
        g.h = 0.0;
        g.sinb = 0.0;
        g.cosb = 1.0;
        return g;
    }
    if (p->kind == DEMC_SLIDING_PATH_LINEAR) {
        double yc = 2.0 * p->radius - p->h0, d2 = s * s + yc * yc, num = e * (2.0 * p->s_u - e);
        /* scaled where the squares overflow or underflow (radii above 1e150 or below 1e-145) */
        d = d2 < 1e300 && d2 > 1e-290 ? sqrt(d2) : demci_sliding_hypot(s, yc);
        g.h = demc_is_finite(num) ? num / (2.0 * p->radius + d) : e * ((2.0 * p->s_u - e) / (2.0 * p->radius + d));
        g.sinb = s / d;
        g.cosb = yc / d;
    } else {
        double k = p->ecc_ratio, rt = p->path_radius, ph = s / rt, sh = sin(0.5 * ph), rho;
        rho = sqrt((1.0 - k) * (1.0 - k) + 4.0 * k * sh * sh);
        d = rt * rho;
        g.h = rt * rt * 4.0 * k * sin(0.5 * e / rt) * sin(p->phi_u - 0.5 * e / rt) / (2.0 * p->radius + d);
        g.sinb = k * sin(ph) / rho;
        g.cosb = ((1.0 - k) + 2.0 * k * sh * sh) / rho;
    }
    if (g.h < 0.0) g.h = 0.0;
    return g;
}

DEMC_STATIC_INLINE demci_sliding_geo demci_sliding_geometry(const demc_sliding_path *p, double s)
{
    return demci_sliding_geometry_e(p, s, p->s_u - fabs(s));
}

DEMC_STATIC_INLINE double demci_sliding_h52(const demc_sliding_path *p, double s)
{
    double h = demci_sliding_geometry(p, s).h;
    return h * h * sqrt(h);
}

/* h^{3/2} cos(beta): N cos(beta) per unit k_n. The quadrature rules sum it and multiply by k_n last, so that a k_n
 * near the largest double gives their (finite) result rather than an overflowed sum of finite densities. */
DEMC_STATIC_INLINE double demci_sliding_fric_shape(const demc_sliding_path *p, double s)
{
    demci_sliding_geo g = demci_sliding_geometry(p, s);
    return g.h * sqrt(g.h) * g.cosb;
}

/* The same at distance e (> 0) before the end s_u. */
DEMC_STATIC_INLINE double demci_sliding_fric_density_end(const demc_sliding_path *p, double e)
{
    demci_sliding_geo g = demci_sliding_geometry_e(p, p->s_u - e, e);
    return p->prefactor * g.h * sqrt(g.h) * g.cosb;
}

/* ---- adaptive Gauss-Kronrod (7, 15) quadrature ---- */

enum {
    DEMCI_SLIDING_Q_TAIL = 1,  /* N cos(beta) at s_u - L w^2, times 2 L w */
    DEMCI_SLIDING_Q_TIME = 2,  /* 1/v(x) on a leg */
    DEMCI_SLIDING_Q_TIME_END = 3, /* 2 L w / v(e - L w^2): rest point at e */
    DEMCI_SLIDING_Q_TIME_START = 4, /* 2 L w / v(a + L w^2): start from rest at a */
    DEMCI_SLIDING_Q_FC_TIME = 5, /* 2 L w / v_fc(x0 + L w^2) */
    DEMCI_SLIDING_Q_FORCE = 6    /* T* for forward motion */
};

typedef struct demci_sliding_q {
    const demc_sliding_path *path;
    const demc_sliding_fc *fc;
    int kind;
    int status;     /* first failure of a nested integration */
    double end, len; /* substitution end point and length */
    double xa, va2;  /* leg: start point (mirrored coordinate) and squared velocity there */
} demci_sliding_q;

DEMC_STATIC_INLINE double demci_sliding_qeval(demci_sliding_q *q, double w);

/* Kronrod 15 / Gauss 7 on [c - h, c + h]; the half length h is passed on its own so that a short interval next to
 * a point far from the origin keeps its exact length. */
DEMC_STATIC_INLINE void demci_sliding_gk_rule(demci_sliding_q *q, double c, double h, double *val, double *err)
{
    const double xk[8] = {0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
                          0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
                          0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
                          0.207784955007898467600689403773245, 0.0};
    const double wk[8] = {0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
                          0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
                          0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
                          0.204432940075298892414161999234649, 0.209482141084727828012999174891714};
    const double wg[4] = {0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
                          0.381830050505118944950369775488975, 0.417959183673469387755102040816327};
    double f[15], rk, rg, mean, asc = 0.0, e;
    int j;
    f[7] = demci_sliding_qeval(q, c);
    rk = wk[7] * f[7];
    rg = wg[3] * f[7];
    for (j = 0; j < 7; ++j) {
        f[j] = demci_sliding_qeval(q, c - h * xk[j]);
        f[14 - j] = demci_sliding_qeval(q, c + h * xk[j]);
        rk += wk[j] * (f[j] + f[14 - j]);
        if (j % 2 == 1) rg += wg[j / 2] * (f[j] + f[14 - j]);
    }
    mean = 0.5 * rk;
    for (j = 0; j < 15; ++j) asc += wk[j < 8 ? j : 14 - j] * fabs(f[j] - mean);
    asc *= fabs(h);
    e = fabs((rk - rg) * h);
    /* QUADPACK's scaling of |K15 - G7| (Piessens et al. 1983): K15 is far more accurate than G7 */
    if (asc > 0.0 && e > 0.0) {
        double r = 200.0 * e / asc;
        e = asc * (r < 1.0 ? r * sqrt(r) : 1.0);
    }
    *val = rk * h;
    *err = e;
}

/* Globally adaptive: splits the subinterval with the largest error estimate |K15 - G7| until the sum of the
 * estimates is below rtol |I|; at most DEMCI_SLIDING_QCAP subintervals (bounded work). */
DEMC_STATIC_INLINE demc_status demci_sliding_integrate(demci_sliding_q *q, double a, double b, double rtol,
                                                       double *result)
{
    double lo[DEMCI_SLIDING_QCAP], hi[DEMCI_SLIDING_QCAP], val[DEMCI_SLIDING_QCAP], err[DEMCI_SLIDING_QCAP];
    int n = 1;
    *result = 0.0;
    if (a == b) return DEMC_OK;
    lo[0] = a;
    hi[0] = b;
    demci_sliding_gk_rule(q, 0.5 * (a + b), 0.5 * (b - a), &val[0], &err[0]);
    for (;;) {
        double tot = 0.0, etot = 0.0, mid;
        int i, worst = 0;
        for (i = 0; i < n; ++i) {
            tot += val[i];
            etot += err[i];
            if (err[i] > err[worst]) worst = i;
        }
        *result = tot;
        if (!demc_is_finite(tot)) return DEMC_ERR_NO_CONVERGENCE;
        if (etot <= rtol * fabs(tot) || etot == 0.0) return (demc_status)q->status;
        if (n == DEMCI_SLIDING_QCAP) return DEMC_ERR_NO_CONVERGENCE;
        mid = 0.5 * (lo[worst] + hi[worst]);
        if (!(mid > lo[worst] && mid < hi[worst])) return DEMC_ERR_NO_CONVERGENCE;
        lo[n] = mid;
        hi[n] = hi[worst];
        hi[worst] = mid;
        demci_sliding_gk_rule(q, 0.5 * (lo[worst] + hi[worst]), 0.5 * (hi[worst] - lo[worst]), &val[worst],
                              &err[worst]);
        demci_sliding_gk_rule(q, 0.5 * (lo[n] + hi[n]), 0.5 * (hi[n] - lo[n]), &val[n], &err[n]);
        ++n;
    }
}

/* ---- friction work: Phi(s) = int_0^s N cos(beta) ds (odd in s) ---- */

/* G(theta) = int_0^theta sin^4 / sqrt(1 - m sin^2), s = sin(theta), c = cos(theta) >= 0, 0 < m < 1. Three forms,
 * each where it keeps about 1e-14 relative accuracy (sliding.md):
 * - s^2 < 1/2: G = sum c_n s^(2n+5)/(2n+5), c_n the coefficients of ((1-x)(1-mx))^(-1/2), three-term recurrence;
 * - m < 0.01: G = sum (1/2)_n/n! m^n I_(n+2), I_j = int_0^theta sin^(2j);
 * - otherwise the closed form with Carlson's R_F, R_D, whose cancellation costs about eps/(s^4 m). */
DEMC_STATIC_INLINE double demci_sliding_g4(double s, double c, double m)
{
    double g = 0.0;
    int n;
    if (s * s < 0.5) {
        double cm = 1.0, cn = 0.5 * (1.0 + m), x = s * s, p = s * s * s * s * s;
        g = p / 5.0;
        for (n = 1; n < 200; ++n) {
            double next = ((1.0 + m) * (n + 0.5) * cn - m * n * cm) / (n + 1.0), term;
            p *= x;
            term = cn * p / (2.0 * n + 5.0);
            g += term;
            if (term <= 1e-17 * g) break;
            cm = cn;
            cn = next;
        }
        return g;
    }
    if (m < 0.01) {
        double th = demci_atan2(s, c), ij = th, an = 1.0, mn = 1.0, sp = s;
        int j;
        for (j = 1; j <= 2; ++j) { /* ij = I_j, sp = sin^(2j+1) */
            ij = ((2.0 * j - 1.0) * ij - sp * c) / (2.0 * j);
            sp *= s * s;
        }
        for (n = 0; n < 60; ++n) {
            double term = an * mn * ij;
            g += term;
            if (fabs(term) <= 1e-17 * fabs(g)) break;
            an *= (n + 0.5) / (n + 1.0);
            mn *= m;
            j = n + 3;
            ij = ((2.0 * j - 1.0) * ij - sp * c) / (2.0 * j);
            sp *= s * s;
        }
        return g;
    } else {
        double d2 = 1.0 - m * s * s, rf = demc_special_carlson_rf(c * c, d2, 1.0), rd = demc_special_carlson_rd(c * c, d2, 1.0);
        return (s * c * sqrt(d2) - s * rf + 2.0 * (1.0 + m) * s * s * s * rd / 3.0) / (3.0 * m);
    }
}

/* Linear path: Phi(s) = sign(s) C (G(pi/2) - G(theta)), sin^2 theta = h/h0, C = 2 y_c h0^2/sqrt(2R + y_c). */
DEMC_STATIC_INLINE double demci_sliding_phi_linear_tail(const demc_sliding_path *p, double s)
{
    double r2 = 2.0 * p->radius, yc = r2 - p->h0, m = p->h0 / (r2 + yc), a = fabs(s), d, h, st, ct;
    if (!(a < p->s_u)) return 0.0;
    /* cos θ = |s|/√((d + y_c) h0): as one root where the squares and the product are normal doubles, else as
     * a quotient of roots (R = 1.7e259 with |s| = 1.5e154 made s²/((d + y_c) h0) = inf/inf = NaN) */
    d = s * s + yc * yc;
    d = d < 1e300 && d > 1e-290 ? sqrt(d) : demci_sliding_hypot(s, yc);
    h = demci_sliding_geometry(p, s).h;
    st = sqrt(h / p->h0);
    ct = (d + yc) * p->h0;
    ct = ct < 1e300 && ct > 1e-290 && (s * s > 1e-290 || s == 0.0) && s * s < 1e300
             ? sqrt(s * s / ct)
             : a / (sqrt(d + yc) * sqrt(p->h0));
    return 2.0 * p->prefactor * yc * p->h0 * p->h0 / sqrt(r2 + yc) * demci_sliding_g4(st, ct, m);
}

/* int_{|s|}^{s_u} N cos(beta) ds: closed form (line) or adaptive quadrature in w, s = s_u - L w^2 (eccentric). */
DEMC_STATIC_INLINE demc_status demci_sliding_tail(const demc_sliding_path *p, double s, double *tail)
{
    demci_sliding_q q;
    double a = fabs(s);
    *tail = 0.0;
    if (!(a < p->s_u)) return DEMC_OK;
    if (p->kind == DEMC_SLIDING_PATH_LINEAR) {
        *tail = demci_sliding_phi_linear_tail(p, s);
        return DEMC_OK;
    }
    q.path = p;
    q.fc = 0;
    q.kind = DEMCI_SLIDING_Q_TAIL;
    q.status = DEMC_OK;
    q.end = p->s_u;
    q.len = p->s_u - a;
    q.xa = q.va2 = 0.0;
    return demci_sliding_integrate(&q, 0.0, 1.0, 1e-14, tail);
}

/* Phi(x) - Phi(xa) from the tails, so that the half-path value cancels exactly (a leg from the entry keeps full
 * relative accuracy however small the entry velocity). */
DEMC_STATIC_INLINE demc_status demci_sliding_phi_diff(const demc_sliding_path *p, double xa, double x, double *d)
{
    double ta, tx;
    demc_status s1 = demci_sliding_tail(p, xa, &ta), s2 = demci_sliding_tail(p, x, &tx);
    if (xa <= 0.0 && x <= 0.0) *d = tx - ta;
    else if (xa >= 0.0 && x >= 0.0) *d = ta - tx;
    else *d = (x > 0.0 ? 1.0 : -1.0) * (2.0 * p->friction_half - tx - ta);
    return s1 != DEMC_OK ? s1 : s2;
}

/* 5-node Lobatto rule ([Balevičius 2014] eq 23, nodes c +- sqrt(3/7) h/2) of N cos(beta) over [a, b]. */
DEMC_STATIC_INLINE double demci_sliding_fric_5node(const demc_sliding_path *p, double a, double b)
{
    double h = b - a, c = 0.5 * (a + b), x = 0.5 * sqrt(3.0 / 7.0) * h;
    return p->prefactor * (h / 10.0 *
                           (0.5 * (demci_sliding_fric_shape(p, a) + demci_sliding_fric_shape(p, b)) +
                            32.0 / 9.0 * demci_sliding_fric_shape(p, c) +
                            49.0 / 18.0 * (demci_sliding_fric_shape(p, c + x) + demci_sliding_fric_shape(p, c - x))));
}

/* Squared velocity on a leg in the mirrored coordinate x (motion towards +x) started at xa with va2:
 * v^2 = va2 + (2/m)(W_n + W_mu) ([Balevičius 2014] eq 5, 13, 15). */
DEMC_STATIC_INLINE double demci_sliding_leg_v2(const demc_sliding_path *p, double xa, double va2, double x,
                                               int *status)
{
    double d;
    demc_status st = demci_sliding_phi_diff(p, xa, x, &d);
    if (st != DEMC_OK) *status = st;
    /* the work first, then one division by m: a tiny mass gives a huge v^2, never inf x 0 (the setup checked
     * that the largest work over m is finite) */
    return va2 - (0.8 * p->prefactor * (demci_sliding_h52(p, x) - demci_sliding_h52(p, xa)) + 2.0 * p->mu * d) /
                     p->mass;
}

/* Force-controlled sliding (mirrored so that T0 > 0): v^2 by eq 43 written without cancellation near x0. */
DEMC_STATIC_INLINE double demci_sliding_fc_v2(const demc_sliding_fc *fc, double x)
{
    double r = fc->radius, mu = fc->mu, q = fc->q, t0 = fabs(fc->t0), x0 = -fabs(fc->s0);
    double al = x / (2.0 * r), a0 = x0 / (2.0 * r), sd = sin(0.5 * (al - a0)), dsin, dcos, f0, df, y, em1;
    dsin = 2.0 * cos(0.5 * (al + a0)) * sd;
    dcos = -2.0 * sin(0.5 * (al + a0)) * sd;
    f0 = 3.0 * mu * (q * sin(a0) + t0 * cos(a0)) + (1.0 - 2.0 * mu * mu) * (q * cos(a0) - t0 * sin(a0));
    df = 3.0 * mu * (q * dsin + t0 * dcos) + (1.0 - 2.0 * mu * mu) * (q * dcos - t0 * dsin);
    y = mu * (x - x0) / r;
    em1 = 2.0 * demci_sinh(0.5 * y) * demci_exp(0.5 * y); /* e^y - 1 */
    return 4.0 * r / (fc->mass * (4.0 * mu * mu + 1.0)) * (f0 * em1 - df);
}

DEMC_STATIC_INLINE double demci_sliding_inv_v(double v2) { return v2 > 0.0 ? 1.0 / sqrt(v2) : 0.0; }

/* v^2 at r + delta next to a rest point r, as (2/m)|int_r^(r+delta) T* ds| by one Kronrod rule of exact length
 * delta: the global form (a difference of O(v0^2) terms at a rounded coordinate) is all noise right next to r. */
DEMC_STATIC_INLINE double demci_sliding_leg_v2_near(const demc_sliding_path *p, double r, double delta, double xa,
                                                    double va2, double span, int *status)
{
    demci_sliding_q f;
    double w, e;
    if (!(fabs(delta) < 1e-1 * span)) return demci_sliding_leg_v2(p, xa, va2, r + delta, status);
    f.path = p;
    f.fc = 0;
    f.kind = DEMCI_SLIDING_Q_FORCE;
    f.status = DEMC_OK;
    f.end = f.len = f.xa = f.va2 = 0.0;
    demci_sliding_gk_rule(&f, r + 0.5 * delta, 0.5 * delta, &w, &e);
    return 2.0 / p->mass * fabs(w);
}

DEMC_STATIC_INLINE double demci_sliding_qeval(demci_sliding_q *q, double w)
{
    double x;
    switch (q->kind) {
    case DEMCI_SLIDING_Q_TAIL:
        return demci_sliding_fric_density_end(q->path, q->len * w * w) * 2.0 * q->len * w;
    case DEMCI_SLIDING_Q_TIME:
        return demci_sliding_inv_v(demci_sliding_leg_v2(q->path, q->xa, q->va2, w, &q->status));
    case DEMCI_SLIDING_Q_TIME_END:
        x = -q->len * w * w;
        return 2.0 * q->len * w *
               demci_sliding_inv_v(demci_sliding_leg_v2_near(q->path, q->end, x, q->xa, q->va2, q->len, &q->status));
    case DEMCI_SLIDING_Q_TIME_START:
        x = q->len * w * w;
        return 2.0 * q->len * w *
               demci_sliding_inv_v(demci_sliding_leg_v2_near(q->path, q->xa, x, q->xa, q->va2, q->len, &q->status));
    case DEMCI_SLIDING_Q_FORCE:
        demc_sliding_forces(q->path, w, 1.0, &x, 0);
        return x;
    default:
        x = q->xa + q->len * w * w;
        return 2.0 * q->len * w * demci_sliding_inv_v(demci_sliding_fc_v2(q->fc, x));
    }
}

/* ---- setup ---- */

/* The arguments the two paths share, in argument order. */
DEMC_STATIC_INLINE demc_status demci_sliding_check(double prefactor, double radius, double mu, double mass, double h0,
                                                   const char **bad_field)
{
    demc_status s;
    if ((s = demci_require_positive(prefactor, "prefactor", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(radius, "radius", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(mu, mu >= 0.0, "mu", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(mass, "mass", bad_field)) != DEMC_OK) return s;
    return demci_require(h0, h0 > 0.0 && h0 < 2.0 * radius, "h0", bad_field);
}

DEMC_STATIC_INLINE void demci_sliding_fill(double prefactor, double radius, double mu, double mass, double h0,
                                           demc_sliding_path *out)
{
    out->prefactor = prefactor;
    out->radius = radius;
    out->mu = mu;
    out->mass = mass;
    out->h0 = h0;
}

/* The derived fields of a path must be representable, and so must the largest work over the mass (every v^2 of
 * the motion is v0^2 plus a fraction of it): else SINGULAR naming the field, or "mass" for the work scale. */
DEMC_STATIC_INLINE demc_status demci_sliding_derived(const demc_sliding_path *p, const char **bad_field)
{
    double scale, nmax;
    if (!demc_is_finite(p->h0 * p->h0 * sqrt(p->h0))) return demci_material_fail(DEMC_ERR_SINGULAR, "h0", bad_field);
    if (!(demc_is_finite(p->s_u) && p->s_u > 0.0)) return demci_material_fail(DEMC_ERR_SINGULAR, "out.s_u", bad_field);
    /* twice it: the friction work over the whole path per unit μ, which the leg integrals take */
    if (!(demc_is_finite(2.0 * p->friction_half) && p->friction_half >= 0.0))
        return demci_material_fail(DEMC_ERR_SINGULAR, "out.friction_half", bad_field);
    /* the largest normal force k_n h0^{3/2} (at s = 0) and the forces built on it, N ± μN and the hysteresis
     * branch's T_A − T_B (up to 2μN): a friction force μN beyond DBL_MAX (μ = 1.6e295, N = 6.8e49) made
     * T* = ±inf and the hysteresis NaN */
    nmax = p->prefactor * (p->h0 * sqrt(p->h0)); /* finite here: the friction work above is about N_max s_u ≥ N_max h0 */
    if (!demc_is_finite(2.0 * (1.0 + p->mu) * nmax)) return demci_material_fail(DEMC_ERR_SINGULAR, "mu", bad_field);
    scale = 0.8 * p->prefactor * p->h0 * p->h0 * sqrt(p->h0) + 4.0 * p->mu * p->friction_half;
    if (!demc_is_finite(scale) || !demc_is_finite(scale / p->mass))
        return demci_material_fail(DEMC_ERR_SINGULAR, "mass", bad_field);
    return DEMC_OK;
}

DEMC_SLIDING_FN demc_status demc_sliding_path_init_linear(double prefactor, double radius, double mu, double mass, double h0,
                                                     demc_sliding_path *out, const char **bad_field)
{
    demc_status st = demci_sliding_check(prefactor, radius, mu, mass, h0, bad_field);
    demc_sliding_path path; /* built here and copied out on success only */
    double yc;
    if (st != DEMC_OK) return st;
    if (!out) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "out", bad_field);
    demci_sliding_fill(prefactor, radius, mu, mass, h0, &path);
    yc = 2.0 * radius - h0;
    path.kind = DEMC_SLIDING_PATH_LINEAR;
    path.ecc_ratio = 1.0;
    path.path_radius = 0.0;
    path.phi_u = 0.0;
    path.s_u = sqrt(h0) * sqrt(4.0 * radius - h0); /* two roots: h0 (4R − h0) overflows for R above 1e154 */
    path.friction_half = 0.0;
    path.s_grip1 = path.s_grip2 = path.s_u;
    if (demc_is_finite(path.s_u)) path.friction_half = demci_sliding_phi_linear_tail(&path, 0.0);
    if ((st = demci_sliding_derived(&path, bad_field)) != DEMC_OK) return st;
    path.s_grip1 = mu * yc < path.s_u ? mu * yc : path.s_u;
    *out = path;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_SLIDING_FN demc_status demc_sliding_path_init_eccentric(double prefactor, double radius, double mu, double mass, double h0,
                                                        double ecc_ratio, demc_sliding_path *out,
                                                        const char **bad_field)
{
    const double pi = 3.14159265358979323846;
    demc_status st = demci_sliding_check(prefactor, radius, mu, mass, h0, bad_field);
    demc_sliding_path path; /* built here and copied out on success only */
    double k = ecc_ratio, rt, cu, r, dl, p1, p2, tail;
    if (st != DEMC_OK) return st;
    if ((st = demci_require(k, k > 0.0 && k < 1.0, "ecc_ratio", bad_field)) != DEMC_OK) return st;
    rt = (2.0 * radius - h0) / (1.0 - k);
    if (!(rt * (1.0 + k) > 2.0 * radius)) return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "ecc_ratio", bad_field);
    if (!out) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "out", bad_field);
    demci_sliding_fill(prefactor, radius, mu, mass, h0, &path);
    path.kind = DEMC_SLIDING_PATH_ECCENTRIC;
    path.ecc_ratio = k;
    path.path_radius = rt;
    /* centre distance 2R: 1 + k^2 - 2k cos(phi_u) = 4R^2/Rt^2 = (1 - k)^2 (1 + eps)^2, eps = h0/(2R - h0), so
     * sin^2(phi_u/2) = (1 - k)^2 eps (2 + eps)/(4k): no cancellation when h0 << R (the difference form loses
     * everything below h0/R ~ 1e-16 and can put the end of the contact far beyond the true one) */
    {
        double eps = h0 / (2.0 * radius - h0);
        cu = (1.0 - k) * sqrt(eps * (2.0 + eps) / (4.0 * k));
        path.phi_u = cu < 1.0 ? 2.0 * asin(cu) : pi;
    }
    path.s_u = rt * path.phi_u;
    /* tan(beta) = mu where k sqrt(1+mu^2) sin(phi + atan mu) = mu */
    r = mu / (k * sqrt(1.0 + mu * mu));
    dl = atan(mu);
    p1 = r < 1.0 ? asin(r) - dl : path.phi_u;
    p2 = r < 1.0 ? pi - asin(r) - dl : path.phi_u;
    path.s_grip1 = rt * (p1 < path.phi_u ? p1 : path.phi_u);
    path.s_grip2 = rt * (p2 < path.phi_u ? p2 : path.phi_u);
    path.friction_half = 0.0;
    st = demci_sliding_tail(&path, 0.0, &tail);
    if (st != DEMC_OK) return demci_material_fail(st, "out.friction_half", bad_field);
    path.friction_half = tail;
    if ((st = demci_sliding_derived(&path, bad_field)) != DEMC_OK) return st;
    *out = path;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_SLIDING_FN double demc_sliding_normal_force(const demc_sliding_path *path, double s)
{
    double h = demci_sliding_geometry(path, s).h;
    return path->prefactor * h * sqrt(h);
}

DEMC_SLIDING_FN void demc_sliding_forces(const demc_sliding_path *path, double s, double sg, double *t_star,
                                         double *n_star)
{
    demci_sliding_geo g = demci_sliding_geometry(path, s);
    double n = path->prefactor * g.h * sqrt(g.h), f = (sg > 0.0 ? 1.0 : sg < 0.0 ? -1.0 : 0.0) * path->mu * n;
    if (t_star) *t_star = n * g.sinb - f * g.cosb;
    if (n_star) *n_star = n * g.cosb + f * g.sinb;
}

DEMC_SLIDING_FN double demc_sliding_work_normal(const demc_sliding_path *path, double s0, double s)
{
    return -0.4 * path->prefactor * (demci_sliding_h52(path, s) - demci_sliding_h52(path, s0));
}

DEMC_STATIC_INLINE double demci_sliding_clamp(const demc_sliding_path *p, double s)
{
    return s > p->s_u ? p->s_u : s < -p->s_u ? -p->s_u : s;
}

DEMC_SLIDING_FN demc_status demc_sliding_work_friction(const demc_sliding_path *path, double s0, double s,
                                                       demc_sliding_method method, double *w)
{
    double p0 = 0.0;
    demc_status st;
    if (!path || !w || !demc_is_finite(s0) || !demc_is_finite(s) ||
        (method != DEMC_SLIDING_ACCURATE && method != DEMC_SLIDING_PAPER))
        return DEMC_ERR_INVALID_ARGUMENT;
    s0 = demci_sliding_clamp(path, s0);
    s = demci_sliding_clamp(path, s);
    if (method == DEMC_SLIDING_PAPER && path->kind == DEMC_SLIDING_PATH_ECCENTRIC) {
        *w = -path->mu * fabs(demci_sliding_fric_5node(path, s0, s));
        return DEMC_OK;
    }
    st = demci_sliding_phi_diff(path, s0, s, &p0);
    *w = -path->mu * fabs(p0);
    return st;
}

/* v^2 at x (mirrored coordinate) for entry at -s_u with v0^2; PAPER on the eccentric path uses eq 30. */
DEMC_STATIC_INLINE double demci_sliding_entry_v2(const demc_sliding_path *p, double v02, double x, demc_sliding_method method,
                                                 int *status)
{
    if (method == DEMC_SLIDING_PAPER && p->kind == DEMC_SLIDING_PATH_ECCENTRIC)
        return v02 - (0.8 * p->prefactor * demci_sliding_h52(p, x) +
                      2.0 * p->mu * demci_sliding_fric_5node(p, -p->s_u, x)) / p->mass;
    return demci_sliding_leg_v2(p, -p->s_u, v02, x, status);
}

DEMC_SLIDING_FN demc_status demc_sliding_velocity(const demc_sliding_path *path, double v0, double s,
                                                  demc_sliding_method method,
                                                  double *v)
{
    int st = DEMC_OK;
    double dir, x, v2, vg;
    if (!v) return DEMC_ERR_INVALID_ARGUMENT;
    *v = 0.0;
    if (!path || !demc_is_finite(v0) || v0 == 0.0 || !demc_is_finite(s) ||
        (method != DEMC_SLIDING_ACCURATE && method != DEMC_SLIDING_PAPER))
        return DEMC_ERR_INVALID_ARGUMENT;
    dir = v0 > 0.0 ? 1.0 : -1.0;
    x = dir * demci_sliding_clamp(path, s);
    v2 = demci_sliding_entry_v2(path, v0 * v0, x, method, &st);
    /* the sphere may have stalled earlier where tan(beta) = mu */
    vg = path->s_grip1 < x ? demci_sliding_entry_v2(path, v0 * v0, path->s_grip1, method, &st) : v2;
    if (st != DEMC_OK) return (demc_status)st;
    if (v2 < 0.0 || vg < 0.0) return DEMC_ERR_OUT_OF_DOMAIN;
    *v = dir * sqrt(v2);
    return DEMC_OK;
}

DEMC_SLIDING_FN demc_status demc_sliding_critical_velocity(const demc_sliding_path *path, double *v_crit)
{
    int st = DEMC_OK;
    double a, b;
    if (!path || !v_crit) return DEMC_ERR_INVALID_ARGUMENT;
    a = -demci_sliding_leg_v2(path, -path->s_u, 0.0, path->s_grip1, &st);
    b = -demci_sliding_leg_v2(path, -path->s_u, 0.0, path->s_u, &st);
    a = a > b ? a : b;
    *v_crit = a > 0.0 ? sqrt(a) : 0.0;
    return (demc_status)st;
}

/* Root of the strictly decreasing v^2 on [lo, hi], v^2(lo) > 0 >= v^2(hi): Newton steps with d(v^2)/dx =
 * 2 T* / m, kept inside the bracket by bisection; at most 200 steps. */
DEMC_STATIC_INLINE double demci_sliding_rest_point(const demc_sliding_path *p, double xa, double va2, double lo,
                                                   double hi, int *status)
{
    double x = 0.5 * (lo + hi);
    int i;
    for (i = 0; i < 200; ++i) {
        double f = demci_sliding_leg_v2(p, xa, va2, x, status), t, nx;
        if (f > 0.0) lo = x; else hi = x;
        if (f == 0.0 || hi - lo <= 4e-16 * (fabs(lo) + fabs(hi))) break;
        demc_sliding_forces(p, x, 1.0, &t, 0);
        nx = t < 0.0 ? x - f * p->mass / (2.0 * t) : 0.5 * (lo + hi);
        x = (nx > lo && nx < hi) ? nx : 0.5 * (lo + hi);
    }
    return x;
}

/* Time on a leg from xa (v^2 = va2) to xe; rest = 1 when v = 0 at xe. The 1/sqrt singularities at a rest point
 * are removed by x = e -+ L w^2. */
DEMC_STATIC_INLINE demc_status demci_sliding_leg_time(const demc_sliding_path *p, double xa, double va2, double xe,
                                                      int rest, double *t)
{
    demci_sliding_q q;
    double mid = 0.5 * (xa + xe), t1 = 0.0, t2 = 0.0, rtol;
    demc_status s1, s2;
    /* 1e-12, or what the problem's conditioning allows if coarser: the resolution of the path coordinate over a
     * very short leg, and, when the sphere barely gets through (v0 near v_crit), the relative accuracy of the
     * smallest v^2 on the leg, a difference of O(v0^2) terms */
    rtol = 1e3 * 2.2e-16 * p->s_u / fabs(xe - xa);
    if (!rest) {
        int ignored = DEMC_OK;
        double ve2 = demci_sliding_leg_v2(p, xa, va2, xe, &ignored), vmin2 = ve2, r2;
        if (p->s_grip1 > xa && p->s_grip1 < xe) {
            double vg2 = demci_sliding_leg_v2(p, xa, va2, p->s_grip1, &ignored);
            if (vg2 < vmin2) vmin2 = vg2;
        }
        r2 = 1e3 * 2.2e-16 * (va2 > ve2 ? va2 : ve2) / vmin2;
        if (vmin2 > 0.0 && r2 > rtol) rtol = r2;
    }
    if (rtol < 1e-12) rtol = 1e-12;
    q.path = p;
    q.fc = 0;
    q.status = DEMC_OK;
    q.xa = xa;
    q.va2 = va2;
    if (va2 > 0.0) {
        q.kind = DEMCI_SLIDING_Q_TIME;
        s1 = demci_sliding_integrate(&q, xa, mid, rtol, &t1);
    } else {
        q.kind = DEMCI_SLIDING_Q_TIME_START;
        q.len = mid - xa;
        s1 = demci_sliding_integrate(&q, 0.0, 1.0, rtol, &t1);
    }
    q.status = DEMC_OK;
    if (rest) {
        q.kind = DEMCI_SLIDING_Q_TIME_END;
        q.end = xe;
        q.len = xe - mid;
        s2 = demci_sliding_integrate(&q, 0.0, 1.0, rtol, &t2);
    } else {
        q.kind = DEMCI_SLIDING_Q_TIME;
        s2 = demci_sliding_integrate(&q, mid, xe, rtol, &t2);
    }
    *t = t1 + t2;
    return s1 != DEMC_OK ? s1 : s2;
}

/* The paper's values: eq 19-21 (line), eq 32, 34, 35 (eccentric), eq 25 with eq 16 / eq 31. */
DEMC_STATIC_INLINE void demci_sliding_paper(const demc_sliding_path *p, double v0, demc_sliding_result *r)
{
    double w, e2, nodes[5], wts[5], t = 0.0, x = sqrt(3.0 / 7.0) * p->s_u;
    int i, st = DEMC_OK, ok = 1;
    if (p->kind == DEMC_SLIDING_PATH_LINEAR) {
        double kr = 1.0 - p->h0 / (2.0 * p->radius), m = (1.0 - kr) / (1.0 + kr), r52 = p->radius * p->radius *
                                                                                  sqrt(p->radius);
        w = -2.0 * 8.0 * sqrt(2.0) / 3.0 * p->mu * p->prefactor * kr * r52 * sqrt(1.0 + kr) *
            ((kr + 3.0) * demc_special_ellint_k(m) - 4.0 * demc_special_ellint_e(m));
    } else {
        w = -p->mu * (p->prefactor * (p->s_u / 5.0 *
                                      (32.0 / 9.0 * demci_sliding_fric_shape(p, 0.0) +
                                       49.0 / 18.0 * (demci_sliding_fric_shape(p, x) + demci_sliding_fric_shape(p, -x)))));
    }
    r->work_friction_paper = w;
    r->v_crit_paper = sqrt(-2.0 * w / p->mass);
    e2 = 1.0 + 2.0 * w / (p->mass * v0 * v0);
    r->restitution_paper = e2 > 0.0 ? sqrt(e2) : 0.0;
    r->contact_time_paper = 0.0;
    r->contact_time_paper_error = 0.0;
    if (r->outcome != DEMC_SLIDING_SEPARATES) return;
    nodes[0] = -p->s_u; nodes[1] = -x; nodes[2] = 0.0; nodes[3] = x; nodes[4] = p->s_u;
    wts[0] = wts[4] = 0.5; wts[1] = wts[3] = 49.0 / 18.0; wts[2] = 32.0 / 9.0;
    for (i = 0; i < 5; ++i) {
        double v2 = demci_sliding_entry_v2(p, v0 * v0, nodes[i], DEMC_SLIDING_PAPER, &st);
        if (!(v2 > 0.0)) ok = 0;
        else t += wts[i] / sqrt(v2);
    }
    if (!ok || st != DEMC_OK) return;
    r->contact_time_paper = p->s_u / 5.0 * t;
    r->contact_time_paper_error = r->contact_time_paper - r->contact_time;
}

DEMC_SLIDING_FN demc_status demc_sliding_impact(const demc_sliding_path *path, double v0, demc_sliding_result *out)
{
    double dir, xa, va2, xe = 0.0, tt = 0.0, wf = 0.0, v2e = 0.0;
    int leg, st = DEMC_OK, rest = 0;
    if (!path || !out || !demc_is_finite(v0) || v0 == 0.0) return DEMC_ERR_INVALID_ARGUMENT;
    dir = v0 > 0.0 ? 1.0 : -1.0;
    xa = -path->s_u;
    va2 = v0 * v0;
    for (leg = 0; leg < 3; ++leg) {
        double pts[3], lo = xa, t, pa = 0.0, tm;
        int i;
        pts[0] = path->s_grip1;
        pts[1] = path->s_grip2;
        pts[2] = path->s_u;
        rest = 0;
        xe = path->s_u;
        for (i = 0; i < 3 && !rest; ++i) {
            double b = pts[i];
            if (!(b > lo)) continue;
            demc_sliding_forces(path, 0.5 * (lo + b), 1.0, &tm, 0);
            if (tm < 0.0 && demci_sliding_leg_v2(path, xa, va2, b, &st) <= 0.0) {
                xe = demci_sliding_rest_point(path, xa, va2, lo, b, &st);
                rest = 1;
            }
            lo = b;
        }
        if (st == DEMC_OK) st = (int)demci_sliding_leg_time(path, xa, va2, xe, rest, &t);
        else t = 0.0;
        tt += t;
        if (st == DEMC_OK) st = demci_sliding_phi_diff(path, xa, xe, &pa);
        wf -= path->mu * pa;
        if (!rest) {
            v2e = demci_sliding_leg_v2(path, xa, va2, xe, &st);
            break;
        } else {
            demci_sliding_geo g = demci_sliding_geometry(path, xe);
            if (g.sinb + path->mu * g.cosb >= 0.0 || leg == 2) break; /* static friction holds it */
            xa = -xe;   /* slides back: mirror the coordinate */
            va2 = 0.0;
            dir = -dir;
        }
    }
    out->outcome = rest ? DEMC_SLIDING_STOPS : (dir * v0 > 0.0 ? DEMC_SLIDING_SEPARATES : DEMC_SLIDING_RETURNS);
    out->v_exit = rest ? 0.0 : dir * sqrt(v2e > 0.0 ? v2e : 0.0);
    out->restitution = out->v_exit / v0;
    out->s_end = dir * xe;
    out->contact_time = tt;
    out->work_friction = wf;
    if (st == DEMC_OK) st = demc_sliding_critical_velocity(path, &out->v_crit);
    demci_sliding_paper(path, v0, out);
    return (demc_status)st;
}

/* ---- force control ---- */

/* |T_mu| at the engagement angle a0 = -acos(y0/R): from rest, T* = T0 (cos a0 + mu sin a0) - Q (mu cos a0 -
 * sin a0) > 0 starts the motion; den <= 0: friction locks the sphere for every T0 (+inf). */
DEMC_STATIC_INLINE double demci_sliding_fc_threshold(double mu, double q, double y0_ratio)
{
    double a0 = -acos(y0_ratio), den = cos(a0) + mu * sin(a0);
    return den > 0.0 ? q * (mu * cos(a0) - sin(a0)) / den : HUGE_VAL;
}

DEMC_SLIDING_FN demc_status demc_sliding_fc_threshold(double mu, double q, double y0_ratio, double *t_static,
                                                      const char **bad_field)
{
    demc_status s;
    if ((s = demci_require(mu, mu >= 0.0, "mu", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(q, "q", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(y0_ratio, y0_ratio > 0.0 && y0_ratio < 1.0, "y0_ratio", bad_field)) != DEMC_OK)
        return s;
    if (!t_static) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "t_static", bad_field);
    *t_static = demci_sliding_fc_threshold(mu, q, y0_ratio);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_SLIDING_FN demc_status demc_sliding_fc_init(double radius, double mu, double mass, double q, double t0,
                                                  double y0_ratio, demc_sliding_fc *out, const char **bad_field)
{
    demc_sliding_fc fc; /* built here and copied out on success only */
    demc_status s;
    if ((s = demci_require_positive(radius, "radius", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(mu, mu >= 0.0, "mu", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(mass, "mass", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(q, "q", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(t0, t0 != 0.0, "t0", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(y0_ratio, y0_ratio > 0.0 && y0_ratio < 1.0, "y0_ratio", bad_field)) != DEMC_OK)
        return s;
    fc.radius = radius;
    fc.mu = mu;
    fc.mass = mass;
    fc.q = q;
    fc.t0 = t0;
    fc.s0 = (t0 > 0.0 ? 1.0 : -1.0) * 2.0 * radius * -acos(y0_ratio);
    fc.t_static = demci_sliding_fc_threshold(mu, q, y0_ratio);
    /* the sphere does not start (read the threshold with demc_sliding_fc_threshold()) */
    if (!(fabs(t0) > fc.t_static))
        return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, fc.t_static < HUGE_VAL ? "t0" : "mu", bad_field);
    if (!(demc_is_finite(fc.s0) && fc.s0 != 0.0)) return demci_material_fail(DEMC_ERR_SINGULAR, "out.s0", bad_field);
    if (!out) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "out", bad_field);
    *out = fc;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/* Top of the reach: N_stat = Q cos a - T0 sin a = 0. */
DEMC_STATIC_INLINE double demci_sliding_fc_top(const demc_sliding_fc *fc)
{
    return 2.0 * fc->radius * demci_atan2(fc->q, fabs(fc->t0));
}

DEMC_SLIDING_FN demc_status demc_sliding_fc_velocity(const demc_sliding_fc *fc, double s, double *v)
{
    double dir, x, x0, v2;
    if (!v) return DEMC_ERR_INVALID_ARGUMENT;
    *v = 0.0;
    if (!fc || !demc_is_finite(s)) return DEMC_ERR_INVALID_ARGUMENT;
    dir = fc->t0 > 0.0 ? 1.0 : -1.0;
    x = dir * s;
    x0 = -fabs(fc->s0);
    if (!(x >= x0 && x <= demci_sliding_fc_top(fc))) return DEMC_ERR_OUT_OF_DOMAIN;
    v2 = demci_sliding_fc_v2(fc, x);
    *v = dir * sqrt(v2 > 0.0 ? v2 : 0.0);
    return DEMC_OK;
}

DEMC_SLIDING_FN demc_status demc_sliding_fc_solve(const demc_sliding_fc *fc, demc_sliding_fc_result *result)
{
    demc_sliding_fc_result res, *out = &res; /* copied out unless a result is not representable */
    demci_sliding_q qq;
    const double PI_ = 3.14159265358979323846;
    double r, q, t0, mu, m, x0, lo, hi, x, a, b, c, b0, y0, yc, al, ns, c1;
    int i, overflowed = 0;
    demc_status st;
    if (!fc || !result) return DEMC_ERR_INVALID_ARGUMENT;
    r = fc->radius; q = fc->q; t0 = fabs(fc->t0); mu = fc->mu; m = fc->mass;
    x0 = -fabs(fc->s0);
    lo = x0;
    hi = demci_sliding_fc_top(fc);
    x = 0.5 * (lo + hi);
    /* eq 44: phi(x) = v^2 - 2R N_stat/m, strictly increasing on [x0, top] (sliding.md); Newton in a bracket */
    for (i = 0; i < 200; ++i) {
        double alx = x / (2.0 * r), v2 = demci_sliding_fc_v2(fc, x), nst = q * cos(alx) - t0 * sin(alx);
        double ptan = q * sin(alx) + t0 * cos(alx), f = v2 - 2.0 * r * nst / m, df, nx;
        df = 2.0 / m * (ptan - mu * nst) + mu * v2 / r + ptan / m;
        if (!demc_is_finite(f)) overflowed = 1; /* v^2 or 2R N/m beyond the double range: no root to trust */
        if (f > 0.0) hi = x; else lo = x;
        if (f == 0.0 || hi - lo <= 4e-16 * (fabs(lo) + fabs(hi))) break;
        nx = df > 0.0 ? x - f / df : 0.5 * (lo + hi);
        x = (nx > lo && nx < hi) ? nx : 0.5 * (lo + hi);
    }
    al = x / (2.0 * r);
    ns = q * cos(al) - t0 * sin(al);
    out->s_c = (fc->t0 > 0.0 ? 1.0 : -1.0) * x;
    out->v_c = (fc->t0 > 0.0 ? 1.0 : -1.0) * sqrt(2.0 * r * (ns > 0.0 ? ns : 0.0) / m);
    /* accurate contact time: int dx / v, x = x0 + L w^2 */
    qq.path = 0;
    qq.fc = fc;
    qq.kind = DEMCI_SLIDING_Q_FC_TIME;
    qq.status = DEMC_OK;
    qq.xa = x0;
    qq.len = x - x0;
    qq.end = qq.va2 = 0.0;
    st = demci_sliding_integrate(&qq, 0.0, 1.0, 1e-12, &out->contact_time);
    /* eq 47 (centrifugal term dropped): W = -2Rc sin(b0 - a), t = 2R sqrt(2m) F(sqrt psi, sqrt k)/sqrt(2Rc(1+y0)) */
    a = q + mu * t0;
    b = t0 - mu * q;
    c = demci_sliding_hypot(a, b);
    b0 = demci_atan2(a, b);
    /* y0 = sin(x0), yc = sin(xc); 1 - y0 and y0 - yc written as products (T0 near T_mu makes y0 near 1) */
    x0 = b0 - x0 / (2.0 * r);
    al = b0 - al;
    y0 = sin(x0);
    c1 = 2.0 * sin(0.25 * PI_ - 0.5 * x0) * sin(0.25 * PI_ - 0.5 * x0);
    yc = 2.0 * cos(0.5 * (x0 + al)) * sin(0.5 * (x0 - al));
    out->contact_time_eq47 = 2.0 * r * sqrt(2.0 * m) * demc_special_ellint_f_jacobi(-yc / c1, -c1 / (1.0 + y0)) /
                             sqrt(2.0 * r * c * (1.0 + y0));
    /* scales at the edge of the double range (R, Q, T0 near the smallest or largest doubles): a phase function
     * that overflowed during the search, or a result that is not a finite number (R = m = Q = μ = 2e-300 with
     * T0 = DBL_MAX gave v_c = inf from 2R N/m = 3.5e308) */
    if (overflowed || !demc_is_finite(res.s_c) || !demc_is_finite(res.v_c) || !demc_is_finite(res.contact_time) ||
        !demc_is_finite(res.contact_time_eq47))
        return DEMC_ERR_SINGULAR;
    *result = res;
    return i == 200 ? DEMC_ERR_NO_CONVERGENCE : st;
}

/* ---- hysteresis ---- */

DEMC_SLIDING_FN demc_status demc_sliding_hysteresis_init(double p, double poisson_ratio,
                                                          demc_sliding_hysteresis_form form, demc_sliding_hysteresis *out,
                                                          const char **bad_field)
{
    demc_status s;
    if ((s = demci_require(p, p > 0.0 && p <= 1.0, "p", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(poisson_ratio, poisson_ratio > -1.0 && poisson_ratio <= 0.5, "poisson_ratio", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_enum((int)form, (int)DEMC_SLIDING_HYSTERESIS_TOTAL + 1, "form", bad_field)) != DEMC_OK) return s;
    if (!out) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "out", bad_field);
    out->p = p;
    out->poisson_ratio = poisson_ratio;
    out->form = form;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_SLIDING_FN double demc_sliding_slip_limit(const demc_sliding_path *path, double poisson_ratio, double s_a)
{
    double yc = 2.0 * path->radius - path->h0, h = demci_sliding_geometry(path, s_a).h;
    if (!(h > 0.0)) return 0.0; /* outside the contact; also no 0 × inf from a huge s_a */
    return (2.0 - poisson_ratio) * path->mu / (2.0 * (1.0 - poisson_ratio)) * h *
           (0.5 + demci_sliding_hypot(yc, 2.0 * s_a) / (4.0 * path->radius));
}

DEMC_SLIDING_FN double demc_sliding_hysteresis_friction(const demc_sliding_path *path,
                                                        const demc_sliding_hysteresis *hyst, double s_new,
                                                        double v_new, demc_sliding_hysteresis_state *state)
{
    double d = v_new > 0.0 ? 1.0 : v_new < 0.0 ? -1.0 : 0.0, lim, t;
    if (!(fabs(s_new) < path->s_u)) {
        state->s_prev = state->t_prev = state->dir = state->s_a = state->t_a = state->t_b = 0.0;
        state->delta_u = state->branch = 0.0;
        return 0.0;
    }
    lim = path->mu * demc_sliding_normal_force(path, s_new);
    if (state->dir == 0.0) {
        state->dir = d;
        state->branch = 0.0;
    } else if (d != 0.0 && d != state->dir) {
        /* reversal: a branch from the force at the previous point to the sliding force delta_u further on */
        state->s_a = state->s_prev;
        state->t_a = state->t_prev;
        state->delta_u = demc_sliding_slip_limit(path, hyst->poisson_ratio, state->s_a);
        state->t_b = -d * path->mu * demc_sliding_normal_force(path, state->s_a + d * state->delta_u);
        state->branch = 1.0;
        state->dir = d;
    }
    if (state->branch != 0.0) {
        double x = fabs(s_new - state->s_a), du = state->delta_u;
        if (!(du > 0.0) || x >= du) {
            state->branch = 0.0;
            t = -state->dir * lim;
        } else if (hyst->form == DEMC_SLIDING_HYSTERESIS_TOTAL) {
            t = state->t_a - (state->t_a - state->t_b) * pow(x / du, hyst->p);
        } else {
            /* dT/ds = |T_A − T_δ,B| p (x/δ_u)^(p−1)/δ_u; (x/δ_u)^(p−1) ≥ 1 overflows (pow would set errno) only for
             * x/δ_u below 1e-300, where the branch is vertical: the step is then clamped to the Coulomb limit */
            double ratio = x / du, c = fabs(state->t_a - state->t_b) * hyst->p / du, ds = s_new - state->s_prev;
            double slope = ratio > 1e-300 ? pow(ratio, hyst->p - 1.0) : HUGE_VAL;
            t = (x > 0.0 && c > 0.0 && ds != 0.0) ? state->t_prev - c * slope * ds : state->t_prev;
        }
        if (t > lim) t = lim;
        if (t < -lim) t = -lim;
    } else {
        t = state->dir > 0.0 ? -lim : state->dir < 0.0 ? lim : 0.0;
    }
    state->s_prev = s_new;
    state->t_prev = t;
    return t;
}

DEMC_END_DECLS

#endif /* DEMC_SLIDING_IMPL_H */
