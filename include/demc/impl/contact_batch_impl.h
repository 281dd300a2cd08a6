/* The batch calls: their checks, the dispatch of a batch to the lanes or the scalar loops, the facet batch.
 * Part of the bodies of contact.h (impl/contact_impl.h includes the parts in order); each part includes the
 * parts it uses, which lie above it in that order. */
#ifndef DEMC_CONTACT_BATCH_IMPL_H
#define DEMC_CONTACT_BATCH_IMPL_H

#include "../contact.h" /* the public declarations (nothing, when this part is included from there) */
#include "contact_setup_impl.h"
#include "contact_dispatch_impl.h"
#include "contact_batch_loop_impl.h"
#include "contact_lanes_impl.h"

DEMC_BEGIN_DECLS

/* The checks of a batch call, in argument order, on the batch as read (demci_contact_batch_read()); nothing is
 * written on an error. */
DEMC_STATIC_INLINE demc_status demci_contact_batch_check(const demc_contact_model *model, const demc_contact_batch *b,
                                                         const demc_wall *wall, int with_wall, int boundary, double dt,
                                                         const char **bad_field)
{
    const int heat = b->temperature || b->heat_flow;
    const int any = b->count > 0;
    if (any && !b->i) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.i", bad_field);
    if (any && !with_wall && !b->j) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.j", bad_field);
    if (any && !b->position) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.position", bad_field);
    if (any && !b->velocity) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.velocity", bad_field);
    if (any && !b->angular_velocity)
        return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.angular_velocity", bad_field);
    if (any && !b->radius) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.radius", bad_field);
    if (any && !b->mass) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.mass", bad_field);
    if (b->vector_stride < 3) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.vector_stride", bad_field);
    if (b->scalar_stride < 1) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.scalar_stride", bad_field);
    if (any && demc_contact_model_state_size(model) > 0 && !b->state)
        return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.state", bad_field);
    if (b->state_stride < demc_contact_model_state_size(model))
        return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.state_stride", bad_field);
    /* heat (1.1): the temperatures and the accumulators together, and a wall's or the facets' temperatures */
    if (heat && !b->temperature) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.temperature", bad_field);
    if (heat && !b->heat_flow) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.heat_flow", bad_field);
    if (heat && boundary && any && !b->boundary_temperature)
        return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.boundary_temperature", bad_field);
    if (with_wall && !wall) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "wall", bad_field);
    return demci_require_positive(dt, "dt", bad_field);
}

/* The model and the caller's batch, checked in argument order, and the batch as this library reads it
 * (demci_contact_sized_copy(): the fields past a smaller caller's size take their defaults). */
DEMC_STATIC_INLINE demc_status demci_contact_batch_read(const demc_contact_model *model, const demc_contact_batch *b,
                                                        demc_contact_batch *local, const char **bad_field)
{
    demc_status s;
    if (!model) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "model", bad_field);
    if (!demci_contact_readable(model->opaque_))
        return demci_material_fail(DEMC_ERR_UNSUPPORTED, "model", bad_field);
    if (!b) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch", bad_field);
    s = demci_contact_sized(b, b->size, DEMC_CONTACT_BATCH_SIZE_1_0, sizeof *local, "batch.size", bad_field);
    if (s == DEMC_OK) demci_contact_sized_copy(local, sizeof *local, b, b->size);
    return s;
}

/* A model without state may be given no state array (batch.state NULL): the loops then address one dummy double
 * with stride 0, since state + q·stride on a null pointer is undefined behaviour even for an offset of 0. */
DEMC_STATIC_INLINE void demci_contact_batch_stateful(demc_contact_batch *local, double *dummy)
{
    if (local->state) return;
    local->state = dummy;
    local->state_stride = 0;
}

/* Each preset's kind gets a loop of its own with the kind folded in (DEMCI_CONTACT_DISPATCH); the other kinds share
 * one loop around the out-of-line general body. With SIMD lanes, the kinds they take never reach the scalar loops,
 * which are then built for the other kinds alone (DEMCI_CONTACT_DISPATCH_REST). */
