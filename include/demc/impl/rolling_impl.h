/* Bodies of rolling.h. Included by rolling.h only; see docs/pages/contributing.md for why bodies live in headers. */
#ifndef DEMC_ROLLING_IMPL_H
#define DEMC_ROLLING_IMPL_H

#include <math.h>

#include "scaled_impl.h"

DEMC_BEGIN_DECLS

/* ω_i − ω_j without its component along n. */
DEMC_STATIC_INLINE demc_vec3 demci_rolling_tangent_omega(demc_vec3 n, demc_vec3 omega_i, demc_vec3 omega_j)
{
    const demc_vec3 w = demc_vec3_sub(omega_i, omega_j);
    return demc_vec3_add_scaled(w, -demc_vec3_dot(n, w), n);
}

DEMC_ROLLING_FN demc_vec3 demc_rolling_velocity(demc_vec3 normal, double effective_radius, demc_vec3 omega_i,
                                                demc_vec3 omega_j)
{
    return demc_vec3_scale(demc_vec3_cross(demc_vec3_sub(omega_i, omega_j), normal), effective_radius);
}

DEMC_ROLLING_FN demc_vec3 demc_rolling_angular_velocity(demc_vec3 normal, demc_vec3 omega_i, demc_vec3 omega_j)
{
    return demci_rolling_tangent_omega(normal, omega_i, omega_j);
}

DEMC_ROLLING_FN double demc_rolling_inertia_spheres(double mass_i, double radius_i, double mass_j, double radius_j)
{
    /* a b/(a + b) as a/(1 + a/b) with a ≤ b: the product a b under- or overflowed where the result does not
     * (m = 1e-310, r = 1e8 gave 0 for 7e-295) */
    const double ji = 1.4 * mass_i * radius_i * radius_i, jj = 1.4 * mass_j * radius_j * radius_j;
    const double lo = ji < jj ? ji : jj, hi = ji < jj ? jj : ji;
    return lo / (1.0 + lo / hi);
}

DEMC_ROLLING_FN double demc_rolling_inertia_sphere_wall(double mass_i, double radius_i)
{
    return 1.4 * mass_i * radius_i * radius_i;
}

