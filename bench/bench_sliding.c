/* sliding.h: cost of the special functions, of one passage (restitution, critical velocity, contact time) and of
 * the hysteretic friction law per step. */
#include "demc.h"
#include "demc/analysis.h"
#include "bench.h"

int main(void)
{
    double acc = 0.0;
    demc_sliding_path line, ecc;
    demc_sliding_hysteresis hyst;
    demc_sliding_hysteresis_state st = {0, 0, 0, 0, 0, 0, 0, 0};
    demc_sliding_result r;
    if (demc_sliding_path_init_linear(1.0, 1.0, 0.6, 1.0, 0.28, &line, NULL) != DEMC_OK ||
        demc_sliding_path_init_eccentric(1.0, 1.0, 0.6, 1.0, 0.28, 0.8, &ecc, NULL) != DEMC_OK ||
        demc_sliding_hysteresis_init(0.5, 0.3, DEMC_SLIDING_HYSTERESIS_INCREMENTAL, &hyst, NULL) != DEMC_OK)
        return 1;
    BENCH("demc_special_carlson_rf", 500000L, 5, { acc += demc_special_carlson_rf(0.3 + 1e-9 * (double)(i & 1023), 1.7, 1.0); });
    BENCH("demc_special_ellint_e_inc", 500000L, 5, { acc += demc_special_ellint_e_inc(1.1, 0.5 + 1e-9 * (double)(i & 1023)); });
    BENCH("demc_sliding_forces (line)", 500000L, 5, {
        double t;
        demc_sliding_forces(&line, 0.5 + 1e-9 * (double)(i & 1023), 1.0, &t, NULL);
        acc += t;
    });
    BENCH("demc_sliding_hysteresis_friction (line)", 500000L, 5, {
        acc += demc_sliding_hysteresis_friction(&line, &hyst, 1e-4 * (double)(i & 1023), (i & 512) ? 1.0 : -1.0,
                                                &st);
    });
    BENCH("demc_sliding_impact (line, 2 v_crit)", 500L, 3, {
        demc_sliding_impact(&line, 0.9 + 1e-9 * (double)(i & 1023), &r);
        acc += r.contact_time;
    });
    BENCH("demc_sliding_impact (eccentric k=0.8, 2 v_crit)", 50L, 3, {
        demc_sliding_impact(&ecc, 0.95 + 1e-9 * (double)(i & 1023), &r);
        acc += r.contact_time;
    });
    bench_sink = acc;
    return 0;
}
