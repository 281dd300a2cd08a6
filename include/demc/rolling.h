/**
 * @file rolling.h
 * @brief Rolling resistance: the relative rolling velocity of a contact and three torque laws, the constant
 *        directional torque (CDT), the elastic–plastic spring–dashpot (EPSD) and the spring–dashpot–slider (SDS).
 *
 * Conventions (those of the library): the unit normal n points from body j to body i; torques are returned on
 * body i and on body j. Every torque of this module is a pure couple, torque_j = −torque_i: the rolling
 * resistance exchanges no force, so the pair's linear and angular momenta are conserved (the couple does not
 * depend on the point it is taken about).
 *
 * Relative rolling. With ω = ω_i − ω_j the relative angular velocity, its rolling part is the component in the
 * tangent plane, ω_r = ω − n(n·ω), and the rolling velocity is v_r = R*(ω_i − ω_j) × n = −R* n × (ω_i − ω_j),
 * R* the effective radius (Luding 2008, rolling and torsion resistance; the rolling velocity of LAMMPS GRANULAR, after Wang et al.).
 * Its sign is chosen so that v_r points where the centre of i goes when i rolls without slip on a fixed j. Both
 * depend on ω_i − ω_j only, so they vanish when the two bodies turn as one rigid body (objective), and both are
 * unchanged by the i ⇄ j swap (ω_i − ω_j and n both change sign).
 *
 * The laws return, on body i:
 * - CDT (model type A of Ai et al. 2011): M = −μ_r R* F_n ω_r/|ω_r|;
 * - EPSD (model type C of Ai et al. 2011, after Iwashita & Oda 1998): a spring torque of stiffness
 *   k_r = 2.25 k_n μ_r² R*², limited at μ_r R* F_n, plus a viscous torque of damping ratio η_r, off at full
 *   mobilisation;
 * - SDS (Luding 2008; LAMMPS "rolling sds"): a rolling force F_r = −k_roll ξ_r − γ_roll v_r limited at
 *   μ_roll F_n, whose couple is M = R* n × F_r.
 *
 * Per-contact state: EPSD keeps its spring torque, SDS its rolling displacement (doubles only, zero = new
 * contact). Both are vectors in the tangent plane of the step that wrote them: before the next call, carry them
 * into the new tangent plane with the rotation applied to the tangential memory
 * (demc_tangential_rotate(v, n_old, n_new, spin)). Energies (stored energy, viscous and friction dissipation of
 * the step) are computed only when the caller passes a non-NULL demc_rolling_energy. The model page is
 * @ref rolling.
 *
 * Sources:
 * - J. Ai, J.-F. Chen, J.M. Rotter, J.Y. Ooi, "Assessment of rolling resistance models in discrete element
 *   simulations", Powder Technology 206 (2011) 269-282.
 * - K. Iwashita, M. Oda, "Rolling resistance at contacts in simulation of shear band development by DEM",
 *   J. Eng. Mech. 124 (1998) 285-292.
 * - S. Luding, "Cohesive, frictional powders: contact models for tension", Granular Matter 10 (2008) 235-246.
 * - Y. Wang, F. Alonso-Marroquin, W.W. Guo, "Rolling and sliding in 3-D discrete element models",
 *   Particuology 23 (2015) 49-55.
 */
#ifndef DEMC_ROLLING_H
#define DEMC_ROLLING_H

#include "base.h"
#include "material.h" /* the shared validation helpers of the setup functions */

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_ROLLING)
#  define DEMC_ROLLING_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_ROLLING_FN DEMC_STATIC_INLINE
#else
#  define DEMC_ROLLING_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/** Size of demc_rolling_epsd_state in doubles. */
#define DEMC_ROLLING_EPSD_STATE_SIZE 3
/** Zero initialiser of a demc_rolling_epsd_state (a new contact); compiles as C and C++. */
#define DEMC_ROLLING_EPSD_STATE_INIT {{0.0, 0.0, 0.0}}
/** Size of demc_rolling_sds_state in doubles. */
#define DEMC_ROLLING_SDS_STATE_SIZE 3
/** Zero initialiser of a demc_rolling_sds_state (a new contact); compiles as C and C++. */
#define DEMC_ROLLING_SDS_STATE_INIT {{0.0, 0.0, 0.0}}

/**
 * @brief Per-contact memory of the EPSD law: the spring torque on body i. All zero = a new contact.
 *
 * Three doubles (DEMC_ROLLING_EPSD_STATE_SIZE), a vector in the tangent plane of the step that wrote it. Under
 * the i ⇄ j swap all three change sign (demc_rolling_epsd_state_swap()).
 */
