/* normal_plastic.h: Luding's hysteretic adhesive spring against its branches written out here, the loop area by a
 * fine trapezoid rule along kernel-driven paths, and restitution from a direct integration of an undamped impact
 * (velocity Verlet, written here). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "demc.h"
#include "harness.h"

static int same_name(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

/* k₁, k_p, k_c, δ* of the cases: adhesive, non-adhesive, strongly adhesive. */
static demc_normal_luding_params luding(int i)
{
    demc_normal_luding_params p;
    const double k1 = 1e5, kp = i == 0 ? 5e5 : i == 1 ? 3e5 : 1e6, kc = i == 0 ? 1e5 : i == 1 ? 0.0 : 8e5;
    const double ds = 1e-4;
    memset(&p, 0, sizeof p);
    CHECK(demc_normal_luding_init(k1, kp, kc, ds, &p, NULL) == DEMC_OK);
    return p;
}

/* The law written out (Luding 2008) for a single loading to dm ≤ δ* and the unloading from it. */
static double k2_of(const demc_normal_luding_params *p, double dm)
{
    return p->loading_stiffness + (p->unloading_stiffness - p->loading_stiffness) * dm / p->plastic_limit;
}
static double unload_force(const demc_normal_luding_params *p, double dm, double d)
{
    const double k2 = k2_of(p, dm), d0 = (1 - p->loading_stiffness / k2) * dm;
    const double f = k2 * (d - d0);
    return f > -p->tension_stiffness * d ? f : -p->tension_stiffness * d;
}

static void loop_follows_the_branches(void)
{
    int c, k;
    for (c = 0; c < 3; ++c) {
        const demc_normal_luding_params p = luding(c);
        const double dm = 0.6 * p.plastic_limit, k1 = p.loading_stiffness, kc = p.tension_stiffness;
        const double k2 = k2_of(&p, dm), d0 = (1 - k1 / k2) * dm, dmin = (k2 - k1) * dm / (k2 + kc);
        demc_normal_luding_state st = DEMC_NORMAL_LUDING_STATE_INIT;
        demc_normal_luding_result r;
        double fmin = 0.0, zero_at = -1.0, prev = 0.0;
        for (k = 1; k <= 1000; ++k) { /* loading: k₁δ */
            r = demc_normal_luding_force(&p, dm * k / 1000, &st);
            CHECK_REL(r.force, k1 * dm * k / 1000, 1e-15);
            CHECK(r.branch == DEMC_NORMAL_LUDING_LOADING);
        }
        CHECK(st.max_overlap == dm);
        CHECK_REL(r.plastic_overlap, d0, 1e-14);
        for (k = 999; k >= 1; --k) { /* unloading: k₂(δ − δ₀), then −k_cδ */
            const double d = dm * k / 1000;
            r = demc_normal_luding_force(&p, d, &st);
            CHECK_ABS(r.force, unload_force(&p, dm, d), 1e-12 * k1 * dm);
            if (r.force < fmin) fmin = r.force;
            if (prev > 0.0 && r.force <= 0.0) zero_at = d;
            prev = r.force;
            if (d > dmin) CHECK(r.branch == DEMC_NORMAL_LUDING_ELASTIC);
        }
        /* the plastic overlap: the force changes sign at δ₀ */
        CHECK(zero_at <= d0 + 1e-15 && zero_at > d0 - dm / 1000);
        /* pull-off: the most tensile force is −k_c δ_min */
        CHECK_REL(demc_normal_luding_pulloff_force(&p, dm), -kc * dmin, 1e-14);
        if (kc > 0) CHECK(fmin >= -kc * dmin * (1 + 1e-14) && fmin <= -kc * dmin * (1 - 2e-3));
        CHECK(demc_normal_luding_force(&p, 0.0, &st).force == 0.0 && st.max_overlap == 0.0);
    }
}

