/* The evaluation of one contact in its frame, demci_contact_eval_kind(): the one body behind every model.
 * Part of the bodies of contact.h (impl/contact_impl.h includes the parts in order); each part includes the
 * parts it uses, which lie above it in that order. */
#ifndef DEMC_CONTACT_EVAL_IMPL_H
#define DEMC_CONTACT_EVAL_IMPL_H

#include <math.h>
#include <stddef.h>
#include "../contact.h" /* the public declarations (nothing, when this part is included from there) */
#include "contact_laws_impl.h"

DEMC_BEGIN_DECLS

/* ---- evaluation ---------------------------------------------------------------------------------------------- */

DEMC_STATIC_INLINE demc_contact_result demci_contact_zero_result(double overlap)
{
    demc_contact_result r;
    r.force = demc_vec3_make(0.0, 0.0, 0.0);
    r.torque_i = r.force;
    r.torque_j = r.force;
    r.overlap = overlap;
    r.normal_force = 0.0;
    return r;
}

/* 1 when the caller's diag (its size) has the field: fields appended after 0.9 are written only then. */
#define DEMCI_CONTACT_DIAG_HAS(diag, field) \
    ((diag)->size >= offsetof(demc_contact_diag, field) + sizeof((diag)->field))

DEMC_STATIC_INLINE void demci_contact_diag_clear(demc_contact_diag *diag)
{
    diag->normal_energy = 0.0;
    diag->tangential_energy = 0.0;
    diag->viscous_dissipation = 0.0;
    diag->friction_dissipation = 0.0;
    diag->plastic_dissipation = 0.0;
    diag->tangential_exchange = 0.0;
    diag->sliding = 0;
    if (DEMCI_CONTACT_DIAG_HAS(diag, adhesion_dissipation)) diag->adhesion_dissipation = 0.0;
    if (DEMCI_CONTACT_DIAG_HAS(diag, twisting_exchange)) {
        diag->rolling_energy = 0.0;
        diag->rolling_dissipation = 0.0;
        diag->rolling_exchange = 0.0;
        diag->twisting_energy = 0.0;
        diag->twisting_dissipation = 0.0;
        diag->twisting_exchange = 0.0;
    }
}

DEMC_STATIC_INLINE void demci_contact_store3(double *s, demc_vec3 v)
{
    s[0] = v.x;
    s[1] = v.y;
    s[2] = v.z;
}

/* The tangential memory kept in the slice, as the tangential kernel's struct: force, stiffness, normal force, slip
 * flag, and the displacement where the kind keeps it (else 0: no convention of the kind reads it, and what the
 * step writes there is dead code the compiler drops). */
DEMC_HOT_INLINE demc_tangential_state demci_contact_load_tangential(demc_contact_kind kind, const double *s)
{
    demc_tangential_state t;
    t.force = demci_contact_load3(s);
    t.stiffness = s[3];
    t.normal_force = s[4];
    t.sliding = s[5];
    t.displacement = demci_contact_spring_displacement(kind) ? demci_contact_load3(s + DEMCI_SPRING_DOUBLES)
                                                             : demc_vec3_make(0.0, 0.0, 0.0);
    return t;
}

DEMC_HOT_INLINE void demci_contact_store_tangential(demc_contact_kind kind, double *s, const demc_tangential_state *t)
{
    demci_contact_store3(s, t->force);
    s[3] = t->stiffness;
    s[4] = t->normal_force;
    s[5] = t->sliding;
    if (demci_contact_spring_displacement(kind)) demci_contact_store3(s + DEMCI_SPRING_DOUBLES, t->displacement);
}

/* Zeroes the first n doubles of a state (n ≤ 32: the blocks of a kind, demci_contact_state_size(); the MDR
 * springs after them are zeroed by demci_contact_mdr_zero()). Written out, not looped: a compiler turns a
 * zeroing loop (or a memset of a variable size) into a call of memset, which costs more than the dozen stores of
 * a state; with a constant kind n is a constant and this is n stores. */
DEMC_HOT_INLINE void demci_contact_zero(double *s, size_t n)
{
    if (n > 0) s[0] = 0.0;
    if (n > 1) s[1] = 0.0;
    if (n > 2) s[2] = 0.0;
    if (n > 3) s[3] = 0.0;
    if (n > 4) s[4] = 0.0;
    if (n > 5) s[5] = 0.0;
    if (n > 6) s[6] = 0.0;
    if (n > 7) s[7] = 0.0;
    if (n > 8) s[8] = 0.0;
    if (n > 9) s[9] = 0.0;
    if (n > 10) s[10] = 0.0;
    if (n > 11) s[11] = 0.0;
    if (n > 12) s[12] = 0.0;
    if (n > 13) s[13] = 0.0;
    if (n > 14) s[14] = 0.0;
    if (n > 15) s[15] = 0.0;
    if (n > 16) s[16] = 0.0;
    if (n > 17) s[17] = 0.0;
    if (n > 18) s[18] = 0.0;
    if (n > 19) s[19] = 0.0;
    if (n > 20) s[20] = 0.0;
    if (n > 21) s[21] = 0.0;
    if (n > 22) s[22] = 0.0;
    if (n > 23) s[23] = 0.0;
    if (n > 24) s[24] = 0.0;
    if (n > 25) s[25] = 0.0;
    if (n > 26) s[26] = 0.0;
    if (n > 27) s[27] = 0.0;
    if (n > 28) s[28] = 0.0;
    if (n > 29) s[29] = 0.0;
    if (n > 30) s[30] = 0.0;
    if (n > 31) s[31] = 0.0;
}

/* The MDR block is zeroed. A block already zero (h = 0: no contact since the last release, every spring zero) is
 * not written again: a pair that stays apart in a host's list costs a load, not 8 + 2·springs stores, a step. */
DEMC_STATIC_INLINE void demci_contact_mdr_zero(demc_contact_kind kind, const double *c, double *state)
{
    double *const block = state + demci_contact_mdr_offset(kind);
    const size_t n = DEMCI_MDR_DOUBLES((size_t)c[DEMCI_M_MDR_SPRINGS]);
    size_t k;
    if (block[0] == 0.0) return;
    for (k = 0; k < n; ++k) block[k] = 0.0;
}

/* The energy the MDR springs hold, Σ 4G*L_i|u_i|² (0 for a new contact). */
DEMC_STATIC_INLINE double demci_contact_mdr_energy(demc_contact_kind kind, const double *c, const double *state)
{
    const double *const block = state + demci_contact_mdr_offset(kind);
    const int n = (int)c[DEMCI_M_MDR_SPRINGS];
    return block[0] > 0.0 ? demci_tangential_mdr_energy(c[DEMCI_M_G], n, block[0], block[1],
                                                        block + DEMC_TANGENTIAL_MDR_CELLS,
                                                        block + DEMC_TANGENTIAL_MDR_CELLS + n)
                          : 0.0;
}

/* The contact is over: the memory is reset and the energy the tangential spring still held is released (reported
 * as exchange, so that an energy account across the separation closes). */
DEMC_HOT_INLINE demc_contact_result demci_contact_release(demc_contact_kind kind, const double *c, double overlap,
                                                         double *state, demc_contact_diag *diag)
{
    if (diag) {
        demci_contact_diag_clear(diag);
        const double *spring = /* formed only when there is one: a model without state may have state = NULL */
            DEMCI_KIND_TANGENTIAL(kind) != DEMC_TANGENTIAL_NONE ? state + demci_contact_tangential_offset(kind) : NULL;
        if (DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_SPRING)
            diag->tangential_exchange =
                demci_contact_block_energy(demci_tangential_law(kind), c, state, demci_contact_tangential_offset(kind));
        if (DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ) /* its recoverable energy */
            diag->tangential_exchange = demci_tangential_md_energy(
                c[DEMCI_M_MU_D], spring[9], spring[10], demci_contact_load3(spring), demci_contact_load3(spring + 3),
                demci_tangential_md_branch(spring[11]));
        if (DEMCI_KIND_MDR(kind)) diag->tangential_exchange = demci_contact_mdr_energy(kind, c, state);
        /* the rolling and twisting springs release what they held (their rows' energy; CDT keeps no state) */
        if (DEMCI_CONTACT_DIAG_HAS(diag, twisting_exchange)) {
            diag->rolling_exchange = demci_contact_block_energy(demci_rolling_law(DEMCI_KIND_ROLLING(kind)), c, state,
                                                                demci_contact_rolling_offset(kind));
            diag->twisting_exchange = demci_contact_block_energy(demci_twisting_law(DEMCI_KIND_TWISTING(kind)), c,
                                                                 state, demci_contact_twisting_offset(kind));
        }
    }
    demci_contact_zero(state, demci_contact_state_size(kind));
    if (DEMCI_KIND_MDR(kind)) demci_contact_mdr_zero(kind, c, state);
    return demci_contact_zero_result(overlap);
}

