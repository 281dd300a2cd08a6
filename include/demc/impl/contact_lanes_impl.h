/* The batch of the spring-based laws (HM+D's, HM's, LS+D's, PLS(B)'s, Campello's) several contacts at a time in SIMD
 * lanes, written once against the wide-double layer (impl/wide_impl.h): DEMCI_WIDE contacts per instruction, 8 with
 * AVX-512F, 4 with AVX, 2 with SSE2, 1 with plain doubles, each width an instance of this one text. Compiled where
 * DEMCI_BATCH_LANES is set below: in the library (built with -ffp-contract=off, one object per width, chosen at run
 * time: contact_batch_impl.h), and in a header-only unit where nothing can be fused into a multiply-add: a target
 * without fused multiply-add instructions, or gcc compiling ISO C (-std=c99, c11 ...: gcc's default there is
 * -ffp-contract=off; a unit that adds -ffp-contract=fast to that must define DEMC_NO_LANES), or a unit that forces
 * the width (DEMCI_WIDE_WIDTH: the tests, built with -ffp-contract=off). Never under -ffast-math or nvcc;
 * DEMC_NO_LANES before the first demc include turns them off.
 *
 * demc_contact_eval_batch() with a kind demci_contact_lanes_serve() admits (the five presets, and their laws
 * under any conventions), and demc_contact_eval_batch_wall() and _facet() with one, evaluates its sphere pairs
 * (sphere–wall, sphere–facet contacts) DEMCI_WIDE contacts at a time, lane k contact q + k. Each lane performs what
 * the scalar body performs (the frame builder, then demci_contact_eval_kind() with that kind): the same products, sums, quotients and square
 * roots on the same operands in the same order, each correctly rounded in both, and the scalar body's selects as
 * selects on the same comparisons (an ordered comparison is false for NaN in both). With no contraction into fused
 * multiply-adds in either, the results are the scalar body's bit for bit at every width (test_contact_batch on both
 * faces and at every width the machine runs; the contact fuzzer).
 *
 * A group of contacts any of which takes a rarer path of the scalar body is evaluated contact by contact by the
 * scalar body: apart or not overlapping, coincident centres, a new contact (no previous normal), a normal turned by
 * nearly π (1 + n_old·n < 1e-8, or a previous normal so large that 1/(1 + n_old·n) is 0: the projection instead of
 * the rotation). A quotient or root the scalar body takes only on one side of a select is taken here on every lane
 * with a harmless operand substituted in the lanes that do not use it, so that no lane raises a floating-point
 * exception the scalar body would not (hosts that trap FE_DIVBYZERO or FE_INVALID in debug builds). Outputs are
 * written and added into the bodies' rows in contact order, as the scalar loop does. */
#ifndef DEMC_CONTACT_LANES_IMPL_H
#define DEMC_CONTACT_LANES_IMPL_H

#if !defined(DEMC_NO_LANES) && !defined(__CUDACC__) && !defined(__FAST_MATH__) &&                                   \
    (defined(DEMC_BUILDING_LIBRARY) || defined(DEMCI_WIDE_WIDTH) ||                                                 \
     (!defined(__FMA__) && !defined(__FMA4__) && !defined(__FP_FAST_FMA) && !defined(__AVX512F__)) ||               \
     (defined(__GNUC__) && !defined(__clang__) && !defined(__cplusplus) && defined(__STRICT_ANSI__)))
#  define DEMCI_BATCH_LANES 1
#endif

#include "../contact.h" /* the public declarations (nothing, when this part is included from there) */
#include "contact_batch_loop_impl.h"
#include "wide_impl.h"

#ifdef DEMCI_BATCH_LANES
DEMC_BEGIN_DECLS

/* A vector of each lane. */
typedef struct demci_lanes3 {
    demci_w x, y, z;
} demci_lanes3;

/* The vectors at base + offset[k] of lane k. */
DEMC_HOT_INLINE demci_lanes3 demci_lanes3_gather(const double *base, const size_t *offset)
{
    demci_w xyz[3];
    demci_lanes3 r;
    demci_w_gather3(base, offset, xyz);
    r.x = xyz[0], r.y = xyz[1], r.z = xyz[2];
    return r;
}
/* The vectors at base + offset[k] of lane k (the mirror of the gather). */
DEMC_HOT_INLINE void demci_lanes3_scatter(double *base, const size_t *offset, demci_lanes3 v)
{
    demci_w_scatter(base, offset, v.x);
    demci_w_scatter(base + 1, offset, v.y);
    demci_w_scatter(base + 2, offset, v.z);
}
/* The vector algebra of base.h, lane by lane, each with demc_vec3_*'s order of operations. */
DEMC_HOT_INLINE demci_lanes3 demci_lanes3_add(demci_lanes3 a, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = demci_w_add(a.x, b.x), r.y = demci_w_add(a.y, b.y), r.z = demci_w_add(a.z, b.z);
    return r;
}
DEMC_HOT_INLINE demci_lanes3 demci_lanes3_sub(demci_lanes3 a, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = demci_w_sub(a.x, b.x), r.y = demci_w_sub(a.y, b.y), r.z = demci_w_sub(a.z, b.z);
    return r;
}
DEMC_HOT_INLINE demci_lanes3 demci_lanes3_scale(demci_lanes3 a, demci_w s)
{
    demci_lanes3 r;
    r.x = demci_w_mul(s, a.x), r.y = demci_w_mul(s, a.y), r.z = demci_w_mul(s, a.z);
    return r;
}
DEMC_HOT_INLINE demci_lanes3 demci_lanes3_add_scaled(demci_lanes3 a, demci_w s, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = demci_w_add(a.x, demci_w_mul(s, b.x));
    r.y = demci_w_add(a.y, demci_w_mul(s, b.y));
    r.z = demci_w_add(a.z, demci_w_mul(s, b.z));
    return r;
}
DEMC_HOT_INLINE demci_w demci_lanes3_dot(demci_lanes3 a, demci_lanes3 b)
{
    return demci_w_add(demci_w_add(demci_w_mul(a.x, b.x), demci_w_mul(a.y, b.y)), demci_w_mul(a.z, b.z));
}
DEMC_HOT_INLINE demci_lanes3 demci_lanes3_cross(demci_lanes3 a, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = demci_w_sub(demci_w_mul(a.y, b.z), demci_w_mul(a.z, b.y));
    r.y = demci_w_sub(demci_w_mul(a.z, b.x), demci_w_mul(a.x, b.z));
    r.z = demci_w_sub(demci_w_mul(a.x, b.y), demci_w_mul(a.y, b.x));
    return r;
}
DEMC_HOT_INLINE demci_lanes3 demci_lanes3_splat(demc_vec3 v)
{
    demci_lanes3 r;
    r.x = demci_w_splat(v.x), r.y = demci_w_splat(v.y), r.z = demci_w_splat(v.z);
    return r;
}
DEMC_HOT_INLINE demci_lanes3 demci_lanes3_zero(void)
{
    demci_lanes3 r;
    r.x = r.y = r.z = demci_w_zero();
    return r;
}
DEMC_HOT_INLINE demci_lanes3 demci_lanes3_select(demci_wm m, demci_lanes3 a, demci_lanes3 b)
{
    demci_lanes3 r;
    r.x = demci_w_select(m, a.x, b.x), r.y = demci_w_select(m, a.y, b.y), r.z = demci_w_select(m, a.z, b.z);
    return r;
}
/* 1 in the lanes whose vector is (0, 0, 0) */
DEMC_HOT_INLINE demci_wm demci_lanes3_null(demci_lanes3 v)
{
    const demci_w zero = demci_w_zero();
    return demci_wm_and(demci_w_eq(v.x, zero), demci_wm_and(demci_w_eq(v.y, zero), demci_w_eq(v.z, zero)));
}
/* demc_vec3_normalize() of each lane: v over its largest |component| (kept in the order of its compares), times
 * 1/|that|; (0, 0, 0) for a zero or non-finite v, whose lanes take harmless operands (no exception the scalar
 * function, which returns before dividing there, would not raise). The finiteness test compares quietly. */
