/**
 * @file normal_plastic.h
 * @brief Elasto-plastic adhesive normal laws as pure kernels with explicit per-contact state: Luding's hysteretic
 *        linear spring with adhesion (Luding 2008), Thornton & Ning's adhesive elastic–plastic law (1998) and the
 *        Edinburgh Elasto-Plastic Adhesion model (Thakur et al. 2014).
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
 * Thornton & Ning (demc_normal_thornton_ning_*): with E*, R*, the work of adhesion w (their Γ) and the limiting
 * contact pressure p_y, c = R*√(2πw/E*) and the contact radius a: elastic JKR loading, δ = (a² − c√a)/R*,
 * F = (E*a/R*)((4/3)a² − 2c√a), up to the yield radius a_y where the JKR pressure at the centre reaches p_y
 * (their eq 65); beyond it the Hertz part of the pressure is capped at p_h = 2E*a_y/(πR*) and the force is
 * F = (E*a_y/R*)(2a² − (2/3)a_y²) − 2E*c a^{3/2}/R* on the same geometry (their eq 19 when w = 0: linear in δ with
 * stiffness πp_yR*); unloading and reloading follow JKR with the radius R_p = 2a*³R* /(a_y(3a*² − a_y²)) from the
 * plastic overlap δ_p = (a* − a_y)²(2a* + a_y)/(2a*R*) (their eq 28 when w = 0), pull-off −(3/2)πwR_p (eq 77).
 * State: δ_max, δ_p, R_p and the neck flag (four doubles; zero = a new contact; unchanged by the swap).
 *
 * EEPA (demc_normal_eepa_*): f = f₀ + min(k₁δⁿ, max(k₂(δⁿ − δ_pⁿ), −k_adh δ^χ)) for δ > 0 with
 * k₂ = k₁/(1 − λ_P), δ_pⁿ = λ_Pδⁿ on loading and δ_pⁿ = δⁿ + (k_adh/k₂)δ^χ on the adhesive branch (Thakur et al.
 * 2014, eq 5). State: δ_p (one double; unchanged by the swap). Page: @ref plastic.
 *
 * Sources:
 * - S. Luding, "Cohesive, frictional powders: contact models for tension", Granular Matter 10 (2008) 235-246.
 * - C. Thornton, Z. Ning, "A theoretical model for the stick/bounce behaviour of adhesive, elastic-plastic
 *   spheres", Powder Technol. 99 (1998) 154-162.
 * - C. Thornton, "Coefficient of restitution for collinear collisions of elastic-perfectly plastic spheres",
 *   J. Appl. Mech. 64 (1997) 383-386.
 * - S.C. Thakur, J.P. Morrissey, J. Sun, J.F. Chen, J.Y. Ooi, "Micromechanical analysis of cohesive granular
 *   materials using the discrete element method with an adhesive elasto-plastic contact model", Granular Matter 16
 *   (2014) 383-400; J.P. Morrissey, PhD thesis, The University of Edinburgh (2013).
 */
#ifndef DEMC_NORMAL_PLASTIC_H
#define DEMC_NORMAL_PLASTIC_H

#include "base.h"
#include "material.h" /* the shared validation helpers of the setup functions */
#include "adhesion.h" /* the JKR branches of Thornton & Ning's law */

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

/* ---- Thornton & Ning (1998) ------------------------------------------------------------------------------- */

/** Size of demc_normal_thornton_ning_state in doubles. */
#define DEMC_NORMAL_THORNTON_NING_STATE_SIZE 4
/** Zero initialiser of a demc_normal_thornton_ning_state (a new contact); compiles as C and C++. */
#define DEMC_NORMAL_THORNTON_NING_STATE_INIT {0.0, 0.0, 0.0, 0.0}

/**
 * @brief Parameters of Thornton & Ning's adhesive elastic–plastic law (fill with
 *        demc_normal_thornton_ning_init()).
 *
 * With the contact radius a and c = R*√(2πw/E*), every branch keeps the JKR geometry
 * δ(a) = (a² − c√a)/R* on loading; the force is JKR's F(a) = (E*a/R*)((4/3)a² − 2c√a) up to the yield radius
 * a_y and F(a) = (E*a_y/R*)(2a² − (2/3)a_y²) − 2E*c a^{3/2}/R* beyond it (see the file description).
 */
