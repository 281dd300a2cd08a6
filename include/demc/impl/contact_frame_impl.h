/* The frame builders: sphere–sphere, sphere–wall, sphere–facet.
 * Part of the bodies of contact.h (impl/contact_impl.h includes the parts in order); each part includes the
 * parts it uses, which lie above it in that order. */
#ifndef DEMC_CONTACT_FRAME_IMPL_H
#define DEMC_CONTACT_FRAME_IMPL_H

#include <math.h>
#include "../contact.h" /* the public declarations (nothing, when this part is included from there) */
#include "contact_laws_impl.h"

DEMC_BEGIN_DECLS

/* ---- frames -------------------------------------------------------------------------------------------------- */

DEMC_HOT_INLINE demc_contact_frame demci_contact_frame_none(void)
{
    demc_contact_frame f;
    const demc_vec3 zero = demc_vec3_make(0.0, 0.0, 0.0);
    f.overlap = 0.0;
    f.normal = zero;
    f.branch_i = zero;
    f.branch_j = zero;
    f.velocity_i = zero;
    f.angular_velocity_i = zero;
    f.velocity_j = zero;
    f.angular_velocity_j = zero;
    f.effective_radius = 0.0;
    f.effective_mass = 0.0;
    f.effective_inertia = 0.0;
    f.radius_i = 0.0;
    f.radius_j = 0.0;
    return f;
}

/* A body's moment of inertia about a diameter: its own when given (> 0), else a solid sphere's (2/5) m R². */
DEMC_HOT_INLINE double demci_contact_inertia(const demc_body *b)
{
    return b->inertia > 0.0 ? b->inertia : 0.4 * b->mass * b->radius * b->radius;
}

DEMC_HOT_INLINE demc_contact_frame demci_contact_frame_spheres(const double *c, const demc_body *i, const demc_body *j)
{
    const demc_vec3 dx = demc_vec3_sub(i->position, j->position);
    const double d2 = demc_vec3_norm2(dx);
    const double reach = i->radius + j->radius + c[DEMCI_M_RANGE];
    double distance, inverse, share = c[DEMCI_M_SHARE_I];
    demc_contact_frame f;
    if (!(d2 < reach * reach)) return demci_contact_frame_none(); /* also NaN */
    distance = sqrt(d2);
    /* Coincident centres: no direction; n = 0 keeps everything finite (a select, not a branch). */
    inverse = distance > 0.0 ? 1.0 / distance : 0.0;
    f.normal = demc_vec3_scale(dx, inverse);
    f.overlap = i->radius + j->radius - distance;
    f.branch_i = demc_vec3_scale(f.normal, -(i->radius - share * f.overlap));
    f.branch_j = demc_vec3_scale(f.normal, j->radius - (1.0 - share) * f.overlap);
    f.velocity_i = i->velocity;
    f.angular_velocity_i = i->angular_velocity;
    f.velocity_j = j->velocity;
    f.angular_velocity_j = j->angular_velocity;
    f.effective_radius = i->radius * j->radius / (i->radius + j->radius);
    f.effective_mass = i->mass * j->mass / (i->mass + j->mass);
    f.effective_inertia = 0.0;
    if (c[DEMCI_M_INERTIA] != 0.0) { /* only for a law that reads it: a division */
        const double ii = demci_contact_inertia(i), ij = demci_contact_inertia(j);
        f.effective_inertia = ii * ij / (ii + ij);
    }
    f.radius_i = i->radius;
    f.radius_j = j->radius;
    return f;
}

DEMC_HOT_INLINE demc_contact_frame demci_contact_frame_wall(const double *c, const demc_body *i, const demc_wall *wall)
{
    const demc_vec3 dx = demc_vec3_sub(i->position, wall->point);
    const double overlap = i->radius - demc_vec3_dot(wall->normal, dx);
    demc_contact_frame f;
    if (!(overlap > -c[DEMCI_M_RANGE])) return demci_contact_frame_none(); /* also NaN */
    f.overlap = overlap;
    f.normal = wall->normal;
    f.branch_i = demc_vec3_scale(wall->normal, -(i->radius - c[DEMCI_M_SHARE_I] * overlap));
    f.branch_j = demc_vec3_add(dx, f.branch_i);
    f.velocity_i = i->velocity;
    f.angular_velocity_i = i->angular_velocity;
    f.velocity_j = wall->velocity;
    f.angular_velocity_j = wall->angular_velocity;
    f.effective_radius = i->radius;
    f.effective_mass = i->mass;
    f.effective_inertia = c[DEMCI_M_INERTIA] != 0.0 ? demci_contact_inertia(i) : 0.0;
    f.radius_i = i->radius;
    f.radius_j = 0.0;
    return f;
}

/* Sphere i against a triangle facet: P is body j's reference point, v_j and ω_j from the nodal velocities. */
DEMC_HOT_INLINE demc_contact_frame demci_contact_frame_facet(const double *c, const demc_body *i,
                                                             const demc_facet_triangle *facet,
                                                             const demc_facet_contact *contact)
{
    const double overlap = i->radius - contact->distance, share = c[DEMCI_M_SHARE_I];
    demc_contact_frame f;
    demc_vec3 v;
    if (!(overlap > -c[DEMCI_M_RANGE])) return demci_contact_frame_none(); /* also NaN */
    f.overlap = overlap;
    f.normal = contact->normal;
    f.branch_i = demc_vec3_scale(contact->normal, -(i->radius - share * overlap));
    f.branch_j = demc_vec3_scale(contact->normal, -(1.0 - share) * overlap); /* C − P */
    v = demc_vec3_scale(facet->velocity[0], contact->weight[0]);
    v = demc_vec3_add_scaled(v, contact->weight[1], facet->velocity[1]);
    f.velocity_i = i->velocity;
    f.angular_velocity_i = i->angular_velocity;
    f.velocity_j = demc_vec3_add_scaled(v, contact->weight[2], facet->velocity[2]);
    f.angular_velocity_j = demc_facet_angular_velocity(facet);
    f.effective_radius = i->radius;
    f.effective_mass = i->mass;
    f.effective_inertia = c[DEMCI_M_INERTIA] != 0.0 ? demci_contact_inertia(i) : 0.0;
    f.radius_i = i->radius;
    f.radius_j = 0.0;
    return f;
}

DEMC_CONTACT_FN demc_contact_frame demc_contact_frame_sphere_sphere(const demc_contact_model *model,
                                                                    const demc_body *i, const demc_body *j)
{
    return demci_contact_frame_spheres(model->opaque_, i, j);
}

DEMC_CONTACT_FN demc_contact_frame demc_contact_frame_sphere_wall(const demc_contact_model *model,
                                                                  const demc_body *i, const demc_wall *wall)
{
    return demci_contact_frame_wall(model->opaque_, i, wall);
}

DEMC_CONTACT_FN demc_contact_frame demc_contact_frame_sphere_facet(const demc_contact_model *model,
                                                                   const demc_body *i,
                                                                   const demc_facet_triangle *facet,
                                                                   const demc_facet_contact *contact)
{
    return demci_contact_frame_facet(model->opaque_, i, facet, contact);
}

DEMC_END_DECLS

#endif /* DEMC_CONTACT_FRAME_IMPL_H */
