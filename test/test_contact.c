/* contact.h: the assembled models against physical laws (Newton's third law, objectivity, energy balance of an
 * integrated collision, non-negative dissipation), the restitution they were set up for, and their statuses. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "demc.h"
#include "harness.h"
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

typedef demc_contact_result (*pair_fn)(const demc_contact_params *, const demc_body *, const demc_body *, double,
                                       demc_contact_state *);
static pair_fn pair_model(int m)
{
    switch (m) {
    case LSD: return demc_contact_lsd;
    case HMD: return demc_contact_hmd;
    case PLSB: return demc_contact_plsb;
    case HM: return demc_contact_hm;
    default: return demc_contact_campello;
    }
}

/* Glass-like spheres, 5 mm, and the parameters of each model. */
static demc_material glass(void) { return demc_material_make(7e10, 0.3, 2650.0); }
static void model_params(int m, double e, double mu, demc_contact_params *p)
{
    demc_material g = glass();
    demc_pair pair;
    demc_status st = DEMC_OK;
    if (m == CAMPELLO) st = demc_material_pair_sphere_sphere(&pair, &g, 5e-3, &g, 5e-3, DEMC_SHEAR_CAMPELLO, NULL);
    else st = demc_material_pair_sphere_sphere(&pair, &g, 5e-3, &g, 5e-3, DEMC_SHEAR_MINDLIN, NULL);
    if (st == DEMC_OK) {
        switch (m) {
        case LSD: st = demc_contact_params_lsd(p, 1e6, 0.3, e, DEMC_CONTACT_END_FORCE, mu, mu, NULL); break;
        case HMD: st = demc_contact_params_hmd(p, &pair, e, DEMC_CONTACT_END_FORCE, mu, mu, NULL); break;
        case PLSB: st = demc_contact_params_plsb(p, 1e6, 0.3, e, mu, mu, NULL); break;
        case HM: st = demc_contact_params_hm(p, &pair, mu, NULL); break;
        default: st = demc_contact_params_campello(p, &pair, e, DEMC_CONTACT_END_FORCE, mu, 0.8 * mu, NULL); break;
        }
    }
    CHECK(st == DEMC_OK);
}

static demc_body sphere(demc_vec3 x, demc_vec3 v, demc_vec3 w, double radius)
{
    demc_body b;
    b.position = x;
    b.velocity = v;
    b.angular_velocity = w;
    b.radius = radius;
    b.mass = 4.0 / 3.0 * 3.14159265358979323846 * radius * radius * radius * 2650.0;
    return b;
}

static double rel_diff(demc_vec3 a, demc_vec3 b, double scale)
{
    return demc_vec3_norm(demc_vec3_sub(a, b)) / scale;
}

static int result_finite(const demc_contact_result *r)
{
    return demc_vec3_is_finite(r->force) && demc_vec3_is_finite(r->torque_i) && demc_vec3_is_finite(r->torque_j) &&
           demc_is_finite(r->normal_energy) && demc_is_finite(r->tangential_energy) &&
           demc_is_finite(r->viscous_dissipation) && demc_is_finite(r->friction_dissipation) &&
           demc_is_finite(r->plastic_dissipation);
}

