/* A complete host force loop around demc: spheres poured into a box settle into a pile under gravity.
 *
 * What a DEM code does around the library, in the smallest form that still has every part:
 *  - one compiled model per pair of species (bead-bead, bead-wall), the damping derived from a coefficient of
 *    restitution;
 *  - the time step from the library's estimators (timestep.h) for the fastest impact the run can have;
 *  - a Verlet neighbour list with a skin, rebuilt when a bead has moved half the skin; each listed pair (i, j)
 *    carries its contact history, created zero, handed over to the new list at each rebuild by its pair key, swapped
 *    with demc_contact_state_swap() when the new list stores the pair from the other side, erased when the contact
 *    ends;
 *  - forces and torques accumulated on both bodies, velocity Verlet;
 *  - the energy account of every contact (demc_contact_diag).
 * It checks itself and exits non-zero on failure: the pile comes to rest, the walls carry its weight, and the
 * energy balance closes: potential + kinetic + stored energy + everything the contacts dissipated stays equal to
 * the initial energy up to the integration error. Then the host re-sorts its beads the other way round, as codes
 * do for memory locality, and rebuilds the list: every pair is now stored from the other side, and the pile, held
 * by its tangential forces, must stay at rest (without the swap those forces would all turn round).
 *
 * Build: cc -O2 host_loop.c $(pkg-config --cflags --libs demc) -o host_loop && ./host_loop
 * Build header-only: cc -O2 -DDEMC_HEADER_ONLY host_loop.c $(pkg-config --cflags demc) -lm -o host_loop && ./host_loop
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <demc.h>
#include <demc/analysis.h> /* the closed-form Hertz impact (outside the ABI promise) */

enum { N = 24, NWALLS = 5, MAX_PAIRS = N * (N - 1) / 2 };

static const double radius = 4e-3, density = 1100.0, gravity = 9.81; /* SI units throughout */
static const double box = 3.3 * 2 * 4e-3;                            /* the box's inner width: 3.3 diameters */

typedef struct bead {
    demc_body body;         /* position, velocity, angular velocity, radius, mass, moment of inertia */
    demc_vec3 force, torque;
    demc_vec3 at_build;     /* position at the last neighbour-list build */
} bead;

/* [history] */
/* One neighbour: a pair of beads and the history of their contact, as the library sees it from body i. */
typedef struct neighbour {
    int i, j;
    int touching; /* 1 while the history holds a contact; 0: nothing to keep */
    double state[DEMC_CONTACT_STATE_MAX];
} neighbour;

/* Everything the host keeps: bodies, walls, the two compiled models, the neighbour list with its histories, the
 * wall contacts' histories, and the energy account. */
typedef struct sim {
    bead beads[N];
    demc_wall walls[NWALLS];
    demc_contact_model bead_model, wall_model; /* one per pair of species */
    neighbour pair[MAX_PAIRS];
    int count;                                  /* pairs in the list */
    neighbour old[MAX_PAIRS];                   /* scratch of build_list() */
    double wall_state[N][NWALLS][DEMC_CONTACT_STATE_MAX];
    int wall_touching[N][NWALLS];
    int descending;                             /* sort order of the beads for the next build */
    double dt, skin, dissipated, stored, wall_load;
    long swaps, builds;
} sim;

static long pair_key(int a, int b) { return a < b ? (long)a * N + b : (long)b * N + a; }

static int by_key(const void *a, const void *b)
{
    long ka = pair_key(((const neighbour *)a)->i, ((const neighbour *)a)->j);
    long kb = pair_key(((const neighbour *)b)->i, ((const neighbour *)b)->j);
    return ka < kb ? -1 : ka > kb;
}

/* Builds the list of pairs closer than the skin. The pair's order follows a sort of the beads by height (what a
 * cell list does), so the same pair may be stored as (i, j) in one build and (j, i) in the next. The history of every
 * contact of the old list moves to the new one by its pair key; a history stored from the other side is swapped. */
