/* contact.h with the exact tangential law in the tangential slot (DEMC_TANGENTIAL_MDR, the method of dimensionality
 * reduction): selection, layout and statuses; the evaluation against closed forms at constant and varying normal
 * load; gross sliding; energy of oblique impacts; transport of the springs with the frame; the i ⇄ j swap; the batch
 * against the single calls.
 *
 * Where the expected values come from (none from the code under test):
 * - Mindlin's closed forms at constant normal force P (K.L. Johnson, Contact Mechanics, 1985, §7.2-7.3, with the
 *   initial stiffness 8G*a): loading T = μP[1 − (1 − u/u_s)^{3/2}], u_s = 3μP/(16G*a); unloading and reloading by
 *   Masing's rule (the loading curve at twice the scale from the turning point); the loop area
 *   8μP[u* − (2u_s/5)(1 − (1 − u* / u_s)^{5/2})] − 4T*u*, the integral of those branches.
 * - Varying normal force (R.D. Mindlin, H. Deresiewicz, J. Appl. Mech. 20 (1953) 327-344), in the continuum form
 *   of the method of dimensionality reduction: a spring at 0 ≤ x < a has the limit u_c(x) = K(a² − x²),
 *   K = μE* / (4G*R*); proportional loading T = λP (λ ≤ μ) sticks: T = λP; lowering P at a fixed tangential
 *   displacement from the virgin branch gives the virgin curve of the new P; after proportional loading to
 *   T0 = λP0 the stuck profile λK/μ (a0² − x²) is cut by the new limit at c² = (a1² − r a0²)/(1 − r), r = λ/μ,
 *   T = 8G*K[r(a0²c − c³/3) + 2a1³/3 − a1²c + c³/3].
 * - The load raised then a tangential cycle: a continuum bed written here (ref_*: 100 000 point springs, each
 *   moved by the exact one-dimensional rule of one monotone change at a time; its own error is below 1e-8 of μP).
 * - Gross sliding: Coulomb, |T| = μP and μP|Δs| dissipated a step. Transport, swap and batch: exact identities. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "demc.h"
#include "harness.h"

static const double PI = 3.14159265358979323846;
/* A sphere on a rigid plane: E* = 75 GPa, G* = 10 GPa, R* = 1 cm; a0 = 0.1 mm gives P0 = (4/3)E*a0³/R* = 10 N. */
static const double MU = 0.3, GS = 1e10, ES = 7.5e10, RS = 0.01, A0 = 1e-4;

static double hertz_force(double a) { return 4.0 * ES * a * a * a / (3.0 * RS); }
static double radius_of_force(double p) { return cbrt(3.0 * RS * p / (4.0 * ES)); }
static double slip_displacement(double a) { return 3.0 * MU * hertz_force(a) / (16.0 * GS * a); } /* u_s */
static double limit_k(void) { return MU * ES / (4.0 * GS * RS); }                                 /* K */
/* Mindlin's loading curve at P(a): T(u) for u ≥ 0. */
static double virgin_force(double a, double u)
{
    const double x = u / slip_displacement(a);
    return MU * hertz_force(a) * (x < 1.0 ? 1.0 - pow(1.0 - x, 1.5) : 1.0);
}

static demc_vec3 v3(double x, double y, double z) { return demc_vec3_make(x, y, z); }

/* HM (undamped, so that F_n is the Hertz force of the overlap) with the MDR law at `springs` (0: the default). */
static demc_contact_def mdr_def(demc_contact_preset preset, int springs)
{
    demc_contact_def def;
    CHECK(demc_contact_def_init(preset, sizeof def, &def, NULL) == DEMC_OK);
    def.moduli.effective_modulus = ES;
    def.moduli.effective_shear_modulus = GS;
    def.moduli.compliance_asymmetry = 1.0; /* a rigid plane */
    def.tangential = DEMC_TANGENTIAL_MDR;
    def.friction.mu_static = def.friction.mu_dynamic = MU;
    def.mdr_springs = springs;
    return def;
}

/* ---------- a contact driven by its radius and its tangential displacement ---------- */

/* The frame is built by hand: overlap a²/R*, normal +z, the sphere's centre moving by the increment along x in a
 * step of Δt = 1 (so Δs = v_t exactly), nothing else moving. T is the tangential force on the plane along +x. */
typedef struct rig {
    demc_contact_model model;
    double state[DEMC_CONTACT_STATE_MAX];
    double s;                   /* the tangential displacement reached */
    double friction, stored;    /* Σ friction dissipation, the last stored energy */
    double min_dissipation;     /* the smallest friction dissipation of a step */
} rig;

static void rig_init(rig *r, int springs)
{
    const demc_contact_def def = mdr_def(DEMC_CONTACT_PRESET_HM, springs);
    memset(r, 0, sizeof *r);
    CHECK(demc_contact_model_init(&def, &r->model, NULL) == DEMC_OK);
}

static double rig_step(rig *r, double a, double s_new)
{
    demc_contact_frame f;
    demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
    demc_contact_result res;
    memset(&f, 0, sizeof f);
    f.overlap = a * a / RS;
    f.normal = v3(0, 0, 1);
    f.velocity_i = v3(s_new - r->s, 0, 0);
    f.effective_radius = RS;
    f.effective_mass = 1.0;
    res = demc_contact_eval(&r->model, &f, 1.0, r->state, &d);
    r->s = s_new;
    r->friction += d.friction_dissipation;
    r->stored = d.tangential_energy;
    if (d.friction_dissipation < r->min_dissipation) r->min_dissipation = d.friction_dissipation;
    return -res.force.x;
}

/* ---------- the description ---------- */

static void selection_layout_and_statuses(void)
{
    demc_contact_def def = mdr_def(DEMC_CONTACT_PRESET_HM, 0);
    demc_contact_model model, untouched;
    const char *bad = NULL;
    size_t k;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_OK && bad == NULL);
    CHECK(((demc_contact_model_kind(&model) >> 7) & 7u) == (unsigned)DEMC_TANGENTIAL_MDR);
    /* previous normal (3), then h and a_0 (2), the basis (6, flips) and 64 springs of 2 components: 139 */
    CHECK(DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS == 64);
    CHECK(demc_contact_model_state_size(&model) == 3 + 2 + 6 + 2 * 64);
    for (k = 0; k < 200; ++k) CHECK(demc_contact_state_flips(&model, k) == (k < 3 || (k >= 5 && k < 11)));
    def.mdr_springs = 10;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_OK);
    CHECK(demc_contact_model_state_size(&model) == 3 + 8 + 20);
    /* the projection keeps no previous normal */
    def.transport = DEMC_TRANSPORT_PROJECT;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_OK);
    CHECK(demc_contact_model_state_size(&model) == 8 + 20);
    for (k = 0; k < 40; ++k) CHECK(demc_contact_state_flips(&model, k) == (k >= 2 && k < 8));
    /* the largest resolutions: the state up to DEMC_CONTACT_STATE_MAX = 256 */
    def.mdr_springs = 124; /* 8 + 248 */
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_OK);
    CHECK(demc_contact_model_state_size(&model) == 256);
    def.mdr_springs = 125;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    def.transport = DEMC_TRANSPORT_ROTATE;
    def.mdr_springs = 122; /* 3 + 8 + 244 */
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_OK);
    CHECK(demc_contact_model_state_size(&model) == 255);
    def.rolling = DEMC_ROLLING_EPSD; /* + 4: 259 */
    def.mu_rolling = 0.1;
    memset(&untouched, 0x5A, sizeof untouched);
    model = untouched;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(bad && strcmp(bad, "def.mdr_springs") == 0);
    def.mdr_springs = 120; /* 3 + 4 + 8 + 240 = 255 */
    CHECK(demc_contact_model_init(&def, &untouched, &bad) == DEMC_OK);
    CHECK(demc_contact_model_state_size(&untouched) == 255);
    /* the rolling spring's vector follows the tangential block's (empty for this law) and flips; then the MDR
     * block: h and a_0 kept, the basis flips, the springs' components are kept */
    CHECK(demc_contact_state_flips(&untouched, 3) && demc_contact_state_flips(&untouched, 5) &&
          !demc_contact_state_flips(&untouched, 6) && !demc_contact_state_flips(&untouched, 7) &&
          !demc_contact_state_flips(&untouched, 8) && demc_contact_state_flips(&untouched, 9) &&
          demc_contact_state_flips(&untouched, 14) && !demc_contact_state_flips(&untouched, 15));
    /* every other block at its largest: EPSD rolling (4), SDS twisting (1), the JKR neck (1), a liquid bridge (2),
     * collisional heat (2): 3 + 4 + 1 + 1 + 2 + 2 + 8 + 2·117 = 255 (contact.h's figure for def.mdr_springs) */
    def.twisting = DEMC_TWISTING_SDS;
    def.twisting_stiffness = 1e-3;
    def.mu_twisting = 1e-4;
    def.normal = DEMC_NORMAL_JKR;
    def.work_of_adhesion = 0.1;
    def.max_effective_radius = 1e-3;
    def.end = DEMC_CONTACT_END_OVERLAP;
    def.capillary.bridge = 1;
    def.capillary.surface_tension = 0.07;
    def.capillary.volume = 1e-12;
    def.heat.law = DEMC_HEAT_COLLISION;
    def.heat.conductivity_i = def.heat.conductivity_j = 1.0;
    def.heat.effusivity_i = def.heat.effusivity_j = 1e3;
    def.mdr_springs = 117;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_OK);
    CHECK(demc_contact_model_state_size(&model) == 255);
    def.mdr_springs = 118;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(bad && strcmp(bad, "def.mdr_springs") == 0);

    /* rejected, the field named and the model not written */
    memset(&untouched, 0x5A, sizeof untouched);
    model = untouched;
    def = mdr_def(DEMC_CONTACT_PRESET_HM, -1);
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(bad && strcmp(bad, "def.mdr_springs") == 0);
    def.mdr_springs = 1 << 30; /* no overflow of the size */
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(bad && strcmp(bad, "def.mdr_springs") == 0);
    def = mdr_def(DEMC_CONTACT_PRESET_LSD, 0);
    def.normal_stiffness = 1e5;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(bad && strcmp(bad, "def.tangential") == 0);
    def = mdr_def(DEMC_CONTACT_PRESET_HMD, 0);
    def.friction.mu_static = 0.4;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(bad && strcmp(bad, "def.friction.mu_dynamic") == 0);
    def = mdr_def(DEMC_CONTACT_PRESET_CAMPELLO, 0); /* its spring is the total law */
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(bad && strcmp(bad, "def.friction.stiffness_rule") == 0);
    def = mdr_def(DEMC_CONTACT_PRESET_HM, 0);
    def.moduli.effective_shear_modulus = 0.0;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(bad && strcmp(bad, "def.moduli.effective_shear_modulus") == 0);
    def = mdr_def(DEMC_CONTACT_PRESET_HM, 0);
    def.twisting = DEMC_TWISTING_MARSHALL; /* it reads the spring's stiffness */
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(bad && strcmp(bad, "def.twisting") == 0);
    CHECK(memcmp(&model, &untouched, sizeof model) == 0);
    /* a law past this one is an option of a newer library */
    def = mdr_def(DEMC_CONTACT_PRESET_HM, 0);
    def.tangential = (demc_tangential_law)(DEMC_TANGENTIAL_MDR + 1);
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_UNSUPPORTED);
    CHECK(bad && strcmp(bad, "def.tangential") == 0);

    /* the other laws do not read the field, and keep their kinds and layouts */
    def = mdr_def(DEMC_CONTACT_PRESET_HMD, -7);
    def.tangential = DEMC_TANGENTIAL_SPRING;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_OK);
    CHECK(demc_contact_model_kind(&model) == DEMC_CONTACT_KIND_HMD);
    CHECK(demc_contact_model_state_size(&model) == 9);
    def.tangential = DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_OK);
    CHECK(demc_contact_model_state_size(&model) == 15);
}

