/* HM+D's batch two contacts at a time in SSE2 lanes: the library's unit only (src/contact.c includes this file after
 * contact.h when the target has SSE2; every x86-64 target has).
 *
 * demc_contact_eval_batch() with the kind DEMC_CONTACT_KIND_HMD evaluates its sphere pairs in pairs of contacts,
 * lane 0 contact q and lane 1 contact q + 1. Each lane performs what the scalar body performs (the frame builder,
 * then demci_contact_eval_kind() with that kind folded): the same products, sums, quotients and square roots on the
 * same operands in the same order, each correctly rounded in both, and the scalar body's selects as selects on the
 * same comparisons (an ordered comparison is false for NaN in both). The library is compiled without contraction
 * into fused multiply-adds (-ffp-contract=off, the Makefile's LIB_CFLAGS), so the results are the scalar body's bit
 * for bit (test_contact_batch, linked face). A pair of contacts either of which takes a rarer path of the scalar body
 * is evaluated contact by contact by the scalar body: apart or not overlapping, coincident centres, a new contact (no
 * previous normal), a normal turned by nearly π (1 + n_old·n < 1e-8, or a previous normal so large that 1/(1 + n_old·n)
 * is 0: the projection instead of the rotation). A
 * quotient or root the scalar body takes only on one side of a select is taken here on both lanes with a harmless
 * operand substituted in the lane that does not use it, so that no lane raises a floating-point exception the
 * scalar body would not (hosts that trap FE_DIVBYZERO or FE_INVALID in debug builds). Outputs are written and added
 * into the bodies' rows in contact order, as the scalar loop does. */
#ifndef DEMC_CONTACT_LANES_H
#define DEMC_CONTACT_LANES_H

#include <emmintrin.h>

typedef struct demci_lanes3 {
    __m128d x, y, z;
} demci_lanes3;

static inline __m128d demci_lanes_pair(double lane0, double lane1) { return _mm_set_pd(lane1, lane0); }
static inline __m128d demci_lanes_all(double v) { return _mm_set1_pd(v); }
/* m ? a : b per lane (m all ones or all zeros) */
static inline __m128d demci_lanes_select(__m128d m, __m128d a, __m128d b)
{
    return _mm_or_pd(_mm_and_pd(m, a), _mm_andnot_pd(m, b));
}
/* −a: the sign bit flipped, as C's unary minus (0 − a would give +0 for a = +0) */
static inline __m128d demci_lanes_neg(__m128d a) { return _mm_xor_pd(a, _mm_set1_pd(-0.0)); }

static inline demci_lanes3 demci_lanes3_load(const double *lane0, const double *lane1)
{
    demci_lanes3 r;
    r.x = demci_lanes_pair(lane0[0], lane1[0]);
    r.y = demci_lanes_pair(lane0[1], lane1[1]);
    r.z = demci_lanes_pair(lane0[2], lane1[2]);
    return r;
}
static inline void demci_lanes3_store(double *lane0, double *lane1, demci_lanes3 v)
{
    _mm_storel_pd(lane0, v.x), _mm_storel_pd(lane0 + 1, v.y), _mm_storel_pd(lane0 + 2, v.z);
    _mm_storeh_pd(lane1, v.x), _mm_storeh_pd(lane1 + 1, v.y), _mm_storeh_pd(lane1 + 2, v.z);
}
/* The vector algebra of base.h, lane by lane, each with demc_vec3_*'s order of operations. */
static inline demci_lanes3 demci_lanes3_add(demci_lanes3 a, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = _mm_add_pd(a.x, b.x), r.y = _mm_add_pd(a.y, b.y), r.z = _mm_add_pd(a.z, b.z);
    return r;
}
static inline demci_lanes3 demci_lanes3_sub(demci_lanes3 a, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = _mm_sub_pd(a.x, b.x), r.y = _mm_sub_pd(a.y, b.y), r.z = _mm_sub_pd(a.z, b.z);
    return r;
}
static inline demci_lanes3 demci_lanes3_scale(demci_lanes3 a, __m128d s)
{
    demci_lanes3 r;
    r.x = _mm_mul_pd(s, a.x), r.y = _mm_mul_pd(s, a.y), r.z = _mm_mul_pd(s, a.z);
    return r;
}
static inline demci_lanes3 demci_lanes3_add_scaled(demci_lanes3 a, __m128d s, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = _mm_add_pd(a.x, _mm_mul_pd(s, b.x));
    r.y = _mm_add_pd(a.y, _mm_mul_pd(s, b.y));
    r.z = _mm_add_pd(a.z, _mm_mul_pd(s, b.z));
    return r;
}
static inline __m128d demci_lanes3_dot(demci_lanes3 a, demci_lanes3 b)
{
    return _mm_add_pd(_mm_add_pd(_mm_mul_pd(a.x, b.x), _mm_mul_pd(a.y, b.y)), _mm_mul_pd(a.z, b.z));
}
static inline demci_lanes3 demci_lanes3_cross(demci_lanes3 a, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = _mm_sub_pd(_mm_mul_pd(a.y, b.z), _mm_mul_pd(a.z, b.y));
    r.y = _mm_sub_pd(_mm_mul_pd(a.z, b.x), _mm_mul_pd(a.x, b.z));
    r.z = _mm_sub_pd(_mm_mul_pd(a.x, b.y), _mm_mul_pd(a.y, b.x));
    return r;
}
static inline demci_lanes3 demci_lanes3_select(__m128d m, demci_lanes3 a, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = demci_lanes_select(m, a.x, b.x), r.y = demci_lanes_select(m, a.y, b.y), r.z = demci_lanes_select(m, a.z, b.z);
    return r;
}

