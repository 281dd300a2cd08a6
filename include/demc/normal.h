/**
 * @file normal.h
 * @brief Normal contact laws: Hertz, the linear spring, the PLS(B) partially latching plastic spring, and the
 *        analytic Hertz impact (maximum overlap, force, duration, time of peak force, contact radius).
 *
 * Each law has a parameter struct filled once per pair of species by a validating `_init` function, and hot-path
 * functions that take it by const pointer. Forces are the magnitude F ≥ 0 of the repulsive normal force; the
 * force on body i is F n with the unit normal n of the contact frame (from j to i). For δ ≤ 0 (no contact) every force,
 * stiffness and energy is 0. Hot-path functions return finite, non-negative values for every finite overlap up to
 * the point where the result itself exceeds DBL_MAX (|δ| < 1e50 m is far inside that for any physical stiffness);
 * they never return NaN. Formulas, sketch and sources: @ref normal_page "Normal contact laws and contact
 * geometry".
 *
 * Sources (equation, section and figure numbers are the papers' own; all references: @ref references):
 * - [Zabulionis 2012] D. Zabulionis, R. Kačianauskas, D. Markauskas, J. Rojek, “An investigation of nonlinear
 *   tangential contact behaviour of a spherical particle under varying loading”, Bulletin of the Polish Academy of
 *   Sciences: Technical Sciences 60(2) (2012) 265–278, doi:10.2478/v10175-012-0036-3.
 * - [Campello 2015] E.M.B. Campello, “A description of rotations for DEM models of particle systems”, Computational
 *   Particle Mechanics 2 (2015) 109–125, doi:10.1007/s40571-015-0041-z.
 * - [Cummins 2012] S.J. Cummins, C. Thornton, P.W. Cleary, “Contact force models in inelastic collisions”, Ninth
 *   International Conference on CFD in the Minerals and Process Industries, CSIRO, Melbourne, Australia (2012).
 * - [Burns 2019] S.J. Burns, P.T. Piiroinen, K.J. Hanley, “Critical time-step for DEM simulations of dynamic systems
 *   using a Hertzian contact model”, International Journal for Numerical Methods in Engineering 119 (2019) 432–451,
 *   doi:10.1002/nme.6056.
 */
#ifndef DEMC_NORMAL_H
#define DEMC_NORMAL_H

#include "base.h"
#include "material.h"

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_NORMAL)
#  define DEMC_NORMAL_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_NORMAL_FN DEMC_STATIC_INLINE
#else
#  define DEMC_NORMAL_FN extern DEMC_EXPORT
#endif
/** @endcond */

/**
 * @brief The Hertz contact-duration factor 2√π Γ(7/5)/Γ(9/10) = 2.9432751843247047…: t_c = factor · δ_max / v.
 *
 * Exact value of the constant that [Burns 2019] eq 55 rounds to 2.94; [Campello 2015] eq 50 writes the same duration as
 * 2.87 [m*²/(R* E*² v)]^{1/5}, whose exact constant is this factor times (15/16)^{2/5} = 2.8682656991953314….
 */
#define DEMC_NORMAL_HERTZ_DURATION_FACTOR 2.9432751843247046574

/** @brief Size of ::demc_normal_pls_state in doubles (the host's per-contact history length for PLS(B)). */
#define DEMC_NORMAL_PLS_STATE_SIZE 1

DEMC_BEGIN_DECLS

/** @brief Hertz law parameters: F = K δ^{3/2} ([Zabulionis 2012] eq 14, [Campello 2015] eq 19, [Cummins 2012] eq 2). */
typedef struct demc_normal_hertz_params {
    double prefactor; /**< K = (4/3) E* √R*, N/m^{3/2} (the Hertz prefactor, not a stiffness dF/dδ); finite
                           and > 0. */
} demc_normal_hertz_params;

/** @brief Linear spring parameters: F = k δ ([Cummins 2012] eq 1, the spring of LS+D). */
typedef struct demc_normal_linear_params {
    double stiffness; /**< k, N/m; finite and > 0. */
} demc_normal_linear_params;

/**
 * @brief PLS(B) partially latching spring parameters ([Cummins 2012] eq 3, after Thornton et al. 2012 and Walton &
 * Braun
 *        1986): loading stiffness e·k, unloading stiffness k/e.
 *
 * Filled by demc_normal_pls_init(). The plastic overlap after unloading from δ_max is (1 − e²) δ_max.
 */
