/**
 * @file timestep.h
 * @brief Critical time-step estimators: Rayleigh, Hertz contact duration, Belytschko, the bounds of the
 *        central-difference map of a Hertz–Mindlin collision, and a numerical probe that iterates that map.
 *
 * Sources (equation, section and figure numbers are the papers' own; all references: @ref references):
 * - [Burns 2019] S.J. Burns, P.T. Piiroinen, K.J. Hanley, “Critical time-step for DEM simulations of dynamic systems
 *   using a Hertzian contact model”, International Journal for Numerical Methods in Engineering 119 (2019) 432–451,
 *   doi:10.1002/nme.6056.
 * - [Campello 2015] E.M.B. Campello, “A description of rotations for DEM models of particle systems”, Computational
 *   Particle Mechanics 2 (2015) 109–125, doi:10.1007/s40571-015-0041-z.
 *
 * The map bounds refer to the reduced two-sphere collision of [Burns 2019] §3.3–3.4: relative normal overlap x₂ with
 * force F₂ = c₂ v₂ + k₂ x₂^{3/2} on the reduced mass m̂ = m m'/(m + m'), tangential displacements x₁, x₃ with
 * F₁ = c₁ v₁ + k₁ x₂^{1/2} x₁ acting on the reduced tangential mass 2m̂/7 (solid spheres, [Burns 2019] eq 32),
 * integrated by the central-difference map of [Burns 2019] eq 45–50 with the damping force evaluated at the lagging
 * half-step velocity. Stiffness prefactors k₁, k₂ are in N/m^{3/2}, damping constants in kg/s (N·s/m).
 *
 * All functions are setup functions: they validate their input and return a #demc_status; on any status other
 * than #DEMC_OK the outputs are left untouched. Like every demc setup function (see material.h) each ends with an
 * optional `const char **bad_field`: when not NULL it receives NULL on success, else the name of the first
 * offending argument in argument order (the output pointer first), e.g. "normal_damping_coefficient" or "collision.velocity"; for
 * #DEMC_ERR_SINGULAR and #DEMC_ERR_NO_CONVERGENCE the name of the output. Units SI or any consistent set. See the
 * page @ref timestep.
 */
#ifndef DEMC_TIMESTEP_H
#define DEMC_TIMESTEP_H

#include <stddef.h>

#include "base.h"
#include "material.h"
#include "normal.h"

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_TIMESTEP)
#  define DEMC_TIMESTEP_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_TIMESTEP_FN DEMC_STATIC_INLINE
#else
#  define DEMC_TIMESTEP_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/**
 * @brief Which radius of a polydisperse set enters the Rayleigh time step ([Burns 2019] §2.2, the ambiguity it
 * discusses).
 */
