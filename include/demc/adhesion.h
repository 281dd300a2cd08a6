/**
 * @file adhesion.h
 * @brief Adhesive normal contact: JKR with its hysteresis (the neck forms at touch and breaks at the critical
 *        negative overlap), DMT, and the simplified JKR cohesion of LIGGGHTS (sjkr, sjkr2).
 *
 * Each law is a normal law: it gives the elastic normal force F on body i along the unit normal n (from j to i),
 * positive when repulsive and negative when the surfaces pull the bodies together, with its tangent stiffness,
 * the contact radius, the load the Coulomb limit of the tangential law should use, and (on request) its energy.
 * The parameters of a pair of bodies (E*, R*, and the adhesion constant) are validated by an `_init` function or
 * built without checks by a `_make` constructor (cheap: a few products and one square root, so that a host may
 * build them per contact with that contact's R*). Hot-path functions check nothing, never return NaN for finite
 * inputs in their documented domain, and have a total behaviour at its edges.
 *
 * Only JKR has a hysteresis, so only JKR reads and writes the per-contact ::demc_adhesion_state: the neck forms
 * when the overlap becomes positive and persists while δ ≥ δ_c < 0 (δ_c = −demc_adhesion_jkr_pulloff_distance()),
 * so that a host must keep a separated pair in its neighbour list while the neck exists. DMT and the simplified
 * JKR act only while δ > 0.
 *
 * Formulas, choices and figures: @ref adhesion_page "Adhesive contact".
 *
 * Sources:
 * - K.L. Johnson, K. Kendall, A.D. Roberts, "Surface energy and the contact of elastic solids", Proc. R. Soc.
 *   Lond. A 324 (1971) 301–313 (JKR).
 * - B.V. Derjaguin, V.M. Muller, Yu.P. Toporov, "Effect of contact deformations on the adhesion of particles",
 *   J. Colloid Interface Sci. 53 (1975) 314–326 (DMT).
 * - C. Thornton, K.K. Yin, "Impact of elastic spheres with and without adhesion", Powder Technol. 65 (1991)
 *   153–166 (the friction limit μ|F + 2F_c| of an adhesive contact).
 * - C. Thornton, Z. Ning, "A theoretical model for the stick/bounce behaviour of adhesive, elastic-plastic
 *   spheres", Powder Technol. 99 (1998) 154–162 (energy lost in a JKR cycle, sticking velocity).
 * - E.J.R. Parteli, J. Schmidt, C. Blümel, K.-E. Wirth, W. Peukert, T. Pöschel, "Attractive particle interaction
 *   forces and packing density of fine glass powders", Sci. Rep. 4 (2014) 6227 (closed-form contact radius a(δ)).
 * - LIGGGHTS-PUBLIC documentation, "gran cohesion sjkr" and "gran cohesion sjkr2" (DCS Computing / CFDEMproject).
 */
#ifndef DEMC_ADHESION_H
#define DEMC_ADHESION_H

#include "base.h"
#include "material.h"

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_ADHESION)
#  define DEMC_ADHESION_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_ADHESION_FN DEMC_STATIC_INLINE
#else
#  define DEMC_ADHESION_FN extern DEMC_EXPORT
#endif
/** @endcond */

/** @brief Size of ::demc_adhesion_state in doubles (the slot's share of a host's per-contact history). */
#define DEMC_ADHESION_STATE_SIZE 1

/** @brief Zero initialiser of a ::demc_adhesion_state (a new contact: no neck); valid in C and C++. */
#define DEMC_ADHESION_STATE_INIT {0.0}

DEMC_BEGIN_DECLS

/**
 * @brief Per-contact state of the JKR law: doubles only, all zero for a new pair (::DEMC_ADHESION_STATE_SIZE).
 *
 * The same seen from either body: demc_adhesion_state_swap() changes nothing. DMT and the simplified JKR do not
 * use it.
 */
typedef struct demc_adhesion_state {
    double neck; /**< 1.0 while the JKR neck exists (from touch, δ > 0, until δ < δ_c), 0.0 otherwise. */
} demc_adhesion_state;

