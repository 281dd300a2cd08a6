/* normal.h: Hertz, linear and PLS(B) laws and the Hertz impact analytics against independent references:
 * closed forms written out here, finite differences, direct Dormand–Prince integrations of the impact (the Hertz
 * force of the integration is written here, not taken from the library), energy conservation, the published
 * forms of 001 eq 50 and 004 eq 54-55, and validation. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "demc.h"
#include "demc/analysis.h"
#include "harness.h"
#include "support/ode.h"

static const double pi = 3.14159265358979323846;

static int same_name(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

static demc_material glass(void) { return demc_material_make(63e9, 0.24, 2500); }

static demc_material steel(void) { return demc_material_make(210e9, 0.29, 7850); }

/* The pairs every impact test runs over: equal glass beads, unequal steel–glass, glass on an elastic steel wall,
 * glass on a rigid wall. */
static demc_pair test_pair(int which)
{
    demc_material g = glass(), s = steel();
    demc_pair p;
    demc_status st = DEMC_OK;
    if (which == 0) st = demc_material_pair_sphere_sphere(&g, 1e-3, &g, 1e-3, DEMC_SHEAR_MINDLIN, &p, NULL);
    if (which == 1) st = demc_material_pair_sphere_sphere(&s, 2e-3, &g, 0.5e-3, DEMC_SHEAR_MINDLIN, &p, NULL);
    if (which == 2) st = demc_material_pair_sphere_wall(&g, 1e-3, &s, DEMC_SHEAR_MINDLIN, &p, NULL);
    if (which == 3) st = demc_material_pair_sphere_wall(&g, 1e-3, NULL, DEMC_SHEAR_MINDLIN, &p, NULL);
    CHECK(st == DEMC_OK);
    return p;
}

static void hertz_force_matches_closed_forms(void)
{
    int w;
    for (w = 0; w < 4; ++w) {
        demc_pair p = test_pair(w);
        demc_normal_hertz_params h;
        const char *bad = "unset";
        double d, k = 4.0 / 3.0 * p.effective_modulus * sqrt(p.effective_radius);
        memset(&h, 0, sizeof h);
        CHECK(demc_normal_hertz_init(p.effective_modulus, p.effective_radius, &h, &bad) == DEMC_OK && bad == NULL);
        for (d = 1e-9; d < 1e-4; d *= 3.7) {
            double step = 1e-5 * d;
            double fd = (demc_normal_hertz_force(&h, d + step) - demc_normal_hertz_force(&h, d - step)) / (2 * step);
            double efd = (demc_normal_hertz_energy(&h, d + step) - demc_normal_hertz_energy(&h, d - step)) / (2 * step);
            CHECK_REL(demc_normal_hertz_force(&h, d), k * pow(d, 1.5), 4e-16 * 4);
            /* 000 eq 15: k_n = 2 E* √(R* δ); and k_n is the derivative of the force. */
            CHECK_REL(demc_normal_hertz_stiffness(&h, d), 2 * p.effective_modulus * sqrt(p.effective_radius * d), 1e-15);
            CHECK_REL(demc_normal_hertz_stiffness(&h, d), fd, 1e-9);
            /* Energy (8/15) E* √R* δ^{5/2}; its derivative is the force. */
            CHECK_REL(demc_normal_hertz_energy(&h, d), 8.0 / 15.0 * p.effective_modulus * sqrt(p.effective_radius) *
                                                     pow(d, 2.5), 1e-15);
            CHECK_REL(efd, demc_normal_hertz_force(&h, d), 1e-9);
        }
        /* Out of contact: exactly zero, no NaN. */
        CHECK(demc_normal_hertz_force(&h, 0.0) == 0 && demc_normal_hertz_force(&h, -1e-3) == 0);
        CHECK(demc_normal_hertz_stiffness(&h, -1e-3) == 0 && demc_normal_hertz_energy(&h, -1e-3) == 0);
        CHECK(demc_normal_hertz_force(&h, -DBL_MAX) == 0 && demc_normal_hertz_stiffness(&h, -0.0) == 0);
    }
}

