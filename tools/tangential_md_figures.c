/* CSVs of the Mindlin–Deresiewicz figures of docs/pages/tangential.md: the force–displacement loop at constant
 * normal force against the closed-form branches, and the tangential restitution of a sphere impacting a rigid flat
 * obliquely with the MD law next to the no-slip incremental Mindlin spring. Call: tangential_md_figures <dir>. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "demc.h"

static const double PI = 3.14159265358979323846;

static FILE *open_csv(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return fopen(path, "w");
}

/* 0 → T* → −T* → T* at T* = 0.9 μP, 200 increments per branch; closed-form δ(T) beside the kernel's T(δ). */
static int loop(const char *dir)
{
    const double mu = 0.3, g = 1e10, a = 1e-4, p = 10.0, ratio = 0.9, mp = mu * p;
    const double ts = ratio * mp, c = 3.0 * mp / (16.0 * g * a), ds = c * (1.0 - pow(1.0 - ratio, 2.0 / 3.0));
    const double targets[3] = {ds, -ds, ds};
    demc_tangential_md_params par;
    demc_tangential_md_state s = DEMC_TANGENTIAL_MD_STATE_INIT;
    double d = 0.0;
    int br, i;
    FILE *f = open_csv(dir, "tangential_md_loop.csv");
    if (!f || demc_tangential_md_init(mu, g, DEMC_TANGENTIAL_MD_THORNTON_YIN, &par, NULL) != DEMC_OK) return 1;
    fprintf(f, "# delta_t/delta*,T/muP (kernel),delta_closed(T)/delta* (Mindlin-Deresiewicz),branch\n");
    demc_tangential_md_update(&par, demc_vec3_make(0, 0, 0), p, a, &s, NULL);
    fprintf(f, "0,0,0,0\n");
    for (br = 0; br < 3; ++br) {
        const double step = (targets[br] - d) / 200.0;
        for (i = 0; i < 200; ++i) {
            const double t = -demc_tangential_md_update(&par, demc_vec3_make(step, 0, 0), p, a, &s, NULL).force.x;
            double dc;
            d += step;
            if (br == 0) dc = c * (1.0 - pow(1.0 - t / mp, 2.0 / 3.0));
            else if (br == 1) dc = ds - 2.0 * c * (1.0 - pow(1.0 - (ts - t) / (2.0 * mp), 2.0 / 3.0));
            else dc = -ds + 2.0 * c * (1.0 - pow(1.0 - (t + ts) / (2.0 * mp), 2.0 / 3.0));
            fprintf(f, "%.9g,%.9g,%.9g,%d\n", d / ds, t / mp, dc / ds, br);
        }
    }
    return fclose(f);
}

/* Sphere of 002's oblique-impact study (R = 25 mm, ρ = 2650 kg/m³, E = 70 GPa, ν = 0.3, μ = 0.1, V = 5 m/s) on a
 * rigid flat, undamped Hertz, velocity Verlet with 2000 steps per contact. md = 1: MD law; 0: no-slip spring
 * k_t = 8G*a with the Coulomb limit (demc_tangential_update, default conventions). Returns −v_t,r/v_t,i of the
 * contact point. */
static double impact(double angle_deg, int md)
{
    const double R = 0.025, rho = 2650, E = 70e9, nu = 0.3, mu = 0.1, V = 5.0;
    const double m = rho * 4.0 / 3.0 * PI * R * R * R, I = 0.4 * m * R * R;
    const double es = E / (1 - nu * nu), gs = E / (2 * (1 + nu)) / (2 - nu), K = 4.0 / 3.0 * es * sqrt(R);
    const double dt = 2.868 * pow(m * m / (K * K * V), 0.2) / 2000, th = angle_deg * PI / 180.0;
    demc_tangential_md_params pm;
    demc_tangential_md_state sm = DEMC_TANGENTIAL_MD_STATE_INIT;
    demc_tangential_params pt;
    demc_tangential_state st;
    double z = R, vz = -V * cos(th), vx = V * sin(th), w = 0, fz = 0, fx = 0, vc0 = vx;
    int i, contact = 0;
    memset(&st, 0, sizeof st);
    demc_tangential_md_init(mu, gs, DEMC_TANGENTIAL_MD_THORNTON_YIN, &pm, NULL);
    demc_tangential_init(mu, mu, &pt, NULL);
    for (i = 0; i < 1000000; ++i) {
        const double vzh = vz + 0.5 * dt * fz / m, vxh = vx + 0.5 * dt * fx / m, wh = w - 0.5 * dt * R * fx / I;
        double d, n;
        demc_vec3 inc;
        z += vzh * dt;
        d = R - z;
        n = d > 0 ? K * d * sqrt(d) : 0.0;
        inc = demc_vec3_make((vxh - R * wh) * dt, 0, 0);
        if (md) {
            fx = demc_tangential_md_update(&pm, inc, n, d > 0 ? sqrt(R * d) : 0.0, &sm, NULL).force.x;
        } else if (d > 0) {
            fx = demc_tangential_update(&pt, inc, demc_vec3_make(vxh - R * wh, 0, 0), demc_tangential_mindlin_stiffness(gs, R, d),
                                        n, 0.0, dt, &st, NULL).force.x;
        } else {
            fx = 0.0;
            memset(&st, 0, sizeof st);
        }
        fz = n;
        vz = vzh + 0.5 * dt * fz / m;
        vx = vxh + 0.5 * dt * fx / m;
        w = wh - 0.5 * dt * R * fx / I;
        if (d > 0) contact = 1;
        if (contact && d <= 0 && vz > 0) break;
    }
    return -(vx - R * w) / vc0;
}

static int restitution(const char *dir)
{
    FILE *f = open_csv(dir, "tangential_md_restitution.csv");
    int i;
    if (!f) return 1;
    fprintf(f, "# impact angle (deg),Theta = 2 tan(angle)/((1+e) mu) with e = 1,e_t MD (Thornton-Yin),e_t no-slip\n");
    for (i = 1; i <= 60; ++i) {
        const double ang = 0.75 * i;
        fprintf(f, "%.4g,%.6g,%.6g,%.6g\n", ang, tan(ang * PI / 180.0) / 0.1, impact(ang, 1), impact(ang, 0));
    }
    return fclose(f);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "docs/figures";
    return loop(dir) || restitution(dir);
}
