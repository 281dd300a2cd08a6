/* adhesion.h: JKR, DMT and the simplified JKR against independent references: the closed forms of JKR written
 * out here (δ(a), F(a), their derivatives), roots found here by bisection, integrals of the closed forms by
 * composite Simpson rules, the sphere–sphere intersection circle from plane geometry, a Dormand–Prince
 * integration of a head-on collision compared with the energy loss published by Thornton & Ning (1998), the
 * Hertz law of normal.h for w = 0, and energy balances of collisions driven by the kernels. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "demc.h"
#include "harness.h"
#include "support/tangential_step.h"
#include "support/ode.h"

static const double pi = 3.14159265358979323846;

static int same_name(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

/* ---- the JKR closed forms, written here -------------------------------------------------------------------- */

typedef struct jkr_case {
    double e, r, w; /* E*, R*, w */
} jkr_case;

/* Soft rubber-like, glass microspheres, a stiff sphere with weak adhesion. */
static jkr_case jkr_cases(int i)
{
    jkr_case c;
    c.e = i == 0 ? 1e6 : i == 1 ? 3.6e10 : 2e11;
    c.r = i == 0 ? 1e-2 : i == 1 ? 5e-7 : 1e-3;
    c.w = i == 0 ? 0.05 : i == 1 ? 0.1 : 1e-3;
    return c;
}

static double ref_delta(jkr_case c, double a) { return a * a / c.r - sqrt(2 * pi * c.w * a / c.e); }
static double ref_force(jkr_case c, double a) { return 4 * c.e * a * a * a / (3 * c.r) - sqrt(8 * pi * c.w * c.e * a * a * a); }
static double ref_ddelta(jkr_case c, double a) { return 2 * a / c.r - 0.5 * sqrt(2 * pi * c.w / (c.e * a)); }
static double ref_dforce(jkr_case c, double a) { return 4 * c.e * a * a / c.r - 1.5 * sqrt(8 * pi * c.w * c.e * a); }
/* Jump-off radius (dδ/da = 0) and overlap, the radius at touch (δ = 0), the pull-off force. */
static double ref_ac(jkr_case c) { return pow(pi * c.w * c.r * c.r / (8 * c.e), 1.0 / 3.0); }
static double ref_delta_c(jkr_case c) { return -0.75 * pow(pi * pi * c.w * c.w * c.r / (c.e * c.e), 1.0 / 3.0); }
static double ref_a0(jkr_case c) { return pow(2 * pi * c.w * c.r * c.r / c.e, 1.0 / 3.0); }
static double ref_fc(jkr_case c) { return 1.5 * pi * c.w * c.r; }

/* The stable-branch radius at δ by bisection on δ(a) (monotone for a > a_c). */
static double ref_radius(jkr_case c, double delta)
{
    double lo = ref_ac(c), hi = lo;
    int k;
    while (ref_delta(c, hi) < delta) hi *= 2;
    for (k = 0; k < 200; ++k) {
        double mid = 0.5 * (lo + hi);
        if (ref_delta(c, mid) < delta) lo = mid; else hi = mid;
    }
    return 0.5 * (lo + hi);
}

/* ∫ f over [a, b] by composite Simpson with n (even) intervals. */
static double simpson(double (*f)(double, const void *), const void *ctx, double a, double b, int n)
{
    double h = (b - a) / n, s = f(a, ctx) + f(b, ctx);
    int k;
    for (k = 1; k < n; ++k) s += (k % 2 ? 4.0 : 2.0) * f(a + k * h, ctx);
    return s * h / 3.0;
}

/* F(a) δ'(a): the integrand of ∫F dδ along the branch, parametrised by a. */
static double work_integrand(double a, const void *ctx)
{
    const jkr_case *c = (const jkr_case *)ctx;
    return ref_force(*c, a) * ref_ddelta(*c, a);
}

static demc_adhesion_jkr_params jkr_params(jkr_case c)
{
    demc_adhesion_jkr_params p;
    memset(&p, 0, sizeof p);
    CHECK(demc_adhesion_jkr_init(c.e, c.r, c.w, &p, NULL) == DEMC_OK);
    return p;
}

/* ---- JKR identities ---------------------------------------------------------------------------------------- */

