/**
 * @example demo.c
 * The demonstration program of `make demo`: it links libdemc the way a host DEM code does, checks that the
 * library it loaded matches the headers it was compiled with, and prints what a DEM user sets a run up with.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <demc.h>
#include <demc/analysis.h> /* the closed-form Hertz impact (outside the ABI promise) */

/* Effective properties of two glass beads (radius 1 mm) and of a bead on a rigid wall, and the analytic Hertz
 * impact at 1 m/s (material.h, normal.h). */
static void demo_normal(void)
{
    demc_material glass = demc_material_make(63e9, 0.23, 2500.0); /* soda-lime glass: E (Pa), nu, rho (kg/m^3) */
    const double radius = 1e-3, speed = 1.0;
    const char *bad = NULL;
    demc_pair pairs[2];
    const char *names[2] = {"glass bead on glass bead", "glass bead on rigid wall"};
    int k;
    demc_status s = demc_material_pair_sphere_sphere(&glass, radius, &glass, radius, DEMC_SHEAR_MINDLIN, &pairs[0], &bad);
    if (s == DEMC_OK) s = demc_material_pair_sphere_wall(&glass, radius, NULL, DEMC_SHEAR_MINDLIN, &pairs[1], &bad);
    if (s != DEMC_OK) {
        printf("pair setup failed: %s (%s)\n", demc_status_str(s), bad ? bad : "?");
        return;
    }
    printf("\nHertz normal impact, R = %g mm, E = %g GPa, nu = %g, rho = %g kg/m^3, v = %g m/s\n", radius * 1e3,
           glass.youngs_modulus * 1e-9, glass.poisson_ratio, glass.density, speed);
    for (k = 0; k < 2; ++k) {
        demc_collision_hertz a;
        if (demc_collision_hertz_impact(&pairs[k], speed, &a, &bad) != DEMC_OK) continue;
        printf("  %s:\n", names[k]);
        printf("    E* = %.4g GPa, G* (Mindlin) = %.4g GPa, R* = %.4g mm, m* = %.4g mg\n",
               pairs[k].effective_modulus * 1e-9, pairs[k].effective_shear_modulus * 1e-9,
               pairs[k].effective_radius * 1e3, pairs[k].effective_mass * 1e6);
        printf("    max overlap %.4g um, max force %.4g N, contact radius %.4g um\n", a.max_overlap * 1e6,
               a.max_force, a.contact_radius * 1e6);
        printf("    contact duration %.4g us, peak force at %.4g us\n", a.duration * 1e6,
               a.time_of_max_force * 1e6);
    }
}

/* timestep.h: the step each estimator gives for two glass beads ([Burns 2019]'s glass: G = 17 GPa, nu = 0.22,
 * rho = 2530 kg/m^3) of 1 mm radius colliding at 1 m/s, undamped and damped, and the probe's answer. */
