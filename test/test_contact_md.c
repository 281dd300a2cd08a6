/* contact.h with the Mindlin–Deresiewicz law in the tangential slot (DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ): the
 * description's statuses, the state block and its swap, the evaluation against the kernel called by hand, oblique
 * impacts integrated with the assembled model (energy balance, non-negative dissipation in every step, first-order
 * convergence; tangential restitution against the rigid-body sliding value and against the no-slip law), and the
 * contact point (torque arm) against a rigid wall, an elastic wall and with the half rule. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "demc.h"
#include "harness.h"

/* demc_tangential_md_update() returning the force, with the step's sliding flag kept aside (as the checks read it). */
static int md_sliding;
static demc_vec3 md_update(const demc_tangential_md_params *p, demc_vec3 increment, double normal_force,
                           double contact_radius, demc_tangential_md_state *s, demc_tangential_md_energy *energy)
{
    const demc_tangential_result r = demc_tangential_md_update(p, increment, normal_force, contact_radius, s, energy);
    md_sliding = r.sliding;
    return r.force;
}

static demc_vec3 v3(double x, double y, double z) { return demc_vec3_make(x, y, z); }

typedef struct cstate {
    double d[DEMC_CONTACT_STATE_MAX];
} cstate;

static const double PI = 3.14159265358979323846;

/* Glass: E = 70 GPa, ν = 0.3, ρ = 2650 kg/m³. */
static demc_material glass(void) { return demc_material_make(70e9, 0.3, 2650.0); }

/* A Hertz preset with the Mindlin–Deresiewicz law, glass on glass (other = NULL: a rigid wall), μ, e. */
static demc_contact_def md_def(demc_contact_preset preset, const demc_material *other, double mu, double e)
{
    demc_material g = glass();
    demc_contact_def def;
    CHECK(demc_contact_def_init(preset, sizeof def, &def, NULL) == DEMC_OK);
    CHECK(demc_material_moduli_init(&g, other, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
    def.tangential = DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ;
    def.friction.mu_static = def.friction.mu_dynamic = mu;
    def.restitution = e;
    return def;
}

static demc_body sphere(demc_vec3 x, demc_vec3 v, demc_vec3 w, double r, double rho)
{
    demc_body b;
    b.position = x;
    b.velocity = v;
    b.angular_velocity = w;
    b.radius = r;
    b.mass = 4.0 / 3.0 * PI * r * r * r * rho;
    b.inertia = 0.0;
    return b;
}

/* ---------- the description ---------- */

static void selection_and_statuses(void)
{
    const demc_material g = glass();
    demc_contact_def def;
    demc_contact_model model, untouched;
    const char *bad = NULL;
    size_t k;
    /* selectable with both Hertz presets; the kind carries the law in bits 7-9 */
    def = md_def(DEMC_CONTACT_PRESET_HMD, &g, 0.3, 0.8);
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_OK && bad == NULL);
    CHECK(((demc_contact_model_kind(&model) >> 7) & 7u) == (unsigned)DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ);
    CHECK((demc_contact_model_kind(&model) & 15u) == (unsigned)DEMC_NORMAL_HERTZ);
    /* previous normal (3) + force, origin, end (9) + normal force, stiffness, branch (3) */
    CHECK(demc_contact_model_state_size(&model) == 15);
    for (k = 0; k < 20; ++k) CHECK(demc_contact_state_flips(&model, k) == (k < 12));
    def = md_def(DEMC_CONTACT_PRESET_HM, &g, 0.3, 1.0);
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_OK && bad == NULL);
    CHECK(((demc_contact_model_kind(&model) >> 4) & 7u) == (unsigned)DEMC_DAMPING_NONE);
    CHECK(demc_contact_model_state_size(&model) == 15);
    /* the variant is read from the appended field; 0 is Thornton & Yin */
    CHECK(def.md_variant == DEMC_TANGENTIAL_MD_THORNTON_YIN);

    /* rejected: non-Hertz normals, the total stiffness rule, μ_s ≠ μ_d, G* = 0, an unknown variant; the model is
     * not written */
    memset(&untouched, 0x5A, sizeof untouched);
    {
        const demc_contact_preset nonhertz[] = {DEMC_CONTACT_PRESET_LSD, DEMC_CONTACT_PRESET_PLSB};
        int p;
        for (p = 0; p < 2; ++p) {
            def = md_def(nonhertz[p], &g, 0.3, 0.8);
            def.normal_stiffness = 1e5;
            model = untouched;
            CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
            CHECK(bad && strcmp(bad, "def.tangential") == 0);
            CHECK(memcmp(&model, &untouched, sizeof model) == 0);
        }
    }
    model = untouched; /* every setup below fails, so none may write it */
    def = md_def(DEMC_CONTACT_PRESET_CAMPELLO, &g, 0.3, 0.8); /* its spring is the total law */
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(bad && strcmp(bad, "def.friction.stiffness_rule") == 0);
    def = md_def(DEMC_CONTACT_PRESET_HMD, &g, 0.3, 0.8);
    def.friction.stiffness_rule = DEMC_STIFFNESS_TOTAL;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(bad && strcmp(bad, "def.friction.stiffness_rule") == 0);
    def = md_def(DEMC_CONTACT_PRESET_HMD, &g, 0.3, 0.8);
    def.friction.mu_static = 0.4;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(bad && strcmp(bad, "def.friction.mu_dynamic") == 0);
    def = md_def(DEMC_CONTACT_PRESET_HMD, &g, 0.3, 0.8);
    def.moduli.effective_shear_modulus = 0.0;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(bad && strcmp(bad, "def.moduli.effective_shear_modulus") == 0);
    def = md_def(DEMC_CONTACT_PRESET_HMD, &g, 0.3, 0.8);
    def.md_variant = (demc_tangential_md_variant)7;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(bad && strcmp(bad, "def.md_variant") == 0);
    def.md_variant = (demc_tangential_md_variant)-1;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(bad && strcmp(bad, "def.md_variant") == 0);
    CHECK(memcmp(&model, &untouched, sizeof model) == 0);
    /* the variant is not read by the other laws */
    def = md_def(DEMC_CONTACT_PRESET_HMD, &g, 0.3, 0.8);
    def.tangential = DEMC_TANGENTIAL_SPRING;
    def.md_variant = (demc_tangential_md_variant)7;
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_OK);
    /* a law past the last known one is an option of a newer library */
    def.tangential = (demc_tangential_law)(DEMC_TANGENTIAL_MDR + 1);
    CHECK(demc_contact_model_init(&def, &model, &bad) == DEMC_ERR_UNSUPPORTED);
}

