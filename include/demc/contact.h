/**
 * @file contact.h
 * @brief Assembled contact models: one call from two bodies' kinematics and the per-contact state to the force on
 *        body i, the torques on both bodies, the updated state and this step's energy terms.
 *
 * Models (one call each, sphere–sphere and sphere–wall):
 * - LS+D, linear spring–dashpot (002 eq 1): demc_contact_lsd(), demc_contact_lsd_wall();
 * - HM+D, Hertz–Mindlin with dashpots and the unloading rescale (002 eq 2): demc_contact_hmd(),
 *   demc_contact_hmd_wall() — the default model;
 * - PLS(B), partially latching spring (002 eq 3): demc_contact_plsb(), demc_contact_plsb_wall();
 * - undamped Hertz–Mindlin with the choices of 000: demc_contact_hm(), demc_contact_hm_wall();
 * - the model of 001: Hertz with the δ^¼ dashpot d* (001 eq 19-22), the non-incremental Mindlin spring with static
 *   and dynamic friction (001 eq 30-38) and the rolling-consistent increment (001 eq 25-29):
 *   demc_contact_campello(), demc_contact_campello_wall().
 *
 * Pair parameters (demc_contact_params) are set up once per pair of species by the demc_contact_params_*()
 * functions, which take the coefficient of restitution and the end-of-contact rule and compute the damping with
 * the damping module. The model page is @ref contact.
 *
 * Conventions (DESIGN §3): overlap positive in contact, unit normal from body j to body i, forces and torques on
 * body i returned (body j receives −force and the torque torque_j).
 *
 * Sources: 000 (Zabulionis et al., Bull. Pol. Acad. Sci. Tech. Sci. 60 (2012) 265-278,
 * seeds/000_6d7fd9f3e743809d.txt), 001 (Campello, Comp. Part. Mech. 2 (2015) 109-125,
 * seeds/001_558b02b5fc003581.txt), 002 (Cummins, Thornton, Cleary, 9th Int. Conf. CFD in the Minerals and
 * Process Industries, CSIRO 2012, seeds/002_860c48dd450ee80f.txt).
 */
#ifndef DEMC_CONTACT_H
#define DEMC_CONTACT_H

#include "base.h"
#include "material.h"
#include "geometry.h"
#include "normal.h"
#include "damping.h"
#include "rotation.h"
#include "tangential.h"

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_CONTACT)
#  define DEMC_CONTACT_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_CONTACT_FN DEMC_STATIC_INLINE
#else
#  define DEMC_CONTACT_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/** Size of demc_contact_state in doubles. */
#define DEMC_CONTACT_STATE_SIZE (DEMC_TANGENTIAL_STATE_SIZE + 3 + DEMC_NORMAL_PLS_STATE_SIZE)

/**
 * @brief Per-contact memory of an assembled model. All zero = a new contact; reset to zero when the contact ends.
 *
 * Plain doubles only (DEMC_CONTACT_STATE_SIZE of them). demc_contact_state_swap() gives it as seen from body j.
 */
typedef struct demc_contact_state {
    demc_tangential_state tangential; /**< Tangential spring memory (tangential.h). */
    demc_vec3 normal;                 /**< Unit normal of the previous step (from j to i); zero for a new contact. */
    demc_normal_pls_state pls;               /**< PLS(B) latch (normal.h); unused by the other models. */
} demc_contact_state;

/** @brief A sphere: the kinematic state and the two properties a contact needs. */
typedef struct demc_body {
    demc_vec3 position;         /**< Centre, m. */
    demc_vec3 velocity;         /**< Velocity of the centre, m/s. */
    demc_vec3 angular_velocity; /**< Angular velocity, rad/s. */
    double radius;              /**< Radius, m (> 0). */
    double mass;                /**< Mass, kg (> 0). */
} demc_body;

/** @brief A plane wall (body j of a sphere–wall contact): rigid, of infinite mass. */
typedef struct demc_wall {
    demc_vec3 point;            /**< A point of the plane (its reference point for the angular velocity), m. */
    demc_vec3 normal;           /**< Unit normal pointing to the side of the spheres. */
    demc_vec3 velocity;         /**< Velocity of the reference point, m/s. */
    demc_vec3 angular_velocity; /**< Angular velocity, rad/s (zero for a translating wall). */
} demc_wall;

