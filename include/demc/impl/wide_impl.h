/* A small wide-double layer: one type of DEMCI_WIDE doubles (demci_w), its comparison mask (demci_wm) and the dozen
 * operations the batch's lanes need, after Box2D v3's b2FloatW. The width follows the compile target: 8 with
 * AVX-512F, 4 with AVX, 2 with SSE2 or with AArch64's Advanced SIMD (NEON; DEMCI_WIDE_NEON), else 1 (plain
 * doubles); a unit may ask for a narrower one by defining
 * DEMCI_WIDE_WIDTH (1, 2, 4 or 8) before the first demc include (the tests run every width the machine has; the
 * library builds one object per width, impl/contact_lanes_impl.h).
 *
 * Why the lanes can give the scalar body's results bit for bit: every operation here is one IEEE operation per lane,
 * correctly rounded as the scalar one is (add, sub, mul, div, sqrt), or exact (neg, abs, select, compare, gather,
 * scatter). No operation here is fused, and none may be fused by the compiler (the library is built with
 * -ffp-contract=off; impl/contact_lanes_impl.h says which header-only units may use the lanes). The comparisons are
 * the ordered ones of C's operators (false for NaN) and, as in C, the relational ones signal on NaN (gt, ge, lt, le)
 * and equality does not (eq). Only private names (demci_), no state, no libm beyond sqrt. */
#ifndef DEMC_WIDE_IMPL_H
#define DEMC_WIDE_IMPL_H

#include <math.h>
#include <stddef.h>
#include "../base.h"

#if defined(__CUDACC__)
#  define DEMCI_WIDE 1 /* the bodies are __host__ __device__, and device code has no host vector types */
#elif defined(DEMCI_WIDE_WIDTH)
#  define DEMCI_WIDE DEMCI_WIDE_WIDTH
#elif defined(__AVX512F__)
#  define DEMCI_WIDE 8
#elif defined(__AVX__)
#  define DEMCI_WIDE 4
#elif defined(__SSE2__) || defined(_M_X64) || (defined(__aarch64__) && defined(__ARM_NEON))
#  define DEMCI_WIDE 2
#else
#  define DEMCI_WIDE 1
#endif
#if DEMCI_WIDE == 2 && defined(__aarch64__) && defined(__ARM_NEON)
#  define DEMCI_WIDE_NEON 1 /* AArch64: two doubles per NEON register (every operation below is one IEEE one) */
#endif

#if DEMCI_WIDE == 8
#  include <immintrin.h>
typedef __m512d demci_w;
typedef __mmask8 demci_wm;
#elif DEMCI_WIDE == 4
#  include <immintrin.h>
typedef __m256d demci_w;
typedef __m256d demci_wm;
#elif DEMCI_WIDE == 2 && defined(DEMCI_WIDE_NEON)
#  include <arm_neon.h>
typedef float64x2_t demci_w;
typedef uint64x2_t demci_wm;
#elif DEMCI_WIDE == 2
#  include <emmintrin.h>
typedef __m128d demci_w;
typedef __m128d demci_wm;
#elif DEMCI_WIDE == 1
typedef double demci_w;
typedef int demci_wm;
#else
#  error "demc: DEMCI_WIDE_WIDTH must be 1, 2, 4 or 8"
#endif
#if (DEMCI_WIDE == 8 && !defined(__AVX512F__)) || (DEMCI_WIDE == 4 && !defined(__AVX__)) ||                         \
    (DEMCI_WIDE == 2 && !defined(__SSE2__) && !defined(_M_X64) && !defined(DEMCI_WIDE_NEON))
#  error "demc: DEMCI_WIDE_WIDTH wider than the compile target's vectors"
#endif

DEMC_BEGIN_DECLS

#if DEMCI_WIDE >= 4
/* xyz[c] element k = base[offset[k] + c], c = 0, 1, 2, k = 0 … 3: four rows of three doubles, each read with a load
 * that masks off the fourth double (which may lie past the host's array: no fault, no read), transposed. The
 * gather3 of widths 4 and 8 (no index vectors held in registers). */
