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

DEMC_END_DECLS

#endif /* DEMC_SCALED_IMPL_H */
