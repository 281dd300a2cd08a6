/* tangential_mdr.h: the exact Cattaneo–Mindlin–Deresiewicz law by the method of dimensionality reduction (MDR).
 *
 * Where the expected values come from (none from the kernel under test):
 * - Mindlin's closed forms at constant normal force P (K.L. Johnson, Contact Mechanics, 1985, §7.2-7.3, in the
 *   form with the initial stiffness 8G*a): loading T = μP[1 − (1 − u/u_s)^{3/2}], u_s = 3μP/(16G*a); unloading and
 *   reloading by Masing's rule (the loading curve at twice the scale from the turning point); the loop area by
 *   integrating those branches in closed form.
 * - Varying normal force, closed forms derived here from the continuum MDR (the derivations are in
 *   docs/pages/tangential_mdr.md): proportional loading T = λP with λ ≤ μ sticks everywhere, so T = λP exactly
 *   (Mindlin & Deresiewicz 1953); lowering P at a fixed tangential displacement from the virgin branch keeps the
 *   contact on the virgin curve of the new P; lowering P after proportional loading T = λP0 gives
 *   T = 8G*K[r(a0²c − c³/3) + 2a1³/3 − a1²c + c³/3], r = λ/μ, c² = max(0, (a1² − r a0²)/(1 − r)),
 *   K = μE* / (4G*R).
 * - Everything else (after a turning point; raised load then a cycle): an independent continuum MDR written here
 *   (ref_*): 200 000 point springs on the 1-D profile g(x) = x²/R with E*, R (not the kernel's F_n/a scaling),
 *   advanced by the exact one-dimensional rule for one monotone change at a time (a move at fixed radius: each
 *   spring clamped to its limit; a radius change at fixed displacement: springs leave released or enter at zero,
 *   the others clamped to their new limit). Its own resolution error is below 1e-9 of μP.
 * - Frame transport, swap and Coulomb limit against exact identities. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "demc.h"
#include "harness.h"

/* The kernels returning the force, with the MDR step's sliding flag kept aside (as the checks read it). */
static int mdr_sliding;
static demc_vec3 mdr_update(const demc_tangential_mdr_params *p, demc_vec3 normal, demc_vec3 increment, double fn,
                            double a, double *state, demc_tangential_mdr_energy *energy)
{
    const demc_tangential_result r = demc_tangential_mdr_update(p, normal, increment, fn, a, state, energy);
    mdr_sliding = r.sliding;
    return r.force;
}
static demc_vec3 md_update(const demc_tangential_md_params *p, demc_vec3 increment, double fn, double a,
                           demc_tangential_md_state *s, demc_tangential_md_energy *energy)
{
    return demc_tangential_md_update(p, increment, fn, a, s, energy).force;
}

/* A sphere pair with E* = 75 GPa, R* = 1 cm: a0 = 0.1 mm gives P0 = (4/3)E*a0³/R* = 10 N. */
static const double MU = 0.3, GS = 1e10, ES = 7.5e10, RS = 0.01, A0 = 1e-4;

static double hertz_force(double a) { return 4.0 * ES * a * a * a / (3.0 * RS); }
static double radius_of_force(double p) { return cbrt(3.0 * RS * p / (4.0 * ES)); }
static double slip_displacement(double a) { return 3.0 * MU * hertz_force(a) / (16.0 * GS * a); } /* u_s */

static demc_tangential_mdr_params mdr_params(int n)
{
    demc_tangential_mdr_params p;
    CHECK(demc_tangential_mdr_init(MU, GS, n, &p, NULL) == DEMC_OK);
    return p;
}

/* ---------------------------------------------------------------------------------------------------------------
 * Independent continuum MDR (test-only reference).
 * ------------------------------------------------------------------------------------------------------------- */
#define REF_M 200000
typedef struct ref_bed {
    double hx, a, u[REF_M]; /* point springs at x_k = (k + ½)hx on [0, 2a0] */
} ref_bed;

static ref_bed *ref_new(void)
{
    ref_bed *r = (ref_bed *)calloc(1, sizeof *r);
    r->hx = 2.0 * A0 / REF_M;
    return r;
}
/* Limit of the spring at x: μ E* w(x) dx / (4G* dx), w = δ − x²/R, δ = a²/R. */
static double ref_cap(const ref_bed *r, double x) { return MU * ES * (r->a * r->a / RS - x * x / RS) / (4.0 * GS); }
static double ref_clamp(double v, double c) { return v > c ? c : v < -c ? -c : v; }
static void ref_radius(ref_bed *r, double a) /* radius change at fixed rigid displacement */
{
    int k;
    r->a = a;
    for (k = 0; k < REF_M; ++k) {
        const double x = (k + 0.5) * r->hx;
        r->u[k] = x < a ? ref_clamp(r->u[k], ref_cap(r, x)) : 0.0; /* entering springs were 0: stay 0 */
    }
}
static void ref_move(ref_bed *r, double du) /* tangential move at fixed radius */
{
    int k;
    for (k = 0; k < REF_M; ++k) {
        const double x = (k + 0.5) * r->hx;
        if (x < r->a) r->u[k] = ref_clamp(r->u[k] + du, ref_cap(r, x));
    }
}
/* Tangential force transmitted (along +u), 2 × Σ 4G* u dx, and the normal force 2 × Σ E* w dx. */
static double ref_force(const ref_bed *r)
{
    double s = 0.0;
    int k;
    for (k = 0; k < REF_M && (k + 0.5) * r->hx < r->a; ++k) s += r->u[k];
    return 8.0 * GS * s * r->hx;
}
static double ref_normal_force(const ref_bed *r)
{
    double s = 0.0;
    int k;
    for (k = 0; k < REF_M; ++k) {
        const double x = (k + 0.5) * r->hx;
        if (x < r->a) s += r->a * r->a / RS - x * x / RS;
    }
    return 2.0 * ES * s * r->hx;
}

