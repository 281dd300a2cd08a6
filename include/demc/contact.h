/**
 * @file contact.h
 * @brief The assembled contact evaluation: a description of the model (one law per slot), validated once into a
 *        compiled model; a frame built from the two bodies; one evaluation to force, torques and updated state.
 *
 * **The four steps** (page @ref contact has the formulas and a complete host loop):
 * 1. describe: `demc_contact_def def = demc_contact_def_default();` (HM+D) or demc_contact_def_init() with a
 *    ::demc_contact_preset, then set the physical inputs by name (moduli, restitution, friction ...);
 * 2. compile once per pair of species: demc_contact_model_init() validates the description, derives the damping
 *    from the restitution, fixes the per-contact state layout and records the kind (the laws selected);
 * 3. per contact and step, build the frame from the two bodies: demc_contact_frame_sphere_sphere(),
 *    demc_contact_frame_sphere_wall() or demc_contact_frame_sphere_facet() (a triangle of a mesh, facet.h);
 * 4. evaluate: demc_contact_eval() (the kind read from the model) or, in a header-only unit,
 *    demc_contact_eval_kind() with the kind as a constant, so that every unused slot and convention folds away.
 *
 * **Slots.** normal (::demc_normal_law), damping (::demc_damping_law), tangential (::demc_tangential_law), the
 * tangential increment (::demc_increment_rule), rolling (::demc_rolling_law) and twisting (::demc_twisting_law).
 * The five models of earlier releases are presets (::demc_contact_preset): LS+D and HM+D of Cummins, Thornton &
 * Cleary (2012, eq 1-2), PLS(B) (ibid. eq 3), the undamped Hertz–Mindlin model of Zabulionis et al. (2012) and
 * the model of Campello (2015).
 *
 * **Elasto-plastic adhesive laws** (1.1): ::DEMC_NORMAL_THORNTON_NING, ::DEMC_NORMAL_LUDING and
 * ::DEMC_NORMAL_EEPA in the normal slot, their parameters in demc_contact_def::plastic (page @ref plastic_model).
 *
 * **Liquid bridges** (1.1): demc_contact_def::capillary adds Willett et al.'s capillary force, with rupture at Lian
 * et al.'s distance and Pitois et al.'s viscous force, to any normal law (page @ref capillary_model).
 *
 * **Heat** (1.1): the slot demc_contact_def::heat selects a conduction law (::demc_heat_law); after each
 * evaluation, demc_contact_heat() gives the heat flow into each body from the two temperatures and, with the diag,
 * the frictional heating; the batches accumulate the conduction into per-body arrays (page @ref heat_page).
 *
 * **Per-contact state.** A slice of demc_contact_model_state_size() doubles (at most ::DEMC_CONTACT_STATE_MAX), all
 * zero for a new contact, that the host keeps in its own history array. Its layout is private to the model; the
 * public facts are its size, that zero is a new contact, demc_contact_state_reset(), demc_contact_state_swap()
 * (the state as seen from the other body) and demc_contact_state_flips() (which doubles change sign under the swap:
 * what a host that transfers history between the two sides of a pair needs), and since 1.1 the few named doubles a
 * host may read or write, found by demc_contact_state_index() (the liquid bridge's marker and volume).
 *
 * **ABI classes** (page @ref contact, "Extending within 1.x"): ::demc_contact_frame, ::demc_contact_result,
 * ::demc_body, ::demc_wall are frozen plain structs; ::demc_contact_def and ::demc_contact_diag carry their size in
 * their first field and grow by appending; ::demc_contact_model is opaque (its layout may change in any release).
 *
 * Conventions: overlap positive in contact, unit normal from body j to body i, forces and torques on body i
 * returned (body j receives −force and the torque torque_j).
 *
 * Sources: D. Zabulionis, R. Kačianauskas, D. Markauskas, J. Rojek, "An investigation of nonlinear tangential
 * contact behaviour of a spherical particle under varying loading", Bull. Pol. Acad. Sci. Tech. Sci. 60 (2012)
 * 265-278; A.M. Campello, "A description of rotations for DEM models of particle systems", Comp. Part. Mech. 2
 * (2015) 109-125; S.J. Cummins, C. Thornton, P.W. Cleary, "Contact force models in inelastic collisions", 9th Int.
 * Conf. on CFD in the Minerals and Process Industries, CSIRO, Melbourne (2012). Rolling and twisting slots: J. Ai,
 * J.-F. Chen, J.M. Rotter, J.Y. Ooi, "Assessment of rolling resistance models in discrete element simulations",
 * Powder Technology 206 (2011) 269-282; S. Luding, "Cohesive, frictional powders: contact models for tension",
 * Granular Matter 10 (2008) 235-246; J.S. Marshall, "Discrete-element modeling of particulate aerosol flows",
 * J. Comput. Phys. 228 (2009) 1541-1561.
 */
#ifndef DEMC_CONTACT_H
#define DEMC_CONTACT_H

#include <stddef.h>
#include <string.h>
#include "base.h"
#include "material.h"
#include "normal.h"
#include "damping.h"
#include "rotation.h"
#include "tangential.h"
#include "tangential_mdr.h"
#include "rolling.h"
#include "twisting.h"
#include "adhesion.h"
#include "normal_plastic.h"
#include "capillary.h"
#include "facet.h"
#include "heat.h"

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

/**
 * Largest per-contact state of any model this major version will compile, in doubles: a host with fixed-size
 * history arrays can reserve this many (2 KiB a contact), though sizing each contact's history from
 * demc_contact_model_state_size() is better: a model's own size is usually far smaller (9 for HM+D, 22 for the
 * widest combination of 1.0's laws). Options added within 1.x enlarge the state only of models that select them,
 * and never past this: a law with a long history (a bed of springs whose resolution the description sets, as
 * ::DEMC_TANGENTIAL_MDR: 139 doubles at its default resolution) is refused by demc_contact_model_init() when its
 * state would exceed it.
 */
#define DEMC_CONTACT_STATE_MAX 256

/** Capacity of the opaque ::demc_contact_model, in doubles (1 KiB: room for the constants of laws added in 1.x). */
#define DEMC_CONTACT_MODEL_DOUBLES 128

/** @brief The normal law (slot `normal`). */
typedef enum demc_normal_law {
    DEMC_NORMAL_HERTZ = 0,  /**< F = (4/3)E*√R* δ^{3/2} ([Zabulionis 2012] eq 14, [Campello 2015] eq 19). */
    DEMC_NORMAL_LINEAR = 1, /**< F = k δ ([Cummins 2012] eq 1). */
    DEMC_NORMAL_PLSB = 2,   /**< Partially latching spring: loading e k, unloading k/e ([Cummins 2012] eq 3). */
    /** JKR (Johnson, Kendall & Roberts 1971; adhesion.h) with demc_contact_def::work_of_adhesion w: the neck forms
     *  at touch and breaks at δ_c = −demc_contact_model_range() of the pair (the contact, its dashpot and its
     *  friction persist at δ < 0 until then); Coulomb load F_n + 2F_c, F_c = (3/2)πwR* (Thornton & Yin 1991).
     *  Needs ::DEMC_CONTACT_END_OVERLAP and demc_contact_def::max_effective_radius. w = 0: the Hertz law. */
    DEMC_NORMAL_JKR = 3,
    /** DMT (Derjaguin, Muller & Toporov 1975; adhesion.h): Hertz − 2πwR* while δ > 0; Coulomb load F_n + 2πwR*
     *  (the load of the Hertz circle). Needs ::DEMC_CONTACT_END_OVERLAP. w = 0: the Hertz law. */
    DEMC_NORMAL_DMT = 4,
    /** Simplified JKR of LIGGGHTS `cohesion sjkr` (adhesion.h, ::DEMC_ADHESION_SJKR_LENS): Hertz − k πa² with a
     *  the radius of the circle where the undeformed spheres intersect, k = demc_contact_def::
     *  cohesion_energy_density; while δ > 0; Coulomb load F_n + kA. Needs ::DEMC_CONTACT_END_OVERLAP. */
    DEMC_NORMAL_SJKR = 5,
    /** Simplified JKR of LIGGGHTS `cohesion sjkr2` (::DEMC_ADHESION_SJKR_LINEAR): Hertz − k 2π(2R*)δ, against a
     *  wall Hertz − k 2πR_iδ; otherwise as ::DEMC_NORMAL_SJKR. */
    DEMC_NORMAL_SJKR2 = 6,
    /** Thornton & Ning's adhesive elastic–plastic law (C. Thornton, Z. Ning, "A theoretical model for the
     *  stick/bounce behaviour of adhesive, elastic-plastic spheres", Powder Technol. 99 (1998) 154-162;
     *  demc_normal_thornton_ning_update()): JKR with w = demc_contact_def::work_of_adhesion up to the yield radius,
     *  where the centre pressure reaches demc_contact_plastic_def::yield_pressure p_y (their eq 65), the Hertz part
     *  of the pressure capped beyond it, unloading and reloading along JKR with the enlarged radius R_p from the
     *  plastic overlap δ_p (their eq 20-28), pull-off −(3/2)πwR_p (eq 77). Needs E* (and G* with a tangential
     *  law), ::DEMC_CONTACT_END_OVERLAP and, with w > 0, demc_contact_def::max_effective_radius: the neck holds
     *  past δ = 0 until δ_p − (3/4)(π²w²R_p/E*²)^{1/3}, and demc_contact_model_range() covers it at that R*.
     *  Dashpot stiffness 2E*a and k_t = 8G*a on the contact circle, Coulomb load F_n + 3πwR_p. State: δ_max,
     *  δ_p, R_p and the neck (4 doubles, kept under the swap). Since 1.1. */
    DEMC_NORMAL_THORNTON_NING = 7,
    /** Luding's hysteretic linear law with adhesion (S. Luding, "Cohesive, frictional powders: contact models for
     *  tension", Granular Matter 10 (2008) 235-246; demc_normal_luding_force()): k₁ loading, k₂(δ_max) unloading
     *  and reloading up to the plastic limit δ*, −k_cδ in tension, the fields of demc_contact_def::plastic.
     *  Needs ::DEMC_CONTACT_END_OVERLAP. Dashpot 2γ√(m* k₁) (γ by the LS+D map), k_t = κ k₁, Coulomb load
     *  F_n + k_cδ (Luding 2008). State: δ_max (1 double, kept under the swap). Since 1.1. */
    DEMC_NORMAL_LUDING = 8,
    /** The Edinburgh Elasto-Plastic Adhesion model (S.C. Thakur, J.P. Morrissey, J. Sun, J.F. Chen, J.Y. Ooi,
     *  Granular Matter 16 (2014) 383-400, eq 5; demc_normal_eepa_update()): f₀ + min(k₁δⁿ, max(k₂(δⁿ − δ_pⁿ),
     *  −k_adh δ^χ)), the fields of demc_contact_def::plastic. Needs ::DEMC_CONTACT_END_OVERLAP. Dashpot
     *  2γ√(m* k_n), k_n = n k₁δ^{n−1} (γ by the LS+D map for n = 1, by the HM+D map otherwise), k_t = κ k_n,
     *  Coulomb load F_n. State: δ_p (1 double, kept under the swap). Since 1.1. */
    DEMC_NORMAL_EEPA = 9,
    DEMC_NORMAL_LAW_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration to an int; never valid input. */
} demc_normal_law;

