/* libFuzzer harness of base.h: vector algebra and status strings (see fuzz.h). */
#include "fuzz.h"

static void demc_fuzz_base(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    demc_vec3 a = fz_vec3(&r), b = fz_vec3(&r), v;
    double s = fz_double(&r), d;
    const char *str;
    int st = fz_int(&r, 0, 5);
    FZ_CALL(str = demc_status_str((demc_status)st));
    FZ_CHECK(str != NULL && str[0] != '\0');
    FZ_CALL(d = demc_vec3_dot(a, b));
    FZ_CALL(v = demc_vec3_cross(a, b));
    FZ_CALL(v = demc_vec3_add_scaled(a, s, b));
    FZ_CALL(d = demc_vec3_norm(a));
    /* normalize: unit or zero for every finite vector (scaled by its largest component) */
    FZ_CALL(v = demc_vec3_normalize(a));
    if (demc_vec3_is_finite(a)) {
        double n2 = demc_vec3_norm2(v);
        FZ_CHECK(n2 == 0.0 || fabs(n2 - 1.0) <= 1e-15);
        FZ_CHECK((n2 == 0.0) == (a.x == 0.0 && a.y == 0.0 && a.z == 0.0));
    }
    if (fz_vwithin(a, 1e100) && fz_vwithin(b, 1e100)) {
        double n2;
        FZ_CALL(v = demc_vec3_project_plane(a, demc_vec3_normalize(b)));
        FZ_CHECK(!fz_vnan(v));
        n2 = demc_vec3_norm2(b);
        (void)n2;
    }
    FZ_CHECK(demc_is_finite(d) == fz_fin(d));
    FZ_CALL(d = (double)demc_version_number());
    FZ_CHECK(d == (double)DEMC_VERSION_NUMBER);
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_base(data, size);
    return 0;
}
#endif
