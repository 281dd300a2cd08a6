/* The batch's loops one contact at a time: chunks, the dense pass and the sift of a sparse chunk, prefetches, outputs.
 * Part of the bodies of contact.h (impl/contact_impl.h includes the parts in order); each part includes the
 * parts it uses, which lie above it in that order. */
#ifndef DEMC_CONTACT_BATCH_LOOP_IMPL_H
#define DEMC_CONTACT_BATCH_LOOP_IMPL_H

#include "../contact.h" /* the public declarations (nothing, when this part is included from there) */
#include "contact_frame_impl.h"
#include "contact_eval_impl.h"
#include "contact_heat_impl.h"

DEMC_BEGIN_DECLS

/* ---- batch ----------------------------------------------------------------------------------------------- */

/* A batch is evaluated a chunk of DEMCI_BATCH_CHUNK contacts at a time, each chunk in one of two ways, chosen by how
 * many contacts of the chunk before were within reach (results are the same either way, bit for bit: each contact
 * is evaluated alone and the contacts are emitted in their order):
 * - dense (more than half within reach, and the first chunk): one pass; each contact tested for reach and evaluated
 *   in turn, everything it reads prefetched DEMCI_BATCH_PREFETCH contacts ahead (8: enough to cover a memory
 *   latency of ~100 ns at ~20-50 ns a contact);
 * - sparse (a neighbour list, most pairs apart): the sift tests every contact of the chunk on its positions and radii
 *   alone and lists it as within reach or apart without a branch on the outcome, prefetching positions, radii and
 *   the state DEMCI_BATCH_SIFT_AHEAD contacts ahead (a sifted pair costs ~10 ns); the pairs apart are then released
 *   in a loop of their own (their states reset in a burst of stores: without the state's prefetch, the burst waits
 *   for the lines and the defaults' 9-double states cost 1.45 of the hand-written kernel instead of 1.1), then the
 *   listed contacts are evaluated, the rest of their bodies prefetched DEMCI_BATCH_EVAL_AHEAD listed contacts ahead.
 *   Only the touching contacts pay for the motion's prefetch, and the SIMD lanes pair two touching contacts
 *   wherever they are in the list.
 * Measured with make bench: the sift costs ~50 instructions a contact, which a dense chunk does not pay; a pair apart
 * costs ~175 in the dense pass (the prefetch of its motion, the loop around the lanes) and ~65 in the sift, without
 * the mispredicted branch that a test taken one pair at a time pays in a list where a pair in ten touches. */
#define DEMCI_BATCH_CHUNK 64
#define DEMCI_BATCH_PREFETCH 8
#define DEMCI_BATCH_SIFT_AHEAD 16
#define DEMCI_BATCH_EVAL_AHEAD 4

#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
#  define DEMCI_PREFETCH(address) __builtin_prefetch((address), 0, 3)
#  define DEMCI_PREFETCH_WRITE(address) __builtin_prefetch((address), 1, 3)
#else
#  define DEMCI_PREFETCH(address) ((void)(address))
#  define DEMCI_PREFETCH_WRITE(address) ((void)(address))
#endif

/* Body k of a batch; its moment of inertia read only for a kind whose law needs it (a constant test). */
DEMC_HOT_INLINE demc_body demci_contact_batch_body(demc_contact_kind kind, const demc_contact_batch *b, int k)
{
    const double *x = b->position + (size_t)k * b->vector_stride;
    const double *v = b->velocity + (size_t)k * b->vector_stride;
    const double *w = b->angular_velocity + (size_t)k * b->vector_stride;
    demc_body body;
    body.position = demc_vec3_make(x[0], x[1], x[2]);
    body.velocity = demc_vec3_make(v[0], v[1], v[2]);
    body.angular_velocity = demc_vec3_make(w[0], w[1], w[2]);
    body.radius = b->radius[(size_t)k * b->scalar_stride];
    body.mass = b->mass[(size_t)k * b->scalar_stride];
    body.inertia = 0.0;
    if ((demci_rolling_law(DEMCI_KIND_ROLLING(kind)).inertia ||
         demci_twisting_law(DEMCI_KIND_TWISTING(kind)).inertia) &&
        b->inertia)
        body.inertia = b->inertia[(size_t)k * b->scalar_stride];
    return body;
}