typedef struct demc_normal_thornton_ning_params {
    double effective_modulus; /**< E*, Pa; > 0. */
    double effective_radius;  /**< R*, m; > 0. */
    double work_of_adhesion;  /**< w, J/m² (Thornton & Ning's Γ, the interface energy: pull-off (3/2)πwR*); ≥ 0. */
    double yield_pressure;    /**< p_y, Pa: the limiting contact pressure at the centre of the contact; > 0. */
    double neck_constant;     /**< c = R*√(2πw/E*), m^{3/2} (0 when w = 0). */
    double yield_radius;      /**< a_y, m: where the JKR centre pressure 2E*a/(πR*) − √(2wE* /(πa)) reaches p_y. */
    double yield_overlap;     /**< δ_y = (a_y² − c√a_y)/R*, m (negative when the contact yields at touch). */
    double yield_force;       /**< F_y, N: the JKR force at a_y. */
    double cap_pressure;      /**< p_h = 2E*a_y/(πR*), Pa: the Hertz part of the pressure at yield (p_y when
                                   w = 0); the plastic branch keeps it there. */
} demc_normal_thornton_ning_params;

/** @brief Per-contact memory of Thornton & Ning's law. Zero = a new contact; unchanged by the swap. */
typedef struct demc_normal_thornton_ning_state {
    double max_overlap;      /**< δ_max, m: the largest overlap of this contact. */
    double plastic_overlap;  /**< δ_p, m: the overlap where the deformed surfaces touch (the unloading JKR branch
                                  has its touch point there; the force of a non-adhesive pair vanishes there). */
    double unloading_radius; /**< R_p, m: the radius of curvature of the unloading branch (R* before yield; 0 for
                                  a new contact). */
    double neck;             /**< 1 while the surfaces adhere (from touch until the neck breaks), else 0. */
} demc_normal_thornton_ning_state;

/** @brief Which branch of Thornton & Ning's law a force came from. */
typedef enum demc_normal_thornton_ning_branch {
    DEMC_NORMAL_THORNTON_NING_NONE = 0,    /**< No contact (no neck). */
    DEMC_NORMAL_THORNTON_NING_ELASTIC = 1, /**< JKR with radius R_p: loading before yield, unloading, reloading. */
    DEMC_NORMAL_THORNTON_NING_PLASTIC = 2, /**< Plastic loading beyond the yield radius. */
    DEMC_NORMAL_THORNTON_NING_BRANCH_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration; never a valid value. */
} demc_normal_thornton_ning_branch;

/** @brief Result of one step of Thornton & Ning's law. All zero out of contact. */
typedef struct demc_normal_thornton_ning_result {
    double force;            /**< F, N (negative: tension). */
    double stiffness;        /**< dF/dδ along the branch, N/m (negative near the jump-off, clamped finite there). */
    double contact_radius;   /**< a, m. */
    double plastic_overlap;  /**< δ_p after this step, m. */
    double unloading_radius; /**< R_p after this step, m. */
    demc_normal_thornton_ning_branch branch; /**< The branch of this step. */
} demc_normal_thornton_ning_result;

/**
 * @brief Fills the parameters of Thornton & Ning's law, validating them.
 *
 * The yield radius solves 2a − c/√a = πR*p_y/E* (Thornton & Ning 1998, eq 65: the JKR pressure at the centre
 * equals p_y), a cubic in √a solved in closed form; with w = 0, a_y = πR*p_y/(2E*) (their eq 9).
 * @param effective_modulus E* > 0 (Pa).
 * @param effective_radius R* > 0 (m).
 * @param work_of_adhesion w ≥ 0 (J/m²), Thornton & Ning's Γ.
 * @param yield_pressure p_y > 0 (Pa).
 * @param params output, written only on success.
 * @param bad_field optional: NULL on success, else "effective_modulus", "effective_radius", "work_of_adhesion",
 *        "yield_pressure" or "params".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (non-finite, null); DEMC_ERR_OUT_OF_DOMAIN; DEMC_ERR_SINGULAR
 *         ("yield_pressure": a derived constant not representable).
 */
DEMC_NORMAL_PLASTIC_FN demc_status demc_normal_thornton_ning_init(double effective_modulus, double effective_radius,
                                                                  double work_of_adhesion, double yield_pressure,
                                                                  demc_normal_thornton_ning_params *params,
                                                                  const char **bad_field);

