/* Test-only reference: the exact axisymmetric pendular liquid bridge (constant volume, no gravity) between a sphere
 * and a plane, from the Young–Laplace equation integrated as an ODE in arc length (support/ode.c). Shares no code
 * with the library. A bridge between two equal spheres is the sphere–plane bridge of half its volume and half its
 * gap against a plane wetted at 90° (the mid-plane is a plane of symmetry: the meridian crosses it at right
 * angles), with the same force.
 *
 * Geometry: the plane is z = 0, the sphere (radius R, centre on the z axis at z = h + R) hangs above it at gap h.
 * The meridian is (r(s), z(s)) with tangent (sin ψ, cos ψ) when it is run from the plane upwards, so that ψ = 0 is
 * vertical and ψ > 0 widens upwards. With the outward normal (cos ψ, −sin ψ), the sum of the principal curvatures
 * is κ = −dψ/ds + cos ψ / r, and Young–Laplace Δp = p_liquid − p_gas = γκ gives
 *
 *     dr/ds = sin ψ,  dz/ds = cos ψ,  dψ/ds = cos ψ / r − P,  P = Δp/γ  (1/m; P < 0: suction).
 *
 * Contact angles (measured in the liquid): on the sphere, at the filling angle β (the contact circle at polar angle
 * β from the sphere's lowest point), ψ = π/2 − β − θ_s; on the plane ψ = θ_p − π/2.
 * Force: across any plane z = const the liquid transmits F = 2πγ r cos ψ − π r² Δp (the axial pull of the surface
 * tension on the circle of radius r minus the pressure on the disc), constant along the meridian since
 * d/ds (r cos ψ − P r²/2) = 0 by the ODE. F > 0 pulls the sphere towards the plane (attraction). At the sphere's
 * contact line F = 2πγR sin β sin(β + θ_s) − πγP R² sin² β; on a mid-plane (ψ = 0, r = r_neck) the gorge form
 * F = 2πγ r_neck − πγP r_neck².
 * Volume: ∫ π r² dz over the meridian from the plane to the contact line, minus the spherical cap of height
 * R(1 − cos β) below the contact circle.
 *
 * Solution: for a trial β the meridian is started at the sphere's contact line and run down to the plane; P is found
 * by bisection so that the angle on the plane is met; then β by bisection so that the volume is met, on the stable
 * branch (the larger neck, the larger β). yl_bridge() returns 0 when no bridge of that volume exists at that gap
 * (beyond rupture). */
#ifndef DEMC_TEST_YOUNG_LAPLACE_H
#define DEMC_TEST_YOUNG_LAPLACE_H

#include <math.h>
#include <string.h>

#include "ode.h"

#define YL_PI 3.14159265358979323846

typedef struct yl_problem {
    double radius;      /* R of the sphere */
    double gap;         /* h, sphere–plane distance (≥ 0) */
    double theta_s;     /* contact angle on the sphere, rad */
    double theta_p;     /* contact angle on the plane, rad (π/2 for the mid-plane of two equal spheres) */
    double pressure;    /* P = Δp/γ of the trial meridian (set by the solver) */
    double hint_u;      /* asinh(Pℓ) of the last solution (continuation), when has_hint */
    int has_hint;
} yl_problem;

typedef struct yl_shot {
    int hit_plane;      /* 1: the meridian reached z = 0 */
    double psi;         /* ψ where it stopped */
    double volume;      /* liquid volume (only meaningful when hit_plane) */
    double r_end;       /* r on the plane */
} yl_shot;

/* t = −s (the meridian run downwards); y = (r, z, ψ, ∫π r² dz) */
static inline void yl_rhs(double t, const double *y, double *dy, void *ctx)
{
    const yl_problem *p = (const yl_problem *)ctx;
    (void)t;
    dy[0] = -sin(y[2]);
    dy[1] = -cos(y[2]);
    dy[2] = -(cos(y[2]) / y[0] - p->pressure);
    dy[3] = YL_PI * y[0] * y[0] * cos(y[2]);
}

/* Stops at the plane, where the meridian turns back (ψ leaves (−π/2 − 0.3, π/2 + 0.3)) or reaches the axis. */
static inline double yl_event(double t, const double *y, void *ctx)
{
    const yl_problem *p = (const yl_problem *)ctx;
    double g = y[1] / p->radius, a = y[2] + YL_PI / 2 + 0.3, b = YL_PI / 2 + 0.3 - y[2], c = y[0] / p->radius;
    (void)t;
    if (a < g) g = a;
    if (b < g) g = b;
    if (c < g) g = c;
    return g;
}