DEMC_ROLLING_FN demc_status demc_rolling_cdt_init(double mu_rolling, demc_rolling_cdt_limiter limiter,
                                                  demc_rolling_cdt_params *params, const char **bad_field)
{
    demc_status s;
    if ((s = demci_require(mu_rolling, mu_rolling >= 0.0, "mu_rolling", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_enum((int)limiter, 2, "limiter", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    params->mu_rolling = mu_rolling;
    params->limiter = limiter;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_ROLLING_FN demc_rolling_result demc_rolling_cdt_torque(const demc_rolling_cdt_params *params,
                                                            demc_vec3 normal, double effective_radius,
                                                            double normal_force, double couple_inertia,
                                                            demc_vec3 omega_i, demc_vec3 omega_j, double dt,
                                                            demc_rolling_energy *energy)
{
    demc_rolling_result r;
    const demc_vec3 w = demci_rolling_tangent_omega(normal, omega_i, omega_j);
    const double wn = sqrt(demc_vec3_norm2(w));
    const double full = params->mu_rolling * effective_radius * (normal_force > 0.0 ? normal_force : 0.0);
    double mag = 0.0;
    r.mobilised = 0;
    if (wn > 0.0 && full > 0.0) {
        mag = full;
        r.mobilised = 1;
        if (params->limiter == DEMC_ROLLING_CDT_LIMITER_INERTIA && couple_inertia > 0.0 && dt > 0.0) {
            const double cap = couple_inertia * wn / dt;
            if (cap < full) {
                mag = cap;
                r.mobilised = 0;
            }
        }
        r.torque_i = demc_vec3_scale(w, -mag / wn);
    } else {
        r.torque_i = demc_vec3_make(0.0, 0.0, 0.0);
    }
    r.torque_j = demc_vec3_neg(r.torque_i);
    if (energy) {
        energy->stored_energy = 0.0;
        energy->viscous_dissipation = 0.0;
        energy->friction_dissipation = mag * wn * dt;
    }
    return r;
}

DEMC_STATIC_INLINE demc_status demci_rolling_epsd_check(double mu, double c, double eta, double f, int validate,
                                                        const char **bad_field)
{
    demc_status s;
    if ((s = demci_require(mu, mu >= 0.0, validate ? "params.mu_rolling" : "mu_rolling", bad_field)) != DEMC_OK)
        return s;
    if (validate && (s = demci_require_positive(c, "params.stiffness_coefficient", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(eta, eta >= 0.0, validate ? "params.damping_ratio" : "damping_ratio", bad_field)) !=
        DEMC_OK)
        return s;
    if (validate && (s = demci_require(f, f >= 0.0 && f <= 1.0, "params.mobilised_damping", bad_field)) != DEMC_OK)
        return s;
    return DEMC_OK;
}

DEMC_ROLLING_FN demc_status demc_rolling_epsd_init(double mu_rolling, double damping_ratio,
                                                   demc_rolling_epsd_params *params, const char **bad_field)
{
    demc_status s;
    if ((s = demci_rolling_epsd_check(mu_rolling, 2.25, damping_ratio, 0.0, 0, bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    params->mu_rolling = mu_rolling;
    params->stiffness_coefficient = 2.25;
    params->damping_ratio = damping_ratio;
    params->mobilised_damping = 0.0;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_ROLLING_FN demc_status demc_rolling_epsd_validate(const demc_rolling_epsd_params *params,
                                                       const char **bad_field)
{
    demc_status s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    if ((s = demci_rolling_epsd_check(params->mu_rolling, params->stiffness_coefficient, params->damping_ratio,
                                      params->mobilised_damping, 1, bad_field)) != DEMC_OK)
        return s;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_ROLLING_FN double demc_rolling_epsd_stiffness(const demc_rolling_epsd_params *params, double normal_stiffness,
                                                   double effective_radius)
{
    const double mr = params->mu_rolling * effective_radius;
    return normal_stiffness > 0.0 ? params->stiffness_coefficient * normal_stiffness * mr * mr : 0.0;
}

DEMC_ROLLING_FN demc_rolling_result demc_rolling_epsd_torque(const demc_rolling_epsd_params *params,
                                                             demc_vec3 normal, double effective_radius,
                                                             double normal_stiffness, double normal_force,
                                                             double rolling_inertia, demc_vec3 omega_i,
                                                             demc_vec3 omega_j, double dt,
                                                             demc_rolling_epsd_state *state,
                                                             demc_rolling_energy *energy)
{
    demc_rolling_result r;
    const demc_vec3 w = demci_rolling_tangent_omega(normal, omega_i, omega_j);
    const double kr = demc_rolling_epsd_stiffness(params, normal_stiffness, effective_radius);
    const double mm = params->mu_rolling * effective_radius * (normal_force > 0.0 ? normal_force : 0.0);
    const demc_vec3 m_old = state->torque;
    const demc_vec3 m_trial = demc_vec3_add_scaled(m_old, -kr * dt, w);
    const double t2 = demc_vec3_norm2(m_trial);
    demc_vec3 mk = m_trial, md;
    double cr = 0.0;
    r.mobilised = 0;
    /* The limit test and the scaling hold for any scale of the torques (demci_vec3_exceeds(); a trial of 3e-206
     * was compared as 0 ≤ 0 and kept at M_m = 0); M_m = 0 (F_n ≤ 0) releases the spring exactly, and the resistance
     * is then fully mobilised whatever the trial (one of exactly 0, an increment that underflows, included: its
     * dashpot is the mobilised one, f c_r, as for any other trial at a zero limit). */
    if (!(mm > 0.0) || demci_vec3_exceeds(m_trial, t2, mm)) {
        r.mobilised = 1;
        mk = mm > 0.0 ? demci_vec3_with_length(m_trial, t2, mm) : demc_vec3_make(0.0, 0.0, 0.0);
    }
    if (rolling_inertia > 0.0 && kr > 0.0) cr = 2.0 * params->damping_ratio * sqrt(rolling_inertia * kr);
    if (r.mobilised) cr *= params->mobilised_damping;
    md = demc_vec3_scale(w, -cr);
    r.torque_i = demc_vec3_add(mk, md);
    r.torque_j = demc_vec3_neg(r.torque_i);
    state->torque = mk;
    if (energy) {
        energy->viscous_dissipation = cr * demc_vec3_norm2(w) * dt;
        energy->stored_energy = 0.0;
        energy->friction_dissipation = 0.0;
        if (kr > 0.0) {
            energy->stored_energy = 0.5 * demc_vec3_norm2(mk) / kr;
            if (r.mobilised) {
                const double d = -0.5 * demc_vec3_dot(demc_vec3_add(m_old, mk), demc_vec3_sub(mk, m_trial)) / kr;
                energy->friction_dissipation = d > 0.0 ? d : 0.0;
            }
        }
    }
    return r;
}

DEMC_ROLLING_FN demc_rolling_epsd_state demc_rolling_epsd_state_swap(demc_rolling_epsd_state s)
{
    s.torque = demc_vec3_neg(s.torque);
    return s;
}

DEMC_ROLLING_FN demc_status demc_rolling_sds_init(double stiffness, double damping, double mu_rolling,
                                                  demc_rolling_sds_params *params, const char **bad_field)
{
    demc_status s;
    if ((s = demci_require(stiffness, stiffness >= 0.0, "stiffness", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(damping, damping >= 0.0, "damping", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(mu_rolling, mu_rolling >= 0.0, "mu_rolling", bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    params->stiffness = stiffness;
    params->damping = damping;
    params->mu_rolling = mu_rolling;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_ROLLING_FN demc_rolling_result demc_rolling_sds_torque(const demc_rolling_sds_params *params,
                                                            demc_vec3 normal, double effective_radius,
                                                            double normal_force, demc_vec3 omega_i,
                                                            demc_vec3 omega_j, double dt,
                                                            demc_rolling_sds_state *state,
                                                            demc_rolling_energy *energy)
{
    demc_rolling_result r;
    const double k = params->stiffness, g = params->damping;
    const double fc = params->mu_rolling * (normal_force > 0.0 ? normal_force : 0.0);
    const demc_vec3 v = demc_rolling_velocity(normal, effective_radius, omega_i, omega_j);
    const demc_vec3 xi_old = state->displacement;
    const demc_vec3 xi_trial = demc_vec3_add_scaled(xi_old, dt, v);
    demc_vec3 f = demc_vec3_add(demc_vec3_scale(xi_trial, -k), demc_vec3_scale(v, -g));
    demc_vec3 xi = xi_trial;
    const double f2 = demc_vec3_norm2(f);
    r.mobilised = 0;
    if (demci_vec3_exceeds(f, f2, fc)) { /* at any scale, as the EPSD limit */
        r.mobilised = 1;
        f = fc > 0.0 ? demci_vec3_with_length(f, f2, fc) : demc_vec3_make(0.0, 0.0, 0.0);
        if (k > 0.0) {
            xi = demc_vec3_scale(demc_vec3_add_scaled(f, g, v), -1.0 / k);
        } else {
            xi = demc_vec3_make(0.0, 0.0, 0.0);
        }
    }
    state->displacement = xi;
    r.torque_i = demc_vec3_scale(demc_vec3_cross(normal, f), effective_radius);
    r.torque_j = demc_vec3_neg(r.torque_i);
    if (energy) {
        energy->stored_energy = 0.5 * k * demc_vec3_norm2(xi);
        energy->viscous_dissipation = g * demc_vec3_norm2(v) * dt;
        energy->friction_dissipation = 0.0;
        if (r.mobilised) {
            const double d = 0.5 * k * demc_vec3_dot(demc_vec3_add(xi_old, xi), demc_vec3_sub(xi_trial, xi));
            energy->friction_dissipation = d > 0.0 ? d : 0.0;
        }
    }
    return r;
}

DEMC_ROLLING_FN demc_rolling_sds_state demc_rolling_sds_state_swap(demc_rolling_sds_state s) { return s; }

DEMC_END_DECLS

#endif /* DEMC_ROLLING_IMPL_H */
