/* One assembled contact evaluation per call, for each model: two glass spheres of 5 mm in an oblique, spinning
 * contact whose overlap and direction vary from call to call (a mix of stick and slip). */
#include "demc.h"
#include "bench.h"

/* A macro, not a function pointer, so that the header-only face can inline the model into the loop. */
#define RUN_MODEL(name, fn, p)                                                                               \
    do {                                                                                                     \
        demc_contact_state s = {{{0, 0, 0}, {0, 0, 0}, 0, 0, 0}, {0, 0, 0}, {0}};                            \
        demc_body a = {{0, 0, 0}, {0.1, 0.02, 0}, {0, 0, 30}, 5e-3, 1.39e-3};                                \
        demc_body b = {{9.99e-3, 0, 0}, {-0.1, 0, 0.01}, {5, 0, 0}, 5e-3, 1.39e-3};                          \
        double acc = 0.0;                                                                                    \
        BENCH(name, 5000000L, 5, {                                                                           \
            demc_contact_result r;                                                                           \
            b.position.y = 1e-6 * (double)(i & 63);                                                          \
            b.position.x = 9.99e-3 - 1e-7 * (double)(i & 15);                                                \
            r = fn(p, &a, &b, 1e-7, &s);                                                                     \
            acc += r.force.x;                                                                                \
        });                                                                                                  \
        bench_sink = acc;                                                                                    \
    } while (0)

int main(void)
{
    demc_material glass = demc_material_make(7e10, 0.3, 2650.0);
    demc_pair pair, pair001;
    demc_contact_params lsd, hmd, plsb, hm, c001;
    demc_pair_sphere_sphere(&pair, &glass, 5e-3, &glass, 5e-3, DEMC_SHEAR_MINDLIN, NULL);
    demc_pair_sphere_sphere(&pair001, &glass, 5e-3, &glass, 5e-3, DEMC_SHEAR_CAMPELLO, NULL);
    demc_contact_params_lsd(&lsd, 1e6, 0.3, 0.8, DEMC_CONTACT_END_FORCE, 0.3, 0.3);
    demc_contact_params_hmd(&hmd, &pair, 0.8, DEMC_CONTACT_END_FORCE, 0.3, 0.3);
    demc_contact_params_plsb(&plsb, 1e6, 0.3, 0.8, 0.3, 0.3);
    demc_contact_params_hm(&hm, &pair, 0.3);
    demc_contact_params_campello(&c001, &pair001, 0.8, DEMC_CONTACT_END_FORCE, 0.4, 0.3);
    RUN_MODEL("demc_contact_lsd", demc_contact_lsd, &lsd);
    RUN_MODEL("demc_contact_hmd (default model)", demc_contact_hmd, &hmd);
    RUN_MODEL("demc_contact_plsb", demc_contact_plsb, &plsb);
    RUN_MODEL("demc_contact_hm", demc_contact_hm, &hm);
    RUN_MODEL("demc_contact_campello", demc_contact_campello, &c001);
    return 0;
}
