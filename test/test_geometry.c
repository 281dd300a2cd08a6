/* geometry.h: contact frame and kinematics against independent references: exact configurations, rigid-body
 * motion advanced with an exact rotation (written here) and differentiated numerically, swap symmetry, frame
 * objectivity, angular-momentum balance, the wall as the limit of a large sphere, NaN-freedom. */
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
static int finite3(demc_vec3 a) { return a.x - a.x == 0 && a.y - a.y == 0 && a.z - a.z == 0; }

/* Rotation by angle |w| about w (Euler–Rodrigues, written out here, independent of the library). */
static demc_vec3 rotate(demc_vec3 w, demc_vec3 p)
{
    double a = norm(w), c, s;
    demc_vec3 k;
    if (a == 0) return p;
    k = mul(w, 1 / a);
    c = cos(a);
    s = sin(a);
    return add(add(mul(p, c), mul(cross(k, p), s)), mul(k, dot(k, p) * (1 - c)));
}

static unsigned long rng_state = 12345;
static double uniform(double lo, double hi)
{
    rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
    return lo + (hi - lo) * ((double)(rng_state >> 11) / 9007199254740992.0);
}
static demc_vec3 random_vec(double s) { return v3(uniform(-s, s), uniform(-s, s), uniform(-s, s)); }

#define CHECK_VEC(a, b, tol)                                                                                   \
    do {                                                                                                       \
        CHECK_ABS((a).x, (b).x, tol);                                                                          \
        CHECK_ABS((a).y, (b).y, tol);                                                                          \
        CHECK_ABS((a).z, (b).z, tol);                                                                          \
    } while (0)

/* A 3-4-5 configuration with unequal radii: every expected value is exact or a short closed form. */
static void sphere_sphere_exact_configuration(void)
{
    demc_vec3 xi = v3(3e-3, 4e-3, 0), xj = v3(0, 0, 0);
    const double ri = 3e-3, rj = 2.5e-3; /* distance 5e-3, overlap 0.5e-3 */
    demc_geometry g = demc_geometry_sphere_sphere(xi, ri, xj, rj);
    demc_vec3 c;
    CHECK_REL(g.overlap, 0.5e-3, 1e-15);
    CHECK_VEC(g.normal, v3(0.6, 0.8, 0), 1e-16);
    /* 000 eq 8: |d_i| = R_i − δ/2, |d_j| = R_j − δ/2; both give the same point. */
    CHECK_REL(norm(g.branch_i), ri - 0.25e-3, 1e-15);
    CHECK_REL(norm(g.branch_j), rj - 0.25e-3, 1e-15);
    CHECK(dot(g.branch_i, g.normal) < 0 && dot(g.branch_j, g.normal) > 0);
    c = add(xi, g.branch_i);
    CHECK_VEC(c, add(xj, g.branch_j), 1e-18);
    /* The contact point is the middle of the overlap region on the line of centres. */
    CHECK_VEC(c, mul(v3(0.6, 0.8, 0), 0.5 * ((5e-3 - ri) + rj)), 1e-18);
    /* A gap gives a negative overlap, same normal. */
    g = demc_geometry_sphere_sphere(xi, 1e-3, xj, 1e-3);
    CHECK_REL(g.overlap, -3e-3, 1e-15);
}

static void sphere_wall_exact_configuration(void)
{
    demc_vec3 n = v3(0, 0, 1), xw = v3(5, -7, 2);
    demc_geometry g = demc_geometry_sphere_wall(v3(1, 2, 2.0009), 1e-3, xw, n);
    CHECK_REL(g.overlap, 1e-4, 1e-9); /* 1e-3 − 0.9e-3, up to the rounding of 2.0009 */
    CHECK_VEC(g.normal, n, 0);
    CHECK_VEC(g.branch_i, v3(0, 0, -(1e-3 - 0.5 * g.overlap)), 1e-18);
    CHECK_VEC(add(v3(1, 2, 2.0009), g.branch_i), add(xw, g.branch_j), 1e-15);
    /* 000 eq 7 directly. */
    CHECK_REL(g.overlap, 1e-3 - dot(n, sub(v3(1, 2, 2.0009), xw)), 1e-15);
}

