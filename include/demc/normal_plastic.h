/**
 * @file normal_plastic.h
 * @brief Elasto-plastic adhesive normal laws as pure kernels with explicit per-contact state: Luding's hysteretic
 *        linear spring with adhesion (Luding 2008).
 *
 * Conventions (those of the library): the overlap δ is positive in contact; the normal force is the component
 * along n (j → i) of the force on body i, positive when repulsive. No overlap (δ ≤ 0) gives no force and resets
 * the state (the contact has ended; the law itself has no force at δ ≤ 0).
 *
 * Luding's law (S. Luding, Granular Matter 10 (2008) 235-246, the hysteretic spring of his section on the normal
 * contact), with k₁ the loading stiffness, k_p the largest unloading stiffness, k_c the tension stiffness and δ*
 * the plastic limit overlap:
 *
 *     k₂(δ_max) = k₁ + (k_p − k₁) δ_max/δ*   (δ_max ≤ δ*; the unloading/reloading stiffness),
 *     δ₀ = (1 − k₁/k₂) δ_max                  (the plastic overlap: where the unloading branch has no force),
 *
 *     f = k₁δ            on first loading (δ ≥ δ_max, which then moves with δ),
 *     f = k₂(δ − δ₀)     unloading and reloading below δ_max,
 *     f = −k_c δ         where k₂(δ − δ₀) would fall below it (the tensile limit),
 *
 * δ_max being the largest overlap reached, capped at δ*: beyond δ* loading follows the limit branch
 * f = k_p(δ − δ₀(δ*)) (the "fluid" branch). The unloading branch meets the tensile limit at
 * δ_min = (k₂ − k₁)δ_max/(k₂ + k_c), where the force is the pull-off force f_min = −k_c δ_min. Unloaded further, the
 * force follows −k_cδ to 0 at δ = 0, and δ_max is lowered so that the k₂ line passes through the current point:
 * (k₂(δ_max) − k₁)δ_max = (k₂(δ_max) + k_c)δ, solved exactly (a quadratic below δ*): reloading from there follows
 * slope k₂ (MercuryDPM's LinearPlasticViscoelastic uses k₂ of the previous δ_max in this update, an explicit
 * approximation). Luding's φ_f (the plastic overlap limit relative to 2R*) gives δ* = k_p/(k_p − k₁) φ_f 2R*
 * (demc_normal_luding_plastic_limit()).
 *
 * Energies (closed forms): the elastic energy stored in the current branch ½k₂(δ − δ₀)² (it is what an elastic
 * unloading along k₂ could return, before the tensile limit cuts it), the loss of a cycle loaded once to δ_max and
 * pulled off, and the coefficient of restitution of an undamped impact that reaches δ_max:
 * e² = 1 − loss/(½k₁δ_max²), e = √(k₁/k₂) without adhesion (k_c = 0); e = 0 (the pair sticks) when the loss exceeds
 * the input. Damping (a dashpot) is not part of this kernel: add demc's dashpots on top.
 *
 * Per-contact state: δ_max (one double; zero = a new contact; unchanged by the i ⇄ j swap). Page: @ref plastic.
 *
 * Source: S. Luding, "Cohesive, frictional powders: contact models for tension", Granular Matter 10 (2008)
 * 235-246.
 */
#ifndef DEMC_NORMAL_PLASTIC_H
#define DEMC_NORMAL_PLASTIC_H

#include "base.h"
#include "material.h" /* the shared validation helpers of the setup functions */

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_NORMAL_PLASTIC)
#  define DEMC_NORMAL_PLASTIC_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_NORMAL_PLASTIC_FN DEMC_STATIC_INLINE
#else
#  define DEMC_NORMAL_PLASTIC_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/** Size of demc_normal_luding_state in doubles. */
#define DEMC_NORMAL_LUDING_STATE_SIZE 1
/** Zero initialiser of a demc_normal_luding_state (a new contact); compiles as C and C++. */
#define DEMC_NORMAL_LUDING_STATE_INIT {0.0}

/** @brief Parameters of Luding's hysteretic law (fill with demc_normal_luding_init()). */
typedef struct demc_normal_luding_params {
    double loading_stiffness;   /**< k₁, N/m; > 0. */
    double unloading_stiffness; /**< k_p, the largest unloading stiffness (reached at δ_max = δ*), N/m; ≥ k₁. */
    double tension_stiffness;   /**< k_c, N/m; ≥ 0 (0: no adhesion). */
    double plastic_limit;       /**< δ*, m; > 0: the overlap beyond which δ_max stops growing. */
} demc_normal_luding_params;

/** @brief Per-contact memory of Luding's law. Zero = a new contact; unchanged by the swap. */
typedef struct demc_normal_luding_state {
    double max_overlap; /**< δ_max, m: the largest overlap of this contact (capped at δ*, lowered on the tensile
                             branch). */
} demc_normal_luding_state;

/** @brief Which branch of Luding's law a force came from. */
typedef enum demc_normal_luding_branch {
    DEMC_NORMAL_LUDING_NONE = 0,      /**< δ ≤ 0: no contact. */
    DEMC_NORMAL_LUDING_LOADING = 1,   /**< f = k₁δ (first loading), or k_p(δ − δ₀) beyond δ*. */
    DEMC_NORMAL_LUDING_ELASTIC = 2,   /**< f = k₂(δ − δ₀): unloading or reloading. */
    DEMC_NORMAL_LUDING_TENSILE = 3,   /**< f = −k_cδ: the tensile limit. */
    DEMC_NORMAL_LUDING_BRANCH_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration; never a valid value. */
} demc_normal_luding_branch;

