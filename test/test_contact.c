/* contact.h: the description, the compiled model and its statuses; the state slice; the evaluation against the
 * pre-0.9 one (to 1e-14) and against physical laws (Newton's third law, objectivity, energy balance of an
 * integrated collision, non-negative dissipation), the restitution the models were set up for; the contact point. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "demc.h"
#include "demc/analysis.h"
#include "harness.h"
#include "support/legacy_contact.h"
#include "support/setup_checks.h"

static demc_vec3 v3(double x, double y, double z) { return demc_vec3_make(x, y, z); }

/* xorshift64*, uniform in [0, 1) */
static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;
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

enum { LSD, HMD, PLSB, HM, CAMPELLO, NMODELS };
static const char *model_name[NMODELS] = {"LS+D", "HM+D", "PLS(B)", "HM", "001"};
static const demc_contact_preset preset_of[NMODELS] = {DEMC_CONTACT_PRESET_LSD, DEMC_CONTACT_PRESET_HMD,
                                                       DEMC_CONTACT_PRESET_PLSB, DEMC_CONTACT_PRESET_HM,
                                                       DEMC_CONTACT_PRESET_CAMPELLO};
static const demc_contact_kind kind_of[NMODELS] = {DEMC_CONTACT_KIND_LSD, DEMC_CONTACT_KIND_HMD, DEMC_CONTACT_KIND_PLSB,
                                                   DEMC_CONTACT_KIND_HM, DEMC_CONTACT_KIND_CAMPELLO};

/* A contact's state as the host keeps it: demc_contact_model_state_size() doubles of a fixed-size array. */
typedef struct cstate {
    double d[DEMC_CONTACT_STATE_MAX];
} cstate;

/* The tangential spring's force memory inside the state: doubles 3-5 of the layout the contact page documents for
 * the spring models with the rotation transport (previous normal, elastic force, stiffness, normal force, slip flag,
 * then the elastic displacement where a convention reads it, then PLS(B)'s latch). */
static demc_vec3 spring_force(const cstate *s) { return demc_vec3_make(s->d[3], s->d[4], s->d[5]); }

/* What one evaluation gives with its energy terms, in one struct (the result and the diag). */
typedef struct full_result {
    demc_vec3 force, torque_i, torque_j;
    double overlap, normal_force, normal_energy, tangential_energy, viscous_dissipation, friction_dissipation,
        plastic_dissipation, tangential_exchange;
    int sliding;
} full_result;

static full_result full(demc_contact_result r, const demc_contact_diag *d)
{
    full_result f;
    f.force = r.force;
    f.torque_i = r.torque_i;
    f.torque_j = r.torque_j;
    f.overlap = r.overlap;
    f.normal_force = r.normal_force;
    f.normal_energy = d->normal_energy;
    f.tangential_energy = d->tangential_energy;
    f.viscous_dissipation = d->viscous_dissipation;
    f.friction_dissipation = d->friction_dissipation;
    f.plastic_dissipation = d->plastic_dissipation;
    f.tangential_exchange = d->tangential_exchange;
    f.sliding = d->sliding;
    return f;
}

static full_result eval_pair(const demc_contact_model *m, const demc_body *i, const demc_body *j, double dt,
                             cstate *s)
{
    demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
    demc_contact_frame f = demc_contact_frame_sphere_sphere(m, i, j);
    demc_contact_result r = demc_contact_eval(m, &f, dt, s->d, &d);
    return full(r, &d);
}

static full_result eval_wall(const demc_contact_model *m, const demc_body *i, const demc_wall *w, double dt,
                             cstate *s)
{
    demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
    demc_contact_frame f = demc_contact_frame_sphere_wall(m, i, w);
    demc_contact_result r = demc_contact_eval(m, &f, dt, s->d, &d);
    return full(r, &d);
}

/* Glass-like spheres, 5 mm, and each model's description. */
static demc_material glass(void) { return demc_material_make(7e10, 0.3, 2650.0); }
static demc_contact_def model_def(int m, double e, double mu)
{
    demc_material g = glass();
    demc_contact_def def;
    CHECK(demc_contact_def_init(preset_of[m], sizeof def, &def, NULL) == DEMC_OK);
    CHECK(demc_material_moduli_init(&g, &g, m == CAMPELLO ? DEMC_SHEAR_CAMPELLO : DEMC_SHEAR_MINDLIN, &def.moduli,
                                    NULL) == DEMC_OK);
    def.normal_stiffness = 1e6;
    def.stiffness_ratio = demc_tangential_stiffness_ratio(0.3);
    def.restitution = e;
    def.friction.mu_static = mu;
    def.friction.mu_dynamic = m == CAMPELLO ? 0.8 * mu : mu;
    return def;
}
static void model_params(int m, double e, double mu, demc_contact_model *p)
{
    demc_contact_def def = model_def(m, e, mu);
    CHECK(demc_contact_model_init(&def, p, NULL) == DEMC_OK);
}

static demc_body sphere(demc_vec3 x, demc_vec3 v, demc_vec3 w, double radius)
{
    demc_body b;
    b.position = x;
    b.velocity = v;
    b.angular_velocity = w;
    b.radius = radius;
    b.mass = 4.0 / 3.0 * 3.14159265358979323846 * radius * radius * radius * 2650.0;
    b.inertia = 0.0; /* a solid sphere */
    return b;
}

static double rel_diff(demc_vec3 a, demc_vec3 b, double scale)
{
    return demc_vec3_norm(demc_vec3_sub(a, b)) / scale;
}

static int result_finite(const full_result *r)
{
    return demc_vec3_is_finite(r->force) && demc_vec3_is_finite(r->torque_i) && demc_vec3_is_finite(r->torque_j) &&
           demc_is_finite(r->normal_energy) && demc_is_finite(r->tangential_energy) &&
           demc_is_finite(r->viscous_dissipation) && demc_is_finite(r->friction_dissipation) &&
           demc_is_finite(r->plastic_dissipation);
}

/* ---------- description and compiled model ---------- */

/* The presets: each one's slots and conventions, its kind, its state size; the model records them. */
static void presets_and_kinds(void)
{
    int m;
    for (m = 0; m < NMODELS; ++m) {
        demc_contact_def def = model_def(m, 0.7, 0.4);
        demc_contact_model model;
        const char *field = "unset";
        CHECK(def.size == sizeof def);
        CHECK(demc_contact_model_init(&def, &model, &field) == DEMC_OK && field == NULL);
        CHECK(demc_contact_model_kind(&model) == kind_of[m]);
        CHECK(demc_contact_model_state_size(&model) == (m == PLSB ? 10u : m == CAMPELLO ? 12u : 9u));
        CHECK(demc_contact_model_state_size(&model) <= DEMC_CONTACT_STATE_MAX);
        CHECK(demc_contact_model_range(&model) == 0.0);
        if (harness_case_failed) printf("  model %s\n", model_name[m]);
    }
    {
        demc_contact_def d = demc_contact_def_default(), h;
        demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof h, &h, NULL);
        CHECK(memcmp(&d, &h, sizeof d) == 0);
        CHECK(d.normal == DEMC_NORMAL_HERTZ && d.damping == DEMC_DAMPING_VISCOUS &&
              d.tangential == DEMC_TANGENTIAL_SPRING && d.rolling == DEMC_ROLLING_NONE);
        CHECK(d.friction.stiffness_rule == DEMC_STIFFNESS_AVERAGE && d.tangential_damping_scale == 1.0);
    }
    /* The conventions of the presets that differ from the default. */
    {
        demc_contact_def d;
        demc_contact_def_init(DEMC_CONTACT_PRESET_HM, sizeof d, &d, NULL);
        CHECK(d.damping == DEMC_DAMPING_NONE && d.friction.unloading == DEMC_UNLOADING_KEEP);
        demc_contact_def_init(DEMC_CONTACT_PRESET_CAMPELLO, sizeof d, &d, NULL);
        CHECK(d.increment == DEMC_INCREMENT_ROLLING && d.friction.stiffness_rule == DEMC_STIFFNESS_TOTAL &&
              d.tangential_damping_scale == 0.0);
        demc_contact_def_init(DEMC_CONTACT_PRESET_PLSB, sizeof d, &d, NULL);
        CHECK(d.normal == DEMC_NORMAL_PLSB && d.damping == DEMC_DAMPING_NONE);
    }
    /* A frictionless model without memory keeps no state. */
    {
        demc_contact_def d = model_def(HMD, 0.7, 0.4);
        demc_contact_model model;
        d.tangential = DEMC_TANGENTIAL_NONE;
        CHECK(demc_contact_model_init(&d, &model, NULL) == DEMC_OK && demc_contact_model_state_size(&model) == 0);
    }
}

/* demc_contact_def_init(): statuses, names, output untouched on error; a caller's larger struct gets a zero tail. */
static void def_init_statuses(void)
{
    demc_contact_def d;
    unsigned char big[sizeof(demc_contact_def) + 16];
    const char *field = "unset";
    size_t k;
    memset(&d, SETUP_POISON, sizeof d);
    CHECK(setup_failed_as(demc_contact_def_init((demc_contact_preset)5, sizeof d, &d, &field), &field,
                          DEMC_ERR_INVALID_ARGUMENT, "preset"));
    CHECK(setup_failed_as(demc_contact_def_init((demc_contact_preset)-1, sizeof d, NULL, &field), &field,
                          DEMC_ERR_INVALID_ARGUMENT, "preset"));
    CHECK(setup_failed_as(demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, DEMC_CONTACT_DEF_SIZE_1_0 - 1, &d, &field),
                          &field, DEMC_ERR_INVALID_ARGUMENT, "size"));
    CHECK(setup_failed_as(demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof d, NULL, &field), &field,
                          DEMC_ERR_INVALID_ARGUMENT, "def"));
    CHECK(setup_untouched(&d, sizeof d));
    memset(big, SETUP_POISON, sizeof big);
    CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_LSD, sizeof big, (demc_contact_def *)(void *)big, &field) ==
              DEMC_OK &&
          field == NULL);
    for (k = sizeof(demc_contact_def); k < sizeof big; ++k) CHECK(big[k] == 0);
}

