/* Generator of the CSVs behind docs/pages/validation.md: runs the validation cases of test/support/cases.h on the
 * reference driver and writes their histories. Call: validation_figures <output directory>. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "support/cases.h"
#include "support/library_laws.h"

static FILE *open_csv(const char *dir, const char *name)
{
    char path[1024];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "w");
    if (!f) fprintf(stderr, "validation_figures: cannot write %s\n", path);
    return f;
}

/* [Campello 2015] eq 51 and its integrals, sampled: x(t), rotation(t), v(t), ω(t). */
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
        demc_damping_lsd_ratio(e, DEMC_CONTACT_END_FORCE, &g_lsd);
        demc_damping_hmd_ratio(e, DEMC_CONTACT_END_FORCE, &g_hmd);
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

#define MAX_ROWS 256

/* One 000 impact with the library's Hertz–Mindlin model (000's choices, one convention changed): its history
 * columns t, F_n, F_t, δ_el, v_C (rows of the first contact). Returns the number of rows. */
static int history000(double omega_z, demc_slip_recalculation recalculation, demc_slip_direction direction,
                      double cols[5][MAX_ROWS])
{
    library_law law;
    demc_contact_def def;
    demc_pair pair;
    double duration;
    char line[512];
    int n = 0;
    FILE *f = tmpfile();
    if (!f) return 0;
    memset(&law, 0, sizeof law);
    impact000_setup(&pair, &duration);
    def = library_def_hertz(LIB_HM, &pair, 1.0, DEMC_CONTACT_END_FORCE, 0.3, 0.3, DEMC_CONTACT_POINT_HALF);
    def.friction.recalculation = recalculation;
    def.friction.direction = direction;
    demc_contact_model_init(&def, &law.wall, NULL);
    law.pair = law.wall;
    /* δ_el from the tangential kernel beside the model: the HM preset's state does not keep it (library_laws.h) */
    if (library_law_shadow_hm(&law, &def) != 0) {
        fclose(f);
        return 0;
    }
    run_impact000(library_law_eval, &law, omega_z, 51, f);
    rewind(f);
    if (!fgets(line, sizeof line, f)) n = MAX_ROWS; /* header */
    while (n < MAX_ROWS && fgets(line, sizeof line, f)) {
        double t, overlap, fn, ft, el, slip, vc;
        if (sscanf(line, "%lf,%lf,%lf,%lf,%lf,%lf,%lf", &t, &overlap, &fn, &ft, &el, &slip, &vc) != 7) break;
        cols[0][n] = t / duration;
        cols[1][n] = fn;
        cols[2][n] = ft;
        cols[3][n] = el;
        cols[4][n] = vc;
        ++n;
    }
    fclose(f);
    return n;
}

/* 000 Fig. 5, 6 and 9: the first contact for the three slip directions and the two recalculations. */
static void write_impact000(FILE *f)
{
    static double force[5][MAX_ROWS], disp[5][MAX_ROWS], vel[5][MAX_ROWS], conv[5][MAX_ROWS];
    static double force45[5][MAX_ROWS], vel45[5][MAX_ROWS];
    int n = history000(3.6, DEMC_SLIP_INCREMENTAL, DEMC_SLIP_DIRECTION_FORCE, force), k;
    history000(3.6, DEMC_SLIP_INCREMENTAL, DEMC_SLIP_DIRECTION_DISPLACEMENT, disp);
    history000(3.6, DEMC_SLIP_INCREMENTAL, DEMC_SLIP_DIRECTION_VELOCITY, vel);
    history000(3.6, DEMC_SLIP_CONVENTIONAL, DEMC_SLIP_DIRECTION_FORCE, conv);
    history000(4.5, DEMC_SLIP_INCREMENTAL, DEMC_SLIP_DIRECTION_FORCE, force45);
    history000(4.5, DEMC_SLIP_INCREMENTAL, DEMC_SLIP_DIRECTION_VELOCITY, vel45);
    fprintf(f, "t_star,ft_force,ft_displacement,ft_velocity,mu_fn,el_incremental,el_conventional,ft_conventional,"
               "ft_force_45,ft_velocity_45\n");
    for (k = 0; k < n; ++k)
        fprintf(f, "%.6f,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", force[0][k], force[2][k], disp[2][k],
                vel[2][k], 0.3 * force[1][k], force[3][k], conv[3][k], conv[2][k], force45[2][k], vel45[2][k]);
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
    if (!(f = open_csv(dir, "validation_000_force.csv"))) return 1;
    write_impact000(f);
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
