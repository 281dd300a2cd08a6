/* libFuzzer harness of tangential.h: the spring with memory, transport and zero-velocity times (see fuzz.h). */
#include "fuzz.h"
#include "../test/support/tangential_step.h"

static void fz_tangential_corners(fz_reader *r);
static void demc_fuzz_tangential(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    double mus = fz_double(&r), mud = fz_double(&r), kt = fz_double(&r), fn = fz_double(&r), ct = fz_double(&r),
           dt = fz_double(&r), spin = fz_double(&r), H = fz_double(&r), t;
    demc_vec3 inc = fz_vec3(&r), vel = fz_vec3(&r), n_old = demc_vec3_normalize(fz_vec3(&r)),
              n_new = demc_vec3_normalize(fz_vec3(&r)), v = fz_vec3(&r), f = fz_vec3(&r), p;
    demc_tangential_params params;
    demc_tangential_state s;
    tangential_step_result res;
    const char *field = "unset";
    demc_status st;
    memset(&s, 0, sizeof s);
    memset(&params, FZ_POISON, sizeof params);
    FZ_CALL(st = demc_tangential_init(mus, mud, &params, &field));
    FZ_SETUP(st, field, &params);
    FZ_CALL(t = demc_tangential_stiffness_ratio(mus));
    FZ_CALL(t = demc_tangential_mindlin_stiffness(kt, fn, dt));
    if (st == DEMC_OK) {
        int i;
        params.stiffness_rule = (demc_stiffness_rule)fz_int(&r, 0, 3);
        params.recalculation = (demc_slip_recalculation)fz_int(&r, 0, 1);
        params.direction = (demc_slip_direction)fz_int(&r, 0, 2);
        params.unloading = (demc_unloading_rule)fz_int(&r, 0, 1);
        params.coulomb = (demc_coulomb_policy)fz_int(&r, 0, 1);
        FZ_CALL(st = demc_tangential_validate(&params, &field));
        memset(&s, 0, sizeof s);
        /* domain: moderate finite inputs, k_t ≥ 0, c_t ≥ 0, Δt > 0, vectors in the tangent plane */
        /* (stiffness and dashpot 0 or at least 1e-100: |F|/k_t must stay representable, see bad_input.md) */
        if (st == DEMC_OK && (kt == 0.0 || kt >= 1e-100) && (ct == 0.0 || ct >= 1e-100) && dt > 0.0 &&
            fz_within(kt, 1e30) && fz_within(ct, 1e30) &&
            fz_within(fn, 1e30) && fz_within(dt, 1e30) && dt > 1e-30 && fz_vwithin(inc, 1e30) &&
            fz_vwithin(vel, 1e30) && fz_within(mus, 1e30)) {
            for (i = 0; i < 3; ++i) {
                FZ_CALL(res = tangential_step(&params, inc, vel, kt, fn, ct, dt, &s));
                FZ_CHECK(!fz_vnan(res.force) && !fz_vnan(s.displacement) && !fz_vnan(s.force));
            }
        }
    }
    FZ_CALL(s = demc_tangential_state_swap(s));
    /* project keeps |v| or gives 0; never NaN for finite v and unit n */
    FZ_CALL(p = demc_tangential_project(v, n_new));
    if (fz_vwithin(v, 1e150) && demc_vec3_norm2(v) > 1e-290 && demc_vec3_norm2(n_new) > 0.5) {
        double m = demc_vec3_norm(v), mp = demc_vec3_norm(p);
        FZ_CHECK(!fz_vnan(p));
        FZ_CHECK(mp == 0.0 || fabs(mp - m) <= 1e-14 * m);
    }
    FZ_CALL(p = demc_tangential_rotate(v, n_old, n_new, spin));
    if (fz_vwithin(v, 1e150) && demc_vec3_norm2(n_new) > 0.5 && demc_vec3_norm2(n_old) > 0.5 && fz_within(spin, 1e100))
        FZ_CHECK(!fz_vnan(p));
    /* transport from a zero old normal keeps a tangent-plane vector (documented) */
    memset(&s, 0, sizeof s);
    s.displacement = demc_vec3_project_plane(v, n_new);
    s.force = s.displacement;
    if (fz_vwithin(v, 1e100) && demc_vec3_norm2(n_new) > 0.5) {
        demc_vec3 before = s.displacement;
        FZ_CALL(demc_tangential_transport(DEMC_TRANSPORT_ROTATE, demc_vec3_make(0, 0, 0), n_new, 0.0, &s));
        /* the projection removes again the rounding of the first one: up to a few eps |v| */
        FZ_CHECK(demc_vec3_norm(demc_vec3_sub(s.displacement, before)) <=
                 1e-12 * demc_vec3_norm(before) + 1e-15 * demc_vec3_norm(v));
    }
    FZ_CALL(demc_tangential_transport((demc_memory_transport)fz_int(&r, 0, 1), n_old, n_new, spin, &s));
    FZ_CALL(t = demc_collision_inverse_mass(mus, mud, kt, fn, ct, dt));
    /* zero-velocity times: τ in [0, Δt] or −1 for any finite input */
    FZ_CALL(t = demc_collision_zero_velocity_time(v, f, H, dt));
    if (demc_vec3_is_finite(v) && demc_vec3_is_finite(f) && fz_fin(H) && fz_fin(dt))
        FZ_CHECK(t == -1.0 || (t >= 0.0 && t <= dt));
    FZ_CALL(t = demc_collision_zero_velocity_time_zw(fabs(v.x), mus, fn, H, dt));
    if (fz_fin(v.x) && fz_fin(mus) && fz_fin(fn) && fz_fin(H) && fz_fin(dt))
        FZ_CHECK(t == -1.0 || (t >= 0.0 && t <= dt));
    FZ_CALL((void)demc_collision_zero_velocity_crossed(v, f));
    if (r.pos < r.size) fz_tangential_corners(&r);
}