static void build_list(sim *S)
{
    int order[N], a, b, kept = 0;
    for (a = 0; a < S->count; ++a) /* keep only the contacts: the others have no history */
        if (S->pair[a].touching) S->old[kept++] = S->pair[a];
    qsort(S->old, (size_t)kept, sizeof S->old[0], by_key);
    for (a = 0; a < N; ++a) order[a] = a;
    for (a = 1; a < N; ++a) /* insertion sort by height, upwards or downwards */
        for (b = a; b > 0; --b) {
            const double up = S->beads[order[b]].body.position.z - S->beads[order[b - 1]].body.position.z;
            int t = order[b];
            if (S->descending ? up <= 0.0 : up >= 0.0) break;
            order[b] = order[b - 1], order[b - 1] = t;
        }
    S->count = 0;
    for (a = 0; a < N; ++a)
        for (b = a + 1; b < N; ++b) {
            const demc_body *p = &S->beads[order[a]].body, *q = &S->beads[order[b]].body;
            const double reach = p->radius + q->radius + S->skin;
            neighbour *nb, *found;
            if (demc_vec3_norm2(demc_vec3_sub(p->position, q->position)) >= reach * reach) continue;
            nb = &S->pair[S->count++];
            nb->i = order[a], nb->j = order[b];
            nb->touching = 0;
            demc_contact_state_reset(&S->bead_model, nb->state); /* a new pair: zero history */
            found = (neighbour *)bsearch(nb, S->old, (size_t)kept, sizeof S->old[0], by_key);
            if (found) {
                memcpy(nb->state, found->state, sizeof nb->state);
                nb->touching = 1;
                if (found->i != nb->i) { /* stored from the other side: the same memory, seen from j */
                    demc_contact_state_swap(&S->bead_model, nb->state);
                    ++S->swaps;
                }
            }
        }
    for (a = 0; a < N; ++a) S->beads[a].at_build = S->beads[a].body.position;
    ++S->builds;
}
/* [history] */

/* The energy terms of one evaluation: dissipated or exchanged in this step, and stored now. */
static void add_diag(sim *S, const demc_contact_diag *d)
{
    S->dissipated += d->viscous_dissipation + d->friction_dissipation + d->plastic_dissipation +
                     d->tangential_exchange;
    S->stored += d->normal_energy + d->tangential_energy;
}

/* [forces] */
/* Gravity and every contact force and torque, accumulated on both bodies of each pair. */
static void compute_forces(sim *S)
{
    int a, w;
    S->stored = 0.0;
    S->wall_load = 0.0;
    for (a = 0; a < N; ++a) {
        S->beads[a].force = demc_vec3_make(0.0, 0.0, -S->beads[a].body.mass * gravity);
        S->beads[a].torque = demc_vec3_make(0.0, 0.0, 0.0);
    }
    for (a = 0; a < S->count; ++a) {
        neighbour *nb = &S->pair[a];
        bead *p = &S->beads[nb->i], *q = &S->beads[nb->j];
        demc_contact_diag diag = DEMC_CONTACT_DIAG_INIT;
        demc_contact_frame frame = demc_contact_frame_sphere_sphere(&S->bead_model, &p->body, &q->body);
        demc_contact_result r;
        if (frame.overlap <= 0.0 && !nb->touching) continue; /* apart, and no history to close */
        r = demc_contact_eval(&S->bead_model, &frame, S->dt, nb->state, &diag);
        add_diag(S, &diag);
        nb->touching = r.overlap > 0.0; /* the contact ended: the library has zeroed the state; erase it */
        p->force = demc_vec3_add(p->force, r.force); /* force on i; j receives the opposite */
        q->force = demc_vec3_sub(q->force, r.force);
        p->torque = demc_vec3_add(p->torque, r.torque_i);
        q->torque = demc_vec3_add(q->torque, r.torque_j);
    }
    for (a = 0; a < N; ++a)
        for (w = 0; w < NWALLS; ++w) { /* the bead is body i; a wall's history never needs a swap */
            demc_contact_diag diag = DEMC_CONTACT_DIAG_INIT;
            demc_contact_frame frame = demc_contact_frame_sphere_wall(&S->wall_model, &S->beads[a].body, &S->walls[w]);
            demc_contact_result r;
            if (frame.overlap <= 0.0 && !S->wall_touching[a][w]) continue;
            r = demc_contact_eval(&S->wall_model, &frame, S->dt, S->wall_state[a][w], &diag);
            add_diag(S, &diag);
            S->wall_touching[a][w] = r.overlap > 0.0;
            S->beads[a].force = demc_vec3_add(S->beads[a].force, r.force);
            S->beads[a].torque = demc_vec3_add(S->beads[a].torque, r.torque_i);
            S->wall_load += r.force.z; /* the walls carry what their forces on the beads hold up */
        }
}
/* [forces] */

