/* rolling.h: rolling resistance laws (CDT, EPSD, SDS) against classical mechanics integrated here (a sphere
 * rolling on a flat and on an incline, written independently of the library), closed forms (deceleration
 * (5/7) μ_r g, settled rotation M/k_r, log decrement of the damped rolling vibration, dashpot dissipation of a
 * cycle), symmetry laws (objectivity, i ⇄ j swap, angular momentum) and bounds (limits, dissipation ≥ 0). */
#include <math.h>
#include <string.h>

#include "demc.h"
#include "harness.h"
#include "support/setup_checks.h"

static const double PI = 3.14159265358979323846;
static const double G = 9.81;

static demc_vec3 v3(double x, double y, double z) { return demc_vec3_make(x, y, z); }
static const demc_vec3 ZERO = {0.0, 0.0, 0.0};

/* xorshift64*, uniform in [0, 1). */
static unsigned long long rng_state = 88172645463325252ULL;
static double uniform(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}
static demc_vec3 random_vec(double scale)
{
    return v3(scale * (2 * uniform() - 1), scale * (2 * uniform() - 1), scale * (2 * uniform() - 1));
}
static demc_vec3 random_unit(void)
{
    for (;;) {
        demc_vec3 v = random_vec(1.0);
        double m = sqrt(demc_vec3_dot(v, v));
        if (m > 0.1 && m < 1.0) return demc_vec3_scale(v, 1.0 / m);
    }
}
static demc_vec3 tangent_part(demc_vec3 v, demc_vec3 n) { return demc_vec3_add_scaled(v, -demc_vec3_dot(v, n), n); }
static double vdist(demc_vec3 a, demc_vec3 b) { return sqrt(demc_vec3_norm2(demc_vec3_sub(a, b))); }
static double vnorm(demc_vec3 a) { return sqrt(demc_vec3_norm2(a)); }

/* A glass bead: R = 5 mm, ρ = 2500 kg/m³ (m = 1.309e-3 kg), on a flat wall; n = +z from the wall to the sphere. */
typedef struct sphere {
    double r, m, inertia;
} sphere;
static sphere bead(void)
{
    sphere s;
    s.r = 0.005;
    s.m = 4.0 / 3.0 * PI * s.r * s.r * s.r * 2500.0;
    s.inertia = 0.4 * s.m * s.r * s.r;
    return s;
}

/* ------------------------------------------------------------------------------------------------------------ */

static void kinematics(void)
{
    const double r = 0.002, w = 3.0;
    const demc_vec3 n = v3(0, 0, 1);
    int i;
    /* A sphere rolling without slip on a fixed plane: its contact point (at −r n from the centre) is at rest, so
     * the centre moves at v_c = −ω × (−r n); v_r points the same way. */
    demc_vec3 om = v3(0.3, w, -1.0), vc = demc_vec3_neg(demc_vec3_cross(om, v3(0, 0, -r)));
    CHECK(vdist(demc_rolling_velocity(n, r, om, ZERO), tangent_part(vc, n)) <= 1e-16);
    CHECK(vdist(demc_rolling_angular_velocity(n, om, ZERO), v3(0.3, w, 0.0)) == 0.0);
    for (i = 0; i < 100; ++i) {
        demc_vec3 nn = random_unit(), wi = random_vec(10.0), wj = random_vec(10.0), vr, wr;
        double rs = 0.001 + 0.01 * uniform();
        vr = demc_rolling_velocity(nn, rs, wi, wj);
        wr = demc_rolling_angular_velocity(nn, wi, wj);
        /* in the tangent plane, v_r = R* ω_r × n */
        CHECK(fabs(demc_vec3_dot(vr, nn)) <= 1e-14 * rs * 20.0);
        CHECK(fabs(demc_vec3_dot(wr, nn)) <= 1e-14 * 20.0);
        CHECK(vdist(vr, demc_vec3_scale(demc_vec3_cross(wr, nn), rs)) <= 1e-14 * rs * 20.0);
        /* rigid co-rotation: nothing */
        CHECK(vnorm(demc_rolling_velocity(nn, rs, wi, wi)) == 0.0);
        CHECK(vnorm(demc_rolling_angular_velocity(nn, wi, wi)) == 0.0);
        /* swap: v_r unchanged, ω_r reversed */
        CHECK(vdist(demc_rolling_velocity(demc_vec3_neg(nn), rs, wj, wi), vr) <= 1e-15 * rs * 40.0);
        CHECK(vdist(demc_rolling_angular_velocity(demc_vec3_neg(nn), wj, wi), demc_vec3_neg(wr)) <= 1e-14);
    }
    /* rolling inertia: I + m r² = (7/5) m r² for a solid sphere; in series for two */
    CHECK_REL(demc_rolling_inertia_sphere_wall(2.0, 0.1), 0.028, 1e-15);
    CHECK_REL(demc_rolling_inertia_spheres(2.0, 0.1, 2.0, 0.1), 0.014, 1e-15);
    CHECK_REL(demc_rolling_inertia_spheres(1.0, 1.0, 3.0, 2.0), 1.0 / (1.0 / 1.4 + 1.0 / 16.8), 1e-15);
}

