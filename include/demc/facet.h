/**
 * @file facet.h
 * @brief Sphere–triangle contact for FEM/DEM coupling: closest point and its region (face, edge, vertex),
 *        overlap and normal, the facet's material velocity from nodal velocities or a rigid motion, load transfer
 *        to the three nodes, and the rule that makes a sphere on a flat or convex mesh feel one contact.
 *
 * Body i is the sphere (centre x_i, radius R_i), body j is the facet: a triangle x_0, x_1, x_2 whose winding
 * orients its face normal n_f = (x_1 − x_0) × (x_2 − x_0) / |…|. The conventions of contact.h hold: the overlap
 * δ = R_i − d (d the distance from x_i to the triangle) is positive in contact, the unit normal n points from the
 * facet (its closest point P) to the sphere's centre, and a force passed in is the force on the sphere.
 *
 * One step for one sphere:
 * 1. demc_facet_closest_point() for each candidate facet (region, closest point P, barycentric weights, d, n);
 * 2. demc_facet_reduce() over the sphere's candidates of one mesh, with the node ids of each facet: keeps one
 *    contact where several facets meet at a shared edge or vertex of a flat or convex mesh;
 * 3. with an assembled model (contact.h): demc_facet_handover() (which stored state each kept contact continues),
 *    then for each kept contact demc_contact_frame_sphere_facet() and demc_contact_eval() (or, for a list of
 *    contacts, demc_contact_eval_batch_facet()); with laws of the host's own: the same frame
 *    (demc_contact_frame_sphere_facet(), which reads only the model's contact-point rule and range),
 *    demc_facet_point_velocity() and demc_facet_angular_velocity() (the facet side's motion);
 * 4. demc_facet_nodal_forces(): the reaction (force and torque) as three nodal forces for the host's FE load vector.
 *
 * Regions and the multi-facet rule are drawn and explained on @ref facet_page "Sphere–triangle contact".
 *
 * All functions here are hot-path functions: no validation, no status, no NaN or infinity for finite inputs
 * whose coordinates are below about 1e75 in magnitude, degenerate (needle, zero-area) triangles included: the
 * squared double area |e01 × e02|² is a fourth power of the lengths, which overflows above about 1e77 (a triangle
 * of 1e80 m edges was taken for a face region with a zero face normal). Below, edges shorter than about 1e-75
 * give a face normal of reduced precision (that fourth power is subnormal), and distances whose squares underflow
 * (below about 1e-154) keep the normal unit and d = |x − P| but choose the closest edge or vertex on squared
 * distances that have lost their precision (page @ref bad_input).
 */
#ifndef DEMC_FACET_H
#define DEMC_FACET_H

#include <stddef.h>
#include <stdint.h> /* int64_t: node ids and indices of the same width on every platform */

#include "base.h"

/** @cond INTERNAL */
#if defined(DEMC_IMPLEMENT_FACET)
#  define DEMC_FACET_FN DEMC_EXPORT
#elif DEMC_INLINE_BODIES
#  define DEMC_FACET_FN DEMC_STATIC_INLINE
#else
#  define DEMC_FACET_FN extern DEMC_EXPORT
#endif
/** @endcond */

/**
 * A triangle is degenerate (needle or zero area) when twice its area is at most this fraction of the square of
 * its longest edge, 2A ≤ 1e-8 · L_max² (its smallest height below about 1e-8 L_max). A degenerate triangle has
 * no face region and no face normal: its closest point is searched on its three edges only.
 */
#define DEMC_FACET_DEGENERATE_RATIO 1e-8

/**
 * Relative radius within which demc_facet_reduce() treats two contacts of one sphere as the same contact:
 * closest points at most 1e-5 · max(d_A, d_B) apart (their normals then differ by at most about 1e-5 rad).
 */
#define DEMC_FACET_MERGE_TOLERANCE 1e-5

DEMC_BEGIN_DECLS

