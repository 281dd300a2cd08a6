/* Bodies of tangential.h. Included by tangential.h only; see DESIGN §4 for why bodies live in headers. */
#ifndef DEMC_TANGENTIAL_IMPL_H
#define DEMC_TANGENTIAL_IMPL_H

#include <math.h>

DEMC_BEGIN_DECLS

DEMC_TANGENTIAL_FN double demc_tangential_stiffness_ratio(double nu) { return 2.0 * (1.0 - nu) / (2.0 - nu); }

DEMC_TANGENTIAL_FN double demc_tangential_mindlin_stiffness(double shear_modulus, double radius, double overlap)
{
    return overlap > 0.0 ? 8.0 * shear_modulus * sqrt(radius * overlap) : 0.0;
}

/* Names of the fields of a demc_tangential_params as seen from the function that checks it: role 0 the inputs of
 * demc_tangential_params_init(), 1 demc_tangential_params_validate(), 2 the member `tangential` of a
 * demc_contact_params checked by demc_contact_params_validate(); field 0 is the struct itself. */
DEMC_STATIC_INLINE const char *demci_tangential_field(int role, int field)
{
    const char *const names[] = {
        "params", "mu_static", "mu_dynamic", "stiffness_rule", "recalculation", "direction", "unloading", "coulomb",
        "params", "params.mu_static", "params.mu_dynamic", "params.stiffness_rule", "params.recalculation",
        "params.direction", "params.unloading", "params.coulomb",
        "params.tangential", "params.tangential.mu_static", "params.tangential.mu_dynamic",
        "params.tangential.stiffness_rule", "params.tangential.recalculation", "params.tangential.direction",
        "params.tangential.unloading", "params.tangential.coulomb"};
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

/* The checks of demc_tangential_params_validate(), field by field; bad_field untouched on success. */
DEMC_STATIC_INLINE demc_status demci_tangential_check(const demc_tangential_params *p, int role,
                                                      const char **bad_field)
{
    /* The number of enumerators of each convention, in field order; enumerators are compared as ints (a foreign
     * struct may hold any value, which is not a valid enum). */
    const int count[] = {DEMC_STIFFNESS_TOTAL + 1, DEMC_SLIP_CONVENTIONAL + 1, DEMC_SLIP_DIRECTION_VELOCITY + 1,
                         DEMC_UNLOADING_KEEP + 1, DEMC_COULOMB_ELASTIC + 1};
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

DEMC_TANGENTIAL_FN demc_status demc_tangential_params_validate(const demc_tangential_params *params,
                                                             const char **bad_field)
{
    demc_status s = demci_tangential_check(params, 1, bad_field);
    return s != DEMC_OK ? s : demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_TANGENTIAL_FN demc_status demc_tangential_params_init(double mu_static, double mu_dynamic,
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
DEMC_STATIC_INLINE demc_vec3 demci_tangential_slip_force(demc_slip_direction rule, double magnitude,
                                                         demc_vec3 trial_limited, demc_vec3 trial_displacement,
                                                         demc_vec3 velocity)
{
    demc_vec3 t = demc_vec3_make(0.0, 0.0, 0.0);
    if (rule == DEMC_SLIP_DIRECTION_DISPLACEMENT) t = demc_vec3_normalize(demc_vec3_neg(trial_displacement));
    else if (rule == DEMC_SLIP_DIRECTION_VELOCITY) t = demc_vec3_normalize(demc_vec3_neg(velocity));
    if (t.x != 0.0 || t.y != 0.0 || t.z != 0.0) return demc_vec3_scale(t, magnitude);
    return demc_vec3_scale(trial_limited, magnitude / demc_vec3_norm(trial_limited));
}

DEMC_TANGENTIAL_FN demc_tangential_result demc_tangential_update(const demc_tangential_params *p,
                                                                 demc_vec3 increment, demc_vec3 velocity,
                                                                 double stiffness, double normal_force,
                                                                 double damping, double dt, demc_tangential_state *s)
{
    demc_tangential_result r;
    const int total_rule = p->stiffness_rule == DEMC_STIFFNESS_TOTAL;
    const int total_policy = p->coulomb == DEMC_COULOMB_TOTAL;
    const double k_prev = s->stiffness > 0.0 ? s->stiffness : stiffness; /* a new contact has no previous k_t */
    const double fn = normal_force > 0.0 ? normal_force : 0.0;
    const demc_vec3 f_damp = demc_vec3_scale(velocity, -damping);
    demc_vec3 f_old = s->force, trial_disp, trial_force, trial_limited;
    double k_step;

    if (p->stiffness_rule == DEMC_STIFFNESS_BACKWARD) k_step = k_prev;
    else if (p->stiffness_rule == DEMC_STIFFNESS_AVERAGE) k_step = 0.5 * (k_prev + stiffness);
    else k_step = stiffness; /* forward, and the total law that uses k_t(t_m) throughout */

    /* 002 eq 2: on unloading the spring force follows the stiffness, F_old k_t(t_m)/k_t(t_{m-1}). */
    if (p->unloading == DEMC_UNLOADING_RESCALE && normal_force < s->normal_force && k_prev > 0.0)
        f_old = demc_vec3_scale(f_old, stiffness / k_prev);

    /* Energy the spring loses, with no tangential work, when the force it carries meets the new stiffness. */
    {
        const double e_prev = s->stiffness > 0.0 ? 0.5 * demc_vec3_norm2(s->force) / s->stiffness : 0.0;
        const demc_vec3 carried = total_rule ? demc_vec3_scale(s->displacement, -stiffness) : f_old;
        r.stiffness_exchange = e_prev - (stiffness > 0.0 ? 0.5 * demc_vec3_norm2(carried) / stiffness : 0.0);
    }
    trial_disp = demc_vec3_add(s->displacement, increment);
    trial_force = total_rule ? demc_vec3_scale(trial_disp, -stiffness) : demc_vec3_add_scaled(f_old, -k_step, increment);
    trial_limited = total_policy ? demc_vec3_add(trial_force, f_damp) : trial_force;

    if (demc_vec3_norm2(trial_limited) <= (p->mu_static * fn) * (p->mu_static * fn)) {
        s->displacement = trial_disp;
        s->force = trial_force;
        r.damping_force = f_damp;
        r.force = demc_vec3_add(trial_force, f_damp);
        r.friction_dissipation = 0.0;
        r.sliding = 0.0;
    } else {
        const demc_vec3 limited =
            demci_tangential_slip_force(p->direction, p->mu_dynamic * fn, trial_limited, trial_disp, velocity);
        /* The slip Δδ_sl that brings the limited force from its trial L* to L: L* + k_slip Δδ_sl = L. The spring
         * gives k_t(ξ) Δδ_sl; under the total policy the dashpot acts on the elastic rate v_t − Δδ_sl/Δt and gives
         * c_t Δδ_sl/Δt more (a return mapping with the stiffness k_t(ξ) + c_t/Δt). */
        const double c_dt = total_policy && damping > 0.0 && dt > 0.0 ? damping / dt : 0.0;
        const double k_slip = k_step + c_dt;
        const demc_vec3 slip = k_slip > 0.0 ? demc_vec3_scale(demc_vec3_sub(limited, trial_limited), 1.0 / k_slip)
                                            : demc_vec3_make(0.0, 0.0, 0.0);
        /* Without a dashpot share the spring carries L itself: taken as is, not as F* + (L − F*). */
        const demc_vec3 f_el = c_dt > 0.0 ? demc_vec3_add_scaled(trial_force, k_step, slip) : limited;
        const double inv_k_now = stiffness > 0.0 ? 1.0 / stiffness : 0.0;
        double slider_work;
        if (total_rule || p->recalculation == DEMC_SLIP_CONVENTIONAL)
            s->displacement = demc_vec3_scale(f_el, -inv_k_now); /* 000 eq 41 (001 eq 35-36 for the total law) */
        else
            s->displacement = demc_vec3_sub(trial_disp, slip); /* 000 eq 35: δ_el(t_{m-1}) − (F_el − F_old)/k_t(ξ) */
        s->force = f_el;
        r.damping_force = total_policy ? demc_vec3_add_scaled(f_damp, c_dt, slip) : f_damp;
        /* Friction work: the slip Δδ_sl = Δs − Δδ_el against the force the slider carries, the spring's mean over
         * the step (trapezoid, F_old to F_el, as an integrator applies the forces) plus, under the total policy,
         * the dashpot in series with it. With the spring's work on Δδ_el equal to its energy change, this closes
         * the step's balance exactly: it is μ_d F_n |Δδ_sl| in steady sliding, and includes the energy the spring
         * releases at a static → dynamic drop. (The energy of the trial state's return, ½(|L*|² − |L|²)/k_t,
         * is not friction work: it counts k_t|Δs|²/2 more per step when the slip per step exceeds the elastic
         * range.) Negative only for a force reversed beyond the cone within one step: reported as 0 then. */
        slider_work = -demc_vec3_dot(slip, demc_vec3_add_scaled(total_policy ? r.damping_force : demc_vec3_make(0.0, 0.0, 0.0),
                                                                0.5, demc_vec3_add(f_old, f_el)));
        r.friction_dissipation = slider_work > 0.0 ? slider_work : 0.0;
        /* The limited total is returned as computed, not as F_el + F_d, which loses digits when |F_d| ≫ |L|. */
        r.force = total_policy ? limited : demc_vec3_add(f_el, f_damp);
        r.sliding = 1.0;
    }
    s->stiffness = stiffness;
    s->normal_force = normal_force;
    s->sliding = r.sliding;
    r.stored_energy = stiffness > 0.0 ? 0.5 * demc_vec3_norm2(s->force) / stiffness : 0.0;
    /* The dashpot F_d = −c_t v_e dissipates c_t |v_e|² Δt = |F_d|² Δt / c_t. */
    r.viscous_dissipation = damping > 0.0 && dt > 0.0 ? demc_vec3_norm2(r.damping_force) * dt / damping : 0.0;
    return r;
}

DEMC_TANGENTIAL_FN demc_vec3 demc_tangential_project(demc_vec3 v, demc_vec3 n)
{
    const demc_vec3 w = demc_vec3_project_plane(v, n);
    const double m2 = demc_vec3_norm2(w);
    /* Rescaling a projection that is pure rounding noise of v along n would invent a direction: it is dropped. */
    if (!(m2 > 1e-28 * demc_vec3_norm2(v))) return demc_vec3_make(0.0, 0.0, 0.0);
    return demc_vec3_scale(w, sqrt(demc_vec3_norm2(v) / m2));
}

/* The rotation of demc_tangential_rotate(), its divisions done once so that several vectors can share them. */
typedef struct demci_tangential_turn {
    demc_vec3 n_new, w; /* new normal; n_old × n_new */
    double c, inv_1pc;  /* n_old · n_new; 1/(1 + c), or 0 when the arc is undefined (projection instead) */
    double a1, a2;      /* spin terms: 4α/(4 + α²) and 2α²/(4 + α²) */
} demci_tangential_turn;

DEMC_STATIC_INLINE demci_tangential_turn demci_tangential_turn_make(demc_vec3 n_old, demc_vec3 n_new, double spin)
{
    demci_tangential_turn t;
    const double a = 4.0 / (4.0 + spin * spin);
    t.n_new = n_new;
    t.w = demc_vec3_cross(n_old, n_new);
    t.c = demc_vec3_dot(n_old, n_new);
    /* n_old = 0 (a new contact) has no arc either: the projection keeps the vectors, as documented */
    t.inv_1pc = (1.0 + t.c >= 1e-8 && demc_vec3_norm2(n_old) > 0.0) ? 1.0 / (1.0 + t.c) : 0.0;
    t.a1 = a * spin;
    t.a2 = 0.5 * a * spin * spin;
    return t;
}

DEMC_STATIC_INLINE demc_vec3 demci_tangential_turn_apply(const demci_tangential_turn *t, demc_vec3 v)
{
    demc_vec3 r, nxr;
    if (t->inv_1pc == 0.0) {
        r = demc_tangential_project(v, t->n_new);
    } else {
        /* Rodrigues: cos θ = c, sin θ k = w, (1 − cos θ)/sin²θ = 1/(1 + c). */
        r = demc_vec3_add(demc_vec3_scale(v, t->c), demc_vec3_cross(t->w, v));
        r = demc_vec3_add_scaled(r, demc_vec3_dot(t->w, v) * t->inv_1pc, t->w);
    }
    if (t->a1 == 0.0) return r;
    nxr = demc_vec3_cross(t->n_new, r);
    return demc_vec3_add_scaled(demc_vec3_add_scaled(r, t->a1, nxr), t->a2, demc_vec3_cross(t->n_new, nxr));
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
        s->displacement = demc_tangential_project(s->displacement, n_new);
        s->force = demc_tangential_project(s->force, n_new);
    } else {
        const demci_tangential_turn t = demci_tangential_turn_make(n_old, n_new, spin);
        s->displacement = demci_tangential_turn_apply(&t, s->displacement);
        s->force = demci_tangential_turn_apply(&t, s->force);
    }
}

DEMC_TANGENTIAL_FN double demc_tangential_inverse_mass(double inv_mass_i, double inv_inertia_i, double arm_i,
                                                       double inv_mass_j, double inv_inertia_j, double arm_j)
{
    return inv_mass_i + arm_i * arm_i * inv_inertia_i + inv_mass_j + arm_j * arm_j * inv_inertia_j;
}

DEMC_TANGENTIAL_FN double demc_tangential_zero_velocity_time_zw(double speed, double mu, double normal_force,
                                                     double inverse_mass, double dt)
{
    const double rate = mu * normal_force * inverse_mass; /* deceleration of the relative speed (m/s²) */
    double tau;
    if (!(rate > 0.0) || !(speed >= 0.0)) return -1.0;
    tau = speed / rate; /* compared itself, not speed with rate Δt: no rounding past Δt, no overflow of rate Δt */
    return tau <= dt ? tau : -1.0;
}

DEMC_TANGENTIAL_FN double demc_tangential_zero_velocity_time(demc_vec3 velocity, demc_vec3 force, double inverse_mass,
                                                  double dt)
{
    /* τ = |v|/(−F_proj H) = |v|²/(−(v·F) H), with v scaled by its largest component m so that neither |v|² nor
     * v·F overflows or underflows: τ = m (|u|²/(−(u·F) H)), u = v/m, |u|² in [1, 3]. v = 0 and a force that
     * does not oppose v give −1; an infinite rate gives τ = 0; never NaN for finite inputs. */
    double m = fabs(velocity.x), rate, tau;
    demc_vec3 u;
    if (fabs(velocity.y) > m) m = fabs(velocity.y);
    if (fabs(velocity.z) > m) m = fabs(velocity.z);
    if (!(m > 0.0)) return -1.0;
    u = demc_vec3_make(velocity.x / m, velocity.y / m, velocity.z / m);
    rate = -demc_vec3_dot(u, force) * inverse_mass; /* = |u| × deceleration */
    if (!(rate > 0.0)) return -1.0;
    tau = m * (demc_vec3_norm2(u) / rate);
    return tau <= dt ? tau : -1.0;
}

DEMC_TANGENTIAL_FN int demc_tangential_zero_velocity_crossed(demc_vec3 velocity_prev, demc_vec3 velocity)
{
    return demc_vec3_dot(velocity_prev, velocity) < 0.0;
}

DEMC_END_DECLS

#endif /* DEMC_TANGENTIAL_IMPL_H */