/**
 * @brief Validated pair parameters of an assembled model. Fill with a demc_contact_params_*() function; fields
 *        may then be changed by name (the tangential conventions in particular) and checked with
 *        demc_contact_params_validate().
 *
 * The effective radius and mass are not here: they are computed from the two bodies at each call, so one set of
 * parameters serves a polydisperse pair of species.
 */
typedef struct demc_contact_params {
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
} demc_contact_params;

/** @brief What one contact evaluation returns. */
typedef struct demc_contact_result {
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
     *  demc_tangential_result::stiffness_exchange): the exchange of a spring of varying stiffness with the normal
     *  load, and, at the call where the contact ends, the energy the spring still held. With it, kinetic + stored
     *  + the sum of all dissipation and exchange terms is conserved up to the integration error, for every model. */
    double tangential_exchange;
    double sliding;               /**< 1.0 when the contact slid in this step, else 0.0. */
} demc_contact_result;

/**
 * @brief LS+D parameters (002 eq 1): linear spring k_n, k_t = κ k_n, dashpots 2γ√(m* k) from e.
 *
 * @param params output, written only on success.
 * @param normal_stiffness k_n (N/m), > 0.
 * @param poisson_ratio ν for κ = 2(1−ν)/(2−ν), −1 < ν ≤ 0.5.
 * @param restitution e, 0 < e ≤ 1; γ = demc_damping_lsd_ratio(e, end) for both dashpots.
 * @param end end-of-contact rule the restitution refers to.
 * @param mu_static, mu_dynamic friction, 0 ≤ μ_d ≤ μ_s.
 * @param bad_field optional (may be NULL; see material.h): receives NULL on success, else the first offending input
 *        in argument order: "params", "normal_stiffness", "poisson_ratio", "restitution", "end", "mu_static",
 *        "mu_dynamic", or "params.normal_damping" when the damping map fails.
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (NULL, non-finite, unknown end rule); DEMC_ERR_OUT_OF_DOMAIN (a finite
 *         value outside the domain above); the status of demc_damping_lsd_ratio() when it fails.
 */
DEMC_CONTACT_FN demc_status demc_contact_params_lsd(demc_contact_params *params, double normal_stiffness,
                                                    double poisson_ratio, double restitution, demc_contact_end end,
                                                    double mu_static, double mu_dynamic, const char **bad_field);

/**
 * @brief HM+D parameters (002 eq 2): Hertz with E*, Mindlin with G* from the pair, dashpots 2γ√(m* k) with
 *        γ = demc_damping_hmd_ratio(e, end), unloading rescale on.
 *
 * @param params output, written only on success.
 * @param pair effective moduli (demc_material_pair_sphere_sphere() or demc_material_pair_sphere_wall()): E* and G* finite and > 0;
 *        its radius and mass are not used.
 * @param restitution e, 0 < e ≤ 1.
 * @param end end-of-contact rule.
 * @param mu_static, mu_dynamic friction, 0 ≤ μ_d ≤ μ_s.
 * @param bad_field optional: NULL on success, else "params", "pair", "pair.effective_modulus",
 *        "pair.effective_shear_modulus", "restitution", "end", "mu_static", "mu_dynamic", or
 *        "params.normal_damping" when the damping map fails.
 * @return as demc_contact_params_lsd().
 */
DEMC_CONTACT_FN demc_status demc_contact_params_hmd(demc_contact_params *params, const demc_pair *pair,
                                                    double restitution, demc_contact_end end, double mu_static,
                                                    double mu_dynamic, const char **bad_field);

/**
 * @brief PLS(B) parameters (002 eq 3): loading e k, unloading k/e, tangential κ k/e, no dashpot.
 *
 * @param params output, written only on success.
 * @param stiffness the reference stiffness k (N/m), > 0.
 * @param poisson_ratio ν for κ, −1 < ν ≤ 0.5.
 * @param restitution e, 0 < e ≤ 1.
 * @param mu_static, mu_dynamic friction, 0 ≤ μ_d ≤ μ_s.
 * @param bad_field optional: NULL on success, else "params", "stiffness", "poisson_ratio", "restitution",
 *        "mu_static" or "mu_dynamic"; "stiffness" with DEMC_ERR_SINGULAR when e k or k/e is not a finite positive
 *        double.
 * @return DEMC_OK, DEMC_ERR_INVALID_ARGUMENT, DEMC_ERR_OUT_OF_DOMAIN or DEMC_ERR_SINGULAR.
 */