/* ---------------------------------------------------------------------------------------------------------------
 * Load paths: stages of a tangential move at fixed radius or a radius change at fixed displacement, each in equal
 * steps, run on the kernel, the Thornton & Yin kernel and the reference in lockstep.
 * ------------------------------------------------------------------------------------------------------------- */
typedef struct stage {
    int move;      /* 1: move the displacement to `target` (m); 0: change the radius to `target` (m) */
    double target;
} stage;

typedef struct path_result {
    double err_mdr, err_md; /* max |T − T_ref| / (μ P_max) over every step */
    double end_mdr, end_md, end_ref; /* T/(μP_max) at the end */
    double diss, work, stored, trap; /* Σ dissipation, Σ kernel work, final stored, Σ trapezoidal work */
    int negative_dissipation, balance_fail;
} path_result;

static path_result run_path(int n, const stage *st, int nst, int steps, ref_bed *ref)
{
    const demc_tangential_mdr_params p = mdr_params(n);
    demc_tangential_md_params q;
    demc_tangential_md_state ms = DEMC_TANGENTIAL_MD_STATE_INIT;
    double s[DEMC_TANGENTIAL_MDR_STATE_MAX] = {0};
    const demc_vec3 z = demc_vec3_make(0, 0, 1);
    double a = A0, u = 0.0, pmax = hertz_force(A0), e_prev = 0.0, f_prev = 0.0;
    path_result res;
    int i, k;
    memset(&res, 0, sizeof res);
    CHECK(demc_tangential_md_init(MU, GS, DEMC_TANGENTIAL_MD_THORNTON_YIN, &q, NULL) == DEMC_OK);
    /* the contact is made at a0 with no tangential displacement */
    mdr_update(&p, z, demc_vec3_make(0, 0, 0), hertz_force(a), a, s, NULL);
    md_update(&q, demc_vec3_make(0, 0, 0), hertz_force(a), a, &ms, NULL);
    memset(ref->u, 0, sizeof ref->u);
    ref->a = 0.0;
    ref_radius(ref, a);
    for (i = 0; i < nst; ++i)
        if (!st[i].move && st[i].target > a) pmax = hertz_force(st[i].target) > pmax ? hertz_force(st[i].target) : pmax;
    for (i = 0; i < nst; ++i) {
        const double from = st[i].move ? u : a, d = (st[i].target - from) / steps;
        for (k = 1; k <= steps; ++k) {
            demc_tangential_mdr_energy en;
            double du = 0.0, t_mdr, t_md, t_ref, fn, e;
            demc_vec3 f;
            if (st[i].move) {
                du = (from + k * d) - u;
                u = from + k * d;
                ref_move(ref, du);
            } else {
                a = from + k * d;
                ref_radius(ref, a);
            }
            fn = hertz_force(a);
            f = mdr_update(&p, z, demc_vec3_make(du, 0, 0), fn, a, s, &en);
            t_mdr = -f.x;
            t_md = -md_update(&q, demc_vec3_make(du, 0, 0), fn, a, &ms, NULL).x;
            t_ref = ref_force(ref);
            e = fabs(t_mdr - t_ref) / (MU * pmax);
            if (e > res.err_mdr) res.err_mdr = e;
            e = fabs(t_md - t_ref) / (MU * pmax);
            if (e > res.err_md) res.err_md = e;
            if (en.slip_dissipation < 0.0 || en.grid_dissipation < 0.0) res.negative_dissipation = 1;
            if (fabs(e_prev + en.work - en.stored_energy - en.slip_dissipation - en.grid_dissipation) >
                1e-12 * (e_prev + fabs(en.work) + en.stored_energy) + 1e-300)
                res.balance_fail = 1;
            res.diss += en.slip_dissipation + en.grid_dissipation;
            res.work += en.work;
            res.trap += 0.5 * (f_prev + t_mdr) * du; /* −½(F_0 + F)·Δs with T = −F_x */
            e_prev = en.stored_energy;
            f_prev = t_mdr;
            res.end_mdr = t_mdr / (MU * pmax);
            res.end_md = t_md / (MU * pmax);
            res.end_ref = t_ref / (MU * pmax);
        }
    }
    res.stored = e_prev;
    return res;
}

/* Displacement on the virgin branch at P(a) for T = ratio·μP. */
static double virgin_displacement(double a, double ratio) { return slip_displacement(a) * (1.0 - pow(1.0 - ratio, 2.0 / 3.0)); }

/* ---------------------------------------------------------------------------------------------------------------
 * Cases
 * ------------------------------------------------------------------------------------------------------------- */

/* The bed itself: F_n = (4/3)E*√R δ^{3/2} from the reference springs, and the kernel's stiffness 8G*a. */
static void test_bed_identities(void)
{
    ref_bed *ref = ref_new();
    const demc_tangential_mdr_params p = mdr_params(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS);
    double s[DEMC_TANGENTIAL_MDR_STATE_MAX] = {0}, a;
    const demc_vec3 z = demc_vec3_make(0, 0, 1);
    ref_radius(ref, A0);
    CHECK_REL(ref_normal_force(ref), 4.0 / 3.0 * ES * sqrt(RS) * pow(A0 * A0 / RS, 1.5), 1e-9);
    /* initial stiffness at several radii reached by growth (merged grids), 1e-9 u_s increments */
    for (a = 0.3 * A0; a < 2.5 * A0; a *= 1.37) {
        const double eps = 1e-9 * slip_displacement(a);
        demc_vec3 f0, f1;
        f0 = mdr_update(&p, z, demc_vec3_make(0, 0, 0), hertz_force(a), a, s, NULL);
        f1 = mdr_update(&p, z, demc_vec3_make(eps, 0, 0), hertz_force(a), a, s, NULL);
        CHECK_REL(-(f1.x - f0.x) / eps, 8.0 * GS * a, 1e-6);
        CHECK(fabs(f1.y) <= 1e-12 * fabs(f1.x) && f1.z == 0.0);
    }
    free(ref);
}

