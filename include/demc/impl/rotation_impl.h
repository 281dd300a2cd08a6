/* Bodies of rotation.h. Included by rotation.h only; bodies live in headers so that header-only units can inline them.
 * Formulas: [Campello 2015] eq 6-11, 28, 45, 47 (Campello 2015); derivations and error bounds in
 * docs/pages/rotation.md. */
#ifndef DEMC_ROTATION_IMPL_H
#define DEMC_ROTATION_IMPL_H

#include <math.h>
#include <stddef.h>

DEMC_BEGIN_DECLS

/* |v| without overflow or underflow for any finite v (scaled by the largest magnitude). Conversions only. */
DEMC_STATIC_INLINE double demci_rotation_norm(demc_vec3 v)
{
    double m = fabs(v.x);
    demc_vec3 w;
    if (fabs(v.y) > m) m = fabs(v.y);
    if (fabs(v.z) > m) m = fabs(v.z);
    if (m == 0.0) return 0.0;
    w = demc_vec3_make(v.x / m, v.y / m, v.z / m);
    return m * sqrt(demc_vec3_norm2(w));
}

/* |v|/2 without overflow for any finite v (|v| itself overflows above about 1.04e308 per component). */
DEMC_STATIC_INLINE double demci_rotation_half_norm(demc_vec3 v)
{
    double m = fabs(v.x);
    demc_vec3 w;
    if (fabs(v.y) > m) m = fabs(v.y);
    if (fabs(v.z) > m) m = fabs(v.z);
    if (m == 0.0) return 0.0;
    w = demc_vec3_make(v.x / m, v.y / m, v.z / m);
    return m * (0.5 * sqrt(demc_vec3_norm2(w)));
}

/* 1 when alpha is finite with |alpha| <= DEMC_RODRIGUES_ALPHA_MAX (the component test keeps alpha·alpha finite). */
DEMC_STATIC_INLINE int demci_rotation_in_domain(demc_vec3 alpha)
{
    const double amax = DEMC_RODRIGUES_ALPHA_MAX;
    if (!demc_vec3_is_finite(alpha)) return 0;
    if (fabs(alpha.x) > amax || fabs(alpha.y) > amax || fabs(alpha.z) > amax) return 0;
    return demc_vec3_norm2(alpha) <= amax * amax;
}

/* a × (v + ½ α × v) with a = 4α/(4 + α²): the part of Q v − v, [Campello 2015] eq 10 applied to v without the
 * tensor. */
DEMC_STATIC_INLINE demc_vec3 demci_rotation_turn(demc_vec3 alpha, demc_vec3 v)
{
    double c = 4.0 / (4.0 + demc_vec3_norm2(alpha));
    demc_vec3 t = demc_vec3_add_scaled(v, 0.5, demc_vec3_cross(alpha, v));
    return demc_vec3_cross(demc_vec3_scale(alpha, c), t);
}

DEMC_ROTATION_FN demc_mat3 demc_rodrigues_to_tensor(demc_vec3 alpha)
{
    /* Q = I + c Skew(α) + h (α αᵀ − α² I), c = 4/(4 + α²), h = c/2 (Skew² = α αᵀ − α² I). */
    double xx = alpha.x * alpha.x, yy = alpha.y * alpha.y, zz = alpha.z * alpha.z;
    double c = 4.0 / (4.0 + (xx + yy + zz)), h = 0.5 * c;
    double hxy = h * alpha.x * alpha.y, hxz = h * alpha.x * alpha.z, hyz = h * alpha.y * alpha.z;
    double cx = c * alpha.x, cy = c * alpha.y, cz = c * alpha.z;
    double px = h * (yy + zz), py = h * (xx + zz), pz = h * (xx + yy);
    demc_mat3 q;
    /* Q_00 = 1 − h(α_y² + α_z²) = (2c + h α_x²) − 1 (the quaternion's 1 − 2(y² + z²) = 2(w² + x²) − 1). Taking
     * the form whose rounded term is at most 1 avoids rounding an intermediate of size up to 2 when the entry is
     * near −1 (θ near π): QQᵀ = I to 4 ulp instead of 7 over random rotations. */
    q.m[0][0] = px <= 1.0 ? 1.0 - px : (2.0 * c + h * xx) - 1.0;
    q.m[1][1] = py <= 1.0 ? 1.0 - py : (2.0 * c + h * yy) - 1.0;
    q.m[2][2] = pz <= 1.0 ? 1.0 - pz : (2.0 * c + h * zz) - 1.0;
    q.m[0][1] = hxy - cz;
    q.m[1][0] = hxy + cz;
    q.m[0][2] = hxz + cy;
    q.m[2][0] = hxz - cy;
    q.m[1][2] = hyz - cx;
    q.m[2][1] = hyz + cx;
    return q;
}