/* The JKR neck breaks: the contact is released and, on request, the energy the neck held at the jump-off is
 * reported as adhesion dissipation (the pair's R* is the neck double: the frame of this call may be empty). */
DEMCI_COLD DEMC_STATIC_INLINE demc_contact_result demci_contact_jkr_break(demc_contact_kind kind, const double *c,
                                                               double overlap, double *state,
                                                               demc_contact_diag *diag)
{
    const double r_star = state[demci_contact_normal_offset(kind)];
    double loss = 0.0;
    demc_contact_result r;
    if (diag && r_star > 0.0) {
        const demc_adhesion_jkr_params jp = demc_adhesion_jkr_make(c[DEMCI_M_E], r_star, c[DEMCI_M_ADHESION]);
        loss = demc_adhesion_jkr_cycle_loss(&jp);
    }
    r = demci_contact_release(kind, c, overlap, state, diag);
    if (diag && DEMCI_CONTACT_DIAG_HAS(diag, adhesion_dissipation)) diag->adhesion_dissipation = loss;
    return r;
}

/* ---- the elasto-plastic laws (1.1): Thornton & Ning, Luding, EEPA --------------------------------------------- */

/* The kernels' parameters from the model's constants (Thornton & Ning's derived ones from the pair's R*: zero when
 * they cannot be formed, and the pair is then not in contact). */
DEMC_HOT_INLINE demc_normal_luding_params demci_contact_luding_params(const double *c)
{
    demc_normal_luding_params p;
    p.loading_stiffness = c[DEMCI_M_PLASTIC];
    p.unloading_stiffness = c[DEMCI_M_PLASTIC + 1];
    p.tension_stiffness = c[DEMCI_M_PLASTIC + 2];
    p.plastic_limit = c[DEMCI_M_PLASTIC + 3];
    return p;
}

DEMC_HOT_INLINE demc_normal_eepa_params demci_contact_eepa_params(const double *c)
{
    demc_normal_eepa_params p;
    p.loading_stiffness = c[DEMCI_M_PLASTIC];
    p.plasticity_ratio = c[DEMCI_M_PLASTIC + 1];
    p.pulloff_force = c[DEMCI_M_PLASTIC + 2];
    p.adhesion_stiffness = c[DEMCI_M_PLASTIC + 3];
    p.exponent = c[DEMCI_M_PLASTIC + 4];
    p.adhesion_exponent = c[DEMCI_M_PLASTIC + 5];
    p.unloading_stiffness = c[DEMCI_M_PLASTIC + 6];
    p.plastic_factor = c[DEMCI_M_PLASTIC + 7];
    return p;
}

DEMC_STATIC_INLINE demc_normal_thornton_ning_params demci_contact_tn_params(const double *c, double r_star)
{
    demc_normal_thornton_ning_params p;
    if (demc_normal_thornton_ning_init(c[DEMCI_M_E], r_star, c[DEMCI_M_ADHESION], c[DEMCI_M_PLASTIC], &p, NULL) !=
        DEMC_OK)
        memset(&p, 0, sizeof p);
    return p;
}

DEMC_STATIC_INLINE demc_normal_thornton_ning_state demci_contact_tn_load(const double *s)
{
    demc_normal_thornton_ning_state t;
    t.max_overlap = s[0];
    t.plastic_overlap = s[1];
    t.unloading_radius = s[2];
    t.neck = s[3];
    return t;
}

/* Luding: the energy the law still gives back and dissipates from the point where the unloading branch of δ_max = m
 * meets the tensile one, δ_min = (k₂ − k₁)m/(k₂ + k_c), to separation: ½k₂(δ_min − δ₀)² + ½k_cδ_min² (0 for m = 0). */
DEMC_STATIC_INLINE double demci_contact_luding_tension(const demc_normal_luding_params *p, double m)
{
    demc_normal_luding_state st;
    double k2, dmin;
    if (!(m > 0.0)) return 0.0;
    st.max_overlap = m;
    k2 = demc_normal_luding_unloading_stiffness(p, m);
    dmin = (k2 - p->loading_stiffness) * (m < p->plastic_limit ? m : p->plastic_limit) / (k2 + p->tension_stiffness);
    return demc_normal_luding_stored_energy(p, dmin, st) + 0.5 * p->tension_stiffness * dmin * dmin;
}

/* Luding: the loading loss to δ_max = m, ½k₁m² − ½k₁²m²/k₂(m) (m capped at δ*): what the loading work leaves
 * beyond the energy of the unloading branch. */
DEMC_STATIC_INLINE double demci_contact_luding_loading(const demc_normal_luding_params *p, double m)
{
    const double mc = m < p->plastic_limit ? m : p->plastic_limit, k1 = p->loading_stiffness;
    const double k2 = demc_normal_luding_unloading_stiffness(p, mc);
    return mc > 0.0 ? 0.5 * k1 * mc * mc * (1.0 - k1 / k2) : 0.0;
}

/* EEPA: the energy of the k₂ branch of δ_p at δ and the work of the adhesive force from δ to separation,
 * U(δ, δ_p) + k_adh δ^{χ+1}/(χ + 1). */
DEMC_STATIC_INLINE double demci_contact_eepa_tension_at(const demc_normal_eepa_params *p, double d, double dp)
{
    demc_normal_eepa_state st;
    st.plastic_overlap = dp;
    return demc_normal_eepa_stored_energy(p, d, st) +
           (p->adhesion_stiffness > 0.0
                ? p->adhesion_stiffness * d * demci_eepa_pow(d, p->adhesion_exponent) / (p->adhesion_exponent + 1.0)
                : 0.0);
}

/* EEPA: as demci_contact_luding_tension(), from where the k₂ branch of δ_p meets the adhesive one. */
DEMC_STATIC_INLINE double demci_contact_eepa_tension(const demc_normal_eepa_params *p, double dp)
{
    demc_normal_eepa_params q = *p;
    if (!(dp > 0.0)) return 0.0;
    q.plastic_factor = 1.0; /* demc_normal_eepa_min_overlap() of δ_max = δ_p/1 is that of the branch of δ_p */
    return demci_contact_eepa_tension_at(p, demc_normal_eepa_min_overlap(&q, dp), dp);
}

/* The energy the normal law of a contact that ends now dissipates from its state to separation (adhesion
 * dissipation): Luding and EEPA along the unloading and tensile branches, Thornton & Ning the neck's break at its
 * jump-off (0 without a neck); 0 for every other law. */
DEMCI_COLD DEMC_STATIC_INLINE double demci_contact_plastic_release_loss(demc_contact_kind kind, const double *c,
                                                             const double *state)
{
    const unsigned normal = DEMCI_KIND_NORMAL(kind);
    const double *s = state + demci_contact_normal_offset(kind);
    if (normal == DEMC_NORMAL_LUDING) {
        const demc_normal_luding_params p = demci_contact_luding_params(c);
        return demci_contact_luding_tension(&p, s[0]);
    }
    if (normal == DEMC_NORMAL_EEPA) {
        const demc_normal_eepa_params p = demci_contact_eepa_params(c);
        return demci_contact_eepa_tension(&p, s[0]);
    }
    if (normal == DEMC_NORMAL_THORNTON_NING && s[3] != 0.0 && s[2] > 0.0 && c[DEMCI_M_ADHESION] > 0.0) {
        const demc_adhesion_jkr_params jp = demc_adhesion_jkr_make(c[DEMCI_M_E], s[2], c[DEMCI_M_ADHESION]);
        return demc_adhesion_jkr_cycle_loss(&jp);
    }
    return 0.0;
}

