/**
 * @file heat.h
 * @brief Heat transfer through contacts: the conductance of a static Hertzian contact and of the area law, the heat
 *        exchanged in one Hertzian impact (collisional conduction), the partition of frictional heat between the
 *        two bodies, and the explicit thermal time step.
 *
 * Pure kernels on the contact radius a that the normal law gives (a = √(R*δ) for Hertz; the JKR radius for an
 * adhesive contact); they hold no temperatures. Conventions (those of the library): quantities of body i; heat flows
 * are positive into body i, body j receives the opposite. The page with the formulas, their derivations and a worked
 * example is @ref heat_page.
 *
 * The thermal model they serve is the lumped one of DEM codes: each particle has one temperature T (its Biot number
 * H/(k R) is small), m c_p dT_i/dt = Σ_j H_ij (T_j − T_i) + Σ_j q_ij, with H_ij the conductance of contact ij (W/K)
 * and q_ij the heat the contact delivers to body i (frictional heating, the heat of an impact).
 *
 * - Static contact: H = 2 k_s a, k_s = 2 k_i k_j / (k_i + k_j): two half-spaces joined over an isothermal disc of
 *   radius a, each with the constriction resistance 1/(4 k a), in series (Batchelor & O'Brien 1977 for like
 *   spheres: 2 k a). LAMMPS `heat radius` is the same law with a coefficient k the user gives per pair of types
 *   (for unlike types √(k_i k_j) by default): pass that k to demc_heat_contact_pair_init().
 * - Area law (LAMMPS `heat area`): H = h π a², h a heat-transfer coefficient per unit contact area (W/(m² K)).
 * - Collisional conduction: the heat one Hertzian impact carries from j to i, Q = C π a_max² √t_c (T_j − T_i) /
 *   (1/e_i + 1/e_j), e = √(k ρ c_p) the thermal effusivity, C = ::DEMC_HEAT_COLLISION_CONSTANT = 0.8709… (Sun & Chen
 *   1988, their C = 0.87; derived on the page @ref heat_page, where each annulus of the contact conducts as two
 *   semi-infinite solids from its touch-down to its lift-off). Valid at small Fourier number α t_c / a_max²
 *   (α = k/(ρ c_p)).
 * - Frictional heating: a dissipated power (or energy) P split into P_i + P_j = P exactly, equally or in the ratio of
 *   the effusivities e_i : e_j (Blok 1937; Archard 1959).
 * - Thermal time step: Δt ≤ m c_p / Σ_j H_ij per particle (forward Euler; see demc_heat_timestep()).
 *
 * Setup functions validate their input and return a ::demc_status, naming the offending input in the optional
 * `bad_field` (NULL on success); on failure their outputs are left untouched. Hot-path functions check nothing and
 * are total: a contact radius ≤ 0 (or NaN) gives no conductance and no heat.
 *
 * Sources:
 * - G.K. Batchelor, R.W. O'Brien, "Thermal or electrical conduction through a granular material", Proc. R. Soc.
 *   Lond. A 355 (1977) 313-333.
 * - J. Sun, M.M. Chen, "A theoretical analysis of heat transfer due to particle impact", Int. J. Heat Mass Transfer
 *   31 (1988) 969-975.
 * - Z.Y. Zhou, A.B. Yu, P. Zulli, "A new computational method for studying heat transfer in fluid bed reactors",
 *   Powder Technol. 197 (2010) 102-110.
 * - H. Blok, "Theoretical study of temperature rise at surfaces of actual contact under oiliness lubricating
 *   conditions", Proc. General Discussion on Lubrication, Inst. Mech. Eng. 2 (1937) 222-235.
 * - J.F. Archard, "The temperature of rubbing surfaces", Wear 2 (1959) 438-455.
 * - G.J. Vargas, J.J. McCarthy, "Heat conduction in granular materials", AIChE J. 47 (2001) 1052-1059 (the model
 *   LAMMPS attributes its `heat radius` to).
 */
#ifndef DEMC_HEAT_H
#define DEMC_HEAT_H

#include "base.h"
#include "material.h" /* the shared validation helpers of the setup functions */

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_HEAT)
#  define DEMC_HEAT_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_HEAT_FN DEMC_STATIC_INLINE
#else
#  define DEMC_HEAT_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/**
 * The constant of collisional conduction, C = (2/√π) ∫₀¹ √(1 − J(x)/J(1)) dx = 0.87092555173802570…, with
 * J(x) = ∫₀ˣ (1 − u^{5/2})^{−1/2} du: the total heat of one elastic Hertzian impact in units of
 * π a_max² √t_c (T_j − T_i) / (1/e_i + 1/e_j) (derivation: @ref heat_page). Sun & Chen (1988) give it as 0.87.
 */