static void params_statuses(void)
{
    demc_contact_params p, q;
    demc_material g = glass();
    demc_pair pair, bad;
    volatile double zero = 0.0;
    CHECK(demc_material_pair_sphere_sphere(&pair, &g, 5e-3, &g, 5e-3, DEMC_SHEAR_MINDLIN, NULL) == DEMC_OK);
    CHECK(demc_contact_params_hmd(&p, &pair, 0.8, DEMC_CONTACT_END_FORCE, 0.5, 0.4, NULL) == DEMC_OK);
    CHECK(demc_contact_params_validate(&p, NULL) == DEMC_OK);
    CHECK(p.normal_damping > 0 && p.tangential_damping == p.normal_damping);
    CHECK(demc_contact_params_hmd(NULL, &pair, 0.8, DEMC_CONTACT_END_FORCE, 0.5, 0.4, NULL) ==
          DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_contact_params_hmd(&q, NULL, 0.8, DEMC_CONTACT_END_FORCE, 0.5, 0.4, NULL) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_contact_params_hmd(&q, &pair, 0.0, DEMC_CONTACT_END_FORCE, 0.5, 0.4, NULL) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_contact_params_hmd(&q, &pair, 1.5, DEMC_CONTACT_END_FORCE, 0.5, 0.4, NULL) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_contact_params_hmd(&q, &pair, zero / zero, DEMC_CONTACT_END_FORCE, 0.5, 0.4, NULL) ==
          DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_contact_params_hmd(&q, &pair, 0.8, (demc_contact_end)7, 0.5, 0.4, NULL) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_contact_params_hmd(&q, &pair, 0.8, DEMC_CONTACT_END_FORCE, 0.3, 0.4, NULL) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_contact_params_hmd(&q, &pair, 0.8, DEMC_CONTACT_END_FORCE, -1.0, 0.0, NULL) == DEMC_ERR_OUT_OF_DOMAIN);
    bad = pair;
    bad.effective_modulus = -1.0;
    CHECK(demc_contact_params_hmd(&q, &bad, 0.8, DEMC_CONTACT_END_FORCE, 0.5, 0.4, NULL) == DEMC_ERR_OUT_OF_DOMAIN);
    bad.effective_modulus = 1.0 / zero;
    CHECK(demc_contact_params_campello(&q, &bad, 0.8, DEMC_CONTACT_END_FORCE, 0.5, 0.4, NULL) ==
          DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_contact_params_lsd(&q, 0.0, 0.3, 0.8, DEMC_CONTACT_END_FORCE, 0.5, 0.5, NULL) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_contact_params_lsd(&q, 1e6, 0.7, 0.8, DEMC_CONTACT_END_FORCE, 0.5, 0.5, NULL) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_contact_params_lsd(&q, 1e6, 0.3, 0.8, DEMC_CONTACT_END_OVERLAP, 0.5, 0.5, NULL) == DEMC_OK);
    CHECK(demc_contact_params_plsb(&q, 1e6, 0.3, 1.2, 0.5, 0.5, NULL) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_contact_params_plsb(&q, -1e6, 0.3, 0.5, 0.5, 0.5, NULL) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_contact_params_hm(&q, &pair, zero / zero, NULL) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_contact_params_validate(NULL, NULL) == DEMC_ERR_INVALID_ARGUMENT);
    q = p;
    q.spin = 2;
    CHECK(demc_contact_params_validate(&q, NULL) == DEMC_ERR_INVALID_ARGUMENT);
    q = p;
    q.transport = (demc_memory_transport)5;
    CHECK(demc_contact_params_validate(&q, NULL) == DEMC_ERR_INVALID_ARGUMENT);
    q = p;
    q.normal_damping = -0.1;
    CHECK(demc_contact_params_validate(&q, NULL) == DEMC_ERR_OUT_OF_DOMAIN);
    q = p;
    q.tangential.mu_dynamic = 0.6;
    CHECK(demc_contact_params_validate(&q, NULL) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(sizeof(demc_contact_state) == DEMC_CONTACT_STATE_SIZE * sizeof(double));
}

/* ---------- setup functions: status and name of the first offending input (material.h's convention) ---------- */

/* One setup function: its arguments after the output as doubles (the end rule as its value, a pair as its E* and
 * G*: the other fields of the pair are not used), their names as bad_field reports them, and a valid set. */
typedef struct contact_setup {
    int model;
    int nargs;
    int enum_arg;  /* index of the end-rule argument, -1 if none */
    int takes_pair;
    const char *args[6];
    double good[6];
} contact_setup;

/* Calls the setup function with a[], the output NULL when !with_params and the pair NULL when !with_pair; a failed
 * call must leave the output unwritten. */
static demc_status contact_setup_call(const contact_setup *f, const double *a, int with_params, int with_pair,
                                      const char **bad_field)
{
    demc_contact_params out;
    demc_contact_params *p = with_params ? &out : NULL;
    demc_pair pair;
    const demc_pair *pp = with_pair ? &pair : NULL;
    demc_status st;
    pair.effective_modulus = a[0];
    pair.effective_shear_modulus = a[1];
    pair.effective_radius = 2.5e-3;
    pair.effective_mass = 1e-3;
    memset(&out, SETUP_POISON, sizeof out);
    switch (f->model) {
    case LSD: st = demc_contact_params_lsd(p, a[0], a[1], a[2], (demc_contact_end)(int)a[3], a[4], a[5], bad_field);
        break;
    case HMD: st = demc_contact_params_hmd(p, pp, a[2], (demc_contact_end)(int)a[3], a[4], a[5], bad_field); break;
    case PLSB: st = demc_contact_params_plsb(p, a[0], a[1], a[2], a[3], a[4], bad_field); break;
    case HM: st = demc_contact_params_hm(p, pp, a[2], bad_field); break;
    default:
        st = demc_contact_params_campello(p, pp, a[2], (demc_contact_end)(int)a[3], a[4], a[5], bad_field);
        break;
    }
    if (st != DEMC_OK && !CHECK(setup_untouched(&out, sizeof out)))
        printf("    %s: output written by a call that failed\n", model_name[f->model]);
    return st;
}

/* One bad value of one argument and the status it must give. */
typedef struct contact_bad_arg {
    int arg;
    double value;
    demc_status status;
} contact_bad_arg;

/* Every bad value: NaN, +inf, −inf on each numeric argument (INVALID_ARGUMENT) and the listed ones, each
 * - alone: its status and its name; the same status with bad_field NULL;
 * - with every later argument bad too (NaN, or an unknown end rule): still its own name;
 * then a NULL output ("params", whatever follows) and a NULL pair ("pair"), and success (NULL named, NULL
 * bad_field accepted). */
static void check_contact_setup(const contact_setup *f, const contact_bad_arg *listed, int nlisted)
{
    volatile double zero = 0.0;
    const double nonfinite[3] = {zero / zero, 1.0 / zero, -1.0 / zero};
    int c, j;
    for (c = 0; c < 3 * f->nargs + nlisted; ++c) {
        double a[6];
        const char *field = "unset";
        contact_bad_arg b;
        if (c < 3 * f->nargs) {
            b.arg = c / 3;
            b.value = nonfinite[c % 3];
            b.status = DEMC_ERR_INVALID_ARGUMENT;
            if (b.arg == f->enum_arg) continue;
        } else {
            b = listed[c - 3 * f->nargs];
        }
        memcpy(a, f->good, sizeof a);
        a[b.arg] = b.value;
        if (!CHECK(setup_failed_as(contact_setup_call(f, a, 1, 1, &field), &field, b.status, f->args[b.arg])))
            printf("    %s: %s = %g\n", model_name[f->model], f->args[b.arg], b.value);
        CHECK(contact_setup_call(f, a, 1, 1, NULL) == b.status);
        for (j = b.arg + 1; j < f->nargs; ++j) a[j] = j == f->enum_arg ? 7.0 : nonfinite[0];
        field = "unset";
        if (!CHECK(setup_failed_as(contact_setup_call(f, a, 1, 1, &field), &field, b.status, f->args[b.arg])))
            printf("    %s: %s = %g, later arguments bad\n", model_name[f->model], f->args[b.arg], b.value);
        field = "unset";
        if (f->takes_pair && b.arg >= 2)
            CHECK(setup_failed_as(contact_setup_call(f, a, 1, 0, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                                  "pair"));
        field = "unset";
        CHECK(setup_failed_as(contact_setup_call(f, a, 0, 0, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                              "params"));
    }
    {
        const char *field = "unset";
        CHECK(setup_failed_as(contact_setup_call(f, f->good, 0, 1, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                              "params"));
        CHECK(contact_setup_call(f, f->good, 0, 1, NULL) == DEMC_ERR_INVALID_ARGUMENT);
        if (f->takes_pair) {
            field = "unset";
            CHECK(setup_failed_as(contact_setup_call(f, f->good, 1, 0, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                                  "pair"));
        }
        CHECK(contact_setup_call(f, f->good, 1, 1, &field) == DEMC_OK && field == NULL);
        CHECK(contact_setup_call(f, f->good, 1, 1, NULL) == DEMC_OK);
    }
}

static void setup_functions_name_the_bad_argument(void)
{
    const demc_status D = DEMC_ERR_OUT_OF_DOMAIN, I = DEMC_ERR_INVALID_ARGUMENT;
    const contact_setup lsd = {LSD, 6, 3, 0,
                               {"normal_stiffness", "poisson_ratio", "restitution", "end", "mu_static", "mu_dynamic"},
                               {1e6, 0.3, 0.8, 0.0, 0.5, 0.4}};
    const contact_setup hmd = {HMD, 6, 3, 1,
                               {"pair.effective_modulus", "pair.effective_shear_modulus", "restitution", "end",
                                "mu_static", "mu_dynamic"},
                               {3.8e10, 1.3e10, 0.8, 1.0, 0.5, 0.4}};
    const contact_setup plsb = {PLSB, 5, -1, 0,
                                {"stiffness", "poisson_ratio", "restitution", "mu_static", "mu_dynamic", 0},
                                {1e6, 0.3, 0.8, 0.5, 0.4, 0}};
    const contact_setup hm = {HM, 3, -1, 1, {"pair.effective_modulus", "pair.effective_shear_modulus", "mu", 0, 0, 0},
                              {3.8e10, 1.3e10, 0.3, 0, 0, 0}};
    contact_setup campello = hmd;
    /* Out of the domain: k, E*, G* ≤ 0; ν ≤ −1 or > 0.5; e ≤ 0 or > 1; μ_s < 0; μ_d < 0 or > μ_s (0.5); an end
     * rule other than 0 and 1. */
    const contact_bad_arg lsd_bad[] = {{0, 0.0, D},  {0, -1e6, D}, {1, -1.0, D}, {1, -2.0, D}, {1, 0.51, D},
                                       {2, 0.0, D},  {2, -0.5, D}, {2, 1.5, D},  {3, 2.0, I},  {3, -1.0, I},
                                       {4, -0.1, D}, {5, -0.1, D}, {5, 0.6, D}};
    const contact_bad_arg hertz_bad[] = {{0, 0.0, D},  {0, -1.0, D}, {1, 0.0, D}, {1, -1.0, D},
                                         {2, 0.0, D},  {2, -0.5, D}, {2, 1.5, D}, {3, 2.0, I},
                                         {3, -1.0, I}, {4, -0.1, D}, {5, -0.1, D}, {5, 0.6, D}};
    const contact_bad_arg plsb_bad[] = {{0, 0.0, D}, {0, -1e6, D}, {1, -1.0, D}, {1, 0.51, D}, {2, 0.0, D},
                                        {2, 1.5, D}, {3, -0.1, D}, {4, -0.1, D}, {4, 0.6, D}};
    const contact_bad_arg hm_bad[] = {{0, 0.0, D}, {0, -1.0, D}, {1, 0.0, D}, {1, -1.0, D}, {2, -0.1, D}};
    double a[6];
    const char *field = "unset";
    campello.model = CAMPELLO;
    check_contact_setup(&lsd, lsd_bad, 13);
    check_contact_setup(&hmd, hertz_bad, 12);
    check_contact_setup(&campello, hertz_bad, 12);
    check_contact_setup(&plsb, plsb_bad, 9);
    check_contact_setup(&hm, hm_bad, 5);
    /* The edges of the domains are inside: e = 1, ν = 0.5, μ_d = μ_s, μ = 0. */
    memcpy(a, lsd.good, sizeof a);
    a[1] = 0.5;
    a[2] = 1.0;
    a[5] = a[4];
    CHECK(contact_setup_call(&lsd, a, 1, 1, &field) == DEMC_OK && field == NULL);
    memcpy(a, hm.good, sizeof a);
    a[2] = 0.0;
    field = "unset";
    CHECK(contact_setup_call(&hm, a, 1, 1, &field) == DEMC_OK && field == NULL);
    /* PLS(B) with k/e beyond DBL_MAX: its latch is not representable, the reference stiffness is named. */
    memcpy(a, plsb.good, sizeof a);
    a[0] = 0.9 * DBL_MAX;
    a[2] = 0.5;
    field = "unset";
    CHECK(setup_failed_as(contact_setup_call(&plsb, a, 1, 1, &field), &field, DEMC_ERR_SINGULAR, "stiffness"));
}

/* Sets field k of a demc_contact_params, in declaration order with the tangential member's fields in place. */
static void contact_params_set(void *object, int k, double v)
{
    demc_contact_params *p = (demc_contact_params *)object;
    double *const number[] = {&p->youngs_modulus, &p->shear_modulus,  &p->normal_stiffness,  &p->kappa,
                              &p->restitution,    &p->normal_damping, &p->tangential_damping};
    if (k < 7) *number[k] = v;
    else if (k == 7) p->end = (demc_contact_end)(int)v;
    else if (k == 8) p->tangential.mu_static = v;
    else if (k == 9) p->tangential.mu_dynamic = v;
    else if (k == 10) p->tangential.stiffness_rule = (demc_stiffness_rule)(int)v;
    else if (k == 11) p->tangential.recalculation = (demc_slip_recalculation)(int)v;
    else if (k == 12) p->tangential.direction = (demc_slip_direction)(int)v;
    else if (k == 13) p->tangential.unloading = (demc_unloading_rule)(int)v;
    else if (k == 14) p->tangential.coulomb = (demc_coulomb_policy)(int)v;
    else if (k == 15) p->transport = (demc_memory_transport)(int)v;
    else p->spin = (int)v;
}

static demc_status contact_params_check(const void *object, const char **bad_field)
{
    return demc_contact_params_validate((const demc_contact_params *)object, bad_field);
}

/* demc_contact_params_validate(): each bad field alone, then with every later field bad too, gives its status and
 * its name; what every setup function produces passes. */
static void validate_names_the_bad_field(void)
{
    const char *const name[17] = {
        "params.youngs_modulus", "params.shear_modulus", "params.normal_stiffness", "params.kappa",
        "params.restitution", "params.normal_damping", "params.tangential_damping", "params.end",
        "params.tangential.mu_static", "params.tangential.mu_dynamic", "params.tangential.stiffness_rule",
        "params.tangential.recalculation", "params.tangential.direction", "params.tangential.unloading",
        "params.tangential.coulomb", "params.transport", "params.spin"};
    /* The first value above each enumerator's range (end, 4 stiffness rules, 2, 3, 2, 2, transport, spin). */
    const int past_last[17] = {0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 4, 2, 3, 2, 2, 2, 2};
    /* Negative moduli, stiffness, κ, damping and μ_s; e ≤ 0 or > 1; μ_d < 0 or > μ_s (0.5). */
    const double out_of_domain[17][2] = {{-1.0, -1e-300}, {-1.0, -1e-300}, {-1.0, -1e-300}, {-1.0, -1e-300},
                                         {0.0, 1.5},      {-1.0, -1e-300}, {-1.0, -1e-300}, {0, 0},
                                         {-0.1, -1e-300}, {-0.1, 0.6},     {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
                                         {0, 0},          {0, 0}};
    const setup_fields fields = {17, name, past_last, out_of_domain, contact_params_set, contact_params_check};
    demc_contact_params good, scratch;
    const char *field = "unset";
    int m;
    model_params(HMD, 0.8, 0.5, &good);
    good.tangential.mu_dynamic = 0.4;
    CHECK(demc_contact_params_validate(&good, &field) == DEMC_OK && field == NULL);
    setup_check_fields(&fields, &good, &scratch, sizeof good);
    field = "unset";
    CHECK(setup_failed_as(demc_contact_params_validate(NULL, &field), &field, DEMC_ERR_INVALID_ARGUMENT, "params"));
    for (m = 0; m < NMODELS; ++m) {
        model_params(m, 0.7, 0.4, &scratch);
        field = "unset";
        CHECK(demc_contact_params_validate(&scratch, &field) == DEMC_OK && field == NULL);
    }
}

/* A sequence of overlapping configurations, then a separation: no force without overlap, the state resets. */
static void no_force_without_overlap_and_reset(void)
{
    int m;
    for (m = 0; m < NMODELS; ++m) {
        demc_contact_params p;
        demc_contact_state s, zero;
        demc_contact_result r;
        demc_body a, b;
        int k;
        model_params(m, 0.7, 0.3, &p);
        memset(&s, 0, sizeof s);
        memset(&zero, 0, sizeof zero);
        for (k = 0; k < 5; ++k) {
            a = sphere(v3(0, 0, 0), v3(0.1, 0.2, -0.3), v3(3, 0, 1), 5e-3);
            b = sphere(v3(9.99e-3, 1e-5 * k, 0), v3(0, 0, 0), v3(0, 0, 0), 5e-3);
            r = pair_model(m)(&p, &a, &b, 1e-6, &s);
            CHECK(r.overlap > 0 && demc_vec3_norm(r.force) > 0);
        }
        CHECK(memcmp(&s, &zero, sizeof s) != 0);
        b.position = v3(1.0001e-2, 0, 0); /* 1e-7 m gap */
        r = pair_model(m)(&p, &a, &b, 1e-6, &s);
        CHECK(r.overlap < 0);
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
            demc_contact_params p;
            demc_contact_state s, t;
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
                demc_contact_result r1 = pair_model(m)(&p, &a, &b, 1e-6, &s);
                demc_contact_result r2 = pair_model(m)(&p, &b, &a, 1e-6, &t);
                demc_contact_state ts = demc_contact_state_swap(t);
                double fs = demc_vec3_norm(r1.force) + 1e-300, ts_ = demc_vec3_norm(r1.torque_i) + 1e-300;
                CHECK(rel_diff(r1.force, demc_vec3_neg(r2.force), fs) <= 1e-13);
                CHECK(rel_diff(r1.torque_i, r2.torque_j, ts_ + demc_vec3_norm(r1.torque_j)) <= 1e-13);
                CHECK(rel_diff(r1.torque_j, r2.torque_i, ts_ + demc_vec3_norm(r1.torque_j)) <= 1e-13);
                CHECK(rel_diff(s.tangential.force, ts.tangential.force,
                               demc_vec3_norm(s.tangential.force) + 1e-300) <= 1e-12);
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
            demc_contact_params p;
            demc_contact_state s, t;
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
                demc_contact_result r1 = pair_model(m)(&p, &a, &b, 1e-6, &s);
                demc_contact_result r2 = pair_model(m)(&p, &qa, &qb, 1e-6, &t);
                /* Scales: the elastic normal force (≤ 2.5 E_n/δ for these laws) bounds the terms that cancel when a
                 * dashpot nearly balances the spring; a floor of 1e-9 N (forces here are ~1-10 N) covers a force
                 * clamped to zero by the end rule that is a rounding above zero in the rotated copy. */
                double fs = demc_vec3_norm(r1.force) + 2.5 * r1.normal_energy / r1.overlap + 1e-9;
                double tq = demc_vec3_norm(r1.torque_i) + demc_vec3_norm(r1.torque_j) + fs * 5e-3;
                double ms = demc_vec3_norm(s.tangential.force) + fs; /* on slip it is μ F_n: the same cancellation */
                /* Conditioning: the overlap δ = R_i + R_j − |x_i − x_j| of rotated coordinates differs by a few
                 * ε (|x_i| + |x_j|), relatively ε (|x_i| + |x_j|)/δ; forces vary as δ^{3/2} at most, the
                 * energy as δ^{5/2}. */
                double cond = 4 * DBL_EPSILON * (demc_vec3_norm(xa) + demc_vec3_norm(xb)) / r1.overlap;
                CHECK(rel_diff(mul(q, r1.force), r2.force, fs) <= 1e-12 + 1.5 * cond);
                CHECK(rel_diff(mul(q, r1.torque_i), r2.torque_i, tq) <= 1e-12 + 1.5 * cond);
                CHECK(rel_diff(mul(q, r1.torque_j), r2.torque_j, tq) <= 1e-12 + 1.5 * cond);
                CHECK(rel_diff(mul(q, s.tangential.force), t.tangential.force, ms) <= 1e-11 + 1.5 * cond);
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

/* Random walks of two spheres in and out of contact: dissipation terms and stored energies never negative,
 * everything finite. */
static void dissipation_never_negative(void)
{
    int m;
    for (m = 0; m < NMODELS; ++m) {
        demc_contact_params p;
        demc_contact_state s;
        long k, bad = 0, nonfinite = 0, contacts = 0;
        demc_vec3 xb = v3(9.99e-3, 0, 0), va = v3(0, 0, 0), vb = v3(0, 0, 0), wa = v3(0, 0, 0), wb = v3(0, 0, 0);
        model_params(m, 0.5, 0.4, &p);
        memset(&s, 0, sizeof s);
        for (k = 0; k < 100000; ++k) {
            demc_body a, b;
            demc_contact_result r;
            xb = demc_vec3_add(xb, random_vec(2e-7));
            xb = demc_vec3_scale(xb, (9.985e-3 + 3e-5 * uniform()) / demc_vec3_norm(xb)); /* stays near contact */
            va = demc_vec3_add(va, random_vec(0.01));
            vb = demc_vec3_add(vb, random_vec(0.01));
            wa = demc_vec3_add(wa, random_vec(1.0));
            wb = demc_vec3_add(wb, random_vec(1.0));
            if (k % 5000 == 0) va = vb = wa = wb = v3(0, 0, 0);
            a = sphere(v3(0, 0, 0), va, wa, 5e-3);
            b = sphere(xb, vb, wb, 5e-3);
            r = pair_model(m)(&p, &a, &b, 1e-6, &s);
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
    demc_contact_params p;
    demc_contact_state s;
    rigid b[2];
    demc_contact_result r;
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
        r = pair_model(m)(&p, &A, &B, dt, &s);
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
    demc_contact_params p;
    demc_contact_state s;
    demc_contact_result r;
    demc_body a = sphere(v3(0, 0, 0), v3(0.5, 0, 0), v3(0, 0, 0), 5e-3);
    demc_body b = sphere(v3(1.00001e-2, 0, 0), v3(-0.5, 0, 0), v3(0, 0, 0), 5e-3);
    int started = 0;
    long k;
    model_params(m, e, 0.3, &p);
    memset(&s, 0, sizeof s);
    r = pair_model(m)(&p, &a, &b, dt, &s);
    for (k = 0; k < 100000000L; ++k) {
        a.velocity = demc_vec3_add_scaled(a.velocity, 0.5 * dt / a.mass, r.force);
        b.velocity = demc_vec3_add_scaled(b.velocity, -0.5 * dt / b.mass, r.force);
        a.position = demc_vec3_add_scaled(a.position, dt, a.velocity);
        b.position = demc_vec3_add_scaled(b.position, dt, b.velocity);
        r = pair_model(m)(&p, &a, &b, dt, &s);
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

typedef demc_contact_result (*wall_fn)(const demc_contact_params *, const demc_body *, const demc_wall *, double,
                                       demc_contact_state *);
static wall_fn wall_model(int m)
{
    switch (m) {
    case LSD: return demc_contact_lsd_wall;
    case HMD: return demc_contact_hmd_wall;
    case PLSB: return demc_contact_plsb_wall;
    case HM: return demc_contact_hm_wall;
    default: return demc_contact_campello_wall;
    }
}

/* Sphere–wall: an oblique, spinning impact on a moving, rotated wall, integrated here. Rotating the whole
 * configuration rotates the results; the normal rebound returns e; the state resets after the impact. */
static void sphere_wall(void)
{
    int m;
    for (m = 0; m < NMODELS; ++m) {
        const double dt = 5e-9, e = 0.7;
        demc_contact_params p;
        demc_contact_state s, t, zero;
        mat3t q = rotation(v3(1, 2, -0.5), 0.9);
        demc_wall w, qw;
        /* starts 0.1 um into the wall: a dashpot force jumps at the onset, and a rounding of the rotated overlap
         * must not decide whether the contact has begun */
        demc_body b = sphere(v3(0, 0, 5e-3 - 1e-7), v3(0.2, 0.1, -1.0), v3(0, 30, 5), 5e-3), qb;
        demc_contact_result r, r2;
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
        r = wall_model(m)(&p, &b, &w, dt, &s);
        r2 = wall_model(m)(&p, &qb, &qw, dt, &t);
        for (k = 0; k < 10000000L; ++k) {
            double fs;
            b.velocity = demc_vec3_add_scaled(b.velocity, 0.5 * dt / b.mass, r.force);
            b.angular_velocity = demc_vec3_add_scaled(b.angular_velocity, 0.5 * dt / (0.4 * b.mass * 25e-6), r.torque_i);
            b.position = demc_vec3_add_scaled(b.position, dt, b.velocity);
            w.point = demc_vec3_add_scaled(w.point, dt, w.velocity);
            qw.point = mul(q, w.point);
            qb = sphere(mul(q, b.position), mul(q, b.velocity), mul(q, b.angular_velocity), 5e-3);
            r = wall_model(m)(&p, &b, &w, dt, &s);
            r2 = wall_model(m)(&p, &qb, &qw, dt, &t);
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
        r = wall_model(m)(&p, &b, &w, dt, &s); /* one more call, now apart */
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
    RUN(params_statuses);
    RUN(setup_functions_name_the_bad_argument);
    RUN(validate_names_the_bad_field);
    RUN(no_force_without_overlap_and_reset);
    RUN(newton_third_law);
    RUN(objectivity);
    RUN(dissipation_never_negative);
    RUN(energy_balance_of_a_collision);
    RUN(restitution_of_head_on_impacts);
    RUN(sphere_wall);
    return harness_finish("test_contact");
}
