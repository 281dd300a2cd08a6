/* Heat in the compiled contact model (demc_contact_heat(), the heat slot of demc_contact_def, the batch's heat
 * arrays) against references written here: the conductance of two constriction resistances 1/(4 k a) in series
 * with a = √(R*δ) of the pair's geometry; a chain of spheres between two walls driven through the model, against
 * its series conductance, its tridiagonal steady state and the eigenmodes sin(ikπ/(N+1)) of forward Euler on the
 * discrete chain, stable at demc_heat_timestep() and unstable just above 2/λ_max; the frictional heat of an
 * oblique impact and of a sliding contact against the diag's dissipation step by step, against the kinetic energy
 * lost and against μ F_n v; collisional conduction against C π a_max² √t_c ΔT/(1/e_i + 1/e_j) with a_max and t_c
 * of the Hertz impact from their closed forms (t_c by the Beta function); the batch's accumulators against the
 * single calls summed in order, bit for bit; a 1.0 caller; bad input named. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "demc.h"
#include "harness.h"

static const double pi = 3.14159265358979323846;

static int same_name(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

/* Conductance of two half-spaces of conductivities k_i, k_j joined over an isothermal disc of radius a: the two
 * constriction resistances 1/(4 k a) in series. */
static double ref_conductance(double k_i, double k_j, double a)
{
    return 1.0 / (1.0 / (4 * k_i * a) + 1.0 / (4 * k_j * a));
}

/* HM+D of glass-like spheres with the given heat slot. */
static demc_contact_model heat_model(demc_contact_heat_def heat, double restitution, double mu)
{
    demc_contact_def def = demc_contact_def_default();
    demc_contact_model m;
    const char *bad = "x";
    def.moduli.effective_modulus = 3.8e10;
    def.moduli.effective_shear_modulus = 1.4e10;
    def.restitution = restitution;
    def.friction.mu_static = def.friction.mu_dynamic = mu;
    def.heat = heat;
    memset(&m, 0, sizeof m);
    CHECK(demc_contact_model_init(&def, &m, &bad) == DEMC_OK && bad == NULL);
    return m;
}

static demc_contact_heat_def heat_none(void)
{
    demc_contact_heat_def h;
    memset(&h, 0, sizeof h);
    return h;
}

static demc_contact_heat_def heat_static(double k_i, double k_j)
{
    demc_contact_heat_def h = heat_none();
    h.law = DEMC_HEAT_STATIC;
    h.conductivity_i = k_i;
    h.conductivity_j = k_j;
    return h;
}

static demc_body sphere_at(double x, double y, double z, double r)
{
    demc_body b;
    memset(&b, 0, sizeof b);
    b.position = demc_vec3_make(x, y, z);
    b.radius = r;
    b.mass = 2500.0 * 4.0 / 3.0 * pi * r * r * r;
    return b;
}

/* The host's step for one contact: evaluate, then the heat with the same frame and state. */
static demc_contact_heat_result heat_of(const demc_contact_model *m, const demc_contact_frame *f, double ti, double tj,
                                        double *state, demc_contact_diag *diag)
{
    const demc_contact_result r = demc_contact_eval(m, f, 1e-7, state, diag);
    return demc_contact_heat(m, f, &r, diag, ti, tj, 1e-7, state);
}

/* ---- two bodies at fixed temperatures ------------------------------------------------------------------------ */

static void two_bodies_at_fixed_temperatures(void)
{
    /* (R_i, R_j, k_i, k_j, δ): like spheres, unequal radii, unequal conductivities, both */
    static const double cases[][5] = {{1e-3, 1e-3, 1.0, 1.0, 1e-6},
                                      {1e-3, 3e-3, 1.0, 1.0, 2e-6},
                                      {1e-3, 1e-3, 1.0, 45.0, 5e-7},
                                      {5e-4, 2e-3, 400.0, 30.0, 1e-7}};
    const double ti = 350.0, tj = 290.0;
    size_t c;
    for (c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        const double ri = cases[c][0], rj = cases[c][1], ki = cases[c][2], kj = cases[c][3], d = cases[c][4];
        const double a = sqrt(ri * rj / (ri + rj) * d), h_ref = ref_conductance(ki, kj, a);
        const demc_contact_model m = heat_model(heat_static(ki, kj), 0.9, 0.3);
        const demc_body bi = sphere_at(0, 0, 0, ri), bj = sphere_at(ri + rj - d, 0, 0, rj);
        const demc_contact_frame f = demc_contact_frame_sphere_sphere(&m, &bi, &bj);
        double state[DEMC_CONTACT_STATE_MAX] = {0};
        const demc_contact_heat_result h = heat_of(&m, &f, ti, tj, state, NULL);
        /* the overlap from the positions carries a rounding of the centres (~1e-18 m on δ ≥ 1e-7 m) */
        CHECK_REL(h.contact_radius, a, 1e-10);
        CHECK_REL(h.conductance, h_ref, 1e-10);
        CHECK_REL(h.conduction, h_ref * (tj - ti), 1e-10);
        CHECK(h.conduction < 0); /* from the hotter body i */
        CHECK(h.heat_flow_i == h.conduction && h.heat_flow_j == -h.conduction);
        CHECK(h.friction_i == 0 && h.friction_j == 0); /* no diag: no frictional heating */
    }
    {
        /* LAMMPS `heat radius` with its k for the pair: 2 k a, whatever the two conductivities */
        demc_contact_heat_def hd = heat_static(1.0, 45.0);
        demc_contact_model m;
        const double r = 1e-3, d = 1e-6, a = sqrt(r / 2 * d);
        const demc_body bi = sphere_at(0, 0, 0, r), bj = sphere_at(2 * r - d, 0, 0, r);
        demc_contact_frame f;
        double state[DEMC_CONTACT_STATE_MAX] = {0};
        hd.conductivity = sqrt(1.0 * 45.0);
        m = heat_model(hd, 0.9, 0.3);
        f = demc_contact_frame_sphere_sphere(&m, &bi, &bj);
        CHECK_REL(heat_of(&m, &f, 300, 310, state, NULL).conduction, 2 * sqrt(45.0) * a * 10, 1e-10);
        /* the area law h π a² */
        hd = heat_none();
        hd.law = DEMC_HEAT_AREA;
        hd.transfer_coefficient = 2.5e4;
        m = heat_model(hd, 0.9, 0.3);
        CHECK_REL(heat_of(&m, &f, 300, 310, state, NULL).conduction, 2.5e4 * pi * a * a * 10, 1e-10);
        /* apart: nothing */
        {
            const demc_body far = sphere_at(2 * r + 1e-6, 0, 0, r);
            const demc_contact_frame g = demc_contact_frame_sphere_sphere(&m, &bi, &far);
            const demc_contact_heat_result h = heat_of(&m, &g, 300, 310, state, NULL);
            CHECK(h.conduction == 0 && h.conductance == 0 && h.contact_radius == 0 && h.heat_flow_j == 0);
        }
    }
}

