/* Bodies of twisting.h. Included by twisting.h only; see docs/pages/contributing.md for why bodies live in headers. */
#ifndef DEMC_TWISTING_IMPL_H
#define DEMC_TWISTING_IMPL_H

DEMC_BEGIN_DECLS

DEMC_TWISTING_FN double demc_twisting_velocity(demc_vec3 normal, demc_vec3 omega_i, demc_vec3 omega_j)
{
    return demc_vec3_dot(demc_vec3_sub(omega_i, omega_j), normal);
}

/* The scalar spring–dashpot–slider shared by both laws: stiffness k, damping g, limit mc ≥ 0. */
DEMC_STATIC_INLINE demc_twisting_result demci_twisting_core(double k, double g, double mc, demc_vec3 normal,
                                                            double wn, double dt, demc_twisting_state *state,
                                                            demc_twisting_energy *energy)
{
    demc_twisting_result r;
    const double phi_old = state->angle, phi_trial = phi_old + wn * dt;
    double m = -k * phi_trial - g * wn, phi = phi_trial;
    r.mobilised = 0;
    if (m > mc || m < -mc) {
        r.mobilised = 1;
        m = m > 0.0 ? mc : -mc;
        phi = k > 0.0 ? -(m + g * wn) / k : 0.0;
    }
    state->angle = phi;
    r.torque = m;
    r.torque_i = demc_vec3_scale(normal, m);
    r.torque_j = demc_vec3_neg(r.torque_i);
    if (energy) {
        energy->stored_energy = 0.5 * k * phi * phi;
        energy->viscous_dissipation = g * wn * wn * dt;
        energy->friction_dissipation = 0.0;
        if (r.mobilised) {
            const double d = 0.5 * k * (phi_old + phi) * (phi_trial - phi);
            energy->friction_dissipation = d > 0.0 ? d : 0.0;
        }
    }
    return r;
}

DEMC_TWISTING_FN demc_status demc_twisting_sds_init(double stiffness, double damping, double mu_twisting,
                                                    demc_twisting_sds_params *params, const char **bad_field)
{
    demc_status s;
    if ((s = demci_require(stiffness, stiffness >= 0.0, "stiffness", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(damping, damping >= 0.0, "damping", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(mu_twisting, mu_twisting >= 0.0, "mu_twisting", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    params->stiffness = stiffness;
    params->damping = damping;
    params->mu_twisting = mu_twisting;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_TWISTING_FN demc_status demc_twisting_marshall_init(double mu_tangential,
                                                         demc_twisting_marshall_params *params,
                                                         const char **bad_field)
{
    demc_status s;
    if ((s = demci_require(mu_tangential, mu_tangential >= 0.0, "mu_tangential", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    params->mu_tangential = mu_tangential;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_TWISTING_FN demc_twisting_result demc_twisting_sds_torque(const demc_twisting_sds_params *params,
                                                               demc_vec3 normal, double normal_force,
                                                               demc_vec3 omega_i, demc_vec3 omega_j, double dt,
                                                               demc_twisting_state *state,
                                                               demc_twisting_energy *energy)
{
    const double mc = params->mu_twisting * (normal_force > 0.0 ? normal_force : 0.0);
    return demci_twisting_core(params->stiffness, params->damping, mc, normal,
                               demc_twisting_velocity(normal, omega_i, omega_j), dt, state, energy);
}

DEMC_TWISTING_FN demc_twisting_result demc_twisting_marshall_torque(const demc_twisting_marshall_params *params,
                                                                    demc_vec3 normal, double contact_radius,
                                                                    double tangential_stiffness,
                                                                    double tangential_damping, double normal_force,
                                                                    demc_vec3 omega_i, demc_vec3 omega_j, double dt,
                                                                    demc_twisting_state *state,
                                                                    demc_twisting_energy *energy)
{
    const double a = contact_radius > 0.0 ? contact_radius : 0.0;
    if (!(a > 0.0)) { /* no contact disc: no torque, and the memory is released */
        state->angle = 0.0;
        return demci_twisting_core(0.0, 0.0, 0.0, normal, 0.0, dt, state, energy);
    }
    const double half_a2 = 0.5 * a * a;
    const double k = tangential_stiffness > 0.0 ? half_a2 * tangential_stiffness : 0.0;
    const double g = tangential_damping > 0.0 ? half_a2 * tangential_damping : 0.0;
    const double mc = (2.0 / 3.0) * params->mu_tangential * a * (normal_force > 0.0 ? normal_force : 0.0);
    return demci_twisting_core(k, g, mc, normal, demc_twisting_velocity(normal, omega_i, omega_j), dt, state,
                               energy);
}

DEMC_TWISTING_FN demc_twisting_state demc_twisting_state_swap(demc_twisting_state s) { return s; }

DEMC_END_DECLS

#endif /* DEMC_TWISTING_IMPL_H */