DEMC_HOT_INLINE void demci_w_rows4(const double *base, const size_t *offset, __m256d *xyz)
{
    const __m256i three = _mm256_set_epi64x(0, -1, -1, -1);
    const __m256d r0 = _mm256_maskload_pd(base + offset[0], three), r1 = _mm256_maskload_pd(base + offset[1], three);
    const __m256d r2 = _mm256_maskload_pd(base + offset[2], three), r3 = _mm256_maskload_pd(base + offset[3], three);
    const __m256d even01 = _mm256_unpacklo_pd(r0, r1), even23 = _mm256_unpacklo_pd(r2, r3); /* x x z z */
    const __m256d odd01 = _mm256_unpackhi_pd(r0, r1), odd23 = _mm256_unpackhi_pd(r2, r3);   /* y y 0 0 */
    xyz[0] = _mm256_permute2f128_pd(even01, even23, 0x20);
    xyz[1] = _mm256_permute2f128_pd(odd01, odd23, 0x20);
    xyz[2] = _mm256_permute2f128_pd(even01, even23, 0x31);
}
#endif

#if DEMCI_WIDE == 8

DEMC_HOT_INLINE demci_w demci_w_splat(double v) { return _mm512_set1_pd(v); }
DEMC_HOT_INLINE demci_w demci_w_add(demci_w a, demci_w b) { return _mm512_add_pd(a, b); }
DEMC_HOT_INLINE demci_w demci_w_sub(demci_w a, demci_w b) { return _mm512_sub_pd(a, b); }
DEMC_HOT_INLINE demci_w demci_w_mul(demci_w a, demci_w b) { return _mm512_mul_pd(a, b); }
DEMC_HOT_INLINE demci_w demci_w_div(demci_w a, demci_w b) { return _mm512_div_pd(a, b); }
DEMC_HOT_INLINE demci_w demci_w_sqrt(demci_w a) { return _mm512_sqrt_pd(a); }
/* −a: the sign bit flipped, as C's unary minus (0 − a would give +0 for a = +0); integer xor: AVX-512F has no
 * xor of doubles */
DEMC_HOT_INLINE demci_w demci_w_neg(demci_w a)
{
    return _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(a), _mm512_set1_epi64((long long)(1ULL << 63))));
}
/* |a|: the sign bit cleared, as fabs */
DEMC_HOT_INLINE demci_w demci_w_abs(demci_w a)
{
    return _mm512_castsi512_pd(_mm512_and_si512(_mm512_castpd_si512(a), _mm512_set1_epi64((long long)~(1ULL << 63))));
}
DEMC_HOT_INLINE demci_wm demci_w_gt(demci_w a, demci_w b) { return _mm512_cmp_pd_mask(a, b, _CMP_GT_OS); }
DEMC_HOT_INLINE demci_wm demci_w_ge(demci_w a, demci_w b) { return _mm512_cmp_pd_mask(a, b, _CMP_GE_OS); }
DEMC_HOT_INLINE demci_wm demci_w_lt(demci_w a, demci_w b) { return _mm512_cmp_pd_mask(a, b, _CMP_LT_OS); }
DEMC_HOT_INLINE demci_wm demci_w_le(demci_w a, demci_w b) { return _mm512_cmp_pd_mask(a, b, _CMP_LE_OS); }
DEMC_HOT_INLINE demci_wm demci_w_eq(demci_w a, demci_w b) { return _mm512_cmp_pd_mask(a, b, _CMP_EQ_OQ); }
DEMC_HOT_INLINE demci_wm demci_wm_and(demci_wm a, demci_wm b) { return (demci_wm)(a & b); }
DEMC_HOT_INLINE demci_wm demci_wm_or(demci_wm a, demci_wm b) { return (demci_wm)(a | b); }
DEMC_HOT_INLINE demci_wm demci_wm_not(demci_wm a) { return (demci_wm)(~a & 0xFF); }
DEMC_HOT_INLINE int demci_wm_any(demci_wm m) { return m != 0; }
DEMC_HOT_INLINE int demci_wm_all(demci_wm m) { return m == 0xFF; }
/* m ? a : b per lane */
DEMC_HOT_INLINE demci_w demci_w_select(demci_wm m, demci_w a, demci_w b) { return _mm512_mask_blend_pd(m, b, a); }
/* lane k = base[offset[k]]: the lanes' operands gathered from the host's arrays */
DEMC_HOT_INLINE demci_w demci_w_gather(const double *base, const size_t *offset)
{
    return _mm512_set_pd(base[offset[7]], base[offset[6]], base[offset[5]], base[offset[4]], base[offset[3]],
                         base[offset[2]], base[offset[1]], base[offset[0]]);
}
/* out[k] = lane k */
DEMC_HOT_INLINE void demci_w_store(double *out, demci_w v) { _mm512_storeu_pd(out, v); }
/* xyz[c] lane k = base[offset[k] + c], c = 0, 1, 2: the three components of a vector of each lane, read a row at a
 * time and transposed four rows at a time (demci_w_rows4()), where three gathers would assemble 24 doubles one by
 * one */
