/* material.h: effective pair properties against closed forms written out independently here (the papers'
 * product forms, equal-material reductions of 002 and 004), symmetry, the wall as a limit, and validation. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "demc.h"
#include "harness.h"

static const double pi = 3.14159265358979323846;

static int same_name(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

/* 002 (HM+D): for equal materials E* = E/(2(1−ν²)), G* = G/(2(2−ν)), G = E/(2(1+ν)); equal spheres R* = R/2,
 * m* = m/2. 004 eq 74 in stiffness form: 8G*√r̂ = 4G√r̂/(2−ν) and (4/3)E*√r̂ = 4G√r̂/(3(1−ν)). */
static void equal_spheres_match_002_and_004(void)
{
    const double e = 70e9, nu = 0.3, rho = 2650, r = 0.025;
    const double g = e / (2 * (1 + nu)), m = 4.0 / 3.0 * pi * rho * r * r * r;
    demc_material a = demc_material_make(e, nu, rho);
    demc_pair p;
    const char *bad = "unset";
    CHECK(a.youngs_modulus == e && a.poisson_ratio == nu && a.density == rho && a.shear_modulus == 0.0);
    CHECK(demc_material_pair_sphere_sphere(&a, r, &a, r, DEMC_SHEAR_MINDLIN, &p, &bad) == DEMC_OK);
    CHECK(bad == NULL);
    CHECK_REL(p.effective_modulus, e / (2 * (1 - nu * nu)), 1e-15);
    CHECK_REL(p.effective_shear_modulus, g / (2 * (2 - nu)), 1e-15);
    CHECK_REL(p.effective_radius, r / 2, 1e-15);
    CHECK_REL(p.effective_mass, m / 2, 1e-15);
    CHECK_REL(8 * p.effective_shear_modulus, 4 * g / (2 - nu), 1e-15);
    CHECK_REL(4.0 / 3.0 * p.effective_modulus, 4 * g / (3 * (1 - nu)), 1e-15);
    /* 002 quotes m = 0.1734 kg for R = 25 mm, ρ = 2650 kg/m³ (4 digits). */
    CHECK_REL(2 * p.effective_mass, 0.1734, 5e-4);
    CHECK_REL(demc_material_shear_modulus(&a), g, 1e-15);
}

/* Unequal materials against the printed product forms: 000 eq 17 / 001 eq 20 (E*), 000 eq 16 (R*), 001 eq 23 (m*),
 * Mindlin (2−ν)/G sums, 000 eq 23 and 001 eq 38. */
static void unequal_pair_matches_product_forms(void)
{
    demc_material a = demc_material_make(210e9, 0.29, 7850), b = demc_material_make(3e9, 0.41, 1200);
    const double ra = 1e-3, rb = 2.5e-3;
    const double ga = 210e9 / (2 * 1.29), gb = 3e9 / (2 * 1.41);
    const double ma = 4.0 / 3.0 * pi * 7850 * ra * ra * ra, mb = 4.0 / 3.0 * pi * 1200 * rb * rb * rb;
    const double gm = ga * gb / (ga * (2 - 0.41) + gb * (2 - 0.29));
    demc_pair p, q, c;
    CHECK(demc_material_pair_sphere_sphere(&a, ra, &b, rb, DEMC_SHEAR_MINDLIN, &p, NULL) == DEMC_OK);
    CHECK_REL(p.effective_modulus, 210e9 * 3e9 / (210e9 * (1 - 0.41 * 0.41) + 3e9 * (1 - 0.29 * 0.29)), 4e-16);
    CHECK_REL(p.effective_radius, ra * rb / (ra + rb), 4e-16);
    CHECK_REL(p.effective_mass, ma * mb / (ma + mb), 6e-16);
    CHECK_REL(p.effective_shear_modulus, gm, 6e-16);
    CHECK(demc_material_pair_sphere_sphere(&a, ra, &b, rb, DEMC_SHEAR_ZABULIONIS, &q, NULL) == DEMC_OK);
    CHECK_REL(q.effective_shear_modulus, 2.0 / 3.0 * ga * gb / (ga * (2 - 0.41) + gb * (2 - 0.29)), 6e-16);
    CHECK(demc_material_pair_sphere_sphere(&a, ra, &b, rb, DEMC_SHEAR_CAMPELLO, &c, NULL) == DEMC_OK);
    CHECK_REL(c.effective_shear_modulus, ga * gb / (ga + gb), 6e-16);
    /* The mixing rule changes G* only. */
    CHECK(q.effective_modulus == p.effective_modulus && c.effective_radius == p.effective_radius);
    CHECK(c.effective_mass == p.effective_mass);
}

