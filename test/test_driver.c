/* Tests of the reference driver (test/support/driver.h) on closed forms: the order of each integrator on the
 * harmonic oscillator (undamped and damped), exact free fall, the Rodrigues rotation under constant spin, and the
 * Hertz impact against normal.h's analytic solution (001 eq 50, 004 eq 55). The laws here are built from
 * geometry.h and normal.h. */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "support/driver.h"

static const char *const scheme_name[3] = {"Verlet", "Newmark PEC", "trapezoidal"};

/* A normal spring (linear k or Hertz) with a linear dashpot c on the normal speed; info[0] = overlap. */
typedef struct normal_law {
    int hertz;
    demc_normal_hertz_params hz;
    demc_normal_linear_params lin;
    double c;
} normal_law;

static void normal_law_eval(void *ctx, const drv_body *i, const drv_body *j, const drv_wall *w, double dt,
                            const double *state_old, double *state_new, drv_contact_out *out)
{
    const normal_law *law = (const normal_law *)ctx;
    demc_geometry g = j ? demc_geometry_sphere_sphere(i->x, i->radius, j->x, j->radius)
                        : demc_geometry_sphere_wall(i->x, i->radius, w->point, w->normal);
    demc_vec3 zero = demc_vec3_make(0.0, 0.0, 0.0);
    demc_kinematics kin;
    double f, vn_step;
    (void)state_old;
    (void)state_new;
    out->info[0] = g.overlap;
    if (g.overlap <= 0.0) return;
    kin = demc_geometry_kinematics(&g, i->v, i->omega, j ? j->v : zero, j ? j->omega : zero);
    f = law->hertz ? demc_normal_hertz_force(&law->hz, g.overlap) : demc_normal_linear_force(&law->lin, g.overlap);
    f += law->c * kin.overlap_rate;
    out->force_i = demc_vec3_scale(g.normal, f);
    out->elastic_energy = law->hertz ? demc_normal_hertz_energy(&law->hz, g.overlap) : demc_normal_linear_energy(&law->lin, g.overlap);
    vn_step = demc_vec3_dot(demc_vec3_sub(i->step_velocity, j ? j->step_velocity : zero), g.normal);
    out->dissipated = law->c * vn_step * vn_step * dt;
}

/* A unit-mass sphere pressed into a wall by a linear spring k = 1e4 (ω₀ = 100 rad/s) and a dashpot of damping
 * ratio zeta: δ(t) = e^{−ζω₀t} sin(ω_d t)/ω_d (entry at 1 m/s at t = 0). The run starts inside the contact at
 * t₀ = 1 ms on that solution (so the dashpot does not switch on at a step) and returns |δ_num − δ_exact| at 11 ms. */
static double oscillator_overlap(double zeta, double t, double *rate)
{
    const double w0 = 100.0, wd = w0 * sqrt(1.0 - zeta * zeta), decay = exp(-zeta * w0 * t);
    *rate = decay * (cos(wd * t) - zeta * w0 * sin(wd * t) / wd);
    return decay * sin(wd * t) / wd;
}

static double oscillator_error(drv_scheme scheme, double zeta, int steps)
{
    const double t0 = 0.001, t_end = 0.011;
    double rate, overlap = oscillator_overlap(zeta, t0, &rate);
    normal_law law;
    drv_system s;
    int n;
    memset(&law, 0, sizeof law);
    demc_normal_linear_init(1e4, &law.lin, NULL);
    law.c = 2.0 * zeta * 100.0;
    drv_init(&s, scheme, (t_end - t0) / steps, demc_vec3_make(0.0, 0.0, 0.0), normal_law_eval, &law);
    drv_add_sphere(&s, demc_vec3_make(0.0, 0.0, 1.0 - overlap), demc_vec3_make(0.0, 0.0, -rate),
                   demc_vec3_make(0, 0, 0), 1.0, 1.0, 0.4);
    drv_add_wall(&s, demc_vec3_make(0.0, 0.0, 0.0), demc_vec3_make(0.0, 0.0, 1.0));
    for (n = 0; n < steps; ++n) drv_step(&s);
    return fabs((1.0 - s.body[0].x.z) - oscillator_overlap(zeta, t_end, &rate));
}

/* Observed order from the errors at N and 2N steps. */
static double observed_order(drv_scheme scheme, double zeta, int steps)
{
    return log(oscillator_error(scheme, zeta, steps) / oscillator_error(scheme, zeta, 2 * steps)) / log(2.0);
}

/* Undamped: all three schemes are second order (each is the trapezoidal rule or a second-order explicit variant of
 * it). Tolerance ±0.1 on the order measured between 200 and 400 steps per unit phase. */
static void test_oscillator_undamped_second_order(void)
{
    int sc;
    for (sc = 0; sc < 3; ++sc) {
        double p = observed_order((drv_scheme)sc, 0.0, 200);
        printf("    %s: undamped order %.3f\n", scheme_name[sc], p);
        CHECK_ABS(p, 2.0, 0.1);
    }
}

/* Damped (ζ = 0.2): the explicit schemes evaluate the dashpot at a lagged velocity (Verlet: v_{n+1/2} at t_{n+1},
 * 004 eq 42-44; PEC: v^p = v + ½Δt a, half a step short), so they drop to first order; the implicit trapezoidal
 * rule stays second order. Tolerance ±0.1. */
static void test_oscillator_damped_orders(void)
{
    const double expected[3] = {1.0, 1.0, 2.0};
    int sc;
    for (sc = 0; sc < 3; ++sc) {
        double p = observed_order((drv_scheme)sc, 0.2, 400);
        printf("    %s: damped order %.3f\n", scheme_name[sc], p);
        CHECK_ABS(p, expected[sc], 0.1);
    }
}

