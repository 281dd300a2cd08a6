/* One assembled contact evaluation per call, for each model: two glass spheres of 5 mm in an oblique, spinning
 * contact whose overlap and direction vary from call to call (a mix of stick and slip). */
#include <string.h>

#include "demc.h"
#include "bench.h"

/* A macro, not a function pointer, so that the header-only face can inline the model into the loop. The loop runs
 * over 16 independent contacts, as a host's force loop does (one contact repeated would time the latency of the
 * dependency chain through its state rather than the throughput). */
#define RUN_MODEL(name, fn, p)                                                                               \
    do {                                                                                                     \
        demc_contact_state s[16];                                                                            \
        demc_body a = {{0, 0, 0}, {0.1, 0.02, 0}, {0, 0, 30}, 5e-3, 1.39e-3};                                \
        demc_body b[16];                                                                                     \
        double acc = 0.0;                                                                                    \
        int c;                                                                                               \
        memset(s, 0, sizeof s);                                                                              \
        for (c = 0; c < 16; ++c) {                                                                           \
            b[c] = a;                                                                                        \
            b[c].position = demc_vec3_make(9.99e-3 - 1e-7 * c, 1e-5 * c, 0.0);                               \
            b[c].velocity = demc_vec3_make(-0.1, 0.0, 0.01 * c);                                             \
            b[c].angular_velocity = demc_vec3_make(5.0, 0.0, 0.0);                                           \
        }                                                                                                    \
        BENCH(name, 5000000L, 5, {                                                                           \
            demc_contact_result r;                                                                           \
            demc_body *bj = &b[i & 15];                                                                      \
            bj->position.y += 1e-9 * (double)((i >> 4) & 1 ? 1 : -1);                                        \
            r = fn(p, &a, bj, 1e-7, &s[i & 15]);                                                             \
            acc += r.force.x;                                                                                \
        });                                                                                                  \
        bench_sink = acc;                                                                                    \
    } while (0)

int main(void)
{
    demc_material glass = demc_material_make(7e10, 0.3, 2650.0);
    demc_pair pair, pair001;
    demc_contact_params lsd, hmd, plsb, hm, c001;
    demc_material_pair_sphere_sphere(&glass, 5e-3, &glass, 5e-3, DEMC_SHEAR_MINDLIN, &pair, NULL);
    demc_material_pair_sphere_sphere(&glass, 5e-3, &glass, 5e-3, DEMC_SHEAR_CAMPELLO, &pair001, NULL);
    demc_contact_params_lsd(&lsd, 1e6, 0.3, 0.8, DEMC_CONTACT_END_FORCE, 0.3, 0.3, NULL);
    demc_contact_params_hmd(&hmd, &pair, 0.8, DEMC_CONTACT_END_FORCE, 0.3, 0.3, NULL);
    demc_contact_params_plsb(&plsb, 1e6, 0.3, 0.8, 0.3, 0.3, NULL);
    demc_contact_params_hm(&hm, &pair, 0.3, NULL);
    demc_contact_params_campello(&c001, &pair001, 0.8, DEMC_CONTACT_END_FORCE, 0.4, 0.3, NULL);
    RUN_MODEL("demc_contact_lsd", demc_contact_lsd, &lsd);
    RUN_MODEL("demc_contact_hmd (default model)", demc_contact_hmd, &hmd);
    RUN_MODEL("demc_contact_plsb", demc_contact_plsb, &plsb);
    RUN_MODEL("demc_contact_hm", demc_contact_hm, &hm);
    RUN_MODEL("demc_contact_campello", demc_contact_campello, &c001);
    return 0;
}