static void sphere_wall_and_facet(void)
{
    /* a glass sphere on a steel wall: R* = R_i, k_s the harmonic mean of the two */
    const double r = 2e-3, d = 3e-6, ki = 1.0, kw = 45.0, a = sqrt(r * d), ti = 300, tw = 400;
    const demc_contact_model m = heat_model(heat_static(ki, kw), 0.9, 0.3);
    const demc_body b = sphere_at(0.25, 0.25, r - d, r);
    demc_wall wall;
    demc_facet_triangle tri;
    demc_facet_contact fc;
    demc_contact_frame f;
    double state[DEMC_CONTACT_STATE_MAX] = {0};
    demc_contact_heat_result hw, hf;
    memset(&wall, 0, sizeof wall);
    memset(&tri, 0, sizeof tri);
    wall.normal = demc_vec3_make(0, 0, 1);
    f = demc_contact_frame_sphere_wall(&m, &b, &wall);
    hw = heat_of(&m, &f, ti, tw, state, NULL);
    CHECK_REL(hw.conduction, ref_conductance(ki, kw, a) * (tw - ti), 1e-10);
    CHECK(hw.heat_flow_j == -hw.conduction);
    /* the same plane as a triangle, the sphere over its face */
    tri.vertex[0] = demc_vec3_make(0, 0, 0);
    tri.vertex[1] = demc_vec3_make(1, 0, 0);
    tri.vertex[2] = demc_vec3_make(0, 1, 0);
    fc = demc_facet_closest_point(&tri, b.position);
    f = demc_contact_frame_sphere_facet(&m, &b, &tri, &fc);
    memset(state, 0, sizeof state);
    hf = heat_of(&m, &f, ti, tw, state, NULL);
    CHECK_REL(hf.conduction, ref_conductance(ki, kw, a) * (tw - ti), 1e-10);
}

/* JKR: while the neck holds, the contact radius is JKR's, δ = a²/R* − √(2πwa/E*) (Johnson, Kendall & Roberts
 * 1971), also at δ < 0. */
static void jkr_neck_conducts_over_its_radius(void)
{
    demc_contact_def d = demc_contact_def_default();
    demc_contact_model m;
    const double r = 1e-5, w = 0.05, estar = 3.8e10, rstar = r / 2, k = 1.0;
    const double a = 4e-8, delta = a * a / rstar - sqrt(2 * pi * w * a / estar);
    demc_body bi = sphere_at(0, 0, 0, r), bj = sphere_at(2 * r - 1e-9, 0, 0, r);
    demc_contact_frame f;
    double state[DEMC_CONTACT_STATE_MAX] = {0};
    demc_contact_heat_result h;
    d.normal = DEMC_NORMAL_JKR;
    d.end = DEMC_CONTACT_END_OVERLAP;
    d.work_of_adhesion = w;
    d.max_effective_radius = r;
    d.moduli.effective_modulus = estar;
    d.moduli.effective_shear_modulus = 1.4e10;
    d.restitution = 0.9;
    d.heat = heat_static(k, k);
    CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
    CHECK(delta < 0 && -delta < demc_contact_model_range(&m));
    f = demc_contact_frame_sphere_sphere(&m, &bi, &bj); /* touching: the neck forms */
    (void)heat_of(&m, &f, 300, 400, state, NULL);
    bj.position.x = 2 * r - delta; /* pulled apart within the neck's reach */
    f = demc_contact_frame_sphere_sphere(&m, &bi, &bj);
    h = heat_of(&m, &f, 300, 400, state, NULL);
    CHECK(f.overlap < 0);
    CHECK_REL(h.contact_radius, a, 1e-7); /* δ from the centres carries ~1e-21 m on |δ| ~ 1e-9 m */
    CHECK_REL(h.conduction, 2 * k * a * 100, 1e-7);
}

/* ---- a chain of N spheres between two walls, through the model ---------------------------------------------- */

#define CHAIN 10

typedef struct chain {
    demc_contact_model m;
    demc_body b[CHAIN];
    demc_wall left, right;
    double state[CHAIN + 1][DEMC_CONTACT_STATE_MAX];
} chain;

/* Spheres of radius R along x, overlap δ between neighbours and δ/2 with the walls: the wall contact (R* = R) then
 * has the contact radius √(R δ/2) of a sphere contact (R* = R/2), and with the wall's conductivity equal to the
 * spheres' every contact has the same H = 2 k a: the chain's matrix is H times the Dirichlet Laplacian. */
static void chain_build(chain *c, double r, double d, double k)
{
    int n;
    memset(c, 0, sizeof *c);
    c->m = heat_model(heat_static(k, k), 0.9, 0.3);
    for (n = 0; n < CHAIN; ++n) c->b[n] = sphere_at(r - d / 2 + n * (2 * r - d), 0, 0, r);
    c->left.normal = demc_vec3_make(1, 0, 0);
    c->right.normal = demc_vec3_make(-1, 0, 0);
    c->right.point = demc_vec3_make(c->b[CHAIN - 1].position.x + r - d / 2, 0, 0);
}

/* The heat flow into each sphere from the model's contacts (frame, evaluation, heat), the walls at tw1, tw2; the
 * flow through the left wall's contact returned in *wall_flow. */
static void chain_flows(chain *c, const double *t, double tw1, double tw2, double *q, double *wall_flow)
{
    demc_contact_frame f;
    demc_contact_heat_result h;
    int n;
    for (n = 0; n < CHAIN; ++n) q[n] = 0;
    f = demc_contact_frame_sphere_wall(&c->m, &c->b[0], &c->left);
    h = heat_of(&c->m, &f, t[0], tw1, c->state[0], NULL);
    q[0] += h.heat_flow_i;
    *wall_flow = h.heat_flow_i;
    for (n = 0; n + 1 < CHAIN; ++n) {
        f = demc_contact_frame_sphere_sphere(&c->m, &c->b[n], &c->b[n + 1]);
        h = heat_of(&c->m, &f, t[n], t[n + 1], c->state[n + 1], NULL);
        q[n] += h.heat_flow_i;
        q[n + 1] += h.heat_flow_j;
    }
    f = demc_contact_frame_sphere_wall(&c->m, &c->b[CHAIN - 1], &c->right);
    h = heat_of(&c->m, &f, t[CHAIN - 1], tw2, c->state[CHAIN], NULL);
    q[CHAIN - 1] += h.heat_flow_i;
}

