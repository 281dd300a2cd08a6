/* Regression tests of issue 18: every documented contract held at the edges of its domain (overflow, underflow,
 * subnormal and signed-zero inputs). Each case reproduces one finding of the reliability review and checks the
 * documented behaviour. Expected values come from closed forms (R_F(x, x, x) = x^(-1/2), R_F(x, x, 0) = π/(2√x),
 * R_D(x, x, x) = x^(-3/2)), from an independent 40-digit evaluation (mpmath's elliprf/elliprd, quoted), or from
 * the exact limits stated in the docs; none from the code under test. */
#include <errno.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "demc.h"
#include "demc/analysis.h"
#include "harness.h"
#include "support/tangential_step.h"

/* demc_tangential_md_update() returning the force, with the step's sliding flag kept aside (as the checks read it). */
static int md_sliding;
static demc_vec3 md_update(const demc_tangential_md_params *p, demc_vec3 increment, double normal_force,
                           double contact_radius, demc_tangential_md_state *s, demc_tangential_md_energy *energy)
{
    const demc_tangential_result r = demc_tangential_md_update(p, increment, normal_force, contact_radius, s, energy);
    md_sliding = r.sliding;
    return r.force;
}

static int is_nan(double x) { return x != x; }
static int vec_has_nan(demc_vec3 v) { return is_nan(v.x) || is_nan(v.y) || is_nan(v.z); }

/* rotation.h: compose at a half turn gives ±inf along the axis and 0 elsewhere, never inf × 0 = NaN */
static void rotation_half_turns(void)
{
    demc_vec3 a = demc_vec3_make(2.0, 0.0, 0.0), r, out = demc_vec3_make(7.0, 7.0, 7.0);
    demc_quat q;
    r = demc_rodrigues_compose(a, a); /* α1·α2 = 4: two quarter turns about x */
    CHECK(r.x == HUGE_VAL && r.y == 0.0 && r.z == 0.0);
    r = demc_gibbs_compose(demc_vec3_make(1.0, 0.0, 0.0), demc_vec3_make(1.0, 0.0, 0.0));
    CHECK(r.x == HUGE_VAL && r.y == 0.0 && r.z == 0.0);
    r = demc_rodrigues_compose(demc_vec3_make(0.0, -2.0, 0.0), demc_vec3_make(0.0, -2.0, 0.0));
    CHECK(r.x == 0.0 && r.y == -HUGE_VAL && r.z == 0.0);
    CHECK(demc_rodrigues_compose_checked(a, a, &out) == DEMC_ERR_SINGULAR && out.x == 7.0);
    /* a general half turn: every component infinite, none NaN */
    r = demc_rodrigues_compose(demc_vec3_make(2.0, 2.0, 0.0), demc_vec3_make(1.0, 1.0, 0.0));
    CHECK(!vec_has_nan(r) && r.x == HUGE_VAL && r.y == HUGE_VAL && r.z == 0.0);
    /* from_quat with w = 0: infinite along the vector part, zero elsewhere; q = 0 gives 0 */
    q.w = 0.0; q.x = 1.0; q.y = 0.0; q.z = 0.0;
    r = demc_rodrigues_from_quat(q);
    CHECK(r.x == HUGE_VAL && r.y == 0.0 && r.z == 0.0);
    CHECK(demc_rodrigues_from_quat_checked(q, &out) == DEMC_ERR_SINGULAR && out.x == 7.0);
    q.x = 0.0;
    r = demc_rodrigues_from_quat(q);
    CHECK(r.x == 0.0 && r.y == 0.0 && r.z == 0.0);
    CHECK(demc_rodrigues_from_quat_checked(q, &out) == DEMC_ERR_SINGULAR);
    /* a tiny w with a zero component stays 0 (unchanged behaviour) */
    q.w = 1e-300; q.x = 1e-300; q.y = 0.0; q.z = -0.0;
    r = demc_rodrigues_from_quat(q);
    CHECK(r.x == 2.0 && r.y == 0.0 && r.z == 0.0);
}

/* rotation.h: any finite rotation vector, also one whose length overflows */
static void rotation_huge_rotvec(void)
{
    demc_vec3 big = demc_vec3_make(1.5e308, 1.5e308, 1.5e308), r, back;
    r = demc_rodrigues_from_rotvec(big);
    CHECK(demc_vec3_is_finite(r));
    CHECK(r.x == r.y && r.y == r.z); /* along the axis (1,1,1) */
    back = demc_rodrigues_to_rotvec(r); /* the equivalent rotation: angle in [0, π] */
    CHECK(demc_vec3_norm(back) <= 3.14159265358979323846 * (1.0 + 1e-15));
    r = demc_rodrigues_from_rotvec(demc_vec3_make(-DBL_MAX, DBL_MAX, -DBL_MAX));
    CHECK(demc_vec3_is_finite(r) && r.x == -r.y && r.x == r.z);
}

/* normal.h: K near DBL_MAX: the stiffness is 0 at δ = 0 (not inf × 0) and 1.5 K √δ without overflow before √δ */
static void hertz_stiffness_huge_prefactor(void)
{
    demc_normal_hertz_params hp;
    long double expected;
    CHECK(demc_normal_hertz_init(1e308, 1.0, &hp, NULL) == DEMC_OK);
    CHECK(demc_normal_hertz_stiffness(&hp, 0.0) == 0.0);
    CHECK(demc_normal_hertz_stiffness(&hp, -1.0) == 0.0);
    expected = 1.5L * (long double)hp.prefactor * 1e-3L; /* √(1e-6) = 1e-3, in long double: no overflow */
    CHECK_REL(demc_normal_hertz_stiffness(&hp, 1e-6), (double)expected, 4e-16);
    CHECK(demc_normal_hertz_force(&hp, 0.0) == 0.0 && demc_normal_hertz_energy(&hp, 0.0) == 0.0);
}

