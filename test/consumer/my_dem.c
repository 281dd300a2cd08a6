/* The program "my_dem.c" (and, compiled as C++, "my_dem.cpp") of the README's and the docs' build lines
 * (test/check_build_lines.sh runs each line as written on it). Like a host code it calls libm itself (sqrt of a
 * run-time value: a build line without -lm fails to link it), checks the library's version and evaluates one
 * contact with the default model. Exits 0 when the force pushes body i back. */
#include <math.h>
#include <stdio.h>
#include <demc.h>

int main(int argc, char **argv)
{
    demc_material glass = demc_material_make(63e9, 0.23, 2500.0);
    demc_contact_def def = demc_contact_def_default();
    demc_contact_model model;
    double state[DEMC_CONTACT_STATE_MAX] = {0};
    demc_body a = {{0, 0, 0}, {0.1, 0, 0}, {0, 0, 0}, 1e-3, 1.05e-5, 0};
    demc_body b = {{1.999e-3, 0, 0}, {-0.1, 0, 0}, {0, 0, 0}, 1e-3, 1.05e-5, 0};
    const char *bad = NULL;
    const double speed = sqrt(0.02 * (double)argc); /* the host's own libm call: 0.1414... m/s */
    int v = demc_version_number();
    (void)argv;
    if (v / 1000000 != DEMC_VERSION_MAJOR || v < DEMC_VERSION_NUMBER) return 1;
    a.velocity.x = speed;
    b.velocity.x = -speed;
    if (demc_material_moduli_init(&glass, &glass, DEMC_SHEAR_MINDLIN, &def.moduli, &bad) != DEMC_OK ||
        demc_contact_model_init(&def, &model, &bad) != DEMC_OK) {
        fprintf(stderr, "setup failed at %s\n", bad);
        return 2;
    }
    {
        demc_contact_result r = demc_contact_eval_sphere_sphere(&model, &a, &b, 1e-8, state, NULL);
        printf("my_dem: overlap %.3g m, force on i %.4g N\n", r.overlap, r.force.x);
        return r.force.x < 0.0 ? 0 : 3;
    }
}
