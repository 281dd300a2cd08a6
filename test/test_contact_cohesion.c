/* The elasto-plastic adhesive normal laws as slots of the compiled contact model (DEMC_NORMAL_THORNTON_NING,
 * DEMC_NORMAL_LUDING, DEMC_NORMAL_EEPA, def.plastic), through demc_contact_eval(), the one-call evaluations,
 * demc_contact_eval_kind() and the batches, against references written here from the papers' equations (not the
 * kernels' output): Luding's branches (Granular Matter 10 (2008) 235-246), EEPA's eq 5 (Thakur et al., Granular
 * Matter 16 (2014) 383-400), Thornton & Ning's JKR and plastic branches (Powder Technol. 99 (1998) 154-162) with the
 * contact radius found here by bisection, the yield radius by bisection of the centre pressure; the plastic overlap
 * where the force changes sign; the cycle loss against the closed form and against the loop area integrated here
 * from the forces; the pull-off force; the neck's break at the closed-form distance within the model's range; the
 * rebound of an impact integrated here (velocity Verlet) against Thornton's closed form (their eq 44) and the energy
 * balance kinetic + stored + dissipated to the integration error, with every dissipation term ≥ 0 every step; the
 * state seen from the other body; batches bit for bit the single calls; bad input named; models that do not select
 * these laws unchanged. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "demc.h"
#include "harness.h"
#include "support/young_laplace.h"

static const double pi = 3.14159265358979323846;

/* The parameters of the cases: Luding's worked example (k₁ = 1e5, k_p = 5e5, k_c = 1e5 N/m, φ_f = 0.05 at
 * R* = 50 µm: δ* = 6.25 µm), EEPA's linear one (Thakur et al.'s scale), Thornton & Ning's glass-like spheres. */
static const double LUD_K1 = 1e5, LUD_KP = 5e5, LUD_KC = 1e5, LUD_DS = 6.25e-6;
static const double EE_K1 = 1e3, EE_L = 0.5, EE_F0 = -0.01, EE_KA = 1e3;
static const double TN_E = 1e10, TN_W = 0.4, TN_PY = 5e8, TN_R = 1e-4;

