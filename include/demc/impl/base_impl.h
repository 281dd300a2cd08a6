/* Bodies of base.h. Included by base.h only; bodies live in headers so that header-only units can inline them. */
#ifndef DEMC_BASE_IMPL_H
#define DEMC_BASE_IMPL_H

#include <math.h>

#if defined(DEMC_IMPLEMENT_BASE) && defined(DEMC_BUILD_FLAGS)
#  define DEMC_BUILD_FACE_ DEMC_BUILD_FLAGS
#elif defined(DEMC_IMPLEMENT_BASE)
#  define DEMC_BUILD_FACE_ "library"
#else
#  define DEMC_BUILD_FACE_ "header-only"
#endif
#if defined(__clang__)
#  define DEMC_COMPILER_ "clang " __clang_version__
#elif defined(__GNUC__) && defined(__VERSION__)
#  define DEMC_COMPILER_ "gcc " __VERSION__
#else
#  define DEMC_COMPILER_ "unknown compiler"
#endif

DEMC_BEGIN_DECLS

DEMC_BASE_FN int demc_version_number(void) { return DEMC_VERSION_NUMBER; }

DEMC_BASE_FN const char *demc_version_string(void) { return DEMC_VERSION_STRING; }

DEMC_BASE_FN const char *demc_build_info(void) { return DEMC_COMPILER_ "; " DEMC_BUILD_FACE_; }

DEMC_BASE_FN const char *demc_status_str(demc_status status)
{
    switch (status) {
    case DEMC_OK: return "success";
    case DEMC_ERR_INVALID_ARGUMENT: return "invalid argument (null pointer, non-finite number or unknown option)";
    case DEMC_ERR_OUT_OF_DOMAIN: return "argument outside the model's domain";
    case DEMC_ERR_NO_CONVERGENCE: return "iterative solver did not converge";
    case DEMC_ERR_SINGULAR: return "result singular or not representable";
    case DEMC_ERR_UNSUPPORTED: return "option or field not supported by this library version";
    case DEMC_STATUS_MAX_: break;
    }
    return "unknown demc_status";
}

DEMC_BASE_FN double demc_vec3_norm(demc_vec3 a) { return sqrt(demc_vec3_dot(a, a)); }

DEMC_BASE_FN demc_vec3 demc_vec3_normalize(demc_vec3 a)
{
    double m = fabs(a.x);
    demc_vec3 w;
    if (fabs(a.y) > m) m = fabs(a.y);
    if (fabs(a.z) > m) m = fabs(a.z);
    if (m == 0.0 || !demc_vec3_is_finite(a)) return demc_vec3_make(0.0, 0.0, 0.0);
    /* Dividing by the largest magnitude keeps the squared norm in [1, 3]: no overflow, no underflow (a division,
     * not a product with 1/m, which overflows for subnormal m). */
    w = demc_vec3_make(a.x / m, a.y / m, a.z / m);
    return demc_vec3_scale(w, 1.0 / demc_vec3_norm(w));
}

DEMC_END_DECLS

#endif /* DEMC_BASE_IMPL_H */