static double kinetic_energy(const sim *S)
{
    double e = 0.0;
    int a;
    for (a = 0; a < N; ++a) {
        const demc_body *b = &S->beads[a].body;
        e += 0.5 * b->mass * demc_vec3_norm2(b->velocity) + 0.5 * b->inertia * demc_vec3_norm2(b->angular_velocity);
    }
    return e;
}

/* Kinetic + potential + stored energy + what the contacts dissipated so far: constant up to integration error. */
static double energy(const sim *S)
{
    double e = kinetic_energy(S) + S->stored + S->dissipated;
    int a;
    for (a = 0; a < N; ++a) e += S->beads[a].body.mass * gravity * S->beads[a].body.position.z;
    return e;
}

/* [loop] */
/* Velocity Verlet for `duration` seconds; returns the largest |energy − e0| and the largest kinetic energy seen. */
static double advance(sim *S, double duration, double e0, double *kinetic_max)
{
    double t, worst = 0.0;
    int a;
    *kinetic_max = 0.0;
    for (t = 0.0; t < duration; t += S->dt) {
        double moved = 0.0;
        for (a = 0; a < N; ++a) { /* half kick, drift */
            bead *p = &S->beads[a];
            p->body.velocity = demc_vec3_add_scaled(p->body.velocity, 0.5 * S->dt / p->body.mass, p->force);
            p->body.angular_velocity = demc_vec3_add_scaled(p->body.angular_velocity, 0.5 * S->dt / p->body.inertia, p->torque);
            p->body.position = demc_vec3_add_scaled(p->body.position, S->dt, p->body.velocity);
            moved = fmax(moved, demc_vec3_norm(demc_vec3_sub(p->body.position, p->at_build)));
        }
        if (moved > 0.5 * S->skin) build_list(S); /* a bead may have reached a pair outside the list */
        compute_forces(S);
        for (a = 0; a < N; ++a) { /* half kick with the new forces */
            bead *p = &S->beads[a];
            p->body.velocity = demc_vec3_add_scaled(p->body.velocity, 0.5 * S->dt / p->body.mass, p->force);
            p->body.angular_velocity = demc_vec3_add_scaled(p->body.angular_velocity, 0.5 * S->dt / p->body.inertia, p->torque);
        }
        worst = fmax(worst, fabs(energy(S) - e0));
        *kinetic_max = fmax(*kinetic_max, kinetic_energy(S));
    }
    return worst;
}
/* [loop] */

static int fail(const char *what, demc_status s, const char *bad)
{
    fprintf(stderr, "host_loop: %s: %s (%s)\n", what, demc_status_str(s), bad ? bad : "-");
    return 1;
}