/* Constant P: 0 → u* → −u* → u* against Mindlin's branches; the loop energy against its closed form. */
static double mindlin_loop(int n, int steps, double ratio, double *loop_err, int print)
{
    const demc_tangential_mdr_params p = mdr_params(n);
    double s[DEMC_TANGENTIAL_MDR_STATE_MAX] = {0};
    const demc_vec3 z = demc_vec3_make(0, 0, 1);
    const double P = hertz_force(A0), us = slip_displacement(A0), ts = ratio * MU * P;
    const double ustar = virgin_displacement(A0, ratio);
    double err = 0.0, u = 0.0, diss = 0.0, e_prev = 0.0, loop, x2;
    int leg, k;
    mdr_update(&p, z, demc_vec3_make(0, 0, 0), P, A0, s, NULL);
    for (leg = 0; leg < 3; ++leg) {
        const double from = leg == 0 ? 0.0 : leg == 1 ? ustar : -ustar, to = leg == 1 ? -ustar : ustar;
        for (k = 1; k <= steps; ++k) {
            demc_tangential_mdr_energy en;
            const double un = from + (to - from) * k / steps;
            double t, te;
            t = -mdr_update(&p, z, demc_vec3_make(un - u, 0, 0), P, A0, s, &en).x;
            u = un;
            if (leg == 0) te = MU * P * (1.0 - pow(1.0 - u / us, 1.5));
            else if (leg == 1) te = ts - 2.0 * MU * P * (1.0 - pow(1.0 - (ustar - u) / (2.0 * us), 1.5));
            else te = -ts + 2.0 * MU * P * (1.0 - pow(1.0 - (u + ustar) / (2.0 * us), 1.5));
            if (fabs(t - te) / (MU * P) > err) err = fabs(t - te) / (MU * P);
            CHECK(en.slip_dissipation >= 0.0 && en.grid_dissipation >= 0.0);
            CHECK(fabs(e_prev + en.work - en.stored_energy - en.slip_dissipation - en.grid_dissipation) <=
                  1e-12 * (e_prev + fabs(en.work) + en.stored_energy));
            e_prev = en.stored_energy;
            if (leg > 0) diss += en.slip_dissipation + en.grid_dissipation;
        }
    }
    /* loop area: 2∫_0^{2u*} φ − 4T*u*, φ(x) = 2μP[1 − (1 − x/(2u_s))^{3/2}] (Masing) */
    x2 = 2.0 * ustar;
    loop = 2.0 * 2.0 * MU * P * (x2 - 2.0 * us * 0.4 * (1.0 - pow(1.0 - x2 / (2.0 * us), 2.5))) - 4.0 * ts * ustar;
    /* in units of the cycle's scale 4T*u* (the loop itself is ~T*³: tiny at small T*) */
    *loop_err = fabs(diss - loop) / (4.0 * ts * ustar);
    if (print)
        printf("    loop T*=%.2f muP, N=%d, %d steps/branch: max |T - closed|/muP = %.3e, loop energy err %.3e of 4T*u* "
               "(%.2e of the loop)\n", ratio, n, steps, err, *loop_err, fabs(diss - loop) / loop);
    return err;
}

static void test_constant_load_branches(void)
{
    double le, e[4], l[4];
    int i;
    const int ns[4] = {8, 16, 32, 64};
    /* at the default resolution */
    CHECK(mindlin_loop(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS, 200, 0.9, &le, 1) < 1e-3);
    CHECK(le < 1e-3);
    CHECK(mindlin_loop(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS, 200, 0.3, &le, 1) < 1e-3);
    CHECK(le < 1e-3);
    CHECK(mindlin_loop(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS, 20, 0.9, &le, 1) < 1e-3); /* step-independent */
    /* convergence in N */
    for (i = 0; i < 4; ++i) e[i] = mindlin_loop(ns[i], 400, 0.9, &l[i], 0);
    for (i = 0; i < 3; ++i) {
        printf("    constant P, N %d -> %d: branch error %.3e -> %.3e (order %.2f), loop energy %.3e -> %.3e (order "
               "%.2f)\n", ns[i], ns[i + 1], e[i], e[i + 1], log2(e[i] / e[i + 1]), l[i], l[i + 1], log2(l[i] / l[i + 1]));
        CHECK(log2(e[i] / e[i + 1]) > 1.7);
    }
    /* the worst resolution: the grid laid at a0, the contact then grown by 1 % (merged: N/2 cells inside), a loop */
    {
        const demc_tangential_mdr_params p = mdr_params(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS);
        double s[DEMC_TANGENTIAL_MDR_STATE_MAX] = {0}, err = 0.0, u = 0.0;
        const demc_vec3 z = demc_vec3_make(0, 0, 1);
        const double a = 1.01 * A0, P = hertz_force(a), us = slip_displacement(a), ustar = virgin_displacement(a, 0.9);
        int leg, k;
        mdr_update(&p, z, demc_vec3_make(0, 0, 0), hertz_force(A0), A0, s, NULL);
        mdr_update(&p, z, demc_vec3_make(0, 0, 0), P, a, s, NULL);
        for (leg = 0; leg < 3; ++leg) {
            const double from = leg == 0 ? 0.0 : leg == 1 ? ustar : -ustar, to = leg == 1 ? -ustar : ustar;
            for (k = 1; k <= 200; ++k) {
                const double un = from + (to - from) * k / 200, ts = 0.9 * MU * P;
                const double t = -mdr_update(&p, z, demc_vec3_make(un - u, 0, 0), P, a, s, NULL).x;
                double te;
                u = un;
                if (leg == 0) te = MU * P * (1.0 - pow(1.0 - u / us, 1.5));
                else if (leg == 1) te = ts - 2.0 * MU * P * (1.0 - pow(1.0 - (ustar - u) / (2.0 * us), 1.5));
                else te = -ts + 2.0 * MU * P * (1.0 - pow(1.0 - (u + ustar) / (2.0 * us), 1.5));
                if (fabs(t - te) / (MU * P) > err) err = fabs(t - te) / (MU * P);
            }
        }
        printf("    worst grid (merged just after it was laid, N/2 cells inside): loop T*=0.9 muP max err %.3e muP\n", err);
        CHECK(err < 1e-3);
    }
}

