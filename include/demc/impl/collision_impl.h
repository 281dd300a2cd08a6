/* Bodies of analysis/collision.h. Included by that header only; bodies live in headers so that header-only units can
 * inline them. */
#ifndef DEMC_COLLISION_IMPL_H
#define DEMC_COLLISION_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

DEMC_COLLISION_FN double demc_collision_inverse_mass(double inv_mass_i, double inv_inertia_i, double arm_i,
                                                       double inv_mass_j, double inv_inertia_j, double arm_j)
{
    return inv_mass_i + arm_i * arm_i * inv_inertia_i + inv_mass_j + arm_j * arm_j * inv_inertia_j;
}

DEMC_COLLISION_FN double demc_collision_zero_velocity_time_zw(double speed, double mu, double normal_force,
                                                     double inverse_mass, double dt)
{
    const double rate = mu * normal_force * inverse_mass; /* deceleration of the relative speed (m/s²) */
    double tau;
    if (!(rate > 0.0) || !(speed >= 0.0)) return -1.0;
    tau = speed / rate; /* compared itself, not speed with rate Δt: no rounding past Δt, no overflow of rate Δt */
    return tau <= dt ? tau : -1.0;
}

DEMC_COLLISION_FN double demc_collision_zero_velocity_time(demc_vec3 velocity, demc_vec3 force, double inverse_mass,
                                                  double dt)
{
    /* τ = |v|/(−F_proj H) = |v|²/(−(v·F) H), with v scaled by its largest component m so that neither |v|² nor
     * v·F overflows or underflows: τ = m (|u|²/(−(u·F) H)), u = v/m, |u|² in [1, 3]. v = 0 and a force that
     * does not oppose v give −1; an infinite rate gives τ = 0; never NaN for finite inputs. */
    double m = fabs(velocity.x), rate, tau;
    demc_vec3 u;
    if (fabs(velocity.y) > m) m = fabs(velocity.y);
    if (fabs(velocity.z) > m) m = fabs(velocity.z);
    if (!(m > 0.0)) return -1.0;
    u = demc_vec3_make(velocity.x / m, velocity.y / m, velocity.z / m);
    rate = -demc_vec3_dot(u, force) * inverse_mass; /* = |u| × deceleration */
    if (!(rate > 0.0)) return -1.0;
    tau = m * (demc_vec3_norm2(u) / rate);
    return tau <= dt ? tau : -1.0;
}

DEMC_COLLISION_FN int demc_collision_zero_velocity_crossed(demc_vec3 velocity_prev, demc_vec3 velocity)
{
    return demc_vec3_dot(velocity_prev, velocity) < 0.0;
}

