/* The reference driver of DESIGN §7 (test/ only): see driver.h for the schemes and the reading of each paper. */
#include "driver.h"

#include <float.h>
#include <string.h>

void drv_init(drv_system *s, drv_scheme scheme, double dt, demc_vec3 gravity, drv_law law, void *law_ctx)
{
    memset(s, 0, sizeof *s);
    s->scheme = scheme;
    s->dt = dt;
    s->gravity = gravity;
    s->law = law;
    s->law_ctx = law_ctx;
    s->phi = 0.5;
    s->tol = 1e-12;
    s->max_iter = 100;
}

int drv_add_sphere(drv_system *s, demc_vec3 x, demc_vec3 v, demc_vec3 omega, double radius, double mass,
                   double inertia)
{
    drv_body *b = &s->body[s->n_bodies];
    memset(b, 0, sizeof *b);
    b->x = x;
    b->v = v;
    b->omega = omega;
    b->radius = radius;
    b->mass = mass;
    b->inertia = inertia;
    return s->n_bodies++;
}

int drv_add_wall(drv_system *s, demc_vec3 point, demc_vec3 normal)
{
    s->wall[s->n_walls].point = point;
    s->wall[s->n_walls].normal = normal;
    return s->n_walls++;
}

static void make_pairs(drv_system *s)
{
    int i, j;
    s->n_contacts = 0;
    for (i = 0; i < s->n_bodies; ++i) {
        for (j = i + 1; j < s->n_bodies; ++j) {
            memset(&s->contact[s->n_contacts], 0, sizeof s->contact[0]);
            s->contact[s->n_contacts].i = i;
            s->contact[s->n_contacts++].j = j;
        }
        for (j = 0; j < s->n_walls; ++j) {
            memset(&s->contact[s->n_contacts], 0, sizeof s->contact[0]);
            s->contact[s->n_contacts].i = i;
            s->contact[s->n_contacts++].j = DRV_MAX_BODIES + j;
        }
    }
}

drv_contact *drv_pair(drv_system *s, int i, int j)
{
    int k;
    if (!s->ready) make_pairs(s);
    for (k = 0; k < s->n_contacts; ++k)
        if (s->contact[k].i == i && s->contact[k].j == j) return &s->contact[k];
    return NULL;
}

drv_contact *drv_wall_pair(drv_system *s, int i, int w)
{
    return drv_pair(s, i, DRV_MAX_BODIES + w);
}

static void eval_pair(drv_system *s, drv_contact *c)
{
    const drv_body *bj = c->j < DRV_MAX_BODIES ? &s->body[c->j] : NULL;
    const drv_wall *w = c->j < DRV_MAX_BODIES ? NULL : &s->wall[c->j - DRV_MAX_BODIES];
    memset(&c->trial_out, 0, sizeof c->trial_out);
    s->law(s->law_ctx, &s->body[c->i], bj, w, s->dt, c->state, c->trial, &c->trial_out);
}

/* Gravity plus the trial contact forces on body b. */
static void body_total(drv_system *s, int b)
{
    drv_body *body = &s->body[b];
    int k;
    body->force = demc_vec3_scale(s->gravity, body->mass);
    body->torque = demc_vec3_make(0.0, 0.0, 0.0);
    for (k = 0; k < s->n_contacts; ++k) {
        const drv_contact *c = &s->contact[k];
        if (c->i == b) {
            body->force = demc_vec3_add(body->force, c->trial_out.force_i);
            body->torque = demc_vec3_add(body->torque, c->trial_out.torque_i);
        } else if (c->j == b) {
            body->force = demc_vec3_sub(body->force, c->trial_out.force_i);
            body->torque = demc_vec3_add(body->torque, c->trial_out.torque_j);
        }
    }
}

static void evaluate_all(drv_system *s)
{
    int k;
    for (k = 0; k < s->n_contacts; ++k) eval_pair(s, &s->contact[k]);
    for (k = 0; k < s->n_bodies; ++k) body_total(s, k);
}

/* Gauss–Seidel: only the pairs of body b, with the other bodies' latest iterates. */
static void evaluate_body(drv_system *s, int b)
{
    int k;
    for (k = 0; k < s->n_contacts; ++k)
        if (s->contact[k].i == b || s->contact[k].j == b) eval_pair(s, &s->contact[k]);
    body_total(s, b);
}

static void commit(drv_system *s)
{
    int k;
    for (k = 0; k < s->n_contacts; ++k) {
        drv_contact *c = &s->contact[k];
        memcpy(c->state, c->trial, sizeof c->state);
        c->out = c->trial_out;
        c->dissipated += c->trial_out.dissipated;
    }
}