/* ---------- the evaluation against the kernel called by hand ---------- */

/* A sphere pressed on a rigid wall and dragged to and fro while the overlap changes: the assembled evaluation
 * (undamped HM with the MD law, fixed normal) gives, step by step, the kernel's force for F_n = (4/3)E*√R δ^{3/2},
 * a = √(Rδ), Δs = v_t Δt, and its energy terms. */
static void eval_is_the_kernel(void)
{
    const demc_material *rigid = NULL;
    demc_contact_def def = md_def(DEMC_CONTACT_PRESET_HM, rigid, 0.3, 1.0);
    demc_contact_model model;
    demc_tangential_md_params p;
    demc_tangential_md_state ms = DEMC_TANGENTIAL_MD_STATE_INIT;
    demc_wall wall;
    cstate s;
    const double R = 5e-3, dt = 1e-7;
    int k;
    memset(&p, 0, sizeof p);
    CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
    CHECK(demc_tangential_md_init(0.3, def.moduli.effective_shear_modulus, DEMC_TANGENTIAL_MD_THORNTON_YIN, &p,
                                         NULL) == DEMC_OK);
    memset(&s, 0, sizeof s);
    wall.point = v3(0, 0, 0), wall.normal = v3(0, 0, 1), wall.velocity = v3(0, 0, 0);
    wall.angular_velocity = v3(0, 0, 0);
    for (k = 0; k < 600; ++k) {
        const double t = k * dt, delta = 1e-6 * (1.0 + 0.5 * sin(2 * PI * t / 2e-5));
        const demc_vec3 v = v3(0.02 * cos(2 * PI * t / 3e-5), 0.01 * sin(2 * PI * t / 7e-5), 0.0);
        demc_body b = sphere(v3(0, 0, R - delta), v, v3(0, 0, 0), R, 2650.0);
        demc_contact_frame f = demc_contact_frame_sphere_wall(&model, &b, &wall);
        demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
        demc_contact_result r = demc_contact_eval(&model, &f, dt, s.d, &d);
        /* the overlap of the frame (δ up to the rounding of R − z) */
        const double a = sqrt(R * f.overlap), fn = 4.0 / 3.0 * def.moduli.effective_modulus * a * f.overlap;
        demc_tangential_md_energy e;
        const demc_vec3 ft = md_update(&p, demc_vec3_scale(v, dt), fn, a, &ms, &e);
        CHECK_REL(f.overlap, delta, 1e-9);
        CHECK_REL(r.normal_force, fn, 1e-12);
        CHECK_ABS(r.force.x, ft.x, 1e-12 * 0.3 * fn);
        CHECK_ABS(r.force.y, ft.y, 1e-12 * 0.3 * fn);
        CHECK_REL(r.force.z, fn, 1e-12);
        CHECK_ABS(d.tangential_energy, e.stored_energy, 1e-12 * (e.stored_energy + 1e-18));
        CHECK_ABS(d.friction_dissipation, e.friction_dissipation, 1e-9 * (e.stored_energy + 1e-18));
        CHECK_ABS(d.tangential_exchange, e.normal_exchange, 1e-9 * (e.stored_energy + 1e-18));
        CHECK(d.sliding == md_sliding);
        CHECK(d.viscous_dissipation == 0.0);
    }
    /* the contact ends: the recoverable energy still held is released as exchange, the state is reset */
    {
        demc_body b = sphere(v3(0, 0, R + 1e-7), v3(0, 0, 0), v3(0, 0, 0), R, 2650.0);
        demc_contact_frame f = demc_contact_frame_sphere_wall(&model, &b, &wall);
        demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
        const double held = demc_tangential_md_stored_energy(&p, ms.normal_force, ms.stiffness / (8.0 * p.effective_shear_modulus), &ms);
        CHECK(held > 0.0);
        demc_contact_eval(&model, &f, dt, s.d, &d);
        CHECK_REL(d.tangential_exchange, held, 1e-12);
        for (k = 0; k < 15; ++k) CHECK(s.d[k] == 0.0);
    }
}

