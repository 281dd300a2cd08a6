/* Bodies of facet.h. Included by facet.h only (one body, two faces: see docs/pages/contributing.md). */
#ifndef DEMC_FACET_IMPL_H
#define DEMC_FACET_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

/* The unnormalised face normal n = e01 × e02 and |n|² in *nn; returns 1 when the triangle is regular
 * (2A = |n| > DEMC_FACET_DEGENERATE_RATIO · L_max²), 0 when it is degenerate. *area2 receives |n|. */
DEMC_STATIC_INLINE int demci_facet_normal(const demc_facet_triangle *t, demc_vec3 *n, double *nn, double *area2)
{
    demc_vec3 e01 = demc_vec3_sub(t->vertex[1], t->vertex[0]);
    demc_vec3 e02 = demc_vec3_sub(t->vertex[2], t->vertex[0]);
    demc_vec3 e12 = demc_vec3_sub(t->vertex[2], t->vertex[1]);
    double l01 = demc_vec3_norm2(e01), l02 = demc_vec3_norm2(e02), l12 = demc_vec3_norm2(e12);
    double lmax = l01 > l02 ? l01 : l02;
    lmax = lmax > l12 ? lmax : l12;
    *n = demc_vec3_cross(e01, e02);
    *nn = demc_vec3_norm2(*n);
    *area2 = sqrt(*nn);
    return *area2 > DEMC_FACET_DEGENERATE_RATIO * lmax;
}

/* Gradient of the barycentric coordinate of node k: n × (x_{k+2} − x_{k+1}) / |n|² (regular triangles only). */
DEMC_STATIC_INLINE demc_vec3 demci_facet_gradient(const demc_facet_triangle *t, demc_vec3 n, double inverse_nn,
                                                  int k)
{
    demc_vec3 e = demc_vec3_sub(t->vertex[(k + 2) % 3], t->vertex[(k + 1) % 3]);
    return demc_vec3_scale(demc_vec3_cross(n, e), inverse_nn);
}

DEMC_FACET_FN demc_facet_triangle demc_facet_triangle_make(demc_vec3 a, demc_vec3 b, demc_vec3 c)
{
    demc_facet_triangle t;
    demc_vec3 zero = demc_vec3_make(0.0, 0.0, 0.0);
    t.vertex[0] = a;
    t.vertex[1] = b;
    t.vertex[2] = c;
    t.velocity[0] = zero;
    t.velocity[1] = zero;
    t.velocity[2] = zero;
    return t;
}

/* An exact power of 2 s that brings the largest edge component of the triangle into [2^-30, 2^30], or 1 when it is
 * there already (also for a zero or non-finite triangle); s stays within [2^-960, 2^960]. */
DEMC_STATIC_INLINE double demci_facet_scale(const demc_facet_triangle *t)
{
    const double up = 1073741824.0, down = 1.0 / 1073741824.0; /* 2^30, 2^-30 */
    double m = 0.0, s = 1.0;
    int k, i;
    for (k = 0; k < 3; ++k) {
        const demc_vec3 e = demc_vec3_sub(t->vertex[(k + 1) % 3], t->vertex[k]);
        const double a[3] = {fabs(e.x), fabs(e.y), fabs(e.z)};
        for (i = 0; i < 3; ++i) m = a[i] > m ? a[i] : m;
    }
    if (!(m > 0.0) || !demc_is_finite(m)) return 1.0;
    for (i = 0; i < 32 && m < down; ++i) {
        m *= up;
        s *= up;
    }
    for (i = 0; i < 32 && m > up; ++i) {
        m *= down;
        s *= down;
    }
    return s;
}

DEMC_STATIC_INLINE demc_facet_contact demci_facet_closest_point(const demc_facet_triangle *triangle, demc_vec3 center,
                                                                int rescale);

DEMC_FACET_FN demc_facet_contact demc_facet_closest_point(const demc_facet_triangle *triangle, demc_vec3 center)
{
    return demci_facet_closest_point(triangle, center, 1);
}