DEMC_CONTACT_FN demc_status demc_contact_params_plsb(demc_contact_params *params, double stiffness,
                                                     double poisson_ratio, double restitution, double mu_static,
                                                     double mu_dynamic, const char **bad_field);

/**
 * @brief Undamped Hertz–Mindlin parameters with the choices of 000: incremental spring, no unloading rescale
 *        (000 eq 33), incremental slip recalculation (eq 43), force-driven direction (section 5).
 *
 * 000 uses G* of its eq 23 (DEMC_SHEAR_ZABULIONIS in the pair). Change params->tangential to select the other
 * rules.
 * @param params output, written only on success.
 * @param pair effective moduli, E* and G* finite and > 0.
 * @param mu friction coefficient (μ_s = μ_d), ≥ 0.
 * @param bad_field optional: NULL on success, else "params", "pair", "pair.effective_modulus",
 *        "pair.effective_shear_modulus" or "mu".
 * @return DEMC_OK, DEMC_ERR_INVALID_ARGUMENT (NULL, non-finite) or DEMC_ERR_OUT_OF_DOMAIN.
 */
DEMC_CONTACT_FN demc_status demc_contact_params_hm(demc_contact_params *params, const demc_pair *pair, double mu,
                                                   const char **bad_field);

/**
 * @brief Parameters of the 001 model: Hertz, normal dashpot d* = 2ξ√(2√r* E* m*) δ^¼ (001 eq 22, the HM+D
 *        dashpot with γ = ξ), non-incremental spring F = −k_t s (001 eq 31) with μ_s/μ_d (eq 32-36).
 *
 * ξ comes from e through the damping module's exact HM+D map for the chosen end rule (001 uses the constant-
 * stiffness approximation ξ = ln e/√(π² + ln²e), which does not give e back for a Hertz contact). 001 uses
 * G* = G_i G_j/(G_i + G_j) (DEMC_SHEAR_CAMPELLO in the pair).
 * @param params output, written only on success.
 * @param pair effective moduli, E* and G* finite and > 0.
 * @param restitution e, 0 < e ≤ 1.
 * @param end end-of-contact rule.
 * @param mu_static, mu_dynamic friction, 0 ≤ μ_d ≤ μ_s.
 * @param bad_field optional: as for demc_contact_params_hmd().
 * @return as demc_contact_params_lsd().
 */
DEMC_CONTACT_FN demc_status demc_contact_params_campello(demc_contact_params *params, const demc_pair *pair,
                                                         double restitution, demc_contact_end end, double mu_static,
                                                         double mu_dynamic, const char **bad_field);

/**
 * @brief Checks a filled demc_contact_params, field by field in declaration order.
 *
 * Domain: the moduli, stiffness, κ and damping ratios finite and ≥ 0, 0 < e ≤ 1, known end rule and transport,
 * spin 0 or 1, the tangential member as demc_tangential_params_validate() checks it.
 * @param params the parameters (NULL: DEMC_ERR_INVALID_ARGUMENT, field "params").
 * @param bad_field optional (may be NULL): receives NULL on success, else "params" or "params.<field>" (for the
 *        tangential member "params.tangential.<field>", e.g. "params.tangential.stiffness_rule").
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (NULL, non-finite, unknown enumerator, spin not 0 or 1);
 *         DEMC_ERR_OUT_OF_DOMAIN (a negative modulus, stiffness, κ or damping; e outside (0, 1]; bad friction).
 */
DEMC_CONTACT_FN demc_status demc_contact_params_validate(const demc_contact_params *params, const char **bad_field);

/** @brief The state as seen from body j: tangential memory and normal change sign, the PLS(B) latch is kept. */
DEMC_CONTACT_FN demc_contact_state demc_contact_state_swap(demc_contact_state s);

/**
 * @brief LS+D between spheres i and j (002 eq 1).
 *
 * F_n = k_n δ − 2γ√(m* k_n) v_n; tangential spring k_t = κ k_n with dashpot 2γ_t√(m* k_t) v_t and Coulomb limit.
 * @param p validated parameters (set up by demc_contact_params_lsd()).
 * @param i, j the two spheres.
 * @param dt time step Δt (s) > 0: the tangential increment is v_t Δt and the dissipation terms are powers × Δt.
 * @param s per-contact state in/out; set to zero when the spheres do not overlap.
 */
