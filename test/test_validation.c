/* Validation of demc against the papers' worked examples, run end to end on the reference driver
 * (test/support/driver.h, cases.h). Each case states its reference and its tolerance. */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "support/cases.h"

/* 001 example 5.1 (Campello 2015, section 5.1): a spinning sphere slides on a rigid plane until pure rolling.
 * Reference: the analytic solution 001 eq 51-53, t_roll = −(v₀ + ω₀ r)/(μg + 5μg r/(2r)) = 2.6854 s,
 * v_roll = (5v₀ − 2ω₀ r)/7 = 8.9407 m/s, ω_roll = −v_roll/r = −44.703 rad/s (eq 54 prints 8.95 and −44.57: eq 51
 * evaluated at the rounded t = 2.69 s; 001's own simulation gave 8.94 and −44.71). Tolerance: 0.5 % of the
 * analytic values (the issue's), and energy closure: the kinetic energy lost equals the friction dissipation the
 * law reports within 0.5 %. */
static void test_001_spinning_sphere(void)
{
    double v, w, t_roll;
    int sc;
    spin_analytic(10.0, &v, &w, &t_roll);
    for (sc = 0; sc < 3; ++sc) {
        spin_result r = run_spinning_sphere((drv_scheme)sc, 1e-4, 3.0, 0.25, NULL, 0);
        printf("    scheme %d: t_roll %.5f (%.5f), v %.5f (%.5f), w %.4f (%.4f), lost %.6g J, dissipated %.6g J\n", sc,
               r.t_roll, t_roll, r.v_roll, v, r.w_roll, w, r.kinetic_lost, r.dissipated);
        CHECK(r.t_roll > 0.0);
        CHECK_REL(r.t_roll, t_roll, 5e-3);
        CHECK_REL(r.v_roll, v, 5e-3);
        CHECK_REL(r.w_roll, w, 5e-3);
        CHECK_REL(r.dissipated, r.kinetic_lost, 5e-3);
        CHECK_REL(r.t_roll, 2.69, 5e-3); /* the printed eq 53-54, rounded: within the same 0.5 % */
        CHECK_REL(r.v_roll, 8.95, 5e-3);
        CHECK_REL(r.w_roll, -44.57, 5e-3);
    }
}

/* 001 example 5.2 (section 5.2): three spheres rolling into a collision. Reference: the instants 001 reports for
 * particle 1 (collision at 0.46 s lasting 0.0047 s, spin reversal at 0.62 s, pure rolling at 0.69 s, back at the
 * start at 1.39 s); the approach speed and the gap come from two of them (cases.h), so the checks that can fail
 * are the duration, the spin reversal and the return to rolling. Tolerance 3 % (the issue's; the paper gives two
 * or three digits). Energy: lost = reported friction dissipation within 1 %. */
static void test_001_three_spheres(void)
{
    int sc;
    for (sc = 0; sc < 3; sc += 2) {
        three_result r = run_three_spheres((drv_scheme)sc, 1e-4, 1.5, NULL, 0);
        printf("    scheme %d: collision %.4f + %.5f, spin reversal %.4f, rolling %.4f, back %.4f; lost %.6g J, "
               "dissipated %.6g J\n", sc, r.t_collision, r.duration, r.t_spin_reversal, r.t_rolling, r.t_back,
               r.kinetic_lost, r.dissipated);
        CHECK_REL(r.t_collision, 0.46, 0.03);
        CHECK_REL(r.duration, 0.0047, 0.03);
        CHECK_REL(r.t_spin_reversal, 0.62, 0.03);
        CHECK_REL(r.t_rolling, 0.69, 0.03);
        CHECK_REL(r.t_back, 1.39, 0.03);
        CHECK_REL(r.dissipated, r.kinetic_lost, 0.01);
    }
}

/* Test of the test: the 5.1 check can fail. With μ perturbed by 4 % (0.26 for 0.25, every other input as in the
 * paper) the measured rolling instant misses the analytic one by more than the 0.5 % tolerance. */
static void test_perturbed_friction_fails_001(void)
{
    double v, w, t_roll;
    spin_result r = run_spinning_sphere(DRV_TRAPEZOIDAL, 1e-4, 3.0, 0.26, NULL, 0);
    spin_analytic(10.0, &v, &w, &t_roll);
    CHECK(fabs(r.t_roll - t_roll) > 5e-3 * t_roll);
}

