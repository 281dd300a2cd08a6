/**
 * @file base.h
 * @brief Export and inline macros, version, status codes and the 3-vector type with its algebra.
 *
 * Every other demc header includes this one. It fixes the two faces of the library:
 *
 * - **linked** (default): functions are declared here and resolved against libdemc.so / libdemc.a;
 * - **header-only**: `#define DEMC_HEADER_ONLY` before the first demc include in a translation unit and every
 *   function becomes `static inline` in that unit (`__host__ __device__` under nvcc), so a force loop can inline
 *   and vectorise it and a CUDA kernel can call it. No libdemc is linked for such a unit.
 *
 * The choice is per translation unit; units of both kinds can be linked into one program.
 */
#ifndef DEMC_BASE_H
#define DEMC_BASE_H

/** @name Version
 *  The version of these headers. Compare with demc_version_number() at run time to check that the library a
 *  host code loaded is the one it was compiled against.
 *  @{ */
#define DEMC_VERSION_MAJOR 1 /**< Major version: the ABI is stable within one major version (from 1.0.0 on). */
#define DEMC_VERSION_MINOR 0 /**< Minor version: additions to the ABI. */
#define DEMC_VERSION_PATCH 0 /**< Patch version: fixes with no change to the ABI. */
/** The version as one integer, MAJOR*1000000 + MINOR*1000 + PATCH (1.2.3 gives 1002003). */
#define DEMC_VERSION_NUMBER (DEMC_VERSION_MAJOR * 1000000 + DEMC_VERSION_MINOR * 1000 + DEMC_VERSION_PATCH)
/** The version as a string, "MAJOR.MINOR.PATCH". */
#define DEMC_VERSION_STRING "1.0.0"
/** @} */

/** @name Portability macros
 *  @{ */
#if defined(DEMC_DOXYGEN)
/** Marks a symbol exported from the shared library (the library is built with -fvisibility=hidden). */
#  define DEMC_EXPORT
#elif defined(_WIN32) && defined(DEMC_BUILDING_LIBRARY)
#  define DEMC_EXPORT __declspec(dllexport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#  define DEMC_EXPORT __attribute__((visibility("default")))
#else
#  define DEMC_EXPORT
#endif

#if defined(__CUDACC__) && !defined(DEMC_DOXYGEN)
#  define DEMC_HOST_DEVICE __host__ __device__
#else
/** `__host__ __device__` under nvcc, nothing elsewhere: header-only functions are callable from CUDA kernels. */
#  define DEMC_HOST_DEVICE
#endif

#if defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L)
#  define DEMC_INLINE inline
#elif defined(__GNUC__)
#  define DEMC_INLINE __inline__
#elif defined(_MSC_VER)
#  define DEMC_INLINE __inline
#else
/** The inline keyword of the compiler in use (`__inline__` for gnu89, where `inline` does not exist). */
#  define DEMC_INLINE
#endif

/** How a header-only body is declared: internal linkage, inline, callable on a CUDA device. */
#define DEMC_STATIC_INLINE static DEMC_INLINE DEMC_HOST_DEVICE

#if defined(__CUDACC__) && !defined(DEMC_DOXYGEN)
#  define DEMC_HOT_INLINE static __forceinline__ __host__ __device__
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__) && !defined(DEMC_DOXYGEN) &&            \
    !defined(DEMCI_UNFORCED_INLINE)
/* (DEMCI_UNFORCED_INLINE, private: the sanitized tests and the quick fuzz build leave inlining to the compiler,
 * which gives the same results and builds several times faster. Not forced without optimisation, where an inlined
 * body is no faster: gcc -O0 then took 14 s and gave 4 MB of text for docs/examples/demo.c header-only, against
 * 0.8 s and 170 KB.) */
#  define DEMC_HOT_INLINE static DEMC_INLINE __attribute__((always_inline))
#else
/** DEMC_STATIC_INLINE, forced where the compiler allows and optimises (gcc and clang at -O1 and above, nvcc): the
 *  private parts of the contact evaluation and the header-only demc_contact_eval_kind(), so that a host's force loop
 *  gets one flat body whatever else its translation unit holds (an optimiser's size heuristics would otherwise leave
 *  them out of line in some units and not in others). */
#  define DEMC_HOT_INLINE DEMC_STATIC_INLINE
#endif

/**
 * 1 when the function bodies of the other modules are compiled into this translation unit as `static inline`:
 * in a header-only unit, and inside the library itself, so that a module's exported functions inline the
 * helpers of the modules they build on (the exported twin of each function comes from its own module's unit).
 */
