/* Bodies of contact.h. Included by contact.h only; see docs/pages/contributing.md for why bodies live in headers. */
#ifndef DEMC_CONTACT_IMPL_H
#define DEMC_CONTACT_IMPL_H

#include <math.h>
#include <string.h>

DEMC_BEGIN_DECLS

/* ---- the private layout of demc_contact_model: named indices into its doubles ------------------------------- */

/* Changes whenever the meaning of an index below changes, so that a model built by one version is recognised by
 * demc_contact_model_validate() of another. */
#define DEMCI_CONTACT_LAYOUT 9001.0

enum {
    DEMCI_M_LAYOUT,      /* DEMCI_CONTACT_LAYOUT */
    DEMCI_M_KIND,        /* demc_contact_kind, exact as a double */
    DEMCI_M_STATE_SIZE,  /* doubles of the per-contact state */
    DEMCI_M_RANGE,       /* reach beyond touching, m */
    DEMCI_M_SHARE_I,     /* fraction of δ taken by body i (contact point) */
    DEMCI_M_E,           /* E*, Pa */
    DEMCI_M_G,           /* G*, Pa */
    DEMCI_M_K,           /* k of the linear spring and of PLS(B), N/m */
    DEMCI_M_KAPPA,       /* κ */
    DEMCI_M_GAMMA_N,     /* normal damping ratio γ */
    DEMCI_M_GAMMA_T,     /* tangential damping ratio γ_t */
    DEMCI_M_MU_S,        /* μ_s */
    DEMCI_M_MU_D,        /* μ_d */
    DEMCI_M_PLS_K1,      /* PLS(B) loading stiffness e k */
    DEMCI_M_PLS_K2,      /* PLS(B) unloading stiffness k/e */
    DEMCI_M_PLS_FRACTION, /* PLS(B) 1 − e² */
    DEMCI_M_HERTZ_F,     /* (4/3) E*: F = (4/3) E* a δ with a = √(R* δ) */
    DEMCI_M_HERTZ_KN,    /* 2 E*: k_n = 2 E* a */
    DEMCI_M_HERTZ_KT,    /* 8 G*: k_t = 8 G* a */
    DEMCI_M_CT_OVER_CN   /* c_t / c_n = (γ_t/γ) √(k_t/k_n): the tangential dashpot without a square root */
};

/* Fields of a kind. */
#define DEMCI_KIND_NORMAL(k) ((unsigned)(k) & 15u)
#define DEMCI_KIND_DAMPING(k) (((unsigned)(k) >> 4) & 7u)
#define DEMCI_KIND_TANGENTIAL(k) (((unsigned)(k) >> 7) & 7u)
#define DEMCI_KIND_INCREMENT(k) (((unsigned)(k) >> 10) & 3u)
#define DEMCI_KIND_ROLLING(k) (((unsigned)(k) >> 12) & 7u)
#define DEMCI_KIND_TWISTING(k) (((unsigned)(k) >> 15) & 7u)
#define DEMCI_KIND_STIFFNESS_RULE(k) (((unsigned)(k) >> 18) & 3u)
#define DEMCI_KIND_RECALCULATION(k) (((unsigned)(k) >> 20) & 1u)
#define DEMCI_KIND_DIRECTION(k) (((unsigned)(k) >> 21) & 3u)
#define DEMCI_KIND_UNLOADING(k) (((unsigned)(k) >> 23) & 1u)
#define DEMCI_KIND_COULOMB(k) (((unsigned)(k) >> 24) & 1u)
#define DEMCI_KIND_END(k) (((unsigned)(k) >> 25) & 1u)
#define DEMCI_KIND_TRANSPORT(k) (((unsigned)(k) >> 26) & 1u)
#define DEMCI_KIND_SPIN(k) (!(((unsigned)(k) >> 27) & 1u))

/* ---- the per-contact state layout, a function of the kind alone ---------------------------------------------- */
/* With a tangential law: [0, 3) the previous unit normal, [3, 12) the demc_tangential_state in declaration order
 * (displacement, force, stiffness, normal force, slip flag). With PLS(B), next: the latch δ_max. */
enum { DEMCI_S_NORMAL = 0, DEMCI_S_TANGENTIAL = 3, DEMCI_S_TANGENTIAL_END = 12 };

DEMC_STATIC_INLINE size_t demci_contact_pls_offset(demc_contact_kind kind)
{
    return DEMCI_KIND_TANGENTIAL(kind) != DEMC_TANGENTIAL_NONE ? (size_t)DEMCI_S_TANGENTIAL_END : 0;
}

