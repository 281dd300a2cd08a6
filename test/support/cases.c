/* Validation cases of issue 9: see cases.h. */
#include "cases.h"

#include <math.h>
#include <string.h>

static const double g_earth = 9.81; /* 001 section 5 */

void campello_law_eval(void *ctx, const drv_body *i, const drv_body *j, const drv_wall *wall, double dt,
                       const double *state_old, double *state_new, drv_contact_out *out)
{
    const campello_law *law = (const campello_law *)ctx;
    const demc_normal_hertz_params *hz = j ? &law->pair_hertz : &law->wall_hertz;
    const double shear = j ? law->pair_shear : law->wall_shear, mu = j ? law->pair_mu : law->wall_mu;
    demc_geometry g = j ? demc_geometry_sphere_sphere(i->x, i->radius, j->x, j->radius)
                        : demc_geometry_sphere_wall(i->x, i->radius, wall->point, wall->normal);
    demc_vec3 s, step, force, ft;
    double r_star, fn, kt, limit, len;
    memset(state_new, 0, 3 * sizeof *state_new);
    out->info[0] = g.overlap;
    if (g.overlap <= 0.0) return;
    /* Δx − Δr of each body's contact point (001 eq 25-29): n_ij of 001 points from i to j, i.e. −normal. */
    step = demc_vec3_sub(demc_vec3_scale(i->step_velocity, dt),
                         demc_rodrigues_rolling_displacement(i->step_rotation, demc_vec3_norm(g.branch_i),
                                                             demc_vec3_neg(g.normal)));
    if (j)
        step = demc_vec3_sub(step, demc_vec3_sub(demc_vec3_scale(j->step_velocity, dt),
                                                 demc_rodrigues_rolling_displacement(
                                                     j->step_rotation, demc_vec3_norm(g.branch_j), g.normal)));
    s = demc_vec3_make(state_old[0], state_old[1], state_old[2]);
    s = demc_vec3_add(demc_vec3_project_plane(s, g.normal), demc_vec3_project_plane(step, g.normal)); /* eq 30 */
    r_star = j ? i->radius * j->radius / (i->radius + j->radius) : i->radius;
    fn = demc_normal_hertz_force(hz, g.overlap);
    kt = 8.0 * shear * sqrt(r_star * g.overlap); /* eq 37 */
    limit = mu * fn;
    len = demc_vec3_norm(s);
    if (kt * len > limit) { /* eq 32-36: return to the limit along s */
        double kept = limit / kt;
        out->dissipated = limit * (len - kept);
        s = demc_vec3_scale(s, kept / len);
        out->info[1] = 1.0;
    }
    ft = demc_vec3_scale(s, -kt); /* opposes the elongation */
    force = demc_vec3_add_scaled(ft, fn, g.normal);
    out->force_i = force;
    out->torque_i = demc_geometry_torque_i(&g, force);
    out->torque_j = demc_geometry_torque_j(&g, force);
    out->elastic_energy = demc_normal_hertz_energy(hz, g.overlap) + 0.5 * kt * demc_vec3_norm2(s);
    out->info[2] = fn;
    out->info[3] = demc_vec3_norm(ft);
    state_new[0] = s.x;
    state_new[1] = s.y;
    state_new[2] = s.z;
}

/* 001 example 5.1 data. */
#define SPIN_R 0.2
#define SPIN_M 1000.0
#define SPIN_V0 2.355
#define SPIN_W0 (-127.03)

void spin_analytic(double t, double *v, double *w, double *t_roll)
{
    const double mu = 0.25, a = mu * g_earth, alpha = 5.0 * mu * g_earth / (2.0 * SPIN_R); /* eq 51 */
    double tr = -(SPIN_V0 + SPIN_W0 * SPIN_R) / (a + alpha * SPIN_R);                      /* eq 52-53 */
    double te = t < tr ? t : tr;
    *v = SPIN_V0 + a * te;
    *w = SPIN_W0 + alpha * te;
    if (t_roll) *t_roll = tr;
}

