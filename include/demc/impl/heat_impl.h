/* Bodies of heat.h. Included by heat.h only; see docs/pages/contributing.md for why bodies live in headers. */
#ifndef DEMC_HEAT_IMPL_H
#define DEMC_HEAT_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

#define DEMCI_HEAT_PI 3.14159265358979323846

/* A derived value that must be finite and > 0, else SINGULAR naming it. */
DEMC_STATIC_INLINE demc_status demci_heat_representable(double value, const char *field, const char **bad_field)
{
    if (!demc_is_finite(value) || !(value > 0.0)) return demci_material_fail(DEMC_ERR_SINGULAR, field, bad_field);
    return DEMC_OK;
}

DEMC_HEAT_FN demc_status demc_heat_effusivity(double conductivity, double density, double heat_capacity,
                                              double *effusivity, const char **bad_field)
{
    demc_status s;
    double e;
    if ((s = demci_require_positive(conductivity, "conductivity", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(density, "density", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(heat_capacity, "heat_capacity", bad_field)) != DEMC_OK) return s;
    if (!effusivity) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "effusivity", bad_field);
    /* √k √ρ √c: no intermediate product to overflow or underflow before the result does */
    e = sqrt(conductivity) * sqrt(density) * sqrt(heat_capacity);
    if ((s = demci_heat_representable(e, "effusivity", bad_field)) != DEMC_OK) return s;
    *effusivity = e;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_HEAT_FN demc_status demc_heat_contact_init(double conductivity_i, double conductivity_j,
                                                demc_heat_mixing mixing, demc_heat_contact_params *params,
                                                const char **bad_field)
{
    demc_status s;
    double k;
    if ((s = demci_require_positive(conductivity_i, "conductivity_i", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(conductivity_j, "conductivity_j", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_enum((int)mixing, 2, "mixing", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    if (mixing == DEMC_HEAT_MIXING_HARMONIC) {
        /* 2 k_i k_j/(k_i + k_j) as 2 k_lo /(1 + k_lo/k_hi): no product to overflow, exact for like bodies */
        const double lo = conductivity_i < conductivity_j ? conductivity_i : conductivity_j;
        const double hi = conductivity_i < conductivity_j ? conductivity_j : conductivity_i;
        k = 2.0 * lo / (1.0 + lo / hi);
    } else {
        k = sqrt(conductivity_i) * sqrt(conductivity_j);
    }
    if ((s = demci_heat_representable(k, "params.conductivity", bad_field)) != DEMC_OK) return s;
    params->conductivity = k;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_HEAT_FN demc_status demc_heat_contact_pair_init(double conductivity, demc_heat_contact_params *params,
                                                     const char **bad_field)
{
    demc_status s;
    if ((s = demci_require(conductivity, conductivity >= 0.0, "conductivity", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    params->conductivity = conductivity;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_HEAT_FN double demc_heat_contact_conductance(const demc_heat_contact_params *params, double contact_radius)
{
    return contact_radius > 0.0 ? 2.0 * (params->conductivity * contact_radius) : 0.0; /* k a first: 2k may overflow */
}

DEMC_HEAT_FN demc_status demc_heat_area_init(double transfer_coefficient, demc_heat_area_params *params,
                                             const char **bad_field)
{
    demc_status s;
    if ((s = demci_require(transfer_coefficient, transfer_coefficient >= 0.0, "transfer_coefficient",
                           bad_field)) != DEMC_OK)
        return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    params->transfer_coefficient = transfer_coefficient;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_HEAT_FN double demc_heat_area_conductance(const demc_heat_area_params *params, double contact_radius)
{
    return contact_radius > 0.0 ? params->transfer_coefficient * (DEMCI_HEAT_PI * contact_radius * contact_radius)
                                : 0.0;
}

DEMC_HEAT_FN double demc_heat_flow(double conductance, double temperature_i, double temperature_j)
{
    return conductance * (temperature_j - temperature_i);
}

DEMC_HEAT_FN demc_status demc_heat_collision_init(double effusivity_i, double effusivity_j,
                                                  demc_heat_collision_params *params, const char **bad_field)
{
    demc_status s;
    double lo, hi, p;
    if ((s = demci_require_positive(effusivity_i, "effusivity_i", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(effusivity_j, "effusivity_j", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    /* e* = e_i e_j/(e_i + e_j) = e_lo/(1 + e_lo/e_hi) */
    lo = effusivity_i < effusivity_j ? effusivity_i : effusivity_j;
    hi = effusivity_i < effusivity_j ? effusivity_j : effusivity_i;
    p = DEMC_HEAT_COLLISION_CONSTANT * (lo / (1.0 + lo / hi));
    if ((s = demci_heat_representable(p, "params.prefactor", bad_field)) != DEMC_OK) return s;
    params->prefactor = p;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_HEAT_FN double demc_heat_collision_heat(const demc_heat_collision_params *params, double radius_max,
                                             double duration, double temperature_i, double temperature_j)
{
    if (!(radius_max > 0.0) || !(duration > 0.0)) return 0.0;
    return params->prefactor * (DEMCI_HEAT_PI * radius_max * radius_max) * sqrt(duration) *
           (temperature_j - temperature_i);
}

DEMC_HEAT_FN double demc_heat_collision_rate(const demc_heat_collision_params *params, double radius_max,
                                             double duration, double temperature_i, double temperature_j)
{
    if (!(radius_max > 0.0) || !(duration > 0.0)) return 0.0;
    return params->prefactor * (DEMCI_HEAT_PI * radius_max * radius_max) / sqrt(duration) *
           (temperature_j - temperature_i);
}

DEMC_HEAT_FN double demc_heat_collision_step(const demc_heat_collision_params *params, double contact_radius,
                                             double dt, double temperature_i, double temperature_j,
                                             demc_heat_collision_state *state)
{
    double a_old, t_old, a_new, t_new;
    if (!(contact_radius > 0.0)) {
        state->radius_max = 0.0;
        state->duration = 0.0;
        return 0.0;
    }
    a_old = state->radius_max > 0.0 ? state->radius_max : 0.0;
    t_old = state->duration > 0.0 ? state->duration : 0.0; /* no sqrt of a negative (errno) from a foreign state */
    a_new = contact_radius > a_old ? contact_radius : a_old;
    t_new = t_old + (dt > 0.0 ? dt : 0.0);
    state->radius_max = a_new;
    state->duration = t_new;
    return params->prefactor * DEMCI_HEAT_PI * (a_new * a_new * sqrt(t_new) - a_old * a_old * sqrt(t_old)) *
           (temperature_j - temperature_i);
}

DEMC_HEAT_FN demc_heat_collision_state demc_heat_collision_state_swap(demc_heat_collision_state state)
{
    return state;
}

DEMC_HEAT_FN demc_status demc_heat_partition_fraction_init(double fraction_i, demc_heat_partition_params *params,
                                                           const char **bad_field)
{
    demc_status s;
    if ((s = demci_require(fraction_i, fraction_i >= 0.0 && fraction_i <= 1.0, "fraction_i", bad_field)) != DEMC_OK)
        return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    params->fraction_i = fraction_i;
    params->fraction_j = 1.0 - fraction_i;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_HEAT_FN demc_status demc_heat_partition_effusivity_init(double effusivity_i, double effusivity_j,
                                                             demc_heat_partition_params *params,
                                                             const char **bad_field)
{
    demc_status s;
    if ((s = demci_require_positive(effusivity_i, "effusivity_i", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(effusivity_j, "effusivity_j", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    /* e_i/(e_i + e_j) as 1/(1 + e_j/e_i): no sum to overflow; the two fractions are computed alike */
    params->fraction_i = 1.0 / (1.0 + effusivity_j / effusivity_i);
    params->fraction_j = 1.0 / (1.0 + effusivity_i / effusivity_j);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_HEAT_FN demc_heat_split demc_heat_partition(const demc_heat_partition_params *params, double dissipated)
{
    /* The larger share f P (f ≥ ½, so P/2 ≤ |f P| ≤ |P|) is rounded once; P − f P is then exact (Sterbenz), and the
     * two shares sum to P exactly. */
    demc_heat_split h;
    if (params->fraction_i >= params->fraction_j) {
        h.heat_i = params->fraction_i * dissipated;
        h.heat_j = dissipated - h.heat_i;
    } else {
        h.heat_j = params->fraction_j * dissipated;
        h.heat_i = dissipated - h.heat_j;
    }
    return h;
}

DEMC_HEAT_FN demc_status demc_heat_timestep(double heat_capacity, double conductance_sum, double *dt,
                                            const char **bad_field)
{
    demc_status s;
    double r;
    if ((s = demci_require_positive(heat_capacity, "heat_capacity", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(conductance_sum, conductance_sum >= 0.0, "conductance_sum", bad_field)) != DEMC_OK)
        return s;
    if (!dt) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "dt", bad_field);
    if (conductance_sum == 0.0) {
        *dt = HUGE_VAL;
        return demci_material_fail(DEMC_OK, 0, bad_field);
    }
    r = heat_capacity / conductance_sum;
    if ((s = demci_heat_representable(r, "dt", bad_field)) != DEMC_OK) return s;
    *dt = r;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_END_DECLS

#endif /* DEMC_HEAT_IMPL_H */
