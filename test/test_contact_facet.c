/* The assembled models against a triangle facet (demc_contact_frame_sphere_facet, demc_facet_handover), for every
 * preset: on a face the plane wall's force, torques and state (the wall from contact.h with the plane computed
 * here); on an edge or vertex the frame of a point contact computed here; a sphere rolling down an incline across
 * the diagonal of a square of two triangles integrated here gives the plane's history (and, as a control, not
 * without the handover of the state); over a convex ridge the history of the closed-form roof computed here, with
 * a continuous normal; a bounce on a translating facet equals the still one in the facet's frame; the nodal
 * forces of the evaluation's force sum to its reaction and carry its moment; the handover rule on small cases. */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "demc.h"
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
static double dist(demc_vec3 a, demc_vec3 b) { return norm(sub(a, b)); }
static int finite3(demc_vec3 a) { return a.x - a.x == 0 && a.y - a.y == 0 && a.z - a.z == 0; }

static unsigned long rng_state = 20261122;
static double uniform(double lo, double hi)
{
    rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
    return lo + (hi - lo) * ((double)(rng_state >> 11) / 9007199254740992.0);
}
static demc_vec3 random_vec(double s) { return v3(uniform(-s, s), uniform(-s, s), uniform(-s, s)); }

#define PRESETS 5
static const demc_contact_preset preset_of[PRESETS] = {DEMC_CONTACT_PRESET_HMD, DEMC_CONTACT_PRESET_LSD,
                                                       DEMC_CONTACT_PRESET_PLSB, DEMC_CONTACT_PRESET_HM,
                                                       DEMC_CONTACT_PRESET_CAMPELLO};
static const char *const preset_name[PRESETS] = {"HM+D", "LS+D", "PLS(B)", "HM", "Campello"};

/* A glass-like sphere of 5 mm and a stiff facet. */
static const double radius = 0.005, density = 2500.0;
static double sphere_mass(void) { return density * 4.0 / 3.0 * 3.14159265358979323846 * radius * radius * radius; }
static double sphere_inertia(void) { return 0.4 * sphere_mass() * radius * radius; }

/* Largest |a − b| over a vector, relative to `scale`. */
static double vec_err(demc_vec3 a, demc_vec3 b, double scale) { return dist(a, b) / scale; }

/* Compiled model of a preset with friction and the given rolling and twisting laws (moderate coefficients, so
 * that the couples are large against the force's own moment about P); `asymmetry` is the compliance split (1: rigid
 * facet). */
static demc_contact_model make_model_rt(demc_contact_preset preset, demc_contact_point_rule rule, double asymmetry,
                                        demc_rolling_law rolling, demc_twisting_law twisting)
{
    demc_contact_def def;
    demc_contact_model model;
    memset(&model, 0, sizeof model);
    CHECK(demc_contact_def_init(preset, sizeof def, &def, NULL) == DEMC_OK);
    def.moduli.effective_modulus = 5e7;
    def.moduli.effective_shear_modulus = 2e7;
    def.moduli.compliance_asymmetry = asymmetry;
    def.normal_stiffness = 1e4;
    def.stiffness_ratio = 0.8;
    def.restitution = 0.7;
    def.friction.mu_static = 0.4;
    def.friction.mu_dynamic = preset == DEMC_CONTACT_PRESET_CAMPELLO ? 0.3 : 0.4;
    def.contact_point = rule;
    def.rolling = rolling;
    def.twisting = twisting;
    def.mu_rolling = 0.1;
    def.rolling_damping_ratio = 0.3;
    def.rolling_stiffness = 1e3;
    def.rolling_damping = 0.05;
    def.twisting_stiffness = 1e-4;
    def.twisting_damping = 1e-7;
    def.mu_twisting = 1e-3;
    CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
    return model;
}

/* Compiled model of a preset with friction, without rolling or twisting resistance. */
static demc_contact_model make_model(demc_contact_preset preset, demc_contact_point_rule rule, double asymmetry)
{
    return make_model_rt(preset, rule, asymmetry, DEMC_ROLLING_NONE, DEMC_TWISTING_NONE);
}

/* Every rolling × twisting combination of contact.h. */
#define ROLLINGS 4
#define TWISTINGS 3
static const demc_rolling_law rolling_of[ROLLINGS] = {DEMC_ROLLING_NONE, DEMC_ROLLING_CDT, DEMC_ROLLING_EPSD,
                                                      DEMC_ROLLING_SDS};
static const demc_twisting_law twisting_of[TWISTINGS] = {DEMC_TWISTING_NONE, DEMC_TWISTING_MARSHALL,
                                                         DEMC_TWISTING_SDS};
static const char *const rolling_name[ROLLINGS] = {"none", "CDT", "EPSD", "SDS"};
static const char *const twisting_name[TWISTINGS] = {"none", "Marshall", "SDS"};

/* The FE loads of one evaluated facet contact, as a host computes them: the result's force and torque_j. */
static void facet_loads(const demc_facet_triangle *t, const demc_facet_contact *cp, const demc_contact_result *r,
                        demc_vec3 *nodal)
{
    demc_facet_nodal_forces(t, cp, r->force, r->torque_j, nodal);
}

/* Residuals of the load transfer of one evaluated contact (sphere centre x): the nodal forces' sum against −F
 * (relative to |F| + Σ|f_k|: a large couple's nodal forces cancel to their own rounding), and the angular momentum
 * balance about o, (x_i − o) × F + τ_i + Σ (x_k − o) × f_k = 0 (the sphere's moment, its couple included, and the
 * nodes' moment), relative to |F| times the distances plus |τ_i|. Independent of torque_j. */
static void load_residuals(const demc_facet_triangle *t, demc_vec3 x, const demc_contact_result *r,
                           const demc_vec3 *nodal, demc_vec3 o, double *sum_err, double *moment_err)
{
    demc_vec3 sum = v3(0, 0, 0), moment = cross(sub(x, o), r->force);
    double scale = norm(r->force) * (dist(x, o) + dist(t->vertex[0], o) + dist(t->vertex[1], o) +
                                     dist(t->vertex[2], o)) + norm(r->torque_i);
    int k;
    moment = add(moment, r->torque_i);
    for (k = 0; k < 3; ++k) {
        sum = add(sum, nodal[k]);
        moment = add(moment, cross(sub(t->vertex[k], o), nodal[k]));
    }
    *sum_err =
        vec_err(sum, mul(r->force, -1.0), norm(r->force) + norm(nodal[0]) + norm(nodal[1]) + norm(nodal[2]));
    *moment_err = norm(moment) / scale;
}

static demc_body make_body(demc_vec3 x, demc_vec3 v, demc_vec3 w)
{
    demc_body b;
    b.position = x;
    b.velocity = v;
    b.angular_velocity = w;
    b.radius = radius;
    b.mass = sphere_mass();
    b.inertia = 0.0;
    return b;
}


/* ---- 1. On a face: the plane wall of contact.h -------------------------------------------------------------- */

/* A tilted triangle moving rigidly (translation u, and in a second run also rotation ω about x_0) against the wall
 * through x_0 with the normal computed here and the same motion; the sphere's centre follows a prescribed path in
 * the face region with a varying overlap, sliding and spinning, and leaves the contact at the end. Every preset,
 * both contact-point rules and an elastic facet: force, torques (the wall's torque_j is about x_0, the facet's
 * about P: moved here by (P − x_0) × (−F) with the foot P of the prescribed path), normal force and state to 1e-14
 * (each double of the state against the largest magnitude its group of three reaches on the path).
 * The one exception is the rolling-consistent increment of [Campello 2015] on a rotating facet: its
 * Δr_j = (I − Q_Δ) d_j with v_j Δt depends on the reference point of a rotating body j at O(|ω|²Δt²|d_j|) (about
 * 1e-8 of the force here), so there the wall passes through the foot P with the rigid velocity of P: the frames
 * are then the same up to the rounding of the overlap, ε R / δ relative, and the tolerance is 1e-14 R/δ. */
