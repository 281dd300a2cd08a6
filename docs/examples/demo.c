/**
 * @example demo.c
 * The demonstration program of `make demo`: it links libdemc the way a host DEM code does, checks that the
 * library it loaded matches the headers it was compiled with, and prints what a DEM user sets a run up with.
 */
#include <stdio.h>

#include <demc.h>

/* The damping that reproduces e = 0.9, for each contact law and end-of-contact rule (damping.h). */
static void demo_damping(void)
{
    const double e = 0.9;
    const char *rule[2] = {"force returns to zero (default)", "overlap returns to zero"};
    int end;
    printf("\ndamping ratio gamma for a coefficient of restitution e = %g\n", e);
    printf("  %-34s %-12s %-12s\n", "contact ends when", "LS+D", "HM+D/Tsuji");
    for (end = 0; end <= 1; ++end) {
        double lsd = 0.0, hmd = 0.0;
        if (demc_lsd_damping_ratio(e, (demc_contact_end)end, &lsd) != DEMC_OK ||
            demc_hmd_damping_ratio(e, (demc_contact_end)end, &hmd) != DEMC_OK) {
            printf("  damping: unexpected error\n");
            return;
        }
        printf("  %-34s %-12.9f %-12.9f\n", rule[end], lsd, hmd);
    }
    printf("  (force 2*gamma*sqrt(m* k) v; HM+D: k = 2 E* sqrt(R* delta), i.e. Tsuji's alpha = sqrt(6)*gamma)\n");
}

int main(void)
{
    /* A host code checks at start-up that the shared library it loaded is the one its headers describe. */
    if (demc_version_number() != DEMC_VERSION_NUMBER) {
        fprintf(stderr, "demc: header %d but library %d\n", DEMC_VERSION_NUMBER, demc_version_number());
        return 1;
    }
    printf("demc %s (version number %d)\n", demc_version_string(), demc_version_number());
    printf("library build: %s\n", demc_build_info());
    demo_damping();
    return 0;
}