static inline yl_shot yl_shoot(yl_problem *p, double beta)
{
    yl_shot s;
    const double R = p->radius;
    double y[4];
    ode_options o;
    ode_result res;
    y[0] = R * sin(beta);
    y[1] = p->gap + R * (1.0 - cos(beta));
    y[2] = YL_PI / 2 - beta - p->theta_s;
    y[3] = 0.0;
    o.rtol = 1e-11;
    o.atol = 1e-13 * R;
    o.h0 = 1e-4 * (p->gap + y[0]) + 1e-12 * R;
    o.hmax = 0.0;
    o.max_steps = 2000000;
    res = ode_integrate(yl_rhs, yl_event, p, 4, 0.0, y, 100.0 * (p->gap + y[0] + R), &o);
    s.hit_plane = res.status == 1 && fabs(y[1]) <= 1e-9 * R;
    s.psi = y[2];
    s.r_end = y[0];
    {
        const double H = R * (1.0 - cos(beta));
        s.volume = y[3] - YL_PI * H * H * (3.0 * R - H) / 3.0;
    }
    return s;
}

/* Residual of the plane's angle for a trial P (≥ 0 ⇔ P too large). */
static inline double yl_angle_residual(yl_problem *p, double beta, yl_shot *out)
{
    yl_shot s = yl_shoot(p, beta);
    const double target = p->theta_p - YL_PI / 2;
    if (out) *out = s;
    if (s.hit_plane) return s.psi - target;
    if (s.psi >= YL_PI / 2 + 0.29) return YL_PI / 2 + 0.3 - target;     /* turned up outwards: P too large */
    if (s.psi <= -YL_PI / 2 - 0.29) return -YL_PI / 2 - 0.3 - target;   /* turned up inwards: P too small */
    return s.psi - target; /* reached the axis: ψ there tells the side */
}

/* Residual at u = asinh(Pℓ), and its class: 1 the meridian met the plane (there the residual is continuous), −1
 * it turned back inwards before it (P too small: counts as a negative residual, reached continuously through a
 * tangential touch of the plane), 0 otherwise (turned outwards or reached the axis: a jump, never a root). */
static inline double yl_residual_u(yl_problem *p, double beta, double ell, double u, int *cls)
{
    yl_shot s;
    double f;
    p->pressure = sinh(u) / ell;
    f = yl_angle_residual(p, beta, &s);
    *cls = s.hit_plane ? 1 : s.psi <= -YL_PI / 2 - 0.29 ? -1 : 0;
    return f;
}

/* Solves P for a given β. A root is taken only between a shot below it that met the plane or turned back inwards
 * and a shot above it that met the plane (the residual jumps where the meridian starts to turn back outwards). The
 * bracket is sought near the previous solution (p->hint_u, continuation along β) and else by a scan of u =
 * asinh(Pℓ) upwards from −12 in steps of 0.25 (the first bracket: the concave, stable meniscus); then the Illinois
 * variant of regula falsi on u. Returns 1 and the shot when it converged on a meridian that meets the plane. */
static inline int yl_solve_pressure(yl_problem *p, double beta, yl_shot *out)
{
    const double ell = p->radius * sin(beta) + p->gap;
    double lo = 0.0, hi = 0.0, flo = 0.0, fhi = 0.0;
    int k, side = 0, found = 0, cl, ch;
    if (p->has_hint) {
        double d = 0.02;
        for (k = 0; k < 5 && !found; ++k, d *= 3.0) {
            lo = p->hint_u - d; hi = p->hint_u + d;
            flo = yl_residual_u(p, beta, ell, lo, &cl);
            fhi = yl_residual_u(p, beta, ell, hi, &ch);
            found = cl != 0 && ch == 1 && flo < 0.0 && fhi > 0.0;
        }
    }
    if (!found) {
        double u = -12.0, f = yl_residual_u(p, beta, ell, u, &cl);
        for (; u < 12.0 && !found; u += 0.25) {
            const double f2 = yl_residual_u(p, beta, ell, u + 0.25, &ch);
            if (cl != 0 && ch == 1 && f < 0.0 && f2 > 0.0) { lo = u; hi = u + 0.25; flo = f; fhi = f2; found = 1; }
            f = f2; cl = ch;
        }
    }
    if (!found) return 0;
    for (k = 0; k < 200 && hi - lo > 1e-15 * (fabs(lo) + fabs(hi)) + 1e-300; ++k) {
        double mid = (lo * fhi - hi * flo) / (fhi - flo), f;
        int c;
        if (!(mid > lo && mid < hi) || k % 8 == 7) mid = 0.5 * (lo + hi);
        f = yl_residual_u(p, beta, ell, mid, &c);
        if (c == 0) return 0;
        if (c == 1 && (f == 0.0 || fabs(f) < 1e-14)) { lo = hi = mid; break; }
        if (f < 0.0) { lo = mid; flo = f; if (side == -1) fhi *= 0.5; side = -1; }
        else { hi = mid; fhi = f; if (side == 1) flo *= 0.5; side = 1; }
    }
    p->hint_u = 0.5 * (lo + hi);
    p->has_hint = 1;
    p->pressure = sinh(p->hint_u) / ell;
    yl_angle_residual(p, beta, out);
    return out->hit_plane;
}