/* The closest point; with rescale set, a triangle whose |n|² = (2A)² is not a normal double well inside the range
 * (edges below ~1e-67 or above ~1e67) is solved on a copy moved to vertex 0 and scaled by an exact power of 2, and
 * the lengths are scaled back: the result does not depend on the unit of length (a triangle of edges 1e-79 gave a
 * face normal of length 1 + 3e-4 from a subnormal |n|²). One compare more on the regular path. */
DEMC_STATIC_INLINE demc_facet_contact demci_facet_closest_point(const demc_facet_triangle *triangle, demc_vec3 center,
                                                                int rescale)
{
    demc_facet_contact c;
    demc_vec3 n, face_normal = demc_vec3_make(0.0, 0.0, 0.0);
    double nn, area2, best_d2 = 0.0, best_t = 0.0;
    int regular = demci_facet_normal(triangle, &n, &nn, &area2), k, best_k = 0;
    demc_vec3 q = demc_vec3_sub(center, triangle->vertex[0]), foot = center;

    if (rescale && !(nn >= 1e-270 && nn <= 1e270)) {
        const double sc = demci_facet_scale(triangle);
        if (sc != 1.0) {
            const demc_vec3 o = triangle->vertex[0];
            const double inv = 1.0 / sc; /* exact: a power of 2 within [2^-960, 2^960] */
            demc_facet_triangle t = *triangle;
            for (k = 0; k < 3; ++k) t.vertex[k] = demc_vec3_scale(demc_vec3_sub(triangle->vertex[k], o), sc);
            c = demci_facet_closest_point(&t, demc_vec3_scale(q, sc), 0);
            c.point = demc_vec3_add_scaled(o, inv, c.point);
            c.height *= inv;
            c.distance *= inv;
            return c;
        }
    }

    c.height = 0.0;
    c.face_normal = face_normal;
    if (regular) {
        demc_vec3 e01 = demc_vec3_sub(triangle->vertex[1], triangle->vertex[0]);
        demc_vec3 e02 = demc_vec3_sub(triangle->vertex[2], triangle->vertex[0]);
        double inverse_nn = 1.0 / nn;
        double w1 = demc_vec3_dot(n, demc_vec3_cross(q, e02)) * inverse_nn;
        double w2 = demc_vec3_dot(n, demc_vec3_cross(e01, q)) * inverse_nn;
        double w0 = 1.0 - w1 - w2;
        face_normal = demc_vec3_scale(n, 1.0 / area2);
        c.face_normal = face_normal;
        c.height = demc_vec3_dot(face_normal, q);
        foot = demc_vec3_add_scaled(center, -c.height, face_normal);
        if (w0 >= 0.0 && w1 >= 0.0 && w2 >= 0.0) {
            c.region = DEMC_FACET_REGION_FACE;
            c.distance = c.height < 0.0 ? -c.height : c.height;
            c.normal = c.height < 0.0 ? demc_vec3_neg(face_normal) : face_normal;
            c.point = foot;
            c.weight[0] = w0;
            c.weight[1] = w1;
            c.weight[2] = w2;
            return c;
        }
    }

    /* Outside the face region, or degenerate: the closest of the three edges' closest points (ties: first edge).
     * A regular triangle compares in-plane distances from the foot (|x − Q|² = h² + |foot − Q|² for Q in the
     * plane), so that edges a tiny distance apart are told apart although h² would swallow the difference. */
    for (k = 0; k < 3; ++k) {
        demc_vec3 a = triangle->vertex[k];
        demc_vec3 e = demc_vec3_sub(triangle->vertex[(k + 1) % 3], a);
        double ee = demc_vec3_norm2(e), s = demc_vec3_dot(demc_vec3_sub(foot, a), e);
        double t = s <= 0.0 ? 0.0 : (s >= ee ? 1.0 : s / ee); /* ee > s > 0 here: no division by zero */
        demc_vec3 p = t == 1.0 ? triangle->vertex[(k + 1) % 3] : demc_vec3_add_scaled(a, t, e);
        double d2 = demc_vec3_norm2(demc_vec3_sub(foot, p));
        if (k == 0 || d2 < best_d2) {
            best_d2 = d2;
            best_k = k;
            best_t = t;
            c.point = p;
        }
    }
    c.weight[best_k] = 1.0 - best_t;
    c.weight[(best_k + 1) % 3] = best_t;
    c.weight[(best_k + 2) % 3] = 0.0;
    if (best_t == 0.0)
        c.region = (demc_facet_region)(DEMC_FACET_REGION_VERTEX_0 + best_k);
    else if (best_t == 1.0)
        c.region = (demc_facet_region)(DEMC_FACET_REGION_VERTEX_0 + (best_k + 1) % 3);
    else
        c.region = (demc_facet_region)(DEMC_FACET_REGION_EDGE_01 + best_k);
    {
        /* The unit normal by the scaled normalisation, and d = gap·n: both exact to rounding also where |gap|²
         * underflows (a distance of 4e-162 gave |n| = 1.08 from a subnormal d²). */
        const demc_vec3 gap = demc_vec3_sub(center, c.point), u = demc_vec3_normalize(gap);
        c.distance = demc_vec3_norm2(u) > 0.0 ? demc_vec3_dot(gap, u) : sqrt(demc_vec3_norm2(gap));
        c.normal = c.distance > 0.0 ? u : face_normal;
    }
    return c;
}