/* ---------- the swap ---------- */

/* Two spheres in a 3-D history (turning normal, spins, micro-slip, reversals): after swapping the state, the pair
 * evaluated from the other side (j, i) gives the opposite force and the torques exchanged, step after step. */
static void swap_gives_the_other_side(void)
{
    const demc_material g = glass();
    demc_contact_def def = md_def(DEMC_CONTACT_PRESET_HMD, &g, 0.4, 0.7);
    demc_contact_model model;
    cstate s1, s2;
    const double R = 5e-3, dt = 2e-8;
    demc_body a, b;
    int k, m;
    double worst = 0.0;
    CHECK(demc_contact_model_init(&def, &model, NULL) == DEMC_OK);
    for (m = 0; m < 20; ++m) {
        memset(&s1, 0, sizeof s1);
        a = sphere(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), R, 2650.0);
        b = sphere(v3(2 * R - 2e-6, 0, 0), v3(0, 0, 0), v3(0, 0, 0), R, 2650.0);
        for (k = 0; k < 400; ++k) {
            demc_contact_frame f;
            demc_contact_result r1, r2 = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, 0, 0};
            const double t = k * dt;
            a.velocity = v3(0.01 * sin(1e5 * t + m), 0.05 * cos(3e5 * t * (1 + 0.1 * m)), 0.02 * sin(7e4 * t));
            a.angular_velocity = v3(3.0 * m, 20.0 * sin(2e5 * t), -10.0);
            b.angular_velocity = v3(-5.0, 2.0 * m, 15.0 * cos(1e5 * t));
            a.position = demc_vec3_add_scaled(a.position, dt, a.velocity);
            b.position = v3(2 * R - 2e-6 - 1e-6 * sin(5e4 * t), 1e-4 * sin(1e4 * t * m), 1e-4 * t * 1e4);
            f = demc_contact_frame_sphere_sphere(&model, &a, &b);
            if (k == 300) { /* from here on the other side runs on the swapped copy */
                s2 = s1;
                demc_contact_state_swap(&model, s2.d);
            }
            if (k >= 300) {
                demc_contact_frame g2 = demc_contact_frame_sphere_sphere(&model, &b, &a);
                r2 = demc_contact_eval(&model, &g2, dt, s2.d, NULL);
            }
            r1 = demc_contact_eval(&model, &f, dt, s1.d, NULL);
            if (k >= 300) {
                const double scale = demc_vec3_norm(r1.force) + 1e-30;
                worst = fmax(worst, demc_vec3_norm(demc_vec3_add(r1.force, r2.force)) / scale);
                worst = fmax(worst, demc_vec3_norm(demc_vec3_sub(r1.torque_i, r2.torque_j)) / (scale * R));
            }
        }
    }
    CHECK(worst < 1e-9);
    /* swap twice is the identity */
    s2 = s1;
    demc_contact_state_swap(&model, s2.d);
    demc_contact_state_swap(&model, s2.d);
    CHECK(memcmp(&s1, &s2, sizeof s1) == 0);
}

