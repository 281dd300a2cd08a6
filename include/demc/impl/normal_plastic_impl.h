/* Bodies of normal_plastic.h. Included by normal_plastic.h only; see docs/pages/contributing.md for why bodies live
 * in headers. */
#ifndef DEMC_NORMAL_PLASTIC_IMPL_H
#define DEMC_NORMAL_PLASTIC_IMPL_H

#include <math.h>
#include "libm_impl.h"

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
    return q > 0.0 ? (q < 1.0 ? sqrt(q) : 1.0) : 0.0; /* a loss rounded below 0 (far beyond δ*) is no gain */
}

DEMC_NORMAL_PLASTIC_FN demc_normal_luding_state demc_normal_luding_state_swap(demc_normal_luding_state state)
{
    return state;
}

/* ---- Thornton & Ning (1998) ------------------------------------------------------------------------------- */

#define DEMCI_TN_PI 3.14159265358979323846

/* The stable JKR radius at overlap δ for the curvature radius r and neck constant c (δ(a) = (a² − c√a)/r): the
 * larger root of x⁴ − cx − rδ = 0, a = x²; 0 when there is none (below the jump-off). */
DEMC_STATIC_INLINE double demci_tn_radius(double c, double r, double overlap)
{
    double x, xm;
    if (!(c > 0.0)) return overlap > 0.0 ? sqrt(r * overlap) : 0.0;
    x = demci_adhesion_jkr_roots_any(c, r * overlap, &xm);
    return x * x;
}

