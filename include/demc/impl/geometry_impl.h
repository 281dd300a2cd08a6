/* Bodies of geometry.h. Included by geometry.h only; bodies live in headers so that header-only units can inline
 * them. */
#ifndef DEMC_GEOMETRY_IMPL_H
#define DEMC_GEOMETRY_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

/* The frame from a unit normal (or zero), the overlap and the radius of i: d_i = −(R_i − δ/2) n ([Zabulionis 2012] eq
 * 8). */
DEMC_STATIC_INLINE demc_geometry demci_geometry_frame(demc_vec3 normal, double overlap, double radius_i)
{
    demc_geometry g;
    g.overlap = overlap;
    g.normal = normal;
    g.branch_i = demc_vec3_scale(normal, -(radius_i - 0.5 * overlap));
    g.branch_j = demc_vec3_make(0.0, 0.0, 0.0);
    return g;
}

DEMC_GEOMETRY_FN demc_geometry demc_geometry_sphere_sphere(demc_vec3 center_i, double radius_i, demc_vec3 center_j,
                                                           double radius_j)
{
    demc_vec3 dx = demc_vec3_sub(center_i, center_j);
    double d2 = demc_vec3_norm2(dx);
    /* Coincident centres: no direction; n = 0 keeps everything finite (a select, not a branch). A squared
     * distance below DBL_MIN (2.2250738585072014e-308, distance below about 1.5e-154) is subnormal and has lost
     * the precision that makes n unit: such centres count as coincident, as documented. */
    double distance = d2 >= 2.2250738585072014e-308 ? sqrt(d2) : 0.0;
    double inverse = distance > 0.0 ? 1.0 / distance : 0.0;
    demc_geometry g = demci_geometry_frame(demc_vec3_scale(dx, inverse), radius_i + radius_j - distance, radius_i);
    g.branch_j = demc_vec3_scale(g.normal, radius_j - 0.5 * g.overlap);
    return g;
}

DEMC_GEOMETRY_FN demc_geometry demc_geometry_sphere_wall(demc_vec3 center_i, double radius_i, demc_vec3 wall_point,
                                                         demc_vec3 wall_normal)
{
    demc_vec3 dx = demc_vec3_sub(center_i, wall_point);
    demc_geometry g = demci_geometry_frame(wall_normal, radius_i - demc_vec3_dot(wall_normal, dx), radius_i);
    g.branch_j = demc_vec3_add(dx, g.branch_i);
    return g;
}

DEMC_GEOMETRY_FN demc_kinematics demc_geometry_kinematics(const demc_geometry *geometry, demc_vec3 velocity_i,
                                                          demc_vec3 angular_velocity_i, demc_vec3 velocity_j,
                                                          demc_vec3 angular_velocity_j)
{
    demc_kinematics k;
    demc_vec3 point_i = demc_vec3_add(velocity_i, demc_vec3_cross(angular_velocity_i, geometry->branch_i));
    demc_vec3 point_j = demc_vec3_add(velocity_j, demc_vec3_cross(angular_velocity_j, geometry->branch_j));
    k.velocity = demc_vec3_sub(point_i, point_j);
    k.overlap_rate = -demc_vec3_dot(k.velocity, geometry->normal);
    k.tangential_velocity = demc_vec3_add_scaled(k.velocity, k.overlap_rate, geometry->normal);
    return k;
}

DEMC_GEOMETRY_FN demc_vec3 demc_geometry_torque_i(const demc_geometry *geometry, demc_vec3 force_i)
{
    return demc_vec3_cross(geometry->branch_i, force_i);
}

DEMC_GEOMETRY_FN demc_vec3 demc_geometry_torque_j(const demc_geometry *geometry, demc_vec3 force_i)
{
    return demc_vec3_cross(force_i, geometry->branch_j);
}

DEMC_GEOMETRY_FN demc_geometry demc_geometry_sphere_facet(const demc_facet_contact *contact, demc_vec3 center_i,
                                                double radius_i, demc_vec3 reference_point)
{
    demc_geometry g;
    g.overlap = radius_i - contact->distance;
    g.normal = contact->normal;
    g.branch_i = demc_vec3_scale(contact->normal, -(radius_i - 0.5 * g.overlap));
    g.branch_j = demc_vec3_add(demc_vec3_sub(center_i, reference_point), g.branch_i);
    return g;
}

DEMC_END_DECLS

#endif /* DEMC_GEOMETRY_IMPL_H */