/* The result of lane `lane` as the scalar body returns it. */
static inline demc_contact_result demci_lanes_result(int lane, demci_lanes3 force, demci_lanes3 torque_i,
                                                     demci_lanes3 torque_j, __m128d overlap, __m128d normal_force)
{
    double v[11][2];
    demc_contact_result r;
    _mm_storeu_pd(v[0], force.x), _mm_storeu_pd(v[1], force.y), _mm_storeu_pd(v[2], force.z);
    _mm_storeu_pd(v[3], torque_i.x), _mm_storeu_pd(v[4], torque_i.y), _mm_storeu_pd(v[5], torque_i.z);
    _mm_storeu_pd(v[6], torque_j.x), _mm_storeu_pd(v[7], torque_j.y), _mm_storeu_pd(v[8], torque_j.z);
    _mm_storeu_pd(v[9], overlap), _mm_storeu_pd(v[10], normal_force);
    r.force = demc_vec3_make(v[0][lane], v[1][lane], v[2][lane]);
    r.torque_i = demc_vec3_make(v[3][lane], v[4][lane], v[5][lane]);
    r.torque_j = demc_vec3_make(v[6][lane], v[7][lane], v[8][lane]);
    r.overlap = v[9][lane];
    r.normal_force = v[10][lane];
    return r;
}

/* Contacts q and q + 1, both within reach (the scalar loop's test), in lanes; 0 with nothing written when either
 * takes a rarer path of the scalar body (see the top of this file). */
