/* The libm calls of the bodies beyond C89's (cbrt, declared for gnu89 units) and errno-free forms of the libm calls
 * whose results can overflow or underflow (private; included by the bodies that need them). glibc sets errno to ERANGE when exp, sinh or atan2 overflow or underflow to zero, even under
 * -fno-math-errno (that flag only tells the compiler that it need not keep errno); demc never changes errno
 * (pure functions: see the page Bad input), so arguments beyond the representable range are answered here, without the call. */
#ifndef DEMC_LIBM_IMPL_H
#define DEMC_LIBM_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

/* C99's cbrt, declared for GNU C89 units (-std=gnu89), whose <math.h> need not declare it (glibc does only under
 * its default feature macros); C99, C11 and C++ have it from <math.h>. Strict C89 header-only units are refused in
 * base.h. */
#if !defined(__cplusplus) && !(defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L)
extern double cbrt(double);
#endif

/* e^x: 0 below −745 (the true value is below half the smallest subnormal within a factor e^0.14), +inf above
 * ln(DBL_MAX) = 709.78; NaN passes. */
DEMC_STATIC_INLINE double demci_exp(double x)
{
    if (x < -745.0) return 0.0;
    if (x > 709.782712893384) return HUGE_VAL;
    return exp(x);
}

/* sinh x: e^|x|/2 computed as e^(|x| − ln 2 − 10) e^10 between 700 and 710.47 (where e^|x| alone overflows),
 * ±inf beyond; NaN passes. */
DEMC_STATIC_INLINE double demci_sinh(double x)
{
    double a = fabs(x), r;
    if (!(a > 700.0)) return sinh(x);
    r = a > 710.4758600739439 ? HUGE_VAL : exp(a - 0.6931471805599453 - 10.0) * 22026.465794806718;
    return x < 0.0 ? -r : r;
}

/* atan2(y, x): y/x where that is below 1e-300 for x > 0 (atan2 y/x = y/x − (y/x)³/3: exact there), where atan2
 * would underflow. */
DEMC_STATIC_INLINE double demci_atan2(double y, double x)
{
    if (x > 0.0 && fabs(y) <= 1e-300 * x) return y / x;
    return atan2(y, x);
}

DEMC_END_DECLS

#endif /* DEMC_LIBM_IMPL_H */