/* Gross sliding: |F| = μF_n exactly, μF_n|Δs| dissipated per step; a circular path keeps |F| = μF_n. */
static void test_gross_sliding(void)
{
    const demc_tangential_mdr_params p = mdr_params(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS);
    double s[DEMC_TANGENTIAL_MDR_STATE_MAX] = {0};
    const demc_vec3 z = demc_vec3_make(0, 0, 1);
    const double P = hertz_force(A0), us = slip_displacement(A0), ds = 0.01 * us;
    demc_tangential_mdr_energy en;
    demc_vec3 f;
    int k;
    mdr_update(&p, z, demc_vec3_make(0, 0, 0), P, A0, s, NULL);
    f = mdr_update(&p, z, demc_vec3_make(1.5 * us, 0, 0), P, A0, s, &en);
    CHECK_REL(-f.x, MU * P, 1e-14);
    CHECK(mdr_sliding == 1);
    for (k = 0; k < 10; ++k) {
        f = mdr_update(&p, z, demc_vec3_make(ds, 0, 0), P, A0, s, &en);
        CHECK_REL(-f.x, MU * P, 1e-14);
        CHECK_REL(en.slip_dissipation, MU * P * ds, 1e-12);
        CHECK_REL(en.work, MU * P * ds, 1e-12);
    }
    /* just below u_s: no sliding flag, T from the closed form */
    demc_tangential_mdr_state_reset(&p, s);
    mdr_update(&p, z, demc_vec3_make(0, 0, 0), P, A0, s, NULL);
    f = mdr_update(&p, z, demc_vec3_make(0.999 * us, 0, 0), P, A0, s, &en);
    CHECK(mdr_sliding == 0);
    CHECK_ABS(-f.x / (MU * P), 1.0 - pow(0.001, 1.5), 2e-3);
    /* A circle of radius ρ = 2u_s in the plane, steady state. A spring of limit c dragged along the circle keeps
     * |u| = c and turns with the driving point, so the part of the drive velocity v normal to u is ωc: u lags the
     * velocity by φ with sin φ = c/ρ. The bed then carries F_∥ = 8G*∫c cos φ dx along the velocity and
     * F_⊥ = 8G*∫c sin φ dx towards the centre, c(x) = u_s(1 − x²/a²) (Simpson, 2000 intervals). */
    {
        const double rho = 2.0 * us;
        double fpar = 0.0, fperp = 0.0, fe, fmax = 0.0, fmin = 1e300;
        int j;
        for (j = 0; j <= 2000; ++j) {
            const double x = A0 * j / 2000.0, c = us * (1.0 - x * x / (A0 * A0));
            const double w = (j == 0 || j == 2000) ? 1.0 : (j % 2 ? 4.0 : 2.0);
            fpar += w * c * sqrt(1.0 - c * c / (rho * rho));
            fperp += w * c * c / rho;
        }
        fe = 8.0 * GS * (A0 / 6000.0) * sqrt(fpar * fpar + fperp * fperp);
        for (k = 0; k < 1200; ++k) {
            const double t0 = 2.0 * 3.14159265358979 * k / 400.0, t1 = 2.0 * 3.14159265358979 * (k + 1) / 400.0;
            f = mdr_update(&p, z, demc_vec3_make(rho * (cos(t1) - cos(t0)), rho * (sin(t1) - sin(t0)), 0),
                                           P, A0, s, &en);
            CHECK(demc_vec3_norm(f) <= MU * P * (1.0 + 1e-14));
            CHECK(en.slip_dissipation >= 0.0);
            if (k >= 800) {
                fmax = demc_vec3_norm(f) > fmax ? demc_vec3_norm(f) : fmax;
                fmin = demc_vec3_norm(f) < fmin ? demc_vec3_norm(f) : fmin;
            }
        }
        printf("    circle of radius 2u_s, steady: |F|/muP exact %.5f, kernel %.5f (N=%d, 400 steps/turn)\n",
               fe / (MU * P), fmax / (MU * P), DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS);
        CHECK_ABS(fmax / (MU * P), fe / (MU * P), 1e-3);
        CHECK_ABS(fmin / (MU * P), fe / (MU * P), 1e-3);
    }
    /* F_n ≤ 0: every limit 0, zero force, the stored energy dissipated */
    f = mdr_update(&p, z, demc_vec3_make(0, 0, 0), 0.0, A0, s, &en);
    CHECK(f.x == 0.0 && f.y == 0.0 && en.stored_energy == 0.0);
    /* a ≤ 0: the contact ends, the state is reset */
    f = mdr_update(&p, z, demc_vec3_make(us, 0, 0), P, -1.0, s, &en);
    CHECK(f.x == 0.0 && f.y == 0.0 && f.z == 0.0);
    for (k = 0; k < DEMC_TANGENTIAL_MDR_STATE_SIZE(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS); ++k) CHECK(s[k] == 0.0);
}

/* Proportional loading T = λP from zero (Mindlin & Deresiewicz 1953: no slip for λ ≤ μ): the displacement that
 * the stuck bed needs is u(a) = ∫ dT/(8G*a) = 3λP(a)/(16G*a); the kernel must give T = λP and dissipate nothing
 * but its grid term. Returns the max error in μP_0; *t_md gets the Thornton & Yin kernel's. */