static void chain_step(chain *c, double *t, double tw1, double tw2, double mc, double dt, double *wall_flow)
{
    double q[CHAIN];
    int n;
    chain_flows(c, t, tw1, tw2, q, wall_flow);
    for (n = 0; n < CHAIN; ++n) t[n] += dt / mc * q[n];
}

static void chain_between_two_walls(void)
{
    static chain c;
    const double r = 1e-3, d = 1e-6, k = 1.0, mc = 2e-3, tw1 = 400, tw2 = 300;
    const double h = 2 * k * sqrt(r / 2 * d); /* every contact's H, closed form */
    const double lambda_max = h / mc * (2 + 2 * cos(pi / (CHAIN + 1)));
    double t[CHAIN], t0[CHAIN], coef[CHAIN], steady[CHAIN], dt = 0, flow = 0, worst = 0, sum_h;
    int n, s, kk;
    chain_build(&c, r, d, k);
    /* the thermal step of a particle with two contacts: m c/(2H) */
    {
        demc_contact_frame f = demc_contact_frame_sphere_sphere(&c.m, &c.b[0], &c.b[1]);
        double st[DEMC_CONTACT_STATE_MAX] = {0};
        sum_h = 2 * heat_of(&c.m, &f, 0, 0, st, NULL).conductance;
        CHECK_REL(sum_h, 2 * h, 1e-10);
        CHECK(demc_heat_timestep(mc, sum_h, &dt, NULL) == DEMC_OK);
        CHECK_REL(dt, mc / (2 * h), 1e-10);
    }
    /* steady state: the series conductance H/(N+1) carries (T1 − T2) H/(N+1); the profile is linear */
    for (n = 0; n < CHAIN; ++n) t[n] = 350 + 20 * sin(3.0 * n); /* not a mode */
    memcpy(t0, t, sizeof t);
    for (s = 0; s < 3000; ++s) chain_step(&c, t, tw1, tw2, mc, dt, &flow);
    CHECK_REL(flow, h / (CHAIN + 1) * (tw1 - tw2), 1e-9);
    printf("  chain: steady flow %.12e W, series conductance's %.12e W\n", flow, h / (CHAIN + 1) * (tw1 - tw2));
    for (n = 0; n < CHAIN; ++n) {
        steady[n] = tw1 + (tw2 - tw1) * (n + 1) / (CHAIN + 1);
        CHECK_REL(t[n], steady[n], 1e-11);
    }
    /* transient: T(s) = T_steady + Σ_k c_k (1 − Δt λ_k)^s sin((i+1)kπ/(N+1)), λ_k = (H/mc)(2 − 2cos(kπ/(N+1))) */
    for (kk = 1; kk <= CHAIN; ++kk) {
        double sum = 0;
        for (n = 0; n < CHAIN; ++n) sum += (t0[n] - steady[n]) * sin((n + 1) * kk * pi / (CHAIN + 1));
        coef[kk - 1] = 2.0 / (CHAIN + 1) * sum;
    }
    memcpy(t, t0, sizeof t);
    for (s = 1; s <= 60; ++s) {
        chain_step(&c, t, tw1, tw2, mc, dt, &flow);
        for (n = 0; n < CHAIN; ++n) {
            double ref = steady[n];
            for (kk = 1; kk <= CHAIN; ++kk) {
                const double lambda = h / mc * (2 - 2 * cos(kk * pi / (CHAIN + 1)));
                ref += coef[kk - 1] * pow(1 - dt * lambda, s) * sin((n + 1) * kk * pi / (CHAIN + 1));
            }
            if (fabs(t[n] - ref) > worst) worst = fabs(t[n] - ref);
        }
    }
    CHECK(worst < 1e-9); /* kelvin, on temperatures of 300-400 K */
    printf("  chain: transient against the eigenmodes: worst %.2e K over 60 steps\n", worst);
    /* stability: at demc_heat_timestep() every step is a convex combination (no overshoot, the deviation from
     * the steady state decays); 3 % above it the step passes 2/λ_max (2 % above for N = 10) and the highest mode
     * grows */
    CHECK(2 / lambda_max > dt && 2 / lambda_max < 1.03 * dt);
    {
        const double dts[2] = {dt, 1.03 * dt};
        int which;
        for (which = 0; which < 2; ++which) {
            double dev0 = 0, dev = 0;
            memcpy(t, t0, sizeof t);
            for (n = 0; n < CHAIN; ++n) dev0 = fmax(dev0, fabs(t[n] - steady[n]));
            for (s = 0; s < 1500; ++s) chain_step(&c, t, tw1, tw2, mc, dts[which], &flow);
            for (n = 0; n < CHAIN; ++n) dev = fmax(dev, fabs(t[n] - steady[n]));
            if (which == 0) CHECK(dev < 1e-6 * dev0);
            else CHECK(!(dev < 1e3 * dev0)); /* grown by ~1.018^1500 ≈ 1e11 (or overflowed) */
        }
    }
}

/* ---- frictional heating: the dissipated energy, step by step ------------------------------------------------- */

static double diag_dissipation(const demc_contact_diag *g)
{
    return g->viscous_dissipation + g->friction_dissipation + g->plastic_dissipation + g->adhesion_dissipation +
           g->rolling_dissipation + g->twisting_dissipation;
}

static double diag_exchange(const demc_contact_diag *g)
{
    return g->tangential_exchange + g->rolling_exchange + g->twisting_exchange;
}

