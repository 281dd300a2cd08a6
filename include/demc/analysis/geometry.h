/**
 * @file analysis/geometry.h
 * @brief Analysis set (not covered by the 1.x ABI promise): the contact geometry and kinematics of
 *        [Zabulionis 2012] eq 4-13 (overlap, unit normal, contact point, relative velocity of the contact points
 *        split into normal and tangential parts, torques of a contact force), for reproducing that paper.
 *
 * A force loop uses the frames of contact.h (demc_contact_frame_sphere_sphere(), demc_contact_frame_sphere_wall(),
 * demc_contact_frame_sphere_facet()): they are the library's one frame, and their contact point follows the
 * model's ::demc_contact_point_rule. This header's contact point is always half the overlap from each surface,
 * which is the frames' ::DEMC_CONTACT_POINT_HALF: with that rule the frames' branch vectors equal the ones here
 * (for a wall and a facet too, with the same reference point), so the two never disagree about a torque arm. The
 * frames' default rule (::DEMC_CONTACT_POINT_COMPLIANCE) puts the whole overlap in a sphere against a rigid wall
 * instead. See @ref analysis_page "The analysis set" for what the analysis headers promise.
 *
 * Convention (used by every demc module): the overlap δ is positive in contact; the unit normal n points from
 * body j to body i; a force passed in or returned is the force acting on body i (body j receives its opposite at
 * the same contact point). A plane wall is body j; its reference point (any point of the plane, about which it
 * may rotate) plays the role of a centre. Sketch and formulas: @ref normal_page "Normal contact laws and contact
 * geometry".
 *
 * All functions here are hot-path functions: no validation, no status, no NaN for finite inputs in their domain
 * (coordinates and radii below about 1e150 in magnitude, so that squared distances do not overflow).
 *
 * Sources (equation, section and figure numbers are the papers' own; all references: @ref references):
 * - [Zabulionis 2012] D. Zabulionis, R. Kačianauskas, D. Markauskas, J. Rojek, “An investigation of nonlinear
 *   tangential contact behaviour of a spherical particle under varying loading”, Bulletin of the Polish Academy of
 *   Sciences: Technical Sciences 60(2) (2012) 265–278, doi:10.2478/v10175-012-0036-3.
 */
#ifndef DEMC_GEOMETRY_H
#define DEMC_GEOMETRY_H

#include "../base.h"
#include "../facet.h" /* demc_facet_contact */

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_GEOMETRY)
#  define DEMC_GEOMETRY_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_GEOMETRY_FN DEMC_STATIC_INLINE
#else
#  define DEMC_GEOMETRY_FN extern DEMC_EXPORT
#endif
/** @endcond */

DEMC_BEGIN_DECLS

/**
 * @brief The contact frame of two bodies at one instant.
 *
 * The contact point is C = x_i + branch_i = x_j + branch_j. Following [Zabulionis 2012] eq 8 it lies on the line of
 * centres at R_i − δ/2 from centre i and R_j − δ/2 from centre j (the middle of the overlap region, for unequal radii
 * too). Plain data, filled by demc_geometry_sphere_sphere() or demc_geometry_sphere_wall().
 */
typedef struct demc_geometry {
    double overlap;     /**< δ, m: positive in contact, negative for a gap ([Zabulionis 2012] eq 6, 7). */
    demc_vec3 normal;   /**< n, unit vector from body j to body i ([Zabulionis 2012] eq 4, 5); the zero vector when it
                             is
                             undefined (coincident centres, zero wall normal). */
    demc_vec3 branch_i; /**< d_i = C − x_i, m: from the centre of i to the contact point, −(R_i − δ/2) n ([Zabulionis
                             2012] eq 8). */
    demc_vec3 branch_j; /**< d_j = C − x_j, m: from the centre of j (a wall's reference point) to the contact
                             point; (R_j − δ/2) n for a sphere. */
} demc_geometry;

/**
 * @brief Relative velocity of the contact points and its parts in the contact frame.
 */
typedef struct demc_kinematics {
    demc_vec3 velocity;            /**< v_C = v_i + ω_i × d_i − v_j − ω_j × d_j, m/s: velocity of i's material
                                        point at C relative to j's ([Zabulionis 2012] eq 9). */
    double overlap_rate;           /**< δ̇ = dδ/dt = −v_C · n, m/s: positive while the bodies approach, exactly,
                                        also for a moving, rotating wall ([Zabulionis 2012] eq 10 is the normal part −δ̇ n). The
                                        sign convention of every dashpot's `overlap_rate` argument (damping.h). */
    demc_vec3 tangential_velocity; /**< v_t = v_C − v_n n, m/s, the sliding velocity in the tangent plane
                                        ([Zabulionis 2012] eq 11). */
} demc_kinematics;

/**
 * @brief Contact geometry of two spheres ([Zabulionis 2012] eq 4, 6, 8).
 *
 * n = (x_i − x_j)/|x_i − x_j|, δ = R_i + R_j − |x_i − x_j|, d_i = −(R_i − δ/2) n, d_j = (R_j − δ/2) n.
 * Coincident centres (|x_i − x_j| = 0, or below about 1e-154 where its square underflows) have no normal: the
 * result is n = 0, δ = R_i + R_j, d_i = d_j = 0 — finite, and any force along n vanishes.
 * Swapping i and j flips n and exchanges the branch vectors exactly.
 *
 * @param center_i, center_j centres, m.
 * @param radius_i, radius_j radii, m (> 0 for the documented meaning; any finite value gives finite results).
 */
