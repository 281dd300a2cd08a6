/* contact.h, the rolling and twisting slots of the assembled model: selection, state layout and swap signs, the
 * validation of their coefficients; and the physics at the assembled level, a sphere integrated on a flat with the
 * whole model (normal, dashpot, tangential spring, rolling, twisting): the CDT deceleration (5/7) μ_r g with its
 * stopping distance and time converging under refinement, EPSD settling under a torque below its limit and rolling
 * above it, EPSD and SDS on an incline; objectivity, the i ⇄ j swap, angular momentum, limits, dissipation ≥ 0 and
 * the energy balance of an integrated collision. Expected values are closed forms of rigid-body mechanics. */
#include <float.h>
#include <stddef.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "demc.h"
#include "harness.h"
#include "support/setup_checks.h"

#define PI 3.14159265358979323846
#define GRAVITY 9.81

static demc_vec3 v3(double x, double y, double z) { return demc_vec3_make(x, y, z); }

/* xorshift64*, uniform in [0, 1) */
static unsigned long long rng_state = 0x2545F4914F6CDD1DULL;
static double uniform(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}
static demc_vec3 random_vec(double scale)
{
    return v3(scale * (2 * uniform() - 1), scale * (2 * uniform() - 1), scale * (2 * uniform() - 1));
}

typedef struct cstate {
    double d[DEMC_CONTACT_STATE_MAX];
} cstate;

/* A glass pair (E = 70 GPa, ν = 0.3) with a preset's laws, the given rolling and twisting laws and moderate
 * coefficients for each of them. */
static demc_contact_def rolling_def(demc_contact_preset preset, demc_rolling_law rolling, demc_twisting_law twisting)
{
    demc_material g = demc_material_make(7e10, 0.3, 2500.0);
    demc_contact_def def;
    CHECK(demc_contact_def_init(preset, sizeof def, &def, NULL) == DEMC_OK);
    CHECK(demc_material_moduli_init(&g, &g, DEMC_SHEAR_MINDLIN, &def.moduli, NULL) == DEMC_OK);
    def.normal_stiffness = 1e6;
    def.stiffness_ratio = demc_tangential_stiffness_ratio(0.3);
    def.restitution = 0.5;
    def.friction.mu_static = def.friction.mu_dynamic = 0.8;
    def.contact_point = DEMC_CONTACT_POINT_HALF;
    def.rolling = rolling;
    def.twisting = twisting;
    def.mu_rolling = 0.05;
    def.rolling_damping_ratio = 0.3;
    def.rolling_stiffness = 1e4;
    def.rolling_damping = 4.0;
    def.twisting_stiffness = 1e-3;
    def.twisting_damping = 1e-6;
    def.mu_twisting = 1e-4;
    return def;
}

static void compile(const demc_contact_def *def, demc_contact_model *m)
{
    const char *field = "unset";
    CHECK(demc_contact_model_init(def, m, &field) == DEMC_OK && field == NULL);
}

/* ---------- selection, layout, validation ---------- */

/* The laws select their blocks: CDT none, EPSD 4 doubles (its torque, a tangent-plane vector, and its k_r), SDS 3
 * (a tangent-plane vector), Marshall 2 (angle and k_tw), twisting SDS 1; the kind records them in bits 12-14 and
 * 15-17; the EPSD torque changes sign under the swap, everything else of these blocks is kept; the previous
 * normal appears with a rolling vector alone. */
static void selection_and_layout(void)
{
    const demc_rolling_law rl[4] = {DEMC_ROLLING_NONE, DEMC_ROLLING_CDT, DEMC_ROLLING_EPSD, DEMC_ROLLING_SDS};
    const demc_twisting_law tl[3] = {DEMC_TWISTING_NONE, DEMC_TWISTING_MARSHALL, DEMC_TWISTING_SDS};
    const size_t rolling_doubles[4] = {0, 0, 4, 3}, twisting_doubles[3] = {0, 2, 1};
    demc_contact_def def;
    demc_contact_model m;
    int a, b;
    size_t k;
    CHECK(demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof def, &def, NULL) == DEMC_OK);
    CHECK(def.rolling == DEMC_ROLLING_NONE && def.twisting == DEMC_TWISTING_NONE); /* off by default */
    CHECK(def.rolling_stiffness_coefficient == 2.25 && def.rolling_limiter == DEMC_ROLLING_CDT_LIMITER_INERTIA);
    CHECK(def.mu_rolling == 0.0 && def.rolling_damping_ratio == 0.0 && def.rolling_mobilised_damping == 0.0);
    for (a = 0; a < 4; ++a)
        for (b = 0; b < 3; ++b) {
            const size_t base = 9; /* HM+D: previous normal 3, spring 6 (force, k_t, F_n, slip flag) */
            def = rolling_def(DEMC_CONTACT_PRESET_HMD, rl[a], tl[b]);
            compile(&def, &m);
            CHECK(demc_contact_model_kind(&m) ==
                  (DEMC_CONTACT_KIND_HMD | DEMC_CONTACT_KIND(0, 0, 0, 0, rl[a], tl[b])));
            CHECK(demc_contact_model_state_size(&m) == base + rolling_doubles[a] + twisting_doubles[b]);
            CHECK(demc_contact_model_state_size(&m) <= DEMC_CONTACT_STATE_MAX);
            for (k = 0; k < DEMC_CONTACT_STATE_MAX; ++k) {
                int expected = k < 6; /* previous normal, force */
                if (k >= base && k < base + 3) expected = rl[a] == DEMC_ROLLING_EPSD;
                CHECK(demc_contact_state_flips(&m, k) == expected);
            }
        }
    /* No tangential law: the rolling vector still needs the previous normal to be carried. */
    def = rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_SDS, DEMC_TWISTING_SDS);
    def.tangential = DEMC_TANGENTIAL_NONE;
    compile(&def, &m);
    CHECK(demc_contact_model_state_size(&m) == 7);
    for (k = 0; k < 8; ++k) CHECK(demc_contact_state_flips(&m, k) == (k < 3));
    def.rolling = DEMC_ROLLING_EPSD;
    compile(&def, &m);
    CHECK(demc_contact_model_state_size(&m) == 8);
    for (k = 0; k < 9; ++k) CHECK(demc_contact_state_flips(&m, k) == (k < 6));
    def.rolling = DEMC_ROLLING_CDT;
    compile(&def, &m);
    CHECK(demc_contact_model_state_size(&m) == 1);
    /* PLS(B) keeps its latch last. */
    def = rolling_def(DEMC_CONTACT_PRESET_PLSB, DEMC_ROLLING_EPSD, DEMC_TWISTING_MARSHALL);
    compile(&def, &m);
    CHECK(demc_contact_model_state_size(&m) == 9 + 4 + 2 + 1);
}