static void oblique_impact_heat_is_the_dissipation(void)
{
    demc_contact_heat_def hd = heat_static(1.0, 45.0);
    demc_contact_model m;
    const double r = 1e-3, dt = 2e-9;
    demc_body b = sphere_at(0, 0, r + 1e-7, r);
    demc_wall wall;
    double state[DEMC_CONTACT_STATE_MAX] = {0};
    double ke0, ke1, inertia, heat = 0, dissipated = 0, exchange = 0, worst = 0, frac_worst = 0;
    int s, steps_in_contact = 0, slid = 0;
    hd.partition = DEMC_HEAT_PARTITION_FRACTION;
    hd.fraction_i = 0.3;
    m = heat_model(hd, 0.7, 0.3);
    memset(&wall, 0, sizeof wall);
    wall.normal = demc_vec3_make(0, 0, 1);
    b.velocity = demc_vec3_make(1.5, 0, -1.0);
    b.angular_velocity = demc_vec3_make(0, 800, 0);
    inertia = 0.4 * b.mass * r * r;
    ke0 = 0.5 * b.mass * demc_vec3_norm2(b.velocity) + 0.5 * inertia * demc_vec3_norm2(b.angular_velocity);
    for (s = 0; s < 200000; ++s) {
        demc_contact_diag g = DEMC_CONTACT_DIAG_INIT;
        const demc_contact_frame f = demc_contact_frame_sphere_wall(&m, &b, &wall);
        const demc_contact_result res = demc_contact_eval(&m, &f, dt, state, &g);
        const demc_contact_heat_result h = demc_contact_heat(&m, &f, &res, &g, 300, 300, dt, state);
        const double d = diag_dissipation(&g), delivered = (h.friction_i + h.friction_j) * dt;
        if (f.overlap > 0) ++steps_in_contact;
        slid += g.sliding;
        /* the shares sum to D/Δt exactly; times Δt, D to a rounding or two */
        CHECK(h.friction_i + h.friction_j == d / dt);
        if (d > 0) worst = fmax(worst, fabs(delivered - d) / d);
        if (d > 0) frac_worst = fmax(frac_worst, fabs(h.friction_i / (h.friction_i + h.friction_j) - 0.3));
        heat += delivered;
        dissipated += d;
        exchange += diag_exchange(&g);
        /* symplectic Euler */
        b.velocity = demc_vec3_add_scaled(b.velocity, dt / b.mass, res.force);
        b.angular_velocity = demc_vec3_add_scaled(b.angular_velocity, dt / inertia, res.torque_i);
        b.position = demc_vec3_add_scaled(b.position, dt, b.velocity);
        if (steps_in_contact > 0 && f.overlap <= 0 && b.velocity.z > 0) break;
    }
    ke1 = 0.5 * b.mass * demc_vec3_norm2(b.velocity) + 0.5 * inertia * demc_vec3_norm2(b.angular_velocity);
    CHECK(steps_in_contact > 1000 && slid > 10);
    CHECK(worst <= 3 * DBL_EPSILON);
    CHECK(frac_worst < 1e-15);
    CHECK_REL(heat, dissipated, 1e-13);
    /* the kinetic energy lost is the heat and the springs' exchange, up to the integration's error */
    CHECK_REL(ke0 - ke1, heat + exchange, 5e-4); /* measured 9.7e-5 at this Δt */
    printf("  oblique impact: %d steps in contact (%d sliding), KE lost %.9e J, heat %.9e J + exchange %.3e J "
           "(rel. diff %.2e), worst step %.2e\n",
           steps_in_contact, slid, ke0 - ke1, heat, exchange, fabs(ke0 - ke1 - heat - exchange) / (ke0 - ke1),
           worst);
}

static void sliding_contact_heat_is_mu_fn_v(void)
{
    /* a sphere held at overlap δ on a wall, dragged at v: once it slides, the power μ F_n v, split by effusivity */
    demc_contact_heat_def hd = heat_static(1.0, 45.0);
    demc_contact_model m;
    const double r = 1e-3, d = 2e-6, v = 0.05, dt = 1e-7, mu = 0.4, e_i = 1449.0, e_j = 13018.0;
    const double fn = 4.0 / 3.0 * 3.8e10 * sqrt(r) * d * sqrt(d);
    demc_body b = sphere_at(0, 0, r - d, r);
    demc_wall wall;
    double state[DEMC_CONTACT_STATE_MAX] = {0}, worst = 0;
    int s, sliding_steps = 0, was_sliding = 0;
    hd.partition = DEMC_HEAT_PARTITION_EFFUSIVITY;
    hd.effusivity_i = e_i;
    hd.effusivity_j = e_j;
    m = heat_model(hd, 0.8, mu);
    memset(&wall, 0, sizeof wall);
    wall.normal = demc_vec3_make(0, 0, 1);
    b.velocity = demc_vec3_make(v, 0, 0);
    for (s = 0; s < 2000; ++s) {
        demc_contact_diag g = DEMC_CONTACT_DIAG_INIT;
        const demc_contact_frame f = demc_contact_frame_sphere_wall(&m, &b, &wall);
        const demc_contact_result res = demc_contact_eval(&m, &f, dt, state, &g);
        const demc_contact_heat_result h = demc_contact_heat(&m, &f, &res, &g, 300, 300, dt, state);
        /* in steady sliding (the spring's elastic part, which charges while the dashpot's share decays after slip
         * begins, settled: ~40 steps here) all of the tangential work is heat */
        if (g.sliding && was_sliding && s >= 1000) {
            ++sliding_steps;
            worst = fmax(worst, fabs((h.friction_i + h.friction_j) / (mu * fn * v) - 1));
            CHECK_REL(h.friction_i / (h.friction_i + h.friction_j), e_i / (e_i + e_j), 1e-14);
        }
        CHECK(h.conduction == 0); /* equal temperatures */
        was_sliding = g.sliding;
        b.position = demc_vec3_add_scaled(b.position, dt, b.velocity);
    }
    CHECK(sliding_steps == 1000);
    CHECK(worst < 1e-12);
    printf("  sliding: %d steps sliding, heat / (mu F_n v) - 1 at worst %.2e\n", sliding_steps, worst);
}

/* ---- collisional conduction over an impact ------------------------------------------------------------------- */

