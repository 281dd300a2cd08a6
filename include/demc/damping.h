/**
 * @file damping.h
 * @brief Dashpots (LS+D, HM+D, Tsuji form, tangential) and exact coefficient-of-restitution ⇄ damping maps.
 *
 * A DEM user sets a normal coefficient of restitution e and expects a binary collision to reproduce it. This
 * module gives the dashpot forces and the exact maps between e and the dimensionless damping ratio γ of the
 * dashpot, for the linear spring–dashpot (LS+D) and the Hertzian spring with the δ^¼ dashpot (HM+D, Tsuji form),
 * each under an explicit end-of-contact rule (#demc_contact_end). Formulas, derivations and sources are on the
 * page @ref damping; the page @ref restitution_conventions tabulates what the damping conventions of DEM codes
 * actually give.
 *
 * Every map takes raw scalars and depends on no other module. Dashpot functions are hot-path functions (one
 * sqrt, no check); map functions validate their input and return a #demc_status.
 *
 * Sources (equation, section and figure numbers are the papers' own; all references: @ref references):
 * - [Cummins 2012] S.J. Cummins, C. Thornton, P.W. Cleary, “Contact force models in inelastic collisions”, Ninth
 *   International Conference on CFD in the Minerals and Process Industries, CSIRO, Melbourne, Australia (2012).
 * - [Campello 2015] E.M.B. Campello, “A description of rotations for DEM models of particle systems”, Computational
 *   Particle Mechanics 2 (2015) 109–125, doi:10.1007/s40571-015-0041-z.
 * - Schäfer, Dippel & Wolf, J. Phys. I France 6 (1996) 5–20; Schwager & Pöschel, Granular Matter 9 (2007) 465–469;
 *   Antypov & Elliott, EPL 94 (2011) 50004; for viscoelastic spheres Brilliantov, Spahn, Hertzsch & Pöschel, Phys.
 *   Rev. E 53 (1996) 5382 and Schwager & Pöschel, Phys. Rev. E 78 (2008) 051304.
 */
#ifndef DEMC_DAMPING_H
#define DEMC_DAMPING_H

#include "base.h"

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_DAMPING)
#  define DEMC_DAMPING_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_DAMPING_FN DEMC_STATIC_INLINE
#else
#  define DEMC_DAMPING_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/**
 * @brief When a dissipative normal contact is over: the end-of-contact rule of a restitution map.
 *
 * A spring–dashpot force k δ + c δ̇ becomes attractive before the overlap δ returns to zero (during unloading
 * c δ̇ < 0). Without adhesion two bodies cannot pull on each other, so they separate when the force returns to
 * zero (Schwager & Pöschel 2007, [Cummins 2012] eq 7); a DEM code that clamps the normal force at zero reproduces this
 * rule. A code that keeps the contact, with its attractive dashpot force, until the overlap returns to zero reproduces
 * the other rule (Schäfer et al. 1996, [Cummins 2012] eq 6). The numeric values are part of the ABI.
 */