static void demo_timestep(void)
{
    const double radius = 1e-3, speed = 1.0, damping[2] = {0.0, 0.5};
    const char *names[4] = {"compression eq 62", "restitution eq 65", "shear eq 68", "energy"};
    demc_material glass = demc_material_make(0.0, 0.22, 2530.0);
    double rayleigh = 0, hertz = 0, hertz20 = 0, belytschko = 0, probe = 0;
    const char *bad = NULL;
    demc_pair pair;
    demc_timestep_collision col;
    demc_timestep_bounds b;
    demc_timestep_bound failed;
    int i;
    glass.shear_modulus = 17e9; /* 004 gives G and nu; E = 2G(1 + nu) */
    glass.youngs_modulus = 2.0 * glass.shear_modulus * (1.0 + glass.poisson_ratio);
    if (demc_material_pair_sphere_sphere(&glass, radius, &glass, radius, DEMC_SHEAR_MINDLIN, &pair, &bad) != DEMC_OK ||
        demc_timestep_rayleigh_material(&glass, radius, &rayleigh, &bad) != DEMC_OK) {
        printf("time-step setup failed at %s\n", bad ? bad : "?");
        return;
    }
    printf("\ntime step, glass beads r = r' = 1 mm, G = 17 GPa, nu = 0.22, rho = 2530 kg/m^3, v = 1 m/s\n");
    printf("  Rayleigh ([Burns 2019] eq 78)                      %.4e s\n", rayleigh);
    for (i = 0; i < 2; ++i) {
        if (demc_timestep_collision_pair_init(&pair, speed, damping[i], damping[i], &col, &bad) != DEMC_OK ||
            demc_timestep_critical(&col, &b, &bad) != DEMC_OK ||
            demc_collision_timestep_probe(&col, 0.01, &probe, &failed, &bad) != DEMC_OK) {
            printf("time-step estimate failed at %s\n", bad ? bad : "?");
            return;
        }
        printf("  c1 = c2 = c3 = %g kg/s (reduced mass %.4e kg, k2 = %.4e N/m^1.5)\n", damping[i], col.mass,
               col.normal_prefactor);
        if (i == 0) {
            /* Hertz duration, and Belytschko with the secant stiffness k2 sqrt(x_max) of [Burns 2019] eq 53 */
            if (demc_timestep_hertz(col.mass, col.normal_prefactor, speed, 1, &hertz, NULL) != DEMC_OK ||
                demc_timestep_hertz(col.mass, col.normal_prefactor, speed, 20, &hertz20, NULL) != DEMC_OK ||
                demc_timestep_belytschko(col.mass, col.normal_prefactor * sqrt(b.overlap_max), 0.0, &belytschko, NULL) !=
                    DEMC_OK)
                return;
            printf("    Hertz contact duration t_H              %.4e s\n", hertz);
            printf("    t_H/20 ([Campello 2015] eq 50)                      %.4e s\n", hertz20);
            printf("    Belytschko, secant k at x_max (eq 35)   %.4e s\n", belytschko);
        } else {
            printf("    linearised 2m/c2 ([Burns 2019] eq 90)            %.4e s\n", b.linearised);
        }
        printf("    compression ([Burns 2019] eq 62)                 %.4e s\n", b.compression);
        printf("    restitution ([Burns 2019] eq 65)                 %.4e s\n", b.restitution);
        printf("    shear ([Burns 2019] eq 68)                       %.4e s\n", b.shear);
        printf("    critical = min, set by %-17s %.4e s\n", names[b.binding], b.critical);
        printf("    probe (map iterated, 1 %% energy)        %.4e s (%s fails above)\n", probe, names[failed]);
    }
}

/* One oblique impact of a spinning glass bead (R = 1 mm) on a rigid wall with the default model, HM+D
 * (contact.h), integrated by velocity Verlet: rebound velocities and the energy account of the contact. */
