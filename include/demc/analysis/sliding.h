/**
 * @file sliding.h
 * @brief Finite sliding of two identical spheres: restitution, critical velocity, contact time and hysteretic
 *        friction (the elliptic integrals they need are in special.h).
 *
 * Sources (equation, section and figure numbers are the papers' own; all references: @ref references):
 * - [Balevičius 2014] R. Balevičius, Z. Mróz, “A finite sliding model of two identical spheres under displacement
 *   and force control. Part II: dynamic analysis”, Acta Mechanica 225 (2014) 1735–1759.
 * Equation numbers below are that paper's. The formulas, the conventions chosen
 * and the transcription errors found are on the page @ref sliding.
 *
 * Three problems:
 * - **displacement control** (section 2): the centre of the upper sphere (mass m) is carried along a prescribed
 *   path past a fixed sphere of the same radius R; Hertz normal force N = k_n h^{3/2} and Coulomb sliding
 *   friction μN act at the contact; the motion along the path obeys m s'' = T*(s) (eq 1). Two paths: a straight
 *   line (eq 1a, 1b) and an eccentric circle (eq 1c, 1d). A path is set up once (demc_sliding_path_init_linear(),
 *   demc_sliding_path_init_eccentric()); demc_sliding_impact() gives restitution, critical velocity and contact time.
 * - **force control of rigid spheres** (section 3): the upper sphere is pushed over the fixed one by a constant
 *   vertical load Q and horizontal force T0 (system 38): demc_sliding_fc_init(), demc_sliding_fc_velocity(),
 *   demc_sliding_fc_solve().
 * - **hysteretic unloading/reloading** of the friction force after a reversal of the sliding direction (eq 2, 3):
 *   demc_sliding_hysteresis_friction() with a per-contact state.
 *
 * Units: SI or any consistent set. The path coordinate s is the arc length of the path of the moving centre,
 * s = 0 at the point of largest overlap; the contact exists for |s| < s_u.
 *
 * These are analysis functions (restitution maps, contact times, time-step selection), not inner-loop force laws:
 * they call libm (sin, cos, atan2, pow) and the ones that integrate numerically use bounded adaptive quadrature
 * with about 2 KB of stack per nesting level (at most two levels; raise the device stack limit before calling
 * them from a CUDA kernel). All are pure and thread-safe.
 *
 * **Setup functions** (demc_sliding_path_init_linear(), demc_sliding_path_init_eccentric(), demc_sliding_fc_init(),
 * demc_sliding_hysteresis_init()) follow the convention of material.h: they end with an optional
 * `const char **bad_field` that receives, when not NULL, NULL on success or a static string naming the first
 * offending argument in argument order (a non-finite value gives #DEMC_ERR_INVALID_ARGUMENT, a finite value outside
 * the domain #DEMC_ERR_OUT_OF_DOMAIN, a NULL output pointer, checked after the inputs, #DEMC_ERR_INVALID_ARGUMENT
 * and "out"; a derived quantity that is not representable #DEMC_ERR_SINGULAR). On any status other than
 * #DEMC_OK the output is left unwritten. The threshold T_μ of force control is given by
 * demc_sliding_fc_threshold().
 */
#ifndef DEMC_SLIDING_H
#define DEMC_SLIDING_H

#include "../base.h"
#include "../material.h" /* the bad_field convention and its helper */
#include "special.h"  /* the elliptic integrals */

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_SLIDING)
#  define DEMC_SLIDING_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_SLIDING_FN DEMC_STATIC_INLINE
#else
#  define DEMC_SLIDING_FN extern DEMC_EXPORT
#endif
/** @endcond */

/** Size in doubles of demc_sliding_hysteresis_state (the per-contact memory of the hysteretic friction law). */
#define DEMC_SLIDING_HYSTERESIS_STATE_SIZE 8

DEMC_BEGIN_DECLS



