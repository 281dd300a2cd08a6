/**
 * @file capillary.h
 * @brief Pendular liquid bridges: the capillary force of Willett et al. (2000) (their accurate fit, the default, or
 *        their simple closed form), the rupture distance of Lian, Thornton & Adams (1993), the work of separation,
 *        the viscous force of Pitois, Moucheront & Chateau (2000), and the bridge's life cycle for a DEM host.
 *
 * Conventions (those of the library): the overlap δ is positive in contact and the gap is the full surface-to-
 * surface separation S = −δ (m); δ̇ = dδ/dt > 0 while the bodies approach; the unit normal n points from body j to
 * body i; a normal force is the component along n of the force on body i, positive when repulsive. A liquid bridge
 * attracts: its capillary force is ≤ 0 in this convention. Quantities written F_cap below are magnitudes (≥ 0).
 *
 * Radii: every formula takes the Derjaguin radius R_h = 2R_iR_j/(R_i + R_j) (twice the reduced radius R*), which
 * is R for two equal spheres of radius R and 2R_i for a sphere against a plane wall. In the small-volume limit the
 * gap between the two surfaces is S + r²/R_h near the axis for both, so a sphere of radius R at a wall carries the
 * bridge of two spheres of radius 2R: at contact F_cap → 2πR_hγ cos θ, that is 2πRγ cos θ between two equal
 * spheres and 4πRγ cos θ between a sphere and a wall.
 *
 * Forms (V the bridge's total volume, γ the surface tension, θ the contact angle in radians, V* = V/R_h³):
 * - Willett fit (DEMC_CAPILLARY_WILLETT_FIT, default; Willett, Adams, Johnson & Seville 2000, appendix): with the
 *   half gap scaled as S⁺ = (S/2)√(R_h/V),
 *
 *       F_cap = 2πR_hγ exp(f₁ − f₂ exp(f₃ ln S⁺ + f₄ ln² S⁺)),
 *
 *   f₁…f₄ polynomials in θ and ln V* (their appendix; the coefficients are in the page @ref capillary). The fit
 *   contains θ: it has no separate cos θ factor. At S → 0 it tends to 2πR_hγ e^{f₁}.
 * - Willett simple form (DEMC_CAPILLARY_WILLETT_SIMPLE; their eq 12 written with the full gap): with
 *   Ŝ = S√(R_h/V),
 *
 *       F_cap = 2πR_hγ cos θ / (1 + 1.05 Ŝ + 2.5 Ŝ²).
 *
 * Measured against an exact constant-volume Young–Laplace bridge between two equal spheres (the tests and
 * tools/capillary_table.c; page @ref capillary has the tables): the fit is within 3.5 % of it for
 * 1e-4 ≤ V* ≤ 0.2 and 0 ≤ θ ≤ 40° from contact to three quarters of the rupture distance (5.3 % at θ = 50°, 7.9 %
 * at θ = 50°, V* = 0.2 at contact; up to +12 % at nine tenths of it); the simple form is 4 % to 59 % high at
 * contact (the more so the larger V* and θ; 83 % at θ = 50°, V* = 0.2) and 10 % to 45 % low between half and three
 * quarters of the rupture distance.
 *
 * Rupture (Lian, Thornton & Adams 1993): S_c = (1 + θ/2) V^{1/3} (full gap). The library's convention:
 * a bridge exists for S < S_c and its force is 0 for S ≥ S_c (δ ≤ −S_c). The exact bridges of the tests rupture
 * within −12 % … +4 % of S_c between two equal spheres (0 ≤ θ ≤ 50°, 1e-5 ≤ V* ≤ 0.2) and 4 % to 21 % before it
 * between a sphere and a wall (V/R³ ≤ 0.05).
 *
 * During contact (δ ≥ 0) the capillary force keeps its value at S = 0, as in Willett's and LIGGGHTS's use.
 *
 * Viscous force (Pitois, Moucheront & Chateau 2000): Reynolds lubrication in the gap h(r) = S + r²/(2R*) out to the
 * meniscus, whose radius follows from the volume, V = ∫₀^{r_m} 2πr h dr:
 *
 *     F_visc = 6πηR*² (dS/dt)/S · (1 − S/h_m)²,  h_m = √(S² + V/(πR*)),  R* = R_h/2,
 *
 * (for two equal spheres of radius R: (3/2)πηR² (dS/dt)/S (1 − 1/√(1 + 2V/(πRS²)))², Pitois et al.'s form), a
 * force that opposes the relative normal motion; S is clamped below at a minimum gap S_min (a roughness or film
 * thickness the host chooses), which also applies during contact.
 *
 * Per-contact state: one double, the bridge flag (1 while a bridge exists; zero = a new contact, no bridge). A
 * bridge forms when the bodies touch (δ ≥ 0) and ruptures at S ≥ S_c; unchanged by the i ⇄ j swap. Pull-apart
 * work and the energy lost at rupture: demc_capillary_energy(). Page: @ref capillary.
 *
 * Sources:
 * - C.D. Willett, M.J. Adams, S.A. Johnson, J.P.K. Seville, "Capillary bridges between two spherical bodies",
 *   Langmuir 16 (2000) 9396-9405.
 * - G. Lian, C. Thornton, M.J. Adams, "A theoretical study of the liquid bridge forces between two rigid spherical
 *   bodies", J. Colloid Interface Sci. 161 (1993) 138-147.
 * - O. Pitois, P. Moucheront, X. Chateau, "Liquid bridge between two moving spheres: an experimental study of
 *   viscosity effects", J. Colloid Interface Sci. 231 (2000) 26-31.
 */