static spin_result spinning_sphere(drv_scheme scheme, double dt, double t_end, double mu, double tol, FILE *history,
                                   int every, drv_law other, void *other_ctx)
{
    demc_material mat = demc_material_make(1e10, 0.25, SPIN_M / (4.0 / 3.0 * 3.14159265358979323846 * SPIN_R * SPIN_R * SPIN_R));
    demc_pair pair;
    campello_law law;
    drv_system s;
    spin_result res;
    double e0, static_overlap, prev_vc, rotation = 0.0;
    long n, steps = (long)floor(t_end / dt + 0.5);
    memset(&law, 0, sizeof law);
    memset(&res, 0, sizeof res);
    memset(&pair, 0, sizeof pair); /* the set-up below is valid by construction; zero keeps a failure visible */
    demc_material_pair_sphere_wall(&mat, SPIN_R, NULL, DEMC_SHEAR_CAMPELLO, &pair, NULL);
    demc_normal_hertz_init(pair.effective_modulus, pair.effective_radius, &law.wall_hertz, NULL);
    law.wall_shear = pair.effective_shear_modulus;
    law.wall_mu = mu;
    static_overlap = pow(SPIN_M * g_earth / law.wall_hertz.prefactor, 2.0 / 3.0);
    if (other)
        drv_init(&s, scheme, dt, demc_vec3_make(0.0, -g_earth, 0.0), other, other_ctx);
    else
        drv_init(&s, scheme, dt, demc_vec3_make(0.0, -g_earth, 0.0), campello_law_eval, &law);
    if (tol > 0.0) s.tol = tol;
    drv_add_sphere(&s, demc_vec3_make(0.0, SPIN_R - static_overlap, 0.0), demc_vec3_make(SPIN_V0, 0.0, 0.0),
                   demc_vec3_make(0.0, 0.0, SPIN_W0), SPIN_R, SPIN_M, 0.4 * SPIN_M * SPIN_R * SPIN_R);
    drv_add_wall(&s, demc_vec3_make(0.0, 0.0, 0.0), demc_vec3_make(0.0, 1.0, 0.0));
    e0 = drv_kinetic_energy(&s) + drv_potential_energy(&s) + demc_normal_hertz_energy(&law.wall_hertz, static_overlap);
    prev_vc = SPIN_V0 + SPIN_W0 * SPIN_R;
    if (history) fprintf(history, "t,x,rotation,v,omega\n0,0,0,%.9g,%.9g\n", SPIN_V0, SPIN_W0);
    for (n = 1; n <= steps; ++n) {
        double vc;
        drv_step(&s);
        rotation += s.body[0].step_rotation.z; /* plane motion about a fixed axis: increments add (001 §5.1) */
        vc = s.body[0].v.x + s.body[0].omega.z * SPIN_R;
        if (res.t_roll == 0.0 && vc >= 0.0 && prev_vc < 0.0) { /* linear interpolation inside the step */
            double f = -prev_vc / (vc - prev_vc);
            res.t_roll = s.t - dt + f * dt;
            res.v_roll = s.body[0].v.x;
            res.w_roll = s.body[0].omega.z;
        }
        prev_vc = vc;
        if (history && n % every == 0)
            fprintf(history, "%.9g,%.9g,%.9g,%.9g,%.9g\n", s.t, s.body[0].x.x, rotation, s.body[0].v.x,
                    s.body[0].omega.z);
    }
    res.dissipated = drv_dissipated_energy(&s);
    res.kinetic_lost = e0 - (drv_kinetic_energy(&s) + drv_potential_energy(&s) + drv_elastic_energy(&s));
    res.mean_iterations = (double)s.total_iter / (double)steps;
    return res;
}

spin_result run_spinning_sphere(drv_scheme scheme, double dt, double t_end, double mu, FILE *history, int every)
{
    return spinning_sphere(scheme, dt, t_end, mu, 0.0, history, every, NULL, NULL);
}

spin_result run_spinning_sphere_tol(drv_scheme scheme, double dt, double t_end, double mu, double tol)
{
    return spinning_sphere(scheme, dt, t_end, mu, tol, NULL, 0, NULL, NULL);
}

spin_result run_spinning_sphere_with(drv_scheme scheme, double dt, double t_end, drv_law law, void *ctx)
{
    return spinning_sphere(scheme, dt, t_end, 0.25, 0.0, NULL, 0, law, ctx);
}

void spin_pair(demc_pair *pair)
{
    demc_material mat = demc_material_make(1e10, 0.25, SPIN_M / (4.0 / 3.0 * 3.14159265358979323846 * SPIN_R * SPIN_R * SPIN_R));
    demc_material_pair_sphere_wall(&mat, SPIN_R, NULL, DEMC_SHEAR_CAMPELLO, pair, NULL);
}