static void jkr_radius_inverts_overlap_on_both_branches(void)
{
    int i;
    for (i = 0; i < 3; ++i) {
        const jkr_case c = jkr_cases(i);
        const demc_adhesion_jkr_params p = jkr_params(c);
        const double ac = ref_ac(c);
        double s, worst_s = 0, worst_u = 0;
        int n_s = 0, n_u = 0;
        for (s = 1e-4; s < 1e5; s *= 1.013) {
            const double a = s * ac, d = ref_delta(c, a);
            if (fabs(s - 1) < 0.01) continue; /* the double root: a is ill-conditioned in δ there */
            if (s > 1) {
                double e = harness_rel_err(demc_adhesion_jkr_radius(&p, d), a);
                worst_s = e > worst_s ? e : worst_s;
                ++n_s;
            } else {
                double e = harness_rel_err(demc_adhesion_jkr_radius_unstable(&p, d), a);
                worst_u = e > worst_u ? e : worst_u;
                ++n_u;
            }
            /* the kernel's δ(a), F(a) against the closed forms (relative to the size of their terms) */
            CHECK_ABS(demc_adhesion_jkr_overlap(&p, a), d, 1e-14 * (a * a / c.r + sqrt(2 * pi * c.w * a / c.e)));
            CHECK_ABS(demc_adhesion_jkr_load(&p, a), ref_force(c, a),
                      1e-14 * (4 * c.e * a * a * a / (3 * c.r) + sqrt(8 * pi * c.w * c.e * a * a * a)));
        }
        CHECK(n_s > 500 && n_u > 500);
        CHECK(worst_s <= 1e-12);
        CHECK(worst_u <= 1e-12);
        /* Outside the branches: no root, 0; the unstable branch ends at δ = 0 (a → 0). */
        CHECK(demc_adhesion_jkr_radius(&p, 1.001 * ref_delta_c(c)) == 0.0);
        CHECK(demc_adhesion_jkr_radius_unstable(&p, 1.001 * ref_delta_c(c)) == 0.0);
        CHECK(demc_adhesion_jkr_radius_unstable(&p, 1e-3 * ac) == 0.0);
        CHECK_REL(demc_adhesion_jkr_radius(&p, 0.0), ref_a0(c), 1e-14);
        CHECK(demc_adhesion_jkr_radius_unstable(&p, 0.0) == 0.0);
        /* Stable-branch radius against a bisection of the closed form, through the force. */
        for (s = -0.99; s < 50; s += 0.37) {
            const double d = -s * ref_delta_c(c), a = ref_radius(c, d);
            demc_adhesion_state st = DEMC_ADHESION_STATE_INIT;
            demc_adhesion_result r;
            st.neck = 1.0;
            r = demc_adhesion_jkr_update(&p, d, &st);
            CHECK_REL(r.contact_radius, a, 1e-13);
            CHECK_ABS(r.force, ref_force(c, a), 1e-12 * ref_fc(c));
            /* dF/dδ = F'(a)/δ'(a) */
            CHECK_REL(r.stiffness, ref_dforce(c, a) / ref_ddelta(c, a), 1e-9);
            CHECK_REL(r.contact_stiffness, 2 * c.e * a, 1e-13);
            CHECK_REL(r.friction_load, fabs(ref_force(c, a) + 2 * ref_fc(c)), 1e-12);
        }
    }
}

/* Golden-section minimum of g on [lo, hi]. */
static double golden_min(double (*g)(double, const void *), const void *ctx, double lo, double hi)
{
    const double r = 0.61803398874989484820;
    double x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo), f1 = g(x1, ctx), f2 = g(x2, ctx);
    int k;
    for (k = 0; k < 200; ++k) {
        if (f1 < f2) { hi = x2; x2 = x1; f2 = f1; x1 = hi - r * (hi - lo); f1 = g(x1, ctx); }
        else { lo = x1; x1 = x2; f1 = f2; x2 = lo + r * (hi - lo); f2 = g(x2, ctx); }
    }
    return f1 < f2 ? f1 : f2;
}

static double kernel_force_at_overlap(double d, const void *ctx)
{
    const demc_adhesion_jkr_params *p = (const demc_adhesion_jkr_params *)ctx;
    demc_adhesion_state st = DEMC_ADHESION_STATE_INIT;
    st.neck = 1.0;
    return demc_adhesion_jkr_update(p, d, &st).force;
}

static double kernel_load_at_radius(double a, const void *ctx)
{
    return demc_adhesion_jkr_load((const demc_adhesion_jkr_params *)ctx, a);
}

static void jkr_pulloff_force_under_force_control(void)
{
    int i;
    for (i = 0; i < 3; ++i) {
        const jkr_case c = jkr_cases(i);
        const demc_adhesion_jkr_params p = jkr_params(c);
        const double fc = 1.5 * pi * c.w * c.r, dc = ref_delta_c(c);
        /* The least force the contact can carry, along the radius and along the overlap. */
        CHECK_REL(golden_min(kernel_load_at_radius, &p, ref_ac(c), ref_a0(c)), -fc, 1e-12);
        CHECK_REL(golden_min(kernel_force_at_overlap, &p, dc, 0.0), -fc, 1e-12);
        CHECK_REL(p.pulloff_force, fc, 1e-15);
    }
}