static void collisional_conduction_of_an_impact(void)
{
    /* an elastic, frictionless impact of a sphere on a wall: HM+D with e = 1 (no dashpot), μ = 0 */
    const double r = 1e-3, v = 0.5, e_i = 1449.0, e_j = 13018.0, ti = 300, tj = 500;
    const double estar = 3.8e10, c_const = 0.87092555173802570; /* C: ERRATA #32 and the heat page */
    demc_contact_heat_def hd = heat_none();
    demc_contact_model m;
    demc_body b = sphere_at(0, 0, r + 1e-8, r);
    demc_wall wall;
    double state[DEMC_CONTACT_STATE_MAX] = {0}, heat = 0, a_rec = 0, tau_rec = 0, a_seen = 0;
    double delta_max, a_max, t_c, q_ref, q_rec, dt;
    size_t size;
    int s, steps = 0;
    hd.law = DEMC_HEAT_COLLISION;
    hd.effusivity_i = e_i;
    hd.effusivity_j = e_j;
    m = heat_model(hd, 1.0, 0.0);
    size = demc_contact_model_state_size(&m);
    CHECK(size == 9 + 2); /* HM+D's 9 doubles, then the heat block */
    memset(&wall, 0, sizeof wall);
    wall.normal = demc_vec3_make(0, 0, 1);
    b.velocity = demc_vec3_make(0, 0, -v);
    /* Hertz impact (m* = m, R* = R): δ_max = (15 m v²/(16 E* √R))^{2/5}; t_c = 2 (δ_max/v) ∫₀¹ (1 − x^{5/2})^{−1/2}
     * dx, the integral (2/5) B(2/5, 1/2) */
    delta_max = pow(15 * b.mass * v * v / (16 * estar * sqrt(r)), 0.4);
    a_max = sqrt(r * delta_max);
    t_c = 2 * delta_max / v * 0.4 * tgamma(0.4) * sqrt(pi) / tgamma(0.9);
    dt = t_c / 5000;
    q_ref = c_const * pi * a_max * a_max * sqrt(t_c) * (tj - ti) / (1 / e_i + 1 / e_j);
    for (s = 0; s < 20000; ++s) {
        const demc_contact_frame f = demc_contact_frame_sphere_wall(&m, &b, &wall);
        const demc_contact_result res = demc_contact_eval(&m, &f, dt, state, NULL);
        const demc_contact_heat_result h = demc_contact_heat(&m, &f, &res, NULL, ti, tj, dt, state);
        heat += h.conduction * dt;
        if (f.overlap > 0) {
            ++steps;
            a_seen = fmax(a_seen, sqrt(r * f.overlap));
            a_rec = state[size - 2]; /* the appended block: a_max and τ so far */
            tau_rec = state[size - 1];
        } else if (steps > 0) {
            CHECK(state[size - 2] == 0 && state[size - 1] == 0); /* reset at the end of the contact */
            break;
        }
        b.velocity = demc_vec3_add_scaled(b.velocity, dt / b.mass, res.force);
        b.position = demc_vec3_add_scaled(b.position, dt, b.velocity);
    }
    q_rec = c_const * pi * a_rec * a_rec * sqrt(tau_rec) * (tj - ti) / (1 / e_i + 1 / e_j);
    CHECK(a_rec == a_seen);
    CHECK_REL(tau_rec, steps * dt, 1e-12);
    CHECK_REL(heat, q_rec, 1e-12); /* the steps' increments sum to the closed form of the contact's own history */
    CHECK_REL(heat, q_ref, 1e-5);  /* and that history is the Hertz impact's (measured 6.4e-9 at t_c/5000) */
    printf("  collision: %d steps, heat %.9e J, closed form of the impact %.9e J (rel. %.2e), of the recorded "
           "a_max, tau %.9e J\n",
           steps, heat, q_ref, fabs(heat / q_ref - 1), q_rec);
    {
        /* The same impact with the MDR tangential law: the heat block comes after the MDR springs (the last block),
         * is kept under the swap, and, head-on (no tangential motion: the same normal force), the heat is the same
         * bit for bit. */
        demc_contact_def def = demc_contact_def_default(), plain;
        demc_contact_model mdr, mdr_heat;
        double state2[DEMC_CONTACT_STATE_MAX] = {0}, heat2 = 0;
        size_t k, size_mdr;
        int in_contact = 0, swapped = 0;
        const char *bad = "x";
        def.moduli.effective_modulus = 3.8e10;
        def.moduli.effective_shear_modulus = 1.4e10;
        def.restitution = 1.0;
        def.friction.mu_static = def.friction.mu_dynamic = 0.3;
        def.tangential = DEMC_TANGENTIAL_MDR;
        def.mdr_springs = 8;
        plain = def;
        CHECK(demc_contact_model_init(&plain, &mdr, &bad) == DEMC_OK && bad == NULL);
        def.heat = hd;
        CHECK(demc_contact_model_init(&def, &mdr_heat, &bad) == DEMC_OK && bad == NULL);
        size_mdr = demc_contact_model_state_size(&mdr);
        CHECK(demc_contact_model_state_size(&mdr_heat) == size_mdr + 2);
        for (k = 0; k < size_mdr; ++k) CHECK(demc_contact_state_flips(&mdr_heat, k) == demc_contact_state_flips(&mdr, k));
        CHECK(demc_contact_state_flips(&mdr_heat, size_mdr) == 0 && demc_contact_state_flips(&mdr_heat, size_mdr + 1) == 0);
        b = sphere_at(0, 0, r + 1e-8, r);
        b.velocity = demc_vec3_make(0, 0, -v);
        for (s = 0; s < 20000; ++s) {
            const demc_contact_frame f = demc_contact_frame_sphere_wall(&mdr_heat, &b, &wall);
            const demc_contact_result res = demc_contact_eval(&mdr_heat, &f, dt, state2, NULL);
            const demc_contact_heat_result h = demc_contact_heat(&mdr_heat, &f, &res, NULL, ti, tj, dt, state2);
            heat2 += h.conduction * dt;
            if (f.overlap > 0 && ++in_contact == steps / 2) { /* mid-contact: the heat's block; the swap keeps it */
                const double a_mid = state2[size_mdr], tau_mid = state2[size_mdr + 1];
                CHECK(a_mid > 0 && tau_mid > 0);
                demc_contact_state_swap(&mdr_heat, state2);
                CHECK(state2[size_mdr] == a_mid && state2[size_mdr + 1] == tau_mid);
                demc_contact_state_swap(&mdr_heat, state2);
                swapped = 1;
            }
            if (!(f.overlap > 0) && in_contact > 0) break;
            b.velocity = demc_vec3_add_scaled(b.velocity, dt / b.mass, res.force);
            b.position = demc_vec3_add_scaled(b.position, dt, b.velocity);
        }
        CHECK(swapped && in_contact == steps);
        CHECK(heat2 == heat);
    }
}

/* ---- the batch: bit for bit the single calls summed in order ------------------------------------------------- */

#define NB 9

