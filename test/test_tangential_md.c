/* tangential.h, Mindlin–Deresiewicz law (Thornton & Yin 1991): against the closed-form Mindlin–Deresiewicz branches
 * at constant normal force (forward form δ(T), written here independently), the loop area by numerical integration
 * of those branches, Mindlin's no-slip result under proportional loading, the Coulomb limit, and the energy balance
 * of oblique impacts integrated here by velocity Verlet. */
#include <math.h>
#include <string.h>

#include "demc.h"
#include "harness.h"

/* demc_tangential_md_update() returning the force, with the step's sliding flag kept aside (as the checks read it). */
static int md_sliding;
static demc_vec3 md_update(const demc_tangential_md_params *p, demc_vec3 increment, double normal_force,
                           double contact_radius, demc_tangential_md_state *s, demc_tangential_md_energy *energy)
{
    const demc_tangential_result r = demc_tangential_md_update(p, increment, normal_force, contact_radius, s, energy);
    md_sliding = r.sliding;
    return r.force;
}

static const double PI = 3.14159265358979323846;
static const double MU = 0.3, GSTAR = 1e10, A = 1e-4, P = 10.0; /* k0 = 8 G* a = 8e6 N/m, μP = 3 N */

static demc_tangential_md_params params(void)
{
    demc_tangential_md_params p;
    CHECK(demc_tangential_md_init(MU, GSTAR, DEMC_TANGENTIAL_MD_THORNTON_YIN, &p, NULL) == DEMC_OK);
    return p;
}

/* Closed forms of Mindlin & Deresiewicz at constant P (Johnson, Contact Mechanics, 1985, §7.2-7.3): displacement
 * on the loading branch and on the unloading/reloading branches from a turning point (Tr, dr), s = +1 unloading
 * (from T*), −1 reloading (from T**). */
static double delta_loading(double t)
{
    return 3.0 * MU * P / (16.0 * GSTAR * A) * (1.0 - pow(1.0 - fabs(t) / (MU * P), 2.0 / 3.0)) * (t < 0 ? -1 : 1);
}
static double delta_branch(double t, double tr, double dr, double s)
{
    return dr - s * 3.0 * MU * P / (8.0 * GSTAR * A) * (1.0 - pow(1.0 - s * (tr - t) / (2.0 * MU * P), 2.0 / 3.0));
}
/* The inverse of the same closed forms (used only to integrate the loop area). */
static double force_branch(double d, double tr, double dr, double s)
{
    const double w = 1.0 - s * (dr - d) * 8.0 * GSTAR * A / (3.0 * MU * P);
    return tr - s * 2.0 * MU * P * (1.0 - w * sqrt(w));
}

/* Drives the kernel along x by displacement from d0 to d1 in n equal increments; T = −F_x. Returns the largest
 * |δ_closed(T) − δ| / δ* along the way (branch selected by the caller), and adds the dissipation. */
typedef struct run {
    demc_tangential_md_state s;
    double d, t, diss, exch;
} run;

static double drive(const demc_tangential_md_params *p, run *r, double d1, int n, int branch, double tr, double dr,
                    double dstar)
{
    double err = 0.0, step = (d1 - r->d) / n;
    int i;
    for (i = 0; i < n; ++i) {
        demc_tangential_md_energy en;
        demc_vec3 f = md_update(p, demc_vec3_make(step, 0, 0), P, A, &r->s, &en);
        double dc, e;
        r->d += step;
        r->t = -f.x;
        r->diss += en.friction_dissipation;
        r->exch += en.normal_exchange;
        CHECK(en.friction_dissipation >= 0.0);
        dc = branch == 0 ? delta_loading(r->t) : delta_branch(r->t, tr, dr, branch == 1 ? 1.0 : -1.0);
        e = fabs(dc - r->d) / dstar;
        if (e > err) err = e;
    }
    return err;
}