/**
 * @brief A triangular facet: three nodes with their positions and velocities.
 *
 * The winding x_0 → x_1 → x_2 orients the face normal (right-hand rule). Edge k joins node k and node k+1
 * (mod 3). For a still facet the velocities are zero (demc_facet_triangle_make()); for a FE surface they are the
 * nodal velocities of the element face; for a rigid facet, demc_facet_rigid_velocity() at each node.
 * Plain data, frozen layout.
 */
typedef struct demc_facet_triangle {
    demc_vec3 vertex[3];   /**< Node positions x_0, x_1, x_2, m. */
    demc_vec3 velocity[3]; /**< Node velocities v_0, v_1, v_2, m/s. */
} demc_facet_triangle;

/**
 * @brief The region of a triangle that holds the closest point to a sphere's centre.
 *
 * Edge k joins vertex k and vertex k+1 (mod 3). Values are fixed (ABI) and only ever appended.
 */
typedef enum demc_facet_region {
    DEMC_FACET_REGION_FACE = 0,     /**< The foot of the perpendicular lies in the (closed) triangle. */
    DEMC_FACET_REGION_EDGE_01 = 1,  /**< Inside edge x_0 x_1 (not at an end). */
    DEMC_FACET_REGION_EDGE_12 = 2,  /**< Inside edge x_1 x_2. */
    DEMC_FACET_REGION_EDGE_20 = 3,  /**< Inside edge x_2 x_0. */
    DEMC_FACET_REGION_VERTEX_0 = 4, /**< At vertex x_0. */
    DEMC_FACET_REGION_VERTEX_1 = 5, /**< At vertex x_1. */
    DEMC_FACET_REGION_VERTEX_2 = 6, /**< At vertex x_2. */
    DEMC_FACET_REGION_MAX_ = 0x7FFFFFFF /**< Pins the enum to int width; not a count, never valid input. */
} demc_facet_region;

/**
 * @brief The closest point of a triangle to a point (a sphere's centre), with its region.
 *
 * Filled by demc_facet_closest_point(). Plain data, frozen layout. It does not depend on the sphere's radius:
 * the overlap is R_i − distance (demc_contact_frame_sphere_facet()).
 */
typedef struct demc_facet_contact {
    demc_facet_region region; /**< Region of the closest point (face, one of three edges, one of three vertices). */
    double distance;          /**< d = |x_i − P| ≥ 0, m (for the face region, |height|). */
    double height;            /**< h = n_f · (x_i − x_0), m: signed distance of the centre from the facet's plane
                                   along the winding normal (positive on the front side); 0 for a degenerate
                                   triangle. A host with one-sided facets keeps contacts with h ≥ 0. */
    demc_vec3 point;          /**< P, m: the closest point of the triangle (a material point of the facet). */
    demc_vec3 normal;         /**< n, unit, from P towards the centre: (x_i − P)/d; for the face region
                                   sign(h) n_f (+n_f when h = 0). When d = 0 outside the face region it is n_f,
                                   and for a degenerate triangle with d = 0 the zero vector (no direction). */
    demc_vec3 face_normal;    /**< n_f, the unit winding normal of the triangle; the zero vector for a
                                   degenerate triangle. */
    double weight[3];         /**< Barycentric coordinates w_k of P: P = Σ w_k x_k, Σ w_k = 1, w_k ∈ [0, 1]. */
} demc_facet_contact;

/** @brief A still triangle with vertices a, b, c (velocities zero). Non-validating constructor. */
DEMC_FACET_FN demc_facet_triangle demc_facet_triangle_make(demc_vec3 a, demc_vec3 b, demc_vec3 c);

