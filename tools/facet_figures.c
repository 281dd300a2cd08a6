/* Generator of the figures of docs/pages/facet.md from the library.
 * Usage: facet_figures OUTDIR — writes OUTDIR/facet_regions.csv (the region of the closest point of a triangle
 * for centres on a grid 0.2 above its plane) and OUTDIR/facet_crossing.csv (a sphere R = 1 moving at constant
 * height across the diagonal of a flat square of two triangles, and across a convex roof ridge: overlap and Hertz
 * force of the kept contacts after demc_facet_reduce, the naive sum over all facets, and the reference) and
 * OUTDIR/facet_incline.csv (the assembled HM+D model: a sphere rolling down an incline across the diagonal of a
 * square of two triangles, integrated against the plane wall, against the mesh with demc_facet_handover, and
 * against the mesh with per-facet states only). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "demc.h"

static FILE *open_csv(const char *dir, const char *name)
{
    char path[1024];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "w");
    if (!f) fprintf(stderr, "facet_figures: cannot write %s\n", path);
    return f;
}

static int regions(const char *dir)
{
    FILE *f = open_csv(dir, "facet_regions.csv");
    demc_facet_triangle t = demc_facet_triangle_make(demc_vec3_make(0, 0, 0), demc_vec3_make(1, 0, 0),
                                                     demc_vec3_make(0.3, 0.8, 0));
    int i, j;
    if (!f) return 1;
    fprintf(f, "# x, y, region (0 face, 1-3 edges 01 12 20, 4-6 vertices 0 1 2) of the closest point to (x, y, 0.2)\n");
    for (j = 0; j <= 260; ++j) {
        for (i = 0; i <= 300; ++i) {
            double x = -0.6 + 2.2 * i / 300.0, y = -0.5 + 1.9 * j / 260.0;
            demc_facet_contact c = demc_facet_closest_point(&t, demc_vec3_make(x, y, 0.2));
            fprintf(f, "%.6g,%.6g,%d\n", x, y, (int)c.region);
        }
        fprintf(f, "\n");
    }
    fclose(f);
    return 0;
}

/* Sum of Hertz forces over the kept (or all) contacts with radius 1 and K = 1. */
static void mesh_forces(const demc_facet_triangle *t, const long *nodes, int count, demc_vec3 x, double *kept_overlap,
                        double *kept_force, double *naive_force, int *kept_count)
{
    demc_facet_contact c[4];
    demc_normal_hertz_params hertz;
    int keep[4], k;
    hertz.prefactor = 1.0;
    for (k = 0; k < count; ++k) c[k] = demc_facet_closest_point(&t[k], x);
    demc_facet_reduce((size_t)count, c, nodes, keep);
    *kept_overlap = *kept_force = *naive_force = 0;
    *kept_count = 0;
    for (k = 0; k < count; ++k) {
        double overlap = 1.0 - c[k].distance;
        if (overlap <= 0) continue;
        *naive_force += demc_normal_hertz_force(&hertz, overlap);
        if (keep[k]) {
            *kept_force += demc_normal_hertz_force(&hertz, overlap);
            *kept_overlap += overlap;
            ++*kept_count;
        }
    }
}