static void face_equals_plane_wall(void)
{
    const demc_vec3 a = v3(0.003, -0.002, 0.001), b = v3(0.041, 0.004, -0.006), c = v3(0.012, 0.037, 0.009);
    const demc_vec3 u = v3(0.05, -0.02, 0.01);
    const demc_vec3 n = unit(cross(sub(b, a), sub(c, a)));
    const demc_vec3 e1 = unit(sub(b, a)), e2 = cross(n, e1);
    const double dt = 2e-6, rules[3][2] = {{DEMC_CONTACT_POINT_COMPLIANCE, 1.0}, {DEMC_CONTACT_POINT_HALF, 0.0},
                                           {DEMC_CONTACT_POINT_COMPLIANCE, 0.3}};
    double worst_force = 0, worst_torque = 0, worst_campello = 0;
    int p, r, k, step, motion;
    for (motion = 0; motion < 2; ++motion)
    for (p = 0; p < PRESETS; ++p)
        for (r = 0; r < 3; ++r) {
            const demc_vec3 omega = motion ? v3(0.3, -0.2, 0.5) : v3(0, 0, 0);
            const int through_foot = motion && preset_of[p] == DEMC_CONTACT_PRESET_CAMPELLO;
            const demc_contact_model model =
                make_model(preset_of[p], (demc_contact_point_rule)rules[r][0], rules[r][1]);
            const size_t size = demc_contact_model_state_size(&model);
            demc_facet_triangle t = demc_facet_triangle_make(a, b, c);
            double sf[DEMC_CONTACT_STATE_MAX] = {0}, sw[DEMC_CONTACT_STATE_MAX] = {0};
            double group_max[DEMC_CONTACT_STATE_MAX] = {0}, group_err[DEMC_CONTACT_STATE_MAX] = {0}, worst = 0;
            size_t q;
            for (k = 0; k < 3; ++k) t.velocity[k] = demc_facet_rigid_velocity(a, u, omega, t.vertex[k]);
            for (step = 0; step < 400; ++step) {
                const double s = step / 400.0;
                const double overlap = 2e-6 * (1.0 + 0.8 * sin(9.0 * s)) - (step > 380 ? 1e-5 : 0.0);
                const demc_vec3 foot = add(a, add(mul(e1, 0.008 + 0.01 * s), mul(e2, 0.006 + 0.004 * sin(5 * s))));
                const demc_body body = make_body(add(foot, mul(n, radius - overlap)),
                                                 add(mul(e1, 0.2 * cos(3 * s)), mul(n, -0.01 * cos(9 * s))),
                                                 v3(10 * sin(4 * s), 20.0, -15 * cos(2 * s)));
                const demc_facet_contact cp = demc_facet_closest_point(&t, body.position);
                const demc_vec3 ref = through_foot ? foot : a;
                demc_wall wall;
                demc_contact_frame ff, fw;
                demc_contact_result rf, rw;
                demc_vec3 torque_j_wall;
                double scale, e;
                wall.point = ref;
                wall.normal = n;
                wall.velocity = add(u, cross(omega, sub(ref, a)));
                wall.angular_velocity = omega;
                ff = demc_contact_frame_sphere_facet(&model, &body, &t, &cp);
                fw = demc_contact_frame_sphere_wall(&model, &body, &wall);
                rf = demc_contact_eval(&model, &ff, dt, sf, NULL);
                rw = demc_contact_eval(&model, &fw, dt, sw, NULL);
                scale = norm(rw.force) > 0 ? norm(rw.force) : 1.0;
                torque_j_wall = add(rf.torque_j, cross(sub(foot, ref), mul(rf.force, -1.0)));
                CHECK(cp.region == DEMC_FACET_REGION_FACE);
                CHECK_ABS(rf.overlap, rw.overlap, 1e-14 * radius);
                e = vec_err(rf.force, rw.force, scale);
                worst = e > worst ? e : worst;
                e = fabs(rf.normal_force - rw.normal_force) / scale;
                worst = e > worst ? e : worst;
                e = vec_err(rf.torque_i, rw.torque_i, scale * radius);
                if (!through_foot) worst_torque = e > worst_torque ? e : worst_torque;
                e = vec_err(torque_j_wall, rw.torque_j, scale * radius);
                if (!through_foot) worst_torque = e > worst_torque ? e : worst_torque;
                for (q = 0; q < size; ++q) {
                    const size_t g = q / 3;
                    group_max[g] = fabs(sw[q]) > group_max[g] ? fabs(sw[q]) : group_max[g];
                    group_err[g] = fabs(sf[q] - sw[q]) > group_err[g] ? fabs(sf[q] - sw[q]) : group_err[g];
                }
            }
            for (q = 0; q < size; ++q) {
                const double e = group_max[q / 3] > 0 ? group_err[q / 3] / group_max[q / 3] : group_err[q / 3];
                worst = e > worst ? e : worst;
                CHECK(sf[q] == 0.0); /* the path ends out of contact: reset */
            }
            if (through_foot) {
                worst_campello = worst > worst_campello ? worst : worst_campello;
            } else {
                worst_force = worst > worst_force ? worst : worst_force;
            }
        }
    printf("  face vs plane wall through x_0, 5 presets x 3 contact points x 2 motions: force and state %.2g, "
           "torques %.2g; rotating facet with the increment of Campello, wall through P: %.2g\n",
           worst_force, worst_torque, worst_campello);
    /* Conditioning: the facet's overlap (from the closest point) and the wall's (from a dot product) are computed by
     * different operations on coordinates of ~0.04 m, so they agree to a few ulps of the coordinates, ~1e-17 m,
     * against overlaps down to 4e-7 m: the forces (∝ δ^{3/2}) and the memory may then differ by 1.5 × 1e-17/4e-7
     * ≈ 4e-11 relative. gcc's code gives 3e-15 here, clang's 1.8e-11 (forces) and 5.5e-11 (torques about the
     * larger arms): the bound is that conditioning, 1e-14 R/δ_min, as for the rotating case below. */
    CHECK(worst_force <= 1e-14 * radius / 4e-7);
    CHECK(worst_torque <= 1e-14 * radius / 4e-7);
    CHECK(worst_campello <= 1e-14 * radius / 4e-7);
}

/* ---- 2. Edge and vertex regions: a point contact computed here ---------------------------------------------- */

/* Outside the face the frame is that of a point Q of the facet: δ = R − |x − Q|, n = (x − Q)/|x − Q|, with Q the
 * closest point of the nearest edge computed here, d_i = −(R − sδ)n, d_j = −(1 − s)δ n, the velocity of Q from the
 * linear interpolation of the nodal velocities along the edge and the rigid ω, R* = R, m* = m. Also: a centre
 * beyond R + range gives the empty frame, and a degenerate triangle a finite one with ω_j = 0. */
