/* The first contact: two glass beads pressed together, the default model (HM+D), one evaluation.
 * Build: cc first_contact.c $(pkg-config --cflags --libs demc) -o first_contact && ./first_contact */
#include <stdio.h>
#include <demc.h>

int main(void)
{
    demc_material glass = demc_material_make(63e9, 0.23, 2500.0); /* E (Pa), Poisson ratio, density (kg/m^3) */
    demc_contact_def def = demc_contact_def_default();              /* HM+D: Hertz, Mindlin, dashpots */
    demc_contact_model model;
    double state[DEMC_CONTACT_STATE_MAX] = {0};                     /* the contact's history: zero = new */
    demc_body a = {{0, 0, 0}, {0.1, 0, 0}, {0, 0, 0}, 1e-3, 1.05e-5, 0}; /* position, velocity, spin, R, mass, inertia (0: solid) */
    demc_body b = {{1.999e-3, 0, 0}, {-0.1, 0, 0}, {0, 0, 0}, 1e-3, 1.05e-5, 0};
    const char *bad = NULL;
    def.restitution = 0.8;                                          /* the dashpot follows from it */
    def.friction.mu_static = def.friction.mu_dynamic = 0.3;
    if (demc_material_moduli_init(&glass, &glass, DEMC_SHEAR_MINDLIN, &def.moduli, &bad) != DEMC_OK ||
        demc_contact_model_init(&def, &model, &bad) != DEMC_OK) {
        fprintf(stderr, "setup failed at %s\n", bad);
        return 1;
    }
    {
        demc_contact_frame frame = demc_contact_frame_sphere_sphere(&model, &a, &b);
        demc_contact_result r = demc_contact_eval(&model, &frame, 1e-8, state, NULL);
        printf("overlap %.3g m, force on a (%.4g, %.4g, %.4g) N\n", r.overlap, r.force.x, r.force.y, r.force.z);
        return r.force.x < 0.0 ? 0 : 1; /* a is pushed back, away from b */
    }
}