static double proportional(int n, int steps, double lam, double *t_md)
{
    const demc_tangential_mdr_params p = mdr_params(n);
    demc_tangential_md_params q;
    demc_tangential_md_state ms = DEMC_TANGENTIAL_MD_STATE_INIT;
    double s[DEMC_TANGENTIAL_MDR_STATE_MAX] = {0};
    const demc_vec3 z = demc_vec3_make(0, 0, 1);
    const double P0 = hertz_force(A0), a_start = 1e-3 * A0;
    double err = 0.0, errq = 0.0, u = 0.0, a;
    int k;
    demc_tangential_md_init(MU, GS, DEMC_TANGENTIAL_MD_THORNTON_YIN, &q, NULL);
    for (k = 0; k <= steps; ++k) {
        double un, t, tq;
        demc_tangential_mdr_energy en;
        a = a_start + (A0 - a_start) * k / steps;
        un = 3.0 * lam * hertz_force(a) / (16.0 * GS * a);
        t = -mdr_update(&p, z, demc_vec3_make(un - u, 0, 0), hertz_force(a), a, s, &en).x;
        tq = -md_update(&q, demc_vec3_make(un - u, 0, 0), hertz_force(a), a, &ms, NULL).x;
        u = un;
        CHECK(en.slip_dissipation == 0.0);
        if (fabs(t - lam * hertz_force(a)) / (MU * P0) > err) err = fabs(t - lam * hertz_force(a)) / (MU * P0);
        if (fabs(tq - lam * hertz_force(a)) / (MU * P0) > errq) errq = fabs(tq - lam * hertz_force(a)) / (MU * P0);
    }
    if (t_md) *t_md = errq;
    return err;
}

/* Lowering P at fixed u after proportional loading T = λP0 (closed form in the file comment). */
static double after_proportional_exact(double lam, double a1)
{
    const double r = lam / MU, K = MU * ES / (4.0 * GS * RS);
    double c2 = (a1 * a1 - r * A0 * A0) / (1.0 - r), c;
    c2 = c2 > 0.0 ? c2 : 0.0;
    c = sqrt(c2);
    return 8.0 * GS * K * (r * (A0 * A0 * c - c * c * c / 3.0) + 2.0 * a1 * a1 * a1 / 3.0 - a1 * a1 * c + c * c * c / 3.0);
}

static double lower_after_proportional(int n, int steps, double lam, double pratio, int print)
{
    const demc_tangential_mdr_params p = mdr_params(n);
    demc_tangential_md_params q;
    demc_tangential_md_state ms = DEMC_TANGENTIAL_MD_STATE_INIT;
    double s[DEMC_TANGENTIAL_MDR_STATE_MAX] = {0};
    const demc_vec3 z = demc_vec3_make(0, 0, 1);
    const double P0 = hertz_force(A0), a_start = 1e-3 * A0, a1 = radius_of_force(pratio * P0);
    double err = 0.0, u = 0.0, a, t = 0.0, tq = 0.0, te = 0.0, errq = 0.0;
    int k;
    demc_tangential_md_init(MU, GS, DEMC_TANGENTIAL_MD_THORNTON_YIN, &q, NULL);
    for (k = 0; k <= 4 * steps; ++k) { /* proportional loading, finely */
        double un;
        a = a_start + (A0 - a_start) * k / (4 * steps);
        un = 3.0 * lam * hertz_force(a) / (16.0 * GS * a);
        mdr_update(&p, z, demc_vec3_make(un - u, 0, 0), hertz_force(a), a, s, NULL);
        md_update(&q, demc_vec3_make(un - u, 0, 0), hertz_force(a), a, &ms, NULL);
        u = un;
    }
    for (k = 1; k <= steps; ++k) {
        a = A0 + (a1 - A0) * k / steps;
        t = -mdr_update(&p, z, demc_vec3_make(0, 0, 0), hertz_force(a), a, s, NULL).x;
        tq = -md_update(&q, demc_vec3_make(0, 0, 0), hertz_force(a), a, &ms, NULL).x;
        te = after_proportional_exact(lam, a);
        if (fabs(t - te) / (MU * P0) > err) err = fabs(t - te) / (MU * P0);
        if (fabs(tq - te) / (MU * P0) > errq) errq = fabs(tq - te) / (MU * P0);
    }
    if (print)
        printf("    lowered to P/P0=%.2f after T=%.2f muP0 proportional: exact T/T0 = %.4f, MDR(N=%d) %.4f, "
               "Thornton-Yin %.4f; max err MDR %.2e, TY %.2e muP0\n",
               pratio, lam / MU, te / (lam * P0), n, t / (lam * P0), tq / (lam * P0), err, errq);
    return err;
}

static void test_varying_load_closed_forms(void)
{
    double eq, e[4];
    const int ns[4] = {8, 16, 32, 64};
    int i;
    /* proportional, no slip */
    e[0] = proportional(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS, 400, 0.5 * MU, &eq);
    printf("    proportional T = 0.5 muP: max err MDR(N=%d) %.2e muP0, Thornton-Yin %.2e\n",
           DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS, e[0], eq);
    CHECK(e[0] < 1e-3);
    e[0] = proportional(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS, 400, 0.99 * MU, &eq);
    CHECK(e[0] < 1e-3);
    /* no slip and every cell stuck: the cells' means are exact whatever N (checked at N = 8), and what is left is
     * the step error of the springs entering within a step, second order */
    for (i = 0; i < 4; ++i) e[i] = proportional(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS, 25 << (2 * i), 0.9 * MU, NULL);
    for (i = 0; i < 3; ++i) {
        printf("    proportional 0.9 muP, steps %d -> %d: err %.3e -> %.3e (order %.2f in the step)\n",
               25 << (2 * i), 25 << (2 * i + 2), e[i], e[i + 1], 0.5 * log2(e[i] / e[i + 1]));
        CHECK(0.5 * log2(e[i] / e[i + 1]) > 1.9);
    }
    CHECK(proportional(8, 400, 0.9 * MU, NULL) < 1e-5);
    /* lowering after proportional loading (the T = 0.1 μP, P/P0 = 0.35) */
    CHECK(lower_after_proportional(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS, 200, 0.1 * MU, 0.35, 1) < 1e-3);
    CHECK(lower_after_proportional(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS, 200, 0.6 * MU, 0.35, 1) < 1e-3);
    for (i = 0; i < 4; ++i) e[i] = lower_after_proportional(ns[i], 200, 0.6 * MU, 0.35, 0);
    for (i = 0; i < 3; ++i)
        printf("    lowered after proportional 0.6 muP, N %d -> %d: err %.3e -> %.3e (order %.2f)\n", ns[i],
               ns[i + 1], e[i], e[i + 1], log2(e[i] / e[i + 1]));
}

