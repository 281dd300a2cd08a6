/* Generator of the figures of docs/pages/rolling.md: a solid glass sphere (R = 5 mm, 2500 kg/m³) rolling on a
 * flat under gravity with the CDT law (as published, and with the inertia limiter) and the EPSD law (k_n = 1e5 N/m,
 * η_r = 0.3), μ_r = 0.05, v0 = 0.1 m/s. The tangential contact is a stiff linear spring (1e4 N/m) with a
 * critically damped dashpot, so the sphere rolls without slip up to its compliance; semi-implicit Euler, dt = 10 µs.
 * Usage: rolling_figures OUTDIR — writes OUTDIR/rolling_deceleration.csv (every 10th step) and
 * OUTDIR/rolling_stop.csv (every step around the stop). */
#include <math.h>
#include <stdio.h>

#include "demc.h"

#define NSTEP 40000
#define NLAW 3

static double vel[NLAW][NSTEP + 1], spin[NLAW][NSTEP + 1];

static FILE *open_csv(const char *dir, const char *name)
{
    char path[1024];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "w");
    if (!f) fprintf(stderr, "rolling_figures: cannot write %s\n", path);
    return f;
}

int main(int argc, char **argv)
{
    const double pi = 3.14159265358979323846, g = 9.81, r = 0.005, mu_r = 0.05, v0 = 0.1, dt = 1e-5;
    const double m = 4.0 / 3.0 * pi * r * r * r * 2500.0, inertia = 0.4 * m * r * r, kn = 1e5;
    const double kt = 1e4, ct = 2.0 * sqrt(kt * m / 3.5), ir = demc_rolling_inertia_sphere_wall(m, r);
    const double a = 5.0 / 7.0 * mu_r * g, t_stop = v0 / a;
    const demc_vec3 n = demc_vec3_make(0.0, 0.0, 1.0), zero = demc_vec3_make(0.0, 0.0, 0.0);
    demc_rolling_cdt_params cdt, cdt_lim;
    demc_rolling_epsd_params epsd;
    const char *dir = argc > 1 ? argv[1] : "docs/figures";
    FILE *f1, *f2;
    int law;
    long i, i_stop = (long)(t_stop / dt);
    if (demc_rolling_cdt_init(mu_r, DEMC_ROLLING_CDT_LIMITER_NONE, &cdt, NULL) != DEMC_OK ||
        demc_rolling_cdt_init(mu_r, DEMC_ROLLING_CDT_LIMITER_INERTIA, &cdt_lim, NULL) != DEMC_OK ||
        demc_rolling_epsd_init(mu_r, 0.3, &epsd, NULL) != DEMC_OK)
        return 1;
    for (law = 0; law < NLAW; ++law) {
        demc_rolling_epsd_state st = DEMC_ROLLING_EPSD_STATE_INIT;
        double v = v0, w = v0 / r, slip = 0.0;
        vel[law][0] = v;
        spin[law][0] = w;
        for (i = 1; i <= NSTEP; ++i) {
            const double ft = -kt * slip - ct * (v - r * w);
            const demc_vec3 om = demc_vec3_make(0.0, w, 0.0);
            demc_rolling_result rr =
                law == 2 ? demc_rolling_epsd_torque(&epsd, n, r, kn, m * g, ir, om, zero, dt, &st, NULL)
                         : demc_rolling_cdt_torque(law ? &cdt_lim : &cdt, n, r, m * g, inertia, om, zero, dt, NULL);
            v += dt * ft / m;
            w += dt * (-r * ft + rr.torque_i.y) / inertia;
            slip += dt * (v - r * w);
            vel[law][i] = v;
            spin[law][i] = w;
        }
    }
    f1 = open_csv(dir, "rolling_deceleration.csv");
    f2 = open_csv(dir, "rolling_stop.csv");
    if (!f1 || !f2) return 1;
    fprintf(f1, "# t [s]; centre velocity [m/s]: CDT published, CDT limiter, EPSD, closed form max(0, v0 - (5/7) mu_r g t)\n");
    for (i = 0; i <= NSTEP; i += 10) {
        const double t = i * dt, ve = v0 - a * t;
        fprintf(f1, "%.5f,%.9e,%.9e,%.9e,%.9e\n", t, vel[0][i], vel[1][i], vel[2][i], ve > 0.0 ? ve : 0.0);
    }
    fprintf(f2, "# t - t_stop [ms]; R*omega [mm/s]: CDT published, CDT limiter, EPSD (every step around the stop)\n");
    for (i = i_stop - 400; i <= i_stop + 1200 && i <= NSTEP; ++i)
        fprintf(f2, "%.5f,%.9e,%.9e,%.9e\n", (i * dt - t_stop) * 1e3, 1e3 * r * spin[0][i], 1e3 * r * spin[1][i],
                1e3 * r * spin[2][i]);
    fclose(f1);
    fclose(f2);
    return 0;
}