/* An elasto-plastic law's contact ends (or, for Thornton & Ning, its deformed surfaces are apart): the contact is
 * released and, on request, the normal law's loss to separation is reported as adhesion dissipation. `keep`: the
 * normal block (Thornton & Ning's state between a break and δ ≤ 0) is kept as it is. */
DEMCI_COLD DEMC_STATIC_INLINE demc_contact_result demci_contact_plastic_release(demc_contact_kind kind, const double *c,
                                                                     double overlap, double *state,
                                                                     demc_contact_diag *diag, double loss, int keep)
{
    double kept[4] = {0.0, 0.0, 0.0, 0.0};
    const size_t at = demci_contact_normal_offset(kind), n = demci_normal_law(DEMCI_KIND_NORMAL(kind)).doubles;
    size_t k;
    demc_contact_result r;
    if (keep)
        for (k = 0; k < n; ++k) kept[k] = state[at + k];
    r = demci_contact_release(kind, c, overlap, state, diag);
    if (keep)
        for (k = 0; k < n; ++k) state[at + k] = kept[k];
    if (diag && DEMCI_CONTACT_DIAG_HAS(diag, adhesion_dissipation)) diag->adhesion_dissipation = loss;
    return r;
}

/* One step of an elasto-plastic law in contact: the elastic force, the stiffness of its dashpot (and of k_t = κ k_n
 * for Luding and EEPA), the contact radius (Thornton & Ning), what the Coulomb load adds to F_n, and on request the
 * stored energy and the step's plastic and adhesive losses (each the step's work along the law's branches less the
 * growth of the stored energy, from the states before and after: see the plastic page); `contact` 0 when Thornton
 * & Ning's surfaces are apart (its state is written then too; `adhesion` is a break's loss). */
typedef struct demci_contact_plastic_step {
    double force, stiffness, radius, lift, energy, plastic, adhesion;
    int contact;
} demci_contact_plastic_step;

DEMC_STATIC_INLINE demci_contact_plastic_step demci_contact_plastic_none(void)
{
    demci_contact_plastic_step ps;
    ps.force = ps.stiffness = ps.radius = ps.lift = ps.energy = ps.plastic = ps.adhesion = 0.0;
    ps.contact = 0;
    return ps;
}

DEMC_STATIC_INLINE demci_contact_plastic_step demci_contact_plastic(demc_contact_kind kind, const double *c,
                                                                    const demc_contact_frame *f, double *state,
                                                                    int want_energy)
{
    const unsigned normal = DEMCI_KIND_NORMAL(kind);
    const double delta = f->overlap;
    double *s = state + demci_contact_normal_offset(kind);
    demci_contact_plastic_step ps;
    ps.force = ps.stiffness = ps.radius = ps.lift = ps.energy = ps.plastic = ps.adhesion = 0.0;
    ps.contact = 1;
    if (normal == DEMC_NORMAL_LUDING) {
        const demc_normal_luding_params p = demci_contact_luding_params(c);
        demc_normal_luding_state st;
        demc_normal_luding_result lr;
        const double m_old = s[0];
        st.max_overlap = m_old;
        lr = demc_normal_luding_force(&p, delta, &st);
        s[0] = st.max_overlap;
        ps.force = lr.force;
        ps.stiffness = p.loading_stiffness; /* Luding's constant dashpot, 2γ√(m* k₁) */
        ps.lift = p.tension_stiffness * delta; /* Luding 2008: the Coulomb load F_n + k_cδ */
        if (want_energy) {
            const double u = demc_normal_luding_stored_energy(&p, delta, st);
            ps.energy = u;
            if (st.max_overlap > m_old)
                ps.plastic = demci_contact_luding_loading(&p, st.max_overlap) - demci_contact_luding_loading(&p, m_old);
            else if (st.max_overlap < m_old)
                ps.adhesion = demci_contact_luding_tension(&p, m_old) - (u + 0.5 * p.tension_stiffness * delta * delta);
        }
    } else if (normal == DEMC_NORMAL_EEPA) {
        const demc_normal_eepa_params p = demci_contact_eepa_params(c);
        demc_normal_eepa_state st;
        demc_normal_eepa_result er;
        const double dp_old = s[0], n = p.exponent;
        st.plastic_overlap = dp_old;
        er = demc_normal_eepa_update(&p, delta, &st);
        s[0] = st.plastic_overlap;
        ps.force = er.force;
        /* the loading branch's tangent n k₁δ^{n−1} */
        ps.stiffness = n == 1.0 ? p.loading_stiffness : n * p.loading_stiffness * (demci_eepa_pow(delta, n) / delta);
        if (want_energy) {
            const double u = demc_normal_eepa_stored_energy(&p, delta, st);
            ps.energy = u + p.pulloff_force * delta;
            if (st.plastic_overlap > dp_old) {
                /* loading from where the k₂ branch of δ_p,old meets the loading curve, δ_p,old/λ_P^{1/n} */
                const double from = dp_old > 0.0 ? dp_old / p.plastic_factor : 0.0;
                demc_normal_eepa_state so;
                so.plastic_overlap = dp_old;
                ps.plastic = p.loading_stiffness *
                                 (delta * demci_eepa_pow(delta, n) - from * demci_eepa_pow(from, n)) / (n + 1.0) -
                             (u - (from > 0.0 ? demc_normal_eepa_stored_energy(&p, from, so) : 0.0));
            } else if (st.plastic_overlap < dp_old) {
                ps.adhesion = demci_contact_eepa_tension(&p, dp_old) -
                              demci_contact_eepa_tension_at(&p, delta, st.plastic_overlap);
            }
        }
    } else { /* Thornton & Ning */
        const demc_normal_thornton_ning_params p = demci_contact_tn_params(c, f->effective_radius);
        demc_normal_thornton_ning_state st = demci_contact_tn_load(s);
        const demc_normal_thornton_ning_state old = st;
        demc_normal_thornton_ning_result tr;
        if (!(p.effective_radius > 0.0)) { /* a pair outside the law's domain (its constants not representable) */
            s[0] = s[1] = s[2] = s[3] = 0.0;
            ps.contact = 0;
            return ps;
        }
        tr = demc_normal_thornton_ning_update(&p, delta, &st);
        s[0] = st.max_overlap;
        s[1] = st.plastic_overlap;
        s[2] = st.unloading_radius;
        s[3] = st.neck;
        if (!(st.neck != 0.0)) {
            ps.contact = 0;
            if (want_energy && old.neck != 0.0 && old.unloading_radius > 0.0 && p.work_of_adhesion > 0.0) {
                /* the neck broke: the JKR potential of R_p at its jump-off */
                const demc_adhesion_jkr_params jp = demc_adhesion_jkr_make(c[DEMCI_M_E], old.unloading_radius,
                                                                           p.work_of_adhesion);
                ps.adhesion = demc_adhesion_jkr_cycle_loss(&jp);
            }
            return ps;
        }
        ps.force = tr.force;
        ps.radius = tr.contact_radius;
        ps.stiffness = c[DEMCI_M_HERTZ_KN] * tr.contact_radius; /* 2E*a, as for the adhesive laws */
        ps.lift = 2.0 * 1.5 * 3.14159265358979323846 * p.work_of_adhesion * st.unloading_radius; /* 2F_c of R_p */
        if (want_energy) {
            ps.energy = demc_normal_thornton_ning_energy(&p, delta, st);
            if (st.max_overlap > old.max_overlap) {
                demc_normal_thornton_ning_state o = old;
                double before = 0.0;
                o.neck = 1.0;
                if (old.max_overlap > 0.0 && old.unloading_radius > 0.0)
                    before = demc_normal_thornton_ning_loading_work(&p, old.max_overlap) -
                             demc_normal_thornton_ning_energy(&p, old.max_overlap, o);
                ps.plastic = demc_normal_thornton_ning_loading_work(&p, st.max_overlap) -
                             demc_normal_thornton_ning_energy(&p, st.max_overlap, st) - before;
            }
        }
    }
    if (ps.plastic < 0.0) ps.plastic = 0.0; /* ≥ 0 exactly; a rounding below 0 is no gain */
    if (ps.adhesion < 0.0) ps.adhesion = 0.0;
    return ps;
}