DEMC_CONTACT_FN demc_contact_result demc_contact_lsd(const demc_contact_params *p, const demc_body *i,
                                                     const demc_body *j, double dt, demc_contact_state *s);
/** @brief LS+D between sphere i and a wall; see demc_contact_lsd(). m* = m_i, R* = R_i. */
DEMC_CONTACT_FN demc_contact_result demc_contact_lsd_wall(const demc_contact_params *p, const demc_body *i,
                                                          const demc_wall *w, double dt, demc_contact_state *s);

/**
 * @brief HM+D between spheres i and j (002 eq 2), the default model.
 *
 * F_n = (4/3)E*√R* δ^{3/2} − 2γ√(m* k_n) v_n with k_n = 2E*√(R*δ); tangential k_t = 8G*√(R*δ) with the
 * conventions of p->tangential (002: forward increment and unloading rescale; the default is the average rule),
 * dashpot 2γ_t√(m* k_t) v_t and Coulomb limit. Parameters and state as demc_contact_lsd().
 */
DEMC_CONTACT_FN demc_contact_result demc_contact_hmd(const demc_contact_params *p, const demc_body *i,
                                                     const demc_body *j, double dt, demc_contact_state *s);
/** @brief HM+D between sphere i and a wall; see demc_contact_hmd(). */
DEMC_CONTACT_FN demc_contact_result demc_contact_hmd_wall(const demc_contact_params *p, const demc_body *i,
                                                          const demc_wall *w, double dt, demc_contact_state *s);

/**
 * @brief PLS(B) between spheres i and j (002 eq 3): latching normal spring (normal.h) and tangential spring κ k₂.
 */
DEMC_CONTACT_FN demc_contact_result demc_contact_plsb(const demc_contact_params *p, const demc_body *i,
                                                      const demc_body *j, double dt, demc_contact_state *s);
/** @brief PLS(B) between sphere i and a wall; see demc_contact_plsb(). */
DEMC_CONTACT_FN demc_contact_result demc_contact_plsb_wall(const demc_contact_params *p, const demc_body *i,
                                                           const demc_wall *w, double dt, demc_contact_state *s);

/** @brief Undamped Hertz–Mindlin between spheres i and j (000 eq 14-43); dashpots are zero. */
DEMC_CONTACT_FN demc_contact_result demc_contact_hm(const demc_contact_params *p, const demc_body *i,
                                                    const demc_body *j, double dt, demc_contact_state *s);
/** @brief Undamped Hertz–Mindlin between sphere i and a wall; see demc_contact_hm(). */
DEMC_CONTACT_FN demc_contact_result demc_contact_hm_wall(const demc_contact_params *p, const demc_body *i,
                                                         const demc_wall *w, double dt, demc_contact_state *s);

/**
 * @brief The model of 001 between spheres i and j.
 *
 * Hertz with d* damping (001 eq 19-22); the tangential increment is rolling-consistent (001 eq 25-29):
 * Δs = [(v_i − v_j)Δt − (Δr_i − Δr_j)] projected on the tangent plane, with Δr = (I − Q_Δ) d the rolling
 * displacement of each body's contact point under its incremental rotation α_Δ = 2 tan(|ω|Δt/2) ω/|ω|
 * (rotation.h); to first order in Δt it is v_t Δt. The spring is F = −k_t s with k_t = 8G*√(R*δ) (001 eq 31, 37),
 * static test with μ_s and return to μ_d (eq 32-36).
 */
DEMC_CONTACT_FN demc_contact_result demc_contact_campello(const demc_contact_params *p, const demc_body *i,
                                                          const demc_body *j, double dt, demc_contact_state *s);
/** @brief The model of 001 between sphere i and a wall; see demc_contact_campello(). */
DEMC_CONTACT_FN demc_contact_result demc_contact_campello_wall(const demc_contact_params *p, const demc_body *i,
                                                               const demc_wall *w, double dt,
                                                               demc_contact_state *s);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_CONTACT)
#  include "impl/contact_impl.h"
#endif

#endif /* DEMC_CONTACT_H */