/* damping.h: a finite γ whose √(6/5)γ overflows restitutes like γ → ∞ (e = 0); −0.0 is e = 0 (+inf) */
static void damping_limits(void)
{
    double e = -1.0;
    CHECK(demc_damping_hmd_restitution(1.7e308, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK && e == 0.0);
    e = -1.0;
    CHECK(demc_damping_hmd_restitution(DBL_MAX, DEMC_CONTACT_END_OVERLAP, &e) == DEMC_OK && e == 0.0);
    CHECK(demc_damping_hmd_restitution(HUGE_VAL, DEMC_CONTACT_END_FORCE, &e) == DEMC_ERR_INVALID_ARGUMENT);
    /* the force end decays like 1/(4g²) (g = √(6/5)γ): γ = 1e150 gives 1/(4.8e300) */
    CHECK(demc_damping_hmd_restitution(1e150, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
    CHECK_REL(e, 1.0 / 4.8e300, 1e-12);
    CHECK(demc_damping_lsd_ratio_fast(-0.0) == HUGE_VAL);
    CHECK(demc_damping_lsd_ratio_fast(0.0) == HUGE_VAL);
    CHECK(demc_damping_lsd_ratio_fast(-1.0) == 0.0);
    CHECK(demc_damping_lsd_ratio_fast(1.0) == 0.0);
    CHECK(demc_damping_lsd_ratio_fast(2.0) == 0.0);
    CHECK(demc_damping_lsd_ratio_fast(HUGE_VAL - HUGE_VAL) == 0.0);
}

/* tangential.h: τ in [0, Δt] or −1 for any finite input, |v|² and v·F overflowing or underflowing */
static void zero_velocity_time_extremes(void)
{
    const double big[] = {1e200, 1e-200, 1e300, 1e-300, 1.0};
    size_t i;
    for (i = 0; i < sizeof big / sizeof big[0]; ++i) {
        /* v = (b, 0, 0), F = −(b, 0, 0), H = 1: deceleration b, τ = b/b = 1 = Δt */
        double t = demc_collision_zero_velocity_time(demc_vec3_make(big[i], 0.0, 0.0),
                                                      demc_vec3_make(-big[i], 0.0, 0.0), 1.0, 1.0);
        CHECK_REL(t, 1.0, 1e-15);
        /* the same with the velocity along (1, 1, 1): τ = |v|/(|F| cos 0 H) = 1 */
        t = demc_collision_zero_velocity_time(demc_vec3_make(big[i], big[i], big[i]),
                                               demc_vec3_make(-big[i], -big[i], -big[i]), 1.0, 2.0);
        CHECK_REL(t, 1.0, 4e-16);
        t = demc_collision_zero_velocity_time(demc_vec3_make(big[i], 0.0, 0.0), demc_vec3_make(-big[i], 0.0, 0.0),
                                               1.0, 0.5);
        CHECK(t == -1.0);
    }
    CHECK(demc_collision_zero_velocity_time(demc_vec3_make(1e300, 0, 0), demc_vec3_make(-1e300, 0, 0), 1e300, 1.0) ==
          0.0); /* infinite deceleration: at once */
    CHECK(demc_collision_zero_velocity_time(demc_vec3_make(DBL_MAX, DBL_MAX, 0), demc_vec3_make(-1e-300, 0, 0),
                                             1e-300, 1.0) == -1.0);
    CHECK(demc_collision_zero_velocity_time(demc_vec3_make(0, 0, 0), demc_vec3_make(-1, 0, 0), 1.0, 1.0) == -1.0);
}

/* tangential.h: transport from n_old = 0 (a new contact) keeps a tangent-plane vector and projects the others */
static void transport_from_zero_normal(void)
{
    demc_tangential_state s;
    demc_vec3 zero = demc_vec3_make(0, 0, 0), n = demc_vec3_make(0, 0, 1);
    memset(&s, 0, sizeof s);
    s.displacement = demc_vec3_make(1e-6, -2e-6, 0.0);
    s.force = demc_vec3_make(3.0, 0.0, 4.0); /* out of the plane: projected, magnitude 5 kept */
    demc_tangential_transport(DEMC_TRANSPORT_ROTATE, zero, n, 0.0, &s);
    CHECK(s.displacement.x == 1e-6 && s.displacement.y == -2e-6 && s.displacement.z == 0.0);
    CHECK_REL(s.force.x, 5.0, 1e-15);
    CHECK(s.force.y == 0.0 && s.force.z == 0.0);
    /* the same as PROJECT */
    s.force = demc_vec3_make(3.0, 0.0, 4.0);
    demc_tangential_transport(DEMC_TRANSPORT_PROJECT, zero, n, 0.0, &s);
    CHECK_REL(s.force.x, 5.0, 1e-15);
}

/* geometry.h: centre distances whose square is subnormal count as coincident (n = 0); above, |n| = 1 */
static void geometry_tiny_distances(void)
{
    double d;
    int bad = 0, zeros = 0, units = 0;
    for (d = 1e-165; d < 1e-150; d *= 1.0137) {
        const double c[3][3] = {{d, 0, 0}, {d, d, 0}, {0.3 * d, -0.7 * d, 0.2 * d}};
        int k;
        for (k = 0; k < 3; ++k) {
            demc_geometry g = demc_geometry_sphere_sphere(demc_vec3_make(c[k][0], c[k][1], c[k][2]), 1.0,
                                                          demc_vec3_make(0, 0, 0), 1.0);
            double n2 = demc_vec3_norm2(g.normal);
            if (n2 == 0.0) ++zeros;
            else if (fabs(n2 - 1.0) <= 4.5e-16) ++units;
            else ++bad;
        }
    }
    CHECK(bad == 0);
    CHECK(zeros > 0 && units > 0);
    CHECK(demc_vec3_norm2(demc_geometry_sphere_sphere(demc_vec3_make(1e-158, 0, 0), 1.0, demc_vec3_make(0, 0, 0), 1.0)
                              .normal) == 0.0);
}

/* material.h: a subnormal E whose G = E/(2(1+ν)) underflows is rejected, and every accepted material gives a
 * Rayleigh time step (the two functions agree) */
static void material_subnormal_modulus(void)
{
    const char *field = NULL;
    demc_material m = demc_material_make(4.9e-324, 0.3, 1.0);
    double dt = -1.0;
    CHECK(demc_material_validate(&m, &field) == DEMC_ERR_SINGULAR && field && strcmp(field, "shear_modulus") == 0);
    CHECK(demc_timestep_rayleigh_material(&m, 1.0, &dt, NULL) != DEMC_OK && dt == -1.0);
    m.youngs_modulus = 1e-300;
    CHECK(demc_material_validate(&m, NULL) == DEMC_OK);
    CHECK(demc_timestep_rayleigh_material(&m, 1.0, &dt, NULL) == DEMC_OK && dt > 0.0);
}

/* timestep.h: the output pointer is checked after the inputs (argument order) */
static void timestep_output_checked_last(void)
{
    const char *field = NULL;
    demc_timestep_collision c;
    CHECK(demc_timestep_rayleigh(-1.0, 1e9, 0.3, 2500, NULL, &field) == DEMC_ERR_OUT_OF_DOMAIN &&
          strcmp(field, "radius") == 0);
    CHECK(demc_timestep_rayleigh(1e-3, 1e9, 0.3, 2500, NULL, &field) == DEMC_ERR_INVALID_ARGUMENT &&
          strcmp(field, "dt") == 0);
    CHECK(demc_timestep_hertz(0.0, 1.0, 1.0, 10, NULL, &field) == DEMC_ERR_OUT_OF_DOMAIN &&
          strcmp(field, "mass") == 0);
    CHECK(demc_timestep_belytschko(1.0, 1.0, -1.0, NULL, &field) == DEMC_ERR_OUT_OF_DOMAIN && strcmp(field, "damping_coefficient") == 0);
    CHECK(demc_timestep_linearised(1.0, -1.0, NULL, &field) == DEMC_ERR_OUT_OF_DOMAIN &&
          strcmp(field, "normal_damping_coefficient") == 0);
    CHECK(demc_timestep_collision_spheres_init(1e9, 0.3, 2500, 1e-3, 1e-3, -1.0, 0.0, 0.0, NULL, &field) ==
              DEMC_ERR_OUT_OF_DOMAIN &&
          strcmp(field, "velocity") == 0);
    CHECK(demc_timestep_critical(NULL, NULL, &field) == DEMC_ERR_INVALID_ARGUMENT &&
          strcmp(field, "collision") == 0);
    CHECK(demc_timestep_collision_spheres_init(1e9, 0.3, 2500, 1e-3, 1e-3, 1.0, 0.0, 0.0, &c, NULL) == DEMC_OK);
    CHECK(demc_collision_timestep_probe(&c, -1.0, NULL, NULL, &field) == DEMC_ERR_OUT_OF_DOMAIN &&
          strcmp(field, "energy_tolerance") == 0);
    /* the large-ζ branch of the Belytschko bound (no hypot): 2√(m/k)/(2ζ) = √(m/k)/ζ = 2m/c */
    {
        double dt = 0.0;
        CHECK(demc_timestep_belytschko(1.0, 1.0, 1e200, &dt, NULL) == DEMC_OK);
        CHECK_REL(dt, 2.0 / 1e200, 1e-15);
    }
}

/* special.h: Carlson's integrals over the whole range of double */
static void carlson_extremes(void)
{
    const double tiny = 4.9406564584124654e-324; /* 2^-1074 */
    CHECK_REL(demc_special_carlson_rf(1e308, 1e308, 1e308), 1e-154, 4e-16);
    CHECK_REL(demc_special_carlson_rf(DBL_MAX, DBL_MAX, DBL_MAX), 1.0 / sqrt(DBL_MAX), 4e-16);
    /* R_F(x, x, 0) = π/(2√x) = π/2 · 2^537 for x = 2^-1074 (mpmath: 7.066877263035343091910827e+161) */
    CHECK_REL(demc_special_carlson_rf(tiny, tiny, 0.0), 7.066877263035343091910827e+161, 4e-16);
    /* mpmath elliprf(DBL_MAX, 1e-103, 1e280) = 2.529551285777607254273878e-153 */
    CHECK_REL(demc_special_carlson_rf(DBL_MAX, 1e-103, 1e280), 2.529551285777607254273878e-153, 1e-15);
    /* mpmath elliprd(1e308, 1e308, 1) = 3.0e-308 (to 25 digits) */
    CHECK_REL(demc_special_carlson_rd(1e308, 1e308, 1.0), 3.0e-308, 1e-15);
    CHECK_REL(demc_special_carlson_rd(1e-200, 1e-200, 1e-200), 1e300, 4e-16);
    CHECK_REL(demc_special_carlson_rd(1e300, 1e300, 1e300), 1.0 / (1e300 * sqrt(1e300)), 4e-16);
    /* the asymptotic branches against mpmath: elliprf(1, 1e-300, 1e-300) = ln(16/(4e-300))/2, and
     * elliprd(1, 1, 1e-300) ≈ 3/√(1e-300) = 3e150, elliprd(1e-300, 2e-300, 1) */
    CHECK_REL(demc_special_carlson_rf(1.0, 1e-300, 1e-300), 0.5 * log(4e300), 1e-15);
    CHECK_REL(demc_special_carlson_rd(1.0, 1.0, 1e-300), 3e150, 1e-15);
    CHECK(!is_nan(demc_special_carlson_rd(1e-300, 2e-300, 1.0)) && demc_special_carlson_rd(1e-300, 2e-300, 1.0) > 0);
    /* the documented edges stay: two zeros +inf, a negative argument NaN, an infinite one 0 */
    CHECK(demc_special_carlson_rf(0.0, 0.0, 1.0) == HUGE_VAL);
    CHECK(is_nan(demc_special_carlson_rf(-1.0, 1.0, 1.0)));
    CHECK(demc_special_carlson_rf(HUGE_VAL, 1.0, 1.0) == 0.0);
    CHECK(demc_special_carlson_rd(1.0, 1.0, 0.0) == HUGE_VAL);
}

/* sliding.h: setups reject problems whose derived quantities overflow (never OK with inf or NaN inside) */
static void sliding_setup_overflow(void)
{
    demc_sliding_path p;
    const char *field = NULL;
    double v = 0.0, vc = 0.0;
    demc_status st;
    memset(&p, 0xA5, sizeof p);
    st = demc_sliding_path_init_linear(1e308, 1.0, 0.3, 1.0, 1.9, &p, &field);
    CHECK(st == DEMC_ERR_SINGULAR && field != NULL);
    CHECK(((const unsigned char *)&p)[0] == 0xA5); /* unwritten */
    /* radii where y_c² overflows: OK with finite values, or SINGULAR; never NaN */
    st = demc_sliding_path_init_linear(1.0, 1.4e154, 0.3, 1.0, 1.9, &p, NULL);
    if (st == DEMC_OK) {
        CHECK(demc_is_finite(p.s_u) && demc_is_finite(p.friction_half));
        CHECK(demc_sliding_critical_velocity(&p, &vc) == DEMC_OK && demc_is_finite(vc));
    } else {
        CHECK(st == DEMC_ERR_SINGULAR);
    }
    st = demc_sliding_path_init_linear(1.0, 1e300, 0.3, 1.0, 1e300, &p, NULL);
    CHECK(st == DEMC_ERR_SINGULAR || (st == DEMC_OK && demc_is_finite(p.s_u)));
    /* a subnormal mass: the work over m overflows */
    st = demc_sliding_path_init_linear(1.0, 1.0, 0.3, 4.9e-324, 0.1, &p, &field);
    CHECK(st == DEMC_ERR_SINGULAR && strcmp(field, "mass") == 0);
    /* a small but representable mass works: v(−s_u) = v0 at the entry */
    CHECK(demc_sliding_path_init_linear(1.0, 1.0, 0.3, 1e-300, 0.1, &p, NULL) == DEMC_OK);
    CHECK(demc_sliding_velocity(&p, 1.0, -p.s_u, DEMC_SLIDING_ACCURATE, &v) == DEMC_OK && v == 1.0);
}

/* sliding.h: outside the contact the forces are 0, however far (no sin of a huge s/R̃) */
static void sliding_forces_far_outside(void)
{
    demc_sliding_path p;
    double t = 1.0, n = 1.0;
    CHECK(demc_sliding_path_init_eccentric(1e9, 1e-3, 0.3, 1e-5, 1e-4, 0.9, &p, NULL) == DEMC_OK);
    demc_sliding_forces(&p, 1e308, 1.0, &t, &n);
    CHECK(t == 0.0 && n == 0.0);
    demc_sliding_forces(&p, -DBL_MAX, -1.0, &t, &n);
    CHECK(t == 0.0 && n == 0.0);
    CHECK(demc_sliding_normal_force(&p, 1e308) == 0.0);
}

/* sliding.h: force control never returns OK with a NaN in its result */
static void sliding_fc_extreme(void)
{
    demc_sliding_fc fc;
    demc_sliding_fc_result r;
    demc_status st = demc_sliding_fc_init(1e-100, 1e-19, 0.5, 4.9e-324, 1e-300, 1e-300, &fc, NULL);
    if (st == DEMC_OK) {
        st = demc_sliding_fc_solve(&fc, &r);
        CHECK(st == DEMC_OK || st == DEMC_ERR_SINGULAR); /* OK with numbers, or not representable: never NaN */
        if (st == DEMC_OK)
            CHECK(!is_nan(r.s_c) && !is_nan(r.v_c) && !is_nan(r.contact_time) && !is_nan(r.contact_time_eq47));
    }
}

/* issue 36, N7: force control at the bottom of the double range with T0 = DBL_MAX: 2R N_stat/m = 3.5e308 made
 * fc_solve return DEMC_OK with v_c = inf (its phase function v² − 2R N/m had overflowed during the search).
 * Documented: DEMC_ERR_SINGULAR, the output unwritten. */
static void sliding_fc_overflowing_velocity(void)
{
    demc_sliding_fc fc;
    demc_sliding_fc_result r;
    CHECK(demc_sliding_fc_init(2e-300, 2e-300, 2e-300, 2e-300, DBL_MAX, 3e-104, &fc, NULL) == DEMC_OK);
    memset(&r, 0xA5, sizeof r);
    CHECK(demc_sliding_fc_solve(&fc, &r) == DEMC_ERR_SINGULAR);
    CHECK(((const unsigned char *)&r)[0] == 0xA5 && ((const unsigned char *)&r)[sizeof r - 1] == 0xA5);
}

/* issue 36, N8: a linear path of R = 1.7e259 (y_c² = inf) accepted, then the friction work at |s| = 1.5e154 was
 * NaN: the closed form's cos θ = √(s²/((d + y_c) h0)) met inf/inf. Expected values: W(s, s) = 0 exactly, and the
 * work is the same on the path scaled by λ = 2^-200 with k_n scaled by λ^{-5/2} (W ∝ k_n L^{5/2}), where every
 * square is a normal double; the two works between −s_u, s and 0 add up. */
static void sliding_work_huge_path(void)
{
    const double pre = 0x1.bff2ee48e053p-333, radius = 0x1.5b44714a87003p+860, mu = 0x1.d0d4398015fd8p-63,
                 mass = 0x1.573d68f903ea2p-512, h0 = 0x1.11b0ec57e649ap+166, s = -0x1.26fe40ac796efp+512;
    demc_sliding_path p, q;
    double w = 1.0, w1 = 0.0, w2 = 0.0, w3 = 0.0, v1 = 1.0, v2 = 1.0;
    CHECK(demc_sliding_path_init_linear(pre, radius, mu, mass, h0, &p, NULL) == DEMC_OK);
    CHECK(demc_sliding_work_friction(&p, s, s, DEMC_SLIDING_ACCURATE, &w) == DEMC_OK && w == 0.0);
    CHECK(demc_sliding_work_friction(&p, -p.s_u, s, DEMC_SLIDING_ACCURATE, &w1) == DEMC_OK);
    CHECK(demc_sliding_work_friction(&p, s, 0.0, DEMC_SLIDING_ACCURATE, &w2) == DEMC_OK);
    CHECK(demc_sliding_work_friction(&p, -p.s_u, 0.0, DEMC_SLIDING_ACCURATE, &w3) == DEMC_OK);
    CHECK(w1 < 0.0 && w2 < 0.0 && demc_is_finite(w3));
    CHECK_REL(w1 + w2, w3, 1e-14);
    CHECK(demc_sliding_path_init_linear(pre * 0x1p500, radius * 0x1p-200, mu, mass, h0 * 0x1p-200, &q, NULL) ==
          DEMC_OK);
    CHECK(demc_sliding_work_friction(&q, -q.s_u, s * 0x1p-200, DEMC_SLIDING_ACCURATE, &v1) == DEMC_OK);
    CHECK(demc_sliding_work_friction(&q, s * 0x1p-200, 0.0, DEMC_SLIDING_ACCURATE, &v2) == DEMC_OK);
    CHECK_REL(w1, v1, 1e-13);
    CHECK_REL(w2, v2, 1e-13);
}

/* issue 36: a linear path whose friction force μN overflows (μ = 1.6e295, N up to 6.8e49) was accepted and the
 * hysteresis friction came out NaN or ±inf. The setup now refuses μ with DEMC_ERR_SINGULAR naming "mu", the
 * output unwritten. */
static void sliding_friction_force_overflow(void)
{
    demc_sliding_path p;
    const char *field = NULL;
    demc_sliding_hysteresis h;
    demc_sliding_hysteresis_state hs;
    double t;
    memset(&p, 0xA5, sizeof p);
    CHECK(demc_sliding_path_init_linear(0x1.e7f0000210204p+608, 0x1.7d784p+26, 0x1.9aa13580f15fcp+980,
                                        0x1.7b5bfc1f5c7d5p+510, 0x1.ad33c7e1cc7fap-296, &p, &field) ==
          DEMC_ERR_SINGULAR);
    CHECK(field != NULL && strcmp(field, "mu") == 0);
    CHECK(((const unsigned char *)&p)[0] == 0xA5);
    /* with μ = 1.2e256 (2^-130 of it) the path is accepted and the friction is finite along it */
    CHECK(demc_sliding_path_init_linear(0x1.e7f0000210204p+608, 0x1.7d784p+26, 0x1.9aa13580f15fcp+850,
                                        0x1.7b5bfc1f5c7d5p+510, 0x1.ad33c7e1cc7fap-296, &p, NULL) == DEMC_OK);
    CHECK(demc_sliding_hysteresis_init(0.5, 0.3, DEMC_SLIDING_HYSTERESIS_TOTAL, &h, NULL) == DEMC_OK);
    memset(&hs, 0, sizeof hs);
    t = demc_sliding_hysteresis_friction(&p, &h, 0x1.734f6059ea67cp-135, 1.0, &hs);
    CHECK(demc_is_finite(t));
    t = demc_sliding_hysteresis_friction(&p, &h, 0.0, -1.0, &hs); /* a reversal: the branch from T_A to T_B */
    CHECK(demc_is_finite(t));
    t = demc_sliding_hysteresis_friction(&p, &h, -0x1.734f6059ea67cp-135, -1.0, &hs);
    CHECK(demc_is_finite(t));
}

/* damping.h: an in-domain call whose libm result underflows leaves errno alone */
static void errno_untouched_by_underflow(void)
{
    double e = -1.0;
    errno = 0;
    CHECK(demc_damping_viscoelastic_restitution_scaled(1e300, DEMC_CONTACT_END_FORCE, &e) == DEMC_OK);
    CHECK(errno == 0);
    CHECK(e >= 0.0 && e < 1e-300);
    errno = 0;
    CHECK(demc_damping_viscoelastic_restitution_scaled(1e300, DEMC_CONTACT_END_OVERLAP, &e) == DEMC_OK);
    CHECK(errno == 0 && e >= 0.0);
}

/* contact.h (found by fuzz/fuzz_contact.c): a PLS(B) description whose latch stiffness e·k underflows is named
 * ("def.normal_stiffness", DEMC_ERR_SINGULAR) also when the model pointer is NULL: inputs are checked before the
 * output, as every setup function does; it used to return "model". */
static void contact_model_output_checked_last(void)
{
    demc_contact_def d;
    demc_contact_model m;
    const char *field = NULL;
    CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_PLSB, sizeof d, &d, NULL) == DEMC_OK);
    d.normal_stiffness = 4.9406564584124654e-324;
    d.restitution = 0.5;
    d.stiffness_ratio = 1.0;
    memset(&m, 0xA5, sizeof m);
    CHECK(demc_contact_model_init(&d, &m, &field) == DEMC_ERR_SINGULAR);
    CHECK(field != NULL && strcmp(field, "def.normal_stiffness") == 0);
    field = NULL;
    CHECK(demc_contact_model_init(&d, NULL, &field) == DEMC_ERR_SINGULAR);
    CHECK(field != NULL && strcmp(field, "def.normal_stiffness") == 0);
    d.normal_stiffness = 1e5; /* valid: only now is the NULL output named */
    CHECK(demc_contact_model_init(&d, NULL, &field) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(field != NULL && strcmp(field, "model") == 0);
}

/* contact.h (found by fuzz/fuzz_contact.c): a description whose derived constants overflow is rejected
 * (DEMC_ERR_SINGULAR, the input named) instead of compiling into a model that gives NaN forces for moderate
 * contacts: tangential_damping_scale = DBL_MAX made c_t = inf and the tangential dashpot inf·0 = NaN; a ratio
 * G* over E* of 1e600 made scale·√(4 G* over E*) = 0·inf = NaN even with the tangential dashpot off. */
static void contact_model_derived_overflow(void)
{
    demc_contact_def d;
    demc_contact_model m;
    const char *field = NULL;
    const int laws[2] = {DEMC_TANGENTIAL_SPRING, DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ};
    int l;
    for (l = 0; l < 2; ++l) {
        CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof d, &d, NULL) == DEMC_OK);
        d.tangential = (demc_tangential_law)laws[l];
        d.moduli.effective_modulus = 1.0;
        d.moduli.effective_shear_modulus = 1.0;
        d.restitution = 0.5;
        d.friction.mu_static = d.friction.mu_dynamic = 1.0;
        CHECK(demc_contact_model_init(&d, &m, &field) == DEMC_OK);
        d.tangential_damping_scale = DBL_MAX;
        memset(&m, 0xA5, sizeof m);
        CHECK(demc_contact_model_init(&d, &m, &field) == DEMC_ERR_SINGULAR);
        CHECK(field != NULL && strcmp(field, "def.tangential_damping_scale") == 0);
        CHECK(((const unsigned char *)&m)[0] == 0xA5);
        d.tangential_damping_scale = 0.0;
        d.moduli.effective_modulus = 1e-300;
        d.moduli.effective_shear_modulus = 1e300;
        CHECK(demc_contact_model_init(&d, &m, &field) == DEMC_ERR_SINGULAR);
        CHECK(field != NULL && strcmp(field, "def.moduli.effective_shear_modulus") == 0);
        d.moduli.effective_modulus = 1e308; /* 2E* overflows */
        CHECK(demc_contact_model_init(&d, &m, &field) == DEMC_ERR_SINGULAR);
        CHECK(field != NULL && strcmp(field, "def.moduli.effective_modulus") == 0);
    }
    /* in range: the model of the finding gives finite forces (the first step of a sliding pair) */
    {
        demc_contact_frame f;
        demc_contact_result r;
        double state[DEMC_CONTACT_STATE_MAX] = {0};
        CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof d, &d, NULL) == DEMC_OK);
        d.tangential = DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ;
        d.moduli.effective_modulus = d.moduli.effective_shear_modulus = 1.0;
        d.restitution = 0.5;
        d.friction.mu_static = d.friction.mu_dynamic = 1.0;
        d.tangential_damping_scale = 1e100; /* a dashpot force of 1e100 N: its square is formed (bad_input.md) */
        CHECK(demc_contact_model_init(&d, &m, &field) == DEMC_OK);
        memset(&f, 0, sizeof f);
        f.overlap = 0.25;
        f.normal = demc_vec3_make(0.0, 0.0, 1.0);
        f.branch_i = demc_vec3_make(0.0, 0.0, -0.4);
        f.velocity_i = demc_vec3_make(1.0, 0.0, -1.0);
        f.effective_radius = 0.5;
        f.effective_mass = 0.5;
        r = demc_contact_eval(&m, &f, 1e-3, state, NULL);
        CHECK(!vec_has_nan(r.force) && !vec_has_nan(r.torque_i));
    }
}