/* The relative velocity of the contact points is the difference of the velocities of the two material points at
 * C; here the rigid motions are advanced with exact rotations and differentiated by a central difference. */
static void relative_velocity_is_material_point_velocity(void)
{
    int trial;
    for (trial = 0; trial < 20; ++trial) {
        demc_vec3 xi = random_vec(1e-2), xj = random_vec(1e-2), vi = random_vec(1), vj = random_vec(1);
        demc_vec3 wi = random_vec(100), wj = random_vec(100);
        double ri = uniform(1e-3, 1e-2), rj = uniform(1e-3, 1e-2), h = 1e-6;
        demc_geometry g = demc_geometry_sphere_sphere(xi, ri, xj, rj);
        demc_kinematics k = demc_geometry_kinematics(&g, vi, wi, vj, wj);
        demc_vec3 c = add(xi, g.branch_i), fd;
        /* material point of i at C: x_i(t) + rot(ω_i t)(C − x_i); of j likewise. */
        demc_vec3 pi_p = add(add(xi, mul(vi, h)), rotate(mul(wi, h), sub(c, xi)));
        demc_vec3 pi_m = add(add(xi, mul(vi, -h)), rotate(mul(wi, -h), sub(c, xi)));
        demc_vec3 pj_p = add(add(xj, mul(vj, h)), rotate(mul(wj, h), sub(c, xj)));
        demc_vec3 pj_m = add(add(xj, mul(vj, -h)), rotate(mul(wj, -h), sub(c, xj)));
        fd = mul(sub(sub(pi_p, pi_m), sub(pj_p, pj_m)), 1 / (2 * h));
        CHECK_VEC(k.velocity, fd, 1e-7);
        /* Parts: v = v_n n + v_t, v_t ⟂ n. */
        CHECK_VEC(add(mul(g.normal, -k.overlap_rate), k.tangential_velocity), k.velocity, 1e-15);
        CHECK_ABS(dot(k.tangential_velocity, g.normal), 0, 1e-14);
    }
}

/* v_n = −dδ/dt, for two spheres and for a translating and rotating wall, by a central difference of the
 * overlap of the advanced configuration. */
static void overlap_rate_is_the_derivative_of_the_overlap(void)
{
    int trial;
    for (trial = 0; trial < 20; ++trial) {
        demc_vec3 xi = random_vec(1e-2), xj = random_vec(1e-2), vi = random_vec(1), vj = random_vec(1);
        demc_vec3 wi = random_vec(100), wj = random_vec(10), n = rotate(random_vec(3), v3(0, 0, 1));
        double ri = uniform(1e-3, 1e-2), rj = uniform(1e-3, 1e-2), h = 1e-7, rate;
        demc_geometry g = demc_geometry_sphere_sphere(xi, ri, xj, rj), gp, gm;
        demc_kinematics k = demc_geometry_kinematics(&g, vi, wi, vj, wj);
        gp = demc_geometry_sphere_sphere(add(xi, mul(vi, h)), ri, add(xj, mul(vj, h)), rj);
        gm = demc_geometry_sphere_sphere(add(xi, mul(vi, -h)), ri, add(xj, mul(vj, -h)), rj);
        rate = (gp.overlap - gm.overlap) / (2 * h);
        CHECK_ABS(k.overlap_rate, rate, 1e-9); /* truncation ~1e-11, rounding ~1e-10 */
        /* Wall at x_j turning with ω_j about x_j: its normal turns, its point stays on the plane. */
        g = demc_geometry_sphere_wall(xi, ri, xj, n);
        k = demc_geometry_kinematics(&g, vi, wi, vj, wj);
        gp = demc_geometry_sphere_wall(add(xi, mul(vi, h)), ri, add(xj, mul(vj, h)), rotate(mul(wj, h), n));
        gm = demc_geometry_sphere_wall(add(xi, mul(vi, -h)), ri, add(xj, mul(vj, -h)), rotate(mul(wj, -h), n));
        rate = (gp.overlap - gm.overlap) / (2 * h);
        CHECK_ABS(k.overlap_rate, rate, 1e-9); /* truncation ~1e-11, rounding ~1e-10 */
    }
}