static void statuses(void)
{
    demc_contact_def d = rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_EPSD, DEMC_TWISTING_SDS);
    demc_contact_model m;
    const char *field = "unset";
    /* A law of a newer library; a negative enumerator. */
    d.rolling = (demc_rolling_law)(DEMC_ROLLING_SDS + 1);
    CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_UNSUPPORTED, "def.rolling"));
    d.rolling = (demc_rolling_law)-1;
    CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                          "def.rolling"));
    d = rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_EPSD, (demc_twisting_law)(DEMC_TWISTING_SDS + 1));
    CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_UNSUPPORTED, "def.twisting"));
    /* Marshall takes its coefficients from the tangential spring: not without it. */
    d = rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_NONE, DEMC_TWISTING_MARSHALL);
    d.tangential = DEMC_TANGENTIAL_NONE;
    memset(&m, SETUP_POISON, sizeof m);
    CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_OUT_OF_DOMAIN, "def.twisting"));
    CHECK(setup_untouched(&m, sizeof m));
    /* Coefficients of laws not selected are not read. */
    d = rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_NONE, DEMC_TWISTING_NONE);
    d.mu_rolling = d.rolling_stiffness_coefficient = d.rolling_damping_ratio = d.mu_twisting = -1.0;
    d.rolling_limiter = (demc_rolling_cdt_limiter)7;
    CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
    d.rolling = DEMC_ROLLING_SDS;
    d.mu_rolling = 0.1;
    CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK); /* SDS reads neither c, η_r nor the limiter */
    d.rolling = DEMC_ROLLING_CDT;
    CHECK(setup_failed_as(demc_contact_model_init(&d, &m, &field), &field, DEMC_ERR_INVALID_ARGUMENT,
                          "def.rolling_limiter"));
    /* Zero coefficients are inside the domain (a law that does nothing). */
    d = rolling_def(DEMC_CONTACT_PRESET_LSD, DEMC_ROLLING_SDS, DEMC_TWISTING_SDS);
    d.mu_rolling = d.rolling_stiffness = d.rolling_damping = 0.0;
    d.twisting_stiffness = d.twisting_damping = d.mu_twisting = 0.0;
    CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
}

/* Field setters in declaration order, for the setup-convention checks. */
static void epsd_set(void *object, int k, double v)
{
    demc_contact_def *d = (demc_contact_def *)object;
    switch (k) {
    case 0: d->mu_rolling = v; break;
    case 1: d->rolling_stiffness_coefficient = v; break;
    case 2: d->rolling_damping_ratio = v; break;
    case 3: d->rolling_mobilised_damping = v; break;
    case 4: d->twisting_stiffness = v; break;
    case 5: d->twisting_damping = v; break;
    default: d->mu_twisting = v; break;
    }
}
static void cdt_set(void *object, int k, double v)
{
    demc_contact_def *d = (demc_contact_def *)object;
    if (k == 0) d->mu_rolling = v;
    else d->rolling_limiter = (demc_rolling_cdt_limiter)(int)v;
}
static void sds_set(void *object, int k, double v)
{
    demc_contact_def *d = (demc_contact_def *)object;
    if (k == 0) d->mu_rolling = v;
    else if (k == 1) d->rolling_stiffness = v;
    else d->rolling_damping = v;
}
/* Every coefficient: NaN, ±inf and out-of-domain values give their status and the field's name, also when every
 * later field is bad too; the model is not written. */
static void coefficients_name_the_bad_field(void)
{
    const char *const epsd_name[7] = {"def.mu_rolling", "def.rolling_stiffness_coefficient",
                                      "def.rolling_damping_ratio", "def.rolling_mobilised_damping",
                                      "def.twisting_stiffness", "def.twisting_damping", "def.mu_twisting"};
    const int epsd_past[7] = {0, 0, 0, 0, 0, 0, 0};
    const double epsd_out[7][2] = {{-0.1, -1e-300}, {0.0, -1.0}, {-0.1, -1e-300}, {-0.1, 1.5},
                                   {-1.0, -1e-300}, {-1.0, -1e-300}, {-1.0, -1e-300}};
    const char *const cdt_name[2] = {"def.mu_rolling", "def.rolling_limiter"};
    const int cdt_past[2] = {0, 2};
    const double cdt_out[2][2] = {{-0.1, -1e-300}, {0, 0}};
    const char *const sds_name[3] = {"def.mu_rolling", "def.rolling_stiffness", "def.rolling_damping"};
    const int sds_past[3] = {0, 0, 0};
    const double sds_out[3][2] = {{-0.1, -1e-300}, {-1.0, -1e-300}, {-1.0, -1e-300}};
    const setup_fields epsd = {7, epsd_name, epsd_past, epsd_out, epsd_set, setup_contact_def_check};
    const setup_fields cdt = {2, cdt_name, cdt_past, cdt_out, cdt_set, setup_contact_def_check};
    const setup_fields sds = {3, sds_name, sds_past, sds_out, sds_set, setup_contact_def_check};
    demc_contact_def good = rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_EPSD, DEMC_TWISTING_SDS), scratch;
    setup_check_fields(&epsd, &good, &scratch, sizeof good);
    good = rolling_def(DEMC_CONTACT_PRESET_LSD, DEMC_ROLLING_CDT, DEMC_TWISTING_MARSHALL);
    setup_check_fields(&cdt, &good, &scratch, sizeof good);
    good = rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_SDS, DEMC_TWISTING_NONE);
    setup_check_fields(&sds, &good, &scratch, sizeof good);
}

/* The frame's effective inertia I* = I_i I_j/(I_i + I_j) with I = (2/5) m R² (I_i against a wall). */
static void frame_effective_inertia(void)
{
    demc_contact_def def = rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_EPSD, DEMC_TWISTING_NONE);
    demc_contact_model m;
    demc_body i, j;
    demc_wall w;
    demc_contact_frame f;
    double ii, ij;
    compile(&def, &m);
    i.position = v3(0, 0, 0), i.velocity = i.angular_velocity = v3(0, 0, 0), i.radius = 5e-3, i.mass = 1.3e-3;
    i.inertia = 0.0;
    j.position = v3(0, 8.9e-3, 0), j.velocity = j.angular_velocity = v3(0, 0, 0), j.radius = 4e-3, j.mass = 2.1e-3;
    j.inertia = 0.0;
    ii = 0.4 * i.mass * i.radius * i.radius, ij = 0.4 * j.mass * j.radius * j.radius;
    f = demc_contact_frame_sphere_sphere(&m, &i, &j);
    CHECK_REL(f.effective_inertia, 1.0 / (1.0 / ii + 1.0 / ij), 1e-15);
    f = demc_contact_frame_sphere_sphere(&m, &j, &i);
    CHECK_REL(f.effective_inertia, 1.0 / (1.0 / ii + 1.0 / ij), 1e-15);
    w.point = v3(0, 0, -4.9e-3), w.normal = v3(0, 0, 1), w.velocity = w.angular_velocity = v3(0, 0, 0);
    f = demc_contact_frame_sphere_wall(&m, &i, &w);
    CHECK_REL(f.effective_inertia, ii, 1e-15);
    j.position = v3(0, 1e-2, 0); /* apart: every field zero */
    f = demc_contact_frame_sphere_sphere(&m, &i, &j);
    CHECK(f.effective_inertia == 0.0 && f.overlap == 0.0);
    /* a model whose laws do not read it: left 0 */
    def.rolling = DEMC_ROLLING_SDS;
    compile(&def, &m);
    j.position = v3(0, 8.9e-3, 0);
    f = demc_contact_frame_sphere_sphere(&m, &i, &j);
    CHECK(f.effective_inertia == 0.0 && f.overlap > 0.0);
    f = demc_contact_frame_sphere_wall(&m, &i, &w);
    CHECK(f.effective_inertia == 0.0 && f.overlap > 0.0);
}