/* The normal force P is applied first, with no tangential displacement (the contact then holds P constant). */
static void apply_normal_force(const demc_tangential_md_params *p, run *r)
{
    demc_vec3 f = md_update(p, demc_vec3_make(0, 0, 0), P, A, &r->s, NULL);
    CHECK(f.x == 0.0 && f.y == 0.0 && f.z == 0.0);
}

/* 0 → T* → −T* → T*: the loop against the closed-form branches, at n increments per branch. */
static double loop_error(double ratio, int n, double *diss, double *exch)
{
    const demc_tangential_md_params p = params();
    const double ts = ratio * MU * P, ds = delta_loading(ts);
    run r;
    double e = 0.0, x;
    memset(&r, 0, sizeof r);
    apply_normal_force(&p, &r);
    x = drive(&p, &r, ds, n, 0, 0, 0, ds);
    if (x > e) e = x;
    CHECK_REL(r.t, ts, 1e-12);
    r.diss = r.exch = 0.0;
    x = drive(&p, &r, -ds, n, 1, ts, ds, ds);
    if (x > e) e = x;
    CHECK_REL(r.t, -ts, 1e-12);
    x = drive(&p, &r, ds, n, 2, -ts, -ds, ds);
    if (x > e) e = x;
    CHECK_REL(r.t, ts, 1e-12);
    *diss = r.diss;
    *exch = r.exch;
    return e;
}

static void loop_equals_closed_form(void)
{
    const double ratios[] = {0.05, 0.3, 0.6, 0.9, 0.99};
    int i;
    for (i = 0; i < 5; ++i) {
        double d, x, e20 = loop_error(ratios[i], 20, &d, &x), e200 = loop_error(ratios[i], 200, &d, &x),
                     e2000 = loop_error(ratios[i], 2000, &d, &x);
        /* The kernel integrates each branch exactly at constant F_n: rounding at every resolution. */
        CHECK(e200 <= 1e-3);
        CHECK(e20 <= 1e-10 && e200 <= 1e-10 && e2000 <= 1e-10);
    }
}

/* Loop area ∮ T dδ of the closed-form branches, Simpson's rule on δ with 20000 intervals per branch. */
static double loop_area(double ratio)
{
    const double ts = ratio * MU * P, ds = delta_loading(ts);
    const int n = 20000;
    double h = 2.0 * ds / n, unl = 0.0, rel = 0.0;
    int i;
    for (i = 0; i <= n; ++i) {
        const double d = -ds + i * h, w = (i == 0 || i == n) ? 1.0 : (i % 2 ? 4.0 : 2.0);
        unl += w * force_branch(d, ts, ds, 1.0);
        rel += w * force_branch(d, -ts, -ds, -1.0);
    }
    return fabs(unl - rel) * h / 3.0;
}

static void cycle_dissipation_equals_loop_area(void)
{
    const double ratios[] = {0.05, 0.1, 0.3, 0.5, 0.7, 0.9, 0.95, 0.99};
    int i;
    for (i = 0; i < 8; ++i) {
        double diss, exch, area = loop_area(ratios[i]);
        loop_error(ratios[i], 200, &diss, &exch);
        CHECK_REL(diss, area, 1e-3);
        CHECK(fabs(exch) <= 1e-3 * area);
        loop_error(ratios[i], 2000, &diss, &exch);
        CHECK_REL(diss, area, 1e-5); /* second order (trapezoid work) */
    }
}

