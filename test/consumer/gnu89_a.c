/* Two gnu89 translation units, both header-only, linked together: no duplicate symbols, no C99 needed. */
#define DEMC_HEADER_ONLY
#include <demc.h>

double gnu89_other_unit(double x);

int main(void)
{
    demc_vec3 v = demc_vec3_make(1.0, 2.0, 2.0);
    return (demc_vec3_norm(v) == 3.0 && gnu89_other_unit(9.0) == 3.0) ? 0 : 1;
}
