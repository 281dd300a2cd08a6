/* Setup: the description's defaults and checks, the compiled model, its accessors and the state's reset and swap.
 * Part of the bodies of contact.h (impl/contact_impl.h includes the parts in order); each part includes the
 * parts it uses, which lie above it in that order. */
#ifndef DEMC_CONTACT_SETUP_IMPL_H
#define DEMC_CONTACT_SETUP_IMPL_H

#include <string.h>
#include <math.h>
#include "../contact.h" /* the public declarations (nothing, when this part is included from there) */
#include "contact_laws_impl.h"

DEMC_BEGIN_DECLS

/* ---- setup --------------------------------------------------------------------------------------------------- */

DEMC_CONTACT_FN demc_status demc_contact_def_init(demc_contact_preset preset, size_t size, demc_contact_def *def,
                                                  const char **bad_field)
{
    demc_contact_def d;
    if ((int)preset < 0 || (int)preset > (int)DEMC_CONTACT_PRESET_CAMPELLO)
        return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "preset", bad_field);
    if (size < DEMC_CONTACT_DEF_SIZE_1_0) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "size", bad_field);
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
    demc_tangential_init(0.0, 0.0, &d.friction, NULL); /* cannot fail: default conventions */
    d.transport = DEMC_TRANSPORT_ROTATE;
    d.transport_spin = 1;
    d.contact_point = DEMC_CONTACT_POINT_COMPLIANCE;
    d.rolling_limiter = DEMC_ROLLING_CDT_LIMITER_INERTIA;
    d.rolling_stiffness_coefficient = 2.25; /* Ai et al. 2011, after Iwashita & Oda 1998 */
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
    /* The caller's struct may be larger (a newer header): its tail is zeroed, the defaults of appended fields; or
     * smaller (an older header): it gets the fields it has. */
    memset(def, 0, size);
    memcpy(def, &d, size < sizeof d ? size : sizeof d);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/* A slot selector: negative is not an enumerator; past the last known value is an option of a newer library. */
DEMC_STATIC_INLINE demc_status demci_contact_slot(int value, int known, const char *field, const char **bad_field)
{
    if (value < 0) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, field, bad_field);
    if (value >= known) return demci_material_fail(DEMC_ERR_UNSUPPORTED, field, bad_field);
    return DEMC_OK;
}

/* The size check of a sized struct: at least the 1.0 layout (`least`), and a newer caller's tail past this library's
 * layout (`known`) all zero. Not inlined: inlined into a caller that holds a struct of this header's size, the (then
 * unreachable) reads past it would be flagged by the compiler's bounds analysis. */
DEMCI_OUT_OF_LINE
demc_status demci_contact_sized(const void *object, size_t size, size_t least, size_t known, const char *field,
                                const char **bad_field)
{
    const unsigned char *tail = (const unsigned char *)object + known;
    size_t k;
    if (size < least) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, field, bad_field);
    for (k = 0; size > known && k < size - known; ++k)
        if (tail[k]) return demci_material_fail(DEMC_ERR_UNSUPPORTED, field, bad_field);
    return DEMC_OK;
}

/* A sized struct as this library reads it: the caller's bytes up to its size, and zero (the default of every
 * appended field) past them; `size` has passed demci_contact_sized(). */
DEMC_STATIC_INLINE void demci_contact_sized_copy(void *local, size_t local_size, const void *object, size_t size)
{
    memset(local, 0, local_size);
    memcpy(local, object, size < local_size ? size : local_size);
}

/* A law's coefficient as the description holds it (an enumerator is read as an int: the library's enums are). */
typedef char demci_contact_enums_are_ints[sizeof(demc_rolling_cdt_limiter) == sizeof(int) ? 1 : -1];
DEMC_STATIC_INLINE double demci_law_param_value(const demc_contact_def *d, const demci_law_param *p)
{
    const unsigned char *at = (const unsigned char *)d + p->field;
    double value;
    int enumerator;
    if (p->domain != DEMCI_DOMAIN_ENUM) {
        memcpy(&value, at, sizeof value);
        return value;
    }
    memcpy(&enumerator, at, sizeof enumerator);
    return (double)enumerator;
}

/* The coefficients of a law (its rows of parameters, in the description's declaration order), each in its domain. */
DEMC_STATIC_INLINE demc_status demci_law_params_check(const demc_contact_def *d, const demci_law_param *p, int count,
                                                      const char **bad_field)
{
    demc_status s = DEMC_OK;
    int k;
    for (k = 0; k < count && s == DEMC_OK; ++k) {
        const double x = demci_law_param_value(d, p + k);
        switch (p[k].domain) {
        case DEMCI_DOMAIN_NONNEGATIVE: s = demci_require(x, x >= 0.0, p[k].name, bad_field); break;
        case DEMCI_DOMAIN_POSITIVE: s = demci_require_positive(x, p[k].name, bad_field); break;
        case DEMCI_DOMAIN_UNIT: s = demci_require(x, x >= 0.0 && x <= 1.0, p[k].name, bad_field); break;
        case DEMCI_DOMAIN_ENUM: s = demci_require_enum((int)x, p[k].bound, p[k].name, bad_field); break;
        default: break; /* DEMCI_DOMAIN_CHECKED: checked with its own slot */
        }
    }
    return s;
}

/* The coefficients of the rolling and twisting laws, each read only by the law that uses it (the law table). */
DEMC_STATIC_INLINE demc_status demci_contact_def_check_torques(const demc_contact_def *d, const char **bad_field)
{
    demci_law_param p[DEMCI_MAX_LAW_PARAMS];
    demc_status s = demci_law_params_check(d, p, demci_rolling_params(d->rolling, p), bad_field);
    return s != DEMC_OK ? s : demci_law_params_check(d, p, demci_twisting_params(d->twisting, p), bad_field);
}