DEMC_NORMAL_PLASTIC_FN demc_status demc_normal_thornton_ning_init(double effective_modulus, double effective_radius,
                                                                  double work_of_adhesion, double yield_pressure,
                                                                  demc_normal_thornton_ning_params *params,
                                                                  const char **bad_field)
{
    demc_status s;
    demc_normal_thornton_ning_params p;
    double b, c, x;
    if ((s = demci_require_positive(effective_modulus, "effective_modulus", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(effective_radius, "effective_radius", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(work_of_adhesion, work_of_adhesion >= 0.0, "work_of_adhesion", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require_positive(yield_pressure, "yield_pressure", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    p.effective_modulus = effective_modulus;
    p.effective_radius = effective_radius;
    p.work_of_adhesion = work_of_adhesion;
    p.yield_pressure = yield_pressure;
    c = effective_radius * sqrt(2.0 * DEMCI_TN_PI * work_of_adhesion / effective_modulus);
    p.neck_constant = c;
    /* The JKR pressure at the centre, (E* /(πR*))(2a − c/√a), equals p_y: 2x³ − bx − c = 0 in x = √a,
     * b = πR*p_y/E* (Thornton & Ning 1998, eq 65); one positive root. */
    b = DEMCI_TN_PI * effective_radius * (yield_pressure / effective_modulus);
    if (!(c > 0.0)) {
        p.yield_radius = 0.5 * b; /* their eq 9 */
    } else {
        const double h = b / 6.0, disc = c * c / 16.0 - h * h * h;
        if (disc >= 0.0) {
            const double t = cbrt(0.25 * c + sqrt(disc > 0.0 ? disc : 0.0));
            x = t + h / t;
        } else {
            const double sh = sqrt(h > 0.0 ? h : 0.0), arg = 0.25 * c / (h * sh);
            x = 2.0 * sh * cos(acos(arg < 1.0 ? arg : 1.0) / 3.0);
        }
        {
            const double f = 2.0 * x * x * x - b * x - c, d = 6.0 * x * x - b;
            if (d > 0.0 && demc_is_finite(f / d)) x -= f / d; /* one Newton step: the last bits */
        }
        p.yield_radius = x * x;
    }
    {
        const double ay = p.yield_radius, sy = sqrt(ay);
        p.yield_overlap = (ay * ay - c * sy) / effective_radius;
        p.yield_force = effective_modulus * ay / effective_radius * (4.0 / 3.0 * ay * ay - 2.0 * c * sy);
        p.cap_pressure = 2.0 * effective_modulus * ay / (DEMCI_TN_PI * effective_radius);
    }
    if (!(demc_is_finite(c) && demc_is_finite(p.yield_radius) && p.yield_radius > 0.0 &&
          demc_is_finite(p.yield_overlap) && demc_is_finite(p.yield_force) && demc_is_finite(p.cap_pressure) &&
          p.cap_pressure > 0.0 && demc_is_finite(effective_modulus / effective_radius * p.yield_radius *
                                                 p.yield_radius * p.yield_radius)))
        return demci_material_fail(DEMC_ERR_SINGULAR, "yield_pressure", bad_field);
    *params = p;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/* The unloading branch after loading to the contact radius a: R_p = 2a³R* /(a_y(3a² − a_y²)) and
 * δ_p = (a − a_y)²(2a + a_y)/(2aR*) beyond yield (R*, 0 before). */
DEMC_STATIC_INLINE void demci_tn_unloading(const demc_normal_thornton_ning_params *p, double a, double *rp,
                                           double *dp)
{
    const double ay = p->yield_radius, r = p->effective_radius;
    if (!(a > ay)) {
        *rp = r;
        *dp = 0.0;
        return;
    }
    *rp = 2.0 * a * (a / ay) * (a / (3.0 * a * a - ay * ay)) * r;
    *dp = (a - ay) * ((a - ay) / a) * ((2.0 * a + ay) / (2.0 * r)); /* ordered so that no factor overflows */
}

/* The denominator 4a^{3/2} − c of the JKR stiffness: it vanishes at the jump-off only; kept at least c·ε there and
 * positive when c underflows (the stiffness is then the Hertz one, taken without it). */
DEMC_STATIC_INLINE double demci_tn_den(double den, double c)
{
    const double lo = c * 2.220446049250313e-16;
    if (!(den > lo)) den = lo;
    return den > 0.0 ? den : 2.2250738585072014e-308;
}

DEMC_NORMAL_PLASTIC_FN demc_normal_thornton_ning_result demc_normal_thornton_ning_update(
    const demc_normal_thornton_ning_params *params, double overlap, demc_normal_thornton_ning_state *state)
{
    demc_normal_thornton_ning_result res;
    const double e = params->effective_modulus, r = params->effective_radius, c = params->neck_constant;
    const double ay = params->yield_radius;
    double a, sa, den;
    res.force = 0.0;
    res.stiffness = 0.0;
    res.contact_radius = 0.0;
    res.plastic_overlap = state->plastic_overlap;
    res.unloading_radius = state->unloading_radius;
    res.branch = DEMC_NORMAL_THORNTON_NING_NONE;
    if (!(state->neck != 0.0)) {
        if (!(overlap > 0.0)) { /* apart: the contact has ended */
            state->max_overlap = state->plastic_overlap = state->unloading_radius = state->neck = 0.0;
            res.plastic_overlap = res.unloading_radius = 0.0;
            return res;
        }
        if (state->unloading_radius > 0.0 && overlap < state->plastic_overlap) return res; /* deformed, apart */
        state->neck = 1.0; /* touch: the neck forms */
        if (!(state->unloading_radius > 0.0)) {
            state->unloading_radius = r;
            state->plastic_overlap = 0.0;
            state->max_overlap = 0.0;
        }
    }
    if (overlap > state->max_overlap) { /* loading */
        double rp, dp;
        a = demci_tn_radius(c, r, overlap);
        sa = sqrt(a);
        den = demci_tn_den(4.0 * a * sa - c, c); /* > 0: a is above the touch radius c^{2/3} */
        if (!(a > ay)) {
            res.force = e * a / r * (4.0 / 3.0 * a * a - 2.0 * c * sa);
            res.stiffness = c > 0.0 ? 2.0 * e * a * (4.0 * a * sa - 3.0 * c) / den : 2.0 * e * a;
            res.branch = DEMC_NORMAL_THORNTON_NING_ELASTIC;
        } else {
            /* the Hertz part of the pressure capped at p_h: (E*a_y/R*)(2a² − (2/3)a_y²), less the neck's 2E*c a^{3/2}/R* */
            res.force = e * ay / r * (2.0 * a * a - 2.0 / 3.0 * ay * ay) - 2.0 * e * c * a * sa / r;
            res.stiffness = c > 0.0 ? 2.0 * e * a * (4.0 * ay * sa - 3.0 * c) / den : 2.0 * e * ay;
            res.branch = DEMC_NORMAL_THORNTON_NING_PLASTIC;
        }
        demci_tn_unloading(params, a, &rp, &dp);
        state->max_overlap = overlap;
        state->unloading_radius = rp;
        state->plastic_overlap = dp;
    } else { /* elastic unloading or reloading: JKR with R_p from δ_p */
        const double rp = state->unloading_radius, q = overlap - state->plastic_overlap, cp = c * (rp / r);
        a = demci_tn_radius(cp, rp, q);
        if (!(a > 0.0) && !(cp > 0.0 && q >= 0.0)) { /* the neck breaks */
            state->neck = 0.0;
            if (!(overlap > 0.0)) {
                state->max_overlap = state->plastic_overlap = state->unloading_radius = 0.0;
                res.plastic_overlap = res.unloading_radius = 0.0;
            }
            return res;
        }
        sa = sqrt(a);
        den = demci_tn_den(4.0 * a * sa - cp, cp);
        res.force = e * a / rp * (4.0 / 3.0 * a * a - 2.0 * cp * sa);
        res.stiffness = cp > 0.0 ? 2.0 * e * a * (4.0 * a * sa - 3.0 * cp) / den : 2.0 * e * a;
        res.branch = DEMC_NORMAL_THORNTON_NING_ELASTIC;
    }
    res.contact_radius = a;
    res.plastic_overlap = state->plastic_overlap;
    res.unloading_radius = state->unloading_radius;
    return res;
}

/* (1/R*)[A u⁴ − Acu + Bu⁸/2 − Bcu⁵/5 − (4C/7)u⁷ + (Cc/4)u⁴]: the integral of the plastic force
 * F = A + Bu⁴ − Cu³ (u = √a, A = −(2/3)E*a_y³/R*, B = 2E*a_y/R*, C = 2E*c/R*) along dδ = (4u³ − c)du/R*. */
DEMC_STATIC_INLINE double demci_tn_plastic_work(const demc_normal_thornton_ning_params *p, double u)
{
    const double e = p->effective_modulus, r = p->effective_radius, c = p->neck_constant, ay = p->yield_radius;
    const double A = -2.0 / 3.0 * e * ay * ay * ay / r, B = 2.0 * e * ay / r, C = 2.0 * e * c / r;
    const double u2 = u * u, u4 = u2 * u2;
    return (A * u4 - A * c * u + 0.5 * B * u4 * u4 - 0.2 * B * c * u4 * u - 4.0 / 7.0 * C * u4 * u2 * u +
            0.25 * C * c * u4) / r;
}

/* W_in at the contact radius a of the loading curve. */
DEMC_STATIC_INLINE double demci_tn_loading_work_a(const demc_normal_thornton_ning_params *p, double a)
{
    const demc_adhesion_jkr_params jkr =
        demc_adhesion_jkr_make(p->effective_modulus, p->effective_radius, p->work_of_adhesion);
    const double ay = p->yield_radius, c = p->neck_constant, a0 = cbrt(c * c); /* a0: the radius at touch */
    double w = 0.0, from;
    if (!(a > ay)) return demc_adhesion_jkr_energy(&jkr, a);
    if (ay > a0) w = demc_adhesion_jkr_energy(&jkr, ay);
    from = ay > a0 ? ay : a0;
    return w + demci_tn_plastic_work(p, sqrt(a)) - demci_tn_plastic_work(p, sqrt(from));
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_thornton_ning_loading_work(const demc_normal_thornton_ning_params *params,
                                                                    double max_overlap)
{
    if (!(max_overlap > 0.0)) return 0.0;
    return demci_tn_loading_work_a(params, demci_tn_radius(params->neck_constant, params->effective_radius,
                                                           max_overlap));
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_thornton_ning_energy(const demc_normal_thornton_ning_params *params,
                                                              double overlap, demc_normal_thornton_ning_state state)
{
    const double rp = state.unloading_radius;
    demc_adhesion_jkr_params jkr;
    if (!(state.neck != 0.0) || !(rp > 0.0)) return 0.0;
    jkr = demc_adhesion_jkr_make(params->effective_modulus, rp, params->work_of_adhesion);
    return demc_adhesion_jkr_energy(&jkr, demci_tn_radius(params->neck_constant * (rp / params->effective_radius),
                                                          rp, overlap - state.plastic_overlap));
}

/* The loss of a cycle to the contact radius a whose loading work is win. */
DEMC_STATIC_INLINE double demci_tn_cycle_loss_a(const demc_normal_thornton_ning_params *p, double a, double win)
{
    double rp, dp;
    demc_adhesion_jkr_params jkr;
    demci_tn_unloading(p, a, &rp, &dp);
    jkr = demc_adhesion_jkr_make(p->effective_modulus, rp, p->work_of_adhesion);
    {
        const double loss = win - demc_adhesion_jkr_energy(&jkr, a) + demc_adhesion_jkr_cycle_loss(&jkr);
        return loss > 0.0 ? loss : 0.0; /* ≥ 0 exactly; a rounding below 0 is no loss */
    }
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_thornton_ning_cycle_loss(const demc_normal_thornton_ning_params *params,
                                                                  double max_overlap)
{
    double a, loss;
    if (!(max_overlap > 0.0)) {
        const demc_adhesion_jkr_params jkr = demc_adhesion_jkr_make(params->effective_modulus,
                                                                    params->effective_radius,
                                                                    params->work_of_adhesion);
        return demc_adhesion_jkr_cycle_loss(&jkr);
    }
    a = demci_tn_radius(params->neck_constant, params->effective_radius, max_overlap);
    loss = demci_tn_cycle_loss_a(params, a, demci_tn_loading_work_a(params, a));
    return loss;
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_thornton_ning_pulloff_force(const demc_normal_thornton_ning_params *params,
                                                                     double max_overlap)
{
    double rp = params->effective_radius, dp;
    if (max_overlap > 0.0)
        demci_tn_unloading(params, demci_tn_radius(params->neck_constant, params->effective_radius, max_overlap),
                           &rp, &dp);
    return -0.75 * 2.0 * DEMCI_TN_PI * params->work_of_adhesion * rp;
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_thornton_ning_restitution(const demc_normal_thornton_ning_params *params,
                                                                   double reduced_mass, double impact_velocity)
{
    const double k = 0.5 * reduced_mass * impact_velocity * impact_velocity;
    const double c = params->neck_constant, a0 = cbrt(c * c);
    double lo = a0, hi, loss, q;
    int i;
    if (!(reduced_mass > 0.0 && impact_velocity > 0.0) || !demc_is_finite(k)) return 1.0;
    hi = (a0 > params->yield_radius ? a0 : params->yield_radius) * 2.0;
    for (i = 0; i < 2100 && !(demci_tn_loading_work_a(params, hi) > k); ++i) hi *= 2.0;
    for (i = 0; i < 200; ++i) { /* the loading work grows with a beyond its minimum, where it is below k > 0 */
        const double mid = 0.5 * (lo + hi);
        if (!(mid > lo && mid < hi)) break;
        if (demci_tn_loading_work_a(params, mid) > k) hi = mid;
        else lo = mid;
    }
    loss = demci_tn_cycle_loss_a(params, hi, k);
    q = 1.0 - loss / k;
    return q > 0.0 ? (q < 1.0 ? sqrt(q) : 1.0) : 0.0;
}

DEMC_NORMAL_PLASTIC_FN demc_normal_thornton_ning_state demc_normal_thornton_ning_state_swap(
    demc_normal_thornton_ning_state state)
{
    return state;
}

/* ---- EEPA ------------------------------------------------------------------------------------------------- */

/* x^p for x ≥ 0, exact for p = 1; without errno: glibc's pow sets ERANGE when the result underflows to 0 or
 * overflows, so those ends (p ln x below −744 or above 709.7) are answered by demci_exp() instead. */
DEMC_STATIC_INLINE double demci_eepa_pow(double x, double p)
{
    double l;
    if (p == 1.0) return x;
    if (!(x > 0.0)) return x == x ? 0.0 : x;
    /* the arguments are kept harmless even where the branch excludes them: under -fno-math-errno a compiler may
     * evaluate a libm call before its test (clang did with a log in capillary_impl.h) */
    l = p * log(x > 0.0 ? x : 1.0);
    if (l < -744.0 || l > 709.7) return demci_exp(l);
    return pow(l < -744.0 || l > 709.7 ? 1.0 : x, p);
}

DEMC_NORMAL_PLASTIC_FN demc_status demc_normal_eepa_init(double loading_stiffness, double plasticity_ratio,
                                                         double pulloff_force, double adhesion_stiffness,
                                                         double exponent, double adhesion_exponent,
                                                         demc_normal_eepa_params *params, const char **bad_field)
{
    demc_status s;
    demc_normal_eepa_params p;
    if ((s = demci_require_positive(loading_stiffness, "loading_stiffness", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(plasticity_ratio, plasticity_ratio >= 0.0 && plasticity_ratio < 1.0, "plasticity_ratio",
                           bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require(pulloff_force, pulloff_force <= 0.0, "pulloff_force", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(adhesion_stiffness, adhesion_stiffness >= 0.0, "adhesion_stiffness", bad_field)) !=
        DEMC_OK)
        return s;
    if ((s = demci_require(exponent, exponent >= DEMC_NORMAL_EEPA_MIN_EXPONENT &&
                                         exponent <= DEMC_NORMAL_EEPA_MAX_EXPONENT, "exponent", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require(adhesion_exponent, adhesion_exponent >= DEMC_NORMAL_EEPA_MIN_EXPONENT &&
                                                  adhesion_exponent <= DEMC_NORMAL_EEPA_MAX_EXPONENT,
                           "adhesion_exponent", bad_field)) != DEMC_OK)
        return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    p.loading_stiffness = loading_stiffness;
    p.plasticity_ratio = plasticity_ratio;
    p.pulloff_force = pulloff_force;
    p.adhesion_stiffness = adhesion_stiffness;
    p.exponent = exponent;
    p.adhesion_exponent = adhesion_exponent;
    p.unloading_stiffness = loading_stiffness / (1.0 - plasticity_ratio);
    p.plastic_factor = demci_eepa_pow(plasticity_ratio, 1.0 / exponent);
    if (!demc_is_finite(p.unloading_stiffness))
        return demci_material_fail(DEMC_ERR_SINGULAR, "plasticity_ratio", bad_field);
    *params = p;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_NORMAL_PLASTIC_FN demc_normal_eepa_result demc_normal_eepa_update(const demc_normal_eepa_params *params,
                                                                       double overlap, demc_normal_eepa_state *state)
{
    demc_normal_eepa_result r;
    const double n = params->exponent, x = params->adhesion_exponent;
    const double k1 = params->loading_stiffness, k2 = params->unloading_stiffness, ka = params->adhesion_stiffness;
    double dn, dpn, da, fl, fu, fa, dnm1;
    if (!(overlap > 0.0)) {
        state->plastic_overlap = 0.0;
        r.force = 0.0;
        r.stiffness = 0.0;
        r.plastic_overlap = 0.0;
        r.branch = DEMC_NORMAL_EEPA_NONE;
        return r;
    }
    dn = demci_eepa_pow(overlap, n);
    dnm1 = n == 1.0 ? 1.0 : dn / overlap; /* δ^{n−1} */
    dpn = demci_eepa_pow(state->plastic_overlap, n);
    da = demci_eepa_pow(overlap, x);
    fl = k1 * dn;
    fu = k2 * (dn - dpn);
    fa = ka > 0.0 ? -ka * da : 0.0; /* no 0·inf where δ^χ overflows */
    if (fu >= fl) { /* virgin loading: the unloading curve through this point */
        r.force = fl;
        r.stiffness = n * (k1 * dnm1);
        r.branch = DEMC_NORMAL_EEPA_LOADING;
        state->plastic_overlap = params->plastic_factor * overlap;
    } else if (fu > fa) {
        r.force = fu;
        r.stiffness = n * (k2 * dnm1);
        r.branch = DEMC_NORMAL_EEPA_ELASTIC;
    } else { /* the adhesive branch: δ_p lowered so that the k₂ curve passes here */
        r.force = fa;
        r.stiffness = !(ka > 0.0) ? 0.0 : x == 1.0 ? -ka : -x * (ka * (da / overlap)); /* no inf·0 */
        r.branch = DEMC_NORMAL_EEPA_ADHESIVE;
        state->plastic_overlap = demci_eepa_pow(dn + ka / k2 * da, 1.0 / n);
        if (!(state->plastic_overlap >= overlap)) state->plastic_overlap = overlap; /* ≥ δ, also where δⁿ rounds */
    }
    r.force += params->pulloff_force;
    r.plastic_overlap = state->plastic_overlap;
    return r;
}

/* k₂[(δ^{n+1} − δ_p^{n+1})/(n + 1) − δ_pⁿ(δ − δ_p)] */
DEMC_STATIC_INLINE double demci_eepa_branch_work(const demc_normal_eepa_params *p, double d, double dp)
{
    const double n = p->exponent, dpn = demci_eepa_pow(dp, n);
    return p->unloading_stiffness *
           ((d * demci_eepa_pow(d, n) - dp * dpn) / (n + 1.0) - dpn * (d - dp));
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_eepa_stored_energy(const demc_normal_eepa_params *params, double overlap,
                                                             demc_normal_eepa_state state)
{
    const double w = overlap > 0.0 ? demci_eepa_branch_work(params, overlap, state.plastic_overlap) : 0.0;
    return w > 0.0 ? w : 0.0;
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_eepa_loading_work(const demc_normal_eepa_params *params,
                                                            double max_overlap)
{
    const double d = max_overlap;
    if (!(d > 0.0)) return 0.0;
    return params->pulloff_force * d +
           params->loading_stiffness * d * demci_eepa_pow(d, params->exponent) / (params->exponent + 1.0);
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_eepa_min_overlap(const demc_normal_eepa_params *params,
                                                           double max_overlap)
{
    const double n = params->exponent, x = params->adhesion_exponent, k2 = params->unloading_stiffness,
                 ka = params->adhesion_stiffness;
    const double dp = max_overlap > 0.0 ? params->plastic_factor * max_overlap : 0.0, dpn = demci_eepa_pow(dp, n);
    double lo = 0.0, hi = dp, d;
    int i;
    if (!(dp > 0.0) || !(ka > 0.0)) return dp;
    if (x == n) return dp * demci_eepa_pow(k2 / (k2 + ka), 1.0 / n);
    /* h(δ) = k₂(δⁿ − δ_pⁿ) + k_adh δ^χ rises from −k₂δ_pⁿ at 0 to k_adh δ_p^χ at δ_p: Newton kept in the bracket */
    d = dp * demci_eepa_pow(k2 / (k2 + ka), 1.0 / n);
    for (i = 0; i < 200; ++i) {
        const double dn = demci_eepa_pow(d, n), da = demci_eepa_pow(d, x);
        const double h = k2 * (dn - dpn) + ka * da, dh = (n * k2 * dn + x * ka * da) / d;
        double next;
        if (h > 0.0) hi = d;
        else lo = d;
        next = d - h / dh;
        if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
        if (next == d || !(hi > lo)) break;
        d = next;
        if (!(0.5 * (lo + hi) > lo && 0.5 * (lo + hi) < hi)) break;
    }
    return d;
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_eepa_pulloff_force(const demc_normal_eepa_params *params,
                                                             double max_overlap)
{
    return params->pulloff_force - params->adhesion_stiffness *
                                       demci_eepa_pow(demc_normal_eepa_min_overlap(params, max_overlap),
                                                      params->adhesion_exponent);
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_eepa_cycle_loss(const demc_normal_eepa_params *params,
                                                          double max_overlap)
{
    const double d = max_overlap, n = params->exponent, x = params->adhesion_exponent;
    double dp, dmin, loss;
    if (!(d > 0.0)) return 0.0;
    dp = params->plastic_factor * d;
    dmin = demc_normal_eepa_min_overlap(params, d);
    /* loading k₁δ^{n+1}/(n+1), minus the k₂ branch from δ_min to δ_max, plus the adhesive branch below δ_min */
    loss = params->loading_stiffness * d * demci_eepa_pow(d, n) / (n + 1.0) -
           (demci_eepa_branch_work(params, d, dp) - demci_eepa_branch_work(params, dmin, dp)) +
           params->adhesion_stiffness * dmin * demci_eepa_pow(dmin, x) / (x + 1.0);
    return loss > 0.0 ? loss : 0.0;
}

DEMC_NORMAL_PLASTIC_FN double demc_normal_eepa_restitution(const demc_normal_eepa_params *params,
                                                           double max_overlap)
{
    const double win = demc_normal_eepa_loading_work(params, max_overlap);
    double q;
    if (!(max_overlap > 0.0)) return 1.0;
    if (!(win > 0.0)) return 0.0;
    q = 1.0 - demc_normal_eepa_cycle_loss(params, max_overlap) / win;
    return q > 0.0 ? (q < 1.0 ? sqrt(q) : 1.0) : 0.0;
}

DEMC_NORMAL_PLASTIC_FN demc_normal_eepa_state demc_normal_eepa_state_swap(demc_normal_eepa_state state)
{
    return state;
}

DEMC_END_DECLS

#endif /* DEMC_NORMAL_PLASTIC_IMPL_H */