/* contact.h (found by fuzz/fuzz_contact.c under UBSan): a model without state may be given batch.state = NULL
 * (documented by the batch checks); the loops formed state + q·stride on the null pointer, undefined behaviour
 * that `make sanitize-tests` reports. The three batch calls now run it and agree with the single call. */
static void contact_batch_without_state(void)
{
    demc_contact_def d;
    demc_contact_model m;
    demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
    demc_contact_frame f;
    demc_contact_result single;
    demc_facet_triangle tri;
    demc_facet_contact fc;
    demc_wall wall;
    const double x[2][3] = {{0.0, 0.0, 0.0}, {0.0, 0.0, 1.9e-3}}, v[2][3] = {{0.0, 0.0, 0.1}, {0.0, 0.0, 0.0}};
    const double w[2][3] = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}}, radius[2] = {1e-3, 1e-3}, mass[2] = {1e-5, 1e-5};
    const int i[1] = {0}, j[1] = {1}, jf[1] = {0};
    double force[3] = {0.0, 0.0, 0.0};
    demc_body bi = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.1}, {0.0, 0.0, 0.0}, 1e-3, 1e-5, 0.0};
    demc_body bj = {{0.0, 0.0, 1.9e-3}, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 1e-3, 1e-5, 0.0};
    CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_HM, sizeof d, &d, NULL) == DEMC_OK);
    d.tangential = DEMC_TANGENTIAL_NONE;
    d.moduli.effective_modulus = 1e8;
    CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
    CHECK(demc_contact_model_state_size(&m) == 0);
    b.count = 1;
    b.i = i;
    b.j = j;
    b.position = x[0];
    b.velocity = v[0];
    b.angular_velocity = w[0];
    b.radius = radius;
    b.mass = mass;
    b.vector_stride = 3;
    b.scalar_stride = 1;
    b.force = force;
    CHECK(demc_contact_eval_batch(&m, &b, 1e-6, NULL) == DEMC_OK);
    f = demc_contact_frame_sphere_sphere(&m, &bi, &bj);
    single = demc_contact_eval(&m, &f, 1e-6, NULL, NULL);
    CHECK(single.force.z < 0.0 && force[2] == single.force.z);
    wall.point = demc_vec3_make(0.0, 0.0, 0.9e-3);
    wall.normal = demc_vec3_make(0.0, 0.0, -1.0);
    wall.velocity = wall.angular_velocity = demc_vec3_make(0.0, 0.0, 0.0);
    CHECK(demc_contact_eval_batch_wall(&m, &b, &wall, 1e-6, NULL) == DEMC_OK);
    f = demc_contact_frame_sphere_wall(&m, &bi, &wall);
    single = demc_contact_eval(&m, &f, 1e-6, NULL, NULL);
    CHECK(single.force.z < 0.0 && force[2] == single.force.z);
    tri = demc_facet_triangle_make(demc_vec3_make(-1.0, -1.0, 0.9e-3), demc_vec3_make(1.0, -1.0, 0.9e-3),
                                   demc_vec3_make(0.0, 1.0, 0.9e-3));
    fc = demc_facet_closest_point(&tri, bi.position);
    b.j = jf;
    CHECK(demc_contact_eval_batch_facet(&m, &b, &tri, &fc, 1e-6, NULL, NULL) == DEMC_OK);
    f = demc_contact_frame_sphere_facet(&m, &bi, &tri, &fc);
    single = demc_contact_eval(&m, &f, 1e-6, NULL, NULL);
    CHECK(single.force.z < 0.0 && force[2] == single.force.z);
}