/** @brief Result of one evaluation of Luding's law. */
typedef struct demc_normal_luding_result {
    double force;           /**< f, N (negative: tension). */
    double stiffness;       /**< df/dδ on this branch, N/m: k₁ (or k_p beyond δ*), k₂, or −k_c. */
    double plastic_overlap; /**< δ₀ = (1 − k₁/k₂)δ_max after this step, m. */
    demc_normal_luding_branch branch; /**< The branch of this step. */
} demc_normal_luding_result;

/**
 * @brief Fills the parameters of Luding's law, validating them.
 * @param loading_stiffness k₁ > 0 (N/m).
 * @param unloading_stiffness k_p ≥ k₁ (N/m); k_p = k₁ is the elastic linear spring with a tensile limit.
 * @param tension_stiffness k_c ≥ 0 (N/m).
 * @param plastic_limit δ* > 0 (m), e.g. from demc_normal_luding_plastic_limit().
 * @param params output, written only on success.
 * @param bad_field optional: NULL on success, else "loading_stiffness", "unloading_stiffness",
 *        "tension_stiffness", "plastic_limit" or "params".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (non-finite, null); DEMC_ERR_OUT_OF_DOMAIN.
 */
DEMC_NORMAL_PLASTIC_FN demc_status demc_normal_luding_init(double loading_stiffness, double unloading_stiffness,
                                                           double tension_stiffness, double plastic_limit,
                                                           demc_normal_luding_params *params,
                                                           const char **bad_field);

/**
 * @brief Luding's plastic limit overlap δ* = k_p/(k_p − k₁) φ_f 2R* (m) from his dimensionless φ_f.
 *
 * @param loading_stiffness k₁ > 0; @param unloading_stiffness k_p > k₁; @param phi_f φ_f > 0;
 * @param effective_radius R* > 0 (m). Returns +inf for k_p = k₁ (no plastic limit).
 */
DEMC_NORMAL_PLASTIC_FN double demc_normal_luding_plastic_limit(double loading_stiffness, double unloading_stiffness,
                                                               double phi_f, double effective_radius);

/** @brief k₂(δ_max) = k₁ + (k_p − k₁) min(δ_max, δ*)/δ* (N/m). */
DEMC_NORMAL_PLASTIC_FN double demc_normal_luding_unloading_stiffness(const demc_normal_luding_params *params,
                                                                     double max_overlap);

/**
 * @brief One evaluation of Luding's law at overlap δ, updating δ_max (see the file description).
 * @param params parameters. @param overlap δ (m). @param state δ_max, in/out (zero = new contact; reset at δ ≤ 0).
 */
DEMC_NORMAL_PLASTIC_FN demc_normal_luding_result demc_normal_luding_force(const demc_normal_luding_params *params,
                                                                          double overlap,
                                                                          demc_normal_luding_state *state);

/** @brief Elastic energy of the current branch, ½k₂(δ − δ₀)² (J), for the state after demc_normal_luding_force()
 *         at the same δ; 0 for δ ≤ 0. */
DEMC_NORMAL_PLASTIC_FN double demc_normal_luding_stored_energy(const demc_normal_luding_params *params,
                                                               double overlap, demc_normal_luding_state state);

/** @brief The pull-off force after loading to δ_max, −k_c δ_min with δ_min = (k₂ − k₁)δ_max/(k₂ + k_c) (N, ≤ 0). */
DEMC_NORMAL_PLASTIC_FN double demc_normal_luding_pulloff_force(const demc_normal_luding_params *params,
                                                               double max_overlap);

/**
 * @brief Energy lost in one cycle: loaded once from 0 to δ_max, unloaded to separation (J, ≥ 0).
 *
 * Loading work ½k₁δ_m² (+ the limit branch beyond δ*) minus the work returned on unloading,
 * ½k₂[(δ_m − δ₀)² − (δ_min − δ₀)²] − ½k_cδ_min², δ_m = δ_max.
 */
DEMC_NORMAL_PLASTIC_FN double demc_normal_luding_cycle_loss(const demc_normal_luding_params *params,
                                                            double max_overlap);

/**
 * @brief Coefficient of restitution of an undamped normal impact that reaches δ_max:
 *        e = √(max(0, 1 − loss/W_in)), W_in the loading work; e = √(k₁/k₂) for k_c = 0 and δ_max ≤ δ*.
 *
 * For an impact at speed v of reduced mass m*, δ_max = v√(m* / k₁) while δ_max ≤ δ*. 0: the pair sticks.
 */
DEMC_NORMAL_PLASTIC_FN double demc_normal_luding_restitution(const demc_normal_luding_params *params,
                                                             double max_overlap);

/** @brief The state seen from body j: unchanged. */
DEMC_NORMAL_PLASTIC_FN demc_normal_luding_state demc_normal_luding_state_swap(demc_normal_luding_state state);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_NORMAL_PLASTIC)
#  include "impl/normal_plastic_impl.h"
#endif

#endif /* DEMC_NORMAL_PLASTIC_H */
