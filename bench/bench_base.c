/* Vector normalisation, the one base function with a branchy body. */
#include "demc.h"
#include "bench.h"

int main(void)
{
    double acc = 0.0;
    BENCH("demc_vec3_normalize", 2000000L, 5, {
        demc_vec3 u = demc_vec3_normalize(demc_vec3_make(1.0 + 1e-9 * (double)i, 2.0, 3.0));
        acc += u.x;
    });
    bench_sink = acc;
    return 0;
}