/* contact.h (found by fuzz/fuzz_contact.c under ASan): the CDT rolling law keeps no state, yet the evaluation read
 * three doubles at its would-be slot (past the end of the state: a model with the spring and CDT, 15 doubles when
 * found, read state[15..17]; Hertz with CDT alone has none and read through NULL). Checked here with states of exactly
 * the model's size on the heap, which `make sanitize-tests` guards; in and out of contact, with a diag. */
static void contact_rolling_cdt_reads_no_state(void)
{
    int tangential;
    for (tangential = 0; tangential < 2; ++tangential) {
        demc_contact_def d;
        demc_contact_model m;
        demc_contact_frame f;
        demc_contact_result r;
        demc_contact_diag diag = DEMC_CONTACT_DIAG_INIT;
        double *state;
        size_t n, k;
        CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof d, &d, NULL) == DEMC_OK);
        d.tangential = tangential ? DEMC_TANGENTIAL_SPRING : DEMC_TANGENTIAL_NONE;
        d.rolling = DEMC_ROLLING_CDT;
        d.mu_rolling = 0.1;
        d.moduli.effective_modulus = 1e8;
        d.moduli.effective_shear_modulus = 4e7;
        d.restitution = 0.8;
        d.friction.mu_static = d.friction.mu_dynamic = 0.5;
        CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
        n = demc_contact_model_state_size(&m);
        CHECK(tangential || n == 0);
        state = n ? (double *)malloc(n * sizeof(double)) : NULL;
        for (k = 0; k < n; ++k) state[k] = 0.0;
        memset(&f, 0, sizeof f);
        f.overlap = 1e-5;
        f.normal = demc_vec3_make(0.0, 0.0, 1.0);
        f.branch_i = demc_vec3_make(0.0, 0.0, -1e-3);
        f.velocity_i = demc_vec3_make(0.1, 0.0, -0.1);
        f.angular_velocity_i = demc_vec3_make(0.0, 5.0, 0.0);
        f.effective_radius = 1e-3;
        f.effective_mass = 1e-5;
        f.effective_inertia = 4e-12;
        r = demc_contact_eval(&m, &f, 1e-6, state, &diag);
        CHECK(r.torque_i.y < 0.0 && !vec_has_nan(r.torque_i));
        f.overlap = -1e-6; /* the release, with the energy terms */
        r = demc_contact_eval(&m, &f, 1e-6, state, &diag);
        CHECK(r.torque_i.y == 0.0 && diag.rolling_exchange == 0.0);
        free(state);
    }
}