#if defined(DEMC_HEADER_ONLY) || defined(DEMC_BUILDING_LIBRARY)
#  define DEMC_INLINE_BODIES 1
#else
#  define DEMC_INLINE_BODIES 0
#endif

/* Language standards. The linked face (the declarations alone) is strict ISO C89 (-std=c89 -Wpedantic), C99, C11
 * and C++. The header-only face compiles the function bodies into the including unit; they need C99 (or C++, or
 * GNU C89, -std=gnu89, whose C99 extensions they use: mixed declarations and code, non-constant aggregate
 * initialisers, C99's cbrt, declared in impl/libm_impl.h). Strict ISO C89 (-std=c89, -ansi) is refused here rather
 * than compiled with an implicitly declared cbrt, which returns garbage. */
#if defined(DEMC_HEADER_ONLY) && !defined(__cplusplus) && defined(__STRICT_ANSI__) && \
    !(defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L)
#  error "demc: the header-only face (DEMC_HEADER_ONLY) needs C99 or later, or gnu89; strict C89 (-std=c89, -ansi) can use the linked face"
#endif

#ifdef __cplusplus
#  define DEMC_BEGIN_DECLS extern "C" {
#  define DEMC_END_DECLS }
#else
/** Opens C linkage for C++ clients. */
#  define DEMC_BEGIN_DECLS
/** Closes C linkage for C++ clients. */
#  define DEMC_END_DECLS
#endif
/** @} */

/** @cond INTERNAL */
/*
 * Function specifier of this module. Every module header repeats this block with its own name:
 * exported definition in its own library unit, static inline where bodies are inlined, extern declaration for
 * a linked client.
 */
#if defined(DEMC_IMPLEMENT_BASE)
#  define DEMC_BASE_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_BASE_FN DEMC_STATIC_INLINE
#else
#  define DEMC_BASE_FN extern DEMC_EXPORT
#endif
/*
 * Function specifier of the vector algebra that needs no libm (demc_vec3_make() ... demc_vec3_project_plane(),
 * demc_is_finite()): exported from the library's base unit, static inline everywhere else, linked clients
 * included, so that a host's own use of it in a force loop costs no call (forced: in a body as large as the contact
 * evaluation's, a compiler left to itself keeps some of them as calls, each of which sends its vectors through
 * memory) (the library still exports each for the
 * Fortran and Python faces and for hosts built against older headers). demc_vec3_norm() and
 * demc_vec3_normalize() take a square root and stay calls for linked clients, which need not link libm.
 */
#if defined(DEMC_IMPLEMENT_BASE)
#  define DEMC_VEC3_FN DEMC_EXPORT
#else
#  define DEMC_VEC3_FN DEMC_HOT_INLINE
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/**
 * @brief Result of a setup, validation or checked function.
 *
 * Hot-path functions do not return a status; they have a documented domain with total behaviour at its edges.
 * The numeric values are part of the ABI: new codes are only ever appended. The `bad_field` strings that setup
 * functions return with a status are part of the API too: a check that exists names its input with the same
 * string in every 1.x release (the parameter's name, or the field's path as spelt in the header, e.g.
 * "def.friction.mu_dynamic"); checks added later may name new strings. They are static strings (never freed).
 */
typedef enum demc_status {
    DEMC_OK = 0,                     /**< Success. */
    DEMC_ERR_INVALID_ARGUMENT = 1,   /**< A null pointer, a non-finite number, or an unknown enumerator. */
    DEMC_ERR_OUT_OF_DOMAIN = 2,      /**< A finite argument outside the model's domain (E <= 0, nu > 0.5, ...). */
    DEMC_ERR_NO_CONVERGENCE = 3,     /**< An iterative solver did not reach its tolerance. */
    DEMC_ERR_SINGULAR = 4,           /**< The result does not exist or is not representable (division by zero,
                                          a rotation parameter at infinity, ...). */
    DEMC_ERR_UNSUPPORTED = 5,        /**< A sized struct from a newer header sets a field this library does not
                                          know (a non-zero byte past the size it was built with), or selects an
                                          option this library does not have. */
    DEMC_STATUS_MAX_ = 0x7FFFFFFF    /**< Pins the enumeration to the width of an int; never returned. */
} demc_status;

/**
 * @brief A vector of three doubles (a position in m, a velocity in m/s, a force in N, ...).
 *
 * Plain data with no invariant; passed and returned by value. The layout (three consecutive doubles) is fixed.
 */
typedef struct demc_vec3 {
    double x; /**< First Cartesian component. */
    double y; /**< Second Cartesian component. */
    double z; /**< Third Cartesian component. */
} demc_vec3;