static void linear_spring_closed_forms(void)
{
    demc_normal_linear_params l;
    const char *bad = "unset";
    CHECK(demc_normal_linear_init(2.5e5, &l, &bad) == DEMC_OK && bad == NULL);
    CHECK(demc_normal_linear_force(&l, 2e-4) == 2.5e5 * 2e-4);
    CHECK(demc_normal_linear_stiffness(&l, 2e-4) == 2.5e5);
    CHECK_REL(demc_normal_linear_energy(&l, 2e-4), 0.5 * 2.5e5 * 4e-8, 1e-15);
    CHECK(demc_normal_linear_force(&l, -1) == 0 && demc_normal_linear_stiffness(&l, -1) == 0 && demc_normal_linear_energy(&l, -1) == 0);
    CHECK(demc_normal_linear_stiffness(&l, 0.0) == 0);
}

/* --- Undamped Hertz impact by direct integration. Scaled variables u = δ/L, s = t/T with L = 1e-3 R*,
 * T = L/v (ordinary scales, not the answer): u'' = −c u^{3/2}, c = K √L T²/m*, K = (4/3)E*√R* written here. */
typedef struct hertz_ctx {
    double c;
} hertz_ctx;

static void hertz_rhs(double t, const double *y, double *dy, void *ctx)
{
    double u = y[0] > 0 ? y[0] : 0;
    (void)t;
    dy[0] = y[1];
    dy[1] = -((const hertz_ctx *)ctx)->c * pow(u, 1.5);
}

static double velocity_event(double t, const double *y, void *ctx)
{
    (void)t;
    (void)ctx;
    return y[1];
}

static double position_event(double t, const double *y, void *ctx)
{
    (void)t;
    (void)ctx;
    return y[0];
}

static void hertz_impact_matches_direct_integration(void)
{
    const double speeds[] = {0.01, 1.0, 30.0};
    ode_options o = {1e-13, 1e-15, 0, 0, 0};
    int w, iv;
    for (w = 0; w < 4; ++w) {
        for (iv = 0; iv < 3; ++iv) {
            demc_pair p = test_pair(w);
            demc_normal_hertz_params h;
            demc_collision_hertz a;
            const char *bad = "unset";
            double v = speeds[iv], m = p.effective_mass, kh = 4.0 / 3.0 * p.effective_modulus * sqrt(p.effective_radius);
            double len = 1e-3 * p.effective_radius, tau = len / v, y[2], t_max, d_max, e0, e1;
            hertz_ctx ctx;
            ode_result r;
            memset(&h, 0, sizeof h);
            memset(&a, 0, sizeof a);
            ctx.c = kh * sqrt(len) * tau * tau / m;
            CHECK(demc_collision_hertz_impact(&p, v, &a, &bad) == DEMC_OK && bad == NULL);
            CHECK(demc_normal_hertz_init(p.effective_modulus, p.effective_radius, &h, NULL) == DEMC_OK);
            /* Compression: from first touch to zero relative velocity. */
            y[0] = 0;
            y[1] = 1;
            r = ode_integrate(hertz_rhs, velocity_event, &ctx, 2, 0, y, 1e3, &o);
            CHECK(r.status == 1);
            t_max = r.t * tau;
            d_max = y[0] * len;
            CHECK_REL(a.max_overlap, d_max, 1e-9);
            CHECK_REL(a.max_force, kh * pow(d_max, 1.5), 1e-9);
            CHECK_REL(a.time_of_max_force, t_max, 1e-9);
            CHECK_REL(a.contact_radius, sqrt(p.effective_radius * d_max), 1e-9);
            /* Energy at maximum compression: all kinetic energy stored, by the library's energy function. */
            CHECK_REL(demc_normal_hertz_energy(&h, d_max), 0.5 * m * v * v, 1e-9);
            /* Restitution: back to zero overlap. */
            r = ode_integrate(hertz_rhs, position_event, &ctx, 2, r.t, y, 1e3, &o);
            CHECK(r.status == 1);
            CHECK_REL(a.duration, r.t * tau, 1e-9);
            CHECK_REL(y[1], -1.0, 1e-9);
            /* Energy along the path: kinetic + stored at intermediate times. */
            y[0] = 0;
            y[1] = 1;
            r = ode_integrate(hertz_rhs, NULL, &ctx, 2, 0, y, 0.37 * a.duration / tau, &o);
            e0 = 0.5 * m * v * v;
            e1 = 0.5 * m * (y[1] * len / tau) * (y[1] * len / tau) + demc_normal_hertz_energy(&h, y[0] * len);
            CHECK_REL(e1, e0, 1e-10);
            r = ode_integrate(hertz_rhs, NULL, &ctx, 2, r.t, y, 0.81 * a.duration / tau, &o);
            e1 = 0.5 * m * (y[1] * len / tau) * (y[1] * len / tau) + demc_normal_hertz_energy(&h, y[0] * len);
            CHECK_REL(e1, e0, 1e-10);
        }
    }
}