DEMC_HOT_INLINE demci_lanes3 demci_lanes3_normalize(demci_lanes3 v)
{
    const demci_w zero = demci_w_zero(), one = demci_w_splat(1.0), inf = demci_w_splat(HUGE_VAL);
    demci_w m = demci_w_abs(v.x), n2;
    demci_wm finite = demci_wm_and(demci_wm_and(demci_w_eq(v.x, v.x), demci_w_eq(v.y, v.y)), demci_w_eq(v.z, v.z));
    demci_wm ok;
    demci_lanes3 w;
    finite = demci_wm_and(finite, demci_wm_not(demci_wm_or(demci_wm_or(demci_w_eq(demci_w_abs(v.x), inf),
                                                                      demci_w_eq(demci_w_abs(v.y), inf)),
                                                          demci_w_eq(demci_w_abs(v.z), inf))));
    /* (a NaN lane is not finite: its compares below are taken on a substituted vector) */
    v = demci_lanes3_select(finite, v, demci_lanes3_zero());
    m = demci_w_abs(v.x);
    m = demci_w_select(demci_w_gt(demci_w_abs(v.y), m), demci_w_abs(v.y), m);
    m = demci_w_select(demci_w_gt(demci_w_abs(v.z), m), demci_w_abs(v.z), m);
    ok = demci_wm_and(finite, demci_wm_not(demci_w_eq(m, zero)));
    m = demci_w_or_one(ok, m);
    w.x = demci_w_div(v.x, m), w.y = demci_w_div(v.y, m), w.z = demci_w_div(v.z, m);
    n2 = demci_w_or_one(ok, demci_lanes3_dot(w, w));
    return demci_lanes3_select(ok, demci_lanes3_scale(w, demci_w_div(one, demci_w_sqrt(n2))), demci_lanes3_zero());
}

/* The kinds whose batch the lanes evaluate: Hertz with viscous damping (HM+D's laws) or none (HM's), the linear
 * spring with viscous damping (LS+D's laws), or PLS(B)'s latch without damping (its preset's laws), the spring
 * driven by the velocity, or HM+D's laws with the spring driven by the rolling-consistent increment (Campello's),
 * no rolling, twisting or adhesion, under any conventions (LIGGGHTS's and LAMMPS's
 * included: the total stiffness rule, the elastic displacement kept, every slip direction and recalculation, the
 * kept dashpot, the absolute Coulomb load). A liquid bridge takes the scalar loop. */
DEMC_STATIC_INLINE int demci_contact_lanes_serve(demc_contact_kind kind)
{
    const unsigned laws = kind & DEMCI_KIND_LAW_BITS;
    return (laws == (DEMC_CONTACT_KIND_HMD & DEMCI_KIND_LAW_BITS) ||
            laws == (DEMC_CONTACT_KIND_HM & DEMCI_KIND_LAW_BITS) ||
            laws == (DEMC_CONTACT_KIND_LSD & DEMCI_KIND_LAW_BITS) ||
            laws == (DEMC_CONTACT_KIND_PLSB & DEMCI_KIND_LAW_BITS) ||
            laws == (DEMC_CONTACT_KIND_CAMPELLO & DEMCI_KIND_LAW_BITS)) &&
           !DEMCI_KIND_BRIDGE(kind);
}

/* The turn of the memory from the previous normal to this one with the mean spin (demci_tangential_turn_make). */
typedef struct demci_lanes_turn {
    demci_lanes3 sum;      /* n_old + n */
    demci_w c, inv_1pc;    /* n_old · n; 1/(1 + c) */
    demci_w a1, a2;        /* the spin terms */
} demci_lanes_turn;

/* The turn of every lane under the rotation transport; 0 when any takes another path of the scalar body: a new
 * contact (no previous normal: nothing is carried), or 1 + c < 1e-8, NaN, or 1/(1 + c) = 0 (the projection). */
DEMC_HOT_INLINE int demci_lanes_turn_make(demc_contact_kind kind, demci_lanes3 n_old, demci_lanes3 n,
                                          demci_lanes3 w_sum, double dt, demci_lanes_turn *t)
{
    const demci_w zero = demci_w_zero(), one = demci_w_splat(1.0);
    demci_w spin, a4;
    demci_wm turns;
    if (demci_wm_any(demci_lanes3_null(n_old))) return 0;
    t->c = demci_lanes3_dot(n_old, n);
    turns = demci_wm_and(demci_w_ge(demci_w_add(one, t->c), demci_w_splat(1e-8)),
                         demci_w_gt(demci_lanes3_dot(n_old, n_old), zero));
    if (!demci_wm_all(turns)) return 0;
    /* (every lane turns here; the operand is selected all the same, so that no compiler that moves the quotient
     * above the test divides by a 1 + c = 0) */
    t->inv_1pc = demci_w_div(one, demci_w_or_one(turns, demci_w_add(one, t->c)));
    if (demci_wm_any(demci_w_eq(t->inv_1pc, zero))) return 0;
    spin = DEMCI_KIND_SPIN(kind)
               ? demci_w_mul(demci_w_mul(demci_w_splat(0.5), demci_lanes3_dot(w_sum, n)), demci_w_splat(dt))
               : zero;
    a4 = demci_w_div(demci_w_splat(4.0), demci_w_add(demci_w_splat(4.0), demci_w_mul(spin, spin)));
    t->sum = demci_lanes3_add(n_old, n);
    t->a1 = demci_w_mul(a4, spin);
    t->a2 = demci_w_mul(demci_w_mul(demci_w_mul(demci_w_splat(0.5), a4), spin), spin);
    return 1;
}

/* The memory v carried into the new tangent plane: turned (demci_tangential_turn_apply_tangent) or projected with its
 * length kept (demc_tangential_project: dropped where it is rounding noise of v along n). *rare: the lanes whose
 * memory the scalar body projects by its scaled branch (a non-zero v with |v|² outside [1e-270, 1e270] or a
 * projection with |p|² below 1e-290, or NaN), which is not taken here: the group then goes to the scalar body. None
 * under the rotation transport (its rarer paths are the turn's, demci_lanes_turn_make). */
DEMC_HOT_INLINE demci_lanes3 demci_lanes_carry(demc_contact_kind kind, const demci_lanes_turn *t, demci_lanes3 n,
                                               demci_lanes3 v, demci_wm *rare)
{
    const demci_w zero = demci_w_zero(), one = demci_w_splat(1.0);
    if (DEMCI_KIND_TRANSPORT(kind) == DEMC_TRANSPORT_PROJECT) {
        const demci_lanes3 p = demci_lanes3_add_scaled(v, demci_w_neg(demci_lanes3_dot(v, n)), n);
        const demci_w m2 = demci_lanes3_dot(p, p), v2 = demci_lanes3_dot(v, v);
        const demci_wm kept = demci_w_gt(m2, demci_w_mul(demci_w_splat(1e-28), v2));
        const demci_wm plain = demci_wm_and(demci_wm_and(demci_w_ge(v2, demci_w_splat(1e-270)),
                                                         demci_w_le(v2, demci_w_splat(1e270))),
                                            demci_w_ge(m2, demci_w_splat(1e-290)));
        const demci_w stretch = demci_w_sqrt(demci_w_div(v2, demci_w_or_one(kept, m2)));
        *rare = demci_wm_not(demci_wm_or(plain, demci_lanes3_null(v)));
        return demci_lanes3_select(kept, demci_lanes3_scale(p, stretch), demci_lanes3_zero());
    } else {
        const demci_lanes3 arc =
            demci_lanes3_add_scaled(v, demci_w_mul(demci_w_neg(demci_lanes3_dot(n, v)), t->inv_1pc), t->sum);
        const demci_lanes3 spun =
            demci_lanes3_add_scaled(demci_lanes3_scale(arc, demci_w_sub(one, t->a2)), t->a1, demci_lanes3_cross(n, arc));
        *rare = demci_w_lt(zero, zero);
        return demci_lanes3_select(demci_w_eq(t->a1, zero), arc, spun);
    }
}

/* The rolling-consistent increment (demci_contact_rolling_increment, [Campello 2015] eq 25-29): the centres' travel
 * minus the rolling of each contact point under α_Δ = ω Δt (demc_rodrigues_rolling_displacement() with unit radius
 * on the branch vector: −(c α) × (d + ½ α × d), c = 4/(4 + α²)), projected onto the tangent plane. */
DEMC_HOT_INLINE demci_lanes3 demci_lanes_roll(demci_lanes3 omega, double dt, demci_lanes3 branch)
{
    const demci_lanes3 alpha = demci_lanes3_scale(omega, demci_w_splat(dt));
    const demci_w c = demci_w_div(demci_w_splat(4.0), demci_w_add(demci_w_splat(4.0), demci_lanes3_dot(alpha, alpha)));
    const demci_lanes3 t = demci_lanes3_add_scaled(branch, demci_w_splat(0.5), demci_lanes3_cross(alpha, branch));
    return demci_lanes3_scale(demci_lanes3_cross(demci_lanes3_scale(alpha, c), t), demci_w_splat(-1.0));
}
DEMC_HOT_INLINE demci_lanes3 demci_lanes_rolling_increment(demci_lanes3 v_i, demci_lanes3 w_i, demci_lanes3 branch_i,
                                                           demci_lanes3 v_j, demci_lanes3 w_j, demci_lanes3 branch_j,
                                                           demci_lanes3 n, double dt)
{
    const demci_lanes3 travel = demci_lanes3_scale(demci_lanes3_sub(v_i, v_j), demci_w_splat(dt));
    const demci_lanes3 x = demci_lanes3_sub(travel, demci_lanes3_sub(demci_lanes_roll(w_i, dt, branch_i),
                                                                     demci_lanes_roll(w_j, dt, branch_j)));
    return demci_lanes3_add_scaled(x, demci_w_neg(demci_lanes3_dot(x, n)), n);
}