DEMC_HOT_INLINE void demci_w_gather3(const double *base, const size_t *offset, demci_w *xyz)
{
    __m256d low[3], high[3];
    int c;
    demci_w_rows4(base, offset, low);
    demci_w_rows4(base, offset + 4, high);
    for (c = 0; c < 3; ++c) xyz[c] = _mm512_insertf64x4(_mm512_castpd256_pd512(low[c]), high[c], 1);
}
/* base[offset[k]] = lane k, the mirror of the gather: the lanes' states written where each belongs, with no round
 * trip through a buffer; by halves (AVX-512F's scatter instruction is no faster for eight scattered rows) */
DEMC_HOT_INLINE void demci_w_scatter(double *base, const size_t *offset, demci_w v)
{
    const __m256d low = _mm512_castpd512_pd256(v), high = _mm512_extractf64x4_pd(v, 1);
    const __m128d q0 = _mm256_castpd256_pd128(low), q1 = _mm256_extractf128_pd(low, 1);
    const __m128d q2 = _mm256_castpd256_pd128(high), q3 = _mm256_extractf128_pd(high, 1);
    _mm_storel_pd(base + offset[0], q0), _mm_storeh_pd(base + offset[1], q0);
    _mm_storel_pd(base + offset[2], q1), _mm_storeh_pd(base + offset[3], q1);
    _mm_storel_pd(base + offset[4], q2), _mm_storeh_pd(base + offset[5], q2);
    _mm_storel_pd(base + offset[6], q3), _mm_storeh_pd(base + offset[7], q3);
}

#elif DEMCI_WIDE == 4

DEMC_HOT_INLINE demci_w demci_w_splat(double v) { return _mm256_set1_pd(v); }
DEMC_HOT_INLINE demci_w demci_w_add(demci_w a, demci_w b) { return _mm256_add_pd(a, b); }
DEMC_HOT_INLINE demci_w demci_w_sub(demci_w a, demci_w b) { return _mm256_sub_pd(a, b); }
DEMC_HOT_INLINE demci_w demci_w_mul(demci_w a, demci_w b) { return _mm256_mul_pd(a, b); }
DEMC_HOT_INLINE demci_w demci_w_div(demci_w a, demci_w b) { return _mm256_div_pd(a, b); }
DEMC_HOT_INLINE demci_w demci_w_sqrt(demci_w a) { return _mm256_sqrt_pd(a); }
DEMC_HOT_INLINE demci_w demci_w_neg(demci_w a) { return _mm256_xor_pd(a, _mm256_set1_pd(-0.0)); }
DEMC_HOT_INLINE demci_w demci_w_abs(demci_w a) { return _mm256_andnot_pd(_mm256_set1_pd(-0.0), a); }
DEMC_HOT_INLINE demci_wm demci_w_gt(demci_w a, demci_w b) { return _mm256_cmp_pd(a, b, _CMP_GT_OS); }
DEMC_HOT_INLINE demci_wm demci_w_ge(demci_w a, demci_w b) { return _mm256_cmp_pd(a, b, _CMP_GE_OS); }
DEMC_HOT_INLINE demci_wm demci_w_lt(demci_w a, demci_w b) { return _mm256_cmp_pd(a, b, _CMP_LT_OS); }
DEMC_HOT_INLINE demci_wm demci_w_le(demci_w a, demci_w b) { return _mm256_cmp_pd(a, b, _CMP_LE_OS); }
DEMC_HOT_INLINE demci_wm demci_w_eq(demci_w a, demci_w b) { return _mm256_cmp_pd(a, b, _CMP_EQ_OQ); }
DEMC_HOT_INLINE demci_wm demci_wm_and(demci_wm a, demci_wm b) { return _mm256_and_pd(a, b); }
DEMC_HOT_INLINE demci_wm demci_wm_or(demci_wm a, demci_wm b) { return _mm256_or_pd(a, b); }
DEMC_HOT_INLINE demci_wm demci_wm_not(demci_wm a)
{
    return _mm256_xor_pd(a, _mm256_castsi256_pd(_mm256_set1_epi64x(-1)));
}
DEMC_HOT_INLINE int demci_wm_any(demci_wm m) { return _mm256_movemask_pd(m) != 0; }
DEMC_HOT_INLINE int demci_wm_all(demci_wm m) { return _mm256_movemask_pd(m) == 15; }
DEMC_HOT_INLINE demci_w demci_w_select(demci_wm m, demci_w a, demci_w b) { return _mm256_blendv_pd(b, a, m); }
DEMC_HOT_INLINE demci_w demci_w_gather(const double *base, const size_t *offset)
{
    return _mm256_set_pd(base[offset[3]], base[offset[2]], base[offset[1]], base[offset[0]]);
}
DEMC_HOT_INLINE void demci_w_store(double *out, demci_w v) { _mm256_storeu_pd(out, v); }
/* the three components of a vector of each lane, a row at a time and transposed (demci_w_rows4()) */
DEMC_HOT_INLINE void demci_w_gather3(const double *base, const size_t *offset, demci_w *xyz)
{
    demci_w_rows4(base, offset, xyz);
}
DEMC_HOT_INLINE void demci_w_scatter(double *base, const size_t *offset, demci_w v)
{
    const __m128d low = _mm256_castpd256_pd128(v), high = _mm256_extractf128_pd(v, 1);
    _mm_storel_pd(base + offset[0], low), _mm_storeh_pd(base + offset[1], low);
    _mm_storel_pd(base + offset[2], high), _mm_storeh_pd(base + offset[3], high);
}

