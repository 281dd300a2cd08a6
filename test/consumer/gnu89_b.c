/* Second gnu89 unit of the pair: the same static inline functions again. */
#define DEMC_HEADER_ONLY
#include <demc.h>

double gnu89_other_unit(double x);

double gnu89_other_unit(double x) { return demc_vec3_norm(demc_vec3_make(0.0, 0.0, x)) / 3.0; }