/** Shape of the path of the moving sphere centre under displacement control ([Balevičius 2014] section 2.2). */
typedef enum demc_sliding_path_kind {
    DEMC_SLIDING_PATH_LINEAR = 0,   /**< Straight horizontal line at height y_c = 2R − h0 ([Balevičius 2014] eq 1a,
                                         1b). */
    DEMC_SLIDING_PATH_ECCENTRIC = 1, /**< Circle of radius R̃ whose centre is k̃R̃ below the fixed sphere centre
                                         ([Balevičius 2014] eq 1c, 1d). */
    DEMC_SLIDING_PATH_KIND_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_sliding_path_kind;

/**
 * @brief A validated displacement-controlled sliding problem ([Balevičius 2014] section 2).
 *
 * Made by demc_sliding_path_init_linear() or demc_sliding_path_init_eccentric(); read-only for the other functions. The
 * derived fields are cached results of the setup.
 */
typedef struct demc_sliding_path {
    demc_sliding_path_kind kind; /**< Which path. */
    double prefactor;             /**< Hertz stiffness k_n of N = k_n h^{3/2} (N/m^{3/2}). */
    double radius;         /**< Radius R of each sphere (m). */
    double mu;             /**< Sliding friction coefficient μ. */
    double mass;           /**< Mass m moved along the path (kg). */
    double h0;             /**< Largest overlap h0 (at s = 0), 0 < h0 < 2R (m). */
    double ecc_ratio;      /**< Eccentricity ratio k̃ = ẽ/R̃ of the eccentric path, 0 < k̃ < 1; 1 for the line. */
    double path_radius;    /**< Radius R̃ = (2R − h0)/(1 − k̃) of the eccentric path (m); 0 for the line. */
    double s_u;            /**< Half length of the path in contact: contact for |s| < s_u (m). */
    double phi_u;          /**< s_u / R̃ for the eccentric path (rad); 0 for the line. */
    double friction_half;  /**< ∫₀^{s_u} N cos β ds: friction work over half the path per unit μ (J). */
    double s_grip1;        /**< First s in (0, s_u) where tan β = μ (forward resultant changes sign), else s_u. */
    double s_grip2;        /**< Second such s (eccentric path only), else s_u. */
} demc_sliding_path;

/**
 * @brief Sets up sliding along a straight line ([Balevičius 2014] section 2.2.1, Fig. 4 of Part I).
 *
 * The moving centre travels at the fixed height y_c = 2R − h0 = 2y0 over the fixed centre; k_r = y0/R.
 * @param prefactor Hertz stiffness > 0. @param radius R > 0. @param mu μ ≥ 0. @param mass m > 0.
 * @param h0 largest overlap, 0 < h0 < 2R. @param out the path, written only on success.
 * @param bad_field optional (may be NULL): NULL on success, else the first offending argument: "prefactor", "radius",
 *        "mu", "mass", "h0" or "out"; with #DEMC_ERR_SINGULAR "h0" when h0^{5/2} overflows, "out.s_u" or
 *        "out.friction_half" when that derived field, or twice it (the friction work over the whole path per unit
 *        μ), overflows, "mu" when 2(1 + μ) k_n h0^{3/2} (k_n h0^{3/2} the largest normal force) does (the friction force μN and the forces built on it, T* = N sin β − μN cos β
 *        and the hysteresis branch from T_A to T_B, must be finite), or "mass" when the largest work over the
 *        mass, (0.8 k_n h0^{5/2} + 4μ friction_half)/m, does (every v² of the motion is v0² plus a part of it).
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (null, non-finite); DEMC_ERR_OUT_OF_DOMAIN; DEMC_ERR_SINGULAR.
 */
DEMC_SLIDING_FN demc_status demc_sliding_path_init_linear(double prefactor, double radius, double mu, double mass, double h0,
                                                     demc_sliding_path *out, const char **bad_field);

/**
 * @brief Sets up sliding along an eccentric circle ([Balevičius 2014] section 2.2.2).
 *
 * As in the paper, the path is fixed by the largest overlap h0 and the eccentricity ratio k̃: R̃ = (2R − h0)/(1 − k̃),
 * ẽ = k̃R̃. The centre distance is R̃ √(1 + k̃² − 2k̃ cos(s/R̃)). The friction work over the half path is
 * computed here by adaptive Gauss–Kronrod quadrature (relative 1e-13).
 * @param prefactor Hertz stiffness > 0. @param radius R > 0. @param mu μ ≥ 0. @param mass m > 0.
 * @param h0 largest overlap, 0 < h0 < 2R.
 * @param ecc_ratio k̃, 0 < k̃ < 1; the path must leave the contact: R̃(1 + k̃) > 2R, i.e. k̃ > h0/(4R − h0).
 * @param out the path, written only on success.
 * @param bad_field optional (may be NULL): NULL on success, else the first offending argument: "prefactor", "radius",
 *        "mu", "mass", "h0", "ecc_ratio" (also when the path never leaves the contact), "out", or
 *        "out.friction_half" when its quadrature does not converge; with #DEMC_ERR_SINGULAR as
 *        demc_sliding_path_init_linear().
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT; DEMC_ERR_OUT_OF_DOMAIN; DEMC_ERR_NO_CONVERGENCE (quadrature);
 *         DEMC_ERR_SINGULAR.
 */
DEMC_SLIDING_FN demc_status demc_sliding_path_init_eccentric(double prefactor, double radius, double mu, double mass, double h0,
                                                        double ecc_ratio, demc_sliding_path *out,
                                                        const char **bad_field);

/** @brief Hertz normal force N(s) = k_n h(s)^{3/2} at path coordinate s (N); 0 for |s| ≥ s_u. */
DEMC_SLIDING_FN double demc_sliding_normal_force(const demc_sliding_path *path, double s);

/**
 * @brief Resultant forces on the moving centre ([Balevičius 2014] eq 1a, 1b for the line; eq 1c, 1d for the eccentric
 * path).
 *
 * T* = N sin β − s_g μ N cos β along the path, N* = N cos β + s_g μ N sin β normal to it (the reaction of the
 * tool), β the angle between the contact normal and the normal of the path. Eq 1d as printed has
 * (1 − k̃ sin(s/R̃)) where the geometry gives (1 − k̃ cos(s/R̃)) = √(…) cos β; the latter is used.
 * @param path the path. @param s path coordinate; outside (−s_u, s_u) both forces are 0.
 * @param sg direction of motion s_g = sign(v): +1, −1, or 0 (no friction).
 * @param t_star T* (N), may be NULL. @param n_star N* (N), may be NULL.
 */
DEMC_SLIDING_FN void demc_sliding_forces(const demc_sliding_path *path, double s, double sg, double *t_star,
                                         double *n_star);

/**
 * @brief Work of the normal force from s0 to s, W_n = −(2/5) k_n (h(s)^{5/2} − h(s0)^{5/2}) (J).
 *
 * [Balevičius 2014] eq 13 (line) and eq 28 (eccentric path). Zero over the whole path (h(±s_u) = 0). Eq 13 as printed
 * has √(s² + y0²)/R where √(s²/4 + y0²)/R is meant (see @ref sliding).
 */
DEMC_SLIDING_FN double demc_sliding_work_normal(const demc_sliding_path *path, double s0, double s);

/** Which evaluation of a path integral: the accurate one, or the one the paper publishes. */
typedef enum demc_sliding_method {
    DEMC_SLIDING_ACCURATE = 0, /**< Closed form with elliptic integrals (line, eq 15) or adaptive quadrature
                                    to 1e-13 (eccentric path, eq 29). */
    DEMC_SLIDING_PAPER = 1,     /**< As published: eq 15 (line, closed form, the same as ACCURATE) and the
                                    5-node quadrature eq 30 (eccentric path). */
    DEMC_SLIDING_METHOD_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_sliding_method;

/**
 * @brief Work of the friction force for a monotone motion from s0 to s, W_μ = −μ |∫_{s0}^{s} N cos β ds| (J).
 *
 * [Balevičius 2014] eq 15 (line: incomplete elliptic integrals, evaluated in a cancellation-free Carlson form) and eq
 * 29/30 (eccentric path). Always ≤ 0. Both points are clamped to [−s_u, s_u].
 * @param path the path. @param s0 start point. @param s end point.
 * @param method a demc_sliding_method. @param w the work.
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT; DEMC_ERR_NO_CONVERGENCE (eccentric quadrature).
 */
DEMC_SLIDING_FN demc_status demc_sliding_work_friction(const demc_sliding_path *path, double s0, double s,
                                                       demc_sliding_method method, double *w);

/**
 * @brief Velocity along the path at s for a sphere entering the contact with velocity v0 ([Balevičius 2014] eq 16, eq
 * 31).
 *
 * The sphere enters at s = −sign(v0) s_u; v(s) = sign(v0) √(v0² + 2(W_n + W_μ)/m), W_μ by @p method.
 * @param path the path. @param v0 entry velocity ≠ 0 (m/s); its sign is the direction of motion.
 * @param s any point of [−s_u, s_u]. @param method a demc_sliding_method. @param v the velocity (m/s).
 * @return DEMC_OK; DEMC_ERR_OUT_OF_DOMAIN (the sphere comes to rest before s: *v = 0);
 *         DEMC_ERR_INVALID_ARGUMENT; DEMC_ERR_NO_CONVERGENCE.
 */
DEMC_SLIDING_FN demc_status demc_sliding_velocity(const demc_sliding_path *path, double v0, double s,
                                                  demc_sliding_method method,
                                                  double *v);

/**
 * @brief Critical entry velocity: the least |v0| with which the sphere crosses the whole contact (m/s).
 *
 * v_crit² = −(2/m) min_s W(−s_u → s). Where μ ≥ tan β everywhere (μ ≥ s_u/y_c on the line) the minimum is at
 * the exit and this is [Balevičius 2014] eq 21 (eq 34 with the accurate friction work); otherwise the sphere can stall
 * where tan β = μ inside the contact and v_crit is larger than eq 21.
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT; DEMC_ERR_NO_CONVERGENCE.
 */
DEMC_SLIDING_FN demc_status demc_sliding_critical_velocity(const demc_sliding_path *path, double *v_crit);

/** How a displacement-controlled passage ends. */
typedef enum demc_sliding_outcome {
    DEMC_SLIDING_SEPARATES = 0, /**< The sphere crosses the contact and leaves it at the far end (e_s > 0). */
    DEMC_SLIDING_STOPS = 1,     /**< It comes to rest in contact, held by static friction (e_s = 0). */
    DEMC_SLIDING_RETURNS = 2,    /**< It stops, slides back and leaves at the entry (e_s < 0; needs μ < tan β). */
    DEMC_SLIDING_OUTCOME_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_sliding_outcome;

/** @brief Everything demc_sliding_impact() computes for one passage. Velocities are signed like v0. */
typedef struct demc_sliding_result {
    demc_sliding_outcome outcome;    /**< How the passage ends. */
    double restitution;              /**< e_s = v_exit/v0 ([Balevičius 2014] eq 17, 18): > 0, 0 or < 0 with the
                                          outcome. */
    double v_exit;                   /**< Velocity when the contact ends; 0 when the sphere stops (m/s). */
    double v_crit;                   /**< Critical entry velocity, as demc_sliding_critical_velocity() (m/s). */
    double s_end;                    /**< Where the motion ends: exit point or rest point (m). */
    double contact_time;             /**< Time from entry to separation, or to rest for STOPS; adaptive
                                          quadrature of ∫ds/|v| to relative 1e-12, or to the conditioning of the
                                          problem when v0 is within ~1e-4 of v_crit or far below it (s). */
    double work_friction;            /**< Friction work over the whole motion, ≤ 0 (J). */
    double restitution_paper;        /**< e_s by the paper: eq 20 (line) or eq 35 (eccentric); 0 if the
                                          expression under its root is negative. */
    double v_crit_paper;             /**< Critical velocity by the paper: eq 21 (line) or eq 34 (eccentric). */
    double work_friction_paper;      /**< Friction work over the full path by eq 19 (line) or eq 32 (eccentric). */
    double contact_time_paper;       /**< Contact time by the 5-node Lobatto quadrature eq 25 with the velocities
                                          of eq 16 (line) or eq 31 (eccentric); 0 unless SEPARATES. */
    double contact_time_paper_error; /**< contact_time_paper − contact_time: the quadrature's actual error. */
} demc_sliding_result;

/**
 * @brief One passage of the sphere through the contact with entry velocity v0 ([Balevičius 2014] sections 2.4, 2.5).
 *
 * Follows the motion leg by leg in closed form: forward until it leaves the contact or comes to rest; at rest it
 * stays if static friction holds it (|tan β| ≤ μ), otherwise it slides back and leaves at the entry. Rest points
 * are found by safeguarded Newton iteration (bounded work). Below the critical velocity the result is STOPS with
 * e_s = 0 and the time to rest, never NaN.
 * @param path the path. @param v0 entry velocity ≠ 0 (m/s). @param out the result.
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (null, non-finite, v0 = 0); DEMC_ERR_NO_CONVERGENCE.
 */
DEMC_SLIDING_FN demc_status demc_sliding_impact(const demc_sliding_path *path, double v0,
                                                demc_sliding_result *out);

/**
 * @brief A validated force-controlled sliding problem of rigid spheres ([Balevičius 2014] section 3, system 38).
 *
 * The upper sphere (mass m) touches the fixed one at the engagement angle α0 = −sign(T0) arccos(y0/R) and is
 * driven by a constant vertical load Q (downwards) and horizontal force T0; its centre moves on the circle of
 * radius 2R, s = 2Rα.
 */
typedef struct demc_sliding_fc {
    double radius;   /**< Sphere radius R (m). */
    double mu;       /**< Friction coefficient μ. */
    double mass;     /**< Mass m of the moving sphere (kg). */
    double q;        /**< Vertical load Q > 0 (N). */
    double t0;       /**< Horizontal driving force T0 ≠ 0 (N); its sign is the direction of motion. */
    double s0;       /**< Engagement coordinate s(t0) = −sign(T0) 2R arccos(y0/R) (m). */
    double t_static; /**< |T_μ|: the least |T0| that starts the motion at s0 (N). */
} demc_sliding_fc;

/**
 * @brief The least |T0| that starts force-controlled sliding from the engagement point, |T_μ| ([Balevičius 2014]
 *        section 3.1).
 *
 * From rest at the engagement angle α0 = −arccos(y0/R) the tangential resultant
 * T0 (cos α0 + μ sin α0) − Q (μ cos α0 − sin α0) must be positive:
 * |T_μ| = Q (μ cos α0 − sin α0)/(cos α0 + μ sin α0), independent of R and m; +inf when friction locks the sphere
 * for every T0 (cos α0 + μ sin α0 ≤ 0, i.e. μ ≥ y0/√(R² − y0²)).
 * @param mu μ ≥ 0. @param q Q > 0. @param y0_ratio y0/R in (0, 1).
 * @param t_static |T_μ| (N), possibly +inf; written only on success.
 * @param bad_field optional (may be NULL): NULL on success, else "mu", "q", "y0_ratio" or "t_static".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (non-finite, null); DEMC_ERR_OUT_OF_DOMAIN.
 */
DEMC_SLIDING_FN demc_status demc_sliding_fc_threshold(double mu, double q, double y0_ratio, double *t_static,
                                                      const char **bad_field);

/**
 * @brief Sets up force-controlled sliding ([Balevičius 2014] section 3.1).
 * @param radius R > 0. @param mu μ ≥ 0. @param mass m > 0. @param q Q > 0. @param t0 T0 ≠ 0.
 * @param y0_ratio y0/R in (0, 1): height of the engagement point.
 * @param out the problem, written only on success.
 * @param bad_field optional (may be NULL): NULL on success, else the first offending argument: "radius", "mu",
 *        "mass", "q", "t0", "y0_ratio"; then, all arguments being valid, "t0" when |T0| ≤ T_μ
 *        (demc_sliding_fc_threshold()), or "mu" when friction locks the sphere for every T0
 *        (μ ≥ y0/√(R² − y0²)); "out.s0" (#DEMC_ERR_SINGULAR) when the engagement coordinate 2R arccos(y0/R)
 *        overflows or underflows to 0; last "out".
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT; DEMC_ERR_OUT_OF_DOMAIN, also when |T0| ≤ T_μ (the sphere does
 *         not start); DEMC_ERR_SINGULAR.
 */
DEMC_SLIDING_FN demc_status demc_sliding_fc_init(double radius, double mu, double mass, double q, double t0,
                                                  double y0_ratio, demc_sliding_fc *out, const char **bad_field);

/**
 * @brief Velocity of force-controlled sliding at s ([Balevičius 2014] eq 43, exact solution of the Bernoulli equation
 * 42).
 *
 * Valid while the contact lasts (s between s0 and the separation point); *v has the sign of T0.
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT; DEMC_ERR_OUT_OF_DOMAIN (s not between s0 and the top of the
 *         fixed sphere's reach, *v = 0).
 */
DEMC_SLIDING_FN demc_status demc_sliding_fc_velocity(const demc_sliding_fc *fc, double s, double *v);

/** @brief Results of force-controlled sliding (demc_sliding_fc_solve()). */
typedef struct demc_sliding_fc_result {
    double s_c;               /**< Separation coordinate, root of eq 44 (relative 4 ulp) (m). */
    double v_c;               /**< Velocity at separation, eq 40 (m/s). */
    double contact_time;      /**< Contact time of system 38 by adaptive quadrature of ∫ds/v (rel. 1e-12) (s). */
    double contact_time_eq47; /**< The paper's approximation eq 47: centrifugal term dropped in v(s), up to
                                   s_c (s). */
} demc_sliding_fc_result;

/**
 * @brief Separation point, separation velocity and contact time of force-controlled sliding ([Balevičius 2014] eq 40,
 * 44, 47).
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT; DEMC_ERR_NO_CONVERGENCE; DEMC_ERR_SINGULAR when a result is not
 *         representable (scales at the edges of the double range: a result that is not a finite number, or a
 *         phase function v² − 2R N_stat/m that overflowed during the search), *out then unwritten.
 */
DEMC_SLIDING_FN demc_status demc_sliding_fc_solve(const demc_sliding_fc *fc, demc_sliding_fc_result *out);

/** Form of the unloading/reloading friction curve after a reversal ([Balevičius 2014] eq 2, 3). */
typedef enum demc_sliding_hysteresis_form {
    DEMC_SLIDING_HYSTERESIS_INCREMENTAL = 0, /**< Incremental eq 3 (the paper's recommendation: no spurious
                                                  oscillation when the sphere slows down). */
    DEMC_SLIDING_HYSTERESIS_TOTAL = 1,        /**< Non-incremental eq 2. */
    DEMC_SLIDING_HYSTERESIS_FORM_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_sliding_hysteresis_form;

/** @brief Parameters of the hysteretic friction law (validated by demc_sliding_hysteresis_init()). */
typedef struct demc_sliding_hysteresis {
    double p;  /**< Power of the unloading curve, 0 < p ≤ 1 (Mindlin–Deresiewicz: 1/3; the paper uses 1/2). */
    double poisson_ratio; /**< Poisson's ratio ν of the spheres, −1 < ν ≤ 0.5 (enters the slip limit δ_u). */
    demc_sliding_hysteresis_form form; /**< Form of the curve. */
} demc_sliding_hysteresis;

/**
 * @brief Validates and fills a demc_sliding_hysteresis.
 * @param p power of the unloading curve, 0 < p ≤ 1. @param poisson_ratio Poisson's ratio, −1 < ν ≤ 0.5.
 * @param form a demc_sliding_hysteresis_form. @param out the parameters, written only on success.
 * @param bad_field optional (may be NULL): NULL on success, else the first offending argument: "p", "poisson_ratio",
 *        "form" (an unknown enumerator) or "out".
 * @return DEMC_OK, DEMC_ERR_INVALID_ARGUMENT (non-finite, unknown form, null) or DEMC_ERR_OUT_OF_DOMAIN.
 */
DEMC_SLIDING_FN demc_status demc_sliding_hysteresis_init(double p, double poisson_ratio,
                                                          demc_sliding_hysteresis_form form,
                                                          demc_sliding_hysteresis *out, const char **bad_field);

/**
 * @brief Per-contact memory of the hysteretic friction law: DEMC_SLIDING_HYSTERESIS_STATE_SIZE doubles, all zero
 *        for a new contact.
 */
typedef struct demc_sliding_hysteresis_state {
    double s_prev;   /**< Path coordinate at the previous call (m). */
    double t_prev;   /**< Friction force returned by the previous call (N). */
    double dir;      /**< Direction of motion at the previous call: +1, −1, or 0 (new contact). */
    double s_a;      /**< s_A: where the current unloading/reloading branch started (m). */
    double t_a;      /**< T_A: friction force at s_A (N). */
    double t_b;      /**< T_δ,B: sliding friction at the end of the branch (N). */
    double delta_u;  /**< δ_u(s_A): length of the branch (m). */
    double branch;   /**< 1 while on an unloading/reloading branch, 0 while sliding. */
} demc_sliding_hysteresis_state;

/**
 * @brief Slip limit δ_u(s_A) = (2−ν)μ/(2(1−ν)) h(s_A) (½ + √((2R−h0)² + 4s_A²)/(4R)) (m).
 *
 * Mindlin–Deresiewicz as quoted by [Balevičius 2014] below eq 2 (from Part I); the printed form puts 4R under the root,
 * which is not dimensionally consistent; the root is read over the numerator only.
 */
DEMC_SLIDING_FN double demc_sliding_slip_limit(const demc_sliding_path *path, double poisson_ratio, double s_a);

/**
 * @brief Friction force (the term replacing −s_g μ|N| in eq 1a–1d) at the new point of a time step ([Balevičius 2014]
 * eq 2, 3).
 *
 * While sliding in one direction the force is −s_g μ N(s). When the direction of motion reverses (sign of
 * v_new differs from the stored one) an unloading/reloading branch starts at s_A = s_prev with T_A the force
 * there and T_δ,B = −s_g μ N(s_A + s_g δ_u); on the branch T = T_A − (T_A − T_δ,B)(|s − s_A|/δ_u)^p (eq 2) or its
 * increment (eq 3), clamped to |T| ≤ μN(s); beyond |s − s_A| = δ_u sliding resumes. A reversal on a branch starts
 * a new branch from the current force. v_new = 0 keeps the stored direction.
 * @param path the path. @param hyst the law's parameters.
 * @param s_new path coordinate at the new time. @param v_new velocity there (its sign is what matters).
 * @param state per-contact state, zero for a new contact; updated.
 * @return the friction force component along the path (N); 0 outside the contact (the state is then reset).
 */
DEMC_SLIDING_FN double demc_sliding_hysteresis_friction(const demc_sliding_path *path,
                                                        const demc_sliding_hysteresis *hyst, double s_new,
                                                        double v_new, demc_sliding_hysteresis_state *state);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_SLIDING)
#  include "../impl/sliding_impl.h"
#endif

#endif /* DEMC_SLIDING_H */