/* What the lanes read of the state's layout (the law table's offsets), formed once per batch: with the kind read at
 * run time (the extended loop), formed per group it cost about 5 instructions a contact. */
typedef struct demci_lanes_layout {
    size_t spring_at, latch_at; /* the tangential and the normal blocks */
    int keeps;                  /* 1: the spring keeps its elastic displacement (after its 6 doubles) */
    int plain;                  /* 1: the batch asks for the bodies' forces and torques alone */
} demci_lanes_layout;

DEMC_HOT_INLINE demci_lanes_layout demci_lanes_layout_of(demc_contact_kind kind, int extended,
                                                         const demc_contact_batch *b)
{
    demci_lanes_layout l;
    l.spring_at = demci_contact_tangential_offset(kind);
    l.latch_at = demci_contact_normal_offset(kind);
    l.keeps = extended && demci_contact_spring_displacement(kind);
    l.plain = demci_contact_batch_plain(b);
    return l;
}

/* What the spring step gives: the spring's new force and elastic displacement (where the kind keeps it), the
 * tangential force on i, the slip flag. */
typedef struct demci_lanes_spring {
    demci_lanes3 spring, displacement, force;
    demci_w sliding;
    /* lanes whose trial is not zero and whose |trial|² is outside [1e-270, 1e270] (or NaN): there the scalar body
     * compares and scales by the largest component (scaled_impl.h), which the lanes do not; the group then goes to
     * the scalar body */
    demci_wm rare;
} demci_lanes_spring;

/* demci_tangential_step without energy terms: the forward, backward, average or total stiffness rule, the unloading
 * rescale or not, the incremental or conventional recalculation of the elastic displacement, the total, elastic or
 * kept-dashpot Coulomb policy, the slip force along the trial force, the elastic displacement or the sliding
 * velocity. `memory` and `displacement` are the spring's force and elastic displacement carried into this frame
 * (either unread where the kind does not use it), `load` the Coulomb load. The slip branch's quotients and roots
 * take harmless operands in the lanes that do not take it. */
DEMC_HOT_INLINE demci_lanes_spring demci_lanes_spring_step(demc_contact_kind kind, int extended, int keeps,
                                                           const double *c,
                                                           demci_lanes3 memory, demci_lanes3 displacement,
                                                           demci_w s_k, demci_w s_load, demci_lanes3 v_t,
                                                           demci_lanes3 increment, demci_w k_t, demci_w load,
                                                           demci_w c_t, double dt)
{
    const int total_rule = extended && DEMCI_KIND_STIFFNESS_RULE(kind) == DEMC_STIFFNESS_TOTAL;
    const unsigned direction = extended ? DEMCI_KIND_DIRECTION(kind) : (unsigned)DEMC_SLIP_DIRECTION_FORCE;
    /* the total policies bound F_el + F_d; the kept dashpot's keeps −c_t v_t whole */
    const int total_policy = DEMCI_KIND_COULOMB(kind) != DEMC_COULOMB_ELASTIC;
    const int kept = extended && DEMCI_KIND_COULOMB(kind) == DEMC_COULOMB_TOTAL_DASHPOT_KEPT;
    const demci_w zero = demci_w_zero(), one = demci_w_splat(1.0);
    const demci_w k_prev = demci_w_select(demci_w_gt(s_k, zero), s_k, k_t);
    const demci_w fn = demci_w_select(demci_w_gt(load, zero), load, zero);
    const demci_lanes3 f_damp = demci_lanes3_scale(v_t, demci_w_neg(c_t));
    const demci_w k_average = demci_w_mul(demci_w_splat(0.5), demci_w_add(k_prev, k_t));
    const demci_w k_step = DEMCI_KIND_STIFFNESS_RULE(kind) == DEMC_STIFFNESS_BACKWARD  ? k_prev
                           : DEMCI_KIND_STIFFNESS_RULE(kind) == DEMC_STIFFNESS_AVERAGE ? k_average
                                                                                       : k_t;
    const demci_lanes3 trial_disp = keeps ? demci_lanes3_add(displacement, increment) : demci_lanes3_zero();
    /* 1/k_t(ξ) where k_t(ξ) > 0, for the slip (L − L*)/k_t(ξ) without a dashpot share */
    const demci_wm k_step_known = demci_w_gt(k_step, zero);
    const demci_w inv_k_step = demci_w_div(one, demci_w_or_one(k_step_known, k_step));
    demci_lanes3 f_old = memory, trial_force, trial_limited, along, limited, excess, f_el, slid, slip;
    demci_w t2, lim_s, limit;
    demci_wm stick, release;
    demci_lanes_spring out;
    if (DEMCI_KIND_UNLOADING(kind) == DEMC_UNLOADING_RESCALE && !total_rule) { /* (the total law reads no F_old) */
        const demci_wm prev_known = demci_w_gt(k_prev, zero);
        const demci_w ratio =
            demci_w_select(prev_known, demci_w_div(k_t, demci_w_or_one(prev_known, k_prev)), one);
        f_old = demci_lanes3_scale(f_old, demci_w_select(demci_w_lt(load, s_load), ratio, one));
    }
    trial_force = total_rule ? demci_lanes3_scale(trial_disp, demci_w_neg(k_t))
                             : demci_lanes3_add_scaled(f_old, demci_w_neg(k_step), increment);
    trial_limited = total_policy ? demci_lanes3_add(trial_force, f_damp) : trial_force;
    t2 = demci_lanes3_dot(trial_limited, trial_limited);
    /* a zero vector takes the plain test in the scalar body too; a non-zero one whose square underflows to 0 does
     * not */
    out.rare = demci_wm_not(demci_wm_or(demci_lanes3_null(trial_limited),
                                        demci_wm_and(demci_w_ge(t2, demci_w_splat(1e-270)),
                                                     demci_w_le(t2, demci_w_splat(1e270)))));
    lim_s = demci_w_mul(demci_w_splat(c[DEMCI_M_MU_S]), fn);
    stick = demci_w_le(t2, demci_w_mul(lim_s, lim_s));
    limit = demci_w_mul(demci_w_splat(c[DEMCI_M_MU_D]), fn);
    /* the slip force (demci_tangential_slip_force): along −δ_el or −v_t where that is not zero, else along the
     * trial force */
    along = demci_lanes3_scale(trial_limited,
                               demci_w_div(limit, demci_w_sqrt(demci_w_or_one(demci_wm_not(stick), t2))));
    if (direction == DEMC_SLIP_DIRECTION_FORCE) {
        limited = along;
    } else {
        const demci_lanes3 toward = direction == DEMC_SLIP_DIRECTION_DISPLACEMENT ? trial_disp : v_t;
        const demci_lanes3 t = demci_lanes3_normalize(demci_lanes3_scale(toward, demci_w_splat(-1.0)));
        limited = demci_lanes3_select(demci_lanes3_null(t), along, demci_lanes3_scale(t, limit));
    }
    /* L − L*, and the slip it gives the spring alone, (L − L*)/k_t(ξ) (0 where k_t(ξ) ≤ 0) */
    excess = demci_lanes3_sub(limited, trial_limited);
    slip = demci_lanes3_select(k_step_known, demci_lanes3_scale(excess, inv_k_step), demci_lanes3_zero());
    if (total_policy && !kept) {
        /* the dashpot takes its share of the slip, the spring k_t(ξ)Δt/(k_t(ξ)Δt + c_t) of L − L*; without a dashpot
         * the spring carries L itself */
        const demci_wm dashpot = demci_wm_and(demci_w_gt(c_t, zero), demci_w_gt(demci_w_splat(dt), zero));
        const demci_w k_dt = demci_w_mul(k_step, demci_w_splat(dt));
        const demci_w per = demci_w_div(one, demci_w_or_one(dashpot, demci_w_add(k_dt, c_t)));
        f_el = demci_lanes3_select(dashpot, demci_lanes3_add_scaled(trial_force, demci_w_mul(k_dt, per), excess),
                                   limited);
        slid = limited;
        slip = demci_lanes3_select(dashpot, demci_lanes3_scale(excess, demci_w_mul(demci_w_splat(dt), per)), slip);
    } else {
        /* the spring carries L (the elastic policy), or L − F_d with the dashpot kept whole */
        f_el = kept ? demci_lanes3_sub(limited, f_damp) : limited;
        slid = kept ? limited : demci_lanes3_add(limited, f_damp);
    }
    out.spring = demci_lanes3_select(stick, trial_force, f_el);
    out.force = demci_lanes3_select(stick, demci_lanes3_add(trial_force, f_damp), slid);
    out.sliding = demci_w_select(stick, zero, one);
    if (keeps) {
        /* on slip: [Zabulionis 2012] eq 41 (the conventional recalculation; [Campello 2015] eq 35-36 for the total
         * law), or eq 35, δ_el − Δδ_sl */
        demci_lanes3 slipped;
        if (total_rule || DEMCI_KIND_RECALCULATION(kind) == DEMC_SLIP_CONVENTIONAL) {
            const demci_wm k_known = demci_w_gt(k_t, zero);
            const demci_w inv_k_now =
                demci_w_select(k_known, demci_w_div(one, demci_w_or_one(k_known, k_t)), zero);
            slipped = demci_lanes3_scale(f_el, demci_w_neg(inv_k_now));
        } else {
            slipped = demci_lanes3_sub(trial_disp, slip);
        }
        out.displacement = demci_lanes3_select(stick, trial_disp, slipped);
    } else {
        out.displacement = demci_lanes3_zero();
    }
    /* no normal load (F_n ≤ 0 or NaN: fn = 0): the spring is released and only the dashpot of the elastic policy
     * acts, as the scalar body's release branch */
    release = demci_w_eq(fn, zero);
    out.spring = demci_lanes3_select(release, demci_lanes3_zero(), out.spring);
    out.displacement = demci_lanes3_select(release, demci_lanes3_zero(), out.displacement);
    out.force = demci_lanes3_select(release, total_policy ? demci_lanes3_zero() : f_damp, out.force);
    out.sliding = demci_w_select(release, one, out.sliding);
    return out;
}

