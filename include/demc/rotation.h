/**
 * @file rotation.h
 * @brief Finite rotations in Rodrigues form: tensor without trigonometry, composition, vector rotation,
 *        incremental update from the angular velocity, rolling displacement, conversions.
 *
 * The rotation by the angle θ about the unit axis e is carried by the rescaled Rodrigues vector
 * α = 2 tan(θ/2) e ([Campello 2015] eq 9), or by the Rodrigues (Gibbs) vector ϑ = tan(θ/2) e = α/2 ([Campello 2015] eq
 * 6).
 *
 * Sources (equation, section and figure numbers are the papers' own; all references: @ref references):
 * - [Campello 2015] E.M.B. Campello, “A description of rotations for DEM models of particle systems”, Computational
 *   Particle Mechanics 2 (2015) 109–125, doi:10.1007/s40571-015-0041-z.
 *
 *
 * Conventions (see the page @ref rotation):
 * - rotations are active and right-handed: Q v turns v by θ about e, counter-clockwise seen from the tip of e;
 * - composition order: demc_rodrigues_compose(α1, α2) is α1 first, then α2, i.e. the tensor Q2 Q1 ([Campello 2015] eq
 *   11);
 * - the rotation tensor is #demc_mat3, row-major: `Q.m[i][j]` is Q_ij, so (Q v)_i = Σ_j Q.m[i][j] v_j;
 * - the quaternion is #demc_quat, scalar first, Hamilton product, v' = q v q*.
 *
 * Domain: α cannot represent θ = π (|α| → ∞). Every function accepts |α| ≤ #DEMC_RODRIGUES_ALPHA_MAX
 * (θ ≤ π − 4e-100); the checked variants return a status instead of a result outside it.
 */
#ifndef DEMC_ROTATION_H
#define DEMC_ROTATION_H

#include "base.h"

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_ROTATION)
#  define DEMC_ROTATION_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_ROTATION_FN DEMC_STATIC_INLINE
#else
#  define DEMC_ROTATION_FN extern DEMC_EXPORT
#endif
/** @endcond */

/**
 * Largest |α| (dimensionless) inside the domain of every function of this module: θ = 2 atan(|α|/2) up to
 * π − 4e-100. Below it every intermediate (|α|², |α|·|v| for |v| ≤ 1e200) is finite. The checked variants
 * reject inputs above it with #DEMC_ERR_OUT_OF_DOMAIN and results above it with #DEMC_ERR_SINGULAR.
 */
#define DEMC_RODRIGUES_ALPHA_MAX 1e100

DEMC_BEGIN_DECLS

/**
 * @brief A 3×3 matrix of doubles, row-major: `m[i][j]` is the entry in row i, column j.
 *
 * The layout is nine consecutive doubles in row order (C `double[3][3]`, the layout of LAMMPS and of most C DEM
 * codes; a Fortran host reading it as `Q(3,3)` sees the transpose). Plain data, passed and returned by value.
 */
typedef struct demc_mat3 {
    double m[3][3]; /**< Entries, `m[row][column]`. */
} demc_mat3;

/**
 * @brief A quaternion w + x i + y j + z k, scalar part first (Hamilton convention).
 *
 * A unit quaternion (cos(θ/2), sin(θ/2) e) rotates v to q v q*. q and −q are the same rotation.
 */
typedef struct demc_quat {
    double w; /**< Scalar part, cos(θ/2) for a unit quaternion. */
    double x; /**< First component of the vector part, sin(θ/2) e_x. */
    double y; /**< Second component of the vector part, sin(θ/2) e_y. */
    double z; /**< Third component of the vector part, sin(θ/2) e_z. */
} demc_quat;

/** @name Rotation tensor, composition and vector rotation (hot path: no trigonometry, one division)
 *  @{ */

