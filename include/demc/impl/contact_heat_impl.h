/* Heat through a contact (1.1): the contact radius of a frame, the conduction of the model's heat law, the share of
 * the frictional heat, demc_contact_heat().
 * Part of the bodies of contact.h (impl/contact_impl.h includes the parts in order); each part includes the
 * parts it uses, which lie above it in that order. */
#ifndef DEMC_CONTACT_HEAT_IMPL_H
#define DEMC_CONTACT_HEAT_IMPL_H

#include <math.h>
#include "../contact.h" /* the public declarations (nothing, when this part is included from there) */
#include "contact_laws_impl.h"
#include "contact_eval_impl.h"

DEMC_BEGIN_DECLS

/* Thornton & Ning's contact radius after a step, from the state it left (demc_normal_thornton_ning_state: δ_max,
 * δ_p, R_p, the neck): on the loading branch (δ = δ_max) the JKR radius at R* (elastic or plastic: the law's a² −
 * c√a = R*δ), below it the elastic branch's with R_p at δ − δ_p (√(R_p(δ − δ_p)) without adhesion, not Hertz's
 * √(R*δ): the deformed surfaces touch over what that branch gives); 0 once the surfaces have parted. */
DEMC_STATIC_INLINE double demci_contact_heat_tn_radius(const double *c, double overlap, double r_star,
                                                       const double *tn)
{
    const double neck = c[DEMCI_M_ADHESION] > 0.0 ? r_star * sqrt(2.0 * 3.14159265358979323846 * c[DEMCI_M_ADHESION] /
                                                                    c[DEMCI_M_E])
                                                  : 0.0;
    if (!(tn[3] != 0.0)) return 0.0;
    if (overlap >= tn[0]) return demci_tn_radius(neck, r_star, overlap);
    return demci_tn_radius(neck * (tn[2] / r_star), tn[2], overlap - tn[1]);
}

/* The contact radius of a step from its overlap and R*: Hertz's √(R*δ) for every law but JKR with w > 0, whose
 * radius while the neck holds (the state the evaluation left) is the JKR one, also at δ < 0, and Thornton & Ning,
 * whose radius is its own law's (demci_contact_heat_tn_radius()). */
DEMC_HOT_INLINE double demci_contact_heat_radius(const double *c, double overlap, double r_star, const double *state)
{
    const demc_contact_kind kind = demci_contact_kind_of(c);
    if (DEMCI_KIND_NORMAL(kind) == DEMC_NORMAL_JKR && c[DEMCI_M_ADHESION] > 0.0) {
        const demc_adhesion_jkr_params jp = demc_adhesion_jkr_make(c[DEMCI_M_E], r_star, c[DEMCI_M_ADHESION]);
        return state[demci_contact_normal_offset(kind)] != 0.0 ? demc_adhesion_jkr_radius(&jp, overlap) : 0.0;
    }
    if (DEMCI_KIND_NORMAL(kind) == DEMC_NORMAL_THORNTON_NING)
        return demci_contact_heat_tn_radius(c, overlap, r_star, state + demci_contact_normal_offset(kind));
    return overlap > 0.0 ? sqrt(r_star * overlap) : 0.0;
}

/* The dissipation of a step that becomes heat: the diag's dissipation terms its size covers (the signed exchange
 * terms are bookkeeping of the springs' stiffness changes, not heat). */
DEMC_STATIC_INLINE double demci_contact_heat_dissipation(const demc_contact_diag *d)
{
    double sum = 0.0;
    if (DEMCI_CONTACT_DIAG_HAS(d, viscous_dissipation)) sum += d->viscous_dissipation;
    if (DEMCI_CONTACT_DIAG_HAS(d, friction_dissipation)) sum += d->friction_dissipation;
    if (DEMCI_CONTACT_DIAG_HAS(d, plastic_dissipation)) sum += d->plastic_dissipation;
    if (DEMCI_CONTACT_DIAG_HAS(d, adhesion_dissipation)) sum += d->adhesion_dissipation;
    if (DEMCI_CONTACT_DIAG_HAS(d, rolling_dissipation)) sum += d->rolling_dissipation;
    if (DEMCI_CONTACT_DIAG_HAS(d, twisting_dissipation)) sum += d->twisting_dissipation;
    return sum;
}

