/* The assembled evaluation of demc before the 0.9 API (contact.h of 2026-11, five models behind one shared body),
 * kept verbatim but for renames as the reference that the new evaluation must reproduce to 1e-14: its physics is
 * what the earlier test suite verified against closed forms and integrations. Test-only code. */
#ifndef DEMC_TEST_LEGACY_CONTACT_H
#define DEMC_TEST_LEGACY_CONTACT_H

#include <math.h>

#include "demc.h"
#include "demc/analysis.h"
#include "tangential_step.h"

typedef struct legacy_contact_state {
    demc_tangential_state tangential; /**< Tangential spring memory (tangential.h). */
    demc_vec3 normal;                 /**< Unit normal of the previous step (from j to i); zero for a new contact. */
    demc_normal_pls_state pls;               /**< PLS(B) latch (normal.h); unused by the other models. */
} legacy_contact_state;

typedef struct legacy_contact_params {
    double youngs_modulus;     /**< E* (Pa), Hertz models (000 eq 17, 001 eq 20). */
    double shear_modulus;      /**< G* (Pa), Mindlin k_t = 8G*√(R*δ) (000 eq 22-23, 001 eq 37-38, 002). */
    double normal_stiffness;   /**< k_n (N/m): LS+D spring, PLS(B) reference stiffness k. */
    double kappa;              /**< k_t/k_n for LS+D and k_t/k₂ for PLS(B) (002 eq 1, 3). */
    double restitution;        /**< e, the normal coefficient of restitution the parameters were set up for. */
    double normal_damping;     /**< γ of the normal dashpot 2γ√(m* k_n) (002 eq 1-2; 001 eq 22 with ξ = γ). */
    double tangential_damping; /**< γ_t of the tangential dashpot 2γ_t√(m* k_t) (002 eq 1-2). */
    demc_contact_end end;      /**< End-of-contact rule (damping.h): with DEMC_CONTACT_END_FORCE the normal force
                                    never pulls (it is clamped at zero); with DEMC_CONTACT_END_OVERLAP the dashpot
                                    may pull until the overlap vanishes. */
    demc_tangential_params tangential; /**< Friction and the tangential conventions (tangential.h). */
    demc_memory_transport transport;   /**< How the memory follows the turning contact frame. */
    int spin;                  /**< 1: the transport includes the mean spin of the two bodies about the normal;
                                    0: shortest arc only (ignored by DEMC_TRANSPORT_PROJECT). */
} legacy_contact_params;

typedef struct legacy_contact_result {
    demc_vec3 force;              /**< Contact force on body i, N (body j receives −force). */
    demc_vec3 torque_i;           /**< Torque on body i about its centre, N·m. */
    demc_vec3 torque_j;           /**< Torque on body j about its centre (a wall's reference point), N·m. */
    double overlap;               /**< δ, m (≤ 0: no contact, every other output zero). */
    double normal_force;          /**< Normal component of the force on i, N (≥ 0 under the force end rule). */
    double normal_energy;         /**< Elastic energy stored in the normal spring at the end of the step, J. */
    double tangential_energy;     /**< Elastic energy stored in the tangential spring, J. */
    double viscous_dissipation;   /**< Energy dissipated by the dashpots in this step, J (≥ 0). */
    double friction_dissipation;  /**< Energy dissipated by sliding in this step, J (≥ 0). */
    double plastic_dissipation;   /**< Energy dissipated by the PLS(B) latch in this step, J (≥ 0). */
    /** Energy that left the tangential spring in this step with no tangential work, J (signed; see
     *  tangential_step_result::stiffness_exchange): the exchange of a spring of varying stiffness with the normal
     *  load, and, at the call where the contact ends, the energy the spring still held. With it, kinetic + stored
     *  + the sum of all dissipation and exchange terms is conserved up to the integration error, for every model. */
    double tangential_exchange;
    double sliding;               /**< 1.0 when the contact slid in this step, else 0.0. */
} legacy_contact_result;

enum { LEGACY_MODEL_LSD, LEGACY_MODEL_HMD, LEGACY_MODEL_PLSB, LEGACY_MODEL_HM, LEGACY_MODEL_CAMPELLO };

static inline void legacy_state_reset(legacy_contact_state *s)
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