/**
 * @brief One step of Thornton & Ning's law at overlap δ, updating the state (see the file description).
 *
 * The neck forms when δ > 0 (or, after a break, when δ ≥ δ_p again); on loading (δ > δ_max) the contact radius is
 * the stable JKR root with R*, the force elastic (a ≤ a_y) or plastic, and R_p, δ_p are set from the new maximum;
 * below δ_max the force is JKR with R_p at δ − δ_p. The neck breaks below δ_p − (3/4)(π²w²R_p/E*²)^{1/3}; the state
 * is reset when δ ≤ 0 without a neck. Domain (finite results, no NaN): E* in [1e3, 1e13] Pa, R* in [1e-9, 1] m,
 * w in {0} ∪ [1e-6, 1e2] J/m², p_y in [1e3, 1e11] Pa, |δ| ≤ R* (page Bad input).
 * @param params parameters. @param overlap δ (m). @param state in/out (zero = a new contact).
 */
DEMC_NORMAL_PLASTIC_FN demc_normal_thornton_ning_result demc_normal_thornton_ning_update(
    const demc_normal_thornton_ning_params *params, double overlap, demc_normal_thornton_ning_state *state);

/**
 * @brief Work done on the contact along the loading curve from touch (δ = 0) to δ_max, J (negative while the
 *        adhesion pulls more than the contact pushes).
 *
 * JKR's potential (E* /R*²)[(8/15)a⁵ − (4/3)ca^{7/2} + (1/2)c²a² + (3/10)c^{10/3}] up to a_y, and beyond it the
 * integral of the plastic force along δ(a) in closed form (a polynomial in √a). 0 for δ_max ≤ 0.
 */
DEMC_NORMAL_PLASTIC_FN double demc_normal_thornton_ning_loading_work(const demc_normal_thornton_ning_params *params,
                                                                    double max_overlap);

/**
 * @brief Potential energy of the current elastic branch at δ, J: JKR's potential with R_p at the contact radius,
 *        zero where the deformed surfaces touch, for the state after demc_normal_thornton_ning_update() at the same
 *        δ. The work done on the contact between two states on one elastic branch is its difference; 0 without a
 *        neck.
 */
DEMC_NORMAL_PLASTIC_FN double demc_normal_thornton_ning_energy(const demc_normal_thornton_ning_params *params,
                                                              double overlap, demc_normal_thornton_ning_state state);

/**
 * @brief Energy lost in one cycle loaded once from touch to δ_max and pulled apart until the neck breaks, J (≥ 0):
 *        W_in − U_p(a_max) + U_p(a_c,p), U_p the JKR potential with R_p and a_c,p its jump-off radius
 *        (U_p(a_c,p) = 7.09(w⁵R_p⁴/E*²)^{1/3}, Thornton & Ning 1998, eq 52, with R_p).
 */
DEMC_NORMAL_PLASTIC_FN double demc_normal_thornton_ning_cycle_loss(const demc_normal_thornton_ning_params *params,
                                                                  double max_overlap);

/**
 * @brief The pull-off force of the unloading branch after loading to δ_max, −(3/2)πwR_p (N, ≤ 0; Thornton & Ning
 *        1998, eq 77): the force minimum of JKR with R_p (under displacement control the neck breaks later, at
 *        −(5/9) of it).
 */
DEMC_NORMAL_PLASTIC_FN double demc_normal_thornton_ning_pulloff_force(const demc_normal_thornton_ning_params *params,
                                                                     double max_overlap);

/**
 * @brief Coefficient of restitution of an undamped head-on impact at speed v of reduced mass m*:
 *        e = √(max(0, 1 − loss/(½m*v²))), 0 when the pair sticks.
 *
 * δ_max from W_in(δ_max) = ½m*v² (bisection on the contact radius to the last bit). Without adhesion it is
 * Thornton's closed form e(v/v_y) (Thornton & Ning 1998, eq 44) above the yield velocity and 1 below.
 * @param params parameters. @param reduced_mass m* > 0 (kg). @param impact_velocity v > 0 (m/s).
 * Returns 1 for v ≤ 0 or m* ≤ 0 (no impact).
 */
DEMC_NORMAL_PLASTIC_FN double demc_normal_thornton_ning_restitution(const demc_normal_thornton_ning_params *params,
                                                                   double reduced_mass, double impact_velocity);

/** @brief The state seen from body j: unchanged. */
DEMC_NORMAL_PLASTIC_FN demc_normal_thornton_ning_state demc_normal_thornton_ning_state_swap(
    demc_normal_thornton_ning_state state);

/* ---- Edinburgh Elasto-Plastic Adhesion (EEPA) ---------------------------------------------------------------- */