/* Swapping i and j: same overlap, opposite normal, exchanged branches, opposite relative velocity and force, and
 * the torques exchange. */
static void swap_flips_normal_velocity_force(void)
{
    int trial;
    for (trial = 0; trial < 50; ++trial) {
        demc_vec3 xi = random_vec(1), xj = random_vec(1), vi = random_vec(1), vj = random_vec(1);
        demc_vec3 wi = random_vec(10), wj = random_vec(10), f = random_vec(5);
        double ri = uniform(0.1, 2), rj = uniform(0.1, 2);
        demc_geometry a = demc_geometry_sphere_sphere(xi, ri, xj, rj), b = demc_geometry_sphere_sphere(xj, rj, xi, ri);
        demc_kinematics ka = demc_geometry_kinematics(&a, vi, wi, vj, wj);
        demc_kinematics kb = demc_geometry_kinematics(&b, vj, wj, vi, wi);
        demc_vec3 fa = mul(a.normal, 3.5), fb = mul(b.normal, 3.5); /* a normal force law in each frame */
        demc_vec3 ti, tj;
        CHECK(a.overlap == b.overlap);
        CHECK_VEC(b.normal, mul(a.normal, -1), 0);
        CHECK_VEC(b.branch_i, a.branch_j, 0);
        CHECK_VEC(b.branch_j, a.branch_i, 0);
        CHECK_VEC(kb.velocity, mul(ka.velocity, -1), 1e-15);
        CHECK_ABS(kb.overlap_rate, ka.overlap_rate, 1e-15);
        CHECK_VEC(kb.tangential_velocity, mul(ka.tangential_velocity, -1), 1e-15);
        CHECK_VEC(fb, mul(fa, -1), 0);
        ti = demc_geometry_torque_i(&a, f);
        tj = demc_geometry_torque_j(&a, f);
        CHECK_VEC(demc_geometry_torque_i(&b, mul(f, -1)), tj, 0);
        CHECK_VEC(demc_geometry_torque_j(&b, mul(f, -1)), ti, 0);
    }
}

/* A rigid rotation Q and translation of the whole configuration: overlap unchanged, vectors rotated; and a rigid
 * motion superposed on both bodies (V + Ω × x, ω + Ω) leaves the relative contact velocity unchanged. */