/* A given shear modulus is used as given (001 gives G separately), in every rule. */
static void given_shear_modulus_is_used(void)
{
    demc_material a = demc_material_make(1e9, 0.25, 1000);
    demc_pair p;
    a.shear_modulus = 5e8; /* not E/(2(1+ν)) = 4e8 */
    CHECK(demc_material_shear_modulus(&a) == 5e8);
    CHECK(demc_material_pair_sphere_sphere(&a, 1, &a, 1, DEMC_SHEAR_CAMPELLO, &p, NULL) == DEMC_OK);
    CHECK_REL(p.effective_shear_modulus, 2.5e8, 1e-15);
    CHECK(demc_material_pair_sphere_wall(&a, 1, NULL, DEMC_SHEAR_MINDLIN, &p, NULL) == DEMC_OK);
    CHECK_REL(p.effective_shear_modulus, 5e8 / 1.75, 1e-15);
}

/* Swapping i and j gives bit-identical effective properties under every rule. */
static void pair_is_symmetric(void)
{
    demc_material a = demc_material_make(210e9, 0.29, 7850), b = demc_material_make(3e9, 0.41, 1200);
    demc_pair p, q;
    int mix;
    for (mix = 0; mix < 3; ++mix) {
        CHECK(demc_material_pair_sphere_sphere(&a, 1e-3, &b, 3e-3, (demc_shear_mixing)mix, &p, NULL) == DEMC_OK);
        CHECK(demc_material_pair_sphere_sphere(&b, 3e-3, &a, 1e-3, (demc_shear_mixing)mix, &q, NULL) == DEMC_OK);
        CHECK(memcmp(&p, &q, sizeof p) == 0);
    }
}

/* Sphere–wall is the limit of sphere–sphere as the second radius (and with it the mass) grows; a rigid wall is
 * the further limit of an infinitely stiff second body. The error of the limit is O(R_i/R_j) and O(E_i/E_j). */