static inline legacy_contact_result legacy_zero_result(double overlap)
{
    legacy_contact_result r;
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

static inline legacy_contact_result legacy_eval(int model, const legacy_contact_params *p,
                                                          const demc_geometry *g, double r_eff, double m_eff,
                                                          demc_vec3 v_i, demc_vec3 w_i, demc_vec3 v_j,
                                                          demc_vec3 w_j, double dt, legacy_contact_state *s)
{
    const double delta = g->overlap;
    const demc_vec3 n = g->normal;
    legacy_contact_result r;
    demc_kinematics kin;
    tangential_step_result rt;
    demc_vec3 increment;
    double f_el, f_n, k_n = 0.0, k_t, c_t, f_damp;

    if (!(delta > 0.0)) {
        /* The contact is over: the memory is reset and the energy the tangential spring still held is released
         * (reported as exchange, so that an energy account across the separation closes). */
        r = legacy_zero_result(delta);
        if (s->tangential.stiffness > 0.0)
            r.tangential_exchange = 0.5 * demc_vec3_norm2(s->tangential.force) / s->tangential.stiffness;
        legacy_state_reset(s);
        return r;
    }
    r = legacy_zero_result(delta);
    kin = demc_geometry_kinematics(g, v_i, w_i, v_j, w_j);

    /* The memory was written in the previous step's tangent plane: carry it into this one. The frame spins with
     * the mean spin of the two bodies about the normal; its Rodrigues parameter 2 tan(φ/2) is taken as φ (the
     * rotation angle is then 2 atan(φ/2) = φ − φ³/12 + …, as 001 eq 45 does for its increments). */
    if (s->normal.x != 0.0 || s->normal.y != 0.0 || s->normal.z != 0.0) {
        const double spin = p->spin ? 0.5 * demc_vec3_dot(demc_vec3_add(w_i, w_j), n) * dt : 0.0;
        demc_tangential_transport(p->transport, s->normal, n, spin, &s->tangential);
    }

    /* Normal force: elastic part, dashpot, end rule. */
    if (model == LEGACY_MODEL_LSD) {
        demc_normal_linear_params lp;
        lp.stiffness = p->normal_stiffness;
        k_n = p->normal_stiffness;
        f_el = demc_normal_linear_force(&lp, delta);
        r.normal_energy = demc_normal_linear_energy(&lp, delta);
        f_damp = demc_damping_linear_force(p->normal_damping, m_eff, k_n, kin.overlap_rate);
        k_t = p->kappa * k_n;
    } else if (model == LEGACY_MODEL_PLSB) {
        demc_normal_pls_params pp;
        double before;
        pp.loading_stiffness = p->restitution * p->normal_stiffness;
        pp.unloading_stiffness = p->normal_stiffness / p->restitution;
        pp.plastic_fraction = 1.0 - p->restitution * p->restitution;
        before = demc_normal_pls_dissipated_energy(&pp, &s->pls);
        f_el = demc_normal_pls_force(&pp, delta, &s->pls);
        r.normal_energy = demc_normal_pls_elastic_energy(&pp, delta, &s->pls);
        r.plastic_dissipation = demc_normal_pls_dissipated_energy(&pp, &s->pls) - before;
        f_damp = 0.0;
        k_t = p->kappa * pp.unloading_stiffness; /* 002 eq 3: κ k₂ */
    } else {
        demc_normal_hertz_params hp;
        hp.prefactor = 4.0 / 3.0 * p->youngs_modulus * sqrt(r_eff);
        f_el = demc_normal_hertz_force(&hp, delta);
        r.normal_energy = demc_normal_hertz_energy(&hp, delta);
        f_damp = demc_damping_hertz_force(p->normal_damping, m_eff, p->youngs_modulus, r_eff, delta, kin.overlap_rate);
        k_t = demc_tangential_mindlin_stiffness(p->shear_modulus, r_eff, delta);
    }
    f_n = f_el + f_damp;
    if (p->end == DEMC_CONTACT_END_FORCE && f_n < 0.0) f_n = 0.0; /* no attraction */
    /* Work of the dashpot force actually applied, (f_n − f_el) δ̇ Δt with δ̇ = −v_n: ≥ 0, also when clamped. */
    r.viscous_dissipation = -(f_n - f_el) * (-kin.overlap_rate) * dt;

    /* Tangential force. */
    if (model == LEGACY_MODEL_CAMPELLO) {
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
    rt = tangential_step(&p->tangential, increment, kin.tangential_velocity, k_t, f_n, c_t, dt, &s->tangential);
    s->normal = n;

    r.force = demc_vec3_add(demc_vec3_scale(n, f_n), rt.force);
    r.torque_i = demc_geometry_torque_i(g, r.force);
    r.torque_j = demc_geometry_torque_j(g, r.force);
    r.normal_force = f_n;
    r.tangential_energy = rt.stored_energy;
    r.viscous_dissipation += rt.viscous_dissipation;
    r.friction_dissipation = rt.friction_dissipation;
    r.tangential_exchange = rt.stiffness_exchange;
    r.sliding = rt.sliding ? 1.0 : 0.0;
    return r;
}

static inline legacy_contact_result legacy_pair(int model, const legacy_contact_params *p,
                                                          const demc_body *i, const demc_body *j, double dt,
                                                          legacy_contact_state *s)
{
    const demc_geometry g = demc_geometry_sphere_sphere(i->position, i->radius, j->position, j->radius);
    const double r_eff = i->radius * j->radius / (i->radius + j->radius);
    const double m_eff = i->mass * j->mass / (i->mass + j->mass);
    return legacy_eval(model, p, &g, r_eff, m_eff, i->velocity, i->angular_velocity, j->velocity,
                              j->angular_velocity, dt, s);
}

static inline legacy_contact_result legacy_wall(int model, const legacy_contact_params *p,
                                                          const demc_body *i, const demc_wall *w, double dt,
                                                          legacy_contact_state *s)
{
    const demc_geometry g = demc_geometry_sphere_wall(i->position, i->radius, w->point, w->normal);
    return legacy_eval(model, p, &g, i->radius, i->mass, i->velocity, i->angular_velocity, w->velocity,
                              w->angular_velocity, dt, s);
}


#endif