static void edge_vertex_point_contact(void)
{
    const demc_vec3 a = v3(0, 0, 0), b = v3(0.02, 0.001, 0.002), c = v3(0.004, 0.018, -0.003);
    const demc_vec3 u = v3(0.1, 0.2, -0.1), omega = v3(1.0, -2.0, 0.5);
    const demc_vec3 n_f = unit(cross(sub(b, a), sub(c, a)));
    demc_facet_triangle t = demc_facet_triangle_make(a, b, c);
    int k, trial, rule;
    for (k = 0; k < 3; ++k) t.velocity[k] = demc_facet_rigid_velocity(a, u, omega, t.vertex[k]);
    for (rule = 0; rule < 2; ++rule) {
        const demc_contact_model model = make_model(DEMC_CONTACT_PRESET_HMD, (demc_contact_point_rule)rule, 1.0);
        const double s = rule == 0 ? 1.0 : 0.5;
        for (trial = 0; trial < 200; ++trial) {
            /* Beyond edge 0–1 (outward in-plane direction), or beyond vertex 1 or 2 (trial parity). */
            const int edge = trial % 2 == 0;
            const demc_vec3 out = unit(cross(sub(b, a), n_f)); /* points away from c */
            const double t01 = uniform(0.1, 0.9);
            const demc_vec3 q_ref = edge ? add(a, mul(sub(b, a), t01)) : (trial % 4 == 1 ? b : c);
            const demc_vec3 dir_out =
                edge ? out : unit(sub(q_ref, mul(add(add(a, b), c), 1.0 / 3.0))); /* from the centroid */
            const demc_vec3 dir = unit(add(mul(dir_out, uniform(0.3, 1.0)), mul(n_f, uniform(-1.0, 1.0))));
            const double d = radius * uniform(0.99, 0.9999);
            const demc_body body = make_body(add(q_ref, mul(dir, d)), random_vec(0.1), random_vec(10));
            const demc_facet_contact cp = demc_facet_closest_point(&t, body.position);
            const demc_contact_frame f = demc_contact_frame_sphere_facet(&model, &body, &t, &cp);
            const double delta = radius - d;
            const demc_vec3 v_q = demc_facet_rigid_velocity(a, u, omega, q_ref);
            if (cp.region == DEMC_FACET_REGION_FACE) continue; /* a vertex direction may fall back on the face */
            CHECK(edge ? cp.region == DEMC_FACET_REGION_EDGE_01
                       : (cp.region == DEMC_FACET_REGION_VERTEX_1 || cp.region == DEMC_FACET_REGION_VERTEX_2));
            CHECK_ABS(f.overlap, delta, 1e-15);
            CHECK(vec_err(f.normal, dir, 1.0) <= 1e-12);
            CHECK(vec_err(f.branch_i, mul(dir, -(radius - s * delta)), radius) <= 1e-12);
            CHECK(vec_err(f.branch_j, mul(dir, -(1.0 - s) * delta), radius) <= 1e-12);
            CHECK(vec_err(f.velocity_j, v_q, norm(v_q)) <= 1e-12);
            CHECK(vec_err(f.angular_velocity_j, omega, norm(omega)) <= 1e-12);
            CHECK(vec_err(f.velocity_i, body.velocity, 1.0) == 0 && f.effective_radius == radius &&
                  f.effective_mass == body.mass);
        }
        {
            /* Out of reach: the empty frame. */
            const demc_body far = make_body(add(c, mul(n_f, 1.01 * radius)), v3(1, 2, 3), v3(4, 5, 6));
            const demc_facet_contact cp = demc_facet_closest_point(&t, far.position);
            const demc_contact_frame f = demc_contact_frame_sphere_facet(&model, &far, &t, &cp);
            CHECK(f.overlap == 0 && norm(f.normal) == 0 && norm(f.branch_i) == 0 && norm(f.velocity_i) == 0 &&
                  norm(f.angular_velocity_j) == 0 && f.effective_radius == 0 && f.effective_mass == 0);
        }
        {
            /* Degenerate (collinear nodes): finite, no spin of the facet, the closest point on a segment. */
            demc_facet_triangle needle = demc_facet_triangle_make(a, b, mul(b, 0.5));
            const demc_body body = make_body(v3(0.01, 0.0005, 0.001 + 0.9 * radius), v3(0, 0, -1), v3(0, 0, 0));
            demc_facet_contact cp;
            demc_contact_frame f;
            demc_contact_result r;
            double state[DEMC_CONTACT_STATE_MAX] = {0};
            for (k = 0; k < 3; ++k) needle.velocity[k] = v3(0.1 * k, 0, 0);
            cp = demc_facet_closest_point(&needle, body.position);
            f = demc_contact_frame_sphere_facet(&model, &body, &needle, &cp);
            r = demc_contact_eval(&model, &f, 1e-6, state, NULL);
            CHECK(f.overlap > 0 && finite3(f.normal) && finite3(f.branch_j) && norm(f.angular_velocity_j) == 0);
            CHECK(finite3(r.force) && finite3(r.torque_i) && finite3(r.torque_j) && r.normal_force > 0);
        }
    }
}

/* ---- a host's step over a mesh: candidates, reduction, handover, evaluation -------------------------------- */

#define MAXF 8
typedef struct mesh_host {
    demc_facet_triangle t[MAXF];
    int64_t nodes[3 * MAXF];
    int count;
    double state[MAXF][DEMC_CONTACT_STATE_MAX]; /* the state of each (sphere, facet) pair the host holds */
    int has[MAXF];
    int handover;    /* 1: demc_facet_handover; 0: per-facet states only (a contact that changes facet restarts) */
    int handovers;   /* counted */
    int last_kept;   /* facet of the last kept contact in contact */
    demc_vec3 kept_normal;
    demc_vec3 kept_point;
    double kept_offset;
} mesh_host;

/* One step of the host loop of docs/pages/facet.md for one sphere; returns the summed result over kept contacts. */
static demc_contact_result mesh_eval(mesh_host *h, const demc_contact_model *model, const demc_body *body, double dt,
                                     int *kept_count)
{
    demc_facet_contact c[MAXF];
    int keep[MAXF], k;
    int64_t source[MAXF];
    double next[MAXF][DEMC_CONTACT_STATE_MAX];
    const size_t size = demc_contact_model_state_size(model);
    demc_contact_result sum;
    memset(&sum, 0, sizeof sum);
    *kept_count = 0;
    for (k = 0; k < h->count; ++k) c[k] = demc_facet_closest_point(&h->t[k], body->position);
    demc_facet_reduce((size_t)h->count, c, h->nodes, keep);
    if (h->handover) {
        h->handovers += (int)demc_facet_handover((size_t)h->count, c, h->nodes, keep, h->has, source);
    } else {
        for (k = 0; k < h->count; ++k) source[k] = keep[k] && h->has[k] ? k : -1;
    }
    for (k = 0; k < h->count; ++k) {
        if (source[k] >= 0)
            memcpy(next[k], h->state[source[k]], size * sizeof(double));
        else
            memset(next[k], 0, sizeof next[k]);
    }
    for (k = 0; k < h->count; ++k) {
        memcpy(h->state[k], next[k], sizeof next[k]);
        h->has[k] = keep[k];
        if (keep[k]) {
            const demc_contact_frame f = demc_contact_frame_sphere_facet(model, body, &h->t[k], &c[k]);
            const demc_contact_result r = demc_contact_eval(model, &f, dt, h->state[k], NULL);
            sum.force = add(sum.force, r.force);
            sum.torque_i = add(sum.torque_i, r.torque_i);
            sum.normal_force += r.normal_force;
            if (f.overlap > 0) {
                ++*kept_count;
                h->last_kept = k;
                h->kept_normal = f.normal;
                h->kept_point = c[k].point;
                h->kept_offset = dot(f.branch_j, f.normal);
            }
        }
    }
    return sum;
}

typedef struct sphere_motion {
    demc_vec3 x, v, w;
} sphere_motion;

/* Semi-implicit Euler with gravity g. */
static void advance(sphere_motion *s, demc_contact_result r, demc_vec3 g, double dt)
{
    s->v = add(s->v, mul(add(mul(r.force, 1.0 / sphere_mass()), g), dt));
    s->w = add(s->w, mul(r.torque_i, dt / sphere_inertia()));
    s->x = add(s->x, mul(s->v, dt));
}