/**
 * @brief What one evaluation of an adhesive normal law returns. All zero (and `contact` 0) out of contact.
 */
typedef struct demc_adhesion_result {
    /** Elastic normal force F on body i along n, N: > 0 repulsive, < 0 attractive. */
    double force;
    /** Tangent stiffness dF/dδ along the law, N/m. For JKR it is negative between the force minimum and the
     *  jump-off and diverges at the jump-off (clamped there to a finite value): do not build a dashpot on it;
     *  use #contact_stiffness. */
    double stiffness;
    /** Stiffness at constant contact radius, 2E*a, N/m (≥ 0, finite): the Hertz stiffness 2E*√(R*δ) for DMT and
     *  the simplified JKR, the flat-punch unloading stiffness of the JKR contact circle for JKR. The stiffness to
     *  use in a dashpot 2γ√(m* k) and in time-step estimates. */
    double contact_stiffness;
    /** Contact radius a, m (≥ 0): the JKR radius on the stable branch; √(R*δ) for DMT and the simplified JKR. The
     *  radius to use in Mindlin's tangential stiffness 8G*a. */
    double contact_radius;
    /** The normal load the Coulomb limit of the tangential law uses, N (≥ 0): |F + 2F_c| for JKR (Thornton & Yin
     *  1991), the Hertz part K δ^{3/2} for DMT and the simplified JKR (see the laws). */
    double friction_load;
    /** 1 while the bodies are in contact (for JKR: while the neck exists), 0 otherwise. */
    int contact;
} demc_adhesion_result;

/**
 * @brief JKR parameters of a pair of bodies (Johnson, Kendall & Roberts 1971).
 *
 * With the contact radius a: δ(a) = a²/R* − √(2πwa/E*) = (a² − c√a)/R*, F(a) = 4E*a³/(3R*) − √(8πwE*a³)
 * = (E*a/R*)((4/3)a² − 2c√a), with c = R*√(2πw/E*). Filled by demc_adhesion_jkr_init() (validating) or
 * demc_adhesion_jkr_make().
 */
typedef struct demc_adhesion_jkr_params {
    double effective_modulus; /**< E*, Pa; > 0. */
    double effective_radius;  /**< R*, m; > 0. */
    double work_of_adhesion;  /**< w = γ_i + γ_j − γ_ij, J/m² (twice the surface energy γ of a like pair); ≥ 0. */
    double prefactor;         /**< K = (4/3)E*√R*, N/m^{3/2}: the Hertz law of the limit w = 0. */
    double neck_constant;     /**< c = R*√(2πw/E*), m^{3/2}: δ(a) = (a² − c√a)/R*. 0 when w = 0. */
    double pulloff_force;     /**< F_c = (3/2)πwR*, N (a magnitude): the JKR pull-off force under force control
                                   is −F_c, the minimum of F(a) (at a³ = 9πwR*²/(8E*)). */
} demc_adhesion_jkr_params;

/**
 * @brief DMT parameters of a pair of bodies (Derjaguin, Muller & Toporov 1975): F = Kδ^{3/2} − 2πwR*.
 */
typedef struct demc_adhesion_dmt_params {
    double effective_modulus; /**< E*, Pa; > 0. */
    double effective_radius;  /**< R*, m; > 0. */
    double work_of_adhesion;  /**< w, J/m²; ≥ 0. */
    double prefactor;         /**< K = (4/3)E*√R*, N/m^{3/2}. */
    double pulloff_force;     /**< F_c = 2πwR*, N (a magnitude): the force at δ → 0⁺ is −F_c. */
} demc_adhesion_dmt_params;

/**
 * @brief Contact area of the simplified JKR cohesion of LIGGGHTS (the two `cohesion` models).
 */
typedef enum demc_adhesion_sjkr_variant {
    /** `sjkr`: the exact area πa² of the circle where the two undeformed spheres intersect,
     *  a² = δ(2R_i − δ)(2R_j − δ)(2R_i + 2R_j − δ)/(4(R_i + R_j − δ)²); sphere–wall a² = δ(2R_i − δ). */
    DEMC_ADHESION_SJKR_LENS = 0,
    /** `sjkr2`: A = 2π(2R*)δ for two spheres (2R* = 2R_iR_j/(R_i + R_j)), A = 2πR_iδ for a sphere and a wall. */
    DEMC_ADHESION_SJKR_LINEAR = 1,
    /** Pins the width of the enumeration; never a valid value. */
    DEMC_ADHESION_SJKR_MAX_ = 0x7FFFFFFF
} demc_adhesion_sjkr_variant;