static void objectivity(void)
{
    int trial;
    for (trial = 0; trial < 50; ++trial) {
        demc_vec3 xi = random_vec(1), xj = random_vec(1), vi = random_vec(1), vj = random_vec(1);
        demc_vec3 wi = random_vec(10), wj = random_vec(10), f = random_vec(5);
        demc_vec3 q = random_vec(3), shift = random_vec(10), big_v = random_vec(2), big_w = random_vec(5);
        demc_vec3 nw = rotate(random_vec(3), v3(1, 0, 0)), xw = random_vec(1);
        double ri = uniform(0.1, 2), rj = uniform(0.1, 2);
        int wall;
        for (wall = 0; wall < 2; ++wall) {
            demc_geometry a = wall ? demc_geometry_sphere_wall(xi, ri, xw, nw) : demc_geometry_sphere_sphere(xi, ri, xj, rj);
            demc_vec3 xj_ = wall ? xw : xj;
            demc_geometry b = wall ? demc_geometry_sphere_wall(add(rotate(q, xi), shift), ri, add(rotate(q, xw), shift),
                                                               rotate(q, nw))
                                   : demc_geometry_sphere_sphere(add(rotate(q, xi), shift), ri,
                                                                 add(rotate(q, xj), shift), rj);
            demc_kinematics ka = demc_geometry_kinematics(&a, vi, wi, vj, wj);
            demc_kinematics kb = demc_geometry_kinematics(&b, rotate(q, vi), rotate(q, wi), rotate(q, vj), rotate(q, wj));
            demc_kinematics ks = demc_geometry_kinematics(&a, add(vi, add(big_v, cross(big_w, xi))), add(wi, big_w),
                                                          add(vj, add(big_v, cross(big_w, xj_))), add(wj, big_w));
            CHECK_ABS(b.overlap, a.overlap, 1e-13);
            CHECK_VEC(b.normal, rotate(q, a.normal), 1e-13);
            CHECK_VEC(b.branch_i, rotate(q, a.branch_i), 1e-13);
            CHECK_VEC(kb.velocity, rotate(q, ka.velocity), 1e-12);
            CHECK_ABS(kb.overlap_rate, ka.overlap_rate, 1e-12);
            CHECK_VEC(kb.tangential_velocity, rotate(q, ka.tangential_velocity), 1e-12);
            CHECK_VEC(demc_geometry_torque_i(&b, rotate(q, f)), rotate(q, demc_geometry_torque_i(&a, f)), 1e-12);
            CHECK_VEC(ks.velocity, ka.velocity, 1e-12);
            CHECK_ABS(ks.overlap_rate, ka.overlap_rate, 1e-12);
        }
    }
}

/* The force pair (F on i, −F on j at the same point) with the returned torques has zero total moment about the
 * origin: x_i × F + τ_i − x_j × F + τ_j = 0. */
static void torques_balance_angular_momentum(void)
{
    int trial;
    for (trial = 0; trial < 50; ++trial) {
        demc_vec3 xi = random_vec(1), xj = random_vec(1), f = random_vec(5), xw = random_vec(1);
        demc_vec3 nw = rotate(random_vec(3), v3(0, 1, 0));
        demc_geometry g = demc_geometry_sphere_sphere(xi, 0.7, xj, 0.9);
        demc_vec3 total = add(add(cross(xi, f), demc_geometry_torque_i(&g, f)),
                              add(cross(xj, mul(f, -1)), demc_geometry_torque_j(&g, f)));
        CHECK_VEC(total, v3(0, 0, 0), 1e-13);
        g = demc_geometry_sphere_wall(xi, 0.7, xw, nw);
        total = add(add(cross(xi, f), demc_geometry_torque_i(&g, f)),
                    add(cross(xw, mul(f, -1)), demc_geometry_torque_j(&g, f)));
        CHECK_VEC(total, v3(0, 0, 0), 1e-13);
        /* A purely normal force has no torque about i's centre; a tangential one has |d_i||F_t|. */
        CHECK_VEC(demc_geometry_torque_i(&g, mul(g.normal, 2.0)), v3(0, 0, 0), 1e-15);
    }
    {
        demc_geometry g = demc_geometry_sphere_wall(v3(0, 0, 0.9), 1, v3(0, 0, 0), v3(0, 0, 1));
        /* d_i = (0, 0, −0.95); a force +x at the bottom of the sphere spins it about −y... r × F = (0,0,−.95)×(1,0,0). */
        CHECK_VEC(demc_geometry_torque_i(&g, v3(1, 0, 0)), v3(0, -0.95, 0), 1e-15);
    }
}

/* A plane wall is the limit of a large sphere j tangent to the plane at the foot of x_i, moving with the wall
 * (for the tangent sphere the frame agrees for every radius: the tolerance is the rounding of eps·R_j). */