static void jkr_jump_off_under_displacement_control(void)
{
    int i;
    for (i = 0; i < 3; ++i) {
        const jkr_case c = jkr_cases(i);
        const demc_adhesion_jkr_params p = jkr_params(c);
        const double dc = ref_delta_c(c), fc = ref_fc(c);
        double lo, hi, d;
        int k, broke = 0;
        demc_adhesion_state st = DEMC_ADHESION_STATE_INIT;
        CHECK_REL(demc_adhesion_jkr_pulloff_distance(&p), -dc, 1e-14);
        /* Approach from apart: no force until touch, the neck forms at δ > 0. */
        CHECK(demc_adhesion_jkr_update(&p, 0.5 * dc, &st).contact == 0 && st.neck == 0.0);
        CHECK(demc_adhesion_jkr_update(&p, 0.0, &st).force == 0.0 && st.neck == 0.0);
        CHECK(demc_adhesion_jkr_update(&p, 1e-6 * -dc, &st).contact == 1 && st.neck == 1.0);
        /* Retract in steps of |δ_c|/1000: the neck holds to δ_c, breaks past it. */
        for (k = 0; k < 3000 && !broke; ++k) {
            demc_adhesion_result r;
            d = 1e-6 * -dc - k * 1e-3 * -dc;
            r = demc_adhesion_jkr_update(&p, d, &st);
            if (!r.contact) {
                broke = 1;
                CHECK(d < dc && d > dc * 1.0011);
                CHECK(st.neck == 0.0 && r.force == 0.0 && r.friction_load == 0.0);
            } else {
                CHECK(d >= dc);
            }
        }
        CHECK(broke);
        /* Bisection on the break: the neck exists exactly down to δ_c. */
        lo = 2 * dc;
        hi = 0.0;
        for (k = 0; k < 80; ++k) {
            demc_adhesion_state s2 = DEMC_ADHESION_STATE_INIT;
            s2.neck = 1.0;
            d = 0.5 * (lo + hi);
            if (demc_adhesion_jkr_update(&p, d, &s2).contact) hi = d; else lo = d;
        }
        CHECK_REL(hi, dc, 1e-12);
        /* The force at the jump-off is −(5/9)F_c (a is √ε-conditioned there). */
        {
            demc_adhesion_state s2 = DEMC_ADHESION_STATE_INIT;
            demc_adhesion_result r;
            s2.neck = 1.0;
            r = demc_adhesion_jkr_update(&p, hi, &s2);
            CHECK_REL(r.force, -5.0 / 9.0 * fc, 1e-6);
            CHECK_REL(r.contact_radius, ref_ac(c), 1e-6);
            CHECK(demc_is_finite(r.stiffness) && r.stiffness < 0);
        }
        /* Swapping the bodies changes nothing. */
        st.neck = 1.0;
        CHECK(demc_adhesion_state_swap(st).neck == 1.0);
    }
}

/* The work lost in a full cycle under displacement control: the area between the loading path (F = 0 until
 * touch, then the stable branch) and the unloading path (the stable branch down to δ_c), i.e.
 * −∫_{δ_c}^{0} F dδ = −∫_{a_c}^{a_0} F(a) δ'(a) da, integrated here from the closed forms. */
static void jkr_cycle_work_equals_loop_area(void)
{
    int i;
    for (i = 0; i < 3; ++i) {
        const jkr_case c = jkr_cases(i);
        const demc_adhesion_jkr_params p = jkr_params(c);
        const double dc = ref_delta_c(c), dmax = -3 * dc;
        const double area = -simpson(work_integrand, &c, ref_ac(c), ref_a0(c), 20000);
        double work = 0, d_prev, f_prev, d, f;
        const long n = 1000000;
        long k;
        demc_adhesion_state st = DEMC_ADHESION_STATE_INIT;
        /* Drive the kernel: approach from 1.5 δ_c to δ_max and retract to 1.5 δ_c, trapezoid work of the force
         * on the bodies (the external agent does the opposite). The grid hits δ = 0 on the way in. */
        d_prev = 1.5 * dc;
        f_prev = demc_adhesion_jkr_update(&p, d_prev, &st).force;
        for (k = 1; k <= 2 * n; ++k) {
            const double x = k <= n ? (double)k / n : (double)(2 * n - k) / n;
            d = 1.5 * dc + x * (dmax - 1.5 * dc);
            f = demc_adhesion_jkr_update(&p, d, &st).force;
            work += 0.5 * (f + f_prev) * (d - d_prev);
            d_prev = d;
            f_prev = f;
        }
        /* ∮F dδ is the energy the bodies lose (their relative displacement along n is −dδ) */
        CHECK(area > 0);
        CHECK_REL(work, area, 1e-6);
        /* The kernel's cycle loss and the potential at the jump-off are that area. */
        CHECK_REL(demc_adhesion_jkr_cycle_loss(&p), area, 1e-10);
        CHECK_REL(demc_adhesion_jkr_energy(&p, ref_ac(c)), area, 1e-10);
        /* Thornton & Ning (1998): 7.09 (Γ⁵R*⁴/E*²)^{1/3} with Γ the work of adhesion (3 printed digits). */
        CHECK_REL(area, 7.09 * pow(pow(c.w, 5) * pow(c.r, 4) / (c.e * c.e), 1.0 / 3.0), 1e-3);
    }
}

static void jkr_energy_is_the_potential_of_the_force(void)
{
    int i;
    for (i = 0; i < 3; ++i) {
        const jkr_case c = jkr_cases(i);
        const demc_adhesion_jkr_params p = jkr_params(c);
        const double ac = ref_ac(c), a0 = ref_a0(c);
        double s;
        /* 0 at touch; the potential of F along both branches: U(a₂) − U(a₁) = ∫ F δ' da (Simpson, here). */
        CHECK_ABS(demc_adhesion_jkr_energy(&p, a0), 0.0, 1e-13 * demc_adhesion_jkr_cycle_loss(&p));
        for (s = 0.05; s < 30; s *= 1.7) {
            const double a = s * ac;
            const double u = demc_adhesion_jkr_energy(&p, a);
            const double ref = simpson(work_integrand, &c, a0, a, 20000);
            CHECK_ABS(u, ref, 1e-10 * (fabs(ref) + demc_adhesion_jkr_cycle_loss(&p)));
            /* elastic energy = potential + surface energy π w a² (+ the constant that makes U(a₀) = 0) */
            CHECK_ABS(demc_adhesion_jkr_elastic_energy(&p, a),
                      u + pi * c.w * a * a - 0.3 * c.e / (c.r * c.r) * pow(2 * pi * c.w * c.r * c.r / c.e, 5.0 / 3.0),
                      1e-12 * (demc_adhesion_jkr_elastic_energy(&p, a) + demc_adhesion_jkr_cycle_loss(&p)));
            CHECK(demc_adhesion_jkr_elastic_energy(&p, a) > 0);
        }
        CHECK(demc_adhesion_jkr_energy(&p, 0.0) == 0.0 && demc_adhesion_jkr_elastic_energy(&p, -1.0) == 0.0);
    }
}