/**
 * @brief Parameters of the simplified JKR of LIGGGHTS: F = Kδ^{3/2} − k A(δ), k the cohesion energy density.
 *
 * The area needs both radii (not only R*), so the parameters belong to a pair of bodies.
 */
typedef struct demc_adhesion_sjkr_params {
    double effective_modulus;       /**< E*, Pa; > 0. */
    double radius_i;                /**< R_i, m; > 0. */
    double radius_j;                /**< R_j, m; > 0, or 0 for a plane wall (body j). */
    double cohesion_energy_density; /**< k, J/m³ (LIGGGHTS `cohesionEnergyDensity`); ≥ 0. */
    demc_adhesion_sjkr_variant variant; /**< Which contact area: sjkr or sjkr2. */
    double effective_radius;        /**< R* = R_iR_j/(R_i + R_j), or R_i for a wall, m. */
    double prefactor;               /**< K = (4/3)E*√R*, N/m^{3/2}. */
} demc_adhesion_sjkr_params;

/** @brief The state seen from the other body: unchanged (the neck flag has no sign). */
DEMC_ADHESION_FN demc_adhesion_state demc_adhesion_state_swap(demc_adhesion_state state);

/* ---- JKR ------------------------------------------------------------------------------------------------- */

/**
 * @brief Validated JKR parameters.
 *
 * @param effective_modulus E*, Pa, finite and > 0.
 * @param effective_radius R*, m, finite and > 0.
 * @param work_of_adhesion w, J/m², finite and ≥ 0 (0: the Hertz law).
 * @param params output, written only on success.
 * @param bad_field optional: NULL on success, else the first bad input in argument order: "effective_modulus",
 *        "effective_radius", "work_of_adhesion", "params", or "params.prefactor" / "params.neck_constant" /
 *        "params.pulloff_force" when a derived constant is not representable.
 * @return ::DEMC_OK, ::DEMC_ERR_INVALID_ARGUMENT (non-finite, NULL), ::DEMC_ERR_OUT_OF_DOMAIN, ::DEMC_ERR_SINGULAR.
 */
DEMC_ADHESION_FN demc_status demc_adhesion_jkr_init(double effective_modulus, double effective_radius,
                                                    double work_of_adhesion, demc_adhesion_jkr_params *params,
                                                    const char **bad_field);

/**
 * @brief JKR parameters without validation (one square root): for building them per contact in a force loop.
 *
 * The same values as demc_adhesion_jkr_init() for valid inputs.
 */
DEMC_ADHESION_FN demc_adhesion_jkr_params demc_adhesion_jkr_make(double effective_modulus, double effective_radius,
                                                                 double work_of_adhesion);

/**
 * @brief JKR overlap at contact radius a: δ(a) = a²/R* − √(2πwa/E*), m (the approach of the two bodies in the
 *        theory of Johnson, Kendall & Roberts 1971: the Hertz approach a²/R* less the flat-punch relief).
 *
 * @param params JKR parameters.
 * @param contact_radius a ≥ 0, m (a < 0 is taken as 0).
 */
DEMC_ADHESION_FN double demc_adhesion_jkr_overlap(const demc_adhesion_jkr_params *params, double contact_radius);

/**
 * @brief JKR force at contact radius a: F(a) = 4E*a³/(3R*) − √(8πwE*a³), N (> 0 repulsive).
 *
 * The load–radius relation of Johnson, Kendall & Roberts (1971), solved for the load.
 * @param params JKR parameters.
 * @param contact_radius a ≥ 0, m (a < 0 is taken as 0).
 */
DEMC_ADHESION_FN double demc_adhesion_jkr_load(const demc_adhesion_jkr_params *params, double contact_radius);

