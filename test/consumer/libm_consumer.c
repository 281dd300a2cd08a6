/* A host program that reaches libm only through libdemc (it calls no libm function itself): the damping ratio
 * from a restitution coefficient takes a logarithm inside the library, the Rayleigh time step a power or hypot.
 * Linked statically (libdemc.a) it needs libm after libdemc.a on the link line: the consumer checks build it with
 * the README's static commands and with the CMake target demc::demc_static. Exits 0 when the numbers are right. */
#include <stdio.h>

#include <demc.h>

int main(void)
{
    double gamma = 0.0, dt = 0.0;
    int v = demc_version_number();
    /* HM+D, overlap end rule: gamma = sqrt(5/6) (-ln e) / sqrt(pi^2 + ln^2 e) for e = 0.5, evaluated
     * independently in double precision. */
    const double gamma_ref = 0.19668147588043666;
    if (v / 1000000 != DEMC_VERSION_MAJOR || v < DEMC_VERSION_NUMBER) {
        printf("version: library %d cannot serve headers %d\n", v, DEMC_VERSION_NUMBER);
        return 1;
    }
    if (demc_damping_hmd_ratio(0.5, DEMC_CONTACT_END_OVERLAP, &gamma) != DEMC_OK
        || !(gamma > gamma_ref * (1.0 - 1e-12) && gamma < gamma_ref * (1.0 + 1e-12))) {
        printf("damping ratio for e = 0.5: %.17g, expected %.17g\n", gamma, gamma_ref);
        return 2;
    }
    /* Rayleigh step of a 1 mm glass bead (G = 30 GPa, nu = 0.25, rho = 2500 kg/m^3): about 0.99 microseconds. */
    if (demc_timestep_rayleigh(1e-3, 30e9, 0.25, 2500.0, &dt, NULL) != DEMC_OK || !(dt > 9.8e-7 && dt < 9.95e-7)) {
        printf("Rayleigh time step: %g s\n", dt);
        return 3;
    }
    printf("demc %s: damping ratio %.6f, Rayleigh step %.4g s\n", demc_version_string(), gamma, dt);
    return 0;
}
