/* One tangential step (stick and slip), and the memory transport, per call. */
#include "demc.h"
#include "bench.h"

int main(void)
{
    demc_tangential_params p;
    demc_tangential_state s = {{0, 0, 0}, {0, 0, 0}, 0, 0, 0};
    double acc = 0.0;
    demc_vec3 normals[16];
    int k;
    demc_tangential_init(0.5, 0.5, &p, NULL);
    /* a back-and-forth increment that stays in stick */
    BENCH("demc_tangential_update (stick)", 2000000L, 5, {
        demc_tangential_result r = demc_tangential_update(&p, demc_vec3_make((i & 1) ? 1e-7 : -1e-7, 0.0, 0.0), demc_vec3_make(1e-3, 0.0, 0.0),
                                                          1e5, 10.0, 1.0, 1e-6, &s, NULL);
        acc += r.force.x;
    });
    BENCH("demc_tangential_update (slip)", 2000000L, 5, {
        demc_tangential_result r = demc_tangential_update(&p, demc_vec3_make(1e-3, 1e-4 * (double)(i & 7), 0.0), demc_vec3_make(1e-1, 0.0, 0.0),
                                                          1e5, 10.0, 1.0, 1e-6, &s, NULL);
        acc += r.force.x;
    });
    for (k = 0; k < 16; ++k) normals[k] = demc_vec3_normalize(demc_vec3_make(1e-4 * k, 0.0, 1.0));
    BENCH("demc_tangential_transport (rotate)", 2000000L, 5, {
        demc_vec3 n = normals[i & 15];
        demc_tangential_transport(DEMC_TRANSPORT_ROTATE, demc_vec3_make(0.0, 0.0, 1.0), n, 1e-4, &s);
        acc += s.force.x;
    });
    bench_sink = acc;
    return 0;
}