DEMC_ROTATION_FN demc_vec3 demc_rodrigues_rotate(demc_vec3 alpha, demc_vec3 v)
{
    return demc_vec3_add(v, demci_rotation_turn(alpha, v));
}

DEMC_ROTATION_FN demc_vec3 demc_rodrigues_compose(demc_vec3 alpha1, demc_vec3 alpha2)
{
    double s = 4.0 / (4.0 - demc_vec3_dot(alpha1, alpha2));
    demc_vec3 sum = demc_vec3_add_scaled(demc_vec3_add(alpha1, alpha2), -0.5, demc_vec3_cross(alpha1, alpha2));
    /* At a half turn (α1·α2 = 4) s is infinite: a zero component of the sum stays zero (the limit along the
     * axis), where inf × 0 would be NaN. Selects, no branch. */
    return demc_vec3_make(sum.x != 0.0 ? sum.x * s : sum.x, sum.y != 0.0 ? sum.y * s : sum.y,
                          sum.z != 0.0 ? sum.z * s : sum.z);
}

DEMC_ROTATION_FN demc_status demc_rodrigues_compose_checked(demc_vec3 alpha1, demc_vec3 alpha2, demc_vec3 *out)
{
    demc_vec3 r;
    if (out == NULL || !demc_vec3_is_finite(alpha1) || !demc_vec3_is_finite(alpha2))
        return DEMC_ERR_INVALID_ARGUMENT;
    if (!demci_rotation_in_domain(alpha1) || !demci_rotation_in_domain(alpha2)) return DEMC_ERR_OUT_OF_DOMAIN;
    r = demc_rodrigues_compose(alpha1, alpha2);
    /* In the domain the numerator never vanishes with the denominator (it would need α1·α2 = −|α1|²), so a
     * half turn shows as an infinite or huge result, never as NaN. */
    if (!demci_rotation_in_domain(r)) return DEMC_ERR_SINGULAR;
    *out = r;
    return DEMC_OK;
}

DEMC_ROTATION_FN demc_vec3 demc_rodrigues_inverse(demc_vec3 alpha) { return demc_vec3_neg(alpha); }

DEMC_ROTATION_FN demc_vec3 demc_rodrigues_increment(demc_vec3 omega_old, demc_vec3 omega_new, double phi,
                                                    double dt)
{
    demc_vec3 w = demc_vec3_add_scaled(demc_vec3_scale(omega_new, phi), 1.0 - phi, omega_old);
    return demc_vec3_scale(w, dt);
}

DEMC_ROTATION_FN demc_vec3 demc_rodrigues_update(demc_vec3 alpha, demc_vec3 omega_old, demc_vec3 omega_new,
                                                 double phi, double dt)
{
    return demc_rodrigues_compose(alpha, demc_rodrigues_increment(omega_old, omega_new, phi, dt));
}

DEMC_ROTATION_FN demc_status demc_rodrigues_update_checked(demc_vec3 alpha, demc_vec3 omega_old,
                                                           demc_vec3 omega_new, double phi, double dt,
                                                           demc_vec3 *out)
{
    demc_vec3 inc;
    if (out == NULL || !demc_vec3_is_finite(alpha) || !demc_vec3_is_finite(omega_old) ||
        !demc_vec3_is_finite(omega_new) || !demc_is_finite(phi) || !demc_is_finite(dt))
        return DEMC_ERR_INVALID_ARGUMENT;
    if (phi < 0.0 || phi > 1.0 || dt < 0.0) return DEMC_ERR_OUT_OF_DOMAIN;
    inc = demc_rodrigues_increment(omega_old, omega_new, phi, dt);
    if (!demci_rotation_in_domain(inc)) return DEMC_ERR_OUT_OF_DOMAIN;
    return demc_rodrigues_compose_checked(alpha, inc, out);
}

