/* libFuzzer harness of rotation.h: Rodrigues parameters (see fuzz.h). Domain: |α| ≤ DEMC_RODRIGUES_ALPHA_MAX. */
#include "fuzz.h"

static int fz_alpha_ok(demc_vec3 a)
{
    return fabs(a.x) <= DEMC_RODRIGUES_ALPHA_MAX && fabs(a.y) <= DEMC_RODRIGUES_ALPHA_MAX &&
           fabs(a.z) <= DEMC_RODRIGUES_ALPHA_MAX &&
           demc_vec3_norm2(a) <= DEMC_RODRIGUES_ALPHA_MAX * DEMC_RODRIGUES_ALPHA_MAX;
}

static void demc_fuzz_rotation(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    demc_vec3 a1 = fz_vec3(&r), a2 = fz_vec3(&r), v = fz_vec3(&r), w1 = fz_vec3(&r), w2 = fz_vec3(&r), out, c;
    double phi = fz_double(&r), dt = fz_double(&r), rad = fz_double(&r);
    demc_quat q;
    demc_mat3 m;
    demc_status st;
    int in1 = fz_alpha_ok(a1), in2 = fz_alpha_ok(a2);
    q.w = fz_double(&r);
    q.x = fz_double(&r);
    q.y = fz_double(&r);
    q.z = fz_double(&r);
    FZ_CALL(c = demc_rodrigues_compose(a1, a2));
    if (in1 && in2) FZ_CHECK(!fz_vnan(c)); /* ±inf at a half turn, never NaN */
    FZ_CALL(c = demc_gibbs_compose(demc_vec3_scale(a1, 0.5), demc_vec3_scale(a2, 0.5)));
    if (in1 && in2) FZ_CHECK(!fz_vnan(c));
    out = demc_vec3_make(7, 7, 7);
    FZ_CALL(st = demc_rodrigues_compose_checked(a1, a2, &out));
    if (st == DEMC_OK) FZ_CHECK(fz_alpha_ok(out));
    else FZ_CHECK(out.x == 7 && out.y == 7 && out.z == 7);
    FZ_CALL(m = demc_rodrigues_to_tensor(a1));
    FZ_CALL(m = demc_gibbs_to_tensor(a1));
    if (in1) FZ_CHECK(fz_fin(m.m[0][0]) && fz_fin(m.m[0][1]) && fz_fin(m.m[1][2]) && fz_fin(m.m[2][2]));
    FZ_CALL(c = demc_rodrigues_rotate(a1, v));
    if (in1 && fz_vwithin(v, 1e150) && demc_vec3_norm2(v) > 1e-290) {
        /* a rotation keeps the length */
        double nv = demc_vec3_norm(v), nc = demc_vec3_norm(c);
        FZ_CHECK(fabs(nc - nv) <= 1e-13 * nv);
    }
    FZ_CALL(c = demc_rodrigues_inverse(a1));
    FZ_CALL(c = demc_rodrigues_increment(w1, w2, phi, dt));
    FZ_CALL(c = demc_rodrigues_update(a1, w1, w2, phi, dt));
    out = demc_vec3_make(7, 7, 7);
    FZ_CALL(st = demc_rodrigues_update_checked(a1, w1, w2, phi, dt, &out));
    if (st == DEMC_OK) FZ_CHECK(fz_alpha_ok(out));
    else FZ_CHECK(out.x == 7);
    FZ_CALL(c = demc_rodrigues_rolling_displacement(a1, rad, demc_vec3_normalize(v)));
    FZ_CALL(c = demc_rodrigues_from_gibbs(a1));
    FZ_CALL(c = demc_rodrigues_to_gibbs(a1));
    /* any finite rotation vector gives a finite α (huge but finite next to a half turn) */
    FZ_CALL(c = demc_rodrigues_from_rotvec(v));
    if (demc_vec3_is_finite(v)) FZ_CHECK(!fz_vnan(c));
    out = demc_vec3_make(7, 7, 7);
    FZ_CALL(st = demc_rodrigues_from_rotvec_checked(v, &out));
    if (st == DEMC_OK) FZ_CHECK(fz_alpha_ok(out));
    else FZ_CHECK(out.x == 7);
    FZ_CALL(c = demc_rodrigues_to_rotvec(a1));
    if (in1) FZ_CHECK(fz_vfin(c) && demc_vec3_norm(c) <= 3.1415926535897932 * (1 + 1e-15));
    FZ_CALL(c = demc_rodrigues_from_quat(q));
    if (fz_fin(q.w) && fz_fin(q.x) && fz_fin(q.y) && fz_fin(q.z)) FZ_CHECK(!fz_vnan(c));
    out = demc_vec3_make(7, 7, 7);
    FZ_CALL(st = demc_rodrigues_from_quat_checked(q, &out));
    if (st == DEMC_OK) FZ_CHECK(fz_alpha_ok(out));
    else FZ_CHECK(out.x == 7);
    FZ_CALL(q = demc_rodrigues_to_quat(a1));
    if (in1) FZ_CHECK(fz_fin(q.w) && q.w > 0.0);
    FZ_CALL(m = demc_rodrigues_to_tensor(a2));
    FZ_CALL(c = demc_rodrigues_from_tensor(m));
    out = demc_vec3_make(7, 7, 7);
    FZ_CALL(st = demc_rodrigues_from_tensor_checked(m, &out));
    if (st != DEMC_OK) FZ_CHECK(out.x == 7);
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_rotation(data, size);
    return 0;
}
#endif
