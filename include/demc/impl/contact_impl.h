/* Bodies of contact.h. Included by contact.h only; see DESIGN §4 for why bodies live in headers. */
#ifndef DEMC_CONTACT_IMPL_H
#define DEMC_CONTACT_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

/* The assembled models share one evaluation; each public call fixes the model with a constant, so that after
 * inlining the model switch folds away. */
enum { DEMCI_MODEL_LSD, DEMCI_MODEL_HMD, DEMCI_MODEL_PLSB, DEMCI_MODEL_HM, DEMCI_MODEL_CAMPELLO };

DEMC_STATIC_INLINE demc_status demci_contact_params_common(demc_contact_params *p, double restitution,
                                                           demc_contact_end end, double mu_static,
                                                           double mu_dynamic)
{
    demc_status st;
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
    if (!demc_is_finite(restitution)) return DEMC_ERR_INVALID_ARGUMENT;
    if (!(restitution > 0.0 && restitution <= 1.0)) return DEMC_ERR_OUT_OF_DOMAIN;
    if ((int)end < 0 || (int)end > 1) return DEMC_ERR_INVALID_ARGUMENT;
    st = demc_tangential_params_make(mu_static, mu_dynamic, &p->tangential);
    return st;
}

DEMC_STATIC_INLINE demc_status demci_contact_poisson_kappa(double nu, double *kappa)
{
    if (!demc_is_finite(nu)) return DEMC_ERR_INVALID_ARGUMENT;
    if (!(nu > -1.0 && nu <= 0.5)) return DEMC_ERR_OUT_OF_DOMAIN;
    *kappa = demc_tangential_kappa(nu);
    return DEMC_OK;
}

DEMC_STATIC_INLINE demc_status demci_contact_pair_moduli(demc_contact_params *p, const demc_pair *pair)
{
    if (!pair) return DEMC_ERR_INVALID_ARGUMENT;
    if (!demc_is_finite(pair->effective_modulus) || !demc_is_finite(pair->effective_shear_modulus))
        return DEMC_ERR_INVALID_ARGUMENT;
    if (!(pair->effective_modulus > 0.0) || !(pair->effective_shear_modulus > 0.0)) return DEMC_ERR_OUT_OF_DOMAIN;
    p->youngs_modulus = pair->effective_modulus;
    p->shear_modulus = pair->effective_shear_modulus;
    return DEMC_OK;
}

DEMC_CONTACT_FN demc_status demc_contact_params_validate(const demc_contact_params *p)
{
    demc_status st;
    if (!p) return DEMC_ERR_INVALID_ARGUMENT;
    if (!demc_is_finite(p->youngs_modulus) || !demc_is_finite(p->shear_modulus) ||
        !demc_is_finite(p->normal_stiffness) || !demc_is_finite(p->kappa) || !demc_is_finite(p->restitution) ||
        !demc_is_finite(p->normal_damping) || !demc_is_finite(p->tangential_damping))
        return DEMC_ERR_INVALID_ARGUMENT;
    if ((int)p->end < 0 || (int)p->end > 1 || (int)p->transport < 0 || (int)p->transport > 1 ||
        (p->spin != 0 && p->spin != 1))
        return DEMC_ERR_INVALID_ARGUMENT;
    st = demc_tangential_params_validate(&p->tangential);
    if (st != DEMC_OK) return st;
    if (p->youngs_modulus < 0.0 || p->shear_modulus < 0.0 || p->normal_stiffness < 0.0 || p->kappa < 0.0 ||
        p->normal_damping < 0.0 || p->tangential_damping < 0.0 || !(p->restitution > 0.0 && p->restitution <= 1.0))
        return DEMC_ERR_OUT_OF_DOMAIN;
    return DEMC_OK;
}

DEMC_CONTACT_FN demc_status demc_contact_params_lsd(demc_contact_params *p, double normal_stiffness,
                                                    double poisson_ratio, double restitution, demc_contact_end end,
                                                    double mu_static, double mu_dynamic)
{
    demc_contact_params q;
    double gamma = 0.0;
    demc_status st;
    if (!p) return DEMC_ERR_INVALID_ARGUMENT;
    st = demci_contact_params_common(&q, restitution, end, mu_static, mu_dynamic);
    if (st == DEMC_OK) st = demci_contact_poisson_kappa(poisson_ratio, &q.kappa);
    if (st == DEMC_OK && !demc_is_finite(normal_stiffness)) st = DEMC_ERR_INVALID_ARGUMENT;
    if (st == DEMC_OK && !(normal_stiffness > 0.0)) st = DEMC_ERR_OUT_OF_DOMAIN;
    if (st == DEMC_OK) st = demc_lsd_damping_ratio(restitution, end, &gamma);
    if (st != DEMC_OK) return st;
    q.normal_stiffness = normal_stiffness;
    q.normal_damping = gamma;
    q.tangential_damping = gamma; /* 002 eq 1 uses the one γ for both dashpots */
    *p = q;
    return DEMC_OK;
}

