/* The C results the Fortran and Python faces must reproduce bit for bit: one "key value" line per number
 * (%.17g, which reads back to the same double) or string. test/faces/test_fortran.f90 and test/faces/test_python.py
 * compute the same keys through their face; every key of this file must be matched exactly.
 * The scenario: two materials -> moduli -> HM+D description -> model; three steps of one sphere-sphere contact
 * with the energy terms; a batch of three sphere-sphere contacts in LAMMPS's layout (x[n][3], radius[n]) with the
 * per-contact outputs and the per-body accumulators, two steps; the same spheres against a wall, one step; a restitution map, a time step, and a
 * rejected description (status and bad_field). */
#include <stdio.h>
#include <string.h>
#include <demc.h>

static void put(const char *key, double v) { printf("%s %.17g\n", key, v); }
static void put3(const char *key, const double *v)
{
    char k[64];
    int c;
    for (c = 0; c < 3; ++c) {
        sprintf(k, "%s.%d", key, c);
        put(k, v[c]);
    }
}
static void putv(const char *key, demc_vec3 v) { double a[3]; a[0] = v.x; a[1] = v.y; a[2] = v.z; put3(key, a); }

int main(void)
{
    const char *bad = NULL;
    demc_material glass = demc_material_make(6.3e10, 0.23, 2500.0);
    demc_material steel = demc_material_make(2.1e11, 0.29, 7800.0);
    demc_moduli moduli;
    demc_contact_def def;
    demc_contact_model model;
    demc_body bi, bj;
    demc_contact_frame frame;
    demc_contact_result r;
    demc_contact_diag diag = DEMC_CONTACT_DIAG_INIT;
    double state[DEMC_CONTACT_STATE_MAX] = {0};
    double gamma = 0.0, e = 0.0, dt_r = 0.0;
    const double dt = 1e-6;
    int step, k, q;
    char key[64];
    demc_status st;

    /* Setup. */
    if (demc_material_moduli_init(&glass, &steel, DEMC_SHEAR_MINDLIN, &moduli, &bad) != DEMC_OK) return 1;
    put("moduli.effective_modulus", moduli.effective_modulus);
    put("moduli.effective_shear_modulus", moduli.effective_shear_modulus);
    put("moduli.compliance_asymmetry", moduli.compliance_asymmetry);
    if (demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof def, &def, &bad) != DEMC_OK) return 1;
    def.moduli = moduli;
    def.restitution = 0.7;
    def.friction.mu_static = 0.5;
    def.friction.mu_dynamic = 0.4;
    if (demc_contact_model_init(&def, &model, &bad) != DEMC_OK) return 1;
    put("model.kind", (double)demc_contact_model_kind(&model));
    put("model.state_size", (double)demc_contact_model_state_size(&model));

    /* One contact, three steps, energy terms on. */
    memset(&bi, 0, sizeof bi);
    memset(&bj, 0, sizeof bj);
    bi.position = demc_vec3_make(0.0, 0.0, 1.99e-3);
    bi.velocity = demc_vec3_make(0.05, -0.02, -0.3);
    bi.angular_velocity = demc_vec3_make(1.0, 2.0, -3.0);
    bi.radius = 1e-3;
    bi.mass = 1.05e-5;
    bi.inertia = 0.0;
    bj.position = demc_vec3_make(1e-5, 0.0, 0.0);
    bj.velocity = demc_vec3_make(0.0, 0.01, 0.1);
    bj.angular_velocity = demc_vec3_make(-2.0, 0.5, 0.0);
    bj.radius = 1e-3;
    bj.mass = 3.3e-5;
    bj.inertia = 0.0;
    for (step = 0; step < 3; ++step) {
        frame = demc_contact_frame_sphere_sphere(&model, &bi, &bj);
        r = demc_contact_eval(&model, &frame, dt, state, &diag);
        sprintf(key, "single.%d.force", step); putv(key, r.force);
        sprintf(key, "single.%d.torque_i", step); putv(key, r.torque_i);
        sprintf(key, "single.%d.torque_j", step); putv(key, r.torque_j);
        sprintf(key, "single.%d.overlap", step); put(key, r.overlap);
        sprintf(key, "single.%d.normal_force", step); put(key, r.normal_force);
        sprintf(key, "single.%d.normal_energy", step); put(key, diag.normal_energy);
        sprintf(key, "single.%d.tangential_energy", step); put(key, diag.tangential_energy);
        sprintf(key, "single.%d.viscous_dissipation", step); put(key, diag.viscous_dissipation);
        bi.position = demc_vec3_add_scaled(bi.position, dt, bi.velocity);
        bj.position = demc_vec3_add_scaled(bj.position, dt, bj.velocity);
    }
    for (k = 0; k < (int)demc_contact_model_state_size(&model); ++k) {
        sprintf(key, "single.state.%d", k);
        put(key, state[k]);
    }
    /* The one-call evaluation at the last positions, from a new contact's state. */
    {
        double fresh[DEMC_CONTACT_STATE_MAX] = {0};
        r = demc_contact_eval_sphere_sphere(&model, &bi, &bj, dt, fresh, NULL);
        putv("combined.force", r.force);
        putv("combined.torque_j", r.torque_j);
        put("combined.state.3", fresh[3]);
    }

    /* A batch: four spheres in a row along x, contacts 0-1, 1-2, 2-3 (LAMMPS layout). */
    {
        double x[4][3], v[4][3], w[4][3], radius[4], mass[4];
        double states[4 * DEMC_CONTACT_STATE_MAX];
        double force[3][3], ti[3][3], tj[3][3], bf[4][3], bt[4][3];
        int ii[3] = {0, 1, 2}, jj[3] = {1, 2, 3};
        demc_contact_batch batch = DEMC_CONTACT_BATCH_INIT;
        demc_wall wall;
        for (k = 0; k < 4; ++k) {
            radius[k] = 1e-3 * (1.0 + 0.1 * k);
            mass[k] = 1e-5 * (1.0 + 0.2 * k);
            x[k][0] = k == 0 ? 0.0 : x[k - 1][0] + radius[k - 1] + radius[k] - 5e-6 * k;
            x[k][1] = 1e-6 * k;
            x[k][2] = radius[k] - 2e-6 * (k + 1);
            v[k][0] = 0.1 * (k % 2 ? -1.0 : 1.0);
            v[k][1] = 0.01 * k;
            v[k][2] = -0.05;
            w[k][0] = 0.5 * k;
            w[k][1] = -1.0;
            w[k][2] = 2.0 - k;
        }
        memset(states, 0, sizeof states);
        memset(bf, 0, sizeof bf);
        memset(bt, 0, sizeof bt);
        batch.count = 3;
        batch.i = ii;
        batch.j = jj;
        batch.position = &x[0][0];
        batch.velocity = &v[0][0];
        batch.angular_velocity = &w[0][0];
        batch.radius = radius;
        batch.mass = mass;
        batch.vector_stride = 3;
        batch.scalar_stride = 1;
        batch.state = states;
        batch.state_stride = DEMC_CONTACT_STATE_MAX;
        batch.force = &force[0][0];
        batch.torque_i = &ti[0][0];
        batch.torque_j = &tj[0][0];
        batch.body_force = &bf[0][0];
        batch.body_torque = &bt[0][0];
        for (step = 0; step < 2; ++step)
            if (demc_contact_eval_batch(&model, &batch, dt, &bad) != DEMC_OK) return 1;
        for (q = 0; q < 3; ++q) {
            sprintf(key, "batch.%d.force", q); put3(key, force[q]);
            sprintf(key, "batch.%d.torque_i", q); put3(key, ti[q]);
            sprintf(key, "batch.%d.torque_j", q); put3(key, tj[q]);
            sprintf(key, "batch.%d.state.3", q); put(key, states[q * DEMC_CONTACT_STATE_MAX + 3]);
        }
        for (k = 0; k < 4; ++k) {
            sprintf(key, "batch.body_force.%d", k); put3(key, bf[k]);
            sprintf(key, "batch.body_torque.%d", k); put3(key, bt[k]);
        }
        /* The same spheres against the floor z = 0 (each touches it), one step. */
        memset(&wall, 0, sizeof wall);
        wall.normal = demc_vec3_make(0.0, 0.0, 1.0);
        wall.velocity = demc_vec3_make(0.01, 0.0, 0.0);
        memset(states, 0, sizeof states);
        memset(bf, 0, sizeof bf);
        memset(bt, 0, sizeof bt);
        {
            int iw[4] = {0, 1, 2, 3};
            batch.count = 4;
            batch.i = iw;
            batch.j = NULL;
            batch.force = NULL;
            batch.torque_i = NULL;
            batch.torque_j = NULL;
            if (demc_contact_eval_batch_wall(&model, &batch, &wall, dt, &bad) != DEMC_OK) return 1;
        }
        for (k = 0; k < 4; ++k) {
            sprintf(key, "wall.body_force.%d", k); put3(key, bf[k]);
            sprintf(key, "wall.body_torque.%d", k); put3(key, bt[k]);
        }
    }

    /* A restitution map, its inverse, a time step. */
    if (demc_damping_hmd_ratio(0.7, DEMC_CONTACT_END_FORCE, &gamma) != DEMC_OK) return 1;
    put("damping.hmd_ratio", gamma);
    if (demc_damping_lsd_restitution(0.3, DEMC_CONTACT_END_OVERLAP, &e) != DEMC_OK) return 1;
    put("damping.lsd_restitution", e);
    if (demc_timestep_rayleigh(1e-3, 2.6e10, 0.23, 2500.0, &dt_r, &bad) != DEMC_OK) return 1;
    put("timestep.rayleigh", dt_r);

    /* A rejected description: nothing written, the status and the field named. */
    def.restitution = 1.5;
    st = demc_contact_model_init(&def, &model, &bad);
    put("error.status", (double)st);
    printf("error.bad_field %s\n", bad ? bad : "(null)");
    return 0;
}