static void wall_is_the_limit_of_a_large_sphere(void)
{
    demc_material a = demc_material_make(63e9, 0.24, 2500), w = demc_material_make(200e9, 0.3, 7800), stiff = w;
    demc_pair big, wall;
    int mix;
    stiff.youngs_modulus = 200e9 * 1e10;
    stiff.shear_modulus = demc_material_shear_modulus(&w) * 1e10;
    for (mix = 0; mix < 3; ++mix) {
        CHECK(demc_material_pair_sphere_sphere(&a, 1e-3, &w, 1e-3 * 1e9, (demc_shear_mixing)mix, &big, NULL) == DEMC_OK);
        CHECK(demc_material_pair_sphere_wall(&a, 1e-3, &w, (demc_shear_mixing)mix, &wall, NULL) == DEMC_OK);
        CHECK(big.effective_modulus == wall.effective_modulus);
        CHECK(big.effective_shear_modulus == wall.effective_shear_modulus);
        CHECK_REL(big.effective_radius, wall.effective_radius, 2e-9);
        CHECK_REL(big.effective_mass, wall.effective_mass, 1e-15);
        CHECK_REL(wall.effective_radius, 1e-3, 0);
        CHECK_REL(wall.effective_mass, 4.0 / 3.0 * pi * 2500 * 1e-9, 1e-15);
        CHECK(demc_material_pair_sphere_sphere(&a, 1e-3, &stiff, 1e6, (demc_shear_mixing)mix, &big, NULL) == DEMC_OK);
        CHECK(demc_material_pair_sphere_wall(&a, 1e-3, NULL, (demc_shear_mixing)mix, &wall, NULL) == DEMC_OK);
        CHECK_REL(big.effective_modulus, wall.effective_modulus, 1e-9);
        CHECK_REL(big.effective_shear_modulus, wall.effective_shear_modulus, 1e-9);
        CHECK_REL(big.effective_radius, wall.effective_radius, 1e-8);
    }
    /* Rigid wall closed forms: E* = E/(1−ν²); Mindlin G* = G/(2−ν); 000 eq 23: 2/3 of it; 001 eq 38: G. */
    CHECK(demc_material_pair_sphere_wall(&a, 1e-3, NULL, DEMC_SHEAR_MINDLIN, &wall, NULL) == DEMC_OK);
    CHECK_REL(wall.effective_modulus, 63e9 / (1 - 0.24 * 0.24), 1e-15);
    CHECK_REL(wall.effective_shear_modulus, 63e9 / (2 * 1.24) / (2 - 0.24), 1e-15);
    CHECK(demc_material_pair_sphere_wall(&a, 1e-3, NULL, DEMC_SHEAR_ZABULIONIS, &wall, NULL) == DEMC_OK);
    CHECK_REL(wall.effective_shear_modulus, 2.0 / 3.0 * 63e9 / (2 * 1.24) / (2 - 0.24), 1e-15);
    CHECK(demc_material_pair_sphere_wall(&a, 1e-3, NULL, DEMC_SHEAR_CAMPELLO, &wall, NULL) == DEMC_OK);
    CHECK_REL(wall.effective_shear_modulus, 63e9 / (2 * 1.24), 1e-15);
}

