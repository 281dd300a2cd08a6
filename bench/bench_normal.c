/* The normal-direction hot path: contact frame, relative velocity, Hertz force and PLS(B) force with its state. */
#include "demc.h"
#include "demc/analysis.h"
#include "bench.h"

int main(void)
{
    double acc = 0.0;
    demc_material glass = demc_material_make(63e9, 0.23, 2500.0);
    demc_pair pair;
    demc_normal_hertz_params hertz;
    demc_normal_pls_params pls;
    demc_normal_pls_state state;
    demc_vec3 zero = demc_vec3_make(0.0, 0.0, 0.0);
    if (demc_material_pair_sphere_sphere(&glass, 1e-3, &glass, 1e-3, DEMC_SHEAR_MINDLIN, &pair, NULL) != DEMC_OK ||
        demc_normal_hertz_init(pair.effective_modulus, pair.effective_radius, &hertz, NULL) != DEMC_OK || demc_normal_pls_init(1e6, 0.5, &pls, NULL) != DEMC_OK)
        return 1;
    state.overlap_max = 0.0;
    BENCH("demc_geometry_sphere_sphere + kinematics", 2000000L, 5, {
        demc_geometry g = demc_geometry_sphere_sphere(demc_vec3_make(1.999e-3 + 1e-15 * (double)(i & 1023), 0, 0),
                                                      1e-3, zero, 1e-3);
        demc_kinematics k = demc_geometry_kinematics(&g, demc_vec3_make(-1, 0.1, 0), demc_vec3_make(0, 0, 5),
                                                     zero, zero);
        acc += g.overlap + k.overlap_rate;
    });
    BENCH("demc_normal_hertz_force", 2000000L, 5, { acc += demc_normal_hertz_force(&hertz, 1e-6 + 1e-12 * (double)(i & 1023)); });
    BENCH("demc_normal_pls_force", 2000000L, 5, { acc += demc_normal_pls_force(&pls, 1e-6 * (double)(i & 1023), &state); });
    bench_sink = acc;
    return 0;
}
