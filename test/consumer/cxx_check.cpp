// demc.h in a C++ unit (linked or header-only face chosen on the command line).
#include <demc.h>

int main()
{
    demc_vec3 v = demc_vec3_make(3.0, 4.0, 0.0);
    int ver = demc_version_number(); // same major, run-time version not older than the headers
    return demc_vec3_norm(v) == 5.0 && ver / 1000000 == DEMC_VERSION_MAJOR && ver >= DEMC_VERSION_NUMBER ? 0 : 1;
}