/* ---------- constant normal load ---------- */

/* 0 → u* → −u* → u* at P0 (T* = 0.8μP0), `steps` steps a branch: the largest error against Mindlin's branches in
 * μP0, the loop's friction dissipation against the loop area (relative), the forces at the three turning points. */
static double mindlin_cycle(int springs, int steps, double *loop_err, double ends[3])
{
    const double P0 = hertz_force(A0), us = slip_displacement(A0), ustar = us * (1.0 - pow(0.2, 2.0 / 3.0));
    const double tstar = virgin_force(A0, ustar);
    const double area = 8.0 * MU * P0 * (ustar - 0.4 * us * (1.0 - pow(1.0 - ustar / us, 2.5))) - 4.0 * tstar * ustar;
    static rig r;
    double err = 0.0, e0;
    int k;
    rig_init(&r, springs);
    CHECK_REL(tstar, 0.8 * MU * P0, 1e-12);
    rig_step(&r, A0, 0.0); /* the contact, at rest: a first step that moved would load springs entering with it */
    for (k = 1; k <= steps; ++k) { /* loading */
        const double u = ustar * k / steps, t = rig_step(&r, A0, u);
        err = fmax(err, fabs(t - virgin_force(A0, u)) / (MU * P0));
        ends[0] = t;
    }
    e0 = r.stored;
    r.friction = 0.0;
    for (k = 1; k <= 2 * steps; ++k) { /* unloading: T* − 2f((u* − u)/2) */
        const double u = ustar - 2.0 * ustar * k / (2 * steps), t = rig_step(&r, A0, u);
        err = fmax(err, fabs(t - (tstar - 2.0 * virgin_force(A0, 0.5 * (ustar - u)))) / (MU * P0));
        ends[1] = t;
    }
    for (k = 1; k <= 2 * steps; ++k) { /* reloading: −T* + 2f((u + u*)/2) */
        const double u = -ustar + 2.0 * ustar * k / (2 * steps), t = rig_step(&r, A0, u);
        err = fmax(err, fabs(t - (-tstar + 2.0 * virgin_force(A0, 0.5 * (u + ustar)))) / (MU * P0));
        ends[2] = t;
    }
    CHECK(r.min_dissipation >= 0.0);
    CHECK_REL(r.stored, e0, 1e-9); /* back at the same point of the same branch */
    *loop_err = fabs(r.friction - area) / area;
    return err;
}

static void constant_load_branches(void)
{
    const int ns[3] = {16, 32, 64};
    double e[3], loop[3], ends[3];
    int i;
    for (i = 0; i < 3; ++i) {
        e[i] = mindlin_cycle(ns[i], 200, &loop[i], ends);
        printf("    constant P, loading/unloading/reloading to 0.8 muP, N = %d: max err %.3e muP, loop energy err %.3e\n",
               ns[i], e[i], loop[i]);
    }
    CHECK(e[2] < 1e-3);
    CHECK(loop[2] < 1e-3);
    /* second order in the cell width: ×4 or better per halving of the force's error, ×16 or better over two
     * halvings of the loop's (whose dissipation also carries a step error: below) */
    CHECK(e[0] > 3.0 * e[1] && e[1] > 3.0 * e[2]);
    CHECK(loop[0] > 16.0 * loop[2]);
    /* no step error in the force at constant load: the turning points' forces with 50 and 800 steps a branch */
    {
        double l50, l800, ends800[3];
        mindlin_cycle(64, 50, &l50, ends);
        mindlin_cycle(64, 800, &l800, ends800);
        for (i = 0; i < 3; ++i) CHECK_ABS(ends[i], ends800[i], 1e-12 * MU * hertz_force(A0));
        printf("    loop energy err at N = 64 with 50 and 800 steps a branch: %.3e, %.3e\n", l50, l800);
    }
}

/* ---------- varying normal load (Mindlin & Deresiewicz 1953) ---------- */

/* Proportional loading T = λP from zero: the stuck bed needs u(a) = 3λP(a)/(16G*a) = λK a²/μ. */
static double proportional(int springs, int steps, double lam)
{
    static rig r;
    const double a_start = 1e-3 * A0;
    double err = 0.0;
    int k;
    rig_init(&r, springs);
    for (k = 0; k <= steps; ++k) {
        const double a = a_start + (A0 - a_start) * k / steps;
        const double t = rig_step(&r, a, lam / MU * limit_k() * a * a);
        err = fmax(err, fabs(t - lam * hertz_force(a)) / (MU * hertz_force(A0)));
    }
    return err;
}

/* After proportional loading to T0 = λP0, P lowered to P1 at fixed u. */
static double after_proportional_exact(double lam, double a1)
{
    const double r = lam / MU, K = limit_k();
    const double c2 = (a1 * a1 - r * A0 * A0) / (1.0 - r), c = c2 > 0.0 ? sqrt(c2) : 0.0;
    return 8.0 * GS * K * (r * (A0 * A0 * c - c * c * c / 3.0) + 2.0 * a1 * a1 * a1 / 3.0 - a1 * a1 * c + c * c * c / 3.0);
}

static double lower_after_proportional(int springs, double lam, double pratio)
{
    static rig r;
    const double a_start = 1e-3 * A0, a1 = radius_of_force(pratio * hertz_force(A0));
    double err = 0.0, t = 0.0;
    int k;
    rig_init(&r, springs);
    for (k = 0; k <= 800; ++k) {
        const double a = a_start + (A0 - a_start) * k / 800;
        rig_step(&r, a, lam / MU * limit_k() * a * a);
    }
    for (k = 1; k <= 200; ++k) {
        const double a = A0 + (a1 - A0) * k / 200;
        t = rig_step(&r, a, r.s);
        err = fmax(err, fabs(t - after_proportional_exact(lam, a)) / (MU * hertz_force(A0)));
    }
    CHECK(r.min_dissipation >= 0.0);
    if (lam < 0.2 * MU) /* the case: T/T0 at P/P0 = 0.35 */
        printf("    lowered to P/P0 = %.2f after T0 = %.2f muP0 (proportional): T/T0 = %.4f, exact %.4f\n", pratio,
               lam / MU, t / (lam * hertz_force(A0)), after_proportional_exact(lam, a1) / (lam * hertz_force(A0)));
    return err;
}

/* From the virgin branch at P0 (T = 0.6μP0), P lowered to P0/8 at fixed u: the virgin curve of each new P. */
static double lower_from_virgin(int springs)
{
    static rig r;
    const double u0 = slip_displacement(A0) * (1.0 - pow(0.4, 2.0 / 3.0));
    double err = 0.0;
    int k;
    rig_init(&r, springs);
    for (k = 0; k <= 100; ++k) rig_step(&r, A0, u0 * k / 100);
    CHECK_ABS(virgin_force(A0, u0), 0.6 * MU * hertz_force(A0), 1e-12 * hertz_force(A0));
    for (k = 1; k <= 200; ++k) {
        const double a = A0 * (1.0 - 0.5 * k / 200.0);
        const double t = rig_step(&r, a, u0);
        err = fmax(err, fabs(t - virgin_force(a, u0)) / (MU * hertz_force(A0)));
    }
    CHECK(r.min_dissipation >= 0.0);
    return err;
}