/** @brief The normal dashpot (slot `damping`). */
typedef enum demc_damping_law {
    DEMC_DAMPING_NONE = 0,    /**< No dashpot (normal or tangential). */
    /** F_d = 2γ√(m* k_n) δ̇ with k_n = dF/dδ of the normal law: LS+D's constant dashpot for the linear spring, the
     *  HM+D dashpot ∝ δ^{1/4} for Hertz ([Cummins 2012] eq 1-2; [Campello 2015] eq 22 with ξ = γ); γ from the
     *  restitution by the exact map of the law and the end rule (damping.h). */
    DEMC_DAMPING_VISCOUS = 1,
    DEMC_DAMPING_LAW_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration to an int; never valid input. */
} demc_damping_law;

/** @brief The tangential law (slot `tangential`). */
typedef enum demc_tangential_law {
    DEMC_TANGENTIAL_NONE = 0,   /**< No tangential force (frictionless). */
    /** Spring with memory and Coulomb limit (tangential.h): k_t = 8G*√(R*δ) for Hertz, κ k for the linear spring,
     *  κ k/e for PLS(B); the conventions are the fields of demc_contact_def::friction. */
    DEMC_TANGENTIAL_SPRING = 1,
    /** Mindlin–Deresiewicz law with micro-slip in the form of Thornton & Yin (Powder Technol. 65 (1991) 153-166):
     *  k_t = 8G*aθ from the loading, unloading and reloading branches, the μΔF_n terms, gross sliding at μF_n
     *  (demc_tangential_md_update()). Hertz normal law only; one friction coefficient (μ_s = μ_d); not with
     *  ::DEMC_STIFFNESS_TOTAL; the variant is demc_contact_def::md_variant. */
    DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ = 2,
    /** Exact elastic Cattaneo–Mindlin–Deresiewicz law of two spheres for any history of normal and tangential load,
     *  by the method of dimensionality reduction (V.L. Popov, M. Heß, “Method of Dimensionality Reduction in
     *  Contact Mechanics and Friction”, Springer 2015; R.D. Mindlin, H. Deresiewicz, J. Appl. Mech. 20 (1953)
     *  327-344): a bed of demc_contact_def::mdr_springs springs on 0 ≤ x < a, each of stiffness 8G*L_i and
     *  Coulomb limit shaped as the Hertz pressure, so that F_t = −Σ 8G*L_i u_i is 8G*a in stick and μF_n in gross
     *  sliding (demc_tangential_mdr_update(); page @ref tangential_mdr). The normal force F_n and the contact
     *  radius a of the step set the limits. The tangential dashpot and the Coulomb policy as for
     *  ::DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ. Hertz normal law (or an adhesive Hertz law) only; one friction
     *  coefficient (μ_s = μ_d); not with ::DEMC_STIFFNESS_TOTAL. State: the kernel's 8 + 2·springs doubles after
     *  every other block (136 at the default 64 springs): a unit basis of the tangent plane, carried into each new
     *  frame by demc_contact_def::transport like the other memories and changing sign under the swap, and each
     *  spring's two components in it. Since 1.1. */
    DEMC_TANGENTIAL_MDR = 3,
    DEMC_TANGENTIAL_LAW_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration to an int; never valid input. */
} demc_tangential_law;

/** @brief The increment of the tangential displacement in one step (slot `increment`). */
typedef enum demc_increment_rule {
    DEMC_INCREMENT_VELOCITY = 0, /**< Δs = v_t Δt ([Zabulionis 2012] eq 9-11). */
    /** Rolling-consistent: Δs = [(v_i − v_j)Δt − (Δr_i − Δr_j)] projected on the tangent plane, with Δr the rolling
     *  displacement of each body's contact point under its incremental rotation ([Campello 2015] eq 25-29). */
    DEMC_INCREMENT_ROLLING = 1,
    DEMC_INCREMENT_RULE_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration to an int; never valid input. */
} demc_increment_rule;

/**
 * @brief Rolling resistance (slot `rolling`): a pure couple on the two bodies (rolling.h). Laws are appended
 *        within 1.x. Each law's coefficients are fields of ::demc_contact_def (`mu_rolling`, `rolling_*`).
 */
typedef enum demc_rolling_law {
    DEMC_ROLLING_NONE = 0, /**< No rolling resistance. */
    /** Constant directional torque, M = −μ_r R* F_n ω_r/|ω_r| (model type A of Ai et al. 2011); with the default
     *  limiter ::DEMC_ROLLING_CDT_LIMITER_INERTIA, capped at I* |ω_r|/Δt (demc_rolling_cdt_torque()). No state. */
    DEMC_ROLLING_CDT = 1,
    /** Elastic–plastic spring–dashpot (model type C of Ai et al. 2011, after Iwashita & Oda 1998): k_r = c k_n μ_r² R*²
     *  with k_n the normal law's tangent stiffness, limit μ_r R* F_n, dashpot η_r 2√(I_r k_r) with
     *  I_r = (7/2) I* (demc_rolling_epsd_torque()). State: the spring torque (3 doubles, change sign under the
     *  swap) and k_r of the step that wrote it (kept). */
    DEMC_ROLLING_EPSD = 2,
    /** Spring–dashpot–slider of Luding 2008 (LAMMPS "rolling sds"): k_roll, γ_roll, limit μ_roll F_n on the
     *  rolling force, couple R* n × F_r (demc_rolling_sds_torque()). State: the rolling displacement (3 doubles,
     *  kept under the swap). */
    DEMC_ROLLING_SDS = 3,
    DEMC_ROLLING_LAW_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration to an int; never valid input. */
} demc_rolling_law;

/**
 * @brief Twisting resistance (slot `twisting`): a pure couple about the normal (twisting.h). Laws are appended
 *        within 1.x.
 */
typedef enum demc_twisting_law {
    DEMC_TWISTING_NONE = 0, /**< No twisting resistance. */
    /** Marshall 2009 (LAMMPS "twisting marshall"): k_tw = ½ k_t a², γ_tw = ½ c_t a², limit (2/3) μ_d a F_n, from
     *  this step's tangential stiffness k_t and dashpot c_t, the dynamic friction coefficient and a = √(R*δ)
     *  (demc_twisting_marshall_torque()). Needs the tangential spring. State: the twist angle and k_tw of the step
     *  that wrote it (2 doubles, kept under the swap). */
    DEMC_TWISTING_MARSHALL = 1,
    /** Spring–dashpot–slider of Luding 2008 (LAMMPS "twisting sds"): k_tw, γ_tw, limit μ_tw F_n with μ_tw a
     *  length (demc_twisting_sds_torque()). State: the twist angle (1 double, kept under the swap). */
    DEMC_TWISTING_SDS = 2,
    DEMC_TWISTING_LAW_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration to an int; never valid input. */
} demc_twisting_law;

/** @brief Where the contact point lies on the line of centres. */
typedef enum demc_contact_point_rule {
    /** The overlap divides in proportion to the two surfaces' compliances (1−ν²)/E (demc_moduli::
     *  compliance_asymmetry): half each for equal materials, all in the sphere against a rigid wall (default). */
    DEMC_CONTACT_POINT_COMPLIANCE = 0,
    /** Half the overlap in each body, walls included (LAMMPS and LIGGGHTS). */
    DEMC_CONTACT_POINT_HALF = 1,
    DEMC_CONTACT_POINT_RULE_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration to an int; never valid input. */
} demc_contact_point_rule;

/**
 * @brief Which normal load bounds friction: the load of the Coulomb limit of the tangential spring, and of the
 *        rolling and twisting limits (demc_contact_def::coulomb_load). Since 1.1.
 *
 * The load is the normal force F_n of the step, the elastic force plus the normal dashpot (plus what an adhesive
 * law adds, demc_normal_law). With ::DEMC_CONTACT_END_OVERLAP the dashpot can make F_n negative (the bodies pull)
 * near the end of an impact; the two rules differ only there.
 */
typedef enum demc_coulomb_load {
    /** max(F_n, 0): a pulling contact has no Coulomb capacity; the spring is released and carries no force while
     *  F_n ≤ 0 (default). */
    DEMC_COULOMB_LOAD_POSITIVE = 0,
    /** |F_n|: a pulling contact still bounds friction by μ|F_n|, as LAMMPS GRANULAR's `pair_style granular` does
     *  without `limit_damping` (its documentation, LAMMPS 29 Sep 2021: the critical force is μ times the magnitude
     *  of the normal force, elastic plus damping). Its rolling and twisting limits take |F_n| as well. Not with
     *  ::DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ or ::DEMC_TANGENTIAL_MDR, whose branches follow the load's history
     *  (demc_contact_model_init() names "def.coulomb_load"). The tangential spring's memory of F_n (for
     *  ::DEMC_UNLOADING_RESCALE) then holds |F_n|. */
    DEMC_COULOMB_LOAD_ABSOLUTE = 1,
    DEMC_COULOMB_LOAD_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration to an int; never valid input. */
} demc_coulomb_load;

/** @brief The models of earlier releases, as descriptions (demc_contact_def_init()). */
typedef enum demc_contact_preset {
    /** HM+D ([Cummins 2012] eq 2): Hertz, viscous dashpots with γ_t = γ, spring with the default conventions
     *  (average stiffness rule, unloading rescale, Coulomb limit on the total force). The default. */
    DEMC_CONTACT_PRESET_HMD = 0,
    /** LS+D ([Cummins 2012] eq 1): linear spring k, k_t = κ k, dashpots with γ_t = γ. */
    DEMC_CONTACT_PRESET_LSD = 1,
    /** PLS(B) ([Cummins 2012] eq 3): latching spring, k_t = κ k/e, no dashpot. */
    DEMC_CONTACT_PRESET_PLSB = 2,
    /** Undamped Hertz–Mindlin with the choices of Zabulionis 2012: incremental spring without unloading rescale
     *  (eq 33), incremental slip recalculation (eq 43), force-driven slip direction (section 5). That paper's G* is
     *  ::DEMC_SHEAR_ZABULIONIS (demc_material_moduli_init()). */
    DEMC_CONTACT_PRESET_HM = 3,
    /** The model of Campello 2015: Hertz, dashpot d* = the HM+D dashpot with ξ = γ (eq 19-22), non-incremental
     *  spring F = −k_t s (eq 30-31) with μ_s/μ_d (eq 32-36), rolling-consistent increment (eq 25-29), no tangential
     *  dashpot. That paper's G* is ::DEMC_SHEAR_CAMPELLO. */
    DEMC_CONTACT_PRESET_CAMPELLO = 4,
    DEMC_CONTACT_PRESET_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration to an int; never valid input. */
} demc_contact_preset;

/**
 * @brief Heat conduction through the contact (demc_contact_heat_def::law; added in 1.1). The conductance H of the
 *        step comes from the contact radius a of the frame's overlap (page @ref heat_page, "In the compiled model");
 *        the heat flow into body i is H (T_j − T_i) (demc_contact_heat()). Laws are appended within 1.x.
 */
typedef enum demc_heat_law {
    DEMC_HEAT_NONE = 0, /**< No heat transfer (the default): demc_contact_heat() gives zeros, the batch adds nothing. */
    /** Static Hertzian contact, H = 2 k_s a (Batchelor & O'Brien 1977; LAMMPS `heat radius`), k_s the harmonic
     *  mean 2k_ik_j/(k_i + k_j) of demc_contact_heat_def::conductivity_i and demc_contact_heat_def::conductivity_j, or the pair's k_s
     *  given as demc_contact_heat_def::conductivity (demc_heat_contact_conductance()). Memoryless. */
    DEMC_HEAT_STATIC = 1,
    /** Area law, H = h π a² with h = demc_contact_heat_def::transfer_coefficient (LAMMPS `heat area`;
     *  demc_heat_area_conductance()). Memoryless. */
    DEMC_HEAT_AREA = 2,
    /** Collisional conduction (Sun & Chen 1988 with C = ::DEMC_HEAT_COLLISION_CONSTANT): over a contact, the heat
     *  C π a_max² √τ (T_j − T_i)/(1/e_i + 1/e_j) delivered step by step (demc_heat_collision_step()) from the
     *  effusivities demc_contact_heat_def::effusivity_i and demc_contact_heat_def::effusivity_j. State: 2 doubles appended to the
     *  contact's state (a_max and τ so far; kept under the swap). For short contacts (impacts). */
    DEMC_HEAT_COLLISION = 3,
    DEMC_HEAT_LAW_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration to an int; never valid input. */
} demc_heat_law;