/* Partial unloading and reloading: back along k₂ to δ_max, then k₁ again; from the tensile branch reloading follows
 * a k₂ line through the point where it left. */
static void reloading_and_the_tensile_branch(void)
{
    const demc_normal_luding_params p = luding(0);
    const double dm = 0.5 * p.plastic_limit, k1 = p.loading_stiffness, kc = p.tension_stiffness;
    demc_normal_luding_state st = DEMC_NORMAL_LUDING_STATE_INIT;
    demc_normal_luding_result r;
    const double k2 = k2_of(&p, dm), d0 = (1 - k1 / k2) * dm, dmin = (k2 - k1) * dm / (k2 + kc);
    demc_normal_luding_force(&p, dm, &st);
    r = demc_normal_luding_force(&p, 0.8 * dm, &st);
    CHECK_REL(r.force, k2 * (0.8 * dm - d0), 1e-14);
    r = demc_normal_luding_force(&p, 0.95 * dm, &st); /* reloading below δ_max: the same line */
    CHECK_REL(r.force, k2 * (0.95 * dm - d0), 1e-14);
    CHECK(r.branch == DEMC_NORMAL_LUDING_ELASTIC && st.max_overlap == dm);
    r = demc_normal_luding_force(&p, 1.1 * dm, &st); /* past δ_max: k₁ again */
    CHECK_REL(r.force, k1 * 1.1 * dm, 1e-15);
    CHECK(st.max_overlap == 1.1 * dm);
    /* into the tensile branch at δ = δ_min/2 */
    {
        const double m = 1.1 * dm, k2b = k2_of(&p, m), dminb = (k2b - k1) * m / (k2b + kc), d = 0.5 * dminb;
        double m2, k22, d02;
        r = demc_normal_luding_force(&p, d, &st);
        CHECK(r.branch == DEMC_NORMAL_LUDING_TENSILE);
        CHECK_REL(r.force, -kc * d, 1e-15);
        m2 = st.max_overlap;
        k22 = k2_of(&p, m2);
        d02 = (1 - k1 / k22) * m2;
        CHECK_REL(k22 * (d - d02), -kc * d, 1e-12); /* the new k₂ line passes through the point */
        CHECK_REL((k22 - k1) * m2 / (k22 + kc), d, 1e-12);
        r = demc_normal_luding_force(&p, 1.2 * d, &st); /* reloading follows it */
        CHECK(r.branch == DEMC_NORMAL_LUDING_ELASTIC);
        CHECK_REL(r.force, k22 * (1.2 * d - d02), 1e-12);
    }
    (void)dmin;
}

/* Beyond δ* the limit branch k_p(δ − δ₀*), δ₀* = (1 − k₁/k_p)δ*, reversible. */
static void limit_branch_beyond_the_plastic_limit(void)
{
    const demc_normal_luding_params p = luding(0);
    const double ds = p.plastic_limit, kp = p.unloading_stiffness, d0s = (1 - p.loading_stiffness / kp) * ds;
    demc_normal_luding_state st = DEMC_NORMAL_LUDING_STATE_INIT;
    demc_normal_luding_result r;
    int k;
    for (k = 1; k <= 30; ++k) r = demc_normal_luding_force(&p, ds * k / 10, &st);
    CHECK_REL(r.force, kp * (3 * ds - d0s), 1e-14);
    CHECK(st.max_overlap == ds && r.stiffness == kp);
    r = demc_normal_luding_force(&p, 2 * ds, &st);
    CHECK_REL(r.force, kp * (2 * ds - d0s), 1e-14);
    CHECK_REL(r.plastic_overlap, d0s, 1e-15);
    /* Luding's φ_f: δ₀* = φ_f 2R* */
    CHECK_REL(demc_normal_luding_plastic_limit(1e5, 5e5, 0.05, 1e-3), 5e5 / 4e5 * 0.05 * 2e-3, 1e-15);
    CHECK_REL((1 - 1e5 / 5e5) * demc_normal_luding_plastic_limit(1e5, 5e5, 0.05, 1e-3), 0.05 * 2e-3, 1e-15);
}

