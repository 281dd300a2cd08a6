/* Generator of the CSVs behind docs/pages/validation.md: runs the validation cases of test/support/cases.h on the
 * reference driver and writes their histories. Call: validation_figures <output directory>. */
#include <stdio.h>
#include <string.h>

#include "support/cases.h"

static FILE *open_csv(const char *dir, const char *name)
{
    char path[1024];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "w");
    if (!f) fprintf(stderr, "validation_figures: cannot write %s\n", path);
    return f;
}

/* 001 eq 51 and its integrals, sampled: x(t), rotation(t), v(t), ω(t). */
static void write_spin_analytic(FILE *f)
{
    double t_roll, v, w, t;
    int k;
    spin_analytic(0.0, &v, &w, &t_roll);
    fprintf(f, "t,x,rotation,v,omega\n");
    for (k = 0; k <= 50; ++k) {
        double te, x, rot, v0, w0;
        t = 0.1 * k;
        spin_analytic(0.0, &v0, &w0, NULL);
        spin_analytic(t, &v, &w, NULL);
        te = t < t_roll ? t : t_roll;
        x = 0.5 * (v0 + v) * te + v * (t - te); /* v(t) = v(te): constant after rolling starts */
        rot = 0.5 * (w0 + w) * te + w * (t - te);
        fprintf(f, "%.9g,%.9g,%.9g,%.9g,%.9g\n", t, x, rot, v, w);
    }
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "docs/figures";
    FILE *f;
    if (!(f = open_csv(dir, "validation_001_spin.csv"))) return 1;
    run_spinning_sphere(DRV_TRAPEZOIDAL, 1e-4, 5.0, 0.25, f, 100);
    fclose(f);
    if (!(f = open_csv(dir, "validation_001_spin_analytic.csv"))) return 1;
    write_spin_analytic(f);
    fclose(f);
    if (!(f = open_csv(dir, "validation_001_three.csv"))) return 1;
    run_three_spheres(DRV_TRAPEZOIDAL, 1e-4, 2.0, f, 20);
    fclose(f);
    return 0;
}