/* What body j is when it is no sphere (NULL for sphere pairs): a wall, or facets (the triangles, each contact's
 * closest point, and the nodal forces when they are asked for; wall NULL). */
typedef struct demci_lanes_boundary {
    const demc_wall *wall;
    const demc_facet_triangle *triangles;
    const demc_facet_contact *contacts;
    double *nodal;
} demci_lanes_boundary;

/* The nodal forces of facet contact q (demc_facet_nodal_forces()), where the batch asks for them. */
DEMC_STATIC_INLINE void demci_lanes_nodal(const demc_contact_batch *b, const demci_lanes_boundary *f, size_t q,
                                          const demc_contact_result *r)
{
    demc_vec3 forces[3];
    int k;
    if (!f->nodal) return;
    demc_facet_nodal_forces(f->triangles + b->j[q], f->contacts + q, r->force, r->torque_j, forces);
    for (k = 0; k < 3; ++k) demci_contact_store3(f->nodal + 9 * q + 3 * (size_t)k, forces[k]);
}

/* The heat of the contacts of a chunk evaluated by demci_lanes_loop() (1.1), qs[0..count) with their contact radii
 * (the lanes' √(R*δ), the scalar body's: these laws have no neck; or what demci_lanes_scalar() found), added after
 * the chunk's forces in the contacts' order. Out of line and called once per chunk, so that a batch without heat
 * pays one test per chunk: a call in the group's loop, even one never taken, cost 10 instructions a contact. */
DEMCI_OUT_OF_LINE
void demci_lanes_heat(const double *c, const demc_contact_batch *b, const demci_lanes_boundary *boundary, double dt,
                      const size_t *qs, size_t count, const double *radius)
{
    /* body j's temperature: a sphere's, the wall's (boundary 0) or facet j's */
    const int at_wall = boundary && boundary->wall;
    size_t k;
    for (k = 0; k < count; ++k)
        demci_contact_batch_heat_at(c, b, qs[k], b->i[qs[k]], at_wall ? 0 : b->j[qs[k]], boundary != NULL, radius[k],
                                    dt);
}

/* What the lanes take of the facet contacts qs[0..count) (lanes past count: qs[0]'s), demci_contact_frame_facet()'s
 * operations on the host's rows: the closest point's normal n and the overlap R_i − d; the facet's point velocity
 * Σ w_k v_k and its spin (demc_facet_angular_velocity()); and for the nodal reactions (demc_facet_nodal_forces())
 * the weights w_k, the triangle's unit normal and the gradients ∇w_k of its barycentric coordinates. `regular` is
 * false in the lanes of a degenerate triangle, whose spin and reactions the scalar body forms without its plane:
 * such a group goes to the scalar body (their quotients here take harmless operands, so no lane raises an
 * exception). */
typedef struct demci_lanes_facet_part {
    demci_lanes3 n, v_j, w_j, unit, gradient[3];
    demci_w overlap, weight[3];
    demci_wm regular;
} demci_lanes_facet_part;
typedef char demci_lanes_facet_rows[sizeof(demc_facet_contact) % sizeof(double) == 0 &&
                                            sizeof(demc_facet_triangle) % sizeof(double) == 0
                                        ? 1
                                        : -1];
DEMC_HOT_INLINE demci_lanes_facet_part demci_lanes_facet_gather(const demc_contact_batch *b,
                                                                const demci_lanes_boundary *f, const size_t *qs,
                                                                int count, demci_w ri)
{
    enum {
        CONTACT = sizeof(demc_facet_contact) / sizeof(double),
        TRIANGLE = sizeof(demc_facet_triangle) / sizeof(double),
        NORMAL = offsetof(demc_facet_contact, normal) / sizeof(double),
        DISTANCE = offsetof(demc_facet_contact, distance) / sizeof(double),
        WEIGHT = offsetof(demc_facet_contact, weight) / sizeof(double),
        VERTEX = offsetof(demc_facet_triangle, vertex) / sizeof(double),
        VELOCITY = offsetof(demc_facet_triangle, velocity) / sizeof(double)
    };
    const double *const contacts = (const double *)f->contacts, *const triangles = (const double *)f->triangles;
    const demci_w one = demci_w_splat(1.0);
    size_t at_contact[DEMCI_WIDE], at_triangle[DEMCI_WIDE];
    demci_lanes3 x[3], v[3], e01, e02, n_f;
    demci_w l01, l02, l12, longest, nn, area2, inverse_area2, inverse_nn;
    demci_lanes_facet_part out;
    int k;
    for (k = 0; k < DEMCI_WIDE; ++k) {
        const size_t q = qs[k < count ? k : 0];
        at_contact[k] = q * CONTACT;
        at_triangle[k] = (size_t)b->j[q] * TRIANGLE;
    }
    out.n = demci_lanes3_gather(contacts + NORMAL, at_contact);
    out.overlap = demci_w_sub(ri, demci_w_gather(contacts + DISTANCE, at_contact));
    for (k = 0; k < 3; ++k) {
        out.weight[k] = demci_w_gather(contacts + WEIGHT + k, at_contact);
        x[k] = demci_lanes3_gather(triangles + VERTEX + 3 * k, at_triangle);
        v[k] = demci_lanes3_gather(triangles + VELOCITY + 3 * k, at_triangle);
    }
    /* the point velocity */
    out.v_j = demci_lanes3_scale(v[0], out.weight[0]);
    out.v_j = demci_lanes3_add_scaled(out.v_j, out.weight[1], v[1]);
    out.v_j = demci_lanes3_add_scaled(out.v_j, out.weight[2], v[2]);
    /* the plane (demci_facet_normal): n_f = e01 × e02, regular when |n_f| > ratio · the longest edge's square */
    e01 = demci_lanes3_sub(x[1], x[0]);
    e02 = demci_lanes3_sub(x[2], x[0]);
    l01 = demci_lanes3_dot(e01, e01);
    l02 = demci_lanes3_dot(e02, e02);
    l12 = demci_lanes3_dot(demci_lanes3_sub(x[2], x[1]), demci_lanes3_sub(x[2], x[1]));
    longest = demci_w_select(demci_w_gt(l01, l02), l01, l02);
    longest = demci_w_select(demci_w_gt(longest, l12), longest, l12);
    n_f = demci_lanes3_cross(e01, e02);
    nn = demci_lanes3_dot(n_f, n_f);
    area2 = demci_w_sqrt(nn);
    out.regular = demci_w_gt(area2, demci_w_mul(demci_w_splat(DEMC_FACET_DEGENERATE_RATIO), longest));
    inverse_area2 = demci_w_div(one, demci_w_or_one(out.regular, area2));
    inverse_nn = demci_w_div(one, demci_w_or_one(out.regular, nn));
    out.unit = demci_lanes3_scale(n_f, inverse_area2);
    /* the gradients (demci_facet_gradient) and the spin (demc_facet_angular_velocity) */
    out.w_j = demci_lanes3_zero();
    for (k = 0; k < 3; ++k) {
        const demci_lanes3 edge = demci_lanes3_sub(x[(k + 2) % 3], x[(k + 1) % 3]);
        const demci_lanes3 g = demci_lanes3_scale(demci_lanes3_cross(n_f, edge), inverse_nn);
        out.gradient[k] = g;
        out.w_j = demci_lanes3_add_scaled(out.w_j, demci_lanes3_dot(out.unit, v[k]), demci_lanes3_cross(g, out.unit));
        const demci_w half_turn =
            demci_w_mul(demci_w_splat(0.5), demci_lanes3_dot(out.unit, demci_lanes3_cross(g, v[k])));
        out.w_j = demci_lanes3_add_scaled(out.w_j, half_turn, out.unit);
    }
    return out;
}

