/* Bodies of contact.h. Included by contact.h only; see DESIGN §4 for why bodies live in headers. */
#ifndef DEMC_CONTACT_IMPL_H
#define DEMC_CONTACT_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

/* The assembled models share one evaluation; each public call fixes the model with a constant, so that after
 * inlining the model switch folds away. */
enum { DEMCI_MODEL_LSD, DEMCI_MODEL_HMD, DEMCI_MODEL_PLSB, DEMCI_MODEL_HM, DEMCI_MODEL_CAMPELLO };

/* The parameters every model starts from: zero moduli, stiffness and damping, the rotating transport with spin.
 * Fills a local copy before its inputs are checked; the caller's struct is written only on success. */
DEMC_STATIC_INLINE void demci_contact_params_defaults(demc_contact_params *p, double restitution,
                                                      demc_contact_end end)
{
    p->youngs_modulus = 0.0;
    p->shear_modulus = 0.0;
    p->normal_stiffness = 0.0;
    p->kappa = 0.0;
    p->restitution = restitution;
    p->normal_damping = 0.0;
    p->tangential_damping = 0.0;
    p->end = end;
    p->transport = DEMC_TRANSPORT_ROTATE;
    p->spin = 1;
}

/* The checks the setup functions share, each naming the input; bad_field untouched on success. */
DEMC_STATIC_INLINE demc_status demci_contact_poisson(double nu, const char **bad_field)
{
    return demci_require(nu, nu > -1.0 && nu <= 0.5, "poisson_ratio", bad_field);
}

DEMC_STATIC_INLINE demc_status demci_contact_restitution(double e, const char *field, const char **bad_field)
{
    return demci_require(e, e > 0.0 && e <= 1.0, field, bad_field);
}

DEMC_STATIC_INLINE demc_status demci_contact_end(demc_contact_end end, const char *field, const char **bad_field)
{
    return demci_require_enum((int)end, (int)DEMC_CONTACT_END_OVERLAP + 1, field, bad_field);
}

/* The pair's E* and G*, finite and > 0, into p (its radius and mass are taken from the bodies at each call). */
DEMC_STATIC_INLINE demc_status demci_contact_pair_moduli(demc_contact_params *p, const demc_pair *pair,
                                                         const char **bad_field)
{
    demc_status s;
    if (!pair) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "pair", bad_field);
    s = demci_require_positive(pair->effective_modulus, "pair.effective_modulus", bad_field);
    if (s != DEMC_OK) return s;
    s = demci_require_positive(pair->effective_shear_modulus, "pair.effective_shear_modulus", bad_field);
    if (s != DEMC_OK) return s;
    p->youngs_modulus = pair->effective_modulus;
    p->shear_modulus = pair->effective_shear_modulus;
    return DEMC_OK;
}

/* A field of demc_contact_params that must be finite and ≥ 0. */
DEMC_STATIC_INLINE demc_status demci_contact_nonnegative(double value, const char *field, const char **bad_field)
{
    return demci_require(value, value >= 0.0, field, bad_field);
}