#elif DEMCI_WIDE == 2 && defined(DEMCI_WIDE_NEON)

/* AArch64 Advanced SIMD: FNEG flips the sign bit as C's unary minus; FCMGT, FCMGE (and the swapped operands of lt, le)
 * signal on NaN as C's relational operators, FCMEQ does not, as C's ==; FDIV and FSQRT are correctly rounded. */
DEMC_HOT_INLINE demci_w demci_w_splat(double v) { return vdupq_n_f64(v); }
DEMC_HOT_INLINE demci_w demci_w_add(demci_w a, demci_w b) { return vaddq_f64(a, b); }
DEMC_HOT_INLINE demci_w demci_w_sub(demci_w a, demci_w b) { return vsubq_f64(a, b); }
DEMC_HOT_INLINE demci_w demci_w_mul(demci_w a, demci_w b) { return vmulq_f64(a, b); }
DEMC_HOT_INLINE demci_w demci_w_div(demci_w a, demci_w b) { return vdivq_f64(a, b); }
DEMC_HOT_INLINE demci_w demci_w_sqrt(demci_w a) { return vsqrtq_f64(a); }
DEMC_HOT_INLINE demci_w demci_w_neg(demci_w a) { return vnegq_f64(a); }
DEMC_HOT_INLINE demci_w demci_w_abs(demci_w a) { return vabsq_f64(a); }
DEMC_HOT_INLINE demci_wm demci_w_gt(demci_w a, demci_w b) { return vcgtq_f64(a, b); }
DEMC_HOT_INLINE demci_wm demci_w_ge(demci_w a, demci_w b) { return vcgeq_f64(a, b); }
DEMC_HOT_INLINE demci_wm demci_w_lt(demci_w a, demci_w b) { return vcltq_f64(a, b); }
DEMC_HOT_INLINE demci_wm demci_w_le(demci_w a, demci_w b) { return vcleq_f64(a, b); }
DEMC_HOT_INLINE demci_wm demci_w_eq(demci_w a, demci_w b) { return vceqq_f64(a, b); }
DEMC_HOT_INLINE demci_wm demci_wm_and(demci_wm a, demci_wm b) { return vandq_u64(a, b); }
DEMC_HOT_INLINE demci_wm demci_wm_or(demci_wm a, demci_wm b) { return vorrq_u64(a, b); }
DEMC_HOT_INLINE demci_wm demci_wm_not(demci_wm a) { return veorq_u64(a, vdupq_n_u64(~(uint64_t)0)); }
DEMC_HOT_INLINE int demci_wm_any(demci_wm m) { return (vgetq_lane_u64(m, 0) | vgetq_lane_u64(m, 1)) != 0; }
DEMC_HOT_INLINE int demci_wm_all(demci_wm m) { return (vgetq_lane_u64(m, 0) & vgetq_lane_u64(m, 1)) != 0; }
DEMC_HOT_INLINE demci_w demci_w_select(demci_wm m, demci_w a, demci_w b) { return vbslq_f64(m, a, b); }
DEMC_HOT_INLINE demci_w demci_w_gather(const double *base, const size_t *offset)
{
    return vcombine_f64(vld1_f64(base + offset[0]), vld1_f64(base + offset[1]));
}
DEMC_HOT_INLINE void demci_w_store(double *out, demci_w v) { vst1q_f64(out, v); }
DEMC_HOT_INLINE void demci_w_scatter(double *base, const size_t *offset, demci_w v)
{
    base[offset[0]] = vgetq_lane_f64(v, 0);
    base[offset[1]] = vgetq_lane_f64(v, 1);
}

