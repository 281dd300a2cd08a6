/* Bodies of damping.h. Included by damping.h only; bodies live in headers so that header-only units can inline them.
 * The derivations behind every formula are on the docs page docs/pages/damping.md. */
#ifndef DEMC_DAMPING_IMPL_H
#define DEMC_DAMPING_IMPL_H

#include <math.h>

#include "libm_impl.h"

#include "damping_fit.h"

DEMC_BEGIN_DECLS

/* ---- dashpots ---------------------------------------------------------------------------------------------- */

DEMC_DAMPING_FN double demc_damping_linear_force(double gamma, double effective_mass, double stiffness, double overlap_rate)
{
    return 2.0 * gamma * sqrt(effective_mass * stiffness) * overlap_rate;
}

DEMC_DAMPING_FN double demc_damping_hertz_coefficient(double gamma, double effective_mass, double effective_modulus, double effective_radius,
                                                      double delta)
{
    /* 2γ√(m*·2E*√(R*δ)); the test δ > 0 also maps NaN overlaps to "no contact". */
    double d = delta > 0.0 ? delta : 0.0;
    return 2.0 * gamma * sqrt(2.0 * effective_mass * effective_modulus * sqrt(effective_radius * d));
}

DEMC_DAMPING_FN double demc_damping_hertz_force(double gamma, double effective_mass, double effective_modulus, double effective_radius, double delta,
                                          double overlap_rate)
{
    return demc_damping_hertz_coefficient(gamma, effective_mass, effective_modulus, effective_radius, delta) * overlap_rate;
}

DEMC_DAMPING_FN demc_vec3 demc_damping_tangential_force(double gamma, double effective_mass, double tangential_stiffness, demc_vec3 tangential_velocity)
{
    return demc_vec3_scale(tangential_velocity, -2.0 * gamma * sqrt(effective_mass * tangential_stiffness));
}

/* ---- universal functions of the LS+D damping ratio g ------------------------------------------------------- */

/* A(g) = arccos(g)/√(1−g²) for 0 ≤ g < 1, arcosh(g)/√(g²−1) for g > 1, one analytic function with A(1) = 1, and
 * its derivative A'(g) = (g·A − 1)/(1 − g²). Near g = 1 both quotients are 0/0, so there the Taylor series in
 * w = (1−g)/2 is used: A = Σ c_n wⁿ, c_n = c_{n−1}·2n/(2n+1), c_0 = 1 (A = arcsin(s)/(s√(1−s²)) with s² = w).
 * With |w| ≤ 1/8 and 22 terms the truncation is below 1e-20. */
DEMC_STATIC_INLINE double demci_damping_arc_ratio(double g, double *derivative)
{
    double a, w = 0.5 * (1.0 - g);
    if (fabs(w) <= 0.125) {
        double c = 1.0, p = 1.0, sum = 1.0, dsum = 0.0;
        int n;
        for (n = 1; n <= 22; ++n) {
            double cn = c * (2.0 * n) / (2.0 * n + 1.0);
            dsum += n * cn * p; /* n c_n w^{n−1} */
            p *= w;
            sum += cn * p;
            c = cn;
        }
        *derivative = -0.5 * dsum;
        return sum;
    }
    if (g < 1.0) {
        a = acos(g) / sqrt((1.0 - g) * (1.0 + g));
        *derivative = (g * a - 1.0) / ((1.0 - g) * (1.0 + g));
        return a;
    }
    /* g > 1.25: arcosh without acosh() (not C89); √(g²−1) as a product of roots so that it cannot overflow. */
    {
        double root = sqrt(g - 1.0) * sqrt(g + 1.0);
        double ach = g < 1e8 ? log(g + root) : log(g) + 0.69314718055994530942;
        a = ach / root;
        /* A' = (gA − 1)/(1 − g²), divided by the root twice: g² overflows for g > 1e154 */
        *derivative = -((g * a - 1.0) / root) / root;
        return a;
    }
}

