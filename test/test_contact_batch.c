/* contact.h, the batch calls: the same results as the single call bit for bit (forces, torques, states) for every
 * preset and a non-preset kind, in both body layouts (LAMMPS arrays and an array of demc_body), per-contact outputs
 * and per-body accumulation, sphere–sphere and sphere–wall; statuses and bad fields, nothing written on error.
 * Also the combined single calls demc_contact_eval_sphere_sphere/_sphere_wall against the frame builder and
 * demc_contact_eval(): results, energy terms and states bit for bit, and without a diag (the presets' bodies
 * without energy terms) the same results and states; the library's specialised bodies against the
 * general one; and the batch in SIMD lanes (both faces, at the width the face picks; test/check_lane_widths.sh builds
 * this test at every width the machine runs) against the single call on a dense pack. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "demc.h"
#include "harness.h"
#include "support/setup_checks.h"

enum { NB = 40, NC = 120, MAXS = DEMC_CONTACT_STATE_MAX };
#define BODY_DOUBLES (sizeof(demc_body) / sizeof(double)) /* the strides of an array of demc_body */

static unsigned long long rng = 0x2545F4914F6CDD1DULL;
static double uniform(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (double)((rng * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}

/* Bodies in a loose cluster (about a third of the listed pairs touch), LAMMPS-style arrays and demc_body. */
typedef struct scene {
    double x[NB][3], v[NB][3], w[NB][3], radius[NB], mass[NB];
    demc_body body[NB];
    int i[NC], j[NC];
} scene;

static void scene_make(scene *s)
{
    int k, d;
    for (k = 0; k < NB; ++k) {
        for (d = 0; d < 3; ++d) {
            s->x[k][d] = 0.03 * uniform();
            s->v[k][d] = 0.5 * (2 * uniform() - 1);
            s->w[k][d] = 50.0 * (2 * uniform() - 1);
        }
        s->radius[k] = 4e-3 + 2e-3 * uniform();
        s->mass[k] = 2650.0 * 4.18879020478639098 * s->radius[k] * s->radius[k] * s->radius[k];
        s->body[k].position = demc_vec3_make(s->x[k][0], s->x[k][1], s->x[k][2]);
        s->body[k].velocity = demc_vec3_make(s->v[k][0], s->v[k][1], s->v[k][2]);
        s->body[k].angular_velocity = demc_vec3_make(s->w[k][0], s->w[k][1], s->w[k][2]);
        s->body[k].radius = s->radius[k];
        s->body[k].mass = s->mass[k];
        s->body[k].inertia = 0.0;
    }
    for (k = 0; k < NC; ++k) {
        s->i[k] = (int)(uniform() * NB);
        s->j[k] = (s->i[k] + 1 + (int)(uniform() * (NB - 1))) % NB;
    }
}

/* A plane through the cluster, moving: the wall of the sphere–wall cases. */
static demc_wall scene_plane(void)
{
    demc_wall plane;
    plane.point = demc_vec3_make(0, 0, 0.012);
    plane.normal = demc_vec3_make(0, 0, 1);
    plane.velocity = demc_vec3_make(0.1, 0, -0.05);
    plane.angular_velocity = demc_vec3_make(0, 0, 0);
    return plane;
}

/* With friction coefficients 0.4 and 0.3 times `slip` (1: the batch cases; small: most touching contacts slide). */
static demc_contact_model model_with(demc_contact_preset preset, int variant, double slip)
{
    demc_material g = demc_material_make(7e10, 0.3, 2650.0);
    demc_contact_def def;
    demc_contact_model m;
    demc_contact_def_init(preset, sizeof def, &def, NULL);
    demc_material_moduli_init(&g, &g, DEMC_SHEAR_MINDLIN, &def.moduli, NULL);
    def.normal_stiffness = 1e6;
    def.stiffness_ratio = 0.8;
    def.restitution = 0.7;
    def.friction.mu_static = 0.4 * slip;
    def.friction.mu_dynamic = 0.3 * slip;
    if (variant) { /* a kind that is no preset: the general loop */
        def.friction.direction = DEMC_SLIP_DIRECTION_VELOCITY;
        def.transport = DEMC_TRANSPORT_PROJECT;
    }
    CHECK(demc_contact_model_init(&def, &m, NULL) == DEMC_OK);
    return m;
}

static demc_contact_model model_of(demc_contact_preset preset, int variant) { return model_with(preset, variant, 1.0); }

static demc_contact_batch lammps_batch(scene *s, double *state, size_t stride)
{
    demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
    b.count = NC;
    b.i = s->i;
    b.j = s->j;
    b.position = &s->x[0][0];
    b.velocity = &s->v[0][0];
    b.angular_velocity = &s->w[0][0];
    b.radius = s->radius;
    b.mass = s->mass;
    b.vector_stride = 3;
    b.scalar_stride = 1;
    b.state = state;
    b.state_stride = stride;
    return b;
}

/* Three steps with memory (positions moved between them): the batch in both layouts against single calls. */
static void batch_equals_single_calls(void)
{
    const demc_contact_preset presets[5] = {DEMC_CONTACT_PRESET_HMD, DEMC_CONTACT_PRESET_LSD, DEMC_CONTACT_PRESET_PLSB,
                                            DEMC_CONTACT_PRESET_HM, DEMC_CONTACT_PRESET_CAMPELLO};
    const size_t stride = 16;
    int p, variant, step, wall;
    for (p = 0; p < 5; ++p)
        for (variant = 0; variant < 2; ++variant)
            for (wall = 0; wall < 2; ++wall) {
                static scene s;
                static double st_single[NC * 16], st_lammps[NC * 16], st_bodies[NC * 16], st_combined[NC * 16];
                static double st_lean[NC * 16], st_lean_combined[NC * 16];
                static double force[NC * 3], ti[NC * 3], tj[NC * 3];
                static double bf[NB * 3], bt[NB * 3], bf2[NB * BODY_DOUBLES], bt2[NB * BODY_DOUBLES];
                const demc_contact_model m = model_of(presets[p], variant);
                demc_wall plane;
                long touching = 0, mismatches = 0;
                double sum_err = 0.0;
                scene_make(&s);
                memset(st_single, 0, sizeof st_single);
                memset(st_lammps, 0, sizeof st_lammps);
                memset(st_bodies, 0, sizeof st_bodies);
                memset(st_combined, 0, sizeof st_combined);
                memset(st_lean, 0, sizeof st_lean);
                memset(st_lean_combined, 0, sizeof st_lean_combined);
                plane = scene_plane();
                for (step = 0; step < 3; ++step) {
                    demc_contact_batch a = lammps_batch(&s, st_lammps, stride), b = a;
                    size_t q;
                    int k, d;
                    memset(bf, 0, sizeof bf);
                    memset(bt, 0, sizeof bt);
                    memset(bf2, 0, sizeof bf2);
                    memset(bt2, 0, sizeof bt2);
                    a.force = force, a.torque_i = ti, a.torque_j = tj, a.body_force = bf, a.body_torque = bt;
                    /* an array of demc_body: both strides BODY_DOUBLES, accumulators with the same stride */
                    b.position = &s.body[0].position.x;
                    b.velocity = &s.body[0].velocity.x;
                    b.angular_velocity = &s.body[0].angular_velocity.x;
                    b.radius = &s.body[0].radius;
                    b.mass = &s.body[0].mass;
                    b.vector_stride = b.scalar_stride = sizeof(demc_body) / sizeof(double);
                    b.state = st_bodies;
                    b.body_force = bf2, b.body_torque = bt2;
                    CHECK((wall ? demc_contact_eval_batch_wall(&m, &a, &plane, 1e-6, NULL)
                                : demc_contact_eval_batch(&m, &a, 1e-6, NULL)) == DEMC_OK);
                    CHECK((wall ? demc_contact_eval_batch_wall(&m, &b, &plane, 1e-6, NULL)
                                : demc_contact_eval_batch(&m, &b, 1e-6, NULL)) == DEMC_OK);
                    for (q = 0; q < NC; ++q) {
                        const demc_contact_frame f =
                            wall ? demc_contact_frame_sphere_wall(&m, &s.body[s.i[q]], &plane)
                                 : demc_contact_frame_sphere_sphere(&m, &s.body[s.i[q]], &s.body[s.j[q]]);
                        demc_contact_diag d1, d2;
                        demc_contact_result r, rc, rl, rlc;
                        /* zeroed whole, padding included, so that the two diags compare as bytes */
                        memset(&d1, 0, sizeof d1), memset(&d2, 0, sizeof d2);
                        d1.size = d2.size = sizeof d1;
                        r = demc_contact_eval(&m, &f, 1e-6, st_single + q * stride, &d1);
                        rc = wall ? demc_contact_eval_sphere_wall(&m, &s.body[s.i[q]], &plane, 1e-6,
                                                                  st_combined + q * stride, &d2)
                                  : demc_contact_eval_sphere_sphere(&m, &s.body[s.i[q]], &s.body[s.j[q]], 1e-6,
                                                                    st_combined + q * stride, &d2);
                        mismatches += memcmp(&r, &rc, sizeof r) != 0 || memcmp(&d1, &d2, sizeof d1) != 0;
                        /* no diag: the presets' bodies without energy terms, the same results */
                        rl = demc_contact_eval(&m, &f, 1e-6, st_lean + q * stride, NULL);
                        rlc = wall ? demc_contact_eval_sphere_wall(&m, &s.body[s.i[q]], &plane, 1e-6,
                                                                   st_lean_combined + q * stride, NULL)
                                   : demc_contact_eval_sphere_sphere(&m, &s.body[s.i[q]], &s.body[s.j[q]], 1e-6,
                                                                     st_lean_combined + q * stride, NULL);
                        mismatches += memcmp(&r, &rl, sizeof r) != 0 || memcmp(&r, &rlc, sizeof r) != 0;
                        if (r.overlap > 0) ++touching;
                        mismatches += memcmp(&r.force.x, force + 3 * q, 3 * sizeof(double)) != 0;
                        mismatches += memcmp(&r.torque_i.x, ti + 3 * q, 3 * sizeof(double)) != 0;
                        mismatches += memcmp(&r.torque_j.x, tj + 3 * q, 3 * sizeof(double)) != 0;
                    }
                    mismatches += memcmp(st_single, st_lammps, sizeof st_single) != 0;
                    mismatches += memcmp(st_single, st_bodies, sizeof st_single) != 0;
                    mismatches += memcmp(st_single, st_combined, sizeof st_single) != 0;
                    mismatches += memcmp(st_single, st_lean, sizeof st_single) != 0;
                    mismatches += memcmp(st_single, st_lean_combined, sizeof st_single) != 0;
                    /* the accumulators: the sums of the per-contact outputs, the same in both layouts */
                    {
                        static double sf[NB * 3], stq[NB * 3];
                        memset(sf, 0, sizeof sf);
                        memset(stq, 0, sizeof stq);
                        for (q = 0; q < NC; ++q)
                            for (d = 0; d < 3; ++d) {
                                sf[3 * s.i[q] + d] += force[3 * q + d];
                                stq[3 * s.i[q] + d] += ti[3 * q + d];
                                if (!wall) {
                                    sf[3 * s.j[q] + d] -= force[3 * q + d];
                                    stq[3 * s.j[q] + d] += tj[3 * q + d];
                                }
                            }
                        for (k = 0; k < NB; ++k)
                            for (d = 0; d < 3; ++d) {
                                sum_err = fmax(sum_err, fabs(bf[3 * k + d] - sf[3 * k + d]));
                                sum_err = fmax(sum_err, fabs(bt[3 * k + d] - stq[3 * k + d]));
                                mismatches += bf[3 * k + d] != bf2[BODY_DOUBLES * k + d] ||
                                              bt[3 * k + d] != bt2[BODY_DOUBLES * k + d];
                            }
                    }
                    for (k = 0; k < NB; ++k) { /* move on */
                        for (d = 0; d < 3; ++d) s.x[k][d] += 1e-6 * s.v[k][d];
                        s.body[k].position = demc_vec3_make(s.x[k][0], s.x[k][1], s.x[k][2]);
                    }
                }
                CHECK(mismatches == 0);
                CHECK(sum_err == 0.0); /* the same additions in the same order */
                CHECK(touching > 10);
                if (harness_case_failed) {
                    printf("  preset %d variant %d wall %d: %ld mismatches, sum error %g, %ld touching\n", p, variant,
                           wall, mismatches, sum_err, touching);
                    return;
                }
            }
}

/* Statuses in argument order, the field named, nothing written on error; an empty batch is fine. */
static void batch_statuses(void)
{
    static scene s;
    static double state[NC * 12], force[NC * 3];
    const demc_contact_model m = model_of(DEMC_CONTACT_PRESET_HMD, 0);
    demc_contact_batch b;
    demc_wall plane;
    const char *field = "unset";
    volatile double zero = 0.0;
    size_t k;
    scene_make(&s);
    memset(&plane, 0, sizeof plane);
    plane.normal = demc_vec3_make(0, 0, 1);
    memset(state, SETUP_POISON, sizeof state);
    memset(force, SETUP_POISON, sizeof force);
    b = lammps_batch(&s, state, 12);
    b.force = force;
    CHECK(setup_failed_as(demc_contact_eval_batch(NULL, &b, 1e-6, &field), &field, DEMC_ERR_INVALID_ARGUMENT, "model"));
    CHECK(setup_failed_as(demc_contact_eval_batch(&m, NULL, 1e-6, &field), &field, DEMC_ERR_INVALID_ARGUMENT, "batch"));
    b.size = DEMC_CONTACT_BATCH_SIZE_1_0 - 8; /* below the 1.0 size (sizeof b is larger since 1.1) */
    CHECK(setup_failed_as(demc_contact_eval_batch(&m, &b, 1e-6, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                          "batch.size"));
    b = lammps_batch(&s, state, 12), b.force = force, b.j = NULL;
    CHECK(setup_failed_as(demc_contact_eval_batch(&m, &b, 1e-6, &field), &field, DEMC_ERR_INVALID_ARGUMENT, "batch.j"));
    b = lammps_batch(&s, state, 12), b.force = force, b.mass = NULL;
    CHECK(setup_failed_as(demc_contact_eval_batch(&m, &b, 1e-6, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                          "batch.mass"));
    b = lammps_batch(&s, state, 12), b.force = force, b.vector_stride = 2;
    CHECK(setup_failed_as(demc_contact_eval_batch(&m, &b, 1e-6, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                          "batch.vector_stride"));
    b = lammps_batch(&s, state, 8), b.force = force; /* HM+D keeps 9 doubles */
    CHECK(setup_failed_as(demc_contact_eval_batch(&m, &b, 1e-6, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                          "batch.state_stride"));
    b = lammps_batch(&s, state, 12), b.force = force;
    CHECK(setup_failed_as(demc_contact_eval_batch(&m, &b, 0.0, &field), &field, DEMC_ERR_OUT_OF_DOMAIN, "dt"));
    CHECK(setup_failed_as(demc_contact_eval_batch(&m, &b, zero / zero, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                          "dt"));
    CHECK(setup_failed_as(demc_contact_eval_batch_wall(&m, &b, NULL, 1e-6, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                          "wall"));
    for (k = 0; k < sizeof state / sizeof *state; ++k) CHECK(setup_untouched(state + k, sizeof *state));
    CHECK(setup_untouched(force, sizeof force));
    /* a wall batch needs no j */
    b.j = NULL;
    CHECK(demc_contact_eval_batch_wall(&m, &b, &plane, 1e-6, &field) == DEMC_OK && field == NULL);
    b = lammps_batch(&s, NULL, 12);
    b.count = 0, b.i = NULL, b.j = NULL, b.position = NULL;
    CHECK(demc_contact_eval_batch(&m, &b, 1e-6, &field) == DEMC_OK && field == NULL);
}

/* The description of `conventions liggghts` (docs/examples/liggghts): HM+D's laws under LIGGGHTS's conventions. */
/* HM+D under LIGGGHTS's conventions, with friction coefficient mu. */
static demc_contact_model liggghts_model(double mu)
{
    demc_contact_def def;
    demc_contact_model m;
    def = demc_contact_def_default();
    def.moduli.effective_modulus = 3.8e10;
    def.moduli.effective_shear_modulus = 1.4e10;
    def.restitution = 0.7;
    def.friction.mu_static = def.friction.mu_dynamic = mu;
    def.contact_point = DEMC_CONTACT_POINT_HALF;
    def.end = DEMC_CONTACT_END_OVERLAP;
    def.transport = DEMC_TRANSPORT_PROJECT;
    def.friction.stiffness_rule = DEMC_STIFFNESS_TOTAL;
    def.friction.recalculation = DEMC_SLIP_CONVENTIONAL;
    def.friction.direction = DEMC_SLIP_DIRECTION_DISPLACEMENT;
    def.friction.coulomb = DEMC_COULOMB_ELASTIC;
    CHECK(demc_contact_model_init(&def, &m, NULL) == DEMC_OK);
    return m;
}

/* The bodies the library specialises (each preset's kind, HM+D under LIGGGHTS's conventions, the HM+D-laws body of
 * a kind that is no preset) give the general body's results bit for bit: demc_contact_eval() (the dispatch) against
 * demc_contact_eval_kind() with the kind read through a volatile, which in a header-only unit is the general body
 * with every slot and convention read at run time (a linked unit calls demc_contact_eval() for both: there the case
 * can only pass). Forces, torques, states and energy terms over six steps of the loose cluster, sphere–sphere and
 * sphere–wall. Also: the LIGGGHTS description has the kind DEMC_CONTACT_KIND_HMD_LIGGGHTS. */
static void specialised_bodies_equal_the_general_body(void)
{
    enum { NMODELS = 7 };
    int k, step;
    {
        const demc_contact_model lm = liggghts_model(3e-4);
        CHECK(demc_contact_model_kind(&lm) == DEMC_CONTACT_KIND_HMD_LIGGGHTS);
    }
    for (k = 0; k < NMODELS; ++k) {
        static scene s;
        static double st_a[2 * NC * MAXS], st_b[2 * NC * MAXS]; /* a state per (pair, wall or not) */
        const demc_contact_model m = k < 5 ? model_with((demc_contact_preset)k, 0, 1e-3)
                                     : k == 5 ? liggghts_model(3e-4) : model_with(DEMC_CONTACT_PRESET_HMD, 1, 1e-3);
        volatile demc_contact_kind opaque = demc_contact_model_kind(&m);
        const size_t n = demc_contact_model_state_size(&m);
        long touching = 0, mismatches = 0, slides = 0;
        demc_wall plane;
        scene_make(&s);
        memset(st_a, 0, sizeof st_a);
        memset(st_b, 0, sizeof st_b);
        plane = scene_plane();
        for (step = 0; step < 6; ++step) {
            int q, d, wall;
            for (wall = 0; wall < 2; ++wall)
                for (q = 0; q < NC; ++q) {
                    const demc_body *a = &s.body[s.i[q]], *b = &s.body[s.j[q]];
                    const demc_contact_frame f = wall ? demc_contact_frame_sphere_wall(&m, a, &plane)
                                                      : demc_contact_frame_sphere_sphere(&m, a, b);
                    const size_t at = (size_t)(wall * NC + q) * n;
                    demc_contact_diag d1, d2;
                    demc_contact_result r1, r2;
                    memset(&d1, 0, sizeof d1), memset(&d2, 0, sizeof d2);
                    d1.size = d2.size = sizeof d1;
                    /* with a diag at odd steps: the energy terms' code paths too */
                    r1 = demc_contact_eval(&m, &f, 1e-6, st_a + at, step % 2 ? &d1 : NULL);
                    r2 = demc_contact_eval_kind(opaque, &m, &f, 1e-6, st_b + at,
                                                step % 2 ? &d2 : NULL);
                    mismatches += memcmp(&r1, &r2, sizeof r1) != 0 || memcmp(&d1, &d2, sizeof d1) != 0;
                    touching += r1.overlap > 0;
                    slides += d1.sliding != 0;
                }
            mismatches += memcmp(st_a, st_b, sizeof st_a) != 0;
            for (q = 0; q < NB; ++q) {
                for (d = 0; d < 3; ++d) s.x[q][d] += 1e-6 * s.v[q][d];
                s.body[q].position = demc_vec3_make(s.x[q][0], s.x[q][1], s.x[q][2]);
            }
        }
        CHECK(mismatches == 0);
        CHECK(touching > 100);
        CHECK(slides > 10);
        CHECK(2 * slides < touching); /* and sticking ones */
        if (harness_case_failed || getenv("DEMC_TEST_VERBOSE"))
            printf("  model %d: %ld mismatches, %ld touching, %ld sliding\n", k, mismatches, touching, slides);
        if (harness_case_failed) return;
    }
}

/* The batch of the kinds evaluated several contacts at a time in SIMD lanes (impl/contact_lanes_impl.h: HM+D's,
 * HM's, LS+D's and PLS(B)'s laws under conventions without the elastic displacement) against the single call, bit
 * for bit, for the HMD, HM, LSD and PLSB presets, three non-preset convention sets the lanes serve (forward rule,
 * no rescale, projected memory, with HM+D's laws and with PLS(B)'s; backward rule, elastic Coulomb policy, overlap
 * end rule, no spin, with HM+D's laws and with LS+D's; rotation without spin) and LIGGGHTS's (scalar only), and
 * LAMMPS's rules of 1.1 (the kept dashpot and the
 * absolute Coulomb load: the scalar loop) with conventions the lanes would otherwise serve (default; backward rule,
 * projected memory, half the overlap), on a
 * dense lattice where every axis neighbour overlaps, with pairs apart interleaved:
 * 40 steps of motion whose velocities change at random (loading and unloading, stick and slip, normals turning),
 * bodies with no spin (the rotation without its spin part), head-on pairs with no tangential motion (a zero trial
 * force: the slip branch's quotients must not raise), and states reset at random (a new contact beside a
 * continuing one). Per-contact outputs, states and the per-body sums (same additions in the same order); no
 * FE_DIVBYZERO or FE_INVALID raised by the batch where the single calls raise none. */
static long lanes_case(const demc_contact_model *model_p, int sparse, long *mismatches_out);
static long reversed_normals; /* by reverse_normals(), over every convention set */

/* A digest of the batches' results in the lanes' cases (64-bit FNV-1a over the bytes of the per-contact outputs, the
 * states and the bodies' sums, step by step, in order; the doubles' bytes are little-endian on every target the
 * project runs), printed as "lanes digest" when the case ends: test/check_lane_widths.sh requires the same digest
 * from every width and compiler it builds and from both architectures (x86-64, and AArch64 under qemu), the claim
 * that a batch gives the same bits wherever it runs. The inputs come from integer arithmetic alone (uniform()). */
static unsigned long long lanes_digest = 14695981039346656037ULL;
static void digest(const void *data, size_t bytes)
{
    const unsigned char *p = (const unsigned char *)data;
    while (bytes--) {
        lanes_digest ^= *p++;
        lanes_digest *= 1099511628211ULL;
    }
}

static void lanes_equal_the_single_call(void)
{
    enum { NKINDS = 18 };
    int k, sparse;
    for (k = 0; k < NKINDS; ++k) {
        demc_contact_def def = demc_contact_def_default();
        demc_contact_model m;
        long mismatches = 0, raised;
        if (k == 1) demc_contact_def_init(DEMC_CONTACT_PRESET_HM, sizeof def, &def, NULL);
        if ((k >= 8 && k < 12) || k == 15) { /* LS+D's and PLS(B)'s laws: a stiffness of the order of these spheres'
                                               * Hertzian one */
            demc_contact_def_init(k < 10 ? DEMC_CONTACT_PRESET_LSD : DEMC_CONTACT_PRESET_PLSB, sizeof def, &def, NULL);
            def.normal_stiffness = 1.5e7;
            def.stiffness_ratio = 0.8;
        }
        def.moduli.effective_modulus = 3.8e10;
        def.moduli.effective_shear_modulus = 1.4e10;
        def.restitution = 0.7;
        def.friction.mu_static = 0.2;
        def.friction.mu_dynamic = 0.15;
        if (k == 2 || k == 11) {
            def.friction.stiffness_rule = DEMC_STIFFNESS_FORWARD;
            def.friction.unloading = DEMC_UNLOADING_KEEP;
            def.transport = DEMC_TRANSPORT_PROJECT;
        } else if (k == 3 || k == 9) {
            def.friction.stiffness_rule = DEMC_STIFFNESS_BACKWARD;
            def.friction.coulomb = DEMC_COULOMB_ELASTIC;
            def.end = DEMC_CONTACT_END_OVERLAP;
            def.transport_spin = 0;
        } else if (k == 4) {
            def.transport_spin = 0;
            def.contact_point = DEMC_CONTACT_POINT_HALF;
        } else if (k == 5) {
            /* (friction enough that contacts stick as well as slide: its kind does not depend on μ) */
            const demc_contact_model lm = liggghts_model(0.6);
            m = lm;
        } else if (k == 6 || k == 7) {
            /* the overlap end rule: contacts that pull, where the absolute load acts; more friction, so that
             * contacts stick too (the kept dashpot alone is often beyond 0.15 F_n at these speeds) */
            def.friction.mu_static = 0.6;
            def.friction.mu_dynamic = 0.5;
            def.friction.coulomb = DEMC_COULOMB_TOTAL_DASHPOT_KEPT;
            def.coulomb_load = DEMC_COULOMB_LOAD_ABSOLUTE;
            def.end = DEMC_CONTACT_END_OVERLAP;
            if (k == 7) { /* with more of LAMMPS's conventions (its total stiffness rule: LIGGGHTS's set above) */
                def.friction.stiffness_rule = DEMC_STIFFNESS_BACKWARD;
                def.transport = DEMC_TRANSPORT_PROJECT;
                def.contact_point = DEMC_CONTACT_POINT_HALF;
            }
        }
        if (k == 16 || k == 17) { /* Campello's preset (its rolling-consistent increment); with a dashpot on the
                                   * spring, the incremental rule and no spin in the turn */
            demc_contact_def_init(DEMC_CONTACT_PRESET_CAMPELLO, sizeof def, &def, NULL);
            def.moduli.effective_modulus = 3.8e10;
            def.moduli.effective_shear_modulus = 1.4e10;
            def.restitution = 0.7;
            def.friction.mu_static = 0.2;
            def.friction.mu_dynamic = 0.15;
            if (k == 17) {
                def.tangential_damping_scale = 1.0;
                def.friction.stiffness_rule = DEMC_STIFFNESS_AVERAGE;
                def.transport_spin = 0;
            }
        }
        if (k == 12) { /* the total law with the total policy's dashpot share, its displacement turned */
            def.friction.stiffness_rule = DEMC_STIFFNESS_TOTAL;
            def.friction.direction = DEMC_SLIP_DIRECTION_DISPLACEMENT;
        } else if (k == 13) { /* the displacement kept by the incremental rule, the slip along it */
            def.friction.direction = DEMC_SLIP_DIRECTION_DISPLACEMENT;
            def.friction.recalculation = DEMC_SLIP_INCREMENTAL;
        } else if (k == 14) { /* the slip along the sliding velocity, the displacement recalculated, projected */
            def.friction.stiffness_rule = DEMC_STIFFNESS_FORWARD;
            def.friction.direction = DEMC_SLIP_DIRECTION_VELOCITY;
            def.friction.recalculation = DEMC_SLIP_CONVENTIONAL;
            def.friction.coulomb = DEMC_COULOMB_ELASTIC;
            def.transport = DEMC_TRANSPORT_PROJECT;
        } else if (k == 15) { /* PLS(B) under LAMMPS's rules with its total law */
            def.friction.stiffness_rule = DEMC_STIFFNESS_TOTAL;
            def.friction.coulomb = DEMC_COULOMB_TOTAL_DASHPOT_KEPT;
            def.coulomb_load = DEMC_COULOMB_LOAD_ABSOLUTE;
        }
        if (k != 5) CHECK(demc_contact_model_init(&def, &m, NULL) == DEMC_OK);
        for (sparse = 0; sparse < 2; ++sparse) {
            raised = lanes_case(&m, sparse, &mismatches);
            CHECK(mismatches == 0);
            CHECK(raised == 0);
            if (harness_case_failed) {
                printf("  convention set %d, %s list: %ld mismatches, %ld steps raising\n", k,
                       sparse ? "sparse" : "dense", mismatches, raised);
                return;
            }
        }
    }
    CHECK(reversed_normals > 100); /* the normals turned by π reached the batch (convention sets that rotate) */
    printf("  lanes digest %016llx\n", lanes_digest);
}

/* One model through the lanes case; returns the number of steps whose batch raised FE_DIVBYZERO or FE_INVALID.
 * sparse: the second half of the bodies also lists, after each of its axis neighbours, three pairs apart (two
 * lattice steps along each axis, or across the pack), as a neighbour list does: the batch's chunks there are
 * mostly apart (the batch sifts them before evaluating the rest), and the list passes from dense chunks to sparse
 * ones and back within a step. */
/* Body k of the lanes case's arrays, as a host hands it to the single calls. */
static demc_body arrays_body(double (*x)[3], double (*v)[3], double (*w)[3], const double *radius,
                             const double *mass, int k)
{
    demc_body a;
    a.position = demc_vec3_make(x[k][0], x[k][1], x[k][2]);
    a.velocity = demc_vec3_make(v[k][0], v[k][1], v[k][2]);
    a.angular_velocity = demc_vec3_make(w[k][0], w[k][1], w[k][2]);
    a.radius = radius[k], a.mass = mass[k], a.inertia = 0.0;
    return a;
}

/* The previous normal of every seventh contact of the lanes case turned by π, in both states: where a state's first
 * three doubles hold a unit vector within 1e-3 of this step's normal (the previous normal, which the rotation
 * transport keeps there; the memory the projection keeps is a tangential force, at right angles to it), they are
 * set to the opposite of this step's normal exactly as the frame builder forms it from the positions, so that the
 * next evaluation finds n_old · n = −1 exactly: the turn's rarer path, whose 1/(1 + c) would divide by zero, which
 * the lanes leave to the scalar body without raising FE_DIVBYZERO. Counted in reversed_normals. */
static void reverse_normals(double (*x)[3], const int *ci, const int *cj, long n, double *st_batch, double *st_single,
                            size_t ns)
{
    long q;
    for (q = 3; ns >= 3 && q < n; q += 7) {
        const demc_vec3 dx = demc_vec3_sub(demc_vec3_make(x[ci[q]][0], x[ci[q]][1], x[ci[q]][2]),
                                           demc_vec3_make(x[cj[q]][0], x[cj[q]][1], x[cj[q]][2]));
        const double distance = sqrt(demc_vec3_norm2(dx));
        const demc_vec3 normal = demc_vec3_scale(dx, 1.0 / distance);
        double *sb = st_batch + ns * (size_t)q, *ss = st_single + ns * (size_t)q;
        const demc_vec3 kept = demc_vec3_make(sb[0], sb[1], sb[2]);
        if (!(fabs(demc_vec3_norm(kept) - 1.0) < 1e-12 && demc_vec3_dot(kept, normal) > 1.0 - 1e-3)) continue;
        sb[0] = ss[0] = -normal.x, sb[1] = ss[1] = -normal.y, sb[2] = ss[2] = -normal.z;
        ++reversed_normals;
    }
}

static long lanes_case(const demc_contact_model *model_p, int sparse, long *mismatches_out)
{
    enum { NX = 6, NBODY = NX * NX * NX, NPAIR = 13 * NBODY };
/* the first row along x: on the lattice, one velocity along x, no spin; its pairs touch with no relative motion */
#define QUIET(k) ((k) < NX)
    static double x[NBODY][3], v[NBODY][3], w[NBODY][3], radius[NBODY], mass[NBODY];
    static double st_batch[NPAIR * MAXS], st_single[NPAIR * MAXS], force[NPAIR * 3], ti[NPAIR * 3], tj[NPAIR * 3];
    static double bf[NBODY * 3], bt[NBODY * 3], sf[NBODY * 3], stq[NBODY * 3];
    static int ci[NPAIR], cj[NPAIR], wi[NBODY];
    /* the wall's batch: every body against a plane that cuts the bottom layer (most bodies apart) */
    static double wst_batch[NBODY * MAXS], wst_single[NBODY * MAXS], wforce[NBODY * 3], wti[NBODY * 3], wtj[NBODY * 3];
    demc_wall plane;
    long wall_touching = 0;
    const demc_contact_model m = *model_p;
    const size_t ns = demc_contact_model_state_size(&m);
    const double h = 2 * 5e-3 * (1 - 2e-3), dt = 1e-6;
    long n = 0, mismatches = 0, slides = 0, sticks = 0, raised = 0, step, k;
    size_t flag = 0;
    int d;
    /* the spring's slip flag: after its vectors that change sign under the swap (the previous normal, the force)
     * come its stiffness and normal force, then the flag (contact.md's table; an elastic displacement follows it
     * in the conventions that keep one, as LIGGGHTS's) */
    while (flag < ns && demc_contact_state_flips(&m, flag)) ++flag;
    flag += 2;
    rng = 0x2545F4914F6CDD1DULL; /* the same pack for every model */
    for (k = 0; k < NBODY; ++k) {
        const long lat[3] = {k % NX, (k / NX) % NX, k / (NX * NX)};
        const int quiet = QUIET(k);
        for (d = 0; d < 3; ++d) {
            x[k][d] = h * (double)lat[d] + (quiet ? 0.0 : 2e-6 * (2 * uniform() - 1));
            v[k][d] = quiet ? (d == 0 ? 0.3 : 0.0) : 0.5 * (2 * uniform() - 1);
            w[k][d] = quiet || k % 5 == 0 ? 0.0 : 300.0 * (2 * uniform() - 1);
        }
        radius[k] = 5e-3 * (quiet ? 1.0 : 1.0 + 1e-3 * uniform());
        mass[k] = 2650.0 * 4.18879020478639098 * radius[k] * radius[k] * radius[k];
    }
    for (k = 0; k < NBODY; ++k) /* the axis neighbours, and a diagonal one apart after every other */
        for (d = 0; d < 3; ++d) {
            const long lat[3] = {k % NX, (k / NX) % NX, k / (NX * NX)}, step3[3] = {1, NX, NX * NX};
            int e;
            if (lat[d] + 1 < NX) ci[n] = (int)k, cj[n] = (int)(k + step3[d]), ++n;
            if (d == 1 && lat[0] + 1 < NX && lat[1] + 1 < NX && k % 2)
                ci[n] = (int)k, cj[n] = (int)(k + 1 + NX), ++n;
            if (sparse && k >= NBODY / 2)
                for (e = 0; e < 3; ++e)
                    ci[n] = (int)k, cj[n] = (int)(lat[e] + 2 < NX ? k + 2 * step3[e] : (k + NBODY / 2) % NBODY), ++n;
        }
    memset(st_batch, 0, sizeof st_batch);
    memset(st_single, 0, sizeof st_single);
    memset(wst_batch, 0, sizeof wst_batch);
    memset(wst_single, 0, sizeof wst_single);
    for (k = 0; k < NBODY; ++k) wi[k] = (int)k;
    /* tilted a little (the overlap changes across the layer), moving and turning */
    plane.normal = demc_vec3_normalize(demc_vec3_make(1e-4, -2e-4, 1.0));
    plane.point = demc_vec3_make(0.0, 0.0, -5e-3 + 2e-5);
    plane.velocity = demc_vec3_make(0.1, -0.05, 0.02);
    plane.angular_velocity = demc_vec3_make(0.0, 0.0, 3.0);
    for (step = 0; step < 40; ++step) {
        demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
        long q;
        b.count = (size_t)n;
        b.i = ci, b.j = cj;
        b.position = &x[0][0], b.velocity = &v[0][0], b.angular_velocity = &w[0][0];
        b.radius = radius, b.mass = mass;
        b.vector_stride = 3, b.scalar_stride = 1;
        b.state = st_batch, b.state_stride = ns;
        b.force = force, b.torque_i = ti, b.torque_j = tj, b.body_force = bf, b.body_torque = bt;
        memset(bf, 0, sizeof bf), memset(bt, 0, sizeof bt), memset(sf, 0, sizeof sf), memset(stq, 0, sizeof stq);
        if (step == 20)
            for (q = 0; q < n; q += 5) {
                demc_contact_state_reset(&m, st_batch + ns * q);
                demc_contact_state_reset(&m, st_single + ns * q);
            }
        if (step == 30) reverse_normals(x, ci, cj, n, st_batch, st_single, ns);
        feclearexcept(FE_DIVBYZERO | FE_INVALID);
        CHECK(demc_contact_eval_batch(&m, &b, dt, NULL) == DEMC_OK);
        raised += fetestexcept(FE_DIVBYZERO | FE_INVALID) != 0;
        for (q = 0; q < n; ++q) {
            const demc_body a = arrays_body(x, v, w, radius, mass, ci[q]);
            const demc_body c2 = arrays_body(x, v, w, radius, mass, cj[q]);
            const demc_contact_result r = demc_contact_eval_sphere_sphere(&m, &a, &c2, dt, st_single + ns * q, NULL);
            mismatches += memcmp(&r.force.x, force + 3 * q, 3 * sizeof(double)) != 0;
            mismatches += memcmp(&r.torque_i.x, ti + 3 * q, 3 * sizeof(double)) != 0;
            mismatches += memcmp(&r.torque_j.x, tj + 3 * q, 3 * sizeof(double)) != 0;
            if (r.overlap > 0)
                for (d = 0; d < 3; ++d) {
                    const double fd[3] = {r.force.x, r.force.y, r.force.z};
                    const double tid[3] = {r.torque_i.x, r.torque_i.y, r.torque_i.z};
                    const double tjd[3] = {r.torque_j.x, r.torque_j.y, r.torque_j.z};
                    sf[3 * ci[q] + d] += fd[d];
                    sf[3 * cj[q] + d] += -fd[d];
                    stq[3 * ci[q] + d] += tid[d];
                    stq[3 * cj[q] + d] += tjd[d];
                }
            slides += r.overlap > 0 && st_single[ns * q + flag] != 0.0;
            sticks += r.overlap > 0 && st_single[ns * q + flag] == 0.0;
        }
        mismatches += memcmp(st_batch, st_single, (size_t)n * ns * sizeof(double)) != 0;
        mismatches += memcmp(bf, sf, sizeof bf) != 0 || memcmp(bt, stq, sizeof bt) != 0;
        digest(force, (size_t)n * 3 * sizeof(double)), digest(ti, (size_t)n * 3 * sizeof(double));
        digest(tj, (size_t)n * 3 * sizeof(double)), digest(st_batch, (size_t)n * ns * sizeof(double));
        digest(bf, sizeof bf), digest(bt, sizeof bt);
        {
            /* the wall: the same against demc_contact_eval_sphere_wall(), accumulators on body i alone; the bodies'
             * arrays and accumulators those of the spheres' batch */
            demc_contact_batch wb = b;
            wb.count = NBODY;
            wb.i = wi, wb.j = NULL;
            wb.state = wst_batch;
            wb.force = wforce, wb.torque_i = wti, wb.torque_j = wtj;
            memset(bf, 0, sizeof bf), memset(bt, 0, sizeof bt), memset(sf, 0, sizeof sf), memset(stq, 0, sizeof stq);
            feclearexcept(FE_DIVBYZERO | FE_INVALID);
            CHECK(demc_contact_eval_batch_wall(&m, &wb, &plane, dt, NULL) == DEMC_OK);
            raised += fetestexcept(FE_DIVBYZERO | FE_INVALID) != 0;
            for (q = 0; q < NBODY; ++q) {
                const demc_body a = arrays_body(x, v, w, radius, mass, (int)q);
                const demc_contact_result r = demc_contact_eval_sphere_wall(&m, &a, &plane, dt, wst_single + ns * q, NULL);
                mismatches += memcmp(&r.force.x, wforce + 3 * q, 3 * sizeof(double)) != 0;
                mismatches += memcmp(&r.torque_i.x, wti + 3 * q, 3 * sizeof(double)) != 0;
                mismatches += memcmp(&r.torque_j.x, wtj + 3 * q, 3 * sizeof(double)) != 0;
                if (r.overlap > 0) {
                    const double fd[3] = {r.force.x, r.force.y, r.force.z};
                    const double tid[3] = {r.torque_i.x, r.torque_i.y, r.torque_i.z};
                    for (d = 0; d < 3; ++d) sf[3 * q + d] += fd[d], stq[3 * q + d] += tid[d];
                    ++wall_touching;
                }
            }
            mismatches += memcmp(wst_batch, wst_single, (size_t)NBODY * ns * sizeof(double)) != 0;
            mismatches += memcmp(bf, sf, sizeof bf) != 0 || memcmp(bt, stq, sizeof bt) != 0;
            digest(wforce, sizeof wforce), digest(wti, sizeof wti);
            digest(wst_batch, (size_t)NBODY * ns * sizeof(double)), digest(bf, sizeof bf), digest(bt, sizeof bt);
        }
        for (k = 0; k < NBODY; ++k) /* move on; the velocities change at random */
            for (d = 0; d < 3; ++d) {
                x[k][d] += dt * v[k][d];
                if (!QUIET(k)) v[k][d] += 0.05 * (2 * uniform() - 1);
            }
    }
    CHECK(slides > 300 && sticks > 300); /* both paths, in every convention set */
    CHECK(wall_touching > 500);          /* the bottom layer on the wall, most steps */
    if (harness_case_failed || getenv("DEMC_TEST_VERBOSE"))
        printf("  %ld contacts listed: %ld mismatches, %ld steps raising, %ld sliding, %ld sticking, %ld on the wall\n",
               n, mismatches, raised, slides, sticks, wall_touching);
    *mismatches_out = mismatches;
    return raised;
#undef QUIET
}

int main(void)
{
    RUN(batch_equals_single_calls);
    RUN(batch_statuses);
    RUN(specialised_bodies_equal_the_general_body);
    RUN(lanes_equal_the_single_call);
    return harness_finish("test_contact_batch");
}
