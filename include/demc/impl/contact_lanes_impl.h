/* The batch of HM+D's and HM's laws two contacts at a time in SSE2 lanes. Compiled where DEMCI_BATCH_LANES is set
 * below: in the library (built with -ffp-contract=off), and in a header-only unit whose
 * target has SSE2 and no fused multiply-add instructions (every x86-64 target without -mfma, -march=haswell or
 * later: nothing can be fused there). DEMC_NO_LANES before the first demc include turns them off.
 *
 * demc_contact_eval_batch() with a kind demci_contact_lanes_serve() admits (the HMD and HM presets, and their laws
 * under other conventions that keep no elastic displacement and slip along the trial force) evaluates its sphere
 * pairs in pairs of contacts, lane 0 contact q and lane 1 contact q + 1. Each lane performs what the scalar body
 * performs (the frame builder, then demci_contact_eval_kind() with that kind): the same products, sums, quotients
 * and square roots on the same operands in the same order, each correctly rounded in both, and the scalar body's
 * selects as selects on the same comparisons (an ordered comparison is false for NaN in both). With no contraction
 * into fused multiply-adds in either, the results are the scalar body's bit for bit (test_contact_batch on both
 * faces; the contact fuzzer).
 *
 * A pair of contacts either of which takes a rarer path of the scalar body is evaluated contact by contact by the
 * scalar body: apart or not overlapping, coincident centres, a new contact (no previous normal), a normal turned by
 * nearly π (1 + n_old·n < 1e-8, or a previous normal so large that 1/(1 + n_old·n) is 0: the projection instead of
 * the rotation). A quotient or root the scalar body takes only on one side of a select is taken here on both lanes
 * with a harmless operand substituted in the lane that does not use it, so that no lane raises a floating-point
 * exception the scalar body would not (hosts that trap FE_DIVBYZERO or FE_INVALID in debug builds). Outputs are
 * written and added into the bodies' rows in contact order, as the scalar loop does. */
#ifndef DEMC_CONTACT_LANES_IMPL_H
#define DEMC_CONTACT_LANES_IMPL_H

/* The batch two contacts at a time in SSE2 lanes, where the lanes give the scalar body's results bit for bit: in the
 * library, built with -ffp-contract=off, and in a header-only unit whose target has no fused multiply-add
 * instructions (nothing can be fused there); never under -ffast-math or nvcc; DEMC_NO_LANES turns them off. */
#if defined(__SSE2__) && !defined(DEMC_NO_LANES) && !defined(__CUDACC__) && !defined(__FAST_MATH__) &&               \
    (defined(DEMC_BUILDING_LIBRARY) ||                                                                             \
     (!defined(__FMA__) && !defined(__FMA4__) && !defined(__FP_FAST_FMA) && !defined(__AVX512F__)))
#  define DEMCI_BATCH_LANES 1
#  include <emmintrin.h>
#endif

#include "../contact.h" /* the public declarations (nothing, when this part is included from there) */
#include "contact_batch_loop_impl.h"

#ifdef DEMCI_BATCH_LANES
DEMC_BEGIN_DECLS

typedef struct demci_lanes3 {
    __m128d x, y, z;
} demci_lanes3;

DEMC_STATIC_INLINE __m128d demci_lanes_pair(double lane0, double lane1) { return _mm_set_pd(lane1, lane0); }
DEMC_STATIC_INLINE __m128d demci_lanes_all(double v) { return _mm_set1_pd(v); }
/* m ? a : b per lane (m all ones or all zeros) */
DEMC_STATIC_INLINE __m128d demci_lanes_select(__m128d m, __m128d a, __m128d b)
{
    return _mm_or_pd(_mm_and_pd(m, a), _mm_andnot_pd(m, b));
}
/* −a: the sign bit flipped, as C's unary minus (0 − a would give +0 for a = +0) */
DEMC_STATIC_INLINE __m128d demci_lanes_neg(__m128d a) { return _mm_xor_pd(a, _mm_set1_pd(-0.0)); }