/* ---------- oblique impacts on a flat, integrated with the assembled model ---------- */

typedef struct impact {
    double tangential_restitution; /* −v_t,r / v_t,i of the contact point */
    double normal_restitution;     /* −v_n,r / v_n,i */
    double imbalance;              /* largest |KE + stored + dissipated − KE_0| / KE_0 along the impact */
    double min_step_dissipation;   /* smallest friction or viscous dissipation of a step (must be ≥ 0) */
    double friction;               /* total friction dissipation / KE_0 */
} impact;

/* A glass sphere (R = 25 mm, V = 5 m/s, the figure's case) hits a rigid or glass wall at `angle` from the normal
 * with a spin ω_y = spin·V/R; velocity Verlet with the force at x_{n+1} evaluated with v_{n+½}, `steps` steps per
 * Hertz contact time. */
static impact wall_impact(const demc_contact_model *model, double angle_deg, double spin, int steps)
{
    const double R = 0.025, V = 5.0, rho = 2650.0;
    const double th = angle_deg * PI / 180.0;
    demc_body b = sphere(v3(0, 0, R + 1e-9), v3(V * sin(th), 0, -V * cos(th)), v3(0, spin * V / R, 0), R, rho);
    const double I = 0.4 * b.mass * R * R;
    demc_wall wall;
    demc_contact_result r;
    cstate s;
    impact out;
    double ke0, diss = 0.0, dt, estar, vt0;
    int k, started = 0;
    {
        /* t_c = 2.868 (m²/(K² V))^{1/5}, K = (4/3)E*√R (Johnson 1985, §11.4); E* from the compiled model's
         * behaviour is not read: the glass/rigid-wall E* is E/(1−ν²) */
        const double K = 4.0 / 3.0 * 70e9 / (1 - 0.09) * sqrt(R);
        estar = 2.868 * pow(b.mass * b.mass / (K * K * V * cos(th)), 0.2);
        dt = estar / steps;
    }
    wall.point = v3(0, 0, 0), wall.normal = v3(0, 0, 1), wall.velocity = v3(0, 0, 0);
    wall.angular_velocity = v3(0, 0, 0);
    memset(&s, 0, sizeof s);
    vt0 = b.velocity.x - R * b.angular_velocity.y;
    ke0 = 0.5 * b.mass * demc_vec3_norm2(b.velocity) + 0.5 * I * demc_vec3_norm2(b.angular_velocity);
    out.imbalance = 0.0;
    out.min_step_dissipation = 0.0;
    out.friction = 0.0;
    r.force = r.torque_i = v3(0, 0, 0);
    for (k = 0; k < 40 * steps; ++k) {
        demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
        demc_contact_frame f;
        double ke;
        b.velocity = demc_vec3_add_scaled(b.velocity, 0.5 * dt / b.mass, r.force);
        b.angular_velocity = demc_vec3_add_scaled(b.angular_velocity, 0.5 * dt / I, r.torque_i);
        b.position = demc_vec3_add_scaled(b.position, dt, b.velocity);
        f = demc_contact_frame_sphere_wall(model, &b, &wall);
        r = demc_contact_eval(model, &f, dt, s.d, &d);
        b.velocity = demc_vec3_add_scaled(b.velocity, 0.5 * dt / b.mass, r.force);
        b.angular_velocity = demc_vec3_add_scaled(b.angular_velocity, 0.5 * dt / I, r.torque_i);
        out.min_step_dissipation = fmin(out.min_step_dissipation, fmin(d.friction_dissipation, d.viscous_dissipation));
        diss += d.viscous_dissipation + d.friction_dissipation + d.plastic_dissipation + d.tangential_exchange;
        out.friction += d.friction_dissipation;
        ke = 0.5 * b.mass * demc_vec3_norm2(b.velocity) + 0.5 * I * demc_vec3_norm2(b.angular_velocity);
        out.imbalance = fmax(out.imbalance, fabs(ke + d.normal_energy + d.tangential_energy + diss - ke0) / ke0);
        if (r.overlap > 0) started = 1;
        if (started && r.overlap <= 0) break;
    }
    out.friction /= ke0;
    out.tangential_restitution = -(b.velocity.x - R * b.angular_velocity.y) / vt0;
    out.normal_restitution = b.velocity.z / (V * cos(th));
    return out;
}

