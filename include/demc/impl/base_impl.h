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

/* x - x is 0 for every finite x and NaN for +-inf and NaN; NaN compares unequal to everything. */
DEMC_BASE_FN int demc_is_finite(double x) { return x - x == 0.0; }

DEMC_BASE_FN int demc_vec3_is_finite(demc_vec3 v)
{
    return demc_is_finite(v.x) && demc_is_finite(v.y) && demc_is_finite(v.z);
}

DEMC_BASE_FN demc_vec3 demc_vec3_make(double x, double y, double z)
{
    demc_vec3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}

DEMC_BASE_FN demc_vec3 demc_vec3_add(demc_vec3 a, demc_vec3 b) { return demc_vec3_make(a.x + b.x, a.y + b.y, a.z + b.z); }

DEMC_BASE_FN demc_vec3 demc_vec3_sub(demc_vec3 a, demc_vec3 b) { return demc_vec3_make(a.x - b.x, a.y - b.y, a.z - b.z); }

DEMC_BASE_FN demc_vec3 demc_vec3_scale(demc_vec3 a, double s) { return demc_vec3_make(s * a.x, s * a.y, s * a.z); }

DEMC_BASE_FN demc_vec3 demc_vec3_add_scaled(demc_vec3 a, double s, demc_vec3 b)
{
    return demc_vec3_make(a.x + s * b.x, a.y + s * b.y, a.z + s * b.z);
}

DEMC_BASE_FN demc_vec3 demc_vec3_neg(demc_vec3 a) { return demc_vec3_make(-a.x, -a.y, -a.z); }

DEMC_BASE_FN double demc_vec3_dot(demc_vec3 a, demc_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

DEMC_BASE_FN demc_vec3 demc_vec3_cross(demc_vec3 a, demc_vec3 b)
{
    return demc_vec3_make(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

DEMC_BASE_FN double demc_vec3_norm2(demc_vec3 a) { return demc_vec3_dot(a, a); }

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

DEMC_BASE_FN demc_vec3 demc_vec3_project_plane(demc_vec3 v, demc_vec3 n)
{
    return demc_vec3_add_scaled(v, -demc_vec3_dot(v, n), n);
}

DEMC_END_DECLS

#endif /* DEMC_BASE_IMPL_H */