/* 001 example 5.2 data. */
#define THREE_MU 0.5
#define THREE_T_COLLISION 0.46
#define THREE_DURATION 0.0047
#define THREE_T_BACK 1.39

void three_spheres_setup(double *speed, double *gap)
{
    /* After the (elastic, radial) collision the particle moves back at V with its old spin: it slides, v and the
     * spin part of the contact velocity change at μg and (5/2)μg, pure rolling after t_r = 4V/(7μg) at 3V/7
     * having covered (20/49)V²/(μg). Passing the start at T_b = t_c + τ + t_r + (d − s_r)·7/(3V) with d = t_c V
     * gives T_b = t_c + τ + 7t_c/3 − (8/21) V/(μg). */
    const double mug = THREE_MU * g_earth;
    double v = (THREE_T_COLLISION + THREE_DURATION + 7.0 * THREE_T_COLLISION / 3.0 - THREE_T_BACK) * mug * 21.0 / 8.0;
    *speed = v;
    *gap = THREE_T_COLLISION * v;
}

static three_result three_spheres(drv_scheme scheme, double dt, double t_end, FILE *history, int every, drv_law other,
                                  void *other_ctx)
{
    demc_material mat = demc_material_make(1e10, 0.25, SPIN_M / (4.0 / 3.0 * 3.14159265358979323846 * SPIN_R * SPIN_R * SPIN_R));
    demc_pair wall_pair, pair;
    campello_law law;
    drv_system s;
    three_result res;
    double speed, gap, rho0, static_overlap, e0, prev_overlap = 0.0, prev_spin, prev_vc = 0.0, prev_rho, rotation = 0.0;
    demc_vec3 e1, axis1;
    long n, steps = (long)floor(t_end / dt + 0.5);
    int k;
    memset(&law, 0, sizeof law);
    memset(&res, 0, sizeof res);
    memset(&wall_pair, 0, sizeof wall_pair); /* (a failed setup leaves its output untouched) */
    memset(&pair, 0, sizeof pair);
    demc_material_pair_sphere_wall(&mat, SPIN_R, NULL, DEMC_SHEAR_CAMPELLO, &wall_pair, NULL);
    demc_material_pair_sphere_sphere(&mat, SPIN_R, &mat, SPIN_R, DEMC_SHEAR_CAMPELLO, &pair, NULL);
    demc_normal_hertz_init(wall_pair.effective_modulus, wall_pair.effective_radius, &law.wall_hertz, NULL);
    demc_normal_hertz_init(pair.effective_modulus, pair.effective_radius, &law.pair_hertz, NULL);
    law.wall_shear = wall_pair.effective_shear_modulus;
    law.pair_shear = pair.effective_shear_modulus;
    law.wall_mu = law.pair_mu = THREE_MU;
    three_spheres_setup(&speed, &gap);
    rho0 = 2.0 * SPIN_R / sqrt(3.0) + gap; /* touching spheres sit 2r/√3 from the centre of the triangle */
    static_overlap = pow(SPIN_M * g_earth / law.wall_hertz.prefactor, 2.0 / 3.0);
    if (other)
        drv_init(&s, scheme, dt, demc_vec3_make(0.0, 0.0, -g_earth), other, other_ctx);
    else
        drv_init(&s, scheme, dt, demc_vec3_make(0.0, 0.0, -g_earth), campello_law_eval, &law);
    for (k = 0; k < 3; ++k) {
        double a = 3.14159265358979323846 * (0.5 + 2.0 * k / 3.0);
        demc_vec3 e = demc_vec3_make(cos(a), sin(a), 0.0); /* outward */
        demc_vec3 v = demc_vec3_scale(e, -speed);
        demc_vec3 w = demc_vec3_scale(demc_vec3_cross(demc_vec3_make(0.0, 0.0, 1.0), v), 1.0 / SPIN_R); /* rolling */
        drv_add_sphere(&s, demc_vec3_add(demc_vec3_scale(e, rho0), demc_vec3_make(0.0, 0.0, SPIN_R - static_overlap)),
                       v, w, SPIN_R, SPIN_M, 0.4 * SPIN_M * SPIN_R * SPIN_R);
    }
    drv_add_wall(&s, demc_vec3_make(0.0, 0.0, 0.0), demc_vec3_make(0.0, 0.0, 1.0));
    e1 = demc_vec3_make(0.0, 1.0, 0.0);
    axis1 = demc_vec3_normalize(s.body[0].omega);
    prev_spin = demc_vec3_dot(s.body[0].omega, axis1);
    prev_rho = rho0;
    e0 = drv_kinetic_energy(&s) + drv_potential_energy(&s) + 3.0 * demc_normal_hertz_energy(&law.wall_hertz, static_overlap);
    if (history) fprintf(history, "t,v,omega,rotation\n0,%.9g,%.9g,0\n", -speed, prev_spin);
    for (n = 1; n <= steps; ++n) {
        const drv_body *b = &s.body[0];
        double overlap, spin, vc, rho;
        drv_step(&s);
        overlap = drv_pair(&s, 0, 1)->out.info[0];
        spin = demc_vec3_dot(b->omega, axis1);
        rotation += demc_vec3_dot(b->step_rotation, axis1);
        /* radial component of the contact-point velocity on the plane: v + ω × (−r e_z) */
        vc = demc_vec3_dot(demc_vec3_add(b->v, demc_vec3_cross(b->omega, demc_vec3_make(0.0, 0.0, -SPIN_R))), e1);
        rho = b->x.y;
        if (res.t_collision == 0.0 && overlap > 0.0) res.t_collision = s.t - dt + dt * (-prev_overlap) / (overlap - prev_overlap);
        if (res.t_collision > 0.0 && res.duration == 0.0 && overlap <= 0.0 && prev_overlap > 0.0)
            res.duration = s.t - dt + dt * prev_overlap / (prev_overlap - overlap) - res.t_collision;
        if (res.duration > 0.0 && res.t_spin_reversal == 0.0 && spin * prev_spin <= 0.0)
            res.t_spin_reversal = s.t - dt + dt * prev_spin / (prev_spin - spin);
        if (res.t_spin_reversal > 0.0 && res.t_rolling == 0.0 && vc * prev_vc <= 0.0)
            res.t_rolling = s.t - dt + dt * prev_vc / (prev_vc - vc);
        if (res.duration > 0.0 && res.t_back == 0.0 && rho >= rho0 && prev_rho < rho0)
            res.t_back = s.t - dt + dt * (rho0 - prev_rho) / (rho - prev_rho);
        prev_overlap = overlap;
        prev_spin = spin;
        prev_vc = vc;
        prev_rho = rho;
        if (history && n % every == 0)
            fprintf(history, "%.9g,%.9g,%.9g,%.9g\n", s.t, demc_vec3_dot(b->v, e1), spin, rotation);
    }
    res.dissipated = drv_dissipated_energy(&s);
    res.kinetic_lost = e0 - (drv_kinetic_energy(&s) + drv_potential_energy(&s) + drv_elastic_energy(&s));
    return res;
}