/** Size of demc_normal_eepa_state in doubles. */
#define DEMC_NORMAL_EEPA_STATE_SIZE 1
/** Zero initialiser of a demc_normal_eepa_state (a new contact); compiles as C and C++. */
#define DEMC_NORMAL_EEPA_STATE_INIT {0.0}
/** Smallest and largest exponents n and χ of the EEPA model that demc accepts (Thakur et al. use 1 and 1.5). */
#define DEMC_NORMAL_EEPA_MIN_EXPONENT 1.0
/** Largest exponent n or χ of the EEPA model. */
#define DEMC_NORMAL_EEPA_MAX_EXPONENT 3.0

/** @brief Parameters of the EEPA model (fill with demc_normal_eepa_init()). */
typedef struct demc_normal_eepa_params {
    double loading_stiffness;   /**< k₁, N/mⁿ; > 0. */
    double plasticity_ratio;    /**< λ_P = 1 − k₁/k₂, in [0, 1) (0: elastic). */
    double pulloff_force;       /**< f₀, N; ≤ 0: the constant pull-off force, the force at δ → 0⁺. */
    double adhesion_stiffness;  /**< k_adh, N/m^χ; ≥ 0. */
    double exponent;            /**< n in [1, 3]: the loading and unloading exponent. */
    double adhesion_exponent;   /**< χ in [1, 3]: the exponent of the adhesive branch. */
    double unloading_stiffness; /**< k₂ = k₁/(1 − λ_P), N/mⁿ. */
    double plastic_factor;      /**< λ_P^{1/n}: δ_p = λ_P^{1/n}δ on the loading branch. */
} demc_normal_eepa_params;

/** @brief Per-contact memory of the EEPA model. Zero = a new contact; unchanged by the swap. */
typedef struct demc_normal_eepa_state {
    double plastic_overlap; /**< δ_p, m: where the current unloading branch k₂(δⁿ − δ_pⁿ) has no force. */
} demc_normal_eepa_state;

/** @brief Which branch of the EEPA model a force came from. */
typedef enum demc_normal_eepa_branch {
    DEMC_NORMAL_EEPA_NONE = 0,     /**< δ ≤ 0: no contact. */
    DEMC_NORMAL_EEPA_LOADING = 1,  /**< f₀ + k₁δⁿ (virgin loading). */
    DEMC_NORMAL_EEPA_ELASTIC = 2,  /**< f₀ + k₂(δⁿ − δ_pⁿ): unloading, reloading. */
    DEMC_NORMAL_EEPA_ADHESIVE = 3, /**< f₀ − k_adh δ^χ: the adhesive branch. */
    DEMC_NORMAL_EEPA_BRANCH_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration; never a valid value. */
} demc_normal_eepa_branch;

/** @brief Result of one step of the EEPA model. */
typedef struct demc_normal_eepa_result {
    double force;           /**< f, N (negative: tension); 0 out of contact. */
    double stiffness;       /**< df/dδ on this branch, N/m. */
    double plastic_overlap; /**< δ_p after this step, m. */
    demc_normal_eepa_branch branch; /**< The branch of this step. */
} demc_normal_eepa_result;

/**
 * @brief Fills the parameters of the EEPA model, validating them.
 * @param loading_stiffness k₁ > 0 (N/mⁿ).
 * @param plasticity_ratio λ_P in [0, 1) (Thakur et al.'s contact plasticity ratio, 1 − k₁/k₂).
 * @param pulloff_force f₀ ≤ 0 (N): the constant pull-off force (Thakur et al. write it as a negative force).
 * @param adhesion_stiffness k_adh ≥ 0 (N/m^χ).
 * @param exponent n in [DEMC_NORMAL_EEPA_MIN_EXPONENT, DEMC_NORMAL_EEPA_MAX_EXPONENT].
 * @param adhesion_exponent χ in the same range.
 * @param params output, written only on success.
 * @param bad_field optional: NULL on success, else "loading_stiffness", "plasticity_ratio", "pulloff_force",
 *        "adhesion_stiffness", "exponent", "adhesion_exponent" or "params".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (non-finite, null); DEMC_ERR_OUT_OF_DOMAIN; DEMC_ERR_SINGULAR
 *         ("plasticity_ratio": k₂ not representable).
 */
DEMC_NORMAL_PLASTIC_FN demc_status demc_normal_eepa_init(double loading_stiffness, double plasticity_ratio,
                                                         double pulloff_force, double adhesion_stiffness,
                                                         double exponent, double adhesion_exponent,
                                                         demc_normal_eepa_params *params, const char **bad_field);