typedef struct demc_rolling_epsd_state {
    demc_vec3 torque; /**< Spring torque M_k on body i (N·m), |M_k| ≤ μ_r R* F_n of the step that wrote it. */
} demc_rolling_epsd_state;

/**
 * @brief Per-contact memory of the SDS law: the rolling displacement ξ_r. All zero = a new contact.
 *
 * Three doubles (DEMC_ROLLING_SDS_STATE_SIZE), a vector in the tangent plane of the step that wrote it. The i ⇄ j
 * swap leaves it unchanged, as it leaves v_r unchanged (demc_rolling_sds_state_swap()).
 */
typedef struct demc_rolling_sds_state {
    demc_vec3 displacement; /**< Rolling displacement ξ_r (m), the time integral of v_r; F_r = −k_roll ξ_r − γ_roll v_r. */
} demc_rolling_sds_state;

/**
 * @brief What the CDT law does when |ω_r| is small.
 *
 * The published law applies the full torque μ_r R* F_n whatever |ω_r| is. In an explicit integration that
 * torque reverses ω_r within one step once |ω_r| < μ_r R* F_n Δt (1/I_i + 1/I_j), so that ω_r then flips sign
 * every step and never settles (the weakness of model type A that Ai et al. 2011 discuss). The limiter caps the
 * torque at the value whose couple alone brings ω_r to zero in one step: a couple M on i and −M on j changes
 * ω_i − ω_j by M Δt (1/I_i + 1/I_j) = M Δt / I_c.
 */
typedef enum demc_rolling_cdt_limiter {
    /** |M| = min(μ_r R* F_n, I_c |ω_r|/Δt), I_c = (1/I_i + 1/I_j)⁻¹ the couple inertia passed to the call
     *  (default). With I_c ≤ 0 or Δt ≤ 0 the cap is off. */
    DEMC_ROLLING_CDT_LIMITER_INERTIA = 0,
    /** |M| = μ_r R* F_n whenever ω_r ≠ 0, as published (Ai et al. 2011, model type A). */
    DEMC_ROLLING_CDT_LIMITER_NONE = 1,
    DEMC_ROLLING_CDT_LIMITER_MAX_ = 0x7FFFFFFF /**< Pins the width to int; not a count, never valid input. */
} demc_rolling_cdt_limiter;

/** @brief Parameters of the CDT law (fill with demc_rolling_cdt_init()). */
typedef struct demc_rolling_cdt_params {
    double mu_rolling;                /**< Coefficient of rolling friction μ_r (dimensionless, ≥ 0). */
    demc_rolling_cdt_limiter limiter; /**< Behaviour at small |ω_r|. */
} demc_rolling_cdt_params;

/** @brief Parameters of the EPSD law (fill with demc_rolling_epsd_init(); check with demc_rolling_epsd_validate()). */
typedef struct demc_rolling_epsd_params {
    double mu_rolling;            /**< Coefficient of rolling friction μ_r (dimensionless, ≥ 0). */
    double stiffness_coefficient; /**< c in k_r = c k_n μ_r² R*² (> 0); 2.25 in Ai et al. 2011 for 3D. */
    double damping_ratio;         /**< η_r ≥ 0: C_r = η_r · 2√(I_r k_r). */
    double mobilised_damping;     /**< f in [0, 1]: the viscous torque is f·(−C_r ω_r) at full mobilisation; 0 as
                                       published (Ai et al. 2011). */
} demc_rolling_epsd_params;

/** @brief Parameters of the SDS law (fill with demc_rolling_sds_init(); the LAMMPS "rolling sds" coefficients). */
typedef struct demc_rolling_sds_params {
    double stiffness;  /**< k_roll (N/m, ≥ 0). */
    double damping;    /**< γ_roll (N·s/m, ≥ 0). */
    double mu_rolling; /**< μ_roll (dimensionless, ≥ 0): |F_r| ≤ μ_roll F_n, so |M| ≤ μ_roll R* F_n. */
} demc_rolling_sds_params;

/** @brief The torques of one step of a rolling law. */
typedef struct demc_rolling_result {
    demc_vec3 torque_i; /**< Rolling-resistance torque on body i (N·m), in the tangent plane. */
    demc_vec3 torque_j; /**< Torque on body j (N·m): exactly −torque_i (a pure couple). */
    /** 1 when the law is at its limit this step (CDT: the full torque μ_r R* F_n is applied; EPSD: the spring
     *  torque is at μ_r R* F_n; SDS: the total rolling force is at μ_roll F_n), else 0. */
    int mobilised;
} demc_rolling_result;