DEMC_CONTACT_FN demc_status demc_contact_params_hmd(demc_contact_params *p, const demc_pair *pair,
                                                    double restitution, demc_contact_end end, double mu_static,
                                                    double mu_dynamic)
{
    demc_contact_params q;
    double gamma = 0.0;
    demc_status st;
    if (!p) return DEMC_ERR_INVALID_ARGUMENT;
    st = demci_contact_params_common(&q, restitution, end, mu_static, mu_dynamic);
    if (st == DEMC_OK) st = demci_contact_pair_moduli(&q, pair);
    if (st == DEMC_OK) st = demc_hmd_damping_ratio(restitution, end, &gamma);
    if (st != DEMC_OK) return st;
    q.normal_damping = gamma;
    q.tangential_damping = gamma; /* 002 eq 2 */
    *p = q;
    return DEMC_OK;
}

DEMC_CONTACT_FN demc_status demc_contact_params_plsb(demc_contact_params *p, double stiffness, double poisson_ratio,
                                                     double restitution, double mu_static, double mu_dynamic)
{
    demc_contact_params q;
    demc_pls_params pls;
    demc_status st;
    if (!p) return DEMC_ERR_INVALID_ARGUMENT;
    st = demci_contact_params_common(&q, restitution, DEMC_CONTACT_END_FORCE, mu_static, mu_dynamic);
    if (st == DEMC_OK) st = demci_contact_poisson_kappa(poisson_ratio, &q.kappa);
    if (st == DEMC_OK) st = demc_pls_init(&pls, stiffness, restitution, NULL);
    if (st != DEMC_OK) return st;
    q.normal_stiffness = stiffness;
    *p = q;
    return DEMC_OK;
}

DEMC_CONTACT_FN demc_status demc_contact_params_hm(demc_contact_params *p, const demc_pair *pair, double mu)
{
    demc_contact_params q;
    demc_status st;
    if (!p) return DEMC_ERR_INVALID_ARGUMENT;
    st = demci_contact_params_common(&q, 1.0, DEMC_CONTACT_END_FORCE, mu, mu);
    if (st == DEMC_OK) st = demci_contact_pair_moduli(&q, pair);
    if (st != DEMC_OK) return st;
    q.tangential.unloading = DEMC_UNLOADING_KEEP; /* 000 eq 33: the pure incremental law */
    *p = q;
    return DEMC_OK;
}

DEMC_CONTACT_FN demc_status demc_contact_params_campello(demc_contact_params *p, const demc_pair *pair,
                                                         double restitution, demc_contact_end end, double mu_static,
                                                         double mu_dynamic)
{
    demc_contact_params q;
    double xi = 0.0;
    demc_status st;
    if (!p) return DEMC_ERR_INVALID_ARGUMENT;
    st = demci_contact_params_common(&q, restitution, end, mu_static, mu_dynamic);
    if (st == DEMC_OK) st = demci_contact_pair_moduli(&q, pair);
    if (st == DEMC_OK) st = demc_hmd_damping_ratio(restitution, end, &xi);
    if (st != DEMC_OK) return st;
    q.normal_damping = xi;
    q.tangential.stiffness_rule = DEMC_STIFFNESS_TOTAL; /* 001 eq 30-31: F = −k_t s */
    *p = q;
    return DEMC_OK;
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
        demc_linear_params lp;
        lp.stiffness = p->normal_stiffness;
        k_n = p->normal_stiffness;
        f_el = demc_linear_force(&lp, delta);
        r.normal_energy = demc_linear_energy(&lp, delta);
        f_damp = demc_dashpot_linear(p->normal_damping, m_eff, k_n, -kin.normal_speed);
        k_t = p->kappa * k_n;
    } else if (model == DEMCI_MODEL_PLSB) {
        demc_pls_params pp;
        double before;
        pp.loading_stiffness = p->restitution * p->normal_stiffness;
        pp.unloading_stiffness = p->normal_stiffness / p->restitution;
        pp.plastic_fraction = 1.0 - p->restitution * p->restitution;
        before = demc_pls_dissipated_energy(&pp, &s->pls);
        f_el = demc_pls_force(&pp, &s->pls, delta);
        r.normal_energy = demc_pls_elastic_energy(&pp, &s->pls, delta);
        r.plastic_dissipation = demc_pls_dissipated_energy(&pp, &s->pls) - before;
        f_damp = 0.0;
        k_t = p->kappa * pp.unloading_stiffness; /* 002 eq 3: κ k₂ */
    } else {
        demc_hertz_params hp;
        hp.stiffness = 4.0 / 3.0 * p->youngs_modulus * sqrt(r_eff);
        f_el = demc_hertz_force(&hp, delta);
        r.normal_energy = demc_hertz_energy(&hp, delta);
        f_damp = demc_dashpot_hertz(p->normal_damping, m_eff, p->youngs_modulus, r_eff, delta, -kin.normal_speed);
        k_t = demc_mindlin_stiffness(p->shear_modulus, r_eff, delta);
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
    c_t = demc_dashpot_linear(p->tangential_damping, m_eff, k_t, 1.0); /* 2γ_t √(m* k_t) */
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
