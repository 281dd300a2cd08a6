/* Bodies of tangential.h. Included by tangential.h only; bodies live in headers so that header-only units can inline
 * them. */
#ifndef DEMC_TANGENTIAL_IMPL_H
#define DEMC_TANGENTIAL_IMPL_H

#include <math.h>
#include "libm_impl.h"

#include "scaled_impl.h"

DEMC_BEGIN_DECLS

DEMC_TANGENTIAL_FN double demc_tangential_stiffness_ratio(double nu) { return 2.0 * (1.0 - nu) / (2.0 - nu); }

DEMC_TANGENTIAL_FN double demc_tangential_mindlin_stiffness(double shear_modulus, double radius, double overlap)
{
    return overlap > 0.0 ? 8.0 * shear_modulus * sqrt(radius * overlap) : 0.0;
}

/* Names of the fields of a demc_tangential_params as seen from the function that checks it: role 0 the inputs of
 * demc_tangential_init(), 1 demc_tangential_validate(), 2 the member `friction` of a
 * demc_contact_def checked by demc_contact_model_init(); field 0 is the struct itself. */
DEMC_STATIC_INLINE const char *demci_tangential_field(int role, int field)
{
    const char *const names[] = {
        "params", "mu_static", "mu_dynamic", "stiffness_rule", "recalculation", "direction", "unloading", "coulomb",
        "params", "params.mu_static", "params.mu_dynamic", "params.stiffness_rule", "params.recalculation",
        "params.direction", "params.unloading", "params.coulomb",
        "def.friction", "def.friction.mu_static", "def.friction.mu_dynamic", "def.friction.stiffness_rule",
        "def.friction.recalculation", "def.friction.direction", "def.friction.unloading", "def.friction.coulomb"};
    return names[8 * role + field];
}

/* μ_s ≥ 0 and 0 ≤ μ_d ≤ μ_s, in that order; bad_field untouched on success. */
DEMC_STATIC_INLINE demc_status demci_tangential_friction(double mu_static, double mu_dynamic, int role,
                                                         const char **bad_field)
{
    demc_status s;
    if ((s = demci_require(mu_static, mu_static >= 0.0, demci_tangential_field(role, 1), bad_field)) != DEMC_OK)
        return s;
    return demci_require(mu_dynamic, mu_dynamic >= 0.0 && mu_dynamic <= mu_static, demci_tangential_field(role, 2),
                         bad_field);
}

/* The checks of demc_tangential_validate(), field by field; bad_field untouched on success. */
DEMC_STATIC_INLINE demc_status demci_tangential_check(const demc_tangential_params *p, int role,
                                                      const char **bad_field)
{
    /* The number of enumerators of each convention, in field order; enumerators are compared as ints (a foreign
     * struct may hold any value, which is not a valid enum). */
    const int count[] = {DEMC_STIFFNESS_TOTAL + 1, DEMC_SLIP_CONVENTIONAL + 1, DEMC_SLIP_DIRECTION_VELOCITY + 1,
                         DEMC_UNLOADING_KEEP + 1, DEMC_COULOMB_TOTAL_DASHPOT_KEPT + 1};
    demc_status s;
    int i;
    if (!p) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, demci_tangential_field(role, 0), bad_field);
    if ((s = demci_tangential_friction(p->mu_static, p->mu_dynamic, role, bad_field)) != DEMC_OK) return s;
    {
        const int value[] = {(int)p->stiffness_rule, (int)p->recalculation, (int)p->direction, (int)p->unloading,
                             (int)p->coulomb};
        for (i = 0; i < 5; ++i)
            if ((s = demci_require_enum(value[i], count[i], demci_tangential_field(role, 3 + i), bad_field)) !=
                DEMC_OK)
                return s;
    }
    return DEMC_OK;
}

