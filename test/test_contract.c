/* The 1.0 contract of contact.h (the pages "Extending within 1.x" and "Compiled model"): a kind that is not the
 * model's gives the model's physics; a model this face cannot read is refused, never read wrong; the sized structs
 * accept the sizes of other releases and refuse a set unknown field by name; the body's moment of inertia is
 * honoured by the frame builders, the one-call evaluations and the batch; the frame carries both radii. The growth
 * across real library versions is test/compat_next_minor.sh. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "demc.h"
#include "harness.h"

#define PI 3.14159265358979323846

static demc_vec3 v3(double x, double y, double z) { return demc_vec3_make(x, y, z); }

static demc_body sphere(demc_vec3 x, demc_vec3 v, demc_vec3 w, double r, double m, double inertia)
{
    demc_body b;
    b.position = x, b.velocity = v, b.angular_velocity = w, b.radius = r, b.mass = m, b.inertia = inertia;
    return b;
}

static demc_contact_def described(demc_contact_preset preset)
{
    demc_contact_def def;
    demc_material glass = demc_material_make(7e10, 0.25, 2500.0);
    CHECK(demc_contact_def_init(preset, sizeof def, &def, NULL) == DEMC_OK);
    CHECK(demc_material_moduli_init(&glass, &glass, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
    def.normal_stiffness = 1e5;
    def.stiffness_ratio = 0.8;
    def.restitution = 0.6;
    def.friction.mu_static = def.friction.mu_dynamic = 0.4;
    return def;
}

static demc_contact_model compiled(const demc_contact_def *def)
{
    demc_contact_model m;
    const char *bad = NULL;
    if (!CHECK(demc_contact_model_init(def, &m, &bad) == DEMC_OK)) printf("    bad field %s\n", bad ? bad : "-");
    return m;
}

/* A pair pressed in, then separating fast: the steps pass through the end of contact, where the end rules differ. */
static demc_contact_frame pair_frame(const demc_contact_model *m, int step)
{
    const double gap = -3e-6 + 1.2e-6 * step;
    const demc_body a = sphere(v3(0, 0, 0), v3(0.02, 0, -0.6), v3(0, 40, 0), 1e-3, 1.05e-5, 0.0);
    const demc_body b = sphere(v3(1e-4, 0, 2e-3 + gap), v3(0, 0.01, 0.6), v3(-30, 0, 5), 1e-3, 1.05e-5, 0.0);
    return demc_contact_frame_sphere_sphere(m, &a, &b);
}

/* The mistake of the issue: a preset's description with one field changed, evaluated with the preset's kind. And
 * every preset kind against every preset model: demc_contact_eval_kind() gives demc_contact_eval()'s results, bit for
 * bit, state and diag included. */
