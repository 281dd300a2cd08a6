/**
 * @file analysis/collision.h
 * @brief Analysis set (not covered by the 1.x ABI promise): figures of one collision, for validating a host's
 *        integration and reproducing papers, not for a force loop.
 *
 * - the closed-form undamped Hertz impact (maximum overlap, peak force, duration): demc_collision_hertz_impact();
 * - the time within a step at which a sliding contact stops or the relative tangential velocity reverses
 *   ([Zabulionis 2012] eq 45-48): demc_collision_inverse_mass(), demc_collision_zero_velocity_time_zw(),
 *   demc_collision_zero_velocity_time(), demc_collision_zero_velocity_crossed();
 * - the numerical search for the largest step that still captures a collision ([Burns 2019] eq 45-50):
 *   demc_collision_timestep_probe() (the closed-form limits a host uses are in timestep.h).
 *
 * These functions were in normal.h, tangential.h and timestep.h before 1.0 (as demc_collision_hertz_impact(),
 * demc_collision_zero_velocity_*(), demc_collision_inverse_mass() and demc_collision_timestep_probe()). What the analysis set
 * promises: @ref analysis_page "The analysis set".
 *
 * Sources (all references: @ref references):
 * - [Zabulionis 2012] D. Zabulionis, R. Kačianauskas, D. Markauskas, J. Rojek, “An investigation of nonlinear
 *   tangential contact behaviour of a spherical particle under varying loading”, Bulletin of the Polish Academy of
 *   Sciences: Technical Sciences 60(2) (2012) 265–278, doi:10.2478/v10175-012-0036-3.
 * - [Campello 2015] E.M.B. Campello, “A description of rotations for DEM models of particle systems”, Computational
 *   Particle Mechanics 2 (2015) 109–125, doi:10.1007/s40571-015-0041-z.
 * - [Burns 2019] S.J. Burns, P.T. Piiroinen, K.J. Hanley, “Critical time-step for DEM simulations of dynamic systems
 *   using a Hertzian contact model”, International Journal for Numerical Methods in Engineering 119 (2019) 432–451,
 *   doi:10.1002/nme.6056.
 */
#ifndef DEMC_COLLISION_H
#define DEMC_COLLISION_H

#include "../base.h"
#include "../material.h"
#include "../normal.h"
#include "../timestep.h"

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_COLLISION)
#  define DEMC_COLLISION_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_COLLISION_FN DEMC_STATIC_INLINE
#else
#  define DEMC_COLLISION_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/**
 * @brief H of [Zabulionis 2012] eq 45: the rate dv_t/dt of the relative tangential velocity of the contact points per
 * newton
 *        of tangential force on body i.
 *
 * H = 1/m_i + |d_i|²/I_i + 1/m_j + |d_j|²/I_j (d: centre → contact point; a force in the tangent plane).
 * Inverse masses and inertias are taken so that a wall is 0.
 * @param inv_mass_i, inv_inertia_i 1/m_i (1/kg), 1/I_i (1/(kg m²)).
 * @param arm_i |d_i| (m).
 * @param inv_mass_j, inv_inertia_j, arm_j the same for body j (0, 0 for a wall).
 */
DEMC_COLLISION_FN double demc_collision_inverse_mass(double inv_mass_i, double inv_inertia_i, double arm_i,
                                                       double inv_mass_j, double inv_inertia_j, double arm_j);

/**
 * @brief Time after t_{m−1} at which a sliding contact stops, Zhang–Whiten ([Zabulionis 2012] eq 45).
 *
 * A sliding force μF_n opposing the motion decelerates the relative tangential speed at the rate μ F_n H, so the
 * speed v(t_{m−1}) reaches zero after v(t_{m−1})/(μ F_n H). [Zabulionis 2012] eq 45 prints v(t_m) with the origin
 * t_{m−1}; the linear deceleration it rests on needs the speed at the origin, which is what is taken here.
 *
 * @param speed |v_t(t_{m−1})| (m/s).
 * @param mu friction coefficient, @param normal_force F_n (N), @param inverse_mass H (see
 *        demc_collision_inverse_mass()).
 * @param dt step Δt (s).
 * @return τ in [0, Δt] when the speed vanishes within the step, else −1.
 */
DEMC_COLLISION_FN double demc_collision_zero_velocity_time_zw(double speed, double mu, double normal_force,
                                                     double inverse_mass, double dt);

/**
 * @brief Time after t_{m−1} at which the relative tangential velocity vanishes, from the force projection
 *        ([Zabulionis 2012] eq 46-47).
 *
 * With F_proj = v·F/|v| ([Zabulionis 2012] eq 47) the projection of the tangential force on the velocity, the velocity
 * component along v decreases at −F_proj H, so τ = |v|/(−F_proj H). As for eq 45 the velocity is the one at the
 * origin t_{m−1} ([Zabulionis 2012] prints v(t_m)).
 *
 * @param velocity v_t(t_{m−1}) (m/s).
 * @param force tangential force on body i during the step (N).
 * @param inverse_mass H.
 * @param dt step Δt (s).
 * @return τ in [0, Δt] when the velocity vanishes within the step, else −1 (also when the force does not oppose
 *         the velocity, or v = 0). Computed with v scaled by its largest component, so that |v|² and v·F never
 *         overflow: for any finite input the result is in [0, Δt] or −1, never NaN.
 */
DEMC_COLLISION_FN double demc_collision_zero_velocity_time(demc_vec3 velocity, demc_vec3 force, double inverse_mass,
                                                  double dt);

