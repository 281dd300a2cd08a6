/* twisting.h: twisting resistance (SDS, Marshall) against closed forms (settled twist M/k, spin-up beyond the
 * limit, dashpot dissipation of a cycle), Marshall's coefficients against a quadrature over the contact disc done
 * here, symmetry laws (objectivity, i ⇄ j swap, angular momentum) and bounds (limit, dissipation ≥ 0). */
#include <math.h>
#include <string.h>

#include "demc.h"
#include "harness.h"
#include "support/setup_checks.h"

static const double PI = 3.14159265358979323846;

static demc_vec3 v3(double x, double y, double z) { return demc_vec3_make(x, y, z); }
static const demc_vec3 ZERO = {0.0, 0.0, 0.0};
static double vnorm(demc_vec3 a) { return sqrt(demc_vec3_norm2(a)); }
static double vdist(demc_vec3 a, demc_vec3 b) { return vnorm(demc_vec3_sub(a, b)); }

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
        double m = vnorm(v);
        if (m > 0.1 && m < 1.0) return demc_vec3_scale(v, 1.0 / m);
    }
}
static demc_vec3 rot(demc_vec3 u, double a, demc_vec3 v)
{
    const double c = cos(a), s = sin(a);
    return demc_vec3_add(demc_vec3_add(demc_vec3_scale(v, c), demc_vec3_scale(demc_vec3_cross(u, v), s)),
                         demc_vec3_scale(u, (1.0 - c) * demc_vec3_dot(u, v)));
}

static void kinematics_and_setups(void)
{
    demc_twisting_sds_params s;
    demc_twisting_marshall_params m;
    const char *bad = "x";
    volatile double zero = 0.0;
    double nan = zero / zero;
    int i;
    CHECK(demc_twisting_velocity(v3(0, 0, 1), v3(1, 2, 3), v3(-1, 5, 1)) == 2.0);
    for (i = 0; i < 100; ++i) {
        const demc_vec3 n = random_unit(), wi = random_vec(10), wj = random_vec(10);
        const double wn = demc_twisting_velocity(n, wi, wj);
        CHECK(demc_twisting_velocity(n, wi, wi) == 0.0);
        CHECK(fabs(demc_twisting_velocity(demc_vec3_neg(n), wj, wi) - wn) <= 1e-14 * 20);
    }
    CHECK(demc_twisting_sds_init(1e-3, 1e-6, 1e-4, &s, &bad) == DEMC_OK && bad == NULL);
    CHECK(s.stiffness == 1e-3 && s.damping == 1e-6 && s.mu_twisting == 1e-4);
    memset(&s, SETUP_POISON, sizeof s);
    CHECK(setup_failed_as(demc_twisting_sds_init(-1.0, 0.0, 0.0, &s, &bad), &bad, DEMC_ERR_OUT_OF_DOMAIN,
                          "stiffness"));
    CHECK(setup_failed_as(demc_twisting_sds_init(1.0, nan, 0.0, &s, &bad), &bad, DEMC_ERR_INVALID_ARGUMENT,
                          "damping"));
    CHECK(setup_failed_as(demc_twisting_sds_init(1.0, 0.0, -1e-3, &s, &bad), &bad, DEMC_ERR_OUT_OF_DOMAIN,
                          "mu_twisting"));
    CHECK(setup_failed_as(demc_twisting_sds_init(1.0, 0.0, 0.0, NULL, &bad), &bad, DEMC_ERR_INVALID_ARGUMENT,
                          "params"));
    CHECK(setup_untouched(&s, sizeof s));
    CHECK(demc_twisting_marshall_init(0.4, &m, &bad) == DEMC_OK && bad == NULL && m.mu_tangential == 0.4);
    memset(&m, SETUP_POISON, sizeof m);
    CHECK(setup_failed_as(demc_twisting_marshall_init(-0.4, &m, &bad), &bad, DEMC_ERR_OUT_OF_DOMAIN,
                          "mu_tangential"));
    CHECK(setup_failed_as(demc_twisting_marshall_init(nan, &m, &bad), &bad, DEMC_ERR_INVALID_ARGUMENT,
                          "mu_tangential"));
    CHECK(setup_failed_as(demc_twisting_marshall_init(0.4, NULL, &bad), &bad, DEMC_ERR_INVALID_ARGUMENT, "params"));
    CHECK(setup_untouched(&m, sizeof m));
}

/* Marshall: uniform tangential stiffness, damping and Coulomb traction per unit area over the disc of radius a,
 * integrated here with the midpoint rule in r (dA = 2πr dr): twist stiffness ∫ (k_t/πa²) r² dA, damping
 * ∫ (c_t/πa²) r² dA, limit ∫ μ (F_n/πa²) r dA. The kernel's are measured from its torques. */