/* What the reach test of body k reads: its position and radius. */
DEMC_HOT_INLINE void demci_contact_batch_prefetch_place(const demc_contact_batch *b, int k)
{
    DEMCI_PREFETCH(b->position + (size_t)k * b->vector_stride);
    DEMCI_PREFETCH(b->radius + (size_t)k * b->scalar_stride);
}

/* The rest of what a contact reads of body k, and the accumulators it adds into (read, then written): when they
 * are requested, a quarter of the lines a contact touches. (The heat's lines: demci_contact_batch_heat_chunk().) */
DEMC_HOT_INLINE void demci_contact_batch_prefetch_motion(const demc_contact_batch *b, int k)
{
    DEMCI_PREFETCH(b->velocity + (size_t)k * b->vector_stride);
    DEMCI_PREFETCH(b->angular_velocity + (size_t)k * b->vector_stride);
    DEMCI_PREFETCH(b->mass + (size_t)k * b->scalar_stride);
    if (b->body_force) DEMCI_PREFETCH_WRITE(b->body_force + (size_t)k * b->vector_stride);
    if (b->body_torque) DEMCI_PREFETCH_WRITE(b->body_torque + (size_t)k * b->vector_stride);
}

DEMC_HOT_INLINE void demci_contact_batch_add(double *accumulator, size_t at, demc_vec3 v)
{
    accumulator[at] += v.x;
    accumulator[at + 1] += v.y;
    accumulator[at + 2] += v.z;
}

/* The per-contact outputs of contact q, as the batch asks for them. */
DEMC_HOT_INLINE void demci_contact_batch_store(const demc_contact_batch *b, size_t q, const demc_contact_result *r)
{
    if (b->force) demci_contact_store3(b->force + 3 * q, r->force);
    if (b->torque_i) demci_contact_store3(b->torque_i + 3 * q, r->torque_i);
    if (b->torque_j) demci_contact_store3(b->torque_j + 3 * q, r->torque_j);
}

/* The outputs of an evaluated contact q: written per contact and added to the bodies (j not against a wall),
 * whatever its overlap: an adhesive neck pulls at δ < 0, and what reaches force[q] reaches the accumulators. Only
 * a released pair (a zero result) adds nothing (demci_contact_batch_release()). */
DEMC_HOT_INLINE void demci_contact_batch_emit(const demc_contact_batch *b, size_t q, int i, int j, int wall,
                                              const demc_contact_result *r)
{
    demci_contact_batch_store(b, q, r);
    if (b->body_force) {
        demci_contact_batch_add(b->body_force, (size_t)i * b->vector_stride, r->force);
        if (!wall) demci_contact_batch_add(b->body_force, (size_t)j * b->vector_stride, demc_vec3_neg(r->force));
    }
    if (b->body_torque) {
        demci_contact_batch_add(b->body_torque, (size_t)i * b->vector_stride, r->torque_i);
        if (!wall) demci_contact_batch_add(b->body_torque, (size_t)j * b->vector_stride, r->torque_j);
    }
}

/* demci_contact_batch_emit() of a plain batch (demci_contact_batch_plain(), below): the same additions in the same
 * order, without its five tests of what the batch asks for (the same for every contact, and taken for every contact:
 * about 12 instructions a contact, 3-4 % of the in-cache batch's in the lanes). */
DEMC_HOT_INLINE void demci_contact_batch_emit_bodies(const demc_contact_batch *b, int i, int j, int wall,
                                                     const demc_contact_result *r)
{
    demci_contact_batch_add(b->body_force, (size_t)i * b->vector_stride, r->force);
    if (!wall) demci_contact_batch_add(b->body_force, (size_t)j * b->vector_stride, demc_vec3_neg(r->force));
    demci_contact_batch_add(b->body_torque, (size_t)i * b->vector_stride, r->torque_i);
    if (!wall) demci_contact_batch_add(b->body_torque, (size_t)j * b->vector_stride, r->torque_j);
}

/* The heat of an evaluated contact q (1.1) at contact radius a, added in the contacts' order as its forces are: the
 * conduction (a batch has no diag, so no frictional heat) into body i and, for a sphere j, out of body j; body j's
 * temperature is a sphere's, or boundary_temperature[j] of a wall (j = 0) or of facet j. Taken only when the batch
 * asks for heat of a model with a heat law (b->heat_flow set: demci_contact_batch_heat_asked()). */