/** @brief How demc_contact_heat() shares the frictional heat of a contact between the two bodies (added in 1.1). */
typedef enum demc_heat_partition_rule {
    DEMC_HEAT_PARTITION_EQUAL = 0,      /**< Half to each body (the default). */
    /** Body i takes demc_contact_heat_def::fraction_i, body j the rest (demc_heat_partition_fraction_init();
     *  1: all to i, as against a wall whose heat the host does not track). */
    DEMC_HEAT_PARTITION_FRACTION = 1,
    /** In the ratio of the effusivities e_i : e_j of demc_contact_heat_def (Blok 1937, Archard 1959;
     *  demc_heat_partition_effusivity_init()). */
    DEMC_HEAT_PARTITION_EFFUSIVITY = 2,
    DEMC_HEAT_PARTITION_RULE_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration to an int; never valid input. */
} demc_heat_partition_rule;

/**
 * @brief The heat slot of a description (demc_contact_def::heat, appended in 1.1): the conduction law, its
 *        parameters and the partition of frictional heat. All zero (the initialisers' default, and what a 1.0
 *        caller's shorter description reads as): no heat. A field is read only when the law or the partition
 *        uses it; demc_contact_model_init() names a bad one as "def.heat.<field>".
 */
typedef struct demc_contact_heat_def {
    demc_heat_law law;                  /**< Conduction law; ::DEMC_HEAT_NONE (0): no heat at all. */
    demc_heat_partition_rule partition; /**< Partition of frictional heat; ::DEMC_HEAT_PARTITION_EQUAL (0). */
    /** k_i (W/(m K), > 0) of body i, ::DEMC_HEAT_STATIC with conductivity 0 (the harmonic mean is taken). */
    double conductivity_i;
    /** k_j (W/(m K), > 0) of body j (a wall's or a facet's for those contacts), as conductivity_i. */
    double conductivity_j;
    /** k_s (W/(m K), ≥ 0) of the pair as given, ::DEMC_HEAT_STATIC: H = 2 k_s a with this k_s (LAMMPS `heat
     *  radius` with its k; for its default mixing of unlike types pass √(k_ik_j)); 0 (default): k_s is the
     *  harmonic mean of conductivity_i and conductivity_j. */
    double conductivity;
    double transfer_coefficient; /**< h (W/(m² K), ≥ 0) of ::DEMC_HEAT_AREA. */
    /** e_i = √(k ρ c_p) (W s^{1/2}/(m² K), > 0; demc_heat_effusivity()) of body i: ::DEMC_HEAT_COLLISION and
     *  ::DEMC_HEAT_PARTITION_EFFUSIVITY. */
    double effusivity_i;
    double effusivity_j; /**< e_j (> 0) of body j, as effusivity_i. */
    double fraction_i;   /**< Share of body i in [0, 1] of ::DEMC_HEAT_PARTITION_FRACTION. */
} demc_contact_heat_def;

/**
 * @brief The parameters of the elasto-plastic adhesive normal laws (demc_contact_def::plastic; added in 1.1): read
 *        only when demc_contact_def::normal is ::DEMC_NORMAL_THORNTON_NING, ::DEMC_NORMAL_LUDING or
 *        ::DEMC_NORMAL_EEPA, and then only the fields of that law. All zero (the initialisers' default, and what an
 *        older caller's shorter description reads as); demc_contact_model_init() names a bad field as
 *        "def.plastic.<field>". Page @ref plastic, "In the compiled contact model", maps the published names.
 */
typedef struct demc_contact_plastic_def {
    /** p_y (Pa, > 0, required) of ::DEMC_NORMAL_THORNTON_NING: the limiting contact pressure at the centre of the
     *  contact (Thornton & Ning 1998, eq 65); the work of adhesion is demc_contact_def::work_of_adhesion. */
    double yield_pressure;
    /** k₁ (> 0, required): ::DEMC_NORMAL_LUDING's loading stiffness (N/m); ::DEMC_NORMAL_EEPA's (N/mⁿ). */
    double loading_stiffness;
    /** k_p (N/m, ≥ k₁, required) of ::DEMC_NORMAL_LUDING: the largest unloading stiffness, reached at δ_max = δ*
     *  (k_p = k₁: elastic with a tensile limit). */
    double unloading_stiffness;
    double tension_stiffness; /**< k_c (N/m, ≥ 0) of ::DEMC_NORMAL_LUDING; 0: no adhesion. */
    /** δ* (m, > 0, required) of ::DEMC_NORMAL_LUDING: the plastic limit overlap, beyond which δ_max stops
     *  growing; from Luding's φ_f by demc_normal_luding_plastic_limit(). */
    double plastic_limit;
    double plasticity_ratio;   /**< λ_P in [0, 1) of ::DEMC_NORMAL_EEPA: k₂ = k₁/(1 − λ_P); 0: elastic. */
    double pulloff_force;      /**< f₀ (N, ≤ 0) of ::DEMC_NORMAL_EEPA: the constant pull-off force; 0: none. */
    double adhesion_stiffness; /**< k_adh (N/m^χ, ≥ 0) of ::DEMC_NORMAL_EEPA; 0: no adhesive branch. */
    /** n of ::DEMC_NORMAL_EEPA, in [::DEMC_NORMAL_EEPA_MIN_EXPONENT, ::DEMC_NORMAL_EEPA_MAX_EXPONENT]; 0 (default):
     *  1, the piece-wise linear model of Thakur et al.'s simulations. */
    double exponent;
    /** χ of ::DEMC_NORMAL_EEPA, in the same range; 0 (default): equal to n. */
    double adhesion_exponent;
} demc_contact_plastic_def;

/**
 * @brief A liquid bridge added to the normal law (demc_contact_def::capillary; added in 1.1): Willett et al.'s
 *        capillary force with rupture at Lian et al.'s distance and, optionally, the viscous force of Pitois et al.
 *        (capillary.h; page @ref capillary, "In the compiled contact model").
 *
 * With `bridge` 1 every contact carries a bridge that forms when the bodies touch (δ ≥ 0) and ruptures when the gap
 * reaches S_c = (1 + θ/2)V^{1/3} (C.D. Willett, M.J. Adams, S.A. Johnson, J.P.K. Seville, Langmuir 16 (2000)
 * 9396-9405; G. Lian, C. Thornton, M.J. Adams, J. Colloid Interface Sci. 161 (1993) 138-147); its normal force,
 * −F_cap(S) of demc_capillary_force() plus the viscous demc_capillary_viscous_force() (O. Pitois, P. Moucheront,
 * X. Chateau, J. Colloid Interface Sci. 231 (2000) 26-31), is added to the normal law's force, whatever the law,
 * for the pair's Derjaguin radius 2R_iR_j/(R_i + R_j) (2R_i against a wall or a facet). All zero (the
 * initialisers' default, and what an older caller's shorter description reads as): no bridge, and no field read.
 * demc_contact_model_init() names a bad field as "def.capillary.<field>".
 */
typedef struct demc_contact_capillary_def {
    int bridge;               /**< 1: a liquid bridge at every contact; 0 (default): none. */
    demc_capillary_form form; /**< ::DEMC_CAPILLARY_WILLETT_FIT (0, default) or ::DEMC_CAPILLARY_WILLETT_SIMPLE. */
    double surface_tension;   /**< γ, N/m, ≥ 0 (required with the bridge; 0 gives no capillary force). */
    /** θ, rad, in [0, π/2); the fit needs θ ≤ ::DEMC_CAPILLARY_FIT_MAX_ANGLE (50°). */
    double contact_angle;
    /** V, m³, > 0 (required): the liquid volume of each bridge. The fit is made for 1e-4 ≤ V/R_h³ ≤ 0.2 of the
     *  pair's Derjaguin radius R_h: outside it (a pair the model cannot know at setup) it is extrapolated, and the
     *  simple form is the safer choice. */
    double volume;
    double viscosity;         /**< η, Pa·s, ≥ 0: the viscous force of the bridge; 0 (default): none. */
    /** S_min, m, > 0 (required with η > 0): the gap of the viscous force below it and during contact. */
    double min_separation;
    /** V_max, m³, ≥ `volume`, or 0 (default: `volume`): the largest volume a host gives a contact's bridge in its
     *  state (::DEMC_CONTACT_STATE_BRIDGE_VOLUME, for a host that tracks the liquid of each contact); the model's
     *  range covers the rupture distance (1 + θ/2)V_max^{1/3}. */
    double max_volume;
} demc_contact_capillary_def;

/**
 * @brief Description of a contact model: one law per slot, its conventions and its physical inputs.
 *
 * A sized struct (page "Extending within 1.x"): fill it with demc_contact_def_default() or demc_contact_def_init(),
 * which set the size and zero the rest, then change fields by name. Fields are only ever appended, and an appended
 * field's zero is its default. The library reads the struct up to the caller's size: a field past it (a caller
 * built against an older header) takes its default; a caller's struct larger than the library's (a newer header)
 * is accepted when every byte the library does not know is zero, and refused with ::DEMC_ERR_UNSUPPORTED and
 * "def.size" when one is set (an option this library does not have). The smallest size accepted is
 * ::DEMC_CONTACT_DEF_SIZE_1_0.
 */
