/**
 * @file twisting.h
 * @brief Twisting (torsion) resistance: the relative twisting velocity of a contact and two torque laws, Marshall's
 *        (coefficients from the tangential law and the contact radius) and the spring–dashpot–slider (SDS).
 *
 * Conventions (those of the library): the unit normal n points from body j to body i; torques are returned on
 * body i and on body j. The twisting torque is a pure couple about n, torque_i = M_t n, torque_j = −M_t n, so
 * the pair's angular momentum is conserved.
 *
 * Relative twisting velocity: ω_n = (ω_i − ω_j)·n (rad/s) (Luding 2008, rolling and torsion resistance; Marshall 2009; LAMMPS
 * GRANULAR). It vanishes when the two bodies turn as one rigid body and is unchanged by the i ⇄ j swap
 * (ω_i − ω_j and n both change sign). Both laws are one scalar spring–dashpot–slider on the twist angle
 * φ = ∫ω_n dt:
 *
 *     M* = −k_tw φ* − γ_tw ω_n,  φ* = φ + ω_n Δt;  |M_t| ≤ M_c, and when |M*| > M_c the memory is set so that
 *     spring and dashpot together give M_t = M_c sign(M*).
 *
 * - SDS (Luding 2008; LAMMPS "twisting sds"): k_tw, γ_tw given; M_c = μ_tw F_n with μ_tw a length (m), as in
 *   LAMMPS, so that its values carry over.
 * - Marshall (J.S. Marshall 2009, eq 30, 32, 34 and 44 as implemented by LAMMPS "twisting marshall"):
 *   k_tw = ½ k_t a², γ_tw = ½ c_t a², M_c = (2/3) μ_t a F_n, with k_t and c_t the stiffness and damping of the
 *   tangential law and a the contact radius: a uniform tangential stiffness, damping and Coulomb traction per unit
 *   area over the contact disc, integrated with the arm r about its centre.
 *
 * Per-contact state: the twist angle φ (one double, zero = new contact, unchanged by the i ⇄ j swap). Energies
 * only on request (non-NULL demc_twisting_energy). The model page is @ref rolling.
 *
 * Sources:
 * - J.S. Marshall, "Discrete-element modeling of particulate aerosol flows", J. Comput. Phys. 228 (2009)
 *   1541-1561.
 * - S. Luding, "Cohesive, frictional powders: contact models for tension", Granular Matter 10 (2008) 235-246.
 */
#ifndef DEMC_TWISTING_H
#define DEMC_TWISTING_H

#include "base.h"
#include "material.h" /* the shared validation helpers of the setup functions */

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_TWISTING)
#  define DEMC_TWISTING_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_TWISTING_FN DEMC_STATIC_INLINE
#else
#  define DEMC_TWISTING_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/** Size of demc_twisting_state in doubles. */
#define DEMC_TWISTING_STATE_SIZE 1
/** Zero initialiser of a demc_twisting_state (a new contact); compiles as C and C++. */
#define DEMC_TWISTING_STATE_INIT {0.0}

/** @brief Per-contact memory of the twisting laws: the twist angle. Zero = a new contact; unchanged by the swap. */
typedef struct demc_twisting_state {
    double angle; /**< Twist angle φ (rad): the spring part of the twist, M = −k_tw φ − γ_tw ω_n before the limit. */
} demc_twisting_state;

/** @brief Parameters of the SDS twisting law (fill with demc_twisting_sds_init()). */
typedef struct demc_twisting_sds_params {
    double stiffness;   /**< k_tw (N·m/rad, ≥ 0). */
    double damping;     /**< γ_tw (N·m·s/rad, ≥ 0). */
    double mu_twisting; /**< μ_tw (m, ≥ 0): the limit is μ_tw F_n (a length, as LAMMPS "twisting sds"). */
} demc_twisting_sds_params;

/** @brief Parameters of Marshall's twisting law (fill with demc_twisting_marshall_init()). */
typedef struct demc_twisting_marshall_params {
    /** Friction coefficient μ_t of the tangential law (dimensionless, ≥ 0): pass the coefficient that bounds the
     *  sliding force (LAMMPS has a single one). */
    double mu_tangential;
} demc_twisting_marshall_params;

/** @brief The torques of one step of a twisting law. */
typedef struct demc_twisting_result {
    demc_vec3 torque_i; /**< Twisting torque on body i (N·m): M_t n. */
    demc_vec3 torque_j; /**< Torque on body j (N·m): exactly −torque_i. */
    double torque;      /**< M_t (N·m), the signed component of torque_i along n. */
    int mobilised;      /**< 1 when |M_t| is at its limit M_c this step, else 0. */
} demc_twisting_result;

/**
 * @brief Energy terms of one step of a twisting law, written only when asked for.
 *
 * With Δφ = ω_n Δt, the work the contact absorbs, W = −(½(M_s,old + M_s,new) + M_d)Δφ (M_s = −k_tw φ the spring
 * part, M_d = −γ_tw ω_n the dashpot), equals the change of the stored energy plus the two dissipations exactly while
 * k_tw and M_c are constant and the friction term is not clipped (as for demc_rolling_energy).
 */