DEMC_GEOMETRY_FN demc_geometry demc_geometry_sphere_sphere(demc_vec3 center_i, double radius_i, demc_vec3 center_j,
                                                           double radius_j);

/**
 * @brief Contact geometry of a sphere i and a plane wall j ([Zabulionis 2012] eq 5, 7, 8).
 *
 * n = wall_normal, δ = R_i − n·(x_i − x_w), d_i = −(R_i − δ/2) n ([Zabulionis 2012] eq 8 with the wall's R → ∞, the
 * limit of demc_geometry_sphere_sphere() for a large sphere j tangent to the plane at the foot of x_i), and
 * d_j = x_i + d_i − x_w from the wall's reference point. A zero wall_normal gives n = 0, δ = R_i: finite.
 *
 * @param center_i the sphere's centre, m.
 * @param radius_i its radius, m.
 * @param wall_point x_w, a point of the wall plane, m: the wall's reference point for its angular velocity.
 * @param wall_normal unit normal of the plane pointing towards the side where the sphere is (from j to i).
 *        Its length is not checked (hot path): normalise it once when the wall is set up.
 */
DEMC_GEOMETRY_FN demc_geometry demc_geometry_sphere_wall(demc_vec3 center_i, double radius_i, demc_vec3 wall_point,
                                                         demc_vec3 wall_normal);

/**
 * @brief Relative velocity of the contact points and its normal and tangential parts ([Zabulionis 2012] eq 9-11).
 *
 * For a wall, velocity_j is the velocity of the wall's reference point and angular_velocity_j its angular
 * velocity (zero for a translating wall). The result is invariant under a rigid motion superposed on both bodies
 * (it is objective), and flips sign when i and j are swapped.
 *
 * @param geometry the contact frame (not NULL).
 * @param velocity_i, angular_velocity_i velocity of centre i (m/s) and angular velocity of body i (rad/s).
 * @param velocity_j, angular_velocity_j the same for body j.
 */
DEMC_GEOMETRY_FN demc_kinematics demc_geometry_kinematics(const demc_geometry *geometry, demc_vec3 velocity_i,
                                                          demc_vec3 angular_velocity_i, demc_vec3 velocity_j,
                                                          demc_vec3 angular_velocity_j);

/**
 * @brief Torque about centre i of a force acting on body i at the contact point: d_i × F, N·m.
 *
 * [Zabulionis 2012] eq 13 prints M = F_t × d_C, the opposite order; with F the force on body i the torque about its
 * centre is d_i × F (r × F), which is what this returns. Only the tangential part of F contributes (d_i is parallel to
 * n).
 *
 * @param geometry the contact frame.
 * @param force_i the contact force on body i, N.
 */
DEMC_GEOMETRY_FN demc_vec3 demc_geometry_torque_i(const demc_geometry *geometry, demc_vec3 force_i);

/**
 * @brief Torque about centre j (a wall's reference point) of the reaction −F at the contact point: −d_j × F, N·m.
 *
 * With demc_geometry_torque_i() it balances angular momentum: x_i × F + τ_i − x_j × F + τ_j = 0.
 *
 * @param geometry the contact frame.
 * @param force_i the contact force on body i, N (body j receives −force_i).
 */
DEMC_GEOMETRY_FN demc_vec3 demc_geometry_torque_j(const demc_geometry *geometry, demc_vec3 force_i);

/**
 * @brief The frame of sphere i and a facet (this header's conventions): overlap, normal, branch vectors.
 *
 * δ = R_i − d, n = contact->normal, d_i = −(R_i − δ/2) n, d_j = C − x_ref. The library's contact point
 * C = x_i + d_i = P − (δ/2) n lies half an overlap below P, midway between P and the deepest point x_i − R_i n of
 * the sphere, as for a plane wall in demc_geometry_sphere_wall() and for two spheres in
 * demc_geometry_sphere_sphere() with R_j = 0. With x_ref = P (pass contact->point) d_j = −(δ/2) n, and the facet
 * side moves with v_j = demc_facet_point_velocity() and
 * ω_j = demc_facet_angular_velocity(); a rigid facet may instead use its own reference point, velocity and
 * angular velocity. On a face region this is exactly demc_geometry_sphere_wall() with the facet's plane.
 *
 * @param contact from demc_facet_closest_point() for this centre (not NULL).
 * @param center_i the sphere's centre, m.
 * @param radius_i its radius, m.
 * @param reference_point x_ref, the facet side's reference point for branch_j, m.
 */
DEMC_GEOMETRY_FN demc_geometry demc_geometry_sphere_facet(const demc_facet_contact *contact, demc_vec3 center_i,
                                                double radius_i, demc_vec3 reference_point);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_GEOMETRY)
#  include "../impl/geometry_impl.h"
#endif

#endif /* DEMC_GEOMETRY_H */
