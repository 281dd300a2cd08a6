/* libFuzzer harness of damping.h: dashpots and the restitution maps (see fuzz.h). */
#include "fuzz.h"

static void demc_fuzz_damping(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    double g = fz_double(&r), e = fz_double(&r), m = fz_double(&r), k = fz_double(&r), v = fz_double(&r),
           E = fz_double(&r), R = fz_double(&r), d = fz_double(&r), out, f;
    demc_contact_end end = (demc_contact_end)fz_int(&r, 0, 1);
    demc_vec3 vt = fz_vec3(&r), fv;
    demc_status st;
    /* the maps: OK gives e in [0, 1] or γ ≥ 0 (finite); a failure leaves the output alone */
    out = -7.0;
    FZ_CALL(st = demc_damping_lsd_restitution(g, end, &out));
    FZ_CHECK(st == DEMC_OK ? (out >= 0.0 && out <= 1.0) : out == -7.0);
    out = -7.0;
    FZ_CALL(st = demc_damping_hmd_restitution(g, end, &out));
    FZ_CHECK(st == DEMC_OK ? (out >= 0.0 && out <= 1.0) : out == -7.0);
    if (fz_fin(g) && g >= 0.0 && (end == DEMC_CONTACT_END_FORCE || end == DEMC_CONTACT_END_OVERLAP))
        FZ_CHECK(st == DEMC_OK);
    out = -7.0;
    FZ_CALL(st = demc_damping_lsd_ratio(e, end, &out));
    FZ_CHECK(st == DEMC_OK ? (fz_fin(out) && out >= 0.0) : out == -7.0);
    out = -7.0;
    FZ_CALL(st = demc_damping_hmd_ratio(e, end, &out));
    FZ_CHECK(st == DEMC_OK ? (fz_fin(out) && out >= 0.0) : out == -7.0);
    FZ_CALL(f = demc_damping_lsd_ratio_fast(e));
    FZ_CHECK(!fz_nan(f) && f >= 0.0); /* documented: never NaN, 0 outside (0, 1], +inf for e = 0 */
    if (e == 0.0) FZ_CHECK(f == HUGE_VAL);
    out = -7.0;
    FZ_CALL(st = demc_damping_viscoelastic_restitution_scaled(g, end, &out));
    FZ_CHECK(st == DEMC_OK ? (out >= 0.0 && out <= 1.0) : out == -7.0);
    out = -7.0;
    FZ_CALL(st = demc_damping_viscoelastic_restitution(g, k, m, v, end, &out));
    FZ_CHECK(st == DEMC_OK ? (out >= 0.0 && out <= 1.0) : out == -7.0);
    /* dashpots: finite for moderate inputs in the domain */
    FZ_CALL(f = demc_damping_linear_force(g, m, k, v));
    FZ_CALL(f = demc_damping_hertz_coefficient(g, m, E, R, d));
    FZ_CALL(f = demc_damping_hertz_force(g, m, E, R, d, v));
    FZ_CALL(fv = demc_damping_tangential_force(g, m, k, vt));
    if (g >= 0.0 && m > 0.0 && k >= 0.0 && E > 0.0 && R > 0.0 && fz_within(g, 1e50) && fz_within(m, 1e50) &&
        fz_within(k, 1e50) && fz_within(E, 1e50) && fz_within(R, 1e50) && fz_within(d, 1e50) &&
        fz_within(v, 1e50) && fz_vwithin(vt, 1e50)) {
        FZ_CHECK(fz_fin(demc_damping_linear_force(g, m, k, v)));
        FZ_CHECK(fz_fin(demc_damping_hertz_force(g, m, E, R, d, v)));
        FZ_CHECK(demc_damping_hertz_coefficient(g, m, E, R, d) >= 0.0);
        FZ_CHECK(fz_vfin(fv));
    }
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_damping(data, size);
    return 0;
}
#endif
