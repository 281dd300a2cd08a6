/**
 * @example demo.c
 * The demonstration program of `make demo`: it links libdemc the way a host DEM code does, checks that the
 * library it loaded matches the headers it was compiled with, and prints what a DEM user sets a run up with.
 */
#include <stdio.h>

#include <demc.h>

/* Effective properties of two glass beads (radius 1 mm) and of a bead on a rigid wall, and the analytic Hertz
 * impact at 1 m/s (material.h, normal.h). */
static void demo_normal(void)
{
    demc_material glass = demc_material_make(63e9, 0.23, 2500.0); /* soda-lime glass: E (Pa), nu, rho (kg/m^3) */
    const double radius = 1e-3, speed = 1.0;
    const char *bad = NULL;
    demc_pair pairs[2];
    const char *names[2] = {"glass bead on glass bead", "glass bead on rigid wall"};
    int k;
    demc_status s = demc_pair_sphere_sphere(&pairs[0], &glass, radius, &glass, radius, DEMC_SHEAR_MINDLIN, &bad);
    if (s == DEMC_OK) s = demc_pair_sphere_wall(&pairs[1], &glass, radius, NULL, DEMC_SHEAR_MINDLIN, &bad);
    if (s != DEMC_OK) {
        printf("pair setup failed: %s (%s)\n", demc_status_str(s), bad ? bad : "?");
        return;
    }
    printf("\nHertz normal impact, R = %g mm, E = %g GPa, nu = %g, rho = %g kg/m^3, v = %g m/s\n", radius * 1e3,
           glass.youngs_modulus * 1e-9, glass.poisson_ratio, glass.density, speed);
    for (k = 0; k < 2; ++k) {
        demc_hertz_impact a;
        if (demc_hertz_impact_solve(&pairs[k], speed, &a, &bad) != DEMC_OK) continue;
        printf("  %s:\n", names[k]);
        printf("    E* = %.4g GPa, G* (Mindlin) = %.4g GPa, R* = %.4g mm, m* = %.4g mg\n",
               pairs[k].effective_modulus * 1e-9, pairs[k].effective_shear_modulus * 1e-9,
               pairs[k].effective_radius * 1e3, pairs[k].effective_mass * 1e6);
        printf("    max overlap %.4g um, max force %.4g N, contact radius %.4g um\n", a.max_overlap * 1e6,
               a.max_force, a.contact_radius * 1e6);
        printf("    contact duration %.4g us, peak force at %.4g us\n", a.duration * 1e6,
               a.time_of_max_force * 1e6);
    }
}

int main(void)
{
    /* A host code checks at start-up that the shared library it loaded is the one its headers describe. */
    if (demc_version_number() != DEMC_VERSION_NUMBER) {
        fprintf(stderr, "demc: header %d but library %d\n", DEMC_VERSION_NUMBER, demc_version_number());
        return 1;
    }
    printf("demc %s (version number %d)\n", demc_version_string(), demc_version_number());
    printf("library build: %s\n", demc_build_info());
    demo_normal();
    return 0;
}
