/* Many contacts in one call: demc_contact_eval_batch() over a host's own arrays and neighbour list.
 *
 * A host keeps its bodies in flat arrays (x[n][3], v[n][3], w[n][3], radius[n], mass[n]), its neighbour list as two
 * index arrays, and one slice of history per listed pair. One batch call evaluates every listed pair: pairs apart
 * are released (force zero, state reset), touching ones get the force and torques of the single call, bit for bit,
 * and each contact adds its force to its two bodies' accumulators. Here: eight beads in a row along x, each
 * pressed 1 µm into the next, listed with their next and next-but-one neighbours (the latter apart, as most pairs
 * of a Verlet list are). The program checks itself and exits non-zero on failure: per-contact forces equal the
 * single call's, pairs apart give zero, the accumulated forces sum to zero (Newton's third law), the chain's ends
 * are pushed outwards.
 *
 * Build: cc -O2 batch.c $(pkg-config --cflags --libs demc) -o batch && ./batch
 * Build header-only: cc -O2 -DDEMC_HEADER_ONLY batch.c $(pkg-config --cflags demc) -lm -o batch && ./batch
 */
#include <stdio.h>
#include <string.h>

#include <demc.h>

enum { N = 8, PAIRS = (N - 1) + (N - 2) };

int main(void)
{
    static double x[N][3], v[N][3], w[N][3], radius[N], mass[N];
    static double state[PAIRS][DEMC_CONTACT_STATE_MAX]; /* the host's history: one slice per listed pair, 0 = new */
    static double force[PAIRS][3], body_force[N][3];
    int i[PAIRS], j[PAIRS];
    demc_material glass = demc_material_make(63e9, 0.23, 2500.0);
    demc_contact_def def = demc_contact_def_default(); /* HM+D */
    demc_contact_model model;
    demc_contact_batch batch = DEMC_CONTACT_BATCH_INIT;
    const char *bad = NULL;
    const double r = 1e-3, dt = 1e-8;
    double sum[3] = {0.0, 0.0, 0.0};
    int k, q, failures = 0;

    def.restitution = 0.8;
    def.friction.mu_static = def.friction.mu_dynamic = 0.3;
    if (demc_material_moduli_init(&glass, &glass, DEMC_SHEAR_MINDLIN, &def.moduli, &bad) != DEMC_OK ||
        demc_contact_model_init(&def, &model, &bad) != DEMC_OK) {
        fprintf(stderr, "setup failed at %s\n", bad);
        return 1;
    }
    for (k = 0; k < N; ++k) { /* a row along x, 1 µm overlaps, beads approaching the middle, spinning a little */
        x[k][0] = k * (2.0 * r - 1e-6);
        v[k][0] = k < N / 2 ? 0.01 : -0.01;
        v[k][1] = 1e-3 * k;
        w[k][2] = 0.5 * k;
        radius[k] = r;
        mass[k] = 4.0 / 3.0 * 3.141592653589793 * r * r * r * 2500.0;
    }
    for (q = 0, k = 0; k + 1 < N; ++k, ++q) { i[q] = k; j[q] = k + 1; }     /* touching neighbours */
    for (k = 0; k + 2 < N; ++k, ++q) { i[q] = k + 2; j[q] = k; }           /* next-but-one: apart */

    batch.count = PAIRS;
    batch.i = i;
    batch.j = j;
    batch.position = &x[0][0];
    batch.velocity = &v[0][0];
    batch.angular_velocity = &w[0][0];
    batch.radius = radius;
    batch.mass = mass;
    batch.vector_stride = 3;                          /* x[n][3]: body k's vector at x + 3k */
    batch.scalar_stride = 1;
    batch.state = &state[0][0];
    batch.state_stride = DEMC_CONTACT_STATE_MAX;      /* ≥ demc_contact_model_state_size(&model) */
    batch.force = &force[0][0];                       /* per contact, on body i */
    batch.body_force = &body_force[0][0];             /* per body, accumulated: zero it each step */
    memset(body_force, 0, sizeof body_force);
    if (demc_contact_eval_batch(&model, &batch, dt, &bad) != DEMC_OK) {
        fprintf(stderr, "batch refused: %s\n", bad);
        return 1;
    }

    for (q = 0; q < PAIRS; ++q) { /* the single call on the same bodies and a fresh state gives the same bits */
        double s[DEMC_CONTACT_STATE_MAX] = {0};
        demc_body a, b;
        demc_contact_result res;
        a.position = demc_vec3_make(x[i[q]][0], x[i[q]][1], x[i[q]][2]);
        a.velocity = demc_vec3_make(v[i[q]][0], v[i[q]][1], v[i[q]][2]);
        a.angular_velocity = demc_vec3_make(w[i[q]][0], w[i[q]][1], w[i[q]][2]);
        a.radius = radius[i[q]];
        a.mass = mass[i[q]];
        a.inertia = 0.0;
        b = a;
        b.position = demc_vec3_make(x[j[q]][0], x[j[q]][1], x[j[q]][2]);
        b.velocity = demc_vec3_make(v[j[q]][0], v[j[q]][1], v[j[q]][2]);
        b.angular_velocity = demc_vec3_make(w[j[q]][0], w[j[q]][1], w[j[q]][2]);
        res = demc_contact_eval_sphere_sphere(&model, &a, &b, dt, s, NULL);
        if (memcmp(&res.force.x, &force[q][0], sizeof(double)) || memcmp(&res.force.y, &force[q][1], sizeof(double)) ||
            memcmp(&res.force.z, &force[q][2], sizeof(double))) {
            printf("contact %d (%d, %d): batch (%g, %g, %g) N, single call (%g, %g, %g) N\n", q, i[q], j[q],
                   force[q][0], force[q][1], force[q][2], res.force.x, res.force.y, res.force.z);
            ++failures;
        }
        if (q >= N - 1 && (force[q][0] != 0.0 || force[q][1] != 0.0 || force[q][2] != 0.0)) {
            printf("contact %d (%d, %d) is apart but has a force\n", q, i[q], j[q]);
            ++failures;
        }
    }
    for (k = 0; k < N; ++k) {
        sum[0] += body_force[k][0];
        sum[1] += body_force[k][1];
        sum[2] += body_force[k][2];
    }
    printf("%d listed pairs, %d touching; force on bead 0 %.4g N, on bead %d %.4g N; sum of all %.2g N\n", PAIRS,
           N - 1, body_force[0][0], N - 1, body_force[N - 1][0], sum[0]);
    if (!(body_force[0][0] < 0.0 && body_force[N - 1][0] > 0.0)) {
        printf("the chain's ends are not pushed outwards\n");
        ++failures;
    }
    if (!(sum[0] * sum[0] + sum[1] * sum[1] + sum[2] * sum[2] < 1e-24)) {
        printf("the accumulated forces do not sum to zero\n");
        ++failures;
    }
    return failures ? 1 : 0;
}