static void a_wrong_kind_gives_the_models_physics(void)
{
    const demc_contact_preset presets[5] = {DEMC_CONTACT_PRESET_HMD, DEMC_CONTACT_PRESET_LSD, DEMC_CONTACT_PRESET_PLSB,
                                            DEMC_CONTACT_PRESET_HM, DEMC_CONTACT_PRESET_CAMPELLO};
    const demc_contact_kind kinds[6] = {DEMC_CONTACT_KIND_HMD, DEMC_CONTACT_KIND_LSD, DEMC_CONTACT_KIND_PLSB,
                                        DEMC_CONTACT_KIND_HM, DEMC_CONTACT_KIND_CAMPELLO, DEMC_CONTACT_KIND_HMD_LIGGGHTS};
    int p, k, step, mismatches = 0, pulled = 0;
    for (p = 0; p < 6; ++p) {
        demc_contact_def def = described(presets[p % 5]);
        demc_contact_model m;
        if (p == 5) def.end = DEMC_CONTACT_END_OVERLAP; /* HM+D with the overlap end rule: not DEMC_CONTACT_KIND_HMD */
        m = compiled(&def);
        for (k = 0; k < 6; ++k) {
            double s1[DEMC_CONTACT_STATE_MAX], s2[DEMC_CONTACT_STATE_MAX];
            memset(s1, 0, sizeof s1), memset(s2, 0, sizeof s2);
            for (step = 0; step < 6; ++step) {
                const demc_contact_frame f = pair_frame(&m, step);
                demc_contact_diag d1 = DEMC_CONTACT_DIAG_INIT, d2 = DEMC_CONTACT_DIAG_INIT;
                const demc_contact_result r1 = demc_contact_eval(&m, &f, 1e-6, s1, &d1);
                const demc_contact_result r2 = demc_contact_eval_kind(kinds[k], &m, &f, 1e-6, s2, &d2);
                mismatches += memcmp(&r1, &r2, sizeof r1) != 0 || memcmp(&d1, &d2, sizeof d1) != 0 ||
                              memcmp(s1, s2, sizeof s1) != 0;
                /* the overlap rule's dashpot pulls while the spheres separate: the case that returned 0 N */
                if (p == 5 && k == 0 && r1.normal_force < 0.0 && r2.normal_force == r1.normal_force) ++pulled;
            }
        }
    }
    if (!CHECK(mismatches == 0)) printf("    %d evaluations differ\n", mismatches);
    CHECK(pulled > 0);
}

/* A model never built, or built by a face of another layout (its tag changed here by hand), is refused by every
 * function that reads it, and nothing is written. */
static void a_foreign_model_is_refused(void)
{
    demc_contact_def def = described(DEMC_CONTACT_PRESET_HMD);
    demc_contact_model good = compiled(&def), models[2];
    const char *bad = NULL;
    int k;
    CHECK(demc_contact_model_validate(&good, &bad) == DEMC_OK && bad == NULL);
    CHECK(demc_contact_model_validate(NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && bad && !strcmp(bad, "model"));
    memset(&models[0], 0, sizeof models[0]); /* never built */
    models[1] = good;
    /* the layout of another version: its tag (double 0) and its tagged kind (double 1, tag·2^32 + kind) */
    models[1].opaque_[0] += 1.0;
    models[1].opaque_[1] += 4294967296.0;
    for (k = 0; k < 2; ++k) {
        const demc_contact_model *m = &models[k];
        const demc_contact_frame f = pair_frame(&good, 0);
        double state[DEMC_CONTACT_STATE_MAX], x[6] = {0, 0, 0, 0, 0, 1.9e-3}, v[6] = {0}, radius[2] = {1e-3, 1e-3};
        double mass[2] = {1e-5, 1e-5}, force[3] = {7, 7, 7};
        int ii = 0, jj = 1;
        demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
        demc_contact_result r;
        demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
        const demc_body a = sphere(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), 1e-3, 1e-5, 0.0), c = a;
        size_t q, untouched = 0;
        d.normal_energy = 5.0;
        for (q = 0; q < DEMC_CONTACT_STATE_MAX; ++q) state[q] = 1.0 + (double)q;
        bad = NULL;
        CHECK(demc_contact_model_validate(m, &bad) == DEMC_ERR_UNSUPPORTED && bad && !strcmp(bad, "model"));
        CHECK(demc_contact_model_kind(m) == 0u && demc_contact_model_state_size(m) == 0u);
        CHECK(demc_contact_model_range(m) == 0.0);
        r = demc_contact_eval(m, &f, 1e-6, state, &d);
        CHECK(r.force.x != r.force.x && r.torque_i.y != r.torque_i.y && r.torque_j.z != r.torque_j.z);
        CHECK(r.overlap != r.overlap && r.normal_force != r.normal_force);
        r = demc_contact_eval_kind(DEMC_CONTACT_KIND_HMD, m, &f, 1e-6, state, &d);
        CHECK(r.force.x != r.force.x && r.overlap != r.overlap);
        r = demc_contact_eval_sphere_sphere(m, &a, &c, 1e-6, state, &d);
        CHECK(r.force.z != r.force.z);
        demc_contact_state_swap(m, state);
        demc_contact_state_reset(m, state);
        for (q = 0; q < DEMC_CONTACT_STATE_MAX; ++q) untouched += state[q] == 1.0 + (double)q;
        CHECK(untouched == DEMC_CONTACT_STATE_MAX && d.normal_energy == 5.0);
        b.count = 1, b.i = &ii, b.j = &jj, b.position = x, b.velocity = v, b.angular_velocity = v;
        b.radius = radius, b.mass = mass, b.vector_stride = 3, b.scalar_stride = 1;
        b.state = state, b.state_stride = DEMC_CONTACT_STATE_MAX, b.force = force;
        bad = NULL;
        CHECK(demc_contact_eval_batch(m, &b, 1e-6, &bad) == DEMC_ERR_UNSUPPORTED && bad && !strcmp(bad, "model"));
        CHECK(force[0] == 7.0 && state[0] == 1.0);
    }
}

