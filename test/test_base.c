/* base.h: version, status strings, vector algebra and the totality of normalisation. */
#include <float.h>
#include <string.h>

#include "demc.h"
#include "harness.h"

static void version_matches_header(void)
{
    CHECK(demc_version_number() == DEMC_VERSION_NUMBER);
    CHECK(DEMC_VERSION_NUMBER == DEMC_VERSION_MAJOR * 1000000 + DEMC_VERSION_MINOR * 1000 + DEMC_VERSION_PATCH);
    CHECK(strcmp(demc_version_string(), DEMC_VERSION_STRING) == 0);
    CHECK(demc_build_info() != NULL && strlen(demc_build_info()) > 0);
}

static void status_strings_are_distinct_and_total(void)
{
    const demc_status all[] = {DEMC_OK, DEMC_ERR_INVALID_ARGUMENT, DEMC_ERR_OUT_OF_DOMAIN, DEMC_ERR_NO_CONVERGENCE,
                               DEMC_ERR_SINGULAR};
    size_t i, j, n = sizeof all / sizeof all[0];
    for (i = 0; i < n; ++i) {
        CHECK(demc_status_str(all[i]) != NULL);
        CHECK(strcmp(demc_status_str(all[i]), "unknown demc_status") != 0);
        for (j = 0; j < i; ++j) CHECK(strcmp(demc_status_str(all[i]), demc_status_str(all[j])) != 0);
    }
    CHECK(strcmp(demc_status_str((demc_status)12345), "unknown demc_status") == 0);
    CHECK(strcmp(demc_status_str((demc_status)-1), "unknown demc_status") == 0);
}

static void finiteness(void)
{
    volatile double zero = 0.0;
    CHECK(demc_is_finite(0.0) && demc_is_finite(-DBL_MAX) && demc_is_finite(DBL_MIN / 8));
    CHECK(!demc_is_finite(1.0 / zero) && !demc_is_finite(-1.0 / zero) && !demc_is_finite(zero / zero));
    CHECK(demc_vec3_is_finite(demc_vec3_make(1, 2, 3)));
    CHECK(!demc_vec3_is_finite(demc_vec3_make(1, 2, zero / zero)));
}

/* Identities with exactly representable integers: every expected value is exact. */
static void algebra_identities(void)
{
    demc_vec3 a = demc_vec3_make(1, -2, 3), b = demc_vec3_make(4, 5, -6), c;
    c = demc_vec3_add(a, b);
    CHECK(c.x == 5 && c.y == 3 && c.z == -3);
    c = demc_vec3_sub(a, b);
    CHECK(c.x == -3 && c.y == -7 && c.z == 9);
    c = demc_vec3_scale(a, -2);
    CHECK(c.x == -2 && c.y == 4 && c.z == -6);
    c = demc_vec3_add_scaled(a, 2, b);
    CHECK(c.x == 9 && c.y == 8 && c.z == -9);
    c = demc_vec3_neg(a);
    CHECK(c.x == -1 && c.y == 2 && c.z == -3);
    CHECK(demc_vec3_dot(a, b) == 4 - 10 - 18);
    c = demc_vec3_cross(a, b); /* (-2·-6 − 3·5, 3·4 − 1·-6, 1·5 − -2·4) */
    CHECK(c.x == -3 && c.y == 18 && c.z == 13);
    CHECK(demc_vec3_dot(c, a) == 0 && demc_vec3_dot(c, b) == 0);
    CHECK(demc_vec3_norm2(a) == 14);
    CHECK(demc_vec3_norm(demc_vec3_make(2, 3, 6)) == 7);
    c = demc_vec3_cross(demc_vec3_make(1, 0, 0), demc_vec3_make(0, 1, 0)); /* right-handed: x × y = z */
    CHECK(c.x == 0 && c.y == 0 && c.z == 1);
}

static void projection_removes_normal_part(void)
{
    demc_vec3 n = demc_vec3_normalize(demc_vec3_make(1, 1, 1));
    demc_vec3 v = demc_vec3_make(3, -1, 2);
    demc_vec3 p = demc_vec3_project_plane(v, n);
    /* a few roundings of terms of size |v| ≈ 3.7: 8 ulp(|v|) */
    CHECK_ABS(demc_vec3_dot(p, n), 0.0, 8 * 3.8 * DBL_EPSILON);
    /* v = p + (v·n) n, with v·n = 4/√3 */
    CHECK_ABS(p.x, 3 - 4.0 / 3.0, 1e-15);
    CHECK_ABS(p.y, -1 - 4.0 / 3.0, 1e-15);
    CHECK_ABS(p.z, 2 - 4.0 / 3.0, 1e-15);
    p = demc_vec3_project_plane(v, demc_vec3_make(0, 0, 0));
    CHECK(p.x == v.x && p.y == v.y && p.z == v.z);
}

static void normalize_regular_and_extreme_scales(void)
{
    const double scales[] = {1.0, 1e-300, 4.9406564584124654e-324, 1e300, DBL_MAX};
    size_t i;
    for (i = 0; i < sizeof scales / sizeof scales[0]; ++i) {
        double s = scales[i];
        demc_vec3 u = demc_vec3_normalize(demc_vec3_make(2 * s > 0 && s < DBL_MAX / 2 ? 2 * s : s, s, s));
        double r = sqrt(u.x * u.x + u.y * u.y + u.z * u.z);
        CHECK(demc_vec3_is_finite(u));
        CHECK_REL(r, 1.0, 4.5e-16);
    }
    /* (3, 4, 12) has norm 13: a direction known exactly */
    {
        demc_vec3 u = demc_vec3_normalize(demc_vec3_make(3e-200, 4e-200, 12e-200));
        CHECK_REL(u.x, 3.0 / 13.0, 2.3e-16);
        CHECK_REL(u.y, 4.0 / 13.0, 2.3e-16);
        CHECK_REL(u.z, 12.0 / 13.0, 2.3e-16);
        u = demc_vec3_normalize(demc_vec3_make(-DBL_MAX, DBL_MAX, DBL_MAX));
        CHECK_REL(u.x, -1.0 / sqrt(3.0), 4.5e-16);
        CHECK_REL(u.y, 1.0 / sqrt(3.0), 4.5e-16);
    }
}

static void normalize_is_total_on_bad_input(void)
{
    volatile double zero = 0.0;
    double inf = 1.0 / zero, nan = zero / zero;
    const demc_vec3 bad[] = {{0, 0, 0}, {-0.0, 0, -0.0}, {inf, 0, 0}, {1, -inf, 2}, {nan, 1, 1}, {1, 1, nan},
                             {inf, inf, inf}, {nan, nan, nan}};
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        demc_vec3 u = demc_vec3_normalize(bad[i]);
        CHECK(u.x == 0.0 && u.y == 0.0 && u.z == 0.0); /* false for NaN components */
    }
}

int main(void)
{
    RUN(version_matches_header);
    RUN(status_strings_are_distinct_and_total);
    RUN(finiteness);
    RUN(algebra_identities);
    RUN(projection_removes_normal_part);
    RUN(normalize_regular_and_extreme_scales);
    RUN(normalize_is_total_on_bad_input);
    return harness_finish("test_base");
}
