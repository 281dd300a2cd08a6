/* Generator of the time-step figures of docs/pages/timestep.md ([Burns 2019] Figures 3, 4, 9 and 10): for each parameter
 * set of the paper, the critical step of demc_timestep_critical(, NULL) and the answer of demc_collision_timestep_probe(, NULL) against
 * the impact velocity, for three damping constants, and the Rayleigh step. Writes one CSV per set.
 * Usage: timestep_figures OUTPUT_DIR   (run by tools/timestep_figures.sh) */
#include <stdio.h>

#include <demc.h>
#include <demc/analysis.h> /* the time-step probe (analysis set, outside the ABI promise) */

typedef struct parameter_set {
    const char *name;
    double shear_modulus, poisson_ratio, density, radius_i, radius_j;
    double damping[3]; /* c1 = c2 = c3, kg/s */
} parameter_set;

/* One CSV: v, Rayleigh step, then for each damping constant: critical step, binding bound, probe step, criterion
 * that fails above the probe step. Returns 0 on success. */
static int write_set(const char *dir, const parameter_set *p)
{
    char path[1024];
    FILE *f;
    double rayleigh, v;
    int j;
    if (demc_timestep_rayleigh(p->radius_i < p->radius_j ? p->radius_i : p->radius_j, p->shear_modulus, p->poisson_ratio,
                               p->density, &rayleigh, NULL) != DEMC_OK)
        return 1;
    snprintf(path, sizeof path, "%s/timestep_%s.csv", dir, p->name);
    f = fopen(path, "w");
    if (!f) return 1;
    fprintf(f, "# %s: G = %g Pa, nu = %g, rho = %g kg/m^3, r = %g m, r' = %g m; energy tolerance of the probe 0.01\n",
            p->name, p->shear_modulus, p->poisson_ratio, p->density, p->radius_i, p->radius_j);
    fprintf(f, "# binding/failed: 0 compression (eq 62), 1 restitution (eq 65), 2 shear (eq 68), 3 energy\n");
    fprintf(f, "v_m_per_s,rayleigh_s");
    for (j = 0; j < 3; ++j)
        fprintf(f, ",critical_c%g,binding_c%g,probe_c%g,failed_c%g", p->damping[j], p->damping[j], p->damping[j],
                p->damping[j]);
    fprintf(f, "\n");
    for (v = 1e-3; v < 1.0001e3; v *= 1.1220184543019633) { /* 20 points per decade */
        fprintf(f, "%.6e,%.9e", v, rayleigh);
        for (j = 0; j < 3; ++j) {
            demc_timestep_collision col;
            demc_timestep_bounds b;
            demc_timestep_bound failed = DEMC_TIMESTEP_BOUND_COMPRESSION;
            double probe = 0.0;
            if (demc_timestep_collision_spheres_init(p->shear_modulus, p->poisson_ratio, p->density, p->radius_i, p->radius_j, v,
                                                p->damping[j], p->damping[j], &col, NULL) != DEMC_OK ||
                demc_timestep_critical(&col, &b, NULL) != DEMC_OK ||
                demc_collision_timestep_probe(&col, 0.01, &probe, &failed, NULL) != DEMC_OK) {
                fclose(f);
                return 1;
            }
            fprintf(f, ",%.9e,%d,%.9e,%d", b.critical, (int)b.binding, probe, (int)failed);
        }
        fprintf(f, "\n");
    }
    return fclose(f) != 0;
}

int main(int argc, char **argv)
{
    /* [Burns 2019] Figures 3 and 9 (industrial powder) and 4 and 10 (large glass ballotini). */
    const parameter_set sets[2] = {{"powder", 300e6, 0.25, 1000.0, 1.5e-3, 1.5e-3, {0.0, 0.1, 0.5}},
                                   {"glass", 17e9, 0.22, 2530.0, 10.1e-3, 10.3e-3, {0.0, 100.0, 200.0}}};
    int i;
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTPUT_DIR\n", argv[0]);
        return 2;
    }
    for (i = 0; i < 2; ++i) {
        if (write_set(argv[1], &sets[i]) != 0) {
            fprintf(stderr, "timestep_figures: failed on set %s\n", sets[i].name);
            return 1;
        }
    }
    return 0;
}
