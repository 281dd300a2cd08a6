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
 * 3. per contact and step, build the frame from the two bodies: demc_contact_frame_sphere_sphere() or
 *    demc_contact_frame_sphere_wall();
 * 4. evaluate: demc_contact_eval() (the kind read from the model) or, in a header-only unit,
 *    demc_contact_eval_kind() with the kind as a constant, so that every unused slot and convention folds away.
 *
 * **Slots.** normal (::demc_normal_law), damping (::demc_damping_law), tangential (::demc_tangential_law), the
 * tangential increment (::demc_increment_rule), rolling (::demc_rolling_law) and twisting (::demc_twisting_law).
 * The five models of earlier releases are presets (::demc_contact_preset): LS+D and HM+D of Cummins, Thornton &
 * Cleary (2012, eq 1-2), PLS(B) (ibid. eq 3), the undamped Hertz–Mindlin model of Zabulionis et al. (2012) and
 * the model of Campello (2015).
 *
 * **Per-contact state.** A slice of demc_contact_model_state_size() doubles (at most ::DEMC_CONTACT_STATE_MAX), all
 * zero for a new contact, that the host keeps in its own history array. Its layout is private to the model; the
 * public facts are its size, that zero is a new contact, demc_contact_state_reset(), demc_contact_state_swap()
 * (the state as seen from the other body) and demc_contact_state_flips() (which doubles change sign under the swap:
 * what a host that transfers history between the two sides of a pair needs).
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
 * Conf. on CFD in the Minerals and Process Industries, CSIRO, Melbourne (2012).
 */
#ifndef DEMC_CONTACT_H
#define DEMC_CONTACT_H

#include <stddef.h>
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

/**
 * Largest per-contact state of any model this major version will compile, in doubles: a host with fixed-size
 * history arrays can reserve this many. A model's own size, demc_contact_model_state_size(), is usually smaller
 * (12 for HM+D). Options added within 1.x enlarge the state only of models that select them, and never past this.
 */
#define DEMC_CONTACT_STATE_MAX 32

/** Capacity of the opaque ::demc_contact_model, in doubles. */
#define DEMC_CONTACT_MODEL_DOUBLES 64

/** @brief The normal law (slot `normal`). */
typedef enum demc_normal_law {
    DEMC_NORMAL_HERTZ = 0,  /**< F = (4/3)E*√R* δ^{3/2} ([Zabulionis 2012] eq 14, [Campello 2015] eq 19). */
    DEMC_NORMAL_LINEAR = 1, /**< F = k δ ([Cummins 2012] eq 1). */
    DEMC_NORMAL_PLSB = 2,   /**< Partially latching spring: loading e k, unloading k/e ([Cummins 2012] eq 3). */
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

/** @brief Rolling resistance (slot `rolling`). Laws are appended within 1.x. */
typedef enum demc_rolling_law {
    DEMC_ROLLING_NONE = 0, /**< No rolling resistance. */
    DEMC_ROLLING_LAW_MAX_ = 0x7FFFFFFF /**< Pins the width of the enumeration to an int; never valid input. */
} demc_rolling_law;

/** @brief Twisting resistance (slot `twisting`). Laws are appended within 1.x. */
typedef enum demc_twisting_law {
    DEMC_TWISTING_NONE = 0, /**< No twisting resistance. */
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
 * @brief Description of a contact model: one law per slot, its conventions and its physical inputs.
 *
 * A sized struct: fill it with demc_contact_def_default() or demc_contact_def_init(), which set the size, then change
 * fields by name. The library reads it up to its size: fields appended in later releases take their defaults when a
 * caller built against an older header passes a smaller struct.
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
    int spin;                         /**< 1: the transport includes the mean spin of the two bodies about the
                                           normal; 0: shortest arc only (ignored by ::DEMC_TRANSPORT_PROJECT). */
    demc_contact_point_rule contact_point; /**< Where the contact point lies (torque arms). */
} demc_contact_def;

/**
 * @brief A compiled contact model: validated, with its derived constants, kind and state layout. Opaque.
 *
 * Built by demc_contact_model_init(); plain memory (copy it, keep it in an array per pair of species, share it
 * between threads read-only). Its layout is private and may change in any release.
 */
typedef struct demc_contact_model {
    double opaque_[DEMC_CONTACT_MODEL_DOUBLES]; /**< Private. */
} demc_contact_model;

/**
 * @brief The laws and conventions of a model as one integer (demc_contact_model_kind(), DEMC_CONTACT_KIND()).
 *
 * Bits 0-3 normal, 4-6 damping, 7-9 tangential, 10-11 increment, 12-14 rolling, 15-17 twisting; then the
 * conventions: 18-19 stiffness rule, 20 slip recalculation, 21-22 slip direction, 23 unloading, 24 Coulomb policy,
 * 25 end rule, 26 transport, 27 spin off. Values are part of the ABI.
 */
typedef unsigned int demc_contact_kind;

/** The slots of a kind with every convention at its default (each convention enumerator 0, spin on). */
#define DEMC_CONTACT_KIND(normal, damping, tangential, increment, rolling, twisting)                              \
    ((demc_contact_kind)(normal) | (demc_contact_kind)(damping) << 4 | (demc_contact_kind)(tangential) << 7 |      \
     (demc_contact_kind)(increment) << 10 | (demc_contact_kind)(rolling) << 12 | (demc_contact_kind)(twisting) << 15)

/** The convention bits of a kind; OR them into DEMC_CONTACT_KIND(). `spin` is 1 for spin on (the default). */
#define DEMC_CONTACT_KIND_CONVENTIONS(stiffness_rule, recalculation, direction, unloading, coulomb, end, transport,  \
                                      spin)                                                                        \
    ((demc_contact_kind)(stiffness_rule) << 18 | (demc_contact_kind)(recalculation) << 20 |                         \
     (demc_contact_kind)(direction) << 21 | (demc_contact_kind)(unloading) << 23 |                                  \
     (demc_contact_kind)(coulomb) << 24 | (demc_contact_kind)(end) << 25 | (demc_contact_kind)(transport) << 26 |   \
     (demc_contact_kind)(!(spin)) << 27)

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