static void setups(void)
{
    demc_rolling_cdt_params c;
    demc_rolling_epsd_params e;
    demc_rolling_sds_params s;
    const char *bad = "x";
    volatile double zero = 0.0;
    double nan = zero / zero;

    CHECK(demc_rolling_cdt_init(0.1, DEMC_ROLLING_CDT_LIMITER_NONE, &c, &bad) == DEMC_OK && bad == NULL);
    CHECK(c.mu_rolling == 0.1 && c.limiter == DEMC_ROLLING_CDT_LIMITER_NONE);
    memset(&c, SETUP_POISON, sizeof c);
    CHECK(setup_failed_as(demc_rolling_cdt_init(-0.1, DEMC_ROLLING_CDT_LIMITER_NONE, &c, &bad), &bad,
                          DEMC_ERR_OUT_OF_DOMAIN, "mu_rolling"));
    CHECK(setup_failed_as(demc_rolling_cdt_init(nan, DEMC_ROLLING_CDT_LIMITER_NONE, &c, &bad), &bad,
                          DEMC_ERR_INVALID_ARGUMENT, "mu_rolling"));
    CHECK(setup_failed_as(demc_rolling_cdt_init(0.1, (demc_rolling_cdt_limiter)2, &c, &bad), &bad,
                          DEMC_ERR_INVALID_ARGUMENT, "limiter"));
    CHECK(setup_failed_as(demc_rolling_cdt_init(0.1, DEMC_ROLLING_CDT_LIMITER_MAX_, &c, &bad), &bad,
                          DEMC_ERR_INVALID_ARGUMENT, "limiter"));
    CHECK(setup_untouched(&c, sizeof c));
    CHECK(setup_failed_as(demc_rolling_cdt_init(0.1, DEMC_ROLLING_CDT_LIMITER_NONE, NULL, &bad), &bad,
                          DEMC_ERR_INVALID_ARGUMENT, "params"));

    CHECK(demc_rolling_epsd_init(0.1, 0.3, &e, &bad) == DEMC_OK && bad == NULL);
    CHECK(e.mu_rolling == 0.1 && e.stiffness_coefficient == 2.25 && e.damping_ratio == 0.3 &&
          e.mobilised_damping == 0.0);
    CHECK(demc_rolling_epsd_validate(&e, &bad) == DEMC_OK && bad == NULL);
    memset(&e, SETUP_POISON, sizeof e);
    CHECK(setup_failed_as(demc_rolling_epsd_init(-1.0, 0.3, &e, &bad), &bad, DEMC_ERR_OUT_OF_DOMAIN, "mu_rolling"));
    CHECK(setup_failed_as(demc_rolling_epsd_init(0.1, -0.3, &e, &bad), &bad, DEMC_ERR_OUT_OF_DOMAIN,
                          "damping_ratio"));
    CHECK(setup_failed_as(demc_rolling_epsd_init(0.1, nan, &e, &bad), &bad, DEMC_ERR_INVALID_ARGUMENT,
                          "damping_ratio"));
    CHECK(setup_failed_as(demc_rolling_epsd_init(0.1, 0.3, NULL, &bad), &bad, DEMC_ERR_INVALID_ARGUMENT, "params"));
    CHECK(setup_untouched(&e, sizeof e));
    demc_rolling_epsd_init(0.1, 0.3, &e, NULL);
    e.stiffness_coefficient = 0.0;
    CHECK(setup_failed_as(demc_rolling_epsd_validate(&e, &bad), &bad, DEMC_ERR_OUT_OF_DOMAIN,
                          "params.stiffness_coefficient"));
    e.stiffness_coefficient = 2.25;
    e.mobilised_damping = 1.5;
    CHECK(setup_failed_as(demc_rolling_epsd_validate(&e, &bad), &bad, DEMC_ERR_OUT_OF_DOMAIN,
                          "params.mobilised_damping"));
    e.mu_rolling = nan;
    CHECK(setup_failed_as(demc_rolling_epsd_validate(&e, &bad), &bad, DEMC_ERR_INVALID_ARGUMENT,
                          "params.mu_rolling"));
    CHECK(setup_failed_as(demc_rolling_epsd_validate(NULL, &bad), &bad, DEMC_ERR_INVALID_ARGUMENT, "params"));

    CHECK(demc_rolling_sds_init(1e3, 2.0, 0.1, &s, &bad) == DEMC_OK && bad == NULL);
    CHECK(s.stiffness == 1e3 && s.damping == 2.0 && s.mu_rolling == 0.1);
    memset(&s, SETUP_POISON, sizeof s);
    CHECK(setup_failed_as(demc_rolling_sds_init(-1.0, 2.0, 0.1, &s, &bad), &bad, DEMC_ERR_OUT_OF_DOMAIN,
                          "stiffness"));
    CHECK(setup_failed_as(demc_rolling_sds_init(1e3, nan, 0.1, &s, &bad), &bad, DEMC_ERR_INVALID_ARGUMENT,
                          "damping"));
    CHECK(setup_failed_as(demc_rolling_sds_init(1e3, 2.0, -0.1, &s, &bad), &bad, DEMC_ERR_OUT_OF_DOMAIN,
                          "mu_rolling"));
    CHECK(setup_failed_as(demc_rolling_sds_init(1e3, 2.0, 0.1, NULL, &bad), &bad, DEMC_ERR_INVALID_ARGUMENT,
                          "params"));
    CHECK(setup_untouched(&s, sizeof s));
}

/* ------------------------------------------------------------------------------------------------------------ */
/* A solid sphere on a flat wall, moving along x and turning about y, with a stiff linear tangential spring and a
 * critically damped tangential dashpot at the contact point (so that it rolls without slip up to the spring's
 * compliance). Semi-implicit Euler. The rolling torque comes from the CDT kernel; F_n = m g. Returns the
 * stopping time and distance (linear interpolation of the step where v crosses zero). */