/* The work over a kernel-driven cycle (trapezoid, 2·10⁵ steps) equals the closed-form loss; the same closed form
 * from the branch areas written here. */
static void cycle_loss_is_the_loop_area(void)
{
    int c, k, j;
    const double fracs[3] = {0.3, 1.0, 2.5};
    for (c = 0; c < 3; ++c)
        for (j = 0; j < 3; ++j) {
            const demc_normal_luding_params p = luding(c);
            const double top = fracs[j] * p.plastic_limit, k1 = p.loading_stiffness, kc = p.tension_stiffness;
            const int n = 100000;
            demc_normal_luding_state st = DEMC_NORMAL_LUDING_STATE_INIT;
            double work = 0.0, fprev = 0.0, dprev = 0.0;
            for (k = 1; k <= 2 * n; ++k) {
                const double d = k <= n ? top * k / n : top * (2 * n - k) / n;
                const double f = demc_normal_luding_force(&p, d, &st).force;
                work += 0.5 * (f + fprev) * (d - dprev);
                fprev = f;
                dprev = d;
            }
            {
                const double m = top < p.plastic_limit ? top : p.plastic_limit, k2 = k2_of(&p, m);
                const double d0 = (1 - k1 / k2) * m, dmin = (k2 - k1) * m / (k2 + kc);
                /* area under loading to m, minus area under k₂ from δ_min to m, plus the tensile triangle */
                const double loss = 0.5 * k1 * m * m - 0.5 * k2 * ((m - d0) * (m - d0) - (dmin - d0) * (dmin - d0)) +
                                    0.5 * kc * dmin * dmin;
                CHECK_REL(demc_normal_luding_cycle_loss(&p, top), loss, 1e-12);
                CHECK_REL(work, loss, 1e-8);
                CHECK(loss > 0.0);
            }
        }
}

/* An undamped impact of reduced mass m* at v₀ (velocity Verlet, written here): e against √(k₁/k₂) without
 * adhesion and against demc_normal_luding_restitution() with it; sticking when the loss exceeds the input. */
static double impact(const demc_normal_luding_params *p, double mass, double v0, double *dmax)
{
    demc_normal_luding_state st = DEMC_NORMAL_LUDING_STATE_INIT;
    const double dt = 2e-4 * sqrt(mass / p->unloading_stiffness);
    double d = 0.0, v = v0, f = 0.0;
    long k;
    int receding = 0;
    *dmax = 0.0;
    for (k = 0; k < 100000000L; ++k) {
        v -= 0.5 * dt * f / mass;
        d += dt * v;
        if (d > *dmax) *dmax = d;
        if (d <= 0.0) return -v / v0;
        f = demc_normal_luding_force(p, d, &st).force;
        v -= 0.5 * dt * f / mass;
        if (v < 0.0) receding = 1;
        else if (receding) return 0.0; /* turned back while in contact: captured by the adhesive well (stuck) */
    }
    return 0.0;
}

static void restitution(void)
{
    const double mass = 1e-3;
    int c;
    for (c = 0; c < 3; ++c) {
        const demc_normal_luding_params p = luding(c);
        const double vs[2] = {0.2, 0.9};
        int j;
        for (j = 0; j < 2; ++j) {
            double dmax;
            const double e = impact(&p, mass, vs[j], &dmax);
            CHECK_REL(dmax, vs[j] * sqrt(mass / p.loading_stiffness), 1e-3);
            if (p.tension_stiffness == 0.0)
                CHECK_REL(demc_normal_luding_restitution(&p, dmax), sqrt(p.loading_stiffness / k2_of(&p, dmax)),
                          1e-13);
            if (demc_normal_luding_restitution(&p, dmax) > 0.0)
                CHECK_ABS(e, demc_normal_luding_restitution(&p, dmax), 2e-3);
            else
                CHECK(e < 0.02);
        }
    }
}