/* Lowering P at fixed u from the virgin branch: the virgin curve of the new P (closed form). */
static void test_lower_from_virgin(void)
{
    const int ns[4] = {8, 16, 32, 64};
    double e[4];
    int i;
    for (i = 0; i < 4; ++i) {
        const demc_tangential_mdr_params p = mdr_params(ns[i]);
        double s[DEMC_TANGENTIAL_MDR_STATE_MAX] = {0};
        const demc_vec3 z = demc_vec3_make(0, 0, 1);
        const double P0 = hertz_force(A0), u0 = virgin_displacement(A0, 0.6);
        double err = 0.0, a;
        int k;
        mdr_update(&p, z, demc_vec3_make(0, 0, 0), P0, A0, s, NULL);
        for (k = 1; k <= 100; ++k)
            mdr_update(&p, z, demc_vec3_make(u0 / 100, 0, 0), P0, A0, s, NULL);
        for (k = 1; k <= 200; ++k) {
            double t, te, x;
            a = A0 * (1.0 - 0.5 * k / 200.0); /* to P = P0/8 */
            t = -mdr_update(&p, z, demc_vec3_make(0, 0, 0), hertz_force(a), a, s, NULL).x;
            x = u0 / slip_displacement(a);
            te = MU * hertz_force(a) * (x < 1.0 ? 1.0 - pow(1.0 - x, 1.5) : 1.0);
            if (fabs(t - te) / (MU * P0) > err) err = fabs(t - te) / (MU * P0);
        }
        e[i] = err;
    }
    for (i = 0; i < 3; ++i)
        printf("    lowered from the virgin branch (T=0.6 muP0, to P0/8), N %d -> %d: err %.3e -> %.3e (order %.2f)\n",
               ns[i], ns[i + 1], e[i], e[i + 1], log2(e[i] / e[i + 1]));
    CHECK(e[2] < 1e-3);
    CHECK(log2(e[0] / e[2]) > 3.0);
}

/* Paths against the independent continuum reference. */
static void test_reference_paths(void)
{
    ref_bed *ref = ref_new();
    const double a1 = radius_of_force(0.35 * hertz_force(A0)), a2 = radius_of_force(2.0 * hertz_force(A0));
    const double ustar = virgin_displacement(A0, 0.8), ur = ustar - 2.0 * slip_displacement(A0) *
                                                               (1.0 - pow(1.0 - 0.6 / 2.0, 2.0 / 3.0));
    /* after a turning point: loading to 0.8 μP0, unloading by 0.6 μP0 (to 0.2 μP0), then P lowered to 0.35 P0 */
    const stage turning[3] = {{1, ustar}, {1, ur}, {0, a1}};
    /* raised: loading to 0.5 μP0, P raised to 2P0, then a cycle ±0.8 μ(2P0) at 2P0 */
    const double uc = virgin_displacement(a2, 0.8);
    const stage raised[5] = {{1, virgin_displacement(A0, 0.5)}, {0, a2}, {1, uc}, {1, -uc}, {1, uc}};
    /* a lowered-and-raised cycle of P under a reversed tangential motion */
    const stage mixed[6] = {{1, ustar}, {0, a1}, {1, -0.3 * ustar}, {0, a2}, {1, 0.5 * ustar}, {0, A0}};
    const struct { const char *name; const stage *st; int n; } paths[3] = {
        {"after a turning point", turning, 3}, {"raised to 2P0, then a cycle", raised, 5}, {"mixed", mixed, 6}};
    const int ns[4] = {8, 16, 32, 64};
    int c, i;
    for (c = 0; c < 3; ++c) {
        double e[4];
        path_result r;
        for (i = 0; i < 4; ++i) {
            r = run_path(ns[i], paths[c].st, paths[c].n, 8 * (1 << i) /* steps grow with N */, ref);
            e[i] = r.err_mdr;
            CHECK(!r.negative_dissipation && !r.balance_fail);
        }
        r = run_path(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS, paths[c].st, paths[c].n, 100, ref);
        printf("    %s: end T/muPmax exact %.5f, MDR(N=%d) %.5f, Thornton-Yin %.5f; max err MDR %.2e, TY %.2e "
               "(100 steps/stage)\n", paths[c].name, r.end_ref, DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS, r.end_mdr,
               r.end_md, r.err_mdr, r.err_md);
        printf("      work: kernel %.6e, trapezoid %.6e (rel. diff %.2e); stored %.4e + dissipated %.4e\n", r.work,
               r.trap, fabs(r.work - r.trap) / fabs(r.trap), r.stored, r.diss);
        CHECK(r.err_mdr < 1e-3);
        CHECK(!r.negative_dissipation && !r.balance_fail);
        CHECK(fabs(r.work - r.trap) < 1e-3 * fabs(r.trap));
        for (i = 0; i < 3; ++i)
            printf("      N %d -> %d (steps %d -> %d): err %.3e -> %.3e (order %.2f)\n", ns[i], ns[i + 1], 8 << i,
                   16 << i, e[i], e[i + 1], log2(e[i] / e[i + 1]));
        CHECK(log2(e[0] / e[3]) > 4.5);
    }
    free(ref);
}