typedef struct demc_contact_def {
    size_t size;                    /**< sizeof(demc_contact_def) as the caller compiled it; set by the initialisers. */
    demc_normal_law normal;         /**< Normal law. */
    demc_damping_law damping;       /**< Dashpots. */
    demc_tangential_law tangential; /**< Tangential law. */
    demc_increment_rule increment;  /**< Tangential increment. */
    demc_rolling_law rolling;       /**< Rolling resistance. */
    demc_twisting_law twisting;     /**< Twisting resistance. */
    /** E*, G* and the compliance split of the pair of species (demc_material_moduli_init()); Hertz laws need E* > 0,
     *  the tangential spring with a Hertz law G* > 0. */
    demc_moduli moduli;
    double normal_stiffness;   /**< k (N/m) of the linear spring and the reference stiffness of PLS(B) (> 0 there). */
    /** κ (≥ 0): k_t = κ k for the linear spring, κ k/e for PLS(B) ([Cummins 2012] eq 1, 3);
     *  demc_tangential_stiffness_ratio() gives Mindlin's 2(1−ν)/(2−ν). Unused by Hertz laws. */
    double stiffness_ratio;
    double restitution;        /**< e in (0, 1]: gives γ for ::DEMC_DAMPING_VISCOUS and the latch of PLS(B). */
    demc_contact_end end;      /**< End-of-contact rule the restitution refers to; with ::DEMC_CONTACT_END_FORCE the
                                    normal force never pulls (clamped at zero). */
    /** γ_t/γ (≥ 0): the tangential dashpot 2γ_t√(m* k_t) uses γ_t = this × γ; 1 in [Cummins 2012] eq 1-2. */
    double tangential_damping_scale;
    demc_tangential_params friction;  /**< μ_s, μ_d and the conventions of the tangential spring (tangential.h). */
    demc_memory_transport transport;  /**< How the memory follows the turning contact frame. */
    int transport_spin;               /**< 1: the transport includes the mean spin of the two bodies about the
                                           normal; 0: shortest arc only (ignored by ::DEMC_TRANSPORT_PROJECT). */
    demc_contact_point_rule contact_point; /**< Where the contact point lies (torque arms). */
    /** w (J/m², finite, ≥ 0) of ::DEMC_NORMAL_JKR and ::DEMC_NORMAL_DMT (0 by default: the Hertz law). */
    double work_of_adhesion;
    /** k (J/m³, finite, ≥ 0) of ::DEMC_NORMAL_SJKR and ::DEMC_NORMAL_SJKR2 (LIGGGHTS `cohesionEnergyDensity`; 0 by
     *  default: the Hertz law). */
    double cohesion_energy_density;
    /** ::DEMC_NORMAL_JKR: the largest R* of the pairs the model serves, m (> 0; R* = R_i against a wall). It sets
     *  demc_contact_model_range() to the JKR separation at this R*, the widest of all the pairs: a pair of larger
     *  R* loses its neck early, at the gap demc_contact_model_range() where the frame builders drop it. */
    double max_effective_radius;
    /** Published form of ::DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ (read only with that law; 0 = Thornton & Yin). */
    demc_tangential_md_variant md_variant;
    /* Rolling and twisting resistance (read only when their slot selects a law). */
    /** μ_r (dimensionless, ≥ 0) of ::DEMC_ROLLING_CDT and ::DEMC_ROLLING_EPSD, μ_roll of ::DEMC_ROLLING_SDS: the
     *  rolling torque is limited at μ R* F_n. Default 0. */
    double mu_rolling;
    /** ::DEMC_ROLLING_CDT at small |ω_r|: ::DEMC_ROLLING_CDT_LIMITER_INERTIA (default: the torque never reverses
     *  ω_r within a step) or ::DEMC_ROLLING_CDT_LIMITER_NONE (as published). */
    demc_rolling_cdt_limiter rolling_limiter;
    /** c in k_r = c k_n μ_r² R*² of ::DEMC_ROLLING_EPSD (> 0); default 2.25 (Ai et al. 2011). */
    double rolling_stiffness_coefficient;
    /** η_r (≥ 0) of ::DEMC_ROLLING_EPSD: its dashpot is η_r 2√(I_r k_r); default 0 (Ai et al. 2011 use 0.3). */
    double rolling_damping_ratio;
    /** f in [0, 1] of ::DEMC_ROLLING_EPSD: the share of its dashpot kept at full mobilisation; default 0 (as
     *  published). */
    double rolling_mobilised_damping;
    double rolling_stiffness;  /**< k_roll (N/m, ≥ 0) of ::DEMC_ROLLING_SDS; default 0. */
    double rolling_damping;    /**< γ_roll (N·s/m, ≥ 0) of ::DEMC_ROLLING_SDS; default 0. */
    double twisting_stiffness; /**< k_tw (N·m/rad, ≥ 0) of ::DEMC_TWISTING_SDS; default 0. */
    double twisting_damping;   /**< γ_tw (N·m·s/rad, ≥ 0) of ::DEMC_TWISTING_SDS; default 0. */
    double mu_twisting;        /**< μ_tw (m, ≥ 0) of ::DEMC_TWISTING_SDS: limit μ_tw F_n; default 0. */
    /* Appended in 1.1 (past ::DEMC_CONTACT_DEF_SIZE_1_0: a 1.0 caller's description reads it as zero, heat off). */
    demc_contact_heat_def heat; /**< Heat transfer through the contact (default: none); demc_contact_heat(). */
    /** Resolution of ::DEMC_TANGENTIAL_MDR (read only with that law): the number of springs (cells) of its bed on
     *  0 ≤ x < a, ≥ 1; 0 (the default) takes ::DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS, 64, whose error against the
     *  closed forms of Mindlin & Deresiewicz is below 1e-3 of μF_n (page @ref tangential_mdr). The error falls as
     *  the square of the cell width. A resolution whose state (8 + 2·springs doubles with every other block of the
     *  model) exceeds ::DEMC_CONTACT_STATE_MAX is refused by demc_contact_model_init() naming "def.mdr_springs"
     *  (up to 122 springs with the rotation transport, 124 with the projection, 119 with the largest rolling,
     *  twisting and normal blocks as well, 117 with a liquid bridge and collisional heat besides). Since 1.1. */
    int mdr_springs;
    /** The load that bounds friction, max(F_n, 0) or |F_n| (::demc_coulomb_load; default 0, max(F_n, 0)); read by the
     *  tangential spring and the rolling and twisting laws. LAMMPS GRANULAR's rule is ::DEMC_COULOMB_LOAD_ABSOLUTE.
     *  Since 1.1. */
    demc_coulomb_load coulomb_load;
    /** Parameters of the elasto-plastic adhesive normal laws (::DEMC_NORMAL_THORNTON_NING, ::DEMC_NORMAL_LUDING,
     *  ::DEMC_NORMAL_EEPA); read only with one of them. Since 1.1. */
    demc_contact_plastic_def plastic;
    /** A liquid bridge added to any normal law (default: none). Since 1.1. */
    demc_contact_capillary_def capillary;
} demc_contact_def;

/** sizeof(::demc_contact_def) of release 1.0: the smallest size the library accepts. */
#define DEMC_CONTACT_DEF_SIZE_1_0 (offsetof(demc_contact_def, mu_twisting) + sizeof(double))

/**
 * @brief A compiled contact model: validated, with its derived constants, kind and state layout. Opaque.
 *
 * Built by demc_contact_model_init(); plain memory (copy it, keep it in an array per pair of species, share it
 * between threads read-only). Its size is frozen; its layout is private and may change in any release. It carries
 * a tag of its layout, which every function that reads it checks: a model built by a library or a header of
 * another layout (a header-only unit of one version and a library of another in the same program, a model saved by
 * an older release), or never built, is refused, never read wrong: demc_contact_model_validate() says so with a
 * status, the evaluations return a result whose every field is NaN and leave the state and the diag untouched, the
 * batches return ::DEMC_ERR_UNSUPPORTED naming "model", the queries return 0. Models of the same layout evaluate
 * the same on both faces, bit for bit.
 */
typedef struct demc_contact_model {
    double opaque_[DEMC_CONTACT_MODEL_DOUBLES]; /**< Private. */
} demc_contact_model;

/**
 * @brief The laws and conventions of a model as one integer (demc_contact_model_kind(), DEMC_CONTACT_KIND()).
 *
 * Build kinds only with DEMC_CONTACT_KIND(), DEMC_CONTACT_KIND_CONVENTIONS() and the preset kinds, and compare them
 * only with each other and with demc_contact_model_kind(). The bit layout is private: it belongs to the model's
 * layout (::demc_contact_model) and may be repacked in any release so that every slot and convention can gain
 * values within 1.x (1.0 uses 28 of the 32 bits: normal 0-3, damping 4-6, tangential 7-9, increment 10-11,
 * rolling 12-14, twisting 15-17, then the conventions 18-27; 1.1 adds the liquid bridge 28
 * (::DEMC_CONTACT_KIND_BRIDGE), the Coulomb policy's second bit 29 and the Coulomb load 30). A kind that is not the
 * model's is never trusted: demc_contact_eval_kind() then evaluates the model's own kind.
 */
typedef unsigned int demc_contact_kind;

/** The slots of a kind with every convention at its default (each convention enumerator 0, spin on). */
#define DEMC_CONTACT_KIND(normal, damping, tangential, increment, rolling, twisting)                              \
    ((demc_contact_kind)(normal) | (demc_contact_kind)(damping) << 4 | (demc_contact_kind)(tangential) << 7 |      \
     (demc_contact_kind)(increment) << 10 | (demc_contact_kind)(rolling) << 12 | (demc_contact_kind)(twisting) << 15)

/** The convention bits of a kind; OR them into DEMC_CONTACT_KIND(). `spin` is 1 for spin on (the default). The
 *  Coulomb policy's values 0 and 1 give the bits they gave in 1.0; ::DEMC_COULOMB_TOTAL_DASHPOT_KEPT (1.1) sets a
 *  bit of its own. */
#define DEMC_CONTACT_KIND_CONVENTIONS(stiffness_rule, recalculation, direction, unloading, coulomb, end, transport,  \
                                      spin)                                                                        \
    ((demc_contact_kind)(stiffness_rule) << 18 | (demc_contact_kind)(recalculation) << 20 |                         \
     (demc_contact_kind)(direction) << 21 | (demc_contact_kind)(unloading) << 23 |                                  \
     ((demc_contact_kind)(coulomb) & 1u) << 24 | ((demc_contact_kind)(coulomb) >> 1) << 29 |                      \
     (demc_contact_kind)(end) << 25 | (demc_contact_kind)(transport) << 26 | (demc_contact_kind)(!(spin)) << 27)

/** The bit of a kind for demc_contact_def::coulomb_load (::demc_coulomb_load); OR it into DEMC_CONTACT_KIND() with
 *  the conventions. 0 for ::DEMC_COULOMB_LOAD_POSITIVE, so a 1.0 kind is unchanged. Since 1.1. */
#define DEMC_CONTACT_KIND_COULOMB_LOAD(coulomb_load) ((demc_contact_kind)(coulomb_load) << 30)

/** The bit of a kind for a model with a liquid bridge (demc_contact_def::capillary; since 1.1): OR it into
 *  DEMC_CONTACT_KIND() for demc_contact_eval_kind(). */
#define DEMC_CONTACT_KIND_BRIDGE ((demc_contact_kind)1 << 28)

/** Kind of ::DEMC_CONTACT_PRESET_HMD with the force end rule. */
#define DEMC_CONTACT_KIND_HMD \
    DEMC_CONTACT_KIND(DEMC_NORMAL_HERTZ, DEMC_DAMPING_VISCOUS, DEMC_TANGENTIAL_SPRING, DEMC_INCREMENT_VELOCITY, 0, 0)
/** Kind of ::DEMC_CONTACT_PRESET_LSD with the force end rule. */
#define DEMC_CONTACT_KIND_LSD \
    DEMC_CONTACT_KIND(DEMC_NORMAL_LINEAR, DEMC_DAMPING_VISCOUS, DEMC_TANGENTIAL_SPRING, DEMC_INCREMENT_VELOCITY, 0, 0)
/** Kind of ::DEMC_CONTACT_PRESET_PLSB. */
#define DEMC_CONTACT_KIND_PLSB \
    DEMC_CONTACT_KIND(DEMC_NORMAL_PLSB, DEMC_DAMPING_NONE, DEMC_TANGENTIAL_SPRING, DEMC_INCREMENT_VELOCITY, 0, 0)
/** Kind of ::DEMC_CONTACT_PRESET_HM. */
#define DEMC_CONTACT_KIND_HM                                                                                       \
    (DEMC_CONTACT_KIND(DEMC_NORMAL_HERTZ, DEMC_DAMPING_NONE, DEMC_TANGENTIAL_SPRING, DEMC_INCREMENT_VELOCITY, 0, 0) | \
     DEMC_CONTACT_KIND_CONVENTIONS(0, 0, 0, DEMC_UNLOADING_KEEP, 0, 0, 0, 1))
/** Kind of ::DEMC_CONTACT_PRESET_CAMPELLO with the force end rule. */
#define DEMC_CONTACT_KIND_CAMPELLO                                                                                 \
    (DEMC_CONTACT_KIND(DEMC_NORMAL_HERTZ, DEMC_DAMPING_VISCOUS, DEMC_TANGENTIAL_SPRING, DEMC_INCREMENT_ROLLING, 0,  \
                       0) |                                                                                        \
     DEMC_CONTACT_KIND_CONVENTIONS(DEMC_STIFFNESS_TOTAL, 0, 0, 0, 0, 0, 0, 1))

