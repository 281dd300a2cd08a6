/* The contact benchmark: demc's HM+D against a hand-written monolithic kernel and a LAMMPS-style dispatch kernel
 * (bench/ref_kernels.h), in one run, on the same contacts, with the same physics checked.
 *
 * Bodies are glass spheres (R = 5 mm ± 0.1 %) on a cubic lattice whose spacing makes each body overlap its six
 * axis neighbours (δ/R* ≈ 0.8 %), kept in LAMMPS-like arrays; contacts are index pairs (i, j) with a per-contact
 * history array. Three sets:
 *   cache   ~1e4 contacts, bodies in lattice order: everything in cache;
 *   random  ~1e6 contacts, body indices shuffled (every contact gathers two random bodies), caches flushed before
 *           each sweep (a read of 64 MB), every contact touching;
 *   list90  a half neighbour list on the cache set's bodies where 9 of 10 pairs do not touch (diagonal and second
 *           neighbours, at least 2.8 R apart), grouped by i as a neighbour list is, touching and apart mixed.
 * Each kernel is brought to the timed step by three earlier steps from a zero state (positions x − k v Δt), so its
 * history holds what its own conventions made of the same motion (most contacts sliding, some sticking, about half of
 * them unloading); that state is saved, and every timed sweep starts from it again (state and force arrays reset,
 * untimed), so each sweep does the same work. Sweeps of the kernels are interleaved round by round, so load from
 * other processes affects them alike; the table gives best and median ns per pair and the ratio of medians to the
 * hand-written kernel.
 *
 * Check: every kernel marked "same physics" must give the hand-written kernel's per-body forces and torques to
 * BENCH_TOLERANCE (see there); the demc call with its default conventions (average k_t rule, unloading rescale,
 * rotated memory with the bodies' spin) is a different physics on the same motion: its deviation is printed, and
 * only a gross one (> BENCH_LOOSE) fails.
 *
 * Environment: BENCH_ONLY=name[,name...] runs only those kernels (names as in the table); BENCH_CASE=name runs one
 * set; BENCH_REPS=n sets the number of timed sweeps; BENCH_MDR_SPRINGS=n the resolution of demc-batch-mdr.
 * Instructions per pair: bench/count_instructions.sh (callgrind counting only inside bench_timed_sweep(), i.e. the
 * timed sweeps), see bench/README.md.
 *
 * Flags: the Makefile's portable ones (-std=c99 -O3, no -march). Measured with -march=native on this machine (AMD
 * EPYC, AVX-512, header-only face, cache set): the results are bit for bit the same (in ISO C mode gcc does not
 * contract a*b+c into FMAs, -ffp-contract=off), the hand-written kernel gains ~3 %, the dispatch kernel ~10 %
 * (its ratio 1.40 -> 1.26), demc ~5 % (1.67 -> 1.65); the ratios of this table are therefore not an artefact
 * of the portable flags.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "demc.h"
#include "bench.h"
#include "ref_kernels.h"

/* Relative tolerance of the force check: max over bodies of |f − f_ref| (and |t − t_ref|) over the largest
 * |f_ref| (|t_ref|). The kernels differ only in the order of roundings (a few ulps per contact, ~1e-15; a body
 * sums 6 contacts, and where its net force nearly cancels the error relative to the largest force stays that
 * small); branches (clamp, stick/slip) are continuous at their thresholds, so a pair that falls on the other
 * side by rounding changes its force by rounding only. Any difference of physics is many orders larger: one step
 * of the average instead of the forward k_t rule changes a force by ~1e-3 relative. */
#define BENCH_TOLERANCE 1e-11
/* Gross-error bound for kernels with other conventions on the same motion (same model family). */
#define BENCH_LOOSE 0.1

#define BENCH_PRESTEPS 3
#define BENCH_MAX_KERNELS 16
#define BENCH_MAX_REPS 512

static const double bench_dt = 1e-6; /* s: ~0.2 of the Rayleigh time of these spheres */

/* ============================================================================================================
 * demc, through one adapter. To move the benchmark to a new demc API, change only this block: the model type,
 * the state size, the two setup functions and bench_demc_pair().
 * ============================================================================================================ */
/* The compiled model and its range, read once at setup as a linked host reads it before its force loop. */
typedef struct {
    demc_contact_model model;
    double range; /* demc_contact_model_range(): 0 for HM+D */
    /* heat (the model with a heat law): per-body temperatures in, heat flows added; NULL otherwise */
    double *temperature, *heat_flow;
    int frictional_heat; /* the batch's frictional heat too */
} bench_demc_model;

/* The state stride of each model, its demc_contact_model_state_size() (checked at setup): with the closest
 * conventions HM+D keeps 6 doubles (the spring's force, k_t, F_n, slip flag: the projection needs no previous
 * normal), with its defaults 9 (the previous normal first). The slip flag is the last double in both (the layout on
 * the contact page). */
#define BENCH_DEMC_CLOSEST_DOUBLES 6
#define BENCH_DEMC_DEFAULT_DOUBLES 9
#define BENCH_DEMC_DOUBLES(kind) ((kind) == BENCH_KIND_CLOSEST ? BENCH_DEMC_CLOSEST_DOUBLES : BENCH_DEMC_DEFAULT_DOUBLES)

/* The kinds of the two models, constants for demc_contact_eval_kind() (header-only: every other slot folds). */
#define BENCH_KIND_CLOSEST                                                                                          \
    (DEMC_CONTACT_KIND_HMD | DEMC_CONTACT_KIND_CONVENTIONS(DEMC_STIFFNESS_FORWARD, 0, DEMC_SLIP_DIRECTION_FORCE,    \
                                                           DEMC_UNLOADING_KEEP, DEMC_COULOMB_TOTAL, 0,              \
                                                           DEMC_TRANSPORT_PROJECT, 1))
#define BENCH_KIND_DEFAULT DEMC_CONTACT_KIND_HMD

static void bench_demc_compile(const demc_contact_def *def, demc_contact_kind kind, bench_demc_model *m)
{
    if (demc_contact_model_init(def, &m->model, NULL) != DEMC_OK || demc_contact_model_kind(&m->model) != kind ||
        demc_contact_model_state_size(&m->model) != BENCH_DEMC_DOUBLES(kind))
        abort();
    m->range = demc_contact_model_range(&m->model);
    m->temperature = m->heat_flow = NULL;
    m->frictional_heat = 0;
}

static demc_contact_def bench_demc_def(const demc_pair *pair, double e, double mu)
{
    demc_contact_def def = demc_contact_def_default(); /* HM+D */
    def.moduli.effective_modulus = pair->effective_modulus;
    def.moduli.effective_shear_modulus = pair->effective_shear_modulus;
    def.restitution = e;
    def.friction.mu_static = def.friction.mu_dynamic = mu;
    def.contact_point = DEMC_CONTACT_POINT_HALF; /* as the reference kernels */
    return def;
}