static void cdt_stop(const demc_rolling_cdt_params *p, double mu_r, double v0, double dt, double *t_stop,
                     double *x_stop)
{
    const sphere s = bead();
    const double kt = 1e4, meff = s.m / 3.5, ct = 2.0 * sqrt(kt * meff);
    double x = 0.0, v = v0, w = v0 / s.r, slip = 0.0, t = 0.0;
    long step;
    (void)mu_r;
    *t_stop = *x_stop = -1.0;
    for (step = 0; step < 100000000L; ++step) {
        const double vcp = v - s.r * w; /* velocity of the contact point along x */
        const double ft = -kt * slip - ct * vcp;
        demc_rolling_result rr = demc_rolling_cdt_torque(p, v3(0, 0, 1), s.r, s.m * G, s.inertia, v3(0, w, 0), ZERO, dt,
                                                         NULL);
        const double v_new = v + dt * ft / s.m;
        const double w_new = w + dt * (-s.r * ft + rr.torque_i.y) / s.inertia;
        const double x_new = x + dt * v_new;
        slip += dt * (v_new - s.r * w_new);
        if (v_new <= 0.0) {
            const double f = v / (v - v_new); /* fraction of the step at which v = 0 (v linear within it) */
            *t_stop = t + f * dt;
            *x_stop = x + f * (x_new - x);
            return;
        }
        x = x_new;
        v = v_new;
        w = w_new;
        t += dt;
    }
}

/* The same sphere carried on past the stop: sign changes of ω in the last 1000 of n steps and the largest |ω|. */
static int cdt_after_stop(const demc_rolling_cdt_params *p, double v0, double dt, long n, double *max_late)
{
    const sphere s = bead();
    const double kt = 1e4, meff = s.m / 3.5, ct = 2.0 * sqrt(kt * meff);
    double v = v0, w = v0 / s.r, slip = 0.0;
    long step;
    int flips = 0;
    *max_late = 0.0;
    for (step = 0; step < n; ++step) {
        const double ft = -kt * slip - ct * (v - s.r * w);
        demc_rolling_result rr = demc_rolling_cdt_torque(p, v3(0, 0, 1), s.r, s.m * G, s.inertia, v3(0, w, 0), ZERO,
                                                         dt, NULL);
        const double w_new = w + dt * (-s.r * ft + rr.torque_i.y) / s.inertia;
        v += dt * ft / s.m;
        slip += dt * (v - s.r * w_new);
        if (step >= n - 1000) {
            if (w_new * w < 0.0) ++flips;
            if (fabs(w_new) > *max_late) *max_late = fabs(w_new);
        }
        w = w_new;
    }
    return flips;
}

static void cdt_deceleration_five_sevenths(void)
{
    const double mu_r = 0.05, v0 = 0.1, a = 5.0 / 7.0 * mu_r * G;
    const double t_exact = v0 / a, x_exact = v0 * v0 / (2.0 * a);
    double dts[4] = {4e-5, 2e-5, 1e-5, 5e-6}, et[4], ex[4];
    demc_rolling_cdt_params p;
    int i, lim;
    for (lim = 0; lim < 2; ++lim) {
        demc_rolling_cdt_init(mu_r, lim ? DEMC_ROLLING_CDT_LIMITER_NONE : DEMC_ROLLING_CDT_LIMITER_INERTIA, &p, NULL);
        for (i = 0; i < 4; ++i) {
            double ts, xs;
            cdt_stop(&p, mu_r, v0, dts[i], &ts, &xs);
            et[i] = fabs(ts / t_exact - 1.0);
            ex[i] = fabs(xs / x_exact - 1.0);
        }
        printf("    CDT (%s) stop, rel. errors of time and distance at dt = 40, 20, 10, 5 us: "
               "%.2e %.2e %.2e %.2e | %.2e %.2e %.2e %.2e\n",
               lim ? "published" : "limiter", et[0], et[1], et[2], et[3], ex[0], ex[1], ex[2], ex[3]);
        /* first order in dt (the tangential spring's transient): each halving at least 1.6 times smaller */
        for (i = 1; i < 4; ++i) {
            CHECK(et[i] < et[i - 1] / 1.6 || et[i] < 1e-6);
            CHECK(ex[i] < ex[i - 1] / 1.6 || ex[i] < 1e-6);
        }
        CHECK(et[3] < 2e-4);
        CHECK(ex[3] < 2e-4);
    }
    /* 60 ms after the stop (with the tangential spring): the published law still flips ω every step, at the
     * amplitude μ_r R F_n Δt / I; with the limiter (couple inertia I) it has settled */
    {
        const sphere s = bead();
        const double dt = 1e-5, amp = mu_r * s.r * s.m * G * dt / s.inertia;
        double late;
        int flips;
        demc_rolling_cdt_init(mu_r, DEMC_ROLLING_CDT_LIMITER_NONE, &p, NULL);
        flips = cdt_after_stop(&p, v0, dt, (long)((t_exact + 0.06) / dt), &late);
        CHECK(flips >= 990);
        CHECK(late > 0.2 * amp);
        demc_rolling_cdt_init(mu_r, DEMC_ROLLING_CDT_LIMITER_INERTIA, &p, NULL);
        flips = cdt_after_stop(&p, v0, dt, (long)((t_exact + 0.06) / dt), &late);
        printf("    CDT with limiter, 60 ms after the stop: max |ω| %.3g rad/s (published law: flips at %.3g)\n", late,
               amp);
        CHECK(late < 1e-3 * amp); /* what is left is the decaying tangential vibration */
    }
}