static void stiffness_at_reversals_and_limit(void)
{
    const demc_tangential_md_params p = params();
    const double k0 = 8.0 * GSTAR * A, ts = 0.7 * MU * P, ds = delta_loading(ts), h = 1e-7 * ds;
    run r;
    double t0;
    memset(&r, 0, sizeof r);
    apply_normal_force(&p, &r);
    CHECK_REL(demc_tangential_md_stiffness(&p, P, A, &r.s), k0, 1e-15);
    drive(&p, &r, h, 1, 0, 0, 0, ds);
    CHECK_REL(r.t / h, k0, 1e-6);
    drive(&p, &r, ds, 200, 0, 0, 0, ds);
    /* tangent stiffness against a central difference of the closed form δ(T) */
    CHECK_REL(demc_tangential_md_stiffness(&p, P, A, &r.s),
              2e-6 * ts / (delta_loading(ts * (1 + 1e-6)) - delta_loading(ts * (1 - 1e-6))), 1e-8);
    /* reversal 1 (unloading), 2 (reloading) and 3 (unloading again): initial slope 8G*a */
    t0 = r.t;
    drive(&p, &r, r.d - h, 1, 1, ts, ds, ds);
    CHECK_REL((t0 - r.t) / h, k0, 1e-6);
    CHECK_REL(demc_tangential_md_stiffness(&p, P, A, &r.s) / k0, 1.0, 1e-6);
    drive(&p, &r, -0.5 * ds, 100, 1, ts, ds, ds);
    t0 = r.t;
    drive(&p, &r, r.d + h, 1, 0, 0, 0, ds);
    CHECK_REL((r.t - t0) / h, k0, 1e-6);
    t0 = r.t;
    drive(&p, &r, r.d - h, 1, 0, 0, 0, ds);
    CHECK_REL((t0 - r.t) / h, k0, 1e-6);
    /* → 0 at the Coulomb limit: at T = μP(1 − 1e-9) the stiffness is 8G*a·1e-3 */
    memset(&r, 0, sizeof r);
    apply_normal_force(&p, &r);
    drive(&p, &r, delta_loading(MU * P * (1.0 - 1e-9)), 50, 0, 0, 0, ds);
    CHECK_REL(demc_tangential_md_stiffness(&p, P, A, &r.s) / k0, 1e-3, 1e-4);
}

static void sliding_starts_at_coulomb_limit(void)
{
    const demc_tangential_md_params p = params();
    const double dmax = 3.0 * MU * P / (16.0 * GSTAR * A); /* δ_t at which T reaches μP */
    demc_tangential_md_state s = DEMC_TANGENTIAL_MD_STATE_INIT;
    demc_tangential_md_energy en;
    demc_vec3 f = md_update(&p, demc_vec3_make(0, 0, 0), P, A, &s, &en);
    f = md_update(&p, demc_vec3_make(dmax * (1 - 1e-9), 0, 0), P, A, &s, &en);
    CHECK(-f.x < MU * P && md_sliding == 0);
    CHECK_REL(-f.x, MU * P * (1.0 - pow(1e-9, 1.5)), 1e-15);
    f = md_update(&p, demc_vec3_make(dmax * 2e-9, 0, 0), P, A, &s, &en);
    CHECK(-f.x == MU * P && md_sliding == 1);
    f = md_update(&p, demc_vec3_make(1e-3, 0, 0), P, A, &s, &en);
    CHECK(-f.x == MU * P && md_sliding == 1);
    CHECK_REL(en.friction_dissipation, MU * P * 1e-3, 1e-12); /* steady sliding: μP |Δs| */
    /* one step from zero far beyond the limit slides at μP too */
    memset(&s, 0, sizeof s);
    f = md_update(&p, demc_vec3_make(0, 0, 0), P, A, &s, &en);
    f = md_update(&p, demc_vec3_make(0, 5 * dmax, 0), P, A, &s, &en);
    CHECK(-f.y == MU * P && md_sliding == 1);
}

/* |v| free of the underflow of its square (the bound below is checked where |F|² is subnormal). */
static double scaled_norm(demc_vec3 v)
{
    const double m = fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z)));
    return m > 0.0 ? m * sqrt((v.x / m) * (v.x / m) + (v.y / m) * (v.y / m) + (v.z / m) * (v.z / m)) : 0.0;
}

/* A force above μF_n is brought to μF_n along itself also where |F|² and (μF_n)² are subnormal (forces of 1e-160 N:
 * the plain compare of the squares saw no excess of 1e-9 there, a fuzzer found 8e-8). */