typedef enum demc_timestep_radius {
    /** The smallest radius r_min ([Burns 2019] eq 78; used by Kremmer & Favier, Kafui et al.): the conservative
     *  choice. */
    DEMC_TIMESTEP_RADIUS_MIN = 0,
    /** The arithmetic mean radius r̄ (used by Li, Xu & Thornton; Thornton & Randall). */
    DEMC_TIMESTEP_RADIUS_MEAN = 1,
    DEMC_TIMESTEP_RADIUS_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_timestep_radius;

/**
 * @brief Which criterion limits the time step: the bound that set demc_timestep_bounds::critical, or the
 *        criterion that failed just above the step demc_collision_timestep_probe() found.
 */
typedef enum demc_timestep_bound {
    /** Compression phase: contact to maximum overlap must take at least one step ([Burns 2019] eq 62, 70). */
    DEMC_TIMESTEP_BOUND_COMPRESSION = 0,
    /** Restitution phase: maximum overlap to minimum velocity must take at least one step ([Burns 2019] eq 65). */
    DEMC_TIMESTEP_BOUND_RESTITUTION = 1,
    /** Shear: the tangential velocity must not be reversed in one step ([Burns 2019] eq 68, 69, 71, 72). */
    DEMC_TIMESTEP_BOUND_SHEAR = 2,
    /** Energy: the collision must not leave with more normal kinetic energy than it came in with (probe only). */
    DEMC_TIMESTEP_BOUND_ENERGY = 3,
    DEMC_TIMESTEP_BOUND_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_timestep_bound;

/**
 * @brief A two-sphere Hertz–Mindlin collision with linear damping, in the reduced form of [Burns 2019] eq 37–39.
 *
 * Build it from material data with demc_timestep_collision_spheres_init(), or fill it directly (the paper's form).
 * The tangential law is isotropic: [Burns 2019]'s two shear directions (k₁, c₁) and (k₃, c₃) are equal, so their bounds
 * eq 68 and 69 coincide; call demc_timestep_shear() per direction for an anisotropic law.
 */
typedef struct demc_timestep_collision {
    double mass;         /**< Reduced mass m̂ = m m'/(m + m') in kg (> 0). */
    double normal_prefactor;     /**< Hertz prefactor k₂ in N/m^{3/2}: F₂ = k₂ x₂^{3/2} (> 0). */
    double tangential_prefactor; /**< Mindlin prefactor k₁ = k₃ in N/m^{3/2}: F₁ = k₁ x₂^{1/2} x₁ (> 0). */
    double normal_damping_coefficient;     /**< Normal damping constant c₂ in kg/s (≥ 0). */
    double tangential_damping_coefficient; /**< Tangential damping constant c₁ = c₃ in kg/s (≥ 0). */
    double velocity;     /**< Normal impact velocity v₂ᵢ in m/s (> 0, approaching). */
} demc_timestep_collision;

/**
 * @brief Every map bound of a collision, the critical step (their minimum, [Burns 2019] §3.6.3) and which one binds.
 */
typedef struct demc_timestep_bounds {
    double compression;  /**< Root of [Burns 2019] eq 62 in s (eq 70 when c₂ = 0). */
    double restitution;  /**< Root of [Burns 2019] eq 65 in s, at the undamped Hertz maximum overlap (see
                              overlap_max). */
    double shear;        /**< Root of [Burns 2019] eq 68 = eq 69 in s (eq 71 = 72 when c₁ = 0). */
    double linearised;   /**< 2m̂/c₂ of [Burns 2019] eq 90 in s (+infinity when c₂ = 0); informative, not in
                              critical. */
    double critical;     /**< min(compression, restitution, shear) in s. */
    double overlap_max;  /**< Undamped Hertz maximum overlap (5m̂v²/(4k₂))^{2/5} in m used by restitution. */
    demc_timestep_bound binding; /**< The bound equal to critical (compression, restitution or shear). */
} demc_timestep_bounds;

/**
 * @brief Rayleigh time step for one radius: Δt = π r √(ρ/G) / (0.8766 + 0.163 ν) ([Burns 2019] eq 5, 6).
 *
 * The time a Rayleigh wave needs to cross a particle; 0.8766 + 0.163ν approximates the root of the Rayleigh
 * equation ([Burns 2019] eq 6). No dependence on impact velocity or damping ([Burns 2019] §2.2).
 *
 * @param radius        particle radius r in m (> 0).
 * @param shear_modulus shear modulus G in Pa (> 0).
 * @param poisson_ratio       Poisson's ratio ν (−1 < ν ≤ 0.5).
 * @param density       density ρ in kg/m³ (> 0).
 * @param[out] dt       the time step in s.
 * @param bad_field optional: name of the offending argument (see the file description).
 * @return #DEMC_OK; #DEMC_ERR_INVALID_ARGUMENT for a null pointer or a non-finite number;
 *         #DEMC_ERR_OUT_OF_DOMAIN for a finite value outside its domain; #DEMC_ERR_SINGULAR if the result is not
 *         a finite positive number.
 */
DEMC_TIMESTEP_FN demc_status demc_timestep_rayleigh(double radius, double shear_modulus, double poisson_ratio,
                                                    double density, double *dt, const char **bad_field);

/**
 * @brief Rayleigh time step of a set of radii: eq 5 with r_min ([Burns 2019] eq 78) or with the mean radius r̄.
 *
 * @param radii         count radii in m (each > 0 and finite).
 * @param count         number of radii (≥ 1).
 * @param choice        #DEMC_TIMESTEP_RADIUS_MIN (default, conservative) or #DEMC_TIMESTEP_RADIUS_MEAN.
 * @param shear_modulus G in Pa (> 0).
 * @param poisson_ratio       ν (−1 < ν ≤ 0.5).
 * @param density       ρ in kg/m³ (> 0).
 * @param[out] dt       the time step in s.
 * @param bad_field optional: name of the offending argument (see the file description).
 * @return as demc_timestep_rayleigh(); #DEMC_ERR_INVALID_ARGUMENT also for radii = NULL, count = 0 or an unknown
 *         choice.
 */
DEMC_TIMESTEP_FN demc_status demc_timestep_rayleigh_set(const double *radii, size_t count,
                                                        demc_timestep_radius choice, double shear_modulus,
                                                        double poisson_ratio, double density, double *dt,
                                                        const char **bad_field);

/**
 * @brief Rayleigh time step ([Burns 2019] eq 5, 6) of a sphere of a material (material.h): G, ν, ρ taken from it.
 *
 * @param material  the material (validated here as by demc_material_validate(); G derived when 0).
 * @param radius    particle radius in m (> 0); pass r_min of the assembly for [Burns 2019] eq 78.
 * @param[out] dt   the time step in s.
 * @param bad_field optional: name of the offending argument (the field names of demc_material_validate()).
 * @return as demc_material_validate() and demc_timestep_rayleigh().
 */
DEMC_TIMESTEP_FN demc_status demc_timestep_rayleigh_material(const demc_material *material, double radius,
                                                             double *dt, const char **bad_field);

/**
 * @brief Duration of an undamped Hertz collision, t_H = 2 I (5m̂/(4k₂))^{2/5} v^{−1/5}, and the step t_H/N.
 *
 * I = ∫₀¹ (1 − u^{5/2})^{−1/2} du = √π Γ(7/5)/Γ(9/10) = 1.4716375921623523, so t_H = 2.9432751843247047 x_max/v
 * with x_max = (5m̂v²/(4k₂))^{2/5} (#DEMC_NORMAL_HERTZ_DURATION_FACTOR of normal.h; demc_collision_hertz_impact()
 * gives the same duration from a material pair). With k₂ = (4/3)E*√R* this is [Campello 2015] eq 50's "2.87 [m*²/(R* E*² v)]^{1/5}"
 * (exact constant 2.8682656991953314) and [Burns 2019] eq 55's "2.94" form; [Campello 2015] eq 50 takes N = 20.
 *
 * @param mass      reduced mass m̂ in kg (> 0).
 * @param normal_prefactor  Hertz prefactor k₂ in N/m^{3/2} (> 0).
 * @param velocity  normal impact velocity in m/s (> 0).
 * @param steps     steps per collision N (≥ 1; 1 gives the duration itself).
 * @param[out] dt   t_H/N in s.
 * @param bad_field optional: name of the offending argument (see the file description).
 * @return #DEMC_OK or a validation status as demc_timestep_rayleigh().
 */
DEMC_TIMESTEP_FN demc_status demc_timestep_hertz(double mass, double normal_prefactor, double velocity, int steps,
                                                 double *dt, const char **bad_field);

/**
 * @brief Belytschko bound of the central-difference map for a linear contact, undamped and damped.
 *
 * Δt = (2/ω)(√(1 + ζ²) − ζ) with ω = √(k/m̂), ζ = c/(2√(k m̂)) ([Burns 2019] eq 2–4, 35; eq 36 is m = m' without
 * damping). This is the exact stability limit of the map [Burns 2019] eq 47–48 with a linear spring: the damping
 * force there uses the lagging half-step velocity, and the eigenvalue −1 of its amplification matrix is reached
 * at ω²Δt² + 4ζωΔt − 4 = 0. Evaluated as 2/(ω(√(1 + ζ²) + ζ)), without cancellation; tends to 2m̂/c ([Burns 2019]
 * eq 90) for ζ → ∞.
 *
 * @param mass      reduced mass m̂ in kg (> 0).
 * @param stiffness linear stiffness in N/m (> 0).
 * @param damping_coefficient damping constant in kg/s (≥ 0; 0 gives 2√(m̂/k)).
 * @param[out] dt   the critical step in s.
 * @param bad_field optional: name of the offending argument (see the file description).
 * @return #DEMC_OK or a validation status as demc_timestep_rayleigh().
 */
DEMC_TIMESTEP_FN demc_status demc_timestep_belytschko(double mass, double stiffness, double damping_coefficient, double *dt,
                                                      const char **bad_field);

/**
 * @brief Compression-phase bound: the root Δt of 1 − Δt c₂/m̂ − (√v k₂/m̂) Δt^{5/2} = 0 ([Burns 2019] eq 62).
 *
 * The largest step for which the map needs more than one step from first contact to maximum overlap. With
 * c₂ = 0 it is (m̂/(k₂√v))^{2/5} ([Burns 2019] eq 70), which is t_H/3.2180654597190431, not t_H/2 as [Burns 2019] §4.1
 * states (see @ref timestep). The root is unique; it is found by Newton's method from an upper bracket, which converges
 * monotonically for this concave function, to a few ulp for any c₂ ≥ 0.
 *
 * @param mass      reduced mass m̂ in kg (> 0).
 * @param normal_prefactor  Hertz prefactor k₂ in N/m^{3/2} (> 0).
 * @param normal_damping_coefficient  normal damping constant c₂ in kg/s (≥ 0).
 * @param velocity  normal impact velocity v₂ᵢ in m/s (> 0).
 * @param[out] dt   the bound in s.
 * @param bad_field optional: name of the offending argument (see the file description).
 * @return #DEMC_OK, a validation status as demc_timestep_rayleigh(), or #DEMC_ERR_NO_CONVERGENCE (not expected).
 */
DEMC_TIMESTEP_FN demc_status demc_timestep_compression(double mass, double normal_prefactor, double normal_damping_coefficient,
                                                       double velocity, double *dt, const char **bad_field);

/**
 * @brief Restitution-phase bound: the root of Δt = (x_{n+1}/x_n)^{3/2} m̂/c₂ ([Burns 2019] eq 65) from the overlap x_n.
 *
 * From maximum compression (velocity ≈ 0 at overlap x_n) one step gives x_{n+1}/x_n = 1 − Δt² k₂ √x_n/m̂
 * ([Burns 2019] eq 64); the bound is the step that lands on the minimum-velocity curve. Solved as a convex cubic in
 * that ratio, so it is exact to a few ulp for any c₂ ≥ 0; it is below m̂/c₂, and for c₂ → 0 it tends
 * continuously to √(m̂/(k₂√x_n)) (the step that goes from maximum overlap to zero overlap).
 *
 * @param mass         reduced mass m̂ in kg (> 0).
 * @param normal_prefactor     Hertz prefactor k₂ in N/m^{3/2} (> 0).
 * @param normal_damping_coefficient     normal damping constant c₂ in kg/s (≥ 0).
 * @param overlap_max  the overlap x_n at maximum compression in m (> 0); demc_timestep_critical() uses the
 *                     undamped Hertz value, an upper bound of the damped one, which makes the bound smaller.
 * @param[out] dt      the bound in s.
 * @param bad_field optional: name of the offending argument (see the file description).
 * @return #DEMC_OK, a validation status as demc_timestep_rayleigh(), or #DEMC_ERR_NO_CONVERGENCE (not expected).
 */
DEMC_TIMESTEP_FN demc_status demc_timestep_restitution(double mass, double normal_prefactor, double normal_damping_coefficient,
                                                       double overlap_max, double *dt, const char **bad_field);

/**
 * @brief Shear bound: the root of 1 − (7/(2m̂)) Δt c₁ − (7/(2m̂)) √v k₁ Δt^{5/2} = 0 ([Burns 2019] eq 68, 69).
 *
 * The tangential velocity must not be brought to zero in the first step of the contact. With c₁ = 0 it is
 * (2m̂/(7k₁√v))^{2/5} ([Burns 2019] eq 71, 72). Same solver as demc_timestep_compression().
 *
 * @param mass          reduced mass m̂ in kg (> 0).
 * @param tangential_prefactor  Mindlin prefactor k₁ in N/m^{3/2} (> 0).
 * @param tangential_damping_coefficient  tangential damping constant c₁ in kg/s (≥ 0).
 * @param velocity      normal impact velocity v₂ᵢ in m/s (> 0).
 * @param[out] dt       the bound in s.
 * @param bad_field optional: name of the offending argument (see the file description).
 * @return as demc_timestep_compression().
 */
DEMC_TIMESTEP_FN demc_status demc_timestep_shear(double mass, double tangential_prefactor, double tangential_damping_coefficient,
                                                 double velocity, double *dt, const char **bad_field);

/**
 * @brief Linearised bound 2m̂/c₂ ([Burns 2019] eq 90): the stability of the map linearised at the fixed point (0, 0).
 *
 * It ignores the spring and holds only for vanishing impact velocity ([Burns 2019] §5.3); it is more than twice the
 * restitution bound. +infinity (no bound) when c₂ = 0.
 *
 * @param mass      reduced mass m̂ in kg (> 0).
 * @param normal_damping_coefficient  normal damping constant c₂ in kg/s (≥ 0).
 * @param[out] dt   the bound in s, or +infinity.
 * @param bad_field optional: name of the offending argument (see the file description).
 * @return #DEMC_OK or a validation status as demc_timestep_rayleigh().
 */
DEMC_TIMESTEP_FN demc_status demc_timestep_linearised(double mass, double normal_damping_coefficient, double *dt,
                                                      const char **bad_field);

/**
 * @brief The collision of two spheres of one material ([Burns 2019] eq 74 and the masses of solid spheres).
 *
 * m̂ = (4/3)πρ r³r'³/(r³ + r'³), r̂ = r r'/(r + r'), k₂ = 4G√r̂/(3(1 − ν)) (Hertz, E* = G/(1 − ν)),
 * k₁ = k₃ = 4G√r̂/(2 − ν) (Mindlin, 1/G* = 2(2 − ν)/G), so k₁/k₂ = 3(1 − ν)/(2 − ν) ([Burns 2019] eq 75).
 *
 * @param shear_modulus G in Pa (> 0).
 * @param poisson_ratio       ν (−1 < ν ≤ 0.5).
 * @param density       ρ in kg/m³ (> 0).
 * @param radius_i      r in m (> 0).
 * @param radius_j      r' in m (> 0).
 * @param velocity      normal impact velocity in m/s (> 0).
 * @param normal_damping_coefficient      c₂ in kg/s (≥ 0).
 * @param tangential_damping_coefficient  c₁ = c₃ in kg/s (≥ 0).
 * @param[out] out      the collision.
 * @param bad_field optional: name of the offending argument (see the file description).
 * @return #DEMC_OK or a validation status as demc_timestep_rayleigh().
 */
DEMC_TIMESTEP_FN demc_status demc_timestep_collision_spheres_init(double shear_modulus, double poisson_ratio, double density,
                                                             double radius_i, double radius_j, double velocity,
                                                             double normal_damping_coefficient, double tangential_damping_coefficient,
                                                             demc_timestep_collision *out,
                                                             const char **bad_field);

/**
 * @brief The collision of a material pair (material.h): m̂ = m*, k₂ = (4/3)E*√R* (Hertz), k₁ = k₃ = 8G*√R*
 *        (Mindlin, k_t = 8G*a with a = √(R*x₂)).
 *
 * With two spheres of one material and #DEMC_SHEAR_MINDLIN mixing this is demc_timestep_collision_spheres_init()
 * ([Burns 2019] eq 74); other mixings change k₁ as their G* does. A sphere–wall pair gives m̂ = m_i, R* = R_i.
 *
 * @param pair          a pair from demc_material_pair_sphere_sphere() or demc_material_pair_sphere_wall() (validated again here).
 * @param velocity      normal impact velocity in m/s (> 0).
 * @param normal_damping_coefficient      c₂ in kg/s (≥ 0).
 * @param tangential_damping_coefficient  c₁ = c₃ in kg/s (≥ 0).
 * @param[out] out      the collision.
 * @param bad_field optional: name of the offending argument ("pair.<field>" for the pair).
 * @return #DEMC_OK, a validation status as demc_material_pair_validate() or demc_timestep_rayleigh(), or
 *         #DEMC_ERR_SINGULAR if a stiffness is not representable.
 */
DEMC_TIMESTEP_FN demc_status demc_timestep_collision_pair_init(const demc_pair *pair, double velocity, double normal_damping_coefficient,
                                                          double tangential_damping_coefficient, demc_timestep_collision *out,
                                                          const char **bad_field);

/**
 * @brief All map bounds of a collision and the critical step, their minimum ([Burns 2019] §3.6.3), with the binding
 * one.
 *
 * critical = min(compression eq 62, restitution eq 65, shear eq 68/69). [Burns 2019] recommends a safety factor on it.
 *
 * @param collision the collision (every field validated as in the single-bound functions).
 * @param[out] out  the bounds.
 * @param bad_field optional: name of the offending argument (see the file description).
 * @return #DEMC_OK, #DEMC_ERR_INVALID_ARGUMENT for a null pointer or non-finite field, #DEMC_ERR_OUT_OF_DOMAIN,
 *         #DEMC_ERR_SINGULAR or #DEMC_ERR_NO_CONVERGENCE as the single-bound functions.
 */
DEMC_TIMESTEP_FN demc_status demc_timestep_critical(const demc_timestep_collision *collision,
                                                    demc_timestep_bounds *out, const char **bad_field);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_TIMESTEP)
#  include "impl/timestep_impl.h"
#endif

#endif /* DEMC_TIMESTEP_H */