static int demci_contact_lanes_hmd_pair(const double *c, const demc_contact_batch *b, double dt, size_t q)
{
    enum { K = DEMC_CONTACT_KIND_HMD };
    const size_t vs = b->vector_stride, ss = b->scalar_stride;
    const size_t i0 = (size_t)b->i[q], j0 = (size_t)b->j[q], i1 = (size_t)b->i[q + 1], j1 = (size_t)b->j[q + 1];
    double *s0 = b->state + q * b->state_stride, *s1 = b->state + (q + 1) * b->state_stride;
    double *spring0 = s0 + demci_contact_tangential_offset(K), *spring1 = s1 + demci_contact_tangential_offset(K);
    const __m128d zero = _mm_setzero_pd(), one = demci_lanes_all(1.0);
    const __m128d ri = demci_lanes_pair(b->radius[i0 * ss], b->radius[i1 * ss]);
    const __m128d rj = demci_lanes_pair(b->radius[j0 * ss], b->radius[j1 * ss]);
    const demci_lanes3 dx = demci_lanes3_sub(demci_lanes3_load(b->position + i0 * vs, b->position + i1 * vs),
                                             demci_lanes3_load(b->position + j0 * vs, b->position + j1 * vs));
    const __m128d d2 = demci_lanes3_dot(dx, dx), rsum = _mm_add_pd(ri, rj);
    __m128d distance, overlap, n_old_c, turnable, inv_1pc;
    demci_lanes3 n, n_old;
    distance = _mm_sqrt_pd(d2);
    overlap = _mm_sub_pd(rsum, distance);
    if (_mm_movemask_pd(_mm_cmpgt_pd(distance, zero)) != 3 || _mm_movemask_pd(_mm_cmpgt_pd(overlap, zero)) != 3)
        return 0; /* coincident centres, or within reach but not overlapping */
    n = demci_lanes3_scale(dx, _mm_div_pd(one, distance));
    n_old = demci_lanes3_load(s0, s1);
    /* a new contact (n_old = 0) carries nothing; 1 + c < 1e-8 (or NaN) projects instead of rotating */
    if (_mm_movemask_pd(_mm_and_pd(_mm_and_pd(_mm_cmpeq_pd(n_old.x, zero), _mm_cmpeq_pd(n_old.y, zero)),
                                   _mm_cmpeq_pd(n_old.z, zero))) != 0)
        return 0;
    n_old_c = demci_lanes3_dot(n_old, n);
    turnable = _mm_and_pd(_mm_cmpge_pd(_mm_add_pd(one, n_old_c), demci_lanes_all(1e-8)),
                          _mm_cmpgt_pd(demci_lanes3_dot(n_old, n_old), zero));
    if (_mm_movemask_pd(turnable) != 3) return 0;
    inv_1pc = _mm_div_pd(one, _mm_add_pd(one, n_old_c));
    if (_mm_movemask_pd(_mm_cmpeq_pd(inv_1pc, zero)) != 0) return 0; /* 1 + c overflowed: the scalar body projects */
    {
        /* the frame (demci_contact_frame_spheres) */
        const __m128d share = demci_lanes_all(c[DEMCI_M_SHARE_I]), share_j = demci_lanes_all(1.0 - c[DEMCI_M_SHARE_I]);
        const demci_lanes3 branch_i = demci_lanes3_scale(n, demci_lanes_neg(_mm_sub_pd(ri, _mm_mul_pd(share, overlap))));
        const demci_lanes3 branch_j = demci_lanes3_scale(n, _mm_sub_pd(rj, _mm_mul_pd(share_j, overlap)));
        const demci_lanes3 v_i = demci_lanes3_load(b->velocity + i0 * vs, b->velocity + i1 * vs);
        const demci_lanes3 v_j = demci_lanes3_load(b->velocity + j0 * vs, b->velocity + j1 * vs);
        const demci_lanes3 w_i = demci_lanes3_load(b->angular_velocity + i0 * vs, b->angular_velocity + i1 * vs);
        const demci_lanes3 w_j = demci_lanes3_load(b->angular_velocity + j0 * vs, b->angular_velocity + j1 * vs);
        const __m128d m_i = demci_lanes_pair(b->mass[i0 * ss], b->mass[i1 * ss]);
        const __m128d m_j = demci_lanes_pair(b->mass[j0 * ss], b->mass[j1 * ss]);
        const __m128d r_eff = _mm_div_pd(_mm_mul_pd(ri, rj), _mm_add_pd(ri, rj));
        const __m128d m_eff = _mm_div_pd(_mm_mul_pd(m_i, m_j), _mm_add_pd(m_i, m_j));
        /* the evaluation (demci_contact_eval_kind): kinematics, Hertz with its dashpot, the end rule */
        const demci_lanes3 v_c = demci_lanes3_sub(demci_lanes3_add(v_i, demci_lanes3_cross(w_i, branch_i)),
                                                  demci_lanes3_add(v_j, demci_lanes3_cross(w_j, branch_j)));
        const __m128d rate = demci_lanes_neg(demci_lanes3_dot(v_c, n));
        const demci_lanes3 v_t = demci_lanes3_add_scaled(v_c, rate, n);
        const __m128d a = _mm_sqrt_pd(_mm_mul_pd(r_eff, overlap));
        const __m128d f_el = _mm_mul_pd(_mm_mul_pd(demci_lanes_all(c[DEMCI_M_HERTZ_F]), a), overlap);
        const __m128d k_n = _mm_mul_pd(demci_lanes_all(c[DEMCI_M_HERTZ_KN]), a);
        const __m128d k_t = _mm_mul_pd(demci_lanes_all(c[DEMCI_M_HERTZ_KT]), a);
        const __m128d c_n =
            _mm_mul_pd(_mm_mul_pd(demci_lanes_all(2.0), demci_lanes_all(c[DEMCI_M_GAMMA_N])), _mm_sqrt_pd(_mm_mul_pd(m_eff, k_n)));
        const __m128d f_sum = _mm_add_pd(f_el, _mm_mul_pd(c_n, rate));
        const __m128d f_n = demci_lanes_select(_mm_cmpgt_pd(f_sum, zero), f_sum, zero);
        /* the memory turned with the normal and the mean spin (demci_tangential_turn_make/_apply) */
        const __m128d spin = _mm_mul_pd(_mm_mul_pd(demci_lanes_all(0.5), demci_lanes3_dot(demci_lanes3_add(w_i, w_j), n)),
                                        demci_lanes_all(dt));
        const __m128d a4 = _mm_div_pd(demci_lanes_all(4.0), _mm_add_pd(demci_lanes_all(4.0), _mm_mul_pd(spin, spin)));
        const demci_lanes3 w = demci_lanes3_cross(n_old, n);
        const __m128d a1 = _mm_mul_pd(a4, spin);
        const __m128d a2 = _mm_mul_pd(_mm_mul_pd(_mm_mul_pd(demci_lanes_all(0.5), a4), spin), spin);
        const demci_lanes3 memory = demci_lanes3_load(spring0, spring1);
        const demci_lanes3 arc = demci_lanes3_add_scaled(
            demci_lanes3_add(demci_lanes3_scale(memory, n_old_c), demci_lanes3_cross(w, memory)),
            _mm_mul_pd(demci_lanes3_dot(w, memory), inv_1pc), w);
        const demci_lanes3 spun = demci_lanes3_add_scaled(
            demci_lanes3_add_scaled(demci_lanes3_scale(arc, _mm_sub_pd(one, a2)), a1, demci_lanes3_cross(n, arc)),
            _mm_mul_pd(a2, demci_lanes3_dot(n, arc)), n);
        const demci_lanes3 f_old0 = demci_lanes3_select(_mm_cmpeq_pd(a1, zero), arc, spun);
        /* the spring (demci_tangential_step: average stiffness rule, unloading rescale, total Coulomb policy, slip
         * along the trial force) */
        const __m128d s_k = demci_lanes_pair(spring0[3], spring1[3]), s_fn = demci_lanes_pair(spring0[4], spring1[4]);
        const demci_lanes3 increment = demci_lanes3_scale(v_t, demci_lanes_all(dt));
        const __m128d c_t = _mm_mul_pd(c_n, demci_lanes_all(c[DEMCI_M_CT_OVER_CN]));
        const __m128d k_known = _mm_cmpgt_pd(s_k, zero);
        const __m128d k_prev = demci_lanes_select(k_known, s_k, k_t);
        const __m128d fn = demci_lanes_select(_mm_cmpgt_pd(f_n, zero), f_n, zero);
        const demci_lanes3 f_damp = demci_lanes3_scale(v_t, demci_lanes_neg(c_t));
        const __m128d k_step = _mm_mul_pd(demci_lanes_all(0.5), _mm_add_pd(k_prev, k_t));
        const __m128d prev_known = _mm_cmpgt_pd(k_prev, zero);
        const __m128d ratio = demci_lanes_select(prev_known, _mm_div_pd(k_t, demci_lanes_select(prev_known, k_prev, one)), one);
        const demci_lanes3 f_old = demci_lanes3_scale(f_old0, demci_lanes_select(_mm_cmplt_pd(f_n, s_fn), ratio, one));
        const demci_lanes3 trial_force = demci_lanes3_add_scaled(f_old, demci_lanes_neg(k_step), increment);
        const demci_lanes3 trial_limited = demci_lanes3_add(trial_force, f_damp);
        const __m128d t2 = demci_lanes3_dot(trial_limited, trial_limited);
        const __m128d lim_s = _mm_mul_pd(demci_lanes_all(c[DEMCI_M_MU_S]), fn);
        const __m128d stick = _mm_cmple_pd(t2, _mm_mul_pd(lim_s, lim_s));
        /* the slip branch, its quotients on harmless operands in the sticking lanes */
        const __m128d limit = _mm_mul_pd(demci_lanes_all(c[DEMCI_M_MU_D]), fn);
        const demci_lanes3 limited =
            demci_lanes3_scale(trial_limited, _mm_div_pd(limit, _mm_sqrt_pd(demci_lanes_select(stick, one, t2))));
        const __m128d dashpot_dt = _mm_and_pd(_mm_cmpgt_pd(c_t, zero), _mm_cmpgt_pd(demci_lanes_all(dt), zero));
        const __m128d c_dt = demci_lanes_select(dashpot_dt, _mm_div_pd(c_t, demci_lanes_all(dt > 0.0 ? dt : 1.0)), zero);
        const __m128d k_slip = _mm_add_pd(k_step, c_dt);
        const __m128d slip_known = _mm_cmpgt_pd(k_slip, zero);
        const demci_lanes3 none = {zero, zero, zero};
        const demci_lanes3 slip = demci_lanes3_select(
            slip_known,
            demci_lanes3_scale(demci_lanes3_sub(limited, trial_limited),
                               _mm_div_pd(one, demci_lanes_select(slip_known, k_slip, one))),
            none);
        const demci_lanes3 f_el_slip =
            demci_lanes3_select(_mm_cmpgt_pd(c_dt, zero), demci_lanes3_add_scaled(trial_force, k_step, slip), limited);
        const demci_lanes3 spring_force = demci_lanes3_select(stick, trial_force, f_el_slip);
        const demci_lanes3 tangential = demci_lanes3_select(stick, demci_lanes3_add(trial_force, f_damp), limited);
        const __m128d sliding = demci_lanes_select(stick, zero, one);
        /* force on i, torques about both centres */
        const demci_lanes3 force = demci_lanes3_add(demci_lanes3_scale(n, f_n), tangential);
        const demci_lanes3 torque_i = demci_lanes3_cross(branch_i, force), torque_j = demci_lanes3_cross(force, branch_j);
        demc_contact_result r;
        demci_lanes3_store(s0, s1, n);
        demci_lanes3_store(spring0, spring1, spring_force);
        _mm_storel_pd(spring0 + 3, k_t), _mm_storeh_pd(spring1 + 3, k_t);
        _mm_storel_pd(spring0 + 4, f_n), _mm_storeh_pd(spring1 + 4, f_n);
        _mm_storel_pd(spring0 + 5, sliding), _mm_storeh_pd(spring1 + 5, sliding);
        r = demci_lanes_result(0, force, torque_i, torque_j, overlap, f_n);
        demci_contact_batch_emit(b, q, (int)i0, (int)j0, 0, &r);
        r = demci_lanes_result(1, force, torque_i, torque_j, overlap, f_n);
        demci_contact_batch_emit(b, q + 1, (int)i1, (int)j1, 0, &r);
    }
    return 1;
}