static void wall_is_the_limit_of_a_large_sphere(void)
{
    demc_vec3 n = rotate(v3(0.3, -0.2, 0.5), v3(0, 0, 1)), xw = v3(0.1, 0.2, 0.3);
    demc_vec3 xi = add(add(xw, mul(n, 0.9e-3)), v3(0, 0, 0)), vi = v3(0.3, -1, 0.2), wi = v3(10, 20, -5);
    demc_vec3 vw = v3(0.05, 0.1, -0.2), foot = sub(xi, mul(n, dot(n, sub(xi, xw))));
    double big = 1e2;
    demc_geometry w = demc_geometry_sphere_wall(xi, 1e-3, xw, n);
    demc_geometry s = demc_geometry_sphere_sphere(xi, 1e-3, sub(foot, mul(n, big)), big);
    demc_kinematics kw = demc_geometry_kinematics(&w, vi, wi, vw, v3(0, 0, 0));
    demc_kinematics ks = demc_geometry_kinematics(&s, vi, wi, vw, v3(0, 0, 0));
    CHECK_REL(s.overlap, w.overlap, 1e-9);
    CHECK_VEC(s.normal, w.normal, 1e-15);
    CHECK_VEC(s.branch_i, w.branch_i, 1e-13);
    CHECK_VEC(ks.velocity, kw.velocity, 1e-13);
    CHECK_ABS(ks.overlap_rate, kw.overlap_rate, 1e-13);
}

/* Degenerate and extreme inputs: finite results, documented values. */
static void degenerate_inputs_are_nan_free(void)
{
    demc_geometry g = demc_geometry_sphere_sphere(v3(1, 2, 3), 0.5, v3(1, 2, 3), 0.25);
    demc_kinematics k;
    int trial;
    CHECK(g.overlap == 0.75);
    CHECK_VEC(g.normal, v3(0, 0, 0), 0);
    CHECK_VEC(g.branch_i, v3(0, 0, 0), 0);
    CHECK_VEC(g.branch_j, v3(0, 0, 0), 0);
    k = demc_geometry_kinematics(&g, v3(1, 0, 0), v3(0, 0, 5), v3(0, 1, 0), v3(3, 0, 0));
    CHECK(finite3(k.velocity) && k.overlap_rate == 0 && finite3(k.tangential_velocity));
    g = demc_geometry_sphere_sphere(v3(1e-170, 0, 0), 1, v3(0, 0, 0), 1); /* squared distance underflows */
    CHECK(finite3(g.normal) && finite3(g.branch_i) && g.overlap - g.overlap == 0);
    g = demc_geometry_sphere_wall(v3(1, 2, 3), 0.5, v3(0, 0, 0), v3(0, 0, 0));
    CHECK(g.overlap == 0.5 && finite3(g.normal) && finite3(g.branch_i) && finite3(g.branch_j));
    for (trial = 0; trial < 10000; ++trial) {
        double s = pow(10.0, uniform(-150, 150));
        demc_vec3 xi = random_vec(s), xj = trial % 3 ? random_vec(s) : xi;
        g = demc_geometry_sphere_sphere(xi, uniform(0, s), xj, uniform(0, s));
        k = demc_geometry_kinematics(&g, random_vec(s), random_vec(s), random_vec(s), random_vec(s));
        CHECK(g.overlap - g.overlap == 0 && finite3(g.normal) && finite3(g.branch_i) && finite3(g.branch_j));
        CHECK(finite3(k.velocity) && k.overlap_rate - k.overlap_rate == 0 && finite3(k.tangential_velocity));
    }
}

/* One frame, one contact point (page "The analysis set"): this header's frame equals the contact frames of contact.h
 * built with DEMC_CONTACT_POINT_HALF, for two spheres, a wall (reference point: the wall's point) and a facet
 * (reference point: the closest point P), so the two never disagree about a torque arm. */