/**
 * @brief Energy terms of one step of a rolling law, written only when asked for.
 *
 * With Δθ = ω_r Δt (EPSD, CDT) or Δξ = v_r Δt (SDS) the relative motion of the step, the work the contact
 * absorbs, W = −(½(M_old + M_new) + M_d)·Δθ (SDS: the same with forces and Δξ; spring part by the trapezoid,
 * viscous part at the step's rate), splits as W = (stored − stored_old) + viscous_dissipation +
 * friction_dissipation exactly while the spring stiffness and the limit are constant (see each law for the
 * exceptions). Every dissipation is ≥ 0.
 */
typedef struct demc_rolling_energy {
    double stored_energy;        /**< Elastic energy in the spring at the end of the step (J): |M_k|²/(2k_r),
                                      ½k_roll|ξ_r|²; 0 for CDT. */
    double viscous_dissipation;  /**< Energy dissipated by the dashpot in the step (J, ≥ 0). */
    double friction_dissipation; /**< Energy dissipated by the slider in the step (J, ≥ 0); for CDT the whole
                                      work |M||ω_r|Δt. */
} demc_rolling_energy;

/**
 * @brief Relative rolling velocity v_r = R*(ω_i − ω_j) × n (m/s) (Luding 2008, rolling and torsion resistance; LAMMPS GRANULAR).
 *
 * In the tangent plane; zero when ω_i = ω_j; unchanged by the i ⇄ j swap.
 * @param normal unit normal n (from j to i).
 * @param effective_radius R* (m).
 * @param omega_i, omega_j angular velocities (rad/s).
 */
DEMC_ROLLING_FN demc_vec3 demc_rolling_velocity(demc_vec3 normal, double effective_radius, demc_vec3 omega_i,
                                                demc_vec3 omega_j);

/**
 * @brief Rolling part of the relative angular velocity, ω_r = ω − n(n·ω) with ω = ω_i − ω_j (rad/s).
 *
 * v_r = R* ω_r × n. ω_r changes sign under the i ⇄ j swap.
 */
DEMC_ROLLING_FN demc_vec3 demc_rolling_angular_velocity(demc_vec3 normal, demc_vec3 omega_i, demc_vec3 omega_j);

/**
 * @brief Rolling inertia I_r of two solid spheres, [1/(I_i + m_i r_i²) + 1/(I_j + m_j r_j²)]⁻¹ with
 *        I = (2/5) m r² (Ai et al. 2011, section 3: the inertia of the rotational vibration about the contact).
 *
 * For other bodies compute I + m d² (d the distance from the centre to the contact point) for each and combine
 * them the same way. No check: pass positive masses and radii.
 * @return I_r (kg·m²).
 */
DEMC_ROLLING_FN double demc_rolling_inertia_spheres(double mass_i, double radius_i, double mass_j, double radius_j);

/** @brief Rolling inertia of a solid sphere on a fixed wall, I + m r² = (7/5) m r² (kg·m²). */
DEMC_ROLLING_FN double demc_rolling_inertia_sphere_wall(double mass_i, double radius_i);

/**
 * @brief Fills CDT parameters.
 *
 * @param mu_rolling μ_r ≥ 0.
 * @param limiter DEMC_ROLLING_CDT_LIMITER_INERTIA (recommended) or DEMC_ROLLING_CDT_LIMITER_NONE (as published).
 * @param params output, written only on success.
 * @param bad_field optional (may be NULL): receives NULL on success, else the first offending input in argument
 *        order: "mu_rolling", "limiter" or "params".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT for a non-finite μ_r, an unknown limiter or a null params;
 *         DEMC_ERR_OUT_OF_DOMAIN for μ_r < 0.
 */
DEMC_ROLLING_FN demc_status demc_rolling_cdt_init(double mu_rolling, demc_rolling_cdt_limiter limiter,
                                                  demc_rolling_cdt_params *params, const char **bad_field);

