/* The reference driver of DESIGN §7 (tests and figures only, never part of the library): a tiny time integrator
 * for one to a few spheres and fixed plane walls under gravity. Each body carries position, velocity, total
 * rotation as a Rodrigues vector (rotation.h) and angular velocity. Contact forces come from a callback called once
 * per pair (sphere–sphere, sphere–wall) and evaluation, with the pair's committed per-contact state; the callback
 * writes a trial state, which the driver commits at the end of the step. So the tests can plug in a contact law
 * built from normal.h/geometry.h or one of the library's assembled models.
 *
 * Integrators (the papers' own):
 * - DRV_VERLET: velocity Verlet = the central difference of 004 eq 40-50. Forces at x_{n+1} use the mid-step
 *   velocity v_{n+1/2} (004 eq 42-44 use q̇_{n−1/2} the same way); second order for position-dependent forces,
 *   first order in a velocity-dependent (dashpot) term.
 * - DRV_NEWMARK_PEC: the Newmark predictor–corrector of 000's appendix (eq 53-60), read as the consistent Newmark
 *   scheme with β = 1/4, γ = 1/2 (average acceleration): v^p = v + ½Δt a, x^p = x + Δt v + ¼Δt² a, forces at the
 *   predicted state, v^c = v^p + ½Δt a^p, x^c = x^p + ¼Δt² a^p, the same for ω and the rotation. The printed
 *   0.25 in eq 53 and 55 and the M^p(t_{m−1}) of eq 59 are inconsistent with eq 54/56-58/60 (they would make the
 *   velocity advance by ¾Δt a per step at constant force); the consistent reading gives exact free fall. PEC: no
 *   re-evaluation after the corrector; the next predictor uses a^p.
 * - DRV_TRAPEZOIDAL: the generalised trapezoidal rule of 001 section 4 (eq 40-47) solved by fixed-point iteration,
 *   Gauss–Seidel over the bodies (001 Remark 5), stopped by the error measure of eq 48-49 (Remark 6). Then one
 *   final evaluation at the converged state commits the contact states and gives f(t+Δt) for the next step.
 *
 * Rotations are always advanced with demc_rodrigues_update(α, ω_old, ω_new, ½, Δt) (001 eq 45, 47). */
#ifndef DEMC_TEST_DRIVER_H
#define DEMC_TEST_DRIVER_H

#include <demc.h>
#include <demc/analysis.h> /* the closed-form Hertz impact (outside the ABI promise) */

#define DRV_MAX_BODIES 4
#define DRV_MAX_WALLS 2
#define DRV_MAX_CONTACTS (DRV_MAX_BODIES * (DRV_MAX_BODIES - 1) / 2 + DRV_MAX_BODIES * DRV_MAX_WALLS)
#define DRV_STATE_MAX 256 /* doubles of per-contact state a law may keep */
#define DRV_INFO_MAX 8   /* law-specific diagnostics a law may report per evaluation */

typedef enum drv_scheme { DRV_VERLET = 0, DRV_NEWMARK_PEC = 1, DRV_TRAPEZOIDAL = 2 } drv_scheme;

typedef struct drv_body {
    demc_vec3 x, v, alpha, omega; /* centre (m), velocity (m/s), Rodrigues total rotation, spin (rad/s) */
    double mass, inertia, radius; /* kg, kg·m² (a sphere: scalar), m */
    /* Motion over the step being evaluated (set by the driver before each law call): */
    demc_vec3 step_velocity; /* (x_eval − x(t))/Δt */
    demc_vec3 step_rotation; /* incremental rotation α^Δ from t to the evaluated state */
    demc_vec3 force, torque; /* totals of the last evaluation, gravity included */
} drv_body;

typedef struct drv_wall {
    demc_vec3 point, normal; /* fixed plane; normal is a unit vector towards the spheres (geometry.h) */
} drv_wall;

typedef struct drv_contact_out {
    demc_vec3 force_i;     /* force on body i, N (j receives its opposite) */
    demc_vec3 torque_i;    /* torque on body i about its centre, N·m */
    demc_vec3 torque_j;    /* torque on body j about its centre (ignored for a wall) */
    double elastic_energy; /* energy stored in the contact after this evaluation, J */
    double dissipated;     /* energy the law dissipated in this step, J (≥ 0) */
    double info[DRV_INFO_MAX]; /* whatever the law wants the tests to see (overlap, slip flag, ...) */
} drv_contact_out;

/* Contact law: body j is NULL for a wall (then wall is not NULL). Reads state_old (committed state of the pair at
 * the start of the step, all zero for a new contact), writes state_new and out. Called for every pair at every
 * evaluation, in contact or not: the law returns zero force and a zero state when the bodies are apart. */
typedef void (*drv_law)(void *ctx, const drv_body *i, const drv_body *j, const drv_wall *wall, double dt,
                        const double *state_old, double *state_new, drv_contact_out *out);

typedef struct drv_contact {
    int i, j; /* body indices; j ≥ DRV_MAX_BODIES means wall j − DRV_MAX_BODIES */
    double state[DRV_STATE_MAX], trial[DRV_STATE_MAX];
    drv_contact_out out, trial_out; /* committed and trial outputs */
    double dissipated;              /* sum of the committed dissipation, J */
} drv_contact;

typedef struct drv_system {
    drv_scheme scheme;
    double dt, t;
    demc_vec3 gravity;
    drv_law law;
    void *law_ctx;
    double phi;      /* trapezoidal weight φ (001 eq 41), 0.5 by default */
    double tol;      /* fixed-point tolerance on the eq 48-49 errors, 1e-12 by default (001 used 1e-4) */
    int max_iter;    /* fixed-point iteration limit, 100 by default */
    int last_iter;   /* iterations of the last trapezoidal step */
    long total_iter; /* iterations of all trapezoidal steps */
    int not_converged; /* steps that reached max_iter */
    int n_bodies, n_walls, n_contacts, ready;
    drv_body body[DRV_MAX_BODIES];
    drv_wall wall[DRV_MAX_WALLS];
    drv_contact contact[DRV_MAX_CONTACTS];
} drv_system;

void drv_init(drv_system *s, drv_scheme scheme, double dt, demc_vec3 gravity, drv_law law, void *law_ctx);
/* Returns the body's index. Rotation starts at α = 0. */
int drv_add_sphere(drv_system *s, demc_vec3 x, demc_vec3 v, demc_vec3 omega, double radius, double mass,
                   double inertia);
int drv_add_wall(drv_system *s, demc_vec3 point, demc_vec3 normal);
/* Advances by one step Δt. The first call evaluates the forces at the initial state (without committing). */
void drv_step(drv_system *s);
/* The pair (i, body j) or (i, wall w): NULL if absent. */
drv_contact *drv_pair(drv_system *s, int i, int j);
drv_contact *drv_wall_pair(drv_system *s, int i, int w);

/* Energies, J: translational + rotational kinetic, gravitational potential (−Σ m g·x), stored in contacts,
 * dissipated so far (sum of the committed per-step dissipation the law reported). */
double drv_kinetic_energy(const drv_system *s);
double drv_potential_energy(const drv_system *s);
double drv_elastic_energy(const drv_system *s);
double drv_dissipated_energy(const drv_system *s);

#endif