three_result run_three_spheres(drv_scheme scheme, double dt, double t_end, FILE *history, int every)
{
    return three_spheres(scheme, dt, t_end, history, every, NULL, NULL);
}

three_result run_three_spheres_with(drv_scheme scheme, double dt, double t_end, drv_law law, void *ctx)
{
    return three_spheres(scheme, dt, t_end, NULL, 0, law, ctx);
}

void three_pairs(demc_pair *wall_pair, demc_pair *pair)
{
    demc_material mat = demc_material_make(1e10, 0.25, SPIN_M / (4.0 / 3.0 * 3.14159265358979323846 * SPIN_R * SPIN_R * SPIN_R));
    demc_material_pair_sphere_wall(&mat, SPIN_R, NULL, DEMC_SHEAR_CAMPELLO, wall_pair, NULL);
    demc_material_pair_sphere_sphere(&mat, SPIN_R, &mat, SPIN_R, DEMC_SHEAR_CAMPELLO, pair, NULL);
}

double oblique_mass(void)
{
    return 4.0 / 3.0 * 3.14159265358979323846 * OBLIQUE_RADIUS * OBLIQUE_RADIUS * OBLIQUE_RADIUS * OBLIQUE_DENSITY;
}

oblique_result run_oblique(drv_law law, void *ctx, drv_scheme scheme, double theta_deg, double e, double mu, double dt,
                           FILE *history)
{
    const double m = oblique_mass(), vt = OBLIQUE_SPEED * tan(theta_deg * 3.14159265358979323846 / 180.0);
    drv_system s;
    oblique_result res;
    double e0, t_start = -1.0, fn_sum = 0.0, fn_overlap_sum = 0.0;
    int touched = 0;
    memset(&res, 0, sizeof res);
    drv_init(&s, scheme, dt, demc_vec3_make(0.0, 0.0, 0.0), law, ctx);
    /* Start touching with an overlap of 1e-12 R: the first evaluation then sees the contact, whose LS+D dashpot
     * switches on with a jump 2γ√(mk)v at δ = 0 (a start at δ = 0 would cost an O(Δt) error in the impulse). */
    drv_add_sphere(&s, demc_vec3_make(0.0, 0.0, OBLIQUE_RADIUS * (1.0 - 1e-12)), demc_vec3_make(vt, 0.0, -OBLIQUE_SPEED),
                   demc_vec3_make(0.0, 0.0, 0.0), OBLIQUE_RADIUS, m, 0.4 * m * OBLIQUE_RADIUS * OBLIQUE_RADIUS);
    drv_add_wall(&s, demc_vec3_make(0.0, 0.0, 0.0), demc_vec3_make(0.0, 0.0, 1.0));
    e0 = drv_kinetic_energy(&s);
    while (s.t < 1e-2) {
        const drv_contact *c;
        double overlap;
        drv_step(&s);
        c = drv_wall_pair(&s, 0, 0);
        overlap = OBLIQUE_RADIUS - s.body[0].x.z;
        if (history)
            fprintf(history, "%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", s.t, overlap, c->out.force_i.z, c->out.force_i.x,
                    s.body[0].v.x - s.body[0].omega.y * OBLIQUE_RADIUS, c->out.info[1]);
        if (overlap > 0.0) {
            fn_sum += c->out.force_i.z;
            fn_overlap_sum += c->out.force_i.z * overlap;
            if (c->out.info[1] == 0.0) ++res.stick_steps;
        }
        if (overlap > 0.0 && !touched) {
            touched = 1;
            t_start = s.t - s.dt;
        }
        if (touched && overlap <= 0.0 && c->out.force_i.z == 0.0 && s.body[0].v.z > 0.0) break;
    }
    res.duration = s.t - t_start;
    res.mean_overlap = fn_sum > 0.0 ? fn_overlap_sum / fn_sum : 0.0;
    res.restitution = s.body[0].v.z / OBLIQUE_SPEED;
    res.theta = 2.0 * tan(theta_deg * 3.14159265358979323846 / 180.0) / ((1.0 + e) * mu);
    res.psi = 2.0 * (s.body[0].v.x - s.body[0].omega.y * OBLIQUE_RADIUS) / ((1.0 + e) * mu * OBLIQUE_SPEED);
    res.dissipated = drv_dissipated_energy(&s);
    res.kinetic_lost = e0 - drv_kinetic_energy(&s) - drv_elastic_energy(&s);
    return res;
}

