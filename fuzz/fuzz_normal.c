/* libFuzzer harness of normal.h: Hertz, linear and PLS(B) laws and the Hertz impact (see fuzz.h). */
#include "fuzz.h"

static void demc_fuzz_normal(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    double e = fz_double(&r), rad = fz_double(&r), k = fz_double(&r), rest = fz_double(&r), f, s, w;
    const char *field = "unset";
    demc_normal_hertz_params hp;
    demc_normal_linear_params lp;
    demc_normal_pls_params pp;
    demc_normal_pls_state ps;
    demc_collision_hertz imp;
    demc_pair pair;
    demc_status st;
    int i;
    memset(&hp, FZ_POISON, sizeof hp);
    FZ_CALL(st = demc_normal_hertz_init(e, rad, &hp, &field));
    FZ_SETUP(st, field, &hp);
    memset(&lp, FZ_POISON, sizeof lp);
    FZ_CALL(st = demc_normal_linear_init(k, &lp, &field));
    FZ_SETUP(st, field, &lp);
    memset(&pp, FZ_POISON, sizeof pp);
    FZ_CALL(st = demc_normal_pls_init(k, rest, &pp, &field));
    FZ_SETUP(st, field, &pp);
    memset(&ps, 0, sizeof ps);
    for (i = 0; i < 6; ++i) {
        double d = fz_double(&r);
        if (!fz_fin(d)) continue;
        if (demc_normal_hertz_init(e, rad, &hp, NULL) == DEMC_OK) {
            /* documented: 0 for δ ≤ 0, never NaN, never negative */
            FZ_CALL(f = demc_normal_hertz_force(&hp, d));
            FZ_CALL(s = demc_normal_hertz_stiffness(&hp, d));
            FZ_CALL(w = demc_normal_hertz_energy(&hp, d));
            FZ_CHECK(f >= 0.0 && s >= 0.0 && w >= 0.0);
            if (d <= 0.0) FZ_CHECK(f == 0.0 && s == 0.0 && w == 0.0);
        }
        if (demc_normal_linear_init(k, &lp, NULL) == DEMC_OK) {
            FZ_CALL(f = demc_normal_linear_force(&lp, d));
            FZ_CALL(s = demc_normal_linear_stiffness(&lp, d));
            FZ_CALL(w = demc_normal_linear_energy(&lp, d));
            FZ_CHECK(f >= 0.0 && s >= 0.0 && w >= 0.0);
            if (d <= 0.0) FZ_CHECK(f == 0.0 && s == 0.0 && w == 0.0);
        }
        if (demc_normal_pls_init(k, rest, &pp, NULL) == DEMC_OK) {
            FZ_CALL(s = demc_normal_pls_stiffness(&pp, d, &ps));
            FZ_CALL(w = demc_normal_pls_elastic_energy(&pp, d, &ps));
            FZ_CALL(f = demc_normal_pls_force(&pp, d, &ps));
            FZ_CHECK(f >= 0.0 && !fz_nan(s) && !fz_nan(w));
            if (d <= 0.0) FZ_CHECK(f == 0.0 && ps.overlap_max == 0.0);
            FZ_CALL(w = demc_normal_pls_dissipated_energy(&pp, &ps));
            FZ_CHECK(w >= 0.0);
        }
    }
    pair.effective_modulus = e;
    pair.effective_shear_modulus = 1.0;
    pair.effective_radius = rad;
    pair.effective_mass = fz_double(&r);
    memset(&imp, FZ_POISON, sizeof imp);
    FZ_CALL(st = demc_collision_hertz_impact(&pair, fz_double(&r), &imp, &field));
    FZ_SETUP(st, field, &imp);
    if (st == DEMC_OK)
        FZ_CHECK(fz_fin(imp.max_overlap) && imp.max_overlap > 0.0 && fz_fin(imp.duration) && imp.duration > 0.0);
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_normal(data, size);
    return 0;
}
#endif