/* The heat of one contact of a readable model with a heat law at contact radius a: the one body behind
 * demc_contact_heat() and the batch's loops (so that the batch's sums are the single calls' bit for bit). */
DEMC_HOT_INLINE demc_contact_heat_result demci_contact_heat_at(const double *c, double a, const demc_contact_diag *diag,
                                                               double t_i, double t_j, double dt, double *state)
{
    const double law = c[DEMCI_M_HEAT_LAW];
    demc_contact_heat_result h;
    double conductance;
    if (law == (double)DEMC_HEAT_STATIC) {
        demc_heat_contact_params p;
        p.conductivity = c[DEMCI_M_HEAT_COEFFICIENT];
        conductance = demc_heat_contact_conductance(&p, a);
    } else if (law == (double)DEMC_HEAT_AREA) {
        demc_heat_area_params p;
        p.transfer_coefficient = c[DEMCI_M_HEAT_COEFFICIENT];
        conductance = demc_heat_area_conductance(&p, a);
    } else {
        /* collisional: the step's increment of C e* π a_max² √τ per kelvin (T_j − T_i = 1), as a rate */
        double *block = state + (size_t)c[DEMCI_M_HEAT_STATE];
        demc_heat_collision_params p;
        demc_heat_collision_state s;
        p.prefactor = c[DEMCI_M_HEAT_COEFFICIENT];
        s.radius_max = block[0];
        s.duration = block[1];
        conductance = demc_heat_collision_step(&p, a, dt, 0.0, 1.0, &s) / dt;
        block[0] = s.radius_max;
        block[1] = s.duration;
    }
    h.conductance = conductance;
    h.contact_radius = a;
    h.conduction = demc_heat_flow(conductance, t_i, t_j);
    h.friction_i = h.friction_j = 0.0;
    if (diag) {
        demc_heat_partition_params pp;
        demc_heat_split split;
        pp.fraction_i = c[DEMCI_M_HEAT_FRACTION_I];
        pp.fraction_j = c[DEMCI_M_HEAT_FRACTION_J];
        split = demc_heat_partition(&pp, demci_contact_heat_dissipation(diag) / dt);
        h.friction_i = split.heat_i;
        h.friction_j = split.heat_j;
    }
    h.heat_flow_i = h.conduction + h.friction_i;
    h.heat_flow_j = h.friction_j - h.conduction;
    return h;
}

/* A contact's end for the heat law: the collisional law's memory of the impact (a_max, τ) starts again, as
 * demci_contact_heat_at() leaves it at a = 0; the memoryless laws keep nothing. */
DEMC_HOT_INLINE void demci_contact_heat_release(const double *c, double *state)
{
    if (c[DEMCI_M_HEAT_LAW] == (double)DEMC_HEAT_COLLISION) {
        double *block = state + (size_t)c[DEMCI_M_HEAT_STATE];
        block[0] = block[1] = 0.0;
    }
}

DEMC_STATIC_INLINE demc_contact_heat_result demci_contact_heat_filled(double value)
{
    demc_contact_heat_result h;
    h.heat_flow_i = h.heat_flow_j = h.conduction = h.friction_i = h.friction_j = value;
    h.conductance = h.contact_radius = value;
    return h;
}

DEMC_CONTACT_FN demc_contact_heat_result demc_contact_heat(const demc_contact_model *model,
                                                           const demc_contact_frame *frame,
                                                           const demc_contact_result *result,
                                                           const demc_contact_diag *diag, double temperature_i,
                                                           double temperature_j, double dt, double *state)
{
    const double *c = model->opaque_;
    (void)result; /* room for laws that take the contact radius from the normal force */
    if (!demci_contact_readable(c)) return demci_contact_heat_filled(HUGE_VAL - HUGE_VAL);
    if (c[DEMCI_M_HEAT_LAW] == 0.0) return demci_contact_heat_filled(0.0);
    return demci_contact_heat_at(c, demci_contact_heat_radius(c, frame->overlap, frame->effective_radius, state), diag,
                                 temperature_i, temperature_j, dt, state);
}

DEMC_END_DECLS

#endif /* DEMC_CONTACT_HEAT_IMPL_H */