/**
 * Kind of ::DEMC_CONTACT_PRESET_HMD's laws under the conventions of LIGGGHTS 3.8's `model hertz tangential history`:
 * the total spring F_t = −k_t s (::DEMC_STIFFNESS_TOTAL), s = −F_t/k_t on slip (::DEMC_SLIP_CONVENTIONAL), the slip
 * force along the elastic force (::DEMC_SLIP_DIRECTION_DISPLACEMENT), the Coulomb limit on the elastic force
 * (::DEMC_COULOMB_ELASTIC), the overlap end rule (::DEMC_CONTACT_END_OVERLAP), the memory projected
 * (::DEMC_TRANSPORT_PROJECT). Like the presets' kinds, the library evaluates it with a body of its own in which every
 * law and convention folds (the contact page, "Cost"); a description with these fields gives this kind. The
 * LIGGGHTS pair style of docs/examples/liggghts (`conventions liggghts`) selects it.
 */
#define DEMC_CONTACT_KIND_HMD_LIGGGHTS                                                                              \
    (DEMC_CONTACT_KIND_HMD |                                                                                       \
     DEMC_CONTACT_KIND_CONVENTIONS(DEMC_STIFFNESS_TOTAL, DEMC_SLIP_CONVENTIONAL, DEMC_SLIP_DIRECTION_DISPLACEMENT, 0, \
                                   DEMC_COULOMB_ELASTIC, DEMC_CONTACT_END_OVERLAP, DEMC_TRANSPORT_PROJECT, 1))

/** @brief A sphere: the kinematic state and the properties a contact needs. Frozen. */
typedef struct demc_body {
    demc_vec3 position;         /**< Centre, m. */
    demc_vec3 velocity;         /**< Velocity of the centre, m/s. */
    demc_vec3 angular_velocity; /**< Angular velocity, rad/s. */
    double radius;              /**< Radius, m (> 0). */
    double mass;                /**< Mass, kg (> 0). */
    /** Moment of inertia about a diameter, kg·m² (> 0), read only by the laws that need it (the rolling laws CDT
     *  and EPSD, demc_contact_frame::effective_inertia); 0 (or any value not > 0): a solid sphere, (2/5) m R². A
     *  hollow or clumped particle passes its own. */
    double inertia;
} demc_body;

/** @brief A plane wall (body j of a sphere–wall contact): rigid, of infinite mass. Frozen. */
typedef struct demc_wall {
    demc_vec3 point;            /**< A point of the plane (its reference point for the angular velocity), m. */
    demc_vec3 normal;           /**< Unit normal pointing to the side of the spheres. */
    demc_vec3 velocity;         /**< Velocity of the reference point, m/s. */
    demc_vec3 angular_velocity; /**< Angular velocity, rad/s (zero for a translating wall). */
} demc_wall;

/**
 * @brief The contact frame of one pair at one instant: what the evaluation needs of the geometry. Frozen.
 *
 * Built by a frame builder (one per geometry); a host with its own geometry may fill it by hand.
 */
typedef struct demc_contact_frame {
    double overlap;                /**< δ, m; ≤ 0: no contact (the builders report 0 without computing the gap). */
    demc_vec3 normal;              /**< Unit normal n from body j to body i. */
    demc_vec3 branch_i;            /**< d_i = C − x_i, m: centre of i to the contact point C. */
    demc_vec3 branch_j;            /**< d_j = C − x_j, m: centre (reference point) of j to C. */
    demc_vec3 velocity_i;          /**< Velocity of i's centre, m/s. */
    demc_vec3 angular_velocity_i;  /**< Angular velocity of i, rad/s. */
    demc_vec3 velocity_j;          /**< Velocity of j's centre (reference point), m/s. */
    demc_vec3 angular_velocity_j;  /**< Angular velocity of j, rad/s. */
    double effective_radius;       /**< R* = R_i R_j/(R_i + R_j), m (R_i against a wall). */
    double effective_mass;         /**< m* = m_i m_j/(m_i + m_j), kg (m_i against a wall). */
    /** I* = I_i I_j/(I_i + I_j), kg·m², with I = (2/5) m R² of a solid sphere (I_i against a wall): the inertia of
     *  the relative rotation ω_i − ω_j under a couple, as m* is that of the relative translation under a force.
     *  Read by the rolling laws only (the CDT limiter, the EPSD dashpot): the builders fill it for a model with
     *  one of them and leave it 0 otherwise (it costs a division), from demc_body::inertia where it is > 0.
     *  0: unknown (the CDT limiter and the EPSD dashpot are then off). */
    double effective_inertia;
    double radius_i; /**< R_i, m: the radius of sphere i. */
    /** R_j, m: the radius of sphere j; 0 for a plane (a wall, a facet), whose curvature is zero. The laws that need
     *  the two radii apart (the simplified JKR's contact circle) read them here. */
    double radius_j;
} demc_contact_frame;

/** @brief What one evaluation returns. Frozen. */
typedef struct demc_contact_result {
    demc_vec3 force;    /**< Contact force on body i, N (body j receives −force). */
    demc_vec3 torque_i; /**< Torque on body i about its centre, N·m. */
    demc_vec3 torque_j; /**< Torque on body j about its centre (a wall's reference point), N·m. */
    double overlap;     /**< δ of the frame, m (≤ 0: no contact, every other output zero). */
    double normal_force; /**< Normal component of the force on i, N (≥ 0 under the force end rule). */
} demc_contact_result;

/**
 * @brief Energy terms and flags of one evaluation, on request (a non-NULL `diag`). Sized: set
 *        demc_contact_diag::size (the initialiser does); the library writes a field only when that size covers it,
 *        so a caller built against an older header gets the fields it knows, and a newer caller's fields past the
 *        library's are left as they were.
 *
 * With these, kinetic + stored energy + the sum of the dissipation and exchange terms is conserved up to the
 * integration error, for every model.
 */
typedef struct demc_contact_diag {
    size_t size;                  /**< sizeof(demc_contact_diag) as the caller compiled it; any size is accepted. */
    /** Elastic energy stored in the normal spring at the end of the step, J: for the adhesive laws their potential
     *  (negative in the adhesive well), for the elasto-plastic laws the energy of the current unloading branch
     *  (EEPA: plus f₀δ, the potential of its constant pull-off). */
    double normal_energy;
    double tangential_energy;     /**< Elastic energy stored in the tangential spring, J. */
    double viscous_dissipation;   /**< Energy dissipated by the dashpots in this step, J (≥ 0). */
    /** Energy dissipated by sliding in this step, J (≥ 0 but under the kept dashpot, below); with
     *  ::DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ also by micro-slip (demc_tangential_md_energy::friction_dissipation).
     *  Under ::DEMC_COULOMB_TOTAL_DASHPOT_KEPT it is signed: negative in a step where the dashpot alone exceeds the
     *  Coulomb limit (c_t|v_t| > μ_d F_n), while its sum with the tangential part of #viscous_dissipation is the
     *  sliding work μ_d F_n|v_t|Δt (demc_tangential_energy::friction_dissipation). */
    double friction_dissipation;
    /** Energy dissipated by the PLS(B) latch in this step, J (≥ 0); for the elasto-plastic laws (since 1.1) the
     *  plastic loss of the loading branch: the loading work less the growth of the energy the unloading branch can
     *  return (Thornton & Ning: beyond yield; Luding: as δ_max grows; EEPA: as δ_p grows). */
    double plastic_dissipation;
    /** Energy that left the tangential spring in this step with no tangential work, J (signed; see
     *  demc_tangential_result::stiffness_exchange): the exchange of a spring of varying stiffness with the normal
     *  load and, at the call where the contact ends, the energy the spring still held. With
     *  ::DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ it is demc_tangential_md_energy::normal_exchange (the μΔF_n terms and
     *  the change of the contact radius) and, at the end of the contact, the recoverable energy still held. */
    double tangential_exchange;
    int sliding;                  /**< 1 when the contact slid in this step, else 0. */
    /** Energy lost when a JKR neck breaks, J (≥ 0): at the call where it breaks, the potential the neck holds at
     *  the jump-off, demc_adhesion_jkr_cycle_loss() of the pair; 0 otherwise and for every other law (DMT and
     *  the simplified JKR end at δ = 0 with zero potential). Since 1.1 also: ::DEMC_NORMAL_THORNTON_NING's neck
     *  breaking (the JKR potential with R_p at its jump-off), and the tensile branch of ::DEMC_NORMAL_LUDING and
     *  ::DEMC_NORMAL_EEPA (the work of the adhesive force less what the unloading branch stores, in the step
     *  and, at the call where the contact ends, to separation). */
    double adhesion_dissipation;
    /** Elastic energy stored in the rolling spring at the end of the step, J (EPSD |M_k|²/2k_r, SDS
     *  ½k_roll|ξ_r|²; 0 for CDT and without a rolling law). */
    double rolling_energy;
    /** Energy dissipated by the rolling law in this step, J (≥ 0): its dashpot and its slider (CDT: its whole work
     *  |M||ω_r|Δt). */
    double rolling_dissipation;
    /** Energy that left the rolling spring in this step with no rolling work, J (signed): the exchange of the EPSD
     *  spring, whose k_r follows the normal stiffness, with the normal load, |M_k|²(1/k_r,old − 1/k_r)/2, and, at
     *  the call where the contact ends, the energy the spring still held. */
    double rolling_exchange;
    double twisting_energy;       /**< Elastic energy stored in the twisting spring, ½k_tw φ², J. */
    double twisting_dissipation;  /**< Energy dissipated by the twisting law in this step, J (≥ 0). */
    /** Energy that left the twisting spring in this step with no twisting work, J (signed): the exchange of
     *  Marshall's spring, whose k_tw = ½k_t a² follows the contact, ½φ²(k_tw,old − k_tw), and, at the call where
     *  the contact ends, the energy the spring still held. */
    double twisting_exchange;
} demc_contact_diag;

/** sizeof(::demc_contact_diag) of release 1.0. */
#define DEMC_CONTACT_DIAG_SIZE_1_0 (offsetof(demc_contact_diag, twisting_exchange) + sizeof(double))

/** Initialiser of a ::demc_contact_diag: `demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;`. */
#define DEMC_CONTACT_DIAG_INIT \
    {sizeof(demc_contact_diag), 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0}

/**
 * @brief Fills a description with a preset's laws and conventions and neutral physical inputs.
 *
 * Sets demc_contact_def::size to `size` and zeroes every byte of the caller's struct past this library's; moduli,
 * stiffness and stiffness ratio 0 (to be set by the caller), e = 1
 * with the force end rule, μ_s = μ_d = 0, transport by rotation with spin, contact point by compliance, the
 * Thornton & Yin variant of the Mindlin–Deresiewicz law, and the preset's selectors and tangential conventions
 * (::demc_contact_preset). To select the Mindlin–Deresiewicz law, set demc_contact_def::tangential to
 * ::DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ in a Hertz preset (HM+D or HM); the exact law likewise with
 * ::DEMC_TANGENTIAL_MDR (demc_contact_def::mdr_springs 0: its default resolution).
 * @param preset the model.
 * @param size sizeof(demc_contact_def) as the caller compiled it (≥ ::DEMC_CONTACT_DEF_SIZE_1_0); of a
 *        smaller struct (an older header) only the first `size` bytes are written.
 * @param def output, written only on success.
 * @param bad_field optional: NULL on success, else "preset", "size" or "def".
 * @return ::DEMC_OK or ::DEMC_ERR_INVALID_ARGUMENT.
 */
DEMC_CONTACT_FN demc_status demc_contact_def_init(demc_contact_preset preset, size_t size, demc_contact_def *def,
                                                  const char **bad_field);

