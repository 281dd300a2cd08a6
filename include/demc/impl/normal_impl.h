/* Bodies of normal.h. Included by normal.h only; bodies live in headers so that header-only units can inline them. */
#ifndef DEMC_NORMAL_IMPL_H
#define DEMC_NORMAL_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

/* A computed result that must be a finite positive double, else SINGULAR naming it. */
DEMC_STATIC_INLINE demc_status demci_normal_representable(double value, const char *field, const char **bad_field)
{
    if (!demc_is_finite(value) || !(value > 0.0)) return demci_material_fail(DEMC_ERR_SINGULAR, field, bad_field);
    return DEMC_OK;
}

/* The overlap in contact, 0 otherwise (a select: no branch, no NaN from sqrt of a negative). */
DEMC_STATIC_INLINE double demci_contact_overlap(double overlap) { return overlap > 0.0 ? overlap : 0.0; }

DEMC_NORMAL_FN demc_status demc_normal_hertz_init(double effective_modulus, double effective_radius,
                                                  demc_normal_hertz_params *params, const char **bad_field)
{
    demc_status s;
    double k;
    if ((s = demci_require_positive(effective_modulus, "effective_modulus", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(effective_radius, "effective_radius", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    k = 4.0 / 3.0 * effective_modulus * sqrt(effective_radius);
    if ((s = demci_normal_representable(k, "params.prefactor", bad_field)) != DEMC_OK) return s;
    params->prefactor = k;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_NORMAL_FN double demc_normal_hertz_force(const demc_normal_hertz_params *params, double overlap)
{
    double d = demci_contact_overlap(overlap);
    return params->prefactor * d * sqrt(d);
}

DEMC_NORMAL_FN double demc_normal_hertz_stiffness(const demc_normal_hertz_params *params, double overlap)
{
    /* K (1.5 √δ), not (1.5 K) √δ: 1.5 K overflows for K above DBL_MAX/1.5, and inf × 0 is NaN at δ = 0. */
    return params->prefactor * (1.5 * sqrt(demci_contact_overlap(overlap)));
}

DEMC_NORMAL_FN double demc_normal_hertz_energy(const demc_normal_hertz_params *params, double overlap)
{
    double d = demci_contact_overlap(overlap);
    return 0.4 * params->prefactor * d * d * sqrt(d);
}

DEMC_NORMAL_FN demc_status demc_normal_linear_init(double stiffness, demc_normal_linear_params *params, const char **bad_field)
{
    demc_status s;
    if ((s = demci_require_positive(stiffness, "stiffness", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    params->stiffness = stiffness;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_NORMAL_FN double demc_normal_linear_force(const demc_normal_linear_params *params, double overlap)
{
    return params->stiffness * demci_contact_overlap(overlap);
}

DEMC_NORMAL_FN double demc_normal_linear_stiffness(const demc_normal_linear_params *params, double overlap)
{
    return overlap > 0.0 ? params->stiffness : 0.0;
}

DEMC_NORMAL_FN double demc_normal_linear_energy(const demc_normal_linear_params *params, double overlap)
{
    double d = demci_contact_overlap(overlap);
    return 0.5 * params->stiffness * d * d;
}

DEMC_NORMAL_FN demc_status demc_normal_pls_init(double stiffness, double restitution, demc_normal_pls_params *params,
                                         const char **bad_field)
{
    demc_status s;
    demc_normal_pls_params p;
    if ((s = demci_require_positive(stiffness, "stiffness", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(restitution, "restitution", bad_field)) != DEMC_OK) return s;
    if (restitution > 1.0) return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "restitution", bad_field);
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    p.loading_stiffness = restitution * stiffness;
    p.unloading_stiffness = stiffness / restitution;
    p.plastic_fraction = 1.0 - restitution * restitution;
    if ((s = demci_normal_representable(p.loading_stiffness, "params.loading_stiffness", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_normal_representable(p.unloading_stiffness, "params.unloading_stiffness", bad_field)) != DEMC_OK)
        return s;
    *params = p;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/* The force on the latched law for the largest overlap after this one, returned through overlap_max
 * (0 when the contact is over); [Cummins 2012] eq 3 with the continuity of the two lines at δ_max fixing α₀. */
DEMC_STATIC_INLINE double demci_pls_eval(const demc_normal_pls_params *p, double previous_max, double overlap,
                                         double *overlap_max)
{
    double dmax = overlap > previous_max ? overlap : previous_max;
    double loading = p->loading_stiffness * overlap;
    double latched = p->unloading_stiffness * (overlap - p->plastic_fraction * dmax);
    double f = loading < latched ? loading : latched;
    *overlap_max = overlap > 0.0 ? dmax : 0.0;
    return f > 0.0 ? f : 0.0;
}

DEMC_NORMAL_FN double demc_normal_pls_force(const demc_normal_pls_params *params, double overlap, demc_normal_pls_state *state)
{
    return demci_pls_eval(params, state->overlap_max, overlap, &state->overlap_max);
}

DEMC_NORMAL_FN double demc_normal_pls_stiffness(const demc_normal_pls_params *params, double overlap,
                                         const demc_normal_pls_state *state)
{
    double dmax;
    double f = demci_pls_eval(params, state->overlap_max, overlap, &dmax);
    double k = overlap >= dmax ? params->loading_stiffness : params->unloading_stiffness;
    return f > 0.0 ? k : 0.0;
}

DEMC_NORMAL_FN double demc_normal_pls_elastic_energy(const demc_normal_pls_params *params, double overlap,
                                              const demc_normal_pls_state *state)
{
    double dmax;
    double f = demci_pls_eval(params, state->overlap_max, overlap, &dmax);
    return 0.5 * f * (f / params->unloading_stiffness);
}

DEMC_NORMAL_FN double demc_normal_pls_dissipated_energy(const demc_normal_pls_params *params, const demc_normal_pls_state *state)
{
    double d = state->overlap_max;
    return 0.5 * params->loading_stiffness * params->plastic_fraction * d * d;
}

DEMC_END_DECLS

#endif /* DEMC_NORMAL_IMPL_H */