/**
 * @brief JKR contact radius on the stable branch at overlap δ, m: the larger root of δ(a) = δ.
 *
 * Closed form (the quartic x⁴ − cx − R*δ = 0 in x = √a, solved through its resolvent cubic as Parteli et al.
 * 2014 do, rearranged so that no step cancels): one cbrt and four square roots. Relative error a few ulp away
 * from the jump-off, where the root is double (there, a is ill-conditioned in δ: an error ε in δ moves a by
 * ~√ε). Returns 0 for δ < δ_c (no root) and, with w = 0, √(R*δ) for δ > 0 and 0 otherwise. Domain: |R*δ| and
 * c² below ~1e100 m²; beyond (R*δ)³ > 1e36 c⁴ the Hertz-dominated root is taken from two fixed-point steps.
 *
 * @param params JKR parameters.
 * @param overlap δ, m.
 */
DEMC_ADHESION_FN double demc_adhesion_jkr_radius(const demc_adhesion_jkr_params *params, double overlap);

/**
 * @brief JKR contact radius on the unstable branch at overlap δ_c ≤ δ ≤ 0, m: the smaller root of δ(a) = δ.
 *
 * The branch a < a_c = (c/4)^{2/3} that displacement control never visits (it is the separation path under
 * an imposed load beyond the pull-off, and closes the loop in the figure of the docs). 0 outside
 * [δ_c, 0] and for w = 0.
 *
 * @param params JKR parameters.
 * @param overlap δ, m.
 */
DEMC_ADHESION_FN double demc_adhesion_jkr_radius_unstable(const demc_adhesion_jkr_params *params, double overlap);

/**
 * @brief The distance −δ_c ≥ 0 by which the surfaces separate before the JKR neck breaks, m.
 *
 * δ_c = −(3/4)(π²w²R* /E*²)^{1/3}: where dδ/da = 0, at a_c = (πwR*²/(8E*))^{1/3} (the jump-off under
 * displacement control; the force there is −(5/9)F_c). A host keeps a pair in its neighbour list while the
 * centre distance is below R_i + R_j plus this distance. 0 for w = 0. Not a hot-path function (cbrt).
 *
 * @param params JKR parameters.
 */
DEMC_ADHESION_FN double demc_adhesion_jkr_pulloff_distance(const demc_adhesion_jkr_params *params);

/**
 * @brief One step of the JKR law with its hysteresis: the force, stiffnesses, contact radius and friction load
 *        at overlap δ, and the update of the neck flag.
 *
 * Touch test: the neck forms when δ > 0 and, once formed, persists while (R*δ)³·256 + 27c⁴ ≥ 0, i.e. δ ≥ δ_c
 * (the cubic discriminant: no cbrt); when the test fails the neck is broken, the state is reset and every
 * output is zero. In contact: a = demc_adhesion_jkr_radius(), F = demc_adhesion_jkr_load(),
 * dF/dδ = 2E*a(4a^{3/2} − 3c)/(4a^{3/2} − c), contact stiffness 2E*a, friction load |F + 2F_c| (Thornton & Yin
 * 1991, with the elastic force). With w = 0 it is the Hertz law bit for bit (F = Kδ√δ, dF/dδ = 1.5K√δ).
 *
 * @param params JKR parameters.
 * @param overlap δ, m (any finite value).
 * @param state the contact's state, read and updated (not NULL).
 */
DEMC_ADHESION_FN demc_adhesion_result demc_adhesion_jkr_update(const demc_adhesion_jkr_params *params,
                                                               double overlap, demc_adhesion_state *state);

/**
 * @brief Potential energy of the JKR contact at contact radius a (stable or unstable branch), J.
 *
 * U(a) = ∫ F dδ along the branch from the touch point (δ = 0 with the neck just formed, a = c^{2/3}), so that the
 * work done on the bodies by the contact force between two states is the difference of U:
 * U = (E* /R*²)[(8/15)a⁵ − (4/3)c a^{7/2} + (1/2)c²a² + (3/10)c^{10/3}] (the elastic energy minus the surface
 * energy πwa², plus a constant). Negative while compressed near touch, positive in tension; at the jump-off it
 * is demc_adhesion_jkr_cycle_loss(). 0 for a ≤ 0 (no contact). With w = 0: the Hertz energy (8/15)E*√R*δ^{5/2}.
 * Not a hot-path function (cbrt).
 *
 * @param params JKR parameters.
 * @param contact_radius a, m (pass demc_adhesion_result.contact_radius).
 */