/* demc's HM+D with the conventions closest to the reference kernels (see ref_kernels.h). */
static void bench_demc_setup_closest(bench_demc_model *m, const demc_pair *pair, double e, double mu)
{
    demc_contact_def def = bench_demc_def(pair, e, mu);
    def.friction.stiffness_rule = DEMC_STIFFNESS_FORWARD;
    def.friction.unloading = DEMC_UNLOADING_KEEP;
    def.friction.direction = DEMC_SLIP_DIRECTION_FORCE;
    def.friction.coulomb = DEMC_COULOMB_TOTAL;
    def.transport = DEMC_TRANSPORT_PROJECT;
    bench_demc_compile(&def, BENCH_KIND_CLOSEST, m);
}

/* The closest model with static conduction H = 2 k_s a (glass, k = 1 W/(m K)), the batch's heat arrays given
 * (temperatures varying from body to body): what heat adds to the batch's cost. Bench-owned arrays of n bodies. */
static void bench_demc_setup_heat(bench_demc_model *m, const demc_pair *pair, double e, double mu, long bodies)
{
    demc_contact_def def = bench_demc_def(pair, e, mu);
    long k;
    def.friction.stiffness_rule = DEMC_STIFFNESS_FORWARD;
    def.friction.unloading = DEMC_UNLOADING_KEEP;
    def.friction.direction = DEMC_SLIP_DIRECTION_FORCE;
    def.friction.coulomb = DEMC_COULOMB_TOTAL;
    def.transport = DEMC_TRANSPORT_PROJECT;
    def.heat.law = DEMC_HEAT_STATIC;
    def.heat.conductivity_i = def.heat.conductivity_j = 1.0;
    bench_demc_compile(&def, BENCH_KIND_CLOSEST, m);
    m->temperature = (double *)malloc((size_t)bodies * sizeof(double));
    m->heat_flow = (double *)calloc((size_t)bodies, sizeof(double));
    if (!m->temperature || !m->heat_flow) abort();
    for (k = 0; k < bodies; ++k) m->temperature[k] = 300.0 + (double)(k % 97);
}

/* demc's HM+D with its default conventions. */
static void bench_demc_setup_default(bench_demc_model *m, const demc_pair *pair, double e, double mu)
{
    demc_contact_def def = bench_demc_def(pair, e, mu);
    bench_demc_compile(&def, BENCH_KIND_DEFAULT, m);
}

/* HM+D under the conventions of the LIGGGHTS example (DEMC_CONTACT_KIND_HMD_LIGGGHTS: the total spring, its elastic
 * displacement kept and recalculated on slip, the slip along it, the elastic Coulomb policy, the overlap end rule,
 * the projected memory) or (lammps) under LAMMPS GRANULAR's rules (the total spring, the dashpot kept whole under
 * the total Coulomb policy, the absolute Coulomb load, the overlap end rule, the projected memory): other physics on
 * the same motion, for the batch only (what those conventions cost); returns the state size, read from the model. */
static int bench_demc_setup_engine(bench_demc_model *m, const demc_pair *pair, double e, double mu, int lammps)
{
    demc_contact_def def = bench_demc_def(pair, e, mu);
    def.end = DEMC_CONTACT_END_OVERLAP;
    def.transport = DEMC_TRANSPORT_PROJECT;
    def.friction.stiffness_rule = DEMC_STIFFNESS_TOTAL;
    if (lammps) {
        def.friction.coulomb = DEMC_COULOMB_TOTAL_DASHPOT_KEPT;
        def.coulomb_load = DEMC_COULOMB_LOAD_ABSOLUTE;
    } else {
        def.friction.recalculation = DEMC_SLIP_CONVENTIONAL;
        def.friction.direction = DEMC_SLIP_DIRECTION_DISPLACEMENT;
        def.friction.coulomb = DEMC_COULOMB_ELASTIC;
    }
    if (demc_contact_model_init(&def, &m->model, NULL) != DEMC_OK ||
        (!lammps && demc_contact_model_kind(&m->model) != DEMC_CONTACT_KIND_HMD_LIGGGHTS))
        abort();
    m->range = demc_contact_model_range(&m->model);
    m->temperature = m->heat_flow = NULL;
    m->frictional_heat = 0;
    return (int)demc_contact_model_state_size(&m->model);
}

static int bench_mdr_springs; /* the MDR model's springs, set at setup (mdr-cell-floor reads it) */

/* HM+D with its default conventions and the exact tangential law (DEMC_TANGENTIAL_MDR) at its default resolution
 * (or BENCH_MDR_SPRINGS), for the batch only (the cost of the law against the default batch); returns its state
 * size, read from the model. */
static int bench_demc_setup_default_mdr(bench_demc_model *m, const demc_pair *pair, double e, double mu)
{
    demc_contact_def def = bench_demc_def(pair, e, mu);
    const char *springs = getenv("BENCH_MDR_SPRINGS");
    def.tangential = DEMC_TANGENTIAL_MDR;
    def.mdr_springs = springs ? atoi(springs) : 0; /* 0: the default resolution */
    if (demc_contact_model_init(&def, &m->model, NULL) != DEMC_OK) abort();
    bench_mdr_springs = def.mdr_springs ? def.mdr_springs : DEMC_TANGENTIAL_MDR_DEFAULT_SPRINGS;
    m->range = demc_contact_model_range(&m->model);
    m->temperature = m->heat_flow = NULL;
    m->frictional_heat = 0;
    return (int)demc_contact_model_state_size(&m->model);
}

static inline demc_body bench_demc_body(const ref_bodies *b, int i)
{
    demc_body out;
    out.position = demc_vec3_make(b->x[i][0], b->x[i][1], b->x[i][2]);
    out.velocity = demc_vec3_make(b->v[i][0], b->v[i][1], b->v[i][2]);
    out.angular_velocity = demc_vec3_make(b->omega[i][0], b->omega[i][1], b->omega[i][2]);
    out.radius = b->radius[i];
    out.mass = b->rmass[i];
    out.inertia = 0.0;
    return out;
}

/* Adds a vector into a body's row of an accumulator array (the host's scatter). */
static inline void bench_add(double *row, demc_vec3 v)
{
    row[0] += v.x;
    row[1] += v.y;
    row[2] += v.z;
}

/* One pair as a host's force loop does it: the reach test on positions and radii first (as LAMMPS's granular pair
 * styles and the hand-written kernel do), a pair apart given the state of a new contact (zero) without the rest of
 * its bodies read; then the call, then the force on i and −force on j, the torques on i and j added into the body
 * arrays straight from the result; returns REF_APART, REF_STICK or REF_SLIDE. The kind is a
 * constant at each call site (bench_sweep_demc_closest/_default): the header-only face folds it; the linked face
 * makes the one call demc_contact_eval_sphere_sphere(). Inlined into its loops as the hand-written kernel is
 * (REF_INLINE): called from the timed and the counting loop, gcc would otherwise keep it out of line, and a call
 * per pair with its register saves is not what a host's loop around demc pays. */