DEMC_STATIC_INLINE demci_lanes3 demci_lanes3_load(const double *lane0, const double *lane1)
{
    demci_lanes3 r;
    r.x = demci_lanes_pair(lane0[0], lane1[0]);
    r.y = demci_lanes_pair(lane0[1], lane1[1]);
    r.z = demci_lanes_pair(lane0[2], lane1[2]);
    return r;
}
DEMC_STATIC_INLINE void demci_lanes3_store(double *lane0, double *lane1, demci_lanes3 v)
{
    _mm_storel_pd(lane0, v.x), _mm_storel_pd(lane0 + 1, v.y), _mm_storel_pd(lane0 + 2, v.z);
    _mm_storeh_pd(lane1, v.x), _mm_storeh_pd(lane1 + 1, v.y), _mm_storeh_pd(lane1 + 2, v.z);
}
/* The vector algebra of base.h, lane by lane, each with demc_vec3_*'s order of operations. */
DEMC_STATIC_INLINE demci_lanes3 demci_lanes3_add(demci_lanes3 a, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = _mm_add_pd(a.x, b.x), r.y = _mm_add_pd(a.y, b.y), r.z = _mm_add_pd(a.z, b.z);
    return r;
}
DEMC_STATIC_INLINE demci_lanes3 demci_lanes3_sub(demci_lanes3 a, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = _mm_sub_pd(a.x, b.x), r.y = _mm_sub_pd(a.y, b.y), r.z = _mm_sub_pd(a.z, b.z);
    return r;
}
DEMC_STATIC_INLINE demci_lanes3 demci_lanes3_scale(demci_lanes3 a, __m128d s)
{
    demci_lanes3 r;
    r.x = _mm_mul_pd(s, a.x), r.y = _mm_mul_pd(s, a.y), r.z = _mm_mul_pd(s, a.z);
    return r;
}
DEMC_STATIC_INLINE demci_lanes3 demci_lanes3_add_scaled(demci_lanes3 a, __m128d s, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = _mm_add_pd(a.x, _mm_mul_pd(s, b.x));
    r.y = _mm_add_pd(a.y, _mm_mul_pd(s, b.y));
    r.z = _mm_add_pd(a.z, _mm_mul_pd(s, b.z));
    return r;
}
DEMC_STATIC_INLINE __m128d demci_lanes3_dot(demci_lanes3 a, demci_lanes3 b)
{
    return _mm_add_pd(_mm_add_pd(_mm_mul_pd(a.x, b.x), _mm_mul_pd(a.y, b.y)), _mm_mul_pd(a.z, b.z));
}
DEMC_STATIC_INLINE demci_lanes3 demci_lanes3_cross(demci_lanes3 a, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = _mm_sub_pd(_mm_mul_pd(a.y, b.z), _mm_mul_pd(a.z, b.y));
    r.y = _mm_sub_pd(_mm_mul_pd(a.z, b.x), _mm_mul_pd(a.x, b.z));
    r.z = _mm_sub_pd(_mm_mul_pd(a.x, b.y), _mm_mul_pd(a.y, b.x));
    return r;
}
DEMC_STATIC_INLINE demci_lanes3 demci_lanes3_zero(void)
{
    demci_lanes3 r;
    r.x = r.y = r.z = _mm_setzero_pd();
    return r;
}
DEMC_STATIC_INLINE demci_lanes3 demci_lanes3_select(__m128d m, demci_lanes3 a, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = demci_lanes_select(m, a.x, b.x), r.y = demci_lanes_select(m, a.y, b.y), r.z = demci_lanes_select(m, a.z, b.z);
    return r;
}