static void jkr_and_dmt_without_adhesion_are_hertz(void)
{
    demc_pair pair;
    demc_normal_hertz_params h;
    demc_adhesion_jkr_params j;
    demc_adhesion_dmt_params m;
    double d;
    memset(&pair, 0, sizeof pair);
    pair.effective_modulus = 3.4e10;
    pair.effective_radius = 7e-4;
    CHECK(demc_normal_hertz_init(pair.effective_modulus, pair.effective_radius, &h, NULL) == DEMC_OK);
    CHECK(demc_adhesion_jkr_init(pair.effective_modulus, pair.effective_radius, 0.0, &j, NULL) == DEMC_OK);
    CHECK(demc_adhesion_dmt_init(pair.effective_modulus, pair.effective_radius, 0.0, &m, NULL) == DEMC_OK);
    CHECK(j.neck_constant == 0.0 && j.pulloff_force == 0.0 && m.pulloff_force == 0.0);
    CHECK(demc_adhesion_jkr_pulloff_distance(&j) == 0.0 && demc_adhesion_jkr_cycle_loss(&j) == 0.0);
    for (d = -1e-6; d < 1e-4; d = d < 0 ? 1e-12 : d * 1.9) {
        demc_adhesion_state st = DEMC_ADHESION_STATE_INIT;
        demc_adhesion_result rj, rm;
        st.neck = 1.0; /* even a neck does not hold without adhesion */
        rj = demc_adhesion_jkr_update(&j, d, &st);
        rm = demc_adhesion_dmt_force(&m, d);
        CHECK(rj.force == demc_normal_hertz_force(&h, d) && rm.force == demc_normal_hertz_force(&h, d));
        CHECK(rj.stiffness == demc_normal_hertz_stiffness(&h, d) && rm.stiffness == demc_normal_hertz_stiffness(&h, d));
        CHECK(rj.contact == (d > 0) && rm.contact == (d > 0) && st.neck == (d > 0 ? 1.0 : 0.0));
        CHECK(rj.friction_load == rj.force && rm.friction_load == rm.force);
        CHECK(demc_adhesion_jkr_radius(&j, d) == (d > 0 ? sqrt(pair.effective_radius * d) : 0.0));
        CHECK(rj.contact_radius == demc_adhesion_jkr_radius(&j, d));
        CHECK(demc_adhesion_dmt_energy(&m, d) == demc_normal_hertz_energy(&h, d));
        CHECK_REL(demc_adhesion_jkr_energy(&j, rj.contact_radius), demc_normal_hertz_energy(&h, d), 1e-14);
    }
}

static void dmt_law(void)
{
    const double e = 7e10, r = 2e-6, w = 0.2, fc = 2 * pi * w * r, k = 4.0 / 3.0 * e * sqrt(r);
    demc_adhesion_dmt_params p;
    double d;
    CHECK(demc_adhesion_dmt_init(e, r, w, &p, NULL) == DEMC_OK);
    CHECK_REL(p.pulloff_force, fc, 1e-15);
    /* Pull-off at δ → 0⁺: the force is −2πwR*, and no force at or below δ = 0. */
    CHECK_REL(demc_adhesion_dmt_force(&p, 1e-30).force, -fc, 1e-15);
    CHECK(demc_adhesion_dmt_force(&p, 0.0).force == 0.0 && demc_adhesion_dmt_force(&p, -1e-9).contact == 0);
    for (d = 1e-12; d < 1e-6; d *= 2.3) {
        const demc_adhesion_result res = demc_adhesion_dmt_force(&p, d);
        const double h = 1e-6 * d;
        CHECK_REL(res.force, k * pow(d, 1.5) - fc, 1e-13 * (1 + fc / fabs(k * pow(d, 1.5) - fc)));
        CHECK_REL(res.stiffness, 2 * e * sqrt(r * d), 1e-14);
        CHECK_REL(res.contact_radius, sqrt(r * d), 1e-15);
        CHECK_REL(res.friction_load, res.force + fc, 1e-12);
        CHECK_REL((demc_adhesion_dmt_energy(&p, d + h) - demc_adhesion_dmt_energy(&p, d - h)) / (2 * h),
                  res.force, 1e-6);
    }
}

/* ---- simplified JKR ------------------------------------------------------------------------------------ */

/* The radius² of the circle where spheres of radii r1, r2 at centre distance x intersect (plane geometry:
 * the chord at distance h = (x² + r1² − r2²)/(2x) from the centre of sphere 1). */
static double lens_a2(double r1, double r2, double x)
{
    const double h = (x * x + r1 * r1 - r2 * r2) / (2 * x);
    return r1 * r1 - h * h;
}