/* The coefficients of the rolling and twisting laws into the model's constants (the law table). */
DEMC_STATIC_INLINE void demci_contact_torque_constants(const demc_contact_def *d, double *c)
{
    demci_law_param p[DEMCI_MAX_LAW_PARAMS];
    int k, n = demci_rolling_params(d->rolling, p);
    for (k = 0; k < n; ++k) c[p[k].constant] = demci_law_param_value(d, p + k);
    n = demci_twisting_params(d->twisting, p);
    for (k = 0; k < n; ++k) c[p[k].constant] = demci_law_param_value(d, p + k);
    c[DEMCI_M_INERTIA] = demci_rolling_law(d->rolling).inertia || demci_twisting_law(d->twisting).inertia;
}

/* The known values of the heat slot and of its partition; a larger value is an option of a newer library. */
enum { DEMCI_HEAT_LAWS = DEMC_HEAT_COLLISION + 1, DEMCI_HEAT_PARTITIONS = DEMC_HEAT_PARTITION_EFFUSIVITY + 1 };

/* The heat slot (1.1), in declaration order, each field read only when the law or the partition uses it, into
 * the model's heat constants `out` (law, coefficient, fractions i and j); out is written only on success. */
DEMC_STATIC_INLINE demc_status demci_contact_heat_check(const demc_contact_heat_def *h, double *out,
                                                        const char **bad_field)
{
    demc_heat_partition_params pp;
    double coefficient = 0.0;
    demc_status s;
    if ((s = demci_contact_slot((int)h->law, DEMCI_HEAT_LAWS, "def.heat.law", bad_field)) != DEMC_OK) return s;
    if (h->law == DEMC_HEAT_NONE) { /* heat off: nothing else is read */
        out[0] = out[1] = out[2] = out[3] = 0.0;
        return DEMC_OK;
    }
    if ((s = demci_contact_slot((int)h->partition, DEMCI_HEAT_PARTITIONS, "def.heat.partition", bad_field)) !=
        DEMC_OK)
        return s;
    /* The kernels' setups check the same domains; their inputs are checked here first so that the description's
     * fields are named, and what they can still refuse (a derived value not representable) names the first. */
    if (h->law == DEMC_HEAT_STATIC && h->conductivity == 0.0) {
        demc_heat_contact_params cp;
        if ((s = demci_require_positive(h->conductivity_i, "def.heat.conductivity_i", bad_field)) != DEMC_OK) return s;
        if ((s = demci_require_positive(h->conductivity_j, "def.heat.conductivity_j", bad_field)) != DEMC_OK) return s;
        s = demc_heat_contact_init(h->conductivity_i, h->conductivity_j, DEMC_HEAT_MIXING_HARMONIC, &cp, NULL);
        if (s != DEMC_OK) return demci_material_fail(s, "def.heat.conductivity_i", bad_field);
        coefficient = cp.conductivity;
    } else if (h->law == DEMC_HEAT_STATIC) { /* the pair's k_s as given (LAMMPS's k) */
        if ((s = demci_require_positive(h->conductivity, "def.heat.conductivity", bad_field)) != DEMC_OK) return s;
        coefficient = h->conductivity;
    }
    if (h->law == DEMC_HEAT_AREA) {
        if ((s = demci_require(h->transfer_coefficient, h->transfer_coefficient >= 0.0, "def.heat.transfer_coefficient",
                               bad_field)) != DEMC_OK)
            return s;
        coefficient = h->transfer_coefficient;
    }
    if (h->law == DEMC_HEAT_COLLISION || h->partition == DEMC_HEAT_PARTITION_EFFUSIVITY) {
        if ((s = demci_require_positive(h->effusivity_i, "def.heat.effusivity_i", bad_field)) != DEMC_OK) return s;
        if ((s = demci_require_positive(h->effusivity_j, "def.heat.effusivity_j", bad_field)) != DEMC_OK) return s;
    }
    if (h->law == DEMC_HEAT_COLLISION) {
        demc_heat_collision_params cp;
        s = demc_heat_collision_init(h->effusivity_i, h->effusivity_j, &cp, NULL);
        if (s != DEMC_OK) return demci_material_fail(s, "def.heat.effusivity_i", bad_field);
        coefficient = cp.prefactor;
    }
    if (h->partition == DEMC_HEAT_PARTITION_EFFUSIVITY) {
        s = demc_heat_partition_effusivity_init(h->effusivity_i, h->effusivity_j, &pp, NULL);
        if (s != DEMC_OK) return demci_material_fail(s, "def.heat.effusivity_i", bad_field);
    } else {
        s = demc_heat_partition_fraction_init(h->partition == DEMC_HEAT_PARTITION_FRACTION ? h->fraction_i : 0.5,
                                              &pp, NULL);
        if (s != DEMC_OK) return demci_material_fail(s, "def.heat.fraction_i", bad_field);
    }
    out[0] = (double)h->law;
    out[1] = coefficient;
    out[2] = pp.fraction_i;
    out[3] = pp.fraction_j;
    return DEMC_OK;
}