/* The nodal reactions of the facet contacts of the lanes (demc_facet_nodal_forces() of each: −w_k F, and where the
 * torque τ_j about P is not zero its part carried by the plane), written to nodal + 9 q, the lanes past count
 * writing contact qs[0]'s again (the same values). The triangles are regular (demci_lanes_facet_part). */
DEMC_HOT_INLINE void demci_lanes_facet_nodal(const demci_lanes_facet_part *p, double *nodal, const size_t *qs,
                                             int count, demci_lanes3 force, demci_lanes3 torque_j)
{
    const demci_wm turning = demci_wm_not(demci_lanes3_null(torque_j));
    const demci_lanes3 lever = demci_lanes3_cross(p->unit, torque_j);
    const demci_w twist = demci_w_mul(demci_w_splat(0.5), demci_lanes3_dot(torque_j, p->unit));
    size_t at[DEMCI_WIDE];
    int k;
    for (k = 0; k < DEMCI_WIDE; ++k) at[k] = 9 * qs[k < count ? k : 0];
    for (k = 0; k < 3; ++k) {
        const demci_lanes3 plain = demci_lanes3_scale(force, demci_w_neg(p->weight[k]));
        demci_lanes3 carried = demci_lanes3_add_scaled(plain, demci_lanes3_dot(p->gradient[k], lever), p->unit);
        carried = demci_lanes3_add_scaled(carried, twist, demci_lanes3_cross(p->unit, p->gradient[k]));
        demci_lanes3_scatter(nodal + 3 * k, at, demci_lanes3_select(turning, carried, plain));
    }
}

/* The rows of the lanes' results (force, torque_i, torque_j: x, y, z; overlap; normal force), each stored whole by
 * demci_lanes_eval(), and contact k's result read from them (read only: `lane` is not const because C99 does not
 * convert double (*)[W] to const double (*)[W]). */
enum { DEMCI_LANE_FORCE = 0, DEMCI_LANE_TORQUE_I = 3, DEMCI_LANE_TORQUE_J = 6, DEMCI_LANE_OVERLAP = 9,
       DEMCI_LANE_NORMAL_FORCE = 10, DEMCI_LANE_ROWS = 11 };
DEMC_HOT_INLINE demc_contact_result demci_lanes_result(double (*lane)[DEMCI_WIDE], int k)
{
    demc_contact_result r;
    r.force = demc_vec3_make(lane[DEMCI_LANE_FORCE][k], lane[DEMCI_LANE_FORCE + 1][k], lane[DEMCI_LANE_FORCE + 2][k]);
    r.torque_i = demc_vec3_make(lane[DEMCI_LANE_TORQUE_I][k], lane[DEMCI_LANE_TORQUE_I + 1][k],
                                lane[DEMCI_LANE_TORQUE_I + 2][k]);
    r.torque_j = demc_vec3_make(lane[DEMCI_LANE_TORQUE_J][k], lane[DEMCI_LANE_TORQUE_J + 1][k],
                                lane[DEMCI_LANE_TORQUE_J + 2][k]);
    r.overlap = lane[DEMCI_LANE_OVERLAP][k];
    r.normal_force = lane[DEMCI_LANE_NORMAL_FORCE][k];
    return r;
}

/* What body j of the contacts of a lanes loop is: a sphere (no boundary), the wall of the boundary, or its facets. A
 * constant in each loop. */
enum { DEMCI_LANES_SPHERES, DEMCI_LANES_WALL, DEMCI_LANES_FACETS };

/* The contacts qs[0] < qs[1] < ... < qs[count − 1] (1 ≤ count ≤ DEMCI_WIDE, in the batch's order), all within reach
 * (the scalar loop's test), in lanes, their contact radii written to radius[0..DEMCI_WIDE) (for the heat); 0 with
 * nothing written when any takes a rarer path of the scalar body (see the top of this file). The lanes past count
 * evaluate contact qs[0] again (its operations, so no other path and no exception), write contact qs[0]'s new state
 * again (the same values) and return no result. */