/**
 * @brief The closest point of the triangle to a point x (the sphere's centre), its region, barycentric weights,
 *        distance, signed height and unit normal.
 *
 * For a non-degenerate triangle the barycentric coordinates of the foot of the perpendicular from x are
 * w_1 = n·((x − x_0) × e_02)/|n|², w_2 = n·(e_01 × (x − x_0))/|n|², w_0 = 1 − w_1 − w_2 with n = e_01 × e_02;
 * when all three are ≥ 0 the closest point is the foot P = x − h n_f (face region). Otherwise, and always for a
 * degenerate triangle (#DEMC_FACET_DEGENERATE_RATIO), P is the closest of the closest points of the three edges
 * (segments): on edge k, t = clamp((x − x_k)·e_k/|e_k|², 0, 1), P = x_k + t e_k (t = 0 for a zero-length edge);
 * t = 0 or 1 is a vertex region, 0 < t < 1 an edge region; the first edge wins a tie in distance. For a regular
 * triangle the edges are searched from the foot x − h n_f (the same closest point, since |x − Q|² = h² + |foot − Q|²
 * for Q in the plane), so that two edges whose points are a tiny distance apart are told apart where h² would
 * round the difference away. This is the
 * Voronoi-region closest point of a triangle (C. Ericson, Real-Time Collision Detection, Morgan Kaufmann 2005,
 * section 5.1.5), evaluated so that no division by a vanishing quantity occurs.
 *
 * Degenerate triangles (collinear or coincident vertices) are never in the face region: a needle gives an edge or
 * vertex region of its segments; three coincident vertices give DEMC_FACET_REGION_VERTEX_0; height is 0; n is
 * (x − P)/d, or the zero vector when d = 0. Every output is finite.
 *
 * @param triangle the facet (not NULL; only its vertices are read).
 * @param center x, the sphere's centre, m.
 */
DEMC_FACET_FN demc_facet_contact demc_facet_closest_point(const demc_facet_triangle *triangle, demc_vec3 center);

/**
 * @brief Velocity of the facet's material point P: the barycentric interpolation Σ w_k v_k of the nodal
 *        velocities, m/s (linear shape functions of the element face).
 *
 * Exact for a rigid motion (the velocity field of a rigid body is affine) and for a uniform translation.
 *
 * @param triangle the facet (not NULL; its velocities are read).
 * @param contact from demc_facet_closest_point() on this triangle (not NULL; its weights are read).
 */
DEMC_FACET_FN demc_vec3 demc_facet_point_velocity(const demc_facet_triangle *triangle,
                                                  const demc_facet_contact *contact);

/**
 * @brief Angular velocity of the facet from its nodal velocities, rad/s.
 *
 * With the gradients of the barycentric coordinates ∇w_k = n × e_k / |n|² (n = e_01 × e_02, e_k the edge opposite
 * node k, from node k+1 to node k+2) and the unit normal n_f:
 * ω = Σ_k [ (n_f·v_k) ∇w_k × n_f + ½ (n_f·(∇w_k × v_k)) n_f ].
 * The first part is the rate of turn of the normal (dn_f/dt = ω × n_f exactly), the second the in-plane spin
 * (half the in-plane vorticity). For nodal velocities of a rigid motion v_k = v + ω × (x_k − x_ref) it returns ω.
 * The zero vector for a degenerate triangle.
 *
 * @param triangle the facet (not NULL).
 */
DEMC_FACET_FN demc_vec3 demc_facet_angular_velocity(const demc_facet_triangle *triangle);

/**
 * @brief Velocity of a point of a rigid body: v + ω × (point − x_ref), m/s.
 *
 * For a rigid facet: the nodal velocities (call it at each vertex), or directly the velocity of the material
 * point P.
 *
 * @param reference_point x_ref, m.
 * @param velocity v, the velocity of x_ref, m/s.
 * @param angular_velocity ω, rad/s.
 * @param point the point, m.
 */
DEMC_FACET_FN demc_vec3 demc_facet_rigid_velocity(demc_vec3 reference_point, demc_vec3 velocity,
                                                  demc_vec3 angular_velocity, demc_vec3 point);