int main(void)
{
    static sim S; /* zero: no contact, no history */
    /* [setup] */
    const double restitution = 0.5, mu = 0.4, drop = 0.05; /* drop: the largest fall height, m */
    const double mass = 4.0 / 3.0 * 3.14159265358979323846 * radius * radius * radius * density;
    demc_material polymer = demc_material_make(1e7, 0.35, density); /* a soft polymer bead: E, nu, rho */
    demc_contact_def def = demc_contact_def_default();              /* HM+D */
    demc_pair pair_bb, pair_bw;
    const char *bad = NULL;
    demc_status s;
    double gamma = 0.0;
    int k;

    def.restitution = restitution; /* the dashpot is derived from it when the model is compiled */
    def.friction.mu_static = def.friction.mu_dynamic = mu;
    if ((s = demc_material_moduli_init(&polymer, &polymer, DEMC_SHEAR_MINDLIN, &def.moduli, &bad)) != DEMC_OK ||
        (s = demc_contact_model_init(&def, &S.bead_model, &bad)) != DEMC_OK)
        return fail("bead-bead model", s, bad);
    if ((s = demc_material_moduli_init(&polymer, NULL, DEMC_SHEAR_MINDLIN, &def.moduli, &bad)) != DEMC_OK ||
        (s = demc_contact_model_init(&def, &S.wall_model, &bad)) != DEMC_OK) /* a rigid wall */
        return fail("bead-wall model", s, bad);

    /* The time step: the critical step of [Burns 2019] for the fastest impact (a fall from `drop`), with the
     * dashpots the restitution gives at that impact's largest overlap, bead on bead and bead on wall; a tenth of it,
     * for the accuracy of the energy account (stability alone would allow about ten times more). */
    if ((s = demc_damping_hmd_ratio(restitution, def.end, &gamma)) != DEMC_OK) return fail("damping", s, NULL);
    if ((s = demc_material_pair_sphere_sphere(&polymer, radius, &polymer, radius, DEMC_SHEAR_MINDLIN, &pair_bb,
                                              &bad)) != DEMC_OK ||
        (s = demc_material_pair_sphere_wall(&polymer, radius, NULL, DEMC_SHEAR_MINDLIN, &pair_bw, &bad)) != DEMC_OK)
        return fail("pairs", s, bad);
    S.dt = 1.0;
    for (k = 0; k < 2; ++k) {
        const demc_pair *pr = k == 0 ? &pair_bb : &pair_bw;
        const double v = sqrt(2.0 * gravity * drop), m = pr->effective_mass, R = pr->effective_radius;
        demc_collision_hertz impact;
        demc_timestep_collision col;
        demc_timestep_bounds bounds;
        double c_n, c_t;
        if ((s = demc_collision_hertz_impact(pr, v, &impact, &bad)) != DEMC_OK) return fail("impact", s, bad);
        c_n = demc_damping_hertz_coefficient(gamma, m, pr->effective_modulus, R, impact.max_overlap);
        c_t = 2.0 * gamma * sqrt(m * 8.0 * pr->effective_shear_modulus * sqrt(R * impact.max_overlap));
        if ((s = demc_timestep_collision_pair_init(pr, v, c_n, c_t, &col, &bad)) != DEMC_OK ||
            (s = demc_timestep_critical(&col, &bounds, &bad)) != DEMC_OK)
            return fail("time step", s, bad);
        if (0.1 * bounds.critical < S.dt) S.dt = 0.1 * bounds.critical;
    }
    /* [setup] */

    {
        const double weight = N * mass * gravity;
        double e0, settle_error, hold_error, kinetic_fall, kinetic_hold, kinetic_rest;
        unsigned long seed = 12345u;
        long swaps_settle;
        int a, ok = 1;

        /* The box: a floor at z = 0 and four side walls, normals pointing inwards. */
        S.walls[0].normal = demc_vec3_make(0, 0, 1);
        S.walls[1].normal = demc_vec3_make(1, 0, 0), S.walls[1].point = demc_vec3_make(-0.5 * box, 0, 0);
        S.walls[2].normal = demc_vec3_make(-1, 0, 0), S.walls[2].point = demc_vec3_make(0.5 * box, 0, 0);
        S.walls[3].normal = demc_vec3_make(0, 1, 0), S.walls[3].point = demc_vec3_make(0, -0.5 * box, 0);
        S.walls[4].normal = demc_vec3_make(0, -1, 0), S.walls[4].point = demc_vec3_make(0, 0.5 * box, 0);
        /* Beads on a loose 3 x 3 lattice, three layers, with small random offsets and velocities. */
        for (a = 0; a < N; ++a) {
            double r[6];
            int c;
            for (c = 0; c < 6; ++c) {
                seed = seed * 1103515245u + 12345u;
                r[c] = (double)((seed >> 8) & 0xFFFF) / 65536.0 - 0.5;
            }
            S.beads[a].body.radius = radius;
            S.beads[a].body.mass = mass;
            S.beads[a].body.inertia = 0.4 * mass * radius * radius; /* a solid sphere's, given */
            S.beads[a].body.position = demc_vec3_make((a % 3 - 1) * 2.15 * radius + 0.1 * radius * r[0],
                                                      (a / 3 % 3 - 1) * 2.15 * radius + 0.1 * radius * r[1],
                                                      (3.0 + 3.0 * (a / 9)) * radius + 0.1 * radius * r[2]);
            S.beads[a].body.velocity = demc_vec3_make(0.1 * r[3], 0.1 * r[4], 0.1 * r[5]);
            if (S.beads[a].body.position.z > drop) return fail("setup", DEMC_ERR_OUT_OF_DOMAIN, "drop");
        }
        S.skin = 0.2 * radius;

        /* 1. Pour: the beads fall, collide and settle. */
        build_list(&S);
        compute_forces(&S);
        e0 = energy(&S);
        settle_error = advance(&S, 0.8, e0, &kinetic_fall);
        kinetic_rest = kinetic_energy(&S);
        swaps_settle = S.swaps;
        printf("host_loop: %d beads (R = %g mm, HM+D, e = %g, mu = %g) poured into a box, dt = %.3g s\n", N,
               radius * 1e3, restitution, mu, S.dt);
        printf("  settled after 0.8 s: %ld list builds, %ld histories handed over from the other side\n", S.builds,
               swaps_settle);
        printf("  kinetic energy %.3g of the initial energy (%.3g at most while falling); walls carry %.6f of the "
               "weight\n", kinetic_rest / e0, kinetic_fall / e0, S.wall_load / weight);
        printf("  energy: initial %.6g mJ, dissipated %.6g mJ, largest imbalance %.3g of the dissipated energy\n",
               e0 * 1e3, S.dissipated * 1e3, settle_error / S.dissipated);
        /* At rest: no rolling resistance is selected, so a bead with room to roll keeps a tiny constant speed. */
        if (!(kinetic_rest < 1e-5 * e0)) ok = 0, fprintf(stderr, "host_loop: the pile is not at rest\n");
        if (!(fabs(S.wall_load / weight - 1.0) < 1e-3))
            ok = 0, fprintf(stderr, "host_loop: the walls do not carry the pile's weight\n");
        /* The dashpots see the half-step velocity: the balance is first order in dt (0.55 % here, 1.1 % at 2 dt). */
        if (!(settle_error < 2e-2 * S.dissipated))
            ok = 0, fprintf(stderr, "host_loop: the energy balance does not close\n");

        /* 2. Re-sort: the next build lists every pair from the other side. The same step computed with the list as it
         *    was (a copy of the whole host state) and with the re-sorted list must give every bead the same force,
         *    and the pile must stay at rest. */
        {
            static sim before;
            double change = 0.0;
            before = S;
            compute_forces(&before);
            S.descending = 1;
            build_list(&S);
            compute_forces(&S);
            for (a = 0; a < N; ++a)
                change = fmax(change, demc_vec3_norm(demc_vec3_sub(S.beads[a].force, before.beads[a].force)));
            change /= mass * gravity;
            hold_error = advance(&S, 0.1, e0, &kinetic_hold);
            printf("  re-sorted: %ld histories swapped; forces changed by %.2g of a bead's weight; kinetic energy "
                   "below %.3g of the initial energy in the next 0.1 s\n", S.swaps - swaps_settle, change,
                   kinetic_hold / e0);
            if (!(S.swaps - swaps_settle > 0)) ok = 0, fprintf(stderr, "host_loop: the re-sort swapped no history\n");
            if (!(change < 1e-9))
                ok = 0, fprintf(stderr, "host_loop: handing the histories to the other side changed the forces\n");
            if (!(kinetic_hold < 1e-5 * e0))
                ok = 0, fprintf(stderr, "host_loop: the pile moved after the re-sort\n");
            if (!(hold_error < 2e-2 * S.dissipated))
                ok = 0, fprintf(stderr, "host_loop: the energy balance does not close after the re-sort\n");
        }
        return ok ? 0 : 1;
    }
}