typedef struct demc_twisting_energy {
    double stored_energy;        /**< ½ k_tw φ² at the end of the step (J). */
    double viscous_dissipation;  /**< γ_tw ω_n² Δt (J, ≥ 0). */
    double friction_dissipation; /**< ½ k_tw (φ_old + φ)(φ* − φ), the slip against the mean spring torque
                                      (J, ≥ 0; 0 where the trapezoid would be negative). */
} demc_twisting_energy;

/**
 * @brief Relative twisting velocity ω_n = (ω_i − ω_j)·n (rad/s).
 *
 * @param normal unit normal n (j → i).
 * @param omega_i, omega_j angular velocities (rad/s).
 */
DEMC_TWISTING_FN double demc_twisting_velocity(demc_vec3 normal, demc_vec3 omega_i, demc_vec3 omega_j);

/**
 * @brief Fills SDS twisting parameters (the coefficients of LAMMPS "twisting sds").
 *
 * @param stiffness k_tw ≥ 0 (N·m/rad).
 * @param damping γ_tw ≥ 0 (N·m·s/rad).
 * @param mu_twisting μ_tw ≥ 0 (m).
 * @param params output, written only on success.
 * @param bad_field optional (may be NULL): "stiffness", "damping", "mu_twisting" or "params".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (non-finite, null); DEMC_ERR_OUT_OF_DOMAIN (negative).
 */
DEMC_TWISTING_FN demc_status demc_twisting_sds_init(double stiffness, double damping, double mu_twisting,
                                                    demc_twisting_sds_params *params, const char **bad_field);

/**
 * @brief Fills Marshall twisting parameters.
 *
 * @param mu_tangential μ_t ≥ 0.
 * @param params output, written only on success.
 * @param bad_field optional (may be NULL): "mu_tangential" or "params".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (non-finite, null); DEMC_ERR_OUT_OF_DOMAIN (negative).
 */
DEMC_TWISTING_FN demc_status demc_twisting_marshall_init(double mu_tangential,
                                                         demc_twisting_marshall_params *params,
                                                         const char **bad_field);

/**
 * @brief One step of the SDS twisting law (Luding 2008, rolling and torsion resistance; LAMMPS "twisting sds").
 *
 * See the file description for the law. Differs from LAMMPS in one edge case only: on the limit the sign is that
 * of the trial torque, not that of ω_n, so that a limit that falls while ω_n = 0 keeps the torque at the new
 * limit instead of releasing it.
 * @param params SDS parameters.
 * @param normal unit normal n (j → i).
 * @param normal_force F_n (N); ≤ 0 gives M_c = 0.
 * @param omega_i, omega_j angular velocities (rad/s).
 * @param dt time step (s), ≥ 0.
 * @param state twist angle, in/out (zero = new contact).
 * @param energy optional (may be NULL).
 */
DEMC_TWISTING_FN demc_twisting_result demc_twisting_sds_torque(const demc_twisting_sds_params *params,
                                                               demc_vec3 normal, double normal_force,
                                                               demc_vec3 omega_i, demc_vec3 omega_j, double dt,
                                                               demc_twisting_state *state,
                                                               demc_twisting_energy *energy);

/**
 * @brief One step of Marshall's twisting law (Marshall 2009, eq 30, 32, 34, 44; LAMMPS "twisting marshall").
 *
 * The SDS law with k_tw = ½ k_t a², γ_tw = ½ c_t a² and M_c = (2/3) μ_t a F_n.
 * @param params Marshall parameters.
 * @param normal unit normal n (j → i).
 * @param contact_radius a (m), e.g. √(R*δ) for Hertz; ≤ 0 gives no torque and releases the memory.
 * @param tangential_stiffness k_t (N/m) of the tangential law in this step.
 * @param tangential_damping c_t (N·s/m) of the tangential dashpot in this step.
 * @param normal_force F_n (N); ≤ 0 gives M_c = 0.
 * @param omega_i, omega_j angular velocities (rad/s).
 * @param dt time step (s), ≥ 0.
 * @param state twist angle, in/out (zero = new contact).
 * @param energy optional (may be NULL).
 */
DEMC_TWISTING_FN demc_twisting_result demc_twisting_marshall_torque(const demc_twisting_marshall_params *params,
                                                                    demc_vec3 normal, double contact_radius,
                                                                    double tangential_stiffness,
                                                                    double tangential_damping, double normal_force,
                                                                    demc_vec3 omega_i, demc_vec3 omega_j, double dt,
                                                                    demc_twisting_state *state,
                                                                    demc_twisting_energy *energy);

/** @brief The twisting memory seen from body j: unchanged (ω_n is invariant under the swap). */
DEMC_TWISTING_FN demc_twisting_state demc_twisting_state_swap(demc_twisting_state s);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_TWISTING)
#  include "impl/twisting_impl.h"
#endif

#endif /* DEMC_TWISTING_H */