/* demc_contact_model_init(): a model written only on success; the size rule of a sized struct; slot values of a
 * newer library; incompatible slots. */
static void model_init_statuses(void)
{
    demc_contact_def d = model_def(HMD, 0.8, 0.5);
    demc_contact_model m;
    const char *field = "unset";
    union {
        demc_contact_def def;
        unsigned char bytes[sizeof(demc_contact_def) + 16];
    } big;
    memset(&m, SETUP_POISON, sizeof m);
    CHECK(setup_failed_as(demc_contact_model_init(NULL, &m, &field), &field, DEMC_ERR_INVALID_ARGUMENT, "def"));
    CHECK(setup_failed_as(demc_contact_model_init(&d, NULL, &field), &field, DEMC_ERR_INVALID_ARGUMENT, "model"));
    d.size = DEMC_CONTACT_DEF_SIZE_1_0 - 8; /* below the 1.0 size (sizeof d is larger since 1.1) */
    CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_INVALID_ARGUMENT, "def.size"));
    d = model_def(HMD, 0.8, 0.5);
    d.rolling = (demc_rolling_law)(DEMC_ROLLING_SDS + 1); /* a law of a newer library */
    CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_UNSUPPORTED, "def.rolling"));
    d = model_def(HMD, 0.8, 0.5);
    d.normal = (demc_normal_law)-2;
    CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_INVALID_ARGUMENT, "def.normal"));
    d = model_def(PLSB, 0.8, 0.5);
    d.damping = DEMC_DAMPING_VISCOUS;
    CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_OUT_OF_DOMAIN, "def.damping"));
    /* PLS(B) with k/e beyond DBL_MAX: its latch is not representable, the stiffness is named. */
    d = model_def(PLSB, 0.5, 0.5);
    d.normal_stiffness = 0.9 * DBL_MAX;
    CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_SINGULAR, "def.normal_stiffness"));
    CHECK(setup_untouched(&m, sizeof m));
    /* A newer caller's larger struct: accepted with a zero tail, DEMC_ERR_UNSUPPORTED with a non-zero one. */
    memset(&big, 0, sizeof big);
    big.def = model_def(HMD, 0.8, 0.5);
    big.def.size = sizeof big;
    CHECK(demc_contact_model_init(&big.def, &m, &field) == DEMC_OK && field == NULL);
    big.bytes[sizeof(demc_contact_def) + 3] = 1;
    CHECK(setup_failed_as(demc_contact_model_init(&big.def, &m, &field), &field, DEMC_ERR_UNSUPPORTED, "def.size"));
    /* A field no selected law reads is not checked: the linear stiffness of a Hertz model, μ without friction. */
    d = model_def(HMD, 0.8, 0.5);
    d.normal_stiffness = -1.0;
    d.stiffness_ratio = -1.0;
    CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
    d.tangential = DEMC_TANGENTIAL_NONE;
    d.friction.mu_static = -1.0;
    CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
    /* Restitution 1 and ν = 0.5 (κ = 2/3) are inside the domain. */
    d = model_def(LSD, 1.0, 0.5);
    d.stiffness_ratio = demc_tangential_stiffness_ratio(0.5);
    CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
}

/* Sets field k of a HM+D description, in declaration order of the fields a HM+D model reads. */
static void hmd_def_set(void *object, int k, double v)
{
    demc_contact_def *d = (demc_contact_def *)object;
    switch (k) {
    case 0: d->moduli.effective_modulus = v; break;
    case 1: d->moduli.effective_shear_modulus = v; break;
    case 2: d->moduli.compliance_asymmetry = v; break;
    case 3: d->restitution = v; break;
    case 4: d->end = (demc_contact_end)(int)v; break;
    case 5: d->tangential_damping_scale = v; break;
    case 6: d->friction.mu_static = v; break;
    case 7: d->friction.mu_dynamic = v; break;
    case 8: d->friction.stiffness_rule = (demc_stiffness_rule)(int)v; break;
    case 9: d->friction.recalculation = (demc_slip_recalculation)(int)v; break;
    case 10: d->friction.direction = (demc_slip_direction)(int)v; break;
    case 11: d->friction.unloading = (demc_unloading_rule)(int)v; break;
    case 12: d->friction.coulomb = (demc_coulomb_policy)(int)v; break;
    case 13: d->transport = (demc_memory_transport)(int)v; break;
    case 14: d->transport_spin = (int)v; break;
    case 15: d->contact_point = (demc_contact_point_rule)(int)v; break;
    default: d->coulomb_load = (demc_coulomb_load)(int)v; break; /* 1.1, the last field a HM+D model reads */
    }
}

/* Sets field k of a LS+D description (the fields a linear model reads between the moduli and the restitution). */
static void lsd_def_set(void *object, int k, double v)
{
    demc_contact_def *d = (demc_contact_def *)object;
    if (k == 0) d->moduli.compliance_asymmetry = v;
    else if (k == 1) d->normal_stiffness = v;
    else if (k == 2) d->stiffness_ratio = v;
    else hmd_def_set(object, k, v);
}

/* demc_contact_model_init(): each bad field alone, then with every later field bad too, gives its status and its
 * name ("def.<field>"). */
static void model_init_names_the_bad_field(void)
{
    const char *const hmd_name[17] = {
        "def.moduli.effective_modulus", "def.moduli.effective_shear_modulus", "def.moduli.compliance_asymmetry",
        "def.restitution", "def.end", "def.tangential_damping_scale", "def.friction.mu_static",
        "def.friction.mu_dynamic", "def.friction.stiffness_rule", "def.friction.recalculation",
        "def.friction.direction", "def.friction.unloading", "def.friction.coulomb", "def.transport", "def.transport_spin",
        "def.contact_point", "def.coulomb_load"};
    const int hmd_past[17] = {0, 0, 0, 0, 2, 0, 0, 0, 4, 2, 3, 2, 3, 2, 2, 2, 2};
    /* E*, G* ≤ 0; |asymmetry| > 1; e ≤ 0 or > 1; negative γ_t scale and μ_s; μ_d < 0 or > μ_s (0.5). */
    const double hmd_out[17][2] = {{0.0, -1.0}, {0.0, -1e-300}, {1.5, -2.0}, {0.0, 1.5}, {0, 0}, {-1.0, -1e-300},
                                   {-0.1, -1e-300}, {-0.1, 0.6}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
                                   {0, 0}, {0, 0}, {0, 0}};
    const char *const lsd_name[6] = {"def.moduli.compliance_asymmetry", "def.normal_stiffness",
                                     "def.stiffness_ratio", "def.restitution", "def.end",
                                     "def.tangential_damping_scale"};
    const int lsd_past[6] = {0, 0, 0, 0, 2, 0};
    const double lsd_out[6][2] = {{1.5, -2.0}, {0.0, -1e6}, {-1.0, -1e-300}, {0.0, 1.5}, {0, 0}, {-1.0, -1e-300}};
    const setup_fields hmd = {17, hmd_name, hmd_past, hmd_out, hmd_def_set, setup_contact_def_check};
    const setup_fields lsd = {6, lsd_name, lsd_past, lsd_out, lsd_def_set, setup_contact_def_check};
    demc_contact_def good = model_def(HMD, 0.8, 0.5), scratch;
    good.friction.mu_dynamic = 0.4;
    setup_check_fields(&hmd, &good, &scratch, sizeof good);
    good = model_def(LSD, 0.8, 0.5);
    setup_check_fields(&lsd, &good, &scratch, sizeof good);
}

/* ---------- the state slice ---------- */

/* Swap: the documented doubles change sign, the others are kept, twice is the identity; reset zeroes exactly the
 * state size. */
static void state_swap_and_reset(void)
{
    int m;
    for (m = 0; m < NMODELS; ++m) {
        demc_contact_model p;
        cstate s, t;
        size_t k, n;
        model_params(m, 0.7, 0.4, &p);
        n = demc_contact_model_state_size(&p);
        for (k = 0; k < DEMC_CONTACT_STATE_MAX; ++k) s.d[k] = 1.0 + (double)k;
        t = s;
        demc_contact_state_swap(&p, t.d);
        for (k = 0; k < DEMC_CONTACT_STATE_MAX; ++k) {
            /* previous normal, elastic force, and the Campello preset's elastic displacement */
            const int flips = k < 6 || (m == CAMPELLO && k >= 9 && k < 12);
            CHECK(demc_contact_state_flips(&p, k) == (k < n && flips));
            CHECK(t.d[k] == (k < n && flips ? -s.d[k] : s.d[k]));
        }
        demc_contact_state_swap(&p, t.d);
        CHECK(memcmp(&s, &t, sizeof s) == 0);
        demc_contact_state_reset(&p, t.d);
        for (k = 0; k < DEMC_CONTACT_STATE_MAX; ++k) CHECK(t.d[k] == (k < n ? 0.0 : s.d[k]));
    }
}

/* ---------- LAMMPS GRANULAR's two rules (1.1): the kept dashpot and the absolute Coulomb load ---------- */

/* HM+D's laws under LAMMPS's conventions (`pair_style granular ... tangential mindlin`), with its two rules of 1.1:
 * the spring's memory μF_n t − F_d on slip and the load |F_n|. */