#define I000_RADIUS 0.05
#define I000_DENSITY 1000.0

double impact000_mass(void)
{
    return 4.0 / 3.0 * 3.14159265358979323846 * I000_RADIUS * I000_RADIUS * I000_RADIUS * I000_DENSITY;
}

void impact000_setup(demc_pair *pair, double *duration)
{
    demc_material mat = demc_material_make(0.3e9, 0.3, I000_DENSITY);
    demc_collision_hertz a;
    memset(&a, 0, sizeof a);
    demc_material_pair_sphere_wall(&mat, I000_RADIUS, &mat, DEMC_SHEAR_ZABULIONIS, pair, NULL);
    demc_collision_hertz_impact(pair, 0.2, &a, NULL);
    *duration = a.duration;
}

static char mode_letter(double slip, double f, double f_prev, double sense)
{
    if (slip != 0.0) return 'S';
    if (f * sense < 0.0) return 'R';
    return fabs(f) >= fabs(f_prev) ? 'L' : 'U';
}

/* Measurements along a contact, step by step (see impact000_result). */
typedef struct mode_tracker {
    double f_prev, el_prev, slip_prev, sense, vc_prev, d_prev;
    double el_switch, el_other, df_before, df_after;
    int vanished, nm;
} mode_tracker;

static void track_step(mode_tracker *m, impact000_result *res, double f, double el, double slip, double vc)
{
    ++res->steps;
    if (m->sense == 0.0 && f != 0.0) m->sense = f > 0.0 ? 1.0 : -1.0;
    {
        char mode = mode_letter(slip, f, m->f_prev, m->sense);
        if ((m->nm == 0 || res->modes[m->nm - 1] != mode) && m->nm < 15) res->modes[m->nm++] = mode;
    }
    if (res->steps > 1) {
        double jump = fabs(el - m->el_prev), d = f - m->f_prev;
        if (slip != 0.0 && m->slip_prev == 0.0) {
            if (jump > m->el_switch) m->el_switch = jump;
        } else if (jump > m->el_other) {
            m->el_other = jump;
        }
        if (m->vanished) {
            if (fabs(d) > m->df_after) m->df_after = fabs(d);
            if (m->vanished > 1 && d * m->d_prev < 0.0) ++res->zigzag;
            ++m->vanished;
        } else if (fabs(d) > m->df_before) {
            m->df_before = fabs(d);
        }
        m->d_prev = d;
    }
    if (!m->vanished && res->steps > 1 && vc * m->vc_prev <= 0.0) m->vanished = 1;
    m->vc_prev = vc;
    m->f_prev = f;
    m->el_prev = el;
    m->slip_prev = slip;
}

