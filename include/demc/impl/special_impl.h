/* Bodies of special.h. Included by special.h only. All work is bounded (fixed iteration caps). */
#ifndef DEMC_SPECIAL_IMPL_H
#define DEMC_SPECIAL_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

DEMC_STATIC_INLINE double demci_special_nan(void) { return HUGE_VAL - HUGE_VAL; }

DEMC_STATIC_INLINE double demci_special_max3(double a, double b, double c)
{
    double m = a > b ? a : b;
    return m > c ? m : c;
}

/* Multiplies x, y, z by λ = 4^k (exact, in steps of 2^±200, at most 6) so that the largest, m, lands in
 * [2^100, 2^300], where the duplication neither overflows nor underflows for arguments down to 2^-400 m; returns
 * √λ. R_F(λx, λy, λz) = R_F(x, y, z)/√λ and R_D(λx, λy, λz) = R_D(x, y, z)/λ^{3/2}. The constants are 2^±200
 * and 2^±100 (shortest round-trip decimals: exact). */
DEMC_STATIC_INLINE double demci_special_scale(double m, double *x, double *y, double *z)
{
    double root = 1.0;
    int i;
    for (i = 0; i < 6 && m > 2.037035976334486e+90; ++i) { /* 2^300 */
        m *= 6.223015277861142e-61;
        *x *= 6.223015277861142e-61;
        *y *= 6.223015277861142e-61;
        *z *= 6.223015277861142e-61;
        root *= 7.888609052210118e-31;
    }
    for (i = 0; i < 6 && m < 1.2676506002282294e+30; ++i) { /* 2^100 */
        m *= 1.6069380442589903e+60;
        *x *= 1.6069380442589903e+60;
        *y *= 1.6069380442589903e+60;
        *z *= 1.6069380442589903e+60;
        root *= 1.2676506002282294e+30;
    }
    return root;
}

/* Duplication stops when 4^-n Q < A_n with Q = 1e3 max|A0 - x_i|: then |X|,|Y|,|Z| < 1e-3 and the fifth-order
 * series is exact to 1e-18 (Carlson 1995, DLMF 19.36.1-2). */
DEMC_SPECIAL_FN double demc_special_carlson_rf(double x, double y, double z)
{
    double a0, a, q, f = 1.0, xn, yn, zn, dx, dy, dz, e2, e3, mx, lo1, lo2, root;
    int n;
    if (!(x >= 0.0 && y >= 0.0 && z >= 0.0)) return demci_special_nan();
    if ((x == 0.0) + (y == 0.0) + (z == 0.0) >= 2) return HUGE_VAL;
    if (!demc_is_finite(x) || !demc_is_finite(y) || !demc_is_finite(z)) return 0.0;
    mx = demci_special_max3(x, y, z);
    lo1 = mx == x ? y : x; /* the two others */
    lo2 = mx == x || mx == y ? z : y;
    /* the two smaller arguments below 2^-400 of the largest: R_F = ln(16 m/(√a + √b)²)/(2√m), to the relative
     * O((a + b)/m · ln(m/b)) that a double cannot show (the duplication would lose them to underflow) */
    if (lo1 / mx <= 3.8725919148493183e-121 && lo2 / mx <= 3.8725919148493183e-121) /* 2^-400 */
        return (2.772588722239781 + log(mx) - 2.0 * log(sqrt(lo1) + sqrt(lo2))) / (2.0 * sqrt(mx));
    root = demci_special_scale(mx, &x, &y, &z);
    xn = x;
    yn = y;
    zn = z;
    a0 = (x + y + z) / 3.0;
    a = a0;
    q = 1e3 * demci_special_max3(fabs(a0 - x), fabs(a0 - y), fabs(a0 - z));
    for (n = 0; n < 200 && q * f >= a; ++n) {
        double sx = sqrt(xn), sy = sqrt(yn), sz = sqrt(zn), lam = sx * sy + sx * sz + sy * sz;
        xn = 0.25 * (xn + lam);
        yn = 0.25 * (yn + lam);
        zn = 0.25 * (zn + lam);
        a = 0.25 * (a + lam);
        f *= 0.25;
    }
    dx = (a0 - x) * f / a;
    dy = (a0 - y) * f / a;
    dz = -(dx + dy);
    e2 = dx * dy - dz * dz;
    e3 = dx * dy * dz;
    return (1.0 - e2 / 10.0 + e3 / 14.0 + e2 * e2 / 24.0 - 3.0 * e2 * e3 / 44.0) / sqrt(a) * root;
}

