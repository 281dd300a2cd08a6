/* Cost of each restitution ⇄ damping map and of the dashpots. The inputs sweep the domain (e over (0, 1), γ over
 * [0, 3)) so that every branch is timed; results go to a sink so that nothing is optimised away. */
#include "demc.h"
#include "bench.h"

#define N 500000L

int main(void)
{
    double acc = 0.0, out = 0.0;
    BENCH("demc_damping_lsd_restitution (force end)", N, 5, {
        demc_damping_lsd_restitution(3.0 * (double)(i % 1000) / 1000.0, DEMC_CONTACT_END_FORCE, &out);
        acc += out;
    });
    BENCH("demc_damping_lsd_restitution (overlap end)", N, 5, {
        demc_damping_lsd_restitution((double)(i % 1000) / 1000.0, DEMC_CONTACT_END_OVERLAP, &out);
        acc += out;
    });
    BENCH("demc_damping_lsd_ratio (force end, exact)", N, 5, {
        demc_damping_lsd_ratio(((double)(i % 1000) + 0.5) / 1000.0, DEMC_CONTACT_END_FORCE, &out);
        acc += out;
    });
    BENCH("demc_damping_lsd_ratio (overlap end)", N, 5, {
        demc_damping_lsd_ratio(((double)(i % 1000) + 0.5) / 1000.0, DEMC_CONTACT_END_OVERLAP, &out);
        acc += out;
    });
    BENCH("demc_damping_lsd_ratio_fast", N, 5, {
        acc += demc_damping_lsd_ratio_fast(((double)(i % 1000) + 0.5) / 1000.0);
    });
    BENCH("demc_damping_hmd_restitution (force end)", N, 5, {
        demc_damping_hmd_restitution(3.0 * (double)(i % 1000) / 1000.0, DEMC_CONTACT_END_FORCE, &out);
        acc += out;
    });
    BENCH("demc_damping_hmd_ratio (force end)", N, 5, {
        demc_damping_hmd_ratio(((double)(i % 1000) + 0.5) / 1000.0, DEMC_CONTACT_END_FORCE, &out);
        acc += out;
    });
    BENCH("demc_damping_viscoelastic_restitution_scaled (force)", N, 5, {
        demc_damping_viscoelastic_restitution_scaled(1e-3 * (double)(i % 10000), DEMC_CONTACT_END_FORCE, &out);
        acc += out;
    });
    BENCH("demc_damping_viscoelastic_restitution (overlap)", N, 5, {
        demc_damping_viscoelastic_restitution(2e-5, 1e8, 0.01, 1e-3 * (double)(i % 10000), DEMC_CONTACT_END_OVERLAP, &out);
        acc += out;
    });
    BENCH("demc_damping_hertz_force", 2000000L, 5, {
        acc += demc_damping_hertz_force(0.3, 0.17, 3.8e10, 0.0125, 1e-6 * (double)(i % 100 + 1), 1.0);
    });
    bench_sink = acc;
    return 0;
}