DEMC_ADHESION_FN double demc_adhesion_jkr_energy(const demc_adhesion_jkr_params *params, double contact_radius);

/**
 * @brief Elastic strain energy stored in a JKR contact of radius a, J (≥ 0).
 *
 * U_E = (E* /R*²)[(8/15)a⁵ − (4/3)c a^{7/2} + c²a²] (Hertz pressure plus the flat-punch tension of the neck);
 * the total potential is U_E − πwa² up to a constant (demc_adhesion_jkr_energy()). 0 for a ≤ 0.
 *
 * @param params JKR parameters.
 * @param contact_radius a, m.
 */
DEMC_ADHESION_FN double demc_adhesion_jkr_elastic_energy(const demc_adhesion_jkr_params *params,
                                                         double contact_radius);

/**
 * @brief Energy lost in one JKR approach–separation cycle, J: U at the jump-off, lost when the neck breaks.
 *
 * (E*c^{10/3}/R*²)(3/10 + 4^{−4/3}/5) = 1.0524…·π^{5/3}(w⁵R*⁴/E*²)^{1/3} = 7.0922…(w⁵R*⁴/E*²)^{1/3}, the
 * 7.09(Γ⁵R*⁴/E*²)^{1/3} of Thornton & Ning (1998) with Γ = w. An elastic JKR collision sticks below the speed
 * v_s = √(2 U_c/m*). Not a hot-path function (cbrt).
 *
 * @param params JKR parameters.
 */
DEMC_ADHESION_FN double demc_adhesion_jkr_cycle_loss(const demc_adhesion_jkr_params *params);

/* ---- DMT ------------------------------------------------------------------------------------------------- */

/**
 * @brief Validated DMT parameters.
 *
 * @param effective_modulus E*, Pa, finite and > 0.
 * @param effective_radius R*, m, finite and > 0.
 * @param work_of_adhesion w, J/m², finite and ≥ 0.
 * @param params output, written only on success.
 * @param bad_field optional: NULL on success, else "effective_modulus", "effective_radius", "work_of_adhesion",
 *        "params", "params.prefactor" or "params.pulloff_force".
 * @return ::DEMC_OK, ::DEMC_ERR_INVALID_ARGUMENT, ::DEMC_ERR_OUT_OF_DOMAIN, ::DEMC_ERR_SINGULAR.
 */
DEMC_ADHESION_FN demc_status demc_adhesion_dmt_init(double effective_modulus, double effective_radius,
                                                    double work_of_adhesion, demc_adhesion_dmt_params *params,
                                                    const char **bad_field);

/** @brief DMT parameters without validation (one square root). */
DEMC_ADHESION_FN demc_adhesion_dmt_params demc_adhesion_dmt_make(double effective_modulus, double effective_radius,
                                                                 double work_of_adhesion);

/**
 * @brief The DMT law at overlap δ (Derjaguin, Muller & Toporov 1975): F = Kδ^{3/2} − 2πwR* for δ > 0.
 *
 * No hysteresis: the contact exists while δ > 0; at δ → 0⁺ the force is the pull-off force −2πwR*. Stiffness
 * 1.5K√δ (the adhesive term is constant), contact radius √(R*δ) (Hertzian), friction load Kδ^{3/2} = F + 2πwR*:
 * in DMT the contact circle is the Hertz one and carries the Hertz load, the adhesion acting around it (LAMMPS
 * GRANULAR uses |F + 4πwR*| instead). With w = 0 the Hertz law bit for bit.
 *
 * @param params DMT parameters.
 * @param overlap δ, m.
 */
DEMC_ADHESION_FN demc_adhesion_result demc_adhesion_dmt_force(const demc_adhesion_dmt_params *params,
                                                              double overlap);

/**
 * @brief DMT potential energy (2/5)Kδ^{5/2} − 2πwR*δ, J (0 at touch); 0 for δ ≤ 0.
 *
 * @param params DMT parameters.
 * @param overlap δ, m.
 */