static void track_finish(const mode_tracker *m, impact000_result *res)
{
    res->el_jump = m->el_other > 0.0 ? m->el_switch / m->el_other : 0.0;
    res->force_jump = m->df_before > 0.0 ? m->df_after / m->df_before : 0.0;
}

static void track_write(FILE *history, const drv_system *s, const drv_contact *c, double vc)
{
    if (history)
        fprintf(history, "%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", s->t, c->out.info[0], c->out.info[2],
                c->out.info[3], c->out.info[4], c->out.info[1], vc);
}

impact000_result run_impact000(drv_law law, void *ctx, double omega_z, int steps, FILE *history)
{
    const double m = impact000_mass();
    demc_pair pair;
    drv_system s;
    impact000_result res;
    mode_tracker tr;
    double dt, e0;
    int touched = 0;
    memset(&res, 0, sizeof res);
    memset(&tr, 0, sizeof tr);
    impact000_setup(&pair, &dt);
    dt /= steps;
    drv_init(&s, DRV_NEWMARK_PEC, dt, demc_vec3_make(0.0, 0.0, 0.0), law, ctx);
    drv_add_sphere(&s, demc_vec3_make(0.0, I000_RADIUS, 0.0), demc_vec3_make(0.02, -0.2, 0.0),
                   demc_vec3_make(0.0, 0.0, omega_z), I000_RADIUS, m, 0.4 * m * I000_RADIUS * I000_RADIUS);
    drv_add_wall(&s, demc_vec3_make(0.0, 0.0, 0.0), demc_vec3_make(0.0, 1.0, 0.0));
    e0 = drv_kinetic_energy(&s);
    tr.vc_prev = 0.02 + omega_z * I000_RADIUS;
    if (history) fprintf(history, "t,overlap,fn,ft,el,slip,vc\n");
    while (s.t < 1.0) {
        const drv_contact *c;
        double vc;
        drv_step(&s);
        c = drv_wall_pair(&s, 0, 0);
        if (c->out.info[0] <= 0.0) {
            if (touched) break;
            continue;
        }
        touched = 1;
        vc = s.body[0].v.x + s.body[0].omega.z * I000_RADIUS;
        track_write(history, &s, c, vc);
        track_step(&tr, &res, c->out.info[3], c->out.info[4], c->out.info[1], vc);
    }
    track_finish(&tr, &res);
    res.dissipated = drv_dissipated_energy(&s);
    res.kinetic_lost = e0 - drv_kinetic_energy(&s) - drv_elastic_energy(&s);
    return res;
}

