/* The deviation tables of the page "Liquid bridges" (docs/pages/capillary.md): the Willett fit and simple form of
 * capillary.h against the exact constant-volume Young–Laplace bridge of test/support/young_laplace.h (equal spheres,
 * R = γ = 1, and a sphere against a plane), and Lian's rupture distance against the end of the exact stable branch.
 * Build (about 40 s of run time):
 *   cc -std=c99 -O2 -Iinclude -Itest -DDEMC_HEADER_ONLY tools/capillary_table.c test/support/ode.c -lm -o capillary_table
 *   ./capillary_table            (two equal spheres)
 *   ./capillary_table wall       (a sphere against a wall, R_h = 2R) */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "demc.h"
#include "support/young_laplace.h"

int main(int argc, char **argv)
{
    const int wall = argc > 1 && strcmp(argv[1], "wall") == 0;
    const double pi = 3.14159265358979323846;
    const double vols[5] = {1e-5, 1e-4, 1e-3, 1e-2, 0.2}, thetas[4] = {0, 20, 40, 50};
    const double fr[6] = {0.0, 0.1, 0.25, 0.5, 0.75, 0.9};
    int a, b, k;
    printf("%s; deviations of the library from the exact bridge, %%\n", wall ? "sphere-wall" : "equal spheres");
    for (a = 0; a < 4; ++a)
        for (b = 0; b < 5; ++b) {
            const double th = thetas[a] * pi / 180, V = vols[b], sc = (1 + th / 2) * cbrt(V);
            yl_problem prob;
            yl_path path;
            demc_capillary_params fit;
            const demc_capillary_params sim =
                demc_capillary_make(1, th, V, 1, wall ? 0 : 1, DEMC_CAPILLARY_WILLETT_SIMPLE);
            int have_fit;
            if (wall && th == 0.0) continue; /* the tangential touch of the plane: not handled by the shooting */
            memset(&prob, 0, sizeof prob);
            prob.radius = 1.0;
            prob.theta_s = th;
            prob.theta_p = wall ? th : pi / 2;
            have_fit = demc_capillary_init(1, th, V, 1, wall ? 0 : 1, DEMC_CAPILLARY_WILLETT_FIT, &fit, NULL) == DEMC_OK;
            {
                const double exact = wall ? yl_rupture_gap(&prob, V, 2.0) : 2 * yl_rupture_gap(&prob, V / 2, 2.0);
                printf("theta %2.0f deg  V/R^3 %-6g exact rupture %.5f  Lian %+6.1f %%\n", thetas[a], V, exact,
                       100 * (sc / exact - 1));
            }
            if (!yl_path_start(&path, &prob, wall ? V : V / 2)) continue;
            for (k = 0; k < 6; ++k) {
                const double s = fr[k] * sc;
                yl_bridge_result r;
                if (!yl_path_move(&path, wall ? s : s / 2)) { printf("   S/S_c %.2f  ruptured\n", fr[k]); break; }
                r = yl_path_bridge(&path);
                printf("   S/S_c %.2f  F/(2 pi R_h gamma) %.6f  fit %s%+7.2f  simple %+7.2f\n", fr[k],
                       r.force / (2 * pi * (wall ? 2 : 1)), have_fit ? "" : "(outside) ",
                       have_fit ? 100 * (-demc_capillary_force(&fit, -s) / r.force - 1) : 0.0,
                       100 * (-demc_capillary_force(&sim, -s) / r.force - 1));
            }
        }
    return 0;
}