/* ---------- a sphere on a flat, integrated with the assembled model ---------- */

typedef struct ball {
    demc_vec3 x, v, w;
    double m, I, R, angle; /* angle: ∫ω_y dt */
} ball;

static ball glass_ball(void)
{
    ball b;
    b.R = 5e-3;
    b.m = 4.0 / 3.0 * PI * b.R * b.R * b.R * 2500.0;
    b.I = 0.4 * b.m * b.R * b.R;
    b.x = b.v = b.w = v3(0, 0, 0);
    b.angle = 0.0;
    return b;
}

/* Overlap of a sphere resting on the flat under the normal load f (Hertz: f = (4/3) E* √R δ^{3/2}). */
static double hertz_rest_overlap(const demc_contact_def *def, double radius, double f)
{
    return pow(f / (4.0 / 3.0 * def->moduli.effective_modulus * sqrt(radius)), 2.0 / 3.0);
}

/* One velocity-Verlet step (kick, drift, evaluation at the new position with the half-step velocities, kick) of
 * a sphere on the flat z = 0 under gravity g and an applied torque; r holds the last contact result. */
static void ball_step(const demc_contact_model *p, ball *b, demc_vec3 g, demc_vec3 torque, double dt, cstate *s,
                      demc_contact_result *r, demc_contact_diag *diag)
{
    demc_body body;
    demc_wall w;
    demc_contact_frame f;
    b->v = demc_vec3_add_scaled(demc_vec3_add_scaled(b->v, 0.5 * dt / b->m, r->force), 0.5 * dt, g);
    b->w = demc_vec3_add_scaled(b->w, 0.5 * dt / b->I, demc_vec3_add(r->torque_i, torque));
    b->x = demc_vec3_add_scaled(b->x, dt, b->v);
    b->angle += b->w.y * dt;
    body.position = b->x, body.velocity = b->v, body.angular_velocity = b->w, body.radius = b->R, body.mass = b->m;
    body.inertia = 0.0;
    w.point = v3(0, 0, 0), w.normal = v3(0, 0, 1), w.velocity = v3(0, 0, 0), w.angular_velocity = v3(0, 0, 0);
    f = demc_contact_frame_sphere_wall(p, &body, &w);
    *r = demc_contact_eval(p, &f, dt, s->d, diag);
    b->v = demc_vec3_add_scaled(demc_vec3_add_scaled(b->v, 0.5 * dt / b->m, r->force), 0.5 * dt, g);
    b->w = demc_vec3_add_scaled(b->w, 0.5 * dt / b->I, demc_vec3_add(r->torque_i, torque));
}

/* A sphere placed at rest on the flat (its static overlap under the load f) with a new contact, and the contact
 * force at rest in r (one evaluation with Δt = 0), so that the first step starts in equilibrium. */
static ball ball_at_rest(const demc_contact_model *p, const demc_contact_def *def, double f, cstate *s,
                         demc_contact_result *r)
{
    ball b = glass_ball();
    b.x = v3(0, 0, b.R - hertz_rest_overlap(def, b.R, f));
    memset(s, 0, sizeof *s);
    memset(r, 0, sizeof *r);
    ball_step(p, &b, v3(0, 0, 0), v3(0, 0, 0), 0.0, s, r, NULL);
    return b;
}

/* CDT: rolling without slip, the centre decelerates at a = μ_r g R d/(I/m + d²) with d = R − δ/2 the arm of the
 * contact point ((5/7) μ_r g for d = R); it stops at t = v0/a after v0²/2a. Returns the stopping time and
 * distance (zero crossing of the centre velocity, interpolated) and a. */
static void cdt_stop(demc_rolling_cdt_limiter limiter, double dt, double *t_stop, double *s_stop, double *a_exp,
                     double *omega_after)
{
    demc_contact_def def = rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_CDT, DEMC_TWISTING_NONE);
    demc_contact_model p;
    cstate s;
    demc_contact_result r;
    const double v0 = 0.05;
    ball b;
    double d, t = 0.0, x0, v_prev, x_prev;
    def.rolling_limiter = limiter;
    compile(&def, &p);
    b = ball_at_rest(&p, &def, glass_ball().m * GRAVITY, &s, &r);
    d = b.x.z + 0.5 * (b.R - b.x.z); /* R − δ/2 */
    *a_exp = def.mu_rolling * GRAVITY * b.R * d / (0.4 * b.R * b.R + d * d);
    b.v = v3(v0, 0, 0);
    b.w = v3(0, v0 / d, 0); /* rolling without slip: v − ω d = 0 at the contact point */
    ball_step(&p, &b, v3(0, 0, 0), v3(0, 0, 0), 0.0, &s, &r, NULL); /* the torques of the start, for the first kick */
    x0 = b.x.x;
    *t_stop = *s_stop = -1.0;
    while (t < 2.0 * v0 / *a_exp) {
        v_prev = b.v.x, x_prev = b.x.x;
        ball_step(&p, &b, v3(0, 0, -GRAVITY), v3(0, 0, 0), dt, &s, &r, NULL);
        t += dt;
        if (b.v.x <= 0.0 && v_prev > 0.0) {
            const double u = v_prev / (v_prev - b.v.x); /* fraction of the step at the crossing */
            *t_stop = t - dt + u * dt;
            *s_stop = x_prev + u * (b.x.x - x_prev) - x0;
            break;
        }
    }
    /* 20 ms later: the largest |ω| over the last 100 steps */
    *omega_after = 0.0;
    for (t = 0.0; t < 0.02; t += dt) {
        ball_step(&p, &b, v3(0, 0, -GRAVITY), v3(0, 0, 0), dt, &s, &r, NULL);
        if (t > 0.02 - 100 * dt) *omega_after = fmax(*omega_after, fabs(b.w.y));
    }
}

static void cdt_decelerates_at_five_sevenths(void)
{
    const double dts[3] = {2e-5, 1e-5, 5e-6};
    double et[3], es[3], a = 0.0, t, s, w_limited = 0.0, w_published;
    const double v0 = 0.05;
    int k;
    for (k = 0; k < 3; ++k) {
        cdt_stop(DEMC_ROLLING_CDT_LIMITER_INERTIA, dts[k], &t, &s, &a, &w_limited);
        et[k] = fabs(t - v0 / a) / (v0 / a);
        es[k] = fabs(s - v0 * v0 / (2 * a)) / (v0 * v0 / (2 * a));
        if (getenv("DEMC_TEST_VERBOSE"))
            printf("  CDT dt %.0e: stop time error %.3g, distance error %.3g\n", dts[k], et[k], es[k]);
    }
    /* a differs from (5/7) μ_r g only by the contact point's arm, d = R − δ/2 (δ/R ≈ 5e-6) */
    CHECK_REL(a, 5.0 / 7.0 * 0.05 * GRAVITY, 1e-5);
    CHECK(et[2] < 1e-5 && es[2] < 1e-6);
    CHECK(et[1] <= 0.5 * et[0] && et[2] <= 0.5 * et[1]); /* the stopping time converges under refinement */
    CHECK(es[1] <= es[0] && es[2] <= es[1]);
    /* As published the torque reverses ω_r every step once it is small: the same deceleration up to the stop, then
     * ω flips sign every step, at an amplitude of the order of one step's change μ_r R m g Δt/(I + m R²) (Ai et
     * al. 2011); the limiter brings it to rest. */
    cdt_stop(DEMC_ROLLING_CDT_LIMITER_NONE, 5e-6, &t, &s, &a, &w_published);
    if (getenv("DEMC_TEST_VERBOSE"))
        printf("  CDT 20 ms after the stop: |omega| %.3g (limiter), %.3g (published; one step's change %.3g)\n",
               w_limited, w_published, 0.05 * GRAVITY * 5e-6 / (1.4 * 5e-3));
    CHECK_REL(t, v0 / a, 1e-3);
    CHECK(w_published > 0.1 * 0.05 * GRAVITY * 5e-6 / (1.4 * 5e-3));
    CHECK(w_limited < 1e-12 * w_published);
}