DEMC_ADHESION_FN double demc_adhesion_dmt_energy(const demc_adhesion_dmt_params *params, double overlap);

/* ---- simplified JKR (LIGGGHTS sjkr, sjkr2) -------------------------------------------------------------- */

/**
 * @brief Validated parameters of the simplified JKR of LIGGGHTS.
 *
 * @param effective_modulus E*, Pa, finite and > 0.
 * @param radius_i R_i, m, finite and > 0.
 * @param radius_j R_j, m, finite and > 0, or 0 for a plane wall.
 * @param cohesion_energy_density k, J/m³, finite and ≥ 0.
 * @param variant ::DEMC_ADHESION_SJKR_LENS (sjkr) or ::DEMC_ADHESION_SJKR_LINEAR (sjkr2).
 * @param params output, written only on success.
 * @param bad_field optional: NULL on success, else "effective_modulus", "radius_i", "radius_j",
 *        "cohesion_energy_density", "variant", "params", or "params.prefactor".
 * @return ::DEMC_OK, ::DEMC_ERR_INVALID_ARGUMENT (non-finite, unknown variant, NULL), ::DEMC_ERR_OUT_OF_DOMAIN,
 *         ::DEMC_ERR_SINGULAR.
 */
DEMC_ADHESION_FN demc_status demc_adhesion_sjkr_init(double effective_modulus, double radius_i, double radius_j,
                                                     double cohesion_energy_density, demc_adhesion_sjkr_variant variant,
                                                     demc_adhesion_sjkr_params *params, const char **bad_field);

/** @brief Simplified-JKR parameters without validation (one square root). */
DEMC_ADHESION_FN demc_adhesion_sjkr_params demc_adhesion_sjkr_make(double effective_modulus, double radius_i,
                                                                   double radius_j,
                                                                   double cohesion_energy_density,
                                                                   demc_adhesion_sjkr_variant variant);

/**
 * @brief Contact area A(δ) of the simplified JKR, m² (see ::demc_adhesion_sjkr_variant); 0 for δ ≤ 0.
 *
 * Domain δ < 2 min(R_i, R_j) for the lens (the area is clamped at 0 beyond).
 * @param params parameters.
 * @param overlap δ, m.
 */
DEMC_ADHESION_FN double demc_adhesion_sjkr_area(const demc_adhesion_sjkr_params *params, double overlap);

/**
 * @brief The simplified JKR law at overlap δ: F = Kδ^{3/2} − k A(δ) for δ > 0 (LIGGGHTS `cohesion sjkr/sjkr2`
 *        added to the Hertz law).
 *
 * No hysteresis (force only while δ > 0, as in LIGGGHTS). Stiffness 1.5K√δ − k dA/dδ, contact radius √(R*δ),
 * contact stiffness 2E*√(R*δ), friction load Kδ^{3/2}: the Hertz part, as for DMT (LIGGGHTS's default
 * `tangential_reduce off` limits friction with the total normal force instead: pass max(F_n, 0) to reproduce it).
 *
 * @param params parameters.
 * @param overlap δ, m.
 */
DEMC_ADHESION_FN demc_adhesion_result demc_adhesion_sjkr_force(const demc_adhesion_sjkr_params *params,
                                                               double overlap);

/**
 * @brief Potential energy of the simplified JKR, (2/5)Kδ^{5/2} − k∫₀^δ A, J (0 at touch); 0 for δ ≤ 0.
 *
 * Lens: ∫₀^δ πa² = πδ²[(4R_iR_j − (R_i + R_j)δ)/(4(R_i + R_j − δ)) − δ/12], wall πδ²(R_i − δ/3); linear:
 * π h δ² with h = 2R* (spheres) or R_i (wall).
 * @param params parameters.
 * @param overlap δ, m.
 */
DEMC_ADHESION_FN double demc_adhesion_sjkr_energy(const demc_adhesion_sjkr_params *params, double overlap);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_ADHESION)
#  include "impl/adhesion_impl.h"
#endif

#endif /* DEMC_ADHESION_H */