/* ---- 3. Rolling down an incline across the diagonal of a square of two triangles --------------------------- */

/* The square [−L, L]² (nodes 0 1 2 3, diagonal 0–2) in the plane z = 0, with L = 1/32 so that the facets' planes are
 * exactly z = 0 in floating point, and gravity tilted by 20° so that the sphere, released at rest 4 mm up-slope of
 * the diagonal, rolls down across it (friction makes it roll: a tangential force of about (2/7) m g sin 20°). The
 * same integration against the plane wall z = 0. Every preset: over 8000 steps the force and torque histories
 * agree to 1e-14 of the largest force (no bump at the diagonal: the handover passes the spring's memory on to the
 * second triangle), and as a control a host that keeps per-facet states only (the contact restarts on the second
 * triangle) departs from the plane by more than 1 %. */
static double incline_run(const demc_contact_model *model, int use_mesh, int handover, double *history, int steps,
                          int *crossings, int *crossing_step)
{
    const double L = 1.0 / 32.0, theta = 20.0 * 3.14159265358979323846 / 180.0, dt = 1e-5;
    const demc_vec3 g = v3(9.81 * sin(theta) * cos(1.3), 9.81 * sin(theta) * sin(1.3), -9.81 * cos(theta));
    const demc_vec3 ex = v3(1, 0, 0), ey = v3(0, 1, 0);
    static mesh_host h;
    demc_wall wall;
    sphere_motion s;
    double wall_state[DEMC_CONTACT_STATE_MAX] = {0}, fmax = 0;
    demc_vec3 p[4];
    int step, kept, last = -1;
    memset(&h, 0, sizeof h);
    p[0] = mul(add(ex, ey), -L), p[1] = mul(sub(ex, ey), L), p[2] = mul(add(ex, ey), L), p[3] = mul(sub(ey, ex), L);
    h.t[0] = demc_facet_triangle_make(p[0], p[1], p[2]);
    h.t[1] = demc_facet_triangle_make(p[0], p[2], p[3]);
    h.nodes[0] = 0, h.nodes[1] = 1, h.nodes[2] = 2, h.nodes[3] = 0, h.nodes[4] = 2, h.nodes[5] = 3;
    h.count = 2;
    h.handover = handover;
    wall.point = v3(0, 0, 0);
    wall.normal = v3(0, 0, 1);
    wall.velocity = wall.angular_velocity = v3(0, 0, 0);
    /* Start up-slope of the diagonal: the downhill direction −g_t crosses it after about 4 mm. */
    s.x = v3(0.0015, -0.0015, radius - 2.2e-6);
    s.v = s.w = v3(0, 0, 0);
    *crossings = 0;
    for (step = 0; step < steps; ++step) {
        const demc_body body = make_body(s.x, s.v, s.w);
        demc_contact_result r;
        if (use_mesh) {
            r = mesh_eval(&h, model, &body, dt, &kept);
            if (kept && last >= 0 && h.last_kept != last) ++*crossings, *crossing_step = step;
            if (kept) last = h.last_kept;
        } else {
            const demc_contact_frame f = demc_contact_frame_sphere_wall(model, &body, &wall);
            r = demc_contact_eval(model, &f, dt, wall_state, NULL);
        }
        history[6 * step + 0] = r.force.x, history[6 * step + 1] = r.force.y, history[6 * step + 2] = r.force.z;
        history[6 * step + 3] = r.torque_i.x, history[6 * step + 4] = r.torque_i.y, history[6 * step + 5] = r.torque_i.z;
        fmax = norm(r.force) > fmax ? norm(r.force) : fmax;
        advance(&s, r, g, dt);
    }
    return fmax;
}

static void incline_across_diagonal(void)
{
    enum { STEPS = 8000 };
    static double wall[6 * STEPS], mesh[6 * STEPS], naive[6 * STEPS];
    int p, k, crossings, naive_crossings, at = 0, naive_at = 0;
    for (p = 0; p < PRESETS; ++p) {
        const demc_contact_model model = make_model(preset_of[p], DEMC_CONTACT_POINT_COMPLIANCE, 1.0);
        const double fmax = incline_run(&model, 0, 0, wall, STEPS, &crossings, &at);
        double worst = 0, worst_naive = 0, ft_wall = 0;
        incline_run(&model, 1, 1, mesh, STEPS, &crossings, &at);
        incline_run(&model, 1, 0, naive, STEPS, &naive_crossings, &naive_at);
        for (k = 0; k < 6 * STEPS; ++k) {
            const double scale = k % 6 < 3 ? fmax : fmax * radius;
            const double e = fabs(mesh[k] - wall[k]) / scale, en = fabs(naive[k] - wall[k]) / scale;
            worst = e > worst ? e : worst;
            worst_naive = en > worst_naive ? en : worst_naive;
        }
        for (k = 0; k < STEPS; ++k)
            ft_wall = hypot(wall[6 * k], wall[6 * k + 1]) > ft_wall ? hypot(wall[6 * k], wall[6 * k + 1]) : ft_wall;
        printf("  incline across the diagonal, %s: %d crossing(s), max |F_t| %.3g N of max |F| %.3g N; "
               "mesh vs plane %.2g; per-facet states only %.2g\n",
               preset_name[p], crossings, ft_wall, fmax, worst, worst_naive);
        CHECK(crossings == 1 && naive_crossings == 1);
        CHECK(ft_wall > 0.05 * fmax); /* friction makes the sphere roll */
        CHECK(worst <= 1e-14);
        CHECK(worst_naive > 1e-2);
    }
}

/* ---- 4. Over a convex ridge: the closed-form roof ----------------------------------------------------------- */

/* Roof: the ridge is the y axis, faces slope down at ±θ (θ = 0.2). The centre moves over it at a constant distance
 * d = R − δ from the roof (parallel to a face, on the circle about the ridge in its wedge) with a sliding speed and
 * a spin. The reference is the frame of the roof computed here in closed form (a face's plane, or the ridge line
 * as a point contact), evaluated with its own state; the mesh (two triangles, reduced, with the handover) must give
 * the same force and torque, for every preset, to 1e-14 R/δ (the rounding of the overlap from the distance:
 * δ/R = 4e-4 here), and the same state to 1e-9 of each group's largest value (the spring's memory sums the
 * rounding of 4000 steps, sliding through most of them). The kept normal turns continuously:
 * by at most the arc step / d per step. */