/* An adhesive law at this step (w or k > 0): the elastic force, the stiffness 2E*a of its dashpot, the contact
 * radius, what the Coulomb load adds to F_n, the energy on request, and whether the bodies are in contact (JKR:
 * the neck, updated in the state; the others: δ > 0, tested by the caller). */
typedef struct demci_contact_glue {
    double force, stiffness, radius, lift, energy;
    int contact;
} demci_contact_glue;

DEMC_HOT_INLINE demci_contact_glue demci_contact_adhesion(demc_contact_kind kind, const double *c,
                                                          const demc_contact_frame *f, double *state,
                                                          int want_energy)
{
    const unsigned normal = DEMCI_KIND_NORMAL(kind);
    const double delta = f->overlap, e = c[DEMCI_M_E], r_star = f->effective_radius, w = c[DEMCI_M_ADHESION];
    demci_contact_glue g;
    demc_adhesion_result ar;
    g.energy = 0.0;
    if (normal == DEMC_NORMAL_JKR) {
        const size_t at = demci_contact_normal_offset(kind);
        const demc_adhesion_jkr_params jp = demc_adhesion_jkr_make(e, r_star, w);
        demc_adhesion_state neck;
        neck.neck = state[at] != 0.0 ? 1.0 : 0.0;
        ar = demc_adhesion_jkr_update(&jp, delta, &neck);
        if (ar.contact) state[at] = r_star; /* the neck, holding R* for the energy of its break */
        g.lift = 2.0 * jp.pulloff_force;      /* Thornton & Yin 1991: F + 2F_c */
        if (want_energy && ar.contact) g.energy = demc_adhesion_jkr_energy(&jp, ar.contact_radius);
    } else if (normal == DEMC_NORMAL_DMT) {
        const demc_adhesion_dmt_params dp = demc_adhesion_dmt_make(e, r_star, w);
        ar = demc_adhesion_dmt_force(&dp, delta);
        g.lift = dp.pulloff_force; /* the load of the Hertz circle, F + 2πwR* */
        if (want_energy) g.energy = demc_adhesion_dmt_energy(&dp, delta);
    } else {
        /* the two radii apart, from the frame (R_j = 0: a plane) */
        const demc_adhesion_sjkr_params sp = demc_adhesion_sjkr_make(e, f->radius_i, f->radius_j, w,
                                     normal == DEMC_NORMAL_SJKR ? DEMC_ADHESION_SJKR_LENS : DEMC_ADHESION_SJKR_LINEAR);
        ar = demc_adhesion_sjkr_force(&sp, delta);
        g.lift = ar.friction_load - ar.force; /* the load of the Hertz part, F + kA */
        if (want_energy) g.energy = demc_adhesion_sjkr_energy(&sp, delta);
    }
    g.force = ar.force;
    g.stiffness = ar.contact_stiffness;
    g.radius = ar.contact_radius;
    g.contact = ar.contact;
    return g;
}

DEMC_STATIC_INLINE demci_contact_glue demci_contact_glue_none(void)
{
    demci_contact_glue g;
    g.force = g.stiffness = g.radius = g.lift = g.energy = 0.0;
    g.contact = 0;
    return g;
}

/* The memory is carried into this step's frame: every tangent-plane vector of the state by the turn from the
 * previous normal to this one, plus the mean spin of the two bodies about the normal; its Rodrigues parameter
 * 2 tan(φ/2) is taken as φ (the rotation angle is then 2 atan(φ/2) = φ − φ³/12 + …, as [Campello 2015] eq 45 does
 * for its increments). The vectors share the turn's divisions, and take its form for tangent-plane vectors
 * (demci_tangential_turn_apply_tangent). A new contact (no previous normal) has nothing to carry. */
/* One vector of the state carried by the turn (or projected). */
DEMC_HOT_INLINE void demci_contact_carry_one(demc_contact_kind kind, const demci_tangential_turn *turn, demc_vec3 n,
                                             double *v)
{
    if (DEMCI_KIND_TRANSPORT(kind) == DEMC_TRANSPORT_PROJECT)
        demci_contact_store3(v, demci_tangential_project(demci_contact_load3(v), n));
    else
        demci_contact_store3(v, demci_tangential_turn_apply_tangent(turn, demci_contact_load3(v)));
}

DEMC_HOT_INLINE void demci_contact_carry(demc_contact_kind kind, const double *c, const demc_contact_frame *f,
                                         double dt, double *state)
{
    const demc_vec3 n = f->normal;
    const int count = demci_contact_vector_count(kind);
    demci_tangential_turn turn;
    if (count == 0 && !DEMCI_KIND_MDR(kind)) return; /* no vectors, and maybe no state at all: nothing is read */
    if (DEMCI_KIND_TRANSPORT(kind) != DEMC_TRANSPORT_PROJECT) {
        /* The previous normal is the frame block. A new contact has none (zero): the turn takes the projection then,
         * as demc_tangential_transport() does, and the vectors, zero, stay zero (no test of its own: ~10
         * instructions a contact). */
        const demc_vec3 n_old = demci_contact_load3(state);
        const double spin =
            DEMCI_KIND_SPIN(kind) ? 0.5 * demc_vec3_dot(demc_vec3_add(f->angular_velocity_i, f->angular_velocity_j), n) * dt
                                  : 0.0;
        turn = demci_tangential_turn_make(n_old, n, spin);
    }
    /* (A projection needs no previous normal: the vectors of a new contact are zero and stay so.) Written out rather
     * than looped, so that with a constant kind it is straight-line code at any -O level. At most DEMCI_MAX_VECTORS
     * vectors (the blocks' vectors together). */
    if (count > 0) demci_contact_carry_one(kind, &turn, n, state + demci_contact_vector_offset(kind, 0));
    if (count > 1) demci_contact_carry_one(kind, &turn, n, state + demci_contact_vector_offset(kind, 1));
    if (count > 2) demci_contact_carry_one(kind, &turn, n, state + demci_contact_vector_offset(kind, 2));
    if (count > 3) demci_contact_carry_one(kind, &turn, n, state + demci_contact_vector_offset(kind, 3));
    if (count > 4) demci_contact_carry_one(kind, &turn, n, state + demci_contact_vector_offset(kind, 4));
    if (DEMCI_KIND_MDR(kind)) {
        /* The springs' basis turns with the vectors above (the springs' components in it are kept); the projection,
         * which keeps each spring's length, maps the components of every cell inside the contact as well. */
        double *const block = state + demci_contact_mdr_offset(kind);
        if (DEMCI_KIND_TRANSPORT(kind) == DEMC_TRANSPORT_PROJECT)
            demci_tangential_mdr_project((int)c[DEMCI_M_MDR_SPRINGS], n, block);
        else
            demci_tangential_mdr_turn(&turn, demci_contact_load3(state), block);
    }
}

/* [Campello 2015] eq 25-29: centre displacements minus the rolling of each body's contact point under its
 * incremental rotation α_Δ = ω Δt (eq 45 with a constant spin); (I − Q_Δ) d is linear in d, so the branch vector is
 * passed as the "normal" with unit radius. */
DEMC_HOT_INLINE demc_vec3 demci_contact_rolling_increment(const demc_contact_frame *f, double dt)
{
    const demc_vec3 roll_i =
        demc_rodrigues_rolling_displacement(demc_vec3_scale(f->angular_velocity_i, dt), 1.0, f->branch_i);
    const demc_vec3 roll_j =
        demc_rodrigues_rolling_displacement(demc_vec3_scale(f->angular_velocity_j, dt), 1.0, f->branch_j);
    const demc_vec3 travel = demc_vec3_scale(demc_vec3_sub(f->velocity_i, f->velocity_j), dt);
    return demc_vec3_project_plane(demc_vec3_sub(travel, demc_vec3_sub(roll_i, roll_j)), f->normal);
}

/* The load the friction limits take (the kernels bound by max(load, 0)): |load| under DEMC_COULOMB_LOAD_ABSOLUTE
 * (LAMMPS GRANULAR's μ|F_n|, also while the contact pulls), else the load itself. A select on a constant kind. */
