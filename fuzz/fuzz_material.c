/* libFuzzer harness of material.h: validation and effective pair properties (see fuzz.h). */
#include "fuzz.h"

static void demc_fuzz_material(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    demc_material mi, mj;
    demc_pair pair;
    const char *field = "unset";
    double ri, rj, dt;
    demc_status st;
    int mixing;
    mi.youngs_modulus = fz_double(&r);
    mi.poisson_ratio = fz_double(&r);
    mi.density = fz_double(&r);
    mi.shear_modulus = fz_double(&r);
    mj.youngs_modulus = fz_double(&r);
    mj.poisson_ratio = fz_double(&r);
    mj.density = fz_double(&r);
    mj.shear_modulus = fz_double(&r);
    ri = fz_double(&r);
    rj = fz_double(&r);
    mixing = fz_int(&r, 0, 2);
    FZ_CALL(st = demc_material_validate(&mi, &field));
    FZ_CHECK(st == DEMC_OK ? field == NULL : field != NULL);
    if (st == DEMC_OK) {
        /* a valid material has a usable G, and the Rayleigh step agrees with the validation */
        double g;
        FZ_CALL(g = demc_material_shear_modulus(&mi));
        FZ_CHECK(fz_fin(g) && g > 0.0);
        if (ri > 0.0 && fz_fin(ri)) {
            demc_status s2;
            dt = -1.0;
            FZ_CALL(s2 = demc_timestep_rayleigh_material(&mi, ri, &dt, &field));
            FZ_CHECK(s2 == DEMC_OK ? (fz_fin(dt) && dt > 0.0) : (s2 == DEMC_ERR_SINGULAR && dt == -1.0));
        }
    }
    memset(&pair, FZ_POISON, sizeof pair);
    FZ_CALL(st = demc_material_pair_sphere_sphere(&mi, ri, &mj, rj, (demc_shear_mixing)mixing, &pair, &field));
    FZ_SETUP(st, field, &pair);
    if (st == DEMC_OK) {
        FZ_CHECK(fz_fin(pair.effective_modulus) && pair.effective_modulus > 0.0);
        FZ_CHECK(fz_fin(pair.effective_shear_modulus) && pair.effective_shear_modulus > 0.0);
        FZ_CHECK(fz_fin(pair.effective_radius) && pair.effective_radius > 0.0);
        FZ_CHECK(fz_fin(pair.effective_mass) && pair.effective_mass > 0.0);
        FZ_CALL(st = demc_material_pair_validate(&pair, &field));
        FZ_CHECK(st == DEMC_OK);
    }
    memset(&pair, FZ_POISON, sizeof pair);
    FZ_CALL(st = demc_material_pair_sphere_wall(&mi, ri, fz_int(&r, 0, 1) ? &mj : NULL, (demc_shear_mixing)mixing,
                                                &pair, &field));
    FZ_SETUP(st, field, &pair);
    if (st == DEMC_OK) FZ_CHECK(fz_fin(pair.effective_mass) && pair.effective_radius > 0.0);
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_material(data, size);
    return 0;
}
#endif