typedef struct demc_normal_pls_params {
    double loading_stiffness;   /**< k₁ = e k, N/m ([Cummins 2012] eq 3, ΔF ≥ 0). */
    double unloading_stiffness; /**< k₂ = k/e, N/m ([Cummins 2012] eq 3, ΔF < 0). */
    double plastic_fraction;    /**< 1 − e² = 1 − k₁/k₂: the latched overlap α₀ is this times δ_max. */
} demc_normal_pls_params;

/**
 * @brief Per-contact state of PLS(B): doubles only, all zero for a new contact (::DEMC_NORMAL_PLS_STATE_SIZE doubles).
 *
 * The same for both bodies: swapping i and j leaves it unchanged.
 */
typedef struct demc_normal_pls_state {
    double overlap_max; /**< Largest overlap δ_max reached in this contact, m (0 for a new contact). */
} demc_normal_pls_state;

/** Initialiser of a new contact's ::demc_normal_pls_state: `demc_normal_pls_state s = DEMC_NORMAL_PLS_STATE_INIT;`. */
#define DEMC_NORMAL_PLS_STATE_INIT {0.0}

/**
 * @brief Hertz parameters: K = (4/3) E* √R* ([Zabulionis 2012] eq 14, [Campello 2015] eq 19).
 *
 * @param effective_modulus E* (Pa), finite and > 0.
 * @param effective_radius R* (m), finite and > 0.
 * @param params output, written only on success.
 * @param bad_field optional: NULL on success, else "effective_modulus", "effective_radius", "params", or
 *        "params.prefactor" when K is not representable.
 * @return ::DEMC_OK, ::DEMC_ERR_INVALID_ARGUMENT (NULL, non-finite), ::DEMC_ERR_OUT_OF_DOMAIN (a value ≤ 0),
 *         ::DEMC_ERR_SINGULAR (K overflows or underflows).
 */
DEMC_NORMAL_FN demc_status demc_normal_hertz_init(double effective_modulus, double effective_radius,
                                                  demc_normal_hertz_params *params, const char **bad_field);

/**
 * @brief Hertz normal force F = K δ^{3/2}, N ([Zabulionis 2012] eq 14, [Campello 2015] eq 19); 0 for δ ≤ 0.
 *
 * @param params validated parameters.
 * @param overlap δ, m (any finite value).
 */
DEMC_NORMAL_FN double demc_normal_hertz_force(const demc_normal_hertz_params *params, double overlap);

/**
 * @brief Hertz tangent stiffness k_n = dF/dδ = (3/2) K δ^{1/2} = 2 E* √(R* δ), N/m ([Zabulionis 2012] eq 15); 0 for δ ≤
 * 0.
 *
 * @param params validated parameters.
 * @param overlap δ, m.
 */
DEMC_NORMAL_FN double demc_normal_hertz_stiffness(const demc_normal_hertz_params *params, double overlap);

/**
 * @brief Elastic energy stored in a Hertz contact, ∫₀^δ F dδ = (2/5) K δ^{5/2} = (8/15) E* √R* δ^{5/2}, J; 0 for δ ≤ 0.
 *
 * @param params validated parameters.
 * @param overlap δ, m.
 */
DEMC_NORMAL_FN double demc_normal_hertz_energy(const demc_normal_hertz_params *params, double overlap);

/**
 * @brief Linear spring parameters from a stiffness k.
 *
 * @param params output, written only on success.
 * @param stiffness k, N/m, finite and > 0.
 * @param bad_field optional: NULL on success, else "params" or "stiffness".
 * @return ::DEMC_OK, ::DEMC_ERR_INVALID_ARGUMENT (NULL, non-finite) or ::DEMC_ERR_OUT_OF_DOMAIN (k ≤ 0).
 */
DEMC_NORMAL_FN demc_status demc_normal_linear_init(double stiffness, demc_normal_linear_params *params, const char **bad_field);

/** @brief Linear spring force F = k δ, N ([Cummins 2012] eq 1); 0 for δ ≤ 0. @param params validated. @param overlap δ, m. */
DEMC_NORMAL_FN double demc_normal_linear_force(const demc_normal_linear_params *params, double overlap);