/* Volume of the bridge with filling angle β (negative when no meridian exists). */
static inline double yl_volume_at(yl_problem *p, double beta, yl_shot *s)
{
    if (!yl_solve_pressure(p, beta, s)) return -1.0;
    return s->volume;
}

typedef struct yl_bridge_result {
    double force;      /* attractive force F / γ (m): multiply by γ */
    double force_end;  /* the same from the plane's end of the meridian (a check of the integration) */
    double pressure;   /* P = Δp/γ */
    double beta;       /* filling angle on the sphere */
    double volume;     /* volume reached */
} yl_bridge_result;


/* The bridge of the given volume at contact (h = 0), where the volume grows monotonically with β: Illinois on
 * V(β) − V. Returns 1 on success (β and u = asinh(P R) of the solution). */
static inline int yl_touching(yl_problem *p, double volume, double *beta, double *u)
{
    yl_shot s;
    double lo = 1e-4, hi, flo, fhi;
    int k, side = 0;
    p->gap = 0.0;
    p->has_hint = 0;
    flo = yl_volume_at(p, lo, &s) - volume;
    if (!(flo < 0.0)) return 0;
    hi = lo;
    for (k = 0; k < 100; ++k) {
        hi = fmin(1.4, hi * 1.3);
        fhi = yl_volume_at(p, hi, &s) - volume;
        if (fhi >= 0.0 || hi >= 1.4) break;
        lo = hi; flo = fhi;
    }
    if (!(fhi >= 0.0)) return 0;
    for (k = 0; k < 200 && hi - lo > 1e-15 * hi; ++k) {
        double mid = (lo * fhi - hi * flo) / (fhi - flo), f;
        if (!(mid > lo && mid < hi)) mid = 0.5 * (lo + hi);
        f = yl_volume_at(p, mid, &s) - volume;
        if (f == 0.0 || fabs(f) < 1e-15 * volume) { lo = hi = mid; break; }
        if (f < 0.0) { lo = mid; flo = f; if (side == -1) fhi *= 0.5; side = -1; }
        else { hi = mid; fhi = f; if (side == 1) flo *= 0.5; side = 1; }
    }
    *beta = 0.5 * (lo + hi);
    yl_volume_at(p, *beta, &s);
    *u = asinh(p->pressure * p->radius);
    return 1;
}

/* Residuals at (β, u = asinh(P R)) for the gap in p: the plane's angle and the relative volume; 0 when the meridian
 * misses the plane. */
static inline int yl_residuals(yl_problem *p, double volume, double beta, double u, double g[2], yl_shot *s)
{
    if (!(beta > 0.0 && beta < 1.5)) return 0;
    p->pressure = sinh(u) / p->radius;
    *s = yl_shoot(p, beta);
    if (!s->hit_plane) return 0;
    g[0] = s->psi - (p->theta_p - YL_PI / 2);
    g[1] = s->volume / volume - 1.0;
    return 1;
}