#ifndef DEMC_CAPILLARY_H
#define DEMC_CAPILLARY_H

#include "base.h"
#include "material.h" /* the shared validation helpers of the setup functions */

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_CAPILLARY)
#  define DEMC_CAPILLARY_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_CAPILLARY_FN DEMC_STATIC_INLINE
#else
#  define DEMC_CAPILLARY_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/** Size of demc_capillary_state in doubles. */
#define DEMC_CAPILLARY_STATE_SIZE 1
/** Zero initialiser of a demc_capillary_state (a new contact: no bridge); compiles as C and C++. */
#define DEMC_CAPILLARY_STATE_INIT {0.0}

/** Largest contact angle of the Willett fit (rad): 50°, the range of its published data; beyond it use the simple
 *  form. */
#define DEMC_CAPILLARY_FIT_MAX_ANGLE 0.87266462599716478846
/** Smallest dimensionless volume V* = V/R_h³ of the Willett fit (at V* = 1e-5 it is 6 % to 46 % off the exact
 *  bridge at half the rupture distance: use the simple form there). */
#define DEMC_CAPILLARY_FIT_MIN_VOLUME 1e-4
/** Largest dimensionless volume V* = V/R_h³ of the Willett fit (the largest checked against the exact bridge). */
#define DEMC_CAPILLARY_FIT_MAX_VOLUME 0.2

/** @brief Which capillary force law. */
typedef enum demc_capillary_form {
    /** Willett et al. (2000), appendix: ln F* = f₁ − f₂ exp(f₃ ln S⁺ + f₄ ln² S⁺), S⁺ = (S/2)√(R_h/V) (half gap);
     *  the default: within 3.5 % of the exact bridge in its domain for θ ≤ 40° (see the file description). */
    DEMC_CAPILLARY_WILLETT_FIT = 0,
    /** Willett et al. (2000), eq 12: F = 2πR_hγ cos θ/(1 + 1.05Ŝ + 2.5Ŝ²), Ŝ = S√(R_h/V) (full gap); any
     *  volume, 0 ≤ θ < 90°, but up to 83 % off the exact bridge (see the file description). */
    DEMC_CAPILLARY_WILLETT_SIMPLE = 1,
    /** Pins the width of the enumeration; never a valid value. */
    DEMC_CAPILLARY_FORM_MAX_ = 0x7FFFFFFF
} demc_capillary_form;

/**
 * @brief Parameters of the liquid bridge of a pair of bodies, filled by demc_capillary_init() (validating) or
 *        demc_capillary_make() (not validating: for a host that changes the volume per contact); the viscous part
 *        by demc_capillary_viscous_init() (off after init and make).
 */