/**
 * @brief The rotation tensor of α without trigonometric functions ([Campello 2015] eq 10, corrected):
 *        Q = I + 4/(4 + α²) [Skew(α) + ½ Skew²(α)].
 *
 * The published eq 10 (and eq 27) print 4/(1 + α²); 4/(4 + α²) is the form that follows from eq 7 with
 * ϑ = α/2 and gives Q = I + sin θ Skew(e) + (1 − cos θ) Skew²(e) (see @ref rotation). A diagonal entry is
 * 1 − h(α_j² + α_k²) or, when that subtracted term exceeds 1 (θ near π), the equal (2c + hα_i²) − 1, so that no
 * intermediate of size 2 is rounded. One division, no square root.
 *
 * @param alpha rescaled Rodrigues vector α (dimensionless), |α| ≤ #DEMC_RODRIGUES_ALPHA_MAX.
 * @return Q (orthonormal, det Q = 1, to a few ulp).
 */
DEMC_ROTATION_FN demc_mat3 demc_rodrigues_to_tensor(demc_vec3 alpha);

/**
 * @brief Rotation of a vector by α without forming the tensor: Q v = v + a × (v + ½ α × v), a = 4α/(4 + α²).
 *
 * The same as demc_rodrigues_to_tensor(α) applied to v ([Campello 2015] eq 10 expanded); two cross products and one
 * division. The inverse rotation Qᵀ v is demc_rodrigues_rotate(−α, v).
 *
 * @param alpha rescaled Rodrigues vector, |α| ≤ #DEMC_RODRIGUES_ALPHA_MAX.
 * @param v any vector with |α|·|v| < 1e300 (units of v).
 */
DEMC_ROTATION_FN demc_vec3 demc_rodrigues_rotate(demc_vec3 alpha, demc_vec3 v);

/**
 * @brief Composition: α1 first, then α2, the rotation Q2 Q1 ([Campello 2015] eq 11):
 *        α = 4/(4 − α1·α2) (α1 + α2 − ½ α1 × α2).
 *
 * Not commutative. Its domain is α1·α2 ≠ 4 (the composite is a half turn, θ = π). The components of the result
 * have relative accuracy about ε·|α1||α2|/|4 − α1·α2| (α itself is ill-conditioned near θ = π), but the rotation
 * they represent is within a few ε of Q2 Q1 for all inputs (see @ref rotation).
 * demc_rodrigues_compose_checked() reports a composite outside the domain.
 *
 * @param alpha1 first rotation, |α1| ≤ #DEMC_RODRIGUES_ALPHA_MAX.
 * @param alpha2 second rotation, |α2| ≤ #DEMC_RODRIGUES_ALPHA_MAX.
 * @return the composite; when α1·α2 = 4 exactly (a half turn) ±inf components, except that a component which
 *         is zero in α1 + α2 − ½ α1 × α2 stays zero (never NaN for inputs in the domain).
 */
DEMC_ROTATION_FN demc_vec3 demc_rodrigues_compose(demc_vec3 alpha1, demc_vec3 alpha2);

/**
 * @brief Composition with its domain checked ([Campello 2015] eq 11).
 *
 * @param alpha1 first rotation.
 * @param alpha2 second rotation.
 * @param[out] out the composite (demc_rodrigues_compose()); untouched unless #DEMC_OK.
 * @return #DEMC_OK; #DEMC_ERR_INVALID_ARGUMENT for a null @p out or a non-finite component;
 *         #DEMC_ERR_OUT_OF_DOMAIN when |α1| or |α2| exceeds #DEMC_RODRIGUES_ALPHA_MAX;
 *         #DEMC_ERR_SINGULAR when the composite's |α| would exceed #DEMC_RODRIGUES_ALPHA_MAX (the composite is
 *         a half turn, or within 4e-100 rad of one: α1·α2 → 4).
 */
DEMC_ROTATION_FN demc_status demc_rodrigues_compose_checked(demc_vec3 alpha1, demc_vec3 alpha2, demc_vec3 *out);

/** @brief The inverse rotation Qᵀ: −α (exact). */
DEMC_ROTATION_FN demc_vec3 demc_rodrigues_inverse(demc_vec3 alpha);

/** @} */

/** @name Time integration and rolling ([Campello 2015] section 3.3 and 4)
 *  @{ */