static void coulomb_limit_where_squares_are_subnormal(void)
{
    const double fn = 1e-80, lim = 5e-160 * (1.0 - 1e-9);
    demc_tangential_md_params p = params();
    demc_tangential_md_state s = DEMC_TANGENTIAL_MD_STATE_INIT;
    demc_vec3 f;
    p.mu = lim / fn;
    s.force = demc_vec3_make(3e-160, 4e-160, 0.0);
    s.normal_force = fn; /* the same F_n: no normal-load step; no displacement: only the Coulomb bound acts */
    s.stiffness = 8.0 * GSTAR * A;
    f = md_update(&p, demc_vec3_make(0, 0, 0), fn, A, &s, NULL);
    CHECK(scaled_norm(f) <= p.mu * fn * (1.0 + 4e-16));
    CHECK_REL(scaled_norm(f), p.mu * fn, 4e-16);
    CHECK_REL(f.y / f.x, 4e-160 / 3e-160, 4e-16); /* along the force it had */
}

/* Mindlin: F_t/F_n = c < μ held while the normal force grows (Hertz a ∝ F_n^{1/3}) gives no slip: T = c F_n. */
static void proportional_loading_no_slip(void)
{
    const demc_tangential_md_params p = params();
    const double ratios[] = {0.3, 0.9, 0.999};
    int k, i;
    for (k = 0; k < 3; ++k) {
        demc_tangential_md_state s = DEMC_TANGENTIAL_MD_STATE_INIT;
        double c = ratios[k] * MU, n_prev = 0.0, total_diss = 0.0, t = 0.0;
        for (i = 1; i <= 100; ++i) {
            demc_tangential_md_energy en;
            const double n = 20.0 * i / 100.0, a = A * cbrt(n / 20.0);
            const demc_vec3 f =
                md_update(&p, demc_vec3_make(c * (n - n_prev) / (8 * GSTAR * a), 0, 0), n, a, &s, &en);
            t = -f.x;
            CHECK_REL(t, c * n, 1e-12);
            total_diss += en.friction_dissipation;
            n_prev = n;
        }
        CHECK(total_diss == 0.0);
        CHECK_REL(t, c * 20.0, 1e-12);
    }
}

/* Sphere on a rigid flat, undamped Hertz normal force, the MD tangential law, velocity Verlet with dt = t_c/steps.
 * Returns the relative residual of the energy balance and the tangential restitution; checks D ≥ 0 every step. */
static double impact(double angle_deg, int steps, double *et)
{
    const double R = 0.025, rho = 2650, E = 70e9, nu = 0.3, mu = 0.1, V = 5.0;
    const double m = rho * 4.0 / 3.0 * PI * R * R * R, I = 0.4 * m * R * R;
    const double es = E / (1 - nu * nu), gs = E / (2 * (1 + nu)) / (2 - nu);
    const double K = 4.0 / 3.0 * es * sqrt(R);
    const double tc = 2.868 * pow(m * m / (K * K * V), 0.2); /* Hertz contact time, for the step only */
    const double dt = tc / steps, th = angle_deg * PI / 180.0;
    demc_tangential_md_params p;
    demc_tangential_md_state s = DEMC_TANGENTIAL_MD_STATE_INIT;
    double z = R, x = 0, vz = -V * cos(th), vx = V * sin(th), w = 0, fz = 0, fx = 0, ke0, ke, diss = 0, exch = 0;
    double vc0;
    int i, contact = 0;
    CHECK(demc_tangential_md_init(mu, gs, DEMC_TANGENTIAL_MD_THORNTON_YIN, &p, NULL) == DEMC_OK);
    ke0 = 0.5 * m * (vx * vx + vz * vz);
    vc0 = vx - R * w;
    for (i = 0; i < 100 * steps; ++i) {
        double vzh = vz + 0.5 * dt * fz / m, vxh = vx + 0.5 * dt * fx / m, wh = w + 0.5 * dt * (-R * fx) / I;
        double d, n, a;
        demc_tangential_md_energy en;
        demc_vec3 f;
        z += vzh * dt;
        x += vxh * dt;
        d = R - z;
        n = d > 0 ? K * d * sqrt(d) : 0.0;
        a = d > 0 ? sqrt(R * d) : 0.0;
        f = md_update(&p, demc_vec3_make((vxh - R * wh) * dt, 0, 0), n, a, &s, &en);
        CHECK(en.friction_dissipation >= 0.0);
        diss += en.friction_dissipation;
        exch += en.normal_exchange;
        fz = n;
        fx = f.x;
        vz = vzh + 0.5 * dt * fz / m;
        vx = vxh + 0.5 * dt * fx / m;
        w = wh + 0.5 * dt * (-R * fx) / I;
        if (d > 0) contact = 1;
        if (contact && d <= 0 && vz > 0) break;
    }
    ke = 0.5 * m * (vx * vx + vz * vz) + 0.5 * I * w * w;
    *et = -(vx - R * w) / vc0;
    (void)x;
    return fabs(ke0 - ke - diss - exch) / ke0;
}

