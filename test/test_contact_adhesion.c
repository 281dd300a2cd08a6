/* contact.h with an adhesive normal law (JKR, DMT, simplified JKR): statuses and bad fields of the new description
 * fields; the range and the frame builders; the forces against closed forms written here; w = 0 is the Hertz
 * model bit for bit; a head-on JKR collision integrated through demc_contact_eval() sticks below and bounces above
 * the critical velocity of Thornton & Ning (1998); friction starts at μ(F_n + 2F_c) (Thornton & Yin 1991); the
 * energy balance of an adhesive oblique collision closes within the integration error. */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "demc.h"
#include "harness.h"
#include "support/setup_checks.h"

#define PI 3.14159265358979323846

static demc_vec3 v3(double x, double y, double z) { return demc_vec3_make(x, y, z); }

typedef struct cstate {
    double d[DEMC_CONTACT_STATE_MAX];
} cstate;

/* Glass-like material: E = 70 GPa, ν = 0.3 (E* = E/(2(1 − ν²)) for a like pair), ρ = 2650 kg/m³. */
static demc_material glass(void) { return demc_material_make(7e10, 0.3, 2650.0); }

static demc_body sphere(demc_vec3 x, demc_vec3 v, demc_vec3 w, double radius)
{
    demc_body b;
    b.position = x;
    b.velocity = v;
    b.angular_velocity = w;
    b.radius = radius;
    b.mass = 4.0 / 3.0 * PI * radius * radius * radius * 2650.0;
    b.inertia = 0.0; /* a solid sphere */
    return b;
}