DEMC_ROTATION_FN demc_vec3 demc_rodrigues_rolling_displacement(demc_vec3 alpha_delta, double radius,
                                                               demc_vec3 normal)
{
    /* r (n − Q n) = −r · (Q n − n): the increment is formed directly, never as a difference. */
    return demc_vec3_scale(demci_rotation_turn(alpha_delta, normal), -radius);
}

DEMC_ROTATION_FN demc_vec3 demc_rodrigues_from_gibbs(demc_vec3 gibbs) { return demc_vec3_scale(gibbs, 2.0); }

DEMC_ROTATION_FN demc_vec3 demc_rodrigues_to_gibbs(demc_vec3 alpha) { return demc_vec3_scale(alpha, 0.5); }

/* eq 7 is eq 10 with α = 2ϑ; the factor 2 is exact, so both give the same bits. */
DEMC_ROTATION_FN demc_mat3 demc_gibbs_to_tensor(demc_vec3 gibbs)
{
    return demc_rodrigues_to_tensor(demc_vec3_scale(gibbs, 2.0));
}

/* eq 8 is eq 11 with α = 2ϑ (exact scalings). */
DEMC_ROTATION_FN demc_vec3 demc_gibbs_compose(demc_vec3 gibbs1, demc_vec3 gibbs2)
{
    demc_vec3 a = demc_rodrigues_compose(demc_vec3_scale(gibbs1, 2.0), demc_vec3_scale(gibbs2, 2.0));
    return demc_vec3_scale(a, 0.5);
}

DEMC_ROTATION_FN demc_vec3 demc_rodrigues_from_rotvec(demc_vec3 rotvec)
{
    /* α = [tan(θ/2)/(θ/2)] θe. Below θ = 1e-150 the factor is 1 to within 1e-300 (and θ/2 could be inexact
     * for subnormal θ), so it is taken as 1: no 0/0, full relative precision. */
    double h = demci_rotation_half_norm(rotvec);
    double f = h < 0.5e-150 ? 1.0 : tan(h) / h;
    return demc_vec3_scale(rotvec, f);
}

DEMC_ROTATION_FN demc_status demc_rodrigues_from_rotvec_checked(demc_vec3 rotvec, demc_vec3 *out)
{
    demc_vec3 r;
    if (out == NULL || !demc_vec3_is_finite(rotvec)) return DEMC_ERR_INVALID_ARGUMENT;
    r = demc_rodrigues_from_rotvec(rotvec);
    if (!demci_rotation_in_domain(r)) return DEMC_ERR_SINGULAR;
    *out = r;
    return DEMC_OK;
}

DEMC_ROTATION_FN demc_vec3 demc_rodrigues_to_rotvec(demc_vec3 alpha)
{
    /* θe = [atan(|α|/2)/(|α|/2)] α, the factor taken as 1 below |α| = 1e-150 as in demc_rodrigues_from_rotvec. */
    double a = demci_rotation_norm(alpha), h = 0.5 * a;
    double f = a < 1e-150 ? 1.0 : atan(h) / h;
    return demc_vec3_scale(alpha, f);
}

DEMC_ROTATION_FN demc_vec3 demc_rodrigues_from_quat(demc_quat q)
{
    /* ϑ = (x, y, z)/w; one division per component so that a tiny w with a zero component gives 0, not NaN; a zero
     * component stays zero also for w = 0 (a half turn: infinite components along the axis only, never 0/0). */
    return demc_vec3_make(q.x != 0.0 ? 2.0 * q.x / q.w : q.x, q.y != 0.0 ? 2.0 * q.y / q.w : q.y,
                          q.z != 0.0 ? 2.0 * q.z / q.w : q.z);
}

