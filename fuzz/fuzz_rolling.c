/* libFuzzer harness of rolling.h: relative rolling velocities, inertias, and the CDT, EPSD and SDS laws (see
 * fuzz.h). Domain of the hot-path checks: a unit normal, R* ≥ 0, coefficients, radii, forces, stiffnesses, inertias
 * and angular velocities in {0} ∪ [1e-100, 1e30], Δt in [1e-30, 1e30] (their products stay representable); there no NaN,
 * |M| within the documented limits, torque_j = −torque_i, dissipations ≥ 0. */
#include "fuzz.h"

static inline int fz_roll_moderate(double x) { return x == 0.0 || (fabs(x) >= 1e-100 && fabs(x) <= 1e30); }
static inline int fz_roll_vmoderate(demc_vec3 v)
{
    return fz_roll_moderate(v.x) && fz_roll_moderate(v.y) && fz_roll_moderate(v.z);
}

/* |v| to rounding at any scale (the scaled normalisation: |v|² may underflow) */
static inline double fz_norm(demc_vec3 v) { return demc_vec3_dot(v, demc_vec3_normalize(v)); }

static inline int fz_pure_couple(const demc_rolling_result *r)
{
    return r->torque_j.x == -r->torque_i.x && r->torque_j.y == -r->torque_i.y && r->torque_j.z == -r->torque_i.z;
}

