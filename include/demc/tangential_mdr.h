/**
 * @file tangential_mdr.h
 * @brief Exact elastic tangential contact of two spheres (Cattaneo–Mindlin–Deresiewicz) for any history of normal
 *        and tangential load, by the method of dimensionality reduction (MDR): a kernel with a flat state of
 *        doubles. The model page is @ref tangential_mdr.
 *
 * **The model.** Popov and Heß map the axisymmetric contact of two elastic bodies onto a one-dimensional bed of
 * independent springs (V.L. Popov, M. Heß, “Method of Dimensionality Reduction in Contact Mechanics and Friction”,
 * Springer, Berlin Heidelberg, 2015, ch. 2-3 and 6; V.L. Popov, M. Heß, E. Willert, “Handbook of Contact
 * Mechanics: Exact Solutions of Axisymmetric Contact Problems”, Springer, Berlin Heidelberg, 2019). For two
 * spheres (effective radius R*) the three-dimensional profile r²/(2R*) becomes the one-dimensional profile
 * g(x) = x²/R*; pressed by the overlap δ, the spring at x has the normal displacement w(x) = δ − x²/R* for
 * |x| < a = √(R*δ) (the Hertz contact radius), normal stiffness E*dx, tangential stiffness 4G*dx and a Coulomb
 * limit μ E* w(x) dx, with E* and G* in the library's conventions (1/E* = (1−ν_i²)/E_i + (1−ν_j²)/E_j and Mindlin's
 * 1/G* = (2−ν_i)/G_i + (2−ν_j)/G_j; Popov and Heß write the tangential stiffness G*_PH dx with their G*_PH = 4G*).
 * Then F_n = E*∫w dx = (4/3)E*√R* δ^{3/2} (Hertz), the tangential stiffness of the stuck bed is
 * 4G*·2a = 8G*a (Mindlin), and every spring obeys
 *
 *     u(x) ← u(x) + Δs while |u(x)| < u_c(x) = μE*w(x)/(4G*) (stick), |u(x)| = u_c(x) while slipping,
 *     springs that enter the contact start with u = 0, springs that leave it are released,
 *
 * which reproduces the exact elastic solutions of Cattaneo (1938), Mindlin (1949) and Mindlin & Deresiewicz
 * (R.D. Mindlin, H. Deresiewicz, “Elastic spheres in contact under varying oblique forces”, Journal of Applied
 * Mechanics 20 (1953) 327-344; K.L. Johnson, “Contact Mechanics”, Cambridge University Press, 1985, §7.2-7.4) for
 * any history of a unidirectional tangential load, under their assumption that the normal and tangential problems
 * are uncoupled (exact for elastically similar bodies). With the Hertz normal force P = (4/3)E*a³/R* the limit is
 * u_c(x) = u_s (1 − x²/a²), u_s = 3μP/(16G*a) the displacement at which gross sliding starts.
 * A tangential load that turns in the plane is carried by 2-D spring displacements, the natural generalisation of
 * the MDR (each spring slides along its own trial displacement); it is not an exact three-dimensional solution.
 *
 * **The discretisation.** u is even in x, so only 0 ≤ x is kept, in `springs` cells of width h:
 * [ih, (i+1)h). A cell holds the mean 2-D displacement of its part inside the contact, [ih, min((i+1)h, a)), of
 * length L_i (0 ≤ L_i ≤ h; the contact edge may cut a cell), stiffness 8G*L_i (both halves ±x) and displacement
 * limit u_c,i = u_s (1 − ⟨x²⟩_i/a²), ⟨x²⟩_i the mean of x² over its part inside the contact. These sums are exact:
 * Σ 8G*L_i = 8G*a, and a cell at its limit carries exactly the integral of μ times the normal force over its part
 * (all cells at their limits: |F| = μP exactly, whatever the resolution). One step, with the contact radius going
 * from a_0 (stored) to a and the increment Δs:
 * 1. when a > springs·h the cells are merged in groups of 2^m (h ← 2^m h, the force-weighted mean, which keeps
 *    the force); a new contact takes h = a/springs;
 * 2. a cell whose part inside the contact grows from L_0 to L keeps its L_0-part and gains L − L_0 of springs that
 *    enter at zero and, the radius moving linearly over the step, see the part (1 − θ) of the increment from the
 *    moment θ they enter; a cell that loses part of its length loses it with its displacement; a cell outside the
 *    contact holds zero;
 * 3. trial displacement u* = (L_0 u + (L_0 + (L − L_0)(1 − θ̄))Δs')/L with Δs' the increment in the cell's plane
 *    basis, then the return u = u* min(1, u_c/|u*|) at this step's limit (stick or slip; the exact end point of
 *    each spring's play in one dimension when a, F_n and s vary linearly over the step).
 * The force on body i is F = −Σ 8G*L_i u_i. The resolution error is second order in h (about (h/a)² of μP) and the
 * step error is zero at constant load, second order otherwise; see @ref tangential_mdr for the measured numbers.
 *
 * **Inputs.** The kernel takes the normal force F_n and the contact radius a of each step (as
 * demc_tangential_md_update()): it shapes the limits as the Hertz pressure and scales them to F_n, so that its
 * gross-sliding force is μF_n exactly. It is the exact MDR law when F_n = (4/3)E*√R* δ^{3/2} and a = √(R*δ);
 * another F_n (a damped or adhesive normal force) scales every spring's limit in proportion.
 *
 * **State.** A flat array of DEMC_TANGENTIAL_MDR_STATE_SIZE(springs) doubles, all zero = a new contact (layout in
 * ::demc_tangential_mdr_layout): the cell width h, the contact radius of the previous step, a unit basis (e_1, e_2)
 * of the tangent plane and the 2-D displacement of each cell in that basis, all first components, then all second
 * components (structure of arrays, so that the pass over the cells vectorises). The frame turns by rotating the
 * basis only (demc_tangential_mdr_transport()); the i ⇄ j swap negates e_1 and e_2 (6 doubles;
 * demc_tangential_mdr_state_swap()); no allocation, no global.
 *
 * Sign convention (that of tangential.h): Δs is the increment of the tangential displacement of the contact point
 * of body i relative to that of body j, and the force returned is the one on body i, opposing the spring
 * displacements.
 */
