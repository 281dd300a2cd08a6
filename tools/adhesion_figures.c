/* Generator of the figure of docs/pages/adhesion.md: the JKR force–overlap loop in the units of the pull-off force
 * F_c = (3/2)πwR* and the jump-off distance |δ_c|, from the library's kernels (header-only): both branches of
 * the JKR curve parametrised by the contact radius, the path that displacement control follows (approach with no
 * force to touch, snap-in, retraction down to the jump-off), and for comparison Hertz and DMT with the same w.
 * Writes adhesion_jkr_branches.csv and adhesion_jkr_loop.csv.
 * Usage: adhesion_figures OUTPUT_DIR   (run by tools/adhesion_figures.sh) */
#include <stdio.h>

#include <demc.h>

int main(int argc, char **argv)
{
    const double e = 1e6, r = 1e-2, w = 0.05; /* soft rubber-like spheres; the curves are universal */
    const char *dir = argc > 1 ? argv[1] : "docs/figures";
    char path[1024];
    FILE *f;
    demc_adhesion_jkr_params p;
    demc_adhesion_dmt_params d;
    demc_adhesion_state st = DEMC_ADHESION_STATE_INIT;
    double dc, fc, ac, a, x;
    int k;
    if (demc_adhesion_jkr_init(e, r, w, &p, NULL) != DEMC_OK || demc_adhesion_dmt_init(e, r, w, &d, NULL) != DEMC_OK)
        return 1;
    dc = demc_adhesion_jkr_pulloff_distance(&p); /* |δ_c| */
    fc = p.pulloff_force;
    ac = demc_adhesion_jkr_radius(&p, -dc);
    snprintf(path, sizeof path, "%s/adhesion_jkr_branches.csv", dir);
    if (!(f = fopen(path, "w"))) return 1;
    fprintf(f, "# JKR, E* = %g Pa, R* = %g m, w = %g J/m^2: F_c = %.6g N, |delta_c| = %.6g m, a_c = %.6g m\n", e, r,
            w, fc, dc, ac);
    fprintf(f, "# a/a_c, delta/|delta_c|, F/F_c (JKR), branch (1 stable, 0 unstable), F/F_c Hertz, F/F_c DMT\n");
    for (k = 0; k <= 600; ++k) {
        double delta, fh;
        demc_adhesion_result rd;
        a = ac * (k <= 200 ? k / 200.0 : 1.0 + (k - 200) * 0.01);
        delta = demc_adhesion_jkr_overlap(&p, a);
        fh = delta > 0 ? p.prefactor * delta * sqrt(delta) : 0.0;
        rd = demc_adhesion_dmt_force(&d, delta);
        fprintf(f, "%.10g,%.10g,%.10g,%d,%.10g,%.10g\n", a / ac, delta / dc, demc_adhesion_jkr_load(&p, a) / fc,
                a >= ac, fh / fc, rd.contact ? rd.force / fc : 0.0);
        if (delta > 3 * dc) break;
    }
    fclose(f);
    snprintf(path, sizeof path, "%s/adhesion_jkr_loop.csv", dir);
    if (!(f = fopen(path, "w"))) return 1;
    fprintf(f, "# displacement control through demc_adhesion_jkr_update: delta/|delta_c|, F/F_c, neck (0/1)\n");
    for (k = 0; k <= 1200; ++k) { /* approach from -1.5 |δ_c| to 3 |δ_c|, then retract to -1.5 |δ_c| */
        demc_adhesion_result res;
        x = k <= 600 ? -1.5 + 4.5 * k / 600.0 : 3.0 - 4.5 * (k - 600) / 600.0;
        res = demc_adhesion_jkr_update(&p, x * dc, &st);
        fprintf(f, "%.10g,%.10g,%d\n", x, res.force / fc, res.contact);
    }
    fclose(f);
    return 0;
}
