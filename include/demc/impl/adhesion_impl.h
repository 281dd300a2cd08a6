/* Bodies of adhesion.h. Included by adhesion.h only; see docs/pages/contributing.md for why bodies live in headers. */
#ifndef DEMC_ADHESION_IMPL_H
#define DEMC_ADHESION_IMPL_H

#include <math.h>
#include "libm_impl.h"

DEMC_BEGIN_DECLS

/* 2π, √2 and 4^{−4/3}/5 + 3/10 (the energy of the JKR cycle in units of E*c^{10/3}/R*²). */
#define DEMCI_ADHESION_TWO_PI 6.28318530717958647692
#define DEMCI_ADHESION_SQRT2 1.41421356237309504880
#define DEMCI_ADHESION_CYCLE 0.33149802624737183242 /* 3/10 + 4^{−4/3}/5 */
/* (3/10 + 4^{−4/3}/5)(2π)^{5/3}: the 7.09 of Thornton & Ning (1998) */
#define DEMCI_ADHESION_CYCLE_W 7.0921959718639588271
#define DEMCI_ADHESION_CBRT_PI 1.4645918875615232630 /* π^{1/3} */

DEMC_STATIC_INLINE demc_adhesion_result demci_adhesion_zero(void)
{
    demc_adhesion_result r;
    r.force = 0.0;
    r.stiffness = 0.0;
    r.contact_stiffness = 0.0;
    r.contact_radius = 0.0;
    r.friction_load = 0.0;
    r.contact = 0;
    return r;
}

/* A derived constant that must be finite and ≥ 0 (> 0 when positive is set), else SINGULAR naming it. */
DEMC_STATIC_INLINE demc_status demci_adhesion_representable(double value, int positive, const char *field,
                                                            const char **bad_field)
{
    if (!demc_is_finite(value) || !(positive ? value > 0.0 : value >= 0.0))
        return demci_material_fail(DEMC_ERR_SINGULAR, field, bad_field);
    return DEMC_OK;
}

/* Hertz part shared by the three laws: F = Kδ√δ etc. for d = max(δ, 0). */
DEMC_STATIC_INLINE demc_adhesion_result demci_adhesion_hertz(double prefactor, double modulus, double radius,
                                                             double d)
{
    demc_adhesion_result r;
    const double root = sqrt(d);
    r.force = prefactor * d * root;
    r.stiffness = prefactor * (1.5 * root); /* as demc_normal_hertz_stiffness: 1.5 K can overflow */
    r.contact_radius = sqrt(radius * d);
    r.contact_stiffness = 2.0 * modulus * r.contact_radius;
    r.friction_load = r.force;
    r.contact = 1;
    return r;
}

DEMC_ADHESION_FN demc_adhesion_state demc_adhesion_state_swap(demc_adhesion_state state) { return state; }

/* ---- JKR ----------------------------------------------------------------------------------------------- */

DEMC_ADHESION_FN demc_adhesion_jkr_params demc_adhesion_jkr_make(double effective_modulus, double effective_radius,
                                                                 double work_of_adhesion)
{
    demc_adhesion_jkr_params p;
    p.effective_modulus = effective_modulus;
    p.effective_radius = effective_radius;
    p.work_of_adhesion = work_of_adhesion;
    p.prefactor = 4.0 / 3.0 * effective_modulus * sqrt(effective_radius);
    p.neck_constant = effective_radius * sqrt(DEMCI_ADHESION_TWO_PI * work_of_adhesion / effective_modulus);
    p.pulloff_force = 0.75 * DEMCI_ADHESION_TWO_PI * work_of_adhesion * effective_radius;
    return p;
}