static void oblique_impact_energy_balance(void)
{
    const double angles[] = {2, 5, 10, 20, 40};
    int i;
    for (i = 0; i < 5; ++i) {
        double e1, e2, e3, r1 = impact(angles[i], 200, &e1), r2 = impact(angles[i], 400, &e2),
                           r3 = impact(angles[i], 800, &e3);
        /* within a first-order envelope of the integration error: |residual| ≤ 2e-3 Δt/t_c */
        CHECK(r1 <= 2e-3 / 200 && r2 <= 2e-3 / 400 && r3 <= 2e-3 / 800);
        CHECK(fabs(e3 - e2) <= 5e-3); /* the tangential restitution has converged */
        CHECK(e3 > -1.0 && e3 < 1.0);
    }
}

/* 3-D: random increments and normal forces; |F| ≤ μF_n, finite, D ≥ 0, and the swap gives the mirrored history. */
static unsigned long long rng = 88172645463325252ULL;
static double uni(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (double)((rng * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}

static void random_3d_histories(void)
{
    const demc_tangential_md_params p = params();
    demc_tangential_md_state s = DEMC_TANGENTIAL_MD_STATE_INIT, m = DEMC_TANGENTIAL_MD_STATE_INIT;
    int i, bad = 0, mirror = 0;
    for (i = 0; i < 200000; ++i) {
        demc_tangential_md_energy en;
        const double n = uni() < 0.02 ? 0.0 : P * (0.2 + uni()), a = A * (0.5 + uni());
        const double sc = uni() < 0.1 ? 1e-4 : 2e-7;
        const demc_vec3 ds = demc_vec3_make(sc * (2 * uni() - 1), sc * (2 * uni() - 1), 0.0);
        const demc_vec3 f = md_update(&p, ds, n, a, &s, &en);
        const demc_vec3 g = md_update(&p, demc_vec3_neg(ds), n, a, &m, NULL);
        if (!demc_vec3_is_finite(f) || demc_vec3_norm(f) > MU * n * (1 + 1e-12) || !(en.friction_dissipation >= 0) ||
            !demc_is_finite(en.stored_energy) || !demc_is_finite(en.normal_exchange) || en.stored_energy < 0)
            ++bad;
        if (demc_vec3_norm(demc_vec3_add(f, g)) > 1e-12 * MU * P) ++mirror;
        if (i == 100000) {
            demc_tangential_md_state t = demc_tangential_md_state_swap(demc_tangential_md_state_swap(s));
            CHECK(memcmp(&t, &s, sizeof t) == 0);
            m = demc_tangential_md_state_swap(s);
        }
    }
    CHECK(bad == 0);
    CHECK(mirror == 0);
    CHECK(sizeof(demc_tangential_md_state) == DEMC_TANGENTIAL_MD_STATE_SIZE * sizeof(double));
}

static void params_statuses(void)
{
    demc_tangential_md_params p, q;
    const char *bad = "x";
    volatile double zero = 0.0;
    CHECK(demc_tangential_md_init(0.3, 1e10, DEMC_TANGENTIAL_MD_THORNTON_YIN, &p, &bad) == DEMC_OK && !bad);
    CHECK(demc_tangential_md_validate(&p, &bad) == DEMC_OK && !bad);
    q = p;
    CHECK(demc_tangential_md_init(zero / zero, 1e10, DEMC_TANGENTIAL_MD_THORNTON_YIN, &q, &bad) ==
              DEMC_ERR_INVALID_ARGUMENT && !strcmp(bad, "mu"));
    CHECK(demc_tangential_md_init(-0.1, 1e10, DEMC_TANGENTIAL_MD_THORNTON_YIN, &q, &bad) ==
              DEMC_ERR_OUT_OF_DOMAIN && !strcmp(bad, "mu"));
    CHECK(demc_tangential_md_init(0.3, 0.0, DEMC_TANGENTIAL_MD_THORNTON_YIN, &q, &bad) ==
              DEMC_ERR_OUT_OF_DOMAIN && !strcmp(bad, "effective_shear_modulus"));
    CHECK(demc_tangential_md_init(0.3, 1e10, (demc_tangential_md_variant)1, &q, &bad) ==
              DEMC_ERR_INVALID_ARGUMENT && !strcmp(bad, "variant"));
    CHECK(demc_tangential_md_init(0.3, 1e10, DEMC_TANGENTIAL_MD_THORNTON_YIN, NULL, &bad) ==
              DEMC_ERR_INVALID_ARGUMENT && !strcmp(bad, "params"));
    CHECK(memcmp(&q, &p, sizeof p) == 0); /* no output written on error */
    q.effective_shear_modulus = 1.0 / zero;
    CHECK(demc_tangential_md_validate(&q, &bad) == DEMC_ERR_INVALID_ARGUMENT &&
          !strcmp(bad, "params.effective_shear_modulus"));
    CHECK(demc_tangential_md_validate(NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && !strcmp(bad, "params"));
}

/* A step that reverses the direction while the normal force changes starts a new branch at the current force, where
 * Thornton & Yin's θ (with T* = T) is 1 to first order: the force changes by −k0Δs, without the old branch's
 * μΔF_n(1 − θ) (which at T = 0.9μP would be 0.54 μΔF_n the wrong way). The rise of F_n makes the old branch's term
 * first order, so the check separates the two: |ΔF + k0Δs| ≤ 1e-2 μΔF_n, against 0.54 μΔF_n without the rule. */
static void reversal_under_a_varying_normal_force(void)
{
    const demc_tangential_md_params p = params();
    const double k0 = 8.0 * GSTAR * A, dn = 0.01 * P;
    int sign;
    for (sign = -1; sign <= 1; sign += 2) {
        demc_tangential_md_state s = DEMC_TANGENTIAL_MD_STATE_INIT;
        const double ds = 3.0 * MU * dn / k0; /* |ΔT| = 3 μΔF_n: not the no-slip case */
        double f0, f1;
        int k;
        s.normal_force = P;
        /* virgin loading to T = 0.9 μP at constant P (T = −F_x for a positive displacement) */
        for (k = 0; k < 200; ++k)
            md_update(&p, demc_vec3_make(delta_loading(0.9 * MU * P) / 200, 0, 0), P, A, &s, NULL);
        CHECK_REL(-s.force.x, 0.9 * MU * P, 1e-9);
        f0 = s.force.x;
        /* one reversing step while F_n changes by ±1 % */
        f1 = md_update(&p, demc_vec3_make(-ds, 0, 0), P + sign * dn, A, &s, NULL).x;
        CHECK_ABS(f1 - f0, k0 * ds, 1e-2 * MU * dn);
        CHECK(s.branch == 1.0);
    }
}

int main(void)
{
    RUN(params_statuses);
    RUN(loop_equals_closed_form);
    RUN(cycle_dissipation_equals_loop_area);
    RUN(stiffness_at_reversals_and_limit);
    RUN(sliding_starts_at_coulomb_limit);
    RUN(proportional_loading_no_slip);
    RUN(oblique_impact_energy_balance);
    RUN(random_3d_histories);
    RUN(reversal_under_a_varying_normal_force);
    RUN(coulomb_limit_where_squares_are_subnormal);
    return harness_finish("test_tangential_md");
}