/**
 * @brief The incremental rotation vector of one step by the generalised trapezoidal rule ([Campello 2015] eq 45):
 *        α^Δ = [φ ω(t+Δt) + (1 − φ) ω(t)] Δt.
 *
 * As in [Campello 2015], the trapezoidal integral of ω (a rotation vector θ^Δ) is used as the Rodrigues increment
 * itself. Since α = 2 tan(θ/2) = θ + θ³/12 + …, each step under-rotates by |θ^Δ|³/12 for a constant ω, and the total
 * rotation after a time T carries the error T |ω|³ Δt²/12: second order (see @ref rotation). For an update that
 * is exact for a constant ω, pass the same θ^Δ through demc_rodrigues_from_rotvec() instead (one tan).
 *
 * @param omega_old spin ω(t) (rad/s).
 * @param omega_new spin ω(t + Δt) (rad/s).
 * @param phi       weight φ ∈ [0, 1]: 0 forward Euler, ½ trapezoidal, 1 backward Euler ([Campello 2015] eq 41).
 * @param dt        time step Δt (s).
 * @return α^Δ (dimensionless); keep |α^Δ| small (|ω|Δt ≪ 1) for accuracy.
 */
DEMC_ROTATION_FN demc_vec3 demc_rodrigues_increment(demc_vec3 omega_old, demc_vec3 omega_new, double phi,
                                                    double dt);

/**
 * @brief One step of the total rotation from the spin ([Campello 2015] eq 45 then 47):
 *        α(t+Δt) = demc_rodrigues_compose(α(t), demc_rodrigues_increment(ω(t), ω(t+Δt), φ, Δt)).
 *
 * The increment is applied after the current rotation (Q(t+Δt) = Q_Δ Q(t)): ω is the spin in the fixed
 * (spatial) frame. Second order in Δt for a constant ω (demc_rodrigues_increment()). The total rotation leaves
 * the domain when it approaches a half turn: use demc_rodrigues_update_checked(), or re-base (see @ref rotation).
 *
 * @param alpha     total rotation α(t), |α| ≤ #DEMC_RODRIGUES_ALPHA_MAX.
 * @param omega_old spin ω(t) (rad/s).
 * @param omega_new spin ω(t + Δt) (rad/s).
 * @param phi       weight φ ∈ [0, 1].
 * @param dt        time step Δt (s).
 * @return α(t + Δt).
 */
DEMC_ROTATION_FN demc_vec3 demc_rodrigues_update(demc_vec3 alpha, demc_vec3 omega_old, demc_vec3 omega_new,
                                                 double phi, double dt);

/**
 * @brief demc_rodrigues_update() with its domain checked.
 *
 * @param alpha     total rotation α(t).
 * @param omega_old spin ω(t) (rad/s).
 * @param omega_new spin ω(t + Δt) (rad/s).
 * @param phi       weight φ ∈ [0, 1].
 * @param dt        time step Δt (s), ≥ 0.
 * @param[out] out  α(t + Δt); untouched unless #DEMC_OK.
 * @return #DEMC_OK; #DEMC_ERR_INVALID_ARGUMENT for a null @p out or a non-finite argument;
 *         #DEMC_ERR_OUT_OF_DOMAIN for φ outside [0, 1], Δt < 0, |α| or |α^Δ| above #DEMC_RODRIGUES_ALPHA_MAX;
 *         #DEMC_ERR_SINGULAR when the updated rotation reaches a half turn (re-base and retry).
 */
DEMC_ROTATION_FN demc_status demc_rodrigues_update_checked(demc_vec3 alpha, demc_vec3 omega_old,
                                                           demc_vec3 omega_new, double phi, double dt,
                                                           demc_vec3 *out);