/* The duration constant and the two published forms of the duration. */
static void duration_forms_of_001_and_004_agree(void)
{
    demc_material g = glass();
    demc_pair p;
    demc_collision_hertz a;
    const double r = 1e-3, v = 1.0, e = 63e9, nu = 0.24, rho = 2500;
    double c001, c004, t004, t001, q004;
    memset(&a, 0, sizeof a);
    /* 2√π Γ(7/5)/Γ(9/10) by libm's tgamma, independent of the macro's literal. */
    CHECK_REL(DEMC_NORMAL_HERTZ_DURATION_FACTOR, 2 * sqrt(pi) * tgamma(1.4) / tgamma(0.9), 2e-15);
    CHECK(demc_material_pair_sphere_sphere(&g, r, &g, r, DEMC_SHEAR_MINDLIN, &p, NULL) == DEMC_OK);
    CHECK(demc_collision_hertz_impact(&p, v, &a, NULL) == DEMC_OK);
    /* 004 eq 54 (identical spheres): δ_max = r (5√2πρ(1−ν²)/(4E) v²)^{2/5}; eq 55: t_H = 2.94 (…)^{2/5} r / v^{1/5}. */
    q004 = pow(5 * sqrt(2.0) * pi * rho * (1 - nu * nu) / (4 * e), 0.4);
    CHECK_REL(a.max_overlap, r * q004 * pow(v, 0.8), 1e-14);
    c004 = a.duration / (q004 * r / pow(v, 0.2));
    CHECK_REL(c004, DEMC_NORMAL_HERTZ_DURATION_FACTOR, 1e-14);
    t004 = 2.94 * q004 * r / pow(v, 0.2);
    CHECK(fabs(t004 - a.duration) <= 0.005 / 2.94 * a.duration); /* 2.94 is the factor to 3 digits */
    /* 001 eq 50: t = 2.87 [m*²/(r* E*² v)]^{1/5}; the exact constant is factor·(15/16)^{2/5}. */
    c001 = a.duration / pow(p.effective_mass * p.effective_mass /
                                (p.effective_radius * p.effective_modulus * p.effective_modulus * v), 0.2);
    CHECK_REL(c001, DEMC_NORMAL_HERTZ_DURATION_FACTOR * pow(15.0 / 16.0, 0.4), 1e-14);
    CHECK_REL(c001, 2.8682656991953314, 1e-14);
    t001 = 2.87 * pow(p.effective_mass * p.effective_mass /
                          (p.effective_radius * p.effective_modulus * p.effective_modulus * v), 0.2);
    CHECK(fabs(t001 - a.duration) <= 0.005 / 2.87 * a.duration);
}