DEMC_TANGENTIAL_FN demc_status demc_tangential_validate(const demc_tangential_params *params,
                                                             const char **bad_field)
{
    demc_status s = demci_tangential_check(params, 1, bad_field);
    return s != DEMC_OK ? s : demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_TANGENTIAL_FN demc_status demc_tangential_init(double mu_static, double mu_dynamic,
                                                         demc_tangential_params *params, const char **bad_field)
{
    demc_status s;
    if ((s = demci_tangential_friction(mu_static, mu_dynamic, 0, bad_field)) != DEMC_OK) return s;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    params->mu_static = mu_static;
    params->mu_dynamic = mu_dynamic;
    params->stiffness_rule = DEMC_STIFFNESS_AVERAGE;
    params->recalculation = DEMC_SLIP_INCREMENTAL;
    params->direction = DEMC_SLIP_DIRECTION_FORCE;
    params->unloading = DEMC_UNLOADING_RESCALE;
    params->coulomb = DEMC_COULOMB_TOTAL;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_TANGENTIAL_FN demc_tangential_state demc_tangential_state_swap(demc_tangential_state s)
{
    s.displacement = demc_vec3_neg(s.displacement);
    s.force = demc_vec3_neg(s.force);
    return s;
}

/* The slip force of magnitude `magnitude` along the direction of the chosen rule. The trial limited force L* is the
 * fallback for a zero or degenerate chosen vector; on slip |L*|² > (μ_s F_n)² ≥ 0, so its norm is positive and the
 * force-driven (default) path needs one square root and one division, no normalisation. */
DEMC_HOT_INLINE demc_vec3 demci_tangential_slip_force(demc_slip_direction rule, double magnitude,
                                                         demc_vec3 trial_limited, demc_vec3 trial_displacement,
                                                         demc_vec3 velocity)
{
    demc_vec3 t = demc_vec3_make(0.0, 0.0, 0.0);
    if (rule == DEMC_SLIP_DIRECTION_DISPLACEMENT) t = demc_vec3_normalize(demc_vec3_neg(trial_displacement));
    else if (rule == DEMC_SLIP_DIRECTION_VELOCITY) t = demc_vec3_normalize(demc_vec3_neg(velocity));
    if (t.x != 0.0 || t.y != 0.0 || t.z != 0.0) return demc_vec3_scale(t, magnitude);
    return demci_vec3_with_length(trial_limited, demc_vec3_norm2(trial_limited), magnitude);
}

/* The energy terms of a step are computed scaled (scaled_impl.h): each overflows to ±inf only where its exact
 * value exceeds DBL_MAX, and the two differences of terms (the stiffness exchange, the work a released spring leaves
 * to the slider) are formed at a common scale 2^-512 when a term overflows, so that neither is inf − inf = NaN nor
 * ±inf where the exact difference is finite. A spring force of 1e120 meeting k_t = 1e-93 holds 1e333 J: +inf, as
 * exact; a force of 4e104 at k_t = 1.4e25 holds 6e183 J, which |F|² = inf made +inf before. */

/* |v|/√k · 2^-512 (k > 0; 0 for k ≤ 0), to order two energies that overflow even at the common scale. */
DEMC_STATIC_INLINE double demci_tangential_energy_root(demc_vec3 v, double k)
{
    const double m = demci_vec3_max_abs(v);
    if (!(k > 0.0) || !(m > 0.0)) return 0.0;
    return sqrt(demc_vec3_norm2(demc_vec3_make(v.x / m, v.y / m, v.z / m))) * (m * DEMCI_ENERGY_DOWN / sqrt(k));
}

/* |F_prev|²/(2k_prev) − |F_carried|²/(2k_now), each term 0 for a zero stiffness. */
DEMC_STATIC_INLINE double demci_tangential_exchange(demc_vec3 f_prev, double k_prev, demc_vec3 carried, double k_now)
{
    double e_prev = k_prev > 0.0 ? demci_vec3_half_square_over(f_prev, k_prev, 1.0) : 0.0;
    double e_now = k_now > 0.0 ? demci_vec3_half_square_over(carried, k_now, 1.0) : 0.0;
    if (e_prev - e_prev == 0.0 && e_now - e_now == 0.0) return e_prev - e_now;
    if (e_prev != e_prev || e_now != e_now) return e_prev + e_now; /* NaN in a force: propagated */
    e_prev = k_prev > 0.0 ? demci_vec3_half_square_over(f_prev, k_prev, DEMCI_ENERGY_DOWN) : 0.0;
    e_now = k_now > 0.0 ? demci_vec3_half_square_over(carried, k_now, DEMCI_ENERGY_DOWN) : 0.0;
    if (e_prev - e_prev != 0.0 && e_now - e_now != 0.0) {
        /* both beyond 2^1536 J: ±inf by the larger, compared through √(2E) 2^-512 = |F|/√k · 2^-512 */
        const double a = demci_tangential_energy_root(f_prev, k_prev), b = demci_tangential_energy_root(carried, k_now);
        return a == b ? 0.0 : (a > b ? HUGE_VAL : -HUGE_VAL);
    }
    return (e_prev - e_now) * DEMCI_ENERGY_UP;
}

/* The slider's work when F_n ≤ 0 releases the spring: |C|²/(2k_t) − ½ C·Δs, reported ≥ 0 (C the carried force). */
DEMC_STATIC_INLINE double demci_tangential_released(demc_vec3 carried, double stiffness, demc_vec3 increment)
{
    double e = stiffness > 0.0 ? demci_vec3_half_square_over(carried, stiffness, 1.0) : 0.0;
    double w = 0.5 * demci_vec3_dot_scaled(carried, increment, 1.0), work = e - w;
    if (!(work - work == 0.0) && e == e && w == w) {
        /* a term overflowed: the difference at the common scale (+inf where it stays undetermined) */
        e = stiffness > 0.0 ? demci_vec3_half_square_over(carried, stiffness, DEMCI_ENERGY_DOWN) : 0.0;
        w = 0.5 * demci_vec3_dot_scaled(carried, increment, DEMCI_ENERGY_DOWN);
        work = e - w;
        work = work == work ? work * DEMCI_ENERGY_UP : HUGE_VAL;
    }
    return work > 0.0 ? work : 0.0;
}

/* |F_d|² Δt/c_t: as formed before where |F_d|² is a normal double well inside the range, else scaled. */
DEMC_STATIC_INLINE double demci_tangential_viscous(demc_vec3 f_damp, double dt, double damping)
{
    const double v2 = demc_vec3_norm2(f_damp), m = demci_vec3_max_abs(f_damp);
    double t;
    if (v2 >= 1e-270 && v2 <= 1e270) {
        t = v2 * dt;
        if (t - t == 0.0 && t >= 1e-290) return t / damping;
    }
    if (!(m > 0.0)) return m == 0.0 ? 0.0 : v2;
    t = m * dt; /* m Δt/c_t, in the order that neither over- nor underflows on its own */
    t = t - t == 0.0 && t != 0.0 ? t / damping : m / damping * dt;
    return demc_vec3_norm2(demc_vec3_make(f_damp.x / m, f_damp.y / m, f_damp.z / m)) * t * m;
}

/* What one step of the spring computes: the public result and, when asked for, the energy terms of
 * demc_tangential_energy (the assembled evaluation reads both without copying). */
typedef struct demci_tangential_step_result {
    demc_vec3 force, damping_force;
    double stored_energy, friction_dissipation, viscous_dissipation, stiffness_exchange;
    int sliding;
} demci_tangential_step_result;

/* The body of demc_tangential_update(); with want_energy 0 (a constant after inlining) the energy terms, four
 * divisions, are not computed and are left 0. */
DEMC_HOT_INLINE demci_tangential_step_result demci_tangential_step(const demc_tangential_params *p, demc_vec3 increment,
                                                             demc_vec3 velocity, double stiffness,
                                                             double normal_force, double damping, double dt,
                                                             demc_tangential_state *s, int want_energy)
{
    demci_tangential_step_result r;
    const int total_rule = p->stiffness_rule == DEMC_STIFFNESS_TOTAL;
    /* the total policies bound F_el + F_d; only DEMC_COULOMB_TOTAL shares the slip with the dashpot, and under
     * DEMC_COULOMB_TOTAL_DASHPOT_KEPT the dashpot keeps −c_t v_t and the spring the rest of L */
    const int total_policy = p->coulomb != DEMC_COULOMB_ELASTIC;
    const int kept = p->coulomb == DEMC_COULOMB_TOTAL_DASHPOT_KEPT;
    const double k_prev = s->stiffness > 0.0 ? s->stiffness : stiffness; /* a new contact has no previous k_t */
    const double fn = normal_force > 0.0 ? normal_force : 0.0;
    const demc_vec3 f_damp = demc_vec3_scale(velocity, -damping);
    demc_vec3 f_old = s->force, trial_disp, trial_force, trial_limited;
    double k_step;

    if (p->stiffness_rule == DEMC_STIFFNESS_BACKWARD) k_step = k_prev;
    else if (p->stiffness_rule == DEMC_STIFFNESS_AVERAGE) k_step = 0.5 * (k_prev + stiffness);
    else k_step = stiffness; /* forward, and the total law that uses k_t(t_m) throughout */

    /* [Cummins 2012] eq 2: on unloading the spring force follows the stiffness, F_old k_t(t_m)/k_t(t_{m-1}).
     * Whether the load falls changes about every other step: a select of the factor, not a branch. */
    if (p->unloading == DEMC_UNLOADING_RESCALE) {
        const double ratio = k_prev > 0.0 ? stiffness / k_prev : 1.0;
        f_old = demc_vec3_scale(f_old, normal_force < s->normal_force ? ratio : 1.0);
    }

    /* Energy the spring loses, with no tangential work, when the force it carries meets the new stiffness. */
    r.stiffness_exchange = 0.0;
    if (want_energy) {
        const demc_vec3 carried = total_rule ? demc_vec3_scale(s->displacement, -stiffness) : f_old;
        r.stiffness_exchange = demci_tangential_exchange(s->force, s->stiffness, carried, stiffness);
    }
    trial_disp = demc_vec3_add(s->displacement, increment);
    trial_force = total_rule ? demc_vec3_scale(trial_disp, -stiffness) : demc_vec3_add_scaled(f_old, -k_step, increment);
    trial_limited = total_policy ? demc_vec3_add(trial_force, f_damp) : trial_force;

    /* Stick needs a normal load: with F_n ≤ 0 there is no Coulomb capacity, and the branch below releases the
     * spring. The cone test is the one of demci_vec3_exceeds(): exact in the squares where they are normal
     * doubles, scaled where they under- or overflow (one compare more than the plain test). */
    if (fn > 0.0 && !demci_vec3_exceeds(trial_limited, demc_vec3_norm2(trial_limited), p->mu_static * fn)) {
        s->displacement = trial_disp;
        s->force = trial_force;
        r.damping_force = f_damp;
        r.force = demc_vec3_add(trial_force, f_damp);
        r.friction_dissipation = 0.0;
        r.sliding = 0;
    } else if (!(fn > 0.0)) {
        const demc_vec3 s_displacement_before = s->displacement;
        /* No normal load (F_n ≤ 0, as after the force-end clamp): the slider takes the whole trial displacement,
         * the spring is released (δ_el = 0, F_el = 0) and the force is 0, plus the dashpot under the elastic
         * policy, which adds it after the limit. The slider dissipates the energy the spring carried into the step
         * (at the new stiffness, after the exchange) plus the work of the force along the increment, the
         * trapezoid from the carried force to 0 as an integrator applies it. */
        s->displacement = demc_vec3_make(0.0, 0.0, 0.0);
        s->force = s->displacement;
        r.damping_force = total_policy ? s->displacement : f_damp;
        r.force = r.damping_force;
        r.friction_dissipation = 0.0;
        if (want_energy) {
            const demc_vec3 carried = total_rule ? demc_vec3_scale(s_displacement_before, -stiffness) : f_old;
            r.friction_dissipation = demci_tangential_released(carried, stiffness, increment);
        }
        r.sliding = 1;
    } else {
        const demc_vec3 limited =
            demci_tangential_slip_force(p->direction, p->mu_dynamic * fn, trial_limited, trial_disp, velocity);
        /* The slip Δδ_sl that brings the limited force from its trial L* to L: L* + k_slip Δδ_sl = L. The spring
         * gives k_t(ξ) Δδ_sl; under the total policy the dashpot acts on the elastic rate v_t − Δδ_sl/Δt and gives
         * c_t Δδ_sl/Δt more (a return mapping with the stiffness k_t(ξ) + c_t/Δt). */
        const double c_share = total_policy && !kept && damping > 0.0 && dt > 0.0 ? damping : 0.0;
        const demc_vec3 excess = demc_vec3_sub(limited, trial_limited); /* L − L* */
        const double inv_k_now = stiffness > 0.0 ? 1.0 / stiffness : 0.0;
        demc_vec3 slip, f_el, dashpot_share;
        if (c_share > 0.0) {
            /* Δδ_sl = (L − L*) Δt/(k_t(ξ) Δt + c_t): one division for the slip, the spring's share k_t(ξ) Δt/(…)
             * and the dashpot's c_t/(…) */
            const double k_dt = k_step * dt, per = 1.0 / (k_dt + c_share);
            slip = demc_vec3_scale(excess, dt * per);
            f_el = demc_vec3_add_scaled(trial_force, k_dt * per, excess);
            dashpot_share = demc_vec3_scale(excess, c_share * per);
        } else {
            /* Without a dashpot share the spring carries L itself: taken as is, not as F* + (L − F*); with the
             * dashpot kept whole, what L leaves of it, L − F_d (the slip is then the spring's alone,
             * (L − L*)/k_t(ξ)). */
            slip = k_step > 0.0 ? demc_vec3_scale(excess, 1.0 / k_step) : demc_vec3_make(0.0, 0.0, 0.0);
            f_el = kept ? demc_vec3_sub(limited, f_damp) : limited;
            dashpot_share = demc_vec3_make(0.0, 0.0, 0.0);
        }
        if (total_rule || p->recalculation == DEMC_SLIP_CONVENTIONAL)
            s->displacement = demc_vec3_scale(f_el, -inv_k_now); /* [Zabulionis 2012] eq 41 ([Campello 2015] eq 35-36 for the total law) */
        else
            s->displacement = demc_vec3_sub(trial_disp, slip); /* [Zabulionis 2012] eq 35: δ_el(t_{m-1}) − (F_el − F_old)/k_t(ξ) */
        s->force = f_el;
        r.damping_force = total_policy && !kept ? demc_vec3_add(f_damp, dashpot_share) : f_damp;
        /* Friction work: the slip Δδ_sl = Δs − Δδ_el against the force the slider carries, the spring's mean over
         * the step (trapezoid, F_old to F_el, as an integrator applies the forces) plus, under the total policy,
         * the dashpot in series with it. With the spring's work on Δδ_el equal to its energy change, this closes
         * the step's balance exactly: it is μ_d F_n |Δδ_sl| in steady sliding, and includes the energy the spring
         * releases at a static → dynamic drop. (The energy of the trial state's return, ½(|L*|² − |L|²)/k_t,
         * is not friction work: it counts k_t|Δs|²/2 more per step when the slip per step exceeds the elastic
         * range.) Negative only for a force reversed beyond the cone within one step: reported as 0 then.
         * With the dashpot kept whole the slider carries the spring's force alone, and the balance closes with the
         * dashpot's c_t|v_t|²Δt only if the slider's work is reported as it is: negative where the spring is stored
         * against the slide (c_t|v_t| > μ_d F_n), never clipped. */
        r.friction_dissipation = 0.0;
        if (want_energy) {
            /* ½F_old + ½F_el: the trapezoid's mean as ½(F_old + F_el) rounds, without the sum's overflow */
            const demc_vec3 mean = demc_vec3_add(demc_vec3_scale(f_old, 0.5), demc_vec3_scale(f_el, 0.5));
            const double slider_work = -demci_vec3_dot_scaled(
                slip, total_policy && !kept ? demc_vec3_add(r.damping_force, mean) : mean, 1.0);
            r.friction_dissipation = slider_work > 0.0 || kept ? slider_work : 0.0;
        }
        /* The limited total is returned as computed, not as F_el + F_d, which loses digits when |F_d| ≫ |L|. */
        r.force = total_policy ? limited : demc_vec3_add(f_el, f_damp);
        r.sliding = 1;
    }
    s->stiffness = stiffness;
    s->normal_force = normal_force;
    s->sliding = r.sliding ? 1.0 : 0.0;
    r.stored_energy = 0.0;
    r.viscous_dissipation = 0.0;
    if (want_energy) {
        r.stored_energy = stiffness > 0.0 ? demci_vec3_half_square_over(s->force, stiffness, 1.0) : 0.0;
        /* The dashpot F_d = −c_t v_e dissipates c_t |v_e|² Δt = |F_d|² Δt / c_t. */
        r.viscous_dissipation = damping > 0.0 && dt > 0.0 ? demci_tangential_viscous(r.damping_force, dt, damping)
                                                          : 0.0;
    }
    return r;
}

DEMC_TANGENTIAL_FN demc_tangential_result demc_tangential_update(const demc_tangential_params *p,
                                                                 demc_vec3 increment, demc_vec3 velocity,
                                                                 double stiffness, double normal_force,
                                                                 double damping, double dt, demc_tangential_state *s,
                                                                 demc_tangential_energy *energy)
{
    const demci_tangential_step_result step =
        demci_tangential_step(p, increment, velocity, stiffness, normal_force, damping, dt, s, energy != 0);
    demc_tangential_result r;
    r.force = step.force;
    r.damping_force = step.damping_force;
    r.sliding = step.sliding;
    if (energy) {
        energy->stored_energy = step.stored_energy;
        energy->friction_dissipation = step.friction_dissipation;
        energy->viscous_dissipation = step.viscous_dissipation;
        energy->stiffness_exchange = step.stiffness_exchange;
    }
    return r;
}

/* Forced inline: the contact evaluation calls it in its force loop (a compiler left to itself keeps it out of line
 * at -O2 since the scaled branch made it longer). */
DEMC_HOT_INLINE demc_vec3 demci_tangential_project(demc_vec3 v, demc_vec3 n)
{
    demc_vec3 w = demc_vec3_project_plane(v, n), u;
    double m2 = demc_vec3_norm2(w), v2 = demc_vec3_norm2(v), m;
    /* Rescaling a projection that is pure rounding noise of v along n would invent a direction: it is dropped. */
    if (v2 >= 1e-270 && v2 <= 1e270 && m2 >= 1e-290) {
        if (!(m2 > 1e-28 * v2)) return demc_vec3_make(0.0, 0.0, 0.0);
        return demc_vec3_scale(w, sqrt(v2 / m2));
    }
    /* |v|² or |w|² under- or overflows (v = 6.4e-145 nearly along n left |w|² = 5e-315 subnormal and |v| off by
     * 1e-3): the projection is linear, so it is taken of v divided by its largest component, and scaled back */
    m = demci_vec3_max_abs(v);
    if (!(m > 0.0)) return m == 0.0 ? demc_vec3_make(0.0, 0.0, 0.0) : demc_vec3_scale(v, m);
    u = demc_vec3_make(v.x / m, v.y / m, v.z / m);
    w = demc_vec3_project_plane(u, n);
    m2 = demc_vec3_norm2(w);
    v2 = demc_vec3_norm2(u);
    if (!(m2 > 1e-28 * v2)) return demc_vec3_make(0.0, 0.0, 0.0);
    return demc_vec3_scale(demc_vec3_scale(w, sqrt(v2 / m2)), m);
}

DEMC_TANGENTIAL_FN demc_vec3 demc_tangential_project(demc_vec3 v, demc_vec3 n)
{
    return demci_tangential_project(v, n);
}

/* The rotation of demc_tangential_rotate(), its divisions done once so that several vectors can share them. */
typedef struct demci_tangential_turn {
    demc_vec3 n_new, w, sum; /* new normal; n_old × n_new; n_old + n_new */
    double c, inv_1pc;  /* n_old · n_new; 1/(1 + c), or 0 when the arc is undefined (projection instead) */
    double a1, a2;      /* spin terms: 4α/(4 + α²) and 2α²/(4 + α²) */
} demci_tangential_turn;

DEMC_HOT_INLINE demci_tangential_turn demci_tangential_turn_make(demc_vec3 n_old, demc_vec3 n_new, double spin)
{
    demci_tangential_turn t;
    const double a = 4.0 / (4.0 + spin * spin);
    t.n_new = n_new;
    t.w = demc_vec3_cross(n_old, n_new);
    t.sum = demc_vec3_add(n_old, n_new);
    t.c = demc_vec3_dot(n_old, n_new);
    /* n_old = 0 (a new contact) has no arc either: the projection keeps the vectors, as documented */
    t.inv_1pc = (1.0 + t.c >= 1e-8 && demc_vec3_norm2(n_old) > 0.0) ? 1.0 / (1.0 + t.c) : 0.0;
    t.a1 = a * spin;
    t.a2 = 0.5 * a * spin * spin;
    return t;
}

DEMC_HOT_INLINE demc_vec3 demci_tangential_turn_apply(const demci_tangential_turn *t, demc_vec3 v)
{
    demc_vec3 r, nxr;
    if (t->inv_1pc == 0.0) {
        r = demci_tangential_project(v, t->n_new);
    } else {
        /* Rodrigues: cos θ = c, sin θ k = w, (1 − cos θ)/sin²θ = 1/(1 + c). */
        r = demc_vec3_add(demc_vec3_scale(v, t->c), demc_vec3_cross(t->w, v));
        r = demc_vec3_add_scaled(r, demc_vec3_dot(t->w, v) * t->inv_1pc, t->w);
    }
    if (t->a1 == 0.0) return r;
    /* r + a1 n × r + a2 n × (n × r) with n × (n × r) = (n·r) n − r: the cross and the dot are independent */
    nxr = demc_vec3_cross(t->n_new, r);
    return demc_vec3_add_scaled(demc_vec3_add_scaled(demc_vec3_scale(r, 1.0 - t->a2), t->a1, nxr),
                                t->a2 * demc_vec3_dot(t->n_new, r), t->n_new);
}

/* The same turn for a vector of the previous tangent plane (v · n_old = 0, every vector a contact state keeps):
 * with w × v = −(n·v) n_old and w × (w × v) = −(n·v)(n − c n_old) there, the arc is v − (n·v)/(1 + c) (n_old + n),
 * and the spin's n × (n × r) is −r (r · n = 0): one cross product and two dot products fewer per vector, and the
 * turn's own cross product unused. A normal part of v at the rounding level is not carried as the general form would
 * carry it: it shrinks (by ~θ/2 over an arc θ). */
DEMC_HOT_INLINE demc_vec3 demci_tangential_turn_apply_tangent(const demci_tangential_turn *t, demc_vec3 v)
{
    demc_vec3 r;
    if (t->inv_1pc == 0.0) r = demci_tangential_project(v, t->n_new);
    else r = demc_vec3_add_scaled(v, -demc_vec3_dot(t->n_new, v) * t->inv_1pc, t->sum);
    if (t->a1 == 0.0) return r;
    return demc_vec3_add_scaled(demc_vec3_scale(r, 1.0 - t->a2), t->a1, demc_vec3_cross(t->n_new, r));
}

DEMC_TANGENTIAL_FN demc_vec3 demc_tangential_rotate(demc_vec3 v, demc_vec3 n_old, demc_vec3 n_new, double spin)
{
    const demci_tangential_turn t = demci_tangential_turn_make(n_old, n_new, spin);
    return demci_tangential_turn_apply(&t, v);
}

DEMC_TANGENTIAL_FN void demc_tangential_transport(demc_memory_transport transport, demc_vec3 n_old,
                                                  demc_vec3 n_new, double spin, demc_tangential_state *s)
{
    if (transport == DEMC_TRANSPORT_PROJECT) {
        s->displacement = demci_tangential_project(s->displacement, n_new);
        s->force = demci_tangential_project(s->force, n_new);
    } else {
        const demci_tangential_turn t = demci_tangential_turn_make(n_old, n_new, spin);
        s->displacement = demci_tangential_turn_apply(&t, s->displacement);
        s->force = demci_tangential_turn_apply(&t, s->force);
    }
}

/* ==============================================================================================================
 * Mindlin–Deresiewicz law (Thornton & Yin 1991)
 * ============================================================================================================== */

DEMC_STATIC_INLINE demc_status demci_tangential_md_check(double mu, double shear, int variant, int role,
                                                         const char **bad_field)
{
    static const char *const names[] = {"mu", "effective_shear_modulus", "variant",
                                        "params.mu", "params.effective_shear_modulus", "params.variant"};
    demc_status st;
    if ((st = demci_require(mu, mu >= 0.0, names[3 * role], bad_field)) != DEMC_OK) return st;
    if ((st = demci_require_positive(shear, names[3 * role + 1], bad_field)) != DEMC_OK) return st;
    return demci_require_enum(variant, DEMC_TANGENTIAL_MD_THORNTON_YIN + 1, names[3 * role + 2], bad_field);
}

DEMC_TANGENTIAL_FN demc_status demc_tangential_md_init(double mu, double effective_shear_modulus,
                                                             demc_tangential_md_variant variant,
                                                             demc_tangential_md_params *params,
                                                             const char **bad_field)
{
    demc_status st = demci_tangential_md_check(mu, effective_shear_modulus, (int)variant, 0, bad_field);
    if (st != DEMC_OK) return st;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    params->mu = mu;
    params->effective_shear_modulus = effective_shear_modulus;
    params->variant = variant;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_TANGENTIAL_FN demc_status demc_tangential_md_validate(const demc_tangential_md_params *params,
                                                                 const char **bad_field)
{
    demc_status st;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    st = demci_tangential_md_check(params->mu, params->effective_shear_modulus, (int)params->variant, 1, bad_field);
    return st != DEMC_OK ? st : demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_TANGENTIAL_FN demc_tangential_md_state demc_tangential_md_state_swap(demc_tangential_md_state s)
{
    s.force = demc_vec3_neg(s.force);
    s.origin = demc_vec3_neg(s.origin);
    s.end = demc_vec3_neg(s.end);
    return s;
}

/* Along a branch of capacity c (μF_n on the virgin branch, 2μF_n on unloading and reloading) with k0 = 8G*a, the
 * Mindlin–Deresiewicz closed form at constant F_n: the displacement from the branch origin at which the force has
 * moved by u is x(u) = (3c/2k0)[1 − (1 − u/c)^{2/3}], and its inverse u(x) = c[1 − w^{3/2}], w = 1 − 2k0x/(3c). */
/* [1 − (1 − t)^p]/t^first by its binomial series Σ_{n≥first} −C(p, n)(−t)^n / t^first (first = 1 or 2; for
 * first = 2 the term n = 1 is left out), for 0 ≤ t < 1/16: 14 terms reach rounding. The closed forms
 * 1 − (1 − t)^p cancel for small t (relative error eps/t: the forces and energies of a contact far below its
 * Coulomb limit, |F| ≪ μF_n, lost all their digits: a stored energy of −39 J for 10.3 J at μF_n/|F| = 1e8), and
 * the forms below are written in u/k0 rather than c/k0, which over- or underflow apart from u (a = 1e-308). */
DEMC_STATIC_INLINE double demci_tangential_md_series(double t, double p, int first)
{
    double term = first == 2 ? p * (1.0 - p) / 2.0 : p, sum = term;
    int n;
    for (n = first + 1; n <= 14; ++n) {
        term *= t * ((double)(n - 1) - p) / (double)n;
        sum += term;
    }
    return sum;
}

/* x(u) = (3c/2k0)[1 − (1 − t)^{2/3}], t = u/c, as (3/2)(u/k0)·[1 − (1 − t)^{2/3}]/t */
DEMC_STATIC_INLINE double demci_tangential_md_x(double u, double c, double k0)
{
    const double t = u / c;
    double r = 1.0 - t;
    if (t >= 0.0 && t < 0.0625) return 1.5 * (u / k0) * demci_tangential_md_series(t, 2.0 / 3.0, 1);
    if (r < 0.0) r = 0.0;
    return 1.5 * c / k0 * (1.0 - cbrt(r * r));
}

/* u(x) = c[1 − (1 − t)^{3/2}], t = 2k0x/(3c), as (2k0x/3)·[1 − (1 − t)^{3/2}]/t */
DEMC_STATIC_INLINE double demci_tangential_md_u(double x, double c, double k0)
{
    const double t = x * k0 / (1.5 * c), w = 1.0 - t;
    if (t >= 0.0 && t < 0.0625) return x * k0 / 1.5 * demci_tangential_md_series(t, 1.5, 1);
    return w > 0.0 ? c * (1.0 - w * sqrt(w)) : c;
}

/* h(t) = {t − (3/5)[1 − (1 − t)^{5/3}]}/t² (the bracket of ∫ x dw over c, which starts at t²/3, over t²): by its
 * series below t = 1/16. */
DEMC_STATIC_INLINE double demci_tangential_md_h(double t)
{
    double r = 1.0 - t;
    if (t >= 0.0 && t < 0.0625) return -0.6 * demci_tangential_md_series(t, 5.0 / 3.0, 2);
    if (r < 0.0) r = 0.0;
    return (t - 0.6 * (1.0 - r * cbrt(r * r))) / (t * t);
}

/* ∫_{w0}^{w1} (A − w) x'(w) dw = [(A − w) x(w)]_{w0}^{w1} + ∫_{w0}^{w1} x(w) dw, with
 * ∫ x dw = (3c/2k0)[w + (3c/5)(1 − w/c)^{5/3}]: the work returned along a branch from w0 to w1 while the force
 * component along it falls from A − w0 to A − w1. */
DEMC_STATIC_INLINE double demci_tangential_md_release(double w0, double w1, double a, double c, double k0)
{
    /* (3c/2k0){(w1 − w0) + (3c/5)[(1 − w1/c)^{5/3} − (1 − w0/c)^{5/3}]} = (3/2k0)[w1² h(w1/c) − w0² h(w0/c)] */
    return (a - w1) * demci_tangential_md_x(w1, c, k0) - (a - w0) * demci_tangential_md_x(w0, c, k0) +
           1.5 * ((w1 / k0) * w1 * demci_tangential_md_h(w1 / c) - (w0 / k0) * w0 * demci_tangential_md_h(w0 / c));
}

/* Branch of a state as an int (0 virgin, 1 unloading, 2 reloading; anything else is read as virgin). */
DEMC_STATIC_INLINE int demci_tangential_md_branch(double b) { return b == 1.0 ? 1 : b == 2.0 ? 2 : 0; }

DEMC_STATIC_INLINE double demci_tangential_md_energy(double mu, double normal_force, double k0, demc_vec3 f,
                                                     demc_vec3 origin, int branch)
{
    const double c2 = 2.0 * mu * normal_force;
    double fm;
    if (!(k0 > 0.0) || !(c2 > 0.0)) return 0.0;
    if (branch != 0) {
        const demc_vec3 d = demc_vec3_sub(f, origin);
        const double u = demc_vec3_norm(d);
        const double fe = u > 0.0 ? demc_vec3_dot(f, d) / u : 0.0;
        if (u > 0.0 && fe < 0.0 && u < c2) {
            /* The branch heads towards zero force: the release continues it until the component along it
             * vanishes; what is left across it is released by a fresh reversal. */
            double w1 = u - fe, perp2 = demc_vec3_norm2(f) - fe * fe, perp;
            if (w1 > c2) w1 = c2;
            perp = perp2 > 0.0 ? sqrt(perp2) : 0.0;
            if (perp > c2) perp = c2;
            return demci_tangential_md_release(u, w1, w1, c2, k0) +
                   demci_tangential_md_release(0.0, perp, perp, c2, k0);
        }
    }
    fm = demc_vec3_norm(f); /* a fresh reversal (Masing: capacity 2μF_n) releases |F| */
    if (fm > c2) fm = c2;
    return demci_tangential_md_release(0.0, fm, fm, c2, k0);
}

DEMC_TANGENTIAL_FN double demc_tangential_md_stiffness(const demc_tangential_md_params *p, double normal_force,
                                                       double contact_radius, const demc_tangential_md_state *s)
{
    const double k0 = contact_radius > 0.0 ? 8.0 * p->effective_shear_modulus * contact_radius : 0.0;
    const int b = demci_tangential_md_branch(s->branch);
    const double c = (b ? 2.0 : 1.0) * p->mu * normal_force;
    double r;
    if (!(c > 0.0)) return k0;
    r = 1.0 - demc_vec3_norm(b ? demc_vec3_sub(s->force, s->origin) : s->force) / c;
    return r > 0.0 ? k0 * cbrt(r) : 0.0;
}

DEMC_TANGENTIAL_FN double demc_tangential_md_stored_energy(const demc_tangential_md_params *p, double normal_force,
                                                           double contact_radius,
                                                           const demc_tangential_md_state *s)
{
    const double k0 = contact_radius > 0.0 ? 8.0 * p->effective_shear_modulus * contact_radius : 0.0;
    return demci_tangential_md_energy(p->mu, normal_force, k0, s->force, s->origin,
                                      demci_tangential_md_branch(s->branch));
}

DEMC_TANGENTIAL_FN demc_tangential_result demc_tangential_md_update(const demc_tangential_md_params *p, demc_vec3 increment,
                                                       double normal_force, double contact_radius,
                                                       demc_tangential_md_state *s,
                                                       demc_tangential_md_energy *energy)
{
    const double mu = p->mu;
    const double k0 = contact_radius > 0.0 ? 8.0 * p->effective_shear_modulus * contact_radius : 0.0;
    const double fn = normal_force > 0.0 ? normal_force : 0.0;
    const demc_vec3 zero = demc_vec3_make(0.0, 0.0, 0.0);
    const demc_vec3 f_prev = s->force;
    demc_tangential_result out;
    const double len = demc_vec3_norm(increment);
    demc_vec3 f = s->force, o = s->origin, end = s->end, f1 = s->force;
    int b = demci_tangential_md_branch(s->branch), sliding = 0, slip = 1;
    double e_prev = 0.0, e_mid = 0.0;

    if (energy)
        e_prev = demci_tangential_md_energy(mu, s->normal_force, s->stiffness, s->force, s->origin, b);
    if (!(k0 > 0.0) || !(fn > 0.0) || !(mu > 0.0) || !(len < HUGE_VAL)) {
        /* No tangential capacity: zero force, the memory is released. */
        s->force = s->origin = s->end = zero;
        s->normal_force = fn;
        s->stiffness = k0;
        s->branch = 0.0;
        if (energy) {
            energy->stored_energy = 0.0;
            energy->friction_dissipation = 0.0;
            energy->normal_exchange = e_prev - 0.5 * demc_vec3_dot(f_prev, increment);
        }
        out.force = out.damping_force = zero;
        out.sliding = 0;
        return out;
    }
    {
        const double dn = fn - s->normal_force;
        if (dn > 0.0 && k0 * len <= mu * dn) {
            /* Mindlin & Deresiewicz: an increment with |ΔT| ≤ μΔF_n produces no slip anywhere; the stiffness is the
             * full 8G*a and the memory is kept. */
            f = demc_vec3_add_scaled(f, -k0, increment);
            slip = 0;
        } else {
            /* 1. The normal-load part of Thornton & Yin: the slip annulus carries μΔF_n(1 − θ) along the branch,
             *    and the turning points move by μΔF_n (T* + μΔF_n, T** − μΔF_n). */
            demc_vec3 d = demc_vec3_sub(f, o);
            double u = demc_vec3_norm(d);
            const double c_prev = (b ? 2.0 : 1.0) * mu * s->normal_force;
            /* A step that reverses the direction starts a new branch at the current force, where θ = 1 to first
             * order (Thornton & Yin's θ with T* = T): its annulus term vanishes; the old branch's is not applied. */
            const int reverses = u > 0.0 && demc_vec3_dot(increment, d) > 0.0;
            int pass;
            if (dn != 0.0 && u > 0.0 && c_prev > 0.0) {
                double r = 1.0 - u / c_prev;
                if (r < 0.0) r = 0.0;
                if (!reverses) f = demc_vec3_add_scaled(f, mu * dn * (1.0 - cbrt(r)) / u, d);
                if (b) {
                    const demc_vec3 bv = demc_vec3_sub(o, end);
                    const double bl = demc_vec3_norm(bv);
                    if (bl > 0.0) {
                        o = demc_vec3_add_scaled(o, mu * dn / bl, bv);
                        end = demc_vec3_add_scaled(end, -mu * dn / bl, bv);
                    }
                    /* A falling load that moves the origin past the force, or collapses the branch, ends it: the
                     * branch it started from continues (reloading → unloading from T*, unloading → virgin). */
                    if (demc_vec3_dot(demc_vec3_sub(f, o), d) <= 0.0 || (dn < 0.0 && -2.0 * mu * dn >= bl)) {
                        if (b == 2) {
                            o = end;
                            end = demc_vec3_neg(end);
                            b = 1;
                        } else {
                            o = end = zero;
                            b = 0;
                        }
                    }
                }
            }
            if (energy) e_mid = demci_tangential_md_energy(mu, fn, k0, f, o, b);
            f1 = f;
            /* 2. The displacement part, exactly along the Mindlin–Deresiewicz branches at the new F_n and a. At
             *    most: a reversal, the end of an unloading or reloading branch, the virgin branch to sliding. */
            if (len > 0.0) {
                const demc_vec3 dir = demc_vec3_scale(increment, -1.0 / len);
                double rest = len;
                for (pass = 0; pass < 4 && rest > 0.0; ++pass) {
                    double c, reach, x0, xe;
                    d = demc_vec3_sub(f, o);
                    u = demc_vec3_norm(d);
                    if (u > 0.0 && demc_vec3_dot(dir, d) < 0.0) { /* reversal: the force is a turning point */
                        if (b == 1) {
                            end = o; /* reloading from T** rejoins the loading branch at T* */
                            b = 2;
                        } else {
                            end = demc_vec3_neg(f); /* unloading from T* rejoins it at −T* */
                            b = 1;
                        }
                        o = f;
                        u = 0.0;
                    }
                    c = (b ? 2.0 : 1.0) * mu * fn;
                    reach = b ? demc_vec3_norm(demc_vec3_sub(o, end)) : c;
                    if (reach > c) reach = c;
                    if (u < reach) {
                        x0 = demci_tangential_md_x(u, c, k0);
                        xe = demci_tangential_md_x(reach, c, k0);
                        if (x0 + rest < xe) {
                            f = demc_vec3_add_scaled(f, demci_tangential_md_u(x0 + rest, c, k0) - u, dir);
                            rest = 0.0;
                            break;
                        }
                        f = demc_vec3_add_scaled(f, reach - u, dir);
                        rest -= xe - x0;
                        if (rest < 0.0) rest = 0.0;
                    }
                    if (b == 0) { /* gross sliding at μF_n along the trial force */
                        const demc_vec3 trial = demc_vec3_add_scaled(f, k0 * rest, dir);
                        f = demci_vec3_max_abs(trial) > 0.0
                                ? demci_vec3_with_length(trial, demc_vec3_norm2(trial), c)
                                : demc_vec3_scale(dir, c);
                        sliding = 1;
                        rest = 0.0;
                        break;
                    }
                    o = end = zero; /* the end of an unloading or reloading branch: the virgin branch continues */
                    b = 0;
                }
            }
        }
    }
    {
        /* Coulomb: |F| ≤ μF_n (reached only by a turning force or a steep fall of F_n), compared and scaled where
         * |F|² and (μF_n)² are subnormal too (a force 8e-8 above μF_n = 2e-159 passed the plain compare). */
        const double lim = mu * fn, m2 = demc_vec3_norm2(f);
        if (demci_vec3_exceeds(f, m2, lim)) {
            f = demci_vec3_with_length(f, m2, lim);
            if (b == 0) sliding = 1;
        }
    }
    s->force = f;
    s->origin = o;
    s->end = end;
    s->normal_force = fn;
    s->stiffness = k0;
    s->branch = (double)b;
    if (energy) {
        const double e_end = demci_tangential_md_energy(mu, fn, k0, f, o, b);
        const double work = -0.5 * demc_vec3_dot(demc_vec3_add(f_prev, f), increment);
        double diss = 0.0;
        if (slip) {
            diss = -0.5 * demc_vec3_dot(demc_vec3_add(f1, f), increment) - (e_end - e_mid);
            if (diss < 0.0) diss = 0.0;
        }
        energy->stored_energy = e_end;
        energy->friction_dissipation = diss;
        energy->normal_exchange = e_prev + work - e_end - diss;
    }
    out.force = f;
    out.damping_force = zero;
    out.sliding = sliding;
    return out;
}

DEMC_END_DECLS

#endif /* DEMC_TANGENTIAL_IMPL_H */