static demc_contact_def lammps_def(void)
{
    demc_contact_def d = model_def(HMD, 0.5, 0.4);
    d.friction.stiffness_rule = DEMC_STIFFNESS_TOTAL;
    d.friction.recalculation = DEMC_SLIP_CONVENTIONAL;
    d.friction.coulomb = DEMC_COULOMB_TOTAL_DASHPOT_KEPT;
    d.end = DEMC_CONTACT_END_OVERLAP;
    d.transport = DEMC_TRANSPORT_PROJECT;
    d.contact_point = DEMC_CONTACT_POINT_HALF;
    d.coulomb_load = DEMC_COULOMB_LOAD_ABSOLUTE;
    return d;
}
#define LAMMPS_KIND                                                                                                \
    (DEMC_CONTACT_KIND_HMD |                                                                                       \
     DEMC_CONTACT_KIND_CONVENTIONS(DEMC_STIFFNESS_TOTAL, DEMC_SLIP_CONVENTIONAL, 0, 0,                             \
                                   DEMC_COULOMB_TOTAL_DASHPOT_KEPT, DEMC_CONTACT_END_OVERLAP,                      \
                                   DEMC_TRANSPORT_PROJECT, 1) |                                                    \
     DEMC_CONTACT_KIND_COULOMB_LOAD(DEMC_COULOMB_LOAD_ABSOLUTE))

/* Every kind of 1.0 keeps its value: DEMC_CONTACT_KIND_CONVENTIONS() of every 1.0 input against the 1.0 formula,
 * written out here (coulomb at bit 24, nothing above bit 27), and the new values' bits: the kept dashpot at bit 29,
 * the absolute load at bit 30 (bit 28 is the liquid bridge's), each distinct from every 1.0 kind; a description's
 * kind is the macros'. */
static void kinds_of_1_0_unchanged(void)
{
    unsigned r, c, dir, u, q, e, t, sp;
    long bad = 0, count = 0;
    for (r = 0; r < 4; ++r)
        for (c = 0; c < 2; ++c)
            for (dir = 0; dir < 3; ++dir)
                for (u = 0; u < 2; ++u)
                    for (q = 0; q < 2; ++q)
                        for (e = 0; e < 2; ++e)
                            for (t = 0; t < 2; ++t)
                                for (sp = 0; sp < 2; ++sp) {
                                    const unsigned v1_0 = r << 18 | c << 20 | dir << 21 | u << 23 | q << 24 | e << 25 |
                                                          t << 26 | (sp ? 0u : 1u) << 27;
                                    const demc_contact_kind now =
                                        DEMC_CONTACT_KIND_CONVENTIONS(r, c, dir, u, q, e, t, sp);
                                    bad += now != v1_0;
                                    bad += (DEMC_CONTACT_KIND_CONVENTIONS(r, c, dir, u, DEMC_COULOMB_TOTAL_DASHPOT_KEPT,
                                                                          e, t, sp) == v1_0);
                                    ++count;
                                }
    CHECK(count == 768 && bad == 0);
    CHECK(DEMC_CONTACT_KIND_COULOMB_LOAD(DEMC_COULOMB_LOAD_POSITIVE) == 0u);
    CHECK(DEMC_CONTACT_KIND_COULOMB_LOAD(DEMC_COULOMB_LOAD_ABSOLUTE) == 1u << 30);
    CHECK(DEMC_CONTACT_KIND_CONVENTIONS(0, 0, 0, 0, DEMC_COULOMB_TOTAL_DASHPOT_KEPT, 0, 0, 1) == 1u << 29);
    CHECK(((DEMC_CONTACT_KIND_CONVENTIONS(0, 0, 0, 0, DEMC_COULOMB_TOTAL_DASHPOT_KEPT, 0, 0, 1) |
            DEMC_CONTACT_KIND_COULOMB_LOAD(DEMC_COULOMB_LOAD_ABSOLUTE)) &
           DEMC_CONTACT_KIND_BRIDGE) == 0u);
    CHECK(DEMC_CONTACT_KIND_CONVENTIONS(0, 0, 0, 0, DEMC_COULOMB_ELASTIC, 0, 0, 1) == 1u << 24);
    {
        demc_contact_def d = lammps_def();
        demc_contact_model m;
        CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
        CHECK(demc_contact_model_kind(&m) == LAMMPS_KIND);
        /* the default load and the total policy of 1.0 give the 1.0 bits */
        d.coulomb_load = DEMC_COULOMB_LOAD_POSITIVE;
        d.friction.coulomb = DEMC_COULOMB_TOTAL;
        CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
        CHECK(demc_contact_model_kind(&m) == (LAMMPS_KIND & ~(3u << 29)));
        /* a law that reads no load leaves the load's bit 0 (equal models, equal kinds) */
        d.coulomb_load = DEMC_COULOMB_LOAD_ABSOLUTE;
        d.tangential = DEMC_TANGENTIAL_NONE;
        CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
        CHECK((demc_contact_model_kind(&m) >> 28) == 0u);
    }
}

/* The new values refused by name where no law can use them: the Mindlin–Deresiewicz and MDR laws with the absolute
 * load ("def.coulomb_load") or the kept dashpot ("def.friction.coulomb"); an unknown load value. */
static void lammps_rules_refused_by_name(void)
{
    const demc_tangential_law laws[2] = {DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ, DEMC_TANGENTIAL_MDR};
    demc_contact_model m;
    const char *field;
    int k;
    for (k = 0; k < 2; ++k) {
        demc_contact_def d = model_def(HMD, 0.5, 0.4);
        d.tangential = laws[k];
        CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
        d.coulomb_load = DEMC_COULOMB_LOAD_ABSOLUTE;
        field = "unset";
        CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_OUT_OF_DOMAIN,
                              "def.coulomb_load"));
        d.coulomb_load = DEMC_COULOMB_LOAD_POSITIVE;
        d.friction.coulomb = DEMC_COULOMB_TOTAL_DASHPOT_KEPT;
        field = "unset";
        CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_OUT_OF_DOMAIN,
                              "def.friction.coulomb"));
    }
    {
        demc_contact_def d = lammps_def();
        d.coulomb_load = (demc_coulomb_load)2;
        field = "unset";
        CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                              "def.coulomb_load"));
        d.friction.coulomb = (demc_coulomb_policy)3;
        field = "unset";
        CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                              "def.friction.coulomb"));
    }
}

/* A contact that pulls (the overlap end rule: the dashpot of two spheres separating at 1 m/s outweighs the elastic
 * force at δ = 1e-7 m) while sliding at 2 m/s: with the absolute load the tangential force is μ|F_n| (the spring's
 * trial is far beyond it), with the positive load (demc's default) there is none. F_n from the closed forms:
 * (4/3)E* a δ with a = √(R* δ), and the dashpot 2γ√(m* 2E* a) δ̇ with γ of the overlap end rule. */
static void absolute_load_while_pulling(void)
{
    const double ra = 5e-3, delta = 1e-7, mu = 0.4;
    int absolute;
    for (absolute = 0; absolute < 2; ++absolute) {
        demc_contact_def d = lammps_def();
        demc_contact_model m;
        cstate s;
        demc_body a = sphere(v3(0, 0, 0), v3(0.5, 2.0, 0), v3(0, 0, 0), ra);
        demc_body b = sphere(v3(-(2 * ra - delta), 0, 0), v3(-0.5, 0, 0), v3(0, 0, 0), ra);
        full_result r;
        double gamma, a_c, f_el, c_n, f_n, m_eff = 0.5 * a.mass, e_star = d.moduli.effective_modulus;
        demc_vec3 t;
        d.coulomb_load = absolute ? DEMC_COULOMB_LOAD_ABSOLUTE : DEMC_COULOMB_LOAD_POSITIVE;
        CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
        CHECK(demc_damping_hmd_ratio(0.5, DEMC_CONTACT_END_OVERLAP, &gamma) == DEMC_OK);
        memset(&s, 0, sizeof s);
        r = eval_pair(&m, &a, &b, 1e-7, &s);
        /* δ as the geometry gives it: 2R − |x_i − x_j| keeps 7 fewer digits than the positions */
        CHECK_REL(r.overlap, delta, 1e-8);
        a_c = sqrt(0.5 * ra * r.overlap);
        f_el = 4.0 / 3.0 * e_star * a_c * r.overlap;
        c_n = 2.0 * gamma * sqrt(m_eff * 2.0 * e_star * a_c);
        f_n = f_el - c_n * 1.0;
        CHECK(f_n < -1.0); /* it pulls */
        CHECK_REL(r.normal_force, f_n, 1e-12);
        CHECK_REL(r.force.x, f_n, 1e-12);
        t = v3(0, r.force.y, r.force.z);
        if (absolute) {
            CHECK_REL(demc_vec3_norm(t), mu * fabs(f_n), 1e-13);
            CHECK(r.force.y < 0.0); /* against the slide */
            CHECK(r.sliding == 1);
        } else {
            CHECK(t.y == 0.0 && t.z == 0.0);
        }
    }
}

/* An oblique impact through a pulling end under LAMMPS's rules: Newton's third law from either side with the state
 * swapped (the i ⇄ j swap of the memory), and, in a header-only unit with the kind as a constant (every convention
 * folded), demc_contact_eval_kind() equal to demc_contact_eval() bit for bit. */