static int crossing(const char *dir)
{
    FILE *f = open_csv(dir, "facet_crossing.csv");
    const double theta = 0.35, h = 0.9;
    demc_facet_triangle flat[2], roof[2];
    long flat_nodes[6] = {0, 1, 2, 0, 2, 3}, roof_nodes[6] = {0, 1, 2, 3, 1, 0};
    demc_normal_hertz_params hertz;
    int s;
    if (!f) return 1;
    hertz.prefactor = 1.0;
    /* Flat square [-2, 2]² in z = 0, diagonal from (-2,-2) to (2,2). */
    flat[0] = demc_facet_triangle_make(demc_vec3_make(-2, -2, 0), demc_vec3_make(2, -2, 0), demc_vec3_make(2, 2, 0));
    flat[1] = demc_facet_triangle_make(demc_vec3_make(-2, -2, 0), demc_vec3_make(2, 2, 0), demc_vec3_make(-2, 2, 0));
    /* Roof: ridge along y through the origin, faces sloping down at ±theta. */
    roof[0] = demc_facet_triangle_make(demc_vec3_make(0, -3, 0), demc_vec3_make(0, 3, 0),
                                       demc_vec3_make(-3 * cos(theta), 0, -3 * sin(theta)));
    roof[1] = demc_facet_triangle_make(demc_vec3_make(3 * cos(theta), 0, -3 * sin(theta)),
                                       demc_vec3_make(0, 3, 0), demc_vec3_make(0, -3, 0));
    fprintf(f, "# s; flat square (centre at (s, -s/2) crossing the diagonal at height 0.9): kept "
               "overlap, kept force, naive force, kept count, plane force;\n# convex roof (theta = 0.35, centre "
               "rolling over it at distance 0.9, x = s): kept overlap, kept force, naive force, kept count, normal angle [rad]\n");
    for (s = -600; s <= 600; ++s) {
        double p = 1.2 * s / 600.0, ko, kf, nf, ko2, kf2, nf2;
        int kc, kc2;
        /* Roof path: the centre rolls over the roof at distance h from it (constant overlap 1 − h): parallel to a
         * face away from the ridge, on a circle of radius h about the ridge in its wedge. */
        double wedge = h * sin(theta), ax = p < 0 ? -p : p;
        double zr = ax >= wedge ? (h - ax * sin(theta)) / cos(theta) : sqrt(h * h - p * p);
        demc_vec3 xf = demc_vec3_make(p, -0.5 * p, h), xr = demc_vec3_make(p, 0.2, zr);
        mesh_forces(flat, flat_nodes, 2, xf, &ko, &kf, &nf, &kc);
        mesh_forces(roof, roof_nodes, 2, xr, &ko2, &kf2, &nf2, &kc2);
        {
            demc_facet_contact c[2];
            int keep[2], k;
            double angle = 0;
            for (k = 0; k < 2; ++k) c[k] = demc_facet_closest_point(&roof[k], xr);
            demc_facet_reduce(2, c, roof_nodes, keep);
            for (k = 0; k < 2; ++k)
                if (keep[k]) angle = atan2(c[k].normal.x, c[k].normal.z);
            fprintf(f, "%.6g,%.12g,%.12g,%.12g,%d,%.12g,%.12g,%.12g,%.12g,%d,%.12g\n", p, ko, kf, nf, kc,
                    demc_normal_hertz_force(&hertz, 1.0 - h), ko2, kf2, nf2, kc2, angle);
        }
    }
    fclose(f);
    return 0;
}

/* The assembled HM+D model: a glass sphere (R = 5 mm) released on a 20° incline made of the square [−L, L]² of two
 * triangles (diagonal 0–2) rolls down across the diagonal. Three hosts integrated with semi-implicit Euler: the
 * plane wall z = 0; the mesh with demc_facet_reduce and demc_facet_handover; the mesh with per-facet states only
 * (the contact restarts on the second triangle). Rows: time from the crossing (ms), then for each host the
 * tangential (in-plane) force magnitude and the normal force, N. */
typedef struct incline_host {
    demc_facet_triangle t[2];
    long nodes[6];
    double state[2][DEMC_CONTACT_STATE_MAX];
    int has[2], handover, kept_facet;
} incline_host;

static demc_contact_result incline_mesh(incline_host *h, const demc_contact_model *model, const demc_body *body,
                                        double dt)
{
    demc_facet_contact c[2];
    int keep[2], k;
    long source[2];
    double next[2][DEMC_CONTACT_STATE_MAX];
    demc_contact_result sum;
    memset(&sum, 0, sizeof sum);
    for (k = 0; k < 2; ++k) c[k] = demc_facet_closest_point(&h->t[k], body->position);
    demc_facet_reduce(2, c, h->nodes, keep);
    if (h->handover)
        demc_facet_handover(2, c, h->nodes, keep, h->has, source);
    else
        for (k = 0; k < 2; ++k) source[k] = keep[k] && h->has[k] ? k : -1;
    for (k = 0; k < 2; ++k) {
        if (source[k] >= 0) memcpy(next[k], h->state[source[k]], sizeof next[k]);
        else memset(next[k], 0, sizeof next[k]);
    }
    for (k = 0; k < 2; ++k) {
        memcpy(h->state[k], next[k], sizeof next[k]);
        h->has[k] = keep[k];
        if (keep[k]) {
            demc_contact_frame f = demc_contact_frame_sphere_facet(model, body, &h->t[k], &c[k]);
            demc_contact_result r = demc_contact_eval(model, &f, dt, h->state[k], NULL);
            sum.force = demc_vec3_add(sum.force, r.force);
            sum.torque_i = demc_vec3_add(sum.torque_i, r.torque_i);
            if (r.overlap > 0) h->kept_facet = k;
        }
    }
    return sum;
}