/* Random overlap paths: the work done on the contact minus the stored energy never goes negative (dissipation
 * ≥ 0), and the stored energy is ½k₂(δ − δ₀)². */
static void dissipation_is_never_negative(void)
{
    int c, k;
    unsigned seed = 12345u;
    for (c = 0; c < 3; ++c) {
        const demc_normal_luding_params p = luding(c);
        demc_normal_luding_state st = DEMC_NORMAL_LUDING_STATE_INIT;
        double d = 0.0, work = 0.0, fprev = 0.0, worst = 0.0;
        const double scale = p.unloading_stiffness * p.plastic_limit * p.plastic_limit;
        for (k = 0; k < 200000; ++k) {
            double dn, f;
            seed = seed * 1103515245u + 12345u;
            dn = d + ((double)(seed >> 8) / 16777216.0 - 0.45) * 2e-3 * p.plastic_limit;
            if (dn < 1e-9 * p.plastic_limit) dn = 1e-9 * p.plastic_limit; /* stay in contact: one history */
            if (dn > 3 * p.plastic_limit) dn = 3 * p.plastic_limit;
            f = demc_normal_luding_force(&p, dn, &st).force;
            work += 0.5 * (f + fprev) * (dn - d);
            {
                const double lost = work - demc_normal_luding_stored_energy(&p, dn, st);
                if (lost < worst) worst = lost;
            }
            fprev = f;
            d = dn;
        }
        CHECK(worst >= -1e-6 * scale);
    }
}

static void setup_validation(void)
{
    demc_normal_luding_params p;
    const char *bad = NULL;
    demc_normal_luding_state s = {3.0};
    CHECK(demc_normal_luding_init(1, 2, 0, 1, &p, &bad) == DEMC_OK && bad == NULL);
    CHECK(demc_normal_luding_init(0, 2, 0, 1, &p, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "loading_stiffness"));
    CHECK(demc_normal_luding_init(nan(""), 2, 0, 1, &p, &bad) == DEMC_ERR_INVALID_ARGUMENT &&
          same_name(bad, "loading_stiffness"));
    CHECK(demc_normal_luding_init(2, 1, 0, 1, &p, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "unloading_stiffness"));
    CHECK(demc_normal_luding_init(1, 2, -1, 1, &p, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "tension_stiffness"));
    CHECK(demc_normal_luding_init(1, 2, 0, 0, &p, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "plastic_limit"));
    CHECK(demc_normal_luding_init(1, 2, 0, HUGE_VAL, &p, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "plastic_limit"));
    CHECK(demc_normal_luding_init(1, 2, 0, 1, NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "params"));
    CHECK(demc_normal_luding_state_swap(s).max_overlap == 3.0);
    /* k_p = k₁: a linear elastic spring, no hysteresis, no tension */
    {
        demc_normal_luding_state st = DEMC_NORMAL_LUDING_STATE_INIT;
        CHECK(demc_normal_luding_init(1e4, 1e4, 1e4, 1e-3, &p, NULL) == DEMC_OK);
        demc_normal_luding_force(&p, 2e-3, &st);
        CHECK_REL(demc_normal_luding_force(&p, 1e-3, &st).force, 10.0, 1e-15);
        CHECK(demc_normal_luding_cycle_loss(&p, 5e-4) == 0.0);
        CHECK(demc_normal_luding_restitution(&p, 5e-4) == 1.0);
    }
}

int main(void)
{
    RUN(loop_follows_the_branches);
    RUN(reloading_and_the_tensile_branch);
    RUN(limit_branch_beyond_the_plastic_limit);
    RUN(cycle_loss_is_the_loop_area);
    RUN(restitution);
    RUN(dissipation_is_never_negative);
    RUN(setup_validation);
    return harness_finish("test_normal_plastic");
}