static void sjkr_areas_forces_energies(void)
{
    const double e = 5e9, ri = 1e-3, rj = 2.5e-3, kc = 3e5;
    int wall, v;
    for (wall = 0; wall < 2; ++wall) {
        for (v = 0; v < 2; ++v) {
            const double rjj = wall ? 0.0 : rj, rs = wall ? ri : ri * rj / (ri + rj);
            const demc_adhesion_sjkr_variant var = v ? DEMC_ADHESION_SJKR_LINEAR : DEMC_ADHESION_SJKR_LENS;
            demc_adhesion_sjkr_params p;
            double d;
            CHECK(demc_adhesion_sjkr_init(e, ri, rjj, kc, var, &p, NULL) == DEMC_OK);
            CHECK_REL(p.effective_radius, rs, 1e-15);
            for (d = 1e-9; d < 1e-4; d *= 1.8) {
                const demc_adhesion_result r = demc_adhesion_sjkr_force(&p, d);
                const double h = 1e-5 * d;
                double a_ref;
                if (v) a_ref = 2 * pi * (wall ? ri : 2 * rs) * d;
                else a_ref = pi * (wall ? ri * ri - (ri - d) * (ri - d) : lens_a2(ri, rj, ri + rj - d));
                CHECK_REL(demc_adhesion_sjkr_area(&p, d), a_ref, v ? 1e-15 : 1e-9);
                CHECK_REL(r.force, 4.0 / 3.0 * e * sqrt(rs) * pow(d, 1.5) - kc * a_ref,
                          1e-9 * (1 + kc * a_ref / fabs(4.0 / 3.0 * e * sqrt(rs) * pow(d, 1.5) - kc * a_ref)));
                CHECK_REL(r.friction_load, 4.0 / 3.0 * e * sqrt(rs) * pow(d, 1.5), 1e-14);
                CHECK_REL(r.stiffness,
                          (demc_adhesion_sjkr_force(&p, d + h).force - demc_adhesion_sjkr_force(&p, d - h).force) /
                              (2 * h),
                          1e-6);
                CHECK_REL((demc_adhesion_sjkr_energy(&p, d + h) - demc_adhesion_sjkr_energy(&p, d - h)) / (2 * h),
                          r.force, 1e-6);
            }
            CHECK(demc_adhesion_sjkr_force(&p, 0.0).contact == 0 && demc_adhesion_sjkr_energy(&p, -1.0) == 0.0);
            CHECK(demc_adhesion_sjkr_area(&p, 0.0) == 0.0);
            /* Lens past its domain (δ ≥ 2 min R): area 0, no NaN. */
            CHECK(demc_adhesion_sjkr_area(&p, 3 * ri) >= 0.0 && demc_is_finite(demc_adhesion_sjkr_force(&p, 3 * ri).force));
        }
    }
}

/* ---- a head-on JKR collision: stick below a critical velocity, bounce above ---------------------------- */

typedef struct impact_ctx {
    const demc_adhesion_jkr_params *p;
    double mass, dc, v, t; /* m*, δ_c, and the scales of speed and time (|δ_c|/v) */
} impact_ctx;

/* y = (δ/|δ_c|, δ̇/v) in time units |δ_c|/v; m* δ̈ = −F(δ) on the branch of the existing neck (the kernel's force,
 * 0 past δ_c). */
static void impact_rhs(double t, const double *y, double *dy, void *ctx)
{
    const impact_ctx *c = (const impact_ctx *)ctx;
    const double d = y[0] * -c->dc;
    (void)t;
    dy[0] = y[1];
    dy[1] = -demc_adhesion_jkr_load(c->p, demc_adhesion_jkr_radius(c->p, d)) / c->mass * c->t / c->v;
}
static double event_rate(double t, const double *y, void *ctx) { (void)t; (void)ctx; return y[1]; }
static double event_overlap(double t, const double *y, void *ctx) { (void)t; (void)ctx; return y[0]; }

/* Integrates a collision with approach speed v from touch (Dormand–Prince, events): to the deepest compression,
 * back through δ = 0, then on in tension until the relative speed vanishes (the neck holds: stick) or for a long
 * time without that (the neck broke at δ_c and the bodies fly apart: bounce, *v_out the speed then). */
static int impact_bounces(impact_ctx *c, double v, double *v_out)
{
    ode_options o;
    ode_result r;
    double y[2];
    memset(&o, 0, sizeof o);
    o.rtol = 1e-12;
    o.atol = 1e-13;
    y[0] = 0.0;
    y[1] = v / c->v;
    r = ode_integrate(impact_rhs, event_rate, c, 2, 0.0, y, 1e3, &o);
    CHECK(r.status == 1);
    r = ode_integrate(impact_rhs, event_overlap, c, 2, r.t, y, r.t + 1e3, &o);
    CHECK(r.status == 1 && y[1] < 0);
    r = ode_integrate(impact_rhs, event_rate, c, 2, r.t, y, r.t + 100.0, &o);
    CHECK(r.status >= 0);
    if (r.status == 1) CHECK(y[0] * -c->dc > c->dc);
    else CHECK(y[0] * -c->dc < c->dc);
    *v_out = -y[1] * c->v;
    return r.status == 0;
}

