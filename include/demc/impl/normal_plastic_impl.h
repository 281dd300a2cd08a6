/* Bodies of normal_plastic.h. Included by normal_plastic.h only; see docs/pages/contributing.md for why bodies live
 * in headers. */
#ifndef DEMC_NORMAL_PLASTIC_IMPL_H
#define DEMC_NORMAL_PLASTIC_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

DEMC_NORMAL_PLASTIC_FN demc_status demc_normal_luding_init(double loading_stiffness, double unloading_stiffness,
                                                           double tension_stiffness, double plastic_limit,
                                                           demc_normal_luding_params *params,
                                                           const char **bad_field)
{
    demc_status s;
    if ((s = demci_require_positive(loading_stiffness, "loading_stiffness", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(unloading_stiffness, unloading_stiffness >= loading_stiffness, "unloading_stiffness",
                           bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require(tension_stiffness, tension_stiffness >= 0.0, "tension_stiffness", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require_positive(plastic_limit, "plastic_limit", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    params->loading_stiffness = loading_stiffness;
    params->unloading_stiffness = unloading_stiffness;
    params->tension_stiffness = tension_stiffness;
    params->plastic_limit = plastic_limit;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_luding_plastic_limit(double loading_stiffness, double unloading_stiffness,
                                                               double phi_f, double effective_radius)
{
    if (!(unloading_stiffness > loading_stiffness)) return HUGE_VAL;
    return unloading_stiffness / (unloading_stiffness - loading_stiffness) * phi_f * 2.0 * effective_radius;
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_luding_unloading_stiffness(const demc_normal_luding_params *params,
                                                                     double max_overlap)
{
    const double m = max_overlap < params->plastic_limit ? (max_overlap > 0.0 ? max_overlap : 0.0)
                                                         : params->plastic_limit;
    return params->loading_stiffness +
           (params->unloading_stiffness - params->loading_stiffness) * (m / params->plastic_limit);
}

/* δ₀ = (1 − k₁/k₂)δ_max = (k₂ − k₁)δ_max/k₂ for the capped δ_max m. */
DEMC_STATIC_INLINE double demci_luding_plastic_overlap(const demc_normal_luding_params *p, double m, double k2)
{
    return (k2 - p->loading_stiffness) * m / k2;
}

DEMC_NORMAL_PLASTIC_FN demc_normal_luding_result demc_normal_luding_force(const demc_normal_luding_params *params,
                                                                          double overlap,
                                                                          demc_normal_luding_state *state)
{
    demc_normal_luding_result r;
    const double k1 = params->loading_stiffness, kp = params->unloading_stiffness, kc = params->tension_stiffness;
    const double ds = params->plastic_limit;
    double m = state->max_overlap, k2, d0;
    if (!(overlap > 0.0)) {
        state->max_overlap = 0.0;
        r.force = 0.0;
        r.stiffness = 0.0;
        r.plastic_overlap = 0.0;
        r.branch = DEMC_NORMAL_LUDING_NONE;
        return r;
    }
    if (overlap > m) m = overlap < ds ? overlap : ds; /* loading: δ_max grows up to δ* */
    k2 = demc_normal_luding_unloading_stiffness(params, m);
    d0 = demci_luding_plastic_overlap(params, m, k2);
    if (overlap >= m) { /* on the loading branch: k₁δ, or the limit branch beyond δ* */
        if (overlap <= ds) {
            r.force = k1 * overlap;
            r.stiffness = k1;
        } else {
            r.force = kp * (overlap - d0);
            r.stiffness = kp;
        }
        r.branch = DEMC_NORMAL_LUDING_LOADING;
    } else {
        r.force = k2 * (overlap - d0);
        r.stiffness = k2;
        r.branch = DEMC_NORMAL_LUDING_ELASTIC;
        if (r.force < -kc * overlap) { /* the tensile limit: δ_max lowered so that the k₂ line passes here */
            /* (k₂(m) − k₁)m = (k₂(m) + k_c)δ with k₂(m) = k₁ + a m, a = (k_p − k₁)/δ*: a m² − aδ m − (k₁ + k_c)δ = 0.
             * Here δ < δ_min(δ_max) ≤ δ_min(δ*), so the root is below δ* (the linear part of k₂) and k_p > k₁. */
            const double a = (kp - k1) / ds, h = 0.5 * overlap;
            m = h + sqrt(h * h + (k1 + kc) * overlap / a);
            k2 = demc_normal_luding_unloading_stiffness(params, m);
            d0 = demci_luding_plastic_overlap(params, m < ds ? m : ds, k2);
            r.force = -kc * overlap;
            r.stiffness = -kc;
            r.branch = DEMC_NORMAL_LUDING_TENSILE;
        }
    }
    state->max_overlap = m;
    r.plastic_overlap = d0;
    return r;
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_luding_stored_energy(const demc_normal_luding_params *params,
                                                               double overlap, demc_normal_luding_state state)
{
    const double ds = params->plastic_limit;
    const double m = state.max_overlap < ds ? state.max_overlap : ds;
    const double k2 = demc_normal_luding_unloading_stiffness(params, m);
    const double d = overlap - demci_luding_plastic_overlap(params, m, k2);
    if (!(overlap > 0.0)) return 0.0;
    return 0.5 * k2 * d * d;
}

/* δ_min = (k₂ − k₁)m/(k₂ + k_c) for the capped δ_max m. */
DEMC_STATIC_INLINE double demci_luding_min_overlap(const demc_normal_luding_params *p, double m, double k2)
{
    return (k2 - p->loading_stiffness) * m / (k2 + p->tension_stiffness);
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_luding_pulloff_force(const demc_normal_luding_params *params,
                                                               double max_overlap)
{
    const double ds = params->plastic_limit;
    const double m = max_overlap > 0.0 ? (max_overlap < ds ? max_overlap : ds) : 0.0;
    const double k2 = demc_normal_luding_unloading_stiffness(params, m);
    return -params->tension_stiffness * demci_luding_min_overlap(params, m, k2);
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_luding_cycle_loss(const demc_normal_luding_params *params,
                                                            double max_overlap)
{
    const double ds = params->plastic_limit, k1 = params->loading_stiffness, kc = params->tension_stiffness;
    const double m = max_overlap > 0.0 ? (max_overlap < ds ? max_overlap : ds) : 0.0;
    const double k2 = demc_normal_luding_unloading_stiffness(params, m);
    const double d0 = demci_luding_plastic_overlap(params, m, k2), dm = demci_luding_min_overlap(params, m, k2);
    /* beyond δ* the limit branch is reversible: the loss is that of the cycle to δ* */
    const double a = m - d0, b = d0 - dm; /* a = k₁m/k₂ ≥ 0, b ≥ 0 */
    return 0.5 * k1 * m * m - 0.5 * k2 * a * a + 0.5 * k2 * b * b + 0.5 * kc * dm * dm;
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_luding_restitution(const demc_normal_luding_params *params,
                                                             double max_overlap)
{
    const double ds = params->plastic_limit, k1 = params->loading_stiffness, kp = params->unloading_stiffness;
    double win, q;
    if (!(max_overlap > 0.0)) return 1.0;
    if (max_overlap <= ds) {
        win = 0.5 * k1 * max_overlap * max_overlap;
    } else {
        const double d0 = (kp - k1) * ds / kp, a = max_overlap - d0, b = ds - d0;
        win = 0.5 * k1 * ds * ds + 0.5 * kp * (a - b) * (a + b);
    }
    q = 1.0 - demc_normal_luding_cycle_loss(params, max_overlap) / win;
    return q > 0.0 ? sqrt(q) : 0.0;
}

DEMC_NORMAL_PLASTIC_FN demc_normal_luding_state demc_normal_luding_state_swap(demc_normal_luding_state state)
{
    return state;
}

DEMC_END_DECLS

#endif /* DEMC_NORMAL_PLASTIC_IMPL_H */