static void marshall_coefficients_from_the_disc(void)
{
    const double a = 2e-4, kt = 3e5, ct = 0.7, fn = 5.0, mu = 0.4, dt = 1e-6;
    const demc_vec3 n = v3(0, 0, 1);
    double k_q = 0.0, c_q = 0.0, l_q = 0.0;
    demc_twisting_marshall_params p;
    demc_twisting_state st;
    demc_twisting_result r;
    int i, nq = 20000;
    for (i = 0; i < nq; ++i) {
        const double rr = (i + 0.5) * a / nq, da = 2.0 * PI * rr * a / nq;
        k_q += kt / (PI * a * a) * rr * rr * da;
        c_q += ct / (PI * a * a) * rr * rr * da;
        l_q += mu * fn / (PI * a * a) * rr * da;
    }
    demc_twisting_marshall_init(mu, &p, NULL);
    /* stiffness: a small twist with no rate (previous angle φ0, ω_n = 0) */
    st.angle = 1e-4;
    r = demc_twisting_marshall_torque(&p, n, a, kt, ct, fn, ZERO, ZERO, dt, &st, NULL);
    CHECK(!r.mobilised);
    CHECK_REL(-r.torque / 1e-4, k_q, 1e-7);
    /* damping: a rate with the spring at zero after the step (φ0 = −ω_n Δt) */
    st.angle = -2.0 * dt;
    r = demc_twisting_marshall_torque(&p, n, a, kt, ct, fn, v3(0, 0, 2.0), ZERO, dt, &st, NULL);
    CHECK(!r.mobilised);
    CHECK_REL(-r.torque / 2.0, c_q, 1e-7);
    /* limit: a large twist */
    st.angle = 1.0;
    r = demc_twisting_marshall_torque(&p, n, a, kt, ct, fn, ZERO, ZERO, dt, &st, NULL);
    CHECK(r.mobilised);
    CHECK_REL(-r.torque, l_q, 1e-7);
    CHECK_REL(r.torque_i.z, r.torque, 0.0);
    /* no disc: no torque, memory released */
    st.angle = 0.3;
    r = demc_twisting_marshall_torque(&p, n, 0.0, kt, ct, fn, v3(0, 0, 5.0), ZERO, dt, &st, NULL);
    CHECK(r.torque == 0.0 && st.angle == 0.0 && !r.mobilised);
}

/* The twisting DOF of a body on a fixed wall (inertia I about n): I dω/dt = M_app + M_t. Below the limit it
 * settles at φ = M_app/k (the damping ratio 0.3 keeps the overshoot below the limit); above it spins up at
 * (M_app − M_c)/I (SDS keeps the total at the limit). */
static void sds_applied_moment(void)
{
    const double k = 2e-3, inertia = 1e-9, g = 2.0 * 0.3 * sqrt(k * inertia), fn = 1.0, mu = 1e-4, dt = 1e-6;
    const double mc = mu * fn;
    demc_twisting_sds_params p;
    int below;
    demc_twisting_sds_init(k, g, mu, &p, NULL);
    for (below = 1; below >= 0; --below) {
        const double mapp = below ? 0.6 * mc : 1.4 * mc;
        demc_twisting_state st = DEMC_TWISTING_STATE_INIT;
        double w = 0.0, phi = 0.0, w_mid = 0.0, t_mid = 0.0;
        long step, nsteps = 200000;
        for (step = 0; step < nsteps; ++step) {
            demc_twisting_result r = demc_twisting_sds_torque(&p, v3(0, 0, 1), fn, v3(0, 0, w), ZERO, dt, &st, NULL);
            CHECK(fabs(r.torque) <= mc * (1.0 + 1e-15));
            w += dt * (mapp + r.torque) / inertia;
            phi += dt * w;
            if (step == nsteps / 2) {
                w_mid = w;
                t_mid = step * dt;
            }
        }
        if (below) {
            CHECK_REL(phi, mapp / k, 1e-9);
            CHECK_REL(st.angle, mapp / k, 1e-9);
        } else {
            CHECK_REL((w - w_mid) / ((nsteps - 1) * dt - t_mid), (mapp - mc) / inertia, 1e-9);
        }
    }
}

/* Prescribed twist φ(t) = φ0 sin(2πt/T): below the limit the slider dissipates nothing and the cycle costs the
 * dashpot's ∫ γ ω² dt = γ φ0² 2π²/T; every step's balance closes, above the limit too. */
