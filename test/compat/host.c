/* A host of the compatibility test (test/compat_next_minor.sh): built against one version's headers, run against
 * another's library. It describes a model with every 1.0 slot in use, evaluates sphere pairs and a wall through the
 * single calls with a diag and through the batch with accumulators over a few steps, and prints every result in
 * hexadecimal floating point, so that two runs compare bit for bit. With DEMC_COMPAT_SET_NEW (a host built against
 * the "next minor" headers, whose appended fields it sets), it prints what the library answers instead. */
#include <stdio.h>
#include <string.h>

#include "demc.h"

static void put(const char *what, const double *v, size_t n)
{
    size_t k;
    printf("%s", what);
    for (k = 0; k < n; ++k) printf(" %a", v[k]);
    printf("\n");
}

static void put_result(const char *what, const demc_contact_result *r)
{
    put(what, &r->force.x, 3), put(" ti", &r->torque_i.x, 3), put(" tj", &r->torque_j.x, 3);
    put(" on", &r->overlap, 2);
}

static demc_body sphere(double x, double z, double vx, double vz, double w)
{
    demc_body b;
    memset(&b, 0, sizeof b);
    b.position = demc_vec3_make(x, 0.0, z);
    b.velocity = demc_vec3_make(vx, 0.0, vz);
    b.angular_velocity = demc_vec3_make(w, 2.0 * w, -w);
    b.radius = 1e-3;
    b.mass = 1e-5;
    return b;
}

int main(void)
{
    demc_contact_def def = demc_contact_def_default();
    demc_material glass = demc_material_make(7e10, 0.25, 2500.0);
    demc_contact_model model;
    const char *bad = NULL;
    demc_status s;
    double state[4][DEMC_CONTACT_STATE_MAX];
    int step, q;
    demc_material_moduli_init(&glass, &glass, DEMC_SHEAR_MINDLIN, &def.moduli, NULL);
    def.restitution = 0.7;
    def.friction.mu_static = def.friction.mu_dynamic = 0.4;
    def.rolling = DEMC_ROLLING_EPSD;
    def.mu_rolling = 0.05;
    def.rolling_damping_ratio = 0.3;
    def.twisting = DEMC_TWISTING_SDS;
    def.twisting_stiffness = 1e-3;
    def.twisting_damping = 1e-7;
    def.mu_twisting = 1e-4;
#ifdef DEMC_COMPAT_SET_NEW
    {
        demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
        double dummy = 0.0;
        def.next_minor_option = 1.0; /* an option the older library does not have */
        s = demc_contact_model_init(&def, &model, &bad);
        printf("def with the new field set: status %d, bad field %s\n", (int)s, bad ? bad : "(none)");
        def.next_minor_option = 0.0;
        s = demc_contact_model_init(&def, &model, &bad);
        printf("def with the new field zero: status %d\n", (int)s);
        b.next_minor_array = &dummy;
        s = demc_contact_eval_batch(&model, &b, 1e-7, &bad);
        printf("batch with the new field set: status %d, bad field %s\n", (int)s, bad ? bad : "(none)");
        return 0;
    }
#endif
    if ((s = demc_contact_model_init(&def, &model, &bad)) != DEMC_OK) {
        printf("model_init failed: status %d, bad field %s\n", (int)s, bad ? bad : "(none)");
        return 1;
    }
    printf("state size %u kind-equal %d\n", (unsigned)demc_contact_model_state_size(&model),
           demc_contact_model_kind(&model) == demc_contact_model_kind(&model));
    memset(state, 0, sizeof state);
    for (step = 0; step < 6; ++step) { /* two spheres and a sphere against a wall, single calls with a diag */
        const double gap = -2e-6 + 4e-7 * step;
        demc_body a = sphere(0.0, 0.0, 0.1, -0.2, 30.0), b = sphere(2e-4, 2e-3 + gap, -0.1, 0.3, -20.0);
        demc_wall wall;
        demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
        demc_contact_result r = demc_contact_eval_sphere_sphere(&model, &a, &b, 1e-7, state[0], &d);
        put_result("pair", &r), put(" diag", &d.normal_energy, 6), put(" diag2", &d.adhesion_dissipation, 7);
        wall.point = demc_vec3_make(0.0, 0.0, -1e-3 - gap);
        wall.normal = demc_vec3_make(0.0, 0.0, 1.0);
        wall.velocity = demc_vec3_make(0.05, 0.0, 0.0);
        wall.angular_velocity = demc_vec3_make(0.0, 0.0, 0.0);
        r = demc_contact_eval_sphere_wall(&model, &a, &wall, 1e-7, state[1], &d);
        put_result("wall", &r), put(" diag", &d.normal_energy, 6);
    }
    for (step = 0; step < 6; ++step) { /* a batch of three contacts with accumulators, LAMMPS layout */
        double x[9], v[9], w[9], radius[3] = {1e-3, 1.2e-3, 0.9e-3}, mass[3] = {1e-5, 1.5e-5, 0.8e-5};
        double force[9], ti[9], tj[9], bf[9], bt[9];
        int ii[3] = {0, 0, 1}, jj[3] = {1, 2, 2};
        demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
        static double states[3][DEMC_CONTACT_STATE_MAX];
        for (q = 0; q < 9; ++q) {
            x[q] = 1e-3 * (double)((q * 7) % 5) * 0.45 - 1e-6 * step;
            v[q] = 0.01 * (double)(q % 4) - 0.015;
            w[q] = 5.0 * (double)(q % 3) - 4.0;
        }
        memset(bf, 0, sizeof bf), memset(bt, 0, sizeof bt);
        b.count = 3, b.i = ii, b.j = jj;
        b.position = x, b.velocity = v, b.angular_velocity = w, b.radius = radius, b.mass = mass;
        b.vector_stride = 3, b.scalar_stride = 1;
        b.state = &states[0][0], b.state_stride = DEMC_CONTACT_STATE_MAX;
        b.force = force, b.torque_i = ti, b.torque_j = tj, b.body_force = bf, b.body_torque = bt;
        if ((s = demc_contact_eval_batch(&model, &b, 1e-7, &bad)) != DEMC_OK) {
            printf("batch failed: status %d, bad field %s\n", (int)s, bad ? bad : "(none)");
            return 1;
        }
        put("batch force", force, 9), put(" ti", ti, 9), put(" tj", tj, 9), put(" bf", bf, 9), put(" bt", bt, 9);
    }
    return 0;
}