/* Sphere–wall impact is the limit of a sphere–sphere impact as the second sphere grows. */
static void wall_impact_is_limit_of_large_sphere(void)
{
    demc_material g = glass(), s = steel();
    demc_pair big, wall;
    demc_collision_hertz a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    CHECK(demc_material_pair_sphere_sphere(&g, 1e-3, &s, 1e3, DEMC_SHEAR_MINDLIN, &big, NULL) == DEMC_OK);
    CHECK(demc_material_pair_sphere_wall(&g, 1e-3, &s, DEMC_SHEAR_MINDLIN, &wall, NULL) == DEMC_OK);
    CHECK(demc_collision_hertz_impact(&big, 2.0, &a, NULL) == DEMC_OK);
    CHECK(demc_collision_hertz_impact(&wall, 2.0, &b, NULL) == DEMC_OK);
    CHECK_REL(a.max_overlap, b.max_overlap, 1e-6);
    CHECK_REL(a.max_force, b.max_force, 1e-6);
    CHECK_REL(a.duration, b.duration, 1e-6);
    CHECK_REL(a.contact_radius, b.contact_radius, 1e-6);
}

/* --- PLS(B) normal impact: u = δ/L, s = t/T, L = v√(m/k), T = √(m/k); the force is the library's, on a copy
 * of the state latched at the start of the phase. */
typedef struct pls_ctx {
    const demc_normal_pls_params *params;
    demc_normal_pls_state state;
    double len, mass, tau;
} pls_ctx;

static void pls_rhs(double t, const double *y, double *dy, void *vctx)
{
    const pls_ctx *c = (const pls_ctx *)vctx;
    demc_normal_pls_state s = c->state;
    (void)t;
    dy[0] = y[1];
    dy[1] = -demc_normal_pls_force(c->params, y[0] * c->len, &s) * c->tau * c->tau / (c->mass * c->len);
}

static void pls_impact_returns_input_restitution(void)
{
    ode_options o = {1e-13, 1e-15, 0, 0, 0};
    int i;
    for (i = 0; i <= 15; ++i) {
        const double e = i == 15 ? 1.0 : 0.25 + 0.05 * i;
        demc_normal_pls_params p;
        pls_ctx c;
        const double k = 3e5, m = 1.7e-4, v = 1.3;
        double y[2], e_out, d_max;
        ode_result r;
        CHECK(demc_normal_pls_init(k, e, &p, NULL) == DEMC_OK);
        c.params = &p;
        c.state.overlap_max = 0;
        c.mass = m;
        c.tau = sqrt(m / k);
        c.len = v * c.tau;
        y[0] = 0;
        y[1] = 1;
        r = ode_integrate(pls_rhs, velocity_event, &c, 2, 0, y, 1e3, &o);
        CHECK(r.status == 1);
        d_max = y[0] * c.len;
        /* Loading on e·k: δ_max = v √(m/(e k)). */
        CHECK_REL(d_max, v * sqrt(m / (e * k)), 1e-9);
        (void)demc_normal_pls_force(&p, d_max, &c.state); /* latch δ_max for the unloading phase */
        CHECK(c.state.overlap_max == d_max);
        r = ode_integrate(pls_rhs, position_event, &c, 2, r.t, y, 1e3, &o);
        CHECK(r.status == 1);
        e_out = -y[1];
        CHECK_REL(e_out, e, 1e-6);
        CHECK_REL(e_out, e, 1e-9); /* achieved */
        /* Energy: ½ m v² (1 − e²) dissipated. */
        CHECK_ABS(demc_normal_pls_dissipated_energy(&p, &c.state), 0.5 * m * v * v * (1 - e * e), 1e-9 * 0.5 * m * v * v);
    }
}

