/* Generator of the figures of docs/pages/sliding.md ([Balevičius 2014] Fig. 7, 8, 10, 11 and 15) from the library.
 * Usage: sliding_figures OUTDIR  — writes OUTDIR/sliding_restitution.csv, sliding_contact_time.csv and
 * sliding_force_control.csv. Parameters of [Balevičius 2014]: k_n = 1 N/m^1.5, R = 1 m, mu = 0.6, m = 1 kg, y0/R = 0.86
 * (h0 = 0.28 m), eccentric paths k = 0.3 and 0.8; force control Q = 1 N. */
#include <stdio.h>
#include <string.h>

#include "demc.h"
#include "demc/analysis.h"

static FILE *open_csv(const char *dir, const char *name)
{
    char path[1024];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "w");
    if (!f) fprintf(stderr, "sliding_figures: cannot write %s\n", path);
    return f;
}

/* One row per entry velocity: for the line and the two eccentric paths, e_s and t_c accurate and as published. */
static int displacement_control(const char *dir)
{
    demc_sliding_path paths[3];
    FILE *fe = open_csv(dir, "sliding_restitution.csv"), *ft = open_csv(dir, "sliding_contact_time.csv");
    int i, j;
    if (!fe || !ft) return 1;
    if (demc_sliding_path_init_linear(1.0, 1.0, 0.6, 1.0, 0.28, &paths[0], NULL) != DEMC_OK ||
        demc_sliding_path_init_eccentric(1.0, 1.0, 0.6, 1.0, 0.28, 0.8, &paths[1], NULL) != DEMC_OK ||
        demc_sliding_path_init_eccentric(1.0, 1.0, 0.6, 1.0, 0.28, 0.3, &paths[2], NULL) != DEMC_OK)
        return 1;
    fprintf(fe, "# v0 [m/s]; e_s (accurate, paper eq 20/35) for: line, eccentric k=0.8, eccentric k=0.3\n");
    fprintf(ft, "# v0 [m/s]; t_c [s] (accurate, paper eq 25) for: line, eccentric k=0.8, eccentric k=0.3;"
                " empty when the sphere stops\n");
    for (i = 0; i <= 300; ++i) {
        double v0 = 0.01 * i + 0.005;
        fprintf(fe, "%.6g", v0);
        fprintf(ft, "%.6g", v0);
        for (j = 0; j < 3; ++j) {
            demc_sliding_result r;
            demc_status st = demc_sliding_impact(&paths[j], v0, &r);
            if (st != DEMC_OK) fprintf(stderr, "sliding_figures: v0 %g path %d: %s\n", v0, j, demc_status_str(st));
            fprintf(fe, ",%.10g,%.10g", r.restitution, r.restitution_paper);
            if (r.outcome == DEMC_SLIDING_SEPARATES)
                fprintf(ft, ",%.10g,%.10g", r.contact_time, r.contact_time_paper);
            else
                fprintf(ft, ",,");
        }
        fprintf(fe, "\n");
        fprintf(ft, "\n");
    }
    fclose(fe);
    fclose(ft);
    return 0;
}

/* Contact time of force-controlled rigid spheres against T0/T_mu (Fig. 15): system 38 and eq 47. */
static int force_control(const char *dir)
{
    FILE *f = open_csv(dir, "sliding_force_control.csv");
    double t_static = 0.0;
    int i;
    if (!f) return 1;
    if (demc_sliding_fc_threshold(0.6, 1.0, 0.86, &t_static, NULL) != DEMC_OK) return 1; /* T_mu */
    fprintf(f, "# T0/T_mu; s_c [m]; v_c [m/s]; t_c accurate [s]; t_c eq 47 [s]  (Q = 1 N, R = 1 m, mu = 0.6)\n");
    for (i = 1; i <= 200; ++i) {
        double ratio = 1.0 + 0.02 * i;
        demc_sliding_fc g;
        demc_sliding_fc_result r;
        if (demc_sliding_fc_init(1.0, 0.6, 1.0, 1.0, ratio * t_static, 0.86, &g, NULL) != DEMC_OK ||
            demc_sliding_fc_solve(&g, &r) != DEMC_OK)
            return 1;
        fprintf(f, "%.6g,%.10g,%.10g,%.10g,%.10g\n", ratio, r.s_c, r.v_c, r.contact_time, r.contact_time_eq47);
    }
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    if (displacement_control(dir) || force_control(dir)) return 1;
    return 0;
}