/* The rolling DOF alone (no slip, exact): I_r dω/dt = M(ω) about y, a solid sphere on a flat. In this reduced
 * model the couple acts on I_r = I + m R², which is then the couple inertia the limiter needs. */
static void cdt_sign_flip_and_limiter(void)
{
    const sphere s = bead();
    const double mu_r = 0.05, dt = 1e-5, ir = demc_rolling_inertia_sphere_wall(s.m, s.r);
    const double m_full = mu_r * s.r * s.m * G, dw = m_full * dt / ir;
    demc_rolling_cdt_params pub, lim;
    double w;
    int step, flips, lim_case;
    demc_rolling_cdt_init(mu_r, DEMC_ROLLING_CDT_LIMITER_NONE, &pub, NULL);
    demc_rolling_cdt_init(mu_r, DEMC_ROLLING_CDT_LIMITER_INERTIA, &lim, NULL);
    for (lim_case = 0; lim_case < 2; ++lim_case) {
        const demc_rolling_cdt_params *p = lim_case ? &lim : &pub;
        double max_after = 0.0, e_sum = 0.0;
        w = 200.5 * dw; /* stops after about 200 steps */
        flips = 0;
        for (step = 0; step < 1000; ++step) {
            demc_rolling_energy en;
            demc_rolling_result r = demc_rolling_cdt_torque(p, v3(0, 0, 1), s.r, s.m * G, ir, v3(0, w, 0), ZERO,
                                                            dt, &en);
            const double w_new = w + dt * r.torque_i.y / ir;
            CHECK(vnorm(r.torque_i) <= m_full * (1.0 + 1e-15));
            CHECK(en.friction_dissipation >= 0.0);
            e_sum += en.friction_dissipation;
            if (step > 300) {
                if (w_new * w < 0.0) ++flips;
                if (fabs(w_new) > max_after) max_after = fabs(w_new);
            }
            w = w_new;
        }
        if (!lim_case) {
            /* published law: ω_r changes sign in every step once it is below μ_r R F_n Δt / I_r, never settles */
            CHECK(flips == 1000 - 301);
            CHECK(max_after > 0.1 * dw && max_after <= dw * (1.0 + 1e-9));
        } else {
            /* limiter: the last step brings ω_r exactly to zero, and no torque acts at ω_r = 0 */
            CHECK(flips == 0);
            CHECK(max_after == 0.0);
            /* all the kinetic energy of the rolling DOF went into the slider (per-step sums, explicit steps) */
            CHECK_REL(e_sum, 0.5 * ir * (200.5 * dw) * (200.5 * dw), 1e-2);
        }
    }
}

/* ------------------------------------------------------------------------------------------------------------ */
/* The rolling DOF of a solid sphere on a flat (no slip): I_r dω/dt = M_app + M_roll, ω about y. EPSD. */
static void epsd_applied_torque(void)
{
    const sphere s = bead();
    const double mu_r = 0.1, eta = 0.3, kn = 1e5, fn = s.m * G, dt = 2e-6;
    const double ir = demc_rolling_inertia_sphere_wall(s.m, s.r), kr = 2.25 * kn * mu_r * mu_r * s.r * s.r;
    const double mm = mu_r * s.r * fn;
    demc_rolling_epsd_params p;
    int below;
    demc_rolling_epsd_init(mu_r, eta, &p, NULL);
    CHECK_REL(demc_rolling_epsd_stiffness(&p, kn, s.r), kr, 1e-15);
    for (below = 1; below >= 0; --below) {
        const double mapp = below ? 0.5 * mm : 1.5 * mm;
        demc_rolling_epsd_state st = DEMC_ROLLING_EPSD_STATE_INIT;
        double th = 0.0, w = 0.0, t = 0.0, peaks[8], w_prev = 0.0, w_at1 = 0.0, t_at1 = 0.0;
        int np = 0;
        long step, n = (long)(0.25 / dt);
        for (step = 0; step < n; ++step) {
            demc_rolling_result r = demc_rolling_epsd_torque(&p, v3(0, 0, 1), s.r, kn, fn, ir, v3(0, w, 0), ZERO,
                                                             dt, &st, NULL);
            CHECK(vnorm(st.torque) <= mm * (1.0 + 1e-14));
            w_prev = w;
            w += dt * (mapp + r.torque_i.y) / ir;
            th += dt * w;
            t += dt;
            /* maxima of θ: ω changes sign from + to − */
            if (below && w_prev > 0.0 && w <= 0.0 && np < 8) peaks[np++] = th;
            if (!below && step == n / 2) {
                w_at1 = w;
                t_at1 = t;
            }
        }
        if (below) {
            const double th_eq = mapp / kr, ratio_exact = exp(2.0 * PI * eta / sqrt(1.0 - eta * eta));
            printf("    EPSD below the limit: θ = %.9e, M/k_r = %.9e; decrement %.6f (exact %.6f)\n", th, th_eq,
                   (peaks[0] - th_eq) / (peaks[1] - th_eq), ratio_exact);
            CHECK_REL(th, th_eq, 1e-9);
            CHECK(fabs(w) < 1e-9 * th_eq / dt);
            /* log decrement of the damped rolling vibration: C_r = 2 η √(I_r k_r) */
            CHECK(np >= 3);
            CHECK_REL((peaks[0] - th_eq) / (peaks[1] - th_eq), ratio_exact, 5e-3);
            CHECK_REL((peaks[1] - th_eq) / (peaks[2] - th_eq), ratio_exact, 5e-3);
            CHECK(!demc_rolling_epsd_torque(&p, v3(0, 0, 1), s.r, kn, fn, ir, v3(0, w, 0), ZERO, dt, &st, NULL)
                       .mobilised);
        } else {
            /* rolls on: at full mobilisation the spring gives M_m and the dashpot is off (f = 0) */
            CHECK_REL((w - w_at1) / (t - t_at1), (mapp - mm) / ir, 1e-9);
            CHECK(w > 0.0);
        }
    }
}

