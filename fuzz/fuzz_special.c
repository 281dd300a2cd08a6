/* libFuzzer harness of special.h: Carlson's R_F, R_D and Legendre's integrals (see fuzz.h). */
#include "fuzz.h"

static void demc_fuzz_special(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    double x = fz_double(&r), y = fz_double(&r), z = fz_double(&r), m = fz_double(&r), phi = fz_double(&r), f;
    int zeros = (x == 0.0) + (y == 0.0) + (z == 0.0);
    int valid = x >= 0.0 && y >= 0.0 && z >= 0.0 && fz_fin(x) && fz_fin(y) && fz_fin(z);
    FZ_CALL(f = demc_special_carlson_rf(x, y, z));
    if (valid && zeros <= 1) {
        FZ_CHECK(fz_fin(f) && f > 0.0);
        /* R_F is symmetric and decreasing: R_F ≤ R_F of the smallest argument repeated (x^-1/2) */
        FZ_CHECK(fabs(f - demc_special_carlson_rf(z, x, y)) <= 1e-15 * f);
        FZ_CHECK(f <= 1.0 / sqrt(x > y ? (y > z ? z : y) : (x > z ? z : x)) * (1.0 + 1e-14) || zeros == 1);
        FZ_CHECK(f >= 1.0 / sqrt(x > y ? (x > z ? x : z) : (y > z ? y : z)) * (1.0 - 1e-14));
    }
    if (valid && zeros >= 2) FZ_CHECK(f == HUGE_VAL);
    if (!(x >= 0.0 && y >= 0.0 && z >= 0.0)) FZ_CHECK(fz_nan(f));
    FZ_CALL(f = demc_special_carlson_rd(x, y, z));
    if (valid && z > 0.0 && !(x == 0.0 && y == 0.0)) {
        double lo = x < y ? x : y, hi = x > y ? x : y;
        FZ_CHECK(!fz_nan(f) && f >= 0.0);
        /* R_D(x, y, z) lies between R_D at the largest and at the smallest arguments: (max)^-3/2 ≤ R_D */
        if (lo > 0.0) {
            double mx = hi > z ? hi : z;
            FZ_CHECK(f >= 1.0 / (mx * sqrt(mx)) * (1.0 - 1e-14) || !(mx * sqrt(mx) > 0.0));
        }
    }
    FZ_CALL(f = demc_special_ellint_k(m));
    if (fz_fin(m) && m < 1.0) FZ_CHECK(fz_fin(f) && f > 0.0);
    FZ_CALL(f = demc_special_ellint_e(m));
    if (fz_fin(m) && m <= 1.0) FZ_CHECK(fz_fin(f) && f >= 1.0 - 1e-15);
    FZ_CALL(f = demc_special_ellint_f(phi, m));
    if (m < 1.0 && m > -1e300 && fz_within(phi, 1e15)) FZ_CHECK(!fz_nan(f));
    FZ_CALL(f = demc_special_ellint_e_inc(phi, m));
    if (m < 1.0 && m > -1e300 && fz_within(phi, 1e15)) FZ_CHECK(!fz_nan(f));
    FZ_CALL(f = demc_special_ellint_f_jacobi(x - 1.0, m));
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_special(data, size);
    return 0;
}
#endif