static demc_contact_model compiled(demc_contact_def def)
{
    demc_contact_model m;
    CHECK(demc_contact_model_init(&def, &m, NULL) == DEMC_OK);
    return m;
}

/* Energy balance: kinetic + normal and tangential stored + the accumulated dissipation and exchange terms equal the
 * initial kinetic energy up to the integration error, which shrinks at first order or better; every step's
 * dissipation is ≥ 0. Undamped HM and damped HM+D (both Coulomb policies for the dashpot), rigid and glass walls,
 * angles from stick and micro-slip to gross sliding, with and without spin. */
static void energy_balance_of_oblique_impacts(void)
{
    const demc_material g = glass();
    const double angles[] = {2.0, 10.0, 20.0, 30.0, 45.0};
    int m, a;
    for (m = 0; m < 4; ++m) {
        demc_contact_def def = m == 0   ? md_def(DEMC_CONTACT_PRESET_HM, NULL, 0.1, 1.0)
                               : m == 1 ? md_def(DEMC_CONTACT_PRESET_HMD, &g, 0.3, 0.7)
                                        : md_def(DEMC_CONTACT_PRESET_HMD, NULL, 0.1, 0.5);
        demc_contact_model model;
        if (m == 3) def.friction.coulomb = DEMC_COULOMB_ELASTIC;
        model = compiled(def);
        for (a = 0; a < 5; ++a) {
            const double spin = a == 2 ? -0.4 : 0.0;
            const impact coarse = wall_impact(&model, angles[a], spin, 200);
            const impact mid = wall_impact(&model, angles[a], spin, 400);
            const impact fine = wall_impact(&model, angles[a], spin, 800);
            if (getenv("DEMC_TEST_VERBOSE"))
                printf("  model %d angle %4.1f: imbalance %.3g %.3g %.3g, friction %.3g, e_t %.4f e_n %.4f\n", m,
                       angles[a], coarse.imbalance, mid.imbalance, fine.imbalance, fine.friction,
                       fine.tangential_restitution, fine.normal_restitution);
            CHECK(coarse.min_step_dissipation >= 0.0 && mid.min_step_dissipation >= 0.0 &&
                  fine.min_step_dissipation >= 0.0);
            CHECK(fine.imbalance < 2e-3);
            /* first order or better: halving the step at least nearly halves the imbalance */
            CHECK(mid.imbalance <= 0.6 * coarse.imbalance || mid.imbalance < 1e-9);
            CHECK(fine.imbalance <= 0.6 * mid.imbalance || fine.imbalance < 1e-9);
            /* the restitutions converge */
            CHECK(fabs(fine.tangential_restitution - mid.tangential_restitution) <=
                  0.6 * fabs(mid.tangential_restitution - coarse.tangential_restitution) + 2e-4);
        }
    }
}

/* Tangential restitution against the impact angle. (1) Gross sliding throughout (rigid wall, no damping, e = 1):
 * the rigid-body impulse value e_t = −1 + 3.5 μ(1 + e) cot θ (the tangential impulse μ(1 + e)m v_n acting on the
 * contact point with the effective mass m/3.5 of a solid sphere). (2) In the stick and micro-slip range, the MD law
 * rebounds less stiffly than the no-slip law (HM with the unloading rescale): the same initial stiffness 8G*a, then
 * falling with T/μF_n (the observation of codes with the Mindlin–Deresiewicz law); both stay below the
 * sliding line. */