/* Newton on (β, u) from the given start, finite-difference Jacobian, backtracking; 1 when converged. */
static inline int yl_newton(yl_problem *p, double volume, double *beta, double *u)
{
    double b = *beta, w = *u, g[2];
    yl_shot s;
    int it;
    if (!yl_residuals(p, volume, b, w, g, &s)) return 0;
    for (it = 0; it < 40; ++it) {
        double gb[2], gu[2], J[2][2], det, db, du, lam = 1.0;
        const double eb = 1e-7 * b, eu = 1e-7 * (1.0 + fabs(w));
        int k, ok = 0;
        if (fabs(g[0]) < 1e-13 && fabs(g[1]) < 1e-13) { *beta = b; *u = w; return 1; }
        if (!yl_residuals(p, volume, b + eb, w, gb, &s) || !yl_residuals(p, volume, b, w + eu, gu, &s)) return 0;
        J[0][0] = (gb[0] - g[0]) / eb; J[1][0] = (gb[1] - g[1]) / eb;
        J[0][1] = (gu[0] - g[0]) / eu; J[1][1] = (gu[1] - g[1]) / eu;
        det = J[0][0] * J[1][1] - J[0][1] * J[1][0];
        if (!(fabs(det) > 0.0)) return 0;
        db = -(J[1][1] * g[0] - J[0][1] * g[1]) / det;
        du = -(-J[1][0] * g[0] + J[0][0] * g[1]) / det;
        for (k = 0; k < 30; ++k, lam *= 0.5) {
            double gn[2];
            if (yl_residuals(p, volume, b + lam * db, w + lam * du, gn, &s) &&
                fabs(gn[0]) + fabs(gn[1]) < (1.0 - 0.25 * lam) * (fabs(g[0]) + fabs(g[1])) + 1e-14) {
                b += lam * db; w += lam * du; g[0] = gn[0]; g[1] = gn[1]; ok = 1;
                break;
            }
        }
        if (!ok) return 0;
    }
    return 0;
}

typedef struct yl_path {
    yl_problem p;
    double volume, gap, beta, u;
} yl_path;

/* Starts a quasi-static pull-off at contact; 1 on success. */
static inline int yl_path_start(yl_path *path, const yl_problem *prob, double volume)
{
    path->p = *prob;
    path->volume = volume;
    path->gap = 0.0;
    return yl_touching(&path->p, volume, &path->beta, &path->u);
}

/* Moves the stable bridge by natural continuation in the gap to `gap` (≥ the current one); 0 when the branch ends
 * (the bridge ruptures) before it, with the path left at the last gap reached. */
static inline int yl_path_move(yl_path *path, double gap)
{
    double step = (gap - path->gap) / 4.0;
    const double R = path->p.radius;
    if (step > 0.01 * R) step = 0.01 * R;
    while (path->gap < gap) {
        double h = path->gap + step, b = path->beta, w = path->u;
        if (h > gap) h = gap;
        path->p.gap = h;
        if (yl_newton(&path->p, path->volume, &b, &w)) {
            path->gap = h; path->beta = b; path->u = w;
            step *= 1.5;
            if (step > 0.01 * R) step = 0.01 * R;
        } else {
            step *= 0.25;
            if (step < 1e-12 * R) { path->p.gap = path->gap; return 0; }
        }
    }
    return 1;
}

/* The bridge at the current point of the path. */
static inline yl_bridge_result yl_path_bridge(yl_path *path)
{
    yl_bridge_result out;
    double g[2];
    yl_shot s;
    const double b = path->beta, R = path->p.radius;
    memset(&s, 0, sizeof s);
    path->p.gap = path->gap;
    yl_residuals(&path->p, path->volume, b, path->u, g, &s);
    out.beta = b;
    out.pressure = path->p.pressure;
    out.volume = s.volume;
    out.force = 2.0 * YL_PI * R * sin(b) * sin(b + path->p.theta_s) - YL_PI * out.pressure * R * R * sin(b) * sin(b);
    out.force_end = 2.0 * YL_PI * s.r_end * cos(s.psi) - YL_PI * out.pressure * s.r_end * s.r_end;
    return out;
}

/* The exact bridge of the given volume at the gap of prob (continuation from contact); 0 beyond rupture. */
static inline int yl_bridge(const yl_problem *prob, double volume, yl_bridge_result *out)
{
    yl_path path;
    if (!yl_path_start(&path, prob, volume) || !yl_path_move(&path, prob->gap)) return 0;
    *out = yl_path_bridge(&path);
    return 1;
}

/* The exact rupture gap (the end of the stable branch), to about 1e-9 R. */
static inline double yl_rupture_gap(const yl_problem *prob, double volume, double h_hi)
{
    yl_path path;
    if (!yl_path_start(&path, prob, volume)) return -1.0;
    yl_path_move(&path, h_hi);
    return path.gap;
}

#endif