static void batch_sums_are_the_single_calls(void)
{
    demc_contact_heat_def kinds[2];
    int which;
    kinds[0] = heat_static(1.0, 3.0);
    kinds[1] = heat_none();
    kinds[1].law = DEMC_HEAT_COLLISION;
    kinds[1].effusivity_i = 1449.0;
    kinds[1].effusivity_j = 13018.0;
    for (which = 0; which < 2; ++which) {
        const demc_contact_model m = heat_model(kinds[which], 0.8, 0.3);
        const size_t ss = demc_contact_model_state_size(&m);
        double x[NB][3], vel[NB][3], w[NB][3], rad[NB], mass[NB], temp[NB], flow[NB], ref_flow[NB];
        double bt[4] = {280.0, 420.0, 510.0, 330.0};
        double st[64][40], ref_st[64][40], force[64][3], ref_force[64][3];
        int ii[64], jj[64];
        size_t q, nq = 0;
        int p, k, step, kind_of_batch;
        for (p = 0; p < NB; ++p) {
            rad[p] = 1e-3 * (1 + 0.1 * p);
            x[p][0] = 1.9e-3 * p + 1e-4 * sin(p);
            x[p][1] = 2e-4 * cos(3.0 * p);
            x[p][2] = rad[p] - 2e-6 * (p % 3); /* over a wall at z = 0: some touch it */
            for (k = 0; k < 3; ++k) {
                vel[p][k] = 0.01 * sin(p + 2.0 * k);
                w[p][k] = 5.0 * cos(p + k);
            }
            mass[p] = 2500.0 * 4.0 / 3.0 * pi * rad[p] * rad[p] * rad[p];
            temp[p] = 300.0 + 17.0 * p;
        }
        for (p = 0; p < NB; ++p)
            for (k = p + 1; k < NB && nq < 64; ++k) {
                ii[nq] = p;
                jj[nq] = k;
                ++nq;
            }
        CHECK(ss <= 40);
        /* 0: spheres, 1: a wall, 2: facets (two triangles of the plane z = 0); conduction only, then with the
         * frictional heat (the single calls with a diag) */
        for (kind_of_batch = 0; kind_of_batch < 6; ++kind_of_batch) {
            const int friction = kind_of_batch >= 3, geometry = kind_of_batch % 3;
            demc_facet_triangle tri[2];
            demc_facet_contact fcs[64];
            demc_wall wall;
            const size_t n = geometry == 0 ? nq : NB;
            int touching = 0, heated = 0;
            memset(&wall, 0, sizeof wall);
            wall.normal = demc_vec3_make(0, 0, 1);
            memset(tri, 0, sizeof tri);
            tri[0].vertex[0] = demc_vec3_make(-1, -1, 0);
            tri[0].vertex[1] = demc_vec3_make(1, -1, 0);
            tri[0].vertex[2] = demc_vec3_make(1, 1, 0);
            tri[1].vertex[0] = demc_vec3_make(-1, -1, 0);
            tri[1].vertex[1] = demc_vec3_make(1, 1, 0);
            tri[1].vertex[2] = demc_vec3_make(-1, 1, 0);
            if (geometry > 0)
                for (q = 0; q < n; ++q) {
                    ii[q] = (int)q;
                    jj[q] = (int)(q % 2);
                }
            memset(st, 0, sizeof st);
            memset(ref_st, 0, sizeof ref_st);
            /* the collisional law's memory (its block last in the state) of an impact before: the pairs apart must
             * forget it, as demc_contact_heat() makes them at a = 0 */
            for (q = 0; which == 1 && q < n; ++q) {
                st[q][ss - 2] = ref_st[q][ss - 2] = 2e-5;
                st[q][ss - 1] = ref_st[q][ss - 1] = 3e-6;
            }
            for (p = 0; p < NB; ++p) flow[p] = ref_flow[p] = 0.0;
            for (step = 0; step < 3; ++step) {
                demc_contact_batch batch = DEMC_CONTACT_BATCH_INIT;
                const char *bad = "x";
                demc_status status;
                for (q = 0; geometry == 2 && q < n; ++q) {
                    const demc_vec3 c = demc_vec3_make(x[ii[q]][0], x[ii[q]][1], x[ii[q]][2]);
                    fcs[q] = demc_facet_closest_point(&tri[jj[q]], c);
                }
                batch.count = n;
                batch.i = ii;
                batch.j = jj;
                batch.position = &x[0][0];
                batch.velocity = &vel[0][0];
                batch.angular_velocity = &w[0][0];
                batch.radius = rad;
                batch.mass = mass;
                batch.vector_stride = 3;
                batch.scalar_stride = 1;
                batch.state = &st[0][0];
                batch.state_stride = 40;
                batch.force = &force[0][0];
                batch.temperature = temp;
                batch.heat_flow = flow;
                batch.boundary_temperature = bt;
                batch.frictional_heat = friction;
                status = geometry == 0 ? demc_contact_eval_batch(&m, &batch, 1e-6, &bad)
                         : geometry == 1 ? demc_contact_eval_batch_wall(&m, &batch, &wall, 1e-6, &bad)
                                              : demc_contact_eval_batch_facet(&m, &batch, tri, fcs, 1e-6, NULL, &bad);
                CHECK(status == DEMC_OK && bad == NULL);
                for (q = 0; q < n; ++q) {
                    demc_body bi, bj;
                    demc_contact_frame f;
                    demc_contact_result r;
                    demc_contact_heat_result h;
                    demc_contact_diag diag = DEMC_CONTACT_DIAG_INIT;
                    memset(&bi, 0, sizeof bi);
                    bi.position = demc_vec3_make(x[ii[q]][0], x[ii[q]][1], x[ii[q]][2]);
                    bi.velocity = demc_vec3_make(vel[ii[q]][0], vel[ii[q]][1], vel[ii[q]][2]);
                    bi.angular_velocity = demc_vec3_make(w[ii[q]][0], w[ii[q]][1], w[ii[q]][2]);
                    bi.radius = rad[ii[q]];
                    bi.mass = mass[ii[q]];
                    bj = bi;
                    if (geometry == 0) {
                        bj.position = demc_vec3_make(x[jj[q]][0], x[jj[q]][1], x[jj[q]][2]);
                        bj.velocity = demc_vec3_make(vel[jj[q]][0], vel[jj[q]][1], vel[jj[q]][2]);
                        bj.angular_velocity = demc_vec3_make(w[jj[q]][0], w[jj[q]][1], w[jj[q]][2]);
                        bj.radius = rad[jj[q]];
                        bj.mass = mass[jj[q]];
                        f = demc_contact_frame_sphere_sphere(&m, &bi, &bj);
                    } else if (geometry == 1) {
                        f = demc_contact_frame_sphere_wall(&m, &bi, &wall);
                    } else {
                        f = demc_contact_frame_sphere_facet(&m, &bi, &tri[jj[q]], &fcs[q]);
                    }
                    r = demc_contact_eval(&m, &f, 1e-6, ref_st[q], friction ? &diag : NULL);
                    h = demc_contact_heat(&m, &f, &r, friction ? &diag : NULL, temp[ii[q]],
                                          geometry == 0   ? temp[jj[q]]
                                          : geometry == 1 ? bt[0]
                                                               : bt[jj[q]],
                                          1e-6, ref_st[q]);
                    ref_flow[ii[q]] += h.heat_flow_i;
                    if (geometry == 0) ref_flow[jj[q]] += h.heat_flow_j;
                    ref_force[q][0] = r.force.x;
                    ref_force[q][1] = r.force.y;
                    ref_force[q][2] = r.force.z;
                    touching += f.overlap > 0;
                    heated += friction && h.friction_i > 0.0;
                }
                CHECK(memcmp(force, ref_force, n * sizeof force[0]) == 0);
                CHECK(memcmp(st, ref_st, sizeof st) == 0);
                CHECK(memcmp(flow, ref_flow, sizeof flow) == 0);
                /* the spheres creep so that the collisional memory evolves */
                for (p = 0; p < NB; ++p) x[p][2] -= 1e-7;
            }
            CHECK(touching > 3);
            CHECK(!friction || heated > 3);
            for (p = 0; p < NB; ++p) x[p][2] += 3e-7;
        }
    }
}

