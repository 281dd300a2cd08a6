/* The Mindlin–Deresiewicz stored energy (its bodies call C99's cbrt) printed to 17 digits. Written in ISO C89, built
 * on the linked face as strict C89 and header-only as gnu89 and C99 (test/consumers.sh): all must print the same,
 * the energy of Thornton & Yin's virgin branch loaded to 90 % of μF_n (an undeclared cbrt gave a wrong sign). */
#include <stdio.h>
#include <string.h>
#include <demc.h>

int main(void)
{
    demc_tangential_md_params p;
    demc_tangential_md_state s;
    demc_tangential_md_energy e;
    const double fn = 10.0, a = 1e-4, mu = 0.3;
    int i;
    if (demc_tangential_md_init(mu, 30e9, DEMC_TANGENTIAL_MD_THORNTON_YIN, &p, NULL) != DEMC_OK) return 1;
    memset(&s, 0, sizeof s); /* a new contact */
    for (i = 0; i < 20; ++i) { /* 20 steps of 5 nm along -x: 2/3 of the way to sliding */
        demc_tangential_md_update(&p, demc_vec3_make(-5e-9, 0.0, 0.0), fn, a, &s, &e);
    }
    if (!(s.force.x > 0.0 && s.force.x < mu * fn)) return 2;
    printf("%.17g %.17g %.17g\n", s.force.x, demc_tangential_md_stored_energy(&p, fn, a, &s), e.stored_energy);
    return demc_tangential_md_stored_energy(&p, fn, a, &s) > 0.0 ? 0 : 3;
}