DEMC_HOT_INLINE int demci_lanes_eval(demc_contact_kind kind, int extended, int place,
                                     const demci_lanes_layout *layout, const double *c, const demc_contact_batch *b,
                                     const demci_lanes_boundary *boundary, double dt, const size_t *qs, int count,
                                     double *radius)
{
    const demc_wall *const wall = place == DEMCI_LANES_WALL ? boundary->wall : NULL;
    const int at_wall = place == DEMCI_LANES_WALL, at_facet = place == DEMCI_LANES_FACETS;
    const int sphere_j = place == DEMCI_LANES_SPHERES;
    const size_t spring_at = layout->spring_at;
    size_t vi[DEMCI_WIDE], vj[DEMCI_WIDE], si[DEMCI_WIDE], sj[DEMCI_WIDE], st[DEMCI_WIDE];
    demci_lanes_facet_part facet;
    demci_w ri, rj, distance, overlap;
    demci_wm apart;
    demci_lanes3 dx, n, w_i, w_j;
    demci_lanes_turn turn;
    const demci_w zero = demci_w_zero(), one = demci_w_splat(1.0);
    int k;
    for (k = 0; k < DEMCI_WIDE; ++k) {
        const size_t q = qs[k < count ? k : 0], i = (size_t)b->i[q], j = sphere_j ? (size_t)b->j[q] : 0;
        vi[k] = i * b->vector_stride, vj[k] = j * b->vector_stride;
        si[k] = i * b->scalar_stride, sj[k] = j * b->scalar_stride;
        st[k] = q * b->state_stride;
    }
    ri = demci_w_gather(b->radius, si);
    facet.v_j = facet.w_j = demci_lanes3_zero(); /* (read only at a facet: for the compiler's flow analysis) */
    if (at_facet) {
        /* demci_contact_frame_facet: the closest point's normal, the overlap R_i − d */
        facet = demci_lanes_facet_gather(b, boundary, qs, count, ri);
        if (!demci_wm_all(facet.regular)) return 0; /* a degenerate triangle: its spin has no plane */
        n = facet.n, overlap = facet.overlap;
        dx = demci_lanes3_zero(), rj = zero, distance = one; /* (no second sphere) */
    } else if (at_wall) {
        /* demci_contact_frame_wall: the wall's normal, the overlap R_i − n·(x_i − P) */
        n = demci_lanes3_splat(wall->normal);
        dx = demci_lanes3_sub(demci_lanes3_gather(b->position, vi), demci_lanes3_splat(wall->point));
        overlap = demci_w_sub(ri, demci_lanes3_dot(n, dx));
        rj = zero, distance = one; /* (no second sphere) */
    } else {
        rj = demci_w_gather(b->radius, sj);
        dx = demci_lanes3_sub(demci_lanes3_gather(b->position, vi), demci_lanes3_gather(b->position, vj));
        distance = demci_w_sqrt(demci_lanes3_dot(dx, dx));
        overlap = demci_w_sub(demci_w_add(ri, rj), distance);
    }
    /* zero under the projection, which does not read it */
    turn.sum = demci_lanes3_zero();
    turn.c = turn.inv_1pc = turn.a1 = turn.a2 = zero;
    apart = demci_w_gt(distance, zero);
    if (!demci_wm_all(apart) || !demci_wm_all(demci_w_gt(overlap, zero)))
        return 0; /* coincident centres, or within reach but not overlapping */
    /* (the operand selected although every lane passed the test: as in demci_lanes_turn_make()) */
    if (sphere_j) n = demci_lanes3_scale(dx, demci_w_div(one, demci_w_or_one(apart, distance)));
    w_i = demci_lanes3_gather(b->angular_velocity, vi);
    w_j = at_wall    ? demci_lanes3_splat(wall->angular_velocity)
          : at_facet ? facet.w_j
                     : demci_lanes3_gather(b->angular_velocity, vj);
    if (DEMCI_KIND_TRANSPORT(kind) != DEMC_TRANSPORT_PROJECT &&
        !demci_lanes_turn_make(kind, demci_lanes3_gather(b->state, st), n, demci_lanes3_add(w_i, w_j), dt, &turn))
        return 0;
    {
        /* the frame (demci_contact_frame_spheres, demci_contact_frame_wall, demci_contact_frame_facet) */
        const demci_w share = demci_w_splat(c[DEMCI_M_SHARE_I]), share_j = demci_w_splat(1.0 - c[DEMCI_M_SHARE_I]);
        const demci_lanes3 branch_i = demci_lanes3_scale(n, demci_w_neg(demci_w_sub(ri, demci_w_mul(share, overlap))));
        const demci_lanes3 branch_j =
            at_wall    ? demci_lanes3_add(dx, branch_i)
            : at_facet ? demci_lanes3_scale(n, demci_w_mul(demci_w_neg(share_j), overlap)) /* C − P */
                       : demci_lanes3_scale(n, demci_w_sub(rj, demci_w_mul(share_j, overlap)));
        const demci_lanes3 v_i = demci_lanes3_gather(b->velocity, vi);
        const demci_lanes3 v_j =
            at_wall    ? demci_lanes3_splat(wall->velocity)
            : at_facet ? facet.v_j
                       : demci_lanes3_gather(b->velocity, vj);
        const demci_w m_i = demci_w_gather(b->mass, si);
        const demci_w m_j = sphere_j ? demci_w_gather(b->mass, sj) : zero;
        const demci_w r_eff = sphere_j ? demci_w_div(demci_w_mul(ri, rj), demci_w_add(ri, rj)) : ri;
        const demci_w m_eff = sphere_j ? demci_w_div(demci_w_mul(m_i, m_j), demci_w_add(m_i, m_j)) : m_i;
        /* the evaluation (demci_contact_eval_kind): kinematics, the normal law with its dashpot, the end rule */
        const demci_lanes3 v_c = demci_lanes3_sub(demci_lanes3_add(v_i, demci_lanes3_cross(w_i, branch_i)),
                                                  demci_lanes3_add(v_j, demci_lanes3_cross(w_j, branch_j)));
        const demci_w rate = demci_w_neg(demci_lanes3_dot(v_c, n));
        const demci_lanes3 v_t = demci_lanes3_add_scaled(v_c, rate, n);
        /* the normal law's force f_el, stiffness k_n (the dashpot's) and k_t: Hertz on the contact radius √(R*δ);
         * the linear spring; PLS(B)'s latch (demci_pls_eval: δ_max kept in the state, the lesser of the loading and
         * the latched line, not below 0; k_n and k_t on the unloading stiffness). The radius of the other laws
         * serves the heat alone. */
        const unsigned normal = DEMCI_KIND_NORMAL(kind);
        const demci_w a =
            normal == DEMC_NORMAL_HERTZ || b->heat_flow ? demci_w_sqrt(demci_w_mul(r_eff, overlap)) : zero;
        const size_t latch_at = layout->latch_at;
        demci_w k_n, f_el, k_t, latch = zero;
        if (normal == DEMC_NORMAL_HERTZ) {
            k_n = demci_w_mul(demci_w_splat(c[DEMCI_M_HERTZ_KN]), a);
            f_el = demci_w_mul(demci_w_mul(demci_w_splat(c[DEMCI_M_HERTZ_F]), a), overlap);
            k_t = demci_w_mul(demci_w_splat(c[DEMCI_M_HERTZ_KT]), a);
        } else if (normal == DEMC_NORMAL_LINEAR) {
            k_n = demci_w_splat(c[DEMCI_M_K]);
            f_el = demci_w_mul(k_n, overlap);
            k_t = demci_w_mul(demci_w_splat(c[DEMCI_M_KAPPA]), k_n);
        } else {
            const demci_w previous = demci_w_gather(b->state + latch_at, st);
            const demci_w loading = demci_w_mul(demci_w_splat(c[DEMCI_M_PLS_K1]), overlap);
            demci_w latched, least;
            latch = demci_w_select(demci_w_gt(overlap, previous), overlap, previous); /* overlap > 0 in the lanes */
            latched = demci_w_mul(demci_w_splat(c[DEMCI_M_PLS_K2]),
                                  demci_w_sub(overlap, demci_w_mul(demci_w_splat(c[DEMCI_M_PLS_FRACTION]), latch)));
            least = demci_w_select(demci_w_lt(loading, latched), loading, latched);
            f_el = demci_w_select(demci_w_gt(least, zero), least, zero);
            k_n = demci_w_splat(c[DEMCI_M_PLS_K2]);
            k_t = demci_w_mul(demci_w_splat(c[DEMCI_M_KAPPA]), k_n);
        }
        const demci_w c_n = DEMCI_KIND_DAMPING(kind) == DEMC_DAMPING_VISCOUS
                                ? demci_w_mul(demci_w_mul(demci_w_splat(2.0), demci_w_splat(c[DEMCI_M_GAMMA_N])),
                                              demci_w_sqrt(demci_w_mul(m_eff, k_n)))
                                : zero;
        const demci_w f_sum = demci_w_add(f_el, demci_w_mul(c_n, rate));
        const demci_w f_n = DEMCI_KIND_END(kind) == DEMC_CONTACT_END_FORCE
                                ? demci_w_select(demci_w_gt(f_sum, zero), f_sum, zero)
                                : f_sum;
        /* the memory carried into this frame (the spring's force, which the total law does not read, and its
         * elastic displacement where the kind keeps it), then the spring with its Coulomb load (|F_n| under the
         * absolute load) */
        const int total_rule = extended && DEMCI_KIND_STIFFNESS_RULE(kind) == DEMC_STIFFNESS_TOTAL;
        const int keeps = layout->keeps;
        demci_wm carry_rare = demci_w_lt(zero, zero), displacement_rare = carry_rare;
        const demci_lanes3 memory =
            total_rule ? demci_lanes3_zero()
                       : demci_lanes_carry(kind, &turn, n, demci_lanes3_gather(b->state + spring_at, st), &carry_rare);
        const demci_lanes3 displacement =
            keeps ? demci_lanes_carry(kind, &turn, n,
                                      demci_lanes3_gather(b->state + spring_at + DEMCI_SPRING_DOUBLES, st),
                                      &displacement_rare)
                  : demci_lanes3_zero();
        const demci_w load =
            extended && DEMCI_KIND_COULOMB_LOAD(kind) == DEMC_COULOMB_LOAD_ABSOLUTE ? demci_w_abs(f_n) : f_n;
        const demci_lanes_spring t = demci_lanes_spring_step(
            kind, extended, keeps, c, memory, displacement, demci_w_gather(b->state + spring_at + 3, st),
            demci_w_gather(b->state + spring_at + 4, st), v_t,
            extended && DEMCI_KIND_INCREMENT(kind) == DEMC_INCREMENT_ROLLING
                ? demci_lanes_rolling_increment(v_i, w_i, branch_i, v_j, w_j, branch_j, n, dt)
                : demci_lanes3_scale(v_t, demci_w_splat(dt)),
            k_t, load,
            demci_w_mul(c_n, demci_w_splat(c[DEMCI_M_CT_OVER_CN])), dt);
        /* force on i, torques about both centres */
        const demci_lanes3 force = demci_lanes3_add(demci_lanes3_scale(n, f_n), t.force);
        const demci_lanes3 torque_i = demci_lanes3_cross(branch_i, force);
        const demci_lanes3 torque_j = demci_lanes3_cross(force, branch_j);
        /* the lanes' results, a row per component (force, torque_i, torque_j: x, y, z; overlap; normal force), each
         * stored whole: a contact's result then reads each of its values from one store (a read that the compiler
         * had merged across two narrower stores could not be forwarded and stalled: 5 % of the batch at width 2) */
        double lane[DEMCI_LANE_ROWS][DEMCI_WIDE];
        /* A non-finite normal force (inputs far outside the domain: an overlap or stiffness that overflows) also goes
         * to the scalar body, so that inf and NaN come out as from the single evaluation. Nothing is written yet. */
        if (demci_wm_any(t.rare) || demci_wm_any(carry_rare) || demci_wm_any(displacement_rare) ||
            !demci_wm_all(demci_w_eq(demci_w_sub(f_n, f_n), zero)))
            return 0;
        /* the states, in place (a lane past count writes contact qs[0]'s new state again, the same values) */
        if (demci_contact_frame_offset_end(kind) > 0) demci_lanes3_scatter(b->state, st, n);
        demci_lanes3_scatter(b->state + spring_at, st, t.spring);
        demci_w_scatter(b->state + spring_at + 3, st, k_t);
        demci_w_scatter(b->state + spring_at + 4, st, load);
        demci_w_scatter(b->state + spring_at + 5, st, t.sliding);
        if (keeps) demci_lanes3_scatter(b->state + spring_at + DEMCI_SPRING_DOUBLES, st, t.displacement);
        if (normal == DEMC_NORMAL_PLSB) demci_w_scatter(b->state + latch_at, st, latch);
        demci_w_store(lane[DEMCI_LANE_FORCE], force.x), demci_w_store(lane[DEMCI_LANE_FORCE + 1], force.y);
        demci_w_store(lane[DEMCI_LANE_FORCE + 2], force.z);
        demci_w_store(lane[DEMCI_LANE_TORQUE_I], torque_i.x);
        demci_w_store(lane[DEMCI_LANE_TORQUE_I + 1], torque_i.y);
        demci_w_store(lane[DEMCI_LANE_TORQUE_I + 2], torque_i.z);
        demci_w_store(lane[DEMCI_LANE_TORQUE_J], torque_j.x);
        demci_w_store(lane[DEMCI_LANE_TORQUE_J + 1], torque_j.y);
        demci_w_store(lane[DEMCI_LANE_TORQUE_J + 2], torque_j.z);
        demci_w_store(lane[DEMCI_LANE_OVERLAP], overlap), demci_w_store(lane[DEMCI_LANE_NORMAL_FORCE], f_n);
        demci_w_store(radius, a); /* one store: cheaper than a test per group */
        if (at_facet && boundary->nodal) demci_lanes_facet_nodal(&facet, boundary->nodal, qs, count, force, torque_j);
        /* the contacts' outputs in their order; a plain batch's without a test per contact of what it asks for */
        if (layout->plain)
            for (k = 0; k < count; ++k) {
                const demc_contact_result r = demci_lanes_result(lane, k);
                demci_contact_batch_emit_bodies(b, b->i[qs[k]], sphere_j ? b->j[qs[k]] : 0, !sphere_j, &r);
            }
        else
            for (k = 0; k < count; ++k) {
                const demc_contact_result r = demci_lanes_result(lane, k);
                demci_contact_batch_emit(b, qs[k], b->i[qs[k]], sphere_j ? b->j[qs[k]] : 0, !sphere_j, &r);
            }
    }
    return 1;
}

