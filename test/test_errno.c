/* The library never changes errno (DESIGN §3), and every documented contract the fuzzers check holds on their
 * seeds: this test replays every seed of fuzz/seeds/<module>/ through the harness bodies of fuzz/fuzz_<module>.c,
 * which call every entry point of the module with errno cleared and check it is still 0 after each call (both
 * faces; run from the top of the tree). A broken contract is a failed CHECK here, an abort under libFuzzer. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>

#include "harness.h"

#define DEMC_FUZZ_REPORT(what, file, line) harness_check(0, what, file, line)
#include "../fuzz/fuzz_adhesion.c"
#include "../fuzz/fuzz_base.c"
#include "../fuzz/fuzz_capillary.c"
#include "../fuzz/fuzz_contact.c"
#include "../fuzz/fuzz_damping.c"
#include "../fuzz/fuzz_facet.c"
#include "../fuzz/fuzz_geometry.c"
#include "../fuzz/fuzz_heat.c"
#include "../fuzz/fuzz_material.c"
#include "../fuzz/fuzz_normal.c"
#include "../fuzz/fuzz_normal_plastic.c"
#include "../fuzz/fuzz_rolling.c"
#include "../fuzz/fuzz_rotation.c"
#include "../fuzz/fuzz_sliding.c"
#include "../fuzz/fuzz_special.c"
#include "../fuzz/fuzz_tangential.c"
#include "../fuzz/fuzz_tangential_md.c"
#include "../fuzz/fuzz_timestep.c"
#include "../fuzz/fuzz_twisting.c"

typedef struct replay {
    const char *module;
    void (*body)(const unsigned char *data, size_t size);
} replay;

static const replay replays[] = {
    {"adhesion", demc_fuzz_adhesion},     {"base", demc_fuzz_base},
    {"contact", demc_fuzz_contact},       {"damping", demc_fuzz_damping},
    {"facet", demc_fuzz_facet},           {"geometry", demc_fuzz_geometry},
    {"material", demc_fuzz_material},     {"normal", demc_fuzz_normal},
    {"rolling", demc_fuzz_rolling},       {"rotation", demc_fuzz_rotation},
    {"sliding", demc_fuzz_sliding},       {"special", demc_fuzz_special},
    {"tangential", demc_fuzz_tangential}, {"tangential_md", demc_fuzz_tangential_md},
    {"timestep", demc_fuzz_timestep},     {"twisting", demc_fuzz_twisting},
    {"normal_plastic", demc_fuzz_normal_plastic}, {"capillary", demc_fuzz_capillary},
    {"heat", demc_fuzz_heat},
};

static const replay *current;

static void replay_seeds(void)
{
    char path[512];
    unsigned char data[4096];
    DIR *dir;
    struct dirent *e;
    int seeds = 0;
    snprintf(path, sizeof path, "fuzz/seeds/%s", current->module);
    dir = opendir(path);
    if (!CHECK(dir != NULL)) {
        printf("    no seed directory %s (run from the top of the tree)\n", path);
        return;
    }
    while ((e = readdir(dir)) != NULL) {
        FILE *f;
        size_t n;
        int failed_before = harness_case_failed;
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "fuzz/seeds/%s/%s", current->module, e->d_name);
        f = fopen(path, "rb");
        if (!CHECK(f != NULL)) continue;
        n = fread(data, 1, sizeof data, f);
        fclose(f);
        harness_case_failed = 0;
        errno = 0;
        current->body(data, n);
        CHECK(errno == 0);
        if (harness_case_failed) printf("    on seed %s\n", path);
        harness_case_failed |= failed_before;
        ++seeds;
    }
    closedir(dir);
    CHECK(seeds >= 3);
}

int main(void)
{
    size_t i;
    for (i = 0; i < sizeof replays / sizeof replays[0]; ++i) {
        char name[64];
        current = &replays[i];
        snprintf(name, sizeof name, "errno_and_contracts_%s", current->module);
        harness_run(name, replay_seeds);
    }
    return harness_finish("test_errno");
}