#elif DEMCI_WIDE == 2

DEMC_HOT_INLINE demci_w demci_w_splat(double v) { return _mm_set1_pd(v); }
DEMC_HOT_INLINE demci_w demci_w_add(demci_w a, demci_w b) { return _mm_add_pd(a, b); }
DEMC_HOT_INLINE demci_w demci_w_sub(demci_w a, demci_w b) { return _mm_sub_pd(a, b); }
DEMC_HOT_INLINE demci_w demci_w_mul(demci_w a, demci_w b) { return _mm_mul_pd(a, b); }
DEMC_HOT_INLINE demci_w demci_w_div(demci_w a, demci_w b) { return _mm_div_pd(a, b); }
DEMC_HOT_INLINE demci_w demci_w_sqrt(demci_w a) { return _mm_sqrt_pd(a); }
DEMC_HOT_INLINE demci_w demci_w_neg(demci_w a) { return _mm_xor_pd(a, _mm_set1_pd(-0.0)); }
DEMC_HOT_INLINE demci_w demci_w_abs(demci_w a) { return _mm_andnot_pd(_mm_set1_pd(-0.0), a); }
DEMC_HOT_INLINE demci_wm demci_w_gt(demci_w a, demci_w b) { return _mm_cmpgt_pd(a, b); }
DEMC_HOT_INLINE demci_wm demci_w_ge(demci_w a, demci_w b) { return _mm_cmpge_pd(a, b); }
DEMC_HOT_INLINE demci_wm demci_w_lt(demci_w a, demci_w b) { return _mm_cmplt_pd(a, b); }
DEMC_HOT_INLINE demci_wm demci_w_le(demci_w a, demci_w b) { return _mm_cmple_pd(a, b); }
DEMC_HOT_INLINE demci_wm demci_w_eq(demci_w a, demci_w b) { return _mm_cmpeq_pd(a, b); }
DEMC_HOT_INLINE demci_wm demci_wm_and(demci_wm a, demci_wm b) { return _mm_and_pd(a, b); }
DEMC_HOT_INLINE demci_wm demci_wm_or(demci_wm a, demci_wm b) { return _mm_or_pd(a, b); }
DEMC_HOT_INLINE demci_wm demci_wm_not(demci_wm a) { return _mm_xor_pd(a, _mm_castsi128_pd(_mm_set1_epi32(-1))); }
DEMC_HOT_INLINE int demci_wm_any(demci_wm m) { return _mm_movemask_pd(m) != 0; }
DEMC_HOT_INLINE int demci_wm_all(demci_wm m) { return _mm_movemask_pd(m) == 3; }
DEMC_HOT_INLINE demci_w demci_w_select(demci_wm m, demci_w a, demci_w b)
{
    return _mm_or_pd(_mm_and_pd(m, a), _mm_andnot_pd(m, b));
}
DEMC_HOT_INLINE demci_w demci_w_gather(const double *base, const size_t *offset)
{
    return _mm_set_pd(base[offset[1]], base[offset[0]]);
}
DEMC_HOT_INLINE void demci_w_store(double *out, demci_w v) { _mm_storeu_pd(out, v); }
DEMC_HOT_INLINE void demci_w_scatter(double *base, const size_t *offset, demci_w v)
{
    _mm_storel_pd(base + offset[0], v), _mm_storeh_pd(base + offset[1], v);
}