/* Prescribed relative rotation θ(t) = θ0 sin(2πt/T) about a fixed axis in the tangent plane (ω at the middle of
 * each step). Below the limit the slider dissipates nothing and the cycle's work is the dashpot's
 * ∫ C_r ω² dt = C_r θ0² 2π²/T; above it the slider takes the rest; every step's balance closes. */
static void epsd_cycle_energy(void)
{
    const double mu_r = 0.2, kn = 2e5, r = 0.004, fn = 1.0, ir = 1e-6, dt = 1e-6, T = 0.01;
    const double kr = 2.25 * kn * mu_r * mu_r * r * r, mm = mu_r * r * fn;
    const double cr = 2.0 * 0.4 * sqrt(ir * kr);
    const demc_vec3 axis = v3(0.6, 0.8, 0.0), n = v3(0, 0, 1);
    demc_rolling_epsd_params p;
    int big;
    demc_rolling_epsd_init(mu_r, 0.4, &p, NULL);
    for (big = 0; big < 2; ++big) {
        const double th0 = (big ? 3.0 : 0.5) * mm / kr;
        demc_rolling_epsd_state st = DEMC_ROLLING_EPSD_STATE_INIT;
        double e_old = 0.0, visc = 0.0, fric = 0.0, work = 0.0, worst = 0.0;
        long step, nsteps = (long)(T / dt + 0.5);
        int mobilised = 0;
        for (step = 0; step < nsteps; ++step) {
            const double w = th0 * 2.0 * PI / T * cos(2.0 * PI * (step + 0.5) * dt / T);
            const demc_vec3 wv = demc_vec3_scale(axis, w);
            const demc_vec3 mk_old = st.torque;
            demc_rolling_energy en;
            demc_rolling_result res = demc_rolling_epsd_torque(&p, n, r, kn, fn, ir, wv, ZERO, dt, &st, &en);
            const demc_vec3 md = demc_vec3_sub(res.torque_i, st.torque);
            /* work absorbed: spring by the trapezoid, dashpot at the step's rate */
            const double w_step = -demc_vec3_dot(demc_vec3_add(demc_vec3_scale(demc_vec3_add(mk_old, st.torque), 0.5),
                                                               md),
                                                 demc_vec3_scale(wv, dt));
            const double bal = w_step - (en.stored_energy - e_old) - en.viscous_dissipation - en.friction_dissipation;
            CHECK(en.viscous_dissipation >= 0.0 && en.friction_dissipation >= 0.0);
            if (fabs(bal) > worst) worst = fabs(bal);
            mobilised |= res.mobilised;
            e_old = en.stored_energy;
            visc += en.viscous_dissipation;
            fric += en.friction_dissipation;
            work += w_step;
        }
        CHECK(worst <= 1e-12 * 0.5 * mm * mm / kr);
        if (!big) {
            CHECK(!mobilised);
            CHECK(fric == 0.0);
            CHECK_REL(visc, cr * th0 * th0 * 2.0 * PI * PI / T, 1e-6);
            CHECK_REL(work, visc, 1e-6); /* the spring gave back what it took */
            CHECK(e_old <= 1e-8 * 0.5 * kr * th0 * th0);
        } else {
            CHECK(mobilised);
            CHECK(fric > 0.0);
            CHECK_REL(work, visc + fric + e_old, 1e-10);
        }
    }
}

/* A solid sphere at rest on an incline of angle α (no slip): I_r dω/dt = m g R sin α + M_roll, F_n = m g cos α.
 * Rest is possible while the law's static limit μ R F_n can carry m g R sin α: tan α ≤ μ for EPSD (the spring
 * limit) and for SDS (the total, at rest the dashpot carries nothing). Checked at α = (1 ∓ 0.001) atan μ. */
static double incline_run(int law, double mu, double alpha, double *w_end, double *slope)
{
    const sphere s = bead();
    const double fn = s.m * G * cos(alpha), drive = s.m * G * s.r * sin(alpha), dt = 1e-5;
    const double ir = demc_rolling_inertia_sphere_wall(s.m, s.r);
    demc_rolling_epsd_params pe;
    demc_rolling_sds_params ps;
    demc_rolling_epsd_state se = DEMC_ROLLING_EPSD_STATE_INIT;
    demc_rolling_sds_state ss = DEMC_ROLLING_SDS_STATE_INIT;
    double w = 0.0, max_late = 0.0, w_mid = 0.0;
    long step, n = 300000; /* 3 s: SDS, started from a new contact, first slips and coasts to rest */
    const double ksds = 1e3, gsds = 0.6 * sqrt(ksds * s.r * s.r * ir) / (s.r * s.r);
    demc_rolling_epsd_init(mu, 0.3, &pe, NULL);
    demc_rolling_sds_init(ksds, gsds, mu, &ps, NULL);
    for (step = 0; step < n; ++step) {
        demc_rolling_result r = law == 0
                                    ? demc_rolling_epsd_torque(&pe, v3(0, 0, 1), s.r, 1e5, fn, ir, v3(0, w, 0), ZERO,
                                                               dt, &se, NULL)
                                    : demc_rolling_sds_torque(&ps, v3(0, 0, 1), s.r, fn, v3(0, w, 0), ZERO, dt, &ss,
                                                              NULL);
        CHECK(vnorm(r.torque_i) <= mu * s.r * fn * (1.0 + 1e-14) || law == 0);
        w += dt * (drive + r.torque_i.y) / ir;
        if (step >= n - n / 10 && fabs(w) > max_late) max_late = fabs(w);
        if (step == n / 2) w_mid = w;
    }
    *w_end = w;
    *slope = (w - w_mid) / ((n - 1 - n / 2) * dt);
    (void)drive;
    return max_late;
}