/* The batch loop of DEMC_CONTACT_KIND_HMD's sphere pairs: contacts two at a time, each tested for reach as the
 * scalar loop tests it; a contact apart is released as the scalar loop releases it, and a pair of contacts within
 * reach that the lanes do not take goes through the scalar body contact by contact. */
static void demci_contact_batch_lanes_hmd(const double *c, const demc_contact_batch *b, double dt)
{
    size_t q = 0, k;
    for (; q + 1 < b->count; q += 2) {
        const int within0 = demci_contact_batch_touching(c, b, b->i[q], b->j[q], NULL);
        const int within1 = demci_contact_batch_touching(c, b, b->i[q + 1], b->j[q + 1], NULL);
        demci_contact_batch_ahead(b, NULL, q);
        demci_contact_batch_ahead(b, NULL, q + 1);
        if (within0 && within1 && demci_contact_lanes_hmd_pair(c, b, dt, q)) continue;
        for (k = q; k < q + 2; ++k) {
            if (k == q ? within0 : within1) {
                demci_contact_batch_one(DEMC_CONTACT_KIND_HMD, c, b, NULL, dt, k);
            } else {
                const demc_contact_result r =
                    demci_contact_release(DEMC_CONTACT_KIND_HMD, c, 0.0, b->state + k * b->state_stride, NULL);
                demci_contact_batch_emit(b, k, b->i[k], b->j[k], 0, &r);
            }
        }
    }
    if (q < b->count) {
        demci_contact_batch_ahead(b, NULL, q);
        demci_contact_batch_one(DEMC_CONTACT_KIND_HMD, c, b, NULL, dt, q);
    }
}

#endif /* DEMC_CONTACT_LANES_H */