static void lammps_rules_swap_and_fold(void)
{
    demc_contact_def d = lammps_def();
    demc_contact_model m;
    cstate s, t, u;
    const double ra = 5e-3, dt = 2e-8;
    demc_vec3 xa = v3(0, 0, 0), xb = v3(-2 * ra, 0, 0), va = v3(-0.3, 0.2, 0.05), vb = v3(0.3, -0.1, 0);
    int k, touched = 0, pulled = 0, slid = 0;
    CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
    memset(&s, 0, sizeof s);
    memset(&t, 0, sizeof t);
    memset(&u, 0, sizeof u);
    for (k = 0; k < 4000; ++k) {
        demc_body a = sphere(xa, va, v3(0, 0, 10), ra), b = sphere(xb, vb, v3(0, 5, 0), ra);
        full_result r1 = eval_pair(&m, &a, &b, dt, &s);
        full_result r2;
        demc_contact_frame f = demc_contact_frame_sphere_sphere(&m, &a, &b);
        demc_contact_result rk = demc_contact_eval_kind(LAMMPS_KIND, &m, &f, dt, u.d, NULL);
        demc_contact_state_swap(&m, t.d);
        r2 = eval_pair(&m, &b, &a, dt, &t);
        demc_contact_state_swap(&m, t.d);
        CHECK(memcmp(&rk.force, &r1.force, sizeof rk.force) == 0 && memcmp(&u, &s, sizeof u) == 0);
        CHECK(rel_diff(r1.force, demc_vec3_neg(r2.force), demc_vec3_norm(r1.force) + 1e-300) <= 1e-12);
        touched += r1.overlap > 0.0;
        pulled += r1.normal_force < 0.0;
        slid += r1.sliding;
        /* the bodies move with the contact's impulse (equal masses) */
        va = demc_vec3_add_scaled(va, dt / a.mass, r1.force);
        vb = demc_vec3_add_scaled(vb, -dt / b.mass, r1.force);
        xa = demc_vec3_add_scaled(xa, dt, va);
        xb = demc_vec3_add_scaled(xb, dt, vb);
        if (harness_case_failed) {
            printf("  step %d\n", k);
            return;
        }
    }
    CHECK(touched > 100 && pulled > 0 && slid > 0);
    if (harness_case_failed || getenv("DEMC_TEST_VERBOSE"))
        printf("  %d steps touching, %d pulling, %d sliding\n", touched, pulled, slid);
}

/* ---------- the evaluation against the pre-0.9 one ---------- */

/* The parameters the pre-0.9 setup functions produced for the same inputs as model_def(). */
static legacy_contact_params legacy_params(int m, double e, double mu)
{
    demc_contact_def d = model_def(m, e, mu);
    legacy_contact_params p;
    double gamma = 0.0;
    if (m == LSD) demc_damping_lsd_ratio(e, DEMC_CONTACT_END_FORCE, &gamma);
    if (m == HMD || m == CAMPELLO) demc_damping_hmd_ratio(e, DEMC_CONTACT_END_FORCE, &gamma);
    p.youngs_modulus = d.moduli.effective_modulus;
    p.shear_modulus = d.moduli.effective_shear_modulus;
    p.normal_stiffness = d.normal_stiffness;
    p.kappa = d.stiffness_ratio;
    p.restitution = e;
    p.normal_damping = gamma;
    p.tangential_damping = (m == LSD || m == HMD) ? gamma : 0.0;
    p.end = DEMC_CONTACT_END_FORCE;
    p.tangential = d.friction;
    p.transport = DEMC_TRANSPORT_ROTATE;
    p.spin = 1;
    return p;
}

/* The conventions a comparison with the pre-0.9 evaluation runs a preset under: as the preset has them, with the
 * memory projected (no previous normal in the state), or with the displacement-driven slip direction (the spring
 * keeps its elastic displacement). Each gives its own state layout. */
enum { AS_PRESET, PROJECTED, DISPLACEMENT_DRIVEN, NVARIANTS };

static void apply_variant(int variant, demc_contact_def *d)
{
    if (variant == PROJECTED) d->transport = DEMC_TRANSPORT_PROJECT;
    if (variant == DISPLACEMENT_DRIVEN) d->friction.direction = DEMC_SLIP_DIRECTION_DISPLACEMENT;
}

/* The layout of the contact page for a preset under a variant: the previous normal (3 doubles) under the rotation
 * transport; the spring's force (3), stiffness, normal force and slip flag; its elastic displacement (3) where a
 * convention reads it (the Campello preset's total law, the displacement direction); PLS(B)'s latch. −1: not kept. */
typedef struct layout {
    int force, displacement, latch;
} layout;

static layout layout_of(int m, int variant)
{
    layout l;
    l.force = variant == PROJECTED ? 0 : 3;
    l.displacement = m == CAMPELLO || variant == DISPLACEMENT_DRIVEN ? l.force + 6 : -1;
    l.latch = m == PLSB ? (l.displacement >= 0 ? l.displacement + 3 : l.force + 6) : -1;
    return l;
}

/* The slice of the 0.9 state holding the same memory as a pre-0.9 state (the layout on the contact page). */
static cstate from_legacy(layout l, const legacy_contact_state *ls)
{
    cstate s;
    memset(&s, 0, sizeof s);
    if (l.force > 0) s.d[0] = ls->normal.x, s.d[1] = ls->normal.y, s.d[2] = ls->normal.z;
    s.d[l.force] = ls->tangential.force.x, s.d[l.force + 1] = ls->tangential.force.y;
    s.d[l.force + 2] = ls->tangential.force.z;
    s.d[l.force + 3] = ls->tangential.stiffness, s.d[l.force + 4] = ls->tangential.normal_force;
    s.d[l.force + 5] = ls->tangential.sliding;
    if (l.displacement >= 0) {
        s.d[l.displacement] = ls->tangential.displacement.x;
        s.d[l.displacement + 1] = ls->tangential.displacement.y;
        s.d[l.displacement + 2] = ls->tangential.displacement.z;
    }
    if (l.latch >= 0) s.d[l.latch] = ls->pls.overlap_max;
    return s;
}

/* |a − b| over a scale, for scalars. */
static double rel1(double a, double b, double scale) { return fabs(a - b) / scale; }

/* One step of both evaluations from the same state: the largest difference of force, torques, energy terms and
 * updated state, each over its own scale. */
static double step_difference(layout l, const full_result *r, const cstate *s, const legacy_contact_result *lr,
                              const legacy_contact_state *ls, double trial)
{
    const double ft = demc_vec3_norm(ls->tangential.force) + trial;
    /* force scale: the elastic forces (2E/δ bounds the normal one), as the total may be a cancellation (a dashpot
     * balancing the spring, clamped to zero) */
    const double fs = demc_vec3_norm(lr->force) + ft + (lr->overlap > 0 ? 2.5 * lr->normal_energy / lr->overlap : 0.0) +
                      1e-300;
    const double ts = demc_vec3_norm(lr->torque_i) + demc_vec3_norm(lr->torque_j) + fs * 5e-3;
    /* the spring's memory after a slip is a difference of terms of the size of the trial force (a dashpot share
     * against a spring share, exactly cancelling when the limit is zero): its scale is the forces' */
    const double ds = demc_vec3_norm(ls->tangential.displacement) +
                      (ls->tangential.stiffness > 0 ? fs / ls->tangential.stiffness : 0.0) + 1e-300;
    /* energies: the step's work scale |F| (δ + |Δs|) (a term may be a small difference of such works) */
    const double es = fs * (fabs(lr->overlap) + ds) + lr->normal_energy + lr->tangential_energy + 1e-300;
    const double *u = s->d + l.force;
    double w = 0.0;
    w = fmax(w, rel_diff(r->force, lr->force, fs));
    w = fmax(w, rel_diff(r->torque_i, lr->torque_i, ts));
    w = fmax(w, rel_diff(r->torque_j, lr->torque_j, ts));
    w = fmax(w, rel1(r->normal_force, lr->normal_force, fs));
    w = fmax(w, rel_diff(v3(u[0], u[1], u[2]), ls->tangential.force, fs));
    if (l.displacement >= 0) { /* where the kind keeps it (elsewhere no convention reads it) */
        u = s->d + l.displacement;
        w = fmax(w, rel_diff(v3(u[0], u[1], u[2]), ls->tangential.displacement, ds));
    }
    w = fmax(w, rel1(s->d[l.force + 3], ls->tangential.stiffness, ls->tangential.stiffness + 1e-300));
    w = fmax(w, rel1(s->d[l.force + 4], ls->tangential.normal_force, fabs(ls->tangential.normal_force) + fs));
    if (l.latch >= 0) w = fmax(w, rel1(s->d[l.latch], ls->pls.overlap_max, ls->pls.overlap_max + 1e-300));
    w = fmax(w, rel1(r->normal_energy, lr->normal_energy, es));
    w = fmax(w, rel1(r->tangential_energy, lr->tangential_energy, es));
    w = fmax(w, rel1(r->viscous_dissipation, lr->viscous_dissipation, es));
    w = fmax(w, rel1(r->friction_dissipation, lr->friction_dissipation, es));
    w = fmax(w, rel1(r->plastic_dissipation, lr->plastic_dissipation, es));
    w = fmax(w, rel1(r->tangential_exchange, lr->tangential_exchange, es));
    return w;
}

/* The size of the terms of the tangential trial force, |F_old| + k_t |Δs| + c_t |v_t|: on slip the spring's new
 * memory is their difference (the dashpot's share against the spring's), which the rounding of either scales. */
static double trial_scale(const legacy_contact_params *lp, const demc_contact_frame *f,
                          const legacy_contact_state *before, const legacy_contact_state *after, double dt)
{
    demc_geometry g;
    demc_kinematics kin;
    double vt, kt = after->tangential.stiffness;
    g.overlap = f->overlap, g.normal = f->normal, g.branch_i = f->branch_i, g.branch_j = f->branch_j;
    kin = demc_geometry_kinematics(&g, f->velocity_i, f->angular_velocity_i, f->velocity_j, f->angular_velocity_j);
    vt = demc_vec3_norm(kin.tangential_velocity);
    return demc_vec3_norm(before->tangential.force) + kt * vt * dt +
           2.0 * lp->tangential_damping * sqrt(f->effective_mass * kt) * vt;
}