#define DEMC_HEAT_COLLISION_CONSTANT 0.87092555173802570

/**
 * @brief How demc_heat_contact_init() mixes the conductivities of the two bodies into the k_s of H = 2 k_s a.
 */
typedef enum demc_heat_mixing {
    /** k_s = 2 k_i k_j / (k_i + k_j), the harmonic mean (default): exact for two half-spaces joined over an
     *  isothermal disc, whose constriction resistances 1/(4 k_i a) and 1/(4 k_j a) are in series. */
    DEMC_HEAT_MIXING_HARMONIC = 0,
    /** k_s = √(k_i k_j), the geometric mean: LAMMPS's default mixing of the per-type coefficient of `heat radius`
     *  for unlike types (to reproduce it; equal to the harmonic mean for like bodies only). */
    DEMC_HEAT_MIXING_GEOMETRIC = 1,
    DEMC_HEAT_MIXING_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_heat_mixing;

/** @brief Parameters of the static contact conductance H = 2 k_s a (fill with demc_heat_contact_init()). */
typedef struct demc_heat_contact_params {
    double conductivity; /**< k_s (W/(m K), ≥ 0): the pair's conductivity in H = 2 k_s a. */
} demc_heat_contact_params;

/** @brief Parameters of the area law H = h π a² (fill with demc_heat_area_init()). */
typedef struct demc_heat_area_params {
    double transfer_coefficient; /**< h (W/(m² K), ≥ 0): heat-transfer coefficient per unit contact area. */
} demc_heat_area_params;

/** @brief Parameters of collisional conduction (fill with demc_heat_collision_init()). */
typedef struct demc_heat_collision_params {
    /** C e* (W s^{1/2}/(m² K)): ::DEMC_HEAT_COLLISION_CONSTANT times the pair effusivity e* = 1/(1/e_i + 1/e_j),
     *  so that Q = prefactor · π a_max² √t_c (T_j − T_i). */
    double prefactor;
} demc_heat_collision_params;

/** Size of demc_heat_collision_state in doubles. */
#define DEMC_HEAT_COLLISION_STATE_SIZE 2
/** Zero initialiser of a demc_heat_collision_state (a new contact); compiles as C and C++. */
#define DEMC_HEAT_COLLISION_STATE_INIT {0.0, 0.0}

/**
 * @brief Per-contact memory of demc_heat_collision_step(): the impact so far. Zero = a new contact; the same seen
 *        from either body (unchanged by the i ⇄ j swap).
 */
typedef struct demc_heat_collision_state {
    double radius_max; /**< Largest contact radius of this contact so far, a_max (m). */
    double duration;   /**< Time in contact so far, τ (s). */
} demc_heat_collision_state;

/**
 * @brief How dissipated mechanical energy is shared as heat (fill with demc_heat_partition_fraction_init() or
 *        demc_heat_partition_effusivity_init()).
 *
 * The two fractions sum to 1 within a rounding; demc_heat_partition() makes the two heats sum to the dissipation
 * exactly whatever their last bits.
 */
typedef struct demc_heat_partition_params {
    double fraction_i; /**< Share of body i, in [0, 1]. */
    double fraction_j; /**< Share of body j, in [0, 1]. */
} demc_heat_partition_params;

/** @brief Heat delivered to each body by demc_heat_partition(): heat_i + heat_j equals the dissipation exactly. */
typedef struct demc_heat_split {
    double heat_i; /**< Heat (J) or heat flow (W) into body i. */
    double heat_j; /**< Heat (J) or heat flow (W) into body j. */
} demc_heat_split;

/**
 * @brief Thermal effusivity e = √(k ρ c_p) (W s^{1/2}/(m² K)): the surface property that sets the heat a
 *        semi-infinite solid takes through its surface in a short time (flux e ΔT/√(π t) after a step ΔT).
 *
 * @param conductivity k > 0 (W/(m K)).
 * @param density ρ > 0 (kg/m³).
 * @param heat_capacity specific heat capacity c_p > 0 (J/(kg K)).
 * @param effusivity output, written only on success.
 * @param bad_field optional: "conductivity", "density", "heat_capacity", "effusivity" (null output, or a
 *        product that overflows or underflows: ::DEMC_ERR_SINGULAR).
 * @return ::DEMC_OK; ::DEMC_ERR_INVALID_ARGUMENT (non-finite, null); ::DEMC_ERR_OUT_OF_DOMAIN (≤ 0);
 *         ::DEMC_ERR_SINGULAR (e not a finite positive number).
 */
DEMC_HEAT_FN demc_status demc_heat_effusivity(double conductivity, double density, double heat_capacity,
                                              double *effusivity, const char **bad_field);

/**
 * @brief Static contact conductance from the two bodies' conductivities: k_s by the mixing rule, H = 2 k_s a.
 *
 * For a sphere against a wall or a facet, k_j is the wall's conductivity (a wall that conducts far better than the
 * sphere gives k_s → 2 k_i: only the sphere's constriction remains).
 * @param conductivity_i k_i > 0 (W/(m K)).
 * @param conductivity_j k_j > 0 (W/(m K)).
 * @param mixing ::DEMC_HEAT_MIXING_HARMONIC (the physical one) or ::DEMC_HEAT_MIXING_GEOMETRIC (LAMMPS's default).
 * @param params output, written only on success.
 * @param bad_field optional: "conductivity_i", "conductivity_j", "mixing", "params", "params.conductivity"
 *        (::DEMC_ERR_SINGULAR: k_s not a finite positive number).
 * @return ::DEMC_OK; ::DEMC_ERR_INVALID_ARGUMENT (non-finite, null, unknown mixing); ::DEMC_ERR_OUT_OF_DOMAIN (≤ 0);
 *         ::DEMC_ERR_SINGULAR.
 */
DEMC_HEAT_FN demc_status demc_heat_contact_init(double conductivity_i, double conductivity_j,
                                                demc_heat_mixing mixing, demc_heat_contact_params *params,
                                                const char **bad_field);

/**
 * @brief Static contact conductance with the pair's k_s given as it is: LAMMPS `heat radius` with its coefficient
 *        k (Q = 2 k a ΔT).
 *
 * @param conductivity k_s ≥ 0 (W/(m K)); 0 gives an insulating contact.
 * @param params output, written only on success.
 * @param bad_field optional: "conductivity" or "params".
 * @return ::DEMC_OK; ::DEMC_ERR_INVALID_ARGUMENT (non-finite, null); ::DEMC_ERR_OUT_OF_DOMAIN (< 0).
 */
DEMC_HEAT_FN demc_status demc_heat_contact_pair_init(double conductivity, demc_heat_contact_params *params,
                                                     const char **bad_field);

/**
 * @brief Conductance of a static contact, H = 2 k_s a (W/K) (Batchelor & O'Brien 1977; LAMMPS `heat radius`).
 *
 * Steady conduction between two bodies at uniform temperatures far from a contact disc of radius a small against
 * their radii (a ≪ R): each side is a half-space whose isothermal disc has the conductance 4 k a; the two in
 * series give 2 k_s a with the harmonic k_s. Through a gas-free (vacuum) contact; conduction through an interstitial
 * fluid is not included.
 * @param params validated parameters.
 * @param contact_radius a (m); ≤ 0 or NaN gives 0.
 */
DEMC_HEAT_FN double demc_heat_contact_conductance(const demc_heat_contact_params *params, double contact_radius);

/**
 * @brief Fills the area law's parameters.
 *
 * @param transfer_coefficient h ≥ 0 (W/(m² K)).
 * @param params output, written only on success.
 * @param bad_field optional: "transfer_coefficient" or "params".
 * @return ::DEMC_OK; ::DEMC_ERR_INVALID_ARGUMENT (non-finite, null); ::DEMC_ERR_OUT_OF_DOMAIN (< 0).
 */
DEMC_HEAT_FN demc_status demc_heat_area_init(double transfer_coefficient, demc_heat_area_params *params,
                                             const char **bad_field);

/**
 * @brief Conductance of the area law, H = h π a² (W/K) (LAMMPS `heat area`).
 *
 * @param params validated parameters.
 * @param contact_radius a (m); ≤ 0 or NaN gives 0.
 */
DEMC_HEAT_FN double demc_heat_area_conductance(const demc_heat_area_params *params, double contact_radius);

/**
 * @brief The heat flow into body i through a conductance, H (T_j − T_i) (W); body j receives the opposite.
 *
 * @param conductance H ≥ 0 (W/K).
 * @param temperature_i T_i (K).
 * @param temperature_j T_j (K).
 */
DEMC_HEAT_FN double demc_heat_flow(double conductance, double temperature_i, double temperature_j);

/**
 * @brief Fills the parameters of collisional conduction from the two bodies' effusivities.
 *
 * prefactor = C e* with e* = 1/(1/e_i + 1/e_j) = e_i e_j/(e_i + e_j) and C = ::DEMC_HEAT_COLLISION_CONSTANT. For a
 * wall, e_j is the wall's effusivity.
 * @param effusivity_i e_i > 0 (W s^{1/2}/(m² K); demc_heat_effusivity()).
 * @param effusivity_j e_j > 0.
 * @param params output, written only on success.
 * @param bad_field optional: "effusivity_i", "effusivity_j", "params", "params.prefactor" (::DEMC_ERR_SINGULAR:
 *        not a finite positive number).
 * @return ::DEMC_OK; ::DEMC_ERR_INVALID_ARGUMENT (non-finite, null); ::DEMC_ERR_OUT_OF_DOMAIN (≤ 0);
 *         ::DEMC_ERR_SINGULAR.
 */
DEMC_HEAT_FN demc_status demc_heat_collision_init(double effusivity_i, double effusivity_j,
                                                  demc_heat_collision_params *params, const char **bad_field);

/**
 * @brief Heat one Hertzian impact carries into body i, Q = C π a_max² √t_c (T_j − T_i)/(1/e_i + 1/e_j) (J)
 *        (Sun & Chen 1988, with C = 0.8709…: see ::DEMC_HEAT_COLLISION_CONSTANT).
 *
 * Each point of the contact plane at distance r < a_max from the centre touches from the instant the contact
 * radius reaches r to the instant it falls below r again, and meanwhile conducts as two semi-infinite solids
 * suddenly joined (flux e* ΔT/√(π t)); the total over the Hertz history a(t) is this closed form. Assumes a small
 * Fourier number α t_c/a_max² (heat does not diffuse across the contact during the impact) and temperatures
 * that do not change during it. a_max and t_c of an elastic impact at approach speed v:
 * demc_collision_hertz_impact() (contact_radius and duration).
 * @param params validated parameters.
 * @param radius_max a_max (m); ≤ 0 or NaN gives 0.
 * @param duration t_c (s); ≤ 0 or NaN gives 0.
 * @param temperature_i T_i (K), constant over the impact.
 * @param temperature_j T_j (K), constant over the impact.
 */
DEMC_HEAT_FN double demc_heat_collision_heat(const demc_heat_collision_params *params, double radius_max,
                                             double duration, double temperature_i, double temperature_j);

/**
 * @brief The mean heat flow of one impact, Q/t_c = C π a_max² t_c^{−1/2} (T_j − T_i)/(1/e_i + 1/e_j) (W): the mean-flow
 *        form used by Zhou, Yu & Zulli (2010), with the constant C of the total.
 *
 * A host that knows the impact beforehand (a_max, t_c from the approach speed) delivers this flow during the
 * contact; the total is demc_heat_collision_heat(). Same arguments; 0 where that function gives 0.
 * @param params validated parameters.
 * @param radius_max a_max (m).
 * @param duration t_c (s).
 * @param temperature_i T_i (K).
 * @param temperature_j T_j (K).
 */
DEMC_HEAT_FN double demc_heat_collision_rate(const demc_heat_collision_params *params, double radius_max,
                                             double duration, double temperature_i, double temperature_j);

/**
 * @brief One step of collisional conduction with memory: the heat into body i during this step (J).
 *
 * With the state after the step a_max = max(a_max, a) and τ = τ + Δt, the heat delivered so far is
 * C e* π a_max² √τ (T_j − T_i), and the step returns its increment
 * C e* π (a_max,new² √τ_new − a_max,old² √τ_old)(T_j − T_i) with the temperatures of this step. Over a whole
 * impact at constant temperatures the increments sum to demc_heat_collision_heat() of the contact's own a_max and
 * duration (to rounding), without knowing the impact beforehand; only the total of an impact is the physical
 * result (its time profile inside the impact is not the annulus model's). A contact that lasts (Fourier number
 * α τ/a_max² no longer small) is a static contact: use demc_heat_contact_conductance() for it.
 * @param params validated parameters.
 * @param contact_radius a this step (m); ≤ 0 or NaN: no contact: the state is reset to zero and 0 returned.
 * @param dt time step Δt ≥ 0 (s).
 * @param temperature_i T_i (K).
 * @param temperature_j T_j (K).
 * @param state in/out (zero = new contact).
 */
DEMC_HEAT_FN double demc_heat_collision_step(const demc_heat_collision_params *params, double contact_radius,
                                             double dt, double temperature_i, double temperature_j,
                                             demc_heat_collision_state *state);

/** @brief The collisional memory seen from body j: unchanged (a_max and τ are the same for both bodies). */
DEMC_HEAT_FN demc_heat_collision_state demc_heat_collision_state_swap(demc_heat_collision_state state);

/**
 * @brief A fixed partition of frictional heat: body i takes fraction_i, body j the rest (equal sharing: 0.5).
 *
 * @param fraction_i share of body i in [0, 1] (0.5: equal; 1: all to body i, e.g. a wall that takes no heat as j).
 * @param params output, written only on success.
 * @param bad_field optional: "fraction_i" or "params".
 * @return ::DEMC_OK; ::DEMC_ERR_INVALID_ARGUMENT (non-finite, null); ::DEMC_ERR_OUT_OF_DOMAIN (outside [0, 1]).
 */
DEMC_HEAT_FN demc_status demc_heat_partition_fraction_init(double fraction_i, demc_heat_partition_params *params,
                                                           const char **bad_field);

/**
 * @brief The partition by effusivities, fraction_i = e_i/(e_i + e_j) (Blok 1937; Archard 1959).
 *
 * Two semi-infinite bodies heated over the same spot for the same time reach the same surface temperature when
 * each takes heat in proportion to its effusivity: the partition of a stationary or short contact (an impact, a
 * contact sliding slowly against the bodies' diffusion, Péclet number v a/α ≪ 1). For a contact that moves fast
 * over one body's surface (Péclet ≫ 1 on that body) Blok's and Archard's partitions depend on the speed; use the
 * fraction they give with demc_heat_partition_fraction_init().
 * @param effusivity_i e_i > 0 (W s^{1/2}/(m² K)).
 * @param effusivity_j e_j > 0.
 * @param params output, written only on success.
 * @param bad_field optional: "effusivity_i", "effusivity_j" or "params".
 * @return ::DEMC_OK; ::DEMC_ERR_INVALID_ARGUMENT (non-finite, null); ::DEMC_ERR_OUT_OF_DOMAIN (≤ 0).
 */
DEMC_HEAT_FN demc_status demc_heat_partition_effusivity_init(double effusivity_i, double effusivity_j,
                                                             demc_heat_partition_params *params,
                                                             const char **bad_field);

/**
 * @brief Splits a dissipated power or energy P between the two bodies: heat_i + heat_j = P exactly.
 *
 * The larger share is rounded once, f P with f ≥ ½, and the smaller is P minus it, which is exact (Sterbenz); the
 * two then sum to P in floating point without error. Any finite P (the dissipation terms of a contact are ≥ 0).
 * @param params validated parameters.
 * @param dissipated P: the mechanical power (W) or energy (J) dissipated at the contact, e.g. the sum of the
 *        dissipation terms of a step.
 */
DEMC_HEAT_FN demc_heat_split demc_heat_partition(const demc_heat_partition_params *params, double dissipated);

/**
 * @brief Explicit thermal time step of one particle: Δt = m c_p / Σ_j H_j (s).
 *
 * Forward Euler on m_i c_i dT_i/dt = Σ_j H_ij (T_j − T_i) (walls and facets at fixed temperatures included in the
 * sum) is stable when Δt < 2/λ_max, λ_max the largest eigenvalue of C⁻¹L (C = diag(m c_p), L the conductance
 * Laplacian with the wall terms on its diagonal). Gershgorin's theorem bounds λ_max ≤ max_i 2 Σ_j H_ij/(m_i c_i),
 * so the minimum of this step over the particles is stable, with C = 1 in Δt ≤ C m c_p/ΣH. At that step every new
 * temperature is also a convex combination of the old ones (the discrete maximum principle): no overshoot. The true
 * limit 2/λ_max lies between 1 and 2 times the minimum (1: two like particles touching only each other; 2: one
 * particle between two walls; → 1 for a long chain). Take the minimum over all particles, and a safety factor
 * below 1 if the conductances change within a step.
 * @param heat_capacity m c_p > 0 (J/K).
 * @param conductance_sum Σ_j H_j ≥ 0 (W/K): all contacts of the particle, walls included; 0 gives +infinity
 *        (no limit).
 * @param dt output, written only on success.
 * @param bad_field optional: "heat_capacity", "conductance_sum", "dt" (null, or ::DEMC_ERR_SINGULAR: a finite
 *        ratio that overflows or underflows).
 * @return ::DEMC_OK; ::DEMC_ERR_INVALID_ARGUMENT (non-finite, null); ::DEMC_ERR_OUT_OF_DOMAIN (heat_capacity ≤ 0,
 *         conductance_sum < 0); ::DEMC_ERR_SINGULAR.
 */
DEMC_HEAT_FN demc_status demc_heat_timestep(double heat_capacity, double conductance_sum, double *dt,
                                            const char **bad_field);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_HEAT)
#  include "impl/heat_impl.h"
#endif

#endif /* DEMC_HEAT_H */
