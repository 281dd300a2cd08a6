/* Bodies of capillary.h. Included by capillary.h only; see docs/pages/contributing.md for why bodies live in
 * headers. */
#ifndef DEMC_CAPILLARY_IMPL_H
#define DEMC_CAPILLARY_IMPL_H

#include <math.h>
#include "libm_impl.h"

DEMC_BEGIN_DECLS

#define DEMCI_CAPILLARY_PI 3.14159265358979323846
#define DEMCI_CAPILLARY_Q 8.8975 /* 4·2.5 − 1.05²: the discriminant of 1 + 1.05X + 2.5X² (negated) */

/* f₁…f₄ of Willett et al. (2000), appendix: f_i = Σ_k (a + bθ + cθ²)_ik (ln V*)^k, θ in radians, V* = V/R³. */
DEMC_STATIC_INLINE void demci_capillary_fit(double theta, double volume_star, double f[4])
{
    /* rows: f₁ (k = 0..3), f₂ (k = 0..2), f₃ (k = 0..3), f₄ (k = 0..2); columns a, b, c */
    const double c[14][3] = {
        {-0.44507, 0.050832, -1.1466},     {-0.1119, -0.000411, -0.1490},
        {-0.012101, -0.0036456, -0.01255}, {-0.0005, -0.0003505, -0.00029076},
        {1.9222, -0.57473, -1.2918},       {-0.0668, -0.1201, -0.22574},
        {-0.0013375, -0.0068988, -0.01137},
        {1.268, -0.01396, -0.23566},       {0.198, 0.092, -0.06418},
        {0.02232, 0.02238, -0.009853},     {0.0008585, 0.001318, -0.00053},
        {-0.010703, 0.073776, -0.34742},   {0.03345, 0.04543, -0.09056},
        {0.0018574, 0.004456, -0.006257}};
    const int start[5] = {0, 4, 7, 11, 14};
    /* a positive finite argument only (outside the domain, a V* that under- or overflowed): log sets no errno */
    const double l = log(volume_star > 0.0 && volume_star < HUGE_VAL ? volume_star : 1.0);
    int i, k;
    for (i = 0; i < 4; ++i) {
        double acc = 0.0;
        for (k = start[i + 1] - 1; k >= start[i]; --k) /* Horner in ln V* */
            acc = acc * l + (c[k][0] + theta * (c[k][1] + theta * c[k][2]));
        f[i] = acc;
    }
}

/* F* = F_cap/(2πR_hγ) of the fit at S⁺ = x > 0. */
DEMC_STATIC_INLINE double demci_capillary_fit_star(const double f[4], double x)
{
    const double lx = log(x > 0.0 && x < HUGE_VAL ? x : 1.0); /* (x > 0 in the domain; no errno outside it) */
    return demci_exp(f[0] - f[1] * demci_exp(lx * (f[2] + f[3] * lx)));
}

DEMC_CAPILLARY_FN demc_capillary_params demc_capillary_make(double surface_tension, double contact_angle,
                                                            double volume, double radius_i, double radius_j,
                                                            demc_capillary_form form)
{
    demc_capillary_params p;
    const double rh = radius_j > 0.0 ? 2.0 * radius_i * radius_j / (radius_i + radius_j) : 2.0 * radius_i;
    p.surface_tension = surface_tension;
    p.contact_angle = contact_angle;
    p.volume = volume;
    p.radius = rh;
    p.form = form;
    p.force_scale = 2.0 * DEMCI_CAPILLARY_PI * rh * surface_tension;
    p.rupture_distance = (1.0 + 0.5 * contact_angle) * cbrt(volume);
    p.gap_scale = sqrt(rh / volume);
    p.fit[0] = p.fit[1] = p.fit[2] = p.fit[3] = 0.0;
    if (form == DEMC_CAPILLARY_WILLETT_FIT) {
        demci_capillary_fit(contact_angle, volume / (rh * rh * rh), p.fit);
        p.contact_force = p.force_scale * demci_exp(p.fit[0]);
    } else {
        p.contact_force = p.force_scale * cos(contact_angle);
    }
    p.viscous_prefactor = 0.0;
    p.meniscus_term = 2.0 * volume / (DEMCI_CAPILLARY_PI * rh); /* V/(πR*), R* = R_h/2 */
    p.min_separation = 0.0;
    return p;
}

