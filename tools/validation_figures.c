/* Generator of the CSVs behind docs/pages/validation.md: runs the validation cases of test/support/cases.h on the
 * reference driver and writes their histories. Call: validation_figures <output directory>. */
#include <math.h>
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

/* 002 Fig. 11: measured against desired normal restitution, head-on, LS+D and HM+D with demc's exact force-end
 * maps, PLS(B), and LS+D with Schäfer's γ (002 eq 6). */
static void write_restitution(FILE *f)
{
    int k;
    fprintf(f, "e,lsd_exact,hmd_exact,plsb,lsd_schafer\n");
    for (k = 1; k <= 20; ++k) {
        const double e = 0.05 * k, pi = 3.14159265358979323846;
        double g_lsd = 0.0, g_hmd = 0.0, schafer = -log(e) / sqrt(pi * pi + log(e) * log(e));
        demc_lsd_damping_ratio(e, DEMC_CONTACT_END_FORCE, &g_lsd);
        demc_hmd_damping_ratio(e, DEMC_CONTACT_END_FORCE, &g_hmd);
        fprintf(f, "%.4g,%.6f,%.6f,%.6f,%.6f\n", e, head_on_restitution002(N002_LSD, e, g_lsd, 1600),
                head_on_restitution002(N002_HMD, e, g_hmd, 1600), head_on_restitution002(N002_PLSB, e, 0.0, 1600),
                head_on_restitution002(N002_LSD, e, schafer, 1600));
    }
}

/* 002 Fig. 2-4: Ψ against Θ for one model at e = 0.9, 0.5, 0.25, θ_i = 1…45°. */
static void write_psi(FILE *f, normal002_model model)
{
    const double es[3] = {0.9, 0.5, 0.25};
    int a, k;
    fprintf(f, "theta_i,Theta_0.9,Psi_0.9,Theta_0.5,Psi_0.5,Theta_0.25,Psi_0.25\n");
    for (a = 1; a <= 45; ++a) {
        fprintf(f, "%d", a);
        for (k = 0; k < 3; ++k) {
            oblique_result r = oblique002(model, es[k], -1.0, a, 400, NULL);
            fprintf(f, ",%.6f,%.6f", r.theta, r.psi);
        }
        fprintf(f, "\n");
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
    if (!(f = open_csv(dir, "validation_002_lsd.csv"))) return 1;
    write_psi(f, N002_LSD);
    fclose(f);
    if (!(f = open_csv(dir, "validation_002_hmd.csv"))) return 1;
    write_psi(f, N002_HMD);
    fclose(f);
    if (!(f = open_csv(dir, "validation_002_plsb.csv"))) return 1;
    write_psi(f, N002_PLSB);
    fclose(f);
    if (!(f = open_csv(dir, "validation_002_restitution.csv"))) return 1;
    write_restitution(f);
    fclose(f);
    return 0;
}