static void invalid_inputs_are_named(void)
{
    volatile double zero = 0.0;
    const double nan = zero / zero, inf = 1.0 / zero;
    const double nonfinite[] = {nan, inf, -inf};
    /* Out-of-domain values per field: E, ν, ρ, G. */
    const double bad_e[] = {0.0, -1e9, -DBL_MIN};
    const double bad_nu[] = {-1.0, -1.5, 0.5000000000000001, 0.7};
    const double bad_rho[] = {0.0, -1.0};
    const double bad_g[] = {-1.0, -DBL_MIN};
    const char *fields[] = {"youngs_modulus", "poisson_ratio", "density", "shear_modulus"};
    demc_material good = demc_material_make(1e9, 0.3, 1000), m;
    demc_pair out, sentinel;
    const char *bad;
    char name[64];
    int f, k, role;
    memset(&sentinel, 0x5a, sizeof sentinel);
    for (f = 0; f < 4; ++f) {
        for (role = 0; role < 3; ++role) {
            const char *prefix = role == 0 ? "" : role == 1 ? "material_i." : "material_j.";
            sprintf(name, "%s%s", prefix, fields[f]);
            for (k = 0; k < 3 + 4; ++k) {
                double v;
                demc_status expect, s;
                if (k < 3) {
                    v = nonfinite[k];
                    expect = DEMC_ERR_INVALID_ARGUMENT;
                } else {
                    const double *list = f == 0 ? bad_e : f == 1 ? bad_nu : f == 2 ? bad_rho : bad_g;
                    int n = f == 0 ? 3 : f == 1 ? 4 : 2;
                    if (k - 3 >= n) continue;
                    v = list[k - 3];
                    expect = DEMC_ERR_OUT_OF_DOMAIN;
                }
                m = good;
                if (f == 0) m.youngs_modulus = v;
                if (f == 1) m.poisson_ratio = v;
                if (f == 2) m.density = v;
                if (f == 3) m.shear_modulus = v;
                out = sentinel;
                bad = NULL;
                if (role == 0) s = demc_material_validate(&m, &bad);
                else if (role == 1) s = demc_material_pair_sphere_sphere(&m, 1e-3, &good, 1e-3, DEMC_SHEAR_MINDLIN, &out, &bad);
                else s = demc_material_pair_sphere_sphere(&good, 1e-3, &m, 1e-3, DEMC_SHEAR_MINDLIN, &out, &bad);
                if (!CHECK(s == expect && same_name(bad, name)))
                    printf("    field %s value %g: status %d, name %s\n", name, v, (int)s, bad ? bad : "(null)");
                CHECK(memcmp(&out, &sentinel, sizeof out) == 0);
                /* The same through the wall slot (density is not needed there). */
                if (role == 2) {
                    sprintf(name, "wall.%s", fields[f]);
                    bad = NULL;
                    s = demc_material_pair_sphere_wall(&good, 1e-3, &m, DEMC_SHEAR_MINDLIN, &out, &bad);
                    if (f == 2) CHECK(s == DEMC_OK && bad == NULL);
                    else CHECK(s == expect && same_name(bad, name));
                    sprintf(name, "%s%s", prefix, fields[f]);
                }
            }
        }
    }
    /* Radii, pointers, the enumerator. */
    {
        const double bad_r[] = {nan, inf, -inf, 0.0, -1e-3};
        for (k = 0; k < 5; ++k) {
            demc_status expect = k < 3 ? DEMC_ERR_INVALID_ARGUMENT : DEMC_ERR_OUT_OF_DOMAIN;
            CHECK(demc_material_pair_sphere_sphere(&good, bad_r[k], &good, 1, DEMC_SHEAR_MINDLIN, &out, &bad) == expect);
            CHECK(same_name(bad, "radius_i"));
            CHECK(demc_material_pair_sphere_sphere(&good, 1, &good, bad_r[k], DEMC_SHEAR_MINDLIN, &out, &bad) == expect);
            CHECK(same_name(bad, "radius_j"));
            CHECK(demc_material_pair_sphere_wall(&good, bad_r[k], NULL, DEMC_SHEAR_MINDLIN, &out, &bad) == expect);
            CHECK(same_name(bad, "radius_i"));
        }
    }
    CHECK(demc_material_validate(NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "material"));
    CHECK(demc_material_pair_sphere_sphere(&good, 1, &good, 1, DEMC_SHEAR_MINDLIN, NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(same_name(bad, "pair"));
    CHECK(demc_material_pair_sphere_sphere(NULL, 1, &good, 1, DEMC_SHEAR_MINDLIN, &out, &bad) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(same_name(bad, "material_i"));
    CHECK(demc_material_pair_sphere_sphere(&good, 1, NULL, 1, DEMC_SHEAR_MINDLIN, &out, &bad) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(same_name(bad, "material_j"));
    CHECK(demc_material_pair_sphere_wall(&good, 1, NULL, DEMC_SHEAR_MINDLIN, NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(same_name(bad, "pair"));
    CHECK(demc_material_pair_sphere_wall(NULL, 1, NULL, DEMC_SHEAR_MINDLIN, &out, &bad) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(same_name(bad, "material_i"));
    CHECK(demc_material_pair_sphere_sphere(&good, 1, &good, 1, (demc_shear_mixing)3, &out, &bad) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(same_name(bad, "mixing"));
    CHECK(demc_material_pair_sphere_wall(&good, 1, NULL, (demc_shear_mixing)-1, &out, &bad) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(same_name(bad, "mixing"));
    /* A NULL bad_field is allowed everywhere. */
    CHECK(demc_material_pair_sphere_wall(&good, -1, NULL, DEMC_SHEAR_MINDLIN, &out, NULL) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_material_validate(&good, NULL) == DEMC_OK);
}

/* The edges of the domain are accepted; results that do not fit a double are reported, never returned. */
static void domain_edges_and_unrepresentable_results(void)
{
    demc_material m = demc_material_make(1e9, 0.5, 1000), huge = demc_material_make(DBL_MAX, -0.9, 1000);
    demc_pair p, sentinel;
    const char *bad;
    CHECK(demc_material_validate(&m, &bad) == DEMC_OK && bad == NULL);
    m.poisson_ratio = -0.999999;
    CHECK(demc_material_pair_sphere_sphere(&m, 1, &m, 1, DEMC_SHEAR_MINDLIN, &p, &bad) == DEMC_OK);
    CHECK(demc_is_finite(p.effective_modulus) && p.effective_modulus > 0);
    /* G = E/(2(1+ν)) overflows. */
    CHECK(demc_material_validate(&huge, &bad) == DEMC_ERR_SINGULAR && same_name(bad, "shear_modulus"));
    /* Two enormous spheres: m* overflows; two tiny ones: m* underflows to 0. */
    m = demc_material_make(1e9, 0.3, 1e300);
    memset(&sentinel, 0x5a, sizeof sentinel);
    p = sentinel;
    CHECK(demc_material_pair_sphere_sphere(&m, 1e10, &m, 1e10, DEMC_SHEAR_MINDLIN, &p, &bad) == DEMC_ERR_SINGULAR);
    CHECK(same_name(bad, "pair.effective_mass") && memcmp(&p, &sentinel, sizeof p) == 0);
    m = demc_material_make(1e9, 0.3, 1e-300);
    CHECK(demc_material_pair_sphere_wall(&m, 1e-10, NULL, DEMC_SHEAR_MINDLIN, &p, &bad) == DEMC_ERR_SINGULAR);
    CHECK(same_name(bad, "pair.effective_mass"));
}

static void pair_validation(void)
{
    volatile double zero = 0.0;
    demc_pair p;
    const char *bad;
    p.effective_modulus = 1e9;
    p.effective_shear_modulus = 4e8;
    p.effective_radius = 1e-3;
    p.effective_mass = 1e-6;
    CHECK(demc_material_pair_validate(&p, &bad) == DEMC_OK && bad == NULL);
    p.effective_radius = zero / zero;
    CHECK(demc_material_pair_validate(&p, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "pair.effective_radius"));
    p.effective_radius = 1e-3;
    p.effective_mass = 0;
    CHECK(demc_material_pair_validate(&p, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "pair.effective_mass"));
    p.effective_mass = 1e-6;
    p.effective_modulus = -1;
    CHECK(demc_material_pair_validate(&p, &bad) == DEMC_ERR_OUT_OF_DOMAIN && same_name(bad, "pair.effective_modulus"));
    p.effective_modulus = 1e9;
    p.effective_shear_modulus = 1.0 / zero;
    CHECK(demc_material_pair_validate(&p, &bad) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(same_name(bad, "pair.effective_shear_modulus"));
    CHECK(demc_material_pair_validate(NULL, &bad) == DEMC_ERR_INVALID_ARGUMENT && same_name(bad, "pair"));
}

static void make_derives_shear_modulus(void)
{
    demc_material m = demc_material_make(2e11, 0.25, 7800);
    CHECK(m.youngs_modulus == 2e11 && m.poisson_ratio == 0.25 && m.density == 7800 && m.shear_modulus == 0);
    CHECK_REL(demc_material_shear_modulus(&m), 8e10, 1e-15);
}

int main(void)
{
    RUN(equal_spheres_match_002_and_004);
    RUN(unequal_pair_matches_product_forms);
    RUN(given_shear_modulus_is_used);
    RUN(pair_is_symmetric);
    RUN(wall_is_the_limit_of_a_large_sphere);
    RUN(invalid_inputs_are_named);
    RUN(domain_edges_and_unrepresentable_results);
    RUN(pair_validation);
    RUN(make_derives_shear_modulus);
    return harness_finish("test_material");
}