DEMC_FACET_FN demc_vec3 demc_facet_point_velocity(const demc_facet_triangle *triangle,
                                                  const demc_facet_contact *contact)
{
    demc_vec3 v = demc_vec3_scale(triangle->velocity[0], contact->weight[0]);
    v = demc_vec3_add_scaled(v, contact->weight[1], triangle->velocity[1]);
    return demc_vec3_add_scaled(v, contact->weight[2], triangle->velocity[2]);
}

DEMC_FACET_FN demc_vec3 demc_facet_angular_velocity(const demc_facet_triangle *triangle)
{
    demc_vec3 n, unit, omega = demc_vec3_make(0.0, 0.0, 0.0);
    double nn, area2, inverse_nn;
    int k;
    if (!demci_facet_normal(triangle, &n, &nn, &area2)) return omega;
    unit = demc_vec3_scale(n, 1.0 / area2);
    inverse_nn = 1.0 / nn;
    for (k = 0; k < 3; ++k) {
        demc_vec3 g = demci_facet_gradient(triangle, n, inverse_nn, k), v = triangle->velocity[k];
        omega = demc_vec3_add_scaled(omega, demc_vec3_dot(unit, v), demc_vec3_cross(g, unit));
        omega = demc_vec3_add_scaled(omega, 0.5 * demc_vec3_dot(unit, demc_vec3_cross(g, v)), unit);
    }
    return omega;
}

DEMC_FACET_FN demc_vec3 demc_facet_rigid_velocity(demc_vec3 reference_point, demc_vec3 velocity,
                                                  demc_vec3 angular_velocity, demc_vec3 point)
{
    return demc_vec3_add(velocity, demc_vec3_cross(angular_velocity, demc_vec3_sub(point, reference_point)));
}

DEMC_FACET_FN void demc_facet_nodal_forces(const demc_facet_triangle *triangle, const demc_facet_contact *contact,
                                           demc_vec3 force_i, demc_vec3 torque_j, demc_vec3 *nodal_force)
{
    demc_vec3 n;
    double nn, area2;
    int k, regular = demci_facet_normal(triangle, &n, &nn, &area2);
    for (k = 0; k < 3; ++k) nodal_force[k] = demc_vec3_scale(force_i, -contact->weight[k]);
    if (regular && (torque_j.x != 0.0 || torque_j.y != 0.0 || torque_j.z != 0.0)) {
        /* The torque τ_j about P: its in-plane part by normal forces (∇w_k·(n_f × τ_j)) n_f, its part along n_f by
         * in-plane forces ½ (τ_j·n_f) n_f × ∇w_k (the transpose of demc_facet_angular_velocity()). */
        demc_vec3 unit = demc_vec3_scale(n, 1.0 / area2);
        demc_vec3 lever = demc_vec3_cross(unit, torque_j);
        double twist = 0.5 * demc_vec3_dot(torque_j, unit), inverse_nn = 1.0 / nn;
        for (k = 0; k < 3; ++k) {
            demc_vec3 g = demci_facet_gradient(triangle, n, inverse_nn, k);
            nodal_force[k] = demc_vec3_add_scaled(nodal_force[k], demc_vec3_dot(g, lever), unit);
            nodal_force[k] = demc_vec3_add_scaled(nodal_force[k], twist, demc_vec3_cross(unit, g));
        }
    }
}