DEMC_COLLISION_FN demc_status demc_collision_hertz_impact(const demc_pair *pair, double approach_speed,
                                                   demc_collision_hertz *impact, const char **bad_field)
{
    demc_status s;
    demc_collision_hertz r;
    double e, rr, m, v = approach_speed;
    if (!pair) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "pair", bad_field);
    if ((s = demci_require_positive(pair->effective_modulus, "pair.effective_modulus", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(pair->effective_radius, "pair.effective_radius", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(pair->effective_mass, "pair.effective_mass", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(approach_speed, "approach_speed", bad_field)) != DEMC_OK) return s;
    if (!impact) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "impact", bad_field);
    e = pair->effective_modulus;
    rr = pair->effective_radius;
    m = pair->effective_mass;
    /* ½ m* v² = (2/5) K δ_max^{5/2}, K = (4/3) E* √R*: δ_max^{5/2} = 15 m* v² / (16 E* √R*). Written as a product
     * of powers so that no intermediate overflows before the 2/5 power brings it back. */
    r.max_overlap = pow(15.0 / 16.0 * m / (e * sqrt(rr)), 0.4) * pow(v, 0.8);
    r.max_force = 4.0 / 3.0 * e * sqrt(rr) * r.max_overlap * sqrt(r.max_overlap);
    r.duration = DEMC_NORMAL_HERTZ_DURATION_FACTOR * (r.max_overlap / v);
    r.time_of_max_force = 0.5 * r.duration;
    r.contact_radius = sqrt(rr * r.max_overlap);
    if ((s = demci_normal_representable(r.max_overlap, "impact.max_overlap", bad_field)) != DEMC_OK) return s;
    if ((s = demci_normal_representable(r.max_force, "impact.max_force", bad_field)) != DEMC_OK) return s;
    if ((s = demci_normal_representable(r.duration, "impact.duration", bad_field)) != DEMC_OK) return s;
    if ((s = demci_normal_representable(r.contact_radius, "impact.contact_radius", bad_field)) != DEMC_OK) return s;
    *impact = r;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/*
 * One run of the map [Burns 2019] eq 45-50 with step h from first contact (see demc_collision_timestep_probe). Returns 1 when the
 * collision is captured, else 0 with the failed criterion in *failed. States are numbered as the paper's:
 * (x_n, v_n) with v_n the half-step velocity that led to x_n; state 1 is x = h v, v = v_i (the step from zero
 * overlap carries no force).
 */
DEMC_STATIC_INLINE int demci_collision_probe_run(const demc_timestep_collision *c, double h, double tolerance,
                                                demc_timestep_bound *failed)
{
    const double an = h / c->mass, e0 = c->velocity * c->velocity;
    const long limit = 1L << 20;
    double x = h * c->velocity, v = c->velocity, energy;
    long n, reversal = -1; /* index of the first state with v <= 0 */
    /* Shear (eq 45 from state 1, incoming tangential velocity 1, displacement h): the map is linear in it. */
    double w = 1.0 - 3.5 * an * (c->tangential_prefactor * sqrt(x) * h + c->tangential_damping_coefficient);
    for (n = 1; n < limit; ++n) {
        double v_next = v - an * (c->normal_prefactor * x * sqrt(x) + c->normal_damping_coefficient * v);
        double x_next = x + h * v_next;
        if (!demc_is_finite(v_next) || !demc_is_finite(x_next)) {
            *failed = DEMC_TIMESTEP_BOUND_ENERGY;
            return 0;
        }
        if (n == 1 && !(v_next > 0.0)) {
            *failed = DEMC_TIMESTEP_BOUND_COMPRESSION;
            return 0;
        }
        if (n == 1 && !(w > 0.0)) {
            *failed = DEMC_TIMESTEP_BOUND_SHEAR;
            return 0;
        }
        if (reversal < 0 && v_next <= 0.0) reversal = n + 1;
        /* States p and p + 1 after the reversal must be in contact and above the minimum-velocity curve. */
        if (reversal > 0 && n + 1 <= reversal + 1 &&
            !(x_next > 0.0 && c->normal_prefactor * x_next * sqrt(x_next) + c->normal_damping_coefficient * v_next > 0.0)) {
            *failed = DEMC_TIMESTEP_BOUND_RESTITUTION;
            return 0;
        }
        x = x_next;
        v = v_next;
        if (x <= 0.0) break;
        /* A heavily damped contact creeps towards zero overlap: stop long after the reversal. */
        if (reversal > 0 && n > 64 * reversal) break;
    }
    energy = v * v + (x > 0.0 ? 0.8 * c->normal_prefactor / c->mass * x * x * sqrt(x) : 0.0);
    if (!(energy <= (1.0 + tolerance) * e0)) {
        *failed = DEMC_TIMESTEP_BOUND_ENERGY;
        return 0;
    }
    return 1;
}

DEMC_COLLISION_FN demc_status demc_collision_timestep_probe(const demc_timestep_collision *collision,
                                                 double energy_tolerance, double *dt, demc_timestep_bound *failed,
                                                 const char **bad_field)
{
    demc_timestep_bounds b;
    demc_timestep_bound why = DEMC_TIMESTEP_BOUND_COMPRESSION;
    double lo, hi;
    int i;
    demc_status s;
    if ((s = demc_timestep_critical(collision, &b, bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(energy_tolerance, energy_tolerance >= 0.0, "energy_tolerance", bad_field)) != DEMC_OK)
        return s;
    if (!dt) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "dt", bad_field);
    lo = 0.5 * b.critical;
    for (i = 0; i < 20 && !demci_collision_probe_run(collision, lo, energy_tolerance, &why); ++i) lo *= 0.5;
    if (i == 20) return demci_material_fail(DEMC_ERR_NO_CONVERGENCE, "dt", bad_field);
    /* Grow by 2 % until a step fails; the compression criterion fails at the root of eq 62, so this ends. */
    hi = lo;
    for (i = 0; i < 1000; ++i) {
        hi = lo * 1.02;
        if (!demci_collision_probe_run(collision, hi, energy_tolerance, &why)) break;
        lo = hi;
    }
    if (i == 1000) return demci_material_fail(DEMC_ERR_NO_CONVERGENCE, "dt", bad_field);
    for (i = 0; i < 64 && hi - lo > 1e-12 * hi; ++i) {
        double mid = lo + 0.5 * (hi - lo);
        demc_timestep_bound f;
        if (demci_collision_probe_run(collision, mid, energy_tolerance, &f)) {
            lo = mid;
        } else {
            hi = mid;
            why = f;
        }
    }
    *dt = lo;
    if (failed) *failed = why;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_END_DECLS

#endif /* DEMC_COLLISION_IMPL_H */