static void demo_contact(void)
{
    demc_material glass = demc_material_make(63e9, 0.23, 2500.0);
    const double radius = 1e-3, mass = 4.0 / 3.0 * 3.14159265358979 * radius * radius * radius * 2500.0;
    const double inertia = 0.4 * mass * radius * radius, e = 0.8, mu = 0.3, dt = 2e-9;
    demc_contact_def def = demc_contact_def_default(); /* HM+D */
    demc_contact_model model;
    double state[DEMC_CONTACT_STATE_MAX] = {0}; /* all zero: a new contact */
    demc_contact_diag diag = DEMC_CONTACT_DIAG_INIT;
    demc_wall wall = {{0, 0, 0}, {0, 0, 1}, {0, 0, 0}, {0, 0, 0}};
    demc_body b = {{0, 0, 1e-3}, {0.5, 0, -1.0}, {0, 100, 0}, 1e-3, 0, 0};
    demc_contact_frame f;
    demc_contact_result r;
    const char *bad = NULL;
    double t = 0, ke0, dissipated = 0, friction = 0, exchanged = 0, fmax = 0;
    long steps = 0;
    int slid = 0;
    b.mass = mass;
    def.restitution = e;
    def.friction.mu_static = def.friction.mu_dynamic = mu;
    if (demc_material_moduli_init(&glass, NULL, DEMC_SHEAR_MINDLIN, &def.moduli, &bad) != DEMC_OK ||
        demc_contact_model_init(&def, &model, &bad) != DEMC_OK) {
        printf("contact setup failed at %s\n", bad ? bad : "?");
        return;
    }
    ke0 = 0.5 * mass * demc_vec3_norm2(b.velocity) + 0.5 * inertia * demc_vec3_norm2(b.angular_velocity);
    f = demc_contact_frame_sphere_wall(&model, &b, &wall);
    r = demc_contact_eval(&model, &f, dt, state, NULL);
    do {
        b.velocity = demc_vec3_add_scaled(b.velocity, 0.5 * dt / mass, r.force);
        b.angular_velocity = demc_vec3_add_scaled(b.angular_velocity, 0.5 * dt / inertia, r.torque_i);
        b.position = demc_vec3_add_scaled(b.position, dt, b.velocity);
        f = demc_contact_frame_sphere_wall(&model, &b, &wall);
        r = demc_contact_eval(&model, &f, dt, state, &diag); /* with the energy terms */
        b.velocity = demc_vec3_add_scaled(b.velocity, 0.5 * dt / mass, r.force);
        b.angular_velocity = demc_vec3_add_scaled(b.angular_velocity, 0.5 * dt / inertia, r.torque_i);
        dissipated += diag.viscous_dissipation + diag.friction_dissipation;
        exchanged += diag.tangential_exchange;
        friction += diag.friction_dissipation;
        if (r.normal_force > fmax) fmax = r.normal_force;
        slid |= diag.sliding;
        t += dt;
        ++steps;
    } while ((r.overlap > 0 || t < 1e-6) && steps < 10000000L);
    printf("\nOblique impact on a rigid wall, default model HM+D (e = %g, mu = %g, force end rule)\n", e, mu);
    printf("  glass bead R = %g mm at (vx, vz) = (0.5, -1.0) m/s, spin wy = 100 rad/s; dt = %g ns\n",
           radius * 1e3, dt * 1e9);
    printf("  contact time %.4g us (%ld steps), peak normal force %.4g N, %s\n", t * 1e6, steps, fmax,
           slid ? "slid during part of the contact" : "stuck throughout");
    printf("  rebound: vx = %.5f m/s, vz = %.5f m/s (normal restitution %.5f), wy = %.3f rad/s\n", b.velocity.x,
           b.velocity.z, b.velocity.z / 1.0, b.angular_velocity.y);
    {
        double ke = 0.5 * mass * demc_vec3_norm2(b.velocity) + 0.5 * inertia * demc_vec3_norm2(b.angular_velocity);
        printf("  energy: initial %.5g uJ = final kinetic %.5g + dissipated %.5g (friction %.4g)\n", ke0 * 1e6,
               ke * 1e6, dissipated * 1e6, friction * 1e6);
        printf("    + Mindlin stiffness exchange %.4g + integration error %.2g uJ\n", exchanged * 1e6,
               (ke0 - dissipated - exchanged - ke) * 1e6);
    }
}

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
        if (demc_damping_lsd_ratio(e, (demc_contact_end)end, &lsd) != DEMC_OK ||
            demc_damping_hmd_ratio(e, (demc_contact_end)end, &hmd) != DEMC_OK) {
            printf("  damping: unexpected error\n");
            return;
        }
        printf("  %-34s %-12.9f %-12.9f\n", rule[end], lsd, hmd);
    }
    printf("  (force 2*gamma*sqrt(m* k) v; HM+D: k = 2 E* sqrt(R* delta), i.e. Tsuji's alpha = sqrt(6)*gamma)\n");
}

/* A short version of the validation case [Campello 2015] example 5.1 (docs page "Validation"): a sphere spinning backwards
 * slides on a rigid plane until it rolls. Velocity Verlet around demc_contact_eval() with the Campello preset
 * (contact.h), the way a host code's time loop calls it; pure rolling starts where the contact-point velocity
 * reaches 0, against the analytic [Campello 2015] eq 51-53. */
