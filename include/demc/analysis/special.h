/**
 * @file special.h
 * @brief Special functions: Carlson's symmetric elliptic integrals and Legendre's integrals built on them.
 *
 * General-purpose functions that the finite-sliding analytics (sliding.h) need and that a host may use on its own.
 * Not hot-path functions: they call libm. All are pure and thread-safe.
 */
#ifndef DEMC_SPECIAL_H
#define DEMC_SPECIAL_H

#include "../base.h"

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_SPECIAL)
#  define DEMC_SPECIAL_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_SPECIAL_FN DEMC_STATIC_INLINE
#else
#  define DEMC_SPECIAL_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/** @name Elliptic integrals
 *  Carlson's symmetric integrals by the duplication algorithm (B. C. Carlson, "Numerical computation of real or
 *  complex elliptic integrals", Numer. Algorithms 10 (1995) 13–26; DLMF §19.36) and Legendre's integrals built on
 *  them (DLMF 19.25.5, 19.25.7). Parameter convention: m = k² (the "parameter"; k is the modulus). Relative
 *  accuracy about 2e-16 inside the domain; outside it the result is NaN. Not hot-path functions (they call libm).
 *  @{ */

/**
 * @brief Carlson's R_F(x, y, z) = ½ ∫₀^∞ dt / √((t+x)(t+y)(t+z)).
 * @param x,y,z ≥ 0, at most one of them zero. Two zeros give +inf; a negative or NaN argument gives NaN.
 */
DEMC_SPECIAL_FN double demc_special_carlson_rf(double x, double y, double z);

/**
 * @brief Carlson's R_D(x, y, z) = (3/2) ∫₀^∞ dt / ((t+z) √((t+x)(t+y)(t+z))).
 * @param x,y ≥ 0, not both zero. @param z > 0. Otherwise +inf (a zero pair) or NaN.
 */
DEMC_SPECIAL_FN double demc_special_carlson_rd(double x, double y, double z);

/** @brief Complete integral of the first kind K(m) = R_F(0, 1−m, 1), for any m < 1 (+inf at m = 1). */
DEMC_SPECIAL_FN double demc_special_ellint_k(double m);

/** @brief Complete integral of the second kind E(m) = R_F(0, 1−m, 1) − (m/3) R_D(0, 1−m, 1), for m ≤ 1. */
DEMC_SPECIAL_FN double demc_special_ellint_e(double m);

/**
 * @brief Incomplete integral of the first kind F(φ | m) = ∫₀^φ dθ / √(1 − m sin²θ).
 *
 * Any real m: for m < 1 any φ (F(φ + nπ) = F(φ) + 2nK(m)); for m ≥ 1 the integrand must stay real,
 * |φ| ≤ π/2 and m sin²φ ≤ 1. Negative m (imaginary modulus) is covered directly by the Carlson form, which needs
 * no transformation.
 */
DEMC_SPECIAL_FN double demc_special_ellint_f(double phi, double m);

/** @brief Incomplete integral of the second kind E(φ | m) = ∫₀^φ √(1 − m sin²θ) dθ; domain as demc_special_ellint_f(). */
DEMC_SPECIAL_FN double demc_special_ellint_e_inc(double phi, double m);

/**
 * @brief Jacobi's form of the first kind with a possibly imaginary amplitude: F(√x2, m)/i^[x2<0].
 *
 * For x2 ≥ 0 this is F(x, m) = ∫₀^x dt / √((1−t²)(1−m t²)) with x = √x2 (= F(arcsin x | m)). For x2 < 0 the
 * amplitude √x2 = i u is imaginary and F(iu, m) = i ∫₀^u dτ / √((1+τ²)(1+m τ²)) is returned divided by i (a real
 * number). Both are √|x2| R_F(1−x2, 1−m x2, 1). This is the transformation eq 47 of 003 needs: there both the
 * amplitude √ψ and the parameter k are imaginary/negative (see @ref sliding).
 *
 * @param x2 square of the amplitude, x2 ≤ 1. @param m parameter, m x2 ≤ 1 (not both equalities).
 */
DEMC_SPECIAL_FN double demc_special_ellint_f_jacobi(double x2, double m);
/** @} */

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_SPECIAL)
#  include "../impl/special_impl.h"
#endif

#endif /* DEMC_SPECIAL_H */