static void convex_ridge(void)
{
    const double theta = 0.2, delta = 2e-6, d = radius - delta, dt = 1e-6, speed = 0.3;
    const double wedge = d * sin(theta);
    const int steps = 4000;
    int p, k, step;
    for (p = 0; p < PRESETS; ++p) {
        const demc_contact_model model = make_model(preset_of[p], DEMC_CONTACT_POINT_HALF, 0.0);
        const size_t size = demc_contact_model_state_size(&model);
        static mesh_host h;
        double ref_state[DEMC_CONTACT_STATE_MAX] = {0}, worst = 0, worst_state = 0, worst_turn = 0, fmax = 0;
        double group_max[DEMC_CONTACT_STATE_MAX] = {0}, group_err[DEMC_CONTACT_STATE_MAX] = {0};
        demc_vec3 last_normal = v3(0, 0, 0), last_x = v3(0, 0, 0);
        int kept;
        memset(&h, 0, sizeof h);
        h.t[0] = demc_facet_triangle_make(v3(0, -0.02, 0), v3(0, 0.02, 0),
                                          v3(-0.02 * cos(theta), 0, -0.02 * sin(theta)));
        h.t[1] = demc_facet_triangle_make(v3(0.02 * cos(theta), 0, -0.02 * sin(theta)), v3(0, 0.02, 0),
                                          v3(0, -0.02, 0));
        h.nodes[0] = 0, h.nodes[1] = 1, h.nodes[2] = 2, h.nodes[3] = 3, h.nodes[4] = 1, h.nodes[5] = 0;
        h.count = 2;
        h.handover = 1;
        for (step = 0; step < steps; ++step) {
            /* Arc-length parameter along the path across the ridge: x from −2·wedge to +2·wedge. */
            const double xs = -2.0 * wedge + 4.0 * wedge * step / (steps - 1.0), ax = fabs(xs);
            const double sgn = xs < 0 ? -1.0 : 1.0;
            demc_vec3 x, n, tangent;
            demc_body body;
            demc_contact_frame ref;
            demc_contact_result rm, rr;
            if (ax >= wedge) { /* parallel to a face at distance d */
                n = v3(sgn * sin(theta), 0, cos(theta));
                x = v3(xs, 0.001 + 0.0005 * xs / wedge, (d - ax * sin(theta)) / cos(theta));
                tangent = v3(cos(theta), 0, -sgn * sin(theta));
            } else { /* on the circle of radius d about the ridge */
                x = v3(xs, 0.001 + 0.0005 * xs / wedge, sqrt(d * d - xs * xs));
                n = unit(v3(x.x, 0, x.z));
                tangent = v3(n.z, 0, -n.x);
            }
            body = make_body(x, add(mul(tangent, speed), v3(0, 0.0005 / (4 * wedge) * speed, 0)), v3(3, 40, -2));
            /* The reference frame: the roof's closest point is on the plane of a face or on the ridge line. */
            ref.overlap = radius - d;
            ref.normal = n;
            ref.branch_i = mul(n, -(radius - 0.5 * ref.overlap));
            ref.branch_j = mul(n, -0.5 * ref.overlap);
            ref.velocity_i = body.velocity;
            ref.angular_velocity_i = body.angular_velocity;
            ref.velocity_j = ref.angular_velocity_j = v3(0, 0, 0);
            ref.effective_radius = radius;
            ref.effective_mass = body.mass;
            rm = mesh_eval(&h, &model, &body, dt, &kept);
            rr = demc_contact_eval(&model, &ref, dt, ref_state, NULL);
            fmax = norm(rr.force) > fmax ? norm(rr.force) : fmax;
            CHECK(kept == 1);
            {
                const double e = vec_err(rm.force, rr.force, norm(rr.force));
                const double et = vec_err(rm.torque_i, rr.torque_i, norm(rr.force) * radius);
                worst = e > worst ? e : worst;
                worst = et > worst ? et : worst;
            }
            for (k = 0; k < (int)size; ++k) {
                const double e = fabs(h.state[h.last_kept][k] - ref_state[k]);
                group_max[k / 3] = fabs(ref_state[k]) > group_max[k / 3] ? fabs(ref_state[k]) : group_max[k / 3];
                group_err[k / 3] = e > group_err[k / 3] ? e : group_err[k / 3];
            }
            if (step > 0) {
                const double turn = dist(h.kept_normal, last_normal) / (dist(x, last_x) / d);
                worst_turn = turn > worst_turn ? turn : worst_turn;
            }
            last_normal = h.kept_normal;
            last_x = x;
        }
        for (k = 0; k < (int)size; ++k) {
            const double e = group_max[k / 3] > 0 ? group_err[k / 3] / group_max[k / 3] : group_err[k / 3];
            worst_state = e > worst_state ? e : worst_state;
        }
        printf("  convex ridge, %s: %d handover(s); mesh vs closed-form roof: force/torque %.2g, state %.2g; "
               "largest normal turn per step / (step / d) %.6f\n",
               preset_name[p], h.handovers, worst, worst_state, worst_turn);
        CHECK(h.handovers == 1);
        CHECK(worst <= 1e-14 * radius / delta);
        CHECK(worst_state <= 1e-9);
        CHECK(worst_turn <= 1.0 + 1e-6);
    }
}

/* ---- 5. Galilean invariance: a bounce on a translating facet ------------------------------------------------ */

/* An oblique, spinning impact on a tilted triangle; the triangle's nodes move with u (positions x_k + u t,
 * velocities u), the sphere starts with v_0 + u. Integrated here with the host loop; in the facet's frame (x − u t,
 * v − u, ω) the motion equals the bounce on the still triangle to 1e-12 (of R, of the impact speed, of the spin
 * scale), for every preset. */
static void bounce_run(const demc_contact_model *model, demc_vec3 u, sphere_motion *out, demc_vec3 *rebound)
{
    const demc_vec3 a0 = v3(-0.02, -0.015, 0.001), b0 = v3(0.025, -0.01, -0.004), c0 = v3(0.0, 0.03, 0.003);
    const demc_vec3 n = unit(cross(sub(b0, a0), sub(c0, a0)));
    const double dt = 1e-6;
    static mesh_host h;
    sphere_motion s;
    int step, kept, k;
    memset(&h, 0, sizeof h);
    h.count = 1;
    h.handover = 1;
    h.nodes[0] = 0, h.nodes[1] = 1, h.nodes[2] = 2;
    s.x = add(mul(add(add(a0, b0), c0), 1.0 / 3.0), mul(n, radius + 1e-6));
    s.v = add(add(mul(n, -0.5), v3(0.2, -0.1, 0.05)), u);
    s.w = v3(30, -20, 50);
    for (step = 0; step < 3000; ++step) {
        const double time = step * dt;
        demc_body body = make_body(s.x, s.v, s.w);
        demc_contact_result r;
        h.t[0] = demc_facet_triangle_make(add(a0, mul(u, time)), add(b0, mul(u, time)), add(c0, mul(u, time)));
        for (k = 0; k < 3; ++k) h.t[0].velocity[k] = u;
        r = mesh_eval(&h, model, &body, dt, &kept);
        advance(&s, r, v3(0, 0, 0), dt);
    }
    out->x = sub(s.x, mul(u, 3000 * dt));
    out->v = sub(s.v, u);
    out->w = s.w;
    *rebound = n;
}

static void galilean_bounce(void)
{
    int p;
    for (p = 0; p < PRESETS; ++p) {
        const demc_contact_model model = make_model(preset_of[p], DEMC_CONTACT_POINT_COMPLIANCE, 1.0);
        sphere_motion still, moving;
        demc_vec3 n;
        double ex, ev, ew;
        bounce_run(&model, v3(0, 0, 0), &still, &n);
        bounce_run(&model, v3(0.7, -0.4, 0.3), &moving, &n);
        ex = dist(moving.x, still.x) / radius;
        ev = dist(moving.v, still.v) / 0.5;
        ew = dist(moving.w, still.w) / norm(still.w);
        printf("  bounce on a translating facet, %s: rebound speed %.4f m/s (normal %.4f); frame errors "
               "x %.2g, v %.2g, w %.2g\n",
               preset_name[p], norm(still.v), dot(still.v, n), ex, ev, ew);
        CHECK(dot(still.v, n) > 0.1); /* it bounced */
        CHECK(ex <= 1e-12 && ev <= 1e-12 && ew <= 1e-12);
    }
}

/* ---- 6. Load transfer of the evaluation's force ------------------------------------------------------------- */

/* Random triangles, centres in face, edge and vertex regions, every preset, every rolling × twisting combination,
 * three contact-point rules (rigid facet: d_j = 0; half; compliance split 0.3), a few steps with random spins so
 * that the force has a tangential part and the rolling and twisting laws give couples: the nodal forces of
 * demc_facet_nodal_forces(..., force, torque_j, ...) sum to −F, and the sphere's moment about random points o
 * (its force at x_i and its torque τ_i, couple included) plus the nodes' moment is zero (angular momentum); about
 * P the nodes' moment is the evaluation's torque_j. To 1e-14 relative; the couples are checked to be there (larger
 * than 1e-3 of |F| R_i for each combination with a law on). */
