/* Bodies of timestep.h. Included by timestep.h only; see DESIGN §4 for why bodies live in headers. */
#ifndef DEMC_TIMESTEP_IMPL_H
#define DEMC_TIMESTEP_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

/* ---- validation helpers (private) ---- */

/* x > 0 and finite. */
DEMC_STATIC_INLINE demc_status demci_timestep_positive(double x)
{
    if (!demc_is_finite(x)) return DEMC_ERR_INVALID_ARGUMENT;
    return x > 0.0 ? DEMC_OK : DEMC_ERR_OUT_OF_DOMAIN;
}

/* x >= 0 and finite (damping constants, tolerances). */
DEMC_STATIC_INLINE demc_status demci_timestep_nonnegative(double x)
{
    if (!demc_is_finite(x)) return DEMC_ERR_INVALID_ARGUMENT;
    return x >= 0.0 ? DEMC_OK : DEMC_ERR_OUT_OF_DOMAIN;
}

/* -1 < nu <= 0.5 (DESIGN §6). */
DEMC_STATIC_INLINE demc_status demci_timestep_poisson(double nu)
{
    if (!demc_is_finite(nu)) return DEMC_ERR_INVALID_ARGUMENT;
    return (nu > -1.0 && nu <= 0.5) ? DEMC_OK : DEMC_ERR_OUT_OF_DOMAIN;
}

/* The first failure of two checks; a non-finite argument anywhere outranks a domain error. */
DEMC_STATIC_INLINE demc_status demci_timestep_first(demc_status a, demc_status b)
{
    if (a == DEMC_ERR_INVALID_ARGUMENT || b == DEMC_ERR_INVALID_ARGUMENT) return DEMC_ERR_INVALID_ARGUMENT;
    return a != DEMC_OK ? a : b;
}

/* (m, k, c, v): m, k, v > 0, c >= 0; the argument set of the map bounds. */
DEMC_STATIC_INLINE demc_status demci_timestep_check_mkcv(double m, double k, double c, double v)
{
    return demci_timestep_first(demci_timestep_first(demci_timestep_positive(m), demci_timestep_positive(k)),
                                demci_timestep_first(demci_timestep_nonnegative(c), demci_timestep_positive(v)));
}