/* EPSD under an applied torque M about the tangent axis: below M_m = μ_r R F_n the sphere turns by M/k_r
 * (k_r = 2.25 k_n μ_r² R², k_n = 2E*√(Rδ)) and stays; above, the spring holds M_m, its dashpot is off, and the
 * sphere rolls on with the angular acceleration (M − M_m)/(I + m d²). */
static void epsd_settles_below_and_rolls_above(void)
{
    demc_contact_def def = rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_EPSD, DEMC_TWISTING_NONE);
    demc_contact_model p;
    cstate s;
    demc_contact_result r;
    const double dt = 1e-5;
    ball b = glass_ball();
    const double fn = b.m * GRAVITY, mm = def.mu_rolling * b.R * fn;
    const double delta = hertz_rest_overlap(&def, b.R, fn);
    const double kn = 2.0 * def.moduli.effective_modulus * sqrt(b.R * delta);
    const double kr = 2.25 * kn * def.mu_rolling * def.mu_rolling * b.R * b.R, d = b.R - 0.5 * delta;
    double theta_60 = 0.0, w1 = 0.0, w2;
    long k;
    compile(&def, &p);
    b = ball_at_rest(&p, &def, fn, &s, &r);
    for (k = 0; k < 10000; ++k) {
        ball_step(&p, &b, v3(0, 0, -GRAVITY), v3(0, 0.5 * mm, 0), dt, &s, &r, NULL);
        if (k == 5999) theta_60 = b.angle;
    }
    if (getenv("DEMC_TEST_VERBOSE"))
        printf("  EPSD below the limit: rotation %.9g (M/k_r %.9g), then %.9g; omega %.3g\n", theta_60,
               0.5 * mm / kr, b.angle, b.w.y);
    CHECK_REL(theta_60, 0.5 * mm / kr, 1e-6);
    CHECK_REL(b.angle, 0.5 * mm / kr, 1e-6);
    CHECK(fabs(b.w.y) < 1e-9);
    /* above the limit */
    b = ball_at_rest(&p, &def, fn, &s, &r);
    for (k = 0; k < 4000; ++k) {
        ball_step(&p, &b, v3(0, 0, -GRAVITY), v3(0, 1.5 * mm, 0), dt, &s, &r, NULL);
        if (k == 999) w1 = b.w.y;
    }
    w2 = b.w.y;
    CHECK_REL((w2 - w1) / (3000 * dt), 0.5 * mm / (b.I + b.m * d * d), 1e-3);
}

/* A sphere released at rest on an incline of angle α stays at rest when tan α < μ (its rolling resistance holds
 * the torque m g d sin α of gravity about the contact point, at most μ R m g cos α), and rolls on with the angular
 * acceleration m g (d sin α − μ R cos α)/(I + m d²) when tan α > μ: EPSD and SDS, at α = (1 ∓ 2e-3) atan μ. */
static void incline(demc_rolling_law law)
{
    int side;
    for (side = -1; side <= 1; side += 2) {
        demc_contact_def def = rolling_def(DEMC_CONTACT_PRESET_HMD, law, DEMC_TWISTING_NONE);
        demc_contact_model p;
        cstate s;
        demc_contact_result r;
        const double dt = 1e-5, alpha = (1.0 + side * 2e-3) * atan(def.mu_rolling);
        const demc_vec3 g = v3(GRAVITY * sin(alpha), 0, -GRAVITY * cos(alpha));
        ball b = glass_ball();
        const double fn = b.m * GRAVITY * cos(alpha), delta = hertz_rest_overlap(&def, b.R, fn);
        const double d = b.R - 0.5 * delta;
        double w1 = 0.0;
        long k;
        compile(&def, &p);
        b = ball_at_rest(&p, &def, fn, &s, &r);
        for (k = 0; k < 20000; ++k) {
            ball_step(&p, &b, g, v3(0, 0, 0), dt, &s, &r, NULL);
            if (k == 9999) w1 = b.w.y;
        }
        if (getenv("DEMC_TEST_VERBOSE"))
            printf("  incline %s, alpha %s: omega %.3g, v %.3g\n", law == DEMC_ROLLING_EPSD ? "EPSD" : "SDS",
                   side < 0 ? "below" : "above", b.w.y, b.v.x);
        if (side < 0) {
            CHECK(fabs(b.w.y) < 1e-9 && fabs(b.v.x) < 1e-11);
        } else {
            const double acc = b.m * GRAVITY * (d * sin(alpha) - def.mu_rolling * b.R * cos(alpha)) /
                               (b.I + b.m * d * d);
            CHECK_REL((b.w.y - w1) / (10000 * dt), acc, 2e-2);
        }
    }
}
static void incline_epsd_and_sds(void)
{
    incline(DEMC_ROLLING_EPSD);
    incline(DEMC_ROLLING_SDS);
}

/* ---------- pairs of spheres: objectivity, swap, angular momentum, limits, dissipation ---------- */

static demc_body make_body(demc_vec3 x, demc_vec3 v, demc_vec3 w, double radius)
{
    demc_body b;
    b.position = x, b.velocity = v, b.angular_velocity = w, b.radius = radius;
    b.mass = 4.0 / 3.0 * PI * radius * radius * radius * 2500.0;
    b.inertia = 0.0;
    return b;
}

typedef struct mat3t {
    double a[3][3];
} mat3t;
static mat3t rotation(demc_vec3 axis, double angle)
{
    const demc_vec3 u = demc_vec3_normalize(axis);
    const double c = cos(angle), s = sin(angle), t = 1 - c;
    mat3t q;
    q.a[0][0] = c + u.x * u.x * t, q.a[0][1] = u.x * u.y * t - u.z * s, q.a[0][2] = u.x * u.z * t + u.y * s;
    q.a[1][0] = u.y * u.x * t + u.z * s, q.a[1][1] = c + u.y * u.y * t, q.a[1][2] = u.y * u.z * t - u.x * s;
    q.a[2][0] = u.z * u.x * t - u.y * s, q.a[2][1] = u.z * u.y * t + u.x * s, q.a[2][2] = c + u.z * u.z * t;
    return q;
}
static demc_vec3 mul(mat3t q, demc_vec3 v)
{
    return v3(q.a[0][0] * v.x + q.a[0][1] * v.y + q.a[0][2] * v.z, q.a[1][0] * v.x + q.a[1][1] * v.y + q.a[1][2] * v.z,
              q.a[2][0] * v.x + q.a[2][1] * v.y + q.a[2][2] * v.z);
}