static int incline(const char *dir)
{
    enum { STEPS = 9000 };
    static double out[3][STEPS][2];
    const double R = 0.005, L = 1.0 / 32.0, theta = 20.0 * 3.14159265358979323846 / 180.0, dt = 1e-5;
    const double mass = 2500.0 * 4.0 / 3.0 * 3.14159265358979323846 * R * R * R, inertia = 0.4 * mass * R * R;
    const demc_vec3 g = demc_vec3_make(9.81 * sin(theta) * cos(1.3), 9.81 * sin(theta) * sin(1.3), -9.81 * cos(theta));
    FILE *f = open_csv(dir, "facet_incline.csv");
    demc_contact_def def = demc_contact_def_default();
    demc_contact_model model;
    int host, step, crossing = 0;
    if (!f) return 1;
    def.moduli.effective_modulus = 5e7;
    def.moduli.effective_shear_modulus = 2e7;
    def.moduli.compliance_asymmetry = 1.0;
    def.restitution = 0.7;
    def.friction.mu_static = def.friction.mu_dynamic = 0.4;
    if (demc_contact_model_init(&def, &model, NULL) != DEMC_OK) return 1;
    for (host = 0; host < 3; ++host) {
        static incline_host h;
        demc_wall wall;
        double wall_state[DEMC_CONTACT_STATE_MAX] = {0};
        demc_vec3 x = demc_vec3_make(0.0015, -0.0015, R - 2.2e-6), v = demc_vec3_make(0, 0, 0), w = v;
        int last = -1;
        memset(&h, 0, sizeof h);
        h.t[0] = demc_facet_triangle_make(demc_vec3_make(-L, -L, 0), demc_vec3_make(L, -L, 0), demc_vec3_make(L, L, 0));
        h.t[1] = demc_facet_triangle_make(demc_vec3_make(-L, -L, 0), demc_vec3_make(L, L, 0), demc_vec3_make(-L, L, 0));
        h.nodes[0] = 0, h.nodes[1] = 1, h.nodes[2] = 2, h.nodes[3] = 0, h.nodes[4] = 2, h.nodes[5] = 3;
        h.handover = host == 1;
        wall.point = demc_vec3_make(0, 0, 0);
        wall.normal = demc_vec3_make(0, 0, 1);
        wall.velocity = wall.angular_velocity = wall.point;
        for (step = 0; step < STEPS; ++step) {
            demc_body body;
            demc_contact_result r;
            body.position = x, body.velocity = v, body.angular_velocity = w, body.radius = R, body.mass = mass;
            body.inertia = 0.0;
            if (host == 0) {
                demc_contact_frame fr = demc_contact_frame_sphere_wall(&model, &body, &wall);
                r = demc_contact_eval(&model, &fr, dt, wall_state, NULL);
            } else {
                r = incline_mesh(&h, &model, &body, dt);
                if (host == 1 && last >= 0 && h.kept_facet != last) crossing = step;
                last = h.kept_facet;
            }
            out[host][step][0] = sqrt(r.force.x * r.force.x + r.force.y * r.force.y);
            out[host][step][1] = r.force.z;
            v = demc_vec3_add(v, demc_vec3_scale(demc_vec3_add(demc_vec3_scale(r.force, 1.0 / mass), g), dt));
            w = demc_vec3_add(w, demc_vec3_scale(r.torque_i, dt / inertia));
            x = demc_vec3_add(x, demc_vec3_scale(v, dt));
        }
    }
    fprintf(f, "# time from the crossing of the diagonal [ms]; |F_t|, F_n [N] of: plane wall, mesh with handover, "
               "mesh with per-facet states only\n");
    for (step = 0; step < STEPS; step += 2) {
        if ((step - crossing) * dt < -0.01 || (step - crossing) * dt > 0.03) continue;
        fprintf(f, "%.6g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g\n", (step - crossing) * dt * 1e3, out[0][step][0],
                out[0][step][1], out[1][step][0], out[1][step][1], out[2][step][0], out[2][step][1]);
    }
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "docs/figures";
    return regions(dir) || crossing(dir) || incline(dir);
}