DEMC_STATIC_INLINE size_t demci_contact_state_size(demc_contact_kind kind)
{
    return demci_contact_pls_offset(kind) + (DEMCI_KIND_NORMAL(kind) == DEMC_NORMAL_PLSB ? 1 : 0);
}

/* The number of known values of each slot; a larger value is an option of a newer library. */
enum {
    DEMCI_NORMAL_LAWS = DEMC_NORMAL_PLSB + 1,
    DEMCI_DAMPING_LAWS = DEMC_DAMPING_VISCOUS + 1,
    DEMCI_TANGENTIAL_LAWS = DEMC_TANGENTIAL_SPRING + 1,
    DEMCI_INCREMENT_RULES = DEMC_INCREMENT_ROLLING + 1,
    DEMCI_ROLLING_LAWS = DEMC_ROLLING_NONE + 1,
    DEMCI_TWISTING_LAWS = DEMC_TWISTING_NONE + 1
};

/* ---- setup --------------------------------------------------------------------------------------------------- */

DEMC_CONTACT_FN demc_status demc_contact_def_init(demc_contact_preset preset, size_t size, demc_contact_def *def,
                                                  const char **bad_field)
{
    demc_contact_def d;
    if ((int)preset < 0 || (int)preset > (int)DEMC_CONTACT_PRESET_CAMPELLO)
        return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "preset", bad_field);
    if (size < sizeof(demc_contact_def)) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "size", bad_field);
    if (!def) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "def", bad_field);
    memset(&d, 0, sizeof d);
    d.size = size;
    d.normal = DEMC_NORMAL_HERTZ;
    d.damping = DEMC_DAMPING_VISCOUS;
    d.tangential = DEMC_TANGENTIAL_SPRING;
    d.increment = DEMC_INCREMENT_VELOCITY;
    d.rolling = DEMC_ROLLING_NONE;
    d.twisting = DEMC_TWISTING_NONE;
    d.restitution = 1.0;
    d.end = DEMC_CONTACT_END_FORCE;
    d.tangential_damping_scale = 1.0; /* [Cummins 2012] eq 1-2: the one γ for both dashpots */
    demc_tangential_params_init(0.0, 0.0, &d.friction, NULL); /* cannot fail: default conventions */
    d.transport = DEMC_TRANSPORT_ROTATE;
    d.spin = 1;
    d.contact_point = DEMC_CONTACT_POINT_COMPLIANCE;
    switch (preset) {
    case DEMC_CONTACT_PRESET_LSD: d.normal = DEMC_NORMAL_LINEAR; break;
    case DEMC_CONTACT_PRESET_PLSB:
        d.normal = DEMC_NORMAL_PLSB;
        d.damping = DEMC_DAMPING_NONE;
        break;
    case DEMC_CONTACT_PRESET_HM:
        d.damping = DEMC_DAMPING_NONE;
        d.friction.unloading = DEMC_UNLOADING_KEEP; /* [Zabulionis 2012] eq 33: the pure incremental law */
        break;
    case DEMC_CONTACT_PRESET_CAMPELLO:
        d.increment = DEMC_INCREMENT_ROLLING;
        d.friction.stiffness_rule = DEMC_STIFFNESS_TOTAL; /* [Campello 2015] eq 30-31: F = −k_t s */
        d.tangential_damping_scale = 0.0;
        break;
    default: break;
    }
    /* The caller's struct may be larger (a newer header): its tail is zeroed, the defaults of appended fields. */
    memset(def, 0, size);
    memcpy(def, &d, sizeof d);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/* A slot selector: negative is not an enumerator; past the last known value is an option of a newer library. */
DEMC_STATIC_INLINE demc_status demci_contact_slot(int value, int known, const char *field, const char **bad_field)
{
    if (value < 0) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, field, bad_field);
    if (value >= known) return demci_material_fail(DEMC_ERR_UNSUPPORTED, field, bad_field);
    return DEMC_OK;
}

/* The size check of a sized struct: at least this library's layout, and a newer caller's tail all zero. Not inlined:
 * inlined into a caller that holds a struct of this header's size, the (then unreachable) reads past it would be
 * flagged by the compiler's bounds analysis. */
#if defined(__GNUC__) && !defined(__CUDACC__)
__attribute__((noinline, unused)) static DEMC_HOST_DEVICE
#else
DEMC_STATIC_INLINE
#endif
demc_status demci_contact_sized(const void *object, size_t size, size_t known, const char *field,
                                                   const char **bad_field)
{
    const unsigned char *tail = (const unsigned char *)object + known;
    size_t k;
    if (size < known) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, field, bad_field);
    for (k = 0; k < size - known; ++k)
        if (tail[k]) return demci_material_fail(DEMC_ERR_UNSUPPORTED, field, bad_field);
    return DEMC_OK;
}