#else /* DEMCI_WIDE == 1: plain doubles, C's own operators */

DEMC_HOT_INLINE demci_w demci_w_splat(double v) { return v; }
DEMC_HOT_INLINE demci_w demci_w_add(demci_w a, demci_w b) { return a + b; }
DEMC_HOT_INLINE demci_w demci_w_sub(demci_w a, demci_w b) { return a - b; }
DEMC_HOT_INLINE demci_w demci_w_mul(demci_w a, demci_w b) { return a * b; }
DEMC_HOT_INLINE demci_w demci_w_div(demci_w a, demci_w b) { return a / b; }
DEMC_HOT_INLINE demci_w demci_w_sqrt(demci_w a) { return sqrt(a); }
DEMC_HOT_INLINE demci_w demci_w_neg(demci_w a) { return -a; }
DEMC_HOT_INLINE demci_w demci_w_abs(demci_w a) { return fabs(a); }
DEMC_HOT_INLINE demci_wm demci_w_gt(demci_w a, demci_w b) { return a > b; }
DEMC_HOT_INLINE demci_wm demci_w_ge(demci_w a, demci_w b) { return a >= b; }
DEMC_HOT_INLINE demci_wm demci_w_lt(demci_w a, demci_w b) { return a < b; }
DEMC_HOT_INLINE demci_wm demci_w_le(demci_w a, demci_w b) { return a <= b; }
DEMC_HOT_INLINE demci_wm demci_w_eq(demci_w a, demci_w b) { return a == b; }
DEMC_HOT_INLINE demci_wm demci_wm_and(demci_wm a, demci_wm b) { return a & b; }
DEMC_HOT_INLINE demci_wm demci_wm_or(demci_wm a, demci_wm b) { return a | b; }
DEMC_HOT_INLINE demci_wm demci_wm_not(demci_wm a) { return !a; }
DEMC_HOT_INLINE int demci_wm_any(demci_wm m) { return m; }
DEMC_HOT_INLINE int demci_wm_all(demci_wm m) { return m; }
DEMC_HOT_INLINE demci_w demci_w_select(demci_wm m, demci_w a, demci_w b) { return m ? a : b; }
DEMC_HOT_INLINE demci_w demci_w_gather(const double *base, const size_t *offset) { return base[offset[0]]; }
DEMC_HOT_INLINE void demci_w_store(double *out, demci_w v) { out[0] = v; }
DEMC_HOT_INLINE void demci_w_scatter(double *base, const size_t *offset, demci_w v) { base[offset[0]] = v; }

#endif

DEMC_HOT_INLINE demci_w demci_w_zero(void) { return demci_w_splat(0.0); }

/* a where m, else 1: the operand of a quotient or a root in the lanes that do not use its result, so that no lane
 * raises an exception the scalar body (which does not take that quotient there) would not. Behind an empty asm the
 * compiler cannot see the select: clang's default floating-point model turns the quotient of a selected operand into
 * a select of two quotients, computing the one the select was there to avoid (found with a degenerate facet). At
 * width 1 and without GNU C's asm, the plain select. */
DEMC_HOT_INLINE demci_w demci_w_or_one(demci_wm m, demci_w a)
{
    demci_w v = demci_w_select(m, a, demci_w_splat(1.0));
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__) && DEMCI_WIDE > 1
#  if DEMCI_WIDE == 8
    __asm__("" : "+v"(v));
#  elif defined(DEMCI_WIDE_NEON)
    __asm__("" : "+w"(v));
#  else
    __asm__("" : "+x"(v));
#  endif
#endif
    return v;
}

#if DEMCI_WIDE <= 2
/* the three components of a vector of each lane: at two lanes or one, three gathers are as few loads */
DEMC_HOT_INLINE void demci_w_gather3(const double *base, const size_t *offset, demci_w *xyz)
{
    xyz[0] = demci_w_gather(base, offset);
    xyz[1] = demci_w_gather(base + 1, offset);
    xyz[2] = demci_w_gather(base + 2, offset);
}
#endif

DEMC_END_DECLS

#endif /* DEMC_WIDE_IMPL_H */