DEMC_HOT_INLINE void demci_contact_batch_heat_at(const double *c, const demc_contact_batch *b, size_t q, int i, int j,
                                                 int boundary, double a, double dt)
{
    const size_t ss = b->scalar_stride;
    const double t_j = boundary ? b->boundary_temperature[j] : b->temperature[(size_t)j * ss];
    const demc_contact_heat_result h =
        demci_contact_heat_at(c, a, NULL, b->temperature[(size_t)i * ss], t_j, dt, b->state + q * b->state_stride);
    b->heat_flow[(size_t)i * ss] += h.heat_flow_i;
    if (!boundary) b->heat_flow[(size_t)j * ss] += h.heat_flow_j;
}

/* demci_contact_batch_heat_at() with the contact radius of the overlap and R* of contact q's frame (the JKR neck's
 * while it holds: read from the state its evaluation left). Out of line, so that a batch without heat pays one test
 * per contact and not the registers of the heat in its loop. */
DEMCI_OUT_OF_LINE
void demci_contact_batch_heat(const double *c, const demc_contact_batch *b, size_t q, int i, int j, int boundary,
                              double overlap, double r_star, double dt)
{
    demci_contact_batch_heat_at(c, b, q, i, j, boundary,
                                demci_contact_heat_radius(c, overlap, r_star, b->state + q * b->state_stride), dt);
}

/* The frame builders' test of contact, from the positions and radii alone. */
DEMC_HOT_INLINE int demci_contact_batch_touching(const double *c, const demc_contact_batch *b, int i, int j,
                                                 const demc_wall *wall)
{
    const double *xi = b->position + (size_t)i * b->vector_stride;
    const double ri = b->radius[(size_t)i * b->scalar_stride];
    if (wall) {
        const demc_vec3 dx = demc_vec3_sub(demc_vec3_make(xi[0], xi[1], xi[2]), wall->point);
        return ri - demc_vec3_dot(wall->normal, dx) > -c[DEMCI_M_RANGE];
    } else {
        const double *xj = b->position + (size_t)j * b->vector_stride;
        const double reach = ri + b->radius[(size_t)j * b->scalar_stride] + c[DEMCI_M_RANGE];
        const demc_vec3 dx = demc_vec3_make(xi[0] - xj[0], xi[1] - xj[1], xi[2] - xj[2]);
        return demc_vec3_norm2(dx) < reach * reach;
    }
}

/* Whether a batch asks for per-contact outputs (tested once per chunk, not per contact apart). */
DEMC_HOT_INLINE int demci_contact_batch_per_contact(const demc_contact_batch *b)
{
    return b->force || b->torque_i || b->torque_j;
}

/* 1 when a batch asks for the bodies' forces and torques and nothing per contact (a host's usual request): its
 * outputs are then demci_contact_batch_emit_bodies(). */
DEMC_HOT_INLINE int demci_contact_batch_plain(const demc_contact_batch *b)
{
    return !demci_contact_batch_per_contact(b) && b->body_force && b->body_torque;
}

/* Contact q of a batch, apart: released on its squared distance, before the rest of its bodies is read or a frame
 * is built (what the frame builder and the evaluation would give: a zero result, the state reset; with heat, the
 * heat law's memory is reset by demci_contact_batch_heat_chunk() once per chunk). It adds nothing into the
 * accumulators: the per-contact outputs, when there are any, are all it writes besides its state. */
DEMC_HOT_INLINE void demci_contact_batch_release(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                                 size_t q, int per_contact)
{
    const demc_contact_result r = demci_contact_release(kind, c, 0.0, b->state + q * b->state_stride, NULL);
    if (per_contact) demci_contact_batch_store(b, q, &r);
}

/* Contact q of a batch, within reach: evaluated and emitted; by the body of the kind, or (general, a constant) by
 * the out-of-line general body, the kind then read at run time (the loop of the kinds no dispatch specialises). */
DEMC_HOT_INLINE void demci_contact_batch_one(demc_contact_kind kind, int general, const double *c,
                                             const demc_contact_batch *b, const demc_wall *wall, double dt, size_t q)
{
    const int i = b->i[q], j = wall ? 0 : b->j[q];
    double *const state = b->state + q * b->state_stride;
    const demc_body bi = demci_contact_batch_body(kind, b, i);
    demc_body bj;
    demc_contact_frame f;
    demc_contact_result r;
    if (wall) {
        f = demci_contact_frame_wall(c, &bi, wall);
    } else {
        bj = demci_contact_batch_body(kind, b, j);
        f = demci_contact_frame_spheres(c, &bi, &bj);
    }
    r = general ? demci_contact_eval_general(c, &f, dt, state, NULL)
                : demci_contact_eval_kind(kind, c, &f, dt, state, NULL);
    demci_contact_batch_emit(b, q, i, j, wall != 0, &r);
    if (b->heat_flow) demci_contact_batch_heat(c, b, q, i, j, wall != 0, f.overlap, f.effective_radius, dt);
}