/* The scalar body for the contacts of a group the lanes do not take (rare: a new contact, coincident centres, a
 * normal turned by nearly π, inputs far outside the domain), in their order, their contact radii in radius[]. Out
 * of line and with the kind read at run time (the general body, bit for bit the specialised ones':
 * test_contact_batch), so that a unit holds one copy of it whatever its widths and kinds: the lanes of each kind
 * then cost only their own text. */
DEMCI_COLD DEMCI_OUT_OF_LINE
void demci_lanes_scalar(const double *c, const demc_contact_batch *b, const demci_lanes_boundary *boundary, double dt,
                        const size_t *qs, int count, double *radius)
{
    const demc_contact_kind kind = demci_contact_kind_of(c);
    int k;
    for (k = 0; k < count; ++k) {
        const size_t q = qs[k];
        const int i = b->i[q], j = boundary ? 0 : b->j[q];
        double *const state = b->state + q * b->state_stride;
        const demc_body bi = demci_contact_batch_body(kind, b, i);
        demc_contact_frame f;
        demc_contact_result r;
        if (boundary && boundary->wall) {
            f = demci_contact_frame_wall(c, &bi, boundary->wall);
        } else if (boundary) {
            f = demci_contact_frame_facet(c, &bi, boundary->triangles + b->j[q], boundary->contacts + q);
        } else {
            const demc_body bj = demci_contact_batch_body(kind, b, j);
            f = demci_contact_frame_spheres(c, &bi, &bj);
        }
        r = demci_contact_eval_general(c, &f, dt, state, NULL);
        demci_contact_batch_emit(b, q, i, j, boundary != NULL, &r);
        if (boundary && !boundary->wall) demci_lanes_nodal(b, boundary, q, &r);
        radius[k] = demci_contact_heat_radius(c, f.overlap, f.effective_radius, state);
    }
}

/* The library's units of the wider lanes (src/contact_lanes_w4.c, _w8.c) call contact.c's demci_lanes_scalar()
 * through this hidden symbol instead of holding a copy of their own: the scalar body is the general evaluation and
 * everything it inlines (about 40 KB a unit), on a path the lanes take for a new contact. Every other unit, a
 * header-only one included, calls its own. Declared cold, as demci_lanes_scalar() is: without it the lanes' loop
 * keeps its registers for the call's sake (the default conventions' batch: 19 instructions a contact more). */
#if defined(DEMC_BUILDING_LIBRARY) && (defined(__GNUC__) || defined(__clang__)) &&                                   \
    (defined(__x86_64__) || defined(__i386__))
__attribute__((cold)) void demci_lanes_scalar_lib(const double *c, const demc_contact_batch *b,
                                                  const demci_lanes_boundary *boundary, double dt, const size_t *qs,
                                                  int count, double *radius);
#  ifdef DEMC_IMPLEMENT_CONTACT
void demci_lanes_scalar_lib(const double *c, const demc_contact_batch *b, const demci_lanes_boundary *boundary,
                            double dt, const size_t *qs, int count, double *radius)
{
    demci_lanes_scalar(c, b, boundary, dt, qs, count, radius);
}
#    define DEMCI_LANES_SCALAR demci_lanes_scalar
#  else
#    define DEMCI_LANES_SCALAR demci_lanes_scalar_lib
#  endif
#else
#  define DEMCI_LANES_SCALAR demci_lanes_scalar
#endif

/* count (1 ≤ count ≤ DEMCI_WIDE) contacts within reach, listed in qs in the batch's order: in lanes, or (a group the
 * lanes do not take) through the scalar body contact by contact, in that order; their contact radii in radius[]. */
DEMC_HOT_INLINE void demci_lanes_group(demc_contact_kind kind, int extended, int place,
                                       const demci_lanes_layout *layout, const double *c, const demc_contact_batch *b,
                                       const demci_lanes_boundary *boundary, double dt, const size_t *qs, int count,
                                       double *radius)
{
    if (!demci_lanes_eval(kind, extended, place, layout, c, b, boundary, dt, qs, count, radius))
        DEMCI_LANES_SCALAR(c, b, boundary, dt, qs, count, radius);
}

/* The list of a chunk of facet contacts, [start, end): each tested for reach on the distance its closest point holds
 * (as demc_contact_eval_batch_facet()'s scalar loop: everything body i reads and the state prefetched
 * DEMCI_BATCH_PREFETCH contacts ahead); a contact apart is released at once (its state, its per-contact outputs,
 * its heat memory, its nodal forces zeroed), the contacts within reach are listed in `within`, in order, and their
 * number returned. */
DEMC_HOT_INLINE size_t demci_lanes_facet_list(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                              const demci_lanes_boundary *f, size_t start, size_t end, size_t *within)
{
    const int per_contact = demci_contact_batch_per_contact(b);
    size_t q, n = 0;
    for (q = start; q < end; ++q) {
        if (q + DEMCI_BATCH_PREFETCH < b->count) {
            demci_contact_batch_prefetch_place(b, b->i[q + DEMCI_BATCH_PREFETCH]);
            demci_contact_batch_prefetch_motion(b, b->i[q + DEMCI_BATCH_PREFETCH]);
            DEMCI_PREFETCH_WRITE(b->state + (q + DEMCI_BATCH_PREFETCH) * b->state_stride);
        }
        if (b->radius[(size_t)b->i[q] * b->scalar_stride] - f->contacts[q].distance > -c[DEMCI_M_RANGE]) {
            within[n++] = q;
        } else { /* (also NaN) */
            demci_contact_batch_release(kind, c, b, q, per_contact);
            if (b->heat_flow) demci_contact_heat_release(c, b->state + q * b->state_stride);
            if (f->nodal) {
                size_t k;
                for (k = 0; k < 9; ++k) f->nodal[9 * q + k] = 0.0;
            }
        }
    }
    return n;
}

/* The batch loop of a kind the lanes serve, chunk by chunk as demci_contact_batch_loop(): each chunk's contacts within
 * reach are listed (a dense chunk by testing each in turn, a sparse one by the sift), the pairs apart released, and
 * the listed contacts evaluated DEMCI_WIDE at a time wherever they are in the chunk (a group of adjacent contacts
 * would be all within reach too rarely at width 8), the last group of a chunk with fewer. The evaluated contacts are
 * emitted in their order, so the sums into the accumulators are the scalar loop's (a contact released adds nothing
 * to them). One evaluation site per kind: the lanes' text is instantiated once per kind and width. */