static void the_contact_frames_with_the_half_rule_agree(void)
{
    demc_contact_def def = demc_contact_def_default();
    demc_contact_model model;
    demc_material steel = demc_material_make(2e11, 0.3, 7800.0), glass = demc_material_make(7e10, 0.25, 2500.0);
    int trial;
    /* Unlike materials, so that the compliance rule (the default) would put the contact point elsewhere. */
    CHECK(demc_material_moduli_init(&steel, &glass, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
    def.contact_point = DEMC_CONTACT_POINT_HALF;
    def.restitution = 0.5;
    if (!CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK)) return;
    for (trial = 0; trial < 1000; ++trial) {
        const double ri = uniform(1e-3, 1e-2), rj = uniform(1e-3, 1e-2);
        demc_body a, b;
        demc_wall wall;
        demc_vec3 n = rotate(random_vec(3), v3(0, 0, 1));
        demc_facet_triangle tri;
        demc_facet_contact fc;
        demc_geometry g;
        demc_contact_frame f;
        a.position = random_vec(1e-2), a.velocity = a.angular_velocity = v3(0, 0, 0), a.radius = ri;
        a.mass = 1e-3, a.inertia = 0;
        b = a, b.radius = rj;
        b.position = add(a.position, mul(rotate(random_vec(3), v3(0, 0, 1)), (ri + rj) * uniform(0.9, 0.999)));
        g = demc_geometry_sphere_sphere(a.position, ri, b.position, rj);
        f = demc_contact_frame_sphere_sphere(&model, &a, &b);
        CHECK_ABS(f.overlap, g.overlap, 1e-15 * ri);
        CHECK_VEC(f.normal, g.normal, 1e-14);
        CHECK_VEC(f.branch_i, g.branch_i, 1e-14 * ri);
        CHECK_VEC(f.branch_j, g.branch_j, 1e-14 * rj);
        wall.normal = n, wall.point = sub(a.position, mul(n, ri * uniform(0.9, 0.999)));
        wall.point = add(wall.point, cross(n, random_vec(1e-2))); /* a reference point off the foot */
        wall.velocity = wall.angular_velocity = v3(0, 0, 0);
        g = demc_geometry_sphere_wall(a.position, ri, wall.point, n);
        f = demc_contact_frame_sphere_wall(&model, &a, &wall);
        CHECK_ABS(f.overlap, g.overlap, 1e-13 * ri);
        CHECK_VEC(f.normal, g.normal, 1e-14);
        CHECK_VEC(f.branch_i, g.branch_i, 1e-14 * ri);
        CHECK_VEC(f.branch_j, g.branch_j, 1e-14 * 1e-2);
        tri = demc_facet_triangle_make(add(wall.point, cross(n, v3(1e-2, 0, 0))), add(wall.point, cross(n, v3(0, 1e-2, 0))),
                                       add(wall.point, cross(n, v3(0, 0, 1e-2))));
        fc = demc_facet_closest_point(&tri, a.position);
        g = demc_geometry_sphere_facet(&fc, a.position, ri, fc.point);
        f = demc_contact_frame_sphere_facet(&model, &a, &tri, &fc);
        if (g.overlap <= 0) continue;
        CHECK_ABS(f.overlap, g.overlap, 1e-13 * ri);
        CHECK_VEC(f.normal, g.normal, 1e-14);
        CHECK_VEC(f.branch_i, g.branch_i, 1e-14 * ri);
        CHECK_VEC(f.branch_j, g.branch_j, 1e-14 * ri);
    }
}

int main(void)
{
    RUN(sphere_sphere_exact_configuration);
    RUN(sphere_wall_exact_configuration);
    RUN(relative_velocity_is_material_point_velocity);
    RUN(overlap_rate_is_the_derivative_of_the_overlap);
    RUN(swap_flips_normal_velocity_force);
    RUN(objectivity);
    RUN(torques_balance_angular_momentum);
    RUN(wall_is_the_limit_of_a_large_sphere);
    RUN(degenerate_inputs_are_nan_free);
    RUN(the_contact_frames_with_the_half_rule_agree);
    return harness_finish("test_geometry");
}