/* The prefetches of a dense chunk for the contact DEMCI_BATCH_PREFETCH after q: everything of its bodies (body i once
 * per run of the same i: a neighbour list is grouped by i) and its state. */
DEMC_HOT_INLINE void demci_contact_batch_ahead(const demc_contact_batch *b, const demc_wall *wall, size_t q)
{
    if (q + DEMCI_BATCH_PREFETCH < b->count) {
        const int ahead = b->i[q + DEMCI_BATCH_PREFETCH];
        if (ahead != b->i[q + DEMCI_BATCH_PREFETCH - 1]) {
            demci_contact_batch_prefetch_place(b, ahead);
            demci_contact_batch_prefetch_motion(b, ahead);
        }
        if (!wall) {
            demci_contact_batch_prefetch_place(b, b->j[q + DEMCI_BATCH_PREFETCH]);
            demci_contact_batch_prefetch_motion(b, b->j[q + DEMCI_BATCH_PREFETCH]);
        }
        DEMCI_PREFETCH_WRITE(b->state + (q + DEMCI_BATCH_PREFETCH) * b->state_stride);
    }
}

/* The sift of a sparse chunk, contacts [start, end) (at most DEMCI_BATCH_CHUNK): the contacts within reach listed in
 * `within`, in order, and their number returned; the pairs apart released. The test's outcome is not branched on (in a
 * neighbour list it is as good as random: a branch on it mispredicts for a pair in ten or more): each index is
 * written to both lists and one count moves. The pairs apart are then released in a loop of their own, so that the
 * test loop stores no double (nothing it reads has to be read again after a store). */
DEMC_HOT_INLINE size_t demci_contact_batch_sift(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                               const demc_wall *wall, size_t start, size_t end, size_t *within)
{
    const int per_contact = demci_contact_batch_per_contact(b);
    size_t apart[DEMCI_BATCH_CHUNK];
    size_t q, t, n = 0, m = 0;
    for (q = start; q < end; ++q) {
        const size_t touching = (size_t)demci_contact_batch_touching(c, b, b->i[q], wall ? 0 : b->j[q], wall);
        if (q + DEMCI_BATCH_SIFT_AHEAD < b->count) {
            const size_t ahead = q + DEMCI_BATCH_SIFT_AHEAD;
            if (b->i[ahead] != b->i[ahead - 1]) demci_contact_batch_prefetch_place(b, b->i[ahead]);
            if (!wall) demci_contact_batch_prefetch_place(b, b->j[ahead]);
            DEMCI_PREFETCH_WRITE(b->state + ahead * b->state_stride);
        }
        within[n] = q; /* n, m ≤ q − start < DEMCI_BATCH_CHUNK */
        apart[m] = q;
        n += touching;
        m += 1 - touching;
    }
    for (t = 0; t < m; ++t) demci_contact_batch_release(kind, c, b, apart[t], per_contact);
    return n;
}

/* The motion of the bodies of the listed contact DEMCI_BATCH_EVAL_AHEAD after the t-th, prefetched. */
DEMC_HOT_INLINE void demci_contact_batch_motion_ahead(const demc_contact_batch *b, const demc_wall *wall,
                                                      const size_t *within, size_t n, size_t t)
{
    if (t + DEMCI_BATCH_EVAL_AHEAD < n) {
        const size_t q = within[t + DEMCI_BATCH_EVAL_AHEAD];
        demci_contact_batch_prefetch_motion(b, b->i[q]);
        if (!wall) demci_contact_batch_prefetch_motion(b, b->j[q]);
    }
}

/* The list of a dense chunk, contacts [start, end): each tested for reach in turn, everything it reads prefetched
 * DEMCI_BATCH_PREFETCH contacts ahead; a contact apart is released at once, the contacts within reach are listed in
 * `within`, in order, and their number returned. */
