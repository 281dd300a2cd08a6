/* facet.h: sphere–triangle contact against independent references: the plane wall (geometry.h) on the face,
 * a sphere–sphere contact with a zero-radius counterpart on the closest point of a line (edge) or at a point
 * (vertex), computed here; a sphere rolling across a flat mesh (no bump, one contact) and across a convex roof
 * (closest point of the roof computed here in closed form, continuous normal); load transfer sums and moments;
 * rigid-motion velocities; Galilean invariance of a bounce integrated here; degenerate triangles. */
#include <math.h>

#include "demc.h"
#include "demc/analysis.h"
#include "harness.h"

static demc_vec3 v3(double x, double y, double z) { demc_vec3 r; r.x = x; r.y = y; r.z = z; return r; }
static demc_vec3 add(demc_vec3 a, demc_vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static demc_vec3 sub(demc_vec3 a, demc_vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static demc_vec3 mul(demc_vec3 a, double s) { return v3(s * a.x, s * a.y, s * a.z); }
static double dot(demc_vec3 a, demc_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static demc_vec3 cross(demc_vec3 a, demc_vec3 b)
{
    return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static double norm(demc_vec3 a) { return sqrt(dot(a, a)); }
static demc_vec3 unit(demc_vec3 a) { return mul(a, 1 / norm(a)); }
static int finite3(demc_vec3 a) { return a.x - a.x == 0 && a.y - a.y == 0 && a.z - a.z == 0; }
static double dist(demc_vec3 a, demc_vec3 b) { return norm(sub(a, b)); }

static unsigned long rng_state = 20261122;
static double uniform(double lo, double hi)
{
    rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
    return lo + (hi - lo) * ((double)(rng_state >> 11) / 9007199254740992.0);
}
static demc_vec3 random_vec(double s) { return v3(uniform(-s, s), uniform(-s, s), uniform(-s, s)); }

/* A well-shaped random triangle around a random centre (smallest angle not tiny). */
static demc_facet_triangle random_triangle(double size)
{
    demc_vec3 o = random_vec(5 * size), a, b, c;
    do {
        a = add(o, random_vec(size));
        b = add(o, random_vec(size));
        c = add(o, random_vec(size));
    } while (norm(cross(sub(b, a), sub(c, a))) < 0.3 * size * size);
    return demc_facet_triangle_make(a, b, c);
}

#define CHECK_VEC(a, b, tol)                                                                                   \
    do {                                                                                                       \
        CHECK_ABS((a).x, (b).x, tol);                                                                          \
        CHECK_ABS((a).y, (b).y, tol);                                                                          \
        CHECK_ABS((a).z, (b).z, tol);                                                                          \
    } while (0)

static void check_geometry_equal(const demc_geometry *g, const demc_geometry *e, double length)
{
    CHECK_ABS(g->overlap, e->overlap, 1e-14 * length);
    CHECK_VEC(g->normal, e->normal, 1e-14);
    CHECK_VEC(g->branch_i, e->branch_i, 1e-14 * length);
    CHECK_VEC(g->branch_j, e->branch_j, 1e-14 * length);
}

/* Inside the face region the frame is the plane wall's: demc_geometry_sphere_wall with the plane through x_0 and
 * the unit normal computed here, on both sides of the plane. */
static void face_equals_plane_wall(void)
{
    int n;
    for (n = 0; n < 2000; ++n) {
        const double radius = 1.0;
        demc_facet_triangle t = random_triangle(2.0);
        demc_vec3 nf = unit(cross(sub(t.vertex[1], t.vertex[0]), sub(t.vertex[2], t.vertex[0])));
        double w1 = uniform(0.02, 0.6), w2 = uniform(0.02, 0.96 - w1), w0 = 1 - w1 - w2;
        double h = uniform(0.1, 0.98) * (n % 2 ? -1 : 1);
        demc_vec3 foot = add(add(mul(t.vertex[0], w0), mul(t.vertex[1], w1)), mul(t.vertex[2], w2));
        demc_vec3 x = add(foot, mul(nf, h));
        demc_facet_contact c = demc_facet_closest_point(&t, x);
        demc_vec3 side = h < 0 ? mul(nf, -1) : nf;
        demc_geometry g = demc_geometry_sphere_facet(&c, x, radius, t.vertex[0]);
        demc_geometry e = demc_geometry_sphere_wall(x, radius, t.vertex[0], side);
        CHECK(c.region == DEMC_FACET_REGION_FACE);
        check_geometry_equal(&g, &e, 10.0);
        CHECK_ABS(c.height, h, 1e-13);
        CHECK_ABS(c.distance, fabs(h), 1e-13);
        CHECK_VEC(c.point, foot, 1e-13);
        CHECK_ABS(c.weight[0], w0, 1e-12);
        CHECK_ABS(c.weight[1], w1, 1e-12);
        CHECK_ABS(c.weight[2], w2, 1e-12);
        CHECK_ABS(c.weight[0] + c.weight[1] + c.weight[2], 1.0, 1e-15);
    }
}

/* Edge regions: the sphere–sphere frame with a zero-radius sphere at the closest point of the edge's line
 * (projection computed here); vertex regions: with a zero-radius sphere at the vertex. */
static void edge_and_vertex_regions_equal_point_contacts(void)
{
    int n, k;
    for (n = 0; n < 1000; ++n) {
        const double radius = 1.0;
        demc_facet_triangle t = random_triangle(2.0);
        demc_vec3 nf = unit(cross(sub(t.vertex[1], t.vertex[0]), sub(t.vertex[2], t.vertex[0])));
        for (k = 0; k < 3; ++k) {
            demc_vec3 a = t.vertex[k], b = t.vertex[(k + 1) % 3], opposite = t.vertex[(k + 2) % 3];
            demc_vec3 e = sub(b, a), out = unit(cross(e, nf)), q, x, line_point, dir;
            double phi = uniform(-1.4, 1.4), s;
            demc_facet_contact c;
            demc_geometry g, expect;
            if (dot(out, sub(opposite, a)) > 0) out = mul(out, -1);
            q = add(a, mul(e, uniform(0.05, 0.95)));
            x = add(q, mul(add(mul(out, cos(phi)), mul(nf, sin(phi))), uniform(0.2, 0.98)));
            line_point = add(a, mul(e, dot(sub(x, a), e) / dot(e, e)));
            c = demc_facet_closest_point(&t, x);
            CHECK(c.region == (demc_facet_region)(DEMC_FACET_REGION_EDGE_01 + k));
            g = demc_geometry_sphere_facet(&c, x, radius, line_point);
            expect = demc_geometry_sphere_sphere(x, radius, line_point, 0.0);
            check_geometry_equal(&g, &expect, 10.0);
            CHECK_ABS(c.weight[(k + 2) % 3], 0.0, 0.0);
            CHECK_ABS(c.weight[(k + 1) % 3], dot(sub(line_point, a), e) / dot(e, e), 1e-12);

            /* Vertex k: a direction in its normal cone (u·e ≤ 0 for both edges at the vertex). */
            do {
                dir = unit(random_vec(1.0));
            } while (dot(dir, sub(b, a)) >= -0.05 || dot(dir, sub(opposite, a)) >= -0.05);
            s = uniform(0.2, 0.98);
            x = add(a, mul(dir, s));
            c = demc_facet_closest_point(&t, x);
            CHECK(c.region == (demc_facet_region)(DEMC_FACET_REGION_VERTEX_0 + k));
            g = demc_geometry_sphere_facet(&c, x, radius, a);
            expect = demc_geometry_sphere_sphere(x, radius, a, 0.0);
            check_geometry_equal(&g, &expect, 10.0);
            CHECK(c.weight[k] == 1.0 && c.weight[(k + 1) % 3] == 0.0 && c.weight[(k + 2) % 3] == 0.0);
        }
    }
}

/* A flat mesh: a 3 × 3 grid of nodes (spacing L) in a rotated plane, 8 triangles, the centre node shared by 6.
 * Spheres whose foot lies in the inner part, on straight paths across diagonals, through the centre node and
 * through points within 1e-15 … 1e-3 L of shared edges and of the centre node: after demc_facet_reduce exactly
 * one contact, with the plane wall's frame (overlap, normal, branches) to 1e-14. */
static demc_vec3 rotate_xyz(demc_vec3 p, double ax, double az)
{
    demc_vec3 r1 = v3(p.x, cos(ax) * p.y - sin(ax) * p.z, sin(ax) * p.y + cos(ax) * p.z);
    return v3(cos(az) * r1.x - sin(az) * r1.y, sin(az) * r1.x + cos(az) * r1.y, r1.z);
}

typedef struct grid_mesh {
    demc_facet_triangle t[8];
    int64_t nodes[24];
    demc_vec3 origin, normal, ex, ey;
} grid_mesh;

static void grid_make(grid_mesh *m, double spacing, double ax, double az, demc_vec3 shift)
{
    demc_vec3 p[9];
    int i, j, k = 0;
    m->ex = rotate_xyz(v3(1, 0, 0), ax, az);
    m->ey = rotate_xyz(v3(0, 1, 0), ax, az);
    m->normal = rotate_xyz(v3(0, 0, 1), ax, az);
    m->origin = shift;
    for (j = 0; j < 3; ++j)
        for (i = 0; i < 3; ++i) p[3 * j + i] = add(shift, add(mul(m->ex, i * spacing), mul(m->ey, j * spacing)));
    for (j = 0; j < 2; ++j)
        for (i = 0; i < 2; ++i) {
            long a = 3 * j + i, b = a + 1, c = a + 4, d = a + 3; /* square a b c d, diagonal a–c */
            m->t[k] = demc_facet_triangle_make(p[a], p[b], p[c]);
            m->nodes[3 * k] = a, m->nodes[3 * k + 1] = b, m->nodes[3 * k + 2] = c;
            ++k;
            m->t[k] = demc_facet_triangle_make(p[a], p[c], p[d]);
            m->nodes[3 * k] = a, m->nodes[3 * k + 1] = c, m->nodes[3 * k + 2] = d;
            ++k;
        }
}

/* Contacts of one sphere with a mesh after the reduction; returns the number kept and the first kept frame. */
static size_t mesh_contact(const demc_facet_triangle *t, const int64_t *nodes, int count, demc_vec3 x, double radius,
                           demc_vec3 reference, demc_geometry *kept_frame, double *naive_overlap_sum)
{
    demc_facet_contact c[8];
    int keep[8], k;
    size_t kept;
    for (k = 0; k < count; ++k) c[k] = demc_facet_closest_point(&t[k], x);
    kept = demc_facet_reduce((size_t)count, c, nodes, keep);
    *naive_overlap_sum = 0;
    for (k = count - 1; k >= 0; --k) {
        if (radius - c[k].distance > 0) *naive_overlap_sum += radius - c[k].distance;
        if (keep[k]) *kept_frame = demc_geometry_sphere_facet(&c[k], x, radius, reference);
    }
    return kept;
}

static void flat_mesh_is_a_plane(void)
{
    static const double offsets[] = {0.0, 1e-15, -1e-15, 1e-12, -1e-12, 1e-9, -1e-9, 1e-6, -1e-6, 1e-3, -1e-3};
    const double spacing = 2.0, radius = 1.0, height = 0.9;
    int rot, o, s, bumps = 0;
    for (rot = 0; rot < 4; ++rot) {
        grid_mesh m;
        grid_make(&m, spacing, 0.3 * rot + 0.1, 0.7 * rot - 0.2, v3(3.0 * rot - 2.0, 1.0, -0.5 * rot));
        for (o = 0; o < (int)(sizeof offsets / sizeof offsets[0]); ++o) {
            /* Five paths in plane coordinates (u, v) ∈ [0.3, 1.7]·L: across the diagonals at an angle, along a
             * diagonal, through the centre node, along the middle edge line, and near each of them. */
            for (s = 0; s <= 200; ++s) {
                double p = 0.3 + 1.4 * s / 200.0, off = offsets[o] * spacing, us[5], vs[5];
                int path;
                us[0] = p * spacing, vs[0] = (0.3 + 0.5 * (p - 0.3)) * spacing + off;
                us[1] = p * spacing + off, vs[1] = p * spacing;
                us[2] = p * spacing, vs[2] = (2.0 - p) * spacing + off;
                us[3] = p * spacing, vs[3] = spacing + off;
                us[4] = spacing + off, vs[4] = p * spacing;
                for (path = 0; path < 5; ++path) {
                    demc_vec3 foot = add(m.origin, add(mul(m.ex, us[path]), mul(m.ey, vs[path])));
                    demc_vec3 x = add(foot, mul(m.normal, height));
                    demc_geometry g, plane = demc_geometry_sphere_wall(x, radius, m.origin, m.normal);
                    double naive;
                    size_t kept = mesh_contact(m.t, m.nodes, 8, x, radius, m.origin, &g, &naive);
                    CHECK(kept == 1);
                    check_geometry_equal(&g, &plane, 10.0);
                    if (naive > 1.5 * plane.overlap) ++bumps;
                }
            }
        }
    }
    /* Without the reduction the same paths feel two or more contacts near shared edges: the check can fail. */
    CHECK(bumps > 100);
    /* Centres in the mesh's plane (d = 0) on shared edges and at the shared vertex: still one contact. */
    {
        grid_mesh m;
        grid_make(&m, spacing, 0.4, -0.3, v3(1.0, -2.0, 0.5));
        for (s = 0; s <= 100; ++s) {
            double p = 0.3 + 1.4 * s / 100.0, naive;
            demc_vec3 on_diagonal = add(m.origin, mul(add(m.ex, m.ey), p * spacing));
            demc_vec3 on_edge = add(m.origin, add(mul(m.ex, p * spacing), mul(m.ey, spacing)));
            demc_geometry g;
            CHECK(mesh_contact(m.t, m.nodes, 8, on_diagonal, radius, m.origin, &g, &naive) == 1);
            CHECK_ABS(g.overlap, radius, 1e-14 * 10);
            CHECK(finite3(g.normal) && finite3(g.branch_i) && finite3(g.branch_j));
            CHECK(mesh_contact(m.t, m.nodes, 8, on_edge, radius, m.origin, &g, &naive) == 1);
            CHECK_ABS(g.overlap, radius, 1e-14 * 10);
        }
    }
}

/* A convex roof: two triangles meeting at a ridge along y through the origin, faces sloping down at ±θ. The
 * closest point of the roof to a point with x-z coordinates (X, Z) is computed here in the x-z plane: the foot on
 * face A (x < 0) or B (x > 0) if it falls on that face, else the ridge point. The sphere rolls across at constant
 * height above the ridge line's level set; one contact, the expected frame to 1e-14, continuous normal. */
static void convex_ridge_continuous_normal(void)
{
    const double theta = 0.35, radius = 1.0, half = 3.0;
    demc_vec3 ridge0 = v3(0, -half, 0), ridge1 = v3(0, half, 0);
    demc_vec3 a_low0 = v3(-half * cos(theta), -half, -half * sin(theta));
    demc_vec3 a_low1 = v3(-half * cos(theta), half, -half * sin(theta));
    demc_vec3 b_low0 = v3(half * cos(theta), -half, -half * sin(theta));
    demc_vec3 b_low1 = v3(half * cos(theta), half, -half * sin(theta));
    demc_facet_triangle t[4];
    int64_t nodes[12] = {0, 1, 2, 0, 2, 3, 4, 5, 1, 4, 1, 0};
    demc_vec3 na = v3(-sin(theta), 0, cos(theta)), nb = v3(sin(theta), 0, cos(theta)), last_n = v3(0, 0, 0);
    int s, first = 1;
    /* nodes: 0 ridge0, 1 ridge1, 2 a_low1, 3 a_low0, 4 b_low0, 5 b_low1 (windings give upward normals). */
    t[0] = demc_facet_triangle_make(ridge0, ridge1, a_low1);
    t[1] = demc_facet_triangle_make(ridge0, a_low1, a_low0);
    t[2] = demc_facet_triangle_make(b_low0, b_low1, ridge1);
    t[3] = demc_facet_triangle_make(b_low0, ridge1, ridge0);
    for (s = -400; s <= 400; ++s) {
        double X = 1.5 * s / 400.0, Y = 0.37, Z = 0.85 - 0.2 * fabs(X);
        demc_vec3 x = v3(X, Y, Z), closest, expect_n;
        demc_geometry g, expect;
        double naive;
        size_t kept;
        /* Foot on face A: the projection along na of (X, Z) onto A's plane, which contains the ridge. */
        double ha = dot(x, na), hb = dot(x, nb);
        demc_vec3 fa = sub(x, mul(na, ha)), fb = sub(x, mul(nb, hb));
        if (fa.x <= 0 && ha > 0) closest = fa;
        else if (fb.x >= 0 && hb > 0) closest = fb;
        else closest = v3(0, Y, 0);
        expect_n = unit(sub(x, closest));
        expect = demc_geometry_sphere_sphere(x, radius, closest, 0.0);
        kept = mesh_contact(t, nodes, 4, x, radius, closest, &g, &naive);
        CHECK(kept == 1);
        check_geometry_equal(&g, &expect, 10.0);
        CHECK_VEC(g.normal, expect_n, 1e-14);
        /* Continuity: the normal turns at most at the rate 1/d of the ridge point's view (step 1.5/400). */
        if (!first) CHECK(norm(sub(g.normal, last_n)) <= 1.01 * (1.5 / 400.0) * 1.2 / (radius - g.overlap));
        last_n = g.normal;
        first = 0;
    }
}

/* Concave valley (the roof upside down): a sphere above the valley line touches both faces once its centre
 * projects onto both; the reduction keeps both face contacts, and drops edge contacts on their shared edge. */
static void concave_valley_keeps_both_faces(void)
{
    const double theta = 0.35;
    demc_facet_triangle t[2];
    int64_t nodes[6] = {0, 1, 2, 1, 0, 3};
    demc_facet_contact c[2];
    int keep[2];
    t[0] = demc_facet_triangle_make(v3(0, -3, 0), v3(0, 3, 0), v3(-3 * cos(theta), 0, 3 * sin(theta)));
    t[1] = demc_facet_triangle_make(v3(0, 3, 0), v3(0, -3, 0), v3(3 * cos(theta), 0, 3 * sin(theta)));
    c[0] = demc_facet_closest_point(&t[0], v3(0.01, 0.2, 0.9));
    c[1] = demc_facet_closest_point(&t[1], v3(0.01, 0.2, 0.9));
    CHECK(c[0].region == DEMC_FACET_REGION_FACE && c[1].region == DEMC_FACET_REGION_FACE);
    CHECK(demc_facet_reduce(2, c, nodes, keep) == 2 && keep[0] && keep[1]);
    /* Centre above face 1 only: face 0 sees the valley edge, which lies on facet 1 (closer): dropped. */
    c[0] = demc_facet_closest_point(&t[0], v3(0.6, 0.2, 0.9));
    c[1] = demc_facet_closest_point(&t[1], v3(0.6, 0.2, 0.9));
    CHECK(c[0].region == DEMC_FACET_REGION_EDGE_01 && c[1].region == DEMC_FACET_REGION_FACE);
    CHECK(demc_facet_reduce(2, c, nodes, keep) == 1 && !keep[0] && keep[1]);
    /* Without node ids the second rule is off: both kept. Empty input: nothing kept. */
    CHECK(demc_facet_reduce(2, c, NULL, keep) == 2);
    CHECK(demc_facet_reduce(0, c, nodes, keep) == 0);
}

/* Load transfer: Σ f_k = −F and Σ (x_k − o) × f_k = (P − o) × (−F) + τ for random triangles, centres (all
 * regions), forces, torques τ about P (zero; the offset torque s F × n of −F moved to Q = P + s n, s = −δ/2 or
 * random, checked as (Q − o) × (−F); a random couple alone; both) and reference points o. The distribution is the
 * transpose of the facet's kinematics: for random nodal velocities Σ f_k · v_k = −F · v_P + τ · ω with
 * v_P = Σ w_k v_k and ω the angular velocity of demc_facet_angular_velocity() (virtual power). The worst residuals
 * are printed, relative to |F| + Σ|f_k| (sum), |F| times the distances plus |τ| (moment) and the power's terms. */
static void nodal_forces_sum_and_moment(void)
{
    double worst_sum = 0, worst_moment = 0, worst_power = 0;
    int n, m, k;
    for (n = 0; n < 2000; ++n) {
        demc_facet_triangle t = random_triangle(1.0);
        demc_vec3 x = add(t.vertex[n % 3], random_vec(2.0));
        demc_facet_contact c = demc_facet_closest_point(&t, x);
        demc_vec3 force = random_vec(100.0), couple = random_vec(50.0), f[3], sum;
        double offsets[4];
        offsets[0] = 0.0;
        offsets[1] = -0.5 * uniform(0.0, 0.3);
        offsets[2] = uniform(-2.0, 2.0);
        offsets[3] = uniform(-2.0, 2.0);
        for (k = 0; k < 3; ++k) t.velocity[k] = random_vec(3.0);
        for (m = 0; m < 6; ++m) {
            /* m < 4: −F at Q = P + s n (its torque about P is s F × n), m = 3 with a couple too; m = 4: a couple
             * alone; m = 5: a couple about the face normal alone (carried by in-plane forces only) */
            const double s = m < 4 ? offsets[m] : 0.0;
            const demc_vec3 q = add(c.point, mul(c.normal, s));
            const demc_vec3 extra = m == 3 || m == 4 ? couple : (m == 5 ? mul(c.face_normal, 20.0) : v3(0, 0, 0));
            const demc_vec3 torque = add(mul(cross(force, c.normal), s), extra);
            const demc_vec3 omega = demc_facet_angular_velocity(&t), vp = demc_facet_point_velocity(&t, &c);
            double power = 0, expected_power, power_scale, e;
            demc_facet_nodal_forces(&t, &c, force, torque, f);
            sum = add(add(f[0], f[1]), f[2]);
            e = dist(sum, mul(force, -1)) / (norm(force) + norm(f[0]) + norm(f[1]) + norm(f[2]));
            worst_sum = e > worst_sum ? e : worst_sum;
            CHECK(e <= 1e-14);
            if (m == 5) { /* in-plane forces */
                for (k = 0; k < 3; ++k) CHECK(fabs(dot(sub(f[k], mul(force, -c.weight[k])), c.face_normal)) <= 1e-13);
            }
            for (k = 0; k < 4; ++k) {
                demc_vec3 o = random_vec(20.0), moment = v3(0, 0, 0);
                const demc_vec3 expected = add(cross(sub(q, o), mul(force, -1)), extra);
                double scale = norm(force) * (dist(q, o) + dist(t.vertex[0], o) + dist(t.vertex[1], o) +
                                              dist(t.vertex[2], o)) + norm(torque);
                int j;
                for (j = 0; j < 3; ++j) moment = add(moment, cross(sub(t.vertex[j], o), f[j]));
                e = dist(moment, expected) / scale;
                worst_moment = e > worst_moment ? e : worst_moment;
                CHECK(e <= 1e-14);
            }
            for (k = 0; k < 3; ++k) power += dot(f[k], t.velocity[k]);
            expected_power = -dot(force, vp) + dot(torque, omega);
            power_scale = norm(force) * norm(vp) + norm(torque) * norm(omega);
            for (k = 0; k < 3; ++k) power_scale += norm(f[k]) * norm(t.velocity[k]);
            e = fabs(power - expected_power) / power_scale;
            worst_power = e > worst_power ? e : worst_power;
            CHECK(e <= 1e-14);
        }
    }
    printf("  nodal forces: sum %.2g, moment %.2g, virtual power %.2g (relative)\n", worst_sum, worst_moment,
           worst_power);
}

/* Nodal velocities of a rigid motion: the material point moves rigidly, the facet turns with ω. */
static void rigid_motion_velocities(void)
{
    int n, k;
    for (n = 0; n < 1000; ++n) {
        demc_facet_triangle t = random_triangle(1.0);
        demc_vec3 ref = random_vec(3.0), v = random_vec(2.0), w = random_vec(5.0), x = random_vec(6.0), expect, vp;
        demc_facet_contact c;
        double scale = norm(v) + norm(w) * 20;
        for (k = 0; k < 3; ++k) t.velocity[k] = add(v, cross(w, sub(t.vertex[k], ref)));
        CHECK_VEC(demc_facet_rigid_velocity(ref, v, w, t.vertex[1]), t.velocity[1], 1e-14 * scale);
        c = demc_facet_closest_point(&t, x);
        vp = demc_facet_point_velocity(&t, &c);
        expect = add(v, cross(w, sub(c.point, ref)));
        CHECK_VEC(vp, expect, 1e-14 * scale);
        CHECK_VEC(demc_facet_angular_velocity(&t), w, 1e-13 * norm(w));
        /* The facet's normal turns as ω × n_f: central difference of the normal over a small rigid rotation. */
    }
    {
        /* A stretching facet (pure strain, no spin): zero angular velocity. */
        demc_facet_triangle s = demc_facet_triangle_make(v3(0, 0, 1), v3(2, 0, 1), v3(0, 3, 1));
        s.velocity[0] = v3(0, 0, 0), s.velocity[1] = v3(0.4, 0, 0), s.velocity[2] = v3(0, -0.6, 0);
        CHECK_VEC(demc_facet_angular_velocity(&s), v3(0, 0, 0), 1e-16);
    }
}

/* A bounce integrated here (classical RK4, fixed step) with a Hertz spring plus a linear dashpot along n and a
 * viscous tangential force on the slip velocity of the contact points (sphere: v + ω × d_i; facet: its material
 * velocity at the contact point). Facet moving with u versus a still facet: in the facet's frame the rebound is
 * the same to 1e-12. */
typedef struct bounce {
    demc_facet_triangle t0; /* vertices at time 0 */
    demc_vec3 u;            /* facet velocity */
    double radius, mass, inertia, damping, tangential_damping;
    demc_normal_hertz_params hertz;
} bounce;

static void bounce_rate(const bounce *b, double time, const double *y, double *dy)
{
    demc_facet_triangle t = b->t0;
    demc_vec3 x = v3(y[0], y[1], y[2]), v = v3(y[3], y[4], y[5]), w = v3(y[6], y[7], y[8]);
    demc_vec3 force = v3(0, 0, 0), torque = v3(0, 0, 0);
    int k;
    for (k = 0; k < 3; ++k) {
        t.vertex[k] = add(b->t0.vertex[k], mul(b->u, time));
        t.velocity[k] = b->u;
    }
    {
        demc_facet_contact c = demc_facet_closest_point(&t, x);
        demc_geometry g = demc_geometry_sphere_facet(&c, x, b->radius, c.point);
        if (g.overlap > 0) {
            demc_kinematics kin = demc_geometry_kinematics(&g, v, w, demc_facet_point_velocity(&t, &c),
                                                           demc_facet_angular_velocity(&t));
            double fn = demc_normal_hertz_force(&b->hertz, g.overlap) + b->damping * kin.overlap_rate;
            force = add(mul(g.normal, fn), mul(kin.tangential_velocity, -b->tangential_damping));
            torque = cross(g.branch_i, force);
        }
    }
    for (k = 0; k < 3; ++k) dy[k] = y[3 + k];
    dy[3] = force.x / b->mass, dy[4] = force.y / b->mass, dy[5] = force.z / b->mass - 9.81;
    dy[6] = torque.x / b->inertia, dy[7] = torque.y / b->inertia, dy[8] = torque.z / b->inertia;
}

static void bounce_run(const bounce *b, double *y, double dt, int steps)
{
    int s, k;
    for (s = 0; s < steps; ++s) {
        double k1[9], k2[9], k3[9], k4[9], tmp[9], time = s * dt;
        bounce_rate(b, time, y, k1);
        for (k = 0; k < 9; ++k) tmp[k] = y[k] + 0.5 * dt * k1[k];
        bounce_rate(b, time + 0.5 * dt, tmp, k2);
        for (k = 0; k < 9; ++k) tmp[k] = y[k] + 0.5 * dt * k2[k];
        bounce_rate(b, time + 0.5 * dt, tmp, k3);
        for (k = 0; k < 9; ++k) tmp[k] = y[k] + dt * k3[k];
        bounce_rate(b, time + dt, tmp, k4);
        for (k = 0; k < 9; ++k) y[k] += dt / 6 * (k1[k] + 2 * k2[k] + 2 * k3[k] + k4[k]);
    }
}

static void galilean_bounce_on_moving_facet(void)
{
    bounce still, moving;
    double y0[9] = {0.02, -0.01, 0.0055, 0.3, 0.1, -0.8, 0, 5, 0}, y1[9], y2[9];
    const double dt = 2e-6;
    const int steps = 6000;
    int k;
    still.t0 = demc_facet_triangle_make(v3(-0.05, -0.04, 0.0), v3(0.06, -0.03, 0.001), v3(0.0, 0.07, -0.001));
    still.u = v3(0, 0, 0);
    still.radius = 0.005;
    still.mass = 1000 * 4.0 / 3.0 * 3.14159265358979 * 1.25e-7;
    still.inertia = 0.4 * still.mass * still.radius * still.radius;
    still.hertz.prefactor = 4.0 / 3.0 * 1e8 * sqrt(still.radius);
    still.damping = 0.02;
    still.tangential_damping = 0.05;
    moving = still;
    moving.u = v3(0.7, -0.4, 0.5);
    for (k = 0; k < 9; ++k) y1[k] = y2[k] = y0[k];
    y2[3] += moving.u.x, y2[4] += moving.u.y, y2[5] += moving.u.z;
    bounce_run(&still, y1, dt, steps);
    bounce_run(&moving, y2, dt, steps);
    /* The bounce happened (the sphere rebounds upwards and spins) and ended before the final time. */
    CHECK(y1[5] > 0.3 && fabs(y1[7] - 5.0) > 0.5);
    CHECK_ABS(y2[0] - moving.u.x * dt * steps, y1[0], 1e-12 * 0.1);
    CHECK_ABS(y2[1] - moving.u.y * dt * steps, y1[1], 1e-12 * 0.1);
    CHECK_ABS(y2[2] - moving.u.z * dt * steps, y1[2], 1e-12 * 0.1);
    CHECK_REL(y2[3] - moving.u.x, y1[3], 1e-12);
    CHECK_REL(y2[4] - moving.u.y, y1[4], 1e-12);
    CHECK_REL(y2[5] - moving.u.z, y1[5], 1e-12);
    for (k = 6; k < 9; ++k) CHECK_ABS(y2[k], y1[k], 1e-12 * (fabs(y1[6]) + fabs(y1[7]) + fabs(y1[8])));
}

/* Degenerate triangles and spheres at vertices: finite outputs and the documented regions. */
static void check_finite_contact(const demc_facet_contact *c)
{
    CHECK(finite3(c->point) && finite3(c->normal) && c->distance - c->distance == 0 && c->height == c->height);
    CHECK(c->weight[0] >= 0 && c->weight[1] >= 0 && c->weight[2] >= 0);
    CHECK_ABS(c->weight[0] + c->weight[1] + c->weight[2], 1.0, 1e-15);
    CHECK((int)c->region >= 0 && (int)c->region <= 6);
}

static void degenerate_triangles(void)
{
    demc_vec3 a = v3(1, 2, 3), b = v3(3, 2, 3), mid = v3(2, 2, 3), f[3];
    demc_facet_triangle needle = demc_facet_triangle_make(a, b, mid); /* collinear: a—mid—b */
    demc_facet_triangle sliver = demc_facet_triangle_make(a, b, v3(2, 2 + 1e-12, 3));
    demc_facet_triangle pair = demc_facet_triangle_make(a, a, b);     /* two coincident vertices */
    demc_facet_triangle point = demc_facet_triangle_make(a, a, a);    /* all coincident */
    demc_facet_triangle good = demc_facet_triangle_make(a, b, v3(1, 4, 3));
    demc_facet_contact c;
    int n;
    /* Needle: its closest point is that of the segment a–b (computed here); never a face region. */
    for (n = 0; n < 500; ++n) {
        demc_vec3 x = add(mid, random_vec(2.0)), e = sub(b, a), expect;
        double t = dot(sub(x, a), e) / dot(e, e);
        const demc_facet_triangle *tri = n % 2 ? &needle : &sliver;
        double tol;
        t = t < 0 ? 0 : (t > 1 ? 1 : t);
        expect = add(a, mul(e, t));
        c = demc_facet_closest_point(tri, x);
        check_finite_contact(&c);
        tol = n % 2 ? 1e-14 : 2e-12; /* the sliver's apex is 1e-12 off the segment */
        CHECK(c.region != DEMC_FACET_REGION_FACE);
        CHECK_VEC(c.point, expect, tol);
        CHECK_ABS(c.distance, dist(x, expect), tol);
        if (c.distance > 0.1) CHECK_VEC(c.normal, unit(sub(x, expect)), 100 * tol);
        CHECK(c.height == 0);
        /* no plane to carry a torque: the barycentric forces of −F at P, finite; the torque is not carried */
        demc_facet_nodal_forces(tri, &c, v3(1, 2, 3), v3(0.3, -0.2, 0.5), f);
        CHECK(finite3(f[0]) && finite3(f[1]) && finite3(f[2]));
        CHECK_VEC(add(add(f[0], f[1]), f[2]), v3(-1, -2, -3), 1e-14);
        {
            int k;
            for (k = 0; k < 3; ++k) CHECK_VEC(f[k], mul(v3(1, 2, 3), -c.weight[k]), 0.0);
        }
    }
    CHECK_VEC(demc_facet_angular_velocity(&needle), v3(0, 0, 0), 0.0);
    /* Sphere centre on the needle: distance 0, zero normal (no direction), finite frame. */
    c = demc_facet_closest_point(&needle, v3(1.5, 2, 3));
    check_finite_contact(&c);
    CHECK(c.distance == 0 && c.normal.x == 0 && c.normal.y == 0 && c.normal.z == 0);
    CHECK(c.region == DEMC_FACET_REGION_EDGE_01 || c.region == DEMC_FACET_REGION_EDGE_20);
    {
        demc_geometry g = demc_geometry_sphere_facet(&c, v3(1.5, 2, 3), 0.5, c.point);
        CHECK(g.overlap == 0.5 && finite3(g.branch_i) && finite3(g.branch_j));
    }
    /* Two coincident vertices: the edge 0–1 has zero length; x beyond vertex b is in vertex 2's region. */
    c = demc_facet_closest_point(&pair, v3(5, 3, 3));
    check_finite_contact(&c);
    CHECK(c.region == DEMC_FACET_REGION_VERTEX_2 && dist(c.point, b) == 0);
    c = demc_facet_closest_point(&pair, v3(-1, 2, 4));
    check_finite_contact(&c);
    CHECK(c.region == DEMC_FACET_REGION_VERTEX_0 && dist(c.point, a) == 0);
    /* All coincident: vertex 0, normal from the point to the centre; centre on the point: zero normal. */
    c = demc_facet_closest_point(&point, v3(1, 2, 5));
    check_finite_contact(&c);
    CHECK(c.region == DEMC_FACET_REGION_VERTEX_0);
    CHECK_VEC(c.normal, v3(0, 0, 1), 0.0);
    c = demc_facet_closest_point(&point, a);
    check_finite_contact(&c);
    CHECK(c.region == DEMC_FACET_REGION_VERTEX_0 && c.distance == 0 && norm(c.normal) == 0);
    /* A regular triangle, centre exactly at a vertex: the foot is in the closed triangle (face region), d = 0,
     * n = +n_f; a centre just outside vertex 1, in its normal cone: vertex region. */
    c = demc_facet_closest_point(&good, b);
    check_finite_contact(&c);
    CHECK(c.region == DEMC_FACET_REGION_FACE && c.distance == 0);
    CHECK_VEC(c.normal, v3(0, 0, 1), 0.0);
    c = demc_facet_closest_point(&good, v3(3.5, 1.9, 3.2));
    check_finite_contact(&c);
    CHECK(c.region == DEMC_FACET_REGION_VERTEX_1 && dist(c.point, b) == 0);
    /* Centre on an edge of a regular triangle, in its plane: d = 0; the face region holds it (closed triangle). */
    c = demc_facet_closest_point(&good, v3(2, 2, 3));
    check_finite_contact(&c);
    CHECK(c.distance == 0 && c.normal.z == 1.0);
    /* Centre in the plane outside the triangle: edge region, normal in the plane. */
    c = demc_facet_closest_point(&good, v3(2, 1, 3));
    check_finite_contact(&c);
    CHECK(c.region == DEMC_FACET_REGION_EDGE_01);
    CHECK_VEC(c.normal, v3(0, -1, 0), 1e-15);
    /* Coincident vertices carry no torque either: finite, the barycentric forces. */
    {
        const demc_facet_triangle *tris[2];
        int m, k;
        tris[0] = &pair, tris[1] = &point;
        for (m = 0; m < 2; ++m) {
            c = demc_facet_closest_point(tris[m], v3(1.5, 2.5, 4));
            demc_facet_nodal_forces(tris[m], &c, v3(1, 2, 3), v3(1e3, -2e3, 5e2), f);
            for (k = 0; k < 3; ++k) CHECK(finite3(f[k]));
            CHECK_VEC(add(add(f[0], f[1]), f[2]), v3(-1, -2, -3), 1e-14);
        }
    }
    /* Huge and tiny triangles stay finite. */
    {
        demc_facet_triangle big = demc_facet_triangle_make(v3(1e60, 0, 0), v3(0, 1e60, 0), v3(0, 0, 1e60));
        demc_facet_triangle small = demc_facet_triangle_make(v3(1e-60, 0, 0), v3(0, 1e-60, 0), v3(0, 0, 1e-60));
        c = demc_facet_closest_point(&big, v3(1e60, 1e60, 1e60));
        check_finite_contact(&c);
        CHECK(c.region == DEMC_FACET_REGION_FACE);
        c = demc_facet_closest_point(&small, v3(1e-60, 1e-60, 1e-60));
        check_finite_contact(&c);
        CHECK(c.region == DEMC_FACET_REGION_FACE);
    }
}

int main(void)
{
    RUN(face_equals_plane_wall);
    RUN(edge_and_vertex_regions_equal_point_contacts);
    RUN(flat_mesh_is_a_plane);
    RUN(convex_ridge_continuous_normal);
    RUN(concave_valley_keeps_both_faces);
    RUN(nodal_forces_sum_and_moment);
    RUN(rigid_motion_velocities);
    RUN(galilean_bounce_on_moving_facet);
    RUN(degenerate_triangles);
    return harness_finish("test_facet");
}
