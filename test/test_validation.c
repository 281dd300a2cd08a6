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

int main(void)
{
    RUN(test_perturbed_friction_fails_001);
    RUN(test_001_three_spheres);
    RUN(test_001_spinning_sphere);
    return harness_finish("test_validation");
}
