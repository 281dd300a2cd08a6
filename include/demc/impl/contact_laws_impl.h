/* The law table: one row per value of a slot, the facts of that law that the rest of the contact code reads (its
 * block of the per-contact state, its vectors and their flips, what it reads of the bodies, its coefficients with
 * their domains and model constants, the energy its block holds on release). A law's step function lives in its
 * module; adding a law is its enumerator (and its slot's count of values, in the layout part), its row here, the
 * model constants of new coefficients, and its step.
 * Rows are functions of the slot value (a switch), not arrays: under a constant kind they fold to constants inside
 * the evaluation, and the header-only functions also compile as CUDA device code, which cannot read a host's static
 * table.
 * Part of the bodies of contact.h (impl/contact_impl.h includes the parts in order); each part includes the
 * parts it uses, which lie above it in that order. */
#ifndef DEMC_CONTACT_LAWS_IMPL_H
#define DEMC_CONTACT_LAWS_IMPL_H

#include <stddef.h>
#include "../contact.h" /* the public declarations (nothing, when this part is included from there) */
#include "contact_layout_impl.h"

DEMC_BEGIN_DECLS

/* The facts of one law. Its state block: `doubles` doubles (the kind's blocks, in the order of the layout part;
 * the MDR law's springs are a block of their own, sized by the model), of which `vectors` tangent-plane vectors at
 * the offsets vector_at[] within the block, carried into each new frame (the transport conventions), and changing
 * sign under the i ⇄ j swap when `flips` (quantities of body i relative to j; a kept vector is invariant).
 * The energy its block holds, released when the contact ends (reported as exchange): of the block's first
 * `energy_doubles` doubles v (3: a vector, 1: an angle; 0: none), with the stiffness k the block's double
 * `stiffness_at` or, when it is negative, the model's constant `constant_k`: ½|v|²/k (`compliance`: v a spring's
 * torque; nothing while k = 0) or ½k|v|² (v a displacement). */
typedef struct demci_law {
    unsigned char doubles, vectors, vector_at[3], flips;
    unsigned char inertia;        /* 1: reads the bodies' moments of inertia (the frame's effective inertia) */
    unsigned char needs_spring;   /* 1: its coefficients come from the tangential spring (::DEMC_TANGENTIAL_SPRING) */
    unsigned char energy_doubles, compliance;
    signed char stiffness_at;
    unsigned char constant_k;     /* a DEMCI_M_* index, read when stiffness_at < 0 */
} demci_law;

/* A row: the block (doubles, vectors at 0, 3, 6 or the spring's 0 and 6, flips) and the rest zero. */
DEMC_HOT_INLINE demci_law demci_law_block(int doubles, int vectors, int second_at, int flips)
{
    demci_law row;
    row.doubles = (unsigned char)doubles;
    row.vectors = (unsigned char)vectors;
    row.vector_at[0] = 0;
    row.vector_at[1] = (unsigned char)second_at;
    row.vector_at[2] = 6;
    row.flips = (unsigned char)flips;
    row.inertia = row.needs_spring = row.energy_doubles = row.compliance = row.constant_k = 0;
    row.stiffness_at = -1;
    return row;
}

/* The domain of a coefficient (demci_law_param): x ≥ 0, x > 0, 0 ≤ x ≤ 1, an enumerator below `bound`, or none of
 * its own (a field of another slot, checked there). */
enum { DEMCI_DOMAIN_NONNEGATIVE, DEMCI_DOMAIN_POSITIVE, DEMCI_DOMAIN_UNIT, DEMCI_DOMAIN_ENUM, DEMCI_DOMAIN_CHECKED };

/* A coefficient of a law: the description's field at byte offset `field` (a double, or an enumerator for
 * DEMCI_DOMAIN_ENUM), its domain, the model constant it is copied to (a DEMCI_M_* index) and the name a refusal
 * gives. A law's coefficients are checked, and then copied, in the order of its rows, the description's
 * declaration order. */
typedef struct demci_law_param {
    size_t field;
    int domain, bound;
    int constant;
    const char *name;
} demci_law_param;