/**
 * @brief Validates a description and compiles it into a model.
 *
 * Checks, in declaration order, every field the selected laws use (a field a law does not use is not read):
 * Hertz laws need E* > 0, and G* > 0 with the tangential spring; the linear spring and PLS(B) need k > 0 and, with
 * the tangential spring, κ ≥ 0; the dashpot and PLS(B) need 0 < e ≤ 1; PLS(B) has no dashpot (its latch
 * dissipates); ::DEMC_TWISTING_MARSHALL needs the tangential spring; the rolling and twisting coefficients are
 * ≥ 0, the EPSD stiffness coefficient > 0 and its mobilised damping share in [0, 1]. The damping ratio γ comes from e by demc_damping_lsd_ratio() (linear) or demc_damping_hmd_ratio()
 * (Hertz and the adhesive Hertz laws) for the end rule. The adhesive laws (JKR, DMT, simplified JKR) need E* > 0
 * (G* > 0 with the spring) like Hertz, reject ::DEMC_CONTACT_END_FORCE (its clamp would remove the adhesion:
 * "def.end", ::DEMC_ERR_OUT_OF_DOMAIN), and need w ≥ 0 (JKR, DMT), k ≥ 0 (simplified JKR) and, for JKR, a
 * largest R* > 0; their γ is that of the Hertz contact (the map is not exact with adhesion). The
 * Mindlin–Deresiewicz law needs a Hertz normal law ("def.tangential" otherwise), G* > 0, μ_s = μ_d ≥ 0
 * ("def.friction.mu_dynamic" when they differ), a stiffness rule other than ::DEMC_STIFFNESS_TOTAL
 * ("def.friction.stiffness_rule") and a known demc_contact_def::md_variant (all ::DEMC_ERR_OUT_OF_DOMAIN but the
 * unknown variant). The elasto-plastic laws (1.1) need ::DEMC_CONTACT_END_OVERLAP ("def.end") and their fields of
 * demc_contact_def::plastic, named "def.plastic.<field>" (Thornton & Ning: E*, w ≥ 0, p_y > 0 and, with w > 0, a
 * largest R* > 0; Luding: k₁ > 0, k_p ≥ k₁, k_c ≥ 0, δ* > 0; EEPA: k₁ > 0, λ_P in [0, 1), f₀ ≤ 0, k_adh ≥ 0, n and χ in
 * [1, 3]); they take neither Mindlin–Deresiewicz nor MDR ("def.tangential"), and κ ≥ 0 with the tangential spring
 * for Luding and EEPA. A model whose per-contact state would exceed ::DEMC_CONTACT_STATE_MAX is refused
 * (::DEMC_ERR_OUT_OF_DOMAIN, naming the field that sets its size).
 * @param def the description (its size: ≥ ::DEMC_CONTACT_DEF_SIZE_1_0, else ::DEMC_ERR_INVALID_ARGUMENT;
 *        ::DEMC_ERR_UNSUPPORTED with "def.size" when bytes past this library's layout are not zero, and with the
 *        slot's name when a slot selects a law this library does not have).
 * @param model output, written only on success.
 * @param bad_field optional: NULL on success, else "def", "def.size", "def.<field>" (e.g. "def.restitution",
 *        "def.moduli.effective_modulus", "def.friction.mu_dynamic") or "model".
 * @return ::DEMC_OK, ::DEMC_ERR_INVALID_ARGUMENT (NULL, non-finite, unknown enumerator),
 *         ::DEMC_ERR_OUT_OF_DOMAIN (a finite value outside its domain, an incompatible combination),
 *         ::DEMC_ERR_UNSUPPORTED, ::DEMC_ERR_SINGULAR (a derived constant that is not representable: 2E*, 8G*, the
 *         tangential dashpot's scale·γ and scale·√(k_t/k_n), the latch's e k and k/e; the input is named), or the
 *         status of the damping map.
 */
DEMC_CONTACT_FN demc_status demc_contact_model_init(const demc_contact_def *def, demc_contact_model *model,
                                                    const char **bad_field);

/**
 * @brief Whether this face can read a model: the model's layout tag is this library's (or, in a header-only unit,
 *        this header's).
 *
 * A host that builds models with one face and evaluates them with the other, or keeps models across a library
 * upgrade, calls it once after building them. Every other function that reads a model checks the same tag.
 * @param model the model.
 * @param bad_field optional: NULL on success, else "model".
 * @return ::DEMC_OK; ::DEMC_ERR_INVALID_ARGUMENT (NULL); ::DEMC_ERR_UNSUPPORTED (built by a library or header of
 *         another layout, or never built by demc_contact_model_init()).
 */
DEMC_CONTACT_FN demc_status demc_contact_model_validate(const demc_contact_model *model, const char **bad_field);

/** @brief The kind of a compiled model (its laws and conventions, ::demc_contact_kind); 0 for a model this face
 *         cannot read (demc_contact_model_validate()). */
DEMC_CONTACT_FN demc_contact_kind demc_contact_model_kind(const demc_contact_model *model);

/** @brief The number of doubles of a compiled model's per-contact state (≤ ::DEMC_CONTACT_STATE_MAX); 0 for a
 *         model this face cannot read. */
DEMC_CONTACT_FN size_t demc_contact_model_state_size(const demc_contact_model *model);

/**
 * @brief Distance beyond touching (m, ≥ 0) at which a pair may still interact: a host's neighbour list must keep
 *        pairs whose gap is below it. 0 for every non-adhesive model.
 *
 * ::DEMC_NORMAL_JKR: −δ_c = (3/4)(π²w²R* /E*²)^{1/3} (demc_adhesion_jkr_pulloff_distance()) at R* =
 * demc_contact_def::max_effective_radius; it grows as R*^{1/3}, so it covers every pair up to that R*. DMT and the
 * simplified JKR act only while δ > 0: 0. ::DEMC_NORMAL_THORNTON_NING with w > 0 (since 1.1): the largest gap
 * (3/4)(π²w²R_p/E*²)^{1/3} − δ_p at which its neck breaks, over every unloading radius R_p the law can reach, at
 * that R* (with a margin of 1e-3); Luding and EEPA act only while δ > 0: 0. With a liquid bridge
 * (demc_contact_def::capillary, since 1.1) at least its rupture distance S_c = (1 + θ/2)V^{1/3}.
 */
DEMC_CONTACT_FN double demc_contact_model_range(const demc_contact_model *model);

/** @brief Sets a contact's state to that of a new contact (all zero); nothing for a model this face cannot read. */
DEMC_CONTACT_FN void demc_contact_state_reset(const demc_contact_model *model, double *state);

/**
 * @brief Replaces the state by the same memory seen from the other body (i ⇄ j): the doubles for which
 *        demc_contact_state_flips() is 1 change sign, the others are kept. Swapping twice restores it exactly.
 *
 * The model holds the flips as a few runs of doubles, found once by demc_contact_model_init(): a swap costs a sign
 * change per flipping double (a host may call it per contact and step). Nothing for a model this face cannot read.
 */
DEMC_CONTACT_FN void demc_contact_state_swap(const demc_contact_model *model, double *state);

/**
 * @brief 1 when double `index` of the state changes sign under the i ⇄ j swap, 0 when it is kept (also for an
 *        index past the state size).
 *
 * For the tangential spring these are the previous normal (3 doubles, kept in the state under
 * ::DEMC_TRANSPORT_ROTATE only), the elastic force memory (3) and, where a convention reads it
 * (::DEMC_STIFFNESS_TOTAL, ::DEMC_SLIP_DIRECTION_DISPLACEMENT), the elastic displacement (3); its stiffness,
 * normal-force and slip flag, the PLS(B) latch and the JKR neck, are kept, as are the blocks of the elasto-plastic
 * laws (1.1). With a rolling law that keeps a vector
 * the previous normal is there too under the rotation (it changes sign); the EPSD spring torque (3
 * doubles) changes sign, its stiffness, the SDS rolling displacement (3 doubles, invariant like v_r) and the twist
 * angle and Marshall's stiffness (invariant like ω_n) are kept.
 * For the Mindlin–Deresiewicz law they are the previous normal (under the rotation) and the force, branch origin and
 * branch end (3 + 3 + 3, the vectors of demc_tangential_md_state); its normal force, stiffness and branch are kept.
 * For ::DEMC_TANGENTIAL_MDR they are the previous normal (under the rotation) and the springs' basis e_1, e_2 (6
 * doubles after the cell width and the contact radius of the law's block, which are kept, as are the springs'
 * components in the basis: negating the basis negates every spring).
 */
DEMC_CONTACT_FN int demc_contact_state_flips(const demc_contact_model *model, size_t index);

/** @brief A named double of a contact's state that a host may read or write (demc_contact_state_index(); since 1.1).
 *         Values are only ever appended. */
typedef enum demc_contact_state_entry {
    /** The liquid bridge's marker (a model with demc_contact_def::capillary): the pair's Derjaguin radius
     *  R_h = 2R_iR_j/(R_i + R_j) (m; 2R_i against a wall or a facet) while the bridge exists, 0 before it forms
     *  and after it ruptures. Read it to see a rupture (R_h > 0 before a step, 0 after); written by the library. */
    DEMC_CONTACT_STATE_BRIDGE = 0,
    /** The volume V of this contact's liquid bridge, m³, for a host that tracks the liquid of each contact
     *  (liquid transfer at rupture, drying): 0, as in a new contact, gives demc_contact_capillary_def::volume; a
     *  value above demc_contact_capillary_def::max_volume gives that maximum, so that the bridge ruptures within
     *  demc_contact_model_range(); a negative or NaN value gives `volume`. Written only by the host (the library
     *  reads it every step the bridge exists and at its formation, and zeroes it with the rest of the state when
     *  the frame builders drop the pair); kept under the i ⇄ j swap and at rupture. */
    DEMC_CONTACT_STATE_BRIDGE_VOLUME = 1,
    DEMC_CONTACT_STATE_ENTRY_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration to an int; never valid input. */
} demc_contact_state_entry;

/**
 * @brief The index of a named double in a contact's state, for a host that reads or writes it (since 1.1).
 * @param model a compiled model.
 * @param entry which double (demc_contact_state_entry).
 * @param index out: its index in the state, in [0, demc_contact_model_state_size()); written only on success.
 * @param bad_field out, optional: the bad argument's name on failure, NULL on success.
 * @return ::DEMC_OK; ::DEMC_ERR_INVALID_ARGUMENT naming "model" or "index" (NULL), or "entry" (not a value of
 *         demc_contact_state_entry); ::DEMC_ERR_UNSUPPORTED naming "model" (a model this face cannot read,
 *         demc_contact_model_validate()) or "entry" (a model without it: the bridge's entries need
 *         demc_contact_def::capillary).
 */
DEMC_CONTACT_FN demc_status demc_contact_state_index(const demc_contact_model *model, demc_contact_state_entry entry,
                                                     size_t *index, const char **bad_field);

/**
 * @brief The frame of two spheres.
 *
 * A pair whose centres are at least R_i + R_j + demc_contact_model_range() apart is rejected on its squared
 * distance (no square root, no division): overlap 0 and every other field zero. Otherwise n = (x_i − x_j)/|x_i −
 * x_j| (zero for coincident centres), δ = R_i + R_j − |x_i − x_j|, and the contact point divides δ by the model's
 * ::demc_contact_point_rule: d_i = −(R_i − s δ) n, d_j = (R_j − (1 − s) δ) n with s the fraction of δ in body i.
 * @param model the compiled model (its contact-point rule and range).
 * @param i, j the two spheres.
 */
DEMC_CONTACT_FN demc_contact_frame demc_contact_frame_sphere_sphere(const demc_contact_model *model,
                                                                    const demc_body *i, const demc_body *j);