impact000_result run_slide000(drv_law law, void *ctx, double v_x, double dt, double duration, FILE *history)
{
    const double m = impact000_mass();
    demc_pair pair;
    demc_normal_hertz_params hz;
    drv_system s;
    impact000_result res;
    mode_tracker tr;
    double t_hertz, static_overlap, e0;
    memset(&res, 0, sizeof res);
    memset(&tr, 0, sizeof tr);
    memset(&hz, 0, sizeof hz);
    impact000_setup(&pair, &t_hertz);
    demc_normal_hertz_init(pair.effective_modulus, pair.effective_radius, &hz, NULL);
    static_overlap = pow(m * g_earth / hz.prefactor, 2.0 / 3.0);
    drv_init(&s, DRV_NEWMARK_PEC, dt, demc_vec3_make(0.0, -g_earth, 0.0), law, ctx);
    drv_add_sphere(&s, demc_vec3_make(0.0, I000_RADIUS - static_overlap, 0.0), demc_vec3_make(v_x, 0.0, 0.0),
                   demc_vec3_make(0.0, 0.0, 0.0), I000_RADIUS, m, 0.4 * m * I000_RADIUS * I000_RADIUS);
    drv_add_wall(&s, demc_vec3_make(0.0, 0.0, 0.0), demc_vec3_make(0.0, 1.0, 0.0));
    e0 = drv_kinetic_energy(&s) + drv_potential_energy(&s) + demc_normal_hertz_energy(&hz, static_overlap);
    tr.vc_prev = v_x;
    if (history) fprintf(history, "t,overlap,fn,ft,el,slip,vc\n");
    while (s.t < duration) {
        const drv_contact *c;
        double vc;
        drv_step(&s);
        c = drv_wall_pair(&s, 0, 0);
        vc = s.body[0].v.x + s.body[0].omega.z * I000_RADIUS;
        track_write(history, &s, c, vc);
        track_step(&tr, &res, c->out.info[3], c->out.info[4], c->out.info[1], vc);
    }
    track_finish(&tr, &res);
    res.dissipated = drv_dissipated_energy(&s);
    res.kinetic_lost = e0 - drv_kinetic_energy(&s) - drv_potential_energy(&s) - drv_elastic_energy(&s);
    return res;
}

void oblique_setup(demc_pair *pair, double *hertz_duration, double *linear_stiffness)
{
    demc_material mat = demc_material_make(70e9, 0.3, OBLIQUE_DENSITY);
    demc_collision_hertz a;
    memset(&a, 0, sizeof a);
    demc_material_pair_sphere_wall(&mat, OBLIQUE_RADIUS, &mat, DEMC_SHEAR_MINDLIN, pair, NULL);
    pair->effective_mass = oblique_mass();
    demc_collision_hertz_impact(pair, OBLIQUE_SPEED, &a, NULL);
    *hertz_duration = a.duration;
    *linear_stiffness = oblique_mass() * (3.14159265358979323846 / a.duration) * (3.14159265358979323846 / a.duration);
}

void normal002_law_eval(void *ctx, const drv_body *i, const drv_body *j, const drv_wall *wall, double dt,
                        const double *state_old, double *state_new, drv_contact_out *out)
{
    const normal002_law *law = (const normal002_law *)ctx;
    const double m = law->pair.effective_mass;
    demc_geometry g = demc_geometry_sphere_wall(i->x, i->radius, wall->point, wall->normal);
    demc_vec3 zero = demc_vec3_make(0.0, 0.0, 0.0), fte, ft;
    demc_kinematics kin;
    demc_normal_pls_state pls;
    double rate, f, kt = 0.0, limit, len;
    (void)j;
    memset(state_new, 0, 6 * sizeof *state_new);
    out->info[0] = g.overlap;
    if (g.overlap <= 0.0) return;
    kin = demc_geometry_kinematics(&g, i->v, i->omega, zero, zero);
    rate = kin.overlap_rate; /* dδ/dt */
    fte = demc_vec3_project_plane(demc_vec3_make(state_old[0], state_old[1], state_old[2]), g.normal);
    if (law->model == N002_LSD) {
        f = demc_normal_linear_force(&law->linear, g.overlap) + demc_damping_linear_force(law->gamma, m, law->linear.stiffness, rate);
        kt = law->kappa * law->linear.stiffness;
    } else if (law->model == N002_HMD) {
        f = demc_normal_hertz_force(&law->hertz, g.overlap) +
            demc_damping_hertz_force(law->gamma, m, law->pair.effective_modulus, law->pair.effective_radius, g.overlap, rate);
        kt = 8.0 * law->pair.effective_shear_modulus * sqrt(law->pair.effective_radius * g.overlap);
    } else {
        pls.overlap_max = state_old[5];
        f = demc_normal_pls_force(&law->pls, g.overlap, &pls);
        state_new[5] = pls.overlap_max;
        kt = law->kappa * law->pls.unloading_stiffness;
    }
    if (f < 0.0) f = 0.0; /* force end rule: no attraction */
    if (law->model == N002_HMD && state_old[3] > 0.0 && f < state_old[4])
        fte = demc_vec3_scale(fte, kt / state_old[3]); /* 002 eq 2, ΔF_n < 0 */
    fte = demc_vec3_add_scaled(fte, -kt * dt, kin.tangential_velocity);
    ft = law->model == N002_PLSB ? fte : demc_vec3_add(fte, demc_damping_tangential_force(law->gamma, m, kt, kin.tangential_velocity));
    limit = law->mu * f;
    len = demc_vec3_norm(ft);
    if (len > limit) {
        ft = len > 0.0 ? demc_vec3_scale(ft, limit / len) : ft;
        fte = ft;
        out->info[1] = 1.0;
    }
    out->force_i = demc_vec3_add_scaled(ft, f, g.normal);
    out->torque_i = demc_geometry_torque_i(&g, out->force_i);
    out->info[2] = f;
    out->info[3] = ft.x;
    state_new[0] = fte.x;
    state_new[1] = fte.y;
    state_new[2] = fte.z;
    state_new[3] = kt;
    state_new[4] = f;
}