/**
 * @brief The library's version number, MAJOR*1000000 + MINOR*1000 + PATCH.
 *
 * Equal to the DEMC_VERSION_NUMBER of the headers the library was built from. A host code checks once at
 * start-up that the library it loaded can serve the headers it was compiled with: same major version and a
 * run-time version not older than the compile-time one,
 * `v / 1000000 == DEMC_VERSION_MAJOR && v >= DEMC_VERSION_NUMBER` with `v = demc_version_number()`
 * (not equality: a newer minor or patch release of the same major version keeps the ABI). Pure, thread-safe.
 */
DEMC_BASE_FN int demc_version_number(void);

/** @brief The library's version as "MAJOR.MINOR.PATCH" (a static string). */
DEMC_BASE_FN const char *demc_version_string(void);

/**
 * @brief How the library was built: compiler and flags, or "header-only" for a header-only unit.
 *
 * A static string for bug reports and logs, e.g. "gcc 12.2.0; -O2 -g ...". Its format is not part of the API.
 */
DEMC_BASE_FN const char *demc_build_info(void);

/**
 * @brief A short English message for a status code (a static string, never NULL).
 *
 * @param status any value; codes this version does not know give "unknown demc_status".
 */
DEMC_BASE_FN const char *demc_status_str(demc_status status);

/**
 * @brief 1 if x is finite (neither infinite nor NaN), else 0.
 *
 * Written without isfinite() so that it is the same in C89, C99, C++ and CUDA. Like isfinite(), it is only
 * meaningful without -ffinite-math-only (-ffast-math).
 */
DEMC_VEC3_FN int demc_is_finite(double x);

/** @brief 1 if all three components of v are finite, else 0. */
DEMC_VEC3_FN int demc_vec3_is_finite(demc_vec3 v);

/** @brief The vector (x, y, z). */
DEMC_VEC3_FN demc_vec3 demc_vec3_make(double x, double y, double z);

/** @brief a + b. */
DEMC_VEC3_FN demc_vec3 demc_vec3_add(demc_vec3 a, demc_vec3 b);

/** @brief a − b. */
DEMC_VEC3_FN demc_vec3 demc_vec3_sub(demc_vec3 a, demc_vec3 b);

/** @brief s·a. */
DEMC_VEC3_FN demc_vec3 demc_vec3_scale(demc_vec3 a, double s);

/** @brief a + s·b (one rounding per product and sum, no fused multiply-add is requested). */
DEMC_VEC3_FN demc_vec3 demc_vec3_add_scaled(demc_vec3 a, double s, demc_vec3 b);

/** @brief −a. */
DEMC_VEC3_FN demc_vec3 demc_vec3_neg(demc_vec3 a);

/** @brief Scalar product a·b. */
DEMC_VEC3_FN double demc_vec3_dot(demc_vec3 a, demc_vec3 b);

/** @brief Vector product a × b (right-handed). */
DEMC_VEC3_FN demc_vec3 demc_vec3_cross(demc_vec3 a, demc_vec3 b);

/** @brief Squared Euclidean norm a·a. */
DEMC_VEC3_FN double demc_vec3_norm2(demc_vec3 a);

/**
 * @brief Euclidean norm |a| = √(a·a).
 *
 * The fast form for the hot path: it overflows to +inf when a component exceeds about 1e154 in magnitude and
 * loses precision below about 1e-154. demc_vec3_normalize() is the scaled, total form.
 */
DEMC_BASE_FN double demc_vec3_norm(demc_vec3 a);

/**
 * @brief The unit vector along a, total over all inputs.
 *
 * The vector is first scaled by its largest component magnitude, so any finite non-zero input, from subnormal
 * to DBL_MAX, gives a unit vector (|result| = 1 within 2 ulp) and never overflows.
 *
 * @return a/|a|; the zero vector (0, 0, 0) when a is the zero vector or has an infinite or NaN component.
 *         The result never contains NaN or infinity.
 */
DEMC_BASE_FN demc_vec3 demc_vec3_normalize(demc_vec3 a);

/**
 * @brief The part of v in the plane with unit normal n: v − (v·n) n.
 *
 * @param v any vector.
 * @param n unit normal of the plane (|n| = 1 is assumed, not checked: the hot-path form). With n = 0 the result
 *          is v.
 */
DEMC_VEC3_FN demc_vec3 demc_vec3_project_plane(demc_vec3 v, demc_vec3 n);

DEMC_END_DECLS

#include "impl/vec3_impl.h"
#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_BASE)
#  include "impl/base_impl.h"
#endif

#endif /* DEMC_BASE_H */