/* A description with an adhesive law: damped (e) or not (e = 1 and no dashpot), friction μ (0: no spring). */
static demc_contact_def adhesive_def(demc_normal_law law, double adhesion, double e, double mu, double max_radius)
{
    demc_material g = glass();
    demc_contact_def def;
    CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof def, &def, NULL) == DEMC_OK);
    CHECK(demc_material_moduli_init(&g, &g, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
    def.normal = law;
    def.end = DEMC_CONTACT_END_OVERLAP;
    def.restitution = e;
    def.damping = e < 1.0 ? DEMC_DAMPING_VISCOUS : DEMC_DAMPING_NONE;
    def.tangential = mu > 0.0 ? DEMC_TANGENTIAL_SPRING : DEMC_TANGENTIAL_NONE;
    def.friction.mu_static = def.friction.mu_dynamic = mu;
    if (law == DEMC_NORMAL_SJKR || law == DEMC_NORMAL_SJKR2) def.cohesion_energy_density = adhesion;
    else def.work_of_adhesion = adhesion;
    def.max_effective_radius = max_radius;
    return def;
}

static void adhesive_model(demc_normal_law law, double adhesion, double e, double mu, double max_radius,
                           demc_contact_model *m)
{
    demc_contact_def def = adhesive_def(law, adhesion, e, mu, max_radius);
    const char *field = "unset";
    if (!CHECK(demc_contact_model_init(&def, m, &field) == DEMC_OK)) printf("    bad field %s\n", field);
}

static double estar(void) { return 7e10 / (2.0 * (1.0 - 0.09)); }

/* ---- closed forms of the JKR theory (Johnson, Kendall & Roberts 1971), written here ----------------------- */

typedef struct jkr {
    double e, r, w, c; /* E*, R*, w, c = R*√(2πw/E*) */
} jkr;

static jkr jkr_of(double e, double r, double w)
{
    jkr j;
    j.e = e, j.r = r, j.w = w, j.c = r * sqrt(2 * PI * w / e);
    return j;
}
static double jkr_delta(const jkr *j, double a) { return (a * a - j->c * sqrt(a)) / j->r; }
static double jkr_force(const jkr *j, double a) { return j->e * a / j->r * (4.0 / 3.0 * a * a - 2 * j->c * sqrt(a)); }
/* The stable-branch radius at δ ≥ δ_c, by bisection of δ(a) on a ≥ a_c = (c/4)^{2/3} (δ increases there). */
static double jkr_radius(const jkr *j, double delta)
{
    double lo = pow(j->c / 4, 2.0 / 3.0), hi = lo + 10 * sqrt(fabs(j->r * delta)) + 10 * pow(j->c, 2.0 / 3.0);
    int k;
    for (k = 0; k < 200; ++k) {
        const double mid = 0.5 * (lo + hi);
        if (jkr_delta(j, mid) < delta) lo = mid;
        else hi = mid;
    }
    return 0.5 * (lo + hi);
}
/* −δ_c = (3/4)(π²w²R* /E*²)^{1/3}; the energy lost at the break, 7.09(w⁵R*⁴ /E*²)^{1/3} (Thornton & Ning 1998, three
 * printed digits) and its exact value U(a_c) = (E*c^{10/3} /R*²)(3/10 + 4^{−4/3}/5). */
static double jkr_separation(const jkr *j) { return 0.75 * cbrt(PI * PI * j->w * j->w * j->r / (j->e * j->e)); }
static double jkr_loss_published(const jkr *j)
{
    return 7.09 * cbrt(pow(j->w, 5) * pow(j->r, 4) / (j->e * j->e));
}
static double jkr_loss_exact(const jkr *j)
{
    return j->e * pow(j->c, 10.0 / 3.0) / (j->r * j->r) * (0.3 + pow(4.0, -4.0 / 3.0) / 5);
}

/* One evaluation of a sphere pair with its energy terms. */
typedef struct step {
    demc_contact_result r;
    demc_contact_diag d;
} step;

static step eval_pair(const demc_contact_model *m, const demc_body *i, const demc_body *j, double dt, cstate *s)
{
    step out;
    demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
    demc_contact_frame f = demc_contact_frame_sphere_sphere(m, i, j);
    out.r = demc_contact_eval(m, &f, dt, s->d, &d);
    out.d = d;
    return out;
}

static double dissipated(const demc_contact_diag *d)
{
    return d->viscous_dissipation + d->friction_dissipation + d->plastic_dissipation + d->tangential_exchange +
           d->adhesion_dissipation;
}

/* ---- setup ------------------------------------------------------------------------------------------------ */

/* Sets field k of a JKR description, in the order demc_contact_model_init() reads them. */
static void jkr_def_set(void *object, int k, double v)
{
    demc_contact_def *d = (demc_contact_def *)object;
    switch (k) {
    case 0: d->moduli.effective_modulus = v; break;
    case 1: d->moduli.effective_shear_modulus = v; break;
    case 2: d->moduli.compliance_asymmetry = v; break;
    case 3: d->restitution = v; break;
    case 4: d->end = (demc_contact_end)(int)v; break;
    case 5: d->tangential_damping_scale = v; break;
    case 6: d->friction.mu_static = v; break;
    case 7: d->friction.mu_dynamic = v; break;
    case 8: d->friction.stiffness_rule = (demc_stiffness_rule)(int)v; break;
    case 9: d->friction.recalculation = (demc_slip_recalculation)(int)v; break;
    case 10: d->friction.direction = (demc_slip_direction)(int)v; break;
    case 11: d->friction.unloading = (demc_unloading_rule)(int)v; break;
    case 12: d->friction.coulomb = (demc_coulomb_policy)(int)v; break;
    case 13: d->transport = (demc_memory_transport)(int)v; break;
    case 14: d->transport_spin = (int)v; break;
    case 15: d->contact_point = (demc_contact_point_rule)(int)v; break;
    case 16: d->work_of_adhesion = v; break;
    default: d->max_effective_radius = v; break;
    }
}

/* The SJKR description reads k where JKR reads w, and no largest radius. */
static void sjkr_def_set(void *object, int k, double v)
{
    demc_contact_def *d = (demc_contact_def *)object;
    if (k == 16) d->cohesion_energy_density = v;
    else jkr_def_set(object, k, v);
}

static void statuses_and_bad_fields(void)
{
    const char *const name[18] = {
        "def.moduli.effective_modulus", "def.moduli.effective_shear_modulus", "def.moduli.compliance_asymmetry",
        "def.restitution", "def.end", "def.tangential_damping_scale", "def.friction.mu_static",
        "def.friction.mu_dynamic", "def.friction.stiffness_rule", "def.friction.recalculation",
        "def.friction.direction", "def.friction.unloading", "def.friction.coulomb", "def.transport", "def.transport_spin",
        "def.contact_point", "def.work_of_adhesion", "def.max_effective_radius"};
    const int past[18] = {0, 0, 0, 0, 2, 0, 0, 0, 4, 2, 3, 2, 3, 2, 2, 2, 0, 0};
    const double out[18][2] = {{0.0, -1.0}, {0.0, -1e-300}, {1.5, -2.0}, {0.0, 1.5}, {0, 0}, {-1.0, -1e-300},
                               {-0.1, -1e-300}, {-0.1, 0.6}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
                               {0, 0}, {0, 0}, {-1.0, -1e-300}, {0.0, -1e-6}};
    const char *const sname[17] = {
        "def.moduli.effective_modulus", "def.moduli.effective_shear_modulus", "def.moduli.compliance_asymmetry",
        "def.restitution", "def.end", "def.tangential_damping_scale", "def.friction.mu_static",
        "def.friction.mu_dynamic", "def.friction.stiffness_rule", "def.friction.recalculation",
        "def.friction.direction", "def.friction.unloading", "def.friction.coulomb", "def.transport", "def.transport_spin",
        "def.contact_point", "def.cohesion_energy_density"};
    const setup_fields jkr_fields = {18, name, past, out, jkr_def_set, setup_contact_def_check};
    const setup_fields dmt_fields = {17, name, past, out, jkr_def_set, setup_contact_def_check};
    const setup_fields sjkr_fields = {17, sname, past, out, sjkr_def_set, setup_contact_def_check};
    demc_contact_def good = adhesive_def(DEMC_NORMAL_JKR, 0.1, 0.8, 0.5, 1e-5), scratch, d;
    demc_contact_model m;
    const char *field = "unset";
    int law;
    good.friction.mu_dynamic = 0.4;
    setup_check_fields(&jkr_fields, &good, &scratch, sizeof good);
    good.normal = DEMC_NORMAL_DMT;
    setup_check_fields(&dmt_fields, &good, &scratch, sizeof good);
    good.normal = DEMC_NORMAL_SJKR;
    good.cohesion_energy_density = 1e5;
    setup_check_fields(&sjkr_fields, &good, &scratch, sizeof good);
    good.normal = DEMC_NORMAL_SJKR2;
    setup_check_fields(&sjkr_fields, &good, &scratch, sizeof good);

    /* The force end rule (the default) is incompatible with every adhesive law, damped or not. */
    for (law = DEMC_NORMAL_JKR; law <= DEMC_NORMAL_SJKR2; ++law) {
        int damped;
        for (damped = 0; damped < 2; ++damped) {
            d = adhesive_def((demc_normal_law)law, 0.1, damped ? 0.8 : 1.0, 0.3, 1e-5);
            d.end = DEMC_CONTACT_END_FORCE;
            field = "unset";
            CHECK(setup_failed_as(setup_contact_def_check(&d, &field), &field, DEMC_ERR_OUT_OF_DOMAIN, "def.end"));
        }
    }
    /* A law past the last one is an option of a newer library. */
    d = adhesive_def(DEMC_NORMAL_JKR, 0.1, 0.8, 0.3, 1e-5);
    d.normal = (demc_normal_law)(DEMC_NORMAL_EEPA + 1);
    CHECK(setup_failed_as(setup_contact_def_check(&d, &field), &field, DEMC_ERR_UNSUPPORTED, "def.normal"));
    /* Fields a law does not use are not read: w and the radius for the simplified JKR, k for JKR and DMT, all
     * three for Hertz. */
    {
        volatile double zero = 0.0;
        const double nan = zero / zero;
        d = adhesive_def(DEMC_NORMAL_SJKR, 1e5, 0.8, 0.3, nan);
        d.work_of_adhesion = nan;
        CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
        d = adhesive_def(DEMC_NORMAL_DMT, 0.1, 0.8, 0.3, nan);
        d.cohesion_energy_density = nan;
        CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
        d = adhesive_def(DEMC_NORMAL_HERTZ, 0.1, 0.8, 0.3, nan);
        d.work_of_adhesion = d.cohesion_energy_density = nan;
        CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
    }
    /* JKR constants that are not representable: SINGULAR, named by w. */
    d = adhesive_def(DEMC_NORMAL_JKR, 1e300, 0.8, 0.3, 1e300);
    d.moduli.effective_modulus = 1e-300;
    CHECK(setup_failed_as(setup_contact_def_check(&d, &field), &field, DEMC_ERR_SINGULAR, "def.work_of_adhesion"));
    /* No model out: INVALID_ARGUMENT "model"; NULL bad_field accepted. */
    d = adhesive_def(DEMC_NORMAL_JKR, 0.1, 0.8, 0.3, 1e-5);
    CHECK(setup_failed_as(demc_contact_model_init(&d, NULL, &field), &field, DEMC_ERR_INVALID_ARGUMENT, "model"));
    CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
    /* A new diag and def start with the appended fields zero. */
    {
        demc_contact_diag dg = DEMC_CONTACT_DIAG_INIT;
        CHECK(dg.adhesion_dissipation == 0.0 && dg.size == sizeof dg);
        CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof d, &d, NULL) == DEMC_OK);
        CHECK(d.work_of_adhesion == 0.0 && d.cohesion_energy_density == 0.0 && d.max_effective_radius == 0.0);
    }
}

