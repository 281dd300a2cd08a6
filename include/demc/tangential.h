/**
 * @file tangential.h
 * @brief Tangential spring with memory and Coulomb limit, transport of the memory when the contact frame turns,
 *        and the instant within a step at which the relative tangential velocity vanishes.
 *
 * The per-contact memory is a demc_tangential_state (doubles only, zero = new contact). One call of
 * demc_tangential_update() per step advances it from the increment of the tangential displacement of the contact
 * point and returns the tangential force on body i. The conventions the literature disagrees on are fields of
 * demc_tangential_params: stiffness rule ([Zabulionis 2012] eq 27-33), slip recalculation ([Zabulionis 2012] eq 41-43),
 * direction of the slip force ([Zabulionis 2012] section 5), unloading rescale ([Cummins 2012] eq 2), static/dynamic
 * friction ([Campello 2015] eq 30-36) and the Coulomb-limit policy ([Cummins 2012] eq 1-2). The model page
 * is @ref tangential.
 *
 * Sign convention: the displacement increment and the velocity are those of the contact point of body i relative
 * to that of body j ([Zabulionis 2012] eq 9, 11); the elastic force on body i opposes the elastic displacement,
 * F = −k_t δ_el ([Zabulionis 2012] eq 21).
 *
 * Sources (equation, section and figure numbers are the papers' own; all references: @ref references):
 * - [Zabulionis 2012] D. Zabulionis, R. Kačianauskas, D. Markauskas, J. Rojek, “An investigation of nonlinear
 *   tangential contact behaviour of a spherical particle under varying loading”, Bulletin of the Polish Academy of
 *   Sciences: Technical Sciences 60(2) (2012) 265–278, doi:10.2478/v10175-012-0036-3.
 * - [Campello 2015] E.M.B. Campello, “A description of rotations for DEM models of particle systems”, Computational
 *   Particle Mechanics 2 (2015) 109–125, doi:10.1007/s40571-015-0041-z.
 * - [Cummins 2012] S.J. Cummins, C. Thornton, P.W. Cleary, “Contact force models in inelastic collisions”, Ninth
 *   International Conference on CFD in the Minerals and Process Industries, CSIRO, Melbourne, Australia (2012).
 */
#ifndef DEMC_TANGENTIAL_H
#define DEMC_TANGENTIAL_H

#include "base.h"
#include "material.h"

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_TANGENTIAL)
#  define DEMC_TANGENTIAL_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_TANGENTIAL_FN DEMC_STATIC_INLINE
#else
#  define DEMC_TANGENTIAL_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/** Size of demc_tangential_state in doubles (a host code may keep the state in its own `double` history array). */
#define DEMC_TANGENTIAL_STATE_SIZE 9

/**
 * @brief Per-contact memory of the tangential spring. All zero = a new contact.
 *
 * Plain doubles only (DEMC_TANGENTIAL_STATE_SIZE of them); the layout is fixed. The vectors lie in the tangent
 * plane of the contact frame of the step that wrote them; demc_tangential_transport() carries them into the next
 * step's frame. demc_tangential_state_swap() gives the same memory as seen from body j.
 */
typedef struct demc_tangential_state {
    /** Elastic tangential displacement δ_el of the contact point of i relative to j (m), [Zabulionis 2012] eq 20, 39,
     *  42-43. With the incremental stiffness rules it is a record of the spring elongation (the force is carried by
     *  #force); with DEMC_STIFFNESS_TOTAL it is the memory itself, F = −k_t δ_el ([Zabulionis 2012] eq 21, [Campello
     *  2015] eq 31). */
    demc_vec3 displacement;
    /** Elastic tangential force on body i (N): the spring part F_te of [Cummins 2012] eq 1-2, F_t,st of [Zabulionis
     *  2012] eq 27, 33. */
    demc_vec3 force;
    /** Tangential stiffness k_t of the previous step (N/m); 0 for a new contact. */
    double stiffness;
    /** Normal force of the previous step (N), for the unloading test of [Cummins 2012] eq 2; 0 for a new contact. */
    double normal_force;
    /** 1.0 when the previous step slid (Coulomb limit reached), 0.0 when it stuck. */
    double sliding;
} demc_tangential_state;

/** Initialiser of a new contact's ::demc_tangential_state: `demc_tangential_state s = DEMC_TANGENTIAL_STATE_INIT;`. */
#define DEMC_TANGENTIAL_STATE_INIT {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 0.0, 0.0, 0.0}