/**
 * @brief Constant directional torque (Ai et al. 2011, section 2, model type A):
 *        M_i = −μ_r R* F_n ω_r/|ω_r|, M_j = −M_i.
 *
 * The direction is that of the rolling part ω_r of ω_i − ω_j (the torsion about n is left out, as LIGGGHTS does
 * by default). ω_r = 0 gives no torque. With DEMC_ROLLING_CDT_LIMITER_INERTIA the magnitude is
 * min(μ_r R* F_n, I_c|ω_r|/Δt). No state. Solid sphere rolling without slip on a flat under gravity:
 * deceleration (5/7) μ_r g.
 * @param params from demc_rolling_cdt_init().
 * @param normal unit normal n (j → i).
 * @param effective_radius R* (m) (the rolling radius R_r of Ai et al.).
 * @param normal_force F_n (N); ≤ 0 gives no torque.
 * @param couple_inertia I_c = (1/I_i + 1/I_j)⁻¹ (kg·m²), the bodies' own moments of inertia (a wall: I_i),
 *        for the limiter; ignored without it.
 * @param omega_i, omega_j angular velocities (rad/s).
 * @param dt time step (s), for the limiter and the energy.
 * @param energy optional (may be NULL): the step's dissipation |M||ω_r|Δt as friction_dissipation.
 * @return torques on i and j; mobilised = 1 when the full torque μ_r R* F_n > 0 was applied.
 */
DEMC_ROLLING_FN demc_rolling_result demc_rolling_cdt_torque(const demc_rolling_cdt_params *params,
                                                            demc_vec3 normal, double effective_radius,
                                                            double normal_force, double couple_inertia,
                                                            demc_vec3 omega_i, demc_vec3 omega_j, double dt,
                                                            demc_rolling_energy *energy);

/**
 * @brief Fills EPSD parameters with the published stiffness coefficient 2.25 and no damping at full
 *        mobilisation (f = 0), as Ai et al. 2011.
 *
 * @param mu_rolling μ_r ≥ 0.
 * @param damping_ratio η_r ≥ 0 (Ai et al. 2011 use 0.3).
 * @param params output, written only on success.
 * @param bad_field optional (may be NULL): "mu_rolling", "damping_ratio" or "params".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT for a non-finite input or a null params; DEMC_ERR_OUT_OF_DOMAIN for
 *         a negative input.
 */
DEMC_ROLLING_FN demc_status demc_rolling_epsd_init(double mu_rolling, double damping_ratio,
                                                   demc_rolling_epsd_params *params, const char **bad_field);

/**
 * @brief Checks a filled demc_rolling_epsd_params field by field in declaration order.
 *
 * @param params the parameters (NULL: DEMC_ERR_INVALID_ARGUMENT, field "params").
 * @param bad_field optional (may be NULL): "params", "params.mu_rolling", "params.stiffness_coefficient",
 *        "params.damping_ratio" or "params.mobilised_damping".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (null, non-finite); DEMC_ERR_OUT_OF_DOMAIN (μ_r < 0, c ≤ 0,
 *         η_r < 0, f outside [0, 1]).
 */
DEMC_ROLLING_FN demc_status demc_rolling_epsd_validate(const demc_rolling_epsd_params *params,
                                                       const char **bad_field);

/**
 * @brief Rolling stiffness of the EPSD law, k_r = c k_n μ_r² R*² (N·m/rad) (Ai et al. 2011, section 3, after
 *        Iwashita & Oda 1998; c = 2.25).
 *
 * @param params EPSD parameters.
 * @param normal_stiffness k_n (N/m): the linear stiffness, or the tangent dF/dδ of a Hertz law; ≤ 0 gives 0.
 * @param effective_radius R* (m).
 */
DEMC_ROLLING_FN double demc_rolling_epsd_stiffness(const demc_rolling_epsd_params *params, double normal_stiffness,
                                                   double effective_radius);

/**
 * @brief One step of the elastic–plastic spring–dashpot rolling law (Ai et al. 2011, section 3, model type C).
 *
 * 1. spring (incremental): M* = M_k(t) − k_r ω_r Δt, k_r = c k_n μ_r² R*²;
 * 2. limit: M_k(t+Δt) = M* when |M*| ≤ M_m = μ_r R* F_n, else (M_m/|M*|) M* (full mobilisation);
 * 3. viscous torque M_d = −C_r ω_r, C_r = η_r · 2√(I_r k_r) (the critical damping of the rolling vibration),
 *    times f at full mobilisation (f = 0 as published: the dashpot is off);
 * 4. torque on i: M_k + M_d; on j: −(M_k + M_d). The state keeps M_k.
 *
 * The spring torque never exceeds M_m; the total exceeds it only by the viscous torque, and only below full
 * mobilisation. Under a steady applied torque M < M_m the relative rotation settles at M/k_r; a larger one
 * keeps it rolling. Energies: stored |M_k|²/(2k_r); viscous C_r|ω_r|²Δt (with the factor f at mobilisation);
 * friction −½(M_k(t) + M_k(t+Δt))·(M_k(t+Δt) − M*)/k_r, the slip against the mean spring torque, set to 0 in
 * the rare step where the trial torque reverses beyond the limit (where the trapezoid would be negative). When
 * k_r changes between steps (a Hertz k_n) the spring also exchanges energy with the normal load; the terms then
 * use the current k_r.
 * @param params EPSD parameters (validated).
 * @param normal unit normal n (j → i).
 * @param effective_radius R* (m).
 * @param normal_stiffness k_n (N/m) of this step.
 * @param normal_force F_n (N); ≤ 0 gives M_m = 0, which releases the spring.
 * @param rolling_inertia I_r (kg·m²) (demc_rolling_inertia_spheres()); ≤ 0 gives C_r = 0.
 * @param omega_i, omega_j angular velocities (rad/s).
 * @param dt time step (s), ≥ 0.
 * @param state spring torque, in/out, in this step's tangent plane (zero = new contact).
 * @param energy optional (may be NULL).
 */