/**
 * @brief One step of the EEPA model at overlap δ, updating δ_p (Thakur et al. 2014, eq 5):
 *        f = f₀ + min(k₁δⁿ, max(k₂(δⁿ − δ_pⁿ), −k_adh δ^χ)) for δ > 0.
 *
 * On the loading branch δ_pⁿ = λ_Pδⁿ (the unloading line passes through the current point); on the adhesive branch
 * δ_pⁿ = δⁿ + (k_adh/k₂)δ^χ (reloading follows the k₂ curve through the current point). δ ≤ 0: no force, δ_p
 * reset. No NaN for any finite δ from a finite state; finite results for k₁, k_adh ≤ 1e12, |f₀| ≤ 1e6 N, |δ| ≤ 1 m.
 * @param params parameters. @param overlap δ (m). @param state δ_p, in/out (zero = a new contact).
 */
DEMC_NORMAL_PLASTIC_FN demc_normal_eepa_result demc_normal_eepa_update(const demc_normal_eepa_params *params,
                                                                       double overlap, demc_normal_eepa_state *state);

/**
 * @brief Elastic energy of the current k₂ branch, ∫_{δ_p}^{δ} k₂(sⁿ − δ_pⁿ) ds
 *        = k₂[(δ^{n+1} − δ_p^{n+1})/(n + 1) − δ_pⁿ(δ − δ_p)] (J, ≥ 0), for the state after
 *        demc_normal_eepa_update() at the same δ; 0 for δ ≤ 0.
 */
DEMC_NORMAL_PLASTIC_FN double demc_normal_eepa_stored_energy(const demc_normal_eepa_params *params, double overlap,
                                                             demc_normal_eepa_state state);

/** @brief Work done on the contact along first loading from 0 to δ_max, f₀δ_max + k₁δ_max^{n+1}/(n + 1) (J). */
DEMC_NORMAL_PLASTIC_FN double demc_normal_eepa_loading_work(const demc_normal_eepa_params *params,
                                                            double max_overlap);

/**
 * @brief δ_min after loading to δ_max, m: where the unloading branch meets the adhesive one,
 *        k₂(δⁿ − δ_pⁿ) = −k_adh δ^χ with δ_p = λ_P^{1/n}δ_max (closed form δ_p(k₂/(k₂ + k_adh))^{1/n} when χ = n,
 *        else safeguarded Newton to the last bit); δ_p when k_adh = 0.
 */
DEMC_NORMAL_PLASTIC_FN double demc_normal_eepa_min_overlap(const demc_normal_eepa_params *params,
                                                           double max_overlap);

/** @brief The most tensile force of the unloading after loading to δ_max, f₀ − k_adh δ_min^χ (N, ≤ f₀). */
DEMC_NORMAL_PLASTIC_FN double demc_normal_eepa_pulloff_force(const demc_normal_eepa_params *params,
                                                             double max_overlap);

/**
 * @brief Energy lost in one cycle loaded once from 0 to δ_max and unloaded to separation (J, ≥ 0):
 *        k₁δ_max^{n+1}/(n + 1) − k₂[(δ_max^{n+1} − δ_min^{n+1})/(n + 1) − δ_pⁿ(δ_max − δ_min)]
 *        + k_adh δ_min^{χ+1}/(χ + 1) (f₀ does no net work).
 */
DEMC_NORMAL_PLASTIC_FN double demc_normal_eepa_cycle_loss(const demc_normal_eepa_params *params,
                                                          double max_overlap);

/**
 * @brief Coefficient of restitution of an undamped impact that reaches δ_max:
 *        e = √(max(0, 1 − loss/W_in)), W_in = demc_normal_eepa_loading_work() = ½m*v²; 0 (sticking) when
 *        W_in ≤ 0 or the loss exceeds it. Without adhesion (f₀ = k_adh = 0) e is independent of δ_max:
 *        e² = [1 − λ_P^{1+1/n} − (n + 1)λ_P(1 − λ_P^{1/n})]/(1 − λ_P), which is 1 − λ_P = k₁/k₂ for n = 1.
 */
DEMC_NORMAL_PLASTIC_FN double demc_normal_eepa_restitution(const demc_normal_eepa_params *params,
                                                           double max_overlap);

/** @brief The state seen from body j: unchanged. */
DEMC_NORMAL_PLASTIC_FN demc_normal_eepa_state demc_normal_eepa_state_swap(demc_normal_eepa_state state);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_NORMAL_PLASTIC)
#  include "impl/normal_plastic_impl.h"
#endif

#endif /* DEMC_NORMAL_PLASTIC_H */
