/* Prints the table of docs/pages/restitution_conventions.md: the coefficient of restitution that the damping
 * conventions of DEM codes actually produce, under both end-of-contact rules, computed with demc's exact maps.
 * test/test_damping.c checks entries of it against a direct integration of the impact.
 *
 * Build and run (no make needed), from the top of the tree:
 *     cc -O2 -Iinclude -o /tmp/restitution_table tools/restitution_table.c -lm && /tmp/restitution_table
 * With an argument, it prints instead a data file for the figure (gnuplot script tools/restitution_figure.gp). */
#define DEMC_HEADER_ONLY
#include <math.h>
#include <stdio.h>

#include "demc.h"

#define PI 3.14159265358979323846

/* Schäfer's ratio |ln e|/√(π² + ln²e) ([Cummins 2012] eq 6). */
static double schaefer(double e) { return -log(e) / sqrt(PI * PI + log(e) * log(e)); }

/* Tsuji-normalised HM+D dashpots η = α√(m*K)δ^¼ with K = (4/3)E*√R* have γ = α/√6 in demc's 2γ√(m* k_n),
 * k_n = 2E*√(R*δ). The polynomial is the fit of Tsuji et al.'s (1992) α(e) chart quoted by CFD–DEM codes. */
static double tsuji_polynomial(double e)
{
    return 1.2728 + e * (-4.2783 + e * (11.087 + e * (-22.348 + e * (27.467 + e * (-18.022 + e * 4.8218)))));
}

typedef struct convention {
    const char *name;
    int hertz;             /* 1: HM+D (Tsuji-form dashpot), 0: LS+D */
    double (*gamma)(double e);
} convention;

static double c_schaefer(double e) { return schaefer(e); }
static double c_sp2007(double e)
{
    double g = 0.0;
    demc_damping_lsd_ratio(e, DEMC_CONTACT_END_FORCE, &g);
    return g;
}
static double c_sqrt5(double e) { return sqrt(5.0) * schaefer(e) / sqrt(6.0); }
static double c_two(double e) { return 2.0 * schaefer(e) / sqrt(6.0); }
static double c_tsuji_sqrt2(double e) { return sqrt(2.0) * tsuji_polynomial(e) / sqrt(6.0); }
static double c_tsuji(double e) { return tsuji_polynomial(e) / sqrt(6.0); }

static const convention conventions[] = {
    {"LS+D, Schäfer γ = \\|ln e\\|/√(π²+ln²e) ([Cummins 2012] eq 6)", 0, c_schaefer},
    {"LS+D, Schwager–Pöschel exact force-end γ ([Cummins 2012] eq 7)", 0, c_sp2007},
    {"HM+D, Schäfer γ used as is ([Campello 2015] eq 22 with the ξ of its text)", 1, c_schaefer},
    {"HM+D, α = √5·\\|ln e\\|/√(π²+ln²e)", 1, c_sqrt5},
    {"HM+D, α = 2·\\|ln e\\|/√(π²+ln²e)", 1, c_two},
    {"HM+D, α = √2 × Tsuji polynomial", 1, c_tsuji_sqrt2},
    {"HM+D, α = Tsuji polynomial", 1, c_tsuji},
};
#define N_CONVENTIONS (sizeof conventions / sizeof conventions[0])

static double achieved(const convention *c, double e, demc_contact_end end)
{
    double out = -1.0;
    if (c->hertz) demc_damping_hmd_restitution(c->gamma(e), end, &out);
    else demc_damping_lsd_restitution(c->gamma(e), end, &out);
    return out;
}

int main(int argc, char **argv)
{
    const double targets[] = {0.1, 0.3, 0.5, 0.7, 0.9, 0.99};
    size_t i, j;
    (void)argv;
    if (argc > 1) { /* data for the figure: target e, then achieved e per convention, force end then overlap end */
        double e;
        for (e = 0.02; e < 0.9999; e += 0.01) {
            printf("%.3f", e);
            for (i = 0; i < N_CONVENTIONS; ++i)
                printf(" %.6f %.6f", achieved(&conventions[i], e, DEMC_CONTACT_END_FORCE),
                       achieved(&conventions[i], e, DEMC_CONTACT_END_OVERLAP));
            printf("\n");
        }
        return 0;
    }
    printf("| convention | contact ends when |");
    for (j = 0; j < sizeof targets / sizeof targets[0]; ++j) printf(" e = %g |", targets[j]);
    printf("\n|---|---|");
    for (j = 0; j < sizeof targets / sizeof targets[0]; ++j) printf("---|");
    printf("\n");
    for (i = 0; i < N_CONVENTIONS; ++i) {
        int end;
        for (end = 0; end <= 1; ++end) {
            printf("| %s | %s |", end == 0 ? conventions[i].name : "", end == 0 ? "force = 0" : "overlap = 0");
            for (j = 0; j < sizeof targets / sizeof targets[0]; ++j)
                printf(" %.4f |", achieved(&conventions[i], targets[j], (demc_contact_end)end));
            printf("\n");
        }
    }
    return 0;
}