DEMC_HOT_INLINE double demci_contact_coulomb_load(demc_contact_kind kind, double load)
{
    return DEMCI_KIND_COULOMB_LOAD(kind) == DEMC_COULOMB_LOAD_ABSOLUTE ? fabs(load) : load;
}

/* The one evaluation behind every model (demci_contact_eval_kind() adds a liquid bridge to it). With a constant kind
 * every slot and convention folds; without a diag the energy terms are not computed. */
DEMC_HOT_INLINE demc_contact_result demci_contact_eval_contact(demc_contact_kind kind, const double *c,
                                                               const demc_contact_frame *f, double dt, double *state,
                                                               demc_contact_diag *diag)
{
    const unsigned normal = DEMCI_KIND_NORMAL(kind);
    const int damped = DEMCI_KIND_DAMPING(kind) == DEMC_DAMPING_VISCOUS;
    const int spring = DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_SPRING;
    const int md = DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ;
    const int mdr = DEMCI_KIND_MDR(kind);
    const double delta = f->overlap, m_eff = f->effective_mass;
    /* An adhesive law with w (or k) > 0; with 0 it is the Hertz law, bit for bit. */
    const int glued = DEMCI_NORMAL_ADHESIVE(normal) && c[DEMCI_M_ADHESION] > 0.0;
    const demc_vec3 n = f->normal;
    demc_contact_result r;
    demc_vec3 v_c, v_t;
    demci_contact_glue glue;
    demci_contact_plastic_step plast; /* the elasto-plastic laws (1.1) */
    double rate, f_el, f_n, k_n, k_t = 0.0, c_n = 0.0, c_t = 0.0, energy = 0.0, plastic = 0.0, radius = 0.0;
    double adhesion = 0.0; /* the elasto-plastic laws' adhesive loss of the step */
    double torque_load = 0.0;           /* the rolling and twisting laws' normal load */
    demc_contact_diag *torque_diag = NULL; /* diag, when it has their energy terms */

    if (!DEMCI_NORMAL_PLASTIC(normal)) plast = demci_contact_plastic_none(); /* (unread: folds away) */
    if (glued) {
        /* The law's contact test: JKR while the neck holds (it forms at δ > 0), the others while δ > 0. */
        if (!(delta > 0.0) &&
            (normal != DEMC_NORMAL_JKR || !(state[demci_contact_normal_offset(kind)] != 0.0)))
            return demci_contact_release(kind, c, delta, state, diag);
        glue = demci_contact_adhesion(kind, c, f, state, diag != 0);
        if (normal == DEMC_NORMAL_JKR && !glue.contact) return demci_contact_jkr_break(kind, c, delta, state, diag);
    } else if (DEMCI_NORMAL_PLASTIC(normal)) {
        /* Luding and EEPA while δ > 0; Thornton & Ning while its neck holds (a frame beyond the reach has R* = 0:
         * the neck is lost there, as JKR's) */
        glue = demci_contact_glue_none();
        if (normal == DEMC_NORMAL_THORNTON_NING
                ? !(f->effective_radius > 0.0) ||
                      (!(delta > 0.0) && !(state[demci_contact_normal_offset(kind) + 3] != 0.0))
                : !(delta > 0.0))
            return demci_contact_plastic_release(kind, c, delta, state, diag,
                                                 diag ? demci_contact_plastic_release_loss(kind, c, state) : 0.0, 0);
        plast = demci_contact_plastic(kind, c, f, state, diag != 0);
        if (!plast.contact) return demci_contact_plastic_release(kind, c, delta, state, diag, plast.adhesion, 1);
    } else {
        glue = demci_contact_glue_none();
        if (!(delta > 0.0)) return demci_contact_release(kind, c, delta, state, diag);
    }

    /* Velocity of i's material point at the contact relative to j's, its normal rate and tangential part
     * ([Zabulionis 2012] eq 9-11). */
    v_c = demc_vec3_sub(demc_vec3_add(f->velocity_i, demc_vec3_cross(f->angular_velocity_i, f->branch_i)),
                        demc_vec3_add(f->velocity_j, demc_vec3_cross(f->angular_velocity_j, f->branch_j)));
    rate = -demc_vec3_dot(v_c, n);
    v_t = demc_vec3_add_scaled(v_c, rate, n);

    /* Normal force: elastic part and tangent stiffness k_n, dashpot 2γ√(m* k_n) δ̇, end rule. */
    if (normal == DEMC_NORMAL_LINEAR) {
        k_n = c[DEMCI_M_K];
        f_el = k_n * delta;
        if (diag) energy = 0.5 * k_n * delta * delta;
        k_t = c[DEMCI_M_KAPPA] * k_n;
    } else if (normal == DEMC_NORMAL_PLSB) {
        demc_normal_pls_params pp;
        demc_normal_pls_state latch;
        const size_t at = demci_contact_normal_offset(kind);
        double before = 0.0;
        pp.loading_stiffness = c[DEMCI_M_PLS_K1];
        pp.unloading_stiffness = c[DEMCI_M_PLS_K2];
        pp.plastic_fraction = c[DEMCI_M_PLS_FRACTION];
        latch.overlap_max = state[at];
        if (diag) before = demc_normal_pls_dissipated_energy(&pp, &latch);
        f_el = demc_normal_pls_force(&pp, delta, &latch);
        if (diag) {
            energy = demc_normal_pls_elastic_energy(&pp, delta, &latch);
            plastic = demc_normal_pls_dissipated_energy(&pp, &latch) - before;
        }
        state[at] = latch.overlap_max;
        k_n = pp.unloading_stiffness;
        k_t = c[DEMCI_M_KAPPA] * pp.unloading_stiffness; /* [Cummins 2012] eq 3: κ k₂ */
    } else if (DEMCI_NORMAL_PLASTIC(normal)) {
        /* Elasto-plastic (1.1): Thornton & Ning's dashpot and k_t on the contact circle, 2E*a and 8G*a; Luding's
         * and EEPA's on the loading stiffness, k_t = κ k_n. */
        f_el = plast.force;
        energy = plast.energy;
        plastic = plast.plastic;
        adhesion = plast.adhesion;
        k_n = plast.stiffness;
        radius = plast.radius;
        if (spring)
            k_t = normal == DEMC_NORMAL_THORNTON_NING ? c[DEMCI_M_HERTZ_KT] * plast.radius : c[DEMCI_M_KAPPA] * k_n;
    } else if (glued) {
        /* Adhesive: the dashpot and Mindlin's k_t on the contact circle, 2E*a and 8G*a (dF/dδ of JKR is negative
         * or infinite near the jump-off). */
        f_el = glue.force;
        energy = glue.energy;
        k_n = glue.stiffness;
        if (spring) k_t = c[DEMCI_M_HERTZ_KT] * glue.radius;
        radius = glue.radius;
    } else {
        /* Hertz: one root, a = √(R* δ), serves the force (4/3)E* a δ, k_n = 2E* a and k_t = 8G* a. */
        const double a = sqrt(f->effective_radius * delta);
        f_el = c[DEMCI_M_HERTZ_F] * a * delta;
        if (diag) energy = 0.4 * f_el * delta;
        k_n = c[DEMCI_M_HERTZ_KN] * a;
        if (spring) k_t = c[DEMCI_M_HERTZ_KT] * a;
        radius = a;
    }
    if (damped) c_n = 2.0 * c[DEMCI_M_GAMMA_N] * sqrt(m_eff * k_n);
    f_n = f_el + c_n * rate;
    if (!DEMCI_NORMAL_ADHESIVE(normal) && !DEMCI_NORMAL_PLASTIC(normal) &&
        DEMCI_KIND_END(kind) == DEMC_CONTACT_END_FORCE)
        f_n = f_n > 0.0 ? f_n : 0.0; /* no attraction */
    r.force = demc_vec3_scale(n, f_n);

    /* The memory is carried into this step's frame; the new normal is kept for the next one. */
    demci_contact_carry(kind, c, f, dt, state);
    if (demci_contact_frame_offset_end(kind) > 0) demci_contact_store3(state, n);

    /* Tangential force: the spring advanced by the increment. */
    if (spring) {
        double *slot = state + demci_contact_tangential_offset(kind);
        demc_tangential_params tp;
        demc_tangential_state ts = demci_contact_load_tangential(kind, slot);
        const demc_vec3 increment =
            DEMCI_KIND_INCREMENT(kind) == DEMC_INCREMENT_ROLLING ? demci_contact_rolling_increment(f, dt)
                                                                 : demc_vec3_scale(v_t, dt);
        demci_tangential_step_result rt;
        c_t = c_n * c[DEMCI_M_CT_OVER_CN]; /* 2γ_t √(m* k_t) */
        tp.mu_static = c[DEMCI_M_MU_S];
        tp.mu_dynamic = c[DEMCI_M_MU_D];
        tp.stiffness_rule = (demc_stiffness_rule)DEMCI_KIND_STIFFNESS_RULE(kind);
        tp.recalculation = (demc_slip_recalculation)DEMCI_KIND_RECALCULATION(kind);
        tp.direction = (demc_slip_direction)DEMCI_KIND_DIRECTION(kind);
        tp.unloading = (demc_unloading_rule)DEMCI_KIND_UNLOADING(kind);
        tp.coulomb = (demc_coulomb_policy)DEMCI_KIND_COULOMB(kind);
        /* The Coulomb load: F_n, plus what the adhesive law adds (JKR 2F_c, DMT 2πwR*, simplified JKR kA) or the
         * elasto-plastic adhesive law's pull-off; its magnitude under DEMC_COULOMB_LOAD_ABSOLUTE (the kernel bounds by
         * max(load, 0)). */
        rt = demci_tangential_step(&tp, increment, v_t, k_t,
                                   demci_contact_coulomb_load(kind, glued                         ? f_n + glue.lift
                                                                    : DEMCI_NORMAL_PLASTIC(normal) ? f_n + plast.lift
                                                                                                   : f_n),
                                   c_t, dt, &ts, diag != 0);
        demci_contact_store_tangential(kind, slot, &ts);
        r.force = demc_vec3_add(r.force, rt.force);
        if (diag) {
            diag->tangential_energy = rt.stored_energy;
            diag->friction_dissipation = rt.friction_dissipation;
            diag->tangential_exchange = rt.stiffness_exchange;
            diag->sliding = rt.sliding;
            diag->viscous_dissipation = rt.viscous_dissipation;
        }
    } else if (md || mdr) {
        /* Mindlin–Deresiewicz (Thornton & Yin) or MDR: the kernel gives the micro-slip force from the increment, F_n
         * and a; the dashpot −c_t v_t (c_t with the no-slip 8G*a) is added outside it, and under the total Coulomb
         * policy scaled down so that the total stays within μF_n (the kernel's memory is not changed by it). */
        const demc_vec3 increment =
            DEMCI_KIND_INCREMENT(kind) == DEMC_INCREMENT_ROLLING ? demci_contact_rolling_increment(f, dt)
                                                                 : demc_vec3_scale(v_t, dt);
        const double mu = c[DEMCI_M_MU_D];
        demc_vec3 f_t, f_d;
        double share = 1.0, stored = 0.0, friction = 0.0, exchange = 0.0;
        int sliding = 0;
        c_t = c_n * c[DEMCI_M_CT_OVER_CN]; /* 2γ_t √(m* 8G*a) */
        if (md) {
            double *slot = state + demci_contact_tangential_offset(kind);
            demc_tangential_md_params mp;
            demc_tangential_md_state ms;
            demc_tangential_md_energy me;
            demc_tangential_result step;
            mp.mu = mu;
            mp.effective_shear_modulus = c[DEMCI_M_G];
            mp.variant = (demc_tangential_md_variant)(int)c[DEMCI_M_MD_VARIANT];
            ms.force = demci_contact_load3(slot);
            ms.origin = demci_contact_load3(slot + 3);
            ms.end = demci_contact_load3(slot + 6);
            ms.normal_force = slot[9];
            ms.stiffness = slot[10];
            ms.branch = slot[11];
            step = demc_tangential_md_update(&mp, increment, f_n, radius, &ms, diag ? &me : 0);
            f_t = step.force;
            sliding = step.sliding;
            demci_contact_store3(slot, ms.force);
            demci_contact_store3(slot + 3, ms.origin);
            demci_contact_store3(slot + 6, ms.end);
            slot[9] = ms.normal_force;
            slot[10] = ms.stiffness;
            slot[11] = ms.branch;
            if (diag) {
                stored = me.stored_energy;
                friction = me.friction_dissipation;
                exchange = me.normal_exchange;
            }
        } else {
            /* MDR: the kernel's update on the law's block (its basis already carried into this frame); the energy
             * the finite resolution loses at the contact's edge (the continuum's springs slip to zero there) is
             * micro-slip dissipation, with the Coulomb slip of the springs; nothing is exchanged while in contact. */
            double *const block = state + demci_contact_mdr_offset(kind);
            demc_tangential_mdr_energy me;
            if (radius > 0.0) {
                f_t = demci_tangential_mdr_advance(c[DEMCI_M_G], mu, (int)c[DEMCI_M_MDR_SPRINGS], n, increment, f_n,
                                                   radius, block, diag ? &sliding : 0, diag ? &me : 0);
            } else { /* a contact radius that underflowed to 0: no spring in contact, all released (as the kernel) */
                me.stored_energy = me.slip_dissipation = 0.0;
                me.grid_dissipation = diag ? demci_contact_mdr_energy(kind, c, state) : 0.0;
                demci_contact_mdr_zero(kind, c, state);
                f_t = demc_vec3_make(0.0, 0.0, 0.0);
                sliding = 0;
            }
            if (diag) {
                stored = me.stored_energy;
                friction = me.slip_dissipation + me.grid_dissipation;
            }
        }
        f_d = demc_vec3_scale(v_t, -c_t);
        if (DEMCI_KIND_COULOMB(kind) == DEMC_COULOMB_TOTAL && c_t > 0.0) {
            /* the largest s in [0, 1] with |F_t + s F_d| ≤ μF_n (|F_t| ≤ μF_n: s = 0 always qualifies) */
            const double lim = mu * (f_n > 0.0 ? f_n : 0.0);
            const double dd = demc_vec3_norm2(f_d), fd = demc_vec3_dot(f_t, f_d);
            const double room = lim * lim - demc_vec3_norm2(f_t);
            if (dd > 0.0 && demc_vec3_norm2(demc_vec3_add(f_t, f_d)) > lim * lim) {
                const double disc = fd * fd + dd * (room > 0.0 ? room : 0.0);
                share = (sqrt(disc) - fd) / dd;
                share = share < 0.0 ? 0.0 : share > 1.0 ? 1.0 : share;
            }
        }
        r.force = demc_vec3_add(r.force, demc_vec3_add_scaled(f_t, share, f_d));
        if (diag) {
            diag->tangential_energy = stored;
            diag->friction_dissipation = friction;
            diag->tangential_exchange = exchange;
            diag->sliding = sliding;
            diag->viscous_dissipation = share * c_t * demc_vec3_norm2(v_t) * dt; /* −s F_d·v_t Δt ≥ 0 */
        }
    } else if (diag) {
        demci_contact_diag_clear(diag);
    }
    if (diag) {
        diag->normal_energy = energy;
        /* Work of the dashpot force actually applied, (f_n − f_el) δ̇ Δt: ≥ 0, also when clamped. */
        diag->viscous_dissipation += (f_n - f_el) * rate * dt;
        diag->plastic_dissipation = plastic;
        if (DEMCI_CONTACT_DIAG_HAS(diag, adhesion_dissipation)) diag->adhesion_dissipation = adhesion;
        if (DEMCI_CONTACT_DIAG_HAS(diag, twisting_exchange)) {
            diag->rolling_energy = 0.0; /* the rolling and twisting laws below write their own */
            diag->rolling_dissipation = 0.0;
            diag->rolling_exchange = 0.0;
            diag->twisting_energy = 0.0;
            diag->twisting_dissipation = 0.0;
            diag->twisting_exchange = 0.0;
        }
    }
    /* Torques: d_i × F on i, and d_j × (−F) = F × d_j on j (the reaction −F acts at the contact point). */
    r.torque_i = demc_vec3_cross(f->branch_i, r.force);
    r.torque_j = demc_vec3_cross(r.force, f->branch_j);

    /* Rolling and twisting resistance, after the tangential force (the order of LAMMPS GRANULAR): pure couples,
     * +M on i and −M on j, limited by the load the Coulomb limit uses (F_n, plus the adhesive law's lift); their
     * energy terms only in a diag that has them. */
    if (DEMCI_KIND_ROLLING(kind) != DEMC_ROLLING_NONE || DEMCI_KIND_TWISTING(kind) != DEMC_TWISTING_NONE) {
        torque_load = demci_contact_coulomb_load(
            kind, glued ? f_n + glue.lift : DEMCI_NORMAL_PLASTIC(normal) ? f_n + plast.lift : f_n);
        torque_diag = diag && DEMCI_CONTACT_DIAG_HAS(diag, twisting_exchange) ? diag : NULL;
    }
    if (DEMCI_KIND_ROLLING(kind) != DEMC_ROLLING_NONE) {
        const unsigned law = DEMCI_KIND_ROLLING(kind);
        /* the memory of a spring law (CDT has none: nothing of the state is read or formed for it) */
        double *slot = law == DEMC_ROLLING_CDT ? NULL : state + demci_contact_rolling_offset(kind);
        const demc_vec3 before = slot ? demci_contact_load3(slot) : demc_vec3_make(0.0, 0.0, 0.0);
        demc_rolling_energy re;
        demc_rolling_result rr;
        double slip = 0.0; /* the slider's work as the trapezoid of the spring, unclipped (below) */
        if (law == DEMC_ROLLING_CDT) {
            demc_rolling_cdt_params p;
            p.mu_rolling = c[DEMCI_M_ROLL_MU];
            p.limiter = (demc_rolling_cdt_limiter)(int)c[DEMCI_M_ROLL_LIMITER];
            rr = demc_rolling_cdt_torque(&p, n, f->effective_radius, torque_load, f->effective_inertia,
                                         f->angular_velocity_i, f->angular_velocity_j, dt, torque_diag ? &re : NULL);
        } else if (law == DEMC_ROLLING_EPSD) {
            demc_rolling_epsd_params p;
            demc_rolling_epsd_state rs;
            p.mu_rolling = c[DEMCI_M_ROLL_MU];
            p.stiffness_coefficient = c[DEMCI_M_ROLL_C];
            p.damping_ratio = c[DEMCI_M_ROLL_ETA];
            p.mobilised_damping = c[DEMCI_M_ROLL_F];
            rs.torque = demci_contact_load3(slot);
            /* I_r = [1/(I_i + m_i R_i²) + 1/(I_j + m_j R_j²)]⁻¹ = (7/2) I* for solid spheres (I = (2/5) m R²) */
            rr = demc_rolling_epsd_torque(&p, n, f->effective_radius, k_n, torque_load, 3.5 * f->effective_inertia,
                                          f->angular_velocity_i, f->angular_velocity_j, dt, &rs,
                                          torque_diag ? &re : NULL);
            {
                /* k_r follows k_n: the energy the spring held at the old stiffness is exchanged with the load */
                const double k_r = demc_rolling_epsd_stiffness(&p, k_n, f->effective_radius);
                if (torque_diag && slot[3] > 0.0 && k_r > 0.0)
                    torque_diag->rolling_exchange = /* two energies: 1/k_r overflows for a subnormal k_r */
                        0.5 * demc_vec3_norm2(before) / slot[3] - 0.5 * demc_vec3_norm2(before) / k_r;
                if (torque_diag && rr.mobilised && k_r > 0.0) {
                    const demc_vec3 trial = demc_vec3_add_scaled(
                        before, -k_r * dt, demc_rolling_angular_velocity(n, f->angular_velocity_i, f->angular_velocity_j));
                    slip = -0.5 * demc_vec3_dot(demc_vec3_add(before, rs.torque), demc_vec3_sub(rs.torque, trial)) / k_r;
                }
                slot[3] = k_r;
            }
            demci_contact_store3(slot, rs.torque);
        } else {
            demc_rolling_sds_params p;
            demc_rolling_sds_state rs;
            p.stiffness = c[DEMCI_M_ROLL_K];
            p.damping = c[DEMCI_M_ROLL_GAMMA];
            p.mu_rolling = c[DEMCI_M_ROLL_MU];
            rs.displacement = demci_contact_load3(slot);
            rr = demc_rolling_sds_torque(&p, n, f->effective_radius, torque_load, f->angular_velocity_i,
                                         f->angular_velocity_j, dt, &rs, torque_diag ? &re : NULL);
            if (torque_diag && rr.mobilised) {
                const demc_vec3 trial = demc_vec3_add_scaled(
                    before, dt, demc_rolling_velocity(n, f->effective_radius, f->angular_velocity_i, f->angular_velocity_j));
                slip = 0.5 * p.stiffness * demc_vec3_dot(demc_vec3_add(before, rs.displacement),
                                                         demc_vec3_sub(trial, rs.displacement));
            }
            demci_contact_store3(slot, rs.displacement);
        }
        r.torque_i = demc_vec3_add(r.torque_i, rr.torque_i);
        r.torque_j = demc_vec3_add(r.torque_j, rr.torque_j);
        if (torque_diag) {
            torque_diag->rolling_energy = re.stored_energy;
            torque_diag->rolling_dissipation = re.viscous_dissipation + re.friction_dissipation;
            /* Where the slider's work is negative the law clips its dissipation at 0: the memory was set (to the
             * limit, by spring and dashpot together) with energy no work supplied; that part is an exchange. */
            if (slip < 0.0) torque_diag->rolling_exchange += slip;
        }
    }
    if (DEMCI_KIND_TWISTING(kind) != DEMC_TWISTING_NONE) {
        double *slot = state + demci_contact_twisting_offset(kind);
        demc_twisting_state ts;
        demc_twisting_energy te;
        demc_twisting_result rt;
        const double phi_old = slot[0];
        double k_tw = c[DEMCI_M_TWIST_K];
        ts.angle = phi_old;
        if (DEMCI_KIND_TWISTING(kind) == DEMC_TWISTING_MARSHALL) {
            demc_twisting_marshall_params p;
            p.mu_tangential = c[DEMCI_M_TWIST_MU];
            /* a = √(R*δ) (the Hertz law has it already; an adhesive law gives its own contact radius) */
            if (!(radius > 0.0)) radius = delta > 0.0 ? sqrt(f->effective_radius * delta) : 0.0;
            rt = demc_twisting_marshall_torque(&p, n, radius, k_t, c_t, torque_load, f->angular_velocity_i,
                                               f->angular_velocity_j, dt, &ts, torque_diag ? &te : NULL);
            /* k_tw = ½ k_t a² follows the contact: the energy held at the old stiffness is exchanged */
            k_tw = k_t > 0.0 ? 0.5 * k_t * radius * radius : 0.0;
            if (torque_diag) torque_diag->twisting_exchange = 0.5 * slot[0] * slot[0] * (slot[1] - k_tw);
            slot[1] = k_tw;
        } else {
            demc_twisting_sds_params p;
            p.stiffness = c[DEMCI_M_TWIST_K];
            p.damping = c[DEMCI_M_TWIST_GAMMA];
            p.mu_twisting = c[DEMCI_M_TWIST_MU];
            rt = demc_twisting_sds_torque(&p, n, torque_load, f->angular_velocity_i, f->angular_velocity_j, dt, &ts,
                                          torque_diag ? &te : NULL);
        }
        slot[0] = ts.angle;
        r.torque_i = demc_vec3_add(r.torque_i, rt.torque_i);
        r.torque_j = demc_vec3_add(r.torque_j, rt.torque_j);
        if (torque_diag) {
            torque_diag->twisting_energy = te.stored_energy;
            torque_diag->twisting_dissipation = te.viscous_dissipation + te.friction_dissipation;
            if (rt.mobilised) { /* as for the rolling slider: a negative slip work is an exchange */
                const double trial = phi_old + demc_twisting_velocity(n, f->angular_velocity_i, f->angular_velocity_j) * dt;
                const double slip = 0.5 * k_tw * (phi_old + ts.angle) * (trial - ts.angle);
                if (slip < 0.0) torque_diag->twisting_exchange += slip;
            }
        }
    }
    r.overlap = delta;
    r.normal_force = f_n;
    return r;
}

