// demc.h in a C++ unit (linked or header-only face chosen on the command line).
#include <demc.h>

int main()
{
    demc_vec3 v = demc_vec3_make(3.0, 4.0, 0.0);
    demc_tangential_state s = DEMC_TANGENTIAL_STATE_INIT; // the initialisers compile as C++ too
    demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
    demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
    if (s.stiffness != 0.0 || d.size != sizeof d || b.size != sizeof b) return 1;
    int ver = demc_version_number(); // same major, run-time version not older than the headers
    return demc_vec3_norm(v) == 5.0 && ver / 1000000 == DEMC_VERSION_MAJOR && ver >= DEMC_VERSION_NUMBER ? 0 : 1;
}