DEMC_STATIC_INLINE void demci_contact_batch_dispatch(const demc_contact_model *model, const demc_contact_batch *b,
                                                     const demc_wall *wall, double dt)
{
    const double *c = model->opaque_;
    const demc_contact_kind kind = demc_contact_model_kind(model);
#ifdef DEMCI_BATCH_LANES
    if (demci_contact_lanes_serve(kind)) {
        demci_lanes_boundary boundary;
        boundary.wall = wall;
        boundary.triangles = NULL, boundary.contacts = NULL, boundary.nodal = NULL;
        demci_contact_batch_lanes_widest(kind, c, b, wall ? &boundary : NULL, dt);
        return;
    }
#endif
#define DEMCI_RUN(K, TAG) demci_contact_batch_loop((K), 0, c, b, wall, dt)
#ifdef DEMCI_BATCH_LANES /* the presets' kinds and HM+D's laws went to the lanes above */
    DEMCI_CONTACT_DISPATCH_REST(kind, DEMCI_RUN, demci_contact_batch_loop(kind, 1, c, b, wall, dt))
#else
    DEMCI_CONTACT_DISPATCH(kind, DEMCI_RUN, demci_contact_batch_loop(kind, 1, c, b, wall, dt))
#endif
#undef DEMCI_RUN
}

/* The batch that asks for frictional heat (1.1: demc_contact_batch::frictional_heat, heat asked) of spheres (`wall`
 * and `facets` NULL), of a wall, or of facets: contact by contact in order, each within reach through the general
 * body with a diag (the single call's evaluation with energy terms: bit for bit its forces and state) and its heat
 * with that diag (demc_contact_heat(): conduction and the partition of the step's dissipation); the pairs apart
 * released as in every batch. Out of line, with the kind read at run time: it costs what single calls with a diag
 * cost, and the loops of the batches that do not ask for it are left as they are. */
DEMCI_OUT_OF_LINE
void demci_contact_batch_dissipative(const double *c, const demc_contact_batch *b, const demc_wall *wall,
                                     const demc_facet_triangle *facets, const demc_facet_contact *contacts, double dt,
                                     double *nodal)
{
    const demc_contact_kind kind = demci_contact_kind_of(c);
    const int per_contact = demci_contact_batch_per_contact(b), boundary = wall || facets;
    const size_t ss = b->scalar_stride;
    size_t q;
    for (q = 0; q < b->count; ++q) {
        const int i = b->i[q], j = wall ? 0 : b->j[q];
        double *const state = b->state + q * b->state_stride;
        const demc_body bi = demci_contact_batch_body(kind, b, i);
        const int within = facets ? bi.radius - contacts[q].distance > -c[DEMCI_M_RANGE]
                                  : demci_contact_batch_touching(c, b, i, j, wall);
        demc_contact_diag diag = DEMC_CONTACT_DIAG_INIT;
        demc_contact_frame f;
        demc_contact_result r;
        demc_contact_heat_result h;
        if (!within) {
            demci_contact_batch_release(kind, c, b, q, per_contact);
            demci_contact_heat_release(c, state);
            if (nodal) {
                size_t k;
                for (k = 0; k < 9; ++k) nodal[9 * q + k] = 0.0;
            }
            continue;
        }
        if (wall) {
            f = demci_contact_frame_wall(c, &bi, wall);
        } else if (facets) {
            f = demci_contact_frame_facet(c, &bi, facets + j, contacts + q);
        } else {
            const demc_body bj = demci_contact_batch_body(kind, b, j);
            f = demci_contact_frame_spheres(c, &bi, &bj);
        }
        r = demci_contact_eval_general(c, &f, dt, state, &diag);
        demci_contact_batch_emit(b, q, i, j, boundary, &r);
        h = demci_contact_heat_at(c, demci_contact_heat_radius(c, f.overlap, f.effective_radius, state), &diag,
                                  b->temperature[(size_t)i * ss],
                                  boundary ? b->boundary_temperature[j] : b->temperature[(size_t)j * ss], dt, state);
        b->heat_flow[(size_t)i * ss] += h.heat_flow_i;
        if (!boundary) b->heat_flow[(size_t)j * ss] += h.heat_flow_j;
        if (nodal) {
            demc_vec3 forces[3];
            int k;
            demc_facet_nodal_forces(facets + j, contacts + q, r.force, r.torque_j, forces);
            for (k = 0; k < 3; ++k) demci_contact_store3(nodal + 9 * q + 3 * (size_t)k, forces[k]);
        }
    }
}