/* The checks of the description, in declaration order; each reads only what the selected laws use. */
DEMC_STATIC_INLINE demc_status demci_contact_def_check(const demc_contact_def *d, const char **bad_field)
{
    const int adhesive = DEMCI_NORMAL_ADHESIVE(d->normal);
    /* the elasto-plastic laws (1.1): Thornton & Ning is Hertz-like (E*, G*, the contact circle); Luding and EEPA
     * take their stiffnesses from def.plastic, and κ for the tangential spring */
    const int plastic = DEMCI_NORMAL_PLASTIC(d->normal), tn = d->normal == DEMC_NORMAL_THORNTON_NING;
    const int hertz = d->normal == DEMC_NORMAL_HERTZ || adhesive || tn, plsb = d->normal == DEMC_NORMAL_PLSB;
    const int damped = d->damping == DEMC_DAMPING_VISCOUS, spring = d->tangential == DEMC_TANGENTIAL_SPRING;
    /* the Mindlin–Deresiewicz law and the MDR law share their conditions (a Hertz contact, one μ, an incremental
     * law, the tangential dashpot); `md` is either */
    const int mdr = d->tangential == DEMC_TANGENTIAL_MDR;
    const int md = d->tangential == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ || mdr;
    const double asym = d->moduli.compliance_asymmetry;
    /* a rolling spring keeps a tangent-plane vector: the transport conventions apply without the tangential law */
    const int carried = demci_rolling_law(d->rolling).vectors > 0;
    demc_status s;
    if ((s = demci_contact_slot((int)d->normal, DEMCI_NORMAL_LAWS, "def.normal", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_slot((int)d->damping, DEMCI_DAMPING_LAWS, "def.damping", bad_field)) != DEMC_OK) return s;
    if (plsb && damped) /* the latch is PLS(B)'s dissipation; a dashpot on top has no published restitution map */
        return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.damping", bad_field);
    if ((s = demci_contact_slot((int)d->tangential, DEMCI_TANGENTIAL_LAWS, "def.tangential", bad_field)) != DEMC_OK)
        return s;
    if (md && (!hertz || plastic)) /* written for a Hertz contact: 8G*a and the Mindlin–Deresiewicz branches */
        return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.tangential", bad_field);
    if ((s = demci_contact_slot((int)d->increment, DEMCI_INCREMENT_RULES, "def.increment", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_contact_slot((int)d->rolling, DEMCI_ROLLING_LAWS, "def.rolling", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_slot((int)d->twisting, DEMCI_TWISTING_LAWS, "def.twisting", bad_field)) != DEMC_OK)
        return s;
    if (demci_twisting_law(d->twisting).needs_spring && !spring) /* its coefficients come from the spring */
        return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.twisting", bad_field);
    if (hertz && (s = demci_require_positive(d->moduli.effective_modulus, "def.moduli.effective_modulus",
                                             bad_field)) != DEMC_OK)
        return s;
    if (hertz && (spring || md) &&
        (s = demci_require_positive(d->moduli.effective_shear_modulus, "def.moduli.effective_shear_modulus",
                                    bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require(asym, asym >= -1.0 && asym <= 1.0, "def.moduli.compliance_asymmetry", bad_field)) !=
        DEMC_OK)
        return s;
    if (!hertz && !plastic &&
        (s = demci_require_positive(d->normal_stiffness, "def.normal_stiffness", bad_field)) != DEMC_OK)
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
    if ((adhesive || plastic) && d->end == DEMC_CONTACT_END_FORCE) /* its clamp would remove the adhesion */
        return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.end", bad_field);
    if (damped && (spring || md) &&
        (s = demci_require(d->tangential_damping_scale, d->tangential_damping_scale >= 0.0,
                           "def.tangential_damping_scale", bad_field)) != DEMC_OK)
        return s;
    if (spring || md || carried) {
        /* the conventions of the carry of the memory into each new frame (and of the tangential law) */
        if ((spring || md) && (s = demci_tangential_check(&d->friction, 2, bad_field)) != DEMC_OK) return s;
        /* Mindlin–Deresiewicz: one coefficient for micro-slip and sliding, and an incremental law (its force
         * is not −k_t s of a total displacement) */
        if (md && d->friction.mu_dynamic != d->friction.mu_static)
            return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.friction.mu_dynamic", bad_field);
        if (md && d->friction.stiffness_rule == DEMC_STIFFNESS_TOTAL)
            return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.friction.stiffness_rule", bad_field);
        /* the kept dashpot is a rule of the spring's memory on slip; these laws scale their dashpot instead */
        if (md && d->friction.coulomb == DEMC_COULOMB_TOTAL_DASHPOT_KEPT)
            return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.friction.coulomb", bad_field);
        s = demci_require_enum((int)d->transport, (int)DEMC_TRANSPORT_PROJECT + 1, "def.transport", bad_field);
        if (s != DEMC_OK) return s;
        if ((s = demci_require_enum(d->transport_spin, 2, "def.transport_spin", bad_field)) != DEMC_OK) return s;
    }
    if ((s = demci_require_enum((int)d->contact_point, (int)DEMC_CONTACT_POINT_HALF + 1, "def.contact_point",
                                bad_field)) != DEMC_OK)
        return s;
    if ((d->normal == DEMC_NORMAL_JKR || d->normal == DEMC_NORMAL_DMT || tn) &&
        (s = demci_require(d->work_of_adhesion, d->work_of_adhesion >= 0.0, "def.work_of_adhesion", bad_field)) !=
            DEMC_OK)
        return s;
    if ((d->normal == DEMC_NORMAL_SJKR || d->normal == DEMC_NORMAL_SJKR2) &&
        (s = demci_require(d->cohesion_energy_density, d->cohesion_energy_density >= 0.0,
                           "def.cohesion_energy_density", bad_field)) != DEMC_OK)
        return s;
    if ((d->normal == DEMC_NORMAL_JKR || (tn && d->work_of_adhesion > 0.0)) &&
        (s = demci_require_positive(d->max_effective_radius, "def.max_effective_radius", bad_field)) != DEMC_OK)
        return s;
    if (md && !mdr && (s = demci_require_enum((int)d->md_variant, (int)DEMC_TANGENTIAL_MD_THORNTON_YIN + 1,
                                              "def.md_variant", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_contact_def_check_torques(d, bad_field)) != DEMC_OK) return s;
    /* the resolution last (the field is the last); its upper bound is the state's, checked on the kind */
    if (mdr && d->mdr_springs < 0) return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.mdr_springs", bad_field);
    /* The Coulomb load (1.1), read by the laws that bound friction by the normal load. The Mindlin–Deresiewicz and
     * MDR laws follow the history of F_n (their branches, their springs' limits): |F_n| rising again after F_n
     * crosses zero would reload them, which no publication of theirs describes, so they keep max(F_n, 0). */
    if (spring || md || d->rolling != DEMC_ROLLING_NONE || d->twisting != DEMC_TWISTING_NONE) {
        if ((s = demci_require_enum((int)d->coulomb_load, (int)DEMC_COULOMB_LOAD_ABSOLUTE + 1, "def.coulomb_load",
                                    bad_field)) != DEMC_OK)
            return s;
        if (md && d->coulomb_load == DEMC_COULOMB_LOAD_ABSOLUTE)
            return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.coulomb_load", bad_field);
    }
    return DEMC_OK;
}

/* The elasto-plastic laws' parameters (1.1), in declaration order, each read only by its law, into the model's
 * constants `out` (8 doubles: the kernel's parameters in declaration order; Thornton & Ning's p_y); the kernels'
 * setups give the same checks, their field names mapped to the description's. `out` is written only on success. */
DEMC_STATIC_INLINE demc_status demci_contact_plastic_check(const demc_contact_def *d, double *out,
                                                           const char **bad_field)
{
    const demc_contact_plastic_def *p = &d->plastic;
    demc_status s;
    int k;
    for (k = 0; k < 8; ++k) out[k] = 0.0;
    if (d->normal == DEMC_NORMAL_THORNTON_NING) {
        demc_normal_thornton_ning_params tp;
        if ((s = demci_require_positive(p->yield_pressure, "def.plastic.yield_pressure", bad_field)) != DEMC_OK)
            return s;
        /* the derived constants at the largest R* of the pairs (or at 1 m without adhesion: they scale with R*) */
        s = demc_normal_thornton_ning_init(d->moduli.effective_modulus,
                                           d->work_of_adhesion > 0.0 ? d->max_effective_radius : 1.0,
                                           d->work_of_adhesion, p->yield_pressure, &tp, NULL);
        if (s != DEMC_OK) return demci_material_fail(s, "def.plastic.yield_pressure", bad_field);
        out[0] = p->yield_pressure;
    } else if (d->normal == DEMC_NORMAL_LUDING) {
        demc_normal_luding_params lp;
        const double k1 = p->loading_stiffness;
        if ((s = demci_require_positive(k1, "def.plastic.loading_stiffness", bad_field)) != DEMC_OK) return s;
        if ((s = demci_require(p->unloading_stiffness, p->unloading_stiffness >= k1, "def.plastic.unloading_stiffness",
                               bad_field)) != DEMC_OK)
            return s;
        if ((s = demci_require(p->tension_stiffness, p->tension_stiffness >= 0.0, "def.plastic.tension_stiffness",
                               bad_field)) != DEMC_OK)
            return s;
        if ((s = demci_require_positive(p->plastic_limit, "def.plastic.plastic_limit", bad_field)) != DEMC_OK) return s;
        s = demc_normal_luding_init(k1, p->unloading_stiffness, p->tension_stiffness, p->plastic_limit, &lp, NULL);
        if (s != DEMC_OK) return demci_material_fail(s, "def.plastic.loading_stiffness", bad_field);
        /* k₂ − k₁ over δ* and the tensile quadratic must stay finite */
        if (!demc_is_finite((lp.unloading_stiffness - lp.loading_stiffness) / lp.plastic_limit) ||
            !demc_is_finite(lp.loading_stiffness + lp.tension_stiffness))
            return demci_material_fail(DEMC_ERR_SINGULAR, "def.plastic.unloading_stiffness", bad_field);
        out[0] = lp.loading_stiffness;
        out[1] = lp.unloading_stiffness;
        out[2] = lp.tension_stiffness;
        out[3] = lp.plastic_limit;
    } else if (d->normal == DEMC_NORMAL_EEPA) {
        demc_normal_eepa_params ep;
        const double n = p->exponent == 0.0 ? 1.0 : p->exponent;
        const double chi = p->adhesion_exponent == 0.0 ? n : p->adhesion_exponent;
        const double lo = DEMC_NORMAL_EEPA_MIN_EXPONENT, hi = DEMC_NORMAL_EEPA_MAX_EXPONENT;
        if ((s = demci_require_positive(p->loading_stiffness, "def.plastic.loading_stiffness", bad_field)) != DEMC_OK)
            return s;
        if ((s = demci_require(p->plasticity_ratio, p->plasticity_ratio >= 0.0 && p->plasticity_ratio < 1.0,
                               "def.plastic.plasticity_ratio", bad_field)) != DEMC_OK)
            return s;
        if ((s = demci_require(p->pulloff_force, p->pulloff_force <= 0.0, "def.plastic.pulloff_force", bad_field)) !=
            DEMC_OK)
            return s;
        if ((s = demci_require(p->adhesion_stiffness, p->adhesion_stiffness >= 0.0, "def.plastic.adhesion_stiffness",
                               bad_field)) != DEMC_OK)
            return s;
        if ((s = demci_require(n, n >= lo && n <= hi, "def.plastic.exponent", bad_field)) != DEMC_OK) return s;
        if ((s = demci_require(chi, chi >= lo && chi <= hi, "def.plastic.adhesion_exponent", bad_field)) != DEMC_OK)
            return s;
        s = demc_normal_eepa_init(p->loading_stiffness, p->plasticity_ratio, p->pulloff_force, p->adhesion_stiffness,
                                  n, chi, &ep, NULL);
        if (s != DEMC_OK) return demci_material_fail(s, "def.plastic.plasticity_ratio", bad_field);
        out[0] = ep.loading_stiffness;
        out[1] = ep.plasticity_ratio;
        out[2] = ep.pulloff_force;
        out[3] = ep.adhesion_stiffness;
        out[4] = ep.exponent;
        out[5] = ep.adhesion_exponent;
        out[6] = ep.unloading_stiffness;
        out[7] = ep.plastic_factor;
    }
    return DEMC_OK;
}

/* The liquid bridge (1.1), in declaration order, read only with def.capillary.bridge = 1, into the model's constants
 * `out` (γ, θ, V, form, η, S_min, V_max); `out` is written only on success. */
DEMC_STATIC_INLINE demc_status demci_contact_bridge_check(const demc_contact_capillary_def *b, double *out,
                                                          const char **bad_field)
{
    demc_capillary_params p;
    demc_status s;
    int k;
    for (k = 0; k < DEMCI_BRIDGE_CONSTANTS; ++k) out[k] = 0.0;
    if ((s = demci_require_enum(b->bridge, 2, "def.capillary.bridge", bad_field)) != DEMC_OK) return s;
    if (!b->bridge) return DEMC_OK;
    if ((s = demci_contact_slot((int)b->form, (int)DEMC_CAPILLARY_WILLETT_SIMPLE + 1, "def.capillary.form",
                                bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require(b->surface_tension, b->surface_tension >= 0.0, "def.capillary.surface_tension",
                           bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require(b->contact_angle,
                           b->contact_angle >= 0.0 &&
                               (b->form == DEMC_CAPILLARY_WILLETT_FIT ? b->contact_angle <= DEMC_CAPILLARY_FIT_MAX_ANGLE
                                                                      : b->contact_angle < 1.5707963267948966),
                           "def.capillary.contact_angle", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require_positive(b->volume, "def.capillary.volume", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(b->viscosity, b->viscosity >= 0.0, "def.capillary.viscosity", bad_field)) != DEMC_OK)
        return s;
    if (b->viscosity > 0.0 &&
        (s = demci_require_positive(b->min_separation, "def.capillary.min_separation", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require(b->max_volume, b->max_volume == 0.0 || b->max_volume >= b->volume,
                           "def.capillary.max_volume", bad_field)) != DEMC_OK)
        return s;
    /* the constants of a bridge of Derjaguin radius 1 m, at both volumes: representable (S_c, the fit's
     * coefficients; every volume between gives values between) */
    p = demc_capillary_make(b->surface_tension, b->contact_angle, b->volume, 1.0, 1.0, b->form);
    if (!demc_is_finite(p.rupture_distance) || !demc_is_finite(p.contact_force))
        return demci_material_fail(DEMC_ERR_SINGULAR, "def.capillary.volume", bad_field);
    p = demc_capillary_make(b->surface_tension, b->contact_angle, b->max_volume, 1.0, 1.0, b->form);
    if (b->max_volume > 0.0 && (!demc_is_finite(p.rupture_distance) || !demc_is_finite(p.contact_force)))
        return demci_material_fail(DEMC_ERR_SINGULAR, "def.capillary.max_volume", bad_field);
    out[0] = b->surface_tension;
    out[1] = b->contact_angle;
    out[2] = b->volume;
    out[3] = (double)b->form;
    out[4] = b->viscosity;
    out[5] = b->viscosity > 0.0 ? b->min_separation : 0.0;
    out[6] = b->max_volume > 0.0 ? b->max_volume : b->volume;
    return DEMC_OK;
}

/* Thornton & Ning with adhesion: the largest gap −δ at which the neck of a pair of effective radius r still holds,
 * (3/4)(π²w²R_p/E*²)^{1/3} − δ_p over every largest contact radius a* (R_p, δ_p of a*, demci_tn_unloading); at
 * a* ≤ a_y it is JKR's. The gap grows with a* as R_p^{1/3} ∝ a*^{1/3} and falls as δ_p ∝ a*²/r; over the kernel's
 * domain its maximum is at a* = a_y, JKR's gap at r (test_contact_cohesion checks it on a fine grid, and a search
 * of the domain's corners finds no other), but nothing here assumes it: the maximum is taken on a log-spaced grid
 * of a* from a_y (included) to the larger of 10⁴a_y and r (a* ≤ r while δ ≤ r, the kernel's domain), 4096 points
 * (a step of at most 0.6 % in a* up to r/a_y = 10¹⁰, beyond what the domain's p_y/E* ≥ 1e-10 gives), with a
 * margin of 1e-3 of itself. */
DEMC_STATIC_INLINE double demci_contact_tn_range(const demc_normal_thornton_ning_params *p)
{
    const double pi = 3.14159265358979323846, e = p->effective_modulus, w = p->work_of_adhesion;
    const double k = 0.75 * cbrt(pi * pi * w * w / (e * e)), r = p->effective_radius;
    double best = k * cbrt(r), a = p->yield_radius;
    const double span = a > 0.0 && r > 1e4 * a ? r / a : 1e4, step = exp(log(span) / 4096.0);
    int q;
    for (q = 0; q <= 4096; ++q, a *= step) {
        double rp, dp, gap;
        demci_tn_unloading(p, a, &rp, &dp);
        gap = k * cbrt(rp) - dp;
        if (gap > best) best = gap;
    }
    return best > 0.0 ? best * (1.0 + 1e-3) : 0.0;
}

/* The kind of a valid description; conventions no selected law reads are left 0, so equal models have equal
 * kinds. */
DEMC_STATIC_INLINE demc_contact_kind demci_contact_def_kind(const demc_contact_def *d)
{
    const int spring = d->tangential == DEMC_TANGENTIAL_SPRING;
    const int md = d->tangential == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ || d->tangential == DEMC_TANGENTIAL_MDR;
    demc_contact_kind kind = DEMC_CONTACT_KIND(d->normal, d->damping, d->tangential,
                                               spring || md ? d->increment : 0, d->rolling, d->twisting);
    if (d->damping == DEMC_DAMPING_VISCOUS) kind |= DEMC_CONTACT_KIND_CONVENTIONS(0, 0, 0, 0, 0, d->end, 0, 1);
    if (spring)
        kind |= DEMC_CONTACT_KIND_CONVENTIONS(d->friction.stiffness_rule, d->friction.recalculation,
                                              d->friction.direction, d->friction.unloading, d->friction.coulomb, 0,
                                              d->transport, d->transport_spin);
    /* The Mindlin–Deresiewicz and MDR laws read the Coulomb policy (their dashpot), the transport and the spin only. */
    else if (md)
        kind |= DEMC_CONTACT_KIND_CONVENTIONS(0, 0, 0, 0, d->friction.coulomb, 0, d->transport, d->transport_spin);
    else if (demci_rolling_law(d->rolling).vectors > 0) /* the carry of its vector */
        kind |= DEMC_CONTACT_KIND_CONVENTIONS(0, 0, 0, 0, 0, 0, d->transport, d->transport_spin);
    /* the load of the spring's, the rolling and the twisting limits (never |F_n| with md: refused above) */
    if (spring || d->rolling != DEMC_ROLLING_NONE || d->twisting != DEMC_TWISTING_NONE)
        kind |= DEMC_CONTACT_KIND_COULOMB_LOAD(d->coulomb_load);
    return kind;
}

/* The flips of a kind's state as runs of doubles (start, length) in the model, for demc_contact_state_swap(); the
 * MDR springs' basis is one more run. */
DEMC_STATIC_INLINE void demci_contact_flip_runs(demc_contact_kind kind, double *c)
{
    size_t k, n = demci_contact_state_size(kind), runs = 0;
    for (k = 0; k < n; ++k) {
        if (!demci_contact_flips(kind, k)) continue;
        if (runs > 0 && c[DEMCI_M_FLIP_RUN + 2 * (runs - 1)] + c[DEMCI_M_FLIP_RUN + 2 * (runs - 1) + 1] == (double)k) {
            c[DEMCI_M_FLIP_RUN + 2 * (runs - 1) + 1] += 1.0;
        } else {
            c[DEMCI_M_FLIP_RUN + 2 * runs] = (double)k; /* runs < DEMCI_FLIP_RUNS: one per vector and the normal */
            c[DEMCI_M_FLIP_RUN + 2 * runs + 1] = 1.0;
            ++runs;
        }
    }
    if (DEMCI_KIND_MDR(kind)) { /* the springs' basis, after h and a_0 (negating it negates every spring) */
        c[DEMCI_M_FLIP_RUN + 2 * runs] = (double)(demci_contact_mdr_offset(kind) + DEMC_TANGENTIAL_MDR_BASIS1);
        c[DEMCI_M_FLIP_RUN + 2 * runs + 1] = 6.0;
        ++runs;
    }
    c[DEMCI_M_FLIP_COUNT] = (double)runs;
}

/* (setup, once per pair of species: optimised for size) */
DEMCI_COLD DEMC_CONTACT_FN demc_status demc_contact_model_init(const demc_contact_def *caller_def,
                                                               demc_contact_model *model, const char **bad_field)
{
    demc_contact_model m;
    double *c = m.opaque_;
    demc_contact_kind kind;
    double gamma = 0.0, range = 0.0, ct_over_cn = 0.0;
    double heat[4] = {0.0, 0.0, 0.0, 0.0}, plastic[8], bridge[DEMCI_BRIDGE_CONSTANTS];
    size_t state_size, heat_at, heat_size;
    int springs = 0;
    demc_normal_pls_params pp = {0.0, 0.0, 0.0};
    demc_contact_def local;
    const demc_contact_def *def = &local;
    demc_status s;
    if (!caller_def) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "def", bad_field);
    s = demci_contact_sized(caller_def, caller_def->size, DEMC_CONTACT_DEF_SIZE_1_0, sizeof local, "def.size",
                            bad_field);
    if (s != DEMC_OK) return s;
    demci_contact_sized_copy(&local, sizeof local, caller_def, caller_def->size);
    if ((s = demci_contact_def_check(def, bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_heat_check(&def->heat, heat, bad_field)) != DEMC_OK) return s;
    if (DEMCI_NORMAL_PLASTIC(def->normal) && (s = demci_contact_plastic_check(def, plastic, bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_contact_bridge_check(&def->capillary, bridge, bad_field)) != DEMC_OK) return s;
    if (def->damping == DEMC_DAMPING_VISCOUS) {
        /* the linear laws (Luding, EEPA with n = 1) take the LS+D map, every other the HM+D map */
        s = def->normal == DEMC_NORMAL_LINEAR || def->normal == DEMC_NORMAL_LUDING ||
                    (def->normal == DEMC_NORMAL_EEPA && plastic[4] == 1.0)
                ? demc_damping_lsd_ratio(def->restitution, def->end, &gamma)
                : demc_damping_hmd_ratio(def->restitution, def->end, &gamma);
        if (s != DEMC_OK) return demci_material_fail(s, "def.restitution", bad_field);
    }
    if (def->normal == DEMC_NORMAL_JKR) {
        /* The JKR constants at the largest R* must be representable, and so must the range they give. */
        demc_adhesion_jkr_params jp;
        if ((s = demc_adhesion_jkr_init(def->moduli.effective_modulus, def->max_effective_radius,
                                        def->work_of_adhesion, &jp, NULL)) != DEMC_OK)
            return demci_material_fail(s, "def.work_of_adhesion", bad_field);
        range = demc_adhesion_jkr_pulloff_distance(&jp);
        if (!demc_is_finite(range)) return demci_material_fail(DEMC_ERR_SINGULAR, "def.max_effective_radius", bad_field);
    }
    if (def->normal == DEMC_NORMAL_THORNTON_NING && def->work_of_adhesion > 0.0) {
        /* the neck's reach at the largest R*, over every unloading radius (checked representable above) */
        demc_normal_thornton_ning_params tp;
        if ((s = demc_normal_thornton_ning_init(def->moduli.effective_modulus, def->max_effective_radius,
                                                def->work_of_adhesion, plastic[0], &tp, NULL)) != DEMC_OK)
            return demci_material_fail(s, "def.plastic.yield_pressure", bad_field);
        range = demci_contact_tn_range(&tp);
        if (!demc_is_finite(range)) return demci_material_fail(DEMC_ERR_SINGULAR, "def.max_effective_radius", bad_field);
    }
    /* The derived constants must be representable doubles, else the input they come from is named: 2E* (and
     * (4/3)E*) of the Hertz-like laws, 8G* of their tangential laws, the tangential dashpot's γ_t = scale·γ and
     * scale·√(k_t/k_n) (k_t/k_n = 4G* over E*, or κ; 0·inf would be NaN). */
    if ((def->normal == DEMC_NORMAL_HERTZ || DEMCI_NORMAL_ADHESIVE(def->normal) ||
         def->normal == DEMC_NORMAL_THORNTON_NING) &&
        !demc_is_finite(2.0 * def->moduli.effective_modulus))
        return demci_material_fail(DEMC_ERR_SINGULAR, "def.moduli.effective_modulus", bad_field);
    if ((def->normal == DEMC_NORMAL_HERTZ || DEMCI_NORMAL_ADHESIVE(def->normal) ||
         def->normal == DEMC_NORMAL_THORNTON_NING) &&
        def->tangential != DEMC_TANGENTIAL_NONE && !demc_is_finite(8.0 * def->moduli.effective_shear_modulus))
        return demci_material_fail(DEMC_ERR_SINGULAR, "def.moduli.effective_shear_modulus", bad_field);
    if (def->damping == DEMC_DAMPING_VISCOUS &&
        (def->tangential == DEMC_TANGENTIAL_SPRING || def->tangential == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ ||
         def->tangential == DEMC_TANGENTIAL_MDR)) {
        ct_over_cn = sqrt(def->normal == DEMC_NORMAL_HERTZ || DEMCI_NORMAL_ADHESIVE(def->normal) ||
                                  def->normal == DEMC_NORMAL_THORNTON_NING
                              ? 4.0 * def->moduli.effective_shear_modulus / def->moduli.effective_modulus
                              : def->stiffness_ratio);
        if (!demc_is_finite(ct_over_cn))
            return demci_material_fail(DEMC_ERR_SINGULAR, "def.moduli.effective_shear_modulus", bad_field);
        ct_over_cn *= def->tangential_damping_scale;
        if (!demc_is_finite(ct_over_cn) || !demc_is_finite(def->tangential_damping_scale * gamma))
            return demci_material_fail(DEMC_ERR_SINGULAR, "def.tangential_damping_scale", bad_field);
    }
    /* The latch's stiffnesses e k and k/e must be representable doubles, else the stiffness is named (an input:
     * checked before the output). */
    if (def->normal == DEMC_NORMAL_PLSB &&
        (s = demc_normal_pls_init(def->normal_stiffness, def->restitution, &pp, NULL)) != DEMC_OK)
        return demci_material_fail(s, "def.normal_stiffness", bad_field);
    kind = demci_contact_def_kind(def);
    if (def->capillary.bridge) {
        /* the bridge: its bit of the kind, and the range covers its rupture distance S_c = (1 + θ/2)V^{1/3} at
         * the largest volume a contact may have */
        const demc_capillary_params bp =
            demc_capillary_make(bridge[0], bridge[1], bridge[6], 1.0, 1.0, (demc_capillary_form)def->capillary.form);
        kind |= DEMC_CONTACT_KIND_BRIDGE;
        if (bp.rupture_distance > range) range = bp.rupture_distance;
    }
    /* No 1.0 law comes near the maximum (22 doubles at most); the MDR law, whose state grows with the resolution
     * that the description sets, names that field here. */
    state_size = demci_contact_state_size(kind);
    /* The heat block (collisional conduction's memory) follows every other block, the MDR springs included;
     * without heat and MDR the state is the kind's alone, as in 1.0. */
    heat_size = def->heat.law == DEMC_HEAT_COLLISION ? (size_t)DEMC_HEAT_COLLISION_STATE_SIZE : 0u;
    if (DEMCI_KIND_MDR(kind)) {
        springs = def->mdr_springs > 0 ? def->mdr_springs : DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS;
        /* compared before the product, which cannot overflow then */
        if (springs > DEMC_CONTACT_STATE_MAX ||
            state_size + DEMCI_MDR_DOUBLES(springs) + heat_size > (size_t)DEMC_CONTACT_STATE_MAX)
            return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.mdr_springs", bad_field);
        state_size += DEMCI_MDR_DOUBLES(springs);
    }
    if (state_size + heat_size > DEMC_CONTACT_STATE_MAX)
        return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.tangential", bad_field);
    heat_at = state_size;
    state_size += heat_size;
    if (!model) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "model", bad_field);
    memset(&m, 0, sizeof m);
    c[DEMCI_M_LAYOUT] = DEMCI_CONTACT_LAYOUT;
    c[DEMCI_M_KIND] = DEMCI_TAGGED_KIND(kind);
    c[DEMCI_M_MDR_SPRINGS] = (double)springs;
    demci_contact_flip_runs(kind, c);
    c[DEMCI_M_STATE_SIZE] = (double)state_size;
    c[DEMCI_M_RANGE] = range;
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
    c[DEMCI_M_CT_OVER_CN] = ct_over_cn;
    /* The adhesive laws: k_t/k_n is 8G*a/(2E*a) as for Hertz, with the law's contact radius a. */
    if (def->normal == DEMC_NORMAL_JKR || def->normal == DEMC_NORMAL_DMT || def->normal == DEMC_NORMAL_THORNTON_NING)
        c[DEMCI_M_ADHESION] = def->work_of_adhesion;
    if (DEMCI_NORMAL_PLASTIC(def->normal)) {
        int k;
        for (k = 0; k < 8; ++k) c[DEMCI_M_PLASTIC + k] = plastic[k];
    }
    if (def->normal == DEMC_NORMAL_SJKR || def->normal == DEMC_NORMAL_SJKR2)
        c[DEMCI_M_ADHESION] = def->cohesion_energy_density;
    if (def->tangential == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ) c[DEMCI_M_MD_VARIANT] = (double)def->md_variant;
    demci_contact_torque_constants(def, c);
    if (def->normal == DEMC_NORMAL_PLSB) {
        c[DEMCI_M_PLS_K1] = pp.loading_stiffness;
        c[DEMCI_M_PLS_K2] = pp.unloading_stiffness;
        c[DEMCI_M_PLS_FRACTION] = pp.plastic_fraction;
    }
    if (def->capillary.bridge) {
        int k;
        for (k = 0; k < DEMCI_BRIDGE_CONSTANTS; ++k) c[DEMCI_M_BRIDGE + k] = bridge[k];
    }
    c[DEMCI_M_HEAT_LAW] = heat[0];
    c[DEMCI_M_HEAT_COEFFICIENT] = heat[1];
    c[DEMCI_M_HEAT_FRACTION_I] = heat[2];
    c[DEMCI_M_HEAT_FRACTION_J] = heat[3];
    c[DEMCI_M_HEAT_STATE] = (double)heat_at;
    *model = m;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CONTACT_FN demc_status demc_contact_model_validate(const demc_contact_model *model, const char **bad_field)
{
    if (!model) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "model", bad_field);
    if (!demci_contact_readable(model->opaque_)) return demci_material_fail(DEMC_ERR_UNSUPPORTED, "model", bad_field);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CONTACT_FN demc_contact_kind demc_contact_model_kind(const demc_contact_model *model)
{
    return demci_contact_readable(model->opaque_) ? demci_contact_kind_of(model->opaque_) : 0u;
}

DEMC_CONTACT_FN size_t demc_contact_model_state_size(const demc_contact_model *model)
{
    return demci_contact_readable(model->opaque_) ? (size_t)model->opaque_[DEMCI_M_STATE_SIZE] : 0u;
}

DEMC_CONTACT_FN double demc_contact_model_range(const demc_contact_model *model)
{
    return demci_contact_readable(model->opaque_) ? model->opaque_[DEMCI_M_RANGE] : 0.0;
}

DEMC_CONTACT_FN void demc_contact_state_reset(const demc_contact_model *model, double *state)
{
    size_t k, n = demc_contact_model_state_size(model);
    for (k = 0; k < n; ++k) state[k] = 0.0;
}

DEMC_CONTACT_FN int demc_contact_state_flips(const demc_contact_model *model, size_t index)
{
    const demc_contact_kind kind = demc_contact_model_kind(model);
    if (!(index < demc_contact_model_state_size(model))) return 0;
    if (DEMCI_KIND_MDR(kind) && index >= demci_contact_mdr_offset(kind)) { /* the basis flips; h, a_0, the springs'
                                                                              components and heat are kept */
        const size_t at = index - demci_contact_mdr_offset(kind);
        return at >= DEMC_TANGENTIAL_MDR_BASIS1 && at < DEMC_TANGENTIAL_MDR_CELLS;
    }
    return demci_contact_flips(kind, index);
}

DEMC_CONTACT_FN demc_status demc_contact_state_index(const demc_contact_model *model, demc_contact_state_entry entry,
                                                     size_t *index, const char **bad_field)
{
    demc_contact_kind kind;
    demc_status s;
    if ((s = demc_contact_model_validate(model, bad_field)) != DEMC_OK) return s;
    if (!index) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "index", bad_field);
    if (entry != DEMC_CONTACT_STATE_BRIDGE && entry != DEMC_CONTACT_STATE_BRIDGE_VOLUME)
        return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "entry", bad_field);
    kind = demci_contact_kind_of(model->opaque_);
    if (!DEMCI_KIND_BRIDGE(kind)) return demci_material_fail(DEMC_ERR_UNSUPPORTED, "entry", bad_field);
    *index = demci_contact_bridge_offset(kind) + (entry == DEMC_CONTACT_STATE_BRIDGE_VOLUME);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CONTACT_FN void demc_contact_state_swap(const demc_contact_model *model, double *state)
{
    const double *c = model->opaque_;
    size_t r, k, runs = demci_contact_readable(c) ? (size_t)c[DEMCI_M_FLIP_COUNT] : 0u;
    for (r = 0; r < runs; ++r) {
        const size_t start = (size_t)c[DEMCI_M_FLIP_RUN + 2 * r], end = start + (size_t)c[DEMCI_M_FLIP_RUN + 2 * r + 1];
        for (k = start; k < end; ++k) state[k] = -state[k];
    }
}

DEMC_END_DECLS

#endif /* DEMC_CONTACT_SETUP_IMPL_H */