static void tangential_restitution_against_angle(void)
{
    const double mu = 0.1;
    demc_contact_def def = md_def(DEMC_CONTACT_PRESET_HM, NULL, mu, 1.0);
    demc_contact_model md = compiled(def), rescale;
    int a;
    def.tangential = DEMC_TANGENTIAL_SPRING;
    def.friction.unloading = DEMC_UNLOADING_RESCALE;
    rescale = compiled(def);
    /* (1) gross sliding: θ ≥ 40° here (tan θ > 3.5 μ (1 + e) = 0.7 from 35°) */
    for (a = 40; a <= 80; a += 10) {
        const double th = a * PI / 180.0, expected = -1.0 + 3.5 * mu * 2.0 / tan(th);
        const impact i400 = wall_impact(&md, a, 0.0, 400), i1600 = wall_impact(&md, a, 0.0, 1600);
        if (getenv("DEMC_TEST_VERBOSE"))
            printf("  %2d deg: e_t %.5f (400 steps) %.5f (1600), rigid-body sliding %.5f\n", a,
                   i400.tangential_restitution, i1600.tangential_restitution, expected);
        CHECK_ABS(i1600.tangential_restitution, expected, 3e-3);
        CHECK_ABS(i1600.normal_restitution, 1.0, 1e-3);
        CHECK(fabs(i1600.tangential_restitution - expected) <= fabs(i400.tangential_restitution - expected) + 1e-5);
    }
    /* (2) micro-slip range: MD above the rescaled no-slip law (less reversal of the contact point), both below the
     * sliding line */
    for (a = 6; a <= 26; a += 5) {
        const impact m = wall_impact(&md, a, 0.0, 800), r = wall_impact(&rescale, a, 0.0, 800);
        if (getenv("DEMC_TEST_VERBOSE"))
            printf("  %2d deg: e_t MD %.4f, no-slip (rescale) %.4f\n", a, m.tangential_restitution,
                   r.tangential_restitution);
        CHECK(m.tangential_restitution > r.tangential_restitution);
        CHECK(m.tangential_restitution < -1.0 + 3.5 * mu * 2.0 / tan(a * PI / 180.0));
    }
}

/* ---------- the contact point ---------- */

/* A sphere pressed into a wall and sliding on it (MD law, μ = 0.5, gross sliding from the first step): the torque
 * on the sphere is d_i × F with |d_i| = R − s δ, s the sphere's share of the overlap: 1 against a rigid wall,
 * c_i/(c_i + c_j) with c = (1 − ν²)/E against an elastic one, ½ with the half rule; the torque on the wall about its
 * reference point p is (C − p) × (−F) with C = x_i + d_i. */
static void contact_point_and_torque_arm(void)
{
    const demc_material rubber = demc_material_make(1e7, 0.49, 1100.0);
    const double R = 5e-3, delta = 1e-5, ci = (1 - 0.09) / 70e9, cj = (1 - 0.49 * 0.49) / 1e7;
    const double share[3] = {1.0, ci / (ci + cj), 0.5};
    int c;
    for (c = 0; c < 3; ++c) {
        demc_contact_def def = md_def(DEMC_CONTACT_PRESET_HMD, c == 1 ? &rubber : NULL, 0.5, 0.8);
        demc_contact_model model;
        demc_wall wall;
        demc_body b = sphere(v3(0.3, -0.2, R - delta + 0.1), v3(0.5, 0.2, 0), v3(0, 0, 0), R, 2650.0);
        demc_contact_frame f;
        demc_contact_result r;
        cstate s;
        const double arm = R - share[c] * delta;
        if (c == 2) def.contact_point = DEMC_CONTACT_POINT_HALF;
        model = compiled(def);
        wall.point = v3(0.1, 0.2, 0.1), wall.normal = v3(0, 0, 1), wall.velocity = v3(0, 0, 0);
        wall.angular_velocity = v3(0, 0, 0);
        memset(&s, 0, sizeof s);
        f = demc_contact_frame_sphere_wall(&model, &b, &wall);
        r = demc_contact_eval(&model, &f, 1e-4, s.d, NULL);
        CHECK_REL(f.overlap, delta, 1e-9);
        CHECK(r.force.x < 0 && r.force.y < 0); /* friction opposes the sliding */
        CHECK_REL(hypot(r.force.x, r.force.y), 0.5 * r.normal_force, 1e-3); /* sliding: |F_t| = μF_n ... */
        /* τ_i = (−arm n) × F: τ_x = arm F_y, τ_y = −arm F_x, τ_z = 0 */
        CHECK_REL(r.torque_i.x, arm * r.force.y, 1e-12);
        CHECK_REL(r.torque_i.y, -arm * r.force.x, 1e-12);
        CHECK_ABS(r.torque_i.z, 0.0, 1e-15 * arm * r.normal_force);
        {
            const demc_vec3 contact = v3(0.3, -0.2, R - delta + 0.1 - arm);
            const demc_vec3 tj = demc_vec3_cross(demc_vec3_sub(contact, wall.point), demc_vec3_neg(r.force));
            CHECK_ABS(r.torque_j.x, tj.x, 1e-12 * demc_vec3_norm(r.force));
            CHECK_ABS(r.torque_j.y, tj.y, 1e-12 * demc_vec3_norm(r.force));
            CHECK_ABS(r.torque_j.z, tj.z, 1e-12 * demc_vec3_norm(r.force));
        }
    }
    /* the split of the elastic wall is neither of the other two (the three cases are distinguishable) */
    CHECK(share[1] > 1e-5 && share[1] < 1e-3);
}