/**
 * @brief The facet's whole reaction, force and torque, as three nodal forces for the host's FE load vector.
 *
 * The facet receives the force −F (F = force_i, the contact force on the sphere) and the torque τ_j about its
 * closest point P. With an assembled model τ_j is the result's `torque_j` of demc_contact_eval() on the frame of
 * demc_contact_frame_sphere_facet() (whose body-j reference point is P): −d_j × F plus the couple −M of a rolling
 * or twisting law. With laws of the host's own on the same frame it is −d_j × F plus the couples of those laws;
 * τ_j = 0 puts −F at P. The nodal forces are
 * f_k = −w_k F + (∇w_k · (n_f × τ_j)) n_f + ½ (τ_j · n_f) n_f × ∇w_k,
 * with w_k the barycentric weights of P, n_f the unit face normal and ∇w_k = n × e_k / |n|² as in
 * demc_facet_angular_velocity() (n = e_01 × e_02, e_k the edge opposite node k). They carry the whole reaction:
 * Σ f_k = −F and Σ (x_k − o) × f_k = (P − o) × (−F) + τ_j about every point o, exactly in exact arithmetic
 * (Σ w_k = 1, Σ w_k x_k = P, Σ ∇w_k = 0, Σ x_k ∇w_kᵀ = I − n_f n_fᵀ, Σ (x_k − P) × (n_f × ∇w_k) = 2 n_f), to
 * rounding in floating point. The first term is the consistent load of a point force at P (linear shape
 * functions); the other two are a self-equilibrated set with moment τ_j, and together they are the transpose of
 * demc_facet_point_velocity() and demc_facet_angular_velocity(): for any nodal velocities v_k,
 * Σ f_k · v_k = −F · v_P + τ_j · ω_j, the power of the reaction on the facet as the contact law sees it (−F at the
 * contact point C moving with v_P + ω_j × d_j, and the couple turning with ω_j), so that the nodes receive the
 * energy the contact gives the facet, on a deforming facet too. The in-plane part of τ_j goes to normal nodal
 * forces (the only normal set with that moment, and the minimum-norm one), its part along n_f to in-plane forces
 * −(τ_j · n_f) e_k / (2|n|) along the edges opposite the nodes (page @ref facet_page). A degenerate triangle
 * (#DEMC_FACET_DEGENERATE_RATIO) has no plane to carry a torque: it gets f_k = −w_k F (finite), τ_j is not carried.
 *
 * @param triangle the facet (not NULL; its vertices are read).
 * @param contact from demc_facet_closest_point() on this triangle (not NULL).
 * @param force_i F, the contact force on the sphere, N (the facet receives −F).
 * @param torque_j τ_j, the torque on the facet about its closest point P (contact->point), N·m: the result's
 *        `torque_j` of the facet frame; 0 for a force at P.
 * @param nodal_force output, three forces on nodes 0, 1, 2, N (not NULL).
 */
DEMC_FACET_FN void demc_facet_nodal_forces(const demc_facet_triangle *triangle, const demc_facet_contact *contact,
                                           demc_vec3 force_i, demc_vec3 torque_j, demc_vec3 *nodal_force);

/**
 * @brief One contact per physical contact: marks which of a sphere's candidate facet contacts to keep.
 *
 * The candidates are the contacts of one sphere with facets of one mesh (or of meshes whose node ids are
 * distinct), with the node ids of each facet (three per candidate, in vertex order). A candidate's feature is
 * the node set of its region (the two nodes of an edge, the one node of a vertex, the facet for a face). With the
 * orders key_D = (distance, region class, index) and key_P = (region class, tilt, distance, index), region class
 * face < edge < vertex, tilt = |n − ±n_f|² the squared angle between the contact normal and the facet's normal
 * (0 for a face region; it picks, among copies of one contact, the one whose normal is its facet's normal: on a
 * flat mesh the copy at the foot of the perpendicular, where the distances agree to rounding), candidate B is
 * dropped when another candidate A has
 * - its closest point within DEMC_FACET_MERGE_TOLERANCE · max(d_A, d_B) of B's (plus 1e-14 times the sum of the
 *   points' largest coordinate magnitudes, for copies of one point at d = 0): the same contact seen from two
 *   facets; and key_P(A) < key_P(B); or, otherwise,
 * - B in an edge or vertex region whose nodes all belong to A's facet, and key_D(A) < key_D(B): B's closest point
 *   lies on A, which is closer, so B's contact is A's seen from outside A.
 * If that drops every candidate, the one with the smallest key_D is kept. On a flat or convex mesh this leaves
 * one contact: the global closest point of the mesh, with the face contact preferred where the foot lies on a
 * shared edge. Across a concave edge each face whose face region holds the centre keeps its contact (two
 * contacts); an edge or vertex contact on a feature of a closer facet is dropped.
 *
 * O(count²) with no allocation; count is the number of facets near one sphere.
 *
 * @param count number of candidates.
 * @param contacts the candidates (count entries; not NULL when count > 0).
 * @param nodes node ids, 3·count entries, nodes[3k + m] the id of vertex m of candidate k's facet; facets of a
 *        mesh share the ids of their shared nodes. NULL skips the second rule (then a mesh is not reduced).
 * @param keep output, count flags: 1 keep, 0 drop (not NULL when count > 0).
 * @return the number of candidates kept (≥ 1 when count ≥ 1).
 */