/* 002 set-up with an elastic law (the 001 model with ξ = 0: Hertz and Mindlin spring, E = 70 GPa, ν = 0.3, μ = 0.1,
 * elastic wall of the sphere's material): at θ_i = 45° and 60° the impact slides throughout (no stick step) and Ψ
 * equals psi_sliding() to 1e-4 (Θ − 7 to 0.02: the lever-arm term is 2.5⟨δ⟩_F/R = 0.017 here); e = 1 to 1e-4 at
 * θ_i = 1°. Energy: lost = reported friction work within 0.3 % (the spring F = −k_t(δ)s changes its stored
 * energy with δ at fixed s without work, ½∫s²dk_t, which no law term reports: 0.14 % here). */
static void test_002_elastic_sliding_relation(void)
{
    demc_material mat = demc_material_make(70e9, 0.3, OBLIQUE_DENSITY);
    demc_pair pair;
    campello_law law;
    demc_collision_hertz a;
    const double angles[3] = {1.0, 45.0, 60.0};
    int k;
    memset(&law, 0, sizeof law);
    demc_material_pair_sphere_wall(&mat, OBLIQUE_RADIUS, &mat, DEMC_SHEAR_MINDLIN, &pair, NULL);
    pair.effective_mass = oblique_mass();
    demc_normal_hertz_init(pair.effective_modulus, pair.effective_radius, &law.wall_hertz, NULL);
    law.wall_shear = pair.effective_shear_modulus;
    law.wall_mu = 0.1;
    if (!CHECK(demc_collision_hertz_impact(&pair, OBLIQUE_SPEED, &a, NULL) == DEMC_OK)) return;
    for (k = 0; k < 3; ++k) {
        oblique_result r = run_oblique(campello_law_eval, &law, DRV_VERLET, angles[k], 1.0, 0.1, a.duration / 400.0, NULL);
        printf("    theta_i %g: e %.6f, Theta %.4f, Psi %.4f (Theta - 7 = %.4f), lost %.4g J, dissipated %.4g J\n",
               angles[k], r.restitution, r.theta, r.psi, r.theta - 7.0, r.kinetic_lost, r.dissipated);
        if (k == 0) CHECK_REL(r.restitution, 1.0, 1e-4);
        if (k == 0) continue;
        CHECK(r.stick_steps == 0);
        CHECK_ABS(r.psi, psi_sliding(&r, 1.0), 1e-4);
        CHECK_ABS(r.psi, r.theta - 7.0, 0.02);
        CHECK_REL(r.dissipated, r.kinetic_lost, 3e-3);
    }
}

/* 002 Fig. 11 and its fix: with the damping ratio from demc's exact force-end maps (demc_damping_lsd_ratio,
 * demc_damping_hmd_ratio) the measured normal restitution equals the target within 1e-3 relative, for LS+D, HM+D
 * and PLS(B) (exact by construction, normal.h), at 1600 steps per Hertz duration. The bound: LS+D and PLS(B) are
 * integrated to second order (1e-5 measured); the HM+D dashpot 2γ√(m k_n(δ))δ̇ switches on as δ^{1/4} ~ t^{1/4},
 * so its restitution converges at order 5/4 only (checked: 1.25 ± 0.1 between 400 and 1600 steps at e = 0.1,
 * which shows the remaining 4e-4 is the integration, not the map). With Schäfer's γ (002 eq 6, the overlap-end
 * map) LS+D misses: the measured e exceeds the target by more than 0.05 at e = 0.25 and 0.1 and never falls
 * below e^{−2} = 0.135, as 002 found (it never measured e < 0.15). */