/* The checks of the description, in declaration order; each reads only what the selected laws use. */
DEMC_STATIC_INLINE demc_status demci_contact_def_check(const demc_contact_def *d, const char **bad_field)
{
    const int hertz = d->normal == DEMC_NORMAL_HERTZ, plsb = d->normal == DEMC_NORMAL_PLSB;
    const int damped = d->damping == DEMC_DAMPING_VISCOUS, spring = d->tangential == DEMC_TANGENTIAL_SPRING;
    const double asym = d->moduli.compliance_asymmetry;
    demc_status s;
    if ((s = demci_contact_sized(d, d->size, sizeof *d, "def.size", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_slot((int)d->normal, DEMCI_NORMAL_LAWS, "def.normal", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_slot((int)d->damping, DEMCI_DAMPING_LAWS, "def.damping", bad_field)) != DEMC_OK) return s;
    if (plsb && damped) /* the latch is PLS(B)'s dissipation; a dashpot on top has no published restitution map */
        return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.damping", bad_field);
    if ((s = demci_contact_slot((int)d->tangential, DEMCI_TANGENTIAL_LAWS, "def.tangential", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_contact_slot((int)d->increment, DEMCI_INCREMENT_RULES, "def.increment", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_contact_slot((int)d->rolling, DEMCI_ROLLING_LAWS, "def.rolling", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_slot((int)d->twisting, DEMCI_TWISTING_LAWS, "def.twisting", bad_field)) != DEMC_OK)
        return s;
    if (hertz && (s = demci_require_positive(d->moduli.effective_modulus, "def.moduli.effective_modulus",
                                             bad_field)) != DEMC_OK)
        return s;
    if (hertz && spring &&
        (s = demci_require_positive(d->moduli.effective_shear_modulus, "def.moduli.effective_shear_modulus",
                                    bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require(asym, asym >= -1.0 && asym <= 1.0, "def.moduli.compliance_asymmetry", bad_field)) !=
        DEMC_OK)
        return s;
    if (!hertz && (s = demci_require_positive(d->normal_stiffness, "def.normal_stiffness", bad_field)) != DEMC_OK)
        return s;
    if (!hertz && spring &&
        (s = demci_require(d->stiffness_ratio, d->stiffness_ratio >= 0.0, "def.stiffness_ratio", bad_field)) !=
            DEMC_OK)
        return s;
    if ((damped || plsb) && (s = demci_require(d->restitution, d->restitution > 0.0 && d->restitution <= 1.0,
                                               "def.restitution", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require_enum((int)d->end, (int)DEMC_CONTACT_END_OVERLAP + 1, "def.end", bad_field)) != DEMC_OK)
        return s;
    if (damped && spring &&
        (s = demci_require(d->tangential_damping_scale, d->tangential_damping_scale >= 0.0,
                           "def.tangential_damping_scale", bad_field)) != DEMC_OK)
        return s;
    if (spring) {
        if ((s = demci_tangential_check(&d->friction, 2, bad_field)) != DEMC_OK) return s;
        s = demci_require_enum((int)d->transport, (int)DEMC_TRANSPORT_PROJECT + 1, "def.transport", bad_field);
        if (s != DEMC_OK) return s;
        if ((s = demci_require_enum(d->spin, 2, "def.spin", bad_field)) != DEMC_OK) return s;
    }
    return demci_require_enum((int)d->contact_point, (int)DEMC_CONTACT_POINT_HALF + 1, "def.contact_point",
                              bad_field);
}

/* The kind of a valid description; conventions no selected law reads are left 0, so equal models have equal
 * kinds. */
DEMC_STATIC_INLINE demc_contact_kind demci_contact_def_kind(const demc_contact_def *d)
{
    const int spring = d->tangential == DEMC_TANGENTIAL_SPRING;
    demc_contact_kind kind = DEMC_CONTACT_KIND(d->normal, d->damping, d->tangential, spring ? d->increment : 0,
                                               d->rolling, d->twisting);
    if (d->damping == DEMC_DAMPING_VISCOUS) kind |= DEMC_CONTACT_KIND_CONVENTIONS(0, 0, 0, 0, 0, d->end, 0, 1);
    if (spring)
        kind |= DEMC_CONTACT_KIND_CONVENTIONS(d->friction.stiffness_rule, d->friction.recalculation,
                                              d->friction.direction, d->friction.unloading, d->friction.coulomb, 0,
                                              d->transport, d->spin);
    return kind;
}

DEMC_CONTACT_FN demc_status demc_contact_model_init(const demc_contact_def *def, demc_contact_model *model,
                                                    const char **bad_field)
{
    demc_contact_model m;
    double *c = m.opaque_;
    demc_contact_kind kind;
    double gamma = 0.0;
    demc_status s;
    if (!def) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "def", bad_field);
    if ((s = demci_contact_def_check(def, bad_field)) != DEMC_OK) return s;
    if (def->damping == DEMC_DAMPING_VISCOUS) {
        s = def->normal == DEMC_NORMAL_LINEAR ? demc_damping_lsd_ratio(def->restitution, def->end, &gamma)
                                              : demc_damping_hmd_ratio(def->restitution, def->end, &gamma);
        if (s != DEMC_OK) return demci_material_fail(s, "def.restitution", bad_field);
    }
    if (!model) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "model", bad_field);
    memset(&m, 0, sizeof m);
    kind = demci_contact_def_kind(def);
    c[DEMCI_M_LAYOUT] = DEMCI_CONTACT_LAYOUT;
    c[DEMCI_M_KIND] = (double)kind;
    c[DEMCI_M_STATE_SIZE] = (double)demci_contact_state_size(kind);
    c[DEMCI_M_RANGE] = 0.0;
    c[DEMCI_M_SHARE_I] = def->contact_point == DEMC_CONTACT_POINT_HALF
                             ? 0.5
                             : 0.5 * (1.0 + def->moduli.compliance_asymmetry);
    c[DEMCI_M_E] = def->moduli.effective_modulus;
    c[DEMCI_M_G] = def->moduli.effective_shear_modulus;
    c[DEMCI_M_K] = def->normal_stiffness;
    c[DEMCI_M_KAPPA] = def->stiffness_ratio;
    c[DEMCI_M_GAMMA_N] = gamma;
    c[DEMCI_M_GAMMA_T] = def->tangential_damping_scale * gamma;
    c[DEMCI_M_MU_S] = def->friction.mu_static;
    c[DEMCI_M_MU_D] = def->friction.mu_dynamic;
    c[DEMCI_M_HERTZ_F] = 4.0 / 3.0 * def->moduli.effective_modulus;
    c[DEMCI_M_HERTZ_KN] = 2.0 * def->moduli.effective_modulus;
    c[DEMCI_M_HERTZ_KT] = 8.0 * def->moduli.effective_shear_modulus;
    /* k_t/k_n is 4G* over E* for Hertz and κ for the linear spring; with a dashpot both are validated (E* > 0). */
    if (def->damping == DEMC_DAMPING_VISCOUS && def->tangential == DEMC_TANGENTIAL_SPRING)
        c[DEMCI_M_CT_OVER_CN] =
            def->tangential_damping_scale * sqrt(def->normal == DEMC_NORMAL_HERTZ
                                                     ? 4.0 * def->moduli.effective_shear_modulus /
                                                           def->moduli.effective_modulus
                                                     : def->stiffness_ratio);
    if (def->normal == DEMC_NORMAL_PLSB) {
        demc_normal_pls_params pp;
        /* The latch's stiffnesses e k and k/e must be representable doubles, else the stiffness is named. */
        if ((s = demc_normal_pls_init(def->normal_stiffness, def->restitution, &pp, NULL)) != DEMC_OK)
            return demci_material_fail(s, "def.normal_stiffness", bad_field);
        c[DEMCI_M_PLS_K1] = pp.loading_stiffness;
        c[DEMCI_M_PLS_K2] = pp.unloading_stiffness;
        c[DEMCI_M_PLS_FRACTION] = pp.plastic_fraction;
    }
    *model = m;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CONTACT_FN demc_contact_kind demc_contact_model_kind(const demc_contact_model *model)
{
    return (demc_contact_kind)model->opaque_[DEMCI_M_KIND];
}

DEMC_CONTACT_FN size_t demc_contact_model_state_size(const demc_contact_model *model)
{
    return (size_t)model->opaque_[DEMCI_M_STATE_SIZE];
}

DEMC_CONTACT_FN double demc_contact_model_range(const demc_contact_model *model)
{
    return model->opaque_[DEMCI_M_RANGE];
}

DEMC_CONTACT_FN void demc_contact_state_reset(const demc_contact_model *model, double *state)
{
    size_t k, n = demc_contact_model_state_size(model);
    for (k = 0; k < n; ++k) state[k] = 0.0;
}

DEMC_CONTACT_FN int demc_contact_state_flips(const demc_contact_model *model, size_t index)
{
    const demc_contact_kind kind = demc_contact_model_kind(model);
    /* The previous normal and the tangential displacement and force are vectors of the pair (i relative to j). */
    return DEMCI_KIND_TANGENTIAL(kind) != DEMC_TANGENTIAL_NONE && index < (size_t)DEMCI_S_TANGENTIAL + 6;
}

DEMC_CONTACT_FN void demc_contact_state_swap(const demc_contact_model *model, double *state)
{
    size_t k, n = demc_contact_model_state_size(model);
    for (k = 0; k < n; ++k)
        if (demc_contact_state_flips(model, k)) state[k] = -state[k];
}

/* ---- frames -------------------------------------------------------------------------------------------------- */

DEMC_STATIC_INLINE demc_contact_frame demci_contact_frame_none(void)
{
    demc_contact_frame f;
    const demc_vec3 zero = demc_vec3_make(0.0, 0.0, 0.0);
    f.overlap = 0.0;
    f.normal = zero;
    f.branch_i = zero;
    f.branch_j = zero;
    f.velocity_i = zero;
    f.angular_velocity_i = zero;
    f.velocity_j = zero;
    f.angular_velocity_j = zero;
    f.effective_radius = 0.0;
    f.effective_mass = 0.0;
    return f;
}

DEMC_CONTACT_FN demc_contact_frame demc_contact_frame_sphere_sphere(const demc_contact_model *model,
                                                                    const demc_body *i, const demc_body *j)
{
    const double *c = model->opaque_;
    const demc_vec3 dx = demc_vec3_sub(i->position, j->position);
    const double d2 = demc_vec3_norm2(dx);
    const double reach = i->radius + j->radius + c[DEMCI_M_RANGE];
    double distance, inverse, share = c[DEMCI_M_SHARE_I];
    demc_contact_frame f;
    if (!(d2 < reach * reach)) return demci_contact_frame_none(); /* also NaN */
    distance = sqrt(d2);
    /* Coincident centres: no direction; n = 0 keeps everything finite (a select, not a branch). */
    inverse = distance > 0.0 ? 1.0 / distance : 0.0;
    f.normal = demc_vec3_scale(dx, inverse);
    f.overlap = i->radius + j->radius - distance;
    f.branch_i = demc_vec3_scale(f.normal, -(i->radius - share * f.overlap));
    f.branch_j = demc_vec3_scale(f.normal, j->radius - (1.0 - share) * f.overlap);
    f.velocity_i = i->velocity;
    f.angular_velocity_i = i->angular_velocity;
    f.velocity_j = j->velocity;
    f.angular_velocity_j = j->angular_velocity;
    f.effective_radius = i->radius * j->radius / (i->radius + j->radius);
    f.effective_mass = i->mass * j->mass / (i->mass + j->mass);
    return f;
}

DEMC_CONTACT_FN demc_contact_frame demc_contact_frame_sphere_wall(const demc_contact_model *model,
                                                                  const demc_body *i, const demc_wall *wall)
{
    const double *c = model->opaque_;
    const demc_vec3 dx = demc_vec3_sub(i->position, wall->point);
    const double overlap = i->radius - demc_vec3_dot(wall->normal, dx);
    demc_contact_frame f;
    if (!(overlap > -c[DEMCI_M_RANGE])) return demci_contact_frame_none(); /* also NaN */
    f.overlap = overlap;
    f.normal = wall->normal;
    f.branch_i = demc_vec3_scale(wall->normal, -(i->radius - c[DEMCI_M_SHARE_I] * overlap));
    f.branch_j = demc_vec3_add(dx, f.branch_i);
    f.velocity_i = i->velocity;
    f.angular_velocity_i = i->angular_velocity;
    f.velocity_j = wall->velocity;
    f.angular_velocity_j = wall->angular_velocity;
    f.effective_radius = i->radius;
    f.effective_mass = i->mass;
    return f;
}

/* ---- evaluation ---------------------------------------------------------------------------------------------- */

DEMC_STATIC_INLINE demc_contact_result demci_contact_zero_result(double overlap)
{
    demc_contact_result r;
    r.force = demc_vec3_make(0.0, 0.0, 0.0);
    r.torque_i = r.force;
    r.torque_j = r.force;
    r.overlap = overlap;
    r.normal_force = 0.0;
    return r;
}

DEMC_STATIC_INLINE void demci_contact_diag_clear(demc_contact_diag *diag)
{
    diag->normal_energy = 0.0;
    diag->tangential_energy = 0.0;
    diag->viscous_dissipation = 0.0;
    diag->friction_dissipation = 0.0;
    diag->plastic_dissipation = 0.0;
    diag->tangential_exchange = 0.0;
    diag->sliding = 0;
}

DEMC_STATIC_INLINE demc_vec3 demci_contact_load3(const double *s) { return demc_vec3_make(s[0], s[1], s[2]); }

DEMC_STATIC_INLINE void demci_contact_store3(double *s, demc_vec3 v)
{
    s[0] = v.x;
    s[1] = v.y;
    s[2] = v.z;
}

/* The tangential memory kept in the slice, as the tangential kernel's struct. */
DEMC_STATIC_INLINE demc_tangential_state demci_contact_load_tangential(const double *s)
{
    demc_tangential_state t;
    t.displacement = demci_contact_load3(s);
    t.force = demci_contact_load3(s + 3);
    t.stiffness = s[6];
    t.normal_force = s[7];
    t.sliding = s[8];
    return t;
}

DEMC_STATIC_INLINE void demci_contact_store_tangential(double *s, const demc_tangential_state *t)
{
    demci_contact_store3(s, t->displacement);
    demci_contact_store3(s + 3, t->force);
    s[6] = t->stiffness;
    s[7] = t->normal_force;
    s[8] = t->sliding;
}

/* The contact is over: the memory is reset and the energy the tangential spring still held is released (reported
 * as exchange, so that an energy account across the separation closes). */
DEMC_HOT_INLINE demc_contact_result demci_contact_release(demc_contact_kind kind, double overlap, double *state,
                                                             demc_contact_diag *diag)
{
    size_t k;
    if (diag) {
        demci_contact_diag_clear(diag);
        if (DEMCI_KIND_TANGENTIAL(kind) != DEMC_TANGENTIAL_NONE && state[DEMCI_S_TANGENTIAL + 6] > 0.0)
            diag->tangential_exchange = 0.5 * demc_vec3_norm2(demci_contact_load3(state + DEMCI_S_TANGENTIAL + 3)) /
                                        state[DEMCI_S_TANGENTIAL + 6];
    }
    for (k = 0; k < demci_contact_state_size(kind); ++k) state[k] = 0.0;
    return demci_contact_zero_result(overlap);
}

/* The memory is carried into this step's frame: the turn from the previous normal to this one, plus the mean
 * spin of the two bodies about the normal; its Rodrigues parameter 2 tan(φ/2) is taken as φ (the rotation angle is
 * then 2 atan(φ/2) = φ − φ³/12 + …, as [Campello 2015] eq 45 does for its increments). Both vectors share the
 * turn's divisions. */
DEMC_HOT_INLINE void demci_contact_transport(demc_contact_kind kind, const demc_contact_frame *f, double dt,
                                             demc_vec3 n_old, demc_tangential_state *ts)
{
    const demc_vec3 n = f->normal;
    if (DEMCI_KIND_TRANSPORT(kind) == DEMC_TRANSPORT_PROJECT) {
        ts->displacement = demc_tangential_project(ts->displacement, n);
        ts->force = demc_tangential_project(ts->force, n);
    } else {
        const double spin =
            DEMCI_KIND_SPIN(kind) ? 0.5 * demc_vec3_dot(demc_vec3_add(f->angular_velocity_i, f->angular_velocity_j), n) * dt
                                  : 0.0;
        const demci_tangential_turn turn = demci_tangential_turn_make(n_old, n, spin);
        ts->displacement = demci_tangential_turn_apply(&turn, ts->displacement);
        ts->force = demci_tangential_turn_apply(&turn, ts->force);
    }
}

/* [Campello 2015] eq 25-29: centre displacements minus the rolling of each body's contact point under its
 * incremental rotation α_Δ = ω Δt (eq 45 with a constant spin); (I − Q_Δ) d is linear in d, so the branch vector is
 * passed as the "normal" with unit radius. */
DEMC_HOT_INLINE demc_vec3 demci_contact_rolling_increment(const demc_contact_frame *f, double dt)
{
    const demc_vec3 roll_i =
        demc_rodrigues_rolling_displacement(demc_vec3_scale(f->angular_velocity_i, dt), 1.0, f->branch_i);
    const demc_vec3 roll_j =
        demc_rodrigues_rolling_displacement(demc_vec3_scale(f->angular_velocity_j, dt), 1.0, f->branch_j);
    const demc_vec3 travel = demc_vec3_scale(demc_vec3_sub(f->velocity_i, f->velocity_j), dt);
    return demc_vec3_project_plane(demc_vec3_sub(travel, demc_vec3_sub(roll_i, roll_j)), f->normal);
}

/* The one evaluation behind every model. With a constant kind every slot and convention folds; without a diag the
 * energy terms are not computed. */
DEMC_HOT_INLINE demc_contact_result demci_contact_eval_kind(demc_contact_kind kind, const double *c,
                                                            const demc_contact_frame *f, double dt, double *state,
                                                            demc_contact_diag *diag)
{
    const unsigned normal = DEMCI_KIND_NORMAL(kind);
    const int damped = DEMCI_KIND_DAMPING(kind) == DEMC_DAMPING_VISCOUS;
    const int spring = DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_SPRING;
    const double delta = f->overlap, m_eff = f->effective_mass;
    const demc_vec3 n = f->normal;
    demc_contact_result r;
    demc_vec3 v_c, v_t;
    double rate, f_el, f_n, k_n, k_t = 0.0, c_n = 0.0, energy = 0.0, plastic = 0.0;

    if (!(delta > 0.0)) return demci_contact_release(kind, delta, state, diag);

    /* Velocity of i's material point at the contact relative to j's, its normal rate and tangential part
     * ([Zabulionis 2012] eq 9-11). */
    v_c = demc_vec3_sub(demc_vec3_add(f->velocity_i, demc_vec3_cross(f->angular_velocity_i, f->branch_i)),
                        demc_vec3_add(f->velocity_j, demc_vec3_cross(f->angular_velocity_j, f->branch_j)));
    rate = -demc_vec3_dot(v_c, n);
    v_t = demc_vec3_add_scaled(v_c, rate, n);

    /* Normal force: elastic part and tangent stiffness k_n, dashpot 2γ√(m* k_n) δ̇, end rule. */
    if (normal == DEMC_NORMAL_LINEAR) {
        k_n = c[DEMCI_M_K];
        f_el = k_n * delta;
        if (diag) energy = 0.5 * k_n * delta * delta;
        k_t = c[DEMCI_M_KAPPA] * k_n;
    } else if (normal == DEMC_NORMAL_PLSB) {
        demc_normal_pls_params pp;
        demc_normal_pls_state latch;
        const size_t at = demci_contact_pls_offset(kind);
        double before = 0.0;
        pp.loading_stiffness = c[DEMCI_M_PLS_K1];
        pp.unloading_stiffness = c[DEMCI_M_PLS_K2];
        pp.plastic_fraction = c[DEMCI_M_PLS_FRACTION];
        latch.overlap_max = state[at];
        if (diag) before = demc_normal_pls_dissipated_energy(&pp, &latch);
        f_el = demc_normal_pls_force(&pp, delta, &latch);
        if (diag) {
            energy = demc_normal_pls_elastic_energy(&pp, delta, &latch);
            plastic = demc_normal_pls_dissipated_energy(&pp, &latch) - before;
        }
        state[at] = latch.overlap_max;
        k_n = pp.unloading_stiffness;
        k_t = c[DEMCI_M_KAPPA] * pp.unloading_stiffness; /* [Cummins 2012] eq 3: κ k₂ */
    } else {
        /* Hertz: one root, a = √(R* δ), serves the force (4/3)E* a δ, k_n = 2E* a and k_t = 8G* a. */
        const double a = sqrt(f->effective_radius * delta);
        f_el = c[DEMCI_M_HERTZ_F] * a * delta;
        if (diag) energy = 0.4 * f_el * delta;
        k_n = c[DEMCI_M_HERTZ_KN] * a;
        if (spring) k_t = c[DEMCI_M_HERTZ_KT] * a;
    }
    if (damped) c_n = 2.0 * c[DEMCI_M_GAMMA_N] * sqrt(m_eff * k_n);
    f_n = f_el + c_n * rate;
    if (DEMCI_KIND_END(kind) == DEMC_CONTACT_END_FORCE) f_n = f_n > 0.0 ? f_n : 0.0; /* no attraction */
    r.force = demc_vec3_scale(n, f_n);

    /* Tangential force: the memory is carried into this step's frame, then advanced by the increment. */
    if (spring) {
        demc_tangential_params tp;
        demc_tangential_state ts = demci_contact_load_tangential(state + DEMCI_S_TANGENTIAL);
        const demc_vec3 n_old = demci_contact_load3(state + DEMCI_S_NORMAL);
        const demc_vec3 increment =
            DEMCI_KIND_INCREMENT(kind) == DEMC_INCREMENT_ROLLING ? demci_contact_rolling_increment(f, dt)
                                                                 : demc_vec3_scale(v_t, dt);
        const double c_t = c_n * c[DEMCI_M_CT_OVER_CN]; /* 2γ_t √(m* k_t) */
        demc_tangential_result rt;
        if (n_old.x != 0.0 || n_old.y != 0.0 || n_old.z != 0.0) demci_contact_transport(kind, f, dt, n_old, &ts);
        tp.mu_static = c[DEMCI_M_MU_S];
        tp.mu_dynamic = c[DEMCI_M_MU_D];
        tp.stiffness_rule = (demc_stiffness_rule)DEMCI_KIND_STIFFNESS_RULE(kind);
        tp.recalculation = (demc_slip_recalculation)DEMCI_KIND_RECALCULATION(kind);
        tp.direction = (demc_slip_direction)DEMCI_KIND_DIRECTION(kind);
        tp.unloading = (demc_unloading_rule)DEMCI_KIND_UNLOADING(kind);
        tp.coulomb = (demc_coulomb_policy)DEMCI_KIND_COULOMB(kind);
        rt = demci_tangential_step(&tp, increment, v_t, k_t, f_n, c_t, dt, &ts, diag != 0);
        demci_contact_store_tangential(state + DEMCI_S_TANGENTIAL, &ts);
        demci_contact_store3(state + DEMCI_S_NORMAL, n);
        r.force = demc_vec3_add(r.force, rt.force);
        if (diag) {
            diag->tangential_energy = rt.stored_energy;
            diag->friction_dissipation = rt.friction_dissipation;
            diag->tangential_exchange = rt.stiffness_exchange;
            diag->sliding = rt.sliding;
            diag->viscous_dissipation = rt.viscous_dissipation;
        }
    } else if (diag) {
        demci_contact_diag_clear(diag);
    }
    if (diag) {
        diag->normal_energy = energy;
        /* Work of the dashpot force actually applied, (f_n − f_el) δ̇ Δt: ≥ 0, also when clamped. */
        diag->viscous_dissipation += (f_n - f_el) * rate * dt;
        diag->plastic_dissipation = plastic;
    }
    /* Torques: d_i × F on i, and d_j × (−F) = F × d_j on j (the reaction −F acts at the contact point). */
    r.torque_i = demc_vec3_cross(f->branch_i, r.force);
    r.torque_j = demc_vec3_cross(r.force, f->branch_j);
    r.overlap = delta;
    r.normal_force = f_n;
    return r;
}

DEMC_CONTACT_FN demc_contact_result demc_contact_eval(const demc_contact_model *model,
                                                      const demc_contact_frame *frame, double dt, double *state,
                                                      demc_contact_diag *diag)
{
    const double *c = model->opaque_;
    const demc_contact_kind kind = (demc_contact_kind)c[DEMCI_M_KIND];
    /* Each preset's kind gets a body of its own with the kind folded in; any other kind runs the general one. */
    switch (kind) {
    case DEMC_CONTACT_KIND_HMD: return demci_contact_eval_kind(DEMC_CONTACT_KIND_HMD, c, frame, dt, state, diag);
    case DEMC_CONTACT_KIND_LSD: return demci_contact_eval_kind(DEMC_CONTACT_KIND_LSD, c, frame, dt, state, diag);
    case DEMC_CONTACT_KIND_PLSB: return demci_contact_eval_kind(DEMC_CONTACT_KIND_PLSB, c, frame, dt, state, diag);
    case DEMC_CONTACT_KIND_HM: return demci_contact_eval_kind(DEMC_CONTACT_KIND_HM, c, frame, dt, state, diag);
    case DEMC_CONTACT_KIND_CAMPELLO:
        return demci_contact_eval_kind(DEMC_CONTACT_KIND_CAMPELLO, c, frame, dt, state, diag);
    default: return demci_contact_eval_kind(kind, c, frame, dt, state, diag);
    }
}

/* Header-only units: the kind given as a constant folds every slot (see contact.h). */
DEMC_STATIC_INLINE demc_contact_result demc_contact_eval_kind(demc_contact_kind kind, const demc_contact_model *model,
                                                             const demc_contact_frame *frame, double dt,
                                                             double *state, demc_contact_diag *diag)
{
    return demci_contact_eval_kind(kind, model->opaque_, frame, dt, state, diag);
}

DEMC_END_DECLS

#endif /* DEMC_CONTACT_IMPL_H */