/* Every model, sphere–sphere and sphere–wall, along random walks in and out of contact: each step, from the same
 * state, the force, torques, energy terms and updated state equal those of the evaluation before the 0.9 API
 * (kept in support/legacy_contact.h) to 1e-14 relative. (Along a whole walk the two would part: the 0.9 body
 * takes one root a = √(R*δ) for the force, k_n, k_t and both dashpots where the old one took five, so each step
 * differs by rounding and a stick/slip decision at its threshold can go the other way.) The half contact-point
 * rule is the one the old evaluation had. Each preset also runs with its memory projected and with the
 * displacement-driven slip direction, the conventions that change the state layout (the previous normal is kept only
 * for the rotation, the elastic displacement only where a convention reads it). Also: demc_contact_eval_kind() with
 * the kind and no diag gives bit for bit the force and state of demc_contact_eval() with a diag. */
static void reproduces_the_pre_api_evaluation(void)
{
    int m, variant;
    for (variant = 0; variant < NVARIANTS; ++variant)
    for (m = 0; m < NMODELS; ++m) {
        const int lm = m == LSD ? LEGACY_MODEL_LSD : m == HMD ? LEGACY_MODEL_HMD : m == PLSB ? LEGACY_MODEL_PLSB
                       : m == HM ? LEGACY_MODEL_HM : LEGACY_MODEL_CAMPELLO;
        demc_contact_def def = model_def(m, 0.6, 0.35);
        demc_contact_model p;
        legacy_contact_params lp = legacy_params(m, 0.6, 0.35);
        const layout l = layout_of(m, variant);
        legacy_contact_state ls, lw;
        demc_vec3 xb = v3(9.99e-3, 0, 0), va = v3(0, 0, 0), vb = v3(0, 0, 0), wa = v3(0, 0, 0), wb = v3(0, 0, 0);
        double worst = 0.0;
        long k, contacts = 0, bitwise = 0, slides = 0;
        def.contact_point = DEMC_CONTACT_POINT_HALF;
        apply_variant(variant, &def);
        lp.tangential.direction = def.friction.direction;
        lp.transport = def.transport;
        CHECK(demc_contact_model_init(&def, &p, NULL) == DEMC_OK);
        CHECK((int)demc_contact_model_state_size(&p) == (l.latch >= 0 ? l.latch + 1
                                                         : l.displacement >= 0 ? l.displacement + 3 : l.force + 6));
        memset(&ls, 0, sizeof ls);
        memset(&lw, 0, sizeof lw);
        for (k = 0; k < 20000; ++k) {
            demc_body a, b;
            demc_wall wall;
            legacy_contact_result lr;
            full_result r;
            demc_contact_frame f;
            demc_contact_result rk;
            const legacy_contact_state ls0 = ls, lw0 = lw;
            cstate s = from_legacy(l, &ls), s2 = s, w = from_legacy(l, &lw);
            xb = demc_vec3_add(xb, random_vec(2e-7));
            xb = demc_vec3_scale(xb, (9.985e-3 + 3e-5 * uniform()) / demc_vec3_norm(xb));
            va = demc_vec3_add(va, random_vec(0.01));
            vb = demc_vec3_add(vb, random_vec(0.01));
            wa = demc_vec3_add(wa, random_vec(1.0));
            wb = demc_vec3_add(wb, random_vec(1.0));
            a = sphere(v3(0, 0, 0), va, wa, 5e-3);
            b = sphere(xb, vb, wb, 4e-3 + 2e-3 * (k % 2));
            lr = legacy_pair(lm, &lp, &a, &b, 1e-6, &ls);
            r = eval_pair(&p, &a, &b, 1e-6, &s);
            f = demc_contact_frame_sphere_sphere(&p, &a, &b);
            rk = demc_contact_eval_kind(variant == AS_PRESET ? kind_of[m] : demc_contact_model_kind(&p), &p, &f, 1e-6,
                                        s2.d, NULL);
            if (r.overlap > 0) ++contacts;
            slides += r.sliding != 0;
            worst = fmax(worst, step_difference(l, &r, &s, &lr, &ls, trial_scale(&lp, &f, &ls0, &ls, 1e-6)));
            if (r.overlap > 0 && r.sliding != (lr.sliding != 0.0)) worst = 1.0;
            bitwise += memcmp(&rk.force, &r.force, sizeof r.force) != 0 || memcmp(&s2, &s, sizeof s) != 0;
            /* the same sphere against a wall through its centre's neighbourhood, moving */
            wall.point = v3(0.0, 0.0, -4.99e-3 + 1e-5 * sin(1e-3 * (double)k));
            wall.normal = v3(0, 0, 1);
            wall.velocity = v3(0.01, 0, -0.02);
            wall.angular_velocity = v3(0, 0, 0);
            lr = legacy_wall(lm, &lp, &a, &wall, 1e-6, &lw);
            r = eval_wall(&p, &a, &wall, 1e-6, &w);
            f = demc_contact_frame_sphere_wall(&p, &a, &wall);
            worst = fmax(worst, step_difference(l, &r, &w, &lr, &lw, trial_scale(&lp, &f, &lw0, &lw, 1e-6)));
            slides += r.sliding != 0;
        }
        if (getenv("DEMC_TEST_VERBOSE"))
            printf("  %s (variant %d): %ld contacts, %ld sliding steps, largest relative difference %.3g\n",
                   model_name[m], variant, contacts, slides, worst);
        CHECK(worst <= 1e-14);
        CHECK(contacts > 2000);
        CHECK(slides > 1000); /* the slip path is compared too */
        CHECK(bitwise == 0);
        if (harness_case_failed) {
            printf("  model %s, variant %d: worst %.3g, %ld not bitwise\n", model_name[m], variant, worst, bitwise);
            return;
        }
    }
}

/* ---------- the contact point ---------- */

/* The overlap divides by compliance: against a rigid wall the sphere takes all of it (arm R − δ), between equal
 * spheres half each, between unequal materials in proportion to (1−ν²)/E; the half rule when selected. The torque
 * arm is read from the torque of a purely tangential force: |τ_i| = |d_i| |F_t|. */