static void cycle_energy(void)
{
    const double k = 2e-3, g = 1e-6, fn = 1.0, mu = 1e-4, dt = 1e-6, T = 0.01, mc = mu * fn;
    const demc_vec3 n = v3(0.0, 0.6, 0.8);
    demc_twisting_sds_params p;
    int big;
    demc_twisting_sds_init(k, g, mu, &p, NULL);
    for (big = 0; big < 2; ++big) {
        const double phi0 = (big ? 3.0 : 0.5) * mc / k;
        demc_twisting_state st = DEMC_TWISTING_STATE_INIT;
        double e_old = 0.0, visc = 0.0, fric = 0.0, work = 0.0, worst = 0.0;
        long step, nsteps = (long)(T / dt + 0.5);
        int mob = 0;
        for (step = 0; step < nsteps; ++step) {
            const double w = phi0 * 2.0 * PI / T * cos(2.0 * PI * (step + 0.5) * dt / T);
            const double phi_old = st.angle;
            demc_twisting_energy en;
            demc_twisting_result r = demc_twisting_sds_torque(&p, n, fn, demc_vec3_scale(n, w), ZERO, dt, &st, &en);
            const double wk = -(-0.5 * k * (phi_old + st.angle) - g * w) * w * dt;
            const double bal = wk - (en.stored_energy - e_old) - en.viscous_dissipation - en.friction_dissipation;
            CHECK(en.viscous_dissipation >= 0.0 && en.friction_dissipation >= 0.0);
            CHECK_REL(r.torque, -k * st.angle - g * w, 1e-12);
            if (fabs(bal) > worst) worst = fabs(bal);
            mob |= r.mobilised;
            e_old = en.stored_energy;
            visc += en.viscous_dissipation;
            fric += en.friction_dissipation;
            work += wk;
        }
        CHECK(worst <= 1e-12 * 0.5 * mc * mc / k);
        if (!big) {
            CHECK(!mob && fric == 0.0);
            CHECK_REL(visc, g * phi0 * phi0 * 2.0 * PI * PI / T, 1e-6);
            CHECK_REL(work, visc, 1e-6);
        } else {
            CHECK(mob && fric > 0.0);
            CHECK_REL(work, visc + fric + e_old, 1e-10);
        }
    }
}