/** @brief Linear spring stiffness dF/dδ = k for δ > 0, 0 for δ ≤ 0, N/m. @param params validated. @param overlap δ, m. */
DEMC_NORMAL_FN double demc_normal_linear_stiffness(const demc_normal_linear_params *params, double overlap);

/** @brief Linear spring energy ½ k δ², J; 0 for δ ≤ 0. @param params validated. @param overlap δ, m. */
DEMC_NORMAL_FN double demc_normal_linear_energy(const demc_normal_linear_params *params, double overlap);

/**
 * @brief PLS(B) parameters from a stiffness k and the normal coefficient of restitution e ([Cummins 2012] eq 3).
 *
 * k₁ = e k, k₂ = k/e. A normal impact then rebounds with exactly e: the work of loading ½ k₁ δ_max² is returned
 * as ½ k₂ (δ_max − α₀)² = e² · ½ k₁ δ_max². With e = 1 the law is the linear spring k.
 *
 * @param params output, written only on success.
 * @param stiffness k, N/m, finite and > 0.
 * @param restitution e, finite, 0 < e ≤ 1.
 * @param bad_field optional: NULL on success, else "params", "stiffness", "restitution", or
 *        "params.loading_stiffness" / "params.unloading_stiffness" when e k or k/e is not representable.
 * @return ::DEMC_OK, ::DEMC_ERR_INVALID_ARGUMENT, ::DEMC_ERR_OUT_OF_DOMAIN, ::DEMC_ERR_SINGULAR.
 */
DEMC_NORMAL_FN demc_status demc_normal_pls_init(double stiffness, double restitution, demc_normal_pls_params *params,
                                         const char **bad_field);

/**
 * @brief PLS(B) normal force, N, and update of the per-contact state ([Cummins 2012] eq 3).
 *
 * With δ_max ← max(δ_max, δ): F = max(0, min(k₁ δ, k₂ (δ − α₀))), α₀ = (1 − e²) δ_max. That is: loading along
 * k₁ δ to a new maximum; unloading along the latched line k₂(δ − α₀) through (δ_max, k₁ δ_max); F = 0 below α₀
 * (the sphere has left its permanent dent, the contact persists); reloading back up the same line until it meets
 * k₁ δ again at δ_max, then loading on k₁ (Walton–Braun partial latching). For δ ≤ 0 the contact is over: F = 0
 * and the state is reset to zero.
 *
 * @param params validated parameters.
 * @param state the contact's state, updated in place (not NULL).
 * @param overlap δ, m (any finite value).
 */
DEMC_NORMAL_FN double demc_normal_pls_force(const demc_normal_pls_params *params, double overlap, demc_normal_pls_state *state);

/**
 * @brief PLS(B) tangent stiffness dF/dδ at δ for the given state (which is not changed), N/m.
 *
 * k₁ on the loading line (δ ≥ δ_max), k₂ on the unloading/reloading line, 0 where F = 0. [Cummins 2012] eq 3 builds the
 * tangential stiffness κ k₂ from the unloading stiffness, see ::demc_normal_pls_params.
 *
 * @param params validated parameters.
 * @param state the contact's state before this step.
 * @param overlap δ, m.
 */
DEMC_NORMAL_FN double demc_normal_pls_stiffness(const demc_normal_pls_params *params, double overlap,
                                         const demc_normal_pls_state *state);

/**
 * @brief Recoverable elastic energy of a PLS(B) contact at δ, F²/(2 k₂), J (the state is not changed).
 *
 * Unloading always follows a k₂ line, so this is the work the contact gives back when it opens.
 *
 * @param params validated parameters.
 * @param state the contact's state.
 * @param overlap δ, m.
 */
DEMC_NORMAL_FN double demc_normal_pls_elastic_energy(const demc_normal_pls_params *params, double overlap,
                                              const demc_normal_pls_state *state);

/**
 * @brief Energy dissipated so far by a PLS(B) contact, ½ k₁ (1 − e²) δ_max², J.
 *
 * Work done on the contact = dissipated + elastic energy, along any path of δ (unloading and reloading along a k₂
 * line dissipate nothing).
 *
 * @param params validated parameters.
 * @param state the contact's state.
 */
DEMC_NORMAL_FN double demc_normal_pls_dissipated_energy(const demc_normal_pls_params *params, const demc_normal_pls_state *state);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_NORMAL)
#  include "impl/normal_impl.h"
#endif

#endif /* DEMC_NORMAL_H */