enum { NCOMBOS = 6 };
static const demc_contact_preset combo_preset[NCOMBOS] = {DEMC_CONTACT_PRESET_HMD, DEMC_CONTACT_PRESET_HMD,
                                                          DEMC_CONTACT_PRESET_LSD, DEMC_CONTACT_PRESET_LSD,
                                                          DEMC_CONTACT_PRESET_PLSB, DEMC_CONTACT_PRESET_CAMPELLO};
static const demc_rolling_law combo_rolling[NCOMBOS] = {DEMC_ROLLING_EPSD, DEMC_ROLLING_SDS, DEMC_ROLLING_CDT,
                                                        DEMC_ROLLING_EPSD, DEMC_ROLLING_SDS, DEMC_ROLLING_EPSD};
static const demc_twisting_law combo_twisting[NCOMBOS] = {DEMC_TWISTING_SDS, DEMC_TWISTING_MARSHALL,
                                                          DEMC_TWISTING_MARSHALL, DEMC_TWISTING_SDS,
                                                          DEMC_TWISTING_MARSHALL, DEMC_TWISTING_SDS};

/* A random walk of a pair in and out of contact, with large spins so that the limits are reached. */
typedef struct walk {
    demc_body i, j;
} walk;
static walk walk_start(void)
{
    walk w;
    w.i = make_body(v3(0, 0, 0), random_vec(0.2), random_vec(300.0), 5e-3);
    w.j = make_body(v3(0, 0, 9.49e-3), random_vec(0.2), random_vec(300.0), 4.5e-3);
    return w;
}
/* j wanders about 10 µm of overlap (a mean-reverting walk that now and then leaves the contact) */
static void walk_next(walk *w)
{
    const demc_vec3 base = v3(0, 0, 9.49e-3);
    w->j.position = demc_vec3_add(base, demc_vec3_add(demc_vec3_scale(demc_vec3_sub(w->j.position, base), 0.9),
                                                      random_vec(4e-6)));
    if (uniform() < 0.2) w->i.angular_velocity = random_vec(300.0);
    if (uniform() < 0.2) w->j.angular_velocity = random_vec(300.0);
    if (uniform() < 0.1) w->i.velocity = random_vec(0.2);
}

/* The rolling and twisting couple on i: the torque on i less the moment d_i × F of the force. */
static demc_vec3 couple_of(const demc_contact_result *r, const demc_contact_frame *f)
{
    return demc_vec3_sub(r->torque_i, demc_vec3_cross(f->branch_i, r->force));
}

/* Swap: evaluating (j, i) with the swapped state gives the opposite force, the exchanged torques and the swapped
 * updated state. Angular momentum: torque_i + torque_j + (x_i − x_j) × F = 0. Limits: the rolling couple within
 * μ R* F_n (EPSD: its spring torque; CDT, SDS: the whole couple), the twisting couple within its limit.
 * Dissipation ≥ 0 at every step. */
static void swap_momentum_limits_dissipation(void)
{
    int c;
    for (c = 0; c < NCOMBOS; ++c) {
        demc_contact_def def = rolling_def(combo_preset[c], combo_rolling[c], combo_twisting[c]);
        demc_contact_model p;
        cstate s, t;
        walk w;
        size_t n, k;
        long step;
        double worst_swap = 0.0, worst_l = 0.0, worst_limit = 0.0;
        int contacts = 0, mobilised = 0, negative = 0;
        def.mu_rolling = 0.2;
        compile(&def, &p);
        n = demc_contact_model_state_size(&p);
        memset(&s, 0, sizeof s);
        w = walk_start();
        for (step = 0; step < 4000; ++step) {
            demc_contact_diag d1 = DEMC_CONTACT_DIAG_INIT, d2 = DEMC_CONTACT_DIAG_INIT;
            demc_contact_frame f = demc_contact_frame_sphere_sphere(&p, &w.i, &w.j);
            demc_contact_frame g = demc_contact_frame_sphere_sphere(&p, &w.j, &w.i);
            demc_contact_result r1, r2;
            double scale;
            t = s;
            demc_contact_state_swap(&p, t.d);
            r1 = demc_contact_eval(&p, &f, 1e-5, s.d, &d1);
            r2 = demc_contact_eval(&p, &g, 1e-5, t.d, &d2);
            demc_contact_state_swap(&p, t.d);
            if (r1.overlap > 0) ++contacts;
            scale = demc_vec3_norm(r1.torque_i) + demc_vec3_norm(r1.torque_j) + 1e-300;
            worst_swap = fmax(worst_swap, demc_vec3_norm(demc_vec3_add(r1.force, r2.force)) /
                                              (demc_vec3_norm(r1.force) + 1e-300));
            worst_swap = fmax(worst_swap, demc_vec3_norm(demc_vec3_sub(r1.torque_i, r2.torque_j)) / scale);
            worst_swap = fmax(worst_swap, demc_vec3_norm(demc_vec3_sub(r1.torque_j, r2.torque_i)) / scale);
            for (k = 0; k < n; ++k)
                worst_swap = fmax(worst_swap, fabs(s.d[k] - t.d[k]) / (fabs(s.d[k]) + 1e-300) * (s.d[k] != t.d[k]));
            worst_l = fmax(worst_l,
                           demc_vec3_norm(demc_vec3_add(demc_vec3_add(r1.torque_i, r1.torque_j),
                                                        demc_vec3_cross(demc_vec3_sub(w.i.position, w.j.position),
                                                                        r1.force))) /
                               scale);
            if (r1.overlap > 0) {
                const demc_vec3 m = couple_of(&r1, &f), nn = f.normal;
                const double twist = demc_vec3_dot(m, nn), fn = r1.normal_force > 0 ? r1.normal_force : 0.0;
                const demc_vec3 roll = demc_vec3_add_scaled(m, -twist, nn);
                const double roll_limit = def.mu_rolling * f.effective_radius * fn;
                const double twist_limit = combo_twisting[c] == DEMC_TWISTING_SDS
                                               ? def.mu_twisting * fn
                                               : 2.0 / 3.0 * def.friction.mu_dynamic *
                                                     sqrt(f.effective_radius * f.overlap) * fn;
                double roll_held = demc_vec3_norm(roll);
                if (combo_rolling[c] == DEMC_ROLLING_EPSD) {
                    /* after the previous normal and the spring (force, k_t, F_n, slip flag, and the displacement
                     * the Campello preset's total law reads) */
                    const size_t at = combo_preset[c] == DEMC_CONTACT_PRESET_CAMPELLO ? 12 : 9;
                    roll_held = sqrt(s.d[at] * s.d[at] + s.d[at + 1] * s.d[at + 1] + s.d[at + 2] * s.d[at + 2]);
                }
                if (roll_held >= roll_limit * (1 - 1e-12)) ++mobilised;
                worst_limit = fmax(worst_limit, (roll_held - roll_limit) / (roll_limit + 1e-300));
                worst_limit = fmax(worst_limit, (fabs(twist) - twist_limit) / (twist_limit + 1e-300));
            }
            if (!(d1.rolling_dissipation >= 0.0 && d1.twisting_dissipation >= 0.0 && d1.rolling_energy >= 0.0 &&
                  d1.twisting_energy >= 0.0))
                ++negative;
            walk_next(&w);
        }
        if (getenv("DEMC_TEST_VERBOSE"))
            printf("  combo %d: %d contacts, %d at the rolling limit; swap %.3g, L %.3g, limit excess %.3g\n", c,
                   contacts, mobilised, worst_swap, worst_l, worst_limit);
        CHECK(contacts > 1000 && mobilised > 100);
        CHECK(worst_swap <= 1e-12);
        CHECK(worst_l <= 1e-12);
        CHECK(worst_limit <= 1e-12);
        CHECK(negative == 0);
    }
}