static void incline_rest_threshold(void)
{
    const sphere s = bead();
    const double mu = 0.1, alpha_c = atan(mu), ir = demc_rolling_inertia_sphere_wall(s.m, s.r);
    int law;
    for (law = 0; law < 2; ++law) {
        double w_end, slope, late;
        double alpha = alpha_c * (1.0 - 1e-3);
        late = incline_run(law, mu, alpha, &w_end, &slope);
        CHECK(late < 1e-9); /* at rest (rad/s) */
        alpha = alpha_c * (1.0 + 1e-3);
        late = incline_run(law, mu, alpha, &w_end, &slope);
        /* rolls on, with the limit torque μ R F_n opposing the drive */
        CHECK(w_end > 0.0);
        CHECK_REL(slope, s.m * G * s.r * (sin(alpha) - mu * cos(alpha)) / ir, 1e-6);
        (void)late;
    }
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Rotates v by the rotation of angle a about unit axis u (Rodrigues' formula, written here). */
static demc_vec3 rot(demc_vec3 u, double a, demc_vec3 v)
{
    const double c = cos(a), s = sin(a);
    return demc_vec3_add(demc_vec3_add(demc_vec3_scale(v, c), demc_vec3_scale(demc_vec3_cross(u, v), s)),
                         demc_vec3_scale(u, (1.0 - c) * demc_vec3_dot(u, v)));
}

static void objectivity_swap_momentum(void)
{
    demc_rolling_cdt_params pc;
    demc_rolling_epsd_params pe;
    demc_rolling_sds_params ps;
    int i;
    demc_rolling_cdt_init(0.1, DEMC_ROLLING_CDT_LIMITER_INERTIA, &pc, NULL);
    demc_rolling_epsd_init(0.1, 0.3, &pe, NULL);
    demc_rolling_sds_init(1e3, 0.5, 0.1, &ps, NULL);
    for (i = 0; i < 200; ++i) {
        const demc_vec3 n = random_unit(), wi = random_vec(50.0), wj = random_vec(50.0), u = random_unit();
        const double r = 0.001 + 0.004 * uniform(), fn = 0.5 + uniform(), kn = 1e5, ir = 1e-7, dt = 1e-5;
        const double ang = 2 * PI * uniform();
        demc_rolling_epsd_state se = DEMC_ROLLING_EPSD_STATE_INIT, se0, se_sw, se_rot;
        demc_rolling_sds_state ss = DEMC_ROLLING_SDS_STATE_INIT, ss0, ss_sw, ss_rot;
        demc_rolling_result a, b, c;
        se.torque = demc_vec3_scale(tangent_part(random_vec(1.0), n), 1e-4 * uniform());
        ss.displacement = demc_vec3_scale(tangent_part(random_vec(1.0), n), 1e-7 * uniform());
        se0 = se;
        ss0 = ss;

        /* rigid co-rotation (ω_i = ω_j) with a new contact: no torque from any law */
        {
            demc_rolling_epsd_state z = DEMC_ROLLING_EPSD_STATE_INIT;
            demc_rolling_sds_state zs = DEMC_ROLLING_SDS_STATE_INIT;
            CHECK(vnorm(demc_rolling_cdt_torque(&pc, n, r, fn, ir, wi, wi, dt, NULL).torque_i) == 0.0);
            CHECK(vnorm(demc_rolling_epsd_torque(&pe, n, r, kn, fn, ir, wi, wi, dt, &z, NULL).torque_i) == 0.0);
            CHECK(vnorm(demc_rolling_sds_torque(&ps, n, r, fn, wi, wi, dt, &zs, NULL).torque_i) == 0.0);
            CHECK(vnorm(z.torque) == 0.0 && vnorm(zs.displacement) == 0.0);
        }

        /* pure couples: torque_j = −torque_i */
        a = demc_rolling_cdt_torque(&pc, n, r, fn, ir, wi, wj, dt, NULL);
        CHECK(vdist(a.torque_j, demc_vec3_neg(a.torque_i)) == 0.0);

        /* EPSD: swap gives torque_j and the swapped state; a rigid rotation of everything rotates the outputs */
        a = demc_rolling_epsd_torque(&pe, n, r, kn, fn, ir, wi, wj, dt, &se, NULL);
        se_sw = demc_rolling_epsd_state_swap(se0);
        b = demc_rolling_epsd_torque(&pe, demc_vec3_neg(n), r, kn, fn, ir, wj, wi, dt, &se_sw, NULL);
        CHECK(vdist(b.torque_i, a.torque_j) <= 1e-13 * (vnorm(a.torque_i) + 1e-12));
        CHECK(vdist(se_sw.torque, demc_vec3_neg(se.torque)) <= 1e-13 * (vnorm(se.torque) + 1e-12));
        CHECK(vdist(demc_rolling_epsd_state_swap(demc_rolling_epsd_state_swap(se)).torque, se.torque) == 0.0);
        se_rot.torque = rot(u, ang, se0.torque);
        c = demc_rolling_epsd_torque(&pe, rot(u, ang, n), r, kn, fn, ir, rot(u, ang, wi), rot(u, ang, wj), dt,
                                     &se_rot, NULL);
        CHECK(vdist(c.torque_i, rot(u, ang, a.torque_i)) <= 1e-12 * (vnorm(a.torque_i) + 1e-12));
        CHECK(vdist(se_rot.torque, rot(u, ang, se.torque)) <= 1e-12 * (vnorm(se.torque) + 1e-12));

        /* SDS: the same */
        a = demc_rolling_sds_torque(&ps, n, r, fn, wi, wj, dt, &ss, NULL);
        ss_sw = demc_rolling_sds_state_swap(ss0);
        CHECK(vdist(ss_sw.displacement, ss0.displacement) == 0.0);
        b = demc_rolling_sds_torque(&ps, demc_vec3_neg(n), r, fn, wj, wi, dt, &ss_sw, NULL);
        CHECK(vdist(b.torque_i, a.torque_j) <= 1e-13 * (vnorm(a.torque_i) + 1e-12));
        CHECK(vdist(ss_sw.displacement, ss.displacement) <= 1e-13 * (vnorm(ss.displacement) + 1e-15));
        ss_rot.displacement = rot(u, ang, ss0.displacement);
        c = demc_rolling_sds_torque(&ps, rot(u, ang, n), r, fn, rot(u, ang, wi), rot(u, ang, wj), dt, &ss_rot,
                                    NULL);
        CHECK(vdist(c.torque_i, rot(u, ang, a.torque_i)) <= 1e-12 * (vnorm(a.torque_i) + 1e-12));

        /* CDT: swap and rotation */
        a = demc_rolling_cdt_torque(&pc, n, r, fn, ir, wi, wj, dt, NULL);
        b = demc_rolling_cdt_torque(&pc, demc_vec3_neg(n), r, fn, ir, wj, wi, dt, NULL);
        CHECK(vdist(b.torque_i, a.torque_j) <= 1e-13 * (vnorm(a.torque_i) + 1e-12));
        c = demc_rolling_cdt_torque(&pc, rot(u, ang, n), r, fn, ir, rot(u, ang, wi), rot(u, ang, wj), dt, NULL);
        CHECK(vdist(c.torque_i, rot(u, ang, a.torque_i)) <= 1e-12 * (vnorm(a.torque_i) + 1e-12));
    }

    /* Angular momentum of a pair (different inertias) turning against each other under all three laws at once,
     * a fixed contact normal and no force: I_i ω_i + I_j ω_j stays what it was. */
    {
        const double ii = 2e-7, ij = 7e-7, r = 0.003, fn = 2.0, dt = 1e-5, ir = ii * ij / (ii + ij);
        const demc_vec3 n = v3(0.0, 0.6, 0.8);
        demc_vec3 wi = v3(30.0, -10.0, 4.0), wj = v3(-5.0, 20.0, 12.0), l0, l;
        demc_rolling_epsd_state se = DEMC_ROLLING_EPSD_STATE_INIT;
        demc_rolling_sds_state ss = DEMC_ROLLING_SDS_STATE_INIT;
        int step;
        l0 = demc_vec3_add(demc_vec3_scale(wi, ii), demc_vec3_scale(wj, ij));
        for (step = 0; step < 20000; ++step) {
            demc_rolling_result a = demc_rolling_cdt_torque(&pc, n, r, fn, ir, wi, wj, dt, NULL);
            demc_rolling_result b = demc_rolling_epsd_torque(&pe, n, r, 1e5, fn, ir, wi, wj, dt, &se, NULL);
            demc_rolling_result c = demc_rolling_sds_torque(&ps, n, r, fn, wi, wj, dt, &ss, NULL);
            const demc_vec3 ti = demc_vec3_add(demc_vec3_add(a.torque_i, b.torque_i), c.torque_i);
            const demc_vec3 tj = demc_vec3_add(demc_vec3_add(a.torque_j, b.torque_j), c.torque_j);
            wi = demc_vec3_add_scaled(wi, dt / ii, ti);
            wj = demc_vec3_add_scaled(wj, dt / ij, tj);
        }
        l = demc_vec3_add(demc_vec3_scale(wi, ii), demc_vec3_scale(wj, ij));
        CHECK(vdist(l, l0) <= 1e-12 * vnorm(l0));
        /* and the rolling part of the relative rotation has been (nearly) brought to rest */
        CHECK(vnorm(demc_rolling_angular_velocity(n, wi, wj)) <
              1e-3 * vnorm(demc_rolling_angular_velocity(n, v3(30.0, -10.0, 4.0), v3(-5.0, 20.0, 12.0))));
    }
}

/* Random sequences of kinematics and loads: the limits hold and every dissipation is ≥ 0, results finite. */
static void limits_and_dissipation_random(void)
{
    demc_rolling_cdt_params pc, pcn;
    demc_rolling_epsd_params pe;
    demc_rolling_sds_params ps;
    demc_rolling_epsd_state se = DEMC_ROLLING_EPSD_STATE_INIT;
    demc_rolling_sds_state ss = DEMC_ROLLING_SDS_STATE_INIT;
    int step, bad_limit = 0, bad_diss = 0, bad_finite = 0;
    demc_rolling_cdt_init(0.3, DEMC_ROLLING_CDT_LIMITER_INERTIA, &pc, NULL);
    demc_rolling_cdt_init(0.3, DEMC_ROLLING_CDT_LIMITER_NONE, &pcn, NULL);
    demc_rolling_epsd_init(0.3, 0.5, &pe, NULL);
    pe.mobilised_damping = 0.5;
    demc_rolling_sds_init(2e3, 3.0, 0.3, &ps, NULL);
    for (step = 0; step < 20000; ++step) {
        /* a slowly turning normal would need transport: keep n fixed, vary everything else */
        const demc_vec3 n = v3(0, 0, 1);
        const demc_vec3 wi = random_vec(uniform() < 0.3 ? 1e-3 : 100.0), wj = random_vec(1.0);
        const double r = 0.002, fn = uniform() < 0.1 ? -1.0 : 3.0 * uniform(), kn = 1e5 * uniform(), dt = 1e-5;
        const double lim_t = 0.3 * r * (fn > 0.0 ? fn : 0.0);
        demc_rolling_energy e1, e2, e3, e4;
        demc_rolling_result a = demc_rolling_cdt_torque(&pc, n, r, fn, 1e-8, wi, wj, dt, &e1);
        demc_rolling_result a2 = demc_rolling_cdt_torque(&pcn, n, r, fn, 1e-8, wi, wj, dt, &e4);
        demc_rolling_result b = demc_rolling_epsd_torque(&pe, n, r, kn, fn, 1e-8, wi, wj, dt, &se, &e2);
        demc_rolling_result c = demc_rolling_sds_torque(&ps, n, r, fn, wi, wj, dt, &ss, &e3);
        if (vnorm(a.torque_i) > lim_t * (1 + 1e-14) || vnorm(a2.torque_i) > lim_t * (1 + 1e-14) ||
            vnorm(se.torque) > lim_t * (1 + 1e-14) || vnorm(c.torque_i) > lim_t * (1 + 1e-14))
            ++bad_limit;
        if (e1.friction_dissipation < 0 || e2.friction_dissipation < 0 || e2.viscous_dissipation < 0 ||
            e3.friction_dissipation < 0 || e3.viscous_dissipation < 0 || e4.friction_dissipation < 0)
            ++bad_diss;
        if (!demc_vec3_is_finite(b.torque_i) || !demc_vec3_is_finite(c.torque_i) || !demc_is_finite(e2.stored_energy) ||
            !demc_is_finite(e3.stored_energy) || !demc_vec3_is_finite(ss.displacement))
            ++bad_finite;
    }
    CHECK(bad_limit == 0);
    CHECK(bad_diss == 0);
    CHECK(bad_finite == 0);
}

/* SDS: settles at ξ = M/(k R*²) under a steady torque below the limit (no slip, the rolling DOF alone), and each
 * step's energy balance closes while γ|v_r| stays below the limit. */
static void sds_applied_torque_and_balance(void)
{
    const sphere s = bead();
    const double k = 2e3, fn = s.m * G, mu = 0.2, dt = 1e-6, ir = demc_rolling_inertia_sphere_wall(s.m, s.r);
    const double g = 0.6 * sqrt(k * s.r * s.r * ir) / (s.r * s.r), mm = mu * s.r * fn, mapp = 0.6 * mm;
    demc_rolling_sds_params p;
    demc_rolling_sds_state st = DEMC_ROLLING_SDS_STATE_INIT;
    double w = 0.0, th = 0.0, e_old = 0.0, worst = 0.0, scale = 0.5 * mm * mm / (k * s.r * s.r);
    long step;
    demc_rolling_sds_init(k, g, mu, &p, NULL);
    for (step = 0; step < 200000; ++step) {
        demc_rolling_energy en;
        const demc_vec3 xi_old = st.displacement, wv = v3(0, w, 0);
        demc_rolling_result r = demc_rolling_sds_torque(&p, v3(0, 0, 1), s.r, fn, wv, ZERO, dt, &st, &en);
        const demc_vec3 vr = v3(s.r * w, 0, 0);
        const demc_vec3 fel = demc_vec3_scale(demc_vec3_add(xi_old, st.displacement), -0.5 * k);
        const double wk = -demc_vec3_dot(demc_vec3_add_scaled(fel, -g, vr), demc_vec3_scale(vr, dt));
        const double bal = wk - (en.stored_energy - e_old) - en.viscous_dissipation - en.friction_dissipation;
        if (fabs(bal) > worst) worst = fabs(bal);
        e_old = en.stored_energy;
        w += dt * (mapp + r.torque_i.y) / ir;
        th += dt * w;
    }
    CHECK(worst <= 1e-12 * scale);
    CHECK_REL(th, mapp / (k * s.r * s.r), 1e-9);
    CHECK_REL(st.displacement.x, s.r * th, 1e-9);
}

int main(void)
{
    RUN(kinematics);
    RUN(setups);
    RUN(cdt_deceleration_five_sevenths);
    RUN(cdt_sign_flip_and_limiter);
    RUN(epsd_applied_torque);
    RUN(epsd_cycle_energy);
    RUN(incline_rest_threshold);
    RUN(objectivity_swap_momentum);
    RUN(limits_and_dissipation_random);
    RUN(sds_applied_torque_and_balance);
    return harness_finish("test_rolling");
}
