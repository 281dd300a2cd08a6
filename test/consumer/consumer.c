/* A host program as a DEM code would link it: built from an installed demc with pkg-config (shared and static)
 * and, with DEMC_HEADER_ONLY, without any libdemc. Exits 0 when the library can serve the headers (the check a
 * host code does: same major version, run-time version not older than the compile-time one). */
#include <stdio.h>

#include <demc.h>

int main(void)
{
    demc_vec3 n = demc_vec3_normalize(demc_vec3_make(0.0, 3.0, 4.0));
    int v = demc_version_number();
    if (v / 1000000 != DEMC_VERSION_MAJOR || v < DEMC_VERSION_NUMBER) {
        printf("version mismatch: library %d cannot serve headers %d\n", v, DEMC_VERSION_NUMBER);
        return 1;
    }
    if (demc_vec3_dot(n, demc_vec3_make(0.0, 0.6, 0.8)) < 1.0 - 1e-15) {
        printf("normalize(0, 3, 4) = (%g, %g, %g)\n", n.x, n.y, n.z);
        return 2;
    }
    printf("demc %s (%d) ok\n", demc_version_string(), demc_version_number());
    return 0;
}
