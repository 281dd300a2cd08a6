/* libFuzzer harness of twisting.h: relative twisting velocity, the SDS and Marshall laws (see fuzz.h). Domain of
 * the hot-path checks: a unit normal, coefficients, forces, radii, stiffnesses and angular velocities in
 * {0} ∪ [1e-100, 1e30], Δt in [1e-30, 1e30]; there no NaN, a pure couple about n, |M_t| ≤ M_c (for limits above
 * 1e-140, where the comparison is exact), dissipations ≥ 0. */
#include "fuzz.h"

static inline int fz_tw_moderate(double x) { return x == 0.0 || (fabs(x) >= 1e-100 && fabs(x) <= 1e30); }

static inline int fz_tw_couple(const demc_twisting_result *r, demc_vec3 n)
{
    return r->torque_j.x == -r->torque_i.x && r->torque_j.y == -r->torque_i.y && r->torque_j.z == -r->torque_i.z &&
           r->torque_i.x == r->torque * n.x && r->torque_i.y == r->torque * n.y && r->torque_i.z == r->torque * n.z;
}

static void demc_fuzz_twisting(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    double k = fz_double(&r), g = fz_double(&r), mu = fz_double(&r), a = fz_double(&r), kt = fz_double(&r),
           ct = fz_double(&r), fn = fz_double(&r), dt = fz_double(&r), x;
    demc_vec3 n = demc_vec3_normalize(fz_vec3(&r)), wi = fz_vec3(&r), wj = fz_vec3(&r);
    const char *field = "unset";
    demc_twisting_sds_params sp;
    demc_twisting_marshall_params mp;
    demc_twisting_state ss = DEMC_TWISTING_STATE_INIT, ms = DEMC_TWISTING_STATE_INIT, sw;
    demc_twisting_result res;
    demc_twisting_energy en;
    demc_status st;
    int i;
    const int in = fz_tw_moderate(k) && fz_tw_moderate(g) && fz_tw_moderate(mu) && fz_tw_moderate(a) &&
                   fz_tw_moderate(kt) && fz_tw_moderate(ct) && fz_tw_moderate(fn) && dt >= 1e-30 && dt <= 1e30 &&
                   fz_tw_moderate(wi.x) && fz_tw_moderate(wi.y) && fz_tw_moderate(wi.z) && fz_tw_moderate(wj.x) &&
                   fz_tw_moderate(wj.y) && fz_tw_moderate(wj.z) && demc_vec3_norm2(n) > 0.5 && fz_within(a, 1e10) &&
                   fz_within(mu, 1e10);

    FZ_CALL(x = demc_twisting_velocity(n, wi, wj));
    if (in) FZ_CHECK(fz_fin(x));
    memset(&sp, FZ_POISON, sizeof sp);
    FZ_CALL(st = demc_twisting_sds_init(k, g, mu, &sp, &field));
    FZ_SETUP(st, field, &sp);
    {
        const double v[3] = {k, g, mu};
        const char *const names[3] = {"stiffness", "damping", "mu_twisting"};
        int q;
        for (q = 0; q < 3; ++q)
            if (!fz_fin(v[q]) || v[q] < 0.0) {
                FZ_CHECK(st == (fz_fin(v[q]) ? DEMC_ERR_OUT_OF_DOMAIN : DEMC_ERR_INVALID_ARGUMENT) &&
                         !strcmp(field, names[q]));
                break;
            }
        if (q == 3) FZ_CHECK(st == DEMC_OK);
    }
    FZ_CALL(st = demc_twisting_sds_init(k, g, mu, NULL, &field));
    FZ_CHECK(st != DEMC_OK && field != NULL);
    memset(&mp, FZ_POISON, sizeof mp);
    FZ_CALL(st = demc_twisting_marshall_init(mu, &mp, &field));
    FZ_SETUP(st, field, &mp);
    for (i = 0; i < 4; ++i) {
        if (demc_twisting_sds_init(k, g, mu, &sp, NULL) == DEMC_OK) {
            const double lim = mu * (fn > 0.0 ? fn : 0.0), before = ss.angle;
            FZ_CALL(res = demc_twisting_sds_torque(&sp, n, fn, wi, wj, dt, &ss, &en));
            FZ_CHECK(res.mobilised == 0 || res.mobilised == 1);
            if (in && fz_tw_moderate(before)) {
                FZ_CHECK(fz_fin(res.torque) && fz_fin(ss.angle) && fz_tw_couple(&res, n));
                FZ_CHECK(fabs(res.torque) <= lim * (1.0 + 1e-12) + 1e-300);
                FZ_CHECK(en.stored_energy >= 0.0 && en.viscous_dissipation >= 0.0 && en.friction_dissipation >= 0.0);
            }
            FZ_CALL(sw = demc_twisting_state_swap(ss));
            FZ_CHECK(memcmp(&sw, &ss, sizeof ss) == 0);
        }
        if (demc_twisting_marshall_init(mu, &mp, NULL) == DEMC_OK) {
            const double lim = 2.0 / 3.0 * mu * (a > 0.0 ? a : 0.0) * (fn > 0.0 ? fn : 0.0), before = ms.angle;
            FZ_CALL(res = demc_twisting_marshall_torque(&mp, n, a, kt, ct, fn, wi, wj, dt, &ms, &en));
            if (!(a > 0.0) && fz_fin(dt)) FZ_CHECK(res.torque == 0.0 && ms.angle == 0.0);
            if (in && fz_tw_moderate(before)) {
                FZ_CHECK(fz_fin(res.torque) && fz_fin(ms.angle) && fz_tw_couple(&res, n));
                FZ_CHECK(fabs(res.torque) <= lim * (1.0 + 1e-12) + 1e-300);
                FZ_CHECK(en.stored_energy >= 0.0 && en.viscous_dissipation >= 0.0 && en.friction_dissipation >= 0.0);
            }
        }
        wi = demc_vec3_scale(wi, -0.5); /* a reversal, then smaller rates */
    }
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_twisting(data, size);
    return 0;
}
#endif