/* Stores a result that must be a finite positive time. */
DEMC_STATIC_INLINE demc_status demci_timestep_store(double value, double *dt)
{
    if (!(demc_is_finite(value) && value > 0.0)) return DEMC_ERR_SINGULAR;
    *dt = value;
    return DEMC_OK;
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

/* ---- public functions ---- */

DEMC_TIMESTEP_FN demc_status demc_timestep_rayleigh(double radius, double shear_modulus, double poisson,
                                                    double density, double *dt)
{
    demc_status st = demci_timestep_first(
        demci_timestep_first(demci_timestep_positive(radius), demci_timestep_positive(shear_modulus)),
        demci_timestep_first(demci_timestep_poisson(poisson), demci_timestep_positive(density)));
    if (!dt) return DEMC_ERR_INVALID_ARGUMENT;
    if (st != DEMC_OK) return st;
    return demci_timestep_store(3.14159265358979323846 * radius * sqrt(density / shear_modulus) /
                                    (0.8766 + 0.163 * poisson),
                                dt);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_rayleigh_set(const double *radii, size_t count,
                                                        demc_timestep_radius choice, double shear_modulus,
                                                        double poisson, double density, double *dt)
{
    double r = 0.0;
    size_t i;
    if (!radii || count == 0 || !dt) return DEMC_ERR_INVALID_ARGUMENT;
    if (choice != DEMC_TIMESTEP_RADIUS_MIN && choice != DEMC_TIMESTEP_RADIUS_MEAN) return DEMC_ERR_INVALID_ARGUMENT;
    for (i = 0; i < count; ++i) {
        demc_status st = demci_timestep_positive(radii[i]);
        if (st != DEMC_OK) return st;
    }
    r = radii[0];
    for (i = 1; i < count; ++i) {
        if (choice == DEMC_TIMESTEP_RADIUS_MIN) {
            if (radii[i] < r) r = radii[i];
        } else {
            r += (radii[i] - r) / (double)(i + 1); /* running mean: no overflow for radii near DBL_MAX */
        }
    }
    return demc_timestep_rayleigh(r, shear_modulus, poisson, density, dt);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_hertz(double mass, double k_normal, double velocity, double steps,
                                                 double *dt)
{
    /* t_H = 2 I (5/4)^{2/5} (m/(k sqrt v))^{2/5}, 2 I (5/4)^{2/5} = 3.2180654597190431 (I: see the header). */
    demc_status st = demci_timestep_first(demci_timestep_check_mkcv(mass, k_normal, 0.0, velocity),
                                          demci_timestep_positive(steps));
    if (!dt) return DEMC_ERR_INVALID_ARGUMENT;
    if (st != DEMC_OK) return st;
    return demci_timestep_store(3.2180654597190431 * pow(mass / (k_normal * sqrt(velocity)), 0.4) / steps, dt);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_belytschko(double mass, double k, double c, double *dt)
{
    demc_status st = demci_timestep_check_mkcv(mass, k, c, 1.0);
    double zeta;
    if (!dt) return DEMC_ERR_INVALID_ARGUMENT;
    if (st != DEMC_OK) return st;
    zeta = 0.5 * c / sqrt(k * mass);
    /* 2/(omega (sqrt(1 + zeta^2) + zeta)); hypot avoids overflow of zeta^2. */
    return demci_timestep_store(2.0 * sqrt(mass / k) / (hypot(1.0, zeta) + zeta), dt);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_compression(double mass, double k_normal, double c_normal,
                                                       double velocity, double *dt)
{
    demc_status st = demci_timestep_check_mkcv(mass, k_normal, c_normal, velocity);
    double undamped, s;
    if (!dt) return DEMC_ERR_INVALID_ARGUMENT;
    if (st != DEMC_OK) return st;
    undamped = pow(mass / (k_normal * sqrt(velocity)), 0.4); /* eq 70 */
    st = demci_timestep_root_power52(c_normal / mass * undamped, &s);
    if (st != DEMC_OK) return st;
    return demci_timestep_store(s * undamped, dt);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_shear(double mass, double k_tangential, double c_tangential,
                                                 double velocity, double *dt)
{
    /* eq 68 is eq 62 with m replaced by the reduced tangential mass 2m/7 (004 eq 32). */
    return demc_timestep_compression(mass / 3.5, k_tangential, c_tangential, velocity, dt);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_restitution(double mass, double k_normal, double c_normal,
                                                       double overlap_max, double *dt)
{
    demc_status st = demci_timestep_check_mkcv(mass, k_normal, c_normal, overlap_max);
    double full, z;
    if (!dt) return DEMC_ERR_INVALID_ARGUMENT;
    if (st != DEMC_OK) return st;
    full = sqrt(mass / (k_normal * sqrt(overlap_max))); /* the step from x_n straight to zero overlap */
    st = demci_timestep_root_cubic(c_normal * full / mass, &z);
    if (st != DEMC_OK) return st;
    /* Two exact readings of the root; each is used where it has no cancellation. */
    if (z <= 0.5) return demci_timestep_store(full * sqrt(1.0 - z), dt);
    return demci_timestep_store(z * sqrt(z) * (mass / c_normal), dt);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_linearised(double mass, double c_normal, double *dt)
{
    demc_status st = demci_timestep_first(demci_timestep_positive(mass), demci_timestep_nonnegative(c_normal));
    if (!dt) return DEMC_ERR_INVALID_ARGUMENT;
    if (st != DEMC_OK) return st;
    if (c_normal == 0.0) {
        *dt = HUGE_VAL;
        return DEMC_OK;
    }
    return demci_timestep_store(2.0 * mass / c_normal, dt);
}

DEMC_TIMESTEP_FN demc_status demc_timestep_collision_spheres(double shear_modulus, double poisson, double density,
                                                             double radius_i, double radius_j, double velocity,
                                                             double c_normal, double c_tangential,
                                                             demc_timestep_collision *out)
{
    demc_status st = demci_timestep_first(
        demci_timestep_first(demci_timestep_positive(shear_modulus), demci_timestep_poisson(poisson)),
        demci_timestep_first(demci_timestep_positive(density), demci_timestep_positive(radius_i)));
    double ratio, r_hat, mass, kn, kt;
    st = demci_timestep_first(st, demci_timestep_first(demci_timestep_positive(radius_j),
                                                       demci_timestep_positive(velocity)));
    st = demci_timestep_first(st, demci_timestep_first(demci_timestep_nonnegative(c_normal),
                                                       demci_timestep_nonnegative(c_tangential)));
    if (!out) return DEMC_ERR_INVALID_ARGUMENT;
    if (st != DEMC_OK) return st;
    ratio = radius_i / radius_j;
    /* m m'/(m + m') = (4/3) pi rho r^3 / (1 + (r/r')^3); r r'/(r + r') = r / (1 + r/r'). */
    mass = 4.18879020478639098 * density * radius_i * radius_i * radius_i / (1.0 + ratio * ratio * ratio);
    r_hat = radius_i / (1.0 + ratio);
    kn = 4.0 * shear_modulus * sqrt(r_hat) / (3.0 * (1.0 - poisson));
    kt = 4.0 * shear_modulus * sqrt(r_hat) / (2.0 - poisson);
    if (!(demc_is_finite(mass) && mass > 0.0 && demc_is_finite(kn) && kn > 0.0 && demc_is_finite(kt)))
        return DEMC_ERR_SINGULAR;
    out->mass = mass;
    out->k_normal = kn;
    out->k_tangential = kt;
    out->c_normal = c_normal;
    out->c_tangential = c_tangential;
    out->velocity = velocity;
    return DEMC_OK;
}

DEMC_TIMESTEP_FN demc_status demc_timestep_critical(const demc_timestep_collision *collision,
                                                    demc_timestep_bounds *out)
{
    demc_timestep_bounds b;
    demc_status st;
    if (!collision || !out) return DEMC_ERR_INVALID_ARGUMENT;
    st = demci_timestep_first(
        demci_timestep_check_mkcv(collision->mass, collision->k_normal, collision->c_normal, collision->velocity),
        demci_timestep_first(demci_timestep_positive(collision->k_tangential),
                             demci_timestep_nonnegative(collision->c_tangential)));
    if (st != DEMC_OK) return st;
    b.overlap_max = demci_timestep_hertz_overlap(collision->mass, collision->k_normal, collision->velocity);
    st = demc_timestep_compression(collision->mass, collision->k_normal, collision->c_normal, collision->velocity,
                                   &b.compression);
    if (st == DEMC_OK)
        st = demc_timestep_restitution(collision->mass, collision->k_normal, collision->c_normal, b.overlap_max,
                                       &b.restitution);
    if (st == DEMC_OK)
        st = demc_timestep_shear(collision->mass, collision->k_tangential, collision->c_tangential,
                                 collision->velocity, &b.shear);
    if (st == DEMC_OK) st = demc_timestep_linearised(collision->mass, collision->c_normal, &b.linearised);
    if (st != DEMC_OK) return st;
    b.critical = b.compression;
    b.binding = DEMC_TIMESTEP_BOUND_COMPRESSION;
    if (b.restitution < b.critical) {
        b.critical = b.restitution;
        b.binding = DEMC_TIMESTEP_BOUND_RESTITUTION;
    }
    if (b.shear < b.critical) {
        b.critical = b.shear;
        b.binding = DEMC_TIMESTEP_BOUND_SHEAR;
    }
    *out = b;
    return DEMC_OK;
}

/*
 * One run of the map 004 eq 45-50 with step h from first contact (see demc_timestep_probe). Returns 1 when the
 * collision is captured, else 0 with the failed criterion in *failed. States are numbered as the paper's:
 * (x_n, v_n) with v_n the half-step velocity that led to x_n; state 1 is x = h v, v = v_i (the step from zero
 * overlap carries no force).
 */
DEMC_STATIC_INLINE int demci_timestep_probe_run(const demc_timestep_collision *c, double h, double tolerance,
                                                demc_timestep_bound *failed)
{
    const double an = h / c->mass, e0 = c->velocity * c->velocity;
    const long limit = 1L << 20;
    double x = h * c->velocity, v = c->velocity, energy;
    long n, reversal = -1; /* index of the first state with v <= 0 */
    /* Shear (eq 45 from state 1, incoming tangential velocity 1, displacement h): the map is linear in it. */
    double w = 1.0 - 3.5 * an * (c->k_tangential * sqrt(x) * h + c->c_tangential);
    for (n = 1; n < limit; ++n) {
        double v_next = v - an * (c->k_normal * x * sqrt(x) + c->c_normal * v);
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
            !(x_next > 0.0 && c->k_normal * x_next * sqrt(x_next) + c->c_normal * v_next > 0.0)) {
            *failed = DEMC_TIMESTEP_BOUND_RESTITUTION;
            return 0;
        }
        x = x_next;
        v = v_next;
        if (x <= 0.0) break;
        /* A heavily damped contact creeps towards zero overlap: stop long after the reversal. */
        if (reversal > 0 && n > 64 * reversal) break;
    }
    energy = v * v + (x > 0.0 ? 0.8 * c->k_normal / c->mass * x * x * sqrt(x) : 0.0);
    if (!(energy <= (1.0 + tolerance) * e0)) {
        *failed = DEMC_TIMESTEP_BOUND_ENERGY;
        return 0;
    }
    return 1;
}

DEMC_TIMESTEP_FN demc_status demc_timestep_probe(const demc_timestep_collision *collision,
                                                 double energy_tolerance, double *dt, demc_timestep_bound *failed)
{
    demc_timestep_bounds b;
    demc_timestep_bound why = DEMC_TIMESTEP_BOUND_COMPRESSION;
    double lo, hi;
    int i;
    demc_status st = demci_timestep_nonnegative(energy_tolerance);
    if (!dt) return DEMC_ERR_INVALID_ARGUMENT;
    if (st != DEMC_OK) return st;
    st = demc_timestep_critical(collision, &b);
    if (st != DEMC_OK) return st;
    lo = 0.5 * b.critical;
    for (i = 0; i < 20 && !demci_timestep_probe_run(collision, lo, energy_tolerance, &why); ++i) lo *= 0.5;
    if (i == 20) return DEMC_ERR_NO_CONVERGENCE;
    /* Grow by 2 % until a step fails; the compression criterion fails at the root of eq 62, so this ends. */
    hi = lo;
    for (i = 0; i < 1000; ++i) {
        hi = lo * 1.02;
        if (!demci_timestep_probe_run(collision, hi, energy_tolerance, &why)) break;
        lo = hi;
    }
    if (i == 1000) return DEMC_ERR_NO_CONVERGENCE;
    for (i = 0; i < 64 && hi - lo > 1e-12 * hi; ++i) {
        double mid = lo + 0.5 * (hi - lo);
        demc_timestep_bound f;
        if (demci_timestep_probe_run(collision, mid, energy_tolerance, &f)) {
            lo = mid;
        } else {
            hi = mid;
            why = f;
        }
    }
    *dt = lo;
    if (failed) *failed = why;
    return DEMC_OK;
}

DEMC_END_DECLS

#endif /* DEMC_TIMESTEP_IMPL_H */
