/* The worked example of the heat page (docs/pages/heat.md): a chain of ten glass spheres between two steel walls,
 * pressed by 1 N, the left wall heated from 300 K to 400 K at t = 0; and one glass sphere hitting a hot steel wall.
 * Prints the numbers the page quotes.
 * Build: cc -std=c99 -O2 -Iinclude -DDEMC_HEADER_ONLY tools/heat_example.c -lm -o heat_example */
#include <math.h>
#include <stdio.h>

#ifndef DEMC_HEADER_ONLY
#define DEMC_HEADER_ONLY
#endif
#include "demc.h"
#include "demc/analysis.h"

#define N 10

int main(void)
{
    const double pi = 3.14159265358979323846;
    const double r = 1e-3, force = 1.0;
    const double e_g = 63e9, nu_g = 0.2, rho_g = 2500, k_g = 1.0, c_g = 840; /* soda-lime glass */
    const double e_s = 210e9, nu_s = 0.3, rho_s = 7850, k_s = 45, c_s = 480; /* steel */
    const double tw1 = 400, tw2 = 300;
    const double estar_ss = 1.0 / (2 * (1 - nu_g * nu_g) / e_g);
    const double estar_sw = 1.0 / ((1 - nu_g * nu_g) / e_g + (1 - nu_s * nu_s) / e_s);
    const double a_ss = cbrt(3 * force * (r / 2) / (4 * estar_ss)), a_sw = cbrt(3 * force * r / (4 * estar_sw));
    const double mc = rho_g * 4.0 / 3 * pi * r * r * r * c_g;
    demc_heat_contact_params ss, sw;
    double h, hw, hs, q, dt_i, dt_e, dt, t[N], time = 0, dt_mech, e_glass, e_steel;
    int i;
    long step = 0;
    if (demc_heat_contact_init(k_g, k_g, DEMC_HEAT_MIXING_HARMONIC, &ss, NULL) != DEMC_OK ||
        demc_heat_contact_init(k_g, k_s, DEMC_HEAT_MIXING_HARMONIC, &sw, NULL) != DEMC_OK)
        return 1;
    h = demc_heat_contact_conductance(&ss, a_ss);
    hw = demc_heat_contact_conductance(&sw, a_sw);
    hs = 1.0 / (2 / hw + (N - 1) / h);
    q = hs * (tw1 - tw2);
    printf("contact radii: sphere-sphere %.4g m, sphere-wall %.4g m\n", a_ss, a_sw);
    printf("k_s: sphere-sphere %.4g, sphere-wall %.4g W/(m K)\n", ss.conductivity, sw.conductivity);
    printf("conductances: H = %.4g W/K, H_wall = %.4g W/K; series %.4g W/K; steady flow %.4g W\n", h, hw, hs, q);
    printf("steady profile: first sphere %.2f K, last %.2f K, step %.3f K, wall jump %.3f K\n", tw1 - q / hw,
           tw1 - q / hw - (N - 1) * q / h, q / h, q / hw);
    printf("m c_p = %.4g J/K\n", mc);
    if (demc_heat_timestep(mc, 2 * h, &dt_i, NULL) != DEMC_OK || demc_heat_timestep(mc, h + hw, &dt_e, NULL) != DEMC_OK)
        return 1;
    dt = dt_i < dt_e ? dt_i : dt_e;
    printf("thermal steps: interior %.4g s, next to a wall %.4g s\n", dt_i, dt_e);
    if (demc_timestep_rayleigh(r, e_g / (2 * (1 + nu_g)), nu_g, rho_g, &dt_mech, NULL) != DEMC_OK) return 1;
    printf("Rayleigh step %.4g s: ratio %.3g\n", dt_mech, dt / dt_mech);
    /* Forward Euler at the thermal step until the flow into the cold wall is 99 % of the steady flow. */
    for (i = 0; i < N; ++i) t[i] = tw2;
    for (;;) {
        double f[N];
        for (i = 0; i < N; ++i)
            f[i] = (i == 0 ? demc_heat_flow(hw, t[i], tw1) : demc_heat_flow(h, t[i], t[i - 1])) +
                   (i == N - 1 ? demc_heat_flow(hw, t[i], tw2) : demc_heat_flow(h, t[i], t[i + 1]));
        for (i = 0; i < N; ++i) t[i] += dt / mc * f[i];
        time += dt;
        ++step;
        if (demc_heat_flow(hw, tw2, t[N - 1]) >= 0.99 * q) break;
    }
    printf("99 %% of the steady flow at the cold wall after %.4g s (%ld thermal steps, %.3g mechanical steps)\n",
           time, step, time / dt_mech);
    /* One impact of a 300 K glass sphere on a 500 K steel wall at 1 m/s. */
    {
        demc_pair pair;
        demc_collision_hertz imp;
        demc_heat_collision_params cp;
        double qc;
        pair.effective_modulus = estar_sw;
        pair.effective_shear_modulus = 1; /* not used */
        pair.effective_radius = r;
        pair.effective_mass = mc / c_g;
        if (demc_collision_hertz_impact(&pair, 1.0, &imp, NULL) != DEMC_OK) return 1;
        if (demc_heat_effusivity(k_g, rho_g, c_g, &e_glass, NULL) != DEMC_OK ||
            demc_heat_effusivity(k_s, rho_s, c_s, &e_steel, NULL) != DEMC_OK ||
            demc_heat_collision_init(e_glass, e_steel, &cp, NULL) != DEMC_OK)
            return 1;
        qc = demc_heat_collision_heat(&cp, imp.contact_radius, imp.duration, 300, 500);
        printf("impact: a_max %.4g m, t_c %.4g s, e glass %.4g, e steel %.4g; Q %.4g J; sphere warms %.3g K; "
               "Fourier %.2g; static 2 k_s a_max t_c would give %.4g J\n",
               imp.contact_radius, imp.duration, e_glass, e_steel, qc, qc / mc,
               k_g / (rho_g * c_g) * imp.duration / (imp.contact_radius * imp.contact_radius),
               2 * sw.conductivity * imp.contact_radius * imp.duration * 200);
    }
    return 0;
}