static void jkr_collision_sticks_below_the_critical_velocity(void)
{
    int i;
    for (i = 0; i < 3; ++i) {
        const jkr_case c = jkr_cases(i);
        const demc_adhesion_jkr_params p = jkr_params(c);
        const double m = 2.0 / 3.0 * pi * 2500 * pow(2 * c.r, 3); /* m* of two equal glass spheres of radius 2R* */
        /* Thornton & Ning (1998): sticking below ½ m* v_s² = W_L = 7.09 (Γ⁵R*⁴/E*²)^{1/3}. */
        const double v_pub = sqrt(2 * 7.09 * pow(pow(c.w, 5) * pow(c.r, 4) / (c.e * c.e), 1.0 / 3.0) / m);
        impact_ctx ctx;
        double lo = 0.2 * v_pub, hi = 5 * v_pub, vo;
        int k;
        ctx.p = &p;
        ctx.mass = m;
        ctx.dc = ref_delta_c(c);
        ctx.v = v_pub;
        ctx.t = -ctx.dc / v_pub;
        CHECK(!impact_bounces(&ctx, lo, &vo));
        CHECK(impact_bounces(&ctx, hi, &vo));
        /* The rebound speed of an elastic JKR collision: √(v² − v_s²). */
        CHECK_REL(vo, sqrt(hi * hi - v_pub * v_pub), 2e-3);
        for (k = 0; k < 30; ++k) {
            const double mid = 0.5 * (lo + hi);
            if (impact_bounces(&ctx, mid, &vo)) hi = mid; else lo = mid;
        }
        CHECK_REL(0.5 * (lo + hi), v_pub, 0.02);
        /* and, sharper, against the exact loss of the kernel's closed form (the integration's own error) */
        CHECK_REL(0.5 * (lo + hi), sqrt(2 * demc_adhesion_jkr_cycle_loss(&p) / m), 1e-6);
    }
}

/* ---- friction on the adhesion-augmented load ------------------------------------------------------------ */

static void sliding_starts_at_the_augmented_load(void)
{
    const jkr_case c = jkr_cases(1);
    const demc_adhesion_jkr_params p = jkr_params(c);
    const double mu = 0.3, g = 1.4e10;
    double frac;
    for (frac = -0.9; frac < 3; frac += 0.65) {
        /* overlap between the jump-off and compression; the expected load from the closed form, here */
        const double d = -frac * ref_delta_c(c), a = ref_radius(c, d);
        const double limit = mu * fabs(ref_force(c, a) + 2 * ref_fc(c));
        demc_adhesion_state st = DEMC_ADHESION_STATE_INIT;
        demc_adhesion_result n;
        demc_tangential_params tp;
        demc_tangential_state ts;
        demc_vec3 inc, vel;
        double kt, step;
        int k, first_slip = -1;
        st.neck = 1.0;
        n = demc_adhesion_jkr_update(&p, d, &st);
        kt = 8 * g * n.contact_radius; /* Mindlin with the JKR contact radius */
        CHECK(demc_tangential_init(mu, mu, &tp, NULL) == DEMC_OK);
        memset(&ts, 0, sizeof ts);
        step = limit / kt / 100.5; /* the limit is reached within step 101 */
        inc.x = step; inc.y = 0; inc.z = 0;
        vel = inc;
        for (k = 0; k < 200; ++k) {
            tangential_step_result r = tangential_step(&tp, inc, vel, kt, n.friction_load, 0.0, 1.0, &ts);
            if (r.sliding && first_slip < 0) {
                first_slip = k;
                CHECK_REL(demc_vec3_norm(r.force), limit, 1e-11);
            }
            if (first_slip < 0) CHECK_REL(demc_vec3_norm(r.force), kt * step * (k + 1), 1e-11);
        }
        CHECK(first_slip == 100);
        /* Without the augmentation the same contact in tension (F < 0) would carry no friction at all. */
        if (frac < 0) CHECK(n.force < 0 && n.friction_load > 0);
    }
}

/* ---- energy balance of an adhesive oblique collision ----------------------------------------------------- */

/* A sphere (radius R, mass m) hits a plane wall obliquely; JKR normal force, tangential spring with Coulomb limit
 * on the augmented load; velocity Verlet. Returns the largest |energy − initial energy| over the run, relative
 * to the initial kinetic energy, and whether the sphere left the wall. */