DEMC_STATIC_INLINE demci_law_param demci_law_param_make(size_t field, int domain, int bound, int constant,
                                                        const char *name)
{
    demci_law_param p;
    p.field = field;
    p.domain = domain;
    p.bound = bound;
    p.constant = constant;
    p.name = name;
    return p;
}
#define DEMCI_PARAM(field, domain, constant) \
    demci_law_param_make(offsetof(demc_contact_def, field), (domain), 0, (constant), "def." #field)

enum { DEMCI_FRAME_DOUBLES = 3, DEMCI_SPRING_DOUBLES = 6, DEMCI_MAX_VECTORS = 5,
       DEMCI_MDR_HEADER = DEMC_TANGENTIAL_MDR_STATE_HEADER };

/* 1 when the spring keeps its elastic displacement: a convention reads it (the total law F = −k_t δ, the
 * displacement slip direction); otherwise it is never read and not kept. */
DEMC_HOT_INLINE int demci_contact_spring_displacement(demc_contact_kind kind)
{
    return DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_SPRING &&
           (DEMCI_KIND_STIFFNESS_RULE(kind) == DEMC_STIFFNESS_TOTAL ||
            DEMCI_KIND_DIRECTION(kind) == DEMC_SLIP_DIRECTION_DISPLACEMENT);
}

/* ---- the rows ------------------------------------------------------------------------------------------------ */

/* The normal slot: the laws with memory keep it in doubles that the swap keeps. */
DEMC_HOT_INLINE demci_law demci_normal_law(unsigned law)
{
    switch (law) {
    case DEMC_NORMAL_PLSB:   /* the latch δ_max */
    case DEMC_NORMAL_JKR:    /* the neck: 0 (none) or, while it exists, the pair's R* (the energy of the break) */
    case DEMC_NORMAL_LUDING: /* δ_max */
    case DEMC_NORMAL_EEPA:   /* δ_p */
        return demci_law_block(1, 0, 0, 0);
    case DEMC_NORMAL_THORNTON_NING: return demci_law_block(4, 0, 0, 0); /* demc_normal_thornton_ning_state */
    default: return demci_law_block(0, 0, 0, 0);
    }
}

/* The tangential slot, whose spring's block depends on the conventions. Its energy on release: the spring's
 * ½|F|²/k_t; the Mindlin–Deresiewicz and MDR laws' are functions of their modules (demci_contact_release()). */
DEMC_HOT_INLINE demci_law demci_tangential_law(demc_contact_kind kind)
{
    demci_law row;
    switch (DEMCI_KIND_TANGENTIAL(kind)) {
    case DEMC_TANGENTIAL_SPRING: /* force (3), k_t, F_n, slip flag, and the displacement (3) when kept */
        row = demci_law_block(DEMCI_SPRING_DOUBLES + 3 * demci_contact_spring_displacement(kind),
                              1 + demci_contact_spring_displacement(kind), DEMCI_SPRING_DOUBLES, 1);
        row.energy_doubles = 3, row.compliance = 1, row.stiffness_at = 3;
        return row;
    case DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ: /* force, branch origin, branch end (3 each), F_n, 8G*a, branch */
        return demci_law_block(DEMC_TANGENTIAL_MD_STATE_SIZE, 3, 3, 1);
    default: /* none, or the MDR law: its springs are a block of their own, after the kind's */
        return demci_law_block(0, 0, 0, 0);
    }
}

/* The rolling slot. */
DEMC_HOT_INLINE demci_law demci_rolling_law(unsigned law)
{
    demci_law row = demci_law_block(0, 0, 0, 0);
    switch (law) {
    case DEMC_ROLLING_CDT: row.inertia = 1; break;
    case DEMC_ROLLING_EPSD: /* the spring torque M_k on i (flips), then the k_r of the step that wrote it */
        row = demci_law_block(4, 1, 0, 1);
        row.inertia = 1;
        row.energy_doubles = 3, row.compliance = 1, row.stiffness_at = 3;
        break;
    case DEMC_ROLLING_SDS: /* the rolling displacement ξ_r (kept: v_r is invariant) */
        row = demci_law_block(3, 1, 0, 0);
        row.energy_doubles = 3, row.constant_k = DEMCI_M_ROLL_K;
        break;
    default: break;
    }
    return row;
}

/* The twisting slot: the twist angle φ (kept under the swap), and Marshall's k_tw of the step that wrote it. */
DEMC_HOT_INLINE demci_law demci_twisting_law(unsigned law)
{
    demci_law row = demci_law_block(0, 0, 0, 0);
    switch (law) {
    case DEMC_TWISTING_MARSHALL:
        row = demci_law_block(2, 0, 0, 0);
        row.needs_spring = 1;
        row.energy_doubles = 1, row.stiffness_at = 1;
        break;
    case DEMC_TWISTING_SDS:
        row = demci_law_block(1, 0, 0, 0);
        row.energy_doubles = 1, row.constant_k = DEMCI_M_TWIST_K;
        break;
    default: break;
    }
    return row;
}

/* The coefficients of the rolling and twisting laws (every other slot's are checked together, their domains
 * depending on each other's values: demci_contact_def_check()): into out[0..count), count returned. */
enum { DEMCI_MAX_LAW_PARAMS = 4 };
DEMC_STATIC_INLINE int demci_rolling_params(unsigned law, demci_law_param *out)
{
    int n = 0;
    if (law == DEMC_ROLLING_NONE || law >= DEMCI_ROLLING_LAWS) return 0;
    out[n++] = DEMCI_PARAM(mu_rolling, DEMCI_DOMAIN_NONNEGATIVE, DEMCI_M_ROLL_MU); /* μ_r, or SDS's μ_roll */
    switch (law) {
    case DEMC_ROLLING_CDT:
        out[n++] = demci_law_param_make(offsetof(demc_contact_def, rolling_limiter), DEMCI_DOMAIN_ENUM,
                                        (int)DEMC_ROLLING_CDT_LIMITER_NONE + 1, DEMCI_M_ROLL_LIMITER,
                                        "def.rolling_limiter");
        break;
    case DEMC_ROLLING_EPSD:
        out[n++] = DEMCI_PARAM(rolling_stiffness_coefficient, DEMCI_DOMAIN_POSITIVE, DEMCI_M_ROLL_C);
        out[n++] = DEMCI_PARAM(rolling_damping_ratio, DEMCI_DOMAIN_NONNEGATIVE, DEMCI_M_ROLL_ETA);
        out[n++] = DEMCI_PARAM(rolling_mobilised_damping, DEMCI_DOMAIN_UNIT, DEMCI_M_ROLL_F);
        break;
    case DEMC_ROLLING_SDS:
        out[n++] = DEMCI_PARAM(rolling_stiffness, DEMCI_DOMAIN_NONNEGATIVE, DEMCI_M_ROLL_K);
        out[n++] = DEMCI_PARAM(rolling_damping, DEMCI_DOMAIN_NONNEGATIVE, DEMCI_M_ROLL_GAMMA);
        break;
    default: break;
    }
    return n;
}

DEMC_STATIC_INLINE int demci_twisting_params(unsigned law, demci_law_param *out)
{
    int n = 0;
    switch (law) {
    case DEMC_TWISTING_MARSHALL: /* μ_t is the spring's μ_d (checked with the friction) */
        out[n++] = DEMCI_PARAM(friction.mu_dynamic, DEMCI_DOMAIN_CHECKED, DEMCI_M_TWIST_MU);
        break;
    case DEMC_TWISTING_SDS:
        out[n++] = DEMCI_PARAM(twisting_stiffness, DEMCI_DOMAIN_NONNEGATIVE, DEMCI_M_TWIST_K);
        out[n++] = DEMCI_PARAM(twisting_damping, DEMCI_DOMAIN_NONNEGATIVE, DEMCI_M_TWIST_GAMMA);
        out[n++] = DEMCI_PARAM(mu_twisting, DEMCI_DOMAIN_NONNEGATIVE, DEMCI_M_TWIST_MU);
        break;
    default: break;
    }
    return n;
}

/* ---- the per-contact state layout, a function of the kind alone ---------------------------------------------- */
/* Forced inline (DEMC_HOT_INLINE): with a constant kind the rows fold to constants inside the evaluation, which
 * is large enough that the compiler would otherwise keep some of these as calls. */
/* Blocks in this order, each present only when a selected law keeps memory:
 *   frame      3  the previous unit normal, when a block below keeps tangent-plane vectors and the memory is carried
 *                 by rotation (DEMC_TRANSPORT_ROTATE: the turn from the previous normal to this one); a projection
 *                 needs only the current normal;
 *   tangential    the spring: elastic force (3), stiffness, normal force, slip flag, and the elastic displacement
 *                 (3) only when a convention reads it (the total stiffness rule, the displacement slip direction):
 *                 the fields of demc_tangential_state that the kind uses; or the Mindlin–Deresiewicz law: force (3),
 *                 branch origin (3), branch end (3), normal force, stiffness 8G*a, branch (the
 *                 demc_tangential_md_state in declaration order);
 *   rolling       EPSD (4): the spring torque M_k on i (N·m, changes sign under the swap) and the k_r of the step
 *                 that wrote it (kept); SDS (3): the rolling displacement ξ_r (m, kept under the swap); the
 *                 vectors lie in the tangent plane and are carried with the frame;
 *   twisting      the twist angle φ (rad, kept under the swap), and for Marshall the k_tw of the step that wrote
 *                 it (kept);
 *   normal        PLS(B): the latch δ_max; JKR: the neck (0: none; while it exists, the pair's R*, kept for the
 *                 energy of the break); Thornton & Ning (1.1): demc_normal_thornton_ning_state (δ_max, δ_p, R_p,
 *                 neck); Luding (1.1): δ_max; EEPA (1.1): δ_p; all kept under the swap;
 *   bridge (1.1)  the liquid bridge of def.capillary (the kind's bridge bit), 2 doubles: its marker, 0 without a
 *                 bridge, the pair's Derjaguin radius R_h while it exists; the host's volume of this contact's
 *                 bridge (0: the model's); both kept under the swap (DEMC_CONTACT_STATE_BRIDGE, _VOLUME);
 *   MDR           the tangential law DEMC_TANGENTIAL_MDR, whose size is not the kind's but its resolution's (the
 *                 model's DEMCI_M_MDR_SPRINGS): the kernel's state of demc/tangential_mdr.h, the cell width h and
 *                 the contact radius a_0 of the previous step (kept under the swap), a unit basis e_1, e_2 of the
 *                 tangent plane (6 doubles, changing sign under the swap), then the springs' components in that
 *                 basis, all first components, then all second ones (kept under the swap). The frame turns the
 *                 basis, not the springs. After every block of the kind, so that each of those keeps an offset
 *                 that is a function of the kind alone; demci_contact_state_size() is the size of the blocks
 *                 before it.
 * A slot added within 1.x appends its block here (its row to the offsets and demci_contact_vector_row()):
 * the layout of every kind that does not select it is unchanged.
 *   heat (1.1)    after all of the above, the MDR springs included: ::DEMC_HEAT_COLLISION's
 *                 demc_heat_collision_state (a_max, τ; kept under the swap). The heat slot takes no bits of the
 *                 kind: its block is sized by demc_contact_model_init() into the model's state size and found at
 *                 DEMCI_M_HEAT_STATE, and the evaluation's release (which zeroes the kind's doubles) leaves it to
 *                 demc_contact_heat(), which resets it when the contact radius is 0. */

/* 1 for the MDR tangential law (its block after all the others). */
#define DEMCI_KIND_MDR(k) (DEMCI_KIND_TANGENTIAL(k) == DEMC_TANGENTIAL_MDR)

/* The number of tangent-plane vectors the blocks keep: those of the tangential, rolling, twisting and normal rows. */
DEMC_HOT_INLINE int demci_contact_vector_count(demc_contact_kind kind)
{
    return demci_tangential_law(kind).vectors + demci_rolling_law(DEMCI_KIND_ROLLING(kind)).vectors +
           demci_twisting_law(DEMCI_KIND_TWISTING(kind)).vectors + demci_normal_law(DEMCI_KIND_NORMAL(kind)).vectors;
}

DEMC_HOT_INLINE size_t demci_contact_frame_offset_end(demc_contact_kind kind)
{
    return (demci_contact_vector_count(kind) > 0 || DEMCI_KIND_MDR(kind)) &&
                   DEMCI_KIND_TRANSPORT(kind) == DEMC_TRANSPORT_ROTATE
               ? (size_t)DEMCI_FRAME_DOUBLES
               : 0;
}

DEMC_HOT_INLINE size_t demci_contact_tangential_offset(demc_contact_kind kind)
{
    return demci_contact_frame_offset_end(kind);
}

DEMC_HOT_INLINE size_t demci_contact_rolling_offset(demc_contact_kind kind)
{
    return demci_contact_tangential_offset(kind) + demci_tangential_law(kind).doubles;
}

DEMC_HOT_INLINE size_t demci_contact_twisting_offset(demc_contact_kind kind)
{
    return demci_contact_rolling_offset(kind) + demci_rolling_law(DEMCI_KIND_ROLLING(kind)).doubles;
}

DEMC_HOT_INLINE size_t demci_contact_normal_offset(demc_contact_kind kind)
{
    return demci_contact_twisting_offset(kind) + demci_twisting_law(DEMCI_KIND_TWISTING(kind)).doubles;
}

/* The liquid bridge's block (1.1), after the normal block: its marker, then the host's volume. */
DEMC_HOT_INLINE size_t demci_contact_bridge_offset(demc_contact_kind kind)
{
    return demci_contact_normal_offset(kind) + demci_normal_law(DEMCI_KIND_NORMAL(kind)).doubles;
}

/* The doubles of the blocks the kind fixes: the whole state, but for the MDR block that follows them. */
DEMC_HOT_INLINE size_t demci_contact_state_size(demc_contact_kind kind)
{
    return demci_contact_bridge_offset(kind) + 2 * DEMCI_KIND_BRIDGE(kind);
}

/* The MDR block: its offset, and its doubles for `springs` springs. */
DEMC_HOT_INLINE size_t demci_contact_mdr_offset(demc_contact_kind kind) { return demci_contact_state_size(kind); }
#define DEMCI_MDR_DOUBLES(springs) ((size_t)DEMCI_MDR_HEADER + 2 * (size_t)(springs))

/* Tangent-plane vector q (0 ≤ q < count) of the kind: the row holding it (the blocks' order) and its block's offset
 * in the state. */
DEMC_HOT_INLINE demci_law demci_contact_vector_row(demc_contact_kind kind, int *q, size_t *block)
{
    const demci_law t = demci_tangential_law(kind), r = demci_rolling_law(DEMCI_KIND_ROLLING(kind));
    const demci_law w = demci_twisting_law(DEMCI_KIND_TWISTING(kind));
    if (*q < t.vectors) return *block = demci_contact_tangential_offset(kind), t;
    *q -= t.vectors;
    if (*q < r.vectors) return *block = demci_contact_rolling_offset(kind), r;
    *q -= r.vectors;
    if (*q < w.vectors) return *block = demci_contact_twisting_offset(kind), w;
    *q -= w.vectors;
    *block = demci_contact_normal_offset(kind);
    return demci_normal_law(DEMCI_KIND_NORMAL(kind));
}

/* The offset of tangent-plane vector q in the state. */
DEMC_HOT_INLINE size_t demci_contact_vector_offset(demc_contact_kind kind, int q)
{
    size_t block;
    const demci_law row = demci_contact_vector_row(kind, &q, &block);
    return block + row.vector_at[q];
}

/* 1 when tangent-plane vector q changes sign under the i ⇄ j swap (its row's flips). */
DEMC_HOT_INLINE int demci_contact_vector_flips(demc_contact_kind kind, int q)
{
    size_t block;
    return demci_contact_vector_row(kind, &q, &block).flips;
}

/* 1 when double `index` of the state changes sign under the i ⇄ j swap: the previous normal and the vectors of
 * the pair (i relative to j) that a block keeps; every other double is kept. */
DEMC_STATIC_INLINE int demci_contact_flips(demc_contact_kind kind, size_t index)
{
    int q;
    if (index < demci_contact_frame_offset_end(kind)) return 1;
    for (q = 0; q < demci_contact_vector_count(kind); ++q) {
        const size_t at = demci_contact_vector_offset(kind, q);
        if (index >= at && index < at + 3) return demci_contact_vector_flips(kind, q);
    }
    return 0;
}

/* The vector of three doubles at s (a state's block, a host's row). */
DEMC_STATIC_INLINE demc_vec3 demci_contact_load3(const double *s) { return demc_vec3_make(s[0], s[1], s[2]); }

/* The energy held by the block of `row` at state + at (the row's release energy; 0 without one, and the state is then
 * not read: a model without state may give none). */
DEMC_STATIC_INLINE double demci_contact_block_energy(demci_law row, const double *c, const double *state, size_t at)
{
    const double *block;
    double k;
    if (row.energy_doubles == 0) return 0.0;
    block = state + at;
    k = row.stiffness_at >= 0 ? block[row.stiffness_at] : c[row.constant_k];
    if (row.compliance) return k > 0.0 ? 0.5 * demc_vec3_norm2(demci_contact_load3(block)) / k : 0.0;
    return row.energy_doubles == 3 ? 0.5 * k * demc_vec3_norm2(demci_contact_load3(block))
                                   : 0.5 * k * block[0] * block[0];
}

DEMC_END_DECLS

#endif /* DEMC_CONTACT_LAWS_IMPL_H */
