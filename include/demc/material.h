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
 * Sources (seed files in ../shared/seeds/; equation numbers in this header refer to them):
 * - 000 = `000_6d7fd9f3e743809d.txt`: D. Zabulionis, R. Kačianauskas, D. Markauskas, J. Rojek, An investigation of
 *   nonlinear tangential contact behaviour of a spherical particle under varying loading, Bull. Pol. Acad. Sci.
 *   Tech. Sci. 60(2) (2012) 265–278.
 * - 001 = `001_558b02b5fc003581.txt`: E.M.B. Campello, A description of rotations for DEM models of particle
 *   systems, Comput. Part. Mech. 2 (2015) 109–125.
 * - 002 = `002_860c48dd450ee80f.txt`: S.J. Cummins, C. Thornton, P.W. Cleary, Contact force models in inelastic
 *   collisions, 9th Int. Conf. on CFD in the Minerals and Process Industries, CSIRO, Melbourne (2012).
 * - 004 = `004_7bd89e281aa35243.txt`: S.J. Burns, P.T. Piiroinen, K.J. Hanley, Critical time-step for DEM
 *   simulations of dynamic systems using a Hertzian contact model, Int. J. Numer. Methods Eng. 119 (2019)
 *   432–451, doi:10.1002/nme.6056.
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
 * The papers disagree (see the known transcription notes in the seeds' README): these are different conventions,
 * not misprints, and the tangential stiffness k_t = 8 G* √(R* δ) (000 eq 22, 001 eq 37, 002 eq 2) changes with
 * them. Each rule has the form G* = s / (a_i + a_j); for a rigid wall a_j = 0.
 */
typedef enum demc_shear_mixing {
    /** Mindlin (default, physically recommended): 1/G* = (2 − ν_i)/G_i + (2 − ν_j)/G_j.
     *  002 (HM+D, G* = G/(2(2−ν)) for equal materials) and 004 eq 74 (k_{1,3} = 4G√r̂/(2−ν)). */
    DEMC_SHEAR_MINDLIN = 0,
    /** 000 eq 23 (Zabulionis et al. 2012): G* = (2/3) G_i G_j / (G_i (2 − ν_j) + G_j (2 − ν_i)), i.e. 2/3 of the
     *  Mindlin value. */
    DEMC_SHEAR_ZABULIONIS = 1,
    /** 001 eq 38 (Campello 2015): G* = G_i G_j / (G_i + G_j), the series (harmonic) combination without ν. */
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
    double effective_modulus;       /**< E*, Pa: 1/E* = (1−ν_i²)/E_i + (1−ν_j²)/E_j (000 eq 17, 001 eq 20). */
    double effective_shear_modulus; /**< G*, Pa, by the chosen ::demc_shear_mixing. */
    double effective_radius;        /**< R*, m: 1/R* = 1/R_i + 1/R_j (000 eq 16, 001 eq 20); R_i for a wall. */
    double effective_mass;          /**< m*, kg: 1/m* = 1/m_i + 1/m_j (001 eq 23); m_i for a wall. */
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
 * E* = 1/((1−ν_i²)/E_i + (1−ν_j²)/E_j) (000 eq 17, 001 eq 20), R* = R_i R_j/(R_i + R_j) (000 eq 16),
 * m* = m_i m_j/(m_i + m_j) with m = (4/3)πρR³ (001 eq 23), G* by `mixing`. Symmetric in i and j.
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

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_MATERIAL)
#  include "impl/material_impl.h"
#endif

#endif /* DEMC_MATERIAL_H */