/* The adhesion inputs shared by the JKR and DMT setups, in argument order. */
DEMC_STATIC_INLINE demc_status demci_adhesion_check(double modulus, double radius, double work, const void *params,
                                                    const char **bad_field)
{
    demc_status s;
    if ((s = demci_require_positive(modulus, "effective_modulus", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(radius, "effective_radius", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(work, work >= 0.0, "work_of_adhesion", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    return DEMC_OK;
}

DEMC_ADHESION_FN demc_status demc_adhesion_jkr_init(double effective_modulus, double effective_radius,
                                                    double work_of_adhesion, demc_adhesion_jkr_params *params,
                                                    const char **bad_field)
{
    demc_status s;
    demc_adhesion_jkr_params p;
    if ((s = demci_adhesion_check(effective_modulus, effective_radius, work_of_adhesion, params, bad_field)) !=
        DEMC_OK)
        return s;
    p = demc_adhesion_jkr_make(effective_modulus, effective_radius, work_of_adhesion);
    if ((s = demci_adhesion_representable(p.prefactor, 1, "params.prefactor", bad_field)) != DEMC_OK) return s;
    /* c and F_c must be finite, and zero only when w is (a w so small that c underflows is no adhesion). */
    if ((s = demci_adhesion_representable(p.neck_constant, work_of_adhesion > 0.0, "params.neck_constant",
                                          bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_adhesion_representable(p.pulloff_force, work_of_adhesion > 0.0, "params.pulloff_force",
                                          bad_field)) != DEMC_OK)
        return s;
    /* The pull-off distance and the energy of a cycle (∝ (w²R* over E*²)^{1/3} and (w⁵R*⁴ over E*²)^{1/3}) must be
     * representable too (E* = 1e-226, R* = 1e118, w = 1 gave a loss of inf): named after w, the input that makes
     * them adhesion's. */
    if ((s = demci_adhesion_representable(demc_adhesion_jkr_pulloff_distance(&p), 0, "work_of_adhesion",
                                          bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_adhesion_representable(demc_adhesion_jkr_cycle_loss(&p), 0, "work_of_adhesion", bad_field)) !=
        DEMC_OK)
        return s;
    *params = p;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_ADHESION_FN double demc_adhesion_jkr_overlap(const demc_adhesion_jkr_params *params, double contact_radius)
{
    const double a = contact_radius > 0.0 ? contact_radius : 0.0;
    return (a * a - params->neck_constant * sqrt(a)) / params->effective_radius;
}

DEMC_ADHESION_FN double demc_adhesion_jkr_load(const demc_adhesion_jkr_params *params, double contact_radius)
{
    const double a = contact_radius > 0.0 ? contact_radius : 0.0;
    return params->effective_modulus * a / params->effective_radius *
           (4.0 / 3.0 * a * a - 2.0 * params->neck_constant * sqrt(a));
}

/* The roots x = √a of x⁴ − c x − q = 0 (q = R*δ, c > 0). Ferrari: (x² + m)² = 2m (x + c/(4m))² with m > 0 the
 * real root of the resolvent cubic m³ + q m − c²/8 = 0 (Cardano, with the root written so that nothing cancels:
 * m = t + s, t = ∛(c²/16 + √(c⁴/256 + q³/27)), s = −q/(3t); for q ≥ 0 as (c²/8)/(t² − ts + s²)). Then
 * x² − √(2m) x + m − c/(2√(2m)) = 0: stable root x₊ = (√(2m) + √D)/2, D = √2 c/√m − 2m; unstable root
 * x₋ = C₀/x₊ with C₀ = m − c/(2√(2m)) = −2√2 q√m/(2√2 m^{3/2} + c) (≥ 0 only for q ≤ 0).
 * Returns 0 when there is no real root (δ < δ_c); *x_minus gets the unstable root or 0. */
DEMC_STATIC_INLINE double demci_adhesion_jkr_roots(double c, double q, double *x_minus)
{
    const double c2 = c * c, c4 = c2 * c2, q3 = q * q * q;
    double t, m, sm, d, xp;
    *x_minus = 0.0;
    if (256.0 * q3 + 27.0 * c4 < 0.0) return 0.0;
    if (q > 0.0 && q3 > 1e36 * c4) {
        /* Hertz-dominated (R*δ ≫ c^{4/3}): x⁴ = q + cx by two fixed-point steps from x = q^{1/4}; the relative
         * error is below (c q^{−3/4})³ < 1e−27, and nothing overflows. */
        double x = sqrt(sqrt(q));
        x = sqrt(sqrt(q + c * x));
        return sqrt(sqrt(q + c * x));
    }
    {
        /* ≥ 0 by the test above up to rounding: at δ = δ_c the two forms may round apart (a NaN at nextafter) */
        const double disc = c4 / 256.0 + q3 / 27.0;
        t = cbrt(c2 / 16.0 + sqrt(disc > 0.0 ? disc : 0.0));
    }
    m = q >= 0.0 ? (c2 / 8.0) / (t * t + q / 3.0 + q * q / (9.0 * t * t)) : t - q / (3.0 * t);
    sm = sqrt(m);
    d = DEMCI_ADHESION_SQRT2 * c / sm - 2.0 * m;
    xp = 0.5 * (DEMCI_ADHESION_SQRT2 * sm + sqrt(d > 0.0 ? d : 0.0));
    if (q <= 0.0) *x_minus = -2.0 * DEMCI_ADHESION_SQRT2 * q * sm / (2.0 * DEMCI_ADHESION_SQRT2 * m * sm + c) / xp;
    return xp;
}

/* demci_adhesion_jkr_roots() for any c > 0: x⁴ − cx − q = 0 is homogeneous under x = λy, c = λ³c', q = λ⁴q', so
 * where c⁴ or q³ would under- or overflow (c² outside [1e-100, 1e100]: c = 7e-87 made the discriminant
 * 0 ≥ 0 at ten times the pull-off distance) the roots are found for c' = c/λ³ near 1 with λ an exact power of 2
 * and scaled back. The plain call otherwise: one pair of compares more. */
DEMC_STATIC_INLINE double demci_adhesion_jkr_roots_any(double c, double q, double *x_minus)
{
    const double up = 281474976710656.0, down = 1.0 / 281474976710656.0; /* 2^48, 2^-48 */
    double lambda = 1.0, cs = c, qs = q, x;
    const double c2 = c * c;
    int k;
    if (c2 >= 1e-100 && c2 <= 1e100) return demci_adhesion_jkr_roots(c, q, x_minus);
    x = sqrt(sqrt(q > 0.0 ? q : 0.0));
    if (x * x * x > 1e9 * c) { /* Hertz-dominated, as in demci_adhesion_jkr_roots(): no scaling needed */
        *x_minus = 0.0;
        x = sqrt(sqrt(q + c * x));
        return sqrt(sqrt(q + c * x));
    }
    /* λ = 2^{±16} a step: c' = c/λ³ moves by 2^48, q' = q/λ⁴ by 2^64, until c' is in [2^-48, 2^48] */
    for (k = 0; k < 24 && cs < down; ++k) {
        cs *= up;
        qs *= up * 65536.0;
        lambda *= 1.0 / 65536.0;
    }
    for (k = 0; k < 24 && cs > up; ++k) {
        cs *= down;
        qs *= down * (1.0 / 65536.0);
        lambda *= 65536.0;
    }
    x = demci_adhesion_jkr_roots(cs, qs, x_minus);
    *x_minus *= lambda;
    return x * lambda;
}

DEMC_ADHESION_FN double demc_adhesion_jkr_radius(const demc_adhesion_jkr_params *params, double overlap)
{
    const double q = params->effective_radius * overlap;
    double x, xm;
    if (!(params->neck_constant > 0.0)) return q > 0.0 ? sqrt(q) : 0.0;
    x = demci_adhesion_jkr_roots_any(params->neck_constant, q, &xm);
    return x * x;
}

DEMC_ADHESION_FN double demc_adhesion_jkr_radius_unstable(const demc_adhesion_jkr_params *params, double overlap)
{
    double xm;
    if (!(params->neck_constant > 0.0) || !(overlap <= 0.0)) return 0.0;
    (void)demci_adhesion_jkr_roots_any(params->neck_constant, params->effective_radius * overlap, &xm);
    return xm * xm;
}

/* The product of n positive finite factors, multiplied in an order that keeps every partial product between the
 * factors' range and the result (the next factor is the smallest while the product is ≥ 1, else the largest): no
 * intermediate overflow or underflow where the result is representable, so no inf·0 (at most 12 factors). */
DEMC_STATIC_INLINE double demci_adhesion_product(double *f, int n)
{
    double p = 1.0;
    while (n > 0) {
        int k, pick = 0;
        for (k = 1; k < n; ++k)
            if (p >= 1.0 ? f[k] < f[pick] : f[k] > f[pick]) pick = k;
        p *= f[pick];
        f[pick] = f[--n];
    }
    return p;
}

DEMC_ADHESION_FN double demc_adhesion_jkr_pulloff_distance(const demc_adhesion_jkr_params *params)
{
    /* −δ_c = (3/4)(c²/2)^{2/3}/R* = (3/4)(π²w²R* /E*²)^{1/3}: from c where c² and R* are well inside the double
     * range (the form the touch test of demc_adhesion_jkr_update() agrees with to the last bit), else from the cube
     * roots of the inputs, multiplied in a balanced order, so that no power of c or ratio of the inputs under- or
     * overflows (R* = 1e-310 made c² = 0). */
    const double cc = params->neck_constant * params->neck_constant, rr = params->effective_radius;
    const double a = cbrt(params->work_of_adhesion), e = 1.0 / cbrt(params->effective_modulus);
    double f[7];
    if (cc >= 1e-290 && cc <= 1e290 && rr >= 1e-100 && rr <= 1e100) {
        const double k = cbrt(0.5 * cc);
        return 0.75 * k * k / rr;
    }
    if (a == 0.0) return 0.0; /* w = 0: no neck */
    f[0] = f[1] = DEMCI_ADHESION_CBRT_PI;
    f[2] = f[3] = a;
    f[4] = f[5] = e;
    f[6] = cbrt(params->effective_radius);
    return 0.75 * demci_adhesion_product(f, 7);
}

DEMC_ADHESION_FN demc_adhesion_result demc_adhesion_jkr_update(const demc_adhesion_jkr_params *params,
                                                               double overlap, demc_adhesion_state *state)
{
    const double c = params->neck_constant, e = params->effective_modulus, r = params->effective_radius;
    const double q = r * overlap;
    demc_adhesion_result out;
    double x, xm, x3, a, den;
    /* The neck forms at touch and persists down to δ_c: while the quartic has a real root (the roots' own test
     * decides, at any scale, so that the touch test and the roots never disagree). */
    if (!(overlap > 0.0) && !(state->neck != 0.0 && c > 0.0)) {
        state->neck = 0.0;
        return demci_adhesion_zero();
    }
    if (!(c > 0.0)) {
        state->neck = 1.0;
        return demci_adhesion_hertz(params->prefactor, e, r, overlap > 0.0 ? overlap : 0.0);
    }
    x = demci_adhesion_jkr_roots_any(c, q, &xm);
    if (!(x > 0.0)) { /* δ < δ_c: no real root, the neck breaks */
        state->neck = 0.0;
        return demci_adhesion_zero();
    }
    state->neck = 1.0;
    x3 = x * x * x;
    a = x * x;
    out.contact_radius = a;
    out.force = e * a / r * (4.0 / 3.0 * x3 * x - 2.0 * c * x);
    /* dF/dδ = (dF/da)/(dδ/da) = 2E*a(4x³ − 3c)/(4x³ − c); the denominator vanishes at the jump-off only. */
    den = 4.0 * x3 - c;
    if (den < c * 2.220446049250313e-16) den = c * 2.220446049250313e-16;
    out.stiffness = 2.0 * e * a * (4.0 * x3 - 3.0 * c) / den;
    out.contact_stiffness = 2.0 * e * a;
    out.friction_load = fabs(out.force + 2.0 * params->pulloff_force);
    out.contact = 1;
    return out;
}

/* (E* /R*²)[(8/15)a⁵ − (4/3)c a^{7/2} + k c² a²]: k = 1/2 gives the potential without its constant, k = 1 the
 * elastic energy. */
DEMC_STATIC_INLINE double demci_adhesion_jkr_poly(const demc_adhesion_jkr_params *p, double a, double k)
{
    const double c = p->neck_constant, a2 = a * a, sa = sqrt(a);
    return p->effective_modulus / (p->effective_radius * p->effective_radius) * a2 *
           (8.0 / 15.0 * a2 * a - 4.0 / 3.0 * c * a * sa + k * c * c);
}

DEMC_ADHESION_FN double demc_adhesion_jkr_energy(const demc_adhesion_jkr_params *params, double contact_radius)
{
    const double c = params->neck_constant;
    double c23;
    if (!(contact_radius > 0.0)) return 0.0;
    c23 = cbrt(c * c); /* c^{2/3}: the contact radius at touch */
    return demci_adhesion_jkr_poly(params, contact_radius, 0.5) +
           0.3 * params->effective_modulus / (params->effective_radius * params->effective_radius) * c23 * c23 *
               c23 * c23 * c23;
}

DEMC_ADHESION_FN double demc_adhesion_jkr_elastic_energy(const demc_adhesion_jkr_params *params,
                                                         double contact_radius)
{
    if (!(contact_radius > 0.0)) return 0.0;
    return demci_adhesion_jkr_poly(params, contact_radius, 1.0);
}

DEMC_ADHESION_FN double demc_adhesion_jkr_cycle_loss(const demc_adhesion_jkr_params *params)
{
    /* (E*c^{10/3}/R*²)(3/10 + 4^{−4/3}/5) = 7.0922…(w⁵R*⁴/E*²)^{1/3}: from the cube roots of the inputs, multiplied
     * in a balanced order, so that E* over R*² and c^{10/3} never meet as inf·0 = NaN (E* = 1e3, R* = 1e-310,
     * w = 1e8) and no partial product overflows where the loss is finite (E* = 1e-150, R* = 1e-300, w = 1e150). */
    const double cc = params->neck_constant * params->neck_constant, rr = params->effective_radius,
                 em = params->effective_modulus;
    const double a = cbrt(params->work_of_adhesion), b = cbrt(rr), e = 1.0 / cbrt(em);
    double f[12];
    if (cc >= 1e-150 && cc <= 1e150 && rr >= 1e-100 && rr <= 1e100 && em >= 1e-100 && em <= 1e100) {
        /* well inside the range: (E*c^{10/3}/R*²)(3/10 + 4^{−4/3}/5) directly */
        const double c23 = cbrt(cc), loss = DEMCI_ADHESION_CYCLE * em / (rr * rr) * c23 * c23 * c23 * c23 * c23;
        if (loss >= 1e-290 && loss <= 1e290) return loss;
    }
    if (a == 0.0) return 0.0; /* w = 0: no neck */
    f[0] = DEMCI_ADHESION_CYCLE_W;
    f[1] = f[2] = f[3] = f[4] = f[5] = a;
    f[6] = f[7] = f[8] = f[9] = b;
    f[10] = f[11] = e;
    return demci_adhesion_product(f, 12);
}

/* ---- DMT ----------------------------------------------------------------------------------------------- */

DEMC_ADHESION_FN demc_adhesion_dmt_params demc_adhesion_dmt_make(double effective_modulus, double effective_radius,
                                                                 double work_of_adhesion)
{
    demc_adhesion_dmt_params p;
    p.effective_modulus = effective_modulus;
    p.effective_radius = effective_radius;
    p.work_of_adhesion = work_of_adhesion;
    p.prefactor = 4.0 / 3.0 * effective_modulus * sqrt(effective_radius);
    p.pulloff_force = DEMCI_ADHESION_TWO_PI * work_of_adhesion * effective_radius;
    return p;
}

DEMC_ADHESION_FN demc_status demc_adhesion_dmt_init(double effective_modulus, double effective_radius,
                                                    double work_of_adhesion, demc_adhesion_dmt_params *params,
                                                    const char **bad_field)
{
    demc_status s;
    demc_adhesion_dmt_params p;
    if ((s = demci_adhesion_check(effective_modulus, effective_radius, work_of_adhesion, params, bad_field)) !=
        DEMC_OK)
        return s;
    p = demc_adhesion_dmt_make(effective_modulus, effective_radius, work_of_adhesion);
    if ((s = demci_adhesion_representable(p.prefactor, 1, "params.prefactor", bad_field)) != DEMC_OK) return s;
    if ((s = demci_adhesion_representable(p.pulloff_force, work_of_adhesion > 0.0, "params.pulloff_force",
                                          bad_field)) != DEMC_OK)
        return s;
    *params = p;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_ADHESION_FN demc_adhesion_result demc_adhesion_dmt_force(const demc_adhesion_dmt_params *params,
                                                              double overlap)
{
    demc_adhesion_result r;
    if (!(overlap > 0.0)) return demci_adhesion_zero();
    r = demci_adhesion_hertz(params->prefactor, params->effective_modulus, params->effective_radius, overlap);
    r.force -= params->pulloff_force; /* friction_load keeps the Hertz part */
    return r;
}

DEMC_ADHESION_FN double demc_adhesion_dmt_energy(const demc_adhesion_dmt_params *params, double overlap)
{
    if (!(overlap > 0.0)) return 0.0;
    return 0.4 * params->prefactor * overlap * overlap * sqrt(overlap) - params->pulloff_force * overlap;
}

/* ---- simplified JKR ------------------------------------------------------------------------------------ */

DEMC_ADHESION_FN demc_adhesion_sjkr_params demc_adhesion_sjkr_make(double effective_modulus, double radius_i,
                                                                   double radius_j,
                                                                   double cohesion_energy_density,
                                                                   demc_adhesion_sjkr_variant variant)
{
    demc_adhesion_sjkr_params p;
    p.effective_modulus = effective_modulus;
    p.radius_i = radius_i;
    p.radius_j = radius_j;
    p.cohesion_energy_density = cohesion_energy_density;
    p.variant = variant;
    p.effective_radius = radius_j > 0.0 ? radius_i * radius_j / (radius_i + radius_j) : radius_i;
    p.prefactor = 4.0 / 3.0 * effective_modulus * sqrt(p.effective_radius);
    return p;
}

DEMC_ADHESION_FN demc_status demc_adhesion_sjkr_init(double effective_modulus, double radius_i, double radius_j,
                                                     double cohesion_energy_density, demc_adhesion_sjkr_variant variant,
                                                     demc_adhesion_sjkr_params *params, const char **bad_field)
{
    demc_status s;
    demc_adhesion_sjkr_params p;
    if ((s = demci_require_positive(effective_modulus, "effective_modulus", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(radius_i, "radius_i", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(radius_j, radius_j >= 0.0, "radius_j", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(cohesion_energy_density, cohesion_energy_density >= 0.0, "cohesion_energy_density",
                           bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require_enum((int)variant, 2, "variant", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    p = demc_adhesion_sjkr_make(effective_modulus, radius_i, radius_j, cohesion_energy_density, variant);
    if ((s = demci_adhesion_representable(p.prefactor, 1, "params.prefactor", bad_field)) != DEMC_OK) return s;
    *params = p;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/* A and dA/dδ for δ > 0. */
DEMC_STATIC_INLINE double demci_adhesion_sjkr_area(const demc_adhesion_sjkr_params *p, double d, double *slope)
{
    const double pi = 0.5 * DEMCI_ADHESION_TWO_PI, ri = p->radius_i, rj = p->radius_j;
    double a2;
    if (p->variant == DEMC_ADHESION_SJKR_LINEAR) {
        const double h = rj > 0.0 ? 2.0 * p->effective_radius : ri;
        *slope = 2.0 * pi * h;
        return 2.0 * pi * h * d;
    }
    if (rj > 0.0) {
        /* Centre distance x = R_i + R_j − δ; a² = δ(2R_i − δ)(2R_j − δ)(2R_i + 2R_j − δ)/(4x²) and
         * d(a²)/dδ = x/2 − (R_i + R_j)²(R_i − R_j)²/(2x³). */
        const double s = ri + rj, x = s - d, dr = ri - rj;
        a2 = d * (2.0 * ri - d) * (2.0 * rj - d) * (2.0 * s - d) / (4.0 * x * x);
        *slope = pi * (0.5 * x - s * s * dr * dr / (2.0 * x * x * x));
    } else {
        a2 = d * (2.0 * ri - d);
        *slope = pi * (2.0 * ri - 2.0 * d);
    }
    if (!(a2 > 0.0)) {
        *slope = 0.0;
        return 0.0;
    }
    return pi * a2;
}

DEMC_ADHESION_FN double demc_adhesion_sjkr_area(const demc_adhesion_sjkr_params *params, double overlap)
{
    double slope;
    if (!(overlap > 0.0)) return 0.0;
    return demci_adhesion_sjkr_area(params, overlap, &slope);
}

DEMC_ADHESION_FN demc_adhesion_result demc_adhesion_sjkr_force(const demc_adhesion_sjkr_params *params,
                                                               double overlap)
{
    demc_adhesion_result r;
    double area, slope;
    if (!(overlap > 0.0)) return demci_adhesion_zero();
    r = demci_adhesion_hertz(params->prefactor, params->effective_modulus, params->effective_radius, overlap);
    area = demci_adhesion_sjkr_area(params, overlap, &slope);
    r.force -= params->cohesion_energy_density * area;
    r.stiffness -= params->cohesion_energy_density * slope;
    return r;
}

DEMC_ADHESION_FN double demc_adhesion_sjkr_energy(const demc_adhesion_sjkr_params *params, double overlap)
{
    const double pi = 0.5 * DEMCI_ADHESION_TWO_PI, ri = params->radius_i, rj = params->radius_j, d = overlap;
    double integral;
    if (!(d > 0.0)) return 0.0;
    if (params->variant == DEMC_ADHESION_SJKR_LINEAR) {
        integral = pi * (rj > 0.0 ? 2.0 * params->effective_radius : ri) * d * d;
    } else if (rj > 0.0) {
        const double s = ri + rj;
        integral = pi * d * d * ((4.0 * ri * rj - s * d) / (4.0 * (s - d)) - d / 12.0);
    } else {
        integral = pi * d * d * (ri - d / 3.0);
    }
    return 0.4 * params->prefactor * d * d * sqrt(d) - params->cohesion_energy_density * integral;
}

DEMC_END_DECLS

#endif /* DEMC_ADHESION_IMPL_H */