/* adhesion.h (found by fuzz/fuzz_adhesion.c): with a subnormal R* the JKR pull-off distance and cycle loss formed
 * c² (which underflowed to 0) and E* over R*² (inf): the loss was inf·0 = NaN and the distance 0 instead of 1.6e-100.
 * From cube roots of the inputs they are (3/4)(π²w²R* over E*²)^{1/3} and 7.0922(w⁵R*⁴ over E*²)^{1/3}: with E* = 1e3,
 * w = 1e8 and R* = 1e-309, (3/4)(π²·1e-299)^{1/3} and 7.0922·(1e-1202)^{1/3} → 0; with R* = 1e-30,
 * (3/4)(π²·1e-20)^{1/3} and 7.0922·(1e-86)^{1/3}. */
static void adhesion_jkr_extreme_radius(void)
{
    demc_adhesion_jkr_params p;
    double d, u;
    CHECK(demc_adhesion_jkr_init(1e3, 1e-309, 1e8, &p, NULL) == DEMC_OK);
    d = demc_adhesion_jkr_pulloff_distance(&p);
    u = demc_adhesion_jkr_cycle_loss(&p);
    CHECK(fabs(d - 0.75 * cbrt(9.869604401089358) * cbrt(1e-299)) <= 1e-14 * d);
    CHECK(!is_nan(u) && u >= 0.0 && u < 1e-300);
    CHECK(demc_adhesion_jkr_init(1e3, 1e-30, 1e8, &p, NULL) == DEMC_OK);
    d = demc_adhesion_jkr_pulloff_distance(&p);
    u = demc_adhesion_jkr_cycle_loss(&p);
    CHECK(fabs(d - 0.75 * cbrt(9.869604401089358 * 1e-20)) <= 1e-14 * d);
    CHECK(fabs(u - 7.0921959718639588 * cbrt(1e-86)) <= 1e-14 * u);
    /* w/E* = 1e300 and w·(w/E*)^{2/3} = inf while the loss is 7.0922·(1e750·1e-1200/1e-300)^{1/3} = 7.0922e-50 */
    CHECK(demc_adhesion_jkr_init(1e-150, 1e-300, 1e150, &p, NULL) == DEMC_OK);
    u = demc_adhesion_jkr_cycle_loss(&p);
    CHECK(fabs(u - 7.0921959718639588e-50) <= 1e-14 * u);
    d = demc_adhesion_jkr_pulloff_distance(&p); /* (3/4)(π²·1e300·1e-300/1e-300)^{1/3} = (3/4)π^{2/3}·1e100 */
    CHECK(fabs(d - 0.75 * cbrt(9.869604401089358) * 1e100) <= 1e-14 * d);
}

/* facet.h (found by fuzz/fuzz_facet.c): a closest point on an edge or vertex at a distance whose square is
 * subnormal (4.4e-162) gave a normal of length 1.08 (x − P over a d from the rounded d²); the normal is now unit
 * and d = |x − P| to rounding at any scale. (Which candidate is closest is decided on squared distances: below
 * about 1e-154 they underflow and the first candidate may win; bad_input.md.) */
static void facet_normal_at_tiny_distances(void)
{
    const double scales[3] = {1e-160, 1e-200, 1e-300};
    int k;
    for (k = 0; k < 3; ++k) {
        const double s = scales[k];
        demc_facet_triangle t = demc_facet_triangle_make(demc_vec3_make(0.0, 0.0, 0.0), demc_vec3_make(4.0 * s, 0.0, 0.0),
                                                         demc_vec3_make(0.0, 4.0 * s, 0.0));
        const demc_vec3 x = demc_vec3_make(4.75 * s, 0.0, s);
        demc_facet_contact c = demc_facet_closest_point(&t, x);
        /* |x − P| from the gap scaled up to unit size (where its square does not underflow) */
        const demc_vec3 gap = demc_vec3_scale(demc_vec3_sub(x, c.point), 1.0 / s);
        const double d = demc_vec3_norm(gap) * s;
        CHECK(fabs(demc_vec3_norm2(c.normal) - 1.0) <= 1e-15);
        CHECK(fabs(c.distance - d) <= 1e-15 * d);
        if (k == 0) { /* beyond vertex 1 along (3, 0, 4)/5: d = 1.25 s */
            CHECK(c.region == DEMC_FACET_REGION_VERTEX_1);
            CHECK(fabs(c.distance - 1.25 * s) <= 1e-15 * s);
            CHECK(fabs(c.normal.x - 0.6) <= 1e-15 && fabs(c.normal.z - 0.8) <= 1e-15);
        }
    }
}