static REF_INLINE int bench_demc_pair(demc_contact_kind kind, const bench_demc_model *m, const ref_bodies *b, int i,
                                      int j, double dt, double *state)
{
    const double *xi = b->x[i], *xj = b->x[j];
    const double dx = xi[0] - xj[0], dy = xi[1] - xj[1], dz = xi[2] - xj[2];
#ifdef DEMC_HEADER_ONLY /* the inline accessor, a load: the compiler merges this test with the frame builder's */
    const double reach = b->radius[i] + b->radius[j] + demc_contact_model_range(&m->model);
#else /* a call on this face: read once at setup */
    const double reach = b->radius[i] + b->radius[j] + m->range;
#endif
    demc_body bi, bj;
    demc_contact_result r;
    if (!(dx * dx + dy * dy + dz * dz < reach * reach)) {
        int k;
        for (k = 0; k < BENCH_DEMC_DOUBLES(kind); ++k) state[k] = 0.0;
        return REF_APART;
    }
    bi = bench_demc_body(b, i);
    bj = bench_demc_body(b, j);
#ifdef DEMC_HEADER_ONLY /* the frame and the evaluation with the kind as a constant: everything folds */
    {
        const demc_contact_frame f = demc_contact_frame_sphere_sphere(&m->model, &bi, &bj);
        r = demc_contact_eval_kind(kind, &m->model, &f, dt, state, NULL);
    }
#else /* one library call, the frame kept inside it */
    r = demc_contact_eval_sphere_sphere(&m->model, &bi, &bj, dt, state, NULL);
    (void)kind;
#endif
    if (!(r.overlap > 0.0)) return REF_APART;
    bench_add(b->f[i], r.force);
    bench_add(b->f[j], demc_vec3_neg(r.force));
    bench_add(b->torque[i], r.torque_i);
    bench_add(b->torque[j], r.torque_j);
    return state[BENCH_DEMC_DOUBLES(kind) - 1] != 0.0 ? REF_SLIDE : REF_STICK;
}

/* The batch call: all pairs of a ref_pairs from the LAMMPS-style arrays in place, forces and torques added into
 * b->f and b->torque (the host's scatter done by the library). */
#define BENCH_HAVE_DEMC_BATCH 1
static void bench_demc_batch(const bench_demc_model *m, const ref_bodies *b, const ref_pairs *c, double dt,
                             double *state)
{
    demc_contact_batch batch = DEMC_CONTACT_BATCH_INIT;
    batch.count = (size_t)c->n;
    batch.i = c->i;
    batch.j = c->j;
    batch.position = &b->x[0][0];
    batch.velocity = &b->v[0][0];
    batch.angular_velocity = &b->omega[0][0];
    batch.radius = b->radius;
    batch.mass = b->rmass;
    batch.vector_stride = 3;
    batch.scalar_stride = 1;
    batch.state = state;
    batch.state_stride = demc_contact_model_state_size(&m->model);
    batch.body_force = &b->f[0][0];
    batch.body_torque = &b->torque[0][0];
    batch.temperature = m->temperature;
    batch.heat_flow = m->heat_flow;
    batch.frictional_heat = m->frictional_heat;
    if (demc_contact_eval_batch(&m->model, &batch, dt, NULL) != DEMC_OK) abort();
}
/* ========================================================================================================== */

/* ---- kernels: a timed sweep and a counting sweep each ------------------------------------------------------ */
struct bench_kernel;
typedef void (*bench_sweep_fn)(const struct bench_kernel *k, const ref_bodies *b, const ref_pairs *c,
                               double *state, long counts[3]);

typedef struct bench_kernel {
    const char *name;
    const char *note;
    int same_physics;  /* 1: checked against the hand-written kernel to BENCH_TOLERANCE; 0: loosely (BENCH_LOOSE);
                          -1: another tangential law (its forces are printed, not checked) */
    int state_doubles; /* per pair */
    bench_sweep_fn sweep;
    const void *model;
    bench_sweep_fn prestep; /* the steps before the timed one (NULL: sweep); a floor takes its law's states */
} bench_kernel;

/* counts == NULL in the timed sweeps; the loop is duplicated so the timed one carries no counting. */
#define BENCH_SWEEP_LOOP(PAIR_CALL)                                                                            \
    do {                                                                                                       \
        long q;                                                                                                \
        if (!counts) {                                                                                         \
            for (q = 0; q < c->n; ++q) (void)(PAIR_CALL);                                                      \
        } else {                                                                                               \
            for (q = 0; q < c->n; ++q) ++counts[PAIR_CALL];                                                    \
        }                                                                                                      \
    } while (0)

static void bench_sweep_hand(const bench_kernel *k, const ref_bodies *b, const ref_pairs *c, double *state,
                             long counts[3])
{
    const ref_params *p = (const ref_params *)k->model;
    BENCH_SWEEP_LOOP(ref_hand_pair(p, b, c->i[q], c->j[q], state + 3 * q));
}

/* The hand-written kernel as a careful host writes it for bodies that are not in cache: the lines the pair
 * BENCH_HAND_AHEAD pairs ahead reads and adds into (the positions, velocities, spins, radii and masses of both bodies,
 * their force and torque rows, its history) prefetched before each pair. The reference of the "prefetching
 * hand-written kernel"; its physics and results are the hand-written kernel's, bit for bit. */
#define BENCH_HAND_AHEAD 8
static REF_INLINE void bench_hand_prefetch_body(const ref_bodies *b, int k)
{
    __builtin_prefetch(b->x[k], 0, 3);
    __builtin_prefetch(b->v[k], 0, 3);
    __builtin_prefetch(b->omega[k], 0, 3);
    __builtin_prefetch(b->radius + k, 0, 3);
    __builtin_prefetch(b->rmass + k, 0, 3);
    __builtin_prefetch(b->f[k], 1, 3);
    __builtin_prefetch(b->torque[k], 1, 3);
}
static REF_INLINE int bench_hand_prefetch_pair(const ref_params *p, const ref_bodies *b, const ref_pairs *c, long q,
                                               double *state)
{
    if (q + BENCH_HAND_AHEAD < c->n) {
        const long a = q + BENCH_HAND_AHEAD;
        if (c->i[a] != c->i[a - 1]) bench_hand_prefetch_body(b, c->i[a]);
        bench_hand_prefetch_body(b, c->j[a]);
        __builtin_prefetch(state + 3 * a, 1, 3);
    }
    return ref_hand_pair(p, b, c->i[q], c->j[q], state + 3 * q);
}
static void bench_sweep_hand_prefetch(const bench_kernel *k, const ref_bodies *b, const ref_pairs *c, double *state,
                                      long counts[3])
{
    const ref_params *p = (const ref_params *)k->model;
    BENCH_SWEEP_LOOP(bench_hand_prefetch_pair(p, b, c, q, state));
}

/* No contact law: the memory traffic of the hand-written kernel alone, prefetched as hand-prefetch does. Each pair
 * reads what the kernel reads of both bodies (position, velocity, spin, radius, mass) and its history, writes its
 * history and adds into both bodies' force and torque rows; the one value it computes is a sum of what it read.
 * Its median is the floor of any kernel that gathers those lines at random (the random set), prefetched or not. */