/* Two spheres turning as one rigid body (ω_i = ω_j = Ω, v = Ω × x) feel no rolling or twisting couple, along a
 * sequence of steps with memory; rotating the whole configuration rotates the torques and the memory's vectors. */
static void objectivity(void)
{
    int c;
    for (c = 0; c < NCOMBOS; ++c) {
        demc_contact_def def = rolling_def(combo_preset[c], combo_rolling[c], combo_twisting[c]);
        demc_contact_model p;
        cstate s, t;
        const demc_vec3 omega = v3(30, -50, 80);
        const mat3t q = rotation(v3(1, -2, 0.7), 1.1);
        const double dt = 1e-6;
        double worst_rigid = 0.0, worst_rot = 0.0;
        long step;
        compile(&def, &p);
        memset(&s, 0, sizeof s);
        for (step = 0; step < 300; ++step) { /* rigid rotation: the pair turns by Ω t about the origin */
            const mat3t turn = rotation(omega, demc_vec3_norm(omega) * dt * (double)step);
            const demc_vec3 xi = mul(turn, v3(1e-3, 0, 0)), xj = mul(turn, v3(1e-3, 0, 9.99e-3));
            demc_body i = make_body(xi, demc_vec3_cross(omega, xi), omega, 5e-3);
            demc_body j = make_body(xj, demc_vec3_cross(omega, xj), omega, 5e-3);
            demc_contact_frame f = demc_contact_frame_sphere_sphere(&p, &i, &j);
            demc_contact_result r = demc_contact_eval(&p, &f, dt, s.d, NULL);
            worst_rigid = fmax(worst_rigid, demc_vec3_norm(couple_of(&r, &f)) /
                                                (demc_vec3_norm(r.torque_i) + f.effective_radius *
                                                                                  demc_vec3_norm(r.force)));
        }
        /* rotated configurations along a random walk */
        memset(&s, 0, sizeof s);
        memset(&t, 0, sizeof t);
        {
            walk w = walk_start();
            for (step = 0; step < 1000; ++step) {
                demc_body qi = w.i, qj = w.j;
                demc_contact_frame f, g;
                demc_contact_result r1, r2;
                qi.position = mul(q, w.i.position), qi.velocity = mul(q, w.i.velocity);
                qi.angular_velocity = mul(q, w.i.angular_velocity);
                qj.position = mul(q, w.j.position), qj.velocity = mul(q, w.j.velocity);
                qj.angular_velocity = mul(q, w.j.angular_velocity);
                f = demc_contact_frame_sphere_sphere(&p, &w.i, &w.j);
                g = demc_contact_frame_sphere_sphere(&p, &qi, &qj);
                r1 = demc_contact_eval(&p, &f, dt, s.d, NULL);
                r2 = demc_contact_eval(&p, &g, dt, t.d, NULL);
                if (r1.overlap > 1e-8) {
                    const double scale = demc_vec3_norm(r1.torque_i) + demc_vec3_norm(r1.torque_j);
                    worst_rot = fmax(worst_rot, (demc_vec3_norm(demc_vec3_sub(mul(q, r1.torque_i), r2.torque_i)) +
                                                 demc_vec3_norm(demc_vec3_sub(mul(q, r1.torque_j), r2.torque_j))) /
                                                    scale);
                }
                walk_next(&w);
            }
        }
        if (getenv("DEMC_TEST_VERBOSE"))
            printf("  combo %d: rigid couple %.3g, rotated torques %.3g\n", c, worst_rigid, worst_rot);
        CHECK(worst_rigid <= 1e-12);
        CHECK(worst_rot <= 1e-7);
    }
}

/* ---------- energy balance of an integrated collision ---------- */

typedef struct rigid {
    demc_vec3 x, v, w;
    double m, I, R;
} rigid;

/* An oblique collision of two spheres with spins about the normal and tangent axes: kinetic energy + stored
 * energies + the accumulated dissipation and exchange terms equal the initial kinetic energy up to the integration
 * error. Returns the largest imbalance relative to the initial energy. */
static double energy_imbalance(int c, double dt)
{
    demc_contact_def def = rolling_def(combo_preset[c], combo_rolling[c], combo_twisting[c]);
    demc_contact_model p;
    cstate s;
    rigid b[2];
    demc_contact_result r;
    demc_contact_diag d = DEMC_CONTACT_DIAG_INIT;
    double ke0 = 0.0, diss = 0.0, worst = 0.0, t;
    int k, started = 0;
    def.twisting_stiffness = 1e-2; /* a twisting spring loaded within the collision */
    def.mu_twisting = 1e-3;
    compile(&def, &p);
    memset(&s, 0, sizeof s);
    for (k = 0; k < 2; ++k) {
        b[k].R = k == 0 ? 5e-3 : 4e-3;
        b[k].m = 4.0 / 3.0 * PI * b[k].R * b[k].R * b[k].R * 2500.0;
        b[k].I = 0.4 * b[k].m * b[k].R * b[k].R;
    }
    b[0].x = v3(0, 0, 0), b[0].v = v3(0.5, 0.2, 0.0), b[0].w = v3(30, 40, 60);
    b[1].x = v3(9.0001e-3, 1e-3, 0), b[1].v = v3(-0.5, -0.1, 0.05), b[1].w = v3(-60, 10, -20);
    for (k = 0; k < 2; ++k) ke0 += 0.5 * b[k].m * demc_vec3_norm2(b[k].v) + 0.5 * b[k].I * demc_vec3_norm2(b[k].w);
    r.force = r.torque_i = r.torque_j = v3(0, 0, 0);
    for (t = 0; t < 5e-4; t += dt) {
        demc_body A, B;
        demc_contact_frame f;
        double ke = 0.0;
        for (k = 0; k < 2; ++k) {
            demc_vec3 fk = k == 0 ? r.force : demc_vec3_neg(r.force), tq = k == 0 ? r.torque_i : r.torque_j;
            b[k].v = demc_vec3_add_scaled(b[k].v, 0.5 * dt / b[k].m, fk);
            b[k].w = demc_vec3_add_scaled(b[k].w, 0.5 * dt / b[k].I, tq);
            b[k].x = demc_vec3_add_scaled(b[k].x, dt, b[k].v);
        }
        A = make_body(b[0].x, b[0].v, b[0].w, b[0].R);
        B = make_body(b[1].x, b[1].v, b[1].w, b[1].R);
        f = demc_contact_frame_sphere_sphere(&p, &A, &B);
        r = demc_contact_eval(&p, &f, dt, s.d, &d);
        if (r.overlap > 0) started = 1;
        diss += d.viscous_dissipation + d.friction_dissipation + d.plastic_dissipation + d.tangential_exchange +
                d.rolling_dissipation + d.rolling_exchange + d.twisting_dissipation + d.twisting_exchange;
        for (k = 0; k < 2; ++k) {
            demc_vec3 fk = k == 0 ? r.force : demc_vec3_neg(r.force), tq = k == 0 ? r.torque_i : r.torque_j;
            b[k].v = demc_vec3_add_scaled(b[k].v, 0.5 * dt / b[k].m, fk);
            b[k].w = demc_vec3_add_scaled(b[k].w, 0.5 * dt / b[k].I, tq);
            ke += 0.5 * b[k].m * demc_vec3_norm2(b[k].v) + 0.5 * b[k].I * demc_vec3_norm2(b[k].w);
        }
        worst = fmax(worst, fabs(ke + d.normal_energy + d.tangential_energy + d.rolling_energy + d.twisting_energy +
                                 diss - ke0) /
                                ke0);
        if (started && r.overlap <= 0) break;
    }
    return worst;
}