/* Forces at the initial state, for the first step's a(t); the contact states are not committed. */
static void start(drv_system *s)
{
    int b;
    make_pairs(s);
    s->ready = 1;
    for (b = 0; b < s->n_bodies; ++b) {
        s->body[b].step_velocity = s->body[b].v;
        s->body[b].step_rotation = demc_vec3_make(0.0, 0.0, 0.0);
    }
    evaluate_all(s);
}

static void step_verlet(drv_system *s)
{
    const double h = s->dt;
    int b;
    for (b = 0; b < s->n_bodies; ++b) {
        drv_body *p = &s->body[b];
        p->v = demc_vec3_add_scaled(p->v, 0.5 * h / p->mass, p->force);
        p->omega = demc_vec3_add_scaled(p->omega, 0.5 * h / p->inertia, p->torque);
        p->x = demc_vec3_add_scaled(p->x, h, p->v);
        p->step_velocity = p->v;
        p->step_rotation = demc_rodrigues_increment(p->omega, p->omega, 0.5, h);
        p->alpha = demc_rodrigues_update(p->alpha, p->omega, p->omega, 0.5, h);
    }
    evaluate_all(s); /* at x_{n+1} with the mid-step velocities, as 004 eq 42-44 */
    commit(s);
    for (b = 0; b < s->n_bodies; ++b) {
        drv_body *p = &s->body[b];
        p->v = demc_vec3_add_scaled(p->v, 0.5 * h / p->mass, p->force);
        p->omega = demc_vec3_add_scaled(p->omega, 0.5 * h / p->inertia, p->torque);
    }
}

static void step_newmark_pec(drv_system *s)
{
    const double h = s->dt;
    demc_vec3 v0[DRV_MAX_BODIES], w0[DRV_MAX_BODIES], a0[DRV_MAX_BODIES];
    int b;
    for (b = 0; b < s->n_bodies; ++b) { /* P: eq 53-56, consistent Newmark β = 1/4, γ = 1/2 */
        drv_body *p = &s->body[b];
        demc_vec3 x0 = p->x;
        v0[b] = p->v;
        w0[b] = p->omega;
        a0[b] = p->alpha;
        p->x = demc_vec3_add_scaled(demc_vec3_add_scaled(x0, h, v0[b]), 0.25 * h * h / p->mass, p->force);
        p->v = demc_vec3_add_scaled(v0[b], 0.5 * h / p->mass, p->force);
        p->omega = demc_vec3_add_scaled(w0[b], 0.5 * h / p->inertia, p->torque);
        /* Δt ω + ¼Δt² ω̇ = ½Δt (ω + ω^p): the trapezoidal increment between ω and ω^p. */
        p->step_velocity = demc_vec3_scale(demc_vec3_sub(p->x, x0), 1.0 / h);
        p->step_rotation = demc_rodrigues_increment(w0[b], p->omega, 0.5, h);
        p->alpha = demc_rodrigues_compose(a0[b], p->step_rotation);
    }
    evaluate_all(s); /* E at the predicted state */
    commit(s);
    for (b = 0; b < s->n_bodies; ++b) { /* C: eq 57-60 with M^p(t_m) */
        drv_body *p = &s->body[b];
        p->x = demc_vec3_add_scaled(p->x, 0.25 * h * h / p->mass, p->force);
        p->v = demc_vec3_add_scaled(p->v, 0.5 * h / p->mass, p->force);
        p->omega = demc_vec3_add_scaled(p->omega, 0.5 * h / p->inertia, p->torque);
        p->alpha = demc_rodrigues_update(a0[b], w0[b], p->omega, 0.5, h);
    }
}

/* One term of 001 eq 48-49: Σ‖a^{K+1} − a^K‖ over Σ‖a^{K+1} − a(t)‖, or over Σ‖a^{K+1}‖ where the first
 * denominator "approaches zero": below the level at which a few ulps of rounding in the numerator would exceed
 * the tolerance. */
static double fixed_point_error(double num, double den_change, double den_value, double tol)
{
    if (num == 0.0) return 0.0;
    if (den_change > 64.0 * DBL_EPSILON / tol * den_value) return num / den_change;
    return den_value > 0.0 ? num / den_value : num;
}