typedef struct demc_capillary_params {
    double surface_tension;  /**< γ, N/m; ≥ 0. */
    double contact_angle;    /**< θ, rad; in [0, π/2) (fit: [0, 50°]). */
    double volume;           /**< V, the bridge's liquid volume, m³; > 0. */
    double radius;           /**< R_h = 2R_iR_j/(R_i + R_j), or 2R_i against a wall, m (the Derjaguin radius). */
    demc_capillary_form form; /**< The force law. */
    double force_scale;      /**< 2πR_hγ, N. */
    double contact_force;    /**< F_cap at S ≤ 0, N (a magnitude): 2πR_hγ e^{f₁} (fit) or 2πR_hγ cos θ (simple). */
    double rupture_distance; /**< S_c = (1 + θ/2)V^{1/3}, m (full gap; Lian et al. 1993). */
    double gap_scale;        /**< √(R_h/V), 1/m: Ŝ = S·gap_scale, S⁺ = Ŝ/2. */
    double fit[4];           /**< f₁…f₄ of the fit at this V*, θ (0 for the simple form). */
    double viscous_prefactor; /**< 6πηR*² with R* = R_h/2, N·s/m·m (0: no viscous force). */
    double meniscus_term;    /**< V/(πR*), m²: h_m² = S² + V/(πR*). */
    double min_separation;   /**< S_min, m: the gap of the viscous force is max(S, S_min). */
} demc_capillary_params;

/** @brief Per-contact memory of the liquid bridge. Zero = a new contact, no bridge; unchanged by the swap. */
typedef struct demc_capillary_state {
    double bridge; /**< 1 while a bridge exists (formed at touch, δ ≥ 0; released at rupture, δ ≤ −S_c), else 0. */
} demc_capillary_state;

/** @brief Result of one step of demc_capillary_update(). */
typedef struct demc_capillary_result {
    double force;           /**< Total normal force of the bridge on body i, N: capillary + viscous (≤ 0 while
                                 the bodies separate). */
    double capillary_force; /**< −F_cap, N (≤ 0), 0 without a bridge. */
    double viscous_force;   /**< The viscous force, N: > 0 approaching, < 0 separating, 0 without a bridge or η. */
    int bridge;             /**< 1 when a bridge exists after this step. */
    int ruptured;           /**< 1 in the step where the bridge ruptured (the work demc_capillary_energy() at
                                 S = 0 has then been spent on the pull-out). */
} demc_capillary_result;

/**
 * @brief Fills the parameters of a liquid bridge between body i and body j (or a plane wall), validating them.
 *
 * @param surface_tension γ ≥ 0 (N/m).
 * @param contact_angle θ (rad), 0 ≤ θ < π/2; the fit (default form) needs θ ≤ DEMC_CAPILLARY_FIT_MAX_ANGLE.
 * @param volume V > 0 (m³), the liquid volume of the bridge; the fit needs DEMC_CAPILLARY_FIT_MIN_VOLUME ≤ V/R_h³ ≤
 *        DEMC_CAPILLARY_FIT_MAX_VOLUME.
 * @param radius_i R_i > 0 (m).
 * @param radius_j R_j > 0 (m), or 0 for a plane wall.
 * @param form the force law (DEMC_CAPILLARY_WILLETT_FIT recommended).
 * @param params output, written only on success.
 * @param bad_field optional (may be NULL): NULL on success, else the first bad input in argument order:
 *        "surface_tension", "contact_angle", "volume", "radius_i", "radius_j", "form" or "params".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (non-finite, null, unknown form); DEMC_ERR_OUT_OF_DOMAIN (outside
 *         the domains above); DEMC_ERR_SINGULAR ("volume": a derived constant not representable).
 */
DEMC_CAPILLARY_FN demc_status demc_capillary_init(double surface_tension, double contact_angle, double volume,
                                                  double radius_i, double radius_j, demc_capillary_form form,
                                                  demc_capillary_params *params, const char **bad_field);

/**
 * @brief The parameters of demc_capillary_init() without validation (inputs in its domain give the same result).
 *
 * For a host that tracks the volume of each bridge: one call per contact when the volume changes (the fit costs
 * two logarithms here). The viscous part is off (η = 0, S_min = 0).
 */
DEMC_CAPILLARY_FN demc_capillary_params demc_capillary_make(double surface_tension, double contact_angle,
                                                            double volume, double radius_i, double radius_j,
                                                            demc_capillary_form form);