static double oblique_energy_error(double dt_frac, int *left, double *final_friction)
{
    const double rad = 1e-5, rho = 2500, m = 4.0 / 3.0 * pi * rho * rad * rad * rad, inertia = 0.4 * m * rad * rad;
    const double e = 1e8, w = 0.05, g = 4e7, mu = 0.3;
    demc_adhesion_jkr_params p = demc_adhesion_jkr_make(e, rad, w);
    demc_adhesion_state ns = DEMC_ADHESION_STATE_INIT;
    demc_tangential_params tp;
    demc_tangential_state ts;
    const double vs = sqrt(2 * demc_adhesion_jkr_cycle_loss(&p) / m);
    double z, x = 0, th = 0, vz = -3 * vs, vx = 3 * vs, om = 0, fz, fx, tq, t_c, dt, e0, worst = 0, diss = 0;
    double u_n = 0, u_t = 0;
    long k;
    demc_adhesion_result rn;
    tangential_step_result rt;
    CHECK(demc_tangential_init(mu, mu, &tp, NULL) == DEMC_OK);
    memset(&ts, 0, sizeof ts);
    /* time scale: Hertz contact time at this speed */
    t_c = 2.94 * pow(15 * m * vz * vz / (16 * e * sqrt(rad)), 0.4) / fabs(vz);
    dt = dt_frac * t_c;
    z = rad + 1e-3 * fabs(vz) * dt; /* just apart */
    e0 = 0.5 * m * (vx * vx + vz * vz) + 0.5 * inertia * om * om;
    fz = fx = tq = 0;
    *left = 0;
    for (k = 0; k < (long)(40 / dt_frac); ++k) {
        const double z1 = z + vz * dt + 0.5 * fz / m * dt * dt;
        const double x1 = x + vx * dt + 0.5 * fx / m * dt * dt;
        const double th1 = th + om * dt + 0.5 * tq / inertia * dt * dt;
        const double delta = rad - z1, arm = rad - 0.25 * (delta + (rad - z)); /* R − δ/2 at mid-step */
        const double fz_old = fz, fx_old = fx, tq_old = tq;
        demc_vec3 inc, vel;
        rn = demc_adhesion_jkr_update(&p, delta, &ns);
        fz = rn.force;
        inc.x = (x1 - x) - arm * (th1 - th); /* slip of the contact point: Δx − l Δθ (torque −l F_t about y) */
        inc.y = inc.z = 0;
        vel.x = inc.x / dt;
        vel.y = vel.z = 0;
        if (rn.contact) {
            rt = tangential_step(&tp, inc, vel, 8 * g * rn.contact_radius, rn.friction_load, 0.0, dt, &ts);
            fx = rt.force.x;
            diss += rt.friction_dissipation + rt.viscous_dissipation + rt.stiffness_exchange;
            u_t = rt.stored_energy;
            u_n = demc_adhesion_jkr_energy(&p, rn.contact_radius);
        } else {
            /* out of contact (or the neck just broke): the stored energies are lost */
            diss += u_n + u_t;
            if (u_n != 0.0 || u_t != 0.0) *left = 1;
            u_n = u_t = 0;
            memset(&ts, 0, sizeof ts);
            fx = 0;
        }
        tq = -(rad - 0.5 * delta) * fx; /* branch length R − δ/2, in tension too */
        vz += 0.5 * (fz_old + fz) / m * dt;
        vx += 0.5 * (fx_old + fx) / m * dt;
        om += 0.5 * (tq_old + tq) / inertia * dt;
        z = z1;
        x = x1;
        th = th1;
        {
            const double en = 0.5 * m * (vx * vx + vz * vz) + 0.5 * inertia * om * om + u_n + u_t + diss;
            const double err = fabs(en - e0) / e0;
            worst = err > worst ? err : worst;
        }
    }
    *final_friction = diss;
    return worst;
}

static void oblique_adhesive_collision_energy_balance(void)
{
    int left1, left2;
    double d1, d2;
    const double e1 = oblique_energy_error(2e-3, &left1, &d1);
    const double e2 = oblique_energy_error(1e-3, &left2, &d2);
    CHECK(left1 && left2);
    CHECK(d1 > 0 && d2 > 0);
    /* closes to the integrator's error, first order in the step (the touch and the break fall inside a step) */
    CHECK(e1 < 2e-3);
    CHECK(e2 < 0.6 * e1);
}

/* ---- setup validation and edges ---------------------------------------------------------------------------- */