DEMC_ROLLING_FN demc_rolling_result demc_rolling_epsd_torque(const demc_rolling_epsd_params *params,
                                                             demc_vec3 normal, double effective_radius,
                                                             double normal_stiffness, double normal_force,
                                                             double rolling_inertia, demc_vec3 omega_i,
                                                             demc_vec3 omega_j, double dt,
                                                             demc_rolling_epsd_state *state,
                                                             demc_rolling_energy *energy);

/** @brief The EPSD memory seen from body j: the spring torque changes sign. Swapping twice is the identity. */
DEMC_ROLLING_FN demc_rolling_epsd_state demc_rolling_epsd_state_swap(demc_rolling_epsd_state s);

/**
 * @brief Fills SDS parameters (the three coefficients of LAMMPS "rolling sds").
 *
 * @param stiffness k_roll ≥ 0 (N/m).
 * @param damping γ_roll ≥ 0 (N·s/m).
 * @param mu_rolling μ_roll ≥ 0.
 * @param params output, written only on success.
 * @param bad_field optional (may be NULL): "stiffness", "damping", "mu_rolling" or "params".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (non-finite, null); DEMC_ERR_OUT_OF_DOMAIN (negative).
 */
DEMC_ROLLING_FN demc_status demc_rolling_sds_init(double stiffness, double damping, double mu_rolling,
                                                  demc_rolling_sds_params *params, const char **bad_field);

/**
 * @brief One step of the spring–dashpot–slider rolling law (Luding 2008, rolling and torsion resistance; LAMMPS "rolling sds").
 *
 * 1. ξ* = ξ_r + v_r Δt, v_r = R*(ω_i − ω_j) × n;
 * 2. F* = −k_roll ξ* − γ_roll v_r;
 * 3. when |F*| ≤ F_c = μ_roll F_n: F_r = F*, ξ_r = ξ*; else F_r = (F_c/|F*|) F* and the memory is set so that
 *    spring and dashpot together give it, ξ_r = −(F_r + γ_roll v_r)/k_roll (0 when k_roll = 0);
 * 4. torque on i: R* n × F_r; on j: its opposite. So |M| ≤ μ_roll R* F_n always.
 *
 * Energies: stored ½k_roll|ξ_r|²; viscous γ_roll|v_r|²Δt; friction ½k_roll(ξ_old + ξ_r)·(ξ* − ξ_r) (the slip
 * against the mean spring force), set to 0 where negative. As in LAMMPS the dashpot acts on the whole v_r also
 * while sliding, so the balance of demc_rolling_energy closes as long as that step's friction term is not
 * clipped, which holds whenever γ_roll|v_r| ≤ F_c and the force does not reverse beyond the limit in one step.
 * @param params SDS parameters.
 * @param normal unit normal n (j → i).
 * @param effective_radius R* (m).
 * @param normal_force F_n (N); ≤ 0 gives F_c = 0.
 * @param omega_i, omega_j angular velocities (rad/s).
 * @param dt time step (s), ≥ 0.
 * @param state rolling displacement, in/out, in this step's tangent plane (zero = new contact).
 * @param energy optional (may be NULL).
 */
DEMC_ROLLING_FN demc_rolling_result demc_rolling_sds_torque(const demc_rolling_sds_params *params,
                                                            demc_vec3 normal, double effective_radius,
                                                            double normal_force, demc_vec3 omega_i,
                                                            demc_vec3 omega_j, double dt,
                                                            demc_rolling_sds_state *state,
                                                            demc_rolling_energy *energy);

/** @brief The SDS memory seen from body j: unchanged (v_r is invariant under the swap). */
DEMC_ROLLING_FN demc_rolling_sds_state demc_rolling_sds_state_swap(demc_rolling_sds_state s);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_ROLLING)
#  include "impl/rolling_impl.h"
#endif

#endif /* DEMC_ROLLING_H */