DEMC_FACET_FN size_t demc_facet_reduce(size_t count, const demc_facet_contact *contacts, const int64_t *nodes,
                                       int *keep);

/**
 * @brief Which stored per-contact state each kept contact of a sphere continues: its own, that of a neighbouring
 *        facet the contact has just left (a handover), or none (a new contact).
 *
 * The per-contact state of an assembled model (contact.h) belongs to a pair (sphere, facet). When the sphere's
 * contact moves across a shared edge or vertex, demc_facet_reduce() keeps a different facet, whose pair has no
 * state, while the facet the contact left is still a candidate (its closest point is now on the shared feature)
 * but dropped. The contact is the same physical contact (its normal is continuous across a flat or convex
 * edge), so its memory (the tangential spring, a latch) must follow it, not restart at zero.
 *
 * With the candidates of one sphere as passed to demc_facet_reduce(), its keep flags, and has_state[k] = 1 when
 * the host holds a state for candidate k's pair from the previous step (0 otherwise), source[k] is:
 * - k for a kept candidate with a state of its own (the contact continues on its facet);
 * - for a kept candidate without one, the donor b whose state it takes: a dropped candidate with a state whose
 *   owner is k, the closest to k's closest point if there are several (ties: the lowest index). The owner of a
 *   dropped candidate b is the kept candidate whose facet shares at least one node with b's facet (any kept
 *   candidate when nodes is NULL) and whose closest point is nearest b's (ties: the lowest index);
 * - −1 otherwise: a kept candidate that starts as a new contact (zero state), and every dropped candidate (its
 *   state, if any, is to be discarded: either handed over or ended).
 * The state is handed over as it is: the previous normal it holds is the old facet's, and the evaluation carries
 * its tangent-plane vectors into the new facet's frame by the usual turn, as at any step.
 *
 * The handover needs the facet the contact left among this step's candidates, which holds when the host's
 * candidates include every facet within R_i of the centre (the facet left is then still overlapped by the sphere
 * unless the centre moved more than the contact radius √(2R_iδ − δ²) past the edge in one step). A
 * kept candidate that has its own state keeps it, so that two contacts of a concave corner keep theirs.
 *
 * O(count²), no allocation.
 *
 * @param count number of candidates.
 * @param contacts the candidates (count entries; not NULL when count > 0).
 * @param nodes node ids as for demc_facet_reduce() (3·count entries), or NULL.
 * @param keep the flags of demc_facet_reduce() (count entries; nonzero: kept).
 * @param has_state count flags: nonzero when the host holds a state for the candidate's pair.
 * @param source output, count entries: the index of the candidate whose stored state candidate k continues with,
 *        or −1.
 * @return the number of handovers (kept candidates whose source is another candidate).
 */
DEMC_FACET_FN size_t demc_facet_handover(size_t count, const demc_facet_contact *contacts, const int64_t *nodes,
                                         const int *keep, const int *has_state, int64_t *source);

DEMC_END_DECLS

#if DEMC_INLINE_BODIES || defined(DEMC_IMPLEMENT_FACET)
#  include "impl/facet_impl.h"
#endif

#endif /* DEMC_FACET_H */