/* The range is the JKR separation at the largest R*; the builders keep the pairs inside it; the state has the
 * neck, kept under the swap. */
static void range_builders_and_state(void)
{
    const double w = 0.2, rmax = 4e-6, e = estar();
    const jkr j = jkr_of(e, rmax, w);
    demc_contact_model m, hz;
    demc_contact_def def;
    int law;
    adhesive_model(DEMC_NORMAL_JKR, w, 0.8, 0.3, rmax, &m);
    CHECK_REL(demc_contact_model_range(&m), jkr_separation(&j), 1e-14);
    for (law = DEMC_NORMAL_DMT; law <= DEMC_NORMAL_SJKR2; ++law) {
        demc_contact_model o;
        adhesive_model((demc_normal_law)law, law == DEMC_NORMAL_DMT ? w : 1e6, 0.8, 0.3, rmax, &o);
        CHECK(demc_contact_model_range(&o) == 0.0);
        /* no neck: the state is the Hertz model's */
        CHECK(demc_contact_model_state_size(&o) == 9);
    }
    /* Sphere–sphere: R_i = R_j = 8 µm (R* = 4 µm = the largest); kept at 0.99 of the range, dropped at 1.01. */
    {
        const double r = 8e-6, range = demc_contact_model_range(&m);
        demc_body a = sphere(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
        demc_body b = sphere(v3(2 * r + 0.99 * range, 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
        demc_contact_frame f = demc_contact_frame_sphere_sphere(&m, &a, &b);
        demc_wall wall;
        CHECK_REL(f.overlap, -0.99 * range, 1e-6);
        CHECK(f.effective_radius > 0.0 && f.normal.x == -1.0);
        b.position.x = 2 * r + 1.01 * range;
        f = demc_contact_frame_sphere_sphere(&m, &a, &b);
        CHECK(f.overlap == 0.0 && f.effective_radius == 0.0);
        /* the wall builder: the same reach below the plane z = 0 */
        wall.point = v3(0, 0, 0), wall.normal = v3(0, 0, 1), wall.velocity = v3(0, 0, 0);
        wall.angular_velocity = v3(0, 0, 0);
        a = sphere(v3(0, 0, r + 0.99 * range), v3(0, 0, 0), v3(0, 0, 0), r);
        f = demc_contact_frame_sphere_wall(&m, &a, &wall);
        CHECK_REL(f.overlap, -0.99 * range, 1e-6);
        CHECK(f.effective_radius == r);
        a.position.z = r + 1.01 * range;
        f = demc_contact_frame_sphere_wall(&m, &a, &wall);
        CHECK(f.overlap == 0.0 && f.effective_radius == 0.0);
    }
    /* JKR adds one double after the Hertz model's 9 (the neck), kept under the swap. */
    def = adhesive_def(DEMC_NORMAL_HERTZ, 0.0, 0.8, 0.3, 0.0);
    CHECK(demc_contact_model_init(&def, &hz, NULL) == DEMC_OK);
    CHECK(demc_contact_model_state_size(&m) == demc_contact_model_state_size(&hz) + 1);
    CHECK(demc_contact_state_flips(&m, 9) == 0);
    {
        cstate s;
        size_t k;
        for (k = 0; k < DEMC_CONTACT_STATE_MAX; ++k) s.d[k] = 1.0 + (double)k;
        demc_contact_state_swap(&m, s.d);
        CHECK(s.d[9] == 10.0 && s.d[0] == -1.0 && s.d[5] == -6.0 && s.d[6] == 7.0);
    }
}

/* ---- forces ------------------------------------------------------------------------------------------------ */

/* Undamped, frictionless: the normal force is the law's, against the closed forms; JKR holds the neck in tension
 * down to δ_c and breaks below it, reporting the energy of the break. */
static void forces_against_closed_forms(void)
{
    const double e = estar(), w = 0.15, r = 5e-6, rs = 2.5e-6, dt = 1e-9;
    const jkr j = jkr_of(e, rs, w);
    const double sep = jkr_separation(&j);
    demc_contact_model m;
    cstate s;
    double deltas[] = {1e-8, 3e-9, 0.0, -0.5 * sep, -0.99 * sep}, hertz_k = 4.0 / 3.0 * e * sqrt(rs);
    int k;
    adhesive_model(DEMC_NORMAL_JKR, w, 1.0, 0.0, rs, &m);
    memset(&s, 0, sizeof s);
    /* No neck yet: nothing at δ < 0 or δ = 0. */
    {
        demc_body a = sphere(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
        demc_body b = sphere(v3(2 * r + 0.5 * sep, 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
        step st = eval_pair(&m, &a, &b, dt, &s);
        CHECK(st.r.normal_force == 0.0 && st.r.force.x == 0.0 && s.d[0] == 0.0);
    }
    for (k = 0; k < 5; ++k) {
        demc_body a = sphere(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
        demc_body b = sphere(v3(2 * r - deltas[k], 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
        step st = eval_pair(&m, &a, &b, dt, &s);
        const double expected = jkr_force(&j, jkr_radius(&j, deltas[k]));
        /* the force on i (at x = 0, n = −x) is F n */
        CHECK_REL(st.r.normal_force, expected, 1e-9);
        CHECK_REL(-st.r.force.x, expected, 1e-9);
        CHECK(st.d.adhesion_dissipation == 0.0);
    }
    /* Past δ_c the neck breaks: zero force, the state reset, the energy U(a_c) reported once. */
    {
        demc_body a = sphere(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
        demc_body b = sphere(v3(2 * r + 1.001 * sep, 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
        step st = eval_pair(&m, &a, &b, dt, &s);
        cstate zero;
        memset(&zero, 0, sizeof zero);
        CHECK(st.r.normal_force == 0.0 && st.r.force.x == 0.0);
        CHECK(memcmp(&s, &zero, sizeof s) == 0);
        CHECK_REL(st.d.adhesion_dissipation, jkr_loss_exact(&j), 1e-12);
        /* the frame was empty here (the builder drops the pair past the range): the neck's R* served */
        CHECK(demc_contact_frame_sphere_sphere(&m, &a, &b).effective_radius == 0.0);
        st = eval_pair(&m, &a, &b, dt, &s);
        CHECK(st.d.adhesion_dissipation == 0.0);
    }
    /* A diag of an older size: the appended field is not written. */
    {
        demc_body a = sphere(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
        demc_body b = sphere(v3(2 * r - 1e-8, 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
        demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
        demc_contact_frame f = demc_contact_frame_sphere_sphere(&m, &a, &b);
        d.size = offsetof(demc_contact_diag, adhesion_dissipation);
        d.adhesion_dissipation = 42.0;
        demc_contact_eval(&m, &f, dt, s.d, &d);
        b.position.x = 2 * r + 2 * sep;
        f = demc_contact_frame_sphere_sphere(&m, &a, &b);
        demc_contact_eval(&m, &f, dt, s.d, &d);
        CHECK(d.adhesion_dissipation == 42.0 && s.d[0] == 0.0);
    }
    /* DMT: Kδ^{3/2} − 2πwR* for δ > 0, nothing at δ ≤ 0; energy (2/5)Kδ^{5/2} − 2πwR*δ. */
    adhesive_model(DEMC_NORMAL_DMT, w, 1.0, 0.0, 0.0, &m);
    for (k = 0; k < 3; ++k) {
        demc_body a = sphere(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
        demc_body b = sphere(v3(2 * r - deltas[k], 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
        step st = eval_pair(&m, &a, &b, dt, &s);
        const double dl = deltas[k];
        if (dl > 0) {
            CHECK_REL(st.r.normal_force, hertz_k * pow(dl, 1.5) - 2 * PI * w * rs, 1e-9);
            CHECK_REL(st.d.normal_energy, 0.4 * hertz_k * pow(dl, 2.5) - 2 * PI * w * rs * dl, 1e-9);
        } else {
            CHECK(st.r.normal_force == 0.0);
        }
    }
    /* Simplified JKR: Hertz − k A, A the lens πa² of the intersecting spheres (a from plane geometry: the circle
     * where spheres of radii R_i, R_j at distance x meet) or 2π(2R*)δ; against a wall π(2R_iδ − δ²) or 2πR_iδ. */
    {
        const double ri = 6e-6, rj = 3e-6, kc = 2e6, dl = 4e-8, x = ri + rj - dl;
        const double rss = ri * rj / (ri + rj), kh = 4.0 / 3.0 * e * sqrt(rss), kw = 4.0 / 3.0 * e * sqrt(ri);
        /* the intersection circle: distance h from centre i along the axis, h = (x² + R_i² − R_j²)/(2x) */
        const double h = (x * x + ri * ri - rj * rj) / (2 * x), lens = PI * (ri * ri - h * h);
        demc_wall wall;
        int variant;
        wall.point = v3(0, 0, 0), wall.normal = v3(0, 0, 1), wall.velocity = v3(0, 0, 0);
        wall.angular_velocity = v3(0, 0, 0);
        for (variant = 0; variant < 2; ++variant) {
            const demc_normal_law law = variant ? DEMC_NORMAL_SJKR2 : DEMC_NORMAL_SJKR;
            const double area = variant ? 2 * PI * 2 * rss * dl : lens;
            const double area_wall = variant ? 2 * PI * ri * dl : PI * (2 * ri * dl - dl * dl);
            int rule;
            for (rule = 0; rule < 2; ++rule) { /* both contact-point rules: R_i is read from the frame */
                demc_contact_def def = adhesive_def(law, kc, 1.0, 0.0, 0.0);
                demc_material steel = demc_material_make(2e11, 0.3, 7800.0);
                demc_material g = glass();
                demc_body a = sphere(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), ri);
                demc_body b = sphere(v3(0.6 * x, 0.8 * x, 0), v3(0, 0, 0), v3(0, 0, 0), rj);
                demc_contact_frame f;
                demc_contact_result res;
                double ee;
                def.contact_point = rule ? DEMC_CONTACT_POINT_HALF : DEMC_CONTACT_POINT_COMPLIANCE;
                /* unlike materials, so that the compliance rule does not split the overlap in halves */
                CHECK(demc_material_moduli_init(&g, &steel, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
                ee = def.moduli.effective_modulus;
                CHECK(demc_contact_model_init(&def, &m, NULL) == DEMC_OK);
                memset(&s, 0, sizeof s);
                f = demc_contact_frame_sphere_sphere(&m, &a, &b);
                res = demc_contact_eval(&m, &f, dt, s.d, NULL);
                CHECK_REL(res.normal_force, kh / e * ee * pow(dl, 1.5) - kc * area, 1e-8);
                a.position = v3(0, 0, ri - dl);
                f = demc_contact_frame_sphere_wall(&m, &a, &wall);
                res = demc_contact_eval(&m, &f, dt, s.d, NULL);
                CHECK_REL(res.normal_force, kw / e * ee * pow(dl, 1.5) - kc * area_wall, 1e-8);
            }
        }
    }
}

/* ---- w = 0 is the Hertz model ------------------------------------------------------------------------------ */

/* An oblique, spinning, damped, frictional collision integrated with both models gives the same forces, torques,
 * state and energy terms, bit for bit, at every step. */
static void zero_adhesion_is_hertz(void)
{
    int law;
    for (law = DEMC_NORMAL_JKR; law <= DEMC_NORMAL_SJKR2; ++law) {
        demc_contact_model hz, ad;
        demc_contact_def def = adhesive_def(DEMC_NORMAL_HERTZ, 0.0, 0.7, 0.3, 0.0);
        cstate s1, s2;
        demc_body a = sphere(v3(0, 0, 0), v3(0.3, 0.05, 0), v3(0, 0, 300), 5e-6);
        demc_body b = sphere(v3(1.0001e-5, 2e-6, 0), v3(-0.3, 0, 0.02), v3(100, 0, -50), 5e-6);
        const double dt = 2e-10;
        int k, touched = 0, differ = 0;
        CHECK(demc_contact_model_init(&def, &hz, NULL) == DEMC_OK);
        adhesive_model((demc_normal_law)law, 0.0, 0.7, 0.3, 5e-6, &ad);
        memset(&s1, 0, sizeof s1);
        memset(&s2, 0, sizeof s2);
        for (k = 0; k < 200000; ++k) {
            step x = eval_pair(&hz, &a, &b, dt, &s1), y = eval_pair(&ad, &a, &b, dt, &s2);
            if (memcmp(&x.r, &y.r, sizeof x.r) != 0 || memcmp(&x.d, &y.d, sizeof x.d) != 0 ||
                memcmp(s1.d, s2.d, 12 * sizeof(double)) != 0)
                differ = 1;
            if (x.r.overlap > 0) touched = 1;
            a.velocity = demc_vec3_add_scaled(a.velocity, dt / a.mass, x.r.force);
            b.velocity = demc_vec3_add_scaled(b.velocity, -dt / b.mass, x.r.force);
            a.position = demc_vec3_add_scaled(a.position, dt, a.velocity);
            b.position = demc_vec3_add_scaled(b.position, dt, b.velocity);
            if (touched && x.r.overlap <= 0) break;
        }
        CHECK(touched && !differ);
        if (harness_case_failed) printf("  law %d\n", law);
    }
}

/* ---- a head-on JKR collision: stick or bounce --------------------------------------------------------------- */

/* Two equal spheres approach at relative speed v; velocity Verlet with the assembled model (undamped JKR, no
 * friction). Returns the relative speed after the neck breaks (> 0: bounce), or −1 when the bodies turn back
 * towards each other with the neck holding (stick). */
static double jkr_collision(const demc_contact_model *m, double r, double v, double dt)
{
    demc_body a = sphere(v3(0, 0, 0), v3(0.5 * v, 0, 0), v3(0, 0, 0), r);
    demc_body b = sphere(v3(2 * r + 10 * v * dt, 0, 0), v3(-0.5 * v, 0, 0), v3(0, 0, 0), r);
    cstate s;
    step st;
    long k;
    int formed = 0, separating = 0;
    const size_t neck = demc_contact_model_state_size(m) - 1; /* the normal block is the last */
    memset(&s, 0, sizeof s);
    st = eval_pair(m, &a, &b, dt, &s);
    for (k = 0; k < 2000000L; ++k) {
        double rel;
        a.velocity = demc_vec3_add_scaled(a.velocity, 0.5 * dt / a.mass, st.r.force);
        b.velocity = demc_vec3_add_scaled(b.velocity, -0.5 * dt / b.mass, st.r.force);
        a.position = demc_vec3_add_scaled(a.position, dt, a.velocity);
        b.position = demc_vec3_add_scaled(b.position, dt, b.velocity);
        st = eval_pair(m, &a, &b, dt, &s);
        a.velocity = demc_vec3_add_scaled(a.velocity, 0.5 * dt / a.mass, st.r.force);
        b.velocity = demc_vec3_add_scaled(b.velocity, -0.5 * dt / b.mass, st.r.force);
        rel = b.velocity.x - a.velocity.x; /* > 0: separating */
        if (s.d[neck] != 0.0) formed = 1;
        if (formed && st.d.adhesion_dissipation > 0.0) return rel; /* the neck broke */
        if (formed && rel > 0) separating = 1;
        if (separating && rel < 0) return -1.0; /* turned back, bonded */
    }
    return -2.0; /* undecided: fails the checks */
}

static void jkr_stick_and_bounce(void)
{
    const double r = 5e-6, w = 0.5, e = estar(), rs = 0.5 * r;
    const double m_eff = 0.5 * (4.0 / 3.0 * PI * r * r * r * 2650.0);
    const jkr j = jkr_of(e, rs, w);
    const double v_pub = sqrt(2 * jkr_loss_published(&j) / m_eff), v_exact = sqrt(2 * jkr_loss_exact(&j) / m_eff);
    demc_contact_model m;
    double lo = 0.5 * v_pub, hi = 1.5 * v_pub, vb, dts[2] = {4e-11, 1e-11}, crit[2];
    int k, pass;
    adhesive_model(DEMC_NORMAL_JKR, w, 1.0, 0.0, rs, &m);
    for (pass = 0; pass < 2; ++pass) {
        const double dt = dts[pass];
        lo = 0.5 * v_pub, hi = 1.5 * v_pub;
        CHECK(jkr_collision(&m, r, lo, dt) == -1.0); /* sticks */
        CHECK(jkr_collision(&m, r, hi, dt) > 0.0);   /* bounces */
        for (k = 0; k < 22; ++k) {
            const double mid = 0.5 * (lo + hi);
            if (jkr_collision(&m, r, mid, dt) > 0.0) hi = mid;
            else lo = mid;
        }
        crit[pass] = 0.5 * (lo + hi);
    }
    if (getenv("DEMC_TEST_VERBOSE"))
        printf("  JKR sticking velocity: %.6g (dt 4e-11), %.6g (dt 1e-11); Thornton & Ning %.6g, exact %.6g m/s\n",
               crit[0], crit[1], v_pub, v_exact);
    CHECK_REL(crit[1], v_pub, 0.02);
    CHECK_REL(crit[1], v_exact, 5e-3);
    CHECK(fabs(crit[1] - v_exact) <= fabs(crit[0] - v_exact) || fabs(crit[1] - v_exact) <= 1e-4 * v_exact);
    /* Above it the rebound is √(v² − v_s²) (the elastic branch returns all but the energy of the break). */
    vb = jkr_collision(&m, r, 2 * v_exact, 1e-11);
    CHECK_REL(vb, sqrt(3.0) * v_exact, 5e-3);
}

/* ---- friction ------------------------------------------------------------------------------------------------ */

/* At a fixed overlap (also in tension, with the neck formed before) the tangential spring is loaded at constant
 * speed: sliding starts when its force reaches μ(F_n + lift): JKR lift 2F_c = 3πwR* (Thornton & Yin 1991), DMT
 * 2πwR*, simplified JKR kA (the Hertz part of the force). */
static void friction_starts_at_the_augmented_load(void)
{
    const double e = estar(), w = 0.15, r = 5e-6, rs = 2.5e-6, mu = 0.4, dt = 1e-9;
    const jkr j = jkr_of(e, rs, w);
    const double sep = jkr_separation(&j), hertz_k = 4.0 / 3.0 * e * sqrt(rs);
    const double deltas[3] = {2e-8, 1e-9, -0.8 * sep};
    int law, k;
    for (law = DEMC_NORMAL_JKR; law <= DEMC_NORMAL_SJKR2; ++law)
        for (k = 0; k < 3; ++k) {
            demc_contact_model m;
            cstate s;
            const double dl = deltas[k], kc = 3e7;
            demc_body a = sphere(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
            demc_body b = sphere(v3(2 * r - 1e-8, 0, 0), v3(0, 0, 0), v3(0, 0, 0), r);
            double load = 0.0, last_stick = 0.0, at_slip = -1.0;
            int n;
            if (law != DEMC_NORMAL_JKR && dl < 0) continue; /* only JKR holds in tension */
            adhesive_model((demc_normal_law)law, law >= DEMC_NORMAL_SJKR ? kc : w, 1.0, mu, rs, &m);
            memset(&s, 0, sizeof s);
            eval_pair(&m, &a, &b, dt, &s); /* touch first: the neck forms */
            b.position.x = 2 * r - dl;
            b.velocity = v3(0, 0, 1e-3); /* v_t of i relative to j: −1e-3 along z */
            if (law == DEMC_NORMAL_JKR) load = jkr_force(&j, jkr_radius(&j, dl)) + 3 * PI * w * rs;
            else load = hertz_k * pow(dl, 1.5); /* DMT and simplified JKR: the Hertz part */
            for (n = 0; n < 100000; ++n) {
                step st = eval_pair(&m, &a, &b, dt, &s);
                const double ft = fabs(st.r.force.z);
                if (st.d.sliding) {
                    at_slip = ft;
                    break;
                }
                last_stick = ft;
            }
            if (!CHECK_REL(at_slip, mu * load, 1e-9)) printf("    law %d, overlap %g\n", law, dl);
            CHECK(last_stick <= mu * load * (1 + 1e-12) && last_stick > 0.95 * mu * load);
            CHECK(load > 0);
        }
}

/* ---- energy balance ------------------------------------------------------------------------------------------ */

/* An oblique JKR collision of spinning spheres with friction and dashpots, above the sticking speed so that the
 * neck breaks: kinetic + normal energy (the JKR potential) + tangential energy + every dissipation and exchange
 * term (the energy of the break included) equals the initial kinetic energy up to the integration error, which
 * shrinks with the step. The same for DMT and the simplified JKR. Returns the largest imbalance over the
 * initial kinetic energy. */
typedef struct rigid {
    demc_vec3 x, v, w;
    double m, I;
} rigid;
static double adhesive_energy_imbalance(demc_normal_law law, double dt, int *broke)
{
    const double r = 5e-6, w = 0.5, mass = 4.0 / 3.0 * PI * r * r * r * 2650.0;
    demc_contact_model m;
    cstate s;
    rigid b[2];
    step st;
    double ke0 = 0, diss = 0, worst = 0, t;
    int k, started = 0;
    adhesive_model(law, law >= DEMC_NORMAL_SJKR ? 3e7 : w, 0.9, 0.3, 0.5 * r, &m);
    memset(&s, 0, sizeof s);
    for (k = 0; k < 2; ++k) b[k].m = mass, b[k].I = 0.4 * mass * r * r;
    b[0].x = v3(0, 0, 0), b[0].v = v3(0.25, 0.1, 0), b[0].w = v3(0, 0, 2e4);
    b[1].x = v3(2 * r + 2e-9, 2e-6, 0), b[1].v = v3(-0.25, -0.05, 0.03), b[1].w = v3(5e3, 0, -1e4);
    for (k = 0; k < 2; ++k) ke0 += 0.5 * b[k].m * demc_vec3_norm2(b[k].v) + 0.5 * b[k].I * demc_vec3_norm2(b[k].w);
    *broke = 0;
    memset(&st, 0, sizeof st);
    for (t = 0; t < 1e-6; t += dt) {
        demc_body A, B;
        double ke = 0;
        for (k = 0; k < 2; ++k) {
            demc_vec3 f = k == 0 ? st.r.force : demc_vec3_neg(st.r.force), tq = k == 0 ? st.r.torque_i : st.r.torque_j;
            b[k].v = demc_vec3_add_scaled(b[k].v, 0.5 * dt / b[k].m, f);
            b[k].w = demc_vec3_add_scaled(b[k].w, 0.5 * dt / b[k].I, tq);
            b[k].x = demc_vec3_add_scaled(b[k].x, dt, b[k].v);
        }
        A = sphere(b[0].x, b[0].v, b[0].w, r);
        B = sphere(b[1].x, b[1].v, b[1].w, r);
        st = eval_pair(&m, &A, &B, dt, &s);
        if (st.r.overlap > 0) started = 1;
        if (st.d.adhesion_dissipation > 0) *broke = 1;
        diss += dissipated(&st.d);
        for (k = 0; k < 2; ++k) {
            demc_vec3 f = k == 0 ? st.r.force : demc_vec3_neg(st.r.force), tq = k == 0 ? st.r.torque_i : st.r.torque_j;
            b[k].v = demc_vec3_add_scaled(b[k].v, 0.5 * dt / b[k].m, f);
            b[k].w = demc_vec3_add_scaled(b[k].w, 0.5 * dt / b[k].I, tq);
            ke += 0.5 * b[k].m * demc_vec3_norm2(b[k].v) + 0.5 * b[k].I * demc_vec3_norm2(b[k].w);
        }
        worst = fmax(worst, fabs(ke + st.d.normal_energy + st.d.tangential_energy + diss - ke0) / ke0);
        if (started && st.r.normal_force == 0.0 && st.d.normal_energy == 0.0 &&
            (law != DEMC_NORMAL_JKR || s.d[9] == 0.0))
            break;
    }
    return worst;
}

static void energy_balance_of_an_adhesive_collision(void)
{
    int law;
    for (law = DEMC_NORMAL_JKR; law <= DEMC_NORMAL_SJKR2; ++law) {
        int broke_coarse, broke_fine;
        const double coarse = adhesive_energy_imbalance((demc_normal_law)law, 4e-11, &broke_coarse);
        const double fine = adhesive_energy_imbalance((demc_normal_law)law, 1e-11, &broke_fine);
        if (getenv("DEMC_TEST_VERBOSE"))
            printf("  adhesive energy imbalance, law %d: %.3g (dt 4e-11), %.3g (dt 1e-11)\n", law, coarse, fine);
        CHECK(fine <= 2e-3);
        CHECK(fine <= 0.5 * coarse || fine <= 1e-9);
        if (law == DEMC_NORMAL_JKR) CHECK(broke_coarse && broke_fine);
    }
}

/* ---- Newton's third law with the neck ------------------------------------------------------------------------ */

static void swap_gives_the_opposite_force(void)
{
    const double r = 5e-6, w = 0.3;
    demc_contact_model m;
    cstate s, t;
    int k;
    adhesive_model(DEMC_NORMAL_JKR, w, 0.8, 0.3, 0.5 * r, &m);
    memset(&s, 0, sizeof s);
    memset(&t, 0, sizeof t);
    for (k = 0; k < 40; ++k) {
        /* in, then out into tension (the neck holds) */
        const double dl = 1e-9 * (0.4 + cos(0.15 * k)); /* down to −0.6 nm; δ_c = −0.86 nm */
        demc_body a = sphere(v3(0, 0, 0), v3(0.01, 0.02, 0), v3(0, 100, 300), r);
        demc_body b = sphere(v3(2 * r - dl, 1e-9 * k, 0), v3(-0.01, 0, 0.01), v3(50, 0, 0), r);
        step x = eval_pair(&m, &a, &b, 1e-9, &s), y = eval_pair(&m, &b, &a, 1e-9, &t);
        cstate ts = t;
        demc_contact_state_swap(&m, ts.d);
        CHECK(demc_vec3_norm(demc_vec3_add(x.r.force, y.r.force)) <= 1e-12 * demc_vec3_norm(x.r.force));
        CHECK(ts.d[9] == s.d[9]); /* the neck, after the previous normal and the spring's 6 doubles */
        if (k > 0) CHECK(s.d[9] != 0.0); /* in tension at the later steps too */
    }
}

/* ---- the batch's accumulators over a whole pull-off ---------------------------------------------------------- */

/* Adds contact q's per-contact outputs into a host's accumulators, in the batch's order (the reference the batch's
 * own accumulators must equal bit for bit). */
static void add3(double *acc, const double *v)
{
    acc[0] += v[0];
    acc[1] += v[1];
    acc[2] += v[2];
}

/* Sphere 0 (R 1 mm) at the origin between sphere 1 above it and a plane wall / a triangle below it; both partners
 * are pressed in by 1 µm, then pulled off at 1 mm/s through the JKR separation and beyond, in pair, wall and facet
 * batches. Every step: the accumulators the batch fills equal the sums of its per-contact outputs bit for bit, and
 * the steps where a neck holds beyond touching (overlap < 0, force attractive) are counted: they are where a batch
 * that accumulated only touching contacts lost the pull-off force (issue found by an independent fuzzing pass). */
static void batch_accumulators_hold_the_neck(void)
{
    const double r = 1e-3, dt = 1e-7, speed = 1e-3;
    demc_contact_model m;
    double range, x[9], v[9], w[9], radius[3] = {r, r, r}, mass[3];
    double state[2 * DEMC_CONTACT_STATE_MAX], force[6], ti[6], tj[6], body_f[9], body_t[9], nodal[18];
    double expect_f[9], expect_t[9];
    int ii[2] = {0, 0}, jj[2] = {1, 2}, step_no, geometry, necks[3] = {0, 0, 0}, mismatches[3] = {0, 0, 0};
    demc_wall wall;
    demc_facet_triangle tri[3];
    demc_facet_contact fc[2];
    adhesive_model(DEMC_NORMAL_JKR, 0.5, 0.5, 0.3, r, &m); /* R* up to R_i: walls and facets */
    range = demc_contact_model_range(&m);
    CHECK(range > 0.0);
    mass[0] = mass[1] = mass[2] = 4.0 / 3.0 * PI * r * r * r * 2650.0;
    for (geometry = 0; geometry < 3; ++geometry) {
        memset(state, 0, sizeof state);
        for (step_no = 0; step_no < 400; ++step_no) {
            /* the gap opens from −1 µm to 0 in 50 steps, then to 3× the range in 350 */
            const double gap = step_no < 50 ? -1e-6 * (50 - step_no) / 50.0 : 3.0 * range * (step_no - 50) / 349.0;
            demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
            size_t q, k, count = geometry == 0 ? 2 : geometry == 1 ? 1 : 2;
            demc_status st;
            memset(x, 0, sizeof x);
            memset(v, 0, sizeof v);
            for (k = 0; k < 9; ++k) w[k] = 10.0 * (double)(k % 4) - 15.0; /* some spin: torques */
            x[3 + 2] = 2 * r + gap, v[3 + 2] = speed, v[3 + 0] = 2e-3;  /* sphere 1 above, sliding */
            x[6 + 2] = -2 * r - gap, v[6 + 2] = -speed;                 /* sphere 2 below (pairs only) */
            b.count = count;
            b.i = ii, b.j = jj;
            b.position = x, b.velocity = v, b.angular_velocity = w, b.radius = radius, b.mass = mass;
            b.vector_stride = 3, b.scalar_stride = 1;
            b.state = state, b.state_stride = DEMC_CONTACT_STATE_MAX;
            b.force = force, b.torque_i = ti, b.torque_j = tj;
            b.body_force = body_f, b.body_torque = body_t;
            memset(body_f, 0, sizeof body_f);
            memset(body_t, 0, sizeof body_t);
            if (geometry == 0) {
                st = demc_contact_eval_batch(&m, &b, dt, NULL);
            } else if (geometry == 1) {
                /* sphere 0 against a wall below it moving down: the same gap */
                wall.point = v3(0, 0, -r - gap);
                wall.normal = v3(0, 0, 1);
                wall.velocity = v3(1e-3, 0, -speed);
                wall.angular_velocity = v3(0, 0, 0);
                st = demc_contact_eval_batch_wall(&m, &b, &wall, dt, NULL);
            } else {
                /* sphere 0 against two triangles: one below (the gap), one far (apart, released) */
                for (k = 0; k < 3; ++k) {
                    const double a = 2.0 * PI * (double)k / 3.0;
                    tri[0].vertex[k] = v3(2 * r * cos(a), 2 * r * sin(a), -r - gap);
                    tri[0].velocity[k] = v3(1e-3, 0, -speed);
                    tri[1].vertex[k] = v3(2 * r * cos(a), 2 * r * sin(a), 1.0);
                    tri[1].velocity[k] = v3(0, 0, 0);
                }
                jj[0] = 0, jj[1] = 1;
                fc[0] = demc_facet_closest_point(&tri[0], v3(0, 0, 0));
                fc[1] = demc_facet_closest_point(&tri[1], v3(0, 0, 0));
                st = demc_contact_eval_batch_facet(&m, &b, tri, fc, dt, nodal, NULL);
                jj[0] = 1, jj[1] = 2;
            }
            CHECK(st == DEMC_OK);
            memset(expect_f, 0, sizeof expect_f);
            memset(expect_t, 0, sizeof expect_t);
            for (q = 0; q < count; ++q) {
                add3(expect_f, force + 3 * q);
                add3(expect_t, ti + 3 * q);
                if (geometry == 0) {
                    const double minus[3] = {-force[3 * q], -force[3 * q + 1], -force[3 * q + 2]};
                    add3(expect_f + 3 * (size_t)jj[q], minus);
                    add3(expect_t + 3 * (size_t)jj[q], tj + 3 * q);
                }
                if (gap > 0.0 && force[3 * q + 2] != 0.0) ++necks[geometry];
            }
            if (memcmp(expect_f, body_f, sizeof body_f) != 0 || memcmp(expect_t, body_t, sizeof body_t) != 0)
                ++mismatches[geometry];
        }
    }
    for (geometry = 0; geometry < 3; ++geometry) {
        if (!CHECK(mismatches[geometry] == 0)) printf("    geometry %d: %d steps differ\n", geometry, mismatches[geometry]);
        /* the neck holds beyond touching for part of the pull-off (the steps the old batch lost) */
        if (!CHECK(necks[geometry] > 10)) printf("    geometry %d: %d steps with a neck apart\n", geometry, necks[geometry]);
    }
}

int main(void)
{
    RUN(statuses_and_bad_fields);
    RUN(range_builders_and_state);
    RUN(forces_against_closed_forms);
    RUN(zero_adhesion_is_hertz);
    RUN(jkr_stick_and_bounce);
    RUN(friction_starts_at_the_augmented_load);
    RUN(energy_balance_of_an_adhesive_collision);
    RUN(swap_gives_the_opposite_force);
    RUN(batch_accumulators_hold_the_neck);
    return harness_finish("test_contact_adhesion");
}