oblique_result oblique002(normal002_model model, double e, double gamma, double theta_deg, int steps, FILE *history)
{
    normal002_law law;
    double t_hertz, k;
    memset(&law, 0, sizeof law);
    oblique_setup(&law.pair, &t_hertz, &k);
    law.model = model;
    law.gamma = gamma;
    if (gamma < 0.0 && model == N002_LSD) demc_damping_lsd_ratio(e, DEMC_CONTACT_END_FORCE, &law.gamma);
    if (gamma < 0.0 && model == N002_HMD) demc_damping_hmd_ratio(e, DEMC_CONTACT_END_FORCE, &law.gamma);
    law.mu = 0.1;
    law.kappa = 2.0 * (1.0 - 0.3) / (2.0 - 0.3);
    demc_normal_linear_init(k, &law.linear, NULL);
    demc_normal_hertz_init(law.pair.effective_modulus, law.pair.effective_radius, &law.hertz, NULL);
    demc_normal_pls_init(k, e, &law.pls, NULL);
    return run_oblique(normal002_law_eval, &law, DRV_TRAPEZOIDAL, theta_deg, e, law.mu, t_hertz / steps, history);
}

double head_on_restitution002(normal002_model model, double e, double gamma, int steps)
{
    return oblique002(model, e, gamma, 0.0, steps, NULL).restitution;
}

/* Ψ where the impact slides throughout: the friction impulse is μ(1 + e_m)m V_ni and its moment about the centre
 * has the lever arm R − δ/2 (000 eq 8), so with I = (2/5)mR²
 * Ψ = Θ − 2(1 + e_m)/(1 + e) · [1 + (5/2)(1 − ⟨δ⟩_F/(2R))] = Θ − 7 for e_m = e and a rigid lever arm R. */
double psi_sliding(const oblique_result *r, double e)
{
    return r->theta - 2.0 * (1.0 + r->restitution) / (1.0 + e) * (1.0 + 2.5 * (1.0 - r->mean_overlap / (2.0 * OBLIQUE_RADIUS)));
}

/* Oscillation of Ψ(Θ): its range over the impacts that do not slide throughout, and its turning points over all
 * impacts, counted with a hysteresis of 10 % of that range (a turn counts once Ψ has come back by that much from
 * the last extreme), so that wiggles of a few thousandths from the discretisation do not count. */
void psi_shape(const oblique_result *r, int n, int *turns, double *range)
{
    double lo = HUGE_VAL, hi = -HUGE_VAL, extreme = r[0].psi, h;
    int k, trend = 0;
    for (k = 0; k < n && r[k].stick_steps > 0; ++k) {
        if (r[k].psi < lo) lo = r[k].psi;
        if (r[k].psi > hi) hi = r[k].psi;
    }
    *range = hi - lo;
    h = 0.1 * *range;
    *turns = 0;
    for (k = 1; k < n; ++k) {
        double p = r[k].psi;
        if (trend == 0) {
            if (fabs(p - r[0].psi) > h) {
                trend = p > r[0].psi ? 1 : -1;
                extreme = p;
            }
        } else if ((p - extreme) * trend > 0.0) {
            extreme = p; /* the trend goes on */
        } else if ((extreme - p) * trend > h) {
            ++*turns; /* it came back by more than h: the last extreme was a turn */
            trend = -trend;
            extreme = p;
        }
    }
}

double max_difference(const oblique_result *a, const oblique_result *b, int n)
{
    double d = 0.0;
    int k;
    for (k = 0; k < n; ++k)
        if (fabs(a[k].psi - b[k].psi) > d) d = fabs(a[k].psi - b[k].psi);
    return d;
}