/* Whether a batch with heat asks for its frictional heat too (then demci_contact_batch_dissipative()). */
DEMC_STATIC_INLINE int demci_contact_batch_wants_friction_heat(const demc_contact_batch *local)
{
    return local->heat_flow && local->frictional_heat;
}

/* Whether a checked batch asks for heat of a model that has a heat law, once per call: if not, the batch as read
 * drops its heat arrays, so that the loops' one test of heat_flow per contact is false and a 1.0 host's loop is
 * what it was (a model without a heat law ignores the arrays). */
DEMC_STATIC_INLINE void demci_contact_batch_heat_asked(const double *c, demc_contact_batch *local)
{
    if (!local->temperature || c[DEMCI_M_HEAT_LAW] == 0.0) local->temperature = local->heat_flow = NULL;
}

DEMC_CONTACT_FN demc_status demc_contact_eval_batch(const demc_contact_model *model, const demc_contact_batch *batch,
                                                    double dt, const char **bad_field)
{
    demc_contact_batch local;
    double dummy = 0.0;
    demc_status s = demci_contact_batch_read(model, batch, &local, bad_field);
    if (s != DEMC_OK) return s;
    if ((s = demci_contact_batch_check(model, &local, NULL, 0, 0, dt, bad_field)) != DEMC_OK) return s;
    demci_contact_batch_stateful(&local, &dummy);
    demci_contact_batch_heat_asked(model->opaque_, &local);
    if (demci_contact_batch_wants_friction_heat(&local))
        demci_contact_batch_dissipative(model->opaque_, &local, NULL, NULL, NULL, dt, NULL);
    else
        demci_contact_batch_dispatch(model, &local, NULL, dt);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CONTACT_FN demc_status demc_contact_eval_batch_wall(const demc_contact_model *model,
                                                         const demc_contact_batch *batch, const demc_wall *wall,
                                                         double dt, const char **bad_field)
{
    demc_contact_batch local;
    double dummy = 0.0;
    demc_status s = demci_contact_batch_read(model, batch, &local, bad_field);
    if (s != DEMC_OK) return s;
    if ((s = demci_contact_batch_check(model, &local, wall, 1, 1, dt, bad_field)) != DEMC_OK) return s;
    demci_contact_batch_stateful(&local, &dummy);
    demci_contact_batch_heat_asked(model->opaque_, &local);
    if (demci_contact_batch_wants_friction_heat(&local))
        demci_contact_batch_dissipative(model->opaque_, &local, wall, NULL, NULL, dt, NULL);
    else
        demci_contact_batch_dispatch(model, &local, wall, dt);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/* The scalar loop of a facet batch (the kinds the SIMD lanes do not take, or a unit without lanes): sphere i[q]
 * against facet j[q] with its closest point contacts[q]; only the spheres accumulate; the nodal reactions on
 * request. The body of the kind (a constant: the default preset's), or (general)
 * each contact through demc_contact_eval()'s dispatch, the kind read at run time: a facet's contact costs twice a
 * sphere pair's (its frame, its nodal reactions), and a loop per specialised kind cost ~120 KB of text to save
 * about a tenth of it. */
DEMC_HOT_INLINE void demci_contact_batch_facet_loop(demc_contact_kind kind, int general,
                                                    const demc_contact_model *model, const demc_contact_batch *b,
                                                    const demc_facet_triangle *facets,
                                                    const demc_facet_contact *contacts, double dt, double *nodal)
{
    const double *c = model->opaque_;
    size_t q;
    for (q = 0; q < b->count; ++q) {
        const int i = b->i[q];
        const demc_facet_contact *cq = contacts + q;
        const demc_facet_triangle *t = facets + b->j[q];
        demc_body bi;
        demc_contact_frame f;
        demc_contact_result r;
        if (q + DEMCI_BATCH_PREFETCH < b->count) {
            demci_contact_batch_prefetch_place(b, b->i[q + DEMCI_BATCH_PREFETCH]);
            demci_contact_batch_prefetch_motion(b, b->i[q + DEMCI_BATCH_PREFETCH]);
            DEMCI_PREFETCH_WRITE(b->state + (q + DEMCI_BATCH_PREFETCH) * b->state_stride);
        }
        /* Apart: released on the distance the closest point already holds, before the bodies are read. */
        if (!(b->radius[(size_t)i * b->scalar_stride] - cq->distance > -c[DEMCI_M_RANGE])) {
            r = demci_contact_release(kind, c, 0.0, b->state + q * b->state_stride, NULL);
            demci_contact_batch_store(b, q, &r);
            if (b->heat_flow) demci_contact_heat_release(c, b->state + q * b->state_stride);
            if (nodal) {
                size_t k;
                for (k = 0; k < 9; ++k) nodal[9 * q + k] = 0.0;
            }
            continue;
        }
        bi = demci_contact_batch_body(kind, b, i);
        f = demci_contact_frame_facet(c, &bi, t, cq);
        r = general ? demc_contact_eval(model, &f, dt, b->state + q * b->state_stride, NULL)
                    : demci_contact_eval_kind(kind, c, &f, dt, b->state + q * b->state_stride, NULL);
        demci_contact_batch_emit(b, q, i, 0, 1, &r);
        if (b->heat_flow) demci_contact_batch_heat(c, b, q, i, b->j[q], 1, f.overlap, f.effective_radius, dt);
        if (nodal) {
            demc_vec3 forces[3];
            int k;
            demc_facet_nodal_forces(t, cq, r.force, r.torque_j, forces);
            for (k = 0; k < 3; ++k) demci_contact_store3(nodal + 9 * q + 3 * (size_t)k, forces[k]);
        }
    }
}

DEMC_CONTACT_FN demc_status demc_contact_eval_batch_facet(const demc_contact_model *model,
                                                          const demc_contact_batch *batch,
                                                          const demc_facet_triangle *facets,
                                                          const demc_facet_contact *contacts, double dt,
                                                          double *nodal_force, const char **bad_field)
{
    const double *c;
    demc_contact_batch local;
    double dummy = 0.0;
    /* The batch's checks (j required), then the facet arrays, then dt: in argument order. */
    demc_status s = demci_contact_batch_read(model, batch, &local, bad_field);
    if (s != DEMC_OK) return s;
    if ((s = demci_contact_batch_check(model, &local, NULL, 0, 1, 1.0, bad_field)) != DEMC_OK) return s;
    if (local.count > 0 && !facets) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "facets", bad_field);
    if (local.count > 0 && !contacts) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "contacts", bad_field);
    if ((s = demci_require_positive(dt, "dt", bad_field)) != DEMC_OK) return s;
    demci_contact_batch_stateful(&local, &dummy);
    c = model->opaque_;
    demci_contact_batch_heat_asked(c, &local);
    if (demci_contact_batch_wants_friction_heat(&local)) {
        demci_contact_batch_dissipative(c, &local, NULL, facets, contacts, dt, nodal_force);
    }
#ifdef DEMCI_BATCH_LANES
    else if (demci_contact_lanes_serve(demci_contact_kind_of(c))) {
        demci_lanes_boundary boundary;
        boundary.wall = NULL;
        boundary.triangles = facets, boundary.contacts = contacts, boundary.nodal = nodal_force;
        demci_contact_batch_lanes_widest(demci_contact_kind_of(c), c, &local, &boundary, dt);
    }
#endif
#ifndef DEMCI_BATCH_LANES /* (with lanes, they take this kind above) */
    else if (demci_contact_kind_of(c) == DEMC_CONTACT_KIND_HMD)
        demci_contact_batch_facet_loop(DEMC_CONTACT_KIND_HMD, 0, model, &local, facets, contacts, dt, nodal_force);
#endif
    else
        demci_contact_batch_facet_loop(demci_contact_kind_of(c), 1, model, &local, facets, contacts, dt, nodal_force);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_END_DECLS

#endif /* DEMC_CONTACT_BATCH_IMPL_H */