typedef enum demc_contact_end {
    /** The contact ends when the normal force k δ + c δ̇ first returns to zero (no attraction). The physically
     *  right rule for non-adhesive contacts, hence the default (value 0). */
    DEMC_CONTACT_END_FORCE = 0,
    /** The contact ends when the overlap δ first returns to zero; the dashpot may pull at the end of the contact
     *  (Schäfer et al. 1996; the rule behind [Cummins 2012] eq 6 and the √5·|ln e|/√(ln²e+π²) formulas of DEM
     *  codes). */
    DEMC_CONTACT_END_OVERLAP = 1,
    DEMC_CONTACT_END_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_contact_end;

/** @name Dashpots (hot path)
 *  Forces of the viscous part of a contact law. γ is the dimensionless damping ratio of the maps below; m* the
 *  effective mass m_i m_j/(m_i + m_j) in kg (the particle mass against a wall). Inputs are not checked.
 *  @{ */

/**
 * @brief Linear normal dashpot force 2γ√(m* k) v (LS+D, [Cummins 2012] eq 1), in N.
 *
 * @param gamma damping ratio γ ≥ 0 (dimensionless).
 * @param effective_mass effective mass m* > 0, kg.
 * @param stiffness normal spring stiffness > 0, N/m.
 * @param overlap_rate δ̇ (positive while the bodies approach, demc_kinematics::overlap_rate), m/s.
 * @return the dashpot's contribution to the repulsive normal force (positive while approaching), N.
 */
DEMC_DAMPING_FN double demc_damping_linear_force(double gamma, double effective_mass, double stiffness, double overlap_rate);

/**
 * @brief Hertzian (HM+D, Tsuji-form) normal dashpot coefficient 2γ√(m* k_n(δ)), k_n = 2E*√(R*δ), in N·s/m.
 *
 * k_n = 2E*√(R*δ) is the tangent stiffness of the Hertz force (4/3)E*√R* δ^{3/2} ([Cummins 2012] eq 2). The coefficient
 * equals 2γ√(2√R* E* m*) δ^¼, which is Campello's d* ([Campello 2015] eq 22) with ξ = γ: the HM+D dashpot of [Cummins
 * 2012] and the Tsuji et al. (1992) dashpot are one family, and every HM+D map of this module applies to both.
 *
 * @param gamma damping ratio γ ≥ 0.
 * @param effective_mass effective mass m* > 0, kg.
 * @param effective_modulus effective Young modulus E* > 0, Pa (E* = E/(2(1−ν²)) for two equal spheres, [Cummins 2012]).
 * @param effective_radius effective radius R* > 0, m.
 * @param delta overlap δ, m; δ ≤ 0 (no contact) gives 0.
 * @return the damping coefficient, N·s/m (0 for δ ≤ 0).
 */
DEMC_DAMPING_FN double demc_damping_hertz_coefficient(double gamma, double effective_mass, double effective_modulus, double effective_radius,
                                                      double delta);

/**
 * @brief Hertzian (HM+D) normal dashpot force 2γ√(m* k_n(δ)) δ̇, k_n = 2E*√(R*δ) ([Cummins 2012] eq 2, [Campello 2015] eq 22), in N.
 *
 * Parameters as demc_damping_hertz_coefficient(); overlap_rate is δ̇ in m/s, positive while approaching. δ ≤ 0 gives 0. Costs two
 * square roots (δ^¼ = √√δ).
 */
DEMC_DAMPING_FN double demc_damping_hertz_force(double gamma, double effective_mass, double effective_modulus, double effective_radius, double delta,
                                          double overlap_rate);

/**
 * @brief Tangential dashpot force −2γ√(m* k_t) v_t on body i ([Cummins 2012] eqs 1 and 2), in N.
 *
 * @param gamma damping ratio γ ≥ 0 ([Cummins 2012] uses the normal one).
 * @param effective_mass effective mass m* > 0, kg.
 * @param tangential_stiffness tangential stiffness ≥ 0, N/m: constant κ k_n for LS+D, 8G*√(R*δ) for HM+D ([Cummins 2012]).
 * @param tangential_velocity tangential velocity of body i's contact point relative to body j's, m/s.
 * @return the force on body i, opposed to v_t, N (body j receives the opposite).
 */
DEMC_DAMPING_FN demc_vec3 demc_damping_tangential_force(double gamma, double effective_mass, double tangential_stiffness, demc_vec3 tangential_velocity);
/** @} */

/** @name Restitution ⇄ damping maps, LS+D (linear spring, linear dashpot)
 *  The collision m* δ̈ + 2γ√(m* k) δ̇ + k δ = 0 from δ = 0, δ̇ = v > 0; e = −δ̇(end)/v is independent of v, k
 *  and m*. See @ref damping for the derivations.
 *  @{ */

/**
 * @brief Coefficient of restitution of an LS+D collision with damping ratio γ.
 *
 * - #DEMC_CONTACT_END_OVERLAP (Schäfer et al. 1996, inverse of [Cummins 2012] eq 6): e = exp(−πγ/√(1−γ²)) for γ < 1;
 *   for γ ≥ 1 the overlap never returns to zero and e = 0.
 * - #DEMC_CONTACT_END_FORCE (Schwager & Pöschel 2007, [Cummins 2012] eq 7 with the first branch corrected):
 *   e = exp(−2γ·arccos(γ)/√(1−γ²)) for γ < 1, e = exp(−2) at γ = 1,
 *   e = exp(−2γ·arcosh(γ)/√(γ²−1)) for γ > 1; e ~ 1/(4γ²) as γ → ∞ (0 once it underflows, γ > ~1e154).
 *
 * @param gamma damping ratio γ ≥ 0, finite.
 * @param end   end-of-contact rule.
 * @param[out] e restitution in [0, 1] (1 at γ = 0); untouched on error.
 * @return #DEMC_OK; #DEMC_ERR_INVALID_ARGUMENT for a null e, a non-finite γ or an unknown rule;
 *         #DEMC_ERR_OUT_OF_DOMAIN for γ < 0.
 */
DEMC_DAMPING_FN demc_status demc_damping_lsd_restitution(double gamma, demc_contact_end end, double *e);

/**
 * @brief Damping ratio γ of LS+D that gives the coefficient of restitution e: the exact inverse.
 *
 * - #DEMC_CONTACT_END_OVERLAP: γ = −ln e/√(π² + ln²e) (Schäfer et al. 1996, [Cummins 2012] eq 6); γ < 1.
 * - #DEMC_CONTACT_END_FORCE: the root of γ·arccos(γ)/√(1−γ²) = −(ln e)/2 ([Cummins 2012] eq 7), found by Newton's method
 *   in ln γ from an asymptotic start and converged to machine precision (a few iterations); γ ≥ 1 for
 *   e ≤ exp(−2), γ ~ 1/(2√e) as e → 0. Round trip with demc_damping_lsd_restitution() within a few ulp.
 *
 * @param e     coefficient of restitution in (0, 1] (e = 1 gives γ = 0).
 * @param end   end-of-contact rule.
 * @param[out] gamma the damping ratio; untouched on error.
 * @return #DEMC_OK; #DEMC_ERR_INVALID_ARGUMENT for a null gamma, a non-finite e or an unknown rule;
 *         #DEMC_ERR_OUT_OF_DOMAIN for e ∉ (0, 1]; #DEMC_ERR_NO_CONVERGENCE never in practice (kept as a guard).
 */
DEMC_DAMPING_FN demc_status demc_damping_lsd_ratio(double e, demc_contact_end end, double *gamma);

/**
 * @brief Fast approximant of the exact force-end LS+D inverse (replaces the fit [Cummins 2012] eq 8, which is wrong).
 *
 * A piecewise Chebyshev approximant, generated by tools/gen_damping_fit.c from demc_damping_lsd_ratio() and
 * stored as literal code in include/demc/impl/damping_fit.h; one log, one exp, one square root and two
 * polynomial evaluations. Its maximum relative error against the exact inverse, measured on 10⁵ points of
 * (0, 1] by the tests, is 1.2e-15 (bound checked: 5e-15) (see @ref damping). No status, no check: outside
 * (0, 1] the result is meaningless but never NaN (0 for e ≥ 1, e < 0 or NaN; +inf for e = 0).
 *
 * @param e coefficient of restitution in (0, 1].
 * @return γ with #DEMC_CONTACT_END_FORCE.
 */
DEMC_DAMPING_FN double demc_damping_lsd_ratio_fast(double e);
/** @} */

/** @name Restitution ⇄ damping maps, HM+D (Hertz spring, δ^¼ dashpot: [Cummins 2012] eq 2, [Campello 2015] eq 22)
 *  The collision m* δ̈ + 2γ√(m* 2E*√(R*δ)) δ̇ + (4/3)E*√R* δ^{3/2} = 0 from δ = 0, δ̇ = v > 0. Scaling shows
 *  that e depends on γ alone (not on v, E*, R*, m*), and a phase-plane reduction gives it in closed form for both
 *  end rules: the HM+D collision with damping ratio γ restitutes exactly like the LS+D collision with damping
 *  ratio √(6/5)·γ (derivation on @ref damping; Antypov & Elliott 2011 for the overlap end).
 *  @{ */

/**
 * @brief Coefficient of restitution of an HM+D (Tsuji-form) collision with damping ratio γ.
 *
 * With g = √(6/5)·γ: #DEMC_CONTACT_END_OVERLAP gives e = exp(−πg/√(1−g²)) for g < 1 (γ < √(5/6)) and e = 0
 * beyond; #DEMC_CONTACT_END_FORCE gives the LS+D force-end value at g (demc_damping_lsd_restitution()).
 *
 * @param gamma damping ratio γ ≥ 0, finite.
 * @param end   end-of-contact rule.
 * @param[out] e restitution in [0, 1]; untouched on error.
 * @return as demc_damping_lsd_restitution().
 */
DEMC_DAMPING_FN demc_status demc_damping_hmd_restitution(double gamma, demc_contact_end end, double *e);

/**
 * @brief Damping ratio γ of HM+D (Tsuji form) that gives the coefficient of restitution e: the exact inverse.
 *
 * #DEMC_CONTACT_END_OVERLAP: γ = √(5/6)·(−ln e)/√(π² + ln²e) (the "√5" formula of DEM codes, exact for this
 * rule); #DEMC_CONTACT_END_FORCE: √(5/6) times the LS+D force-end ratio.
 *
 * @param e     coefficient of restitution in (0, 1].
 * @param end   end-of-contact rule.
 * @param[out] gamma the damping ratio; untouched on error.
 * @return as demc_damping_lsd_ratio().
 */
DEMC_DAMPING_FN demc_status demc_damping_hmd_ratio(double e, demc_contact_end end, double *gamma);
/** @} */

/** @name Viscoelastic spheres (damping ∝ √δ·δ̇)
 *  The normal force of viscoelastic spheres (Brilliantov, Spahn, Hertzsch & Pöschel, Phys. Rev. E 53 (1996)
 *  5382), F = K δ^{3/2} + (3/2) A K √δ δ̇ with the Hertz constant K = (4/3)E*√R* and the dissipative constant A
 *  (s). Unlike HM+D, its restitution depends on the impact speed v: scaling the impact gives
 *  y'' = −√y (y + ε y'), y(0) = 0, y'(0) = 1, with the scaled velocity ε = (3/2) A (K/m*)^{2/5} v^{1/5}, so that
 *  e = E(ε) is one universal function per end rule (the reference of [Cummins 2012] to Schwager & Pöschel, Phys. Rev. E
 *  78 (2008) 051304, studies the force end). E is tabulated once by tools/gen_damping_fit.c (long-double
 *  integration) as Chebyshev pieces with exact power tails; see @ref damping.
 *  @{ */

/**
 * @brief Restitution E(ε) of viscoelastic spheres as a function of the scaled velocity ε.
 *
 * E(ε) = 1 − 1.15344 ε + … for small ε at both ends; E ≈ 1.3103706971044·ε^{−5/3} for large ε at the force end
 * and E = 5.1583817042677·ε^{−5} (to 1e-15 from ε = 7 on) at the overlap end, where the slowly creeping overlap
 * still returns to zero. The tabulated pieces reproduce the generator's long-double integration to 5e-15 relative
 * and the tests' independent integration to 3e-10 (tolerance 1e-9); e underflows to 0 for ε beyond ~1e194
 * (force end) or ~1e65 (overlap end).
 *
 * @param eps scaled velocity ε ≥ 0, finite (0 gives e = 1).
 * @param end end-of-contact rule.
 * @param[out] e restitution in (0, 1]; untouched on error.
 * @return #DEMC_OK; #DEMC_ERR_INVALID_ARGUMENT for a null e, a non-finite ε or an unknown rule;
 *         #DEMC_ERR_OUT_OF_DOMAIN for ε < 0.
 */
DEMC_DAMPING_FN demc_status demc_damping_viscoelastic_restitution_scaled(double eps, demc_contact_end end, double *e);

/**
 * @brief Restitution of viscoelastic spheres at impact speed v: E(ε) with ε = (3/2) A (K/m*)^{2/5} v^{1/5}.
 *
 * @param dissipative_constant dissipative constant A ≥ 0, s (force (3/2) A K √δ δ̇).
 * @param prefactor Hertz constant K = (4/3)E*√R* > 0, N/m^{3/2}.
 * @param effective_mass effective mass m* > 0, kg.
 * @param approach_speed normal impact speed v ≥ 0, m/s.
 * @param end   end-of-contact rule.
 * @param[out] e restitution; untouched on error.
 * @return #DEMC_OK; #DEMC_ERR_INVALID_ARGUMENT for a null e, a non-finite argument or an unknown rule;
 *         #DEMC_ERR_OUT_OF_DOMAIN for A < 0, K ≤ 0, m* ≤ 0 or v < 0; #DEMC_ERR_SINGULAR when ε overflows.
 */
DEMC_DAMPING_FN demc_status demc_damping_viscoelastic_restitution(double dissipative_constant, double prefactor, double effective_mass, double approach_speed,
                                                          demc_contact_end end, double *e);
/** @} */

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_DAMPING)
#  include "impl/damping_impl.h"
#endif

#endif /* DEMC_DAMPING_H */