/* ---------- the kernel's dissipation clamp ---------- */

/* At constant F_n and a the kernel's step dissipation is the trapezoidal work of the step less the change of the
 * closed-form recoverable energy; it is clamped at 0, and what the clamp removes is reported as normal_exchange, the
 * only non-zero exchange at constant F_n. Over the closed cycle 0 → δ* → −δ* → δ* that exchange must be the
 * quadrature error of the trapezoid near the reversals (where the true dissipation of a step is itself of third
 * order): it falls with the square of the step, and a turning force (circular path) leaves only rounding. */
static void dissipation_clamp_is_quadrature_error(void)
{
    demc_tangential_md_params p;
    const double P = 10.0, a = 1e-4, mu = 0.3, k0 = 8.0 * 1e10 * a;
    double ratio[2] = {0.0, 0.0};
    int mode, level;
    memset(&p, 0, sizeof p);
    CHECK(demc_tangential_md_init(mu, 1e10, DEMC_TANGENTIAL_MD_THORNTON_YIN, &p, NULL) == DEMC_OK);
    for (mode = 0; mode < 2; ++mode)
        for (level = 0; level < 2; ++level) {
            const int n = level ? 2000 : 200;
            /* δ* of T* = 0.99 μP on the loading branch, 1.5 μP/k0 [1 − (1 − 0.99)^{2/3}] */
            const double ds = 1.5 * mu * P / k0 * (1.0 - cbrt(0.01 * 0.01)) / n;
            demc_tangential_md_state s = DEMC_TANGENTIAL_MD_STATE_INIT;
            demc_tangential_md_energy e;
            double diss = 0.0, exch = 0.0;
            int k;
            s.normal_force = P;
            for (k = 0; k < 4 * n; ++k) {
                demc_vec3 inc;
                if (mode == 0) {
                    inc = v3((k < n || k >= 3 * n ? 1.0 : -1.0) * ds, 0, 0);
                } else {
                    const double t = 2.0 * PI * k / (4.0 * n);
                    inc = v3(-2.0 * ds * sin(t), 2.0 * ds * cos(t), 0);
                }
                md_update(&p, inc, P, a, &s, &e);
                CHECK(e.friction_dissipation >= 0.0);
                diss += e.friction_dissipation;
                exch += e.normal_exchange;
            }
            if (mode == 0) ratio[level] = -exch / diss;
            else CHECK(fabs(exch) < 1e-12 * diss);
        }
    if (getenv("DEMC_TEST_VERBOSE")) printf("  clamp share of the cycle: %.3g (200), %.3g (2000)\n", ratio[0], ratio[1]);
    CHECK(ratio[0] > 0.0 && ratio[0] < 1e-4);
    CHECK(ratio[1] < ratio[0] / 80.0); /* second order: 100 for ten times the increments */
}

int main(void)
{
    RUN(selection_and_statuses);
    RUN(eval_is_the_kernel);
    RUN(swap_gives_the_other_side);
    RUN(energy_balance_of_oblique_impacts);
    RUN(tangential_restitution_against_angle);
    RUN(contact_point_and_torque_arm);
    RUN(dissipation_clamp_is_quadrature_error);
    return harness_finish("test_contact_md");
}