/* The sized structs: the 1.0 size is the smallest accepted; a larger one with its unknown bytes zero is the same
 * description (the same model, byte for byte); one unknown byte set is refused by name; demc_contact_def_init() zeroes
 * a larger caller's tail. The growth across versions is test/compat_next_minor.sh. */
static void sized_structs_of_other_sizes(void)
{
    typedef struct bigger_def {
        demc_contact_def def;
        double later[4];
    } bigger_def;
    typedef struct bigger_batch {
        demc_contact_batch batch;
        double later[4];
    } bigger_batch;
    demc_contact_def def = demc_contact_def_default(), small;
    bigger_def big;
    bigger_batch bb;
    demc_contact_model m1, m2;
    const char *bad = NULL;
    double state[DEMC_CONTACT_STATE_MAX] = {0};
    CHECK(def.size == sizeof def && DEMC_CONTACT_DEF_SIZE_1_0 <= sizeof def);
    CHECK(DEMC_CONTACT_BATCH_SIZE_1_0 <= sizeof(demc_contact_batch) && DEMC_CONTACT_DIAG_SIZE_1_0 <= sizeof(demc_contact_diag));
    def = described(DEMC_CONTACT_PRESET_HMD);
    m1 = compiled(&def);
    memset(&big, 0x5A, sizeof big);
    CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof big, &big.def, NULL) == DEMC_OK);
    CHECK(big.later[0] == 0.0 && big.later[3] == 0.0 && big.def.size == sizeof big);
    memcpy(&big.def, &def, sizeof def);
    big.def.size = sizeof big;
    CHECK(demc_contact_model_init(&big.def, &m2, &bad) == DEMC_OK);
    CHECK(memcmp(&m1, &m2, sizeof m1) == 0);
    big.later[2] = 1.0;
    CHECK(demc_contact_model_init(&big.def, &m2, &bad) == DEMC_ERR_UNSUPPORTED && bad && !strcmp(bad, "def.size"));
    small = def;
    small.size = DEMC_CONTACT_DEF_SIZE_1_0 - 1;
    CHECK(demc_contact_model_init(&small, &m2, &bad) == DEMC_ERR_INVALID_ARGUMENT && bad && !strcmp(bad, "def.size"));
    CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, DEMC_CONTACT_DEF_SIZE_1_0 - 1, &small, &bad) ==
          DEMC_ERR_INVALID_ARGUMENT);
    /* the batch: an empty one of a larger size with a zero tail is fine, one set unknown byte is refused */
    memset(&bb, 0, sizeof bb);
    bb.batch.size = sizeof bb;
    bb.batch.vector_stride = 3, bb.batch.scalar_stride = 1, bb.batch.state = state;
    bb.batch.state_stride = DEMC_CONTACT_STATE_MAX;
    CHECK(demc_contact_eval_batch(&m1, &bb.batch, 1e-6, &bad) == DEMC_OK);
    bb.later[1] = 2.0;
    CHECK(demc_contact_eval_batch(&m1, &bb.batch, 1e-6, &bad) == DEMC_ERR_UNSUPPORTED && bad &&
          !strcmp(bad, "batch.size"));
    bb.batch.size = DEMC_CONTACT_BATCH_SIZE_1_0 - 1;
    CHECK(demc_contact_eval_batch(&m1, &bb.batch, 1e-6, &bad) == DEMC_ERR_INVALID_ARGUMENT && bad &&
          !strcmp(bad, "batch.size"));
}