/* The continuum reference bed: point springs at the midpoints of [0, XMAX), each with its displacement. */
#define REF_POINTS 100000
typedef struct ref_bed {
    double u[REF_POINTS];
    double a;
} ref_bed;
static const double XMAX = 1.3e-4;
static double ref_x(int i) { return (i + 0.5) * XMAX / REF_POINTS; }
static double ref_clamp(double v, double c) { return v > c ? c : v < -c ? -c : v; }
/* A radius change at a fixed rigid displacement: springs leave released or enter at zero, the others are held at
 * their new limits. */
static void ref_radius(ref_bed *r, double a)
{
    int i;
    for (i = 0; i < REF_POINTS; ++i) {
        const double x = ref_x(i);
        r->u[i] = x < a ? ref_clamp(r->u[i], limit_k() * (a * a - x * x)) : 0.0;
    }
    r->a = a;
}
/* A monotone tangential move at a fixed radius. */
static void ref_move(ref_bed *r, double du)
{
    int i;
    for (i = 0; i < REF_POINTS && ref_x(i) < r->a; ++i)
        r->u[i] = ref_clamp(r->u[i] + du, limit_k() * (r->a * r->a - ref_x(i) * ref_x(i)));
}
static double ref_force(const ref_bed *r)
{
    double sum = 0.0;
    int i;
    for (i = 0; i < REF_POINTS; ++i) sum += r->u[i];
    return 8.0 * GS * sum * XMAX / REF_POINTS;
}

/* At P0 to T = 0.5μP0 on the virgin branch, P raised to 2P0 at fixed u, then a tangential cycle of amplitude
 * 1.6 u_s(P0) down and back: the largest error against the reference bed, in μP0. */
static double raised_then_cycle(int springs, int *checked)
{
    static rig r;
    static ref_bed ref;
    const double u0 = slip_displacement(A0) * (1.0 - pow(0.5, 2.0 / 3.0)), a1 = radius_of_force(2.0 * hertz_force(A0));
    const double swing = 1.6 * slip_displacement(A0);
    double err = 0.0;
    int k, leg;
    rig_init(&r, springs);
    memset(&ref, 0, sizeof ref);
    ref_radius(&ref, A0);
    ref_move(&ref, u0);
    for (k = 0; k <= 100; ++k) rig_step(&r, A0, u0 * k / 100);
    CHECK_ABS(ref_force(&ref), 0.5 * MU * hertz_force(A0), 1e-8 * MU * hertz_force(A0));
    CHECK_ABS(rig_step(&r, A0, u0), 0.5 * MU * hertz_force(A0), 1e-3 * MU * hertz_force(A0));
    for (k = 1; k <= 100; ++k) { /* raised: the springs that enter start at zero, nothing slips */
        const double a = A0 + (a1 - A0) * k / 100;
        rig_step(&r, a, u0);
    }
    ref_radius(&ref, a1);
    err = fmax(err, fabs(rig_step(&r, a1, u0) - ref_force(&ref)) / (MU * hertz_force(A0)));
    for (leg = 0; leg < 2; ++leg) /* down by the swing, back up: 20 checks a leg against the reference */
        for (k = 1; k <= 200; ++k) {
            const double du = (leg == 0 ? -swing : swing) / 200;
            const double t = rig_step(&r, a1, r.s + du);
            ref_move(&ref, du);
            if (k % 10 == 0) {
                err = fmax(err, fabs(t - ref_force(&ref)) / (MU * hertz_force(A0)));
                ++*checked;
            }
        }
    CHECK(r.min_dissipation >= 0.0);
    return err;
}

static void varying_load_closed_forms(void)
{
    const int ns[3] = {16, 32, 64};
    double e[3];
    int i, checked = 0;
    /* proportional, no slip */
    e[0] = proportional(0, 400, 0.5 * MU);
    e[1] = proportional(0, 400, 0.99 * MU);
    printf("    proportional T = 0.5 and 0.99 muP, default N: max err %.3e, %.3e muP0\n", e[0], e[1]);
    CHECK(e[0] < 1e-3 && e[1] < 1e-3);
    /* lowered after proportional loading: the T0 = 0.1μP0 to P/P0 = 0.35, and T0 = 0.6μP0 */
    e[0] = lower_after_proportional(0, 0.1 * MU, 0.35);
    e[1] = lower_after_proportional(0, 0.6 * MU, 0.35);
    printf("    lowered after proportional (0.1, 0.6 muP0 to P/P0 = 0.35), default N: max err %.3e, %.3e muP0\n", e[0],
           e[1]);
    CHECK(e[0] < 1e-3 && e[1] < 1e-3);
    for (i = 0; i < 3; ++i) e[i] = lower_after_proportional(ns[i], 0.6 * MU, 0.35);
    printf("    the same at N = 16, 32, 64: %.3e, %.3e, %.3e muP0\n", e[0], e[1], e[2]);
    CHECK(e[0] > e[1] && e[1] > e[2]);
    /* lowered from the virgin branch */
    for (i = 0; i < 3; ++i) e[i] = lower_from_virgin(ns[i]);
    printf("    lowered from the virgin branch (0.6 muP0, to P0/8), N = 16, 32, 64: %.3e, %.3e, %.3e muP0\n", e[0],
           e[1], e[2]);
    CHECK(e[2] < 1e-3);
    CHECK(e[0] > e[1] && e[1] > e[2]);
    /* raised to 2P0, then a tangential cycle */
    for (i = 0; i < 3; ++i) e[i] = raised_then_cycle(ns[i], &checked);
    printf("    raised to 2P0 then a cycle, N = 16, 32, 64: %.3e, %.3e, %.3e muP0 (%d points)\n", e[0], e[1], e[2],
           checked);
    CHECK(e[2] < 1e-3);
    CHECK(e[0] > 2.0 * e[1] && e[1] > 2.0 * e[2]);
}

/* ---------- gross sliding ---------- */

/* Steps far past the slip displacement while P varies by ±30 %: every spring slips every step, so |T| = μP and
 * the step dissipates μP|Δs| but for the springs' own play (≤ u_s of the step's |Δs|), never less than 0. Along a
 * circle every spring slides along its own trial displacement, its play plus the step: they differ in direction by
 * the play, and |F_t| is μP less a term of second order in the play over the step. */
static void gross_sliding_is_coulomb(void)
{
    static rig r;
    const double us = slip_displacement(A0);
    double worst = 0.0, worst_d = 0.0;
    int k;
    rig_init(&r, 0);
    for (k = 0; k <= 400; ++k) {
        const double a = A0 * cbrt(1.0 + 0.3 * sin(0.05 * k)), p = hertz_force(a);
        const double before = r.friction, t = rig_step(&r, a, r.s + 20.0 * us);
        if (k < 10) continue;
        worst = fmax(worst, fabs(t - MU * p) / (MU * p));
        worst_d = fmax(worst_d, fabs((r.friction - before) - MU * p * 20.0 * us) / (MU * p * 20.0 * us));
    }
    printf("    gross sliding: |T|/muP - 1 at most %.2e; dissipation/(muP|ds|) - 1 at most %.2e\n", worst, worst_d);
    CHECK(worst < 1e-13);
    CHECK(worst_d < 0.06); /* the springs' elastic play within a step: ≤ u_s/|Δs| of the step */
    CHECK(r.min_dissipation >= 0.0);
    /* a circular path, every step sliding: the force of magnitude μP, against the motion */
    {
        const double p = hertz_force(A0), rad = 50.0 * us;
        demc_contact_frame f;
        demc_contact_result res;
        double s_old[2] = {rad, 0.0}, ang = 0.0;
        worst = 0.0;
        rig_init(&r, 0);
        memset(&f, 0, sizeof f);
        f.overlap = A0 * A0 / RS;
        f.normal = v3(0, 0, 1);
        f.effective_radius = RS;
        f.effective_mass = 1.0;
        for (k = 0; k < 300; ++k) {
            const double s_new[2] = {rad * cos(ang + 0.5), rad * sin(ang + 0.5)};
            ang += 0.5;
            f.velocity_i = v3(s_new[0] - s_old[0], s_new[1] - s_old[1], 0.0);
            s_old[0] = s_new[0], s_old[1] = s_new[1];
            res = demc_contact_eval(&r.model, &f, 1.0, r.state, NULL);
            if (k > 2) worst = fmax(worst, fabs(hypot(res.force.x, res.force.y) - MU * p) / (MU * p));
            CHECK(hypot(res.force.x, res.force.y) <= MU * p * (1.0 + 1e-14));
            CHECK(res.force.x * f.velocity_i.x + res.force.y * f.velocity_i.y < 0.0);
        }
        printf("    circular sliding (steps of 25 u_s): |F_t|/muP - 1 at most %.2e\n", worst);
        CHECK(worst < 3e-5);
    }
}

/* ---------- energy of oblique impacts ---------- */

typedef struct impact {
    double tangential_restitution;
    double imbalance;            /* largest |KE + stored + dissipated − KE_0| / KE_0 along the impact */
    double min_step_dissipation; /* smallest friction or viscous dissipation of a step */
} impact;

/* A glass sphere (R = 25 mm, V = 5 m/s) hits a rigid wall at `angle` from the normal; velocity Verlet, `steps` steps
 * per Hertz contact time. */