#ifndef DEMC_TANGENTIAL_MDR_H
#define DEMC_TANGENTIAL_MDR_H

#include "base.h"
#include "material.h"   /* the shared validation helpers of the setup functions */
#include "tangential.h" /* demc_tangential_result and the frame rotation shared with the spring laws */

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_TANGENTIAL_MDR)
#  define DEMC_TANGENTIAL_MDR_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_TANGENTIAL_MDR_FN DEMC_STATIC_INLINE
#else
#  define DEMC_TANGENTIAL_MDR_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/** Default number of cells (springs on 0 ≤ x < a): 64, chosen on measured accuracy and cost (@ref tangential_mdr):
 *  the closed forms at constant and varying normal load within 2e-4 of μP while the contact covers all cells and
 *  within 7e-4 of μP in the worst case (N/2 cells inside after the grid has been merged), 136 doubles of state,
 *  about 0.1 µs per update (0.2 µs where the pass over the cells has SSE2 only). 32 cells: 7e-4 and 2e-3 of μP,
 *  72 doubles, about 0.1 µs. */
#define DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS 64
/** Largest number of cells accepted by demc_tangential_mdr_init(): 96 (a state of 200 doubles). */
#define DEMC_TANGENTIAL_MDR_MAX_SPRINGS 96
/** Number of doubles of the state before the cells: h, a_0, e_1 (3), e_2 (3). */
#define DEMC_TANGENTIAL_MDR_STATE_HEADER 8
/** Size of the state in doubles for a given number of cells: 8 + 2·springs. */
#define DEMC_TANGENTIAL_MDR_STATE_SIZE(springs) (DEMC_TANGENTIAL_MDR_STATE_HEADER + 2 * (springs))
/** Size of the largest state (DEMC_TANGENTIAL_MDR_MAX_SPRINGS cells), 200 doubles: a host's fixed array. */
#define DEMC_TANGENTIAL_MDR_STATE_MAX DEMC_TANGENTIAL_MDR_STATE_SIZE(DEMC_TANGENTIAL_MDR_MAX_SPRINGS)

/** @brief Offsets of the state's doubles (all zero = a new contact). */
typedef enum demc_tangential_mdr_layout {
    DEMC_TANGENTIAL_MDR_CELL_WIDTH = 0, /**< h (m): the cell width; 0 for a new contact. Kept under the swap. */
    DEMC_TANGENTIAL_MDR_RADIUS = 1,     /**< a of the previous step (m). Kept under the swap. */
    DEMC_TANGENTIAL_MDR_BASIS1 = 2,     /**< e_1 (3 doubles), unit, in the tangent plane. Negated by the swap. */
    DEMC_TANGENTIAL_MDR_BASIS2 = 5,     /**< e_2 (3 doubles), unit, ⊥ e_1 and n. Negated by the swap. */
    DEMC_TANGENTIAL_MDR_CELLS = 8       /**< Cell i: displacement (u_1, u_2) in the basis (m) at 8 + i and
                                             8 + springs + i (the first components of all cells, then the second).
                                             Kept under the swap (the basis turns instead). */
} demc_tangential_mdr_layout;