/* Region class (face 0, edge 1, vertex 2) and the local vertices of the feature (count returned in *m). */
DEMC_STATIC_INLINE int demci_facet_feature(demc_facet_region region, int *first, int *m)
{
    int r = (int)region;
    if (r >= DEMC_FACET_REGION_EDGE_01 && r <= DEMC_FACET_REGION_EDGE_20) {
        *first = r - DEMC_FACET_REGION_EDGE_01;
        *m = 2;
        return 1;
    }
    if (r >= DEMC_FACET_REGION_VERTEX_0 && r <= DEMC_FACET_REGION_VERTEX_2) {
        *first = r - DEMC_FACET_REGION_VERTEX_0;
        *m = 1;
        return 2;
    }
    *first = 0;
    *m = 0;
    return 0; /* face (and any value outside the enumeration) */
}

/* 1 when candidate a precedes candidate b in (primary, secondary, index) with doubles or ints compared exactly. */
DEMC_STATIC_INLINE int demci_facet_before(double pa, double pb, double sa, double sb, size_t a, size_t b)
{
    if (pa != pb) return pa < pb;
    if (sa != sb) return sa < sb;
    return a < b;
}

/* Largest coordinate magnitude of a point. */
DEMC_STATIC_INLINE double demci_facet_magnitude(demc_vec3 p)
{
    double x = p.x < 0.0 ? -p.x : p.x, y = p.y < 0.0 ? -p.y : p.y, z = p.z < 0.0 ? -p.z : p.z;
    double m = x > y ? x : y;
    return m > z ? m : z;
}

/* Squared distance of the contact normal from ±n_f (the sign that makes it smallest). */
DEMC_STATIC_INLINE double demci_facet_tilt(const demc_facet_contact *c)
{
    double s = demc_vec3_dot(c->normal, c->face_normal) < 0.0 ? -1.0 : 1.0;
    return demc_vec3_norm2(demc_vec3_add_scaled(c->normal, -s, c->face_normal));
}

/* 1 when candidate a makes candidate b redundant (the rules of demc_facet_reduce()). */
DEMC_STATIC_INLINE int demci_facet_drops(const demc_facet_contact *contacts, const int64_t *nodes, size_t a, size_t b)
{
    const demc_facet_contact *ca = contacts + a, *cb = contacts + b;
    int first_a, first_b, ma, mb, m;
    double class_a = (double)demci_facet_feature(ca->region, &first_a, &ma);
    double class_b = (double)demci_facet_feature(cb->region, &first_b, &mb);
    double dmax = ca->distance > cb->distance ? ca->distance : cb->distance;
    /* Merge radius: relative to the distance, with a floor of a few rounding units of the coordinates so that
     * copies of one point (a centre in the surface, d = 0) merge too. */
    double radius = DEMC_FACET_MERGE_TOLERANCE * dmax + 1e-14 * (demci_facet_magnitude(ca->point) +
                                                               demci_facet_magnitude(cb->point));
    (void)first_a;
    (void)ma;
    if (demc_vec3_norm2(demc_vec3_sub(ca->point, cb->point)) <= radius * radius) {
        double ta = demci_facet_tilt(ca), tb = demci_facet_tilt(cb);
        if (class_a != class_b) return class_a < class_b;
        return demci_facet_before(ta, tb, ca->distance, cb->distance, a, b);
    }
    if (!nodes || mb == 0) return 0;
    for (m = 0; m < mb; ++m) {
        int64_t id = nodes[3 * b + (size_t)((first_b + m) % 3)];
        if (id != nodes[3 * a] && id != nodes[3 * a + 1] && id != nodes[3 * a + 2]) return 0;
    }
    return demci_facet_before(ca->distance, cb->distance, class_a, class_b, a, b);
}