static void nodal_forces_of_evaluation(void)
{
    const double rules[3][2] = {{DEMC_CONTACT_POINT_COMPLIANCE, 1.0}, {DEMC_CONTACT_POINT_HALF, 0.0},
                                {DEMC_CONTACT_POINT_COMPLIANCE, 0.3}};
    double all_sum = 0, all_moment = 0;
    int a, b, p, trial, rule, step, k, m;
    for (a = 0; a < ROLLINGS; ++a)
        for (b = 0; b < TWISTINGS; ++b) {
            double worst_sum = 0, worst_moment = 0, largest_couple = 0;
            int evaluated = 0;
            for (p = 0; p < PRESETS; ++p)
                for (rule = 0; rule < 3; ++rule) {
                    const demc_contact_model model =
                        make_model_rt(preset_of[p], (demc_contact_point_rule)rules[rule][0], rules[rule][1],
                                      rolling_of[a], twisting_of[b]);
                    for (trial = 0; trial < 30; ++trial) {
                        const demc_vec3 o0 = random_vec(0.05);
                        demc_facet_triangle t;
                        demc_facet_contact cp;
                        double state[DEMC_CONTACT_STATE_MAX] = {0};
                        demc_vec3 x;
                        do {
                            t = demc_facet_triangle_make(add(o0, random_vec(0.01)), add(o0, random_vec(0.01)),
                                                         add(o0, random_vec(0.01)));
                        } while (norm(cross(sub(t.vertex[1], t.vertex[0]), sub(t.vertex[2], t.vertex[0]))) < 3e-5);
                        for (k = 0; k < 3; ++k) t.velocity[k] = random_vec(0.1);
                        x = add(add(mul(t.vertex[0], uniform(-0.3, 1)), mul(t.vertex[1], uniform(-0.3, 1))),
                                mul(t.vertex[2], uniform(0, 1)));
                        cp = demc_facet_closest_point(&t, x);
                        x = add(cp.point, mul(cp.normal, radius * uniform(0.999, 0.9999))); /* touching */
                        for (step = 0; step < 3; ++step) {
                            const demc_body body = make_body(x, random_vec(0.2), random_vec(20));
                            demc_contact_frame f;
                            demc_contact_result r;
                            demc_vec3 nodal[3];
                            double e_sum, e_moment, couple;
                            cp = demc_facet_closest_point(&t, body.position);
                            f = demc_contact_frame_sphere_facet(&model, &body, &t, &cp);
                            r = demc_contact_eval(&model, &f, 1e-6, state, NULL);
                            if (!(r.overlap > 0)) break;
                            ++evaluated;
                            facet_loads(&t, &cp, &r, nodal);
                            couple = norm(sub(r.torque_i, cross(f.branch_i, r.force))) / (norm(r.force) * radius);
                            largest_couple = couple > largest_couple ? couple : largest_couple;
                            for (m = 0; m < 4; ++m) {
                                const demc_vec3 o = m == 0 ? cp.point : add(o0, random_vec(0.03));
                                load_residuals(&t, body.position, &r, nodal, o, &e_sum, &e_moment);
                                worst_sum = e_sum > worst_sum ? e_sum : worst_sum;
                                worst_moment = e_moment > worst_moment ? e_moment : worst_moment;
                                if (m == 0) { /* about P: torque_j */
                                    demc_vec3 moment = v3(0, 0, 0);
                                    double scale = norm(r.force) * (dist(t.vertex[0], t.vertex[1]) +
                                                                    dist(t.vertex[1], t.vertex[2]) +
                                                                    dist(t.vertex[2], t.vertex[0])) +
                                                   norm(r.torque_j);
                                    for (k = 0; k < 3; ++k) moment = add(moment, cross(sub(t.vertex[k], o), nodal[k]));
                                    e_moment = vec_err(moment, r.torque_j, scale);
                                    worst_moment = e_moment > worst_moment ? e_moment : worst_moment;
                                }
                            }
                            x = add(x, mul(body.velocity, 1e-6));
                        }
                    }
                }
            printf("  nodal forces, rolling %-4s twisting %-8s: %4d evaluations, couple up to %.2g |F| R_i; "
                   "sum %.2g, moment %.2g\n",
                   rolling_name[a], twisting_name[b], evaluated, largest_couple, worst_sum, worst_moment);
            CHECK(evaluated > 300);
            CHECK(a == 0 && b == 0 ? largest_couple <= 1e-12 : largest_couple > 1e-3);
            CHECK(worst_sum <= 1e-14);
            CHECK(worst_moment <= 1e-14);
            all_sum = worst_sum > all_sum ? worst_sum : all_sum;
            all_moment = worst_moment > all_moment ? worst_moment : all_moment;
        }
    printf("  nodal forces of evaluations, every combination: sum %.2g, moment %.2g\n", all_sum, all_moment);
}

/* ---- 7. The handover rule ----------------------------------------------------------------------------------- */

static demc_facet_contact contact_at(demc_vec3 point, double distance)
{
    demc_facet_contact c;
    memset(&c, 0, sizeof c);
    c.point = point;
    c.distance = distance;
    c.normal = v3(0, 0, 1);
    c.face_normal = v3(0, 0, 1);
    return c;
}

static void handover_rule(void)
{
    demc_facet_contact c[4];
    int64_t nodes[12] = {0, 1, 2, 0, 2, 3, 10, 11, 12, 2, 3, 4}, source[4];
    int keep[4], has[4];
    /* Flat square crossed: A (0) dropped with a state, B (1) kept without one: B continues A's state. */
    c[0] = contact_at(v3(0, 0, 0), 0.9), c[1] = contact_at(v3(0.001, 0, 0), 0.9);
    keep[0] = 0, keep[1] = 1, has[0] = 1, has[1] = 0;
    CHECK(demc_facet_handover(2, c, nodes, keep, has, source) == 1);
    CHECK(source[0] == -1 && source[1] == 0);
    /* B has its own state: it keeps it, A's is discarded. */
    has[1] = 1;
    CHECK(demc_facet_handover(2, c, nodes, keep, has, source) == 0);
    CHECK(source[0] == -1 && source[1] == 1);
    /* Both kept (a concave corner): each its own; a new one starts at zero. */
    keep[0] = 1;
    has[0] = 1, has[1] = 0;
    CHECK(demc_facet_handover(2, c, nodes, keep, has, source) == 0);
    CHECK(source[0] == 0 && source[1] == -1);
    /* A donor whose facet shares no node with the kept one gives nothing (facet 2 has nodes 10-12)... */
    c[2] = contact_at(v3(0.0005, 0, 0), 0.9);
    keep[0] = 0, keep[1] = 1, keep[2] = 0, has[0] = 0, has[1] = 0, has[2] = 1;
    CHECK(demc_facet_handover(3, c, nodes, keep, has, source) == 0);
    CHECK(source[0] == -1 && source[1] == -1 && source[2] == -1);
    /* ... unless no node ids are given: then the nearest kept candidate owns it. */
    CHECK(demc_facet_handover(3, c, NULL, keep, has, source) == 1);
    CHECK(source[1] == 2 && source[2] == -1);
    /* Two donors for one kept candidate: the one whose closest point is nearest. */
    c[3] = contact_at(v3(0.0015, 0, 0), 0.9);
    keep[0] = 0, keep[1] = 1, keep[2] = 0, keep[3] = 0, has[0] = 1, has[1] = 0, has[2] = 0, has[3] = 1;
    CHECK(demc_facet_handover(4, c, nodes, keep, has, source) == 1);
    CHECK(source[0] == -1 && source[1] == 3 && source[2] == -1 && source[3] == -1);
    /* Two kept candidates, each donor goes to its nearest neighbour. */
    keep[0] = 1, keep[1] = 0, keep[2] = 0, keep[3] = 1, has[0] = 0, has[1] = 1, has[2] = 0, has[3] = 0;
    c[0] = contact_at(v3(0.0009, 0, 0), 0.9); /* nearer to candidate 1's point than candidate 3 */
    CHECK(demc_facet_handover(4, c, nodes, keep, has, source) == 1);
    CHECK(source[0] == 1 && source[3] == -1);
    CHECK(demc_facet_handover(0, c, nodes, keep, has, source) == 0);
}