/** @brief Parameters of the MDR tangential law (fill with demc_tangential_mdr_init()). */
typedef struct demc_tangential_mdr_params {
    double mu;                      /**< Friction coefficient μ ≥ 0 (one Coulomb coefficient). */
    double effective_shear_modulus; /**< G* > 0 (Pa), Mindlin's 1/G* = (2−ν_i)/G_i + (2−ν_j)/G_j, so that the
                                         tangential stiffness of the stuck contact is 8G*a. */
    int springs;                    /**< Number of cells on 0 ≤ x < a, 1 to DEMC_TANGENTIAL_MDR_MAX_SPRINGS
                                         (DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS recommended). */
} demc_tangential_mdr_params;

/**
 * @brief Energy terms of one step of demc_tangential_mdr_update(), filled only on request.
 *
 * The balance is exact (to rounding): E_0 + work = stored_energy + slip_dissipation + grid_dissipation, with E_0
 * the stored energy of the state before the step (the previous step's stored_energy, unchanged by transport and
 * swap; demc_tangential_mdr_stored_energy()).
 */
typedef struct demc_tangential_mdr_energy {
    /** Elastic energy of the springs at the end of the step, Σ 4G*L_i|u_i|² (J). */
    double stored_energy;
    /** Work of the tangential force on the springs in the step (J): per cell, the trapezoidal work
     *  4G*L_i(u_start + u_end)·Δu of its stick part plus its slip dissipation; −½(F_0 + F)·Δs to second order
     *  in the step, equal to it in a step without slip at a fixed radius. */
    double work;
    /** Energy dissipated by Coulomb slip of the springs (J, ≥ 0): micro-slip, and gross sliding when
     *  demc_tangential_result::sliding; per slipping cell 8G*L_i|u* − u| · ½(|u_start| + u_c,i) (μF_n|Δs| in
     *  steady sliding). */
    double slip_dissipation;
    /** Energy lost by the finite resolution (J, ≥ 0): the cell mean taken over springs entering with zero
     *  displacement, the displacement carried out by the part of a cell that leaves the contact, the merging of
     *  cells, the release of every spring when the contact ends. In the continuum the springs at the edge, whose
     *  limit vanishes, slip to zero before they leave; this term is that slip, and tends to 0 as the cells are
     *  refined. */
    double grid_dissipation;
} demc_tangential_mdr_energy;

/**
 * @brief Validates μ, G* and the number of cells and fills params.
 *
 * @param mu friction coefficient μ ≥ 0.
 * @param effective_shear_modulus G* > 0 (Pa).
 * @param springs number of cells, 1 ≤ springs ≤ DEMC_TANGENTIAL_MDR_MAX_SPRINGS.
 * @param params output, written only on success.
 * @param bad_field optional (may be NULL): NULL on success, else "mu", "effective_shear_modulus", "springs" or
 *        "params", the first offending input in argument order.
 * @return DEMC_OK; DEMC_ERR_INVALID_ARGUMENT (non-finite number, null params); DEMC_ERR_OUT_OF_DOMAIN (μ < 0,
 *         G* ≤ 0, springs outside [1, DEMC_TANGENTIAL_MDR_MAX_SPRINGS]).
 */
DEMC_TANGENTIAL_MDR_FN demc_status demc_tangential_mdr_init(double mu, double effective_shear_modulus,
                                                                   int springs, demc_tangential_mdr_params *params,
                                                                   const char **bad_field);

/**
 * @brief Checks a filled demc_tangential_mdr_params ("params", "params.mu", "params.effective_shear_modulus",
 *        "params.springs"), with the statuses of demc_tangential_mdr_init().
 */
DEMC_TANGENTIAL_MDR_FN demc_status demc_tangential_mdr_validate(const demc_tangential_mdr_params *params,
                                                                       const char **bad_field);

/**
 * @brief Size of the state in doubles, DEMC_TANGENTIAL_MDR_STATE_SIZE(params->springs).
 * @param params validated parameters.
 */
DEMC_TANGENTIAL_MDR_FN int demc_tangential_mdr_state_size(const demc_tangential_mdr_params *params);

