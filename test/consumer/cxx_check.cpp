// demc.h in a C++ unit (linked or header-only face chosen on the command line).
#include <demc.h>

int main()
{
    demc_vec3 v = demc_vec3_make(3.0, 4.0, 0.0);
    return demc_vec3_norm(v) == 5.0 && demc_version_number() == DEMC_VERSION_NUMBER ? 0 : 1;
}