static void step_trapezoidal(drv_system *s)
{
    const double h = s->dt, phi = s->phi;
    demc_vec3 x0[DRV_MAX_BODIES], v0[DRV_MAX_BODIES], w0[DRV_MAX_BODIES], r0[DRV_MAX_BODIES];
    demc_vec3 f0[DRV_MAX_BODIES], m0[DRV_MAX_BODIES];
    int b, k;
    for (b = 0; b < s->n_bodies; ++b) { /* start: f(t), m(t) known; guess by forward Euler */
        drv_body *p = &s->body[b];
        x0[b] = p->x;
        v0[b] = p->v;
        w0[b] = p->omega;
        r0[b] = p->alpha;
        f0[b] = p->force;
        m0[b] = p->torque;
        p->v = demc_vec3_add_scaled(v0[b], h / p->mass, f0[b]);
        p->omega = demc_vec3_add_scaled(w0[b], h / p->inertia, m0[b]);
        p->x = demc_vec3_add_scaled(demc_vec3_add_scaled(x0[b], phi * h, p->v), (1.0 - phi) * h, v0[b]);
        p->step_velocity = demc_vec3_scale(demc_vec3_sub(p->x, x0[b]), 1.0 / h);
        p->step_rotation = demc_rodrigues_increment(w0[b], p->omega, phi, h);
        p->alpha = demc_rodrigues_compose(r0[b], p->step_rotation);
    }
    for (k = 1; k <= s->max_iter; ++k) {
        double num[4] = {0, 0, 0, 0}, den[4] = {0, 0, 0, 0}, val[4] = {0, 0, 0, 0}, err = 0.0;
        int q;
        for (b = 0; b < s->n_bodies; ++b) { /* Gauss–Seidel sweep (001 Remark 5): eq 42 and 45 */
            drv_body *p = &s->body[b];
            demc_vec3 xk = p->x, vk = p->v, wk = p->omega, rk = p->step_rotation;
            demc_vec3 f, m;
            evaluate_body(s, b);
            f = demc_vec3_add(demc_vec3_scale(p->force, phi), demc_vec3_scale(f0[b], 1.0 - phi));
            m = demc_vec3_add(demc_vec3_scale(p->torque, phi), demc_vec3_scale(m0[b], 1.0 - phi));
            p->v = demc_vec3_add_scaled(v0[b], h / p->mass, f);
            p->omega = demc_vec3_add_scaled(w0[b], h / p->inertia, m);
            p->x = demc_vec3_add_scaled(demc_vec3_add_scaled(x0[b], phi * h, p->v), (1.0 - phi) * h, v0[b]);
            p->step_velocity = demc_vec3_scale(demc_vec3_sub(p->x, x0[b]), 1.0 / h);
            p->step_rotation = demc_rodrigues_increment(w0[b], p->omega, phi, h);
            p->alpha = demc_rodrigues_compose(r0[b], p->step_rotation);
            num[0] += demc_vec3_norm(demc_vec3_sub(p->x, xk));
            den[0] += demc_vec3_norm(demc_vec3_sub(p->x, x0[b]));
            val[0] += demc_vec3_norm(p->x);
            num[1] += demc_vec3_norm(demc_vec3_sub(p->v, vk));
            den[1] += demc_vec3_norm(demc_vec3_sub(p->v, v0[b]));
            val[1] += demc_vec3_norm(p->v);
            num[2] += demc_vec3_norm(demc_vec3_sub(p->omega, wk));
            den[2] += demc_vec3_norm(demc_vec3_sub(p->omega, w0[b]));
            val[2] += demc_vec3_norm(p->omega);
            num[3] += demc_vec3_norm(demc_vec3_sub(p->step_rotation, rk));
            den[3] += demc_vec3_norm(p->step_rotation); /* α^Δ(t) = 0: eq 48 and 49 coincide */
            val[3] += demc_vec3_norm(p->step_rotation);
        }
        for (q = 0; q < 4; ++q) {
            double e = fixed_point_error(num[q], den[q], val[q], s->tol);
            if (e > err) err = e;
        }
        s->last_iter = k;
        if (err <= s->tol) break;
    }
    s->total_iter += s->last_iter;
    if (s->last_iter >= s->max_iter) ++s->not_converged;
    evaluate_all(s); /* at the converged state: commits the contacts and gives f(t+Δt) */
    commit(s);
}

void drv_step(drv_system *s)
{
    if (!s->ready) start(s);
    if (s->scheme == DRV_VERLET)
        step_verlet(s);
    else if (s->scheme == DRV_NEWMARK_PEC)
        step_newmark_pec(s);
    else
        step_trapezoidal(s);
    s->t += s->dt;
}

double drv_kinetic_energy(const drv_system *s)
{
    double e = 0.0;
    int b;
    for (b = 0; b < s->n_bodies; ++b) {
        const drv_body *p = &s->body[b];
        e += 0.5 * p->mass * demc_vec3_norm2(p->v) + 0.5 * p->inertia * demc_vec3_norm2(p->omega);
    }
    return e;
}

double drv_potential_energy(const drv_system *s)
{
    double e = 0.0;
    int b;
    for (b = 0; b < s->n_bodies; ++b) e -= s->body[b].mass * demc_vec3_dot(s->gravity, s->body[b].x);
    return e;
}

double drv_elastic_energy(const drv_system *s)
{
    double e = 0.0;
    int k;
    for (k = 0; k < s->n_contacts; ++k) e += s->contact[k].out.elastic_energy;
    return e;
}

double drv_dissipated_energy(const drv_system *s)
{
    double e = 0.0;
    int k;
    for (k = 0; k < s->n_contacts; ++k) e += s->contact[k].dissipated;
    return e;
}