static void demc_fuzz_rolling(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    double mu = fz_double(&r), eta = fz_double(&r), k = fz_double(&r), g = fz_double(&r), rs = fz_double(&r),
           fn = fz_double(&r), kn = fz_double(&r), ic = fz_double(&r), dt = fz_double(&r), m1 = fz_double(&r),
           r1 = fz_double(&r), x;
    demc_vec3 n = demc_vec3_normalize(fz_vec3(&r)), wi = fz_vec3(&r), wj = fz_vec3(&r), v;
    const int limiter = fz_int(&r, 0, 1);
    const char *field = "unset";
    demc_rolling_cdt_params cp;
    demc_rolling_epsd_params ep;
    demc_rolling_sds_params sp;
    demc_rolling_epsd_state es = DEMC_ROLLING_EPSD_STATE_INIT, es2;
    demc_rolling_sds_state ss = DEMC_ROLLING_SDS_STATE_INIT, ss2;
    demc_rolling_result res;
    demc_rolling_energy en;
    demc_status st;
    int i;
    const int in = fz_roll_moderate(mu) && fz_roll_moderate(eta) && fz_roll_moderate(k) && fz_roll_moderate(g) &&
                   fz_roll_moderate(rs) && fz_roll_moderate(fn) && fz_roll_moderate(kn) && fz_roll_moderate(ic) &&
                   dt >= 1e-30 && dt <= 1e30 && fz_roll_vmoderate(wi) && fz_roll_vmoderate(wj) &&
                   demc_vec3_norm2(n) > 0.5 && fz_within(mu, 1e3) && rs >= 0.0 && fz_within(rs, 1e10) && fz_within(k, 1e20) &&
                   fz_within(g, 1e20) && fz_within(kn, 1e20) && fz_within(ic, 1e20) && fz_within(fn, 1e20);

    /* kinematics: v_r in the tangent plane, ω_r = ω − n(n·ω) */
    FZ_CALL(v = demc_rolling_velocity(n, rs, wi, wj));
    if (in) /* in the tangent plane to the rounding of R*|ω_i − ω_j| */
        FZ_CHECK(fz_vfin(v) && fabs(demc_vec3_dot(v, n)) <=
                                   1e-12 * rs * (demc_vec3_norm(wi) + demc_vec3_norm(wj)) + 1e-300);
    FZ_CALL(v = demc_rolling_angular_velocity(n, wi, wj));
    if (in) FZ_CHECK(fz_vfin(v));
    FZ_CALL(x = demc_rolling_inertia_spheres(m1, r1, m1, r1));
    if (m1 > 0.0 && r1 > 0.0 && fz_within(m1, 1e100) && fz_within(r1, 1e100) && m1 * r1 * r1 > 1e-300)
        FZ_CHECK(fz_fin(x) && x > 0.0);
    FZ_CALL(x = demc_rolling_inertia_sphere_wall(m1, r1));

    /* setups: the first bad input named, the output untouched */
    memset(&cp, FZ_POISON, sizeof cp);
    FZ_CALL(st = demc_rolling_cdt_init(mu, (demc_rolling_cdt_limiter)limiter, &cp, &field));
    FZ_SETUP(st, field, &cp);
    if (!fz_fin(mu)) FZ_CHECK(st == DEMC_ERR_INVALID_ARGUMENT && !strcmp(field, "mu_rolling"));
    else if (mu < 0.0) FZ_CHECK(st == DEMC_ERR_OUT_OF_DOMAIN && !strcmp(field, "mu_rolling"));
    else if (limiter != 0 && limiter != 1) FZ_CHECK(st == DEMC_ERR_INVALID_ARGUMENT && !strcmp(field, "limiter"));
    else FZ_CHECK(st == DEMC_OK);
    FZ_CALL(st = demc_rolling_cdt_init(mu, DEMC_ROLLING_CDT_LIMITER_INERTIA, NULL, &field));
    FZ_CHECK(st != DEMC_OK && field != NULL);
    memset(&ep, FZ_POISON, sizeof ep);
    FZ_CALL(st = demc_rolling_epsd_init(mu, eta, &ep, &field));
    FZ_SETUP(st, field, &ep);
    if (st == DEMC_OK) {
        ep.stiffness_coefficient = fz_double(&r);
        ep.mobilised_damping = fz_double(&r);
        FZ_CALL(st = demc_rolling_epsd_validate(&ep, &field));
        if (st != DEMC_OK) FZ_CHECK(field != NULL && !strncmp(field, "params.", 7));
        else FZ_CHECK(field == NULL && ep.stiffness_coefficient > 0.0 && ep.mobilised_damping >= 0.0 &&
                      ep.mobilised_damping <= 1.0);
    }
    FZ_CALL(st = demc_rolling_epsd_validate(NULL, &field));
    FZ_CHECK(st == DEMC_ERR_INVALID_ARGUMENT && !strcmp(field, "params"));
    memset(&sp, FZ_POISON, sizeof sp);
    FZ_CALL(st = demc_rolling_sds_init(k, g, mu, &sp, &field));
    FZ_SETUP(st, field, &sp);

    /* the laws over a few steps: limits, a pure couple, finite state, dissipations ≥ 0 */
    /* the limits hold to rounding where the squared magnitudes the laws compare are normal doubles: a limit
     * μR*F_n and a rolling rate |ω_r| above 1e-140 (bad_input.md) */
    for (i = 0; i < 4; ++i) {
        const int lim_in = mu * rs * (fn > 0.0 ? fn : 0.0) >= 1e-140 &&
                           demc_vec3_norm2(demc_rolling_angular_velocity(n, wi, wj)) >= 1e-280;
        if (demc_rolling_cdt_init(mu, (demc_rolling_cdt_limiter)limiter, &cp, NULL) == DEMC_OK) {
            FZ_CALL(res = demc_rolling_cdt_torque(&cp, n, rs, fn, ic, wi, wj, dt, &en));
            FZ_CHECK(fz_pure_couple(&res) || fz_vnan(res.torque_i));
            if (!(fn > 0.0)) FZ_CHECK(demc_vec3_norm2(res.torque_i) == 0.0 || fz_vnan(res.torque_i));
            if (in) {
                FZ_CHECK(fz_vfin(res.torque_i) && en.friction_dissipation >= 0.0);
                if (lim_in) FZ_CHECK(fz_norm(res.torque_i) <= mu * rs * (fn > 0.0 ? fn : 0.0) * (1.0 + 1e-12));
            }
        }
        if (demc_rolling_epsd_validate(&ep, NULL) == DEMC_OK) {
            const demc_vec3 before = es.torque;
            FZ_CALL(x = demc_rolling_epsd_stiffness(&ep, kn, rs));
            if (!(kn > 0.0)) FZ_CHECK(x == 0.0 || fz_nan(kn));
            FZ_CALL(res = demc_rolling_epsd_torque(&ep, n, rs, kn, fn, ic, wi, wj, dt, &es, &en));
            FZ_CHECK(fz_pure_couple(&res) || fz_vnan(res.torque_i));
            if (in && fz_roll_vmoderate(before) && ep.stiffness_coefficient <= 1e30) {
                FZ_CHECK(fz_vfin(res.torque_i) && fz_vfin(es.torque));
                /* the spring torque never exceeds μ_r R* F_n */
                if (mu * rs * (fn > 0.0 ? fn : 0.0) >= 1e-140)
                    FZ_CHECK(fz_norm(es.torque) <= mu * rs * fn * (1.0 + 1e-12));
                else if (!(mu * rs * fn > 0.0)) /* a zero limit releases the spring exactly; what remains is the
                                                   dashpot's share f at full mobilisation */
                    FZ_CHECK(demc_vec3_norm2(es.torque) == 0.0 &&
                             (ep.mobilised_damping > 0.0 || demc_vec3_norm2(res.torque_i) == 0.0));
                FZ_CHECK(en.viscous_dissipation >= 0.0 && en.friction_dissipation >= 0.0 && en.stored_energy >= 0.0);
            }
            FZ_CALL(es2 = demc_rolling_epsd_state_swap(es));
            FZ_CHECK((es2.torque.x == -es.torque.x || fz_nan(es.torque.x)) &&
                     (es2.torque.y == -es.torque.y || fz_nan(es.torque.y)));
            FZ_CALL(es2 = demc_rolling_epsd_state_swap(es2));
            FZ_CHECK(memcmp(&es2, &es, sizeof es) == 0);
        }
        if (demc_rolling_sds_init(k, g, mu, &sp, NULL) == DEMC_OK) {
            const demc_vec3 before = ss.displacement;
            FZ_CALL(res = demc_rolling_sds_torque(&sp, n, rs, fn, wi, wj, dt, &ss, &en));
            FZ_CHECK(fz_pure_couple(&res) || fz_vnan(res.torque_i));
            if (in && fz_roll_vmoderate(before)) {
                FZ_CHECK(fz_vfin(res.torque_i) && fz_vfin(ss.displacement));
                /* |M| ≤ μ_roll R* F_n always */
                if (mu * rs * (fn > 0.0 ? fn : 0.0) >= 1e-140)
                    FZ_CHECK(fz_norm(res.torque_i) <= mu * rs * fn * (1.0 + 1e-12));
                else if (!(mu * rs * fn > 0.0))
                    FZ_CHECK(demc_vec3_norm2(res.torque_i) == 0.0);
                FZ_CHECK(en.viscous_dissipation >= 0.0 && en.friction_dissipation >= 0.0 && en.stored_energy >= 0.0);
            }
            FZ_CALL(ss2 = demc_rolling_sds_state_swap(ss));
            FZ_CHECK(memcmp(&ss2, &ss, sizeof ss) == 0);
        }
        wi = demc_vec3_scale(wi, -0.5); /* a reversal, then smaller rates */
    }
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_rolling(data, size);
    return 0;
}
#endif