/* Frame transport: the same history in a turning frame gives the turned forces; swap: the mirror history. */
static void test_transport_and_swap(void)
{
    const demc_tangential_mdr_params p = mdr_params(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS);
    double s[DEMC_TANGENTIAL_MDR_STATE_MAX] = {0}, t[DEMC_TANGENTIAL_MDR_STATE_MAX] = {0};
    double w[DEMC_TANGENTIAL_MDR_STATE_MAX] = {0};
    const double P = hertz_force(A0), us = slip_displacement(A0), om = 0.013;
    demc_vec3 n_prev = demc_vec3_make(0, 0, 1);
    int k;
    for (k = 0; k < 300; ++k) {
        /* a wandering 2-D path with a varying radius */
        const double a = A0 * (1.0 + 0.3 * sin(0.05 * k));
        const double dx = 0.05 * us * cos(0.031 * k), dy = 0.05 * us * sin(0.017 * k * k * 0.01 + 0.2);
        const double c = cos(om * k), sn = sin(om * k);
        const demc_vec3 n = demc_vec3_make(0, -sn, c); /* z turned about x by om·k */
        const demc_vec3 d = demc_vec3_make(dx, dy * c, dy * sn);
        demc_vec3 f0, f1, f2;
        f0 = mdr_update(&p, demc_vec3_make(0, 0, 1), demc_vec3_make(dx, dy, 0), hertz_force(a), a, s,
                                        NULL);
        demc_tangential_mdr_transport(&p, n_prev, n, 0.0, t);
        f1 = mdr_update(&p, n, d, hertz_force(a), a, t, NULL);
        n_prev = n;
        CHECK_ABS(f1.x, f0.x, 1e-11 * MU * P);
        CHECK_ABS(f1.y, f0.y * c, 1e-11 * MU * P);
        CHECK_ABS(f1.z, f0.y * sn, 1e-11 * MU * P);
        /* swap: from body j (n → −n, Δs → −Δs) the force on j is −F on i, bit for bit */
        if (k == 150) {
            memcpy(w, s, sizeof w);
            demc_tangential_mdr_state_swap(&p, w);
            demc_tangential_mdr_state_swap(&p, w);
            CHECK(memcmp(w, s, sizeof w) == 0);
            demc_tangential_mdr_state_swap(&p, w);
        }
        if (k > 150) {
            f2 = mdr_update(&p, demc_vec3_make(0, 0, -1), demc_vec3_make(-dx, -dy, 0), hertz_force(a),
                                            a, w, NULL);
            CHECK(f2.x == -f0.x && f2.y == -f0.y && f2.z == -f0.z);
        }
    }
    /* the stored energy and force are those the state reports */
    {
        demc_tangential_mdr_energy en;
        demc_vec3 f = mdr_update(&p, demc_vec3_make(0, 0, 1), demc_vec3_make(0, 0, 0),
                                                 hertz_force(A0), A0, s, &en);
        demc_vec3 g = demc_tangential_mdr_force(&p, s);
        CHECK_REL(demc_tangential_mdr_stored_energy(&p, s), en.stored_energy, 1e-14);
        CHECK_REL(g.x, f.x, 1e-14);
        CHECK_REL(g.y, f.y, 1e-14);
    }
}