/* The result of lane `lane` as the scalar body returns it. */
DEMC_STATIC_INLINE demc_contact_result demci_lanes_result(int lane, demci_lanes3 force, demci_lanes3 torque_i,
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

/* The kinds whose batch the lanes evaluate: Hertz with viscous damping (HM+D's laws) or none (HM's), the spring
 * driven by the velocity, no rolling, twisting or adhesion, under conventions that keep no elastic displacement
 * (not the total stiffness rule) and slip along the trial force. */
DEMC_STATIC_INLINE int demci_contact_lanes_serve(demc_contact_kind kind)
{
    const unsigned laws = kind & DEMCI_KIND_LAW_BITS;
    return (laws == (DEMC_CONTACT_KIND_HMD & DEMCI_KIND_LAW_BITS) ||
            laws == (DEMC_CONTACT_KIND_HM & DEMCI_KIND_LAW_BITS)) &&
           !demci_contact_spring_displacement(kind) && DEMCI_KIND_DIRECTION(kind) == DEMC_SLIP_DIRECTION_FORCE;
}

/* The turn of the memory from the previous normal to this one with the mean spin (demci_tangential_turn_make). */
typedef struct demci_lanes_turn {
    demci_lanes3 sum;       /* n_old + n */
    __m128d c, inv_1pc;     /* n_old · n; 1/(1 + c) */
    __m128d a1, a2;         /* the spin terms */
} demci_lanes_turn;

/* The turn of both lanes under the rotation transport; 0 when either takes another path of the scalar body: a new
 * contact (no previous normal: nothing is carried), or 1 + c < 1e-8, NaN, or 1/(1 + c) = 0 (the projection). */
DEMC_HOT_INLINE int demci_lanes_turn_make(demc_contact_kind kind, const double *s0, const double *s1, demci_lanes3 n,
                                          demci_lanes3 w_sum, double dt, demci_lanes_turn *t)
{
    const __m128d zero = _mm_setzero_pd(), one = demci_lanes_all(1.0);
    const demci_lanes3 n_old = demci_lanes3_load(s0, s1);
    __m128d spin, a4;
    if (_mm_movemask_pd(_mm_and_pd(_mm_and_pd(_mm_cmpeq_pd(n_old.x, zero), _mm_cmpeq_pd(n_old.y, zero)),
                                   _mm_cmpeq_pd(n_old.z, zero))) != 0)
        return 0;
    t->c = demci_lanes3_dot(n_old, n);
    if (_mm_movemask_pd(_mm_and_pd(_mm_cmpge_pd(_mm_add_pd(one, t->c), demci_lanes_all(1e-8)),
                                   _mm_cmpgt_pd(demci_lanes3_dot(n_old, n_old), zero))) != 3)
        return 0;
    t->inv_1pc = _mm_div_pd(one, _mm_add_pd(one, t->c));
    if (_mm_movemask_pd(_mm_cmpeq_pd(t->inv_1pc, zero)) != 0) return 0;
    spin = DEMCI_KIND_SPIN(kind)
               ? _mm_mul_pd(_mm_mul_pd(demci_lanes_all(0.5), demci_lanes3_dot(w_sum, n)), demci_lanes_all(dt))
               : zero;
    a4 = _mm_div_pd(demci_lanes_all(4.0), _mm_add_pd(demci_lanes_all(4.0), _mm_mul_pd(spin, spin)));
    t->sum = demci_lanes3_add(n_old, n);
    t->a1 = _mm_mul_pd(a4, spin);
    t->a2 = _mm_mul_pd(_mm_mul_pd(_mm_mul_pd(demci_lanes_all(0.5), a4), spin), spin);
    return 1;
}

/* The memory v carried into the new tangent plane: turned (demci_tangential_turn_apply_tangent) or projected with its
 * length kept (demc_tangential_project: dropped where it is rounding noise of v along n). */
DEMC_HOT_INLINE demci_lanes3 demci_lanes_carry(demc_contact_kind kind, const demci_lanes_turn *t, demci_lanes3 n,
                                               demci_lanes3 v)
{
    const __m128d zero = _mm_setzero_pd(), one = demci_lanes_all(1.0);
    if (DEMCI_KIND_TRANSPORT(kind) == DEMC_TRANSPORT_PROJECT) {
        const demci_lanes3 none = demci_lanes3_zero();
        const demci_lanes3 p = demci_lanes3_add_scaled(v, demci_lanes_neg(demci_lanes3_dot(v, n)), n);
        const __m128d m2 = demci_lanes3_dot(p, p), v2 = demci_lanes3_dot(v, v);
        const __m128d kept = _mm_cmpgt_pd(m2, _mm_mul_pd(demci_lanes_all(1e-28), v2));
        const __m128d stretch = _mm_sqrt_pd(_mm_div_pd(v2, demci_lanes_select(kept, m2, one)));
        return demci_lanes3_select(kept, demci_lanes3_scale(p, stretch), none);
    } else {
        const demci_lanes3 arc =
            demci_lanes3_add_scaled(v, _mm_mul_pd(demci_lanes_neg(demci_lanes3_dot(n, v)), t->inv_1pc), t->sum);
        const demci_lanes3 spun =
            demci_lanes3_add_scaled(demci_lanes3_scale(arc, _mm_sub_pd(one, t->a2)), t->a1, demci_lanes3_cross(n, arc));
        return demci_lanes3_select(_mm_cmpeq_pd(t->a1, zero), arc, spun);
    }
}

/* What the spring step gives: the spring's new force, the tangential force on i, the slip flag. */
typedef struct demci_lanes_spring {
    demci_lanes3 spring, force;
    __m128d sliding;
    /* lanes whose trial is not zero and whose |trial|² is outside [1e-270, 1e270] (or NaN): there the scalar body compares and
     * scales by the largest component (scaled_impl.h), which the lanes do not; the pair then goes to the scalar body */
    __m128d rare;
} demci_lanes_spring;

/* demci_tangential_step without energy terms, for the conventions demci_contact_lanes_serve() admits: the forward,
 * backward or average stiffness rule, the unloading rescale or not, the total or elastic Coulomb policy, the slip
 * force along the trial force. The slip branch's quotients and root take harmless operands in the sticking lanes. */
DEMC_HOT_INLINE demci_lanes_spring demci_lanes_spring_step(demc_contact_kind kind, const double *c,
                                                           demci_lanes3 memory, __m128d s_k, __m128d s_fn,
                                                           demci_lanes3 v_t, __m128d k_t, __m128d f_n, __m128d c_t,
                                                           double dt)
{
    const int total_policy = DEMCI_KIND_COULOMB(kind) == DEMC_COULOMB_TOTAL;
    const __m128d zero = _mm_setzero_pd(), one = demci_lanes_all(1.0);
    const demci_lanes3 increment = demci_lanes3_scale(v_t, demci_lanes_all(dt));
    const __m128d k_prev = demci_lanes_select(_mm_cmpgt_pd(s_k, zero), s_k, k_t);
    const __m128d fn = demci_lanes_select(_mm_cmpgt_pd(f_n, zero), f_n, zero);
    const demci_lanes3 f_damp = demci_lanes3_scale(v_t, demci_lanes_neg(c_t));
    const __m128d k_average = _mm_mul_pd(demci_lanes_all(0.5), _mm_add_pd(k_prev, k_t));
    const __m128d k_step = DEMCI_KIND_STIFFNESS_RULE(kind) == DEMC_STIFFNESS_BACKWARD  ? k_prev
                           : DEMCI_KIND_STIFFNESS_RULE(kind) == DEMC_STIFFNESS_AVERAGE ? k_average
                                                                                       : k_t;
    demci_lanes3 f_old = memory, trial_force, trial_limited, limited, f_el, slid;
    __m128d t2, lim_s, stick, limit;
    demci_lanes_spring out;
    if (DEMCI_KIND_UNLOADING(kind) == DEMC_UNLOADING_RESCALE) {
        const __m128d prev_known = _mm_cmpgt_pd(k_prev, zero);
        const __m128d ratio =
            demci_lanes_select(prev_known, _mm_div_pd(k_t, demci_lanes_select(prev_known, k_prev, one)), one);
        f_old = demci_lanes3_scale(f_old, demci_lanes_select(_mm_cmplt_pd(f_n, s_fn), ratio, one));
    }
    trial_force = demci_lanes3_add_scaled(f_old, demci_lanes_neg(k_step), increment);
    trial_limited = total_policy ? demci_lanes3_add(trial_force, f_damp) : trial_force;
    t2 = demci_lanes3_dot(trial_limited, trial_limited);
    {
        /* a zero vector takes the plain test in the scalar body too; a non-zero one whose square underflows to 0
         * does not */
        const __m128d null = _mm_and_pd(_mm_cmpeq_pd(trial_limited.x, zero),
                                        _mm_and_pd(_mm_cmpeq_pd(trial_limited.y, zero), _mm_cmpeq_pd(trial_limited.z, zero)));
        const __m128d normal = _mm_and_pd(_mm_cmpge_pd(t2, demci_lanes_all(1e-270)), _mm_cmple_pd(t2, demci_lanes_all(1e270)));
        out.rare = _mm_andnot_pd(_mm_or_pd(null, normal), _mm_castsi128_pd(_mm_set1_epi32(-1)));
    }
    lim_s = _mm_mul_pd(demci_lanes_all(c[DEMCI_M_MU_S]), fn);
    stick = _mm_cmple_pd(t2, _mm_mul_pd(lim_s, lim_s));
    limit = _mm_mul_pd(demci_lanes_all(c[DEMCI_M_MU_D]), fn);
    limited = demci_lanes3_scale(trial_limited, _mm_div_pd(limit, _mm_sqrt_pd(demci_lanes_select(stick, one, t2))));
    if (total_policy) {
        /* the dashpot takes its share of the slip, the spring k_t(ξ)Δt/(k_t(ξ)Δt + c_t) of L − L*; without a dashpot
         * the spring carries L itself */
        const __m128d dashpot = _mm_and_pd(_mm_cmpgt_pd(c_t, zero), _mm_cmpgt_pd(demci_lanes_all(dt), zero));
        const __m128d k_dt = _mm_mul_pd(k_step, demci_lanes_all(dt));
        const __m128d per = _mm_div_pd(one, demci_lanes_select(dashpot, _mm_add_pd(k_dt, c_t), one));
        f_el = demci_lanes3_select(
            dashpot, demci_lanes3_add_scaled(trial_force, _mm_mul_pd(k_dt, per), demci_lanes3_sub(limited, trial_limited)),
            limited);
        slid = limited;
    } else {
        f_el = limited;
        slid = demci_lanes3_add(limited, f_damp);
    }
    out.spring = demci_lanes3_select(stick, trial_force, f_el);
    out.force = demci_lanes3_select(stick, demci_lanes3_add(trial_force, f_damp), slid);
    out.sliding = demci_lanes_select(stick, zero, one);
    {
        /* no normal load (F_n ≤ 0 or NaN: fn = 0): the spring is released and only the dashpot of the elastic
         * policy acts, as the scalar body's release branch */
        const __m128d release = _mm_cmpeq_pd(fn, zero);
        demci_lanes3 none;
        none.x = none.y = none.z = zero;
        out.spring = demci_lanes3_select(release, none, out.spring);
        out.force = demci_lanes3_select(release, total_policy ? none : f_damp, out.force);
        out.sliding = demci_lanes_select(release, one, out.sliding);
    }
    return out;
}

/* Contacts q0 < q1 (next to each other in the batch, or in a sifted chunk's list), both within reach (the scalar
 * loop's test), in lanes; 0 with nothing written when either takes a rarer path of the scalar body (see the top of
 * this file). */
DEMC_HOT_INLINE int demci_lanes_pair_eval(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                          double dt, size_t q0, size_t q1)
{
    const size_t vs = b->vector_stride, ss = b->scalar_stride;
    const size_t i0 = (size_t)b->i[q0], j0 = (size_t)b->j[q0], i1 = (size_t)b->i[q1], j1 = (size_t)b->j[q1];
    double *s0 = b->state + q0 * b->state_stride, *s1 = b->state + q1 * b->state_stride;
    double *spring0 = s0 + demci_contact_tangential_offset(kind), *spring1 = s1 + demci_contact_tangential_offset(kind);
    const __m128d zero = _mm_setzero_pd(), one = demci_lanes_all(1.0);
    const __m128d ri = demci_lanes_pair(b->radius[i0 * ss], b->radius[i1 * ss]);
    const __m128d rj = demci_lanes_pair(b->radius[j0 * ss], b->radius[j1 * ss]);
    const demci_lanes3 dx = demci_lanes3_sub(demci_lanes3_load(b->position + i0 * vs, b->position + i1 * vs),
                                             demci_lanes3_load(b->position + j0 * vs, b->position + j1 * vs));
    const __m128d distance = _mm_sqrt_pd(demci_lanes3_dot(dx, dx)), overlap = _mm_sub_pd(_mm_add_pd(ri, rj), distance);
    demci_lanes3 n, w_i, w_j;
    demci_lanes_turn turn; /* zero under the projection, which does not read it */
    turn.sum.x = turn.sum.y = turn.sum.z = turn.c = turn.inv_1pc = turn.a1 = turn.a2 = zero;
    if (_mm_movemask_pd(_mm_cmpgt_pd(distance, zero)) != 3 || _mm_movemask_pd(_mm_cmpgt_pd(overlap, zero)) != 3)
        return 0; /* coincident centres, or within reach but not overlapping */
    n = demci_lanes3_scale(dx, _mm_div_pd(one, distance));
    w_i = demci_lanes3_load(b->angular_velocity + i0 * vs, b->angular_velocity + i1 * vs);
    w_j = demci_lanes3_load(b->angular_velocity + j0 * vs, b->angular_velocity + j1 * vs);
    if (DEMCI_KIND_TRANSPORT(kind) != DEMC_TRANSPORT_PROJECT &&
        !demci_lanes_turn_make(kind, s0, s1, n, demci_lanes3_add(w_i, w_j), dt, &turn))
        return 0;
    {
        /* the frame (demci_contact_frame_spheres) */
        const __m128d share = demci_lanes_all(c[DEMCI_M_SHARE_I]), share_j = demci_lanes_all(1.0 - c[DEMCI_M_SHARE_I]);
        const demci_lanes3 branch_i =
            demci_lanes3_scale(n, demci_lanes_neg(_mm_sub_pd(ri, _mm_mul_pd(share, overlap))));
        const demci_lanes3 branch_j = demci_lanes3_scale(n, _mm_sub_pd(rj, _mm_mul_pd(share_j, overlap)));
        const demci_lanes3 v_i = demci_lanes3_load(b->velocity + i0 * vs, b->velocity + i1 * vs);
        const demci_lanes3 v_j = demci_lanes3_load(b->velocity + j0 * vs, b->velocity + j1 * vs);
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
        const __m128d c_n = DEMCI_KIND_DAMPING(kind) == DEMC_DAMPING_VISCOUS
                                ? _mm_mul_pd(_mm_mul_pd(demci_lanes_all(2.0), demci_lanes_all(c[DEMCI_M_GAMMA_N])),
                                             _mm_sqrt_pd(_mm_mul_pd(m_eff, k_n)))
                                : zero;
        const __m128d f_sum = _mm_add_pd(f_el, _mm_mul_pd(c_n, rate));
        const __m128d f_n = DEMCI_KIND_END(kind) == DEMC_CONTACT_END_FORCE
                                ? demci_lanes_select(_mm_cmpgt_pd(f_sum, zero), f_sum, zero)
                                : f_sum;
        /* the memory carried into this frame, then the spring */
        const demci_lanes3 memory = demci_lanes_carry(kind, &turn, n, demci_lanes3_load(spring0, spring1));
        const demci_lanes_spring t = demci_lanes_spring_step(
            kind, c, memory, demci_lanes_pair(spring0[3], spring1[3]), demci_lanes_pair(spring0[4], spring1[4]), v_t,
            k_t, f_n, _mm_mul_pd(c_n, demci_lanes_all(c[DEMCI_M_CT_OVER_CN])), dt);
        /* force on i, torques about both centres */
        const demci_lanes3 force = demci_lanes3_add(demci_lanes3_scale(n, f_n), t.force);
        const demci_lanes3 torque_i = demci_lanes3_cross(branch_i, force);
        const demci_lanes3 torque_j = demci_lanes3_cross(force, branch_j);
        demc_contact_result r;
        /* A non-finite normal force (inputs far outside the domain: an overlap or stiffness that overflows) also goes
         * to the scalar body, so that inf and NaN come out as from the single evaluation. Nothing is written yet. */
        if (_mm_movemask_pd(t.rare) != 0 || _mm_movemask_pd(_mm_cmpeq_pd(_mm_sub_pd(f_n, f_n), zero)) != 3) return 0;
        if (demci_contact_frame_offset_end(kind) > 0) demci_lanes3_store(s0, s1, n);
        demci_lanes3_store(spring0, spring1, t.spring);
        _mm_storel_pd(spring0 + 3, k_t), _mm_storeh_pd(spring1 + 3, k_t);
        _mm_storel_pd(spring0 + 4, f_n), _mm_storeh_pd(spring1 + 4, f_n);
        _mm_storel_pd(spring0 + 5, t.sliding), _mm_storeh_pd(spring1 + 5, t.sliding);
        r = demci_lanes_result(0, force, torque_i, torque_j, overlap, f_n);
        demci_contact_batch_emit(b, q0, (int)i0, (int)j0, 0, &r);
        r = demci_lanes_result(1, force, torque_i, torque_j, overlap, f_n);
        demci_contact_batch_emit(b, q1, (int)i1, (int)j1, 0, &r);
    }
    return 1;
}

/* A dense chunk of a kind the lanes serve, sphere pairs, contacts [start, end): two at a time, each tested for reach
 * as the scalar loop tests it; a contact apart is released, and a pair within reach that the lanes do not take goes
 * through the scalar body contact by contact. Returns how many were within reach. */
DEMC_HOT_INLINE size_t demci_lanes_dense(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                         double dt, size_t start, size_t end)
{
    const int per_contact = demci_contact_batch_per_contact(b);
    size_t q = start, k, n = 0;
    for (; q + 1 < end; q += 2) {
        const int within0 = demci_contact_batch_touching(c, b, b->i[q], b->j[q], NULL);
        const int within1 = demci_contact_batch_touching(c, b, b->i[q + 1], b->j[q + 1], NULL);
        demci_contact_batch_ahead(b, NULL, q);
        demci_contact_batch_ahead(b, NULL, q + 1);
        n += (size_t)(within0 + within1);
        if (within0 && within1 && demci_lanes_pair_eval(kind, c, b, dt, q, q + 1)) continue;
        for (k = q; k < q + 2; ++k) {
            if (k == q ? within0 : within1) demci_contact_batch_one(kind, c, b, NULL, dt, k);
            else demci_contact_batch_release(kind, c, b, k, per_contact);
        }
    }
    if (q < end) n += demci_contact_batch_dense(kind, c, b, NULL, dt, q, end);
    return n;
}

/* A sparse chunk of a kind the lanes serve: sifted as the scalar loop sifts it, then the listed contacts two at a
 * time (a pair the lanes do not take through the scalar body), in their order. Returns how many were listed. */
DEMC_HOT_INLINE size_t demci_lanes_sparse(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                          double dt, size_t start, size_t end)
{
    size_t within[DEMCI_BATCH_CHUNK];
    const size_t n = demci_contact_batch_sift(kind, c, b, NULL, start, end, within);
    size_t t;
    for (t = 0; t + 1 < n; t += 2) {
        demci_contact_batch_motion_ahead(b, NULL, within, n, t);
        demci_contact_batch_motion_ahead(b, NULL, within, n, t + 1);
        if (demci_lanes_pair_eval(kind, c, b, dt, within[t], within[t + 1])) continue;
        demci_contact_batch_one(kind, c, b, NULL, dt, within[t]);
        demci_contact_batch_one(kind, c, b, NULL, dt, within[t + 1]);
    }
    if (t < n) demci_contact_batch_one(kind, c, b, NULL, dt, within[t]);
    return n;
}

/* The batch loop of a kind the lanes serve, chunk by chunk as demci_contact_batch_loop(). */
DEMC_HOT_INLINE void demci_lanes_loop(demc_contact_kind kind, const double *c, const demc_contact_batch *b, double dt)
{
    size_t start, end, within = 1, length = 1; /* of the chunk before; the first chunk is taken as dense */
    for (start = 0; start < b->count; start = end) {
        const int dense = 2 * within > length;
        end = demci_contact_batch_chunk_end(b, start);
        length = end - start;
        within = dense ? demci_lanes_dense(kind, c, b, dt, start, end) : demci_lanes_sparse(kind, c, b, dt, start, end);
    }
}

/* The kinds the lanes serve, each preset's with everything folded; any other with its laws folded and its
 * conventions read at run time (constant over the batch: branches taken the same way every time). */
DEMC_STATIC_INLINE void demci_contact_batch_lanes(demc_contact_kind kind, const double *c, const demc_contact_batch *b, double dt)
{
    const demc_contact_kind conventions = kind & ~DEMCI_KIND_LAW_BITS;
    if (kind == DEMC_CONTACT_KIND_HMD) demci_lanes_loop(DEMC_CONTACT_KIND_HMD, c, b, dt);
    else if (kind == DEMC_CONTACT_KIND_HM) demci_lanes_loop(DEMC_CONTACT_KIND_HM, c, b, dt);
    else if ((kind & DEMCI_KIND_LAW_BITS) == (DEMC_CONTACT_KIND_HMD & DEMCI_KIND_LAW_BITS))
        demci_lanes_loop(conventions | (DEMC_CONTACT_KIND_HMD & DEMCI_KIND_LAW_BITS), c, b, dt);
    else
        demci_lanes_loop(conventions | (DEMC_CONTACT_KIND_HM & DEMCI_KIND_LAW_BITS), c, b, dt);
}

DEMC_END_DECLS
#endif /* DEMCI_BATCH_LANES */

#endif /* DEMC_CONTACT_LANES_IMPL_H */