/* e of LS+D at damping ratio g ≥ 0, force end: e = exp(−2g·A(g)) ([Cummins 2012] eq 7 corrected, all three regimes).
 * For g > 1.25 the exponent reaches −745 and would carry its size in ulp; with ρ = √(g²−1) and
 * g·A = ln(g + ρ) + A/(g + ρ) (see below) the same value is exp(−2A/(g + ρ))/(g + ρ)², computed without it. */
DEMC_STATIC_INLINE double demci_damping_force_end_e(double g)
{
    double unused, a = demci_damping_arc_ratio(g, &unused), sum;
    if (g <= 1.25) return demci_exp(-2.0 * g * a);
    sum = g + sqrt(g - 1.0) * sqrt(g + 1.0);
    return demci_exp(-2.0 * a / sum) / sum / sum; /* two divisions: sum² overflows for g > 1e154 */
}

/* e of LS+D at damping ratio g ≥ 0, overlap end: exp(−πg/√(1−g²)) (Schäfer), 0 once the overlap cannot return. */
DEMC_STATIC_INLINE double demci_damping_overlap_end_e(double g)
{
    if (g >= 1.0) return 0.0;
    return demci_exp(-3.14159265358979323846 * g / sqrt((1.0 - g) * (1.0 + g)));
}

/* g·A(g) − L for the force-end inverse, with L = −ln(e)/2 and r = √e = exp(−L), and d(g·A)/dg in *slope.
 * For g > 1.25, where L > 1.15 and may reach 372, L itself is never formed: with ρ = √(g²−1), g·A(g) =
 * arcosh(g)·g/ρ = ln(g + ρ) + A/(g + ρ) (as g/ρ − 1 = 1/(ρ(g + ρ))), so g·A − L = ln((g + ρ)·r) + A/(g + ρ), where
 * (g + ρ)·r is near 1 at the root: the residual is exact to a few ulp instead of L ulp. */
DEMC_STATIC_INLINE double demci_damping_force_end_residual(double g, double L, double r, double *slope)
{
    double da, a = demci_damping_arc_ratio(g, &da);
    *slope = a + g * da;
    if (g <= 1.25) return g * a - L;
    {
        double root = sqrt(g - 1.0) * sqrt(g + 1.0), sum = g + root;
        return log(sum * r) + a / sum;
    }
}

/* Exact force-end inverse: the root g of g·A(g) = L. g·A(g) increases strictly from 0 (its derivative A + gA' is
 * positive on [0, ∞)); Newton's method from the fast approximant, which is already within ~1e-14, converges in
 * one or two steps. */
DEMC_STATIC_INLINE demc_status demci_damping_force_end_inverse(double e, double *gamma)
{
    double L = -0.5 * log(e), r = sqrt(e), g = demc_damping_lsd_ratio_fast(e);
    int it;
    if (L <= 0.0) { *gamma = 0.0; return DEMC_OK; }
    for (it = 0; it < 8; ++it) {
        double slope, residual = demci_damping_force_end_residual(g, L, r, &slope);
        double next = g - residual / slope;
        if (!(next > 0.0)) next = 0.5 * g; /* a guard: the start is far too close for this to happen */
        if (fabs(next - g) <= 2e-16 * next) { *gamma = next; return DEMC_OK; }
        g = next;
    }
    if (demc_is_finite(g) && g > 0.0) { *gamma = g; return DEMC_OK; }
    return DEMC_ERR_NO_CONVERGENCE;
}

DEMC_STATIC_INLINE demc_status demci_damping_check_gamma(double gamma, demc_contact_end end, const double *out)
{
    if (!out || !demc_is_finite(gamma)) return DEMC_ERR_INVALID_ARGUMENT;
    if (end != DEMC_CONTACT_END_FORCE && end != DEMC_CONTACT_END_OVERLAP) return DEMC_ERR_INVALID_ARGUMENT;
    return gamma < 0.0 ? DEMC_ERR_OUT_OF_DOMAIN : DEMC_OK;
}