/* rolling.h (found by fuzz/fuzz_rolling.c): the rolling inertia of two spheres formed the product of the two
 * inertias, which underflowed (m = 1e-310 kg, r = 1e8 m: 0 for (7/10)·1e-310·1e16 = 7e-295) or overflowed; the
 * result is exact to rounding wherever it is representable. */
static void rolling_inertia_extremes(void)
{
    const double i = demc_rolling_inertia_spheres(1e-310, 1e8, 1e-310, 1e8);
    const double big = demc_rolling_inertia_spheres(1e200, 1e50, 1e200, 1e50); /* (7/10)·1e300 */
    const double mixed = demc_rolling_inertia_spheres(1e200, 1e50, 1.0, 1.0);  /* ≈ 1.4 (the lighter one) */
    CHECK(fabs(i - 0.7e-294) <= 1e-12 * 0.7e-294); /* the mass is subnormal: a few digits */
    CHECK(fabs(big - 0.7e300) <= 4e-16 * 0.7e300);
    CHECK(fabs(mixed - 1.4) <= 4e-16 * 1.4);
}

/* tangential.h, Mindlin–Deresiewicz kernel (found by fuzz/fuzz_tangential_md.c): far below the Coulomb limit
 * (|F| ≪ μF_n) the closed forms 1 − (1 − u/c)^p cancelled, and the recoverable energy, of size |F|²/(2k0), was
 * computed with an error of eps·(μF_n)²/k0: −39 J for 10.3 J at μ = 1e9, and for an ordinary contact (μ = 0.5,
 * F_n = 1 N, k0 = 8e5 N/m, |F| = 1.4e-9 N) 8.2e-23 J for 1.2e-24 J. The stored energy of a state with
 * |F| ≪ μF_n is |F|²/(2k0) to first order in |F|/(2μF_n) (a fresh reversal of capacity 2μF_n). */
static void md_energy_far_below_the_limit(void)
{
    const double mus[2] = {1e9, 0.5}, fns[2] = {1.0, 1.0}, gs[2] = {0.86, 1e9}, as[2] = {1.0, 1e-4},
                 incs[2] = {1.0, 1e-15};
    int k;
    for (k = 0; k < 2; ++k) {
        demc_tangential_md_params p = {0.0, 0.0, DEMC_TANGENTIAL_MD_THORNTON_YIN};
        demc_tangential_md_state s = DEMC_TANGENTIAL_MD_STATE_INIT;
        demc_tangential_md_energy en;
        const double k0 = 8.0 * gs[k] * as[k];
        demc_vec3 f;
        double e_ref, t;
        CHECK(demc_tangential_md_init(mus[k], gs[k], DEMC_TANGENTIAL_MD_THORNTON_YIN, &p, NULL) == DEMC_OK);
        f = md_update(&p, demc_vec3_make(incs[k], incs[k], incs[k]), fns[k], as[k], &s, &en);
        /* no slip in the first step (k0|Δs| ≤ μΔF_n): F = −k0 Δs */
        CHECK(fabs(f.x + k0 * incs[k]) <= 1e-15 * k0 * incs[k]);
        t = demc_vec3_norm(f) / (2.0 * mus[k] * fns[k]);
        e_ref = demc_vec3_norm2(f) / (2.0 * k0) * (1.0 + t / 9.0); /* (3/2)(c²/k0) g(t), g(t) = t²/3 + t³/27 + … */
        if (!CHECK(fabs(en.stored_energy - e_ref) <= 1e-12 * e_ref))
            printf("    case %d: stored %.17g, expected %.17g\n", k, en.stored_energy, e_ref);
        CHECK(fabs(demc_tangential_md_stored_energy(&p, fns[k], as[k], &s) - e_ref) <= 1e-12 * e_ref);
    }
    /* a contact radius at the bottom of the double range (k0 = 3e-307 N/m): (μF_n)²/k0 overflowed against a
     * t² that underflowed, NaN energies; now the energy is |F|²/(2k0) from |F|/k0, finite, also in the next step */
    {
        demc_tangential_md_params p = {0.0, 0.0, DEMC_TANGENTIAL_MD_THORNTON_YIN};
        demc_tangential_md_state s = DEMC_TANGENTIAL_MD_STATE_INIT;
        demc_tangential_md_energy en;
        CHECK(demc_tangential_md_init(1.75, 1.75, DEMC_TANGENTIAL_MD_THORNTON_YIN, &p, NULL) == DEMC_OK);
        (void)md_update(&p, demc_vec3_make(1.75, 1.75, 9.6875), 9.9375, 2.2250738585072014e-308, &s,
                                        &en);
        CHECK(!is_nan(en.stored_energy) && en.stored_energy >= 0.0 && !is_nan(en.normal_exchange));
        (void)md_update(&p, demc_vec3_make(1.0, 1.0, 1.0), 1.0, 1.0, &s, &en);
        CHECK(!is_nan(en.stored_energy) && !is_nan(en.friction_dissipation) && !is_nan(en.normal_exchange));
    }
}

/* issue 36, N1: a tangential spring force whose square underflows (1e-180) met a Coulomb limit of 0 as 0 ≤ 0 and
 * stuck; with F_n = 1e-170 the slip force came out 5.00003e-171 > μF_n from a subnormal |L*|². F_n ≤ 0 releases
 * the spring (zero force, zero memory); the limit holds at any scale. Expected values: the contract, μ_d F_n. */
static void tangential_tiny_forces(void)
{
    demc_tangential_params p;
    demc_tangential_state s;
    tangential_step_result r;
    const demc_vec3 v = demc_vec3_make(1e-80, 0.0, 0.0);
    int policy, step;
    CHECK(demc_tangential_init(0.5, 0.5, &p, NULL) == DEMC_OK);
    for (policy = 0; policy < 2; ++policy) {
        p.coulomb = policy ? DEMC_COULOMB_ELASTIC : DEMC_COULOMB_TOTAL;
        memset(&s, 0, sizeof s);
        r = tangential_step(&p, v, v, 1e-100, 0.0, 0.0, 1.0, &s);
        CHECK(r.force.x == 0.0 && r.force.y == 0.0 && r.force.z == 0.0);
        CHECK(s.force.x == 0.0 && s.displacement.x == 0.0 && r.sliding == 1);
        memset(&s, 0, sizeof s); /* F_n ≤ 0 releases a loaded spring too, with its dashpot under the total policy */
        r = tangential_step(&p, v, v, 1e-100, 1e-170, 0.0, 1.0, &s);
        r = tangential_step(&p, v, v, 1.0, -1.0, 0.5, 1.0, &s);
        CHECK(s.force.x == 0.0 && s.displacement.x == 0.0);
        CHECK(policy ? r.force.x == -0.5e-80 : r.force.x == 0.0);
        memset(&s, 0, sizeof s);
        for (step = 0; step < 4; ++step) {
            r = tangential_step(&p, demc_vec3_make(1e-60, 0.0, 0.0), v, 1e-100, 1e-170, 0.0, 1.0, &s);
            CHECK(demc_vec3_norm(r.force) <= 0.5e-170 * (1.0 + 4e-16));
        }
        CHECK(r.sliding == 1 && fabs(r.force.x + 0.5e-170) <= 4e-16 * 0.5e-170);
    }
}

/* issue 36, N2: the energy terms of demc_tangential_update() formed |F|² before dividing by k_t, so a spring force
 * of 1e210 N at k_t = 1e210 N/m (5e209 J) reported +inf, NaN for the exchange (inf − inf), and a force of 1e-211 N
 * at k_t = 1e-211 N/m reported 0. The step is covariant under F_n, k_t, c_t → 2^a (F_n, k_t, c_t) with Δs, v and Δt
 * kept: every force scales by 2^a and every energy term by 2^a. Expected values: the same steps at a = 0. */