/* A 1.0 host (its batch and its description shorter) sees 1.0's results; a model without heat keeps its kind, its
 * state size and its evaluation; a batch without temperatures adds nothing. */
static void a_host_that_never_asks_for_heat(void)
{
    demc_contact_def d = demc_contact_def_default();
    demc_contact_model plain, heated, collision, old;
    const demc_body bi = sphere_at(0, 0, 0, 1e-3), bj = sphere_at(2e-3 - 1e-6, 0, 0, 1e-3);
    demc_contact_heat_def hc = heat_none();
    double st[DEMC_CONTACT_STATE_MAX] = {0};
    d.moduli.effective_modulus = 3.8e10;
    d.moduli.effective_shear_modulus = 1.4e10;
    CHECK(demc_contact_model_init(&d, &plain, NULL) == DEMC_OK);
    d.heat = heat_static(1, 2);
    CHECK(demc_contact_model_init(&d, &heated, NULL) == DEMC_OK);
    hc.law = DEMC_HEAT_COLLISION;
    hc.effusivity_i = hc.effusivity_j = 1000;
    d.heat = hc;
    CHECK(demc_contact_model_init(&d, &collision, NULL) == DEMC_OK);
    CHECK(demc_contact_model_kind(&heated) == demc_contact_model_kind(&plain));
    CHECK(demc_contact_model_kind(&collision) == demc_contact_model_kind(&plain));
    CHECK(demc_contact_model_state_size(&heated) == demc_contact_model_state_size(&plain));
    CHECK(demc_contact_model_state_size(&collision) == demc_contact_model_state_size(&plain) + 2);
    CHECK(demc_contact_model_state_size(&plain) == 9); /* HM+D's, as in 1.0 */
    CHECK(demc_contact_state_flips(&collision, 9) == 0 && demc_contact_state_flips(&collision, 10) == 0);
    /* a 1.0 description: its size ends before the heat slot, whatever the bytes past it hold */
    d.size = DEMC_CONTACT_DEF_SIZE_1_0;
    d.heat = heat_static(-1, -1); /* past the caller's size: not read */
    CHECK(demc_contact_model_init(&d, &old, NULL) == DEMC_OK);
    CHECK(memcmp(&old, &plain, sizeof old) == 0);
    {
        const demc_contact_frame f = demc_contact_frame_sphere_sphere(&old, &bi, &bj);
        const demc_contact_heat_result h = heat_of(&old, &f, 300, 400, st, NULL);
        CHECK(h.heat_flow_i == 0 && h.heat_flow_j == 0 && h.conductance == 0 && h.contact_radius == 0);
    }
    {
        /* the same contacts through a 1.0-sized batch and a 1.1 batch without temperatures, with and without a
         * heat law in the model: identical outputs, no heat array touched */
        double x[2][3] = {{0, 0, 0}, {2e-3 - 1e-6, 0, 0}}, v[2][3] = {{0.1, 0, 0}, {0, 0, 0}}, w[2][3] = {{0}};
        double rad[2] = {1e-3, 1e-3}, mass[2] = {1e-5, 1e-5}, temp[2] = {300, 400}, flow[2] = {7, 7};
        double s1[16] = {0}, s2[16] = {0}, f1[3], f2[3];
        int i0 = 0, j1 = 1;
        demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
        b.count = 1;
        b.i = &i0;
        b.j = &j1;
        b.position = &x[0][0];
        b.velocity = &v[0][0];
        b.angular_velocity = &w[0][0];
        b.radius = rad;
        b.mass = mass;
        b.vector_stride = 3;
        b.scalar_stride = 1;
        b.state_stride = 16;
        b.state = s1;
        b.force = f1;
        CHECK(demc_contact_eval_batch(&plain, &b, 1e-6, NULL) == DEMC_OK);
        b.state = s2;
        b.force = f2;
        b.temperature = temp; /* set, but a 1.0 caller's size does not cover it */
        b.heat_flow = flow;
        b.size = DEMC_CONTACT_BATCH_SIZE_1_0;
        CHECK(demc_contact_eval_batch(&heated, &b, 1e-6, NULL) == DEMC_OK);
        CHECK(memcmp(f1, f2, sizeof f1) == 0 && memcmp(s1, s2, sizeof s1) == 0);
        CHECK(flow[0] == 7 && flow[1] == 7);
        /* a model without heat law ignores the arrays */
        b.size = sizeof b;
        CHECK(demc_contact_eval_batch(&plain, &b, 1e-6, NULL) == DEMC_OK);
        CHECK(flow[0] == 7 && flow[1] == 7);
        /* with a heat law they are accumulated: into i H (T_j − T_i), into j the opposite */
        CHECK(demc_contact_eval_batch(&heated, &b, 1e-6, NULL) == DEMC_OK);
        CHECK(flow[0] > 7 && flow[1] < 7 && flow[0] - 7 == 7 - flow[1]);
    }
}

/* ---- bad input ------------------------------------------------------------------------------------------------ */