DEMC_STATIC_INLINE demc_status demci_damping_check_e(double e, demc_contact_end end, const double *out)
{
    if (!out || !demc_is_finite(e)) return DEMC_ERR_INVALID_ARGUMENT;
    if (end != DEMC_CONTACT_END_FORCE && end != DEMC_CONTACT_END_OVERLAP) return DEMC_ERR_INVALID_ARGUMENT;
    return (e > 0.0 && e <= 1.0) ? DEMC_OK : DEMC_ERR_OUT_OF_DOMAIN;
}

/* ---- public maps ------------------------------------------------------------------------------------------- */

DEMC_DAMPING_FN demc_status demc_damping_lsd_restitution(double gamma, demc_contact_end end, double *e)
{
    demc_status s = demci_damping_check_gamma(gamma, end, e);
    if (s != DEMC_OK) return s;
    *e = end == DEMC_CONTACT_END_FORCE ? demci_damping_force_end_e(gamma) : demci_damping_overlap_end_e(gamma);
    return DEMC_OK;
}

DEMC_DAMPING_FN demc_status demc_damping_lsd_ratio(double e, demc_contact_end end, double *gamma)
{
    demc_status s = demci_damping_check_e(e, end, gamma);
    double ln_e;
    if (s != DEMC_OK) return s;
    if (end == DEMC_CONTACT_END_FORCE) return demci_damping_force_end_inverse(e, gamma);
    ln_e = log(e);
    *gamma = -ln_e / sqrt(9.8696044010893586188 + ln_e * ln_e); /* [Cummins 2012] eq 6; π² */
    return DEMC_OK;
}

DEMC_DAMPING_FN double demc_damping_lsd_ratio_fast(double e)
{
    /* L = −ln(e)/2 = g·A(g). Three pieces (generated, see damping_fit.h):
     * - L ≤ 1: g = L·P(L);
     * - 1 < L ≤ 20: g = cosh ψ with ψ² = L²(1 + Q(1/L)). Since e^L = 1/√e exactly, cosh ψ is evaluated as
     *   (X/√e + √e/X)/2 with X = exp(ψ − L), ψ − L = L·Q/(1 + √(1 + Q)): the exponent carries an absolute error
     *   of L·|δQ| only, not the L ulp that exp(ψ) would lose;
     * - L > 20: ψ = L·tanh ψ equals L to within 2L·exp(−2L) < 1e-16 relative, so g = cosh L = (1/√e + √e)/2. */
    double L, r, q, x;
    /* outside (0, 1) before the log: log(0) and log(e < 0) would set errno; −0.0 counts as e = 0 (+inf) */
    if (e == 0.0) return HUGE_VAL;
    if (!(e > 0.0 && e < 1.0)) return 0.0;
    L = -0.5 * log(e);
    if (!(L > 0.0)) return 0.0;
    if (L <= 1.0) return L * demci_damping_fit_low(2.0 * L - 1.0);
    r = sqrt(e);
    if (L > 20.0) return 0.5 * (1.0 / r + r);
    q = demci_damping_fit_high((2.0 / L - 1.05) / 0.95); /* 1/L ∈ [0.05, 1) onto [−1, 1) */
    x = demci_exp(L * q / (1.0 + sqrt(1.0 + q)));
    return 0.5 * (x / r + r / x);
}

DEMC_DAMPING_FN demc_status demc_damping_hmd_restitution(double gamma, demc_contact_end end, double *e)
{
    /* HM+D at γ restitutes like LS+D at √(6/5)γ (phase-plane reduction, docs/pages/damping.md). A finite γ
     * whose g = √(6/5)γ overflows has the limit e = 0 of both rules (e ~ 1/(4g²) at the force end). */
    demc_status s = demci_damping_check_gamma(gamma, end, e);
    double g = gamma * 1.0954451150103322269;
    if (s != DEMC_OK) return s;
    if (!demc_is_finite(g)) {
        *e = 0.0;
        return DEMC_OK;
    }
    return demc_damping_lsd_restitution(g, end, e);
}