static void setup_validation(void)
{
    const double zero = 0.0, nan_ = zero / zero, inf = 1.0 / zero;
    demc_adhesion_jkr_params j, j0;
    demc_adhesion_dmt_params m, m0;
    demc_adhesion_sjkr_params s, s0;
    const char *bad = "unset";
    memset(&j0, 0x5a, sizeof j0);
    memset(&m0, 0x5a, sizeof m0);
    memset(&s0, 0x5a, sizeof s0);
    j = j0;
    m = m0;
    s = s0;
    CHECK(demc_adhesion_jkr_init(nan_, 1, 1, &j, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "effective_modulus"));
    CHECK(demc_adhesion_jkr_init(0, 1, 1, &j, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "effective_modulus"));
    CHECK(demc_adhesion_jkr_init(1, -1, 1, &j, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "effective_radius"));
    CHECK(demc_adhesion_jkr_init(1, 1, -1e-9, &j, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "work_of_adhesion"));
    CHECK(demc_adhesion_jkr_init(1, 1, inf, &j, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "work_of_adhesion"));
    CHECK(demc_adhesion_jkr_init(1, 1, 1, NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "params"));
    CHECK(demc_adhesion_jkr_init(1e300, 1e300, 1, &j, &bad) == DEMC_ERR_SINGULAR && same_name(bad, "params.prefactor"));
    CHECK(demc_adhesion_jkr_init(1e300, 1, 1e-320, &j, &bad) == DEMC_ERR_SINGULAR && same_name(bad, "params.neck_constant"));
    CHECK(memcmp(&j, &j0, sizeof j) == 0); /* nothing written on error */
    CHECK(demc_adhesion_jkr_init(1, 1, 0, &j, &bad) == DEMC_OK && bad == NULL);
    bad = "unset";
    CHECK(demc_adhesion_dmt_init(1, nan_, 1, &m, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "effective_radius"));
    CHECK(demc_adhesion_dmt_init(1, 1, -1, &m, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "work_of_adhesion"));
    CHECK(demc_adhesion_dmt_init(1, 1, 1, NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "params"));
    CHECK(demc_adhesion_dmt_init(1, 1e300, 1e300, &m, &bad) == DEMC_ERR_SINGULAR && same_name(bad, "params.pulloff_force"));
    CHECK(memcmp(&m, &m0, sizeof m) == 0);
    CHECK(demc_adhesion_dmt_init(1, 1, 1, &m, &bad) == DEMC_OK && bad == NULL);
    bad = "unset";
    CHECK(demc_adhesion_sjkr_init(-1, 1, 1, 1, DEMC_ADHESION_SJKR_LENS, &s, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "effective_modulus"));
    CHECK(demc_adhesion_sjkr_init(1, 0, 1, 1, DEMC_ADHESION_SJKR_LENS, &s, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "radius_i"));
    CHECK(demc_adhesion_sjkr_init(1, 1, -1, 1, DEMC_ADHESION_SJKR_LENS, &s, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "radius_j"));
    CHECK(demc_adhesion_sjkr_init(1, 1, 1, nan_, DEMC_ADHESION_SJKR_LENS, &s, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "cohesion_energy_density"));
    CHECK(demc_adhesion_sjkr_init(1, 1, 1, 1, (demc_adhesion_sjkr_variant)2, &s, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "variant"));
    CHECK(demc_adhesion_sjkr_init(1, 1, 1, 1, (demc_adhesion_sjkr_variant)-1, &s, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "variant"));
    CHECK(demc_adhesion_sjkr_init(1, 1, 1, 1, DEMC_ADHESION_SJKR_LINEAR, NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "params"));
    CHECK(memcmp(&s, &s0, sizeof s) == 0);
    CHECK(demc_adhesion_sjkr_init(1, 1, 0, 0, DEMC_ADHESION_SJKR_LINEAR, &s, &bad) == DEMC_OK && bad == NULL);
    /* bad_field is optional */
    CHECK(demc_adhesion_jkr_init(0, 1, 1, &j, NULL) == DEMC_ERR_OUT_OF_DOMAIN);
    /* _make gives what _init gives */
    {
        demc_adhesion_jkr_params a = demc_adhesion_jkr_make(2e9, 3e-4, 0.07), b;
        demc_adhesion_dmt_params c = demc_adhesion_dmt_make(2e9, 3e-4, 0.07), dd;
        demc_adhesion_sjkr_params f = demc_adhesion_sjkr_make(2e9, 3e-4, 1e-4, 7e4, DEMC_ADHESION_SJKR_LENS), h;
        CHECK(demc_adhesion_jkr_init(2e9, 3e-4, 0.07, &b, NULL) == DEMC_OK && memcmp(&a, &b, sizeof a) == 0);
        CHECK(demc_adhesion_dmt_init(2e9, 3e-4, 0.07, &dd, NULL) == DEMC_OK && memcmp(&c, &dd, sizeof c) == 0);
        CHECK(demc_adhesion_sjkr_init(2e9, 3e-4, 1e-4, 7e4, DEMC_ADHESION_SJKR_LENS, &h, NULL) == DEMC_OK);
        CHECK(f.effective_radius == h.effective_radius && f.prefactor == h.prefactor && f.variant == h.variant);
    }
}

static void hot_path_is_total(void)
{
    const jkr_case c = jkr_cases(0);
    const demc_adhesion_jkr_params p = jkr_params(c);
    const double ds[] = {-1e300, -1e10, -1.0, 0.0, 1e-300, 1e-20, 1.0, 1e10, 1e60};
    unsigned i;
    CHECK(DEMC_ADHESION_STATE_SIZE * sizeof(double) == sizeof(demc_adhesion_state));
    for (i = 0; i < sizeof ds / sizeof ds[0]; ++i) {
        int neck;
        for (neck = 0; neck < 2; ++neck) {
            demc_adhesion_state st = DEMC_ADHESION_STATE_INIT;
            demc_adhesion_result r;
            st.neck = neck;
            r = demc_adhesion_jkr_update(&p, ds[i], &st);
            CHECK(demc_is_finite(r.force) && demc_is_finite(r.stiffness) && demc_is_finite(r.contact_radius));
            CHECK(demc_is_finite(r.friction_load) && r.friction_load >= 0 && r.contact_stiffness >= 0);
            CHECK(r.contact == (st.neck != 0.0));
        }
        CHECK(demc_is_finite(demc_adhesion_jkr_radius(&p, ds[i])) && demc_adhesion_jkr_radius(&p, ds[i]) >= 0);
        CHECK(demc_is_finite(demc_adhesion_jkr_radius_unstable(&p, ds[i])));
    }
    /* Deep in compression (Hertz-dominated branch of the root) the radius is √(R*δ)(1 + small), continuous. */
    {
        const double d = 1e3 * c.r;
        const double a = demc_adhesion_jkr_radius(&p, d);
        CHECK_REL(demc_adhesion_jkr_overlap(&p, a), d, 1e-14);
    }
}

int main(void)
{
    RUN(jkr_radius_inverts_overlap_on_both_branches);
    RUN(jkr_pulloff_force_under_force_control);
    RUN(jkr_jump_off_under_displacement_control);
    RUN(jkr_cycle_work_equals_loop_area);
    RUN(jkr_energy_is_the_potential_of_the_force);
    RUN(jkr_and_dmt_without_adhesion_are_hertz);
    RUN(dmt_law);
    RUN(sjkr_areas_forces_energies);
    RUN(jkr_collision_sticks_below_the_critical_velocity);
    RUN(sliding_starts_at_the_augmented_load);
    RUN(oblique_adhesive_collision_energy_balance);
    RUN(setup_validation);
    RUN(hot_path_is_total);
    return harness_finish("test_adhesion");
}
