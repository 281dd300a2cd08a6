/* libFuzzer harness of geometry.h: contact frames and kinematics (see fuzz.h). Domain: coordinates, radii and
 * velocities below 1e150 in magnitude (geometry.h); there no NaN, and the normal is unit or zero. */
#include "fuzz.h"

static void demc_fuzz_geometry(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    demc_vec3 ci = fz_vec3(&r), cj = fz_vec3(&r), vi = fz_vec3(&r), wi = fz_vec3(&r), vj = fz_vec3(&r),
              wj = fz_vec3(&r), f = fz_vec3(&r), wn = fz_vec3(&r);
    double ri = fz_double(&r), rj = fz_double(&r), n2;
    demc_geometry g;
    demc_kinematics k;
    demc_vec3 t;
    int in = fz_vwithin(ci, 1e150) && fz_vwithin(cj, 1e150) && fz_within(ri, 1e150) && fz_within(rj, 1e150);
    FZ_CALL(g = demc_geometry_sphere_sphere(ci, ri, cj, rj));
    if (in) {
        n2 = demc_vec3_norm2(g.normal);
        FZ_CHECK(n2 == 0.0 || fabs(n2 - 1.0) <= 1e-15);
        FZ_CHECK(fz_fin(g.overlap) && fz_vfin(g.branch_i) && fz_vfin(g.branch_j));
        if (fz_vwithin(vi, 1e100) && fz_vwithin(wi, 1e100) && fz_vwithin(vj, 1e100) && fz_vwithin(wj, 1e100) &&
            fz_vwithin(ci, 1e100) && fz_vwithin(cj, 1e100) && fz_within(ri, 1e100) && fz_within(rj, 1e100)) {
            FZ_CALL(k = demc_geometry_kinematics(&g, vi, wi, vj, wj));
            FZ_CHECK(fz_vfin(k.velocity) && fz_vfin(k.tangential_velocity));
        }
        if (fz_vwithin(f, 1e100) && fz_vwithin(ci, 1e100) && fz_vwithin(cj, 1e100) && fz_within(ri, 1e100) &&
            fz_within(rj, 1e100)) {
            FZ_CALL(t = demc_geometry_torque_i(&g, f));
            FZ_CHECK(fz_vfin(t));
            FZ_CALL(t = demc_geometry_torque_j(&g, f));
            FZ_CHECK(fz_vfin(t));
        }
    }
    /* a unit wall normal (the documented input); the frame is finite */
    wn = demc_vec3_normalize(wn);
    FZ_CALL(g = demc_geometry_sphere_wall(ci, ri, cj, wn));
    if (in && demc_vec3_is_finite(wn)) FZ_CHECK(fz_fin(g.overlap) && fz_vfin(g.branch_i) && fz_vfin(g.branch_j));
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_geometry(data, size);
    return 0;
}
#endif