DEMC_SPECIAL_FN double demc_special_carlson_rd(double x, double y, double z)
{
    double a0, a, q, f = 1.0, sum = 0.0, xn, yn, zn, dx, dy, dz, xy, z2, e2, e3, e4, e5, ser, lo, hi, root;
    int n;
    if (!(x >= 0.0 && y >= 0.0 && z >= 0.0)) return demci_special_nan();
    if (z == 0.0 || (x == 0.0 && y == 0.0)) return HUGE_VAL;
    if (!demc_is_finite(x) || !demc_is_finite(y) || !demc_is_finite(z)) return 0.0;
    lo = x < y ? x : y;
    hi = x > y ? x : y;
    /* Outside the reach of the scaled duplication (below 2^-400 of the largest), the integral's dominant part
     * gives R_D in closed form, to a relative O(√ratio) invisible in double (the asymptotics of the defining integral):
     * - x, z ≪ y (or y, z ≪ x): R_D = 3/(√hi √z (√lo + √z));
     * - z ≪ x, y: R_D = 3/(√x √y √z);
     * - x, y ≪ z: R_D = 3 (ln(16z/(√x + √y)²) − 2)/(2 z^{3/2}). */
    if ((lo > z ? lo : z) / hi <= 3.8725919148493183e-121) return 3.0 / sqrt(hi) / sqrt(z) / (sqrt(lo) + sqrt(z));
    if (lo > 0.0 && z / lo <= 3.8725919148493183e-121) return 3.0 / sqrt(x) / sqrt(y) / sqrt(z);
    if (hi / z <= 3.8725919148493183e-121)
        return 1.5 * (0.7725887222397812 + log(z) - 2.0 * log(sqrt(x) + sqrt(y))) / sqrt(z) / z;
    root = demci_special_scale(demci_special_max3(x, y, z), &x, &y, &z);
    xn = x;
    yn = y;
    zn = z;
    a0 = (x + y + 3.0 * z) / 5.0;
    a = a0;
    q = 1e3 * demci_special_max3(fabs(a0 - x), fabs(a0 - y), fabs(a0 - z));
    for (n = 0; n < 200 && q * f >= a; ++n) {
        double sx = sqrt(xn), sy = sqrt(yn), sz = sqrt(zn), lam = sx * sy + sx * sz + sy * sz;
        sum += f / (sz * (zn + lam));
        xn = 0.25 * (xn + lam);
        yn = 0.25 * (yn + lam);
        zn = 0.25 * (zn + lam);
        a = 0.25 * (a + lam);
        f *= 0.25;
    }
    dx = (a0 - x) * f / a;
    dy = (a0 - y) * f / a;
    dz = -(dx + dy) / 3.0;
    xy = dx * dy;
    z2 = dz * dz;
    e2 = xy - 6.0 * z2;
    e3 = (3.0 * xy - 8.0 * z2) * dz;
    e4 = 3.0 * (xy - z2) * z2;
    e5 = xy * z2 * dz;
    ser = 1.0 - 3.0 * e2 / 14.0 + e3 / 6.0 + 9.0 * e2 * e2 / 88.0 - 3.0 * e4 / 22.0 - 9.0 * e2 * e3 / 52.0 +
          3.0 * e5 / 26.0;
    return (f * ser / (a * sqrt(a)) + 3.0 * sum) * root * root * root;
}

DEMC_SPECIAL_FN double demc_special_ellint_k(double m)
{
    if (m == 1.0) return HUGE_VAL;
    if (!(m < 1.0)) return demci_special_nan();
    return demc_special_carlson_rf(0.0, 1.0 - m, 1.0);
}

DEMC_SPECIAL_FN double demc_special_ellint_e(double m)
{
    if (m == 1.0) return 1.0;
    if (!(m < 1.0)) return demci_special_nan();
    return demc_special_carlson_rf(0.0, 1.0 - m, 1.0) - m / 3.0 * demc_special_carlson_rd(0.0, 1.0 - m, 1.0);
}

/* Reduces phi to [-pi/2, pi/2] (n periods, allowed only for m < 1); returns 0 when outside the domain. */
DEMC_STATIC_INLINE int demci_special_amplitude(double *phi, double m, double *periods)
{
    const double pi = 3.14159265358979323846;
    double n = 0.0, s;
    if (!demc_is_finite(*phi) || !(m == m)) return 0;
    if (m < 1.0) {
        n = floor(*phi / pi + 0.5);
        *phi -= n * pi;
    } else if (fabs(*phi) > 0.5 * pi) {
        return 0;
    }
    s = sin(*phi);
    if (1.0 - m * s * s < 0.0) return 0;
    *periods = n;
    return 1;
}

DEMC_SPECIAL_FN double demc_special_ellint_f(double phi, double m)
{
    double n = 0.0, s, c, r;
    if (!demci_special_amplitude(&phi, m, &n)) return demci_special_nan();
    s = sin(phi);
    c = cos(phi);
    r = s * demc_special_carlson_rf(c * c, 1.0 - m * s * s, 1.0);
    return n != 0.0 ? r + 2.0 * n * demc_special_ellint_k(m) : r;
}

DEMC_SPECIAL_FN double demc_special_ellint_e_inc(double phi, double m)
{
    double n = 0.0, s, c, d2, r;
    if (!demci_special_amplitude(&phi, m, &n)) return demci_special_nan();
    s = sin(phi);
    c = cos(phi);
    d2 = 1.0 - m * s * s;
    r = s * demc_special_carlson_rf(c * c, d2, 1.0) - m / 3.0 * s * s * s * demc_special_carlson_rd(c * c, d2, 1.0);
    return n != 0.0 ? r + 2.0 * n * demc_special_ellint_e(m) : r;
}

DEMC_SPECIAL_FN double demc_special_ellint_f_jacobi(double x2, double m)
{
    if (!(x2 <= 1.0 && m * x2 <= 1.0)) return demci_special_nan();
    return sqrt(fabs(x2)) * demc_special_carlson_rf(1.0 - x2, 1.0 - m * x2, 1.0);
}

DEMC_END_DECLS

#endif /* DEMC_SPECIAL_IMPL_H */
