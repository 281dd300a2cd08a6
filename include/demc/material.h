/**
 * @file material.h
 * @brief Elastic materials and the effective properties of a contact pair (E*, G*, R*, m*), sphere–sphere and
 *        sphere–wall, with the shear-modulus mixing rule as an explicit choice.
 *
 * Setup functions: they validate their input, return a ::demc_status and are meant to be called once per pair of
 * species, not in the force loop. The ::demc_pair they fill is what the normal and tangential laws take by const
 * pointer. Formulas and sources: @ref material_page "Materials and effective pair properties".
 *
 * **Naming the offending input.** Every setup function of demc that validates several inputs ends with an
 * optional argument `const char **bad_field`. When it is not NULL it receives, on return, NULL on success or a
 * static string naming the first offending input (for example `"material_j.poisson_ratio"` or `"radius_i"`).
 * On error the output struct is left unwritten.
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
#ifndef DEMC_MATERIAL_H
#define DEMC_MATERIAL_H

#include "base.h"

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_MATERIAL)
#  define DEMC_MATERIAL_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_MATERIAL_FN DEMC_STATIC_INLINE
#else
#  define DEMC_MATERIAL_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/**
 * @brief A linear elastic, isotropic material.
 *
 * Plain data: fill it directly or with demc_material_make(), then let a setup function validate it.
 * Domain (checked by demc_material_validate() and the pair functions): all fields finite, E > 0,
 * −1 < ν ≤ 0.5, ρ > 0 (not needed for a wall), G = 0 or G > 0.
 */
typedef struct demc_material {
    double youngs_modulus; /**< Young's modulus E, Pa; > 0. */
    double poisson_ratio;  /**< Poisson's ratio ν, dimensionless; −1 < ν ≤ 0.5. */
    double density;        /**< Mass density ρ, kg/m³; > 0 (ignored, and may be 0, for a wall). */
    double shear_modulus;  /**< Shear modulus G, Pa. 0 means "derive it": G = E/(2(1+ν)), the isotropic relation.
                                A positive value is used as given, for papers that give G independently of E and
                                ν (it is not checked against E and ν). */
} demc_material;

/**
 * @brief The rule that combines the two bodies' shear moduli into the effective shear modulus G* of a pair.
 *
 * The papers disagree: these are different conventions,
 * not misprints, and the tangential stiffness k_t = 8 G* √(R* δ) ([Zabulionis 2012] eq 22, [Campello 2015] eq 37,
 * [Cummins 2012] eq 2) changes with them. Each rule has the form G* = s / (a_i + a_j); for a rigid wall a_j = 0.
 */
typedef enum demc_shear_mixing {
    /** Mindlin (default, physically recommended): 1/G* = (2 − ν_i)/G_i + (2 − ν_j)/G_j.
     *  [Cummins 2012] (HM+D, G* = G/(2(2−ν)) for equal materials) and [Burns 2019] eq 74 (k_{1,3} = 4G√r̂/(2−ν)). */
    DEMC_SHEAR_MINDLIN = 0,
    /** [Zabulionis 2012] eq 23 (Zabulionis et al. 2012): G* = (2/3) G_i G_j / (G_i (2 − ν_j) + G_j (2 − ν_i)), i.e. 2/3
     *  of the Mindlin value. */
    DEMC_SHEAR_ZABULIONIS = 1,
    /** [Campello 2015] eq 38 (Campello 2015): G* = G_i G_j / (G_i + G_j), the series (harmonic) combination without
     *  ν. */
    DEMC_SHEAR_CAMPELLO = 2,
    DEMC_SHEAR_MIXING_MAX_ = 0x7FFFFFFF /**< Not a value (never valid input): pins the type to the width of int. */
} demc_shear_mixing;

/**
 * @brief Effective properties of a contact pair: what the contact laws need.
 *
 * Filled by demc_material_pair_sphere_sphere() or demc_material_pair_sphere_wall(); may also be filled by hand (then check it with
 * demc_material_pair_validate()). Domain: all four fields finite and > 0.
 */