/* Free fall with a constant spin: every scheme integrates a constant acceleration exactly (to rounding, 1e-13
 * relative); the Rodrigues update under-rotates by N (ωΔt)³/12 + O(Δt⁵) (rotation.h), checked to 1e-3 of itself. */
static void test_free_fall_and_constant_spin(void)
{
    const double g = -9.81, t_end = 0.5, w = 3.0;
    const int steps = 100;
    int sc;
    for (sc = 0; sc < 3; ++sc) {
        drv_system s;
        double angle, expected_lag;
        int n;
        drv_init(&s, (drv_scheme)sc, t_end / steps, demc_vec3_make(0.0, 0.0, g), normal_law_eval, NULL);
        drv_add_sphere(&s, demc_vec3_make(0.1, 0.2, 3.0), demc_vec3_make(1.0, 0.0, 2.0), demc_vec3_make(0.0, w, 0.0),
                       0.1, 2.0, 0.008);
        for (n = 0; n < steps; ++n) drv_step(&s);
        CHECK_REL(s.body[0].x.x, 0.1 + 1.0 * t_end, 1e-13);
        CHECK_REL(s.body[0].x.z, 3.0 + 2.0 * t_end + 0.5 * g * t_end * t_end, 1e-13);
        CHECK_REL(s.body[0].v.z, 2.0 + g * t_end, 1e-13);
        angle = 2.0 * atan(0.5 * s.body[0].alpha.y);
        expected_lag = steps * pow(w * s.dt, 3) / 12.0;
        CHECK_REL(w * t_end - angle, expected_lag, 1e-3);
    }
}

/* The 000 section 4 sphere (R = 5 cm, E = 0.3 GPa, ν = 0.3, ρ = 1000) hitting a rigid wall head-on at 0.2 m/s,
 * Hertz law, no gravity. Runs with `per_contact` steps per analytic contact duration; returns the relative errors
 * of the contact duration (end by linear interpolation of the overlap), the largest sampled overlap and the
 * rebound speed. */
static void hertz_impact_errors(drv_scheme scheme, int per_contact, const demc_collision_hertz *a,
                                const demc_pair *pair, double speed, double err[3])
{
    normal_law law;
    drv_system s;
    double max_overlap = 0.0, prev = 0.0, t_end = -1.0, prev_t = 0.0;
    memset(&law, 0, sizeof law);
    law.hertz = 1;
    demc_normal_hertz_init(pair->effective_modulus, pair->effective_radius, &law.hz, NULL);
    drv_init(&s, scheme, a->duration / per_contact, demc_vec3_make(0.0, 0.0, 0.0), normal_law_eval, &law);
    drv_add_sphere(&s, demc_vec3_make(0.0, 0.0, pair->effective_radius), demc_vec3_make(0.0, 0.0, -speed),
                   demc_vec3_make(0, 0, 0), pair->effective_radius, pair->effective_mass,
                   0.4 * pair->effective_mass * pair->effective_radius * pair->effective_radius);
    drv_add_wall(&s, demc_vec3_make(0.0, 0.0, 0.0), demc_vec3_make(0.0, 0.0, 1.0));
    while (t_end < 0.0 && s.t < 2.0 * a->duration) {
        double d;
        prev_t = s.t;
        drv_step(&s);
        d = pair->effective_radius - s.body[0].x.z;
        if (d > max_overlap) max_overlap = d;
        if (d <= 0.0 && prev > 0.0) t_end = prev_t + s.dt * prev / (prev - d);
        prev = d;
    }
    err[0] = fabs(t_end - a->duration) / a->duration;
    err[1] = fabs(max_overlap - a->max_overlap) / a->max_overlap;
    err[2] = fabs(s.body[0].v.z - speed) / speed;
}

/* Reference: demc_collision_hertz_impact (closed form, itself checked against DP45 in test_normal). With 400 steps per
 * contact every scheme gets the duration within 1e-4, the peak overlap within 1e-4 (sampling of a smooth maximum:
 * (πΔt/t_c)²/2 ~ 3e-5) and the rebound speed within 1e-4; the errors fall by at least 3 when the steps double
 * (second order, the δ^{3/2} onset costs a little). */
static void test_hertz_impact_against_closed_form(void)
{
    demc_material m = demc_material_make(0.3e9, 0.3, 1000.0);
    demc_pair pair;
    demc_collision_hertz a;
    const double speed = 0.2;
    int sc;
    CHECK(demc_material_pair_sphere_wall(&m, 0.05, NULL, DEMC_SHEAR_MINDLIN, &pair, NULL) == DEMC_OK);
    CHECK(demc_collision_hertz_impact(&pair, speed, &a, NULL) == DEMC_OK);
    for (sc = 0; sc < 3; ++sc) {
        double e1[3], e2[3];
        hertz_impact_errors((drv_scheme)sc, 200, &a, &pair, speed, e1);
        hertz_impact_errors((drv_scheme)sc, 400, &a, &pair, speed, e2);
        printf("    %s: duration %.2e -> %.2e, overlap %.2e -> %.2e, rebound %.2e -> %.2e\n", scheme_name[sc], e1[0],
               e2[0], e1[1], e2[1], e1[2], e2[2]);
        CHECK(e2[0] < 1e-4);
        CHECK(e2[1] < 1e-4);
        CHECK(e2[2] < 1e-4);
        CHECK(e1[0] > 3.0 * e2[0]);
    }
}

int main(void)
{
    RUN(test_oscillator_undamped_second_order);
    RUN(test_oscillator_damped_orders);
    RUN(test_free_fall_and_constant_spin);
    RUN(test_hertz_impact_against_closed_form);
    return harness_finish("test_driver");
}