/**
 * @brief The frame of sphere i and a plane wall (body j): δ = R_i − (x_i − p)·n_w, n = n_w, R* = R_i, m* = m_i;
 *        the contact point divides δ as for two spheres (all of it in the sphere against a rigid wall, by the
 *        compliance rule); d_j runs from the wall's reference point to the contact point.
 * @param model the compiled model.
 * @param i the sphere.
 * @param wall the wall; its normal must be a unit vector.
 */
DEMC_CONTACT_FN demc_contact_frame demc_contact_frame_sphere_wall(const demc_contact_model *model,
                                                                  const demc_body *i, const demc_wall *wall);

/**
 * @brief The frame of sphere i and a triangle facet (body j) of a still, moving or deforming mesh, from the
 *        facet's closest point to the sphere's centre (demc_facet_closest_point()).
 *
 * δ = R_i − d with d = contact->distance; n = contact->normal (from the closest point P to x_i); R* = R_i,
 * m* = m_i as for a wall (on an edge or vertex region too, so that the force stays continuous across the
 * regions of a flat or convex mesh). The contact point divides δ by the model's ::demc_contact_point_rule as for a
 * wall, with s the fraction of δ in the sphere (s = 1, all of it, against a rigid facet by the compliance rule):
 * d_i = −(R_i − s δ) n, and the facet side's reference point is its material point P, so that
 * d_j = C − P = −(1 − s) δ n. The facet side moves with the velocity of P interpolated from the nodal velocities,
 * v_j = Σ_k w_k v_k (demc_facet_point_velocity()), and the angular velocity ω_j of demc_facet_angular_velocity()
 * (zero for a degenerate triangle): a rigid facet passes the nodal velocities of its rigid motion
 * (demc_facet_rigid_velocity() at each node), and v_j + ω_j × d_j is then that motion's velocity at C. In a
 * face region the frame is that of demc_contact_frame_sphere_wall() with the facet's plane, up to the
 * reference point of body j (P here); the torque on the facet about P, the result's torque_j (−d_j × F and the
 * couples of the rolling and twisting laws), is carried to the nodes with the force by
 * demc_facet_nodal_forces(facet, contact, result.force, result.torque_j, nodal). A centre beyond
 * R_i + demc_contact_model_range() from P gives overlap 0 and every other field zero.
 *
 * The per-contact state belongs to the pair (sphere, facet); across a mesh, demc_facet_reduce() chooses the
 * contacts to evaluate and demc_facet_handover() passes a contact's state on when it moves to a neighbouring
 * facet (page @ref facet_page).
 * @param model the compiled model (its contact-point rule and range).
 * @param i the sphere.
 * @param facet the triangle (its node velocities are read).
 * @param contact the closest point of `facet` to i's centre, from demc_facet_closest_point() at this step.
 */
DEMC_CONTACT_FN demc_contact_frame demc_contact_frame_sphere_facet(const demc_contact_model *model,
                                                                   const demc_body *i,
                                                                   const demc_facet_triangle *facet,
                                                                   const demc_facet_contact *contact);

/**
 * @brief One evaluation: force on i, torques on both bodies, the updated state, and on request the energy terms.
 *
 * In the fixed order of the slots: when the bodies are not in contact (δ ≤ 0; for ::DEMC_NORMAL_JKR with w > 0:
 * no neck and δ ≤ 0, or the neck breaks, δ < δ_c) the state is reset (the energy the tangential, rolling and
 * twisting springs still held is reported as exchange, the energy of a broken neck as adhesion dissipation) and
 * every output is zero; else the memory is carried into the new frame, then the normal law, the dashpot and the end rule, the tangential law
 * with its increment, the torques d_i × F and −d_j × F, and the rolling and twisting couples (+M on i, −M on j),
 * limited by the load the Coulomb limit uses. The kind is read from the model (the exported function dispatches
 * to a specialised body for each preset's kind).
 * @param model a compiled model.
 * @param frame the frame of this step.
 * @param dt time step Δt (s) > 0: the tangential increment is v_t Δt and the dissipation terms are powers × Δt.
 * @param state the contact's state, demc_contact_model_state_size() doubles (in/out).
 * @param diag NULL (the energy terms are not computed: for a preset's model a body without them), or energy terms
 *        and flags (written).
 * @return force, torques, overlap and normal force; every field NaN, with the state and the diag untouched, for a
 *         model this face cannot read (demc_contact_model_validate()).
 */
DEMC_CONTACT_FN demc_contact_result demc_contact_eval(const demc_contact_model *model,
                                                      const demc_contact_frame *frame, double dt, double *state,
                                                      demc_contact_diag *diag);

/**
 * @brief demc_contact_frame_sphere_sphere() and demc_contact_eval() in one call: the force on sphere i, the
 *        torques on both, the updated state and on request the energy terms, for two spheres.
 *
 * Results are bit for bit those of the two calls. The call a linked host makes per contact: the frame never goes
 * through memory, and a pair apart (centres at least R_i + R_j + demc_contact_model_range() apart) costs a squared
 * distance and the state reset. A host that copies the bodies from arrays of its own saves the copy and the call
 * for a pair apart by making that test itself first and resetting the state (zeros) of a pair apart (as LAMMPS's
 * pair styles do; the embedding page). In a header-only unit, the frame builder and demc_contact_eval_kind() with a
 * constant kind fold further (this call dispatches on the model's kind at run time).
 * @param model a compiled model.
 * @param i, j the two spheres (position m, velocity m/s, angular velocity rad/s, radius m > 0, mass kg > 0).
 * @param dt time step Δt (s) > 0.
 * @param state the contact's state, demc_contact_model_state_size() doubles (in/out).
 * @param diag NULL (the energy terms are not computed: for a preset's model a body without them), or energy terms
 *        and flags (written).
 * @return force on i (N), torques on i and j (N·m), overlap (m) and normal force (N): as demc_contact_eval().
 */
DEMC_CONTACT_FN demc_contact_result demc_contact_eval_sphere_sphere(const demc_contact_model *model,
                                                                    const demc_body *i, const demc_body *j,
                                                                    double dt, double *state,
                                                                    demc_contact_diag *diag);

/**
 * @brief demc_contact_frame_sphere_wall() and demc_contact_eval() in one call (sphere i against a plane wall);
 *        bit for bit the two calls' results.
 * @param model a compiled model.
 * @param i the sphere.
 * @param wall the wall; its normal must be a unit vector.
 * @param dt time step Δt (s) > 0.
 * @param state the contact's state, demc_contact_model_state_size() doubles (in/out).
 * @param diag NULL (the energy terms are not computed: for a preset's model a body without them), or energy terms
 *        and flags (written).
 * @return as demc_contact_eval(); torque_j is the torque on the wall about its reference point.
 */
DEMC_CONTACT_FN demc_contact_result demc_contact_eval_sphere_wall(const demc_contact_model *model,
                                                                  const demc_body *i, const demc_wall *wall,
                                                                  double dt, double *state, demc_contact_diag *diag);

/**
 * @brief Many contacts in one call: index pairs into the host's per-body arrays, the per-contact state array, and
 *        where the results go. Sized: set #demc_contact_batch::size to sizeof(demc_contact_batch) (
 *        ::DEMC_CONTACT_BATCH_INIT does); as ::demc_contact_def, fields appended in later releases take their
 *        defaults (zero, NULL) for a smaller one, and a larger one is refused ("batch.size") only when a field this
 *        library does not know is set. The smallest size accepted is ::DEMC_CONTACT_BATCH_SIZE_1_0.
 *
 * Bodies are read from arrays with a stride, so both layouts DEM codes keep are read in place: LAMMPS's
 * `x[n][3]`, `v[n][3]`, `omega[n][3]`, `radius[n]`, `rmass[n]` (vector stride 3, scalar stride 1), or an array of
 * ::demc_body (`&bodies[0].position.x` …, both strides sizeof(demc_body)/sizeof(double)).
 */
typedef struct demc_contact_batch {
    size_t size;                    /**< sizeof(demc_contact_batch) as the caller compiled it. */
    size_t count;                   /**< Number of contacts. */
    const int *i;                   /**< Index of body i of each contact (count entries, ≥ 0). */
    const int *j;                   /**< Index of body j of each contact (ignored against a wall). */
    const double *position;         /**< x of body 0, m; body k's at position + k·vector_stride. */
    const double *velocity;         /**< v of body 0, m/s (same stride). */
    const double *angular_velocity; /**< ω of body 0, rad/s (same stride). */
    const double *radius;           /**< R of body 0, m; body k's at radius + k·scalar_stride. */
    const double *mass;             /**< m of body 0, kg (same stride). */
    size_t vector_stride;           /**< Doubles from one body's vector to the next's (3 for x[n][3]). */
    size_t scalar_stride;           /**< Doubles from one body's radius (mass) to the next's (1 for radius[n]). */
    double *state;                  /**< Per-contact states: contact q's at state + q·state_stride (in/out). */
    size_t state_stride;            /**< Doubles per contact in #state, ≥ demc_contact_model_state_size(). */
    double *force;                  /**< NULL, or 3 doubles per contact: the force on i (written). */
    double *torque_i;               /**< NULL, or 3 doubles per contact: the torque on i (written). */
    double *torque_j;               /**< NULL, or 3 doubles per contact: the torque on j (written). */
    /** NULL, or per-body force accumulators (vector stride): each contact ADDS its force to body i's and its
     *  opposite to body j's (not against a wall). Contacts are processed in order, so the sums are reproducible;
     *  a host that splits one batch between threads gives each thread its own accumulators. */
    double *body_force;
    double *body_torque;            /**< NULL, or per-body torque accumulators (vector stride), as #body_force. */
    /** NULL (solid spheres), or the moment of inertia of body 0 about a diameter, kg·m², body k's at inertia +
     *  k·scalar_stride (as demc_body::inertia: a value not > 0 is a solid sphere). Read only by the laws that need
     *  it (the rolling laws CDT and EPSD). */
    const double *inertia;
    /* Appended in 1.1 (past ::DEMC_CONTACT_BATCH_SIZE_1_0: a 1.0 caller's batch reads them as NULL, no heat). */
    /** NULL (no heat: the batch's loop is that of 1.0), or the temperature of body 0, K, body k's at temperature +
     *  k·scalar_stride. With #heat_flow, and a model with a heat law, each contact's conduction
     *  (demc_contact_heat() without a diag) is added into #heat_flow. */
    const double *temperature;
    /** NULL, or per-body heat-flow accumulators, W, body k's at heat_flow + k·scalar_stride: each contact ADDS the
     *  heat flow into body i to body i's and the flow into j to body j's (not against a wall or a facet), in the
     *  order of the contacts (a pair apart adds nothing): bit for bit the sums of demc_contact_heat()'s
     *  demc_contact_heat_result::heat_flow_i and demc_contact_heat_result::heat_flow_j. Set together with
     *  #temperature. */
    double *heat_flow;
    /** With #temperature: the temperature, K, of the wall (boundary_temperature[0]) in
     *  demc_contact_eval_batch_wall(), of facet k (boundary_temperature[k]) in demc_contact_eval_batch_facet();
     *  not read by demc_contact_eval_batch(). */
    const double *boundary_temperature;
    /** 0 (conduction only, the default), or nonzero: with #heat_flow, each contact's frictional heat is added too,
     *  its step's dissipation (sliding and micro-slip friction, dashpots, plastic work, a neck's break) over Δt
     *  shared by the model's partition: demc_contact_heat() with the diag of demc_contact_eval(), bit for bit.
     *  The batch then evaluates every contact with its energy terms, one at a time, as single calls with a diag
     *  (2 to 4 times the batch with conduction only; page "Heat transfer through contacts"). */
    int frictional_heat;
} demc_contact_batch;