DEMC_CONTACT_FN demc_status demc_contact_params_validate(const demc_contact_params *params, const char **bad_field)
{
    const demc_contact_params *p = params;
    demc_status s;
    if (!p) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    if ((s = demci_contact_nonnegative(p->youngs_modulus, "params.youngs_modulus", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_nonnegative(p->shear_modulus, "params.shear_modulus", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_nonnegative(p->normal_stiffness, "params.normal_stiffness", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_contact_nonnegative(p->kappa, "params.kappa", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_restitution(p->restitution, "params.restitution", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_nonnegative(p->normal_damping, "params.normal_damping", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_nonnegative(p->tangential_damping, "params.tangential_damping", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_contact_end(p->end, "params.end", bad_field)) != DEMC_OK) return s;
    if ((s = demci_tangential_check(&p->tangential, 2, bad_field)) != DEMC_OK) return s;
    s = demci_require_enum((int)p->transport, (int)DEMC_TRANSPORT_PROJECT + 1, "params.transport", bad_field);
    if (s != DEMC_OK) return s;
    if ((s = demci_require_enum(p->spin, 2, "params.spin", bad_field)) != DEMC_OK) return s;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CONTACT_FN demc_status demc_contact_params_lsd(demc_contact_params *params, double normal_stiffness,
                                                    double poisson_ratio, double restitution, demc_contact_end end,
                                                    double mu_static, double mu_dynamic, const char **bad_field)
{
    demc_contact_params q;
    double gamma = 0.0;
    demc_status s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    demci_contact_params_defaults(&q, restitution, end);
    if ((s = demci_require_positive(normal_stiffness, "normal_stiffness", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_poisson(poisson_ratio, bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_restitution(restitution, "restitution", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_end(end, "end", bad_field)) != DEMC_OK) return s;
    if ((s = demc_tangential_params_init(mu_static, mu_dynamic, &q.tangential, bad_field)) != DEMC_OK) return s;
    if ((s = demc_damping_lsd_ratio(restitution, end, &gamma)) != DEMC_OK)
        return demci_material_fail(s, "params.normal_damping", bad_field);
    q.normal_stiffness = normal_stiffness;
    q.kappa = demc_tangential_stiffness_ratio(poisson_ratio);
    q.normal_damping = gamma;
    q.tangential_damping = gamma; /* 002 eq 1 uses the one γ for both dashpots */
    *params = q;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/* What HM+D and the model of 001 share, in argument order: the pair's moduli, e, the end rule, friction, and the
 * normal damping ratio from the HM+D map. */
DEMC_STATIC_INLINE demc_status demci_contact_params_hertz(demc_contact_params *q, const demc_pair *pair,
                                                          double restitution, demc_contact_end end,
                                                          double mu_static, double mu_dynamic,
                                                          const char **bad_field)
{
    demc_status s;
    demci_contact_params_defaults(q, restitution, end);
    if ((s = demci_contact_pair_moduli(q, pair, bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_restitution(restitution, "restitution", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_end(end, "end", bad_field)) != DEMC_OK) return s;
    if ((s = demc_tangential_params_init(mu_static, mu_dynamic, &q->tangential, bad_field)) != DEMC_OK) return s;
    if ((s = demc_damping_hmd_ratio(restitution, end, &q->normal_damping)) != DEMC_OK)
        return demci_material_fail(s, "params.normal_damping", bad_field);
    return DEMC_OK;
}

DEMC_CONTACT_FN demc_status demc_contact_params_hmd(demc_contact_params *params, const demc_pair *pair,
                                                    double restitution, demc_contact_end end, double mu_static,
                                                    double mu_dynamic, const char **bad_field)
{
    demc_contact_params q;
    demc_status s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    s = demci_contact_params_hertz(&q, pair, restitution, end, mu_static, mu_dynamic, bad_field);
    if (s != DEMC_OK) return s;
    q.tangential_damping = q.normal_damping; /* 002 eq 2 */
    *params = q;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CONTACT_FN demc_status demc_contact_params_plsb(demc_contact_params *params, double stiffness,
                                                     double poisson_ratio, double restitution, double mu_static,
                                                     double mu_dynamic, const char **bad_field)
{
    demc_contact_params q;
    demc_normal_pls_params pls;
    demc_status s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    demci_contact_params_defaults(&q, restitution, DEMC_CONTACT_END_FORCE);
    if ((s = demci_require_positive(stiffness, "stiffness", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_poisson(poisson_ratio, bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_restitution(restitution, "restitution", bad_field)) != DEMC_OK) return s;
    if ((s = demc_tangential_params_init(mu_static, mu_dynamic, &q.tangential, bad_field)) != DEMC_OK) return s;
    /* The latch's stiffnesses e k and k/e must be representable doubles, else the reference stiffness is named. */
    if ((s = demc_normal_pls_init(&pls, stiffness, restitution, NULL)) != DEMC_OK)
        return demci_material_fail(s, "stiffness", bad_field);
    q.normal_stiffness = stiffness;
    q.kappa = demc_tangential_stiffness_ratio(poisson_ratio);
    *params = q;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CONTACT_FN demc_status demc_contact_params_hm(demc_contact_params *params, const demc_pair *pair, double mu,
                                                   const char **bad_field)
{
    demc_contact_params q;
    demc_status s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    demci_contact_params_defaults(&q, 1.0, DEMC_CONTACT_END_FORCE);
    if ((s = demci_contact_pair_moduli(&q, pair, bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(mu, mu >= 0.0, "mu", bad_field)) != DEMC_OK) return s;
    demc_tangential_params_init(mu, mu, &q.tangential, NULL); /* cannot fail: mu is finite and ≥ 0 */
    q.tangential.unloading = DEMC_UNLOADING_KEEP;            /* 000 eq 33: the pure incremental law */
    *params = q;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CONTACT_FN demc_status demc_contact_params_campello(demc_contact_params *params, const demc_pair *pair,
                                                         double restitution, demc_contact_end end, double mu_static,
                                                         double mu_dynamic, const char **bad_field)
{
    demc_contact_params q;
    demc_status s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    s = demci_contact_params_hertz(&q, pair, restitution, end, mu_static, mu_dynamic, bad_field);
    if (s != DEMC_OK) return s;
    q.tangential.stiffness_rule = DEMC_STIFFNESS_TOTAL; /* 001 eq 30-31: F = −k_t s; ξ = γ of 001 eq 22 */
    *params = q;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CONTACT_FN demc_contact_state demc_contact_state_swap(demc_contact_state s)
{
    s.tangential = demc_tangential_state_swap(s.tangential);
    s.normal = demc_vec3_neg(s.normal);
    return s;
}

DEMC_STATIC_INLINE void demci_contact_state_reset(demc_contact_state *s)
{
    const demc_vec3 zero = demc_vec3_make(0.0, 0.0, 0.0);
    s->tangential.displacement = zero;
    s->tangential.force = zero;
    s->tangential.stiffness = 0.0;
    s->tangential.normal_force = 0.0;
    s->tangential.sliding = 0.0;
    s->normal = zero;
    s->pls.overlap_max = 0.0;
}

DEMC_STATIC_INLINE demc_contact_result demci_contact_zero_result(double overlap)
{
    demc_contact_result r;
    r.force = demc_vec3_make(0.0, 0.0, 0.0);
    r.torque_i = r.force;
    r.torque_j = r.force;
    r.overlap = overlap;
    r.normal_force = 0.0;
    r.normal_energy = 0.0;
    r.tangential_energy = 0.0;
    r.viscous_dissipation = 0.0;
    r.friction_dissipation = 0.0;
    r.plastic_dissipation = 0.0;
    r.tangential_exchange = 0.0;
    r.sliding = 0.0;
    return r;
}

/* The one evaluation behind every model. g: contact frame; R*, m*: effective radius and mass of the two bodies. */
DEMC_STATIC_INLINE demc_contact_result demci_contact_eval(int model, const demc_contact_params *p,
                                                          const demc_geometry *g, double r_eff, double m_eff,
                                                          demc_vec3 v_i, demc_vec3 w_i, demc_vec3 v_j,
                                                          demc_vec3 w_j, double dt, demc_contact_state *s)
{
    const double delta = g->overlap;
    const demc_vec3 n = g->normal;
    demc_contact_result r;
    demc_kinematics kin;
    demc_tangential_result rt;
    demc_vec3 increment;
    double f_el, f_n, k_n = 0.0, k_t, c_t, f_damp;

    if (!(delta > 0.0)) {
        /* The contact is over: the memory is reset and the energy the tangential spring still held is released
         * (reported as exchange, so that an energy account across the separation closes). */
        r = demci_contact_zero_result(delta);
        if (s->tangential.stiffness > 0.0)
            r.tangential_exchange = 0.5 * demc_vec3_norm2(s->tangential.force) / s->tangential.stiffness;
        demci_contact_state_reset(s);
        return r;
    }
    r = demci_contact_zero_result(delta);
    kin = demc_geometry_kinematics(g, v_i, w_i, v_j, w_j);

    /* The memory was written in the previous step's tangent plane: carry it into this one. The frame spins with
     * the mean spin of the two bodies about the normal; its Rodrigues parameter 2 tan(φ/2) is taken as φ (the
     * rotation angle is then 2 atan(φ/2) = φ − φ³/12 + …, as 001 eq 45 does for its increments). */
    if (s->normal.x != 0.0 || s->normal.y != 0.0 || s->normal.z != 0.0) {
        const double spin = p->spin ? 0.5 * demc_vec3_dot(demc_vec3_add(w_i, w_j), n) * dt : 0.0;
        demc_tangential_transport(&s->tangential, p->transport, s->normal, n, spin);
    }

    /* Normal force: elastic part, dashpot, end rule. */
    if (model == DEMCI_MODEL_LSD) {
        demc_normal_linear_params lp;
        lp.stiffness = p->normal_stiffness;
        k_n = p->normal_stiffness;
        f_el = demc_normal_linear_force(&lp, delta);
        r.normal_energy = demc_normal_linear_energy(&lp, delta);
        f_damp = demc_damping_linear_force(p->normal_damping, m_eff, k_n, -kin.normal_speed);
        k_t = p->kappa * k_n;
    } else if (model == DEMCI_MODEL_PLSB) {
        demc_normal_pls_params pp;
        double before;
        pp.loading_stiffness = p->restitution * p->normal_stiffness;
        pp.unloading_stiffness = p->normal_stiffness / p->restitution;
        pp.plastic_fraction = 1.0 - p->restitution * p->restitution;
        before = demc_normal_pls_dissipated_energy(&pp, &s->pls);
        f_el = demc_normal_pls_force(&pp, &s->pls, delta);
        r.normal_energy = demc_normal_pls_elastic_energy(&pp, &s->pls, delta);
        r.plastic_dissipation = demc_normal_pls_dissipated_energy(&pp, &s->pls) - before;
        f_damp = 0.0;
        k_t = p->kappa * pp.unloading_stiffness; /* 002 eq 3: κ k₂ */
    } else {
        demc_normal_hertz_params hp;
        hp.stiffness = 4.0 / 3.0 * p->youngs_modulus * sqrt(r_eff);
        f_el = demc_normal_hertz_force(&hp, delta);
        r.normal_energy = demc_normal_hertz_energy(&hp, delta);
        f_damp = demc_damping_hertz_force(p->normal_damping, m_eff, p->youngs_modulus, r_eff, delta, -kin.normal_speed);
        k_t = demc_tangential_mindlin_stiffness(p->shear_modulus, r_eff, delta);
    }
    f_n = f_el + f_damp;
    if (p->end == DEMC_CONTACT_END_FORCE && f_n < 0.0) f_n = 0.0; /* no attraction */
    /* Work of the dashpot force actually applied, (f_n − f_el) δ̇ Δt with δ̇ = −v_n: ≥ 0, also when clamped. */
    r.viscous_dissipation = -(f_n - f_el) * kin.normal_speed * dt;

    /* Tangential force. */
    if (model == DEMCI_MODEL_CAMPELLO) {
        /* 001 eq 25-29: centre displacements minus the rolling of each body's contact point under its incremental
         * rotation α_Δ = ω Δt (001 eq 45 with a constant spin); (I − Q_Δ) d is linear in d, so the branch vector
         * is passed as the "normal" with unit radius. */
        const demc_vec3 roll_i = demc_rodrigues_rolling_displacement(demc_vec3_scale(w_i, dt), 1.0, g->branch_i);
        const demc_vec3 roll_j = demc_rodrigues_rolling_displacement(demc_vec3_scale(w_j, dt), 1.0, g->branch_j);
        const demc_vec3 travel = demc_vec3_scale(demc_vec3_sub(v_i, v_j), dt);
        increment = demc_vec3_project_plane(demc_vec3_sub(travel, demc_vec3_sub(roll_i, roll_j)), n);
    } else {
        increment = demc_vec3_scale(kin.tangential_velocity, dt);
    }
    c_t = demc_damping_linear_force(p->tangential_damping, m_eff, k_t, 1.0); /* 2γ_t √(m* k_t) */
    rt = demc_tangential_update(&p->tangential, &s->tangential, increment, kin.tangential_velocity, k_t, f_n, c_t, dt);
    s->normal = n;

    r.force = demc_vec3_add(demc_vec3_scale(n, f_n), rt.force);
    r.torque_i = demc_geometry_torque_i(g, r.force);
    r.torque_j = demc_geometry_torque_j(g, r.force);
    r.normal_force = f_n;
    r.tangential_energy = rt.stored_energy;
    r.viscous_dissipation += rt.viscous_dissipation;
    r.friction_dissipation = rt.friction_dissipation;
    r.tangential_exchange = rt.stiffness_exchange;
    r.sliding = rt.sliding;
    return r;
}

DEMC_STATIC_INLINE demc_contact_result demci_contact_pair(int model, const demc_contact_params *p,
                                                          const demc_body *i, const demc_body *j, double dt,
                                                          demc_contact_state *s)
{
    const demc_geometry g = demc_geometry_sphere_sphere(i->position, i->radius, j->position, j->radius);
    const double r_eff = i->radius * j->radius / (i->radius + j->radius);
    const double m_eff = i->mass * j->mass / (i->mass + j->mass);
    return demci_contact_eval(model, p, &g, r_eff, m_eff, i->velocity, i->angular_velocity, j->velocity,
                              j->angular_velocity, dt, s);
}

DEMC_STATIC_INLINE demc_contact_result demci_contact_wall(int model, const demc_contact_params *p,
                                                          const demc_body *i, const demc_wall *w, double dt,
                                                          demc_contact_state *s)
{
    const demc_geometry g = demc_geometry_sphere_wall(i->position, i->radius, w->point, w->normal);
    return demci_contact_eval(model, p, &g, i->radius, i->mass, i->velocity, i->angular_velocity, w->velocity,
                              w->angular_velocity, dt, s);
}

DEMC_CONTACT_FN demc_contact_result demc_contact_lsd(const demc_contact_params *p, const demc_body *i,
                                                     const demc_body *j, double dt, demc_contact_state *s)
{
    return demci_contact_pair(DEMCI_MODEL_LSD, p, i, j, dt, s);
}

DEMC_CONTACT_FN demc_contact_result demc_contact_lsd_wall(const demc_contact_params *p, const demc_body *i,
                                                          const demc_wall *w, double dt, demc_contact_state *s)
{
    return demci_contact_wall(DEMCI_MODEL_LSD, p, i, w, dt, s);
}

DEMC_CONTACT_FN demc_contact_result demc_contact_hmd(const demc_contact_params *p, const demc_body *i,
                                                     const demc_body *j, double dt, demc_contact_state *s)
{
    return demci_contact_pair(DEMCI_MODEL_HMD, p, i, j, dt, s);
}

DEMC_CONTACT_FN demc_contact_result demc_contact_hmd_wall(const demc_contact_params *p, const demc_body *i,
                                                          const demc_wall *w, double dt, demc_contact_state *s)
{
    return demci_contact_wall(DEMCI_MODEL_HMD, p, i, w, dt, s);
}

DEMC_CONTACT_FN demc_contact_result demc_contact_plsb(const demc_contact_params *p, const demc_body *i,
                                                      const demc_body *j, double dt, demc_contact_state *s)
{
    return demci_contact_pair(DEMCI_MODEL_PLSB, p, i, j, dt, s);
}

DEMC_CONTACT_FN demc_contact_result demc_contact_plsb_wall(const demc_contact_params *p, const demc_body *i,
                                                           const demc_wall *w, double dt, demc_contact_state *s)
{
    return demci_contact_wall(DEMCI_MODEL_PLSB, p, i, w, dt, s);
}

DEMC_CONTACT_FN demc_contact_result demc_contact_hm(const demc_contact_params *p, const demc_body *i,
                                                    const demc_body *j, double dt, demc_contact_state *s)
{
    return demci_contact_pair(DEMCI_MODEL_HM, p, i, j, dt, s);
}

DEMC_CONTACT_FN demc_contact_result demc_contact_hm_wall(const demc_contact_params *p, const demc_body *i,
                                                         const demc_wall *w, double dt, demc_contact_state *s)
{
    return demci_contact_wall(DEMCI_MODEL_HM, p, i, w, dt, s);
}

DEMC_CONTACT_FN demc_contact_result demc_contact_campello(const demc_contact_params *p, const demc_body *i,
                                                          const demc_body *j, double dt, demc_contact_state *s)
{
    return demci_contact_pair(DEMCI_MODEL_CAMPELLO, p, i, j, dt, s);
}

DEMC_CONTACT_FN demc_contact_result demc_contact_campello_wall(const demc_contact_params *p, const demc_body *i,
                                                               const demc_wall *w, double dt,
                                                               demc_contact_state *s)
{
    return demci_contact_wall(DEMCI_MODEL_CAMPELLO, p, i, w, dt, s);
}

DEMC_END_DECLS

#endif /* DEMC_CONTACT_IMPL_H */