/* ---- the liquid bridge (1.1) --------------------------------------------------------------------------------- */

/* The bridge of the pair of a frame (its two radii; R_j = 0: a plane) from the model's constants and the host's
 * volume of the contact's bridge (DEMC_CONTACT_STATE_BRIDGE_VOLUME): 0, negative or NaN gives the model's V, a volume
 * above V_max gives V_max, so that the bridge ruptures within the model's range. */
DEMC_STATIC_INLINE demc_capillary_params demci_contact_bridge_params(const double *c, const demc_contact_frame *f,
                                                                    double host_volume)
{
    const double max_volume = c[DEMCI_M_BRIDGE + 6];
    const double volume =
        host_volume > 0.0 ? (host_volume < max_volume ? host_volume : max_volume) : c[DEMCI_M_BRIDGE + 2];
    demc_capillary_params p = demc_capillary_make(c[DEMCI_M_BRIDGE], c[DEMCI_M_BRIDGE + 1], volume,
                                                  f->radius_i, f->radius_j,
                                                  (demc_capillary_form)(int)c[DEMCI_M_BRIDGE + 3]);
    if (c[DEMCI_M_BRIDGE + 4] > 0.0)
        (void)demc_capillary_viscous_init(c[DEMCI_M_BRIDGE + 4], c[DEMCI_M_BRIDGE + 5], &p, NULL);
    return p;
}