static void test_002_normal_restitution(void)
{
    const double targets[4] = {0.9, 0.5, 0.25, 0.1};
    int k;
    for (k = 0; k < 4; ++k) {
        const double e = targets[k], schafer = -log(e) / sqrt(3.14159265358979323846 * 3.14159265358979323846 + log(e) * log(e));
        double g_lsd = 0.0, g_hmd = 0.0, e_lsd, e_hmd, e_pls, e_schafer;
        CHECK(demc_damping_lsd_ratio(e, DEMC_CONTACT_END_FORCE, &g_lsd) == DEMC_OK);
        CHECK(demc_damping_hmd_ratio(e, DEMC_CONTACT_END_FORCE, &g_hmd) == DEMC_OK);
        e_lsd = head_on_restitution002(N002_LSD, e, g_lsd, 1600);
        e_hmd = head_on_restitution002(N002_HMD, e, g_hmd, 1600);
        e_pls = head_on_restitution002(N002_PLSB, e, 0.0, 1600);
        e_schafer = head_on_restitution002(N002_LSD, e, schafer, 1600);
        printf("    e = %.2f: LS+D %.6f, HM+D %.6f, PLS(B) %.6f; LS+D with Schafer's gamma %.4f\n", e, e_lsd, e_hmd,
               e_pls, e_schafer);
        CHECK_REL(e_lsd, e, 1e-3);
        CHECK_REL(e_hmd, e, 1e-3);
        CHECK_REL(e_pls, e, 1e-3);
        if (e < 0.3) CHECK(e_schafer > e + 0.05);
        CHECK(e_schafer > exp(-2.0));
        if (k == 3) {
            double coarse = head_on_restitution002(N002_HMD, e, g_hmd, 400);
            CHECK_ABS(log(fabs(coarse - e) / fabs(e_hmd - e)) / log(4.0), 1.25, 0.1);
        }
    }
}

/* 002 oblique impacts (V_n = 5 m/s, θ_i = 1…45° by 1°, R = 25 mm, ρ = 2650, μ = 0.1, E = 70 GPa, ν = 0.3, wall of
 * the sphere's material, 400 steps per Hertz duration), LS+D, HM+D and PLS(B) built from normal.h and damping.h
 * (γ from demc's exact maps), e = 0.9, 0.5, 0.25. Checks, the measurable form of what 002 reports:
 * - where the impact slides throughout (no stick step) Ψ is the impulse-balance value Θ − 7 + lever-arm term
 *   (psi_sliding) within 2e-3, and Θ − 7 within 0.05;
 * - at e = 0.9 the models agree: the largest difference of a viscous model to PLS(B) is below 25 % of PLS(B)'s
 *   range of Ψ;
 * - at e = 0.25 they part: PLS(B) oscillates (at least three turning points of Ψ(Θ), range more than twice the
 *   viscous ones) while the viscous models are damped (one turning point, the minimum), and the largest
 *   difference exceeds 50 % of PLS(B)'s range;
 * - the two viscous models agree with each other at every e (largest difference below 25 % of their range). */
static void test_002_psi_theta(void)
{
    const double es[3] = {0.9, 0.5, 0.25};
    oblique_result r[3][45];
    int k, m, a;
    for (k = 0; k < 3; ++k) {
        int extrema[3];
        double range[3];
        for (m = 0; m < 3; ++m) {
            for (a = 0; a < 45; ++a) {
                r[m][a] = oblique002((normal002_model)m, es[k], -1.0, a + 1.0, 400, NULL);
                if (r[m][a].stick_steps == 0) {
                    CHECK_ABS(r[m][a].psi, psi_sliding(&r[m][a], es[k]), 2e-3);
                    CHECK_ABS(r[m][a].psi, r[m][a].theta - 7.0, 0.05);
                }
            }
            psi_shape(r[m], 45, &extrema[m], &range[m]);
        }
        printf("    e = %.2f: turns %d %d %d, range %.3f %.3f %.3f, max |LSD-PLS| %.3f, |HMD-PLS| %.3f, |LSD-HMD| %.3f\n",
               es[k], extrema[0], extrema[1], extrema[2], range[0], range[1], range[2],
               max_difference(r[0], r[2], 45), max_difference(r[1], r[2], 45), max_difference(r[0], r[1], 45));
        CHECK(max_difference(r[0], r[1], 45) < 0.25 * range[0]);
        if (k == 0) {
            CHECK(max_difference(r[0], r[2], 45) < 0.25 * range[2]);
            CHECK(max_difference(r[1], r[2], 45) < 0.25 * range[2]);
        }
        if (k == 2) {
            CHECK(extrema[2] >= 3 && extrema[0] == 1 && extrema[1] == 1);
            CHECK(range[2] > 2.0 * range[0] && range[2] > 2.0 * range[1]);
            CHECK(max_difference(r[0], r[2], 45) > 0.5 * range[2]);
        }
    }
}

int main(void)
{
    RUN(test_002_psi_theta);
    RUN(test_002_normal_restitution);
    RUN(test_002_elastic_sliding_relation);
    RUN(test_perturbed_friction_fails_001);
    RUN(test_001_three_spheres);
    RUN(test_001_spinning_sphere);
    return harness_finish("test_validation");
}