/** @brief A sphere: the kinematic state and the two properties a contact needs. Frozen. */
typedef struct demc_body {
    demc_vec3 position;         /**< Centre, m. */
    demc_vec3 velocity;         /**< Velocity of the centre, m/s. */
    demc_vec3 angular_velocity; /**< Angular velocity, rad/s. */
    double radius;              /**< Radius, m (> 0). */
    double mass;                /**< Mass, kg (> 0). */
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
 * @brief Energy terms and flags of one evaluation, on request (a non-NULL `diag`). Sized: set demc_contact_def::size (the
 *        initialiser does); fields appended in later releases are written only when demc_contact_def::size covers them.
 *
 * With these, kinetic + stored energy + the sum of the dissipation and exchange terms is conserved up to the
 * integration error, for every model.
 */
typedef struct demc_contact_diag {
    size_t size;                  /**< sizeof(demc_contact_diag) as the caller compiled it. */
    double normal_energy;         /**< Elastic energy stored in the normal spring at the end of the step, J. */
    double tangential_energy;     /**< Elastic energy stored in the tangential spring, J. */
    double viscous_dissipation;   /**< Energy dissipated by the dashpots in this step, J (≥ 0). */
    double friction_dissipation;  /**< Energy dissipated by sliding in this step, J (≥ 0). */
    double plastic_dissipation;   /**< Energy dissipated by the PLS(B) latch in this step, J (≥ 0). */
    /** Energy that left the tangential spring in this step with no tangential work, J (signed; see
     *  demc_tangential_result::stiffness_exchange): the exchange of a spring of varying stiffness with the normal
     *  load and, at the call where the contact ends, the energy the spring still held. */
    double tangential_exchange;
    int sliding;                  /**< 1 when the contact slid in this step, else 0. */
} demc_contact_diag;

/** Initialiser of a ::demc_contact_diag: `demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;`. */
#define DEMC_CONTACT_DIAG_INIT {sizeof(demc_contact_diag), 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0}

/**
 * @brief Fills a description with a preset's laws and conventions and neutral physical inputs.
 *
 * Sets demc_contact_def::size to `size`; moduli, stiffness and stiffness ratio 0 (to be set by the caller), e = 1
 * with the force end rule, μ_s = μ_d = 0, transport by rotation with spin, contact point by compliance, and the
 * preset's selectors and tangential conventions (::demc_contact_preset).
 * @param preset the model.
 * @param size sizeof(demc_contact_def) as the caller compiled it (≥ the size of the 0.9 layout).
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
 * dissipates). The damping ratio γ comes from e by demc_damping_lsd_ratio() (linear) or demc_damping_hmd_ratio()
 * (Hertz) for the end rule.
 * @param def the description (its size: ::DEMC_ERR_UNSUPPORTED when bytes past this library's layout are not zero,
 *        or when a slot selects a law this library does not have).
 * @param model output, written only on success.
 * @param bad_field optional: NULL on success, else "def", "def.size", "def.<field>" (e.g. "def.restitution",
 *        "def.moduli.effective_modulus", "def.friction.mu_dynamic") or "model".
 * @return ::DEMC_OK, ::DEMC_ERR_INVALID_ARGUMENT (NULL, non-finite, unknown enumerator),
 *         ::DEMC_ERR_OUT_OF_DOMAIN (a finite value outside its domain, an incompatible combination),
 *         ::DEMC_ERR_UNSUPPORTED, or the status of the damping map.
 */
DEMC_CONTACT_FN demc_status demc_contact_model_init(const demc_contact_def *def, demc_contact_model *model,
                                                    const char **bad_field);

/** @brief The kind of a compiled model (its laws and conventions, ::demc_contact_kind). */
DEMC_CONTACT_FN demc_contact_kind demc_contact_model_kind(const demc_contact_model *model);

/** @brief The number of doubles of a compiled model's per-contact state (≤ ::DEMC_CONTACT_STATE_MAX). */
DEMC_CONTACT_FN size_t demc_contact_model_state_size(const demc_contact_model *model);

/**
 * @brief Distance beyond touching (m, ≥ 0) at which a pair may still interact: a host's neighbour list must keep
 *        pairs whose gap is below it. 0 for every non-adhesive model.
 */
DEMC_CONTACT_FN double demc_contact_model_range(const demc_contact_model *model);

/** @brief Sets a contact's state to that of a new contact (all zero). */
DEMC_CONTACT_FN void demc_contact_state_reset(const demc_contact_model *model, double *state);

/**
 * @brief Replaces the state by the same memory seen from the other body (i ⇄ j): the doubles for which
 *        demc_contact_state_flips() is 1 change sign, the others are kept. Swapping twice restores it exactly.
 */
DEMC_CONTACT_FN void demc_contact_state_swap(const demc_contact_model *model, double *state);

/**
 * @brief 1 when double `index` of the state changes sign under the i ⇄ j swap, 0 when it is kept (also for an
 *        index past the state size).
 *
 * For the tangential spring these are the previous normal (3 doubles) and the tangential displacement and force
 * memory (3 + 3); its stiffness, normal-force and slip flag, and the PLS(B) latch, are kept.
 */
DEMC_CONTACT_FN int demc_contact_state_flips(const demc_contact_model *model, size_t index);

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
 * @brief One evaluation: force on i, torques on both bodies, the updated state, and on request the energy terms.
 *
 * In the fixed order of the slots: when δ ≤ 0 the state is reset (the energy the tangential spring still held is
 * reported as exchange) and every output is zero; else the memory is carried into the new frame, then the normal
 * law, the dashpot and the end rule, the tangential law with its increment, and the torques d_i × F and
 * −d_j × F. The kind is read from the model (the exported function dispatches to a specialised body for each
 * preset's kind).
 * @param model a compiled model.
 * @param frame the frame of this step.
 * @param dt time step Δt (s) > 0: the tangential increment is v_t Δt and the dissipation terms are powers × Δt.
 * @param state the contact's state, demc_contact_model_state_size() doubles (in/out).
 * @param diag NULL, or energy terms and flags (written).
 * @return force, torques, overlap and normal force.
 */
DEMC_CONTACT_FN demc_contact_result demc_contact_eval(const demc_contact_model *model,
                                                      const demc_contact_frame *frame, double dt, double *state,
                                                      demc_contact_diag *diag);

/**
 * @brief The description of ::DEMC_CONTACT_PRESET_HMD: the default model (compiled into the caller, so its size is
 *        the caller's).
 */
DEMC_STATIC_INLINE demc_contact_def demc_contact_def_default(void)
{
    demc_contact_def def;
    demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof def, &def, NULL);
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
 * In a linked unit it calls demc_contact_eval() (the kind is then only a promise). Results are bit for bit those
 * of demc_contact_eval().
 * @param kind the model's kind (precondition: kind == demc_contact_model_kind(model)).
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