static void bad_input_named(void)
{
    struct {
        const char *field;
        demc_status status;
    } cases[] = {{"def.heat.law", DEMC_ERR_INVALID_ARGUMENT},
                 {"def.heat.law", DEMC_ERR_UNSUPPORTED},
                 {"def.heat.partition", DEMC_ERR_UNSUPPORTED},
                 {"def.heat.conductivity_i", DEMC_ERR_OUT_OF_DOMAIN},
                 {"def.heat.conductivity_j", DEMC_ERR_INVALID_ARGUMENT},
                 {"def.heat.conductivity", DEMC_ERR_OUT_OF_DOMAIN},
                 {"def.heat.transfer_coefficient", DEMC_ERR_OUT_OF_DOMAIN},
                 {"def.heat.effusivity_i", DEMC_ERR_OUT_OF_DOMAIN},
                 {"def.heat.effusivity_j", DEMC_ERR_INVALID_ARGUMENT},
                 {"def.heat.fraction_i", DEMC_ERR_OUT_OF_DOMAIN},
                 {"def.heat.effusivity_j", DEMC_ERR_OUT_OF_DOMAIN},
                 {"def.heat.effusivity_i", DEMC_ERR_SINGULAR}};
    size_t c;
    for (c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        demc_contact_def d = demc_contact_def_default();
        demc_contact_model m, before;
        const char *bad = NULL;
        demc_status s;
        d.moduli.effective_modulus = 3.8e10;
        d.moduli.effective_shear_modulus = 1.4e10;
        d.heat = heat_static(1, 2);
        switch (c) {
        case 0: d.heat.law = (demc_heat_law)-1; break;
        case 1: d.heat.law = (demc_heat_law)4; break;
        case 2: d.heat.partition = (demc_heat_partition_rule)3; break;
        case 3: d.heat.conductivity_i = 0; break;
        case 4: d.heat.conductivity_j = NAN; break;
        case 5: d.heat.conductivity = -1; break;
        case 6:
            d.heat.law = DEMC_HEAT_AREA;
            d.heat.transfer_coefficient = -1;
            break;
        case 7:
            d.heat.law = DEMC_HEAT_COLLISION;
            d.heat.effusivity_j = 1;
            break;
        case 8:
            d.heat.law = DEMC_HEAT_COLLISION;
            d.heat.effusivity_i = 1;
            d.heat.effusivity_j = HUGE_VAL;
            break;
        case 9:
            d.heat.partition = DEMC_HEAT_PARTITION_FRACTION;
            d.heat.fraction_i = 1.5;
            break;
        case 10:
            d.heat.partition = DEMC_HEAT_PARTITION_EFFUSIVITY;
            d.heat.effusivity_i = 1;
            d.heat.effusivity_j = -2;
            break;
        default: /* C e* of two subnormal effusivities underflows to 0: not a usable prefactor */
            d.heat.law = DEMC_HEAT_COLLISION;
            d.heat.effusivity_i = d.heat.effusivity_j = 4.9e-324;
            break;
        }
        memset(&m, 0xA5, sizeof m);
        before = m;
        s = demc_contact_model_init(&d, &m, &bad);
        CHECK(s == cases[c].status && same_name(bad, cases[c].field));
        if (!(s == cases[c].status && same_name(bad, cases[c].field)))
            printf("    case %zu: status %d, bad field %s\n", c, (int)s, bad ? bad : "(null)");
        CHECK(memcmp(&m, &before, sizeof m) == 0); /* a failed init leaves the model untouched */
    }
    {
        /* the heat slot off reads nothing else of it */
        demc_contact_def d = demc_contact_def_default();
        demc_contact_model m;
        d.moduli.effective_modulus = 3.8e10;
        d.moduli.effective_shear_modulus = 1.4e10;
        d.heat.conductivity_i = -5;
        d.heat.partition = (demc_heat_partition_rule)77;
        CHECK(demc_contact_model_init(&d, &m, NULL) == DEMC_OK);
    }
    {
        /* a model this face cannot read: NaN, the state untouched */
        demc_contact_model junk;
        demc_contact_frame f;
        double st[4] = {1, 2, 3, 4};
        demc_contact_heat_result h;
        memset(&junk, 0, sizeof junk);
        memset(&f, 0, sizeof f);
        f.overlap = 1e-6;
        f.effective_radius = 1e-3;
        h = demc_contact_heat(&junk, &f, NULL, NULL, 300, 400, 1e-6, st);
        CHECK(h.heat_flow_i != h.heat_flow_i && h.conductance != h.conductance && st[0] == 1 && st[3] == 4);
    }
    {
        /* the batch's heat arrays: together, and a wall's temperature */
        const demc_contact_model m = heat_model(heat_static(1, 1), 0.9, 0.3);
        double x[3] = {0, 0, 0}, v[3] = {0}, rad[1] = {1e-3}, mass[1] = {1e-5}, temp[1] = {300}, flow[1] = {0};
        double st[16] = {0};
        int i0 = 0;
        demc_wall wall;
        const char *bad = NULL;
        demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
        memset(&wall, 0, sizeof wall);
        wall.normal = demc_vec3_make(0, 0, 1);
        b.count = 1;
        b.i = &i0;
        b.j = &i0;
        b.position = x;
        b.velocity = v;
        b.angular_velocity = v;
        b.radius = rad;
        b.mass = mass;
        b.vector_stride = 3;
        b.scalar_stride = 1;
        b.state = st;
        b.state_stride = 16;
        b.temperature = temp;
        CHECK(demc_contact_eval_batch(&m, &b, 1e-6, &bad) == DEMC_ERR_INVALID_ARGUMENT &&
              same_name(bad, "batch.heat_flow"));
        b.temperature = NULL;
        b.heat_flow = flow;
        CHECK(demc_contact_eval_batch(&m, &b, 1e-6, &bad) == DEMC_ERR_INVALID_ARGUMENT &&
              same_name(bad, "batch.temperature"));
        b.temperature = temp;
        CHECK(demc_contact_eval_batch_wall(&m, &b, &wall, 1e-6, &bad) == DEMC_ERR_INVALID_ARGUMENT &&
              same_name(bad, "batch.boundary_temperature"));
        CHECK(flow[0] == 0 && st[0] == 0); /* nothing written on an error */
    }
}

int main(void)
{
    RUN(two_bodies_at_fixed_temperatures);
    RUN(sphere_wall_and_facet);
    RUN(jkr_neck_conducts_over_its_radius);
    RUN(chain_between_two_walls);
    RUN(oblique_impact_heat_is_the_dissipation);
    RUN(sliding_contact_heat_is_mu_fn_v);
    RUN(collisional_conduction_of_an_impact);
    RUN(batch_sums_are_the_single_calls);
    RUN(a_host_that_never_asks_for_heat);
    RUN(bad_input_named);
    return harness_finish("test_contact_heat");
}