/* The branches of 002 eq 3 at exact points, reloading, separation from the dent, reset, and e = 1. */
static void pls_branches(void)
{
    demc_normal_pls_params p;
    demc_normal_pls_state s;
    demc_normal_linear_params l;
    const double k = 1e6, e = 0.5, k1 = 5e5, k2 = 2e6; /* α₀ = 0.75 δ_max */
    double f;
    const char *bad = "unset";
    CHECK(sizeof(demc_normal_pls_state) == DEMC_NORMAL_PLS_STATE_SIZE * sizeof(double));
    CHECK(demc_normal_pls_init(k, e, &p, &bad) == DEMC_OK && bad == NULL);
    CHECK(p.loading_stiffness == k1 && p.unloading_stiffness == k2 && p.plastic_fraction == 0.75);
    memset(&s, 0, sizeof s); /* zero = new contact */
    CHECK_REL(demc_normal_pls_force(&p, 1e-4, &s), k1 * 1e-4, 1e-15);
    CHECK(s.overlap_max == 1e-4);
    CHECK(demc_normal_pls_stiffness(&p, 1e-4, &s) == k1);
    f = demc_normal_pls_force(&p, 2e-4, &s); /* loading */
    CHECK_REL(f, 100.0, 1e-15);
    CHECK(s.overlap_max == 2e-4);
    /* unloading from δ_max = 2e-4: α₀ = 1.5e-4, F = k₂(δ − α₀) */
    CHECK_REL(demc_normal_pls_force(&p, 1.8e-4, &s), k2 * 0.3e-4, 1e-12);
    CHECK(demc_normal_pls_stiffness(&p, 1.8e-4, &s) == k2);
    CHECK_REL(demc_normal_pls_elastic_energy(&p, 1.8e-4, &s), 0.5 * k2 * 0.3e-4 * 0.3e-4, 1e-12);
    CHECK(demc_normal_pls_force(&p, 1.4e-4, &s) == 0 && s.overlap_max == 2e-4); /* off the dent, contact kept */
    CHECK(demc_normal_pls_stiffness(&p, 1.4e-4, &s) == 0);
    /* reloading up the same line, then on k₁ beyond δ_max */
    CHECK_REL(demc_normal_pls_force(&p, 1.9e-4, &s), k2 * 0.4e-4, 1e-12);
    CHECK_REL(demc_normal_pls_force(&p, 2.2e-4, &s), k1 * 2.2e-4, 1e-15);
    CHECK(s.overlap_max == 2.2e-4);
    CHECK_REL(demc_normal_pls_dissipated_energy(&p, &s), 0.5 * k1 * 0.75 * 2.2e-4 * 2.2e-4, 1e-15);
    /* separation: contact over, state reset */
    CHECK(demc_normal_pls_force(&p, -1e-6, &s) == 0 && s.overlap_max == 0);
    CHECK(demc_normal_pls_force(&p, 0.0, &s) == 0 && s.overlap_max == 0);
    /* e = 1 is the linear spring */
    CHECK(demc_normal_pls_init(k, 1.0, &p, NULL) == DEMC_OK && demc_normal_linear_init(k, &l, NULL) == DEMC_OK);
    memset(&s, 0, sizeof s);
    CHECK(demc_normal_pls_force(&p, 3e-4, &s) == demc_normal_linear_force(&l, 3e-4));
    CHECK(demc_normal_pls_force(&p, 1e-4, &s) == demc_normal_linear_force(&l, 1e-4));
}

/* Along an arbitrary path of δ (loading, partial unloading, reloading past δ_max, separation from the dent), the
 * work done on the contact equals dissipated + recoverable energy, and the force is continuous. */
static void pls_work_balance_on_a_path(void)
{
    demc_normal_pls_params p;
    demc_normal_pls_state s;
    const int n = 200000;
    double work = 0, prev_d = 0, prev_f = 0, jump = 0;
    int i;
    CHECK(demc_normal_pls_init(2e5, 0.37, &p, NULL) == DEMC_OK);
    memset(&s, 0, sizeof s);
    for (i = 1; i <= n; ++i) {
        double t = (double)i / n;
        double d = 1e-4 * (0.6 * sin(9 * t) * sin(9 * t) + t * 0.8 + 0.1 * sin(40 * t)); /* wanders, stays > 0 */
        double f = demc_normal_pls_force(&p, d, &s);
        work += 0.5 * (f + prev_f) * (d - prev_d);
        if (fabs(f - prev_f) > jump) jump = fabs(f - prev_f);
        prev_d = d;
        prev_f = f;
    }
    CHECK_REL(work, demc_normal_pls_dissipated_energy(&p, &s) + demc_normal_pls_elastic_energy(&p, prev_d, &s), 1e-6);
    CHECK(jump < 1e-3 * demc_normal_pls_force(&p, s.overlap_max, &s)); /* no jumps: steps are 1/200000 of the path */
}

