/* Bodies of timestep.h. Included by timestep.h only; bodies live in headers so that header-only units can inline
 * them. */
#ifndef DEMC_TIMESTEP_IMPL_H
#define DEMC_TIMESTEP_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

/* ---- validation helpers (private): the first offending input is named through bad_field (material.h) ---- */

/* Stores a result that must be a finite positive time, else SINGULAR naming the output. */
DEMC_STATIC_INLINE demc_status demci_timestep_store(double value, double *out, const char *field,
                                                    const char **bad_field)
{
    if (!(demc_is_finite(value) && value > 0.0)) return demci_material_fail(DEMC_ERR_SINGULAR, field, bad_field);
    *out = value;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/* The fields of a demc_timestep_collision, in order, with the names they are reported under. */
DEMC_STATIC_INLINE demc_status demci_timestep_check_collision(const demc_timestep_collision *c,
                                                              const char **bad_field)
{
    demc_status s;
    if (!c) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "collision", bad_field);
    if ((s = demci_require_positive(c->mass, "collision.mass", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(c->normal_prefactor, "collision.normal_prefactor", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(c->tangential_prefactor, "collision.tangential_prefactor", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(c->normal_damping_coefficient, c->normal_damping_coefficient >= 0.0, "collision.normal_damping_coefficient", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(c->tangential_damping_coefficient, c->tangential_damping_coefficient >= 0.0, "collision.tangential_damping_coefficient", bad_field)) != DEMC_OK)
        return s;
    return demci_require_positive(c->velocity, "collision.velocity", bad_field);
}

/* ---- root solvers (private) ---- */

/*
 * The root s in (0, 1] of g(s) = 1 - alpha s - s^{5/2}, alpha >= 0: eq 62 and 68 scaled by their undamped root.
 * g is decreasing and concave, so Newton's method started right of the root (g <= 0 at min(1, 1/alpha)) stays
 * right of it and decreases monotonically: no bisection is needed and the iteration stops when rounding no longer
 * lets it decrease, a few ulp from the root.
 */
DEMC_STATIC_INLINE demc_status demci_timestep_root_power52(double alpha, double *root)
{
    double s = alpha > 1.0 ? 1.0 / alpha : 1.0;
    int i;
    for (i = 0; i < 200; ++i) {
        double r = sqrt(s);
        double g = 1.0 - alpha * s - s * s * r;
        double next = s + g / (alpha + 2.5 * s * r);
        if (!(next < s) || s - next <= 4.0 * 2.220446049250313e-16 * s) {
            *root = next < s ? next : s;
            return DEMC_OK;
        }
        s = next;
    }
    return DEMC_ERR_NO_CONVERGENCE;
}

/*
 * The root z in [0, 1] of z^3 + beta^2 (z - 1) = 0, beta >= 0: eq 65 written for the overlap ratio
 * z = x_{n+1}/x_n (beta = c T/m, T = sqrt(m/(k sqrt(x_n)))). For beta > 1 the equation is divided by beta^2 so
 * nothing overflows. Both forms are increasing and convex on z >= 0, so Newton from the right, at
 * min(1, beta^{2/3}) where the function is >= 0, decreases monotonically to the root.
 */
DEMC_STATIC_INLINE demc_status demci_timestep_root_cubic(double beta, double *root)
{
    double p = 1.0, q = beta * beta, z = 1.0;
    int i;
    if (beta > 1.0) {
        p = 1.0 / q;
        q = 1.0;
    } else {
        z = pow(beta, 2.0 / 3.0);
    }
    for (i = 0; i < 200; ++i) {
        double g = p * z * z * z + q * (z - 1.0);
        double slope = 3.0 * p * z * z + q;
        double next = slope > 0.0 ? z - g / slope : z;
        if (!(next < z) || z - next <= 4.0 * 2.220446049250313e-16 * z) {
            *root = next < z && next >= 0.0 ? next : z;
            return DEMC_OK;
        }
        z = next;
    }
    return DEMC_ERR_NO_CONVERGENCE;
}

/* Undamped Hertz maximum overlap (5 m v^2/(4 k))^{2/5}: energy balance m v^2/2 = (2/5) k x^{5/2}. */
DEMC_STATIC_INLINE double demci_timestep_hertz_overlap(double m, double k, double v)
{
    return pow(1.25 * m * v * v / k, 0.4);
}

/* ---- computational cores (private; inputs already validated) ---- */

/* Root of eq 62 (eq 68 with m -> 2m/7): the undamped root (m/(k sqrt v))^{2/5} (eq 70) times the scaled root. */
DEMC_STATIC_INLINE demc_status demci_timestep_phase_bound(double m, double k, double c, double v, double *dt)
{
    double undamped = pow(m / (k * sqrt(v)), 0.4), s = 0.0;
    demc_status st = demci_timestep_root_power52(c / m * undamped, &s);
    *dt = s * undamped;
    return st;
}

/* Root of eq 65 at overlap x; the two exact readings of the root are used where each has no cancellation. */
DEMC_STATIC_INLINE demc_status demci_timestep_restitution_bound(double m, double k, double c, double x, double *dt)
{
    double full = sqrt(m / (k * sqrt(x))), z = 0.0; /* full: the step from x straight to zero overlap */
    demc_status st = demci_timestep_root_cubic(c * full / m, &z);
    *dt = z <= 0.5 ? full * sqrt(1.0 - z) : z * sqrt(z) * (m / c);
    return st;
}

/* All bounds of a validated collision; the minimum of eq 62, 65, 68 and the one that sets it. */
DEMC_STATIC_INLINE demc_status demci_timestep_bounds_of(const demc_timestep_collision *c, demc_timestep_bounds *b)
{
    demc_status st;
    b->overlap_max = demci_timestep_hertz_overlap(c->mass, c->normal_prefactor, c->velocity);
    st = demci_timestep_phase_bound(c->mass, c->normal_prefactor, c->normal_damping_coefficient, c->velocity, &b->compression);
    if (st == DEMC_OK) st = demci_timestep_restitution_bound(c->mass, c->normal_prefactor, c->normal_damping_coefficient, b->overlap_max,
                                                             &b->restitution);
    if (st == DEMC_OK) st = demci_timestep_phase_bound(c->mass * (2.0 / 7.0), c->tangential_prefactor, c->tangential_damping_coefficient, c->velocity,
                                                       &b->shear);
    b->linearised = c->normal_damping_coefficient > 0.0 ? 2.0 * c->mass / c->normal_damping_coefficient : HUGE_VAL;
    b->critical = b->compression;
    b->binding = DEMC_TIMESTEP_BOUND_COMPRESSION;
    if (b->restitution < b->critical) {
        b->critical = b->restitution;
        b->binding = DEMC_TIMESTEP_BOUND_RESTITUTION;
    }
    if (b->shear < b->critical) {
        b->critical = b->shear;
        b->binding = DEMC_TIMESTEP_BOUND_SHEAR;
    }
    return st;
}

/* ---- public functions ---- */

DEMC_TIMESTEP_FN demc_status demc_timestep_rayleigh(double radius, double shear_modulus, double poisson_ratio,
                                                    double density, double *dt, const char **bad_field)
{
    demc_status s;
    if ((s = demci_require_positive(radius, "radius", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(shear_modulus, "shear_modulus", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(poisson_ratio, poisson_ratio > -1.0 && poisson_ratio <= 0.5, "poisson_ratio", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(density, "density", bad_field)) != DEMC_OK) return s;
    if (!dt) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "dt", bad_field);
    return demci_timestep_store(3.14159265358979323846 * radius * sqrt(density / shear_modulus) /
                                    (0.8766 + 0.163 * poisson_ratio),
                                dt, "dt", bad_field);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_rayleigh_set(const double *radii, size_t count,
                                                        demc_timestep_radius choice, double shear_modulus,
                                                        double poisson_ratio, double density, double *dt,
                                                        const char **bad_field)
{
    double r;
    size_t i;
    demc_status s;
    if (!radii) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "radii", bad_field);
    if (count == 0) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "count", bad_field);
    if ((s = demci_require_enum((int)choice, (int)DEMC_TIMESTEP_RADIUS_MEAN + 1, "choice", bad_field)) != DEMC_OK)
        return s;
    for (i = 0; i < count; ++i)
        if ((s = demci_require_positive(radii[i], "radii", bad_field)) != DEMC_OK) return s;
    r = radii[0];
    for (i = 1; i < count; ++i) {
        if (choice == DEMC_TIMESTEP_RADIUS_MIN) {
            if (radii[i] < r) r = radii[i];
        } else {
            r += (radii[i] - r) / (double)(i + 1); /* running mean: no overflow for radii near DBL_MAX */
        }
    }
    return demc_timestep_rayleigh(r, shear_modulus, poisson_ratio, density, dt, bad_field);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_rayleigh_material(const demc_material *material, double radius,
                                                             double *dt, const char **bad_field)
{
    demc_status s;
    if ((s = demc_material_validate(material, bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(radius, "radius", bad_field)) != DEMC_OK) return s;
    return demc_timestep_rayleigh(radius, demc_material_shear_modulus(material), material->poisson_ratio,
                                  material->density, dt, bad_field);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_hertz(double mass, double normal_prefactor, double velocity, int steps,
                                                 double *dt, const char **bad_field)
{
    demc_status s;
    if ((s = demci_require_positive(mass, "mass", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(normal_prefactor, "normal_prefactor", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(velocity, "velocity", bad_field)) != DEMC_OK) return s;
    if (steps < 1) return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "steps", bad_field);
    if (!dt) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "dt", bad_field);
    /* t_H = factor x_max/v with x_max/v = (5m/(4k sqrt v))^{2/5}: no v^2 that could overflow. */
    return demci_timestep_store(DEMC_NORMAL_HERTZ_DURATION_FACTOR * pow(1.25 * mass / (normal_prefactor * sqrt(velocity)), 0.4) /
                                    (double)steps,
                                dt, "dt", bad_field);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_belytschko(double mass, double stiffness, double damping_coefficient, double *dt,
                                                      const char **bad_field)
{
    demc_status s;
    double zeta;
    if ((s = demci_require_positive(mass, "mass", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(stiffness, "stiffness", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(damping_coefficient, damping_coefficient >= 0.0, "damping_coefficient", bad_field)) != DEMC_OK) return s;
    if (!dt) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "dt", bad_field);
    zeta = 0.5 * damping_coefficient / sqrt(stiffness * mass);
    /* 2/(omega (sqrt(1 + zeta^2) + zeta)); above zeta = 1e150, sqrt(1 + zeta^2) = zeta to 1e-300 relative and
     * zeta^2 could overflow (no hypot: it would tie the library to a recent libm for nothing). */
    return demci_timestep_store(2.0 * sqrt(mass / stiffness) / ((zeta < 1e150 ? sqrt(1.0 + zeta * zeta) : zeta) + zeta), dt,
                                "dt", bad_field);
}

/* Checked form of eq 62 (mass_factor 1, normal names) and eq 68 (mass_factor 2/7, tangential names). */
DEMC_STATIC_INLINE demc_status demci_timestep_phase_checked(double mass, double k, double c, double velocity,
                                                            double mass_factor, const char *k_name,
                                                            const char *c_name, double *dt, const char **bad_field)
{
    demc_status s;
    double value = 0.0;
    if ((s = demci_require_positive(mass, "mass", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(k, k_name, bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(c, c >= 0.0, c_name, bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(velocity, "velocity", bad_field)) != DEMC_OK) return s;
    if (!dt) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "dt", bad_field);
    if ((s = demci_timestep_phase_bound(mass * mass_factor, k, c, velocity, &value)) != DEMC_OK)
        return demci_material_fail(s, "dt", bad_field);
    return demci_timestep_store(value, dt, "dt", bad_field);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_compression(double mass, double normal_prefactor, double normal_damping_coefficient,
                                                       double velocity, double *dt, const char **bad_field)
{
    return demci_timestep_phase_checked(mass, normal_prefactor, normal_damping_coefficient, velocity, 1.0, "normal_prefactor", "normal_damping_coefficient", dt,
                                        bad_field);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_shear(double mass, double tangential_prefactor, double tangential_damping_coefficient,
                                                 double velocity, double *dt, const char **bad_field)
{
    /* eq 68 is eq 62 with m replaced by the reduced tangential mass 2m/7 ([Burns 2019] eq 32). */
    return demci_timestep_phase_checked(mass, tangential_prefactor, tangential_damping_coefficient, velocity, 2.0 / 7.0, "tangential_prefactor",
                                        "tangential_damping_coefficient", dt, bad_field);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_restitution(double mass, double normal_prefactor, double normal_damping_coefficient,
                                                       double overlap_max, double *dt, const char **bad_field)
{
    demc_status s;
    double value = 0.0;
    if ((s = demci_require_positive(mass, "mass", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(normal_prefactor, "normal_prefactor", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(normal_damping_coefficient, normal_damping_coefficient >= 0.0, "normal_damping_coefficient", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(overlap_max, "overlap_max", bad_field)) != DEMC_OK) return s;
    if (!dt) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "dt", bad_field);
    if ((s = demci_timestep_restitution_bound(mass, normal_prefactor, normal_damping_coefficient, overlap_max, &value)) != DEMC_OK)
        return demci_material_fail(s, "dt", bad_field);
    return demci_timestep_store(value, dt, "dt", bad_field);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_linearised(double mass, double normal_damping_coefficient, double *dt,
                                                      const char **bad_field)
{
    demc_status s;
    if ((s = demci_require_positive(mass, "mass", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(normal_damping_coefficient, normal_damping_coefficient >= 0.0, "normal_damping_coefficient", bad_field)) != DEMC_OK) return s;
    if (!dt) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "dt", bad_field);
    if (normal_damping_coefficient == 0.0) {
        *dt = HUGE_VAL;
        return demci_material_fail(DEMC_OK, 0, bad_field);
    }
    return demci_timestep_store(2.0 * mass / normal_damping_coefficient, dt, "dt", bad_field);
}

/* The collision from m, k2, k1 after validation of everything else; SINGULAR names the unrepresentable field. */
DEMC_STATIC_INLINE demc_status demci_timestep_collision_store(double mass, double kn, double kt, double velocity,
                                                              double normal_damping_coefficient, double tangential_damping_coefficient,
                                                              demc_timestep_collision *out, const char **bad_field)
{
    demc_timestep_collision c;
    demc_status s;
    c.mass = mass;
    c.normal_prefactor = kn;
    c.tangential_prefactor = kt;
    c.normal_damping_coefficient = normal_damping_coefficient;
    c.tangential_damping_coefficient = tangential_damping_coefficient;
    c.velocity = velocity;
    if ((s = demci_normal_representable(mass, "out.mass", bad_field)) != DEMC_OK) return s;
    if ((s = demci_normal_representable(kn, "out.normal_prefactor", bad_field)) != DEMC_OK) return s;
    if ((s = demci_normal_representable(kt, "out.tangential_prefactor", bad_field)) != DEMC_OK) return s;
    *out = c;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_collision_spheres_init(double shear_modulus, double poisson_ratio, double density,
                                                             double radius_i, double radius_j, double velocity,
                                                             double normal_damping_coefficient, double tangential_damping_coefficient,
                                                             demc_timestep_collision *out, const char **bad_field)
{
    demc_status s;
    double ratio, r_hat, mass;
    if ((s = demci_require_positive(shear_modulus, "shear_modulus", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(poisson_ratio, poisson_ratio > -1.0 && poisson_ratio <= 0.5, "poisson_ratio", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(density, "density", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(radius_i, "radius_i", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(radius_j, "radius_j", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(velocity, "velocity", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(normal_damping_coefficient, normal_damping_coefficient >= 0.0, "normal_damping_coefficient", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(tangential_damping_coefficient, tangential_damping_coefficient >= 0.0, "tangential_damping_coefficient", bad_field)) != DEMC_OK) return s;
    if (!out) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "out", bad_field);
    ratio = radius_i / radius_j;
    /* m m'/(m + m') = (4/3) pi rho r^3 / (1 + (r/r')^3); r r'/(r + r') = r / (1 + r/r'). */
    mass = 4.18879020478639098 * density * radius_i * radius_i * radius_i / (1.0 + ratio * ratio * ratio);
    r_hat = radius_i / (1.0 + ratio);
    return demci_timestep_collision_store(mass, 4.0 * shear_modulus * sqrt(r_hat) / (3.0 * (1.0 - poisson_ratio)),
                                          4.0 * shear_modulus * sqrt(r_hat) / (2.0 - poisson_ratio), velocity, normal_damping_coefficient,
                                          tangential_damping_coefficient, out, bad_field);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_collision_pair_init(const demc_pair *pair, double velocity, double normal_damping_coefficient,
                                                          double tangential_damping_coefficient, demc_timestep_collision *out,
                                                          const char **bad_field)
{
    demc_status s;
    double root_r;
    if ((s = demc_material_pair_validate(pair, bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(velocity, "velocity", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(normal_damping_coefficient, normal_damping_coefficient >= 0.0, "normal_damping_coefficient", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require(tangential_damping_coefficient, tangential_damping_coefficient >= 0.0, "tangential_damping_coefficient", bad_field)) != DEMC_OK) return s;
    if (!out) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "out", bad_field);
    root_r = sqrt(pair->effective_radius);
    /* Hertz K = (4/3) E* sqrt(R*); Mindlin k_t = 8 G* a = 8 G* sqrt(R*) sqrt(delta). */
    return demci_timestep_collision_store(pair->effective_mass, 4.0 / 3.0 * pair->effective_modulus * root_r,
                                          8.0 * pair->effective_shear_modulus * root_r, velocity, normal_damping_coefficient,
                                          tangential_damping_coefficient, out, bad_field);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_critical(const demc_timestep_collision *collision,
                                                    demc_timestep_bounds *out, const char **bad_field)
{
    demc_timestep_bounds b;
    demc_status s;
    if ((s = demci_timestep_check_collision(collision, bad_field)) != DEMC_OK) return s;
    if (!out) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "out", bad_field);
    if ((s = demci_timestep_bounds_of(collision, &b)) != DEMC_OK) return demci_material_fail(s, "out", bad_field);
    if ((s = demci_normal_representable(b.compression, "out.compression", bad_field)) != DEMC_OK) return s;
    if ((s = demci_normal_representable(b.restitution, "out.restitution", bad_field)) != DEMC_OK) return s;
    if ((s = demci_normal_representable(b.shear, "out.shear", bad_field)) != DEMC_OK) return s;
    if ((s = demci_normal_representable(b.overlap_max, "out.overlap_max", bad_field)) != DEMC_OK) return s;
    if (!(b.linearised > 0.0)) return demci_material_fail(DEMC_ERR_SINGULAR, "out.linearised", bad_field);
    *out = b;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_END_DECLS

#endif /* DEMC_TIMESTEP_IMPL_H */