static void demo_validation(void)
{
    const double r = 0.2, m = 1000.0, inertia = 0.4 * m * r * r, mu = 0.25, g = 9.81, dt = 1e-4;
    demc_material mat = demc_material_make(1e10, 0.25, 0.0); /* the contact model needs no density */
    demc_vec3 force = demc_vec3_make(0.0, 0.0, 0.0), torque = force;
    demc_moduli moduli;
    demc_normal_hertz_params hertz;
    demc_contact_def def;
    demc_contact_model model;
    double state[DEMC_CONTACT_STATE_MAX] = {0};
    demc_body ball;
    demc_wall plane;
    double t = 0.0, vc_old, t_exact, v_exact;
    int rolling = 0;
    /* The model of [Campello 2015]: its preset, its shear-modulus mixing, the paper's half-overlap contact point. */
    if (demc_contact_def_init(DEMC_CONTACT_PRESET_CAMPELLO, sizeof def, &def, NULL) != DEMC_OK ||
        demc_material_moduli_init(&mat, NULL, DEMC_SHEAR_CAMPELLO, &moduli, NULL) != DEMC_OK ||
        demc_normal_hertz_init(moduli.effective_modulus, r, &hertz, NULL) != DEMC_OK)
        return;
    def.moduli = moduli;
    def.friction.mu_static = def.friction.mu_dynamic = mu;
    def.contact_point = DEMC_CONTACT_POINT_HALF;
    if (demc_contact_model_init(&def, &model, NULL) != DEMC_OK) return;
    memset(&plane, 0, sizeof plane);
    plane.normal = demc_vec3_make(0.0, 1.0, 0.0);
    ball.position = demc_vec3_make(0.0, r - pow(m * g / hertz.prefactor, 2.0 / 3.0), 0.0); /* static overlap */
    ball.velocity = demc_vec3_make(2.355, 0.0, 0.0);
    ball.angular_velocity = demc_vec3_make(0.0, 0.0, -127.03);
    ball.radius = r;
    ball.mass = m;
    ball.inertia = 0.0; /* a solid sphere */
    vc_old = ball.velocity.x + ball.angular_velocity.z * r;
    printf("\nValidation, [Campello 2015] example 5.1: sphere r = %g m, m = %g kg, v0 = %g m/s, w0 = %g rad/s, mu = %g\n", r, m,
           ball.velocity.x, ball.angular_velocity.z, mu);
    while (!rolling && t < 4.0) { /* at rest on the plane the contact carries the weight: net force 0 at t = 0 */
        demc_contact_result c;
        double vc;
        ball.velocity = demc_vec3_add_scaled(ball.velocity, 0.5 * dt / m, force); /* half kick */
        ball.angular_velocity = demc_vec3_add_scaled(ball.angular_velocity, 0.5 * dt / inertia, torque);
        ball.position = demc_vec3_add_scaled(ball.position, dt, ball.velocity); /* drift */
        demc_contact_frame f = demc_contact_frame_sphere_wall(&model, &ball, &plane);
        c = demc_contact_eval(&model, &f, dt, state, NULL);
        force = demc_vec3_add(c.force, demc_vec3_make(0.0, -m * g, 0.0));
        torque = c.torque_i;
        ball.velocity = demc_vec3_add_scaled(ball.velocity, 0.5 * dt / m, force); /* half kick */
        ball.angular_velocity = demc_vec3_add_scaled(ball.angular_velocity, 0.5 * dt / inertia, torque);
        t += dt;
        vc = ball.velocity.x + ball.angular_velocity.z * r;
        rolling = vc >= 0.0 && vc_old < 0.0;
        vc_old = vc;
    }
    t_exact = (127.03 * r - 2.355) / (3.5 * mu * g); /* [Campello 2015] eq 51-53 */
    v_exact = (5.0 * 2.355 + 2.0 * 127.03 * r) / 7.0;
    printf("  pure rolling from t = %.4f s (analytic %.4f s): v = %.4f m/s (%.4f), w = %.3f rad/s (%.3f)\n", t, t_exact,
           ball.velocity.x, v_exact, ball.angular_velocity.z, -v_exact / r);
}

int main(void)
{
    /* A host code checks at start-up that the shared library it loaded can serve its headers: the same major
     * version, and a library at least as new as the headers (a newer minor release keeps every older symbol). */
    if (demc_version_number() / 1000000 != DEMC_VERSION_MAJOR || demc_version_number() < DEMC_VERSION_NUMBER) {
        fprintf(stderr, "demc: header %d but library %d\n", DEMC_VERSION_NUMBER, demc_version_number());
        return 1;
    }
    printf("demc %s (version number %d)\n", demc_version_string(), demc_version_number());
    printf("library build: %s\n", demc_build_info());
    demo_normal();
    demo_timestep();
    demo_damping();
    demo_contact();
    demo_validation();
    return 0;
}