/* Finite inputs inside the domain never give NaN or infinity. */
static void hot_path_is_nan_free(void)
{
    demc_normal_hertz_params h;
    demc_normal_linear_params l;
    demc_normal_pls_params p;
    demc_normal_pls_state s;
    demc_pair pair = test_pair(1);
    unsigned long state = 99;
    int i;
    memset(&h, 0, sizeof h);
    CHECK(demc_normal_hertz_init(pair.effective_modulus, pair.effective_radius, &h, NULL) == DEMC_OK);
    CHECK(demc_normal_linear_init(1e7, &l, NULL) == DEMC_OK);
    CHECK(demc_normal_pls_init(1e7, 0.01, &p, NULL) == DEMC_OK);
    memset(&s, 0, sizeof s);
    for (i = 0; i < 100000; ++i) {
        double u, d, out[9];
        int j, ok = 1;
        state = state * 6364136223846793005UL + 1442695040888963407UL;
        u = (double)(state >> 11) / 9007199254740992.0;
        d = (i % 2 ? 1 : -1) * pow(10.0, -300 + 350 * u); /* |δ| from 1e-300 to 1e50 m */
        out[0] = demc_normal_hertz_force(&h, d);
        out[1] = demc_normal_hertz_stiffness(&h, d);
        out[2] = demc_normal_hertz_energy(&h, d);
        out[3] = demc_normal_linear_force(&l, d);
        out[4] = demc_normal_linear_energy(&l, d);
        out[5] = demc_normal_pls_stiffness(&p, d, &s);
        out[6] = demc_normal_pls_elastic_energy(&p, d, &s);
        out[7] = demc_normal_pls_force(&p, d, &s);
        out[8] = demc_normal_pls_dissipated_energy(&p, &s);
        for (j = 0; j < 9; ++j) ok = ok && out[j] - out[j] == 0 && out[j] >= 0;
        if (!CHECK(ok)) break;
    }
}