DEMC_ROTATION_FN demc_status demc_rodrigues_from_quat_checked(demc_quat q, demc_vec3 *out)
{
    demc_vec3 r;
    if (out == NULL || !demc_is_finite(q.w) || !demc_is_finite(q.x) || !demc_is_finite(q.y) ||
        !demc_is_finite(q.z))
        return DEMC_ERR_INVALID_ARGUMENT;
    if (q.w == 0.0) return DEMC_ERR_SINGULAR; /* a half turn, or q = 0 */
    r = demc_rodrigues_from_quat(q);
    if (!demci_rotation_in_domain(r)) return DEMC_ERR_SINGULAR;
    *out = r;
    return DEMC_OK;
}

DEMC_ROTATION_FN demc_quat demc_rodrigues_to_quat(demc_vec3 alpha)
{
    /* (cos(θ/2), sin(θ/2) e) = (2, α)/√(4 + α²): cos(θ/2) = 1/√(1 + ϑ²), sin(θ/2) e = ϑ cos(θ/2). */
    double s = 1.0 / sqrt(4.0 + demc_vec3_norm2(alpha));
    demc_quat q;
    q.w = 2.0 * s;
    q.x = alpha.x * s;
    q.y = alpha.y * s;
    q.z = alpha.z * s;
    return q;
}

DEMC_ROTATION_FN demc_vec3 demc_rodrigues_from_tensor(demc_mat3 q)
{
    /* With the quaternion (w, x, y, z) of Q: 4w² = 1 + tr, 4x² = 1 + Q00 − Q11 − Q22 (and cyclic),
     * 4wx = Q21 − Q12, 4wy = Q02 − Q20, 4wz = Q10 − Q01, 4xy = Q01 + Q10, 4xz = Q02 + Q20, 4yz = Q12 + Q21.
     * α = 2(x, y, z)/w is a ratio of two of these products; the largest square is the pivot (Shepperd), so the
     * numerators are never small differences when the denominator is not. */
    double ww = 1.0 + q.m[0][0] + q.m[1][1] + q.m[2][2];
    double xx = 1.0 + q.m[0][0] - q.m[1][1] - q.m[2][2];
    double yy = 1.0 - q.m[0][0] + q.m[1][1] - q.m[2][2];
    double zz = 1.0 - q.m[0][0] - q.m[1][1] + q.m[2][2];
    double wx = q.m[2][1] - q.m[1][2], wy = q.m[0][2] - q.m[2][0], wz = q.m[1][0] - q.m[0][1];
    double xy = q.m[0][1] + q.m[1][0], xz = q.m[0][2] + q.m[2][0], yz = q.m[1][2] + q.m[2][1];
    demc_vec3 num;
    double den;
    if (ww >= xx && ww >= yy && ww >= zz) num = demc_vec3_make(wx, wy, wz), den = ww;
    else if (xx >= yy && xx >= zz) num = demc_vec3_make(xx, xy, xz), den = wx;
    else if (yy >= zz) num = demc_vec3_make(xy, yy, yz), den = wy;
    else num = demc_vec3_make(xz, yz, zz), den = wz;
    /* A tensor that is a half turn to working precision has den = 0: a tiny den gives ±inf or 0, never 0/0. */
    if (den == 0.0) den = 1e-300;
    return demc_vec3_make(2.0 * num.x / den, 2.0 * num.y / den, 2.0 * num.z / den);
}

DEMC_ROTATION_FN demc_status demc_rodrigues_from_tensor_checked(demc_mat3 q, demc_vec3 *out)
{
    demc_vec3 r;
    int i, j;
    if (out == NULL) return DEMC_ERR_INVALID_ARGUMENT;
    for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j)
            if (!demc_is_finite(q.m[i][j])) return DEMC_ERR_INVALID_ARGUMENT;
    r = demc_rodrigues_from_tensor(q);
    if (!demci_rotation_in_domain(r)) return DEMC_ERR_SINGULAR;
    *out = r;
    return DEMC_OK;
}

DEMC_END_DECLS

#endif /* DEMC_ROTATION_IMPL_H */