/**
 * @brief Rolling displacement of a contact point over one step ([Campello 2015] eq 28): Δr = r (I − Q_Δ) n.
 *
 * With r_C' = r n the current contact point (relative to the sphere's centre) and r_C = Q_Δ r_C' the material
 * point that was there one step before ([Campello 2015] eq 26), Δr = r_C' − r_C. Computed as −r a × (n + ½ α^Δ × n)
 * with a = 4α^Δ/(4 + |α^Δ|²): no difference of nearly equal vectors, full relative precision for tiny increments.
 * Project it onto the tangent plane for the tangential increment Δs ([Campello 2015] eq 29).
 *
 * @param alpha_delta incremental rotation α^Δ of the sphere over the step (demc_rodrigues_increment()).
 * @param radius      sphere radius r (m), or the length of the centre-to-contact vector.
 * @param normal      unit normal n_ij at the end of the step (the direction of r_C'). The result is linear in
 *                    r·n and nothing is normalised, so any branch vector d may be passed with radius = 1 to get
 *                    (I − Q_Δ) d (unequal radii, a contact point inside the overlap: contact.h does this).
 * @return Δr (m).
 */
DEMC_ROTATION_FN demc_vec3 demc_rodrigues_rolling_displacement(demc_vec3 alpha_delta, double radius,
                                                               demc_vec3 normal);

/** @} */

/** @name Conversions
 *  Total for finite inputs: tiny angles (down to subnormal) keep full relative precision; angles near π
 *  carry the conditioning of α there (see @ref rotation).
 *  @{ */

/** @brief α = 2ϑ from the Rodrigues (Gibbs) vector ϑ = tan(θ/2) e ([Campello 2015] eq 6, 9). */
DEMC_ROTATION_FN demc_vec3 demc_rodrigues_from_gibbs(demc_vec3 gibbs);

/** @brief ϑ = α/2, the Rodrigues (Gibbs) vector tan(θ/2) e of α ([Campello 2015] eq 6, 9). */
DEMC_ROTATION_FN demc_vec3 demc_rodrigues_to_gibbs(demc_vec3 alpha);

/**
 * @brief The rotation tensor of the Rodrigues (Gibbs) vector ϑ ([Campello 2015] eq 7):
 *        Q = I + 2/(1 + ϑ²) [Skew(ϑ) + Skew²(ϑ)].
 * @param gibbs ϑ, |ϑ| ≤ #DEMC_RODRIGUES_ALPHA_MAX / 2.
 */
DEMC_ROTATION_FN demc_mat3 demc_gibbs_to_tensor(demc_vec3 gibbs);

/**
 * @brief Composition of Rodrigues (Gibbs) vectors, ϑ1 first ([Campello 2015] eq 8):
 *        ϑ = (ϑ1 + ϑ2 − ϑ1 × ϑ2)/(1 − ϑ1·ϑ2).
 * @param gibbs1 first rotation ϑ1.
 * @param gibbs2 second rotation ϑ2.
 * @return the composite; domain as demc_rodrigues_compose() (ϑ1·ϑ2 ≠ 1).
 */
DEMC_ROTATION_FN demc_vec3 demc_gibbs_compose(demc_vec3 gibbs1, demc_vec3 gibbs2);

/**
 * @brief α = 2 tan(θ/2) e of the rotation vector θe ([Campello 2015] eq 9).
 *
 * Any finite rotation vector is accepted: tan(θ/2) has period 2π, so θ > π turns into the equivalent rotation
 * about −e. Full relative precision from θ = 1e-308 up (the norm is scaled; the factor tan(θ/2)/(θ/2) is 1 in
 * floating point below θ ≈ 1e-8). Calls tan: not for the innermost loop.
 *
 * @param rotvec θe (rad).
 * @return α; huge (≈ 4/(π − θ)) but finite at the double nearest to θ = π.
 */
DEMC_ROTATION_FN demc_vec3 demc_rodrigues_from_rotvec(demc_vec3 rotvec);

/**
 * @brief demc_rodrigues_from_rotvec() with its domain checked.
 * @param rotvec θe (rad).
 * @param[out] out α; untouched unless #DEMC_OK.
 * @return #DEMC_OK; #DEMC_ERR_INVALID_ARGUMENT for a null @p out or a non-finite component;
 *         #DEMC_ERR_SINGULAR when the rotation is within 4e-100 rad of a half turn (|α| > #DEMC_RODRIGUES_ALPHA_MAX).
 */
DEMC_ROTATION_FN demc_status demc_rodrigues_from_rotvec_checked(demc_vec3 rotvec, demc_vec3 *out);