DEMC_HOT_INLINE size_t demci_contact_batch_dense_list(demc_contact_kind kind, const double *c,
                                                      const demc_contact_batch *b, const demc_wall *wall, size_t start,
                                                      size_t end, size_t *within)
{
    const int per_contact = demci_contact_batch_per_contact(b);
    size_t q, n = 0;
    for (q = start; q < end; ++q) {
        demci_contact_batch_ahead(b, wall, q);
        if (demci_contact_batch_touching(c, b, b->i[q], wall ? 0 : b->j[q], wall)) within[n++] = q;
        else demci_contact_batch_release(kind, c, b, q, per_contact);
    }
    return n;
}

/* A chunk [start, end) of a batch with heat (1.1), its contacts within reach within[0..n) in order, before they are
 * evaluated, once per chunk and out of line (a batch without heat pays one test per chunk): the temperatures and
 * heat accumulators of the bodies of the listed contacts prefetched (their heat is added after their forces, so
 * the lines have a chunk's evaluation to arrive: gathered at random, they would otherwise cost 20-30 % of the
 * batch), and the collisional law's memory of the pairs apart reset (demci_contact_heat_release(); the other laws
 * keep none, so the walk, whose test mispredicts in a neighbour list, is not taken for them). */
DEMCI_OUT_OF_LINE
void demci_contact_batch_heat_chunk(const double *c, const demc_contact_batch *b, const demc_wall *wall,
                                    size_t start, size_t end, const size_t *within, size_t n)
{
    const size_t ss = b->scalar_stride;
    size_t q, t;
    for (t = 0; t < n; ++t) {
        const size_t i = (size_t)b->i[within[t]];
        DEMCI_PREFETCH(b->temperature + i * ss);
        DEMCI_PREFETCH_WRITE(b->heat_flow + i * ss);
        if (!wall) {
            const size_t j = (size_t)b->j[within[t]];
            DEMCI_PREFETCH(b->temperature + j * ss);
            DEMCI_PREFETCH_WRITE(b->heat_flow + j * ss);
        }
    }
    if (c[DEMCI_M_HEAT_LAW] != (double)DEMC_HEAT_COLLISION) return;
    for (q = start, t = 0; q < end; ++q) {
        if (t < n && within[t] == q) ++t;
        else demci_contact_heat_release(c, b->state + q * b->state_stride);
    }
}

/* The end of the chunk that starts at `start`. */
DEMC_HOT_INLINE size_t demci_contact_batch_chunk_end(const demc_contact_batch *b, size_t start)
{
    return b->count - start > DEMCI_BATCH_CHUNK ? start + DEMCI_BATCH_CHUNK : b->count;
}

/* The loop of a batch with the kind as a constant after inlining (one instantiation per kind), chunk by chunk: each
 * chunk's contacts within reach are listed (a dense chunk by testing each in turn, a sparse one by the sift), the
 * pairs apart released, then the listed contacts evaluated in their order (the order of the additions into the
 * accumulators is the contacts'; a contact released adds nothing). One evaluation site: the body is instantiated
 * once per kind, and not at all for the general loop (general: demci_contact_batch_one()). */
DEMC_HOT_INLINE void demci_contact_batch_loop(demc_contact_kind kind, int general, const double *c,
                                              const demc_contact_batch *b, const demc_wall *wall, double dt)
{
    size_t start, end, within = 1, length = 1; /* of the chunk before; the first chunk is taken as dense */
    size_t list[DEMCI_BATCH_CHUNK];
    for (start = 0; start < b->count; start = end) {
        const int dense = 2 * within > length;
        size_t t;
        end = demci_contact_batch_chunk_end(b, start);
        length = end - start;
        within = dense ? demci_contact_batch_dense_list(kind, c, b, wall, start, end, list)
                       : demci_contact_batch_sift(kind, c, b, wall, start, end, list);
        if (b->heat_flow) demci_contact_batch_heat_chunk(c, b, wall, start, end, list, within);
        for (t = 0; t < within; ++t) {
            /* a dense chunk's contacts were prefetched whole; a sifted chunk's motion is fetched here */
            if (!dense) demci_contact_batch_motion_ahead(b, wall, list, within, t);
            demci_contact_batch_one(kind, general, c, b, wall, dt, list[t]);
        }
    }
}

DEMC_END_DECLS

#endif /* DEMC_CONTACT_BATCH_LOOP_IMPL_H */