static void energy_balance_of_a_collision(void)
{
    int c;
    for (c = 0; c < NCOMBOS; ++c) {
        const double coarse = energy_imbalance(c, 2e-8), fine = energy_imbalance(c, 5e-9);
        if (getenv("DEMC_TEST_VERBOSE"))
            printf("  energy imbalance, combo %d: %.3g (dt 2e-8), %.3g (dt 5e-9)\n", c, coarse, fine);
        CHECK(fine <= 3e-4);
        CHECK(fine <= 0.5 * coarse || fine <= 1e-9);
    }
}

/* An option that is off leaves the evaluation unchanged: the same model with every rolling and twisting
 * coefficient set but no law selected gives bit for bit the results of the preset. */
static void off_changes_nothing(void)
{
    demc_contact_def plain, with;
    demc_contact_model p, q;
    cstate s, t;
    walk w = walk_start();
    long step;
    int same = 1;
    plain = rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_NONE, DEMC_TWISTING_NONE);
    with = plain;
    plain.mu_rolling = plain.rolling_stiffness = plain.twisting_stiffness = plain.mu_twisting = 0.0;
    compile(&plain, &p);
    compile(&with, &q);
    CHECK(demc_contact_model_kind(&p) == DEMC_CONTACT_KIND_HMD && demc_contact_model_state_size(&p) == 9);
    memset(&s, 0, sizeof s);
    memset(&t, 0, sizeof t);
    for (step = 0; step < 2000; ++step) {
        demc_contact_frame f = demc_contact_frame_sphere_sphere(&p, &w.i, &w.j);
        demc_contact_result r1 = demc_contact_eval(&p, &f, 1e-6, s.d, NULL);
        demc_contact_result r2 = demc_contact_eval(&q, &f, 1e-6, t.d, NULL);
        same = same && memcmp(&r1, &r2, sizeof r1) == 0 && memcmp(&s, &t, sizeof s) == 0;
        walk_next(&w);
    }
    CHECK(same);
}

/* Every field of two diags equal, bit for bit (the struct has padding: no memcmp). */
static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }
static int same_diag(const demc_contact_diag *a, const demc_contact_diag *b)
{
    return same_bits(a->normal_energy, b->normal_energy) && same_bits(a->tangential_energy, b->tangential_energy) &&
           same_bits(a->viscous_dissipation, b->viscous_dissipation) &&
           same_bits(a->friction_dissipation, b->friction_dissipation) &&
           same_bits(a->plastic_dissipation, b->plastic_dissipation) &&
           same_bits(a->tangential_exchange, b->tangential_exchange) && a->sliding == b->sliding &&
           same_bits(a->rolling_energy, b->rolling_energy) &&
           same_bits(a->rolling_dissipation, b->rolling_dissipation) &&
           same_bits(a->rolling_exchange, b->rolling_exchange) && same_bits(a->twisting_energy, b->twisting_energy) &&
           same_bits(a->twisting_dissipation, b->twisting_dissipation) &&
           same_bits(a->twisting_exchange, b->twisting_exchange);
}

/* demc_contact_eval_kind() with the kind as a constant (header-only: the other slots fold) gives bit for bit the
 * results, state and energy terms of demc_contact_eval(). */
#define KIND_EPSD_SDS (DEMC_CONTACT_KIND_HMD | DEMC_CONTACT_KIND(0, 0, 0, 0, DEMC_ROLLING_EPSD, DEMC_TWISTING_SDS))
#define KIND_SDS_MARSHALL \
    (DEMC_CONTACT_KIND_LSD | DEMC_CONTACT_KIND(0, 0, 0, 0, DEMC_ROLLING_SDS, DEMC_TWISTING_MARSHALL))
static void eval_kind_matches_eval(void)
{
    int c;
    for (c = 0; c < 2; ++c) {
        demc_contact_def def = c == 0 ? rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_EPSD, DEMC_TWISTING_SDS)
                                      : rolling_def(DEMC_CONTACT_PRESET_LSD, DEMC_ROLLING_SDS, DEMC_TWISTING_MARSHALL);
        demc_contact_model p;
        cstate s, t;
        walk w = walk_start();
        long step;
        int same = 1;
        compile(&def, &p);
        CHECK(demc_contact_model_kind(&p) == (c == 0 ? KIND_EPSD_SDS : KIND_SDS_MARSHALL));
        memset(&s, 0, sizeof s);
        memset(&t, 0, sizeof t);
        for (step = 0; step < 2000; ++step) {
            demc_contact_diag d1 = DEMC_CONTACT_DIAG_INIT, d2 = DEMC_CONTACT_DIAG_INIT;
            demc_contact_frame f = demc_contact_frame_sphere_sphere(&p, &w.i, &w.j);
            demc_contact_result r1 = demc_contact_eval(&p, &f, 1e-5, s.d, &d1);
            demc_contact_result r2 = c == 0 ? demc_contact_eval_kind(KIND_EPSD_SDS, &p, &f, 1e-5, t.d, &d2)
                                            : demc_contact_eval_kind(KIND_SDS_MARSHALL, &p, &f, 1e-5, t.d, &d2);
            same = same && memcmp(&r1, &r2, sizeof r1) == 0 && memcmp(&s, &t, sizeof s) == 0 &&
                   same_diag(&d1, &d2);
            walk_next(&w);
        }
        CHECK(same);
    }
}

/* The batch call with rolling and twisting laws: the single call's results and states, bit for bit; a diag of the
 * size before the rolling and twisting terms (a caller of an older header) is not written past its size. */
