/* libFuzzer harness of timestep.h: critical time steps (see fuzz.h). Contract: OK gives a finite positive step
 * (+inf only from demc_timestep_linearised without damping); a failure names a field and leaves *dt alone. */
#include "fuzz.h"

#define FZ_DT(status, dt) FZ_CHECK((status) == DEMC_OK ? ((dt) > 0.0 && !fz_nan(dt)) : (dt) == -7.0)

static void demc_fuzz_timestep(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    double a = fz_double(&r), b = fz_double(&r), c = fz_double(&r), d = fz_double(&r), radii[3], dt;
    const char *field = "unset";
    demc_material mat;
    demc_pair pair;
    demc_timestep_collision col;
    demc_timestep_bounds bounds;
    demc_timestep_bound why;
    demc_status st;
    radii[0] = fz_double(&r);
    radii[1] = fz_double(&r);
    radii[2] = fz_double(&r);
    dt = -7.0;
    FZ_CALL(st = demc_timestep_rayleigh(a, b, c, d, &dt, &field));
    FZ_DT(st, dt);
    FZ_CHECK(st == DEMC_OK ? field == NULL : field != NULL);
    dt = -7.0;
    FZ_CALL(st = demc_timestep_rayleigh_set(radii, 3, (demc_timestep_radius)fz_int(&r, 0, 1), b, c, d, &dt, &field));
    FZ_DT(st, dt);
    mat = demc_material_make(b, c, d);
    dt = -7.0;
    FZ_CALL(st = demc_timestep_rayleigh_material(&mat, a, &dt, &field));
    FZ_DT(st, dt);
    dt = -7.0;
    FZ_CALL(st = demc_timestep_hertz(a, b, c, fz_int(&r, -2, 1000), &dt, &field));
    FZ_DT(st, dt);
    dt = -7.0;
    FZ_CALL(st = demc_timestep_belytschko(a, b, c, &dt, &field));
    FZ_DT(st, dt);
    dt = -7.0;
    FZ_CALL(st = demc_timestep_compression(a, b, c, d, &dt, &field));
    FZ_DT(st, dt);
    dt = -7.0;
    FZ_CALL(st = demc_timestep_shear(a, b, c, d, &dt, &field));
    FZ_DT(st, dt);
    dt = -7.0;
    FZ_CALL(st = demc_timestep_restitution(a, b, c, d, &dt, &field));
    FZ_DT(st, dt);
    dt = -7.0;
    FZ_CALL(st = demc_timestep_linearised(a, b, &dt, &field));
    FZ_DT(st, dt);
    memset(&col, FZ_POISON, sizeof col);
    FZ_CALL(st = demc_timestep_collision_spheres_init(a, c, fz_double(&r), radii[0], radii[1], radii[2], b, d, &col,
                                                      &field));
    FZ_SETUP(st, field, &col);
    pair.effective_modulus = a;
    pair.effective_shear_modulus = b;
    pair.effective_radius = radii[0];
    pair.effective_mass = radii[1];
    if (st != DEMC_OK) {
        memset(&col, FZ_POISON, sizeof col);
        FZ_CALL(st = demc_timestep_collision_pair_init(&pair, radii[2], c, d, &col, &field));
        FZ_SETUP(st, field, &col);
    }
    if (st == DEMC_OK) {
        memset(&bounds, FZ_POISON, sizeof bounds);
        FZ_CALL(st = demc_timestep_critical(&col, &bounds, &field));
        FZ_SETUP(st, field, &bounds);
        if (st == DEMC_OK) FZ_CHECK(bounds.critical > 0.0 && fz_fin(bounds.critical));
        /* the probe integrates up to 2^20 steps per trial: only where the collision is well scaled */
        if (st == DEMC_OK && fz_int(&r, 0, 63) == 63) {
            dt = -7.0;
            FZ_CALL(st = demc_collision_timestep_probe(&col, 1e-6, &dt, &why, &field));
            FZ_CHECK(st == DEMC_OK ? (dt > 0.0 && fz_fin(dt)) : (dt == -7.0 && field != NULL));
        }
    }
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_timestep(data, size);
    return 0;
}
#endif