/**
 * @brief 1 when the relative tangential velocity has reversed within the step, else 0 ([Zabulionis 2012] eq 48).
 *
 * The projection pr = v(t_{m−1})·v(t_m)/|v(t_{m−1})| is negative; the sign of the scalar product is tested, so a
 * zero v(t_{m−1}) gives 0.
 */
DEMC_COLLISION_FN int demc_collision_zero_velocity_crossed(demc_vec3 velocity_prev, demc_vec3 velocity);

/**
 * @brief Analytic figures of an undamped Hertz impact (sphere–sphere or sphere–wall, by the pair).
 *
 * Filled by demc_collision_hertz_impact(). The relative normal motion obeys m* δ̈ = −K δ^{3/2}, K = (4/3)E*√R*.
 */
typedef struct demc_collision_hertz {
    double max_overlap;       /**< δ_max = (15 m* v² / (16 E* √R*))^{2/5}, m (from energy: ½ m* v² = (2/5) K δ_max^{5/2}). */
    double max_force;         /**< F_max = K δ_max^{3/2}, N. */
    double duration;          /**< t_c = ::DEMC_NORMAL_HERTZ_DURATION_FACTOR · δ_max / v, s ([Campello 2015] eq 50, [Burns 2019] eq 55). */
    double time_of_max_force; /**< t_c / 2, s: the motion is symmetric about the instant of maximum overlap. */
    double contact_radius;    /**< a = √(R* δ_max), m: radius of the contact circle at maximum compression. */
} demc_collision_hertz;

/**
 * @brief Analytic undamped Hertz impact for a normal approach speed ([Campello 2015] eq 50, [Burns 2019] eq 54-55).
 *
 * Sphere–sphere or sphere–wall through the pair (demc_material_pair_sphere_sphere(), demc_material_pair_sphere_wall()).
 * δ_max = (15 m* v²/(16 E* √R*))^{2/5}, F_max = (4/3) E* √R* δ_max^{3/2}, t_c = 2√π Γ(7/5)/Γ(9/10) · δ_max/v,
 * peak force at t_c/2, contact radius √(R* δ_max). Not a hot-path function (it calls pow).
 *
 * @param pair the pair; effective_modulus, effective_radius and effective_mass are used and checked.
 * @param approach_speed v, the normal relative speed of the contact points before contact, m/s, finite and > 0.
 * @param impact output, written only on success.
 * @param bad_field optional: NULL on success, else "pair", "pair.<field>", "approach_speed", "impact", or
 *        "impact.<field>" when a result is not representable.
 * @return ::DEMC_OK, ::DEMC_ERR_INVALID_ARGUMENT, ::DEMC_ERR_OUT_OF_DOMAIN, ::DEMC_ERR_SINGULAR.
 */
DEMC_COLLISION_FN demc_status demc_collision_hertz_impact(const demc_pair *pair, double approach_speed,
                                                   demc_collision_hertz *impact, const char **bad_field);

/**
 * @brief Numerical probe: the largest step for which iterating the map [Burns 2019] eq 45–50 captures the collision.
 *
 * The map is started at first contact (x₂ = 0, v₂ = v, x₁ = 0, v₁ = 1 m/s; no force at zero overlap) and run to
 * separation. A step size passes when
 * 1. compression: the first in-contact state still moves inwards (the maximum-overlap curve, [Burns 2019] eq 58, is not
 *    crossed in one step);
 * 2. shear: the tangential velocity is not reversed in that first step ([Burns 2019] §3.6.2);
 * 3. restitution: the state at the first non-positive velocity and the state after it are in contact and above
 *    the minimum-velocity curve k₂x^{3/2} + c₂v = 0 ([Burns 2019] eq 60; for c₂ = 0, the curve is x = 0);
 * 4. energy: the normal kinetic energy at separation is at most (1 + energy_tolerance) times the incoming one.
 *
 * Search: from half the analytic critical step (halved up to 20 times until it passes), steps grow by 2 % until
 * one fails, then bisection to a relative bracket of 1e-12. A failure window narrower than 2 % above a pass can
 * be missed. Work is bounded: at most 20 + 1000 + 64 runs, each at most 2²⁰ map steps; a run cut there (a step a
 * million times shorter than the contact) is judged by its energy alone. Typical cost: tens of microseconds;
 * when a stiff, heavily damped tangential spring forces a step 1e5 times below the normal time scale, up to
 * about 0.7 s.
 *
 * @param collision         the collision (validated as in demc_timestep_critical()).
 * @param energy_tolerance  allowed relative gain of normal kinetic energy (≥ 0, finite). The undamped map
 *                          gains or loses O(Δt²) energy at any step, so 0 makes the energy criterion fail at
 *                          small steps too; 0.01 is a practical value.
 * @param[out] dt           the largest passing step found, in s.
 * @param[out] failed       the criterion that fails just above dt (may be NULL).
 * @param bad_field optional: name of the offending argument (see the file description).
 * @return #DEMC_OK, a validation status, or #DEMC_ERR_NO_CONVERGENCE if no passing step was found.
 */
DEMC_COLLISION_FN demc_status demc_collision_timestep_probe(const demc_timestep_collision *collision,
                                                 double energy_tolerance, double *dt, demc_timestep_bound *failed,
                                                 const char **bad_field);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_COLLISION)
#  include "../impl/collision_impl.h"
#endif

#endif /* DEMC_COLLISION_H */