/* ---- 8. The batch call --------------------------------------------------------------------------------- */

/* The bits of x and y are the same (−0 and +0 differ; a NaN equals the same NaN). */
static int same_double(double x, double y) { return memcmp(&x, &y, sizeof x) == 0; }
static int same_row(const double *row, demc_vec3 v)
{
    return same_double(row[0], v.x) && same_double(row[1], v.y) && same_double(row[2], v.z);
}

/* Spheres (LAMMPS-style arrays) against a few moving, tilted facets, every pair listed with its closest point, over
 * several steps so that the states evolve, for every preset (every other one with the overlap split unequally by
 * the compliance rule) and every rolling × twisting combination; among the facets four moving degenerate ones
 * (#DEMC_FACET_DEGENERATE_RATIO: three slivers, their longest edge each of the three, and a segment: no plane, no
 * spin, no couple carried), and a still horizontal one that sphere 0 presses
 * straight down on without spin (no tangential force, no couple: the nodal forces −w_k F with their signed zeros):
 * demc_contact_eval_batch_facet gives the single calls' forces, torques, states and nodal forces bit for bit, and
 * adds the forces and torques to the spheres' accumulators; the batch's nodal forces sum to −F and (but for the
 * degenerate facets) balance the sphere's moment (couples included) about random points to 1e-14; the batch raises
 * no FE_DIVBYZERO or FE_INVALID; statuses and names of bad inputs, nothing
 * written on an error. */