/* The contact's evaluation and its liquid bridge: the bridge forms when the bodies touch and ruptures at S_c (or
 * where the frame builders drop the pair: an empty frame, which zeroes the block; its marker in the state holds the
 * pair's Derjaguin radius R_h while it exists, for the energy of that rupture; `had` and `host_volume` are the
 * block as it was before the contact's evaluation, whose release zeroes it), its force −F_cap + F_visc is added
 * along n to the contact's (the Coulomb, rolling and twisting loads are the contact's own F_n), and with a diag its
 * energy W(0) − W(δ) (W = demc_capillary_energy(), zero at touch) is added to normal_energy, its viscous work to
 * viscous_dissipation and, at rupture, W(0) to adhesion_dissipation. Out of line: the bridge's path. */
DEMCI_OUT_OF_LINE
demc_contact_result demci_contact_eval_bridge(demc_contact_kind kind, const double *c, const demc_contact_frame *f,
                                              double dt, double *state, demc_contact_diag *diag, double had,
                                              double host_volume, demc_contact_result r)
{
    double *const flag = state + demci_contact_bridge_offset(kind);
    const double delta = f->overlap;
    demc_capillary_state bs;
    bs.bridge = had;
    if (!(f->effective_radius > 0.0)) { /* an empty frame: the pair is past the range ≥ S_c, the bridge ruptured */
        flag[0] = flag[1] = 0.0;        /* the contact is over: the state is a new contact's */
        if (diag && had > 0.0 && DEMCI_CONTACT_DIAG_HAS(diag, adhesion_dissipation)) {
            /* the energy the bridge held there, W(0), from the Derjaguin radius its flag keeps */
            demc_contact_frame g = *f;
            g.radius_i = g.radius_j = had;
            {
                const demc_capillary_params p = demci_contact_bridge_params(c, &g, host_volume);
                diag->adhesion_dissipation += demc_capillary_energy(&p, 0.0);
            }
        }
        return r;
    }
    {
        const demc_capillary_params p = demci_contact_bridge_params(c, f, host_volume);
        const demc_vec3 n = f->normal;
        const demc_vec3 v_c =
            demc_vec3_sub(demc_vec3_add(f->velocity_i, demc_vec3_cross(f->angular_velocity_i, f->branch_i)),
                          demc_vec3_add(f->velocity_j, demc_vec3_cross(f->angular_velocity_j, f->branch_j)));
        const double rate = -demc_vec3_dot(v_c, n);
        const demc_capillary_result br = demc_capillary_update(&p, delta, rate, &bs);
        const demc_vec3 force = demc_vec3_scale(n, br.force);
        flag[0] = bs.bridge != 0.0 ? p.radius : 0.0; /* the pair's Derjaguin radius while the bridge exists */
        flag[1] = host_volume;                        /* the host's, as it wrote it */
        if (br.bridge) {
            r.force = demc_vec3_add(r.force, force);
            r.torque_i = demc_vec3_add(r.torque_i, demc_vec3_cross(f->branch_i, force));
            r.torque_j = demc_vec3_add(r.torque_j, demc_vec3_cross(force, f->branch_j));
            r.normal_force += br.force;
        }
        if (diag) {
            const double w0 = br.bridge || br.ruptured ? demc_capillary_energy(&p, 0.0) : 0.0;
            if (br.bridge) {
                diag->normal_energy += w0 - demc_capillary_energy(&p, delta);
                diag->viscous_dissipation += br.viscous_force * rate * dt; /* F_visc δ̇ ≥ 0 */
            }
            if (br.ruptured && DEMCI_CONTACT_DIAG_HAS(diag, adhesion_dissipation)) diag->adhesion_dissipation += w0;
        }
    }
    return r;
}

