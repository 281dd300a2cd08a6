/* Internal helpers (not API) of the hot paths that compare or scale a vector against a limit independently of the
 * unit: included by the bodies that use them (tangential, rolling). */
#ifndef DEMC_SCALED_IMPL_H
#define DEMC_SCALED_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

/* |v| > limit (limit ≥ 0), decided where |v|² and limit² under- or overflow too. v2 = |v|² as the caller formed it:
 * inside [1e-270, 1e270] the squares compare directly (limit² overflowing to inf or underflowing below 1e-270
 * gives the right answer there); outside, v and the limit are divided by v's largest component first, so the
 * comparison does not depend on the unit (a spring force of 1e-180 with a Coulomb limit of 0 was compared as
 * 0 ≤ 0). A NaN in v gives 0 (the caller's stick branch then propagates it). The rare branch costs 4 divisions. */
DEMC_HOT_INLINE int demci_vec3_exceeds(demc_vec3 v, double v2, double limit)
{
    double m, l;
    if (v2 >= 1e-270 && v2 <= 1e270) return v2 > limit * limit;
    m = fabs(v.x);
    if (fabs(v.y) > m) m = fabs(v.y);
    if (fabs(v.z) > m) m = fabs(v.z);
    if (!(m > 0.0) || !(v2 == v2)) return 0; /* v = 0 never exceeds a limit ≥ 0 */
    l = limit / m;
    return demc_vec3_norm2(demc_vec3_make(v.x / m, v.y / m, v.z / m)) > l * l;
}

/* v scaled to the length `length` (v ≠ 0, v2 = |v|²): v·(length/√v2) where v2 is well inside the double range,
 * else along v divided by its largest component, so that the length holds to rounding however small or large v
 * is (a subnormal v2 gave a Coulomb force 3e-5 above μF_n). */
DEMC_HOT_INLINE demc_vec3 demci_vec3_with_length(demc_vec3 v, double v2, double length)
{
    double m;
    demc_vec3 u;
    if (v2 >= 1e-270 && v2 <= 1e270) return demc_vec3_scale(v, length / sqrt(v2));
    m = fabs(v.x);
    if (fabs(v.y) > m) m = fabs(v.y);
    if (fabs(v.z) > m) m = fabs(v.z);
    u = demc_vec3_make(v.x / m, v.y / m, v.z / m);
    return demc_vec3_scale(u, length / sqrt(demc_vec3_norm2(u)));
}

/* Largest |component| of v (NaN when v.x is NaN; a NaN elsewhere is not seen, the callers' scaled vectors carry it). */
DEMC_HOT_INLINE double demci_vec3_max_abs(demc_vec3 v)
{
    double m = fabs(v.x);
    if (fabs(v.y) > m) m = fabs(v.y);
    if (fabs(v.z) > m) m = fabs(v.z);
    return m;
}

/* σ·|v|²/(2k) for k > 0, an energy term (σ = 1, or 2^-512 to subtract two terms at a common scale when one
 * overflows). Where |v|² is a normal double well inside the range and σ = 1 it is 0.5·|v|²/k as formed before;
 * else v is divided by its largest component m first and the energy is ½|v/m|²·(mσ/k)·m, so that |v|² never
 * overflows or underflows on its own: the term overflows to +inf only where its exact value exceeds DBL_MAX (a
 * spring force of 1e200 at k = 1e250 stores 5e149 J, not inf). NaN in v gives NaN. */
DEMC_STATIC_INLINE double demci_vec3_half_square_over(demc_vec3 v, double k, double sigma)
{
    const double v2 = demc_vec3_norm2(v);
    double m;
    if (sigma == 1.0 && v2 >= 1e-270 && v2 <= 1e270) return 0.5 * v2 / k;
    m = demci_vec3_max_abs(v);
    if (!(m > 0.0)) return m == 0.0 ? 0.0 : v2;
    return 0.5 * demc_vec3_norm2(demc_vec3_make(v.x / m, v.y / m, v.z / m)) * ((m * sigma) / k) * m;
}

/* σ·(a · b), scaled like demci_vec3_half_square_over(): the plain dot product where it is finite, not tiny and
 * σ = 1; else (â · b̂)(m_a σ) m_b with â = a/m_a, b̂ = b/m_b, which overflows only where the exact value does (up to
 * a cancellation in â · b̂) and keeps its digits where the products a_i b_i underflow. */
DEMC_STATIC_INLINE double demci_vec3_dot_scaled(demc_vec3 a, demc_vec3 b, double sigma)
{
    const double d = demc_vec3_dot(a, b);
    double ma, mb;
    if (sigma == 1.0 && d - d == 0.0 && (fabs(d) >= 1e-250 || d == 0.0)) return d;
    ma = demci_vec3_max_abs(a);
    mb = demci_vec3_max_abs(b);
    if (!(ma > 0.0) || !(mb > 0.0)) return ma == 0.0 || mb == 0.0 ? 0.0 * d : d;
    return demc_vec3_dot(demc_vec3_make(a.x / ma, a.y / ma, a.z / ma), demc_vec3_make(b.x / mb, b.y / mb, b.z / mb)) *
           (ma * sigma) * mb;
}

/* 2^-512 and 2^512: the common scale at which two energy terms are subtracted when one of them overflows. */
#define DEMCI_ENERGY_DOWN 7.4583407312002067e-155
#define DEMCI_ENERGY_UP 1.3407807929942597e+154

DEMC_END_DECLS

#endif /* DEMC_SCALED_IMPL_H */