static int same_name(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

static demc_contact_def law_def(demc_normal_law law)
{
    demc_contact_def d = demc_contact_def_default();
    d.normal = law;
    d.end = DEMC_CONTACT_END_OVERLAP;
    d.damping = DEMC_DAMPING_NONE;
    d.tangential = DEMC_TANGENTIAL_NONE;
    d.moduli.effective_modulus = TN_E;
    d.moduli.effective_shear_modulus = 4e9;
    if (law == DEMC_NORMAL_THORNTON_NING) {
        d.work_of_adhesion = TN_W;
        d.max_effective_radius = TN_R;
        d.plastic.yield_pressure = TN_PY;
    } else if (law == DEMC_NORMAL_LUDING) {
        d.plastic.loading_stiffness = LUD_K1;
        d.plastic.unloading_stiffness = LUD_KP;
        d.plastic.tension_stiffness = LUD_KC;
        d.plastic.plastic_limit = LUD_DS;
    } else if (law == DEMC_NORMAL_EEPA) {
        d.plastic.loading_stiffness = EE_K1;
        d.plastic.plasticity_ratio = EE_L;
        d.plastic.pulloff_force = EE_F0;
        d.plastic.adhesion_stiffness = EE_KA;
    }
    return d;
}

static demc_contact_model build(const demc_contact_def *d)
{
    demc_contact_model m;
    const char *bad = "x";
    memset(&m, 0, sizeof m);
    CHECK(demc_contact_model_init(d, &m, &bad) == DEMC_OK && bad == NULL);
    return m;
}

/* A frame along z at overlap δ with the normal rate δ̇ (body j at rest). */
static demc_contact_frame frame_at(double delta, double r_star, double m_star, double rate)
{
    demc_contact_frame f;
    memset(&f, 0, sizeof f);
    f.overlap = delta;
    f.normal = demc_vec3_make(0.0, 0.0, 1.0);
    f.branch_i = demc_vec3_make(0.0, 0.0, -(r_star - delta));
    f.branch_j = demc_vec3_make(0.0, 0.0, 0.0);
    f.velocity_i = demc_vec3_make(0.0, 0.0, -rate);
    f.effective_radius = r_star;
    f.effective_mass = m_star;
    f.radius_i = r_star;
    return f;
}

/* The normal force of a quasi-static step to δ (the diag written when given). */
static double fn_at(const demc_contact_model *m, double *state, double delta, double r_star, demc_contact_diag *g)
{
    const demc_contact_frame f = frame_at(delta, r_star, 1e-8, 0.0);
    return demc_contact_eval(m, &f, 1e-7, state, g).normal_force;
}

static double diag_loss(const demc_contact_diag *g)
{
    return g->plastic_dissipation + g->adhesion_dissipation + g->viscous_dissipation;
}

/* ---- Luding ------------------------------------------------------------------------------------------------ */

static double lud_k2(double m)
{
    m = m < LUD_DS ? m : LUD_DS;
    return LUD_K1 + (LUD_KP - LUD_K1) * m / LUD_DS;
}

/* The closed-form loss of a cycle loaded once to δ_m ≤ δ* and pulled off (the area of the loop). */
static double lud_loss(double dm)
{
    const double k2 = lud_k2(dm), d0 = (1.0 - LUD_K1 / k2) * dm, dmin = (k2 - LUD_K1) * dm / (k2 + LUD_KC);
    const double up = 0.5 * LUD_K1 * dm * dm, back = 0.5 * k2 * ((dm - d0) * (dm - d0) - (dmin - d0) * (dmin - d0));
    return up - back + 0.5 * LUD_KC * dmin * dmin;
}

static void luding_loop_against_its_branches(void)
{
    const demc_contact_def d = law_def(DEMC_NORMAL_LUDING);
    const demc_contact_model m = build(&d);
    const double dm = 2e-6, k2 = lud_k2(dm), d0 = (1.0 - LUD_K1 / k2) * dm, dmin = (k2 - LUD_K1) * dm / (k2 + LUD_KC);
    const double scale = LUD_K1 * dm;
    double s[8] = {0}, most = 0.0, sign_change = -1.0, prev = 0.0;
    int q;
    CHECK(demc_contact_model_state_size(&m) == 1 && demc_contact_model_range(&m) == 0.0);
    CHECK(demc_contact_state_flips(&m, 0) == 0);
    for (q = 1; q <= 200; ++q) { /* first loading: k₁δ */
        const double x = dm * q / 200.0;
        CHECK_ABS(fn_at(&m, s, x, 5e-5, NULL), LUD_K1 * x, 1e-13 * scale);
    }
    for (q = 199; q >= 150; --q) { /* unloading along k₂(δ − δ₀) */
        const double x = dm * q / 200.0;
        CHECK_ABS(fn_at(&m, s, x, 5e-5, NULL), k2 * (x - d0), 1e-12 * scale);
    }
    for (q = 151; q <= 300; ++q) { /* reloading: k₂ up to δ_max, then k₁δ */
        const double x = dm * q / 200.0;
        CHECK_ABS(fn_at(&m, s, x, 5e-5, NULL), x <= dm ? k2 * (x - d0) : LUD_K1 * x, 1e-12 * scale);
    }
    {
        /* unloading from 3 µm to separation: k₂', then −k_cδ below δ_min' */
        const double m3 = 3e-6, k23 = lud_k2(m3), d03 = (1.0 - LUD_K1 / k23) * m3;
        const double dmin3 = (k23 - LUD_K1) * m3 / (k23 + LUD_KC);
        for (q = 2999; q >= 1; --q) {
            const double x = 1e-9 * q, f = fn_at(&m, s, x, 5e-5, NULL);
            CHECK_ABS(f, x >= dmin3 ? k23 * (x - d03) : -LUD_KC * x, 1e-12 * scale);
            if (f < most) most = f;
            if (prev > 0.0 && f <= 0.0) sign_change = x;
            prev = f;
        }
        /* the plastic overlap where the force changes sign, and the pull-off force −k_c δ_min */
        CHECK(sign_change >= d03 - 1e-9 && sign_change <= d03);
        CHECK_REL(most, -LUD_KC * dmin3, 1e-3);
    }
    /* the worked example of the plastic page: δ₀ = 1.123 µm, pull-off −78.05 mN at δ_max = 2 µm */
    CHECK_REL(d0, 1.1228e-6, 1e-4);
    CHECK_REL(-LUD_KC * dmin, -78.05e-3, 1e-4);
    CHECK(fn_at(&m, s, 0.0, 5e-5, NULL) == 0.0 && s[0] == 0.0);
}

/* A cycle to δ_m in n steps and pulled off, through the model: the diag's losses summed, the loop area by the
 * trapezoid rule on the forces, and the smallest dissipation of a step. */
static void cycle(const demc_contact_model *m, double dm, double r_star, int n, double *diag_sum, double *area,
                  double *least)
{
    double s[8] = {0}, x_old = 0.0, f_old = 0.0;
    int q;
    *diag_sum = *area = 0.0;
    *least = HUGE_VAL;
    for (q = 1; q <= 2 * n + 1; ++q) {
        const double x = q <= n ? dm * q / n : dm * (2 * n - q) / n;
        demc_contact_diag g = DEMC_CONTACT_DIAG_INIT;
        const double f = fn_at(m, s, x, r_star, &g);
        *diag_sum += diag_loss(&g);
        if (g.plastic_dissipation < *least) *least = g.plastic_dissipation;
        if (g.adhesion_dissipation < *least) *least = g.adhesion_dissipation;
        *area += 0.5 * (f + f_old) * (x - x_old);
        x_old = x;
        f_old = f;
    }
}

static void luding_cycle_loss(void)
{
    const demc_contact_def d = law_def(DEMC_NORMAL_LUDING);
    const demc_contact_model m = build(&d);
    double sum, area, least;
    cycle(&m, 2e-6, 5e-5, 20000, &sum, &area, &least);
    CHECK_REL(sum, lud_loss(2e-6), 1e-10);
    CHECK_REL(area, lud_loss(2e-6), 1e-6);
    CHECK_REL(lud_loss(2e-6), 1.561e-7, 1e-3); /* the page's worked example */
    CHECK(least >= 0.0);
    /* beyond δ*: the loss of the cycle to δ* (the limit branch is reversible); the loop area says so */
    cycle(&m, 8e-6, 5e-5, 20000, &sum, &area, &least);
    CHECK_REL(sum, lud_loss(LUD_DS), 1e-10);
    CHECK_REL(area, lud_loss(LUD_DS), 1e-6);
    CHECK(least >= 0.0);
}

/* ---- EEPA -------------------------------------------------------------------------------------------------- */

static void eepa_loop_and_loss(void)
{
    const demc_contact_def d = law_def(DEMC_NORMAL_EEPA);
    const demc_contact_model m = build(&d);
    const double k2 = EE_K1 / (1.0 - EE_L), dm = 1e-3, dp = EE_L * dm, dmin = dp * k2 / (k2 + EE_KA);
    const double loss = EE_K1 * dm * dm / 2 - k2 * ((dm * dm - dmin * dmin) / 2 - dp * (dm - dmin)) +
                        EE_KA * dmin * dmin / 2;
    double s[4] = {0}, most = 0.0, sum, area, least;
    int q;
    for (q = 1; q <= 100; ++q) {
        const double x = dm * q / 100;
        CHECK_ABS(fn_at(&m, s, x, 1e-3, NULL), EE_F0 + EE_K1 * x, 1e-13);
    }
    for (q = 99; q >= 1; --q) {
        const double x = dm * q / 100, f = fn_at(&m, s, x, 1e-3, NULL);
        CHECK_ABS(f, x >= dmin ? EE_F0 + k2 * (x - dp) : EE_F0 - EE_KA * x, 1e-13);
        if (f < most) most = f;
    }
    CHECK_REL(most, EE_F0 - EE_KA * dmin, 2e-2); /* sampled every 10 µm around δ_min = 333 µm */
    CHECK_REL(EE_F0 - EE_KA * dmin, -0.3433, 1e-3); /* the page's worked example */
    cycle(&m, dm, 1e-3, 20000, &sum, &area, &least);
    CHECK_REL(sum, loss, 1e-10);
    CHECK_REL(area, loss, 1e-6);
    CHECK_REL(loss, 3.333e-4, 1e-3);
    CHECK(least >= 0.0);
    {
        /* n = χ = 1.5: loading f₀ + k₁δ^{3/2}, unloading f₀ + k₂(δ^{3/2} − δ_p^{3/2}), δ_p^{3/2} = λ_Pδ_m^{3/2} */
        demc_contact_def d15 = law_def(DEMC_NORMAL_EEPA);
        demc_contact_model m15;
        double s15[4] = {0};
        const double dpn = EE_L * pow(dm, 1.5);
        d15.plastic.loading_stiffness = 3e4;
        d15.plastic.exponent = 1.5;
        m15 = build(&d15);
        for (q = 1; q <= 100; ++q) {
            const double x = dm * q / 100;
            CHECK_ABS(fn_at(&m15, s15, x, 1e-3, NULL), EE_F0 + 3e4 * pow(x, 1.5), 1e-13);
        }
        for (q = 99; q >= 65; --q) { /* above δ_min = (λ_P k₂/(k₂ + k_adh))^{2/3} δ_m = 0.625 δ_m */
            const double x = dm * q / 100;
            CHECK_ABS(fn_at(&m15, s15, x, 1e-3, NULL), EE_F0 + 3e4 / (1 - EE_L) * (pow(x, 1.5) - dpn), 1e-12);
        }
        cycle(&m15, dm, 1e-3, 20000, &sum, &area, &least);
        CHECK_REL(sum, area, 1e-6);
        CHECK(least >= 0.0);
    }
}

/* ---- Thornton & Ning ------------------------------------------------------------------------------------------ */

/* The stable JKR contact radius for δ = (a² − c√a)/R: bisection above the radius where dδ/da = 0. */
static double jkr_a(double delta, double r, double c)
{
    double lo = c > 0.0 ? pow(c / 4.0, 2.0 / 3.0) : 0.0, hi = 1.0;
    int k;
    if (!(c > 0.0)) return delta > 0.0 ? sqrt(r * delta) : 0.0;
    if ((lo * lo - c * sqrt(lo)) / r > delta) return 0.0; /* beyond the jump-off */
    for (k = 0; k < 300; ++k) {
        const double mid = 0.5 * (lo + hi);
        if ((mid * mid - c * sqrt(mid)) / r < delta) lo = mid;
        else hi = mid;
    }
    return 0.5 * (lo + hi);
}

static double jkr_f(double a, double r, double c) { return TN_E * a / r * (4.0 / 3.0 * a * a - 2.0 * c * sqrt(a)); }

/* The yield radius: the JKR centre pressure 2E*a/(πR) − √(2wE* /(πa)) reaches p_y (Thornton & Ning eq 65). */
static double tn_ay(double r, double w)
{
    double lo = 1e-12, hi = 1.0;
    int k;
    for (k = 0; k < 300; ++k) {
        const double mid = sqrt(lo * hi);
        if (2 * TN_E * mid / (pi * r) - sqrt(2 * w * TN_E / (pi * mid)) < TN_PY) lo = mid;
        else hi = mid;
    }
    return sqrt(lo * hi);
}

static double tn_loading(double delta, double r, double w)
{
    const double c = r * sqrt(2 * pi * w / TN_E), a = jkr_a(delta, r, c), ay = tn_ay(r, w);
    if (a <= ay) return jkr_f(a, r, c);
    return TN_E * ay / r * (2 * a * a - 2.0 / 3.0 * ay * ay) - 2 * TN_E * c * a * sqrt(a) / r;
}

/* The unloading radius and plastic overlap after loading to the contact radius a* (their eq 20-28). */
static void tn_unloading(double astar, double r, double w, double *rp, double *dp)
{
    const double ay = tn_ay(r, w);
    *rp = 2 * astar * astar * astar * r / (ay * (3 * astar * astar - ay * ay));
    *dp = (astar - ay) * (astar - ay) * (2 * astar + ay) / (2 * astar * r);
}

static void thornton_ning_loop(void)
{
    const demc_contact_def d = law_def(DEMC_NORMAL_THORNTON_NING);
    const demc_contact_model m = build(&d);
    const double r = TN_R, c = r * sqrt(2 * pi * TN_W / TN_E), dm = 1.484e-6;
    double s[8] = {0}, rp, dp, cp, most = 0.0, last_contact = 0.0, area = 0.0, x_old = 0.0, f_old = 0.0, sum = 0.0;
    int q, broke = 0;
    CHECK(demc_contact_model_state_size(&m) == 4);
    for (q = 1; q <= 400000; ++q) { /* fine steps for the loop area; the force checked at 400 of them */
        const double x = dm * q / 400000;
        demc_contact_diag g = DEMC_CONTACT_DIAG_INIT;
        const double f = fn_at(&m, s, x, r, &g);
        if (q % 1000 == 0) CHECK_ABS(f, tn_loading(x, r, TN_W), 1e-9 * 0.2);
        area += 0.5 * (f + f_old) * (x - x_old);
        sum += diag_loss(&g);
        x_old = x;
        f_old = f;
    }
    tn_unloading(jkr_a(dm, r, c), r, TN_W, &rp, &dp);
    cp = rp * sqrt(2 * pi * TN_W / TN_E);
    CHECK_REL(s[1], dp, 1e-9);
    CHECK_REL(s[2], rp, 1e-9);
    CHECK_REL(rp, 118.7e-6, 1e-3); /* the page's worked example: R_p = 118.7 µm, δ_p = 0.2431 µm */
    CHECK_REL(dp, 0.2431e-6, 1e-3);
    /* unloading and reloading along JKR with R_p at δ − δ_p */
    for (q = 399; q >= 200; --q) {
        const double x = dm * q / 400;
        CHECK_ABS(fn_at(&m, s, x, r, NULL), jkr_f(jkr_a(x - dp, rp, cp), rp, cp), 1e-9 * 0.2);
    }
    for (q = 201; q <= 400; ++q) {
        const double x = dm * q / 400;
        CHECK_ABS(fn_at(&m, s, x, r, NULL), jkr_f(jkr_a(x - dp, rp, cp), rp, cp), 1e-9 * 0.2);
    }
    /* pulled apart past δ = 0 until the neck breaks at δ_p − (3/4)(π²w²R_p/E*²)^{1/3}; the pull-off force −(3/2)πwR_p */
    x_old = dm;
    f_old = fn_at(&m, s, dm, r, NULL);
    for (q = 1; q <= 400000 && !broke; ++q) {
        const double x = dm - 5e-12 * q;
        demc_contact_diag g = DEMC_CONTACT_DIAG_INIT;
        const double f = fn_at(&m, s, x, r, &g);
        sum += diag_loss(&g);
        if (g.adhesion_dissipation > 0.0 || s[3] == 0.0) {
            broke = 1;
            area += 0.5 * f_old * (x - x_old); /* the force drops to 0 at the break */
            CHECK(f == 0.0);
        } else {
            last_contact = x;
            area += 0.5 * (f + f_old) * (x - x_old);
            if (f < most) most = f;
        }
        x_old = x;
        f_old = f;
    }
    CHECK(broke);
    {
        const double dc = dp - 0.75 * cbrt(pi * pi * TN_W * TN_W * rp / (TN_E * TN_E));
        CHECK(last_contact >= dc && last_contact - 5e-12 < dc);
        CHECK(-dc <= demc_contact_model_range(&m));
        CHECK_REL(most, -1.5 * pi * TN_W * rp, 1e-6);
    }
    /* the diag's losses over the cycle equal the loop area (the work done on the contact) */
    CHECK_REL(sum, area, 1e-6);
}

/* Thornton's restitution above the yield velocity without adhesion (Thornton & Ning 1998, eq 44). */
/* The model's range covers the break of every neck Thornton & Ning's law can form at R* = def.max_effective_radius:
 * the largest gap (3/4)(π²w²R_p/E*²)^{1/3} − δ_p over every largest contact radius a* from the yield radius to R*
 * (R_p and δ_p of their eq 28 as normal_plastic.h writes them, and JKR's gap before yield), found here on a grid
 * of 200000 points, against demc_contact_model_range(): not below it, and within the documented margin of 1e-3
 * above it. Stiff and soft, weakly and strongly adhesive pairs, a yield pressure from 1e-6 to 5e-2 of E*. */
static void thornton_ning_range(void)
{
    const double cases[4][4] = {/* E*, w, p_y, R* */
                                {1e10, 0.4, 5e8, 1e-4},
                                {1e10, 0.4, 1e4, 1e-4},
                                {1e7, 10.0, 1e3, 1e-3},
                                {2e11, 1e-3, 1e9, 1e-5}};
    int c, q;
    for (c = 0; c < 4; ++c) {
        const double e = cases[c][0], w = cases[c][1], py = cases[c][2], r = cases[c][3];
        const double k = 0.75 * cbrt(pi * pi * w * w / (e * e));
        demc_contact_def d = law_def(DEMC_NORMAL_THORNTON_NING);
        demc_normal_thornton_ning_params tp;
        demc_contact_model m;
        double best = k * cbrt(r), at = 0.0, ay, range;
        d.moduli.effective_modulus = e;
        d.work_of_adhesion = w;
        d.plastic.yield_pressure = py;
        d.max_effective_radius = r;
        m = build(&d);
        range = demc_contact_model_range(&m);
        CHECK(demc_normal_thornton_ning_init(e, r, w, py, &tp, NULL) == DEMC_OK);
        ay = tp.yield_radius;
        for (q = 0; q <= 200000; ++q) {
            const double a = ay * pow(r / ay, q / 200000.0);
            const double rp = 2 * a * a * a * r / (ay * (3 * a * a - ay * ay));
            const double dp = (a - ay) * (a - ay) * (2 * a + ay) / (2 * a * r);
            const double gap = k * cbrt(rp) - dp;
            if (gap > best) {
                best = gap;
                at = a;
            }
        }
        printf("  E* %.0e, w %g, p_y %.0e, R* %.0e: largest break gap %.6e at a* = %.3g a_y; range %.6e\n", e, w, py,
               r, best, at / ay, range);
        CHECK(range >= best);
        CHECK(range <= best * (1 + 1.01e-3));
    }
}

/* Static conduction H = 2k_s a through a Thornton & Ning contact takes the law's contact radius (contact_heat_impl.h):
 * loaded beyond yield and unloaded, without adhesion the deformed contact's a = √(R_p(δ − δ_p)), from R_p and δ_p
 * of their eq 28 written here, not Hertz's √(R*δ); on the loading branch √(R*δ); with adhesion the JKR radius at
 * R* (loading) or R_p (unloading), checked through its defining relation (a² − c'√a)/R' = δ − δ_p' (c' = cR'/R*).
 * Through demc_contact_eval() and demc_contact_heat() at a fixed R*. */
static void thornton_ning_heat_radius(void)
{
    int adhesive;
    for (adhesive = 0; adhesive < 2; ++adhesive) {
        demc_contact_def d = law_def(DEMC_NORMAL_THORNTON_NING);
        demc_contact_model m;
        demc_normal_thornton_ning_params tp;
        double s[32] = {0}, ay, dmax, amax, rp, dp, c;
        int q;
        d.work_of_adhesion = adhesive ? TN_W : 0.0;
        d.heat.law = DEMC_HEAT_STATIC;
        d.heat.conductivity = 2.0;
        m = build(&d);
        CHECK(demc_normal_thornton_ning_init(TN_E, TN_R, d.work_of_adhesion, TN_PY, &tp, NULL) == DEMC_OK);
        ay = tp.yield_radius;
        c = TN_R * sqrt(2 * pi * d.work_of_adhesion / TN_E);
        amax = 3 * ay; /* loaded to three times the yield radius */
        dmax = (amax * amax - c * sqrt(amax)) / TN_R;
        rp = 2 * amax * amax * amax * TN_R / (ay * (3 * amax * amax - ay * ay));
        dp = (amax - ay) * (amax - ay) * (2 * amax + ay) / (2 * amax * TN_R);
        for (q = 1; q <= 40; ++q) { /* loading to δ_max, then unloading to δ_p + (δ_max − δ_p)/4 */
            const double delta = q <= 20 ? dmax * q / 20 : dmax - (dmax - dp) * 0.75 * (q - 20) / 20;
            const demc_contact_frame f = frame_at(delta, TN_R, 1e-9, 0.0);
            demc_contact_result r = demc_contact_eval(&m, &f, 1e-9, s, NULL);
            const demc_contact_heat_result h = demc_contact_heat(&m, &f, &r, NULL, 300.0, 310.0, 1e-9, s);
            double expected;
            if (q <= 20) {
                expected = adhesive ? -1.0 : sqrt(TN_R * delta);
            } else {
                expected = adhesive ? -1.0 : sqrt(rp * (delta - dp));
            }
            if (expected >= 0.0) {
                CHECK_REL(h.contact_radius, expected, 1e-12);
            } else { /* JKR at R (loading) or R_p (unloading): a² − c'√a = R'(δ − δ_p') */
                const double rr = q <= 20 ? TN_R : rp, cc = c * rr / TN_R, d0 = q <= 20 ? 0.0 : dp;
                const double a = h.contact_radius;
                CHECK(fabs((a * a - cc * sqrt(a)) / rr - (delta - d0)) <= 1e-12 * dmax);
            }
            CHECK_REL(h.conductance, 2 * 2.0 * h.contact_radius, 1e-15);
        }
        /* how far Hertz's √(R*δ), which the conduction took before, is from it after unloading */
        {
            const double delta = dp + (dmax - dp) * 0.25;
            const demc_contact_frame f = frame_at(delta, TN_R, 1e-9, 0.0);
            demc_contact_result r = demc_contact_eval(&m, &f, 1e-9, s, NULL);
            const demc_contact_heat_result h = demc_contact_heat(&m, &f, &r, NULL, 300.0, 310.0, 1e-9, s);
            printf("  Thornton & Ning%s, unloaded to 1/4: a = %.4g, Hertz's sqrt(R* delta) = %.4g\n",
                   adhesive ? " (w > 0)" : "", h.contact_radius, sqrt(TN_R * delta));
        }
    }
}

static double thornton_e(double vy_over_v)
{
    const double x = vy_over_v;
    return sqrt(6 * sqrt(3.0) / 5) * sqrt(1 - x * x / 6) * pow(x / (x + 2 * sqrt(6.0 / 5 - x * x / 5)), 0.25);
}

/* A sphere dropped on a wall at speed v, velocity Verlet with the one-call evaluation: the rebound speed, the
 * largest drift of kinetic + stored + dissipated energy relative to the kinetic energy, the smallest dissipation of
 * a step. */
static double k_scale = 0.0; /* the linear laws' stiffness for the time step; 0: the Hertz contact time */
static double impact_dt;      /* the step of the last impact() */
static double impact(const demc_contact_model *m, double radius, double mass, double v, int steps, double *drift,
                     double *least)
{
    demc_body b;
    demc_wall w;
    double s[64] = {0}, dt, a, e0, lost = 0.0, t;
    int q, touched = 0;
    demc_contact_result r;
    memset(&b, 0, sizeof b);
    memset(&w, 0, sizeof w);
    w.normal = demc_vec3_make(0, 0, 1);
    b.radius = radius;
    b.mass = mass;
    b.position = demc_vec3_make(0, 0, radius + 1e-9);
    b.velocity = demc_vec3_make(0, 0, -v);
    /* steps per contact time: the Hertz one of E* (Thornton & Ning), π√(m/k₁) of the linear laws */
    dt = (k_scale > 0.0 ? pi * sqrt(mass / k_scale) : 3.2 * pow(mass * mass / (TN_E * TN_E * radius * v), 0.2)) /
         steps;
    impact_dt = dt;
    e0 = 0.5 * mass * v * v;
    *drift = 0.0;
    *least = HUGE_VAL;
    r = demc_contact_eval_sphere_wall(m, &b, &w, dt, s, NULL);
    a = r.force.z / mass;
    for (q = 0, t = 0; q < 50 * steps; ++q, t += dt) {
        demc_contact_diag g = DEMC_CONTACT_DIAG_INIT;
        double e;
        b.position.z += b.velocity.z * dt + 0.5 * a * dt * dt;
        r = demc_contact_eval_sphere_wall(m, &b, &w, dt, s, &g);
        b.velocity.z += 0.5 * (a + r.force.z / mass) * dt;
        a = r.force.z / mass;
        lost += diag_loss(&g);
        if (g.plastic_dissipation < *least) *least = g.plastic_dissipation;
        if (g.adhesion_dissipation < *least) *least = g.adhesion_dissipation;
        if (g.viscous_dissipation < *least) *least = g.viscous_dissipation;
        e = 0.5 * mass * b.velocity.z * b.velocity.z + g.normal_energy + lost;
        if (fabs(e - e0) / e0 > *drift) *drift = fabs(e - e0) / e0;
        if (r.overlap > 0.0) touched = 1;
        /* the contact is over: no force left, the sphere clear of the wall and moving away */
        if (touched && r.normal_force == 0.0 && b.position.z > radius && b.velocity.z > 0.0) break;
    }
    return touched && q == 50 * steps ? 2.0 : b.velocity.z / v; /* 2: never left (stuck) */
}

/* The impact at n and 2n steps a contact: the energy's drift falls with the step (to the integration error: second
 * order for a force continuous in time, first order where a dashpot or f₀ makes it jump at touch and at the end),
 * below `tol` at 2n steps, and no step's dissipation is negative. Returns the rebound of the finer run. */
static double impact_converging(const demc_contact_model *m, double radius, double mass, double v, int n, double tol,
                                const char *what)
{
    double d1, d2, l1, l2, e;
    (void)impact(m, radius, mass, v, n, &d1, &l1);
    e = impact(m, radius, mass, v, 2 * n, &d2, &l2);
    printf("  %s: e = %.6f, energy drift %.2e at %d steps, %.2e at %d\n", what, e, d1, n, d2, 2 * n);
    CHECK(d2 < tol && (d2 < 0.6 * d1 || d2 < 1e-9));
    CHECK(l1 >= 0.0 && l2 >= 0.0);
    return e;
}

static void impacts_energy_and_restitution(void)
{
    const double radius = 1e-4, mass = 2500 * 4.0 / 3 * pi * radius * radius * radius;
    double e;
    {
        /* Thornton & Ning without adhesion: the rebound against eq 44 above the yield velocity, v_y from the Hertz
         * energy at yield, a_y = πRp_y/(2E*) (their eq 9-10) */
        demc_contact_def d = law_def(DEMC_NORMAL_THORNTON_NING);
        demc_contact_model m;
        const double ay = pi * radius * TN_PY / (2 * TN_E), dy = ay * ay / radius;
        const double fy = 4.0 / 3 * TN_E * sqrt(radius) * dy * sqrt(dy), vy = sqrt(0.8 * fy * dy / mass);
        d.work_of_adhesion = 0.0;
        m = build(&d);
        CHECK(demc_contact_model_range(&m) == 0.0);
        CHECK_REL(vy, 1.745, 1e-3);
        e = impact_converging(&m, radius, mass, 5.0, 10000, 1e-8, "Thornton & Ning, w = 0, 5 m/s");
        CHECK_REL(e, thornton_e(vy / 5.0), 1e-5);
        e = impact_converging(&m, radius, mass, 50.0, 10000, 1e-8, "Thornton & Ning, w = 0, 50 m/s");
        CHECK_REL(e, thornton_e(vy / 50.0), 1e-5);
        e = impact_converging(&m, radius, mass, 0.5 * vy, 10000, 1e-8, "Thornton & Ning, w = 0, v_y/2");
        CHECK_REL(e, 1.0, 1e-6); /* below yield: elastic */
    }
    {
        /* adhesive and elastic (p_y far above the impact's pressures): the pair sticks below Thornton & Ning's
         * v_s = (14.18/m*)^{1/2}(w⁵R*⁴/E*²)^{1/6} (their eq 54; 14.18 has four digits) and rebounds above it with
         * e = (1 − v_s²/v²)^{1/2} (their eq 57) */
        demc_contact_def d = law_def(DEMC_NORMAL_THORNTON_NING);
        demc_contact_model m;
        const double vs = sqrt(14.18 / mass) * pow(pow(TN_W, 5) * pow(radius, 4) / (TN_E * TN_E), 1.0 / 6);
        double drift, least;
        d.plastic.yield_pressure = 1e11;
        m = build(&d);
        CHECK_REL(vs, 0.01715, 1e-3);
        CHECK(impact(&m, radius, mass, 0.99 * vs, 2000, &drift, &least) == 2.0); /* stuck */
        e = impact(&m, radius, mass, 1.01 * vs, 2000, &drift, &least);
        CHECK(e > 0.0 && e < 0.3);
        /* (the force jumps at touch, where the neck forms: first order in the step) */
        e = impact_converging(&m, radius, mass, 3 * vs, 10000, 1e-4, "Thornton & Ning, adhesive elastic, 3 v_s");
        CHECK_REL(e, sqrt(1 - 1.0 / 9), 2e-3);
    }
    {
        /* with adhesion: the balance holds through the neck's forming and breaking; the page's e = 0.8722 */
        const demc_contact_def d = law_def(DEMC_NORMAL_THORNTON_NING);
        const demc_contact_model m = build(&d);
        e = impact_converging(&m, radius, mass, 5.0, 10000, 1e-6, "Thornton & Ning, adhesive, 5 m/s");
        CHECK_REL(e, 0.8722, 2e-4);
    }
    {
        /* Luding without adhesion (k_c = 0) and below δ*: e = √(k₁/k₂(δ_max)), δ_max = v√(m* /k₁) */
        k_scale = LUD_K1;
        demc_contact_def d = law_def(DEMC_NORMAL_LUDING);
        demc_contact_model m;
        const double v = 10.0, dmx = v * sqrt(mass / LUD_K1);
        d.plastic.tension_stiffness = 0.0;
        m = build(&d);
        e = impact_converging(&m, radius, mass, v, 2000, 1e-6, "Luding, k_c = 0, 10 m/s");
        CHECK(dmx < LUD_DS);
        CHECK_REL(e, sqrt(LUD_K1 / lud_k2(dmx)), 1e-5);
        /* with adhesion (k_c = 1e4 N/m: k_c = k₁ would make the pair stick): e² = 1 − loss/W_in with the loss of
         * the loop, ½k₁m² − ½k₂(m − δ₀)² + ½k₂(δ₀ − δ_min)² + ½k_cδ_min², written out here */
        d.plastic.tension_stiffness = 1e4;
        m = build(&d);
        e = impact_converging(&m, radius, mass, v, 2000, 1e-6, "Luding, adhesive, 10 m/s");
        {
            const double k2 = lud_k2(dmx), d0 = (1 - LUD_K1 / k2) * dmx, dmin = (k2 - LUD_K1) * dmx / (k2 + 1e4);
            const double loss = 0.5 * LUD_K1 * dmx * dmx - 0.5 * k2 * (dmx - d0) * (dmx - d0) +
                                0.5 * k2 * (d0 - dmin) * (d0 - dmin) + 0.5 * 1e4 * dmin * dmin;
            CHECK_REL(e, sqrt(1 - loss / (0.5 * LUD_K1 * dmx * dmx)), 1e-4);
        }
        d.damping = DEMC_DAMPING_VISCOUS;
        d.restitution = 0.9;
        m = build(&d);
        e = impact_converging(&m, radius, mass, v, 4000, 1e-4, "Luding, adhesive, damped, 10 m/s");
        CHECK(e > 0.0 && e < 1.0);
    }
    {
        /* EEPA without adhesion, n = 1: e = √(1 − λ_P); with adhesion and n = 1.5, and a dashpot */
        demc_contact_def d = law_def(DEMC_NORMAL_EEPA);
        demc_contact_model m;
        d.plastic.pulloff_force = 0.0;
        d.plastic.adhesion_stiffness = 0.0;
        d.plastic.loading_stiffness = 1e5;
        m = build(&d);
        k_scale = 1e5;
        e = impact_converging(&m, radius, mass, 0.1, 2000, 1e-6, "EEPA, no adhesion, n = 1");
        CHECK_REL(e, sqrt(1 - EE_L), 1e-5);
        d = law_def(DEMC_NORMAL_EEPA);
        d.plastic.loading_stiffness = 1e7;
        d.plastic.exponent = 1.5;
        k_scale = 1e5; /* about its stiffness at the impact's largest overlap */
        d.plastic.pulloff_force = -1e-4;
        d.plastic.adhesion_stiffness = 1e6;
        m = build(&d);
        e = impact_converging(&m, radius, mass, 0.2, 4000, 1e-4, "EEPA, adhesive, n = 1.5");
        CHECK(e > 0.0 && e < 1.0);
        d.damping = DEMC_DAMPING_VISCOUS;
        d.restitution = 0.9;
        m = build(&d);
        e = impact_converging(&m, radius, mass, 0.2, 4000, 1e-4, "EEPA, adhesive, n = 1.5, damped");
        CHECK(e > 0.0 && e < 1.0);
        k_scale = 0.0;
    }
}

/* ---- the state seen from the other body; batches and the kind's body bit for bit ---------------------------- */

static demc_contact_def with_friction(demc_normal_law law)
{
    demc_contact_def d = law_def(law);
    d.tangential = DEMC_TANGENTIAL_SPRING;
    d.damping = DEMC_DAMPING_VISCOUS;
    d.restitution = 0.7;
    d.stiffness_ratio = 0.8;
    d.friction.mu_static = d.friction.mu_dynamic = 0.4;
    return d;
}

static int same_result(demc_contact_result a, demc_contact_result b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

static void swap_from_the_other_side(void)
{
    const demc_normal_law laws[3] = {DEMC_NORMAL_THORNTON_NING, DEMC_NORMAL_LUDING, DEMC_NORMAL_EEPA};
    const double radius[3] = {2e-4, 1e-4, 2e-3};
    int l, q, ok = 1, swap_twice = 1;
    for (l = 0; l < 3; ++l) {
        const demc_contact_def d = with_friction(laws[l]);
        const demc_contact_model m = build(&d);
        const size_t n = demc_contact_model_state_size(&m);
        demc_body bi, bj;
        double si[64] = {0}, sj[64] = {0}, copy[64];
        size_t k;
        memset(&bi, 0, sizeof bi);
        memset(&bj, 0, sizeof bj);
        bi.radius = bj.radius = radius[l];
        bi.mass = bj.mass = 1e-6;
        bj.position = demc_vec3_make(0, 0, 0);
        for (q = 0; q < 300; ++q) {
            /* in, sideways and out again: loading, unloading, tension */
            const double gap = radius[l] * 2 * (1e-3 * sin(q * 0.03) - 2e-4);
            demc_contact_result ri, rj;
            bi.position = demc_vec3_make(1e-3 * radius[l] * sin(q * 0.05), 0, 2 * radius[l] - gap);
            bi.velocity = demc_vec3_make(0.01, 0.002, -0.001 * cos(q * 0.03));
            ri = demc_contact_eval_sphere_sphere(&m, &bi, &bj, 1e-6, si, NULL);
            rj = demc_contact_eval_sphere_sphere(&m, &bj, &bi, 1e-6, sj, NULL);
            ok &= ri.force.x == -rj.force.x && ri.force.y == -rj.force.y && ri.force.z == -rj.force.z;
            ok &= ri.normal_force == rj.normal_force;
            memcpy(copy, si, sizeof copy);
            demc_contact_state_swap(&m, copy);
            for (k = 0; k < n; ++k) ok &= copy[k] == sj[k];
            demc_contact_state_swap(&m, copy);
            swap_twice &= memcmp(copy, si, sizeof copy) == 0;
        }
        for (k = 0; k < demc_contact_model_state_size(&m); ++k) /* the normal block never flips */
            if (k >= n - (laws[l] == DEMC_NORMAL_THORNTON_NING ? 4 : 1)) CHECK(demc_contact_state_flips(&m, k) == 0);
    }
    CHECK(ok);
    CHECK(swap_twice);
}

/* A batch of `count` sphere pairs (i[q], j[q]) over bodies in x[n][3], v, w, radius, mass, each contact's state at
 * state + q·state_stride, its force written to force[q][3]. */
static demc_contact_batch sphere_batch(size_t count, const int *i, const int *j, const double *x, const double *v,
                                       const double *w, const double *radius, const double *mass, size_t state_stride,
                                       double *state, double *force)
{
    demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
    b.count = count;
    b.i = i;
    b.j = j;
    b.position = x;
    b.velocity = v;
    b.angular_velocity = w;
    b.radius = radius;
    b.mass = mass;
    b.vector_stride = 3;
    b.scalar_stride = 1;
    b.state_stride = state_stride;
    b.state = state;
    b.force = force;
    return b;
}

static void batches_and_kind_bit_for_bit(void)
{
    const demc_normal_law laws[3] = {DEMC_NORMAL_THORNTON_NING, DEMC_NORMAL_LUDING, DEMC_NORMAL_EEPA};
    const double scale[3] = {1e-4, 5e-5, 1e-3};
    enum { N = 6, C = 5 };
    int l, q, p, ok = 1;
    for (l = 0; l < 3; ++l) {
        const demc_contact_def d = with_friction(laws[l]);
        const demc_contact_model m = build(&d);
        const size_t n = demc_contact_model_state_size(&m);
        const double R = scale[l];
        double x[3 * N], v[3 * N], w[3 * N], rad[N], mass[N];
        double sb[C][16], ss[C][16], sw[C][16], sws[C][16], sf[C][16], sfs[C][16], sk[C][16];
        double force[3 * C], fw[3 * C], ff[3 * C], nodal[9 * C];
        const int bi[C] = {0, 1, 2, 3, 4}, bj[C] = {1, 2, 3, 4, 5};
        demc_wall wall;
        demc_facet_triangle tri[N]; /* facet batch: facet j[q], up to N - 1 */
        memset(sb, 0, sizeof sb);
        memset(ss, 0, sizeof ss);
        memset(sw, 0, sizeof sw);
        memset(sws, 0, sizeof sws);
        memset(sf, 0, sizeof sf);
        memset(sfs, 0, sizeof sfs);
        memset(sk, 0, sizeof sk);
        memset(&wall, 0, sizeof wall);
        wall.normal = demc_vec3_make(0, 0, 1);
        for (q = 0; q < N; ++q) {
            tri[q].vertex[0] = demc_vec3_make(-1, -1, 0);
            tri[q].vertex[1] = demc_vec3_make(2, -1, 0);
            tri[q].vertex[2] = demc_vec3_make(-1, 2, 0);
            tri[q].velocity[0] = tri[q].velocity[1] = tri[q].velocity[2] = demc_vec3_make(0.001, 0, 0);
        }
        for (p = 0; p < 200; ++p) {
            demc_contact_batch b;
            demc_facet_contact fc[C];
            const char *bad = "x";
            for (q = 0; q < N; ++q) {
                const double in = 2e-3 * sin(0.04 * p + q) - 3e-4 * q;
                rad[q] = R;
                mass[q] = 1e-6;
                x[3 * q] = 2 * R * q - 2 * R * in;
                x[3 * q + 1] = 1e-3 * R * sin(0.1 * p);
                x[3 * q + 2] = R * (1 - in);
                v[3 * q] = 0.01 * cos(0.04 * p + q);
                v[3 * q + 1] = 0.003;
                v[3 * q + 2] = -0.01 * sin(0.04 * p);
                w[3 * q] = w[3 * q + 1] = 0.0;
                w[3 * q + 2] = 0.5;
            }
            b = sphere_batch(C, bi, bj, x, v, w, rad, mass, 16, &sb[0][0], force);
            ok &= demc_contact_eval_batch(&m, &b, 1e-6, &bad) == DEMC_OK && bad == NULL;
            b.state = &sw[0][0];
            b.force = fw;
            ok &= demc_contact_eval_batch_wall(&m, &b, &wall, 1e-6, &bad) == DEMC_OK;
            for (q = 0; q < C; ++q)
                fc[q] = demc_facet_closest_point(&tri[bj[q]], demc_vec3_make(x[3 * bi[q]], x[3 * bi[q] + 1],
                                                                           x[3 * bi[q] + 2]));
            b.state = &sf[0][0];
            b.force = ff;
            ok &= demc_contact_eval_batch_facet(&m, &b, tri, fc, 1e-6, nodal, &bad) == DEMC_OK;
            for (q = 0; q < C; ++q) {
                demc_body a, c;
                demc_contact_result r, rk;
                demc_contact_frame f;
                memset(&a, 0, sizeof a);
                memset(&c, 0, sizeof c);
                a.position = demc_vec3_make(x[3 * bi[q]], x[3 * bi[q] + 1], x[3 * bi[q] + 2]);
                a.velocity = demc_vec3_make(v[3 * bi[q]], v[3 * bi[q] + 1], v[3 * bi[q] + 2]);
                a.angular_velocity = demc_vec3_make(0, 0, 0.5);
                a.radius = R;
                a.mass = 1e-6;
                c = a;
                c.position = demc_vec3_make(x[3 * bj[q]], x[3 * bj[q] + 1], x[3 * bj[q] + 2]);
                c.velocity = demc_vec3_make(v[3 * bj[q]], v[3 * bj[q] + 1], v[3 * bj[q] + 2]);
                r = demc_contact_eval_sphere_sphere(&m, &a, &c, 1e-6, ss[q], NULL);
                ok &= r.force.x == force[3 * q] && r.force.y == force[3 * q + 1] && r.force.z == force[3 * q + 2];
                ok &= memcmp(ss[q], sb[q], n * sizeof(double)) == 0;
                /* the kind's body (header-only: folded) and the general one */
                f = demc_contact_frame_sphere_sphere(&m, &a, &c);
                if (laws[l] == DEMC_NORMAL_LUDING)
                    rk = demc_contact_eval_kind(DEMC_CONTACT_KIND(DEMC_NORMAL_LUDING, DEMC_DAMPING_VISCOUS,
                                                                  DEMC_TANGENTIAL_SPRING, 0, 0, 0) |
                                                    DEMC_CONTACT_KIND_CONVENTIONS(0, 0, 0, 0, 0, DEMC_CONTACT_END_OVERLAP,
                                                                                  0, 1),
                                                &m, &f, 1e-6, sk[q], NULL);
                else
                    rk = demc_contact_eval_kind(demc_contact_model_kind(&m), &m, &f, 1e-6, sk[q], NULL);
                ok &= same_result(r, rk) && memcmp(ss[q], sk[q], n * sizeof(double)) == 0;
                r = demc_contact_eval_sphere_wall(&m, &a, &wall, 1e-6, sws[q], NULL);
                ok &= r.force.x == fw[3 * q] && r.force.y == fw[3 * q + 1] && r.force.z == fw[3 * q + 2];
                ok &= memcmp(sws[q], sw[q], n * sizeof(double)) == 0;
                f = demc_contact_frame_sphere_facet(&m, &a, &tri[bj[q]], &fc[q]);
                r = demc_contact_eval(&m, &f, 1e-6, sfs[q], NULL);
                ok &= r.force.x == ff[3 * q] && r.force.y == ff[3 * q + 1] && r.force.z == ff[3 * q + 2];
                ok &= memcmp(sfs[q], sf[q], n * sizeof(double)) == 0;
            }
        }
        /* the kind of a Luding model with these conventions is the one built above */
        if (laws[l] == DEMC_NORMAL_LUDING)
            CHECK(demc_contact_model_kind(&m) ==
                  (DEMC_CONTACT_KIND(DEMC_NORMAL_LUDING, DEMC_DAMPING_VISCOUS, DEMC_TANGENTIAL_SPRING, 0, 0, 0) |
                   DEMC_CONTACT_KIND_CONVENTIONS(0, 0, 0, 0, 0, DEMC_CONTACT_END_OVERLAP, 0, 1)));
    }
    CHECK(ok);
}

static void refused(demc_contact_def d, demc_status status, const char *field);

/* ---- the liquid bridge (def.capillary) --------------------------------------------------------------------- */

static const double CAP_G = 0.072, CAP_T = 0.3, CAP_R = 1e-3;

static demc_contact_def bridged(demc_contact_def d, double volume, demc_capillary_form form, double viscosity)
{
    d.capillary.bridge = 1;
    d.capillary.form = form;
    d.capillary.surface_tension = CAP_G;
    d.capillary.contact_angle = CAP_T;
    d.capillary.volume = volume;
    d.capillary.viscosity = viscosity;
    d.capillary.min_separation = viscosity > 0.0 ? 1e-8 : 0.0;
    return d;
}

static demc_contact_def hertz_def(void)
{
    demc_contact_def d = demc_contact_def_default();
    d.moduli.effective_modulus = 1e9;
    d.moduli.effective_shear_modulus = 4e8;
    d.damping = DEMC_DAMPING_NONE;
    d.tangential = DEMC_TANGENTIAL_NONE;
    d.end = DEMC_CONTACT_END_OVERLAP;
    return d;
}

/* Willett et al.'s simple form (their eq 12, full gap): 2πR_hγ cos θ/(1 + 1.05Ŝ + 2.5Ŝ²), Ŝ = S√(R_h/V). */
static double willett_simple(double rh, double volume, double gap)
{
    const double sh = (gap > 0.0 ? gap : 0.0) * sqrt(rh / volume);
    return 2 * pi * rh * CAP_G * cos(CAP_T) / (1 + 1.05 * sh + 2.5 * sh * sh);
}

/* Two equal spheres (R_h = R) or a sphere and a wall (R_h = 2R) brought to touch and pulled apart quasi-statically
 * through the one-call evaluations: the force against Willett's simple form, the rupture at Lian's distance, the
 * work of the pull against the energy lost at rupture and against the closed-form integral of the force. */
static void bridge_pull_apart(int wall_case)
{
    const double volume = 1e-3 * CAP_R * CAP_R * CAP_R, rh = wall_case ? 2 * CAP_R : CAP_R;
    const double sc = (1 + CAP_T / 2) * cbrt(volume);
    const demc_contact_def d = bridged(hertz_def(), volume, DEMC_CAPILLARY_WILLETT_SIMPLE, 0.0);
    const demc_contact_model m = build(&d);
    demc_body a, b;
    demc_wall w;
    double s[8] = {0}, work = 0.0, lost = 0.0, f_old = 0.0, gap_old = 0.0, last = -1.0, most;
    int q, ok = 1;
    const int steps = 200000;
    CHECK_REL(demc_contact_model_range(&m), sc, 1e-15);
    CHECK(demc_contact_model_state_size(&m) == 2 && demc_contact_state_flips(&m, 0) == 0 &&
          demc_contact_state_flips(&m, 1) == 0);
    memset(&a, 0, sizeof a);
    memset(&w, 0, sizeof w);
    a.radius = CAP_R;
    a.mass = 1e-5;
    b = a;
    w.normal = demc_vec3_make(0, 0, 1);
    /* approaching from 0.5 S_c: no bridge before touch */
    for (q = 0; q <= 10; ++q) {
        const double gap = 0.5 * sc * (1 - q / 10.0);
        demc_contact_result r;
        a.position = demc_vec3_make(0, 0, gap + (wall_case ? CAP_R : 2 * CAP_R));
        r = wall_case ? demc_contact_eval_sphere_wall(&m, &a, &w, 1e-6, s, NULL)
                      : demc_contact_eval_sphere_sphere(&m, &a, &b, 1e-6, s, NULL);
        ok &= q == 10 ? r.normal_force < 0.0 && s[0] == rh : r.normal_force == 0.0 && s[0] == 0.0;
        if (q == 10) CHECK_REL(r.normal_force, -willett_simple(rh, volume, 0.0), 1e-14); /* touch: formed */
        f_old = r.normal_force; /* at touch, where the pull starts */
    }
    most = f_old;
    CHECK(ok);
    ok = 1;
    for (q = 1; q <= steps + 1000; ++q) {
        const double gap = sc * q / steps;
        demc_contact_diag g = DEMC_CONTACT_DIAG_INIT;
        demc_contact_result r;
        a.position = demc_vec3_make(0, 0, gap + (wall_case ? CAP_R : 2 * CAP_R));
        r = wall_case ? demc_contact_eval_sphere_wall(&m, &a, &w, 1e-6, s, &g)
                      : demc_contact_eval_sphere_sphere(&m, &a, &b, 1e-6, s, &g);
        if (gap < sc * (1 - 1e-12)) { /* (at S_c itself the builders' test of the range rounds either way) */
            ok &= fabs(r.overlap + gap) <= 1e-15 * (gap + CAP_R);
            ok &= fabs(r.normal_force + willett_simple(rh, volume, -r.overlap)) <= 1e-12 * willett_simple(rh, volume, 0);
            last = gap;
        } else if (gap > sc * (1 + 1e-12)) {
            ok &= r.normal_force == 0.0 && s[0] == 0.0;
        }
        work += 0.5 * (r.normal_force + f_old) * (gap - gap_old); /* work done by the bridge on the pull (< 0) */
        lost += g.adhesion_dissipation;
        if (r.normal_force < most) most = r.normal_force;
        f_old = r.normal_force;
        gap_old = gap;
    }
    CHECK(ok);
    CHECK(last >= sc * (1 - 2.0 / steps)); /* the bridge holds up to S_c and ruptures there */
    /* the most attractive force is at contact: 2πR_hγ cos θ, 2πRγ cos θ for two equal spheres and 4πRγ cos θ
     * for a sphere at a wall (the Derjaguin radius 2R) */
    CHECK_REL(most, -2 * pi * rh * CAP_G * cos(CAP_T), 1e-12);
    {
        /* ∫₀^{S_c} F ds of the simple form in closed form: with X = Ŝ, F = F₀/(1 + 1.05X + 2.5X²), dS = dX √(V/R_h) */
        const double f0 = 2 * pi * rh * CAP_G * cos(CAP_T), xc = sc * sqrt(rh / volume), qd = 10 - 1.05 * 1.05;
        const double integral = f0 * sqrt(volume / rh) * 2 / sqrt(qd) *
                                (atan((5 * xc + 1.05) / sqrt(qd)) - atan(1.05 / sqrt(qd)));
        CHECK_REL(lost, integral, 1e-12);   /* lost at rupture: the energy the pull stored */
        CHECK_REL(-work, integral, 1e-6);   /* the pull's work, integrated here from the forces */
    }
}

/* A host that tracks the liquid of each contact writes its bridge's volume into the state
 * (DEMC_CONTACT_STATE_BRIDGE_VOLUME): the force is Willett's at that volume and the bridge ruptures at Lian's
 * distance for it; 0, a negative or a NaN volume is the model's, one above def.capillary.max_volume is that maximum,
 * which sets the model's range; the volume is kept at rupture and zeroed with the state when the builders drop the
 * pair. Pulled apart quasi-statically through demc_contact_eval_sphere_sphere(). */
static void bridge_host_volume(void)
{
    const double v0 = 1e-3 * CAP_R * CAP_R * CAP_R, vmax = 4 * v0;
    const double host[6] = {2 * v0, 10 * v0, 0.0, -1.0, HUGE_VAL - HUGE_VAL, 0.5 * v0};
    const double used[6] = {2 * v0, vmax, v0, v0, v0, 0.5 * v0};
    demc_contact_def d = bridged(hertz_def(), v0, DEMC_CAPILLARY_WILLETT_SIMPLE, 0.0);
    demc_contact_model m;
    size_t at = 99, at_volume = 99;
    const char *bad = "x";
    int c, ok = 1;
    d.capillary.max_volume = vmax;
    m = build(&d);
    CHECK(demc_contact_state_index(&m, DEMC_CONTACT_STATE_BRIDGE, &at, &bad) == DEMC_OK && bad == NULL);
    CHECK(demc_contact_state_index(&m, DEMC_CONTACT_STATE_BRIDGE_VOLUME, &at_volume, &bad) == DEMC_OK);
    CHECK(at == 0 && at_volume == 1 && demc_contact_model_state_size(&m) == 2); /* Hertz alone: the bridge's block */
    CHECK_REL(demc_contact_model_range(&m), (1 + CAP_T / 2) * cbrt(vmax), 1e-15);
    for (c = 0; c < 6; ++c) {
        const double sc = (1 + CAP_T / 2) * cbrt(used[c]), range = demc_contact_model_range(&m);
        demc_body a, b;
        double s[2] = {0.0, 0.0}, last = -1.0;
        int q;
        const int steps = 4000;
        memset(&a, 0, sizeof a);
        a.radius = CAP_R;
        a.mass = 1e-5;
        b = a;
        s[at_volume] = host[c];
        for (q = 0; q <= steps; ++q) { /* from touch to 1.2 times the range */
            const double gap = 1.2 * range * q / steps;
            demc_contact_result r;
            a.position = demc_vec3_make(0, 0, gap + 2 * CAP_R);
            r = demc_contact_eval_sphere_sphere(&m, &a, &b, 1e-6, s, NULL);
            if (gap < sc * (1 - 1e-12)) {
                ok &= fabs(r.normal_force + willett_simple(CAP_R, used[c], gap)) <=
                      1e-12 * willett_simple(CAP_R, used[c], 0);
                ok &= s[at] == CAP_R;
                last = gap;
            } else if (gap > sc * (1 + 1e-12)) {
                ok &= r.normal_force == 0.0 && s[at] == 0.0;
            }
            /* the host's volume as it wrote it while the builders keep the pair, zero once they drop it */
            if (gap < range * (1 - 1e-12))
                ok &= memcmp(&s[at_volume], &host[c], sizeof(double)) == 0;
            else if (gap > range * (1 + 1e-12))
                ok &= s[at_volume] == 0.0;
        }
        if (!ok) printf("  host volume %g: wrong force, rupture or state\n", host[c]);
        CHECK(last >= sc * (1 - 1.2 * range / sc * 2.0 / steps)); /* held up to its own S_c */
        CHECK(ok);
    }
    /* bad arguments, named; the index untouched */
    at = 99;
    CHECK(demc_contact_state_index(&m, (demc_contact_state_entry)2, &at, &bad) == DEMC_ERR_INVALID_ARGUMENT &&
          same_name(bad, "entry") && at == 99);
    CHECK(demc_contact_state_index(&m, (demc_contact_state_entry)-1, &at, &bad) == DEMC_ERR_INVALID_ARGUMENT &&
          same_name(bad, "entry") && at == 99);
    CHECK(demc_contact_state_index(&m, DEMC_CONTACT_STATE_BRIDGE, NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT &&
          same_name(bad, "index"));
    CHECK(demc_contact_state_index(NULL, DEMC_CONTACT_STATE_BRIDGE, &at, &bad) == DEMC_ERR_INVALID_ARGUMENT &&
          same_name(bad, "model") && at == 99);
    {
        demc_contact_model unbuilt;
        memset(&unbuilt, 0, sizeof unbuilt);
        CHECK(demc_contact_state_index(&unbuilt, DEMC_CONTACT_STATE_BRIDGE, &at, &bad) == DEMC_ERR_UNSUPPORTED &&
              same_name(bad, "model") && at == 99);
    }
    {
        const demc_contact_def plain = hertz_def();
        const demc_contact_model dry = build(&plain);
        CHECK(demc_contact_state_index(&dry, DEMC_CONTACT_STATE_BRIDGE_VOLUME, &at, &bad) == DEMC_ERR_UNSUPPORTED &&
              same_name(bad, "entry") && at == 99);
    }
    d.capillary.max_volume = 0.5 * v0; /* below the volume */
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.capillary.max_volume");
    d.capillary.max_volume = -1.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.capillary.max_volume");
    d.capillary.max_volume = HUGE_VAL - HUGE_VAL;
    refused(d, DEMC_ERR_INVALID_ARGUMENT, "def.capillary.max_volume");
    d.capillary.max_volume = HUGE_VAL;
    refused(d, DEMC_ERR_INVALID_ARGUMENT, "def.capillary.max_volume");
    d.capillary.max_volume = 0.0; /* the default: the volume, and the range of the volume */
    m = build(&d);
    CHECK_REL(demc_contact_model_range(&m), (1 + CAP_T / 2) * cbrt(v0), 1e-15);
}

/* The default form (Willett's fit) through the contact model against the exact constant-volume Young–Laplace
 * bridge (support/young_laplace.h, no library code): two equal spheres and a sphere at a wall, brought to touch
 * and pulled apart quasi-statically through the one-call evaluations, within 4 % of the exact force from contact
 * to three quarters of the rupture distance between spheres, to half of it at the wall (capillary.h states 3.5 %;
 * the exact bridge at the wall ruptures before S_c). The exact force scales as γR at a given S/R and V/R³. */
static void bridge_against_the_exact_bridge(int wall_case)
{
    const double theta = 20.0 * pi / 180, fr[5] = {0.0, 0.1, 0.25, 0.5, 0.75};
    const double volume = 1e-2 * CAP_R * CAP_R * CAP_R, sc = (1 + theta / 2) * cbrt(volume);
    const int points = wall_case ? 4 : 5;
    demc_contact_def d = bridged(hertz_def(), volume, DEMC_CAPILLARY_WILLETT_FIT, 0.0);
    demc_contact_model m;
    yl_problem prob;
    yl_path path;
    demc_body a, b;
    demc_wall w;
    double s[2] = {0.0, 0.0}, worst = 0.0;
    int k;
    d.capillary.contact_angle = theta;
    m = build(&d);
    memset(&prob, 0, sizeof prob);
    prob.radius = 1.0;
    prob.theta_s = theta;
    prob.theta_p = wall_case ? theta : pi / 2; /* between spheres: the mid-plane, crossed at right angles */
    CHECK(yl_path_start(&path, &prob, wall_case ? volume / (CAP_R * CAP_R * CAP_R)
                                                : volume / (2 * CAP_R * CAP_R * CAP_R)));
    memset(&a, 0, sizeof a);
    memset(&w, 0, sizeof w);
    a.radius = CAP_R;
    a.mass = 1e-5;
    b = a;
    w.normal = demc_vec3_make(0, 0, 1);
    for (k = 0; k < points; ++k) {
        const double gap = fr[k] * sc;
        demc_contact_result r;
        yl_bridge_result exact;
        double e;
        a.position = demc_vec3_make(0, 0, gap + (wall_case ? CAP_R : 2 * CAP_R));
        r = wall_case ? demc_contact_eval_sphere_wall(&m, &a, &w, 1e-6, s, NULL)
                      : demc_contact_eval_sphere_sphere(&m, &a, &b, 1e-6, s, NULL);
        CHECK(yl_path_move(&path, (wall_case ? gap : gap / 2) / CAP_R));
        exact = yl_path_bridge(&path);
        e = -r.normal_force / (CAP_G * CAP_R * exact.force) - 1;
        CHECK(fabs(e) <= 0.04);
        if (fabs(e) > worst) worst = fabs(e);
    }
    printf("  %s, V/R^3 = 1e-2, 20 deg: the model within %.2f %% of the exact bridge\n",
           wall_case ? "sphere-wall" : "sphere-sphere", 100 * worst);
}

static void bridge_exact_between_spheres(void) { bridge_against_the_exact_bridge(0); }
static void bridge_exact_sphere_wall(void) { bridge_against_the_exact_bridge(1); }

static void bridge_between_spheres(void) { bridge_pull_apart(0); }
static void bridge_sphere_wall(void) { bridge_pull_apart(1); }

/* Impacts of a wet sphere on a wall through the model (Hertz or Luding with a bridge; its viscous force): the
 * bridge's force jumps where it forms (at touch, to −F_cap(0)) and where it ruptures (from −F_cap(S_c) to 0), so an
 * explicit integrator's energy error there is of first order in the step with a phase (where in its step the jump
 * falls): the drift is bounded by the jumps' F·v·Δt, twice, at n and 2n steps; no step dissipates a negative
 * energy; a slow wet impact sticks. */
static void bridge_impact(const demc_contact_model *m, double radius, double mass, double v, int n, double jump,
                          const char *what)
{
    double d1, d2, l1, l2, dt1, e;
    e = impact(m, radius, mass, v, n, &d1, &l1);
    dt1 = impact_dt;
    (void)impact(m, radius, mass, v, 2 * n, &d2, &l2);
    printf("  %s: e = %.6f, energy drift %.2e at %d steps, %.2e at %d (jump bound %.2e)\n", what, e, d1, n, d2, 2 * n,
           2 * jump * v * dt1 / (0.5 * mass * v * v));
    CHECK(d1 <= 2 * jump * v * dt1 / (0.5 * mass * v * v) + 1e-7);
    CHECK(d2 <= jump * v * dt1 / (0.5 * mass * v * v) + 1e-7);
    CHECK(l1 >= 0.0 && l2 >= 0.0);
    CHECK(e > 0.0 && e < 1.0);
}

static void bridge_impacts(void)
{
    const double radius = 1e-4, mass = 2500 * 4.0 / 3 * pi * radius * radius * radius;
    const double volume = 1e-3 * 8 * radius * radius * radius, f0 = 2 * pi * 2 * radius * CAP_G; /* ≥ F_cap(0) */
    demc_contact_def d = bridged(hertz_def(), volume, DEMC_CAPILLARY_WILLETT_FIT, 0.0);
    demc_contact_model m = build(&d);
    double e, drift, least;
    k_scale = 0.0;
    bridge_impact(&m, radius, mass, 0.5, 1000, 2 * f0, "Hertz + bridge (fit), 0.5 m/s");
    /* the viscous force at touch, 6πηR*²v/S_min (its largest): the jump there */
    d = bridged(hertz_def(), volume, DEMC_CAPILLARY_WILLETT_FIT, 1e-6);
    d.capillary.min_separation = 1e-6;
    m = build(&d);
    bridge_impact(&m, radius, mass, 0.5, 1000, 2 * f0 + 6 * pi * 1e-6 * radius * radius * 0.5 / 1e-6,
                  "Hertz + viscous bridge, 0.5 m/s");
    d = bridged(law_def(DEMC_NORMAL_LUDING), volume, DEMC_CAPILLARY_WILLETT_SIMPLE, 0.0);
    m = build(&d);
    k_scale = LUD_K1;
    bridge_impact(&m, radius, mass, 1.0, 500, 2 * f0, "Luding + bridge (simple), 1 m/s");
    k_scale = 0.0;
    /* slow: the bridge's energy W(0) exceeds the kinetic energy (elastic Hertz: all of it comes back) */
    d = bridged(hertz_def(), volume, DEMC_CAPILLARY_WILLETT_FIT, 0.0);
    m = build(&d);
    e = impact(&m, radius, mass, 1e-3, 200, &drift, &least);
    CHECK(e == 2.0 && least >= 0.0); /* stuck */
}

static void bridge_swap_batch_and_bad_input(void)
{
    /* HM+D with a bridge (a kind the batch's lanes must not take) and EEPA with a viscous bridge */
    demc_contact_def defs[2];
    int l, p, q, ok = 1;
    const double R = 1e-3;
    defs[0] = demc_contact_def_default();
    defs[0].moduli.effective_modulus = 1e9;
    defs[0].moduli.effective_shear_modulus = 4e8;
    defs[0].restitution = 0.7;
    defs[0].end = DEMC_CONTACT_END_OVERLAP;
    defs[0].friction.mu_static = defs[0].friction.mu_dynamic = 0.3;
    defs[0] = bridged(defs[0], 1e-12, DEMC_CAPILLARY_WILLETT_FIT, 0.0);
    defs[1] = bridged(with_friction(DEMC_NORMAL_EEPA), 1e-12, DEMC_CAPILLARY_WILLETT_SIMPLE, 1e-3);
    defs[0].capillary.max_volume = defs[1].capillary.max_volume = 4e-12;
    for (l = 0; l < 2; ++l) {
        const demc_contact_model m = build(&defs[l]);
        const size_t n = demc_contact_model_state_size(&m);
        enum { N = 5, C = 4 };
        double x[3 * N], v[3 * N], w[3 * N], rad[N], mass[N], sb[C][32], ss[C][32], sj[C][32], force[3 * C];
        const int bi[C] = {0, 1, 2, 3}, bj[C] = {1, 2, 3, 4};
        /* each contact's own bridge volume (the host's; 0: the model's 1e-12 m³; 1e-10: above the largest) */
        const double host_volume[C] = {0.0, 2e-12, 1e-10, 5e-13};
        size_t at_volume = 0;
        CHECK(demc_contact_model_kind(&m) & DEMC_CONTACT_KIND_BRIDGE);
        CHECK(demc_contact_state_index(&m, DEMC_CONTACT_STATE_BRIDGE_VOLUME, &at_volume, NULL) == DEMC_OK);
        memset(sb, 0, sizeof sb);
        memset(ss, 0, sizeof ss);
        memset(sj, 0, sizeof sj);
        for (q = 0; q < C; ++q) sb[q][at_volume] = ss[q][at_volume] = sj[q][at_volume] = host_volume[q];
        for (p = 0; p < 300; ++p) {
            demc_contact_batch b;
            const char *bad = "x";
            for (q = 0; q < N; ++q) {
                const double gap = R * (2e-3 * sin(0.03 * p + q) + 1e-4 * q); /* in contact, bridged, apart */
                rad[q] = R;
                mass[q] = 1e-5;
                x[3 * q] = q * (2 * R + gap);
                x[3 * q + 1] = 1e-3 * R * sin(0.1 * p);
                x[3 * q + 2] = 0.0;
                v[3 * q] = 0.01 * cos(0.03 * p + q);
                v[3 * q + 1] = 0.002;
                v[3 * q + 2] = 0.0;
                w[3 * q] = w[3 * q + 1] = 0.0;
                w[3 * q + 2] = 0.3;
            }
            b = sphere_batch(C, bi, bj, x, v, w, rad, mass, 32, &sb[0][0], force);
            ok &= demc_contact_eval_batch(&m, &b, 1e-6, &bad) == DEMC_OK;
            for (q = 0; q < C; ++q) {
                demc_body a, c;
                demc_contact_result r, rj;
                double copy[32];
                size_t k;
                memset(&a, 0, sizeof a);
                a.position = demc_vec3_make(x[3 * bi[q]], x[3 * bi[q] + 1], 0);
                a.velocity = demc_vec3_make(v[3 * bi[q]], v[3 * bi[q] + 1], 0);
                a.angular_velocity = demc_vec3_make(0, 0, 0.3);
                a.radius = R;
                a.mass = 1e-5;
                c = a;
                c.position = demc_vec3_make(x[3 * bj[q]], x[3 * bj[q] + 1], 0);
                c.velocity = demc_vec3_make(v[3 * bj[q]], v[3 * bj[q] + 1], 0);
                r = demc_contact_eval_sphere_sphere(&m, &a, &c, 1e-6, ss[q], NULL);
                rj = demc_contact_eval_sphere_sphere(&m, &c, &a, 1e-6, sj[q], NULL);
                ok &= r.force.x == force[3 * q] && r.force.y == force[3 * q + 1] && r.force.z == force[3 * q + 2];
                ok &= memcmp(ss[q], sb[q], n * sizeof(double)) == 0;
                ok &= r.force.x == -rj.force.x && r.force.y == -rj.force.y && r.force.z == -rj.force.z;
                memcpy(copy, ss[q], sizeof copy);
                demc_contact_state_swap(&m, copy);
                for (k = 0; k < n; ++k) ok &= copy[k] == sj[q][k];
            }
        }
    }
    CHECK(ok);
    {
        const double nan = HUGE_VAL - HUGE_VAL;
        demc_contact_def d = bridged(hertz_def(), 1e-12, DEMC_CAPILLARY_WILLETT_FIT, 0.0);
        d.capillary.bridge = 2;
        refused(d, DEMC_ERR_INVALID_ARGUMENT, "def.capillary.bridge");
        d = bridged(hertz_def(), 1e-12, DEMC_CAPILLARY_WILLETT_FIT, 0.0);
        d.capillary.form = (demc_capillary_form)2;
        refused(d, DEMC_ERR_UNSUPPORTED, "def.capillary.form");
        d = bridged(hertz_def(), 1e-12, DEMC_CAPILLARY_WILLETT_FIT, 0.0);
        d.capillary.surface_tension = -1.0;
        refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.capillary.surface_tension");
        d = bridged(hertz_def(), 1e-12, DEMC_CAPILLARY_WILLETT_FIT, 0.0);
        d.capillary.contact_angle = 1.0; /* beyond the fit's 50° */
        refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.capillary.contact_angle");
        d.capillary.form = DEMC_CAPILLARY_WILLETT_SIMPLE; /* the simple form takes it */
        (void)build(&d);
        d.capillary.contact_angle = nan;
        refused(d, DEMC_ERR_INVALID_ARGUMENT, "def.capillary.contact_angle");
        d = bridged(hertz_def(), 0.0, DEMC_CAPILLARY_WILLETT_FIT, 0.0);
        refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.capillary.volume");
        d = bridged(hertz_def(), 1e-12, DEMC_CAPILLARY_WILLETT_FIT, -1.0);
        refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.capillary.viscosity");
        d = bridged(hertz_def(), 1e-12, DEMC_CAPILLARY_WILLETT_FIT, 1e-3);
        d.capillary.min_separation = 0.0;
        refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.capillary.min_separation");
        /* without the bridge nothing of def.capillary is read */
        d = hertz_def();
        d.capillary.volume = nan;
        d.capillary.form = (demc_capillary_form)7;
        (void)build(&d);
    }
}

/* ---- bad input; models without these laws ------------------------------------------------------------------ */

static void refused(demc_contact_def d, demc_status status, const char *field)
{
    demc_contact_model m, before;
    const char *bad = NULL;
    memset(&m, 0x5a, sizeof m);
    before = m;
    CHECK(demc_contact_model_init(&d, &m, &bad) == status);
    if (!same_name(bad, field)) printf("  expected %s, got %s\n", field, bad ? bad : "(null)");
    CHECK(same_name(bad, field));
    CHECK(memcmp(&m, &before, sizeof m) == 0); /* the caller's model untouched */
}

static void bad_input_named(void)
{
    const double nan = HUGE_VAL - HUGE_VAL;
    demc_contact_def d;
    /* Thornton & Ning */
    d = law_def(DEMC_NORMAL_THORNTON_NING);
    d.plastic.yield_pressure = 0.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.plastic.yield_pressure");
    d.plastic.yield_pressure = nan;
    refused(d, DEMC_ERR_INVALID_ARGUMENT, "def.plastic.yield_pressure");
    d = law_def(DEMC_NORMAL_THORNTON_NING);
    d.work_of_adhesion = -1.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.work_of_adhesion");
    d = law_def(DEMC_NORMAL_THORNTON_NING);
    d.max_effective_radius = 0.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.max_effective_radius");
    d.work_of_adhesion = 0.0; /* without adhesion no range is needed */
    (void)build(&d);
    d = law_def(DEMC_NORMAL_THORNTON_NING);
    d.moduli.effective_modulus = 0.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.moduli.effective_modulus");
    d = law_def(DEMC_NORMAL_THORNTON_NING);
    d.end = DEMC_CONTACT_END_FORCE;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.end");
    d = law_def(DEMC_NORMAL_THORNTON_NING);
    d.tangential = DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.tangential");
    d.tangential = DEMC_TANGENTIAL_MDR;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.tangential");
    /* Luding */
    d = law_def(DEMC_NORMAL_LUDING);
    d.plastic.loading_stiffness = 0.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.plastic.loading_stiffness");
    d = law_def(DEMC_NORMAL_LUDING);
    d.plastic.unloading_stiffness = 0.5 * LUD_K1;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.plastic.unloading_stiffness");
    d = law_def(DEMC_NORMAL_LUDING);
    d.plastic.tension_stiffness = -1.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.plastic.tension_stiffness");
    d = law_def(DEMC_NORMAL_LUDING);
    d.plastic.plastic_limit = 0.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.plastic.plastic_limit");
    d.plastic.plastic_limit = HUGE_VAL;
    refused(d, DEMC_ERR_INVALID_ARGUMENT, "def.plastic.plastic_limit");
    d = law_def(DEMC_NORMAL_LUDING);
    d.tangential = DEMC_TANGENTIAL_SPRING;
    d.stiffness_ratio = -1.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.stiffness_ratio");
    d = law_def(DEMC_NORMAL_LUDING);
    d.end = DEMC_CONTACT_END_FORCE;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.end");
    d = law_def(DEMC_NORMAL_LUDING);
    d.damping = DEMC_DAMPING_VISCOUS;
    d.restitution = 0.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.restitution");
    /* EEPA */
    d = law_def(DEMC_NORMAL_EEPA);
    d.plastic.loading_stiffness = -1.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.plastic.loading_stiffness");
    d = law_def(DEMC_NORMAL_EEPA);
    d.plastic.plasticity_ratio = 1.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.plastic.plasticity_ratio");
    d = law_def(DEMC_NORMAL_EEPA);
    d.plastic.pulloff_force = 0.1;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.plastic.pulloff_force");
    d = law_def(DEMC_NORMAL_EEPA);
    d.plastic.adhesion_stiffness = -1.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.plastic.adhesion_stiffness");
    d = law_def(DEMC_NORMAL_EEPA);
    d.plastic.exponent = 0.5;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.plastic.exponent");
    d.plastic.exponent = nan;
    refused(d, DEMC_ERR_INVALID_ARGUMENT, "def.plastic.exponent");
    d = law_def(DEMC_NORMAL_EEPA);
    d.plastic.adhesion_exponent = 4.0;
    refused(d, DEMC_ERR_OUT_OF_DOMAIN, "def.plastic.adhesion_exponent");
    /* a value past the library's laws */
    d = law_def(DEMC_NORMAL_EEPA);
    d.normal = (demc_normal_law)(DEMC_NORMAL_EEPA + 1);
    refused(d, DEMC_ERR_UNSUPPORTED, "def.normal");
}

/* A model that does not select these laws reads none of def.plastic: its kind, state, range and results are those of
 * the description with def.plastic zero, bit for bit; and an older caller's description (its size before
 * def.plastic) compiles to the same model. */
static void other_models_unchanged(void)
{
    demc_contact_def a = demc_contact_def_default(), b;
    demc_contact_model ma, mb, mc;
    double sa[32] = {0}, sb[32] = {0};
    int q, ok = 1;
    a.moduli.effective_modulus = 3.8e10;
    a.moduli.effective_shear_modulus = 1.4e10;
    a.restitution = 0.8;
    a.friction.mu_static = a.friction.mu_dynamic = 0.3;
    b = a;
    b.plastic.yield_pressure = -5.0;
    b.plastic.loading_stiffness = nan("");
    b.plastic.exponent = 99.0;
    ma = build(&a);
    mb = build(&b);
    CHECK(memcmp(&ma, &mb, sizeof ma) == 0);
    a.size = offsetof(demc_contact_def, plastic);
    mc = build(&a);
    CHECK(memcmp(&ma, &mc, sizeof ma) == 0);
    CHECK(demc_contact_model_kind(&ma) == DEMC_CONTACT_KIND_HMD && demc_contact_model_state_size(&ma) == 9);
    for (q = 0; q < 100; ++q) {
        const demc_contact_frame f = frame_at(1e-6 * sin(0.05 * q), 1e-3, 1e-5, 1e-3 * cos(0.05 * q));
        const demc_contact_result ra = demc_contact_eval(&ma, &f, 1e-6, sa, NULL);
        const demc_contact_result rb = demc_contact_eval(&mb, &f, 1e-6, sb, NULL);
        ok &= same_result(ra, rb);
    }
    CHECK(ok);
    /* an older caller's description is as large as the one before def.plastic: its layout is that one's */
    CHECK(offsetof(demc_contact_def, plastic) >= offsetof(demc_contact_def, mdr_springs) + sizeof(int));
}

int main(void)
{
    RUN(luding_loop_against_its_branches);
    RUN(luding_cycle_loss);
    RUN(eepa_loop_and_loss);
    RUN(thornton_ning_loop);
    RUN(thornton_ning_range);
    RUN(thornton_ning_heat_radius);
    RUN(impacts_energy_and_restitution);
    RUN(swap_from_the_other_side);
    RUN(batches_and_kind_bit_for_bit);
    RUN(bad_input_named);
    RUN(other_models_unchanged);
    RUN(bridge_between_spheres);
    RUN(bridge_sphere_wall);
    RUN(bridge_impacts);
    RUN(bridge_swap_batch_and_bad_input);
    RUN(bridge_host_volume);
    RUN(bridge_exact_between_spheres);
    RUN(bridge_exact_sphere_wall);
    return harness_finish(__FILE__);
}