/* The moment of inertia of each body (0: a solid sphere) in the frame, I* = I_i I_j/(I_i + I_j), and through the
 * one-call evaluation and the batch (its inertia array), bit for bit, for the two rolling laws that read it. The
 * CDT limiter caps the torque at I*|ω_r|/Δt: a hollow sphere (I = (2/3) m R²) gets a larger cap than a solid one. */
static void body_inertia_is_honoured(void)
{
    const demc_rolling_law laws[2] = {DEMC_ROLLING_CDT, DEMC_ROLLING_EPSD};
    int l, step;
    for (l = 0; l < 2; ++l) {
        demc_contact_def def = described(DEMC_CONTACT_PRESET_HMD);
        demc_contact_model m;
        const double r = 1e-3, mass = 1e-5, hollow = 2.0 / 3.0 * mass * r * r, solid = 0.4 * mass * r * r;
        demc_body a = sphere(v3(0, 0, 0), v3(0, 0, 0), v3(0, 300, 0), r, mass, hollow);
        demc_body b = sphere(v3(0, 0, 1.995e-3), v3(0, 0, 0), v3(0, -200, 0), r, mass, 0.0);
        demc_contact_frame f;
        demc_wall w;
        double x[6], v[6] = {0}, om[6], radius[2] = {r, r}, masses[2] = {mass, mass}, inertia[2] = {hollow, 0.0};
        double s1[DEMC_CONTACT_STATE_MAX] = {0}, s2[DEMC_CONTACT_STATE_MAX] = {0}, force[3], ti[3], tj[3];
        int ii = 0, jj = 1, mismatches = 0, differs = 0;
        def.rolling = laws[l];
        def.mu_rolling = 0.1;
        def.rolling_damping_ratio = 0.3; /* EPSD's dashpot 2η_r√(I_r k_r) reads the inertia */
        m = compiled(&def);
        f = demc_contact_frame_sphere_sphere(&m, &a, &b);
        CHECK_REL(f.effective_inertia, hollow * solid / (hollow + solid), 1e-15);
        w.point = v3(0, 0, -0.999e-3), w.normal = v3(0, 0, 1), w.velocity = w.angular_velocity = v3(0, 0, 0);
        f = demc_contact_frame_sphere_wall(&m, &a, &w);
        CHECK_REL(f.effective_inertia, hollow, 1e-15);
        a.inertia = -1.0; /* not > 0: a solid sphere */
        f = demc_contact_frame_sphere_wall(&m, &a, &w);
        CHECK_REL(f.effective_inertia, solid, 1e-15);
        a.inertia = hollow;
        for (step = 0; step < 5; ++step) {
            demc_contact_batch bt = DEMC_CONTACT_BATCH_INIT;
            demc_contact_result rs, rsolid;
            double ssolid[DEMC_CONTACT_STATE_MAX];
            memcpy(ssolid, s1, sizeof ssolid);
            a.inertia = 0.0;
            rsolid = demc_contact_eval_sphere_sphere(&m, &a, &b, 1e-5, ssolid, NULL);
            a.inertia = hollow;
            rs = demc_contact_eval_sphere_sphere(&m, &a, &b, 1e-5, s1, NULL);
            differs += memcmp(&rs.torque_i, &rsolid.torque_i, sizeof rs.torque_i) != 0;
            x[0] = a.position.x, x[1] = a.position.y, x[2] = a.position.z;
            x[3] = b.position.x, x[4] = b.position.y, x[5] = b.position.z;
            om[0] = a.angular_velocity.x, om[1] = a.angular_velocity.y, om[2] = a.angular_velocity.z;
            om[3] = b.angular_velocity.x, om[4] = b.angular_velocity.y, om[5] = b.angular_velocity.z;
            bt.count = 1, bt.i = &ii, bt.j = &jj, bt.position = x, bt.velocity = v, bt.angular_velocity = om;
            bt.radius = radius, bt.mass = masses, bt.inertia = inertia, bt.vector_stride = 3, bt.scalar_stride = 1;
            bt.state = s2, bt.state_stride = DEMC_CONTACT_STATE_MAX, bt.force = force, bt.torque_i = ti;
            bt.torque_j = tj;
            CHECK(demc_contact_eval_batch(&m, &bt, 1e-5, NULL) == DEMC_OK);
            mismatches += memcmp(&rs.force.x, force, sizeof force) != 0 || memcmp(&rs.torque_i.x, ti, sizeof ti) != 0 ||
                          memcmp(&rs.torque_j.x, tj, sizeof tj) != 0 || memcmp(s1, s2, sizeof s1) != 0;
            a.angular_velocity = demc_vec3_scale(a.angular_velocity, 0.3); /* slowing: the CDT cap binds */
            b.angular_velocity = demc_vec3_scale(b.angular_velocity, 0.3);
        }
        if (!CHECK(mismatches == 0)) printf("    rolling law %d: %d steps differ from the single call\n", l, mismatches);
        if (!CHECK(differs > 0)) printf("    rolling law %d: the inertia changed nothing\n", l);
    }
}