/**
 * @brief The rotation vector θe, θ = 2 atan(|α|/2) ∈ [0, π), of α (inverse of [Campello 2015] eq 9).
 * @param alpha rescaled Rodrigues vector, |α| ≤ #DEMC_RODRIGUES_ALPHA_MAX.
 */
DEMC_ROTATION_FN demc_vec3 demc_rodrigues_to_rotvec(demc_vec3 alpha);

/**
 * @brief α = 2 (x, y, z)/w of a quaternion (ϑ is the vector part over the scalar part).
 *
 * Invariant under scaling of q (q need not be normalised) and under q → −q. Full relative precision for tiny
 * angles. The domain is w ≠ 0 and |α| ≤ #DEMC_RODRIGUES_ALPHA_MAX; w = 0 (a half turn) gives ±inf in the
 * components whose x, y or z is non-zero and 0 in the others (q = 0 gives α = 0); never NaN for finite q.
 */
DEMC_ROTATION_FN demc_vec3 demc_rodrigues_from_quat(demc_quat q);

/**
 * @brief demc_rodrigues_from_quat() with its domain checked.
 * @param q any quaternion (need not be unit).
 * @param[out] out α; untouched unless #DEMC_OK.
 * @return #DEMC_OK; #DEMC_ERR_INVALID_ARGUMENT for a null @p out or a non-finite component;
 *         #DEMC_ERR_SINGULAR for q = 0 or a half turn (|α| > #DEMC_RODRIGUES_ALPHA_MAX, including w = 0).
 */
DEMC_ROTATION_FN demc_status demc_rodrigues_from_quat_checked(demc_quat q, demc_vec3 *out);

/**
 * @brief The unit quaternion (2, α)/√(4 + α²) of α, with w > 0.
 * @param alpha rescaled Rodrigues vector, |α| ≤ #DEMC_RODRIGUES_ALPHA_MAX.
 */
DEMC_ROTATION_FN demc_quat demc_rodrigues_to_quat(demc_vec3 alpha);

/**
 * @brief α of a rotation tensor, without trigonometry or square roots, robust near θ = 0 and θ = π.
 *
 * Shepperd's choice: of 1 + tr Q, 1 + 2Q_00 − tr Q, 1 + 2Q_11 − tr Q, 1 + 2Q_22 − tr Q (4w², 4x², 4y², 4z² of
 * the quaternion) the largest is the pivot, and α is the ratio of two tensor combinations of the quaternion
 * products, e.g. α_x = 2 (Q_21 − Q_12)/(1 + tr Q) when w is the pivot and
 * α_x = 2 (1 + 2Q_00 − tr Q)/(Q_21 − Q_12) when x is. Only the orthonormal part of Q is used meaningfully;
 * Q is not re-orthonormalised.
 *
 * Near θ = π the result is ill-conditioned in any method: an absolute perturbation ε of the entries of Q moves
 * α by about ε/sin θ relative (see @ref rotation for the bound).
 *
 * @param q a rotation tensor (orthonormal, det = 1) with θ < π.
 * @return α; for a tensor that is a half turn to working precision (Q_21 − Q_12 etc. exactly 0, which happens
 *         for π − θ below about 1e-16) components ±inf or 0, never NaN.
 */
DEMC_ROTATION_FN demc_vec3 demc_rodrigues_from_tensor(demc_mat3 q);

/**
 * @brief demc_rodrigues_from_tensor() with its domain checked.
 * @param q rotation tensor.
 * @param[out] out α; untouched unless #DEMC_OK.
 * @return #DEMC_OK; #DEMC_ERR_INVALID_ARGUMENT for a null @p out or a non-finite entry;
 *         #DEMC_ERR_SINGULAR for a half turn (|α| > #DEMC_RODRIGUES_ALPHA_MAX) or a tensor so far from a
 *         rotation that the pivot vanishes.
 */
DEMC_ROTATION_FN demc_status demc_rodrigues_from_tensor_checked(demc_mat3 q, demc_vec3 *out);

/** @} */

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_ROTATION)
#  include "impl/rotation_impl.h"
#endif

#endif /* DEMC_ROTATION_H */