DEMC_HOT_INLINE void demci_lanes_loop(demc_contact_kind kind, int extended, int place, const double *c,
                                      const demc_contact_batch *b, const demci_lanes_boundary *boundary, double dt)
{
    const demc_wall *const wall = place == DEMCI_LANES_WALL ? boundary->wall : NULL;
    const int facets = place == DEMCI_LANES_FACETS;
    const demci_lanes_layout layout = demci_lanes_layout_of(kind, extended, b);
    size_t start, end, within = 1, length = 1; /* of the chunk before; the first chunk is taken as dense */
    size_t list[DEMCI_BATCH_CHUNK];
    double radius[DEMCI_BATCH_CHUNK]; /* a group of DEMCI_WIDE at t, a multiple of it below the chunk's length */
    for (start = 0; start < b->count; start = end) {
        const int dense = facets || 2 * within > length; /* (facets: their list prefetches as it goes) */
        size_t t, k;
        end = demci_contact_batch_chunk_end(b, start);
        length = end - start;
        within = facets  ? demci_lanes_facet_list(kind, c, b, boundary, start, end, list)
                 : dense ? demci_contact_batch_dense_list(kind, c, b, wall, start, end, list)
                         : demci_contact_batch_sift(kind, c, b, wall, start, end, list);
        if (b->heat_flow && !facets) demci_contact_batch_heat_chunk(c, b, wall, start, end, list, within);
        for (t = 0; t < within; t += DEMCI_WIDE) {
            const int count = within - t < DEMCI_WIDE ? (int)(within - t) : DEMCI_WIDE;
            /* a dense chunk's contacts were prefetched whole; a sifted chunk's motion is fetched here */
            if (!dense)
                for (k = 0; k < (size_t)count; ++k) demci_contact_batch_motion_ahead(b, wall, list, within, t + k);
            demci_lanes_group(kind, extended, place, &layout, c, b, boundary, dt, list + t, count, radius + t);
        }
        if (b->heat_flow) demci_lanes_heat(c, b, boundary, dt, list, within, radius);
    }
}

/* 1 for the conventions that 1.0's lanes did not serve: the elastic displacement kept (the total stiffness rule,
 * LIGGGHTS's, LAMMPS's and Campello's; the slip along it), the slip along the sliding velocity, the kept dashpot and
 * the absolute Coulomb load (LAMMPS's); and for the rolling-consistent increment (Campello's). */
DEMC_STATIC_INLINE int demci_lanes_extended(demc_contact_kind kind)
{
    return DEMCI_KIND_INCREMENT(kind) != DEMC_INCREMENT_VELOCITY || demci_contact_spring_displacement(kind) ||
           DEMCI_KIND_DIRECTION(kind) != DEMC_SLIP_DIRECTION_FORCE ||
           DEMCI_KIND_COULOMB(kind) == DEMC_COULOMB_TOTAL_DASHPOT_KEPT ||
           DEMCI_KIND_COULOMB_LOAD(kind) == DEMC_COULOMB_LOAD_ABSOLUTE;
}

/* The kinds the lanes serve, in five loops: the default preset's with everything folded (its conventions read at
 * run time cost it 13 instructions a contact of 374, 3.5 %); the other kinds with the conventions of 1.0's lanes,
 * the HM, LSD and PLSB presets' included, with their laws folded but for the normal law and its damping, read at run
 * time as the conventions are (constant over the batch: branches taken the same way every time; one loop for the
 * damped and undamped laws: the HM and PLSB presets take 9 instructions a contact more, 2.4 %, the closest
 * conventions 3 less, for 11 KB less text at each width); every kind with the other conventions
 * (demci_lanes_extended(): LIGGGHTS's, LAMMPS's, Campello's) in one loop that reads laws and conventions at run time
 * (with those conventions in the loops above, the closest conventions' batch took 5 % more time); and the wall's and
 * the facets' batches, each in a loop of its own with those conventions (with the wall read at run time in the
 * spheres' loop, LIGGGHTS's conventions took 37 instructions a contact more, 9 %).
 * Each loop is a function of its own, not inlined into one: inlined, the five shared one stack frame of about 8 KB,
 * and a loop's speed depended on where its spilled values fell in it. With the same instructions, from one build to
 * the next, the default preset's batch ran at 27.5 or at 35 ns a contact in cache and the HM and PLSB presets' at 27
 * or 34 (AVX-512, Zen 4; most likely loads held back by stores 4 KiB apart, which the CPU cannot tell from the
 * same address). On their own, each frame is 2-4 KB (the facets' 6.6 KB at width 8) and every loop has run at the
 * fast end in every build measured; LIGGGHTS's and LAMMPS's conventions gained 20 % on a sparse list. */
DEMCI_OUT_OF_LINE void demci_lanes_loop_wall(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                             const demci_lanes_boundary *boundary, double dt)
{
    demci_lanes_loop(kind, 1, DEMCI_LANES_WALL, c, b, boundary, dt);
}
DEMCI_OUT_OF_LINE void demci_lanes_loop_facets(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                               const demci_lanes_boundary *boundary, double dt)
{
    demci_lanes_loop(kind, 1, DEMCI_LANES_FACETS, c, b, boundary, dt);
}
DEMCI_OUT_OF_LINE void demci_lanes_loop_extended(demc_contact_kind kind, const double *c,
                                                 const demc_contact_batch *b, double dt)
{
    demci_lanes_loop(kind, 1, DEMCI_LANES_SPHERES, c, b, NULL, dt);
}
DEMCI_OUT_OF_LINE void demci_lanes_loop_hmd(const double *c, const demc_contact_batch *b, double dt)
{
    demci_lanes_loop(DEMC_CONTACT_KIND_HMD, 0, DEMCI_LANES_SPHERES, c, b, NULL, dt);
}
/* the laws but for the normal law and its damping folded to HM+D's */
DEMCI_OUT_OF_LINE void demci_lanes_loop_laws(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                             double dt)
{
    const demc_contact_kind normal_and_damping = 127u; /* the normal (4 bits) and damping (3 bits) slots */
    demci_lanes_loop((kind & ~DEMCI_KIND_LAW_BITS) | (kind & normal_and_damping) |
                         (DEMC_CONTACT_KIND_HMD & DEMCI_KIND_LAW_BITS & ~normal_and_damping),
                     0, DEMCI_LANES_SPHERES, c, b, NULL, dt);
}
DEMC_STATIC_INLINE void demci_contact_batch_lanes(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                                  const demci_lanes_boundary *boundary, double dt)
{
    if (boundary && boundary->wall) demci_lanes_loop_wall(kind, c, b, boundary, dt);
    else if (boundary) demci_lanes_loop_facets(kind, c, b, boundary, dt);
    else if (demci_lanes_extended(kind)) demci_lanes_loop_extended(kind, c, b, dt);
    else if (kind == DEMC_CONTACT_KIND_HMD) demci_lanes_loop_hmd(c, b, dt);
    else demci_lanes_loop_laws(kind, c, b, dt);
}

/* The library on x86 has the lanes of every width: this unit's own (DEMCI_WIDE, the target it is built for: 2 on
 * the baseline x86-64) and those of src/contact_lanes_w4.c and src/contact_lanes_w8.c, the same text built with
 * -mavx2 and -mavx512f (hidden symbols, as every internal one). A header-only unit has its target's width alone. */
#if defined(DEMC_BUILDING_LIBRARY) && (defined(__GNUC__) || defined(__clang__)) &&                                   \
    (defined(__x86_64__) || defined(__i386__))
#  define DEMCI_LANES_RUNTIME 1
void demci_contact_batch_lanes_w4(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                  const demci_lanes_boundary *boundary, double dt);
void demci_contact_batch_lanes_w8(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                  const demci_lanes_boundary *boundary, double dt);
#endif

/* The batch of a kind the lanes serve at the widest lanes this CPU runs: in the library, one question to the CPU per
 * batch call (never per contact: __builtin_cpu_supports reads a word that libgcc's start-up code filled), then the
 * lanes of that width; in a header-only unit, its target's. Every width gives the same results, bit for bit. */
DEMC_STATIC_INLINE void demci_contact_batch_lanes_widest(demc_contact_kind kind, const double *c,
                                                         const demc_contact_batch *b,
                                                         const demci_lanes_boundary *boundary, double dt)
{
#if defined(DEMCI_LANES_RUNTIME) && defined(DEMC_IMPLEMENT_CONTACT)
    __builtin_cpu_init(); /* idempotent; needed only were a batch called before the start-up code ran */
    if (DEMCI_WIDE < 8 && __builtin_cpu_supports("avx512f")) {
        demci_contact_batch_lanes_w8(kind, c, b, boundary, dt);
        return;
    }
    if (DEMCI_WIDE < 4 && __builtin_cpu_supports("avx2")) {
        demci_contact_batch_lanes_w4(kind, c, b, boundary, dt);
        return;
    }
#endif
    demci_contact_batch_lanes(kind, c, b, boundary, dt);
}

DEMC_END_DECLS
#endif /* DEMCI_BATCH_LANES */

#endif /* DEMC_CONTACT_LANES_IMPL_H */