DEMC_FACET_FN size_t demc_facet_reduce(size_t count, const demc_facet_contact *contacts, const int64_t *nodes,
                                       int *keep)
{
    size_t a, b, kept = 0, best = 0;
    for (b = 0; b < count; ++b) {
        keep[b] = 1;
        for (a = 0; a < count; ++a) {
            if (a != b && demci_facet_drops(contacts, nodes, a, b)) {
                keep[b] = 0;
                break;
            }
        }
        kept += (size_t)keep[b];
    }
    if (count > 0 && kept == 0) {
        /* Only possible through rounding in a chain of near-ties: keep the closest (key_D order). */
        for (b = 1; b < count; ++b) {
            int fb, fbest, mb, mbest;
            double cb = (double)demci_facet_feature(contacts[b].region, &fb, &mb);
            double cbest = (double)demci_facet_feature(contacts[best].region, &fbest, &mbest);
            if (demci_facet_before(contacts[b].distance, contacts[best].distance, cb, cbest, b, best)) best = b;
        }
        keep[best] = 1;
        kept = 1;
    }
    return kept;
}

/* 1 when the facets of candidates a and b share a node (always 1 without node ids). */
DEMC_STATIC_INLINE int demci_facet_neighbours(const int64_t *nodes, size_t a, size_t b)
{
    int p, q;
    if (!nodes) return 1;
    for (p = 0; p < 3; ++p)
        for (q = 0; q < 3; ++q)
            if (nodes[3 * a + (size_t)p] == nodes[3 * b + (size_t)q]) return 1;
    return 0;
}

DEMC_FACET_FN size_t demc_facet_handover(size_t count, const demc_facet_contact *contacts, const int64_t *nodes,
                                         const int *keep, const int *has_state, int64_t *source)
{
    size_t a, b, handovers = 0;
    /* First pass: a kept candidate's own state, or −1; a dropped candidate with a state: its owner (or −1). */
    for (b = 0; b < count; ++b) {
        source[b] = -1;
        if (keep[b]) {
            if (has_state[b]) source[b] = (int64_t)b;
            continue;
        }
        if (!has_state[b]) continue;
        {
            double best = 0.0;
            for (a = 0; a < count; ++a) {
                double d2;
                if (!keep[a] || !demci_facet_neighbours(nodes, a, b)) continue;
                d2 = demc_vec3_norm2(demc_vec3_sub(contacts[a].point, contacts[b].point));
                if (source[b] < 0 || d2 < best) {
                    best = d2;
                    source[b] = (int64_t)a;
                }
            }
        }
    }
    /* Second pass: each kept candidate without a state takes its nearest donor's (donors' entries are read only). */
    for (a = 0; a < count; ++a) {
        double best = 0.0;
        int64_t donor = -1;
        if (!keep[a] || has_state[a]) continue;
        for (b = 0; b < count; ++b) {
            double d2;
            if (keep[b] || source[b] != (int64_t)a) continue;
            d2 = demc_vec3_norm2(demc_vec3_sub(contacts[a].point, contacts[b].point));
            if (donor < 0 || d2 < best) {
                best = d2;
                donor = (int64_t)b;
            }
        }
        source[a] = donor;
        handovers += donor >= 0;
    }
    /* Third pass: dropped candidates continue nothing. */
    for (b = 0; b < count; ++b)
        if (!keep[b]) source[b] = -1;
    return handovers;
}

DEMC_END_DECLS

#endif /* DEMC_FACET_IMPL_H */