typedef struct demc_pair {
    double effective_modulus;       /**< E*, Pa: 1/E* = (1−ν_i²)/E_i + (1−ν_j²)/E_j ([Zabulionis 2012] eq 17, [Campello
                                         2015] eq 20). */
    double effective_shear_modulus; /**< G*, Pa, by the chosen ::demc_shear_mixing. */
    double effective_radius;        /**< R*, m: 1/R* = 1/R_i + 1/R_j ([Zabulionis 2012] eq 16, [Campello 2015] eq 20);
                                         R_i for a wall. */
    double effective_mass;          /**< m*, kg: 1/m* = 1/m_i + 1/m_j ([Campello 2015] eq 23); m_i for a wall. */
} demc_pair;

/**
 * @brief The material (E, ν, ρ) with its shear modulus derived (shear_modulus = 0). Does not validate.
 *
 * @param youngs_modulus E, Pa.
 * @param poisson_ratio ν.
 * @param density ρ, kg/m³.
 */
DEMC_MATERIAL_FN demc_material demc_material_make(double youngs_modulus, double poisson_ratio, double density);

/**
 * @brief Checks a material against the domain of ::demc_material.
 *
 * @param material the material (NULL gives ::DEMC_ERR_INVALID_ARGUMENT, field "material").
 * @param bad_field optional (may be NULL): receives NULL on success, else the name of the first offending field:
 *        "material", "youngs_modulus", "poisson_ratio", "density" or "shear_modulus".
 * @return ::DEMC_OK; ::DEMC_ERR_INVALID_ARGUMENT for NULL or a non-finite field; ::DEMC_ERR_OUT_OF_DOMAIN for
 *         E ≤ 0, ν ≤ −1 or ν > 0.5, ρ ≤ 0, G < 0; ::DEMC_ERR_SINGULAR when the derived G overflows or
 *         underflows to 0 (a subnormal E).
 */
DEMC_MATERIAL_FN demc_status demc_material_validate(const demc_material *material, const char **bad_field);

/**
 * @brief The shear modulus G of a material, Pa: the given one, or E/(2(1+ν)) when shear_modulus is 0.
 *
 * Meant for validated materials (the Rayleigh time step needs G); for others the result is unspecified but never
 * reads outside the struct.
 */
DEMC_MATERIAL_FN double demc_material_shear_modulus(const demc_material *material);

/**
 * @brief Effective properties of two spheres i and j in contact.
 *
 * E* = 1/((1−ν_i²)/E_i + (1−ν_j²)/E_j) ([Zabulionis 2012] eq 17, [Campello 2015] eq 20), R* = R_i R_j/(R_i + R_j)
 * ([Zabulionis 2012] eq 16), m* = m_i m_j/(m_i + m_j) with m = (4/3)πρR³ ([Campello 2015] eq 23), G* by `mixing`.
 * Symmetric in i and j.
 *
 * @param pair output, written only on success.
 * @param material_i, material_j the two materials (validated here).
 * @param radius_i, radius_j sphere radii, m, finite and > 0.
 * @param mixing the shear-modulus rule (::DEMC_SHEAR_MINDLIN recommended).
 * @param bad_field optional: NULL on success, else "pair", "material_i", "material_i.<field>", "radius_i",
 *        "material_j", "material_j.<field>", "radius_j", "mixing", or the name of a ::demc_pair field whose value
 *        overflowed or underflowed to 0 (::DEMC_ERR_SINGULAR).
 * @return ::DEMC_OK, ::DEMC_ERR_INVALID_ARGUMENT (NULL, non-finite, unknown mixing), ::DEMC_ERR_OUT_OF_DOMAIN,
 *         ::DEMC_ERR_SINGULAR (an effective property not representable as a finite positive double).
 */
DEMC_MATERIAL_FN demc_status demc_material_pair_sphere_sphere(const demc_material *material_i, double radius_i,
                                                     const demc_material *material_j, double radius_j,
                                                     demc_shear_mixing mixing, demc_pair *pair,
                                                     const char **bad_field);