static void invalid_inputs_are_named(void)
{
    volatile double zero = 0.0;
    const double nan = zero / zero, inf = 1.0 / zero;
    demc_pair good = test_pair(0), bad_pair;
    demc_normal_hertz_params h, hs;
    demc_normal_linear_params l;
    demc_normal_pls_params p, ps;
    demc_collision_hertz a, as;
    const char *bad;
    memset(&hs, 0x5a, sizeof hs);
    memset(&ps, 0x5a, sizeof ps);
    memset(&as, 0x5a, sizeof as);
    h = hs;
    p = ps;
    a = as;
    CHECK(demc_normal_hertz_init(good.effective_modulus, good.effective_radius, NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "params"));
    /* Inputs are checked before the output pointer, in argument order. */
    CHECK(demc_normal_hertz_init(nan, good.effective_radius, NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "effective_modulus"));
    bad_pair = good;
    bad_pair.effective_modulus = nan;
    CHECK(demc_normal_hertz_init(bad_pair.effective_modulus, bad_pair.effective_radius, &h, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "effective_modulus"));
    bad_pair.effective_modulus = -1;
    CHECK(demc_normal_hertz_init(bad_pair.effective_modulus, bad_pair.effective_radius, &h, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "effective_modulus"));
    bad_pair = good;
    bad_pair.effective_radius = 0;
    CHECK(demc_normal_hertz_init(bad_pair.effective_modulus, bad_pair.effective_radius, &h, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "effective_radius"));
    bad_pair.effective_radius = inf;
    CHECK(demc_normal_hertz_init(bad_pair.effective_modulus, bad_pair.effective_radius, &h, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "effective_radius"));
    bad_pair = good;
    bad_pair.effective_modulus = DBL_MAX;
    bad_pair.effective_radius = 1e10;
    CHECK(demc_normal_hertz_init(bad_pair.effective_modulus, bad_pair.effective_radius, &h, &bad) == DEMC_ERR_SINGULAR && same_name(bad, "params.prefactor"));
    CHECK(memcmp(&h, &hs, sizeof h) == 0);
    /* Hertz needs only E* and R*: G* and m* are not checked there. */
    bad_pair = good;
    bad_pair.effective_mass = 0;
    bad_pair.effective_shear_modulus = nan;
    CHECK(demc_normal_hertz_init(bad_pair.effective_modulus, bad_pair.effective_radius, &h, &bad) == DEMC_OK && bad == NULL);

    CHECK(demc_normal_linear_init(1, NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "params"));
    CHECK(demc_normal_linear_init(nan, &l, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "stiffness"));
    CHECK(demc_normal_linear_init(-inf, &l, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "stiffness"));
    CHECK(demc_normal_linear_init(0, &l, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "stiffness"));

    CHECK(demc_normal_pls_init(1, 0.5, NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "params"));
    CHECK(demc_normal_pls_init(inf, 0.5, &p, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "stiffness"));
    CHECK(demc_normal_pls_init(-1, 0.5, &p, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "stiffness"));
    CHECK(demc_normal_pls_init(1, nan, &p, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "restitution"));
    CHECK(demc_normal_pls_init(1, 0, &p, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "restitution"));
    CHECK(demc_normal_pls_init(1, -0.5, &p, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "restitution"));
    CHECK(demc_normal_pls_init(1, 1.0000000000000002, &p, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "restitution"));
    CHECK(demc_normal_pls_init(1e300, 1e-10, &p, &bad) == DEMC_ERR_SINGULAR && same_name(bad, "params.unloading_stiffness"));
    CHECK(demc_normal_pls_init(1e-300, 1e-30, &p, &bad) == DEMC_ERR_SINGULAR && same_name(bad, "params.loading_stiffness"));
    CHECK(memcmp(&p, &ps, sizeof p) == 0);

    CHECK(demc_collision_hertz_impact(NULL, 1, &a, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "pair"));
    CHECK(demc_collision_hertz_impact(&good, 1, NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "impact"));
    CHECK(demc_collision_hertz_impact(&good, nan, &a, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "approach_speed"));
    CHECK(demc_collision_hertz_impact(&good, 0, &a, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "approach_speed"));
    CHECK(demc_collision_hertz_impact(&good, -1, &a, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "approach_speed"));
    bad_pair = good;
    bad_pair.effective_mass = -1;
    CHECK(demc_collision_hertz_impact(&bad_pair, 1, &a, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "pair.effective_mass"));
    bad_pair.effective_mass = inf;
    CHECK(demc_collision_hertz_impact(&bad_pair, 1, &a, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "pair.effective_mass"));
    bad_pair = good;
    bad_pair.effective_mass = 1e300;
    bad_pair.effective_modulus = 1e-300;
    CHECK(demc_collision_hertz_impact(&bad_pair, 1e100, &a, &bad) == DEMC_ERR_SINGULAR && same_name(bad, "impact.max_overlap"));
    CHECK(memcmp(&a, &as, sizeof a) == 0);
    CHECK(demc_collision_hertz_impact(&good, 1, &a, NULL) == DEMC_OK);
}

int main(void)
{
    RUN(hertz_force_matches_closed_forms);
    RUN(linear_spring_closed_forms);
    RUN(hertz_impact_matches_direct_integration);
    RUN(duration_forms_of_001_and_004_agree);
    RUN(wall_impact_is_limit_of_large_sphere);
    RUN(pls_impact_returns_input_restitution);
    RUN(pls_branches);
    RUN(pls_work_balance_on_a_path);
    RUN(hot_path_is_nan_free);
    RUN(invalid_inputs_are_named);
    return harness_finish("test_normal");
}