static void tangential_energy_across_scales(void)
{
    /* k_t, F_n, Δs, v, c_t, Δt of five steps: stick, slip, unloading (rescale), release at F_n < 0, reload */
    static const double steps[5][8] = {{1.0, 1.0, 0.1, 0.05, 1.0, 0.5, 0.2, 0.1},
                                       {2.0, 0.8, 0.4, 0.0, 4.0, 0.0, 0.2, 0.1},
                                       {1.5, 0.5, -0.1, 0.2, -1.0, 2.0, 0.2, 0.1},
                                       {1.5, -1.0, 0.1, 0.0, 1.0, 0.0, 0.2, 0.1},
                                       {1.0, 1.0, 0.3, -0.1, 3.0, -1.0, 0.2, 0.1}};
    static const int scales[] = {700, -700, 300, -300, 1000, -900};
    int rule, policy, i, j, k;
    for (rule = 0; rule < 4; ++rule)
        for (policy = 0; policy < 2; ++policy) {
            demc_tangential_params p;
            demc_tangential_state s0, s1;
            tangential_step_result r0[5];
            double emax;
            CHECK(demc_tangential_init(0.5, 0.4, &p, NULL) == DEMC_OK);
            p.stiffness_rule = (demc_stiffness_rule)rule;
            p.coulomb = policy ? DEMC_COULOMB_ELASTIC : DEMC_COULOMB_TOTAL;
            memset(&s0, 0, sizeof s0);
            for (i = 0; i < 5; ++i) {
                const double *q = steps[i];
                r0[i] = tangential_step(&p, demc_vec3_make(q[2], q[3], 0.0), demc_vec3_make(q[4], q[5], 0.0), q[0],
                                        q[1], q[6], q[7], &s0);
            }
            for (i = 0, emax = 0.0; i < 5; ++i) /* the scale of the cancellation in a difference of two terms */
                emax = fmax(emax, fmax(r0[i].stored_energy, fabs(r0[i].stiffness_exchange)));
            CHECK(r0[0].stored_energy > 0.0 && r0[1].friction_dissipation > 0.0 && r0[3].friction_dissipation > 0.0 &&
                  r0[0].viscous_dissipation > 0.0 && r0[1].stiffness_exchange != 0.0);
            for (k = 0; k < (int)(sizeof scales / sizeof scales[0]); ++k) {
                memset(&s1, 0, sizeof s1);
                for (i = 0; i < 5; ++i) {
                    const double *q = steps[i];
                    const double up = ldexp(1.0, scales[k] / 2), f = up * up; /* 2^a, a = ±1000 as 2^500·2^500 */
                    const tangential_step_result r = tangential_step(
                        &p, demc_vec3_make(q[2], q[3], 0.0), demc_vec3_make(q[4], q[5], 0.0), q[0] * f, q[1] * f,
                        q[6] * f, q[7], &s1);
                    const double got[4] = {r.stored_energy, r.friction_dissipation, r.viscous_dissipation,
                                           r.stiffness_exchange};
                    const double want[4] = {r0[i].stored_energy, r0[i].friction_dissipation,
                                            r0[i].viscous_dissipation, r0[i].stiffness_exchange};
                    for (j = 0; j < 4; ++j) {
                        /* got/2^a in two exact halves (2^±1000 is not a double) */
                        const double back = got[j] / up / up;
                        if (!CHECK(fabs(back - want[j]) <= 1e-14 * fabs(want[j]) + 1e-15 * emax))
                            printf("    rule %d policy %d scale 2^%d step %d term %d: %.17g, expected %.17g\n", rule,
                                   policy, scales[k], i, j, back, want[j]);
                    }
                }
            }
        }
}

/* issue 36, found by the tangential fuzzer (corner corpus): demc_tangential_project() of v = (6.4e-145, 0, 0) onto
 * the plane of n ≈ (1, 0, 1.1e-13) formed |w|² = 5e-315 (subnormal) for the projection w, and rescaled it to a
 * length 1e-3 off |v|. The projection is linear: v/m_v gives the same direction at any scale. Expected: |v|, and
 * the direction of the same projection scaled by 2^400 (where every square is a normal double). */
static void tangential_project_across_scales(void)
{
    const demc_vec3 n = demc_vec3_normalize(demc_vec3_make(7.2911220195563967e-304, 0.0, 8.2646663891640587e-317));
    const demc_vec3 v = demc_vec3_make(6.4066659283830441e-145, 0.0, 0.0);
    const demc_vec3 p = demc_tangential_project(v, n);
    const demc_vec3 big = demc_tangential_project(demc_vec3_scale(v, 0x1p400), n);
    int k;
    CHECK_REL(demc_vec3_norm(demc_vec3_scale(p, 0x1p400)), demc_vec3_norm(v) * 0x1p400, 1e-14);
    CHECK_REL(demc_vec3_norm(big), demc_vec3_norm(v) * 0x1p400, 1e-14);
    CHECK(fabs(p.z * 0x1p400 - big.z) <= 1e-14 * fabs(big.z) && fabs(p.x * 0x1p400 - big.x) <= 1e-14 * fabs(big.z));
    /* v of any magnitude along a general direction: |v| kept, the result in the plane */
    for (k = -1000; k <= 1000; k += 50) {
        const demc_vec3 w = demc_vec3_make(ldexp(0.3, k), ldexp(-0.7, k), ldexp(0.2, k)),
                        m = demc_vec3_normalize(demc_vec3_make(0.6, 0.0, 0.8)), q = demc_tangential_project(w, m);
        const double s = ldexp(1.0, -k); /* back to unit scale: |w| s ≈ 0.78 */
        CHECK_REL(demc_vec3_norm(demc_vec3_scale(q, s)), demc_vec3_norm(demc_vec3_scale(w, s)), 1e-14);
        CHECK(fabs(demc_vec3_dot(demc_vec3_scale(q, s), m)) <= 1e-15);
    }
}

/* issue 36, N1 through the assembled contact: LS+D at F_n = 0 after the force-end clamp, F_t was (−1e-180, 0). */
static void contact_force_end_no_tangential(void)
{
    demc_contact_def d;
    demc_contact_model m;
    demc_body b;
    demc_wall w;
    demc_contact_result r;
    double state[32] = {0};
    CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_LSD, sizeof d, &d, NULL) == DEMC_OK);
    d.normal_stiffness = 1e-95;
    d.stiffness_ratio = 1e-85;
    d.restitution = 0.9;
    d.end = DEMC_CONTACT_END_FORCE;
    d.friction.mu_static = d.friction.mu_dynamic = 0.5;
    d.tangential_damping_scale = 0.0; /* the spring alone: its trial force is −1e-180 */
    CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
    CHECK(demc_contact_model_state_size(&m) <= 32);
    memset(&b, 0, sizeof b);
    memset(&w, 0, sizeof w);
    b.position = demc_vec3_make(0.0, 0.0, 0.9);
    b.velocity = demc_vec3_make(1e3, 0.0, 10.0);
    b.radius = 1.0;
    b.mass = 1.0;
    w.normal = demc_vec3_make(0.0, 0.0, 1.0);
    r = demc_contact_eval_sphere_wall(&m, &b, &w, 1e-3, state, NULL);
    CHECK(r.force.z == 0.0 && r.force.x == 0.0 && r.force.y == 0.0);
}

/* issue 36, N1 (rolling): EPSD at F_n = 0 kept a trial torque of −3e-206 (its square underflowed): M_m = 0 releases
 * the spring; SDS likewise. */
static void rolling_release_at_zero_load(void)
{
    demc_rolling_epsd_params p;
    demc_rolling_epsd_state st;
    demc_rolling_sds_params q;
    demc_rolling_sds_state ss;
    demc_rolling_result r;
    const demc_vec3 n = demc_vec3_make(0.0, 0.0, 1.0), zero = demc_vec3_make(0.0, 0.0, 0.0);
    CHECK(demc_rolling_epsd_init(1e-94, 0.0, &p, NULL) == DEMC_OK);
    st.torque = zero;
    r = demc_rolling_epsd_torque(&p, n, 7.5e6, 1e-22, 0.0, 0.0, demc_vec3_make(2.4e5, 0.0, 0.0), zero, 1e-15, &st,
                                 NULL);
    CHECK(st.torque.x == 0.0 && st.torque.y == 0.0 && r.torque_i.x == 0.0 && r.torque_i.y == 0.0);
    CHECK(demc_rolling_sds_init(1e-100, 0.0, 0.5, &q, NULL) == DEMC_OK);
    ss.displacement = zero;
    r = demc_rolling_sds_torque(&q, n, 1.0, 0.0, demc_vec3_make(1e-80, 0.0, 0.0), zero, 1.0, &ss, NULL);
    CHECK(r.torque_i.x == 0.0 && r.torque_i.y == 0.0 && ss.displacement.y == 0.0);
}