static impact wall_impact(const demc_contact_model *model, double angle_deg, int steps)
{
    const double R = 0.025, V = 5.0, rho = 2650.0, th = angle_deg * PI / 180.0;
    demc_body b;
    double I, ke0, diss = 0.0, dt, vt0;
    demc_wall wall;
    demc_contact_result r;
    static double s[DEMC_CONTACT_STATE_MAX];
    impact out;
    int k, started = 0;
    b.position = v3(0, 0, R + 1e-9);
    b.velocity = v3(V * sin(th), 0, -V * cos(th));
    b.angular_velocity = v3(0, 0, 0);
    b.radius = R;
    b.mass = 4.0 / 3.0 * PI * R * R * R * rho;
    b.inertia = 0.0;
    I = 0.4 * b.mass * R * R;
    {
        const double K = 4.0 / 3.0 * 70e9 / (1 - 0.09) * sqrt(R); /* t_c = 2.868 (m²/(K² V_n))^{1/5} */
        dt = 2.868 * pow(b.mass * b.mass / (K * K * V * cos(th)), 0.2) / steps;
    }
    wall.point = v3(0, 0, 0), wall.normal = v3(0, 0, 1), wall.velocity = v3(0, 0, 0);
    wall.angular_velocity = v3(0, 0, 0);
    memset(s, 0, sizeof s);
    vt0 = b.velocity.x;
    ke0 = 0.5 * b.mass * demc_vec3_norm2(b.velocity);
    out.imbalance = 0.0;
    out.min_step_dissipation = 0.0;
    r.force = r.torque_i = v3(0, 0, 0);
    for (k = 0; k < 40 * steps; ++k) {
        demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
        demc_contact_frame f;
        double ke;
        b.velocity = demc_vec3_add_scaled(b.velocity, 0.5 * dt / b.mass, r.force);
        b.angular_velocity = demc_vec3_add_scaled(b.angular_velocity, 0.5 * dt / I, r.torque_i);
        b.position = demc_vec3_add_scaled(b.position, dt, b.velocity);
        f = demc_contact_frame_sphere_wall(model, &b, &wall);
        r = demc_contact_eval(model, &f, dt, s, &d);
        b.velocity = demc_vec3_add_scaled(b.velocity, 0.5 * dt / b.mass, r.force);
        b.angular_velocity = demc_vec3_add_scaled(b.angular_velocity, 0.5 * dt / I, r.torque_i);
        out.min_step_dissipation = fmin(out.min_step_dissipation, fmin(d.friction_dissipation, d.viscous_dissipation));
        diss += d.viscous_dissipation + d.friction_dissipation + d.plastic_dissipation + d.tangential_exchange;
        ke = 0.5 * b.mass * demc_vec3_norm2(b.velocity) + 0.5 * I * demc_vec3_norm2(b.angular_velocity);
        out.imbalance = fmax(out.imbalance, fabs(ke + d.normal_energy + d.tangential_energy + diss - ke0) / ke0);
        if (r.overlap > 0) started = 1;
        if (started && r.overlap <= 0) break;
    }
    out.tangential_restitution = -(b.velocity.x - R * b.angular_velocity.y) / vt0;
    return out;
}

/* Kinetic + stored energy + the dissipation and exchange terms are conserved to the integration error (shrinking
 * with the step), every step's dissipation ≥ 0; undamped HM and damped HM+D (both Coulomb policies), from stick
 * and micro-slip to gross sliding. Gross sliding (45°, 60°) gives the rigid-body value e_t = −1 + 3.5μ(1 + e)cot θ. */