/**
 * @brief Which tangential stiffness k_t(ξ) multiplies the displacement increment within a step ([Zabulionis 2012] eq
 * 29-33).
 *
 * The incremental law is F(t_m) = F(t_{m−1}) − k_t(ξ) Δδ ([Zabulionis 2012] eq 33). DEMC_STIFFNESS_TOTAL is the
 * non-incremental law F = −k_t(t_m) δ_el ([Zabulionis 2012] eq 21, used by [Campello 2015] eq 31); it is exact only
 * while k_t is constant.
 */
typedef enum demc_stiffness_rule {
    DEMC_STIFFNESS_AVERAGE = 0,  /**< k_t(ξ) = (k_t(t_{m−1}) + k_t(t_m))/2, the midpoint of [Zabulionis 2012] eq 32
                                      (default). */
    DEMC_STIFFNESS_BACKWARD = 1, /**< k_t(ξ) = k_t(t_{m−1}), [Zabulionis 2012] eq 30. */
    DEMC_STIFFNESS_FORWARD = 2,  /**< k_t(ξ) = k_t(t_m), [Zabulionis 2012] eq 31; the increment of [Cummins 2012] eq 2
                                      (k_t^n Δδ). */
    DEMC_STIFFNESS_TOTAL = 3,     /**< Non-incremental F = −k_t(t_m) δ_el, [Zabulionis 2012] eq 21 and [Campello 2015]
                                      eq 31. */
    DEMC_STIFFNESS_RULE_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_stiffness_rule;

/**
 * @brief How the elastic displacement δ_el is recalculated when the Coulomb limit is reached.
 *
 * The force memory is the same under both ([Zabulionis 2012] section 3.2 shows the stick force of eq 33 does not depend
 * on this choice); only δ_el differs, and with it the displacement-driven slip direction. With DEMC_STIFFNESS_TOTAL
 * the recalculation is always the conventional one, which is then the return mapping of [Campello 2015] eq 35-36.
 */
typedef enum demc_slip_recalculation {
    /** δ_el(t_m) = δ_el(t_{m−1}) − (F_slip − F(t_{m−1}))/k_t(ξ), [Zabulionis 2012] eq 35 and 43 (default): δ_el stays
     *  continuous at stick → slip under a varying normal load. */
    DEMC_SLIP_INCREMENTAL = 0,
    /** δ_el(t_m) = −F_slip/k_t(t_m), [Zabulionis 2012] eq 41 and 42: δ_el jumps at stick → slip when k_t has varied. */
    DEMC_SLIP_CONVENTIONAL = 1,
    DEMC_SLIP_RECALCULATION_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_slip_recalculation;

/** @brief Direction t of the sliding force F_slip = μ F_n t once the Coulomb limit is reached ([Zabulionis 2012]
 *  section 5). */
typedef enum demc_slip_direction {
    DEMC_SLIP_DIRECTION_FORCE = 0,        /**< t = F_st/|F_st|, the trial stick force ([Zabulionis 2012] section 5,
                                               default). */
    DEMC_SLIP_DIRECTION_DISPLACEMENT = 1, /**< t = −δ_el/|δ_el|, δ_el of [Zabulionis 2012] eq 39 before
                                               recalculation. */
    DEMC_SLIP_DIRECTION_VELOCITY = 2,      /**< t = −v_t/|v_t|, the relative tangential velocity. */
    DEMC_SLIP_DIRECTION_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_slip_direction;

/**
 * @brief What happens to the elastic force when the normal force decreases ([Cummins 2012] eq 2).
 *
 * Under an incremental law a decreasing normal load leaves the spring force unchanged while k_t decreases, so the
 * stored energy |F|²/(2k_t) grows with no tangential work; the rescale keeps F ∝ k_t at fixed displacement.
 */
typedef enum demc_unloading_rule {
    /** When F_n(t_m) < F_n(t_{m−1}): F(t_{m−1}) is first multiplied by k_t(t_m)/k_t(t_{m−1}), [Cummins 2012] eq 2
     *  (default). */
    DEMC_UNLOADING_RESCALE = 0,
    /** No rescale: the pure incremental law of [Zabulionis 2012] eq 33. */
    DEMC_UNLOADING_KEEP = 1,
    DEMC_UNLOADING_RULE_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_unloading_rule;

/**
 * @brief Which force the Coulomb limit bounds, and what is stored on slip.
 *
 * The tangential force on body i is F_t = F_el + F_d with the dashpot F_d = −c_t v_t.
 */
typedef enum demc_coulomb_policy {
    /** |F_el + F_d| ≤ μ F_n, as [Cummins 2012] eq 1-2 (default). The slider is in series with the spring and dashpot,
     *  which act in parallel: on slip the total is μ_d F_n t, and the slip Δδ_sl is shared so that spring and dashpot
     *  together carry it, F_el = F* + k_t(ξ) Δδ_sl and F_d = −c_t (v_t − Δδ_sl/Δt) (a return mapping with the
     *  stiffness k_t(ξ) + c_t/Δt). The memory keeps that F_el. (LAMMPS GRANULAR keeps μ_d F_n t − c_t v_t: the
     *  dashpot then acts on the full sliding velocity and the energy account does not close.) */
    DEMC_COULOMB_TOTAL = 0,
    /** |F_el| ≤ μ F_n; the dashpot is always added after the limit, so the total may exceed μ F_n. On slip the
     *  memory keeps F_el = μ_d F_n t. */
    DEMC_COULOMB_ELASTIC = 1,
    /** |F_el + F_d| ≤ μ F_n as ::DEMC_COULOMB_TOTAL, but on slip the dashpot keeps its whole F_d = −c_t v_t and the
     *  spring stores the remainder, F_el = μ_d F_n t − F_d: the rule of LAMMPS GRANULAR's `tangential mindlin` (and
     *  `linear_history`) in `pair_style granular`, whose documentation (LAMMPS 29 Sep 2021, "pair_style granular",
     *  tangential forces) rescales the total force to the Coulomb limit and sets the history so that the spring
     *  and the unchanged dashpot add up to it. The slip Δδ_sl = (L − L*)/k_t(ξ) is then the spring's alone (the
     *  dashpot acts on the full sliding velocity), so the energy terms split the step's work differently: the
     *  dashpot dissipates c_t|v_t|²Δt, and the slider's work is what the balance leaves, which is negative where the
     *  dashpot alone exceeds the limit (c_t|v_t| > μ_d F_n: the spring is then stored against the sliding force);
     *  their sum is μ_d F_n |v_t| Δt in a steady slide, as under the other policies. At F_n ≤ 0 the spring is
     *  released as under ::DEMC_COULOMB_TOTAL (LAMMPS would store −F_d; the force is zero either way). Since 1.1. */
    DEMC_COULOMB_TOTAL_DASHPOT_KEPT = 2,
    DEMC_COULOMB_POLICY_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_coulomb_policy;

/** @brief How the memory is carried into the contact frame of the next step (see the page @ref tangential). */
typedef enum demc_memory_transport {
    /** The rotation that carries the old unit normal onto the new one by the shortest arc, followed by an optional
     *  rotation about the new normal (the spin of the bodies): exact, keeps every vector's length and angles. */
    DEMC_TRANSPORT_ROTATE = 0,
    /** Projection onto the new tangent plane, rescaled to keep the magnitude (what LAMMPS GRANULAR does). */
    DEMC_TRANSPORT_PROJECT = 1,
    DEMC_MEMORY_TRANSPORT_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_memory_transport;

/**
 * @brief Friction coefficients and the explicit conventions of the tangential law.
 *
 * Fill with demc_tangential_init() (default conventions) and change fields by name to reproduce a paper;
 * check a hand-filled struct with demc_tangential_validate().
 */
typedef struct demc_tangential_params {
    double mu_static;                      /**< Static friction μ_s (dimensionless, ≥ 0): the stick test, [Campello
                                                2015] eq 32. */
    double mu_dynamic;                     /**< Dynamic friction μ_d (0 ≤ μ_d ≤ μ_s): the slip force, [Campello 2015]
                                                eq 33. */
    demc_stiffness_rule stiffness_rule;    /**< Stiffness of the increment ([Zabulionis 2012] eq 29-33). */
    demc_slip_recalculation recalculation; /**< Recalculation of δ_el on slip ([Zabulionis 2012] eq 41-43). */
    demc_slip_direction direction;         /**< Direction of the slip force ([Zabulionis 2012] section 5). */
    demc_unloading_rule unloading;         /**< Unloading rescale ([Cummins 2012] eq 2). */
    demc_coulomb_policy coulomb;           /**< Which force the Coulomb limit bounds ([Cummins 2012] eq 1-2). */
} demc_tangential_params;

/**
 * @brief What one tangential step returns besides the updated state: the force and whether it slid. The same
 *        result for both tangential kernels (demc_tangential_update(), demc_tangential_md_update()); their energy
 *        terms come separately, only when asked for, as for every kernel of the library.
 */
typedef struct demc_tangential_result {
    /** Tangential force on body i (N): the elastic part plus the dashpot part, limited per the Coulomb policy. */
    demc_vec3 force;
    /** The dashpot part of #force (N): −c_t v_t, or −c_t (v_t − Δδ_sl/Δt) while sliding under
     *  DEMC_COULOMB_TOTAL; zero for demc_tangential_md_update(), which has no dashpot of its own. */
    demc_vec3 damping_force;
    /** 1 when this step slid (Mindlin–Deresiewicz: ended in gross sliding, |F| = μF_n), 0 when it stuck (the
     *  spring's state keeps the same flag as a double). */
    int sliding;
} demc_tangential_result;

/**
 * @brief Energy terms of one step of demc_tangential_update(), written only when asked for.
 *
 * Each term is computed scaled (no |F|² or product formed on its own that could over- or underflow), so it is
 * its exact value to rounding wherever that is a double, for forces and stiffnesses of any magnitude, and +inf
 * (−inf for a negative stiffness_exchange) exactly where it exceeds DBL_MAX; never NaN for finite inputs inside
 * the domain. Such energies are real: a spring force of 1e120 N meeting k_t = 1e-93 N/m holds about 1e333 J (the
 * backward stiffness rule with DEMC_UNLOADING_RESCALE, k_t jumping up by 1e101 while F_n falls, gets there).
 */
typedef struct demc_tangential_energy {
    /** Elastic energy stored in the spring at the end of the step, |F_el|²/(2 k_t) (J); 0 when k_t = 0. */
    double stored_energy;
    /** Energy dissipated by the slider in this step (J, ≥ 0; signed under ::DEMC_COULOMB_TOTAL_DASHPOT_KEPT):
     *  −Δδ_sl · (½(F_old + F_el) + F_d), with Δδ_sl = (L − L*)/k_slip the slip of the return (k_slip = k_t(ξ),
     *  plus c_t/Δt under the total policy) and F_d only under the total policy (the dashpot in series with the
     *  slider): the slip against the trapezoidal mean of the force the slider carries, so that the step's energy
     *  balance closes. μ_d F_n |Δδ_sl| in steady sliding; includes the spring energy released at the static →
     *  dynamic drop of [Campello 2015] eq 35. 0 while sticking, and 0 for a force reversed beyond the cone within one
     *  step (where the trapezoid would be negative).
     *  Under ::DEMC_COULOMB_TOTAL_DASHPOT_KEPT it is −Δδ_sl · ½(F_old + F_el) (k_slip = k_t(ξ)), signed and never
     *  clipped, so that the balance closes with the dashpot's c_t|v_t|²Δt: (μ_d F_n − c_t|v_t|)|v_t|Δt in a steady
     *  slide, negative where c_t|v_t| > μ_d F_n. */
    double friction_dissipation;
    /** Energy dissipated by the dashpot in this step (J, ≥ 0): c_t |v_e|² Δt = |F_d|² Δt/c_t, v_e its rate. */
    double viscous_dissipation;
    /** Energy that left the spring in this step with no tangential work (J, signed): |F_old|²/(2k_t(t_{m−1}))
     *  − |F_carried|²/(2k_t(t_m)), the force carried into the step (rescaled under DEMC_UNLOADING_RESCALE,
     *  −k_t(t_m) δ_el under DEMC_STIFFNESS_TOTAL) meeting the new stiffness. A spring of varying stiffness is not a
     *  potential: this is its exchange with the normal load. Positive when k_t grows under the incremental law and
     *  when it falls under the rescale, negative when it falls without rescale; 0 for a constant k_t. */
    double stiffness_exchange;
} demc_tangential_energy;

/**
 * @brief Ratio κ = k_t/k_n = 2(1−ν)/(2−ν) of the linear tangential spring ([Cummins 2012] eq 1).
 *
 * Mindlin's ratio of the initial tangential to normal compliances of two identical spheres.
 * @param nu Poisson's ratio, −1 < ν ≤ 0.5 (not checked: a pure formula).
 * @return κ (dimensionless), 1 at ν = 0, 2/3 at ν = 0.5.
 */
DEMC_TANGENTIAL_FN double demc_tangential_stiffness_ratio(double nu);

/**
 * @brief Mindlin's tangential stiffness k_t = 8 G* √(R* δ) ([Zabulionis 2012] eq 22, [Cummins 2012] eq 2, [Campello
 * 2015] eq 37).
 *
 * @param shear_modulus effective shear modulus G* (Pa), in whichever convention the caller chose ([Zabulionis 2012] eq
 * 23,
 *        [Campello 2015] eq 38 and [Cummins 2012] differ: see the material module).
 * @param radius effective radius R* (m).
 * @param overlap normal overlap δ (m); δ ≤ 0 gives 0.
 * @return k_t (N/m).
 */
DEMC_TANGENTIAL_FN double demc_tangential_mindlin_stiffness(double shear_modulus, double radius, double overlap);

/**
 * @brief Fills params with friction coefficients and the default conventions (each enumerator 0).
 *
 * @param mu_static static friction μ_s ≥ 0.
 * @param mu_dynamic dynamic friction, 0 ≤ μ_d ≤ μ_s (μ_d = μ_s: one Coulomb coefficient).
 * @param params output, written only on success.
 * @param bad_field optional (may be NULL; see material.h): receives NULL on success, else the first offending
 *        input in argument order: "mu_static", "mu_dynamic" or "params".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT for a non-finite coefficient or a null params; DEMC_ERR_OUT_OF_DOMAIN
 *         for μ_s < 0, μ_d < 0 or μ_d > μ_s.
 */
DEMC_TANGENTIAL_FN demc_status demc_tangential_init(double mu_static, double mu_dynamic,
                                                         demc_tangential_params *params, const char **bad_field);

/**
 * @brief Checks a filled demc_tangential_params, field by field in declaration order.
 *
 * @param params the parameters (NULL: DEMC_ERR_INVALID_ARGUMENT, field "params").
 * @param bad_field optional (may be NULL): receives NULL on success, else "params", "params.mu_static",
 *        "params.mu_dynamic", "params.stiffness_rule", "params.recalculation", "params.direction",
 *        "params.unloading" or "params.coulomb".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT for a null params, a non-finite coefficient or an unknown enumerator;
 *         DEMC_ERR_OUT_OF_DOMAIN for μ_s < 0, μ_d < 0 or μ_d > μ_s.
 */
DEMC_TANGENTIAL_FN demc_status demc_tangential_validate(const demc_tangential_params *params,
                                                             const char **bad_field);

/**
 * @brief The same memory seen from body j: displacement and force change sign, the scalars are kept.
 *
 * Swapping twice gives the state back exactly.
 */
DEMC_TANGENTIAL_FN demc_tangential_state demc_tangential_state_swap(demc_tangential_state s);

/**
 * @brief One step of the tangential spring with Coulomb limit ([Zabulionis 2012] eq 27-43, [Campello 2015] eq 30-36,
 * [Cummins 2012] eq 1-3).
 *
 * With F_old the stored elastic force (times k_t(t_m)/k_t(t_{m−1}) when DEMC_UNLOADING_RESCALE applies and the
 * normal force has decreased):
 * 1. trial: δ* = δ_el + Δs and F* = F_old − k_t(ξ) Δs (incremental rules) or F* = −k_t δ* (total rule);
 * 2. dashpot F_d = −c_t v_t; limited force L* = F* + F_d (DEMC_COULOMB_TOTAL) or F* (DEMC_COULOMB_ELASTIC);
 * 3. stick when |L*| ≤ μ_s max(F_n, 0): F_el = F*, δ_el = δ*;
 * 4. else slip: L = μ_d max(F_n, 0) t with t from the slip-direction rule; the slip Δδ_sl solves
 *    L* + (k_t(ξ) + c_t/Δt) Δδ_sl = L (total policy; without the c_t/Δt term under the elastic policy and
 *    ::DEMC_COULOMB_TOTAL_DASHPOT_KEPT); F_el = F* + k_t(ξ) Δδ_sl (L − F_d under the kept dashpot); the force is L
 *    (total policies) or F_el + F_d = L + F_d (elastic policy); δ_el is recalculated per the recalculation rule.
 *
 * Total over its domain: a zero or degenerate direction vector falls back to the trial-force direction, and a
 * zero stiffness gives zero elastic force; no input in the domain produces NaN.
 *
 * @param p validated parameters.
 * @param s state in/out (zero for a new contact); the vectors must lie in the current tangent plane (transport
 *          them first with demc_tangential_transport()).
 * @param increment Δs: increment of the tangential displacement of the contact point of i relative to j in this
 *        step (m), in the tangent plane (v_t Δt, or the rolling-consistent increment of [Campello 2015] eq 29).
 * @param velocity v_t: relative tangential velocity of the contact points (m/s), for the dashpot and the
 *        velocity-driven slip direction.
 * @param stiffness k_t(t_m) ≥ 0 (N/m).
 * @param normal_force F_n(t_m) (N); the limit uses max(F_n, 0). (A caller that bounds friction by |F_n|, as the
 *        contact model's ::DEMC_COULOMB_LOAD_ABSOLUTE, passes |F_n|.)
 * @param damping tangential dashpot coefficient c_t ≥ 0 (N·s/m): F_d = −c_t v_t ([Cummins 2012] eq 1-2: 2γ√(m k_t)).
 * @param dt time step Δt > 0 (s): shares the slip between spring and dashpot and gives the viscous dissipation
 *        (unused when c_t = 0). Δt ≤ 0 is outside the domain: no dashpot share, viscous dissipation 0.
 * @param energy optional (NULL: not computed, which saves four divisions): the step's energy terms.
 * @return the tangential force on i, its dashpot part, and whether the step slid.
 */
DEMC_TANGENTIAL_FN demc_tangential_result demc_tangential_update(const demc_tangential_params *p,
                                                                 demc_vec3 increment, demc_vec3 velocity,
                                                                 double stiffness, double normal_force,
                                                                 double damping, double dt, demc_tangential_state *s,
                                                                 demc_tangential_energy *energy);

/**
 * @brief v projected onto the plane with unit normal n, rescaled to keep |v| (LAMMPS GRANULAR's history update).
 *
 * @return |v| (v − (v·n)n)/|v − (v·n)n|; the zero vector when v is zero or parallel to n.
 */
DEMC_TANGENTIAL_FN demc_vec3 demc_tangential_project(demc_vec3 v, demc_vec3 n);

/**
 * @brief v rotated by the shortest-arc rotation carrying unit n_old onto unit n_new, then about n_new.
 *
 * The first rotation is R v = c v + w × v + (w·v)/(1+c) w with c = n_old·n_new and w = n_old × n_new (Rodrigues'
 * formula with cos θ = c, sin θ k = w; no trigonometric call). The second is the rotation about n_new with
 * Rodrigues parameter α = 2 tan(φ/2) (the convention of [Campello 2015] eq 6-10):
 * v' = v + 4/(4+α²) [α n×v + ½α² n×(n×v)]; for one step of spin φ ≈ ω·n Δt, α ≈ φ.
 * When n_old and n_new are nearly opposite (1 + c < 1e-8) the shortest arc is undefined and the projection of
 * demc_tangential_project() is used instead.
 *
 * @param v vector to carry.
 * @param n_old, n_new unit normals of the previous and the current step.
 * @param spin Rodrigues parameter α of the rotation about n_new (0: none).
 */
DEMC_TANGENTIAL_FN demc_vec3 demc_tangential_rotate(demc_vec3 v, demc_vec3 n_old, demc_vec3 n_new, double spin);

/**
 * @brief Carries the state's displacement and force into the tangent plane of the new normal.
 *
 * @param s state in/out.
 * @param transport DEMC_TRANSPORT_ROTATE (with spin) or DEMC_TRANSPORT_PROJECT (spin ignored).
 * @param n_old unit normal of the step that wrote the state; a zero vector (new contact) leaves the vectors
 *        unchanged by the rotation and is projected.
 * @param n_new unit normal of the current step.
 * @param spin Rodrigues parameter of the rotation about n_new (see demc_tangential_rotate()).
 */
DEMC_TANGENTIAL_FN void demc_tangential_transport(demc_memory_transport transport, demc_vec3 n_old,
                                                  demc_vec3 n_new, double spin, demc_tangential_state *s);

/* ==============================================================================================================
 * Mindlin–Deresiewicz tangential law with micro-slip (Thornton & Yin 1991). A separate kernel with its own params
 * and state; it does not use demc_tangential_params or demc_tangential_state.
 * ============================================================================================================== */

/** Size of demc_tangential_md_state in doubles. */
#define DEMC_TANGENTIAL_MD_STATE_SIZE 12

/** Zero initialiser of a demc_tangential_md_state (a new contact); compiles as C and C++. */
#define DEMC_TANGENTIAL_MD_STATE_INIT {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 0.0, 0.0, 0.0}

/**
 * @brief Which published form of the Mindlin–Deresiewicz law (values are only appended).
 *
 * Other forms in the literature (not provided): the full Mindlin–Deresiewicz rule with the complete stack of
 * turning points (Mindlin & Deresiewicz, J. Appl. Mech. 20 (1953) 327-344), the modified θ of Vu-Quoc & Zhang
 * (Mech. Mater. 31 (1999) 235-269), and the simplified model with a rescale on unloading discussed by Thornton,
 * Cummins & Cleary (Powder Technol. 233 (2013) 30-46) and compared by Di Renzo & Di Maio (Chem. Eng. Sci. 59 (2004)
 * 525-541; 60 (2005) 1303-1312). See @ref tangential.
 */
typedef enum demc_tangential_md_variant {
    /** Thornton & Yin, Powder Technol. 65 (1991) 153-166: k_t = 8G*aθ ± μΔF_n(1−θ)/Δδ with θ from the loading,
     *  unloading and reloading branches and the turning points shifted by ±μΔF_n (default). */
    DEMC_TANGENTIAL_MD_THORNTON_YIN = 0,
    DEMC_TANGENTIAL_MD_VARIANT_MAX_ = 0x7FFFFFFF /**< Pins the width; not a count, never valid input. */
} demc_tangential_md_variant;

/** @brief Parameters of the Mindlin–Deresiewicz law (fill with demc_tangential_md_init()). */
typedef struct demc_tangential_md_params {
    double mu;                          /**< Friction coefficient μ ≥ 0 (one Coulomb coefficient). */
    double effective_shear_modulus;     /**< G* > 0 (Pa), Mindlin's 1/G* = (2−ν_i)/G_i + (2−ν_j)/G_j, so that the
                                             initial tangential stiffness is 8G*a. */
    demc_tangential_md_variant variant; /**< Published form. */
} demc_tangential_md_params;

/**
 * @brief Per-contact memory of the Mindlin–Deresiewicz law. All zero = a new contact.
 *
 * The three vectors lie in the tangent plane of the contact frame of the step that wrote them; the assembled
 * evaluation carries them into the next step's frame with demc_tangential_rotate() (all three by the same
 * rotation). Under the i ⇄ j swap (demc_tangential_md_state_swap()) the three vectors change sign and the three
 * scalars are kept.
 */
typedef struct demc_tangential_md_state {
    /** Tangential force on body i at the end of the previous step (N). Changes sign under the swap. */
    demc_vec3 force;
    /** Origin of the current unloading or reloading branch: the last turning point, T* or T** of Thornton & Yin
     *  (N); zero on the virgin loading branch. Changes sign under the swap. */
    demc_vec3 origin;
    /** Where the current branch rejoins the loading branch: −T* for unloading, T* for reloading (N); zero on the
     *  virgin branch. Changes sign under the swap. */
    demc_vec3 end;
    /** Normal force F_n of the previous step (N), for ΔF_n. Kept under the swap. */
    double normal_force;
    /** Initial stiffness 8G*a of the previous step (N/m), for the energy account only. Kept under the swap. */
    double stiffness;
    /** Branch: 0.0 virgin loading, 1.0 unloading (from T*), 2.0 reloading (from T**). Kept under the swap. */
    double branch;
} demc_tangential_md_state;

/** @brief Energy terms of one step of demc_tangential_md_update(), filled only on request. */
typedef struct demc_tangential_md_energy {
    /** Recoverable energy at the end of the step (J): the work the contact returns when its tangential force is
     *  released to zero along the branch the Masing rule gives from the current state (the current branch when it
     *  heads towards zero force, else a fresh reversal). A function of the state, F_n and a. */
    double stored_energy;
    /** Energy dissipated by micro-slip and gross sliding in this step (J, ≥ 0): the work −½(F_1 + F_end)·Δs_2 of
     *  the displacement part of the step less the change of the recoverable energy over it. 0 in a step without
     *  slip (MD: |ΔT| ≤ μΔF_n). Over a closed cycle at constant F_n it is the area of the loop. */
    double friction_dissipation;
    /** Energy that left the contact in this step without dissipation by slip (J, signed): the rest of the step's
     *  balance, E_prev + W − E_end − D, with W = −½(F_prev + F_end)·Δs; it is the exchange with the normal load
     *  (the μΔF_n terms, the change of a) and 0 in a step at constant F_n and a. */
    double normal_exchange;
} demc_tangential_md_energy;

/**
 * @brief Validates μ, G* and the variant and fills params.
 *
 * @param mu friction coefficient μ ≥ 0.
 * @param effective_shear_modulus G* > 0 (Pa).
 * @param variant a demc_tangential_md_variant.
 * @param params output, written only on success.
 * @param bad_field optional (may be NULL): NULL on success, else "mu", "effective_shear_modulus", "variant" or
 *        "params", the first offending input in argument order.
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (non-finite number, unknown variant, null params);
 *         DEMC_ERR_OUT_OF_DOMAIN (μ < 0, G* ≤ 0).
 */
DEMC_TANGENTIAL_FN demc_status demc_tangential_md_init(double mu, double effective_shear_modulus,
                                                             demc_tangential_md_variant variant,
                                                             demc_tangential_md_params *params,
                                                             const char **bad_field);

/**
 * @brief Checks a filled demc_tangential_md_params ("params", "params.mu", "params.effective_shear_modulus",
 *        "params.variant"), with the statuses of demc_tangential_md_init().
 */
DEMC_TANGENTIAL_FN demc_status demc_tangential_md_validate(const demc_tangential_md_params *params,
                                                                 const char **bad_field);

/** @brief The same memory seen from body j: force, origin and end change sign; the scalars are kept. */
DEMC_TANGENTIAL_FN demc_tangential_md_state demc_tangential_md_state_swap(demc_tangential_md_state s);

/**
 * @brief Tangent stiffness k_t = 8G*a θ of the state in its current branch (N/m), without the μΔF_n term.
 *
 * θ = (1 − |F − O|/(c μF_n))^{1/3} with O the branch origin and c = 1 on the virgin branch, 2 on unloading and
 * reloading (Thornton & Yin 1991, Powder Technol. 65, eq for θ at ΔF_n = 0). 8G*a right after a reversal, → 0 as
 * |F| → μF_n on the loading branch. 0 for a ≤ 0; 8G*a when μF_n ≤ 0.
 *
 * @param p parameters; @param normal_force F_n (N); @param contact_radius a (m); @param s the state.
 */
DEMC_TANGENTIAL_FN double demc_tangential_md_stiffness(const demc_tangential_md_params *p, double normal_force,
                                                       double contact_radius, const demc_tangential_md_state *s);

/**
 * @brief Recoverable tangential energy of a state at normal force F_n and contact radius a (J).
 *
 * See demc_tangential_md_energy::stored_energy. 0 for a zero force, a ≤ 0 or F_n ≤ 0.
 */
DEMC_TANGENTIAL_FN double demc_tangential_md_stored_energy(const demc_tangential_md_params *p, double normal_force,
                                                           double contact_radius,
                                                           const demc_tangential_md_state *s);

/**
 * @brief One step of the Mindlin–Deresiewicz law (Thornton & Yin 1991): the tangential force on body i.
 *
 * With k_0 = 8G*a, C = cμF_n (c = 1 on the virgin branch, 2 on unloading and reloading), u = |F − O| the distance
 * of the force from the branch origin O and e = (F − O)/u:
 * 1. No slip (Mindlin & Deresiewicz): when ΔF_n > 0 and k_0|Δs| ≤ μΔF_n, F ← F − k_0Δs; the memory is kept.
 * 2. Otherwise the normal-load part (the μΔF_n terms of Thornton & Yin): F ← F + μΔF_n(1 − θ_0)e with
 *    θ_0 = (1 − u/C_prev)^{1/3}, except in a step that reverses the direction (−Δs·(F − O) < 0: the new branch
 *    starts at F with θ = 1 to first order); on unloading and reloading the branch origin moves by μΔF_n away from the branch
 *    end and the end by μΔF_n away from the origin (T* ← T* + μΔF_n, T** ← T** − μΔF_n).
 * 3. The displacement part at the new F_n and a: the force increment points along −Δs; when it points back
 *    towards O (a reversal, −Δs·(F − O) < 0) the current force becomes a turning point (virgin → unloading with
 *    end −F; unloading → reloading with end the old origin; reloading → unloading with end −F). Along the branch
 *    the force follows the closed form of Mindlin & Deresiewicz at constant F_n,
 *    x(u) = (3C/2k_0)[1 − (1 − u/C)^{2/3}], integrated exactly over the step (|Δs| advances x). When u reaches
 *    the branch end the branch is left for the virgin one (Thornton & Yin); on the virgin branch u = μF_n is gross
 *    sliding, |F| = μF_n exactly, along the trial force F + k_0|Δs_rest|(−Δs/|Δs|).
 *
 * 3-D rule: turning points are vectors in the tangent plane; the loading direction is that of the force increment
 * −Δs, a reversal is a force increment with a negative component along F − O, and the branch coordinate is the
 * distance |F − O|. For a force that keeps its line of action this is exactly the 1-D law of Thornton & Yin; a
 * turning force advances the branch by |Δs| whatever its direction (isotropic).
 *
 * Total over its domain: a ≤ 0, F_n ≤ 0 or μ = 0 give a zero force and a reset memory; no NaN for any finite input
 * whose products k0 = 8G*a, μF_n and k0|Δs| are finite (beyond, k0 = inf meets a zero component: G* = DBL_MAX gives
 * NaN).
 *
 * @param p validated parameters.
 * @param increment Δs: increment of the tangential displacement of the contact point of i relative to j in this
 *        step (m), in the current tangent plane.
 * @param normal_force F_n (N) of this step: the force the Coulomb limit uses (the previous one is in the state).
 * @param contact_radius a (m), √(R*δ) for a Hertz contact.
 * @param s state in/out (zero for a new contact), its vectors already carried into the current frame.
 * @param energy optional output (NULL: not computed).
 * @return the tangential force on body i (N) and whether the step ended in gross sliding (|F| = μF_n);
 *         damping_force is zero (the law has no dashpot; the assembled model adds one, see contact.h).
 */
DEMC_TANGENTIAL_FN demc_tangential_result demc_tangential_md_update(const demc_tangential_md_params *p, demc_vec3 increment,
                                                       double normal_force, double contact_radius,
                                                       demc_tangential_md_state *s,
                                                       demc_tangential_md_energy *energy);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_TANGENTIAL)
#  include "impl/tangential_impl.h"
#endif

#endif /* DEMC_TANGENTIAL_H */