/** sizeof(::demc_contact_batch) of release 1.0: the smallest size the library accepts. */
#define DEMC_CONTACT_BATCH_SIZE_1_0 (offsetof(demc_contact_batch, inertia) + sizeof(const double *))

/** Initialiser of a ::demc_contact_batch: size set, everything else zero (then set the fields by name). */
#define DEMC_CONTACT_BATCH_INIT {sizeof(demc_contact_batch), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}

/**
 * @brief Evaluates `batch->count` sphere–sphere contacts: for each, the frame of bodies i[q], j[q] and
 *        demc_contact_eval() on state q, with the results written or accumulated as the batch asks.
 *
 * The same body as the single call, instantiated with the kind of each preset (and a general one for any other
 * kind), the dispatch hoisted out of the loop: results equal the single call's bit for bit for inputs inside the
 * documented domain of the evaluation (outside it, where only memory safety and boundedness are promised, the sift
 * may release as apart, with a zero result, a pair of coordinates so large that the single call forms inf − inf =
 * NaN; docs/pages/bad_input.md). Bodies of contacts a
 * few ahead are prefetched. The contacts are taken 64 at a time; a chunk after one in which most contacts were apart
 * (a neighbour list) is sifted first: its pairs apart are released on their positions and radii alone, and only the
 * others are evaluated and have the rest of their bodies prefetched (the results and the order of the additions into
 * the accumulators are the same either way). No energy terms (use the single call with a diag for those). The kinds with HM+D's or HM's laws whose
 * conventions keep no elastic displacement and slip along the trial force (the HMD and HM presets among them) are
 * evaluated several contacts at a time in SIMD lanes, each lane the scalar body's operations in its order, so the
 * results are still the single call's bit for bit at every width, and no lane raises a floating-point exception the
 * scalar body would not: in the library, at the widest lanes the CPU has (8 contacts with AVX-512F, 4 with AVX2, 2
 * with SSE2; chosen once per call); in a header-only unit, at its compile target's width, where nothing can be fused
 * into a multiply-add (a target without fused multiply-add instructions, or gcc compiling ISO C, whose default is
 * -ffp-contract=off; not under -ffast-math; DEMC_NO_LANES turns them off). The outputs and the host's arrays must
 * not overlap the bodies' arrays or the states (they are read for two contacts before the first's are written).
 * @param model a compiled model.
 * @param batch the contacts, bodies, states and outputs (see ::demc_contact_batch).
 * @param dt time step Δt (s) > 0.
 * @param bad_field optional: NULL on success, else "model", "batch", "batch.size", "batch.<field>" (a NULL array
 *        the call needs, a stride too small) or "dt".
 * @return ::DEMC_OK; ::DEMC_ERR_INVALID_ARGUMENT (NULL, a stride too small, a size below
 *         ::DEMC_CONTACT_BATCH_SIZE_1_0, dt not finite); ::DEMC_ERR_OUT_OF_DOMAIN (dt ≤ 0); ::DEMC_ERR_UNSUPPORTED (a
 *         model this face cannot read, "model"; a newer batch with fields this library does not know set). The indices
 *         are not checked (they are the host's, as in a force loop); nothing is written on an error.
 */
DEMC_CONTACT_FN demc_status demc_contact_eval_batch(const demc_contact_model *model, const demc_contact_batch *batch,
                                                    double dt, const char **bad_field);

/**
 * @brief demc_contact_eval_batch() for sphere i[q] of each contact against one plane wall (j is ignored; with
 *        `body_force`, only the spheres receive forces).
 */
DEMC_CONTACT_FN demc_status demc_contact_eval_batch_wall(const demc_contact_model *model,
                                                         const demc_contact_batch *batch, const demc_wall *wall,
                                                         double dt, const char **bad_field);

/**
 * @brief demc_contact_eval_batch() for sphere i[q] of each contact against triangle facet j[q] of `facets`, with
 *        the closest point `contacts[q]` of that facet to the sphere's centre (demc_facet_closest_point(), the
 *        contacts kept by demc_facet_reduce()): the frame of demc_contact_frame_sphere_facet() and
 *        demc_contact_eval() on state q. With `body_force`, only the spheres receive forces; `torque_j` is the
 *        torque on the facet about its closest point P.
 *
 * Results equal the single calls' bit for bit. The state of contact q is that of the pair (i[q], j[q]); a host that
 * builds the list from a mesh passes on the states of contacts that moved to a neighbouring facet first
 * (demc_facet_handover()).
 * @param model a compiled model.
 * @param batch the contacts, spheres, states and outputs (see ::demc_contact_batch); j[q] indexes `facets`.
 * @param facets the triangles (node positions and velocities) the j[q] index.
 * @param contacts count closest points: contacts[q] of facet j[q] to the centre of sphere i[q], at this step.
 * @param dt time step Δt (s) > 0.
 * @param nodal_force NULL, or 9 doubles per contact (written): the reaction of contact q on the three nodes of its
 *        facet (demc_facet_nodal_forces() of the contact's force and torque_j: the whole reaction, the couples of
 *        the rolling and twisting laws included; zero when apart), for the host's FE load vector.
 * @param bad_field optional: NULL on success, else as demc_contact_eval_batch(), "facets", "contacts" or "dt".
 * @return as demc_contact_eval_batch().
 */
DEMC_CONTACT_FN demc_status demc_contact_eval_batch_facet(const demc_contact_model *model,
                                                          const demc_contact_batch *batch,
                                                          const demc_facet_triangle *facets,
                                                          const demc_facet_contact *contacts, double dt,
                                                          double *nodal_force, const char **bad_field);

/**
 * @brief The heat of one contact in one step (demc_contact_heat(); added in 1.1). Frozen. Heat flows in W (J/s,
 *        the mean over the step), positive into the body named; heat_flow_i = conduction + friction_i and
 *        heat_flow_j = −conduction + friction_j.
 */
typedef struct demc_contact_heat_result {
    double heat_flow_i;    /**< Heat flow into body i, W: conduction and its share of the frictional heat. */
    double heat_flow_j;    /**< Heat flow into body j, W (a wall's, a facet's): −conduction + friction_j. */
    double conduction;     /**< Conduction into body i, H (T_j − T_i), W; body j receives the opposite. */
    double friction_i;     /**< Frictional heating of body i, W: its share of the step's dissipation over Δt. */
    double friction_j;     /**< Frictional heating of body j, W; friction_i + friction_j is the dissipation / Δt
                                exactly. */
    /** H of this step, W/K (conduction = H (T_j − T_i)): 2 k_s a, h π a², or for ::DEMC_HEAT_COLLISION the step's
     *  increment C e* π (a_max² √τ − a_max,old² √τ_old)/Δt. A particle's sum over its contacts is the
     *  conductance_sum of demc_heat_timestep(). */
    double conductance;
    double contact_radius; /**< a, m, of this step (0: no contact). */
} demc_contact_heat_result;

/**
 * @brief The heat of one contact in one step: conduction from the two temperatures and, with the evaluation's
 *        diag, the frictional heating, shared between the bodies (added in 1.1).
 *
 * Call it after the evaluation of the step (demc_contact_eval() or a one-call path) with the same frame and state
 * and, for frictional heating, the diag that evaluation wrote. The contact radius a is that of the frame's overlap
 * δ: a = √(R*δ) for δ > 0 (Hertz; also for the linear spring and PLS(B), as LAMMPS's granular models take it, and
 * for DMT and the simplified JKR, whose elastic part is Hertz's), and for ::DEMC_NORMAL_JKR with w > 0 the JKR
 * radius while the neck the evaluation left in the state holds (demc_adhesion_jkr_radius(), also at δ < 0); 0
 * otherwise (no contact: no conduction). The conductance is that of the model's ::demc_heat_law, the conduction
 * into i is H (T_j − T_i) (demc_heat_flow()), body j receiving the opposite. ::DEMC_HEAT_COLLISION advances its
 * block of the state (a_max, τ), reset when a = 0, and its conductance is the step's increment over Δt
 * (demc_heat_collision_step()): over an impact at constant temperatures, Σ conduction·Δt is
 * demc_heat_collision_heat() of the impact's a_max and duration.
 *
 * Frictional heating: the dissipation terms of the diag (viscous, friction, plastic, adhesion, rolling, twisting:
 * those its size covers; the signed exchange terms are not heat), their sum D over Δt as a power, split by the
 * model's ::demc_heat_partition_rule (demc_heat_partition(): friction_i + friction_j = D/Δt exactly). A NULL diag
 * gives no frictional heating (the batch's case). With ::DEMC_HEAT_NONE every field is 0 and the state is not
 * touched.
 * @param model a compiled model.
 * @param frame the frame of this step (its overlap and effective radius are read).
 * @param result the evaluation's result of this step; not read by the laws of 1.1 (room for laws that take the
 *        contact radius from the normal force); may be NULL.
 * @param diag NULL (no frictional heating), or the diag the evaluation of this step wrote.
 * @param temperature_i T_i, K.
 * @param temperature_j T_j, K (a wall's or a facet's for those contacts).
 * @param dt time step Δt (s) > 0, the evaluation's.
 * @param state the contact's state after the evaluation (in/out: ::DEMC_HEAT_COLLISION's block is advanced).
 * @return the heat flows; every field NaN, with the state untouched, for a model this face cannot read
 *         (demc_contact_model_validate()).
 */
DEMC_CONTACT_FN demc_contact_heat_result demc_contact_heat(const demc_contact_model *model,
                                                           const demc_contact_frame *frame,
                                                           const demc_contact_result *result,
                                                           const demc_contact_diag *diag, double temperature_i,
                                                           double temperature_j, double dt, double *state);

/**
 * @brief The description of ::DEMC_CONTACT_PRESET_HMD: the default model (compiled into the caller, so its size is
 *        the caller's). Never garbage: the struct is zeroed with its size set before demc_contact_def_init() fills
 *        it (which cannot fail for this preset and the caller's own size; were it to, the zeroed description would
 *        be refused by demc_contact_model_init() with the field named).
 */
DEMC_STATIC_INLINE demc_contact_def demc_contact_def_default(void)
{
    demc_contact_def def;
    memset(&def, 0, sizeof def);
    def.size = sizeof def;
    (void)demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof def, &def, NULL);
    return def;
}

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_CONTACT)
#  include "impl/contact_impl.h"
#endif

#if !DEMC_INLINE_BODIES || defined(DEMC_DOXYGEN)
DEMC_BEGIN_DECLS
/**
 * @brief demc_contact_eval() with the kind given by the caller: in a header-only unit, with `kind` an integer
 *        constant expression equal to demc_contact_model_kind(model), every unused slot and convention folds away.
 *
 * In a linked unit it calls demc_contact_eval(). In a header-only unit one compare checks the kind and the model's
 * layout tag together: a kind that is not the model's (a field of the description changed after the preset's kind
 * was chosen, say) or a model of another layout goes to demc_contact_eval(), which evaluates the model's own kind or
 * refuses the model. Results are bit for bit those of demc_contact_eval() whatever the kind.
 * @param kind the model's kind, best an integer constant expression (DEMC_CONTACT_KIND_HMD, ...).
 * @param model, frame, dt, state, diag as demc_contact_eval().
 */
DEMC_STATIC_INLINE demc_contact_result demc_contact_eval_kind(demc_contact_kind kind,
                                                             const demc_contact_model *model,
                                                             const demc_contact_frame *frame, double dt,
                                                             double *state, demc_contact_diag *diag)
{
    (void)kind;
    return demc_contact_eval(model, frame, dt, state, diag);
}
DEMC_END_DECLS
#endif

#endif /* DEMC_CONTACT_H */