DEMC_DAMPING_FN demc_status demc_damping_hmd_ratio(double e, demc_contact_end end, double *gamma)
{
    double g;
    demc_status s = demc_damping_lsd_ratio(e, end, gamma ? &g : (double *)0);
    if (s == DEMC_OK) *gamma = g * 0.91287092917527685576; /* √(5/6) */
    return s;
}

/* ---- viscoelastic spheres ---------------------------------------------------------------------------------- */

/* E(ε) from the generated pieces (damping_fit.h): (1 − E)/ε in σ = √ε on [0, 1]; beyond, ln(E·ε^p) with the
 * power tail p = 5/3 (force end, in u = ln ε up to ln 1e9) or p = 5 (overlap end, in ε up to 7), and the limit
 * constant past the last piece. */
DEMC_STATIC_INLINE double demci_visco_restitution(double eps, demc_contact_end end)
{
    double u, p;
    if (eps <= 1.0) { /* the loss (1 − E)/ε is tabulated: E(0) = 1 exactly and 1 − E keeps its relative accuracy */
        double x = 2.0 * sqrt(eps) - 1.0;
        return 1.0 - eps * (end == DEMC_CONTACT_END_FORCE ? demci_visco_force_small(x) : demci_visco_overlap_small(x));
    }
    u = log(eps);
    if (end == DEMC_CONTACT_END_FORCE) {
        const double ln_1e9 = 20.72326583694641;
        if (u <= 4.0) p = demci_visco_force_mid(0.5 * u - 1.0);
        else if (u <= ln_1e9) p = demci_visco_force_large(2.0 * (u - 4.0) / (ln_1e9 - 4.0) - 1.0);
        else p = 0.2703100720720541; /* ln 1.3103706971043757: the limit, reached to < 1e-13 at ε = 1e9 */
        return demci_exp(p - (5.0 / 3.0) * u);
    }
    if (eps <= 3.0) p = demci_visco_overlap_mid1(eps - 2.0);
    else if (eps <= 5.0) p = demci_visco_overlap_mid2(eps - 4.0);
    else if (eps <= 7.0) p = demci_visco_overlap_mid3(eps - 6.0);
    else p = 1.6406229070994924; /* ln 5.1583817042676852 */
    return demci_exp(p - 5.0 * u);
}

DEMC_DAMPING_FN demc_status demc_damping_viscoelastic_restitution_scaled(double eps, demc_contact_end end, double *e)
{
    demc_status s = demci_damping_check_gamma(eps, end, e); /* same checks: finite, ≥ 0, known rule */
    if (s != DEMC_OK) return s;
    *e = demci_visco_restitution(eps, end);
    return DEMC_OK;
}

DEMC_DAMPING_FN demc_status demc_damping_viscoelastic_restitution(double dissipative_constant, double prefactor, double effective_mass, double approach_speed,
                                                          demc_contact_end end, double *e)
{
    if (!demc_is_finite(dissipative_constant) || !demc_is_finite(prefactor) || !demc_is_finite(effective_mass) ||
        !demc_is_finite(approach_speed))
        return DEMC_ERR_INVALID_ARGUMENT;
    if (!e || (end != DEMC_CONTACT_END_FORCE && end != DEMC_CONTACT_END_OVERLAP)) return DEMC_ERR_INVALID_ARGUMENT;
    if (dissipative_constant < 0.0 || prefactor <= 0.0 || effective_mass <= 0.0 || approach_speed < 0.0) return DEMC_ERR_OUT_OF_DOMAIN;
    {
        double eps = 1.5 * dissipative_constant * pow(prefactor / effective_mass, 0.4) * pow(approach_speed, 0.2);
        if (!demc_is_finite(eps)) return DEMC_ERR_SINGULAR; /* K/m* overflowed */
        return demc_damping_viscoelastic_restitution_scaled(eps, end, e);
    }
}

DEMC_END_DECLS

#endif /* DEMC_DAMPING_IMPL_H */