static void energy_of_oblique_impacts(void)
{
    const double angles[4] = {2.0, 10.0, 30.0, 60.0};
    int m, a;
    for (m = 0; m < 3; ++m) {
        demc_contact_def def = mdr_def(m == 0 ? DEMC_CONTACT_PRESET_HM : DEMC_CONTACT_PRESET_HMD, 0);
        demc_material glass = demc_material_make(70e9, 0.3, 2650.0);
        demc_contact_model model;
        CHECK(demc_material_moduli_init(&glass, NULL, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
        def.friction.mu_static = def.friction.mu_dynamic = 0.1;
        def.restitution = m == 0 ? 1.0 : 0.6;
        if (m == 2) def.friction.coulomb = DEMC_COULOMB_ELASTIC;
        CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
        for (a = 0; a < 4; ++a) {
            const impact coarse = wall_impact(&model, angles[a], 200), fine = wall_impact(&model, angles[a], 800);
            if (getenv("DEMC_TEST_VERBOSE") || (m == 0 && a == 1))
                printf("    impact model %d at %4.1f deg: imbalance %.2e (200 steps) %.2e (800), e_t %.4f\n", m,
                       angles[a], coarse.imbalance, fine.imbalance, fine.tangential_restitution);
            CHECK(coarse.min_step_dissipation >= 0.0 && fine.min_step_dissipation >= 0.0);
            CHECK(fine.imbalance < 2e-3);
            CHECK(fine.imbalance <= 0.5 * coarse.imbalance || fine.imbalance < 1e-9);
            if (m == 0 && angles[a] > 45.0)
                CHECK_ABS(fine.tangential_restitution, -1.0 + 3.5 * 0.1 * 2.0 / tan(angles[a] * PI / 180.0), 3e-3);
        }
    }
}

/* ---------- transport ---------- */

/* Two spheres spinning together about their line of centres at Ω (no relative motion at the contact) after a
 * tangential load: the memory turns with the bodies, by the rotation of Rodrigues parameter ΩΔt a step (angle
 * 2 atan(ΩΔt/2)), so the force keeps its magnitude and turns by that angle exactly. And the pair turned rigidly
 * about an axis ⊥ the line of centres: the force turns with it (the springs by the shortest arc). */
static void transport_with_the_frame(void)
{
    const demc_material g = demc_material_make(70e9, 0.3, 2650.0);
    demc_contact_def def = mdr_def(DEMC_CONTACT_PRESET_HM, 0);
    demc_contact_model model;
    static double s[DEMC_CONTACT_STATE_MAX];
    const double R = 5e-3, dt = 1e-6, omega = 300.0;
    demc_body a, b;
    demc_vec3 f0;
    double turned = 0.0, worst = 0.0;
    int k;
    CHECK(demc_material_moduli_init(&g, &g, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
    CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
    memset(s, 0, sizeof s);
    a.position = v3(0, 0, 0), a.angular_velocity = v3(0, 0, 0), a.radius = R, a.mass = 1e-3, a.inertia = 0.0;
    b = a;
    b.position = v3(0, 0, 2 * R - 2e-6);
    /* a tangential load in micro-slip: i moves along +x relative to j */
    for (k = 0; k < 40; ++k) {
        demc_contact_frame f;
        a.velocity = v3(1e-3, 0, 0), b.velocity = v3(0, 0, 0);
        f = demc_contact_frame_sphere_sphere(&model, &a, &b);
        f0 = demc_contact_eval(&model, &f, dt, s, NULL).force;
    }
    f0.z = 0.0; /* the tangential part (the normal is ∓z) */
    a.velocity = b.velocity = v3(0, 0, 0);
    a.angular_velocity = b.angular_velocity = v3(0, 0, omega); /* about the line of centres */
    for (k = 0; k < 500; ++k) {
        const demc_contact_frame f = demc_contact_frame_sphere_sphere(&model, &a, &b);
        const demc_vec3 ft = demc_contact_eval(&model, &f, dt, s, NULL).force;
        double c, sn;
        turned += 2.0 * atan(0.5 * omega * dt);
        c = cos(turned), sn = sin(turned);
        worst = fmax(worst, hypot(ft.x - (c * f0.x - sn * f0.y), ft.y - (sn * f0.x + c * f0.y)) / demc_vec3_norm(f0));
    }
    printf("    spin about the normal: the force turns with the springs to %.2e of |F_t| (%.2f rad)\n", worst, turned);
    CHECK(worst < 1e-10);
    /* the pair turned rigidly about y (⊥ the line of centres) by 0.2 rad in 200 steps, no relative motion */
    {
        const double c0 = 0.5 * (2 * R - 2e-6);
        double ang = 0.0;
        demc_vec3 ft = v3(0, 0, 0), n = v3(0, 0, 0);
        a.angular_velocity = b.angular_velocity = v3(0, 0, 0);
        for (k = 0; k < 200; ++k) {
            demc_contact_frame f;
            ang += 0.001;
            /* centres on a line through (0, 0, c0) at angle ang from z in the x–z plane; both spin at dθ/dt about y */
            a.position = v3(-c0 * sin(ang), 0, c0 - c0 * cos(ang));
            b.position = v3(c0 * sin(ang), 0, c0 + c0 * cos(ang));
            a.velocity = v3(-c0 * cos(ang) * 0.001 / dt, 0, c0 * sin(ang) * 0.001 / dt);
            b.velocity = v3(c0 * cos(ang) * 0.001 / dt, 0, -c0 * sin(ang) * 0.001 / dt);
            a.angular_velocity = b.angular_velocity = v3(0, 0.001 / dt, 0);
            f = demc_contact_frame_sphere_sphere(&model, &a, &b);
            n = f.normal;
            ft = demc_contact_eval(&model, &f, dt, s, NULL).force;
        }
        ft = demc_vec3_add_scaled(ft, -demc_vec3_dot(ft, n), n);
        /* the force of the spin test's end, turned by 0.2 rad about y: its y part is kept, its x part turns in x–z */
        {
            const double c = cos(turned), sn = sin(turned);
            const demc_vec3 before = v3(c * f0.x - sn * f0.y, sn * f0.x + c * f0.y, 0.0);
            const demc_vec3 expect = v3(before.x * cos(0.2), before.y, -before.x * sin(0.2));
            const double e = demc_vec3_norm(demc_vec3_sub(ft, expect)) / demc_vec3_norm(f0);
            printf("    the pair turned by 0.2 rad: the force turns with it to %.2e of |F_t|\n", e);
            CHECK(e < 1e-9); /* the contact points move together: only the carry turns the springs */
        }
    }
}

/* ---------- the evaluation against the kernel called by hand ---------- */

/* Two spheres in a 3-D history (the normal turning, spins about it, micro-slip, reversals, the overlap varying):
 * the assembled evaluation, whose springs are vectors carried by the model's transport, gives the force and the
 * energy terms of the kernel demc_tangential_mdr_update() (springs in a plane basis turned by
 * demc_tangential_mdr_transport()) fed with F_n = (4/3)E*√R* δ^{3/2}, a = √(R*δ), the increment v_t Δt and the
 * same turn, to rounding. */
/* ::DEMC_TRANSPORT_PROJECT keeps each spring's length (demc_tangential_project()'s rule, applied to every spring):
 * springs loaded along +x, then +y (so that they point in different directions), the normal then tilted by 0.3 rad
 * about y in one step, nothing moving. Expected, from the state's documented layout (the law's block: h, a_0, e_1,
 * e_2, the first then the second components): each spring u_i = u_1 e_1 + u_2 e_2 projected on the new plane and
 * rescaled to |u_i|, F = −8G* Σ L_i u_i' (the step moves nothing and every spring sticks); the stored energy is
 * unchanged. */
static void projection_keeps_each_spring(void)
{
    demc_contact_def def = mdr_def(DEMC_CONTACT_PRESET_HM, 0);
    demc_contact_model model;
    static double st[DEMC_CONTACT_STATE_MAX];
    const int n = DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS;
    const double us = slip_displacement(A0), th = 0.3;
    const demc_vec3 n1 = v3(sin(th), 0, cos(th));
    demc_contact_frame f;
    demc_contact_diag d0 = DEMC_CONTACT_DIAG_INIT, d1 = DEMC_CONTACT_DIAG_INIT;
    demc_contact_result r;
    demc_vec3 e1, e2, expect = v3(0, 0, 0), ft;
    double h, a, err;
    int k, i;
    def.transport = DEMC_TRANSPORT_PROJECT;
    CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
    CHECK(demc_contact_model_state_size(&model) == (size_t)(8 + 2 * n));
    memset(st, 0, sizeof st);
    memset(&f, 0, sizeof f);
    f.overlap = A0 * A0 / RS, f.normal = v3(0, 0, 1), f.effective_radius = RS, f.effective_mass = 1.0;
    (void)demc_contact_eval(&model, &f, 1.0, st, NULL); /* at rest: the springs enter at zero */
    for (k = 0; k < 20; ++k) {                          /* 0.5 u_s along +x, then 0.4 u_s along +y */
        f.velocity_i = k < 10 ? v3(0.05 * us, 0, 0) : v3(0, 0.04 * us, 0);
        (void)demc_contact_eval(&model, &f, 1.0, st, &d0);
    }
    h = st[0], a = st[1];
    e1 = v3(st[2], st[3], st[4]), e2 = v3(st[5], st[6], st[7]);
    for (i = 0; i < n; ++i) {
        const demc_vec3 u = demc_vec3_add(demc_vec3_scale(e1, st[8 + i]), demc_vec3_scale(e2, st[8 + n + i]));
        const demc_vec3 w = demc_vec3_sub(u, demc_vec3_scale(n1, demc_vec3_dot(u, n1)));
        const double l = fmin(h, fmax(0.0, a - i * h));
        if (demc_vec3_norm2(w) > 0.0)
            expect = demc_vec3_add(expect, demc_vec3_scale(w, -8.0 * GS * l * demc_vec3_norm(u) / demc_vec3_norm(w)));
    }
    f.velocity_i = v3(0, 0, 0), f.normal = n1;
    r = demc_contact_eval(&model, &f, 1.0, st, &d1);
    ft = demc_vec3_sub(r.force, demc_vec3_scale(n1, demc_vec3_dot(r.force, n1)));
    err = demc_vec3_norm(demc_vec3_sub(ft, expect)) / demc_vec3_norm(expect);
    printf("    projection by 0.3 rad: force %.3e of mu P from the springs projected one by one to %.1e, stored energy "
           "kept to %.1e\n", demc_vec3_norm(ft) / (MU * hertz_force(A0)), err,
           fabs(d1.tangential_energy / d0.tangential_energy - 1.0));
    CHECK(demc_vec3_norm(ft) > 0.3 * MU * hertz_force(A0));
    CHECK(err < 1e-13);
    CHECK_REL(d1.tangential_energy, d0.tangential_energy, 1e-13);
    /* the springs at their limits stay there (rounding may call one slipping, by an ulp) */
    CHECK(d1.friction_dissipation >= 0.0 && d1.friction_dissipation <= 1e-13 * d0.tangential_energy);
}

static void eval_is_the_kernel(void)
{
    const demc_material g = demc_material_make(70e9, 0.3, 2650.0);
    demc_contact_def def = mdr_def(DEMC_CONTACT_PRESET_HM, 32);
    demc_contact_model model;
    demc_tangential_mdr_params p = {0.0, 0.0, 0};
    static double s[DEMC_CONTACT_STATE_MAX], ks[DEMC_TANGENTIAL_MDR_STATE_MAX];
    const double R = 5e-3, dt = 2e-8;
    demc_body a, b;
    demc_vec3 n_old = v3(0, 0, 0);
    double worst = 0.0, worst_e = 0.0, peak = 0.0;
    int k, slid = 0;
    CHECK(demc_material_moduli_init(&g, &g, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
    CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
    CHECK(demc_tangential_mdr_init(MU, def.moduli.effective_shear_modulus, 32, &p, NULL) == DEMC_OK);
    memset(s, 0, sizeof s);
    memset(ks, 0, sizeof ks);
    a.position = v3(0, 0, 0), a.radius = R, a.mass = 1e-3, a.inertia = 0.0;
    b = a;
    for (k = 0; k < 1500; ++k) {
        const double t = k * dt;
        demc_contact_frame f;
        demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
        demc_contact_result r;
        a.velocity = v3(0.012 * sin(4e5 * t), 0.008 * cos(2.5e5 * t), 0.0);
        a.angular_velocity = v3(0.0, 0.0, 200.0 * sin(1e5 * t));
        b.velocity = v3(0, 0, 0);
        b.angular_velocity = v3(0.0, 0.0, 100.0);
        /* j on a circle about i in the x–z plane (the normal turns), the gap varying */
        {
            const double ang = 2e4 * t, dist = 2 * R - 1.5e-6 - 1e-6 * sin(3e5 * t);
            b.position = v3(dist * sin(ang), 0.0, dist * cos(ang));
        }
        f = demc_contact_frame_sphere_sphere(&model, &a, &b);
        r = demc_contact_eval(&model, &f, dt, s, &d);
        {
            const double delta = f.overlap, rad = sqrt(f.effective_radius * delta);
            const double fn = 4.0 / 3.0 * def.moduli.effective_modulus * rad * delta;
            const demc_vec3 vc = demc_vec3_sub(
                demc_vec3_add(f.velocity_i, demc_vec3_cross(f.angular_velocity_i, f.branch_i)),
                demc_vec3_add(f.velocity_j, demc_vec3_cross(f.angular_velocity_j, f.branch_j)));
            const demc_vec3 vt = demc_vec3_add_scaled(vc, -demc_vec3_dot(vc, f.normal), f.normal);
            const double spin =
                0.5 * demc_vec3_dot(demc_vec3_add(f.angular_velocity_i, f.angular_velocity_j), f.normal) * dt;
            demc_tangential_mdr_energy e;
            demc_tangential_result kr;
            demc_vec3 ft;
            if (k > 0) demc_tangential_mdr_transport(&p, n_old, f.normal, spin, ks);
            kr = demc_tangential_mdr_update(&p, f.normal, demc_vec3_scale(vt, dt), fn, rad, ks, &e);
            n_old = f.normal;
            ft = demc_vec3_add_scaled(r.force, -r.normal_force, f.normal);
            CHECK_REL(r.normal_force, fn, 1e-12);
            worst = fmax(worst, demc_vec3_norm(demc_vec3_sub(ft, kr.force)) / (MU * fn));
            worst_e = fmax(worst_e, fabs(d.tangential_energy - e.stored_energy) / (e.stored_energy + 1e-30));
            worst_e = fmax(worst_e, fabs(d.friction_dissipation - e.slip_dissipation - e.grid_dissipation) /
                                        (e.stored_energy + 1e-30));
            CHECK(d.sliding == kr.sliding);
            slid += kr.sliding;
            peak = fmax(peak, demc_vec3_norm(kr.force) / (MU * fn));
        }
    }
    printf("    against the kernel (turning normal, spins, 32 springs): force to %.2e of muF_n, energies to %.2e "
           "(|F_t| up to %.2f muF_n, %d sliding steps)\n", worst, worst_e, peak, slid);
    CHECK(worst < 1e-9 && worst_e < 1e-9);
    CHECK(peak > 0.5 && slid > 0); /* the path reaches micro-slip and gross sliding */
}

/* ---------- the swap ---------- */

/* Two spheres in a 3-D history (turning normal, spins, micro-slip, reversals): after swapping the state, the pair
 * evaluated from the other side (j, i) gives the opposite force and the torques exchanged, step after step; the
 * swap negates exactly the previous normal and the springs, keeps h and a_0; twice is the identity. */
static void swap_gives_the_other_side(void)
{
    const demc_material g = demc_material_make(70e9, 0.3, 2650.0);
    demc_contact_def def = mdr_def(DEMC_CONTACT_PRESET_HMD, 0);
    demc_contact_model model;
    static double s1[DEMC_CONTACT_STATE_MAX], s2[DEMC_CONTACT_STATE_MAX], s3[DEMC_CONTACT_STATE_MAX];
    const double R = 5e-3, dt = 2e-8;
    const size_t n = 139;
    demc_body a, b;
    int k, m;
    size_t q;
    double worst = 0.0;
    CHECK(demc_material_moduli_init(&g, &g, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
    def.friction.mu_static = def.friction.mu_dynamic = 0.4;
    def.restitution = 0.7;
    CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
    CHECK(demc_contact_model_state_size(&model) == n);
    for (m = 0; m < 10; ++m) {
        memset(s1, 0, sizeof s1);
        a.position = v3(0, 0, 0), a.velocity = a.angular_velocity = v3(0, 0, 0), a.radius = R;
        a.mass = 4.0 / 3.0 * PI * R * R * R * 2650.0, a.inertia = 0.0;
        b = a;
        b.position = v3(2 * R - 2e-6, 0, 0);
        for (k = 0; k < 400; ++k) {
            demc_contact_frame f;
            demc_contact_result r1, r2 = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, 0, 0};
            const double t = k * dt;
            a.velocity = v3(0.01 * sin(1e5 * t + m), 0.05 * cos(3e5 * t * (1 + 0.1 * m)), 0.02 * sin(7e4 * t));
            a.angular_velocity = v3(3.0 * m, 20.0 * sin(2e5 * t), -10.0);
            b.angular_velocity = v3(-5.0, 2.0 * m, 15.0 * cos(1e5 * t));
            a.position = demc_vec3_add_scaled(a.position, dt, a.velocity);
            b.position = v3(2 * R - 2e-6 - 1e-6 * sin(5e4 * t), 1e-4 * sin(1e4 * t * m), 1e-4 * t * 1e4);
            f = demc_contact_frame_sphere_sphere(&model, &a, &b);
            if (k == 300) { /* from here on the other side runs on the swapped copy */
                memcpy(s2, s1, sizeof s1);
                demc_contact_state_swap(&model, s2);
                for (q = 0; q < n; ++q) CHECK(s2[q] == (demc_contact_state_flips(&model, q) ? -s1[q] : s1[q]));
                CHECK(s1[3] > 0.0 && s1[4] > 0.0); /* h and a_0, kept */
            }
            if (k >= 300) {
                const demc_contact_frame g2 = demc_contact_frame_sphere_sphere(&model, &b, &a);
                r2 = demc_contact_eval(&model, &g2, dt, s2, NULL);
            }
            r1 = demc_contact_eval(&model, &f, dt, s1, NULL);
            if (k >= 300) {
                const double scale = demc_vec3_norm(r1.force) + 1e-30;
                worst = fmax(worst, demc_vec3_norm(demc_vec3_add(r1.force, r2.force)) / scale);
                worst = fmax(worst, demc_vec3_norm(demc_vec3_sub(r1.torque_i, r2.torque_j)) / (scale * R));
            }
        }
    }
    printf("    swap: the other side's force and torques to %.2e\n", worst);
    CHECK(worst < 1e-9);
    memcpy(s3, s1, sizeof s1);
    demc_contact_state_swap(&model, s3);
    demc_contact_state_swap(&model, s3);
    CHECK(memcmp(s1, s3, sizeof s1) == 0);
}

/* ---------- release ---------- */

/* The contact ends: the springs' energy is released as tangential exchange, the whole state is zero. */
static void release_at_the_end(void)
{
    static rig r;
    demc_contact_frame f;
    demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
    size_t k;
    double held;
    rig_init(&r, 0);
    for (k = 1; k <= 50; ++k) rig_step(&r, A0, 0.5 * slip_displacement(A0) * (double)k / 50.0);
    held = r.stored;
    CHECK(held > 0.0);
    memset(&f, 0, sizeof f);
    f.overlap = -1e-9;
    f.normal = v3(0, 0, 1);
    f.effective_radius = RS;
    f.effective_mass = 1.0;
    demc_contact_eval(&r.model, &f, 1.0, r.state, &d);
    CHECK(d.tangential_exchange == held);
    CHECK(d.tangential_energy == 0.0 && d.friction_dissipation == 0.0);
    for (k = 0; k < demc_contact_model_state_size(&r.model); ++k) CHECK(r.state[k] == 0.0);
    /* and a new contact starts from zero */
    CHECK(rig_step(&r, A0, r.s) == 0.0);
}

/* ---------- the batch ---------- */

#define NB 40
#define NC 120
static unsigned long long rng = 0x2545F4914F6CDD1DULL;
static double uniform(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (double)((rng * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}

/* The kind of HM+D with the MDR law, as an integer constant expression (for demc_contact_eval_kind()). */
#define KIND_HMD_MDR \
    DEMC_CONTACT_KIND(DEMC_NORMAL_HERTZ, DEMC_DAMPING_VISCOUS, DEMC_TANGENTIAL_MDR, DEMC_INCREMENT_VELOCITY, 0, 0)

/* A loose cluster, sphere pairs and a moving plane, through a few steps with memory: the batch (the scalar loop of
 * the MDR kind) gives the single calls' forces, torques and states bit for bit, accumulators included; so does
 * demc_contact_eval_kind() with the kind as a constant (header-only: the body with that kind folded in). */
static void batch_equals_single_calls(void)
{
    static double x[NB][3], v[NB][3], w[NB][3], radius[NB], mass[NB];
    static int bi[NC], bj[NC];
    static double st_batch[NC * 256], st_single[NC * 256], st_kind[NC * 256];
    static double force[NC * 3], ti[NC * 3], tj[NC * 3], bf[NB * 3], sf[NB * 3];
    const demc_material g = demc_material_make(7e10, 0.3, 2650.0);
    const size_t stride = 200;
    int wall, variant;
    for (variant = 0; variant < 2; ++variant)
        for (wall = 0; wall < 2; ++wall) {
            demc_contact_def def = mdr_def(DEMC_CONTACT_PRESET_HMD, variant ? 24 : 0);
            demc_contact_model model;
            demc_wall plane;
            long mismatches = 0, touching = 0;
            int k, d, step;
            size_t q;
            CHECK(demc_material_moduli_init(&g, &g, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
            def.restitution = 0.7;
            def.friction.mu_static = def.friction.mu_dynamic = 0.3;
            if (variant) def.transport = DEMC_TRANSPORT_PROJECT, def.increment = DEMC_INCREMENT_ROLLING;
            CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
            CHECK(demc_contact_model_state_size(&model) <= stride);
            for (k = 0; k < NB; ++k) {
                for (d = 0; d < 3; ++d) {
                    x[k][d] = 0.03 * uniform();
                    v[k][d] = 0.5 * (2 * uniform() - 1);
                    w[k][d] = 50.0 * (2 * uniform() - 1);
                }
                radius[k] = 4e-3 + 2e-3 * uniform();
                mass[k] = 2650.0 * 4.18879020478639098 * radius[k] * radius[k] * radius[k];
            }
            for (k = 0; k < NC; ++k) {
                bi[k] = (int)(uniform() * NB);
                bj[k] = (bi[k] + 1 + (int)(uniform() * (NB - 1))) % NB;
            }
            plane.point = v3(0, 0, 0.012), plane.normal = v3(0, 0, 1), plane.velocity = v3(0.1, 0, -0.05);
            plane.angular_velocity = v3(0, 0, 0);
            memset(st_batch, 0, sizeof st_batch);
            memset(st_single, 0, sizeof st_single);
            memset(st_kind, 0, sizeof st_kind);
            if (!variant) CHECK(demc_contact_model_kind(&model) == KIND_HMD_MDR);
            for (step = 0; step < 6; ++step) {
                demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
                b.count = NC, b.i = bi, b.j = bj;
                b.position = &x[0][0], b.velocity = &v[0][0], b.angular_velocity = &w[0][0];
                b.radius = radius, b.mass = mass, b.vector_stride = 3, b.scalar_stride = 1;
                b.state = st_batch, b.state_stride = stride;
                b.force = force, b.torque_i = ti, b.torque_j = tj, b.body_force = bf;
                memset(bf, 0, sizeof bf);
                memset(sf, 0, sizeof sf);
                CHECK((wall ? demc_contact_eval_batch_wall(&model, &b, &plane, 1e-6, NULL)
                            : demc_contact_eval_batch(&model, &b, 1e-6, NULL)) == DEMC_OK);
                for (q = 0; q < NC; ++q) {
                    demc_body p, o;
                    demc_contact_result r;
                    p.position = v3(x[bi[q]][0], x[bi[q]][1], x[bi[q]][2]);
                    p.velocity = v3(v[bi[q]][0], v[bi[q]][1], v[bi[q]][2]);
                    p.angular_velocity = v3(w[bi[q]][0], w[bi[q]][1], w[bi[q]][2]);
                    p.radius = radius[bi[q]], p.mass = mass[bi[q]], p.inertia = 0.0;
                    o.position = v3(x[bj[q]][0], x[bj[q]][1], x[bj[q]][2]);
                    o.velocity = v3(v[bj[q]][0], v[bj[q]][1], v[bj[q]][2]);
                    o.angular_velocity = v3(w[bj[q]][0], w[bj[q]][1], w[bj[q]][2]);
                    o.radius = radius[bj[q]], o.mass = mass[bj[q]], o.inertia = 0.0;
                    {
                        const demc_contact_frame f = wall ? demc_contact_frame_sphere_wall(&model, &p, &plane)
                                                          : demc_contact_frame_sphere_sphere(&model, &p, &o);
                        const demc_contact_result rk =
                            demc_contact_eval_kind(KIND_HMD_MDR, &model, &f, 1e-6, st_kind + q * stride, NULL);
                        r = demc_contact_eval(&model, &f, 1e-6, st_single + q * stride, NULL);
                        mismatches += memcmp(&r, &rk, sizeof r) != 0;
                    }
                    if (r.overlap > 0) ++touching;
                    mismatches += memcmp(&r.force.x, force + 3 * q, 3 * sizeof(double)) != 0;
                    mismatches += memcmp(&r.torque_i.x, ti + 3 * q, 3 * sizeof(double)) != 0;
                    mismatches += memcmp(&r.torque_j.x, tj + 3 * q, 3 * sizeof(double)) != 0;
                    for (d = 0; d < 3; ++d) {
                        sf[3 * bi[q] + d] += force[3 * q + d];
                        if (!wall) sf[3 * bj[q] + d] -= force[3 * q + d];
                    }
                }
                mismatches += memcmp(st_single, st_batch, sizeof st_single) != 0;
                mismatches += memcmp(st_single, st_kind, sizeof st_single) != 0;
                mismatches += memcmp(sf, bf, sizeof sf) != 0;
                for (k = 0; k < NB; ++k) /* move on: a few micrometres a step */
                    for (d = 0; d < 3; ++d) x[k][d] += 2e-6 * v[k][d] / 0.5 * (d == 2 ? -1.0 : 1.0);
            }
            printf("    batch = single calls (%s, %s): %ld touching evaluations, %ld mismatches\n",
                   wall ? "plane" : "pairs", variant ? "24 springs, projection, rolling increment" : "default",
                   touching, mismatches);
            CHECK(mismatches == 0);
            CHECK(touching > 20);
        }
}

/* ---------- oblique impacts against an independent solution ---------- */

/* Steel-like spheres (E = 200 GPa, ν = 0.3, ρ = 7800 kg/m³, R = 5 mm, μ = 0.3) hit a rigid plane, or each other
 * head on (equal spheres, the relative normal velocity 1 m/s either way), at the incidence θ (tan θ = v_t/v_n of
 * the contact points), in the x-z plane; undamped Hertz force (HM) with DEMC_TANGENTIAL_MDR at the default
 * resolution. The same velocity-Verlet integrator moves the bodies with the forces of demc_contact_eval() (the
 * library) or of an independent solution written here (obl_reference_force(), which calls no demc code): its own
 * geometry (the line of centres, the overlap, the tangent t ⊥ n in the plane, the contact point at R − sδ from
 * each centre as the library's compliance rule puts it, s = 1 for the sphere on the rigid plane and ½ for equal
 * spheres), its own Hertz force (4/3)E*√R* δ^{3/2}, and the continuum MDR bed of Popov and Heß as point springs at
 * fixed positions x_k = (k + ½)h_x, each with the limit μE*(δ − x²/R*)/(4G*), entering at zero, clamped at the
 * step's limit, moved by the step's slip s·Δt along t (a scalar: the motion is planar, the bed turns with t) and
 * clamped again: T = −8G*h_x Σu_k. OBL_POINTS springs on 1.05 a_max; OBL_STEPS steps a Hertz contact time. e_t =
 * −s_out/s_in with s the tangential velocity of the contact points (lever R out of contact); Ω the rebound spin of
 * body i about y. */
#ifndef OBL_STEPS
#define OBL_STEPS 2000
#endif
#ifndef OBL_POINTS
#define OBL_POINTS 4000
#endif
typedef struct obl_body {
    double x, z, vx, vz, w; /* centre (m), velocity (m/s), spin about +y (rad/s) */
} obl_body;
typedef struct obl_problem {
    int pair;                     /* 0: sphere i on the rigid plane z = 0; 1: two equal spheres */
    double R, m, I, es, gs, mu;   /* radius, mass, inertia of one sphere; E*, G* of the contact; μ */
    double rs, share, hx;         /* R*, the share of δ in i's lever, the reference's spring spacing */
    const demc_contact_model *model; /* the library's model (NULL: the reference) */
    double *state;                /* the library's state */
    double u[OBL_POINTS], a_prev; /* the reference's bed */
} obl_problem;
typedef struct obl_result {
    double et, spin, smin; /* e_t, Ω_i (rad/s), the smallest s during the contact (m/s) */
} obl_result;

/* The reference: force on i (fx, fz) and the torques about +y on i and j, from the bodies (j ignored on the plane). */
static void obl_reference_force(obl_problem *p, const obl_body *bi, const obl_body *bj, double dt, double *fx,
                                double *fz, double *ti, double *tj)
{
    const double dx = p->pair ? bi->x - bj->x : 0.0, dz = p->pair ? bi->z - bj->z : bi->z;
    const double dist = sqrt(dx * dx + dz * dz), delta = (p->pair ? 2.0 * p->R : p->R) - dist;
    double nx, nz, tx, tz, a, fn, cap, sum = 0.0, lever_i, lever_j, vcx, vcz, slip, t;
    int k;
    *fx = *fz = *ti = *tj = 0.0;
    if (!(delta > 0.0)) { /* apart: the springs are released */
        memset(p->u, 0, sizeof p->u);
        p->a_prev = 0.0;
        return;
    }
    nx = dx / dist, nz = dz / dist; /* from j (or the plane) to i */
    tx = nz, tz = -nx;              /* ⊥ n in the plane */
    a = sqrt(p->rs * delta);
    fn = 4.0 / 3.0 * p->es * sqrt(p->rs) * delta * sqrt(delta);
    lever_i = p->R - p->share * delta, lever_j = p->R - (1.0 - p->share) * delta;
    /* the contact point of i at c_i − lever_i n, of j at c_j + lever_j n; ω ŷ × d = ω (d_z, 0, −d_x) */
    vcx = bi->vx + bi->w * (-lever_i * nz), vcz = bi->vz - bi->w * (-lever_i * nx);
    if (p->pair) vcx -= bj->vx + bj->w * (lever_j * nz), vcz -= bj->vz - bj->w * (lever_j * nx);
    slip = vcx * tx + vcz * tz;
    for (k = 0; k < OBL_POINTS; ++k) {
        const double x = (k + 0.5) * p->hx;
        if (!(x < a)) {
            p->u[k] = 0.0;
            continue;
        }
        cap = p->mu * p->es * (delta - x * x / p->rs) / (4.0 * p->gs);
        if (!(x < p->a_prev)) p->u[k] = 0.0; /* entering at zero */
        p->u[k] = p->u[k] > cap ? cap : p->u[k] < -cap ? -cap : p->u[k];
        p->u[k] += slip * dt;
        p->u[k] = p->u[k] > cap ? cap : p->u[k] < -cap ? -cap : p->u[k];
        sum += p->u[k];
    }
    p->a_prev = a;
    t = -8.0 * p->gs * p->hx * sum;
    *fx = fn * nx + t * tx, *fz = fn * nz + t * tz;
    /* torque d × F about y: d_z F_x − d_x F_z; on i with d_i = −lever_i n, on j (force −F) with d_j = +lever_j n */
    *ti = (-lever_i * nz) * *fx - (-lever_i * nx) * *fz;
    *tj = (lever_j * nz) * (-*fx) - (lever_j * nx) * (-*fz);
}

static void obl_library_force(obl_problem *p, const obl_body *bi, const obl_body *bj, double dt, double *fx,
                              double *fz, double *ti, double *tj)
{
    demc_body a, b;
    demc_contact_frame f;
    demc_contact_result r;
    a.position = v3(bi->x, 0, bi->z), a.velocity = v3(bi->vx, 0, bi->vz), a.angular_velocity = v3(0, bi->w, 0);
    a.radius = p->R, a.mass = p->m, a.inertia = p->I;
    if (p->pair) {
        b.position = v3(bj->x, 0, bj->z), b.velocity = v3(bj->vx, 0, bj->vz), b.angular_velocity = v3(0, bj->w, 0);
        b.radius = p->R, b.mass = p->m, b.inertia = p->I;
        f = demc_contact_frame_sphere_sphere(p->model, &a, &b);
    } else {
        demc_wall wall;
        wall.point = v3(0, 0, 0), wall.normal = v3(0, 0, 1), wall.velocity = wall.angular_velocity = v3(0, 0, 0);
        f = demc_contact_frame_sphere_wall(p->model, &a, &wall);
    }
    r = demc_contact_eval(p->model, &f, dt, p->state, NULL);
    *fx = r.force.x, *fz = r.force.z, *ti = r.torque_i.y, *tj = r.torque_j.y;
    CHECK(fabs(r.force.y) + fabs(r.torque_i.x) + fabs(r.torque_i.z) <= 1e-9 * (fabs(r.force.x) + fabs(r.force.z)));
}

/* Tangential velocity of the contact points along t, with the lever R (the bodies apart, or just touching). */
static double obl_slip(const obl_problem *p, const obl_body *bi, const obl_body *bj)
{
    const double dx = p->pair ? bi->x - bj->x : 0.0, dz = p->pair ? bi->z - bj->z : 1.0, d = sqrt(dx * dx + dz * dz);
    const double nx = dx / d, nz = dz / d;
    double vx = bi->vx - bi->w * p->R * nz, vz = bi->vz - bi->w * p->R * nx;
    if (p->pair) vx -= bj->vx + bj->w * p->R * nz, vz -= bj->vz - bj->w * p->R * nx;
    return vx * nz + vz * (-nx);
}

static obl_result obl_impact(int pair, double theta_deg, const demc_contact_model *model)
{
    static obl_problem p;
    static double state[DEMC_CONTACT_STATE_MAX];
    const double E = 200e9, nu = 0.3, G = E / (2.0 * (1.0 + nu)), vn = 1.0, vt = vn * tan(theta_deg * PI / 180.0);
    obl_body bi, bj;
    obl_result out;
    double dt, fx = 0, fz = 0, ti = 0, tj = 0, s_in, m_eff, dmax;
    int k, touched = 0;
    memset(&p, 0, sizeof p);
    memset(state, 0, sizeof state);
    memset(&bj, 0, sizeof bj);
    p.pair = pair, p.model = model, p.state = state;
    p.R = 5e-3, p.mu = 0.3;
    p.m = 7800.0 * 4.0 / 3.0 * PI * p.R * p.R * p.R, p.I = 0.4 * p.m * p.R * p.R;
    /* a rigid plane: E* = E/(1 − ν²), 1/G* = (2 − ν)/G; equal spheres: twice the compliance of one */
    p.es = E / (1.0 - nu * nu) / (pair ? 2.0 : 1.0), p.gs = G / (2.0 - nu) / (pair ? 2.0 : 1.0);
    p.rs = pair ? 0.5 * p.R : p.R, p.share = pair ? 0.5 : 1.0;
    m_eff = pair ? 0.5 * p.m : p.m;
    dmax = pow(15.0 * m_eff * vn * vn / (16.0 * p.es * sqrt(p.rs)), 0.4);
    dt = 3.2187 * dmax / vn / OBL_STEPS; /* Hertz contact time / OBL_STEPS */
    p.hx = 1.05 * sqrt(p.rs * dmax) / OBL_POINTS;
    if (pair) {
        bi.x = 0, bi.z = p.R + 1e-12, bi.vx = 0.5 * vt, bi.vz = -0.5 * vn, bi.w = 0;
        bj.x = 0, bj.z = -p.R - 1e-12, bj.vx = -0.5 * vt, bj.vz = 0.5 * vn, bj.w = 0;
    } else {
        bi.x = 0, bi.z = p.R + 1e-12, bi.vx = vt, bi.vz = -vn, bi.w = 0;
    }
    s_in = obl_slip(&p, &bi, &bj);
    out.smin = s_in;
    for (k = 0; k < 100 * OBL_STEPS; ++k) {
        double delta;
        bi.vx += 0.5 * dt * fx / p.m, bi.vz += 0.5 * dt * fz / p.m, bi.w += 0.5 * dt * ti / p.I;
        bj.vx -= 0.5 * dt * fx / p.m, bj.vz -= 0.5 * dt * fz / p.m, bj.w += 0.5 * dt * tj / p.I;
        bi.x += dt * bi.vx, bi.z += dt * bi.vz;
        if (pair) bj.x += dt * bj.vx, bj.z += dt * bj.vz;
        if (model) obl_library_force(&p, &bi, &bj, dt, &fx, &fz, &ti, &tj);
        else obl_reference_force(&p, &bi, &bj, dt, &fx, &fz, &ti, &tj);
        bi.vx += 0.5 * dt * fx / p.m, bi.vz += 0.5 * dt * fz / p.m, bi.w += 0.5 * dt * ti / p.I;
        if (pair) bj.vx -= 0.5 * dt * fx / p.m, bj.vz -= 0.5 * dt * fz / p.m, bj.w += 0.5 * dt * tj / p.I;
        delta = pair ? 2.0 * p.R - sqrt((bi.x - bj.x) * (bi.x - bj.x) + (bi.z - bj.z) * (bi.z - bj.z)) : p.R - bi.z;
        if (delta > 0.0) {
            const double s = obl_slip(&p, &bi, &bj);
            touched = 1;
            out.smin = s < out.smin ? s : out.smin;
        } else if (touched) {
            break;
        }
    }
    CHECK(touched && k < 100 * OBL_STEPS);
    out.et = -obl_slip(&p, &bi, &bj) / s_in;
    out.spin = bi.w;
    return out;
}

/* Tangential restitution and rebound spin against the independent solution (to 0.01 in e_t and 2 % in the spin),
 * and the features Maw, Barber & Fawcett describe (N. Maw, J.R. Barber, J.N. Fawcett, "The oblique impact of
 * elastic spheres", Wear 38 (1976) 101-114; J. Lubr. Technol. 103 (1981) 74-80): at small incidence the contact
 * points' tangential velocity reverses during the impact and e_t < 0; e_t rises through 0 to a positive maximum in
 * the micro-slip range; beyond tan θ = 3.5μ(1 + e) the spheres slide throughout and e_t = −1 + 3.5μ(1 + e)cot θ,
 * e = 1 (Coulomb, rigid bodies: ds/dt = 3.5 T/m for a solid sphere), with the spin 2.5μ(1 + e)v_n/R, checked on
 * the plane. (Two spheres sliding past each other turn their line of centres during the impact, by about
 * v_t t_c/2R = 0.02 rad at 85°, which changes the normal impact itself: −0.851 instead of Coulomb's −0.816 at 85°;
 * the reference has the same geometry, and the library agrees with it there as everywhere.) */
static void oblique_impacts_against_the_exact_solution(void)
{
    const double angles[10] = {0.5, 2.0, 5.0, 10.0, 15.0, 20.0, 30.0, 45.0, 70.0, 85.0};
    const double E = 200e9, nu = 0.3, G = E / (2.0 * (1.0 + nu));
    int pair, i;
    for (pair = 0; pair < 2; ++pair) {
        demc_contact_def def;
        demc_contact_model model;
        double et_max = -1.0, worst_et = 0.0, worst_spin = 0.0;
        CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_HM, sizeof def, &def, NULL) == DEMC_OK);
        def.moduli.effective_modulus = E / (1.0 - nu * nu) / (pair ? 2.0 : 1.0);
        def.moduli.effective_shear_modulus = G / (2.0 - nu) / (pair ? 2.0 : 1.0);
        def.moduli.compliance_asymmetry = pair ? 0.0 : 1.0;
        def.tangential = DEMC_TANGENTIAL_MDR;
        def.friction.mu_static = def.friction.mu_dynamic = 0.3;
        CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
        printf("    oblique impacts, %s, %d steps a contact (reference: %d point springs):\n"
               "      angle   e_t exact  e_t demc  spin exact  spin demc (rad/s)  s reverses (exact, demc)\n",
               pair ? "two equal spheres" : "sphere on a rigid plane", OBL_STEPS, OBL_POINTS);
        for (i = 0; i < 10; ++i) {
            const obl_result r = obl_impact(pair, angles[i], NULL), q = obl_impact(pair, angles[i], &model);
            const double cot = 1.0 / tan(angles[i] * PI / 180.0);
            printf("      %5.1f   %9.4f  %8.4f  %10.2f  %17.2f  %s, %s\n", angles[i], r.et, q.et, r.spin, q.spin,
                   r.smin < 0.0 ? "yes" : "no", q.smin < 0.0 ? "yes" : "no");
            CHECK_ABS(q.et, r.et, 0.01);
            CHECK_REL(q.spin, r.spin, 0.02);
            worst_et = fmax(worst_et, fabs(q.et - r.et));
            worst_spin = fmax(worst_spin, fabs(q.spin / r.spin - 1.0));
            if (angles[i] <= 5.0) CHECK(r.smin < 0.0 && q.smin < 0.0 && r.et < 0.0 && q.et < 0.0);
            if (angles[i] <= 45.0) et_max = fmax(et_max, q.et);
            if (angles[i] >= 70.0 && !pair) { /* gross sliding throughout (tan θ > 2.1) */
                CHECK_ABS(q.et, -1.0 + 7.0 * 0.3 * cot, 3e-3);
                CHECK_REL(q.spin, 5.0 * 0.3 * 1.0 / 5e-3 / (pair ? 2.0 : 1.0), 3e-3);
            }
        }
        printf("      largest difference: %.1e in e_t, %.1e relative in the spin\n", worst_et, worst_spin);
        CHECK(et_max > 0.3); /* the positive maximum of the micro-slip range */
    }
}

int main(void)
{
    RUN(selection_layout_and_statuses);
    RUN(constant_load_branches);
    RUN(varying_load_closed_forms);
    RUN(gross_sliding_is_coulomb);
    RUN(energy_of_oblique_impacts);
    RUN(transport_with_the_frame);
    RUN(projection_keeps_each_spring);
    RUN(eval_is_the_kernel);
    RUN(swap_gives_the_other_side);
    RUN(release_at_the_end);
    RUN(batch_equals_single_calls);
    RUN(oblique_impacts_against_the_exact_solution);
    return harness_finish("test_contact_mdr");
}