/* Setup: every bad input named. */
static void test_params(void)
{
    demc_tangential_mdr_params p;
    const char *bad = "x";
    CHECK(demc_tangential_mdr_init(NAN, GS, 32, &p, &bad) == DEMC_ERR_INVALID_ARGUMENT && !strcmp(bad, "mu"));
    CHECK(demc_tangential_mdr_init(-0.1, GS, 32, &p, &bad) == DEMC_ERR_OUT_OF_DOMAIN && !strcmp(bad, "mu"));
    CHECK(demc_tangential_mdr_init(MU, 0.0, 32, &p, &bad) == DEMC_ERR_OUT_OF_DOMAIN &&
          !strcmp(bad, "effective_shear_modulus"));
    CHECK(demc_tangential_mdr_init(MU, INFINITY, 32, &p, &bad) == DEMC_ERR_INVALID_ARGUMENT &&
          !strcmp(bad, "effective_shear_modulus"));
    CHECK(demc_tangential_mdr_init(MU, GS, 0, &p, &bad) == DEMC_ERR_OUT_OF_DOMAIN && !strcmp(bad, "springs"));
    CHECK(demc_tangential_mdr_init(MU, GS, DEMC_TANGENTIAL_MDR_MAX_SPRINGS + 1, &p, &bad) ==
              DEMC_ERR_OUT_OF_DOMAIN && !strcmp(bad, "springs"));
    CHECK(demc_tangential_mdr_init(MU, GS, 32, NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT &&
          !strcmp(bad, "params"));
    CHECK(demc_tangential_mdr_init(MU, GS, DEMC_TANGENTIAL_MDR_MAX_SPRINGS, &p, &bad) == DEMC_OK && !bad);
    CHECK(demc_tangential_mdr_state_size(&p) == DEMC_TANGENTIAL_MDR_STATE_MAX && DEMC_TANGENTIAL_MDR_STATE_MAX <= 200);
    CHECK(demc_tangential_mdr_validate(&p, &bad) == DEMC_OK && !bad);
    p.springs = -3;
    CHECK(demc_tangential_mdr_validate(&p, &bad) == DEMC_ERR_OUT_OF_DOMAIN && !strcmp(bad, "params.springs"));
    p.springs = 32;
    p.mu = NAN;
    CHECK(demc_tangential_mdr_validate(&p, &bad) == DEMC_ERR_INVALID_ARGUMENT && !strcmp(bad, "params.mu"));
    CHECK(demc_tangential_mdr_validate(NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && !strcmp(bad, "params"));
}


/* ---------------------------------------------------------------------------------------------------------------
 * Oblique impact of an elastic sphere on a rigid flat (steel-like: E = 200 GPa, ν = 0.3, ρ = 7800 kg/m³,
 * R = 5 mm, μ = 0.3, v_n = 1 m/s), undamped Hertz normal force, leapfrog. The kernel at the default resolution
 * against an independent point-spring MDR written here (IMP_M springs at fixed positions on [0, 1.05 a_max], each
 * step a radius change then a move, as ref_*), both driven by the same integrator. s is the tangential velocity of
 * the contact point, ds/dt = T(1/m + R²/I) = 3.5T/m; e_t = −s_out/s_in; Ω the spin, I dΩ/dt = R T.
 * ------------------------------------------------------------------------------------------------------------- */
#ifndef IMP_STEPS
#define IMP_STEPS 4000
#endif
#ifndef IMP_M
#define IMP_M 4000
#endif
typedef struct impact_out {
    double et, spin, smin, smax; /* restitution, rebound spin (rad/s), extremes of s during the contact */
} impact_out;

static impact_out impact(double theta_deg, int steps, int use_kernel)
{
    static double u[IMP_M];
    const double E = 200e9, nu = 0.3, rho = 7800.0, R = 5e-3, mu = 0.3, vn = 1.0;
    const double es = E / (1.0 - nu * nu), gs = E / (2.0 * (1.0 + nu)) / (2.0 - nu); /* rigid flat */
    const double m = rho * 4.0 / 3.0 * 3.14159265358979323846 * R * R * R, inertia = 0.4 * m * R * R;
    const double dmax = pow(15.0 * m * vn * vn / (16.0 * es * sqrt(R)), 0.4);
    const double tc = 3.21 * dmax / vn; /* Hertz contact time 3.2187 δ_max/v: only to size the step */
    const double dt = tc / steps, hx = 1.05 * sqrt(R * dmax) / IMP_M;
    demc_tangential_mdr_params p;
    double st[DEMC_TANGENTIAL_MDR_STATE_MAX] = {0};
    const demc_vec3 z = demc_vec3_make(0, 0, 1);
    double d = 0.0, v = vn, vt = vn * tan(theta_deg * 3.14159265358979323846 / 180.0), om = 0.0, a_prev = 0.0;
    const double s_in = vt;
    impact_out o;
    int k, j;
    CHECK(demc_tangential_mdr_init(mu, gs, DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS, &p, NULL) == DEMC_OK);
    memset(u, 0, sizeof u);
    o.smin = o.smax = s_in;
    for (k = 0; k < 100 * steps; ++k) {
        double a, fn, t = 0.0;
        const double s = vt + R * om;
        d += v * dt; /* v is the approach velocity at the half step */
        if (d <= 0.0 && k > 0) break;
        a = sqrt(R * d);
        fn = 4.0 / 3.0 * es * sqrt(R) * d * sqrt(d);
        if (use_kernel) {
            t = mdr_update(&p, z, demc_vec3_make(s * dt, 0, 0), fn, a, st, NULL).x;
        } else {
            double sum = 0.0;
            for (j = 0; j < IMP_M; ++j) {
                const double x = (j + 0.5) * hx;
                if (x < a) {
                    const double cap = mu * es * (d - x * x / R) / (4.0 * gs);
                    u[j] = x < a_prev ? u[j] : 0.0; /* entering at zero */
                    u[j] = u[j] > cap ? cap : u[j] < -cap ? -cap : u[j];
                    u[j] += s * dt;
                    u[j] = u[j] > cap ? cap : u[j] < -cap ? -cap : u[j];
                    sum += u[j];
                } else {
                    u[j] = 0.0;
                }
            }
            t = -8.0 * gs * hx * sum;
        }
        a_prev = a;
        v -= fn / m * dt;
        vt += t / m * dt;
        om += R * t / inertia * dt;
        if (vt + R * om < o.smin) o.smin = vt + R * om;
        if (vt + R * om > o.smax) o.smax = vt + R * om;
    }
    o.et = -(vt + R * om) / s_in;
    o.spin = om;
    return o;
}

static void test_oblique_impact(void)
{
    const double angles[10] = {0.5, 2.0, 5.0, 10.0, 15.0, 20.0, 30.0, 45.0, 70.0, 85.0};
    int i;
    printf("    oblique impact on a rigid flat (mu = 0.3), 4000 steps per contact:\n"
           "      angle   e_t exact  e_t MDR(N=%d)  spin exact  spin MDR (rad/s)  s reverses\n",
           DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS);
    for (i = 0; i < 10; ++i) {
        const impact_out r = impact(angles[i], IMP_STEPS, 0), q = impact(angles[i], IMP_STEPS, 1);
        printf("      %5.1f   %9.4f  %13.4f  %10.2f  %16.2f  %s\n", angles[i], r.et, q.et, r.spin, q.spin,
               r.smin < 0.0 ? "yes" : "no");
        CHECK_ABS(q.et, r.et, 0.01);
        CHECK_REL(q.spin, r.spin, 0.02);
        if (angles[i] >= 70.0) { /* tan θ > 7μ: gross sliding throughout, Coulomb e_t = −1 + 3.5μ(1 + e)cot θ, e = 1 */
            CHECK_ABS(q.et, -1.0 + 7.0 * 0.3 / tan(angles[i] * 3.14159265358979323846 / 180.0), 2e-3);
        }
        if (angles[i] <= 5.0) CHECK(r.smin < 0.0 && q.smin < 0.0); /* Maw, Barber & Fawcett: s reverses */
    }
}

int main(void)
{
    RUN(test_params);
    RUN(test_bed_identities);
    RUN(test_constant_load_branches);
    RUN(test_gross_sliding);
    RUN(test_varying_load_closed_forms);
    RUN(test_lower_from_virgin);
    RUN(test_reference_paths);
    RUN(test_transport_and_swap);
    RUN(test_oblique_impact);
    return harness_finish("test_tangential_mdr");
}