static REF_INLINE int bench_gather_floor_pair(const ref_bodies *b, const ref_pairs *c, long q, double *state)
{
    const int i = c->i[q], j = c->j[q];
    double sum = b->radius[i] + b->radius[j] + b->rmass[i] + b->rmass[j], *h = state + 3 * q;
    int d;
    if (q + BENCH_HAND_AHEAD < c->n) {
        const long a = q + BENCH_HAND_AHEAD;
        if (c->i[a] != c->i[a - 1]) bench_hand_prefetch_body(b, c->i[a]);
        bench_hand_prefetch_body(b, c->j[a]);
        __builtin_prefetch(state + 3 * a, 1, 3);
    }
    for (d = 0; d < 3; ++d)
        sum += b->x[i][d] - b->x[j][d] + b->v[i][d] - b->v[j][d] + b->omega[i][d] + b->omega[j][d] + h[d];
    for (d = 0; d < 3; ++d) {
        h[d] = sum;
        b->f[i][d] += sum;
        b->f[j][d] -= sum;
        b->torque[i][d] += sum;
        b->torque[j][d] += sum;
    }
    return 0;
}
static void bench_sweep_gather_floor(const bench_kernel *k, const ref_bodies *b, const ref_pairs *c, double *state,
                                     long counts[3])
{
    (void)k;
    BENCH_SWEEP_LOOP(bench_gather_floor_pair(b, c, q, state));
}

static void bench_sweep_dispatch(const bench_kernel *k, const ref_bodies *b, const ref_pairs *c, double *state,
                                 long counts[3])
{
    const disp_model *m = (const disp_model *)k->model;
    disp_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.dt = bench_dt;
    BENCH_SWEEP_LOOP(disp_pair(m, &ctx, b, c->i[q], c->j[q], state + 3 * q));
}

static void bench_sweep_demc_closest(const bench_kernel *k, const ref_bodies *b, const ref_pairs *c, double *state,
                                     long counts[3])
{
    const bench_demc_model *m = (const bench_demc_model *)k->model;
    BENCH_SWEEP_LOOP(bench_demc_pair(BENCH_KIND_CLOSEST, m, b, c->i[q], c->j[q], bench_dt,
                                     state + (long)BENCH_DEMC_CLOSEST_DOUBLES * q));
}

static void bench_sweep_demc_default(const bench_kernel *k, const ref_bodies *b, const ref_pairs *c, double *state,
                                     long counts[3])
{
    const bench_demc_model *m = (const bench_demc_model *)k->model;
    BENCH_SWEEP_LOOP(bench_demc_pair(BENCH_KIND_DEFAULT, m, b, c->i[q], c->j[q], bench_dt,
                                     state + (long)BENCH_DEMC_DEFAULT_DOUBLES * q));
}

#ifdef BENCH_HAVE_DEMC_BATCH
static void bench_sweep_demc_batch(const bench_kernel *k, const ref_bodies *b, const ref_pairs *c, double *state,
                                   long counts[3])
{
    if (counts) counts[REF_STICK] += c->n; /* no per-pair outcome from a batch */
    bench_demc_batch((const bench_demc_model *)k->model, b, c, bench_dt, state);
}
#endif

#ifdef BENCH_HAVE_DEMC_BATCH
/* The memory floor of the MDR law's batch: every pair's state (k->state_doubles, the MDR model's) read and written
 * once, as any evaluation of that law must (its springs change every step), and nothing else. A zero read through
 * a volatile keeps the compiler from dropping the sweep (x + 0.0 is not x for x = -0.0). */
static volatile double bench_zero = 0.0, bench_zero_sink;
static void bench_sweep_state_floor(const bench_kernel *k, const ref_bodies *b, const ref_pairs *c, double *state,
                                    long counts[3])
{
    const double zero = bench_zero;
    const long n = (long)k->state_doubles * c->n;
    long q;
    (void)b;
    if (counts) counts[REF_STICK] += c->n;
    for (q = 0; q < n; ++q) state[q] += zero;
}

/* The arithmetic floor of the MDR law's batch: for every pair in contact, its cells inside the contact (those with
 * (i + 1) h <= a_0, h and a_0 read from its state) take the one pass of the law's kernel and nothing else: the trial
 * u* = u + Δs, the limit u_c,i = u_s − q (i² + i + 1/3), the return u = u* u_c / max(|u*|, u_c) (a square root and a
 * quotient a cell, as every exact return to a circle needs), then the sums into 8 partial sums. Δs and u_s are
 * constants of the sweep (the cost of the pass does not depend on them); no normal force, frame, transport or
 * output. Built for the widest vectors the CPU has (gcc's target clones: AVX-512, AVX2, baseline), as the
 * library's pass is. Together with mdr-state-floor it bounds from below what any evaluation of the law at this
 * resolution can cost. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
__attribute__((target_clones("avx512f", "avx2", "default")))
#endif
static double bench_mdr_cells(double *u1, double *u2, int inside, double ds1, double ds2, double u_s, double q)
{
    double s1[8] = {0}, s2[8] = {0}, sum = 0.0;
    int i;
    for (i = 0; i < inside; ++i) {
        const double a = u1[i] + ds1, b = u2[i] + ds2;
        const double limit = u_s - q * ((double)i * i + i + 1.0 / 3.0);
        const double norm = sqrt(a * a + b * b);
        const double f = limit / (norm > limit ? norm : limit);
        u1[i] = a * f, u2[i] = b * f;
    }
    for (i = 0; i < inside; ++i) s1[i & 7] += u1[i], s2[i & 7] += u2[i];
    for (i = 0; i < 8; ++i) sum += s1[i] + s2[i];
    return sum;
}
static void bench_sweep_mdr_cell_floor(const bench_kernel *k, const ref_bodies *b, const ref_pairs *c, double *state,
                                       long counts[3])
{
    const int n = bench_mdr_springs;
    const long block = (long)k->state_doubles - (long)DEMC_TANGENTIAL_MDR_STATE_SIZE(n);
    const double u_s = 1e-5, ds = 1e-9;
    double sum = 0.0;
    long p;
    (void)b;
    if (counts) counts[REF_STICK] += c->n;
    for (p = 0; p < c->n; ++p) {
        double *const mdr = state + (long)k->state_doubles * p + block;
        const double h = mdr[0], a0 = mdr[1];
        if (h > 0.0) {
            const double cells = floor(a0 / h);
            const int inside = cells < n ? (int)cells : n;
            sum += bench_mdr_cells(mdr + DEMC_TANGENTIAL_MDR_STATE_HEADER, mdr + DEMC_TANGENTIAL_MDR_STATE_HEADER + n,
                                   inside, ds, -ds, u_s, u_s * h * h / (a0 * a0));
        }
    }
    bench_zero_sink = sum;
}
#endif

/* The one function callgrind collects in (bench/count_instructions.sh): a timed sweep. */
REF_NOINLINE void bench_timed_sweep(const bench_kernel *k, const ref_bodies *b, const ref_pairs *c, double *state);
REF_NOINLINE void bench_timed_sweep(const bench_kernel *k, const ref_bodies *b, const ref_pairs *c, double *state)
{
    k->sweep(k, b, c, state, NULL);
}