static void objectivity_swap_momentum_limits(void)
{
    demc_twisting_sds_params ps;
    demc_twisting_marshall_params pm;
    int i, bad = 0;
    demc_twisting_sds_init(1e-3, 1e-7, 1e-4, &ps, NULL);
    demc_twisting_marshall_init(0.5, &pm, NULL);
    for (i = 0; i < 200; ++i) {
        const demc_vec3 n = random_unit(), wi = random_vec(50), wj = random_vec(50), u = random_unit();
        const double fn = 2.0 * uniform(), a = 1e-4 * uniform(), dt = 1e-5, ang = 2 * PI * uniform();
        demc_twisting_state s0, s1, s2, s3, z = DEMC_TWISTING_STATE_INIT;
        demc_twisting_result r1, r2, r3;
        s0.angle = 1e-2 * (2 * uniform() - 1);
        /* co-rotation: nothing from a new contact */
        CHECK(demc_twisting_sds_torque(&ps, n, fn, wi, wi, dt, &z, NULL).torque == 0.0 && z.angle == 0.0);
        /* swap: the same memory and ω_n, torque on the other body */
        s1 = s0;
        r1 = demc_twisting_sds_torque(&ps, n, fn, wi, wj, dt, &s1, NULL);
        s2 = demc_twisting_state_swap(s0);
        CHECK(s2.angle == s0.angle);
        r2 = demc_twisting_sds_torque(&ps, demc_vec3_neg(n), fn, wj, wi, dt, &s2, NULL);
        CHECK(vdist(r2.torque_i, r1.torque_j) <= 1e-13 * (vnorm(r1.torque_i) + 1e-15));
        CHECK(fabs(s2.angle - s1.angle) <= 1e-13 * (fabs(s1.angle) + 1e-15));
        CHECK(vdist(r1.torque_j, demc_vec3_neg(r1.torque_i)) == 0.0);
        /* rigid rotation of everything */
        s3 = s0;
        r3 = demc_twisting_sds_torque(&ps, rot(u, ang, n), fn, rot(u, ang, wi), rot(u, ang, wj), dt, &s3, NULL);
        CHECK(vdist(r3.torque_i, rot(u, ang, r1.torque_i)) <= 1e-12 * (vnorm(r1.torque_i) + 1e-15));
        /* Marshall: the same, with its limit */
        s1 = s0;
        r1 = demc_twisting_marshall_torque(&pm, n, a, 1e5, 0.3, fn, wi, wj, dt, &s1, NULL);
        s2 = s0;
        r2 = demc_twisting_marshall_torque(&pm, demc_vec3_neg(n), a, 1e5, 0.3, fn, wj, wi, dt, &s2, NULL);
        CHECK(vdist(r2.torque_i, r1.torque_j) <= 1e-13 * (vnorm(r1.torque_i) + 1e-18));
        if (fabs(r1.torque) > 2.0 / 3.0 * 0.5 * a * fn * (1 + 1e-15)) ++bad;
    }
    CHECK(bad == 0);
    /* angular momentum of a pair twisting against each other (fixed normal, no force) */
    {
        const double ii = 3e-9, ij = 8e-9, dt = 1e-6;
        const demc_vec3 n = v3(0.8, 0.0, 0.6);
        demc_vec3 wi = v3(100, 3, -50), wj = v3(-20, 40, 10), l0, l;
        demc_twisting_state s1 = DEMC_TWISTING_STATE_INIT, s2 = DEMC_TWISTING_STATE_INIT;
        demc_twisting_sds_params pd; /* about critically damped for the pair's twist */
        int step;
        demc_twisting_sds_init(1e-3, 3e-6, 1e-4, &pd, NULL);
        l0 = demc_vec3_add(demc_vec3_scale(wi, ii), demc_vec3_scale(wj, ij));
        for (step = 0; step < 50000; ++step) {
            demc_twisting_result a = demc_twisting_sds_torque(&pd, n, 1.0, wi, wj, dt, &s1, NULL);
            demc_twisting_result b = demc_twisting_marshall_torque(&pm, n, 1e-4, 1e5, 1e-2, 1.0, wi, wj, dt, &s2, NULL);
            wi = demc_vec3_add_scaled(wi, dt / ii, demc_vec3_add(a.torque_i, b.torque_i));
            wj = demc_vec3_add_scaled(wj, dt / ij, demc_vec3_add(a.torque_j, b.torque_j));
        }
        l = demc_vec3_add(demc_vec3_scale(wi, ii), demc_vec3_scale(wj, ij));
        CHECK(vdist(l, l0) <= 1e-12 * vnorm(l0));
        /* the relative twist has been brought (nearly) to rest; the rest of the relative spin is untouched */
        CHECK(fabs(demc_twisting_velocity(n, wi, wj)) < 1e-3 * fabs(demc_twisting_velocity(n, v3(100, 3, -50),
                                                                                           v3(-20, 40, 10))));
    }
    /* random loads: the limit holds, dissipation ≥ 0, finite */
    {
        demc_twisting_state s1 = DEMC_TWISTING_STATE_INIT, s2 = DEMC_TWISTING_STATE_INIT;
        int step, nbad = 0;
        for (step = 0; step < 20000; ++step) {
            const demc_vec3 n = v3(0, 0, 1), wi = random_vec(uniform() < 0.3 ? 1e-2 : 1e3);
            const double fn = uniform() < 0.1 ? -1.0 : 3.0 * uniform(), a = 1e-4 * uniform();
            const double kt = 1e5 * uniform(), ct = uniform();
            demc_twisting_energy e1, e2;
            demc_twisting_result r1 = demc_twisting_sds_torque(&ps, n, fn, wi, ZERO, 1e-5, &s1, &e1);
            demc_twisting_result r2 = demc_twisting_marshall_torque(&pm, n, a, kt, ct, fn, wi, ZERO, 1e-5, &s2, &e2);
            const double fp = fn > 0.0 ? fn : 0.0;
            if (fabs(r1.torque) > 1e-4 * fp * (1 + 1e-15) || fabs(r2.torque) > 2.0 / 3.0 * 0.5 * a * fp * (1 + 1e-15))
                ++nbad;
            if (e1.friction_dissipation < 0 || e1.viscous_dissipation < 0 || e2.friction_dissipation < 0 ||
                e2.viscous_dissipation < 0 || !demc_is_finite(e1.stored_energy) || !demc_is_finite(e2.stored_energy) ||
                !demc_is_finite(s1.angle) || !demc_is_finite(s2.angle))
                ++nbad;
        }
        CHECK(nbad == 0);
    }
}

int main(void)
{
    RUN(kinematics_and_setups);
    RUN(marshall_coefficients_from_the_disc);
    RUN(sds_applied_moment);
    RUN(cycle_energy);
    RUN(objectivity_swap_momentum_limits);
    return harness_finish("test_twisting");
}
