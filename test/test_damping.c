/* damping.h: dashpots and the restitution ⇄ damping maps, each map checked against a direct integration of the
 * damped normal impact (test/support/ode.h), written here from the equations of motion and nothing else. */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "demc.h"
#include "harness.h"
#include "support/ode.h"

#define PI 3.14159265358979323846

/* ---- reference: the damped normal impact, integrated -------------------------------------------------------- */

/* m δ̈ = −K δ^n − C δ^q δ̇ in units where the state is (δ/ℓ, δ̇/v0) and time is in ℓ/v0: the right-hand side is
 * −a y^n − b y^q y', with a = Kℓ^{n+1}/(m v0²) and b = Cℓ^{q+1}/(m v0). */
typedef struct impact {
    double n, q, a, b;
} impact;

static double pw(double y, double p) { return y > 0.0 ? pow(y, p) : 0.0; }

static void impact_rhs(double t, const double *y, double *dy, void *ctx)
{
    const impact *s = (const impact *)ctx;
    (void)t;
    dy[0] = y[1];
    dy[1] = -s->a * pw(y[0], s->n) - s->b * pw(y[0], s->q) * y[1];
}

static double overlap_event(double t, const double *y, void *ctx)
{
    (void)t; (void)ctx;
    return y[0];
}

static double force_event(double t, const double *y, void *ctx)
{
    const impact *s = (const impact *)ctx;
    (void)t;
    return s->a * pw(y[0], s->n) + s->b * pw(y[0], s->q) * y[1];
}

/* Restitution of the impact from δ = 0, δ̇ = v0 until the end rule's event; 0 when it does not end by t_end. */
static double integrated_restitution(impact s, demc_contact_end end, double t_end)
{
    ode_options o = {1e-13, 1e-17, 1e-6, 0.05, 0};
    double y[2] = {0.0, 1.0};
    ode_result r = ode_integrate(impact_rhs, end == DEMC_CONTACT_END_FORCE ? force_event : overlap_event, &s, 2, 0.0,
                                 y, t_end, &o);
    return r.status == 1 ? -y[1] : 0.0;
}

/* LS+D, m = k = v0 = ℓ = 1: δ̈ = −δ − 2γ δ̇. */
static double lsd_integrated(double gamma, demc_contact_end end)
{
    impact s;
    s.n = 1.0; s.q = 0.0; s.a = 1.0; s.b = 2.0 * gamma;
    return integrated_restitution(s, end, 200.0);
}

/* HM+D in SI units: K = (4/3)E*√R*, C = 2γ√(m*·2E*√R*) (the dashpot of 002 eq 2 / 001 eq 22), impact speed v0;
 * ℓ is the undamped maximum overlap (5 m v0²/(4K))^{2/5}. e must not depend on v0. */
static double hmd_integrated(double gamma, demc_contact_end end, double v0)
{
    const double m = 0.1734, E = 70e9 / (2.0 * (1.0 - 0.09)), R = 0.025; /* 002's sphere against a wall */
    double K = 4.0 / 3.0 * E * sqrt(R), C = 2.0 * gamma * sqrt(m * 2.0 * E * sqrt(R));
    double l = pow(5.0 * m * v0 * v0 / (4.0 * K), 0.4);
    impact s;
    s.n = 1.5; s.q = 0.25;
    s.a = K * pow(l, 2.5) / (m * v0 * v0);
    s.b = C * pow(l, 1.25) / (m * v0);
    return integrated_restitution(s, end, 400.0);
}

static const double e_grid[] = {0.05, 0.1, 0.135, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99};
#define N_GRID (sizeof e_grid / sizeof e_grid[0])

/* ---- LS+D ---------------------------------------------------------------------------------------------------- */

static void lsd_maps_match_integration(void)
{
    double worst = 0.0;
    size_t i;
    int end;
    for (end = 0; end <= 1; ++end) {
        for (i = 0; i < N_GRID; ++i) {
            double gamma = -1.0, e = -1.0;
            double ode;
            CHECK(demc_damping_lsd_ratio(e_grid[i], (demc_contact_end)end, &gamma) == DEMC_OK);
            ode = lsd_integrated(gamma, (demc_contact_end)end);
            CHECK_REL(ode, e_grid[i], 1e-9);
            if (fabs(ode - e_grid[i]) / e_grid[i] > worst) worst = fabs(ode - e_grid[i]) / e_grid[i];
            CHECK(demc_damping_lsd_restitution(gamma, (demc_contact_end)end, &e) == DEMC_OK);
            CHECK_REL(e, e_grid[i], 1e-13);
        }
    }
    printf("  measured: LS+D maps vs integration, max relative error %.2g for e in [0.05, 0.99]\n", worst);
}