/**
 * @brief Effective properties of a sphere i against a plane wall: the limit R_j → ∞, m_j → ∞ of
 *        demc_material_pair_sphere_sphere() (000 after eq 16).
 *
 * R* = R_i, m* = m_i. With an elastic wall, E* and G* combine the sphere's and the wall's E, ν (and G); a rigid
 * wall (wall = NULL) is the further limit E_j, G_j → ∞: 1/E* = (1−ν_i²)/E_i, and for G* the wall's term a_j = 0
 * (Mindlin: G* = G_i/(2−ν_i)).
 *
 * @param pair output, written only on success.
 * @param material_i the sphere's material.
 * @param radius_i the sphere's radius, m, > 0.
 * @param wall the wall's material (its density is ignored), or NULL for a rigid wall.
 * @param mixing the shear-modulus rule.
 * @param bad_field optional: as for demc_material_pair_sphere_sphere(), with "wall.<field>" for the wall.
 * @return as demc_material_pair_sphere_sphere().
 */
DEMC_MATERIAL_FN demc_status demc_material_pair_sphere_wall(const demc_material *material_i, double radius_i,
                                                   const demc_material *wall, demc_shear_mixing mixing,
                                                   demc_pair *pair, const char **bad_field);

/**
 * @brief Checks a ::demc_pair (for example one filled by hand): all fields finite and > 0.
 *
 * @param pair the pair (NULL: ::DEMC_ERR_INVALID_ARGUMENT, field "pair").
 * @param bad_field optional: NULL on success, else "pair" or "pair.<field>".
 * @return ::DEMC_OK, ::DEMC_ERR_INVALID_ARGUMENT (NULL or non-finite) or ::DEMC_ERR_OUT_OF_DOMAIN (a field ≤ 0).
 */
DEMC_MATERIAL_FN demc_status demc_material_pair_validate(const demc_pair *pair, const char **bad_field);

/**
 * @brief The elastic constants of a pair of species that a contact model needs, independent of the bodies' sizes.
 *
 * E* and G* depend on the two materials only; R* and m* depend on the two bodies and are taken from them at each
 * contact (demc_contact_frame_sphere_sphere()). Fill with demc_material_moduli_init() or by hand.
 */
typedef struct demc_moduli {
    double effective_modulus;       /**< E*, Pa: 1/E* = (1−ν_i²)/E_i + (1−ν_j²)/E_j ([Zabulionis 2012] eq 17, [Campello 2015] eq 20). */
    double effective_shear_modulus; /**< G*, Pa, by the chosen ::demc_shear_mixing. */
    /** (c_i − c_j)/(c_i + c_j) with c = (1−ν²)/E the normal compliance of each body, in [−1, 1]: how the overlap
     *  divides between the two surfaces (body i takes the fraction (1 + this)/2 of δ, Johnson, Contact Mechanics,
     *  1985, §4.2: each surface's displacement under the common Hertz pressure is proportional to its compliance).
     *  0 for equal materials (and for a struct filled by hand that leaves it zero: the half rule), 1 against a
     *  rigid wall. */
    double compliance_asymmetry;
} demc_moduli;

/**
 * @brief E*, G* and the compliance split of a pair of materials (sphere–sphere, or sphere–wall with an elastic or
 *        rigid wall).
 *
 * @param material_i the sphere's material (its density is not used and not checked).
 * @param material_j the other body's material, or NULL for a rigid body (a rigid wall: E_j, G_j → ∞).
 * @param mixing the shear-modulus convention for G* (::DEMC_SHEAR_MINDLIN is Mindlin's; the others reproduce
 *        [Zabulionis 2012] and [Campello 2015]).
 * @param moduli output, written only on success.
 * @param bad_field optional: NULL on success, else the first offending input in argument order: "material_i",
 *        "material_i.youngs_modulus", "material_i.poisson_ratio", "material_i.shear_modulus", the same for
 *        "material_j", "mixing", "moduli"; "moduli.effective_modulus" or "moduli.effective_shear_modulus" with
 *        ::DEMC_ERR_SINGULAR when a result is not a finite positive double.
 * @return ::DEMC_OK, ::DEMC_ERR_INVALID_ARGUMENT, ::DEMC_ERR_OUT_OF_DOMAIN or ::DEMC_ERR_SINGULAR.
 */
DEMC_MATERIAL_FN demc_status demc_material_moduli_init(const demc_material *material_i,
                                                       const demc_material *material_j, demc_shear_mixing mixing,
                                                       demc_moduli *moduli, const char **bad_field);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_MATERIAL)
#  include "impl/material_impl.h"
#endif

#endif /* DEMC_MATERIAL_H */