static void batch_and_older_diag(void)
{
    enum { NB = 6, NC = 5 };
    demc_contact_def def = rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_EPSD, DEMC_TWISTING_MARSHALL);
    demc_contact_model p;
    double x[NB][3], v[NB][3], w[NB][3], radius[NB], mass[NB], states[NC][DEMC_CONTACT_STATE_MAX],
        singles[NC][DEMC_CONTACT_STATE_MAX], force[NC][3], ti[NC][3], tj[NC][3];
    const int ci[NC] = {0, 1, 2, 3, 4}, cj[NC] = {1, 2, 3, 4, 5};
    demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
    int k, step, same = 1;
    compile(&def, &p);
    memset(states, 0, sizeof states);
    memset(singles, 0, sizeof singles);
    for (k = 0; k < NB; ++k) {
        demc_vec3 vk = random_vec(0.1), wk = random_vec(200.0);
        x[k][0] = 0.0, x[k][1] = 0.0, x[k][2] = 9.49e-3 * k;
        v[k][0] = vk.x, v[k][1] = vk.y, v[k][2] = vk.z;
        w[k][0] = wk.x, w[k][1] = wk.y, w[k][2] = wk.z;
        radius[k] = k % 2 ? 4.5e-3 : 5e-3;
        mass[k] = 4.0 / 3.0 * PI * radius[k] * radius[k] * radius[k] * 2500.0;
    }
    b.count = NC, b.i = ci, b.j = cj, b.position = &x[0][0], b.velocity = &v[0][0], b.angular_velocity = &w[0][0];
    b.radius = radius, b.mass = mass, b.vector_stride = 3, b.scalar_stride = 1;
    b.state = &states[0][0], b.state_stride = DEMC_CONTACT_STATE_MAX;
    b.force = &force[0][0], b.torque_i = &ti[0][0], b.torque_j = &tj[0][0];
    for (step = 0; step < 200; ++step) {
        CHECK(demc_contact_eval_batch(&p, &b, 1e-5, NULL) == DEMC_OK);
        for (k = 0; k < NC; ++k) {
            demc_body bi = make_body(v3(x[ci[k]][0], x[ci[k]][1], x[ci[k]][2]), v3(v[ci[k]][0], v[ci[k]][1], v[ci[k]][2]),
                                     v3(w[ci[k]][0], w[ci[k]][1], w[ci[k]][2]), radius[ci[k]]);
            demc_body bj = make_body(v3(x[cj[k]][0], x[cj[k]][1], x[cj[k]][2]), v3(v[cj[k]][0], v[cj[k]][1], v[cj[k]][2]),
                                     v3(w[cj[k]][0], w[cj[k]][1], w[cj[k]][2]), radius[cj[k]]);
            demc_contact_frame f;
            demc_contact_result r;
            bi.mass = mass[ci[k]], bj.mass = mass[cj[k]];
            f = demc_contact_frame_sphere_sphere(&p, &bi, &bj);
            r = demc_contact_eval(&p, &f, 1e-5, singles[k], NULL);
            same = same && memcmp(&r.torque_i, ti[k], sizeof ti[k]) == 0 && memcmp(&r.torque_j, tj[k], sizeof tj[k]) == 0 &&
                   memcmp(&r.force, force[k], sizeof force[k]) == 0 &&
                   memcmp(singles[k], states[k], sizeof states[k]) == 0;
        }
        for (k = 0; k < NB; ++k) { /* jiggle */
            demc_vec3 d = random_vec(2e-6), wk = random_vec(200.0);
            x[k][0] = d.x, x[k][1] = d.y, x[k][2] = 9.49e-3 * k + d.z;
            if (uniform() < 0.2) w[k][0] = wk.x, w[k][1] = wk.y, w[k][2] = wk.z;
        }
    }
    CHECK(same);
    /* an older caller's diag ends at adhesion_dissipation: nothing past it is written */
    {
        union {
            demc_contact_diag d;
            unsigned char bytes[sizeof(demc_contact_diag)];
        } u;
        const size_t older = offsetof(demc_contact_diag, adhesion_dissipation) + sizeof(double);
        cstate s;
        walk wk = walk_start();
        int untouched = 1;
        size_t q;
        memset(&s, 0, sizeof s);
        for (step = 0; step < 300; ++step) {
            demc_contact_frame f = demc_contact_frame_sphere_sphere(&p, &wk.i, &wk.j);
            memset(u.bytes, SETUP_POISON, sizeof u.bytes);
            u.d.size = older;
            (void)demc_contact_eval(&p, &f, 1e-5, s.d, &u.d);
            for (q = older; q < sizeof u.bytes; ++q) untouched = untouched && u.bytes[q] == SETUP_POISON;
            walk_next(&wk);
        }
        CHECK(untouched);
    }
}

/* With an adhesive normal law the rolling and twisting limits use the load of the Coulomb limit, F_n plus the
 * law's lift (DMT: 2πwR*, Derjaguin, Muller & Toporov): CDT at full torque gives μ_r R*(F_n + 2πwR*); twisting SDS
 * saturates at μ_tw (F_n + 2πwR*). */
static void adhesive_load(void)
{
    demc_contact_def def = rolling_def(DEMC_CONTACT_PRESET_HMD, DEMC_ROLLING_CDT, DEMC_TWISTING_SDS);
    demc_contact_model p;
    cstate s;
    demc_body i, j;
    demc_contact_frame f;
    demc_contact_result r;
    const double w = 0.5;
    double lift, twist;
    demc_vec3 couple, roll;
    def.normal = DEMC_NORMAL_DMT;
    def.end = DEMC_CONTACT_END_OVERLAP;
    def.work_of_adhesion = w;
    def.rolling_limiter = DEMC_ROLLING_CDT_LIMITER_NONE;
    compile(&def, &p);
    memset(&s, 0, sizeof s);
    i = make_body(v3(0, 0, 0), v3(0, 0, 0), v3(50, 20, 400), 5e-3);
    j = make_body(v3(0, 0, 1e-2 - 1e-9), v3(0, 0, 0), v3(0, 0, 0), 5e-3);
    f = demc_contact_frame_sphere_sphere(&p, &i, &j);
    r = demc_contact_eval(&p, &f, 1e-5, s.d, NULL);
    r = demc_contact_eval(&p, &f, 1e-5, s.d, NULL); /* the twist spring beyond its limit */
    lift = 2.0 * PI * w * f.effective_radius;
    couple = couple_of(&r, &f);
    twist = demc_vec3_dot(couple, f.normal);
    roll = demc_vec3_add_scaled(couple, -twist, f.normal);
    CHECK(r.normal_force < lift); /* the lift matters: F_n alone is smaller than it */
    CHECK_REL(demc_vec3_norm(roll), def.mu_rolling * f.effective_radius * (r.normal_force + lift), 1e-12);
    CHECK_REL(fabs(twist), def.mu_twisting * (r.normal_force + lift), 1e-12);
}

int main(void)
{
    RUN(selection_and_layout);
    RUN(statuses);
    RUN(coefficients_name_the_bad_field);
    RUN(off_changes_nothing);
    RUN(frame_effective_inertia);
    RUN(eval_kind_matches_eval);
    RUN(batch_and_older_diag);
    RUN(adhesive_load);
    RUN(cdt_decelerates_at_five_sevenths);
    RUN(epsd_settles_below_and_rolls_above);
    RUN(incline_epsd_and_sds);
    RUN(swap_momentum_limits_dissipation);
    RUN(objectivity);
    RUN(energy_balance_of_a_collision);
    return harness_finish("test_contact_rolling");
}