/* The three regimes of 002 eq 7 (γ < 1/√2, 1/√2 ≤ γ ≤ 1, γ > 1) and its limits. */
static void lsd_force_end_regimes_and_limits(void)
{
    const double gammas[] = {1e-3, 0.3, 0.70710678118654752, 0.75, 0.999, 1.0, 1.001, 1.3, 3.0, 10.0};
    size_t i;
    double e = -1.0;
    for (i = 0; i < sizeof gammas / sizeof gammas[0]; ++i) {
        CHECK(demc_damping_lsd_restitution(gammas[i], DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
        CHECK_REL(e, lsd_integrated(gammas[i], DEMC_CONTACT_END_FORCE), 1e-9);
    }
    CHECK(demc_damping_lsd_restitution(1.0, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
    CHECK_REL(e, exp(-2.0), 1e-15); /* critical damping: e = exp(−2) exactly */
    CHECK(demc_damping_lsd_restitution(1.0 - 1e-9, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
    CHECK_REL(e, exp(-2.0), 1e-8);
    CHECK(demc_damping_lsd_restitution(0.0, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
    CHECK(e == 1.0);
    /* γ → 0: ln e = −2γ·arccos(γ)/√(1−γ²) = −πγ + 2γ² + O(γ³) */
    CHECK(demc_damping_lsd_restitution(1e-6, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
    CHECK_REL(e, exp(-PI * 1e-6 + 2e-12), 1e-16);
    /* γ → ∞: e = 1/(4γ²)·(1 + O(ln γ/γ²)) */
    CHECK(demc_damping_lsd_restitution(1e6, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
    CHECK_REL(e * 4e12, 1.0, 1e-10);
    CHECK(demc_damping_lsd_restitution(1e300, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
    CHECK(e == 0.0); /* underflow, not NaN */
    CHECK(demc_damping_lsd_restitution(DBL_MAX, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
    CHECK(e == 0.0);
}

/* Overlap end: for γ ≥ 1 the overlap never returns to zero (the integration finds no end) and e = 0. */
static void lsd_overlap_end_overdamped(void)
{
    double e = -1.0;
    CHECK(demc_damping_lsd_restitution(1.0, DEMC_CONTACT_END_OVERLAP, &e) == DEMC_OK && e == 0.0);
    CHECK(demc_damping_lsd_restitution(2.0, DEMC_CONTACT_END_OVERLAP, &e) == DEMC_OK && e == 0.0);
    CHECK(lsd_integrated(1.0, DEMC_CONTACT_END_OVERLAP) == 0.0);
    CHECK(lsd_integrated(2.0, DEMC_CONTACT_END_OVERLAP) == 0.0);
    /* Schäfer's γ(e) stays below 1 for every e > 0, and e → 0 as γ → 1 */
    CHECK(demc_damping_lsd_ratio(DBL_MIN, DEMC_CONTACT_END_OVERLAP, &e) == DEMC_OK && e < 1.0);
    CHECK(demc_damping_lsd_restitution(0.999, DEMC_CONTACT_END_OVERLAP, &e) == DEMC_OK);
    CHECK_REL(e, exp(-PI * 0.999 / sqrt((1.0 - 0.999) * (1.0 + 0.999))), 1e-13); /* exponent ≈ 70 */
}

/* ---- HM+D ---------------------------------------------------------------------------------------------------- */

static void hmd_maps_match_integration_at_two_speeds(void)
{
    double worst = 0.0;
    size_t i;
    int end;
    for (end = 0; end <= 1; ++end) {
        for (i = 0; i < N_GRID; ++i) {
            double gamma = -1.0, e = -1.0;
            double fast, slow;
            CHECK(demc_damping_hmd_ratio(e_grid[i], (demc_contact_end)end, &gamma) == DEMC_OK);
            fast = hmd_integrated(gamma, (demc_contact_end)end, 5.0);
            slow = hmd_integrated(gamma, (demc_contact_end)end, 0.01);
            CHECK_REL(fast, e_grid[i], 1e-9);
            CHECK_REL(slow, e_grid[i], 1e-9);
            if (fabs(fast - e_grid[i]) / e_grid[i] > worst) worst = fabs(fast - e_grid[i]) / e_grid[i];
            if (fabs(slow - e_grid[i]) / e_grid[i] > worst) worst = fabs(slow - e_grid[i]) / e_grid[i];
            CHECK(demc_damping_hmd_restitution(gamma, (demc_contact_end)end, &e) == DEMC_OK);
            CHECK_REL(e, e_grid[i], 1e-13);
        }
    }
    printf("  measured: HM+D maps vs integration at 5 and 0.01 m/s, max relative error %.2g\n", worst);
}

static void hmd_overdamped_and_limits(void)
{
    const double gc = sqrt(5.0 / 6.0); /* overlap end: no return beyond γ = √(5/6) */
    double e = -1.0, g = -1.0;
    CHECK(demc_damping_hmd_restitution(gc, DEMC_CONTACT_END_OVERLAP, &e) == DEMC_OK && e == 0.0);
    CHECK(demc_damping_hmd_restitution(1.2 * gc, DEMC_CONTACT_END_OVERLAP, &e) == DEMC_OK && e == 0.0);
    CHECK(hmd_integrated(1.2 * gc, DEMC_CONTACT_END_OVERLAP, 1.0) == 0.0);
    /* force end continues past it: strongly damped impacts still separate */
    CHECK(demc_damping_hmd_restitution(2.0, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
    CHECK_REL(e, hmd_integrated(2.0, DEMC_CONTACT_END_FORCE, 1.0), 1e-8);
    /* the √5 formula is the exact overlap-end inverse */
    CHECK(demc_damping_hmd_ratio(0.5, DEMC_CONTACT_END_OVERLAP, &g) == DEMC_OK);
    CHECK_REL(g, sqrt(5.0 / 6.0) * log(2.0) / sqrt(PI * PI + log(2.0) * log(2.0)), 1e-15);
    CHECK(demc_damping_hmd_ratio(1.0, DEMC_CONTACT_END_FORCE, &g) == DEMC_OK && g == 0.0);
}

/* ---- inverses ------------------------------------------------------------------------------------------------ */

/* e → γ → e over the whole domain. The tolerance is 1e-12 plus the conditioning of the forward map at the stored
 * γ: a relative change u of γ moves ln e by u·γ·|d ln e/dγ|, and γ carries a few ulp. For the force end that term stays below 1e-13; for
 * the overlap end it grows as γ → 1 (e below ~1e-20), where |d ln e/dγ| = π/(1−γ²)^{3/2}. */
static double round_trip_tolerance(double gamma, demc_contact_end end)
{
    double slope = end == DEMC_CONTACT_END_OVERLAP ? PI / pow((1.0 - gamma) * (1.0 + gamma), 1.5) : 0.0;
    return 1e-12 + 4.0 * DBL_EPSILON * gamma * slope; /* γ carries a few roundings */
}

static void inverses_round_trip(void)
{
    double worst[2] = {0, 0};
    int end, i;
    for (end = 0; end <= 1; ++end) {
        for (i = 0; i <= 4000; ++i) {
            /* e from 1e-300 to 1 (log-spaced) and on a linear grid of (0, 1] */
            double e = i <= 2000 ? pow(10.0, -300.0 + 0.15 * i) : (i - 2000) / 2000.0, g = -1.0, back = -1.0, err;
            if (e <= 0.0) continue;
            CHECK(demc_damping_lsd_ratio(e, (demc_contact_end)end, &g) == DEMC_OK);
            CHECK(demc_damping_lsd_restitution(g, (demc_contact_end)end, &back) == DEMC_OK);
            CHECK_REL(back, e, round_trip_tolerance(g, (demc_contact_end)end));
            err = fabs(back - e) / e;
            if (e >= 0.05 && err > worst[end]) worst[end] = err;
            CHECK(demc_damping_hmd_ratio(e, (demc_contact_end)end, &g) == DEMC_OK);
            CHECK(demc_damping_hmd_restitution(g, (demc_contact_end)end, &back) == DEMC_OK);
            CHECK_REL(back, e, round_trip_tolerance(g * sqrt(1.2), (demc_contact_end)end));
        }
    }
    printf("  measured: e -> gamma -> e on [0.05, 1], max relative error %.2g (force end), %.2g (overlap end)\n",
           worst[0], worst[1]);
    CHECK(worst[0] <= 1e-14 && worst[1] <= 1e-14);
    /* γ → e → γ: e = 1 − πγ + … holds γ to only ε/|ln e| relative as γ → 0, whatever the inverse does. */
    for (i = 0; i <= 400; ++i) {
        double gamma = pow(10.0, -8.0 + 0.04 * i), e = -1.0, back = -1.0;
        CHECK(demc_damping_lsd_restitution(gamma, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
        if (e > 0.0 && e < 1.0) {
            CHECK(demc_damping_lsd_ratio(e, DEMC_CONTACT_END_FORCE, &back) == DEMC_OK);
            CHECK_REL(back, gamma, 1e-12 + 2.0 * DBL_EPSILON / fabs(log(e)));
        }
        if (gamma < 0.99) {
            CHECK(demc_damping_lsd_restitution(gamma, DEMC_CONTACT_END_OVERLAP, &e) == DEMC_OK);
            if (e > 0.0 && e < 1.0) {
                CHECK(demc_damping_lsd_ratio(e, DEMC_CONTACT_END_OVERLAP, &back) == DEMC_OK);
                CHECK_REL(back, gamma, 1e-12 + 2.0 * DBL_EPSILON / fabs(log(e)));
            }
        }
    }
}

/* The fast approximant against the exact inverse: the maximum relative error stated in the docs. */
static void fast_inverse_error_bound(void)
{
    double worst = 0.0;
    long i;
    for (i = 1; i <= 100000; ++i) {
        double e = i <= 50000 ? pow(10.0, -320.0 * (double)i / 50000.0) : (double)(i - 50000) / 50000.0;
        double exact, fast = demc_damping_lsd_ratio_fast(e), err;
        if (demc_damping_lsd_ratio(e, DEMC_CONTACT_END_FORCE, &exact) != DEMC_OK) { CHECK(0); continue; }
        err = exact == 0.0 ? fabs(fast) : fabs(fast - exact) / exact;
        if (err > worst) worst = err;
    }
    printf("  measured: demc_damping_lsd_ratio_fast max relative error %.2g over 1e5 points of (0, 1]\n", worst);
    CHECK(worst <= 5e-15);
    CHECK(demc_damping_lsd_ratio_fast(1.0) == 0.0);
    CHECK(demc_damping_lsd_ratio_fast(2.0) == 0.0);
    CHECK(demc_damping_lsd_ratio_fast(-0.5) == 0.0);
    CHECK(demc_damping_lsd_ratio_fast(0.0) > 1e300); /* +inf, not NaN */
}

static void bad_input_returns_status(void)
{
    volatile double zero = 0.0;
    double inf = 1.0 / zero, nan = zero / zero, out = 42.0;
    CHECK(demc_damping_lsd_restitution(-1e-300, DEMC_CONTACT_END_FORCE, &out) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_damping_lsd_restitution(nan, DEMC_CONTACT_END_FORCE, &out) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_damping_lsd_restitution(inf, DEMC_CONTACT_END_OVERLAP, &out) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_damping_lsd_restitution(0.5, (demc_contact_end)7, &out) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_damping_lsd_restitution(0.5, DEMC_CONTACT_END_FORCE, NULL) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_damping_hmd_restitution(-2.0, DEMC_CONTACT_END_OVERLAP, &out) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_damping_hmd_restitution(nan, DEMC_CONTACT_END_OVERLAP, &out) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(out == 42.0);
    {
        const double bad_e[] = {0.0, -0.5, 1.0 + 1e-15, 2.0, -0.0};
        size_t i;
        int end;
        for (end = 0; end <= 1; ++end)
            for (i = 0; i < sizeof bad_e / sizeof bad_e[0]; ++i) {
                CHECK(demc_damping_lsd_ratio(bad_e[i], (demc_contact_end)end, &out) == DEMC_ERR_OUT_OF_DOMAIN);
                CHECK(demc_damping_hmd_ratio(bad_e[i], (demc_contact_end)end, &out) == DEMC_ERR_OUT_OF_DOMAIN);
            }
        CHECK(demc_damping_lsd_ratio(nan, DEMC_CONTACT_END_FORCE, &out) == DEMC_ERR_INVALID_ARGUMENT);
        CHECK(demc_damping_hmd_ratio(inf, DEMC_CONTACT_END_FORCE, &out) == DEMC_ERR_INVALID_ARGUMENT);
        CHECK(demc_damping_lsd_ratio(0.5, (demc_contact_end)-1, &out) == DEMC_ERR_INVALID_ARGUMENT);
        CHECK(demc_damping_hmd_ratio(0.5, DEMC_CONTACT_END_OVERLAP, NULL) == DEMC_ERR_INVALID_ARGUMENT);
        CHECK(out == 42.0);
    }
}

/* ---- dashpots ------------------------------------------------------------------------------------------------ */

static void dashpot_forces(void)
{
    const double m = 0.1734, E = 3.8e10, R = 0.0125, gamma = 0.3, delta = 2e-5, v = -1.5;
    double kn = 2.0 * E * sqrt(R * delta);
    demc_vec3 vt = demc_vec3_make(0.3, -0.4, 0.0), f;
    CHECK_REL(demc_damping_linear_force(gamma, m, 1e6, v), 2.0 * gamma * sqrt(m * 1e6) * v, 1e-15);
    CHECK_REL(demc_damping_hertz_force(gamma, m, E, R, delta, v), 2.0 * gamma * sqrt(m * kn) * v, 1e-15);
    /* Campello's d* = 2ξ√(2√r* E* m*) δ^¼ (001 eq 22) is the same coefficient with ξ = γ */
    CHECK_REL(demc_damping_hertz_coefficient(gamma, m, E, R, delta),
              2.0 * gamma * sqrt(2.0 * sqrt(R) * E * m) * pow(delta, 0.25), 1e-15);
    CHECK(demc_damping_hertz_force(gamma, m, E, R, 0.0, v) == 0.0);
    CHECK(demc_damping_hertz_force(gamma, m, E, R, -1e-6, v) == 0.0);
    f = demc_damping_tangential_force(gamma, m, 8e6, vt);
    CHECK_REL(f.x, -2.0 * gamma * sqrt(m * 8e6) * 0.3, 1e-15);
    CHECK_REL(f.y, 2.0 * gamma * sqrt(m * 8e6) * 0.4, 1e-15);
    CHECK(f.z == 0.0);
    CHECK(demc_vec3_dot(f, vt) < 0.0); /* it dissipates */
}

/* ---- the table of docs/pages/restitution_conventions.md ------------------------------------------------------ */

static double schaefer_ratio(double e) { return -log(e) / sqrt(PI * PI + log(e) * log(e)); }

static double tsuji_alpha(double e)
{
    return 1.2728 + e * (-4.2783 + e * (11.087 + e * (-22.348 + e * (27.467 + e * (-18.022 + e * 4.8218)))));
}

/* Entries of the published table (4 decimals) re-derived by integration, and the library maps that made it. */
static void convention_table_matches_integration(void)
{
    struct row { int hertz; double gamma, table; demc_contact_end end; } rows[7];
    size_t i;
    rows[0].hertz = 0; rows[0].gamma = schaefer_ratio(0.1); rows[0].table = 0.2527; rows[0].end = DEMC_CONTACT_END_FORCE;
    rows[1].hertz = 1; rows[1].gamma = schaefer_ratio(0.1); rows[1].table = 0.0693; rows[1].end = DEMC_CONTACT_END_OVERLAP;
    rows[2].hertz = 1; rows[2].gamma = sqrt(5.0 / 6.0) * schaefer_ratio(0.3); rows[2].table = 0.3971;
    rows[2].end = DEMC_CONTACT_END_FORCE;
    rows[3].hertz = 1; rows[3].gamma = 2.0 * schaefer_ratio(0.5) / sqrt(6.0); rows[3].table = 0.5396;
    rows[3].end = DEMC_CONTACT_END_OVERLAP;
    rows[4].hertz = 1; rows[4].gamma = sqrt(2.0) * tsuji_alpha(0.7) / sqrt(6.0); rows[4].table = 0.7182;
    rows[4].end = DEMC_CONTACT_END_FORCE;
    rows[5].hertz = 1; rows[5].gamma = tsuji_alpha(0.5) / sqrt(6.0); rows[5].table = 0.6161;
    rows[5].end = DEMC_CONTACT_END_OVERLAP;
    rows[6].hertz = 0; rows[6].gamma = 0.0; rows[6].table = 0.4363; rows[6].end = DEMC_CONTACT_END_OVERLAP;
    CHECK(demc_damping_lsd_ratio(0.5, DEMC_CONTACT_END_FORCE, &rows[6].gamma) == DEMC_OK); /* SP γ, overlap end */
    for (i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
        double lib = -1.0, ode;
        if (rows[i].hertz) {
            CHECK(demc_damping_hmd_restitution(rows[i].gamma, rows[i].end, &lib) == DEMC_OK);
            ode = hmd_integrated(rows[i].gamma, rows[i].end, 1.0);
        } else {
            CHECK(demc_damping_lsd_restitution(rows[i].gamma, rows[i].end, &lib) == DEMC_OK);
            ode = lsd_integrated(rows[i].gamma, rows[i].end);
        }
        CHECK_REL(lib, ode, 1e-8);
        CHECK_ABS(ode, rows[i].table, 5e-5);
    }
}

/* ---- viscoelastic spheres ---------------------------------------------------------------------------------- */

/* Scaled impact y'' = −√y (y + ε y'): n = 3/2, q = 1/2, a = 1, b = ε. */
static double visco_integrated(double eps, demc_contact_end end)
{
    impact s;
    s.n = 1.5; s.q = 0.5; s.a = 1.0; s.b = eps;
    return integrated_restitution(s, end, 20000.0);
}

static void viscoelastic_matches_integration(void)
{
    const double force_eps[] = {1e-3, 0.05, 0.3, 0.7, 1.0, 1.6, 3.0, 8.0, 40.0, 300.0, 1e4, 1e5};
    const double overlap_eps[] = {1e-3, 0.05, 0.3, 0.7, 1.0, 1.6, 2.5, 3.9, 4.6, 5.5, 6.5, 9.0, 30.0};
    double worst = 0.0, e = -1.0, ode;
    size_t i;
    for (i = 0; i < sizeof force_eps / sizeof force_eps[0]; ++i) {
        CHECK(demc_damping_viscoelastic_restitution_scaled(force_eps[i], DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
        ode = visco_integrated(force_eps[i], DEMC_CONTACT_END_FORCE);
        CHECK_REL(ode, e, 1e-9);
        if (fabs(e - ode) / ode > worst) worst = fabs(e - ode) / ode;
    }
    for (i = 0; i < sizeof overlap_eps / sizeof overlap_eps[0]; ++i) {
        CHECK(demc_damping_viscoelastic_restitution_scaled(overlap_eps[i], DEMC_CONTACT_END_OVERLAP, &e) == DEMC_OK);
        ode = visco_integrated(overlap_eps[i], DEMC_CONTACT_END_OVERLAP);
        CHECK_REL(ode, e, 1e-9);
        if (fabs(e - ode) / ode > worst) worst = fabs(e - ode) / ode;
    }
    printf("  measured: viscoelastic E(eps) vs integration, max relative error %.2g\n", worst);
}

/* The dimensional impact m δ̈ = −K δ^{3/2} − (3/2) A K √δ δ̇ at two speeds: e changes with v as E(ε(v)) says. */
static void viscoelastic_speed_dependence(void)
{
    const double m = 0.01, K = 4.0 / 3.0 * 1e8 * sqrt(0.005), A = 2e-5, speeds[] = {0.1, 10.0};
    size_t i;
    for (i = 0; i < 2; ++i) {
        double v = speeds[i], l = pow(m * v * v / K, 0.4), e = -1.0;
        impact s;
        s.n = 1.5; s.q = 0.5;
        s.a = K * pow(l, 2.5) / (m * v * v);          /* 1 by the choice of l */
        s.b = 1.5 * A * K * pow(l, 1.5) / (m * v);
        CHECK(demc_damping_viscoelastic_restitution(A, K, m, v, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
        CHECK_REL(e, integrated_restitution(s, DEMC_CONTACT_END_FORCE, 1000.0), 1e-9);
        CHECK(demc_damping_viscoelastic_restitution(A, K, m, v, DEMC_CONTACT_END_OVERLAP, &e) == DEMC_OK);
        CHECK_REL(e, integrated_restitution(s, DEMC_CONTACT_END_OVERLAP, 1000.0), 1e-9);
    }
}

/* Published first-order coefficient: e = 1 − C1 ε + …, C1 = 1.15344 (Schwager & Pöschel, PRE 57 (1998) 650;
 * Ramírez, Pöschel, Brilliantov & Schwager, PRE 60 (1999) 4465), at both ends; bounds, monotony, no NaN. */
static void viscoelastic_limits_and_totality(void)
{
    double e = -1.0, prev[2] = {2.0, 2.0};
    int end, i;
    for (end = 0; end <= 1; ++end) {
        CHECK(demc_damping_viscoelastic_restitution_scaled(1e-6, (demc_contact_end)end, &e) == DEMC_OK);
        CHECK_ABS((1.0 - e) / 1e-6, 1.15344, 1e-5);
        CHECK(demc_damping_viscoelastic_restitution_scaled(0.0, (demc_contact_end)end, &e) == DEMC_OK);
        CHECK_REL(e, 1.0, 1e-15);
        for (i = 0; i <= 600; ++i) {
            double eps = pow(10.0, -300.0 + i);
            CHECK(demc_damping_viscoelastic_restitution_scaled(eps, (demc_contact_end)end, &e) == DEMC_OK);
            CHECK(e >= 0.0 && e <= 1.0 && e <= prev[end]);
            prev[end] = e;
        }
        CHECK(demc_damping_viscoelastic_restitution_scaled(DBL_MAX, (demc_contact_end)end, &e) == DEMC_OK && e == 0.0);
    }
    /* the tails: force end C_f ε^{-5/3}, overlap end C_o ε^{-5}. At ε = 1e5 the integrated E·ε^{5/3} is within
     * 1e-7 of its limit (it approaches it roughly as ε^{-3/2}). */
    CHECK(demc_damping_viscoelastic_restitution_scaled(1e12, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
    CHECK_REL(e * pow(1e12, 5.0 / 3.0), visco_integrated(1e5, DEMC_CONTACT_END_FORCE) * pow(1e5, 5.0 / 3.0), 2e-7);
    CHECK(demc_damping_viscoelastic_restitution_scaled(1e3, DEMC_CONTACT_END_OVERLAP, &e) == DEMC_OK);
    CHECK_REL(e * 1e15, visco_integrated(9.0, DEMC_CONTACT_END_OVERLAP) * pow(9.0, 5.0), 1e-9);
    /* bad input */
    CHECK(demc_damping_viscoelastic_restitution_scaled(-1.0, DEMC_CONTACT_END_FORCE, &e) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_damping_viscoelastic_restitution_scaled(1.0 / DBL_MIN / DBL_MIN, DEMC_CONTACT_END_FORCE, &e) ==
          DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_damping_viscoelastic_restitution_scaled(1.0, (demc_contact_end)3, &e) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_damping_viscoelastic_restitution(1e-5, 1e7, 0.01, 1.0, DEMC_CONTACT_END_FORCE, NULL) ==
          DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_damping_viscoelastic_restitution(-1e-5, 1e7, 0.01, 1.0, DEMC_CONTACT_END_FORCE, &e) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_damping_viscoelastic_restitution(1e-5, 0.0, 0.01, 1.0, DEMC_CONTACT_END_FORCE, &e) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_damping_viscoelastic_restitution(1e-5, 1e7, 0.0, 1.0, DEMC_CONTACT_END_FORCE, &e) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_damping_viscoelastic_restitution(1e-5, 1e7, 0.01, -1.0, DEMC_CONTACT_END_FORCE, &e) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_damping_viscoelastic_restitution(1e-5, 1e300, 1e-300, 1.0, DEMC_CONTACT_END_FORCE, &e) == DEMC_ERR_SINGULAR);
    e = 0.5;
    CHECK(demc_damping_viscoelastic_restitution(0.0, 1e7, 0.01, 1.0, DEMC_CONTACT_END_OVERLAP, &e) == DEMC_OK);
    CHECK_REL(e, 1.0, 1e-15);
}

int main(void)
{
    RUN(lsd_maps_match_integration);
    RUN(lsd_force_end_regimes_and_limits);
    RUN(lsd_overlap_end_overdamped);
    RUN(hmd_maps_match_integration_at_two_speeds);
    RUN(hmd_overdamped_and_limits);
    RUN(inverses_round_trip);
    RUN(fast_inverse_error_bound);
    RUN(bad_input_returns_status);
    RUN(dashpot_forces);
    RUN(convention_table_matches_integration);
    RUN(viscoelastic_matches_integration);
    RUN(viscoelastic_speed_dependence);
    RUN(viscoelastic_limits_and_totality);
    return harness_finish("test_damping");
}