static void batch_equals_single_calls(void)
{
    enum { NS = 12, NF = 8, NCON = NS * NF, DEGENERATE = 3, STILL = 7 }; /* degenerate: facets 3 to 6 */
    static double x[NS][3], v[NS][3], w[NS][3], rad[NS], mass[NS];
    static double state_b[NCON][DEMC_CONTACT_STATE_MAX], state_s[NCON][DEMC_CONTACT_STATE_MAX];
    static double force[NCON][3], torque_i[NCON][3], torque_j[NCON][3], nodal[NCON][9], body_force[NS][3],
        body_torque[NS][3];
    demc_facet_triangle facets[NF];
    demc_facet_contact contacts[NCON];
    int ii[NCON], jj[NCON], p, k, q, step, touching = 0, touching_degenerate = 0, touching_still = 0, raised = 0;
    double worst_sum = 0, worst_moment = 0;
    for (k = 0; k < DEGENERATE; ++k) {
        const demc_vec3 o = v3(0.02 * k, 0.0, 0.0);
        int m;
        facets[k] = demc_facet_triangle_make(add(o, v3(-0.01, -0.01, 0.001 * k)), add(o, v3(0.012, -0.008, 0)),
                                             add(o, v3(0.0, 0.011, -0.001)));
        for (m = 0; m < 3; ++m) facets[k].velocity[m] = random_vec(0.1);
    }
    /* slivers: one vertex 1.5e-10 m off the midpoint of the edge between the other two, |n_f| = 4.2e-12 m²,
     * degenerate against that edge (1e-8 · 8e-4 m²), not against the other two (1e-8 · 2e-4 m²); that edge is 1-2,
     * then 2-0, then 0-1 (the off vertex 0, then 1, then 2) */
    for (k = 0; k < 3; ++k) {
        const demc_vec3 o = v3(0.02 * k, 0.0, 0.0005), off = v3(0.01 + 1.0607e-10, -1.0607e-10, 0.0);
        demc_vec3 corner[3];
        int m;
        corner[k] = add(o, off), corner[(k + 1) % 3] = add(o, v3(0.0, -0.01, 0.0));
        corner[(k + 2) % 3] = add(o, v3(0.02, 0.01, 0.0));
        facets[DEGENERATE + k] = demc_facet_triangle_make(corner[0], corner[1], corner[2]);
        for (m = 0; m < 3; ++m) facets[DEGENERATE + k].velocity[m] = random_vec(0.1);
    }
    /* a segment (n_f = 0 exactly) */
    facets[DEGENERATE + 3] = demc_facet_triangle_make(v3(0.0, 0.005, 0.0005), v3(0.01, 0.005, 0.0005),
                                                      v3(0.04, 0.005, 0.0005));
    for (k = 0; k < 3; ++k) facets[DEGENERATE + 3].velocity[k] = random_vec(0.1);
    facets[STILL] = demc_facet_triangle_make(v3(0.09, -0.01, 0.0), v3(0.11, -0.01, 0.0), v3(0.1, 0.01, 0.0));
    for (p = 0; p < PRESETS + ROLLINGS * TWISTINGS; ++p) {
        /* the presets, then each rolling × twisting combination on a preset in turn */
        const int rt = p - PRESETS;
        const demc_contact_model model =
            rt < 0 ? make_model(preset_of[p], p % 2 ? DEMC_CONTACT_POINT_COMPLIANCE : DEMC_CONTACT_POINT_HALF,
                                p % 2 ? 0.4 : 0.0) /* (an unequal split of the overlap too) */
                   : make_model_rt(preset_of[rt % PRESETS], DEMC_CONTACT_POINT_HALF, 0.0, rolling_of[rt / TWISTINGS],
                                   twisting_of[rt % TWISTINGS]);
        demc_contact_batch batch = DEMC_CONTACT_BATCH_INIT;
        int same = 1, accumulated = 1;
        memset(state_b, 0, sizeof state_b);
        memset(state_s, 0, sizeof state_s);
        for (k = 0; k < NS; ++k) {
            const demc_vec3 xs = v3(uniform(-0.01, 0.05), uniform(-0.008, 0.008), uniform(0.0045, 0.0052));
            x[k][0] = xs.x, x[k][1] = xs.y, x[k][2] = xs.z;
            v[k][0] = uniform(-0.2, 0.2), v[k][1] = uniform(-0.2, 0.2), v[k][2] = uniform(-0.1, 0.0);
            w[k][0] = uniform(-20, 20), w[k][1] = uniform(-20, 20), w[k][2] = uniform(-20, 20);
            rad[k] = radius * uniform(0.95, 1.05);
            mass[k] = sphere_mass();
        }
        /* sphere 0 above the still facet, moving straight down (no tangential motion, no spin) */
        x[0][0] = 0.1, x[0][1] = 0.0, x[0][2] = 0.0049;
        v[0][0] = v[0][1] = 0.0, v[0][2] = -0.1;
        w[0][0] = w[0][1] = w[0][2] = 0.0;
        rad[0] = radius;
        for (q = 0; q < NCON; ++q) ii[q] = q / NF, jj[q] = q % NF;
        batch.count = NCON;
        batch.i = ii, batch.j = jj;
        batch.position = &x[0][0], batch.velocity = &v[0][0], batch.angular_velocity = &w[0][0];
        batch.radius = rad, batch.mass = mass;
        batch.vector_stride = 3, batch.scalar_stride = 1;
        batch.state = &state_b[0][0], batch.state_stride = DEMC_CONTACT_STATE_MAX;
        batch.force = &force[0][0], batch.torque_i = &torque_i[0][0], batch.torque_j = &torque_j[0][0];
        batch.body_force = &body_force[0][0], batch.body_torque = &body_torque[0][0];
        for (step = 0; step < 20; ++step) {
            memset(body_force, 0, sizeof body_force);
            memset(body_torque, 0, sizeof body_torque);
            for (q = 0; q < NCON; ++q)
                contacts[q] = demc_facet_closest_point(&facets[jj[q]], v3(x[ii[q]][0], x[ii[q]][1], x[ii[q]][2]));
            feclearexcept(FE_DIVBYZERO | FE_INVALID);
            CHECK(demc_contact_eval_batch_facet(&model, &batch, facets, contacts, 1e-6, &nodal[0][0], NULL) ==
                  DEMC_OK);
            raised += fetestexcept(FE_DIVBYZERO | FE_INVALID) != 0;
            {
                double sum_force[NS][3], sum_torque[NS][3];
                int m;
                memset(sum_force, 0, sizeof sum_force);
                memset(sum_torque, 0, sizeof sum_torque);
                for (q = 0; q < NCON; ++q) {
                    const int i = ii[q];
                    const demc_body body = make_body(v3(x[i][0], x[i][1], x[i][2]), v3(v[i][0], v[i][1], v[i][2]),
                                                     v3(w[i][0], w[i][1], w[i][2]));
                    demc_body b2 = body;
                    demc_contact_frame f;
                    demc_contact_result r;
                    demc_vec3 nf[3];
                    b2.radius = rad[i];
                    f = demc_contact_frame_sphere_facet(&model, &b2, &facets[jj[q]], &contacts[q]);
                    r = demc_contact_eval(&model, &f, 1e-6, state_s[q], NULL);
                    touching += r.overlap > 0;
                    touching_degenerate += r.overlap > 0 && (jj[q] >= DEGENERATE && jj[q] < STILL);
                    touching_still += r.overlap > 0 && jj[q] == STILL;
                    if (r.overlap > 0) {
                        demc_vec3 batch_nodal[3];
                        demc_contact_result rb;
                        double e_sum, e_moment;
                        facet_loads(&facets[jj[q]], &contacts[q], &r, nf);
                        /* the batch's own outputs balance (bit for bit the single call's, checked below) */
                        for (m = 0; m < 3; ++m)
                            batch_nodal[m] = v3(nodal[q][3 * m], nodal[q][3 * m + 1], nodal[q][3 * m + 2]);
                        rb = r;
                        rb.force = v3(force[q][0], force[q][1], force[q][2]);
                        rb.torque_i = v3(torque_i[q][0], torque_i[q][1], torque_i[q][2]);
                        load_residuals(&facets[jj[q]], body.position, &rb, batch_nodal, random_vec(0.05), &e_sum,
                                       &e_moment);
                        worst_sum = e_sum > worst_sum ? e_sum : worst_sum;
                        /* (a degenerate triangle carries no couple: its moment is not balanced) */
                        if (jj[q] < DEGENERATE || jj[q] >= STILL)
                            worst_moment = e_moment > worst_moment ? e_moment : worst_moment;
                        sum_force[i][0] += r.force.x, sum_force[i][1] += r.force.y, sum_force[i][2] += r.force.z;
                        sum_torque[i][0] += r.torque_i.x, sum_torque[i][1] += r.torque_i.y;
                        sum_torque[i][2] += r.torque_i.z;
                    } else {
                        nf[0] = nf[1] = nf[2] = v3(0, 0, 0);
                    }
                    same &= same_row(force[q], r.force) && same_row(torque_i[q], r.torque_i) &&
                            same_row(torque_j[q], r.torque_j);
                    for (m = 0; m < 3; ++m) same &= same_row(nodal[q] + 3 * m, nf[m]);
                    same &= memcmp(state_b[q], state_s[q], sizeof state_s[q]) == 0;
                }
                for (k = 0; k < NS; ++k)
                    for (m = 0; m < 3; ++m)
                        accumulated &= body_force[k][m] == sum_force[k][m] && body_torque[k][m] == sum_torque[k][m];
            }
            for (k = 0; k < NS; ++k) x[k][2] += v[k][2] * 1e-5; /* move the spheres in */
        }
        CHECK(same);
        CHECK(accumulated);
    }
    CHECK(touching > 100);
    CHECK(touching_degenerate > 20);
    CHECK(touching_still > 20);
    CHECK(raised == 0); /* no FE_DIVBYZERO or FE_INVALID from the batch (the slivers' quotients included) */
    printf("  batch nodal forces (%d touching evaluations, %d with the degenerate facets, %d straight down on the "
           "still one): sum %.2g, moment %.2g\n",
           touching, touching_degenerate, touching_still, worst_sum, worst_moment);
    CHECK(worst_sum <= 1e-14);
    CHECK(worst_moment <= 1e-14);
    {
        /* Statuses in argument order; nothing written on an error. */
        const demc_contact_model model = make_model(DEMC_CONTACT_PRESET_HMD, DEMC_CONTACT_POINT_HALF, 0.0);
        demc_contact_batch batch = DEMC_CONTACT_BATCH_INIT;
        const char *field = NULL;
        double guard = force[0][0];
        batch.count = NCON;
        batch.i = ii, batch.j = jj;
        batch.position = &x[0][0], batch.velocity = &v[0][0], batch.angular_velocity = &w[0][0];
        batch.radius = rad, batch.mass = mass;
        batch.vector_stride = 3, batch.scalar_stride = 1;
        batch.state = &state_b[0][0], batch.state_stride = DEMC_CONTACT_STATE_MAX;
        batch.force = &force[0][0];
        force[0][0] = 12345.0;
        CHECK(demc_contact_eval_batch_facet(&model, &batch, NULL, NULL, -1.0, NULL, &field) ==
                  DEMC_ERR_INVALID_ARGUMENT &&
              field && strcmp(field, "facets") == 0);
        CHECK(demc_contact_eval_batch_facet(&model, &batch, facets, NULL, -1.0, NULL, &field) ==
                  DEMC_ERR_INVALID_ARGUMENT &&
              field && strcmp(field, "contacts") == 0);
        CHECK(demc_contact_eval_batch_facet(&model, &batch, facets, contacts, -1.0, NULL, &field) ==
                  DEMC_ERR_OUT_OF_DOMAIN &&
              field && strcmp(field, "dt") == 0);
        batch.j = NULL;
        CHECK(demc_contact_eval_batch_facet(&model, &batch, facets, contacts, 1e-6, NULL, &field) ==
                  DEMC_ERR_INVALID_ARGUMENT &&
              field && strcmp(field, "batch.j") == 0);
        CHECK(demc_contact_eval_batch_facet(NULL, &batch, facets, contacts, 1e-6, NULL, &field) ==
                  DEMC_ERR_INVALID_ARGUMENT &&
              field && strcmp(field, "model") == 0);
        CHECK(force[0][0] == 12345.0);
        batch.j = jj;
        batch.count = 0;
        CHECK(demc_contact_eval_batch_facet(&model, &batch, NULL, NULL, 1e-6, NULL, &field) == DEMC_OK &&
              field == NULL);
        force[0][0] = guard;
    }
}

int main(void)
{
    RUN(face_equals_plane_wall);
    RUN(edge_vertex_point_contact);
    RUN(incline_across_diagonal);
    RUN(convex_ridge);
    RUN(galilean_bounce);
    RUN(nodal_forces_of_evaluation);
    RUN(handover_rule);
    RUN(batch_equals_single_calls);
    return harness_finish("test_contact_facet");
}