/* A kind with a liquid bridge: the contact, then the bridge from its flag before the contact's evaluation (whose
 * release zeroes the kind's blocks). Out of line, so that the bodies of the kinds without a bridge are those of a
 * model without this option, instruction for instruction. */
DEMCI_OUT_OF_LINE
demc_contact_result demci_contact_eval_bridged(demc_contact_kind kind, const double *c, const demc_contact_frame *f,
                                               double dt, double *state, demc_contact_diag *diag)
{
    const double had = state[demci_contact_bridge_offset(kind)];
    const double host_volume = state[demci_contact_bridge_offset(kind) + 1];
    const demc_contact_result r = demci_contact_eval_contact(kind, c, f, dt, state, diag);
    return demci_contact_eval_bridge(kind, c, f, dt, state, diag, had, host_volume, r);
}

/* The evaluation of a kind: the contact, with its liquid bridge when the kind has one (a bit that folds). */
DEMC_HOT_INLINE demc_contact_result demci_contact_eval_kind(demc_contact_kind kind, const double *c,
                                                            const demc_contact_frame *f, double dt, double *state,
                                                            demc_contact_diag *diag)
{
    if (DEMCI_KIND_BRIDGE(kind)) return demci_contact_eval_bridged(kind, c, f, dt, state, diag);
    return demci_contact_eval_contact(kind, c, f, dt, state, diag);
}

/* The general body, the kind read at run time, out of line: one copy per unit for every call with a diag (energy
 * terms are bookkeeping, not the force loop: the specialised bodies would cost a copy of the evaluation each for
 * no measurable gain there), for the kinds no dispatch specialises and for the batch's rare paths. Bit for bit the
 * specialised bodies' results (test_contact_batch). The frame by address (by value, its 27 doubles were copied
 * once more on every call: ~50 instructions a contact); a caller builds it in a block of its own, so that its
 * frame of a specialised kind stays in registers. A liquid bridge is taken here as demci_contact_eval_bridged()
 * takes it (its marker and the host's volume read before the contact's evaluation, the bridge added after), its
 * tests on a bit read at run time: through demci_contact_eval_kind() the bridged path would inline a second copy
 * of the whole evaluation with the kind read at run time (42 KB of the library's text). */
DEMCI_OUT_OF_LINE
demc_contact_result demci_contact_eval_general(const double *c, const demc_contact_frame *frame, double dt,
                                               double *state, demc_contact_diag *diag)
{
    const demc_contact_kind kind = demci_contact_kind_of(c);
    const double had = DEMCI_KIND_BRIDGE(kind) ? state[demci_contact_bridge_offset(kind)] : 0.0;
    const double host_volume = DEMCI_KIND_BRIDGE(kind) ? state[demci_contact_bridge_offset(kind) + 1] : 0.0;
    const demc_contact_result r = demci_contact_eval_contact(kind, c, frame, dt, state, diag);
    return DEMCI_KIND_BRIDGE(kind) ? demci_contact_eval_bridge(kind, c, frame, dt, state, diag, had, host_volume, r)
                                   : r;
}

DEMC_END_DECLS

#endif /* DEMC_CONTACT_EVAL_IMPL_H */
