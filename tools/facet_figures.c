/* Generator of the figures of docs/pages/facet.md from the library.
 * Usage: facet_figures OUTDIR — writes OUTDIR/facet_regions.csv (the region of the closest point of a triangle
 * for centres on a grid 0.2 above its plane) and OUTDIR/facet_crossing.csv (a sphere R = 1 moving at constant
 * height across the diagonal of a flat square of two triangles, and across a convex roof ridge: overlap and Hertz
 * force of the kept contacts after demc_facet_reduce, the naive sum over all facets, and the reference). */
#include <math.h>
#include <stdio.h>

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

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "docs/figures";
    return regions(dir) || crossing(dir);
}