DEMC_CAPILLARY_FN demc_status demc_capillary_init(double surface_tension, double contact_angle, double volume,
                                                  double radius_i, double radius_j, demc_capillary_form form,
                                                  demc_capillary_params *params, const char **bad_field)
{
    demc_status s;
    demc_capillary_params p;
    const double half_pi = 0.5 * DEMCI_CAPILLARY_PI;
    if ((s = demci_require(surface_tension, surface_tension >= 0.0, "surface_tension", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require(contact_angle, contact_angle >= 0.0 && contact_angle < half_pi, "contact_angle",
                           bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require_positive(volume, "volume", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(radius_i, "radius_i", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(radius_j, radius_j >= 0.0, "radius_j", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_enum((int)form, 2, "form", bad_field)) != DEMC_OK) return s;
    if (form == DEMC_CAPILLARY_WILLETT_FIT) {
        const double rh = radius_j > 0.0 ? 2.0 * radius_i * radius_j / (radius_i + radius_j) : 2.0 * radius_i;
        const double vs = volume / rh / rh / rh;
        if (!(contact_angle <= DEMC_CAPILLARY_FIT_MAX_ANGLE))
            return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "contact_angle", bad_field);
        if (!(vs >= DEMC_CAPILLARY_FIT_MIN_VOLUME && vs <= DEMC_CAPILLARY_FIT_MAX_VOLUME))
            return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "volume", bad_field);
    }
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    p = demc_capillary_make(surface_tension, contact_angle, volume, radius_i, radius_j, form);
    /* R_h, √(R_h/V), the forces and V/(πR*) must be representable (R_i = 1e300 and V = 1e-300 are finite inputs). */
    if (!(demc_is_finite(p.radius) && p.radius > 0.0 && demc_is_finite(p.force_scale) &&
          demc_is_finite(p.contact_force) && demc_is_finite(p.gap_scale) && p.gap_scale > 0.0 &&
          demc_is_finite(p.rupture_distance) && p.rupture_distance > 0.0 && demc_is_finite(p.meniscus_term) &&
          demc_is_finite(p.gap_scale * p.rupture_distance)))
        return demci_material_fail(DEMC_ERR_SINGULAR, "volume", bad_field);
    *params = p;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CAPILLARY_FN demc_status demc_capillary_viscous_init(double viscosity, double min_separation,
                                                          demc_capillary_params *params, const char **bad_field)
{
    demc_status s;
    double k, rs;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    if ((s = demci_require(viscosity, viscosity >= 0.0, "viscosity", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(min_separation, "min_separation", bad_field)) != DEMC_OK) return s;
    rs = 0.5 * params->radius;
    k = 6.0 * DEMCI_CAPILLARY_PI * viscosity * rs * rs;
    if (!demc_is_finite(k)) return demci_material_fail(DEMC_ERR_SINGULAR, "viscosity", bad_field);
    params->viscous_prefactor = k;
    params->min_separation = min_separation;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CAPILLARY_FN double demc_capillary_force(const demc_capillary_params *params, double overlap)
{
    const double gap = -overlap;
    if (!(gap > 0.0)) return -params->contact_force;    /* contact (and NaN: the contact value) */
    if (gap >= params->rupture_distance) return 0.0;   /* ruptured */
    {
        const double x = gap * params->gap_scale; /* Ŝ, full gap */
        if (params->form == DEMC_CAPILLARY_WILLETT_FIT)
            return -params->force_scale * demci_capillary_fit_star(params->fit, 0.5 * x);
        return -params->contact_force / (1.0 + x * (1.05 + 2.5 * x));
    }
}

DEMC_CAPILLARY_FN double demc_capillary_viscous_force(const demc_capillary_params *params, double overlap,
                                                      double overlap_rate)
{
    double s, hm;
    if (!(params->viscous_prefactor > 0.0) || !(-overlap < params->rupture_distance)) return 0.0;
    s = -overlap > params->min_separation ? -overlap : params->min_separation;
    hm = sqrt(s * s + params->meniscus_term);
    {
        /* 1 − S/h_m = (V/(πR*))/(h_m(h_m + S)): no cancellation for a small meniscus term */
        const double f = params->meniscus_term / (hm * (hm + s)), f2 = f * f;
        if (!(f2 > 0.0)) return 0.0; /* no meniscus left at this gap (and no inf·0 for a huge rate) */
        return params->viscous_prefactor * overlap_rate / s * f2;
    }
}

DEMC_CAPILLARY_FN double demc_capillary_energy(const demc_capillary_params *params, double overlap)
{
    const double gap = -overlap, sc = params->rupture_distance;
    double w, g;
    if (!(gap < sc)) return 0.0;
    g = gap > 0.0 ? gap : 0.0;
    if (params->form == DEMC_CAPILLARY_WILLETT_FIT) {
        /* ∫ F* dx over [x, x_c], x = S⁺, in t = ln x: Gauss–Legendre, 10 points a panel, panels ≤ 2 wide, over
         * at most the 40 e-folds below t_c; below that F* = e^{f₁} to far below rounding. */
        const double xg[5] = {0.1488743389816312108848, 0.4333953941292471907993, 0.6794095682990244062343,
                              0.8650633666889845107321, 0.9739065285171717200779};
        const double wg[5] = {0.2955242247147528701739, 0.2692667193099963550912, 0.2190863625159820439955,
                              0.1494513491505805931458, 0.0666713443086881375936};
        const double xc = 0.5 * sc * params->gap_scale, tc = log(xc > 0.0 && xc < HUGE_VAL ? xc : 1.0);
        const double x = 0.5 * g * params->gap_scale;
        double tlo = tc - 40.0, sum = 0.0, h, tail = 0.0;
        int n, k, i;
        /* log of a positive argument only: under -fno-math-errno a compiler may evaluate log(x) before the test
         * x > 0 (it takes log for pure), and log(0) sets errno (clang -O1 did) */
        const double lx = log(x > 0.0 ? x : 1.0);
        if (x > 0.0 && lx > tlo) tlo = lx;
        else tail = demci_exp(params->fit[0]) * (demci_exp(tlo) - x); /* F* = e^{f₁} on [x, e^{t_lo}] */
        {
            /* 1 to 20 panels; a NaN (parameters outside the domain, demc_capillary_make()) takes one: no
             * conversion of a NaN to an int */
            const double panels = ceil((tc - tlo) / 2.0);
            n = panels >= 1.0 ? (panels <= 20.0 ? (int)panels : 20) : 1;
        }
        h = (tc - tlo) / n;
        for (k = 0; k < n; ++k) {
            const double mid = tlo + (k + 0.5) * h, half = 0.5 * h;
            double panel = 0.0;
            for (i = 0; i < 5; ++i) {
                const double ta = mid - half * xg[i], tb = mid + half * xg[i];
                const double ea = demci_exp(ta), eb = demci_exp(tb);
                panel += wg[i] * (demci_capillary_fit_star(params->fit, ea) * ea +
                                  demci_capillary_fit_star(params->fit, eb) * eb);
            }
            sum += panel * half;
        }
        w = params->force_scale * (2.0 / params->gap_scale) * (sum + tail);
    } else {
        const double sq = sqrt(DEMCI_CAPILLARY_Q), xc = sc * params->gap_scale, x = g * params->gap_scale;
        const double arg = 5.0 * sq * (xc - x) / (DEMCI_CAPILLARY_Q + (5.0 * xc + 1.05) * (5.0 * x + 1.05));
        w = params->contact_force / params->gap_scale * (2.0 / sq) * atan(arg);
    }
    if (gap < 0.0) w += params->contact_force * overlap; /* the constant contact force over the overlap */
    return w;
}

DEMC_CAPILLARY_FN double demc_capillary_range(const demc_capillary_params *params)
{
    return params->rupture_distance;
}

DEMC_CAPILLARY_FN demc_capillary_result demc_capillary_update(const demc_capillary_params *params, double overlap,
                                                              double overlap_rate, demc_capillary_state *state)
{
    demc_capillary_result r;
    r.ruptured = 0;
    r.capillary_force = 0.0;
    r.viscous_force = 0.0;
    if (!(state->bridge != 0.0) && overlap >= 0.0) state->bridge = 1.0; /* forms at touch */
    if (state->bridge != 0.0 && !(-overlap < params->rupture_distance)) { /* ruptures */
        state->bridge = 0.0;
        r.ruptured = 1;
    }
    r.bridge = state->bridge != 0.0;
    if (r.bridge) {
        r.capillary_force = demc_capillary_force(params, overlap);
        r.viscous_force = demc_capillary_viscous_force(params, overlap, overlap_rate);
    }
    r.force = r.capillary_force + r.viscous_force;
    return r;
}

DEMC_CAPILLARY_FN demc_capillary_state demc_capillary_state_swap(demc_capillary_state state) { return state; }

DEMC_END_DECLS

#endif /* DEMC_CAPILLARY_IMPL_H */