/**
 * @brief Sets the state to a new contact (every double 0).
 * @param params validated parameters; @param state DEMC_TANGENTIAL_MDR_STATE_SIZE(springs) doubles.
 */
DEMC_TANGENTIAL_MDR_FN void demc_tangential_mdr_state_reset(const demc_tangential_mdr_params *params,
                                                            double *state);

/**
 * @brief The same memory seen from body j, in place: the basis vectors e_1, e_2 change sign (every spring's
 *        displacement vector with them); h, a_0 and the cells' components are kept. Twice is the identity.
 * @param params validated parameters; @param state the state.
 */
DEMC_TANGENTIAL_MDR_FN void demc_tangential_mdr_state_swap(const demc_tangential_mdr_params *params, double *state);

/**
 * @brief Carries the memory into the tangent plane of the new normal by turning its basis (all springs at once).
 *
 * e_1 and e_2 are turned by demc_tangential_rotate() (the shortest arc from n_old to n_new, then the spin about
 * n_new; exact, keeps lengths and angles), then made orthonormal to n_new again (Gram–Schmidt, which only removes
 * rounding). A state without basis (new contact) is left as it is. When the basis cannot be recovered (a normal
 * reversed so that the projection of e_1 vanishes) a new basis is taken and the displacements keep their
 * components in it.
 *
 * @param params validated parameters.
 * @param n_old unit normal of the step that wrote the state.
 * @param n_new unit normal of the current step.
 * @param spin Rodrigues parameter of the rotation about n_new (see demc_tangential_rotate(); 0: none).
 * @param state the state, in/out.
 */
DEMC_TANGENTIAL_MDR_FN void demc_tangential_mdr_transport(const demc_tangential_mdr_params *params,
                                                          demc_vec3 n_old, demc_vec3 n_new, double spin,
                                                          double *state);

/**
 * @brief Elastic energy stored in the state, Σ 4G*L_i|u_i|² with the cells' lengths at the stored radius (J).
 * @param params validated parameters; @param state the state.
 */
DEMC_TANGENTIAL_MDR_FN double demc_tangential_mdr_stored_energy(const demc_tangential_mdr_params *params,
                                                                const double *state);

/**
 * @brief The tangential force that the state carries, −Σ 8G*L_i u_i (N), without a step.
 * @param params validated parameters; @param state the state.
 */
DEMC_TANGENTIAL_MDR_FN demc_vec3 demc_tangential_mdr_force(const demc_tangential_mdr_params *params,
                                                           const double *state);

/**
 * @brief One step of the MDR tangential law: updates every spring and returns the tangential force on body i.
 *
 * See the file description for the law and its discretisation. Cost: one pass over the cells inside the contact
 * (no libm call but one sqrt per slipping cell; merges only when the radius outgrows the grid).
 *
 * Total over its domain: a ≤ 0 (no contact) returns a zero force and resets the state (its energy goes to
 * grid_dissipation); F_n ≤ 0 or μ = 0 gives every limit 0 (the springs slip to zero: zero force, the energy to
 * slip_dissipation); a state with h ≤ 0 is a new contact. The component of Δs along the basis normal is not seen.
 * No NaN for finite inputs with a finite G*a and μF_n.
 *
 * @param params validated parameters.
 * @param normal unit normal n (j → i) of this step; used to build the basis of a new contact.
 * @param increment Δs: increment of the tangential displacement of the contact point of i relative to j in this
 *        step (m), in the current tangent plane.
 * @param normal_force F_n (N) of this step: the limits are shaped as the Hertz pressure and sum to μF_n.
 * @param contact_radius a (m), √(R*δ) for a Hertz contact.
 * @param state DEMC_TANGENTIAL_MDR_STATE_SIZE(springs) doubles in/out (all zero for a new contact), its basis
 *        already carried into the current frame (demc_tangential_mdr_transport()).
 * @param energy optional output (NULL: not computed).
 * @return the tangential force on body i (N), and `sliding` 1 when every cell inside the contact ended the step at its
 *         limit (gross sliding); `damping_force` is zero (the law has no dashpot of its own).
 */
DEMC_TANGENTIAL_MDR_FN demc_tangential_result demc_tangential_mdr_update(const demc_tangential_mdr_params *params,
                                                            demc_vec3 normal, demc_vec3 increment,
                                                            double normal_force, double contact_radius,
                                                            double *state, demc_tangential_mdr_energy *energy);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_TANGENTIAL_MDR)
#  include "impl/tangential_mdr_impl.h"
#endif

#endif /* DEMC_TANGENTIAL_MDR_H */