static void contact_point_divides_the_overlap(void)
{
    demc_material steel = demc_material_make(2e11, 0.3, 7800), rubber = demc_material_make(1e7, 0.49, 1100);
    const double r = 5e-3, delta = 1e-4;
    demc_contact_def def = demc_contact_def_default();
    demc_contact_model model;
    demc_body a = sphere(v3(0, 0, r - delta), v3(0, 0, 0), v3(0, 0, 0), r), b;
    demc_wall wall;
    demc_contact_frame f;
    double ci, cj;
    wall.point = v3(0, 0, 0), wall.normal = v3(0, 0, 1), wall.velocity = v3(0, 0, 0), wall.angular_velocity = v3(0, 0, 0);
    /* rigid wall */
    CHECK(demc_material_moduli_init(&steel, NULL, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
    CHECK(def.moduli.compliance_asymmetry == 1.0);
    CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
    f = demc_contact_frame_sphere_wall(&model, &a, &wall);
    CHECK_REL(f.overlap, delta, 1e-12);
    CHECK_REL(f.branch_i.z, -(r - delta), 1e-14);
    CHECK_ABS(f.branch_j.z, 0.0, 1e-18); /* the contact point lies on the wall's plane */
    /* the torque arm, directly: a sliding sphere's friction force F_t gives τ_i = d_i × F_t */
    {
        cstate s;
        demc_contact_result res;
        memset(&s, 0, sizeof s);
        def.friction.mu_static = def.friction.mu_dynamic = 0.5;
        CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
        a.velocity = v3(1.0, 0, 0);
        f = demc_contact_frame_sphere_wall(&model, &a, &wall);
        res = demc_contact_eval(&model, &f, 1e-7, s.d, NULL);
        CHECK(res.force.x < 0);
        CHECK_REL(res.torque_i.y, -(r - delta) * res.force.x, 1e-13);
        a.velocity = v3(0, 0, 0);
    }
    /* elastic wall (rubber under steel): steel sphere takes c_i/(c_i + c_j) */
    CHECK(demc_material_moduli_init(&steel, &rubber, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
    CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
    ci = (1 - 0.09) / 2e11, cj = (1 - 0.49 * 0.49) / 1e7;
    f = demc_contact_frame_sphere_wall(&model, &a, &wall);
    CHECK_REL(f.branch_i.z, -(r - ci / (ci + cj) * delta), 1e-14);
    /* two spheres: equal materials half each; the half rule when selected */
    b = sphere(v3(0, 0, -(r - delta)), v3(0, 0, 0), v3(0, 0, 0), r);
    a.position = v3(0, 0, r);
    CHECK(demc_material_moduli_init(&steel, &steel, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
    CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
    f = demc_contact_frame_sphere_sphere(&model, &a, &b);
    CHECK_REL(f.branch_i.z, -(r - 0.5 * delta), 1e-13);
    CHECK_REL(f.branch_j.z, r - 0.5 * delta, 1e-13);
    CHECK(demc_material_moduli_init(&steel, &rubber, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
    CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
    f = demc_contact_frame_sphere_sphere(&model, &a, &b);
    CHECK_REL(f.branch_i.z, -(r - ci / (ci + cj) * delta), 1e-13);
    CHECK_REL(f.branch_j.z, r - cj / (ci + cj) * delta, 1e-13);
    def.contact_point = DEMC_CONTACT_POINT_HALF;
    CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
    f = demc_contact_frame_sphere_sphere(&model, &a, &b);
    CHECK_REL(f.branch_i.z, -(r - 0.5 * delta), 1e-13);
    /* a pair that does not touch is rejected before any root: overlap 0, nothing else set */
    b.position = v3(0, 0, -r - 1e-6);
    f = demc_contact_frame_sphere_sphere(&model, &a, &b);
    CHECK(f.overlap == 0.0 && f.normal.z == 0.0 && f.effective_mass == 0.0);
}

/* A sequence of overlapping configurations, then a separation: no force without overlap, the state resets. */
static void no_force_without_overlap_and_reset(void)
{
    int m;
    for (m = 0; m < NMODELS; ++m) {
        demc_contact_model p;
        cstate s, zero;
        full_result r;
        demc_body a, b;
        int k;
        model_params(m, 0.7, 0.3, &p);
        memset(&s, 0, sizeof s);
        memset(&zero, 0, sizeof zero);
        for (k = 0; k < 5; ++k) {
            a = sphere(v3(0, 0, 0), v3(0.1, 0.2, -0.3), v3(3, 0, 1), 5e-3);
            b = sphere(v3(9.99e-3, 1e-5 * k, 0), v3(0, 0, 0), v3(0, 0, 0), 5e-3);
            r = eval_pair(&p, &a, &b, 1e-6, &s);
            CHECK(r.overlap > 0 && demc_vec3_norm(r.force) > 0);
        }
        CHECK(memcmp(&s, &zero, sizeof s) != 0);
        b.position = v3(1.0001e-2, 0, 0); /* 1e-7 m gap */
        r = eval_pair(&p, &a, &b, 1e-6, &s);
        CHECK(r.overlap <= 0);
        CHECK(r.force.x == 0 && r.force.y == 0 && r.force.z == 0);
        CHECK(r.torque_i.x == 0 && r.torque_j.y == 0 && r.normal_energy == 0 && r.tangential_energy == 0);
        CHECK(memcmp(&s, &zero, sizeof s) == 0);
        if (harness_case_failed) printf("  model %s\n", model_name[m]);
    }
}

/* Swapping i and j (with the state seen from j) gives the opposite force, exchanged torques and the swapped
 * state, along a sequence of steps with memory. */
static void newton_third_law(void)
{
    int m, trial;
    for (m = 0; m < NMODELS; ++m)
        for (trial = 0; trial < 20; ++trial) {
            demc_contact_model p;
            cstate s, t;
            demc_vec3 xa = random_vec(1.0), dir = demc_vec3_normalize(random_vec(1.0));
            double ra = 4e-3 + 2e-3 * uniform(), rb = 4e-3 + 2e-3 * uniform();
            demc_vec3 va = random_vec(0.3), vb = random_vec(0.3), wa = random_vec(50), wb = random_vec(50);
            int k;
            model_params(m, 0.6, 0.3, &p);
            memset(&s, 0, sizeof s);
            memset(&t, 0, sizeof t);
            for (k = 0; k < 30; ++k) {
                double gap = (ra + rb) * (1 - 1e-3 * (1 + sin(0.2 * k)));
                demc_vec3 d = demc_vec3_normalize(demc_vec3_add_scaled(dir, 0.01 * k, v3(0.3, -0.2, 0.5)));
                demc_body a = sphere(xa, va, wa, ra), b = sphere(demc_vec3_add_scaled(xa, -gap, d), vb, wb, rb);
                full_result r1 = eval_pair(&p, &a, &b, 1e-6, &s);
                full_result r2 = eval_pair(&p, &b, &a, 1e-6, &t);
                cstate ts = t;
                demc_contact_state_swap(&p, ts.d);
                double fs = demc_vec3_norm(r1.force) + 1e-300, ts_ = demc_vec3_norm(r1.torque_i) + 1e-300;
                CHECK(rel_diff(r1.force, demc_vec3_neg(r2.force), fs) <= 1e-13);
                CHECK(rel_diff(r1.torque_i, r2.torque_j, ts_ + demc_vec3_norm(r1.torque_j)) <= 1e-13);
                CHECK(rel_diff(r1.torque_j, r2.torque_i, ts_ + demc_vec3_norm(r1.torque_j)) <= 1e-13);
                CHECK(rel_diff(spring_force(&s), spring_force(&ts),
                               demc_vec3_norm(spring_force(&s)) + 1e-300) <= 1e-12);
                CHECK(fabs(r1.friction_dissipation - r2.friction_dissipation) <=
                      1e-12 * (r1.friction_dissipation + 1e-300));
                /* angular momentum about the origin: x_i × F + τ_i − x_j × F + τ_j = 0 */
                {
                    demc_vec3 L = demc_vec3_add(demc_vec3_cross(demc_vec3_sub(a.position, b.position), r1.force),
                                                demc_vec3_add(r1.torque_i, r1.torque_j));
                    CHECK(demc_vec3_norm(L) <= 1e-13 * fs * (ra + rb));
                }
            }
            if (harness_case_failed) {
                printf("  model %s trial %d\n", model_name[m], trial);
                return;
            }
        }
}

/* A rotation matrix from axis-angle (test-side, trigonometric). */
typedef struct { double a[3][3]; } mat3t;
static mat3t rotation(demc_vec3 axis, double angle)
{
    mat3t q;
    double c = cos(angle), s = sin(angle), k[3];
    int i, j;
    axis = demc_vec3_normalize(axis);
    k[0] = axis.x, k[1] = axis.y, k[2] = axis.z;
    for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) q.a[i][j] = (i == j ? c : 0.0) + (1 - c) * k[i] * k[j];
    q.a[0][1] -= s * k[2], q.a[0][2] += s * k[1], q.a[1][0] += s * k[2];
    q.a[1][2] -= s * k[0], q.a[2][0] -= s * k[1], q.a[2][1] += s * k[0];
    return q;
}
static demc_vec3 mul(mat3t q, demc_vec3 v)
{
    return v3(q.a[0][0] * v.x + q.a[0][1] * v.y + q.a[0][2] * v.z, q.a[1][0] * v.x + q.a[1][1] * v.y + q.a[1][2] * v.z,
              q.a[2][0] * v.x + q.a[2][1] * v.y + q.a[2][2] * v.z);
}

/* Rotating the whole configuration (positions, velocities, spins and the stored memory) rotates the force, the
 * torques and the updated memory, and leaves the scalars unchanged. */
static void objectivity(void)
{
    int m, trial;
    for (m = 0; m < NMODELS; ++m)
        for (trial = 0; trial < 20; ++trial) {
            demc_contact_model p;
            cstate s, t;
            mat3t q = rotation(random_vec(1.0), 6.0 * uniform());
            demc_vec3 xa = random_vec(0.1), dir = demc_vec3_normalize(random_vec(1.0));
            demc_vec3 va = random_vec(0.3), vb = random_vec(0.3), wa = random_vec(50), wb = random_vec(50);
            int k;
            model_params(m, 0.6, 0.3, &p);
            memset(&s, 0, sizeof s);
            memset(&t, 0, sizeof t);
            for (k = 0; k < 30; ++k) {
                double gap = 1e-2 * (1 - 1e-3 * (1 + sin(0.2 * k)));
                demc_vec3 d = demc_vec3_normalize(demc_vec3_add_scaled(dir, 0.01 * k, v3(0.3, -0.2, 0.5)));
                demc_vec3 xb = demc_vec3_add_scaled(xa, -gap, d);
                demc_body a = sphere(xa, va, wa, 5e-3), b = sphere(xb, vb, wb, 5e-3);
                demc_body qa = sphere(mul(q, xa), mul(q, va), mul(q, wa), 5e-3);
                demc_body qb = sphere(mul(q, xb), mul(q, vb), mul(q, wb), 5e-3);
                full_result r1 = eval_pair(&p, &a, &b, 1e-6, &s);
                full_result r2 = eval_pair(&p, &qa, &qb, 1e-6, &t);
                /* Scales: the elastic normal force (≤ 2.5 E_n/δ for these laws) bounds the terms that cancel when a
                 * dashpot nearly balances the spring; a floor of 1e-9 N (forces here are ~1-10 N) covers a force
                 * clamped to zero by the end rule that is a rounding above zero in the rotated copy. */
                double fs = demc_vec3_norm(r1.force) + 2.5 * r1.normal_energy / r1.overlap + 1e-9;
                double tq = demc_vec3_norm(r1.torque_i) + demc_vec3_norm(r1.torque_j) + fs * 5e-3;
                double ms = demc_vec3_norm(spring_force(&s)) + fs; /* on slip it is μ F_n: the same cancellation */
                /* Conditioning: the overlap δ = R_i + R_j − |x_i − x_j| of rotated coordinates differs by a few
                 * ε (|x_i| + |x_j|), relatively ε (|x_i| + |x_j|)/δ; forces vary as δ^{3/2} at most, the
                 * energy as δ^{5/2}. */
                double cond = 4 * DBL_EPSILON * (demc_vec3_norm(xa) + demc_vec3_norm(xb)) / r1.overlap;
                /* PLS(B) unloads with k₂ = k/e along δ − α₀ ≪ δ: its force moves by k₂ times the overlap's absolute
                 * rounding 4ε(|x_i| + |x_j|), which the relative cond above does not cover. */
                double latch = m == PLSB ? 1.5 * (1e6 / 0.6) * cond * r1.overlap / fs : 0.0;
                CHECK(rel_diff(mul(q, r1.force), r2.force, fs) <= 1e-12 + 1.5 * cond + latch);
                CHECK(rel_diff(mul(q, r1.torque_i), r2.torque_i, tq) <= 1e-12 + 1.5 * cond + latch);
                CHECK(rel_diff(mul(q, r1.torque_j), r2.torque_j, tq) <= 1e-12 + 1.5 * cond + latch);
                CHECK(rel_diff(mul(q, spring_force(&s)), spring_force(&t), ms) <= 1e-11 + 1.5 * cond + latch);
                /* dE = F dδ: absolute error F δ cond (PLS(B) near its latched overlap has E ≪ F δ) */
                CHECK(fabs(r1.normal_energy - r2.normal_energy) <=
                      cond * (2.5 * r1.normal_energy + 2.0 * fs * r1.overlap) + 1e-14 * r1.normal_energy);
            }
            if (harness_case_failed) {
                printf("  model %s trial %d\n", model_name[m], trial);
                return;
            }
        }
}

/* The carry of the memory into a turned frame (HM+D's default: the rotation with the mean spin): bodies at rest
 * but for a spin Ω about the new normal n = z (so the tangential increment is exactly zero) and a stored force F in
 * the plane of a previous normal n_old at an angle θ from 1e-6 to 3 rad; without slip or unloading the new state
 * holds the carried F. Expected: an independent trigonometric rotation, by θ = atan2(|n_old × n|, n_old · n) about
 * n_old × n, then by 2 atan(φ/2) about n with φ = Ω Δt (the Rodrigues parameter the contact page documents), to
 * 8 ε/(1 + cos θ): the rounding of c = n_old · n, which the arc divides by 1 + c. */
static void the_carry_turns_the_memory_rigidly(void)
{
    const double dt = 1e-6, distance = 9.99e-3;
    const demc_vec3 n = v3(0, 0, 1);
    demc_contact_model p;
    double worst = 0.0;
    int trial;
    model_params(HMD, 0.6, 0.5, &p);
    CHECK(demc_contact_model_state_size(&p) == 9);
    for (trial = 0; trial < 200; ++trial) {
        const double theta = 1e-6 * pow(3e6, uniform()), omega = (2 * uniform() - 1) / dt;
        const double az = 6.283185307179586 * uniform();
        const demc_vec3 n_old = v3(sin(theta) * cos(az), sin(theta) * sin(az), cos(theta));
        /* |F| = 2 N along an angle β in the plane of n_old, from that plane's basis ∂n_old/∂θ, ∂n_old/∂az / sin θ:
         * tangent to the rounding of its components (a projection of a random vector is not, when that vector is
         * nearly along n_old, and a normal part is not a memory the carry has to keep) */
        const double beta = 6.283185307179586 * uniform();
        const demc_vec3 e1 = v3(cos(theta) * cos(az), cos(theta) * sin(az), -sin(theta)), e2 = v3(-sin(az), cos(az), 0);
        const demc_vec3 f = demc_vec3_add(demc_vec3_scale(e1, 2.0 * cos(beta)), demc_vec3_scale(e2, 2.0 * sin(beta)));
        const demc_vec3 spin = v3(0, 0, omega);
        const demc_body a = sphere(v3(0, 0, 0), v3(0, 0, 0), spin, 5e-3);
        const demc_body b = sphere(v3(0, 0, -distance), v3(0, 0, 0), spin, 5e-3);
        const demc_vec3 w = demc_vec3_cross(n_old, n);
        const double arc = atan2(demc_vec3_norm(w), demc_vec3_dot(n_old, n));
        const double turn = 2.0 * atan(0.5 * (0.5 * (omega + omega) * dt));
        demc_vec3 e = demc_vec3_normalize(w), g, expected;
        cstate s;
        memset(&s, 0, sizeof s);
        s.d[0] = n_old.x, s.d[1] = n_old.y, s.d[2] = n_old.z;
        s.d[3] = f.x, s.d[4] = f.y, s.d[5] = f.z;
        s.d[6] = 1e5; /* a previous k_t; previous F_n 0: not unloading */
        (void)eval_pair(&p, &a, &b, dt, &s);
        /* v cos α + (e × v) sin α + e (e·v)(1 − cos α), about e by α */
        g = demc_vec3_add(demc_vec3_add_scaled(demc_vec3_scale(f, cos(arc)), sin(arc), demc_vec3_cross(e, f)),
                          demc_vec3_scale(e, demc_vec3_dot(e, f) * (1 - cos(arc))));
        e = n;
        expected = demc_vec3_add(demc_vec3_add_scaled(demc_vec3_scale(g, cos(turn)), sin(turn), demc_vec3_cross(e, g)),
                                 demc_vec3_scale(e, demc_vec3_dot(e, g) * (1 - cos(turn))));
        /* The arc's 1/(1 + c) scales the rounding of c = n_old · n (the turn's condition near θ = π). */
        worst = fmax(worst, rel_diff(spring_force(&s), expected, 2.0) * (1.0 + cos(arc)) / DBL_EPSILON);
        CHECK(s.d[0] == n.x && s.d[1] == n.y && s.d[2] == n.z); /* the new normal kept for the next step */
    }
    if (getenv("DEMC_TEST_VERBOSE"))
        printf("  carried memory against the trigonometric rotation: %.3g eps/(1 + cos theta)\n", worst);
    CHECK(worst <= 8.0); /* 3.6 the largest of 2e5 such cases in long double, either form of the turn */
}

/* Random walks of two spheres in and out of contact: dissipation terms and stored energies never negative,
 * everything finite. */
static void dissipation_never_negative(void)
{
    int m;
    for (m = 0; m < NMODELS; ++m) {
        demc_contact_model p;
        cstate s;
        long k, bad = 0, nonfinite = 0, contacts = 0;
        demc_vec3 xb = v3(9.99e-3, 0, 0), va = v3(0, 0, 0), vb = v3(0, 0, 0), wa = v3(0, 0, 0), wb = v3(0, 0, 0);
        model_params(m, 0.5, 0.4, &p);
        memset(&s, 0, sizeof s);
        for (k = 0; k < 100000; ++k) {
            demc_body a, b;
            full_result r;
            xb = demc_vec3_add(xb, random_vec(2e-7));
            xb = demc_vec3_scale(xb, (9.985e-3 + 3e-5 * uniform()) / demc_vec3_norm(xb)); /* stays near contact */
            va = demc_vec3_add(va, random_vec(0.01));
            vb = demc_vec3_add(vb, random_vec(0.01));
            wa = demc_vec3_add(wa, random_vec(1.0));
            wb = demc_vec3_add(wb, random_vec(1.0));
            if (k % 5000 == 0) va = vb = wa = wb = v3(0, 0, 0);
            a = sphere(v3(0, 0, 0), va, wa, 5e-3);
            b = sphere(xb, vb, wb, 5e-3);
            r = eval_pair(&p, &a, &b, 1e-6, &s);
            if (r.overlap > 0) ++contacts;
            if (!result_finite(&r)) ++nonfinite;
            if (r.viscous_dissipation < 0 || r.friction_dissipation < 0 || r.plastic_dissipation < 0 ||
                r.normal_energy < 0 || r.tangential_energy < 0)
                ++bad;
        }
        CHECK(bad == 0);
        CHECK(nonfinite == 0);
        CHECK(contacts > 10000);
        if (harness_case_failed) {
            printf("  model %s: %ld negative, %ld non-finite\n", model_name[m], bad, nonfinite);
            return;
        }
    }
}

/* Two-sphere oblique collision with spins, integrated here by velocity Verlet (the force at x_{n+1} evaluated with
 * v_{n+½}). Kinetic energy (translation and rotation) + stored energies + accumulated dissipation stays equal to
 * the initial kinetic energy up to the integration error, which must shrink with the step. Returns the largest
 * relative imbalance along the collision. */
typedef struct { demc_vec3 x, v, w; double m, I, R; } rigid;
static double energy_imbalance(int m, double e, double mu, double dt, double *rebound_normal)
{
    demc_contact_model p;
    cstate s;
    rigid b[2];
    full_result r;
    double ke0, diss = 0.0, worst = 0.0, t;
    int k, started = 0;
    model_params(m, e, mu, &p);
    memset(&s, 0, sizeof s);
    for (k = 0; k < 2; ++k) {
        b[k].R = 5e-3;
        b[k].m = 4.0 / 3.0 * 3.14159265358979323846 * 1.25e-7 * 2650.0;
        b[k].I = 0.4 * b[k].m * b[k].R * b[k].R;
    }
    b[0].x = v3(0, 0, 0), b[0].v = v3(0.5, 0.2, 0.0), b[0].w = v3(0, 0, 40);
    b[1].x = v3(1.0001e-2, 1e-3, 0), b[1].v = v3(-0.5, -0.1, 0.05), b[1].w = v3(10, 0, -20);
    ke0 = 0;
    for (k = 0; k < 2; ++k) ke0 += 0.5 * b[k].m * demc_vec3_norm2(b[k].v) + 0.5 * b[k].I * demc_vec3_norm2(b[k].w);
    r.force = r.torque_i = r.torque_j = v3(0, 0, 0);
    for (t = 0; t < 2e-4; t += dt) {
        demc_body A, B;
        double ke = 0;
        for (k = 0; k < 2; ++k) {
            demc_vec3 f = k == 0 ? r.force : demc_vec3_neg(r.force), tq = k == 0 ? r.torque_i : r.torque_j;
            b[k].v = demc_vec3_add_scaled(b[k].v, 0.5 * dt / b[k].m, f);
            b[k].w = demc_vec3_add_scaled(b[k].w, 0.5 * dt / b[k].I, tq);
            b[k].x = demc_vec3_add_scaled(b[k].x, dt, b[k].v);
        }
        A = sphere(b[0].x, b[0].v, b[0].w, 5e-3);
        B = sphere(b[1].x, b[1].v, b[1].w, 5e-3);
        A.mass = B.mass = b[0].m;
        r = eval_pair(&p, &A, &B, dt, &s);
        if (r.overlap > 0) started = 1;
        diss += r.viscous_dissipation + r.friction_dissipation + r.plastic_dissipation + r.tangential_exchange;
        for (k = 0; k < 2; ++k) {
            demc_vec3 f = k == 0 ? r.force : demc_vec3_neg(r.force), tq = k == 0 ? r.torque_i : r.torque_j;
            b[k].v = demc_vec3_add_scaled(b[k].v, 0.5 * dt / b[k].m, f);
            b[k].w = demc_vec3_add_scaled(b[k].w, 0.5 * dt / b[k].I, tq);
            ke += 0.5 * b[k].m * demc_vec3_norm2(b[k].v) + 0.5 * b[k].I * demc_vec3_norm2(b[k].w);
        }
        worst = fmax(worst, fabs(ke + r.normal_energy + r.tangential_energy + diss - ke0) / ke0);
        if (started && r.overlap <= 0) break;
    }
    if (rebound_normal) {
        demc_vec3 n = demc_vec3_normalize(demc_vec3_sub(b[0].x, b[1].x));
        *rebound_normal = demc_vec3_dot(demc_vec3_sub(b[0].v, b[1].v), n);
    }
    return worst;
}

static void energy_balance_of_a_collision(void)
{
    /* Every model with friction (slip and stick), dashpots and spins; HM+D also without friction. */
    const int models[] = {LSD, PLSB, HMD, HMD, HM, CAMPELLO};
    const double mus[] = {0.3, 0.3, 0.3, 0.0, 0.3, 0.3};
    int k;
    for (k = 0; k < 6; ++k) {
        double coarse = energy_imbalance(models[k], 0.7, mus[k], 2e-8, NULL);
        double fine = energy_imbalance(models[k], 0.7, mus[k], 5e-9, NULL);
        if (getenv("DEMC_TEST_VERBOSE"))
            printf("  energy imbalance %s: %.3g (dt 2e-8), %.3g (dt 5e-9)\n", model_name[models[k]], coarse, fine);
        /* About 4000 steps per contact at the fine step. The velocity-dependent forces see v_{n+½}: first
         * order, so a step 4 times smaller must cut the imbalance at least in half. */
        CHECK(fine <= 3e-4);
        CHECK(fine <= 0.5 * coarse || fine <= 1e-9); /* it is integration error: it shrinks with the step */
    }
}

/* Head-on impact integrated here: the models return the restitution their parameters were set up for (through
 * the damping module's maps, force end rule), up to the integration error. */
static double headon_restitution(int m, double e, double dt)
{
    demc_contact_model p;
    cstate s;
    full_result r;
    demc_body a = sphere(v3(0, 0, 0), v3(0.5, 0, 0), v3(0, 0, 0), 5e-3);
    demc_body b = sphere(v3(1.00001e-2, 0, 0), v3(-0.5, 0, 0), v3(0, 0, 0), 5e-3);
    int started = 0;
    long k;
    model_params(m, e, 0.3, &p);
    memset(&s, 0, sizeof s);
    r = eval_pair(&p, &a, &b, dt, &s);
    for (k = 0; k < 100000000L; ++k) {
        a.velocity = demc_vec3_add_scaled(a.velocity, 0.5 * dt / a.mass, r.force);
        b.velocity = demc_vec3_add_scaled(b.velocity, -0.5 * dt / b.mass, r.force);
        a.position = demc_vec3_add_scaled(a.position, dt, a.velocity);
        b.position = demc_vec3_add_scaled(b.position, dt, b.velocity);
        r = eval_pair(&p, &a, &b, dt, &s);
        a.velocity = demc_vec3_add_scaled(a.velocity, 0.5 * dt / a.mass, r.force);
        b.velocity = demc_vec3_add_scaled(b.velocity, -0.5 * dt / b.mass, r.force);
        if (r.overlap > 0) started = 1;
        if (started && (r.overlap <= 0 || r.normal_force <= 0)) break;
    }
    return (b.velocity.x - a.velocity.x) / 1.0;
}

static void restitution_of_head_on_impacts(void)
{
    const int models[] = {LSD, HMD, PLSB, CAMPELLO};
    int k;
    for (k = 0; k < 4; ++k) {
        double e1 = headon_restitution(models[k], 0.7, 2e-8), e2 = headon_restitution(models[k], 0.7, 5e-9);
        if (getenv("DEMC_TEST_VERBOSE"))
            printf("  restitution %s: %.8f (dt 2e-8), %.8f (dt 5e-9), set up for 0.7\n", model_name[models[k]], e1,
                   e2);
        CHECK_REL(e2, 0.7, 1e-3);
        CHECK(fabs(e2 - 0.7) <= fabs(e1 - 0.7) || fabs(e2 - 0.7) <= 1e-6);
    }
}

/* Sphere–wall: an oblique, spinning impact on a moving, rotated wall, integrated here. Rotating the whole
 * configuration rotates the results; the normal rebound returns e; the state resets after the impact. */
static void sphere_wall(void)
{
    int m;
    for (m = 0; m < NMODELS; ++m) {
        const double dt = 5e-9, e = 0.7;
        demc_contact_model p;
        cstate s, t, zero;
        mat3t q = rotation(v3(1, 2, -0.5), 0.9);
        demc_wall w, qw;
        /* starts 0.1 um into the wall: a dashpot force jumps at the onset, and a rounding of the rotated overlap
         * must not decide whether the contact has begun */
        demc_body b = sphere(v3(0, 0, 5e-3 - 1e-7), v3(0.2, 0.1, -1.0), v3(0, 30, 5), 5e-3), qb;
        full_result r, r2;
        double worst = 0.0, vz0;
        int started = 0;
        long k;
        model_params(m, e, 0.3, &p);
        memset(&s, 0, sizeof s);
        memset(&t, 0, sizeof t);
        memset(&zero, 0, sizeof zero);
        w.point = v3(0.3, -0.2, 0.0), w.normal = v3(0, 0, 1), w.velocity = v3(0.05, 0, 0), w.angular_velocity = v3(0, 0, 0);
        qw.point = mul(q, w.point), qw.normal = mul(q, w.normal), qw.velocity = mul(q, w.velocity);
        qw.angular_velocity = v3(0, 0, 0);
        vz0 = b.velocity.z;
        qb = sphere(mul(q, b.position), mul(q, b.velocity), mul(q, b.angular_velocity), 5e-3);
        r = eval_wall(&p, &b, &w, dt, &s);
        r2 = eval_wall(&p, &qb, &qw, dt, &t);
        for (k = 0; k < 10000000L; ++k) {
            double fs;
            b.velocity = demc_vec3_add_scaled(b.velocity, 0.5 * dt / b.mass, r.force);
            b.angular_velocity = demc_vec3_add_scaled(b.angular_velocity, 0.5 * dt / (0.4 * b.mass * 25e-6), r.torque_i);
            b.position = demc_vec3_add_scaled(b.position, dt, b.velocity);
            w.point = demc_vec3_add_scaled(w.point, dt, w.velocity);
            qw.point = mul(q, w.point);
            qb = sphere(mul(q, b.position), mul(q, b.velocity), mul(q, b.angular_velocity), 5e-3);
            r = eval_wall(&p, &b, &w, dt, &s);
            r2 = eval_wall(&p, &qb, &qw, dt, &t);
            fs = demc_vec3_norm(r.force) + 2.5 * r.normal_energy / (r.overlap > 0 ? r.overlap : 1) + 1e-9;
            if (r.overlap > 1e-7 && r2.overlap > 1e-7) worst = fmax(worst, rel_diff(mul(q, r.force), r2.force, fs));
            b.velocity = demc_vec3_add_scaled(b.velocity, 0.5 * dt / b.mass, r.force);
            b.angular_velocity = demc_vec3_add_scaled(b.angular_velocity, 0.5 * dt / (0.4 * b.mass * 25e-6), r.torque_i);
            if (r.overlap > 0) started = 1;
            if (started && (r.overlap <= 0 || r.normal_force <= 0)) break;
        }
        /* conditioning of the rotated overlap: a few ε |x| / δ with |x| ≈ 0.36 m and δ > 1e-7 m (about 1e-8), times
         * the cancellation of spring and dashpot near the end of the contact */
        CHECK(worst <= 1e-6);
        if (m != HM) CHECK_REL(-b.velocity.z / vz0, e, 2e-3);
        else CHECK_REL(-b.velocity.z / vz0, 1.0, 2e-3); /* undamped */
        r = eval_wall(&p, &b, &w, dt, &s); /* one more call, now apart */
        if (r.overlap <= 0) CHECK(memcmp(&s, &zero, sizeof s) == 0 && r.force.z == 0.0);
        if (getenv("DEMC_TEST_VERBOSE"))
            printf("  wall %s: normal restitution %.6f, rotated configuration %.2g\n", model_name[m],
                   -b.velocity.z / vz0, worst);
        if (harness_case_failed) {
            printf("  model %s\n", model_name[m]);
            return;
        }
    }
}

int main(void)
{
    RUN(presets_and_kinds);
    RUN(def_init_statuses);
    RUN(model_init_statuses);
    RUN(model_init_names_the_bad_field);
    RUN(state_swap_and_reset);
    RUN(kinds_of_1_0_unchanged);
    RUN(lammps_rules_refused_by_name);
    RUN(absolute_load_while_pulling);
    RUN(lammps_rules_swap_and_fold);
    RUN(reproduces_the_pre_api_evaluation);
    RUN(contact_point_divides_the_overlap);
    RUN(no_force_without_overlap_and_reset);
    RUN(newton_third_law);
    RUN(objectivity);
    RUN(the_carry_turns_the_memory_rigidly);
    RUN(dissipation_never_negative);
    RUN(energy_balance_of_a_collision);
    RUN(restitution_of_head_on_impacts);
    RUN(sphere_wall);
    return harness_finish("test_contact");
}