/* R_i and R_j in the frame (R_j = 0 for a plane). */
static void the_frame_carries_both_radii(void)
{
    demc_contact_def def = described(DEMC_CONTACT_PRESET_HMD);
    const demc_contact_model m = compiled(&def);
    const demc_body a = sphere(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), 1e-3, 1e-5, 0.0);
    const demc_body b = sphere(v3(0, 0, 3.99e-3), v3(0, 0, 0), v3(0, 0, 0), 3e-3, 2e-5, 0.0);
    demc_wall w;
    demc_facet_triangle t;
    demc_facet_contact fc;
    demc_contact_frame f = demc_contact_frame_sphere_sphere(&m, &a, &b);
    CHECK(f.overlap > 0.0 && f.radius_i == 1e-3 && f.radius_j == 3e-3);
    f = demc_contact_frame_sphere_sphere(&m, &b, &a);
    CHECK(f.radius_i == 3e-3 && f.radius_j == 1e-3);
    w.point = v3(0, 0, -0.999e-3), w.normal = v3(0, 0, 1), w.velocity = w.angular_velocity = v3(0, 0, 0);
    f = demc_contact_frame_sphere_wall(&m, &a, &w);
    CHECK(f.overlap > 0.0 && f.radius_i == 1e-3 && f.radius_j == 0.0);
    t.vertex[0] = v3(-1, -1, -0.999e-3), t.vertex[1] = v3(1, -1, -0.999e-3), t.vertex[2] = v3(0, 1, -0.999e-3);
    t.velocity[0] = t.velocity[1] = t.velocity[2] = v3(0, 0, 0);
    fc = demc_facet_closest_point(&t, a.position);
    f = demc_contact_frame_sphere_facet(&m, &a, &t, &fc);
    CHECK(f.overlap > 0.0 && f.radius_i == 1e-3 && f.radius_j == 0.0);
}

int main(void)
{
    RUN(a_wrong_kind_gives_the_models_physics);
    RUN(a_foreign_model_is_refused);
    RUN(sized_structs_of_other_sizes);
    RUN(body_inertia_is_honoured);
    RUN(the_frame_carries_both_radii);
    return harness_finish("test_contract");
}