/* ---- contact sets --------------------------------------------------------------------------------------- */
static unsigned long long bench_rng = 0x9E3779B97F4A7C15ULL;
static double bench_uniform(void) /* splitmix64, [0, 1) */
{
    unsigned long long z = (bench_rng += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}
static long bench_below(long n) { return (long)(bench_uniform() * (double)n); }

typedef struct bench_set {
    const char *name;
    const char *what;
    int flush;
    int reps;
    ref_bodies b;
    ref_pairs c;
    int *ci, *cj;
    double (*x0)[3]; /* positions of the timed step */
    long *perm;      /* body permutation applied after the steps that build the history (NULL: none) */
} bench_set;

static void *bench_alloc(size_t bytes)
{
    void *p = calloc(1, bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "bench_contact: out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

static const double bench_r0 = 5e-3, bench_density = 2650.0;
static const double bench_speed = 2.5;   /* m/s: velocity components uniform in ±speed */
static const double bench_spin = 250.0;  /* rad/s: angular velocity components uniform in ±spin */
static const double bench_squeeze = 0.0015; /* lattice spacing 2 R0 (1 − squeeze) */

/* Lattice nx × ny × nz; contacts along +x, +y, +z; `shuffle`: body indices permuted; `apart`: per touching
 * contact, that many non-touching pairs (offsets in the 5×5×5 half shell other than the axis neighbours),
 * grouped by i and mixed with the touching ones. */
static void bench_set_make(bench_set *s, int nx, int ny, int nz, int shuffle, int apart, unsigned seed)
{
    const long n = (long)nx * ny * nz;
    const double h = 2.0 * bench_r0 * (1.0 - bench_squeeze);
    long *perm = (long *)bench_alloc((size_t)n * sizeof *perm);
    long maxpairs = 3 * n * (1 + apart), np = 0, a;
    int ix, iy, iz, k;
    ref_bodies *b = &s->b;
    bench_rng = 0x9E3779B97F4A7C15ULL * (seed + 1u); /* each set the same whichever sets run */
    b->n = n;
    b->x = (double(*)[3])bench_alloc((size_t)n * sizeof *b->x);
    b->v = (double(*)[3])bench_alloc((size_t)n * sizeof *b->v);
    b->omega = (double(*)[3])bench_alloc((size_t)n * sizeof *b->omega);
    b->f = (double(*)[3])bench_alloc((size_t)n * sizeof *b->f);
    b->torque = (double(*)[3])bench_alloc((size_t)n * sizeof *b->torque);
    b->radius = (double *)bench_alloc((size_t)n * sizeof *b->radius);
    b->rmass = (double *)bench_alloc((size_t)n * sizeof *b->rmass);
    s->x0 = (double(*)[3])bench_alloc((size_t)n * sizeof *s->x0);
    s->ci = (int *)bench_alloc((size_t)maxpairs * sizeof *s->ci);
    s->cj = (int *)bench_alloc((size_t)maxpairs * sizeof *s->cj);
    for (a = 0; a < n; ++a) perm[a] = a;
    for (a = 0; a < n; ++a) {
        const long id = a;
        const int lx = (int)(a % nx), ly = (int)((a / nx) % ny), lz = (int)(a / ((long)nx * ny));
        const double rad = bench_r0 * (1.0 + 0.001 * bench_uniform());
        const int lat[3] = {lx, ly, lz};
        for (k = 0; k < 3; ++k) {
            s->x0[id][k] = h * lat[k] + 2e-4 * bench_r0 * (2.0 * bench_uniform() - 1.0);
            b->v[id][k] = bench_speed * (2.0 * bench_uniform() - 1.0);
            b->omega[id][k] = bench_spin * (2.0 * bench_uniform() - 1.0);
        }
        b->radius[id] = rad;
        b->rmass[id] = bench_density * 4.0 / 3.0 * 3.141592653589793 * rad * rad * rad;
    }
    memcpy(b->x, s->x0, (size_t)n * sizeof *b->x);
    for (iz = 0; iz < nz; ++iz)
        for (iy = 0; iy < ny; ++iy)
            for (ix = 0; ix < nx; ++ix) {
                const long self = ix + (long)nx * (iy + (long)ny * iz);
                const long first = np;
                int touching = 0, dxo, dyo, dzo;
                if (ix + 1 < nx) { s->ci[np] = (int)self; s->cj[np++] = (int)(self + 1); ++touching; }
                if (iy + 1 < ny) { s->ci[np] = (int)self; s->cj[np++] = (int)(self + nx); ++touching; }
                if (iz + 1 < nz) { s->ci[np] = (int)self; s->cj[np++] = (int)(self + (long)nx * ny); ++touching; }
                if (apart > 0 && touching > 0) {
                    /* candidates: the half shell of offsets in [−2, 2]³ (lexicographically positive), no axis
                     * neighbour at distance h; pick apart × touching of them without repetition */
                    long cand[62];
                    int nc = 0, want = apart * touching;
                    for (dzo = 0; dzo <= 2; ++dzo)
                        for (dyo = -2; dyo <= 2; ++dyo)
                            for (dxo = -2; dxo <= 2; ++dxo) {
                                const int jx = ix + dxo, jy = iy + dyo, jz = iz + dzo;
                                const int d2 = dxo * dxo + dyo * dyo + dzo * dzo;
                                if (dzo == 0 && (dyo < 0 || (dyo == 0 && dxo <= 0))) continue;
                                if (d2 == 1) continue;
                                if (jx < 0 || jx >= nx || jy < 0 || jy >= ny || jz >= nz) continue;
                                cand[nc++] = jx + (long)nx * (jy + (long)ny * jz);
                            }
                    if (want > nc) want = nc;
                    for (k = 0; k < want; ++k) {
                        const long r = k + bench_below(nc - k), t = cand[k];
                        cand[k] = cand[r];
                        cand[r] = t;
                        s->ci[np] = (int)self;
                        s->cj[np++] = (int)cand[k];
                    }
                    /* mix the group: a neighbour list does not put the touching pairs first */
                    for (a = np - 1; a > first; --a) {
                        const long r = first + bench_below(a - first + 1);
                        const int t = s->cj[a];
                        s->cj[a] = s->cj[r];
                        s->cj[r] = t;
                    }
                }
            }
    s->c.n = np;
    s->c.i = s->ci;
    s->c.j = s->cj;
    if (shuffle) {
        for (a = n - 1; a > 0; --a) {
            const long r = bench_below(a + 1), t = perm[a];
            perm[a] = perm[r];
            perm[r] = t;
        }
        s->perm = perm;
    } else {
        free(perm);
    }
}

/* Moves body a to index perm[a] (the pairs follow; the pair order and the history stay). The history is built
 * before, in lattice order, where its steps are cheap. */
static void bench_set_shuffle(bench_set *s)
{
    const long n = s->b.n;
    double (*v3)[3] = (double(*)[3])bench_alloc((size_t)n * sizeof *v3);
    double *v1 = (double *)bench_alloc((size_t)n * sizeof *v1);
    double(*arrays3[3])[3];
    double *arrays1[2];
    long a;
    int q;
    if (!s->perm) return;
    arrays3[0] = s->x0;
    arrays3[1] = s->b.v;
    arrays3[2] = s->b.omega;
    arrays1[0] = s->b.radius;
    arrays1[1] = s->b.rmass;
    for (q = 0; q < 3; ++q) {
        for (a = 0; a < n; ++a) memcpy(v3[s->perm[a]], arrays3[q][a], sizeof *v3);
        memcpy(arrays3[q], v3, (size_t)n * sizeof *v3);
    }
    for (q = 0; q < 2; ++q) {
        for (a = 0; a < n; ++a) v1[s->perm[a]] = arrays1[q][a];
        memcpy(arrays1[q], v1, (size_t)n * sizeof *v1);
    }
    for (a = 0; a < s->c.n; ++a) {
        s->ci[a] = (int)s->perm[s->ci[a]];
        s->cj[a] = (int)s->perm[s->cj[a]];
    }
    memcpy(s->b.x, s->x0, (size_t)n * sizeof *s->b.x);
    free(v3);
    free(v1);
    free(s->perm);
    s->perm = NULL;
}

static void bench_set_free(bench_set *s)
{
    free(s->b.x);
    free(s->b.v);
    free(s->b.omega);
    free(s->b.f);
    free(s->b.torque);
    free(s->b.radius);
    free(s->b.rmass);
    free(s->x0);
    free(s->ci);
    free(s->cj);
    free(s->perm);
}

/* Positions `steps_back` steps before the timed one: x0 − steps_back v Δt. */
static void bench_set_positions(bench_set *s, int steps_back)
{
    long a;
    int k;
    for (a = 0; a < s->b.n; ++a)
        for (k = 0; k < 3; ++k) s->b.x[a][k] = s->x0[a][k] - steps_back * bench_dt * s->b.v[a][k];
}

static void bench_zero_outputs(const bench_set *s)
{
    memset(s->b.f, 0, (size_t)s->b.n * sizeof *s->b.f);
    memset(s->b.torque, 0, (size_t)s->b.n * sizeof *s->b.torque);
}

/* ---- timing and checks ------------------------------------------------------------------------------------ */
#define BENCH_FLUSH_BYTES (64u << 20)
static double *bench_flush_buf;
static void bench_flush(void)
{
    const size_t n = BENCH_FLUSH_BYTES / sizeof(double);
    double acc = 0.0;
    size_t a;
    if (!bench_flush_buf) {
        bench_flush_buf = (double *)bench_alloc(BENCH_FLUSH_BYTES);
        for (a = 0; a < n; ++a) bench_flush_buf[a] = (double)(a & 7);
    }
    for (a = 0; a < n; a += 8) acc += bench_flush_buf[a]; /* one read per cache line */
    bench_sink = acc;
}

static int bench_cmp(const void *x, const void *y)
{
    const double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static int bench_selected(const char *list, const char *name)
{
    const size_t len = strlen(name);
    const char *p = list;
    if (!list || !*list) return 1;
    while ((p = strstr(p, name)) != NULL) {
        const int starts = p == list || p[-1] == ',';
        const int ends = p[len] == '\0' || p[len] == ',';
        if (starts && ends) return 1;
        p += len;
    }
    return 0;
}

typedef struct bench_run {
    const bench_kernel *k;
    double *state0, *state; /* saved state of the timed step, working copy */
    double samples[BENCH_MAX_REPS];
    double sum_f, sum_t, dev_f, dev_t;
    long counts[3];
} bench_run;

static void bench_prepare(const bench_set *s, const bench_run *r)
{
    memcpy(r->state, r->state0, (size_t)s->c.n * (size_t)r->k->state_doubles * sizeof(double));
    bench_zero_outputs(s);
    if (s->flush) bench_flush();
}

static double bench_norm3(const double *v) { return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }

/* Largest |a − ref| component over the largest |ref| component, over n vectors. */
static double bench_deviation(double (*a)[3], double (*ref)[3], long n)
{
    double dmax = 0.0, rmax = 0.0;
    long q;
    int k;
    for (q = 0; q < n; ++q)
        for (k = 0; k < 3; ++k) {
            const double d = fabs(a[q][k] - ref[q][k]), r = fabs(ref[q][k]);
            if (d > dmax || d != d) dmax = d != d ? HUGE_VAL : d;
            if (r > rmax) rmax = r;
        }
    return rmax > 0.0 ? dmax / rmax : dmax;
}

static int bench_case(bench_set *s, const bench_kernel *kernels, int nk, const char *only)
{
    bench_run runs[BENCH_MAX_KERNELS];
    int nr = 0, q, rep, failed = 0, ref = -1;
    double (*ref_f)[3] = NULL, (*ref_t)[3] = NULL;
    const long np = s->c.n;
    const char *reps_env = getenv("BENCH_REPS");
    int reps = reps_env ? atoi(reps_env) : s->reps;
    if (reps < 1) reps = 1;
    if (reps > BENCH_MAX_REPS) reps = BENCH_MAX_REPS;

    for (q = 0; q < nk; ++q) {
        bench_run *r;
        int step;
        if (!bench_selected(only, kernels[q].name)) continue;
        r = &runs[nr++];
        memset(r, 0, sizeof *r);
        r->k = &kernels[q];
        r->state0 = (double *)bench_alloc((size_t)np * (size_t)r->k->state_doubles * sizeof(double));
        r->state = (double *)bench_alloc((size_t)np * (size_t)r->k->state_doubles * sizeof(double));
        /* the steps before the timed one, from a zero state */
        for (step = BENCH_PRESTEPS; step >= 1; --step) {
            bench_set_positions(s, step);
            (r->k->prestep ? r->k->prestep : r->k->sweep)(r->k, &s->b, &s->c, r->state0, NULL);
        }
        bench_set_positions(s, 0);
        if (strcmp(r->k->name, "hand") == 0) ref = nr - 1;
    }
    if (nr == 0) return 0;

    bench_set_shuffle(s);

    /* check pass, which is also the warm-up: outcomes, forces and torques of each kernel at the timed step (the
     * counting loop is the timed loop plus a counter) */
    for (q = 0; q < nr; ++q) {
        bench_run *r = &runs[q];
        long a;
        bench_prepare(s, r);
        r->k->sweep(r->k, &s->b, &s->c, r->state, r->counts);
        for (a = 0; a < s->b.n; ++a) {
            r->sum_f += bench_norm3(s->b.f[a]);
            r->sum_t += bench_norm3(s->b.torque[a]);
        }
        if (q == ref) {
            ref_f = (double(*)[3])bench_alloc((size_t)s->b.n * sizeof *ref_f);
            ref_t = (double(*)[3])bench_alloc((size_t)s->b.n * sizeof *ref_t);
            memcpy(ref_f, s->b.f, (size_t)s->b.n * sizeof *ref_f);
            memcpy(ref_t, s->b.torque, (size_t)s->b.n * sizeof *ref_t);
        }
        if (ref_f) {
            r->dev_f = bench_deviation(s->b.f, ref_f, s->b.n);
            r->dev_t = bench_deviation(s->b.torque, ref_t, s->b.n);
        }
    }

    /* interleaved timed sweeps */
    for (rep = 0; rep < reps; ++rep)
        for (q = 0; q < nr; ++q) {
            double t0, t1;
            bench_prepare(s, &runs[q]);
            t0 = bench_now_ns();
            bench_timed_sweep(runs[q].k, &s->b, &s->c, runs[q].state);
            t1 = bench_now_ns();
            runs[q].samples[rep] = (t1 - t0) / (double)np;
        }

    /* table */
    {
        const bench_run *h = ref >= 0 ? &runs[ref] : NULL;
        long touching = 0, sliding = 0;
        double ref_median = 0.0;
        if (h) {
            touching = h->counts[REF_STICK] + h->counts[REF_SLIDE];
            sliding = h->counts[REF_SLIDE];
        }
        printf("\n[%s] %s\n  %ld pairs, %ld bodies; ", s->name, s->what, np, s->b.n);
        if (h)
            printf("%.1f %% touching, %.1f %% of those sliding; ", 100.0 * (double)touching / (double)np,
                   touching ? 100.0 * (double)sliding / (double)touching : 0.0);
        printf("%d timed sweeps per kernel (%s face)\n", reps, DEMC_BENCH_FACE);
        printf("  %-14s %9s %9s %7s  %-19s %9s  %s\n", "kernel", "best ns", "median ns", "ratio", "sum|f_body| N",
               "deviation", "");
        for (q = 0; q < nr; ++q) {
            bench_run *r = &runs[q];
            qsort(r->samples, (size_t)reps, sizeof r->samples[0], bench_cmp);
            if (q == ref) ref_median = r->samples[reps / 2];
        }
        for (q = 0; q < nr; ++q) {
            const bench_run *r = &runs[q];
            const double median = r->samples[reps / 2];
            const double dev = r->dev_f > r->dev_t ? r->dev_f : r->dev_t;
            const char *verdict = "";
            char ratio[16] = "-", devs[16] = "-";
            if (ref_median > 0.0) sprintf(ratio, "%.2f", median / ref_median);
            if (ref_f) {
                sprintf(devs, "%.1e", dev);
                if (r->k->same_physics < 0) {
                    verdict = r->k->note;
                } else if (r->k->same_physics && !(dev <= BENCH_TOLERANCE)) {
                    verdict = "MISMATCH (same physics, beyond tolerance)";
                    failed = 1;
                } else if (!r->k->same_physics && !(dev <= BENCH_LOOSE)) {
                    verdict = "MISMATCH (beyond the loose bound)";
                    failed = 1;
                } else {
                    verdict = r->k->note;
                }
            }
            printf("  %-14s %9.2f %9.2f %7s  %19.12e %9s  %s\n", r->k->name, r->samples[0], median, ratio, r->sum_f,
                   devs, verdict);
        }
        {
            /* the cost of the MDR law: its batch against the default model's, medians of this run */
            int bm = -1, bd = -1;
            for (q = 0; q < nr; ++q) {
                if (strcmp(runs[q].k->name, "demc-batch-mdr") == 0) bm = q;
                if (strcmp(runs[q].k->name, "demc-batch-def") == 0) bd = q;
            }
            if (bm >= 0 && bd >= 0)
                printf("  demc-batch-mdr / demc-batch-def (median): %.2f\n",
                       runs[bm].samples[reps / 2] / runs[bd].samples[reps / 2]);
            for (q = 0; q < nr; ++q)
                if (strcmp(runs[q].k->name, "mdr-state-floor") == 0 && bd >= 0)
                    printf("  mdr-state-floor / demc-batch-def (median): %.2f (the MDR state's traffic alone)\n",
                           runs[q].samples[reps / 2] / runs[bd].samples[reps / 2]);
            for (q = 0; q < nr; ++q)
                if (strcmp(runs[q].k->name, "mdr-cell-floor") == 0 && bd >= 0)
                    printf("  mdr-cell-floor / demc-batch-def (median): %.2f (the pass over the cells alone)\n",
                           runs[q].samples[reps / 2] / runs[bd].samples[reps / 2]);
        }
        {
            /* the batch against the prefetching hand-written kernel, medians of this run */
            int hp = -1;
            for (q = 0; q < nr; ++q)
                if (strcmp(runs[q].k->name, "hand-prefetch") == 0) hp = q;
            for (q = 0; q < nr && hp >= 0; ++q)
                if (strcmp(runs[q].k->name, "demc-batch") == 0 || strcmp(runs[q].k->name, "demc-batch-def") == 0 ||
                    strcmp(runs[q].k->name, "gather-floor") == 0)
                    printf("  %s / hand-prefetch (median): %.2f\n", runs[q].k->name,
                           runs[q].samples[reps / 2] / runs[hp].samples[reps / 2]);
        }
        {
            /* the cost of heat: the batch with conduction against the same batch without, medians of this run */
            int bh = -1, bc = -1;
            for (q = 0; q < nr; ++q) {
                if (strcmp(runs[q].k->name, "demc-batch-heat") == 0) bh = q;
                if (strcmp(runs[q].k->name, "demc-batch") == 0) bc = q;
            }
            if (bh >= 0 && bc >= 0)
                printf("  demc-batch-heat / demc-batch (median): %.2f\n",
                       runs[bh].samples[reps / 2] / runs[bc].samples[reps / 2]);
        }
        if (only && *only)
            for (q = 0; q < nr; ++q)
                printf("timed-pairs %s %s %s %ld\n", DEMC_BENCH_FACE, s->name, runs[q].k->name,
                       (long)reps * np);
    }
    for (q = 0; q < nr; ++q) {
        free(runs[q].state0);
        free(runs[q].state);
    }
    free(ref_f);
    free(ref_t);
    return failed;
}

int main(void)
{
    const char *only = getenv("BENCH_ONLY"), *which = getenv("BENCH_CASE");
    const double e = 0.8, mu = 0.3;
    volatile int selector = 1; /* the dispatch model is chosen at run time, as from an input script */
    demc_material glass = demc_material_make(7e10, 0.3, bench_density);
    demc_pair pair;
    double gamma;
    ref_params rp;
    disp_normal dn;
    disp_damping dd;
    disp_tangential dtg;
    disp_model dm;
    bench_demc_model demc_closest, demc_default, demc_heat, demc_friction_heat, demc_mdr, demc_liggghts, demc_lammps;
    int liggghts_doubles, lammps_doubles;
    int mdr_doubles;
    bench_kernel kernels[BENCH_MAX_KERNELS];
    int nk = 0, failed = 0;
    bench_set sets[3];
    int ns;

    /* E*, G* of two glass spheres (radius not used by the kernels: R* comes from the bodies) and γ from e */
    if (demc_material_pair_sphere_sphere(&glass, bench_r0, &glass, bench_r0, DEMC_SHEAR_MINDLIN, &pair, NULL) != DEMC_OK ||
        demc_damping_hmd_ratio(e, DEMC_CONTACT_END_FORCE, &gamma) != DEMC_OK)
        return 1;
    rp = ref_params_make(pair.effective_modulus, pair.effective_shear_modulus, gamma, mu, bench_dt);
    memset(&dn, 0, sizeof dn);
    memset(&dd, 0, sizeof dd);
    memset(&dtg, 0, sizeof dtg);
    dm = disp_model_make(selector, &rp, &dn, &dd, &dtg);
    bench_demc_setup_closest(&demc_closest, &pair, e, mu);
    bench_demc_setup_default(&demc_default, &pair, e, mu);
    bench_demc_setup_heat(&demc_heat, &pair, e, mu, 70L * 70L * 70L); /* the largest set's bodies */
    demc_friction_heat = demc_heat; /* the same arrays */
    demc_friction_heat.frictional_heat = 1;
    mdr_doubles = bench_demc_setup_default_mdr(&demc_mdr, &pair, e, mu);
    liggghts_doubles = bench_demc_setup_engine(&demc_liggghts, &pair, e, mu, 0);
    lammps_doubles = bench_demc_setup_engine(&demc_lammps, &pair, e, mu, 1);

#define BENCH_KERNEL(NAME, NOTE, SAME, DOUBLES, SWEEP, MODEL)                                                  \
    do {                                                                                                       \
        if (nk >= BENCH_MAX_KERNELS) abort(); /* raise BENCH_MAX_KERNELS */                                   \
        kernels[nk].name = NAME;                                                                               \
        kernels[nk].note = NOTE;                                                                               \
        kernels[nk].same_physics = SAME;                                                                       \
        kernels[nk].state_doubles = DOUBLES;                                                                   \
        kernels[nk].sweep = SWEEP;                                                                             \
        kernels[nk].model = MODEL;                                                                             \
        kernels[nk].prestep = NULL;                                                                            \
        ++nk;                                                                                                  \
    } while (0)
    BENCH_KERNEL("hand", "reference", 1, 3, bench_sweep_hand, &rp);
    BENCH_KERNEL("hand-prefetch", "the reference, prefetching", 1, 3, bench_sweep_hand_prefetch, &rp);
    BENCH_KERNEL("gather-floor", "the reference's memory traffic alone: not checked", -1, 3,
                 bench_sweep_gather_floor, &rp);
    BENCH_KERNEL("dispatch", "", 1, 3, bench_sweep_dispatch, &dm);
    BENCH_KERNEL("demc-closest", "", 1, BENCH_DEMC_CLOSEST_DOUBLES, bench_sweep_demc_closest, &demc_closest);
    /* SLOT "demc default vs closest options": the default conventions differ in physics (average k_t rule,
     * unloading rescale, rotated memory with spin), so they are checked loosely only. */
    BENCH_KERNEL("demc-default", "other conventions: loose check only", 0, BENCH_DEMC_DEFAULT_DOUBLES,
                 bench_sweep_demc_default, &demc_default);
#ifdef BENCH_HAVE_DEMC_BATCH
    BENCH_KERNEL("demc-batch", "closest conventions", 1, BENCH_DEMC_CLOSEST_DOUBLES, bench_sweep_demc_batch,
                 &demc_closest);
    BENCH_KERNEL("demc-batch-def", "default conventions", 0, BENCH_DEMC_DEFAULT_DOUBLES, bench_sweep_demc_batch,
                 &demc_default);
    BENCH_KERNEL("demc-batch-lig", "LIGGGHTS's conventions: not checked", -1, liggghts_doubles, bench_sweep_demc_batch,
                 &demc_liggghts);
    BENCH_KERNEL("demc-batch-lmp", "LAMMPS's rules: not checked", -1, lammps_doubles, bench_sweep_demc_batch,
                 &demc_lammps);
    BENCH_KERNEL("demc-batch-heat", "closest, with static conduction", 1, BENCH_DEMC_CLOSEST_DOUBLES,
                 bench_sweep_demc_batch, &demc_heat);
    BENCH_KERNEL("demc-batch-fheat", "closest, conduction and frictional heat", 1, BENCH_DEMC_CLOSEST_DOUBLES,
                 bench_sweep_demc_batch, &demc_friction_heat);
    /* the exact tangential law (MDR, 64 springs): its cost against demc-batch-def, the ratio printed below the table */
    BENCH_KERNEL("demc-batch-mdr", "tangential law MDR: not checked", -1, mdr_doubles, bench_sweep_demc_batch,
                 &demc_mdr);
    /* its memory floor: the same states read and written, no evaluation */
    BENCH_KERNEL("mdr-state-floor", "MDR state traffic only: not checked", -1, mdr_doubles, bench_sweep_state_floor,
                 &demc_mdr);
    /* and its arithmetic floor: the pass over the cells alone */
    BENCH_KERNEL("mdr-cell-floor", "MDR cell pass only: not checked", -1, mdr_doubles, bench_sweep_mdr_cell_floor,
                 &demc_mdr);
    kernels[nk - 1].prestep = bench_sweep_demc_batch; /* the cells of the MDR batch's timed step */
#endif
#undef BENCH_KERNEL

    printf("contact benchmark, HM+D (e = %.1f, mu = %.1f, dt = %.0e s), glass spheres R = %.0f mm, %s face;\n"
           "ns per pair, ratio = median / median of the hand-written kernel; deviation: per-body forces and "
           "torques against it\n",
           e, mu, bench_dt, 1e3 * bench_r0, DEMC_BENCH_FACE);

    memset(sets, 0, sizeof sets);
    sets[0].name = "cache";
    sets[0].what = "contacts in cache, bodies in lattice order";
    sets[0].reps = 151;
    sets[1].name = "random";
    sets[1].what = "contacts with random gathers (bodies shuffled), caches flushed before each sweep";
    sets[1].reps = 5;
    sets[1].flush = 1;
    sets[2].name = "list90";
    sets[2].what = "neighbour list, 9 in 10 pairs apart (ns per listed pair)";
    sets[2].reps = 51;
    for (ns = 0; ns < 3; ++ns) {
        if (which && *which && strcmp(which, sets[ns].name) != 0) continue;
        if (ns == 0) bench_set_make(&sets[ns], 16, 16, 14, 0, 0, 0);
        if (ns == 1) bench_set_make(&sets[ns], 70, 70, 70, 1, 0, 1);
        if (ns == 2) bench_set_make(&sets[ns], 16, 16, 14, 0, 9, 2);
        failed |= bench_case(&sets[ns], kernels, nk, only);
        bench_set_free(&sets[ns]);
    }
    free(bench_flush_buf);
    free(demc_heat.temperature);
    free(demc_heat.heat_flow);
    if (failed) {
        fprintf(stderr, "bench_contact: FORCE CHECK FAILED (see MISMATCH above)\n");
        return 1;
    }
    return 0;
}