/**
 * @brief Switches on the viscous force of the bridge (Pitois et al. 2000) in params.
 *
 * @param viscosity η ≥ 0 (Pa·s); 0 switches it off.
 * @param min_separation S_min > 0 (m): the gap used below it and during contact (the force grows as 1/S).
 * @param params in/out: filled by demc_capillary_init() or demc_capillary_make(); changed only on success.
 * @param bad_field optional: "params", "viscosity" or "min_separation".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (non-finite, null); DEMC_ERR_OUT_OF_DOMAIN (η < 0, S_min ≤ 0);
 *         DEMC_ERR_SINGULAR ("viscosity": 6πηR*² not representable).
 */
DEMC_CAPILLARY_FN demc_status demc_capillary_viscous_init(double viscosity, double min_separation,
                                                          demc_capillary_params *params, const char **bad_field);

/**
 * @brief Capillary normal force of an existing bridge at overlap δ (N, ≤ 0): −F_cap(S = −δ).
 *
 * δ ≥ 0 (contact): −contact_force; −S_c < δ < 0: −F_cap(−δ) of the selected form; δ ≤ −S_c: 0 (ruptured). No
 * memory: whether a bridge exists is the host's or demc_capillary_update()'s business.
 */
DEMC_CAPILLARY_FN double demc_capillary_force(const demc_capillary_params *params, double overlap);

/**
 * @brief Viscous normal force of an existing bridge (N), Pitois et al. (2000):
 *        6πηR*² δ̇/S_e (1 − S_e/h_m)², S_e = max(−δ, S_min), h_m = √(S_e² + V/(πR*)).
 *
 * Positive (repulsive) while the bodies approach (δ̇ > 0), negative while they separate; 0 for δ ≤ −S_c or η = 0.
 * @param params bridge parameters with the viscous part set (demc_capillary_viscous_init()).
 * @param overlap δ (m).
 * @param overlap_rate δ̇ = dδ/dt (m/s) = −dS/dt.
 */
DEMC_CAPILLARY_FN double demc_capillary_viscous_force(const demc_capillary_params *params, double overlap,
                                                      double overlap_rate);

/**
 * @brief Work to pull an existing bridge from overlap δ to rupture, W = ∫_S^{S_c} F_cap(s) ds (J, ≥ 0), S = −δ.
 *
 * For δ > 0 the constant contact force adds F_cap(0)·δ. It is the capillary potential energy of the bridge
 * (measured from the ruptured state) and the energy a quasi-static pull-apart from δ spends, lost at rupture.
 * Simple form: closed form, W = F_cap(0)√(V/R_h)·(2/√q)·atan(5√q(X_c − X)/(q + (5X_c + 1.05)(5X + 1.05))) with
 * q = 10 − 1.05², X = Ŝ = S√(R_h/V) (the difference of two arctangents, written without cancellation). Fit: Gauss–Legendre on
 * ln S⁺ (20 panels of 10 points over the last 40 e-folds below S⁺_c; the part below is e^{f₁} S⁺ to 1e-17),
 * within 1e-12 relative of an independent quadrature. 0 for δ ≤ −S_c.
 */
DEMC_CAPILLARY_FN double demc_capillary_energy(const demc_capillary_params *params, double overlap);

/**
 * @brief The interaction range of the bridge, S_c (m): a host keeps a pair whose gap is below it in its neighbour
 *        lists (centre distance < R_i + R_j + S_c), as for the pull-off distance of JKR.
 */
DEMC_CAPILLARY_FN double demc_capillary_range(const demc_capillary_params *params);

/**
 * @brief One step of the bridge's life cycle for a DEM host: forms at touch, acts until rupture.
 *
 * With no bridge (state->bridge = 0): a bridge forms when δ ≥ 0; otherwise no force. With a bridge: it ruptures
 * when δ ≤ −S_c (state reset, ruptured = 1, no force); otherwise force = demc_capillary_force() +
 * demc_capillary_viscous_force().
 * @param params bridge parameters.
 * @param overlap δ (m).
 * @param overlap_rate δ̇ (m/s).
 * @param state bridge flag, in/out (zero = new contact).
 */
DEMC_CAPILLARY_FN demc_capillary_result demc_capillary_update(const demc_capillary_params *params, double overlap,
                                                              double overlap_rate, demc_capillary_state *state);

/** @brief The bridge memory seen from body j: unchanged (the flag has no sign). */
DEMC_CAPILLARY_FN demc_capillary_state demc_capillary_state_swap(demc_capillary_state state);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_CAPILLARY)
#  include "impl/capillary_impl.h"
#endif

#endif /* DEMC_CAPILLARY_H */