/* Corner mode (fz_corner): the spring's documented domain (k_t, c_t in {0} ∪ [1e-100, 1e30], |F_n|, Δs, v below
 * 1e30, Δt in [1e-30, 1e30], μ in [0, 1e30]) at its corners, combined, over four steps of every convention:
 * finite forces, and energy terms that are never NaN, ≥ 0 where documented so (not the kept dashpot's slider work,
 * which is signed), +inf only as an overflow. */
static void fz_tangential_corners(fz_reader *r)
{
    demc_tangential_params p;
    demc_tangential_state s;
    double mus = fz_corner(r, 0.0, 1e30), mud = fz_corner(r, 0.0, mus);
    int i;
    if (demc_tangential_init(mus, mud, &p, NULL) != DEMC_OK) return;
    p.stiffness_rule = (demc_stiffness_rule)fz_int(r, 0, 3);
    p.recalculation = (demc_slip_recalculation)fz_int(r, 0, 1);
    p.direction = (demc_slip_direction)fz_int(r, 0, 2);
    p.unloading = (demc_unloading_rule)fz_int(r, 0, 1);
    p.coulomb = (demc_coulomb_policy)fz_int(r, 0, 2);
    if (demc_tangential_validate(&p, NULL) != DEMC_OK) return;
    memset(&s, 0, sizeof s);
    for (i = 0; i < 4; ++i) {
        const double k = fz_corner(r, 0.0, 1.0) == 0.0 ? 0.0 : fz_corner(r, 1e-100, 1e30),
                     c = fz_corner(r, 0.0, 1.0) == 0.0 ? 0.0 : fz_corner(r, 1e-100, 1e30),
                     fn = fz_corner(r, -1e30, 1e30), dt = fz_corner(r, 1e-30, 1e30);
        const demc_vec3 inc = demc_vec3_make(fz_corner(r, -1e30, 1e30), fz_corner(r, -1e30, 1e30), 0.0),
                        vel = demc_vec3_make(fz_corner(r, -1e30, 1e30), fz_corner(r, -1e30, 1e30), 0.0);
        tangential_step_result res;
        FZ_CALL(res = tangential_step(&p, inc, vel, k, fn, c, dt, &s));
        /* the state may leave the double range over the steps (a force rescaled by k_t(t_m)/k_t(t_m−1) = 1e130
         * each time F_n falls): the contract holds while it is finite */
        if (!fz_vfin(s.force) || !fz_vfin(s.displacement)) break;
        FZ_CHECK(fz_vfin(res.force) && fz_vfin(res.damping_force));
        FZ_CHECK(!fz_nan(res.stored_energy) && !fz_nan(res.friction_dissipation) &&
                 !fz_nan(res.viscous_dissipation) && !fz_nan(res.stiffness_exchange));
        FZ_CHECK(res.stored_energy >= 0.0 && res.viscous_dissipation >= 0.0);
        /* the kept dashpot's slider work is the signed rest of the step's balance: LAMMPS's rule stores the spring
         * against the slide (−F_d where μF_n is small), which the slider's negative work pays for; the other
         * policies' is ≥ 0 */
        if (p.coulomb != DEMC_COULOMB_TOTAL_DASHPOT_KEPT) FZ_CHECK(res.friction_dissipation >= 0.0);
    }
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_tangential(data, size);
    return 0;
}
#endif
