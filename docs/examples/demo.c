/**
 * @example demo.c
 * The demonstration program of `make demo`: it links libdemc the way a host DEM code does, checks that the
 * library it loaded matches the headers it was compiled with, and prints what a DEM user sets a run up with.
 */
#include <stdio.h>

#include <demc.h>

int main(void)
{
    /* A host code checks at start-up that the shared library it loaded is the one its headers describe. */
    if (demc_version_number() != DEMC_VERSION_NUMBER) {
        fprintf(stderr, "demc: header %d but library %d\n", DEMC_VERSION_NUMBER, demc_version_number());
        return 1;
    }
    printf("demc %s (version number %d)\n", demc_version_string(), demc_version_number());
    printf("library build: %s\n", demc_build_info());
    return 0;
}