/* issue 36, N5: EPSD with a subnormal k_r = c k_n μ_r² R*² (LS+D k = 1.4e-85, μ_r = 3.6e-83, c = 8e-56): the
 * second call's rolling_exchange was |M|²(1/k − 1/k) = inf − inf = NaN. */
static void contact_epsd_subnormal_stiffness(void)
{
    demc_contact_def d;
    demc_contact_model m;
    demc_body bi, bj;
    demc_contact_diag diag = DEMC_CONTACT_DIAG_INIT;
    double state[32] = {0};
    int k;
    CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_LSD, sizeof d, &d, NULL) == DEMC_OK);
    d.normal_stiffness = 1.4e-85;
    d.tangential = DEMC_TANGENTIAL_NONE;
    d.end = DEMC_CONTACT_END_OVERLAP;
    d.rolling = DEMC_ROLLING_EPSD;
    d.mu_rolling = 3.6e-83;
    d.rolling_stiffness_coefficient = 8e-56;
    d.rolling_damping_ratio = 0.13;
    CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
    memset(&bi, 0, sizeof bi);
    memset(&bj, 0, sizeof bj);
    bi.radius = bj.radius = 2.7231e-3;
    bj.position = demc_vec3_make(5.44e-3, 0.0, 0.0);
    bi.mass = 6e6;
    bj.mass = 1.0;
    bi.angular_velocity = demc_vec3_make(-28000.0, 1300.0, 0.0);
    for (k = 0; k < 2; ++k) {
        demc_contact_eval_sphere_sphere(&m, &bi, &bj, 2.2e-5, state, &diag);
        CHECK(!is_nan(diag.rolling_exchange) && !is_nan(diag.rolling_dissipation));
    }
}

/* issue 36, N3 and N6: the JKR touch test formed 256q³ + 27c⁴, which underflowed (c = 7e-87: still in contact at
 * ten times the pull-off distance) or rounded apart from the roots' discriminant (at nextafter(−δ_c, 0): F, k, a
 * NaN). N4: a set whose cycle loss is not representable (7.1e308) is refused. */
static void adhesion_jkr_scales(void)
{
    demc_adhesion_jkr_params p;
    demc_adhesion_state st = DEMC_ADHESION_STATE_INIT;
    demc_adhesion_result r;
    const char *field = NULL;
    double dc;
    CHECK(demc_adhesion_jkr_init(4.5e34, 1.1e-47, 2.8e-45, &p, NULL) == DEMC_OK);
    dc = demc_adhesion_jkr_pulloff_distance(&p);
    CHECK(dc > 0.0);
    r = demc_adhesion_jkr_update(&p, 1e-80, &st); /* touch */
    CHECK(r.contact == 1 && st.neck == 1.0);
    r = demc_adhesion_jkr_update(&p, -0.5 * dc, &st); /* inside the range: the neck holds */
    CHECK(r.contact == 1 && r.force < 0.0 && r.contact_radius > 0.0);
    r = demc_adhesion_jkr_update(&p, -10.0 * dc, &st);
    CHECK(r.contact == 0 && r.force == 0.0 && st.neck == 0.0);
    CHECK(demc_adhesion_jkr_radius_unstable(&p, -10.0 * dc) == 0.0);
    CHECK(demc_adhesion_jkr_radius_unstable(&p, -0.5 * dc) > 0.0);
    CHECK(demc_adhesion_jkr_init(0x1.a6a9c33bdfb99p-145, 0x1.2065a58d90792p-58, 0x1.5fbd3f02311d8p-85, &p, NULL) ==
          DEMC_OK);
    dc = demc_adhesion_jkr_pulloff_distance(&p);
    {
        /* every double within 64 ulp of −δ_c: in contact with finite results, or released */
        double d = -dc;
        int k, nans = 0;
        for (k = 0; k < 64; ++k) d = nextafter(d, -1.0);
        for (k = 0; k < 128; ++k, d = nextafter(d, 0.0)) {
            st.neck = 1.0;
            r = demc_adhesion_jkr_update(&p, d, &st);
            nans += is_nan(r.force) || is_nan(r.stiffness) || is_nan(r.contact_radius) || is_nan(r.friction_load);
        }
        CHECK(nans == 0);
    }
    p.prefactor = 7.0;
    CHECK(demc_adhesion_jkr_init(1e-226, 1e118, 1.0, &p, &field) == DEMC_ERR_SINGULAR);
    CHECK(field && strcmp(field, "work_of_adhesion") == 0 && p.prefactor == 7.0);
}

/* issue 36: the closest point on a triangle of edges 1e-79 at 2e-72 gave |n_f|² − 1 = 6.7e-4 (a subnormal |n|²);
 * the same triangle scaled by 2^300 gives the unit normal: the result must not depend on the unit of length. */
static void facet_closest_point_across_scales(void)
{
    demc_facet_triangle t, big;
    demc_facet_contact c, cb;
    const demc_vec3 x = demc_vec3_make(0x1.54e0c36e59dddp-235, 0x1.9203fc0b0acb8p-235, -0x1.b150589bdd6e7p-239);
    const double up = 0x1p300;
    int k;
    t = demc_facet_triangle_make(demc_vec3_make(0x1.10b3cfdc6c57cp-238, 0x1.10b3cfd5904ep-238, 0x1.10b3cfd5904ep-238),
                                 demc_vec3_make(0x1.10b3cfd5904ep-238, 0x1.10b3cfbf9cfb9p-238, 0x1.10b3cfd5904ep-238),
                                 demc_vec3_make(0x1.10b3cfd5904ep-238, 0x1.10b3cfd5904ep-238, 0x1.10b3cfd5904ep-238));
    big = t;
    for (k = 0; k < 3; ++k) big.vertex[k] = demc_vec3_scale(t.vertex[k], up);
    c = demc_facet_closest_point(&t, x);
    cb = demc_facet_closest_point(&big, demc_vec3_scale(x, up));
    CHECK(fabs(demc_vec3_norm2(c.face_normal) - 1.0) <= 1e-15);
    CHECK(fabs(demc_vec3_norm2(c.normal) - 1.0) <= 1e-15);
    CHECK(c.region == cb.region);
    CHECK(fabs(c.face_normal.x - cb.face_normal.x) <= 1e-15 && fabs(c.face_normal.y - cb.face_normal.y) <= 1e-15 &&
          fabs(c.face_normal.z - cb.face_normal.z) <= 1e-15);
    CHECK(fabs(c.distance * up - cb.distance) <= 1e-14 * cb.distance);
    CHECK(fabs(c.weight[0] - cb.weight[0]) <= 1e-14 && fabs(c.weight[1] - cb.weight[1]) <= 1e-14);
}

int main(void)
{
    RUN(rotation_half_turns);
    RUN(rotation_huge_rotvec);
    RUN(hertz_stiffness_huge_prefactor);
    RUN(damping_limits);
    RUN(zero_velocity_time_extremes);
    RUN(transport_from_zero_normal);
    RUN(geometry_tiny_distances);
    RUN(material_subnormal_modulus);
    RUN(timestep_output_checked_last);
    RUN(carlson_extremes);
    RUN(sliding_setup_overflow);
    RUN(sliding_forces_far_outside);
    RUN(sliding_fc_extreme);
    RUN(sliding_fc_overflowing_velocity);
    RUN(sliding_work_huge_path);
    RUN(sliding_friction_force_overflow);
    RUN(errno_untouched_by_underflow);
    RUN(contact_model_output_checked_last);
    RUN(contact_model_derived_overflow);
    RUN(contact_batch_without_state);
    RUN(contact_rolling_cdt_reads_no_state);
    RUN(adhesion_jkr_extreme_radius);
    RUN(facet_normal_at_tiny_distances);
    RUN(rolling_inertia_extremes);
    RUN(md_energy_far_below_the_limit);
    RUN(tangential_tiny_forces);
    RUN(tangential_energy_across_scales);
    RUN(tangential_project_across_scales);
    RUN(contact_force_end_no_tangential);
    RUN(rolling_release_at_zero_load);
    RUN(contact_epsd_subnormal_stiffness);
    RUN(adhesion_jkr_scales);
    RUN(facet_closest_point_across_scales);
    return harness_finish("test_edges");
}
