/* The private layout of the compiled model (named indices into its doubles, the bits of a kind) and of the
 * per-contact state (a function of the kind alone).
 * Part of the bodies of contact.h (impl/contact_impl.h includes the parts in order); each part includes the
 * parts it uses, which lie above it in that order. */
#ifndef DEMC_CONTACT_LAYOUT_IMPL_H
#define DEMC_CONTACT_LAYOUT_IMPL_H

#include <stddef.h>
#include "../contact.h" /* the public declarations (nothing, when this part is included from there) */

DEMC_BEGIN_DECLS

/* A function off the force loop (setup, the release of a contact, which happens once in its life): gcc optimises it
 * for size and lays its calls out of the hot path (the library's text is read by every host that links it). */
#if defined(__GNUC__) && !defined(__CUDACC__)
#  define DEMCI_COLD __attribute__((cold))
#else
#  define DEMCI_COLD
#endif

/* ---- the private layout of demc_contact_model: named indices into its doubles ------------------------------- */

/* The layout tag: a small integer that changes whenever the meaning of an index below or of a bit of the kind
 * changes (and only then), so that a model built by one version is recognised, or refused, by the code of another
 * (demc_contact_model_validate()). Index 0 holds it in every layout, forever; index 1 the kind tagged with it,
 * DEMCI_CONTACT_LAYOUT·2^32 + kind, so that one compare checks both (demc_contact_eval_kind()). A model never built
 * (zeros) has tag 0 and is refused too. */
/* 101 (1.1): the tangential slot's value 3 (the MDR law) and its constant DEMCI_M_MDR_SPRINGS; a 1.0 reader
 * would take such a model for one without tangential law. */
/* 102 (1.1): the normal slot's values 7-9 (the elasto-plastic adhesive laws) and their constants DEMCI_M_PLASTIC; a
 * reader of layout 101 would take such a model for one with the Hertz law. The kind's bits 28 (the liquid bridge),
 * 29 (the Coulomb policy's second bit, DEMC_COULOMB_TOTAL_DASHPOT_KEPT) and 30 (the Coulomb load) came with it, before
 * 1.1's release: a library that reads tag 102 knows them. A bit added after a release changes the tag again. */
#define DEMCI_CONTACT_LAYOUT 102.0
#define DEMCI_KIND_TAG_SCALE 4294967296.0 /* 2^32: the kind is below it, the tag times it is exact */
#define DEMCI_TAGGED_KIND(kind) (DEMCI_CONTACT_LAYOUT * DEMCI_KIND_TAG_SCALE + (double)(kind))
/* The flips of the state under the i ⇄ j swap as runs of doubles (start, length): at most one per vector block
 * and the previous normal. */
#define DEMCI_FLIP_RUNS 8
#define DEMCI_BRIDGE_CONSTANTS 7 /* the liquid bridge's model constants (below) */

enum {
    DEMCI_M_LAYOUT,      /* DEMCI_CONTACT_LAYOUT (index 0 in every layout) */
    DEMCI_M_KIND,        /* DEMCI_TAGGED_KIND(kind), exact as a double (index 1 in every layout) */
    DEMCI_M_STATE_SIZE,  /* doubles of the per-contact state */
    DEMCI_M_RANGE,       /* reach beyond touching, m */
    DEMCI_M_SHARE_I,     /* fraction of δ taken by body i (contact point) */
    DEMCI_M_E,           /* E*, Pa */
    DEMCI_M_G,           /* G*, Pa */
    DEMCI_M_K,           /* k of the linear spring and of PLS(B), N/m */
    DEMCI_M_KAPPA,       /* κ */
    DEMCI_M_GAMMA_N,     /* normal damping ratio γ */
    DEMCI_M_GAMMA_T,     /* tangential damping ratio γ_t */
    DEMCI_M_MU_S,        /* μ_s */
    DEMCI_M_MU_D,        /* μ_d */
    DEMCI_M_PLS_K1,      /* PLS(B) loading stiffness e k */
    DEMCI_M_PLS_K2,      /* PLS(B) unloading stiffness k/e */
    DEMCI_M_PLS_FRACTION, /* PLS(B) 1 − e² */
    DEMCI_M_HERTZ_F,     /* (4/3) E*: F = (4/3) E* a δ with a = √(R* δ) */
    DEMCI_M_HERTZ_KN,    /* 2 E*: k_n = 2 E* a */
    DEMCI_M_HERTZ_KT,    /* 8 G*: k_t = 8 G* a */
    DEMCI_M_CT_OVER_CN,  /* c_t / c_n = (γ_t/γ) √(k_t/k_n): the tangential dashpot without a square root */
    DEMCI_M_ADHESION,    /* w (JKR, DMT, J/m²) or k (simplified JKR, J/m³); 0: the Hertz law */
    DEMCI_M_MD_VARIANT,   /* demc_tangential_md_variant of the Mindlin–Deresiewicz law */
    /* rolling and twisting (read only when their slot selects a law) */
    DEMCI_M_ROLL_MU,      /* μ_r (CDT, EPSD) or μ_roll (SDS) */
    DEMCI_M_ROLL_LIMITER, /* demc_rolling_cdt_limiter, exact as a double */
    DEMCI_M_ROLL_C,       /* EPSD c of k_r = c k_n μ_r² R*² */
    DEMCI_M_ROLL_ETA,     /* EPSD η_r */
    DEMCI_M_ROLL_F,       /* EPSD share of the dashpot at full mobilisation */
    DEMCI_M_ROLL_K,       /* SDS k_roll */
    DEMCI_M_ROLL_GAMMA,   /* SDS γ_roll */
    DEMCI_M_TWIST_K,      /* SDS k_tw */
    DEMCI_M_TWIST_GAMMA,  /* SDS γ_tw */
    DEMCI_M_TWIST_MU,     /* SDS μ_tw (m); Marshall μ_t = μ_d of the tangential spring */
    DEMCI_M_INERTIA,      /* 1: a law reads the frame's effective inertia (CDT, EPSD), else 0 */
    DEMCI_M_FLIP_COUNT,   /* the number of runs of flipping doubles */
    DEMCI_M_FLIP_RUN,     /* DEMCI_FLIP_RUNS pairs (start, length) */
    /* Heat (1.1), appended after the indices of 1.0, whose meanings are unchanged: a model without heat holds
     * zeros here (demc_contact_model_init() zeroes the whole model), which read as no heat. Read only by
     * demc_contact_heat() and the batch's heat pass. */
    DEMCI_M_HEAT_LAW = DEMCI_M_FLIP_RUN + 2 * DEMCI_FLIP_RUNS, /* demc_heat_law, exact as a double; 0: no heat */
    DEMCI_M_HEAT_COEFFICIENT, /* k_s (STATIC), h (AREA) or C e* (COLLISION) */
    DEMCI_M_HEAT_FRACTION_I,  /* share of frictional heat of body i */
    DEMCI_M_HEAT_FRACTION_J,  /* share of body j */
    DEMCI_M_HEAT_STATE,       /* offset of the heat block in the state (COLLISION: a_max, τ) */
    DEMCI_M_MDR_SPRINGS, /* springs of the MDR law (1.1), exact as a double */
    /* The elasto-plastic laws (1.1): Thornton & Ning p_y (its E* and w are DEMCI_M_E and DEMCI_M_ADHESION); Luding
     * demc_normal_luding_params (4); EEPA demc_normal_eepa_params (8), each in declaration order. */
    DEMCI_M_PLASTIC,
    /* The liquid bridge (1.1): γ, θ, V, the form, η, S_min, V_max (def.capillary), read when the kind's bridge bit
     * is set. */
    DEMCI_M_BRIDGE = DEMCI_M_PLASTIC + 8,
    DEMCI_M_END_ = DEMCI_M_BRIDGE + DEMCI_BRIDGE_CONSTANTS
};
typedef char demci_contact_model_fits[DEMCI_M_END_ <= DEMC_CONTACT_MODEL_DOUBLES ? 1 : -1];

/* 1 when this face can read the model (its layout tag is this face's). */
DEMC_HOT_INLINE int demci_contact_readable(const double *c) { return c[DEMCI_M_LAYOUT] == DEMCI_CONTACT_LAYOUT; }

/* The kind of a readable model. */
DEMC_HOT_INLINE demc_contact_kind demci_contact_kind_of(const double *c)
{
    return (demc_contact_kind)(c[DEMCI_M_KIND] - DEMCI_CONTACT_LAYOUT * DEMCI_KIND_TAG_SCALE);
}

/* Fields of a kind. */
#define DEMCI_KIND_NORMAL(k) ((unsigned)(k) & 15u)
#define DEMCI_KIND_DAMPING(k) (((unsigned)(k) >> 4) & 7u)
#define DEMCI_KIND_TANGENTIAL(k) (((unsigned)(k) >> 7) & 7u)
#define DEMCI_KIND_INCREMENT(k) (((unsigned)(k) >> 10) & 3u)
#define DEMCI_KIND_ROLLING(k) (((unsigned)(k) >> 12) & 7u)
#define DEMCI_KIND_TWISTING(k) (((unsigned)(k) >> 15) & 7u)
#define DEMCI_KIND_TORQUE_BITS (63u << 12) /* the rolling and twisting slots */
#define DEMCI_KIND_LAW_BITS ((1u << 18) - 1u) /* every slot; the conventions are the bits above */
#define DEMCI_KIND_STIFFNESS_RULE(k) (((unsigned)(k) >> 18) & 3u)
#define DEMCI_KIND_RECALCULATION(k) (((unsigned)(k) >> 20) & 1u)
#define DEMCI_KIND_DIRECTION(k) (((unsigned)(k) >> 21) & 3u)
#define DEMCI_KIND_UNLOADING(k) (((unsigned)(k) >> 23) & 1u)
/* the Coulomb policy: its 1.0 bit 24 and, for DEMC_COULOMB_TOTAL_DASHPOT_KEPT (1.1), bit 29 as its second bit */
#define DEMCI_KIND_COULOMB(k) ((((unsigned)(k) >> 24) & 1u) | (((unsigned)(k) >> 28) & 2u))
#define DEMCI_KIND_END(k) (((unsigned)(k) >> 25) & 1u)
#define DEMCI_KIND_TRANSPORT(k) (((unsigned)(k) >> 26) & 1u)
#define DEMCI_KIND_SPIN(k) (!(((unsigned)(k) >> 27) & 1u))
#define DEMCI_KIND_BRIDGE(k) (((unsigned)(k) >> 28) & 1u) /* the liquid bridge (1.1): DEMC_CONTACT_KIND_BRIDGE */
#define DEMCI_KIND_COULOMB_LOAD(k) (((unsigned)(k) >> 30) & 1u) /* demc_coulomb_load (1.1) */

/* ---- the per-contact state layout, a function of the kind alone ---------------------------------------------- */
/* Forced inline (DEMC_HOT_INLINE): with a constant kind they must fold to constants inside the evaluation, which
 * is large enough that the compiler would otherwise keep some of them as calls. */
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
 * A slot added within 1.x appends its block's doubles here (and its vectors to demci_contact_vector_offset()):
 * the layout of every kind that does not select it is unchanged.
 *   heat (1.1)    after all of the above, the MDR springs included: ::DEMC_HEAT_COLLISION's demc_heat_collision_state (a_max, τ; kept under
 *                 the swap). The heat slot takes no bits of the kind: its block is sized by
 *                 demc_contact_model_init() into the model's state size and found at DEMCI_M_HEAT_STATE, and the
 *                 evaluation's release (which zeroes the kind's doubles) leaves it to demc_contact_heat(), which
 *                 resets it when the contact radius is 0. */
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

DEMC_HOT_INLINE size_t demci_contact_tangential_doubles(demc_contact_kind kind)
{
    return DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_SPRING
               ? (size_t)DEMCI_SPRING_DOUBLES + 3 * (size_t)demci_contact_spring_displacement(kind)
           : DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ ? (size_t)DEMC_TANGENTIAL_MD_STATE_SIZE
                                                                                 : 0;
}

/* The rolling laws with a spring keep one tangent-plane vector. */
DEMC_HOT_INLINE int demci_contact_rolling_vector(demc_contact_kind kind)
{
    return DEMCI_KIND_ROLLING(kind) == DEMC_ROLLING_EPSD || DEMCI_KIND_ROLLING(kind) == DEMC_ROLLING_SDS;
}

DEMC_HOT_INLINE size_t demci_contact_rolling_doubles(demc_contact_kind kind)
{
    return DEMCI_KIND_ROLLING(kind) == DEMC_ROLLING_EPSD ? 4 : DEMCI_KIND_ROLLING(kind) == DEMC_ROLLING_SDS ? 3 : 0;
}

DEMC_HOT_INLINE size_t demci_contact_twisting_doubles(demc_contact_kind kind)
{
    return DEMCI_KIND_TWISTING(kind) == DEMC_TWISTING_MARSHALL ? 2 : DEMCI_KIND_TWISTING(kind) == DEMC_TWISTING_SDS ? 1
                                                                                                                : 0;
}

DEMC_HOT_INLINE size_t demci_contact_normal_doubles(demc_contact_kind kind)
{
    return DEMCI_KIND_NORMAL(kind) == DEMC_NORMAL_PLSB || DEMCI_KIND_NORMAL(kind) == DEMC_NORMAL_JKR ? 1
           : DEMCI_KIND_NORMAL(kind) == DEMC_NORMAL_THORNTON_NING                                  ? 4
           : DEMCI_KIND_NORMAL(kind) == DEMC_NORMAL_LUDING || DEMCI_KIND_NORMAL(kind) == DEMC_NORMAL_EEPA ? 1
                                                                                                      : 0;
}

/* The number of tangent-plane vectors of the tangential block: the spring's force (and displacement when kept), or
 * the Mindlin–Deresiewicz force, branch origin and branch end. */
DEMC_HOT_INLINE int demci_contact_tangential_vectors(demc_contact_kind kind)
{
    return DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_SPRING                ? 1 + demci_contact_spring_displacement(kind)
           : DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ ? 3
                                                                               : 0;
}

/* The number of tangent-plane vectors the blocks keep, and the offset of vector q (0 ≤ q < count) in the state:
 * the tangential block's, then the rolling spring's vector, which begins its block. */
DEMC_HOT_INLINE int demci_contact_vector_count(demc_contact_kind kind)
{
    return demci_contact_tangential_vectors(kind) + demci_contact_rolling_vector(kind);
}

/* 1 for the MDR tangential law (its block after all the others). */
#define DEMCI_KIND_MDR(k) (DEMCI_KIND_TANGENTIAL(k) == DEMC_TANGENTIAL_MDR)

DEMC_HOT_INLINE size_t demci_contact_frame_offset_end(demc_contact_kind kind)
{
    return (demci_contact_vector_count(kind) > 0 || DEMCI_KIND_MDR(kind)) &&
                   DEMCI_KIND_TRANSPORT(kind) == DEMC_TRANSPORT_ROTATE
               ? (size_t)DEMCI_FRAME_DOUBLES
               : 0;
}

DEMC_HOT_INLINE size_t demci_contact_vector_offset(demc_contact_kind kind, int q)
{
    /* the tangential block's vectors first (the spring's force at its start and its displacement after the three
     * scalars; the Mindlin–Deresiewicz force, branch origin and branch end: its first 3 q doubles), then the
     * rolling vector after the whole tangential block */
    const int spring = DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_SPRING;
    const size_t within = q >= demci_contact_tangential_vectors(kind) ? demci_contact_tangential_doubles(kind)
                          : spring                                    ? (size_t)(q == 0 ? 0 : DEMCI_SPRING_DOUBLES)
                                                                      : 3 * (size_t)q;
    return demci_contact_frame_offset_end(kind) + within;
}

/* 1 when tangent-plane vector q changes sign under the i ⇄ j swap: the tangential block's vectors (quantities of i
 * relative to j) and the EPSD torque; the SDS rolling displacement is kept (v_r is invariant). */
DEMC_HOT_INLINE int demci_contact_vector_flips(demc_contact_kind kind, int q)
{
    return q < demci_contact_tangential_vectors(kind) || DEMCI_KIND_ROLLING(kind) == DEMC_ROLLING_EPSD;
}

DEMC_HOT_INLINE size_t demci_contact_tangential_offset(demc_contact_kind kind)
{
    return demci_contact_frame_offset_end(kind);
}

DEMC_HOT_INLINE size_t demci_contact_rolling_offset(demc_contact_kind kind)
{
    return demci_contact_tangential_offset(kind) + demci_contact_tangential_doubles(kind);
}

DEMC_HOT_INLINE size_t demci_contact_twisting_offset(demc_contact_kind kind)
{
    return demci_contact_rolling_offset(kind) + demci_contact_rolling_doubles(kind);
}

DEMC_HOT_INLINE size_t demci_contact_normal_offset(demc_contact_kind kind)
{
    return demci_contact_twisting_offset(kind) + demci_contact_twisting_doubles(kind);
}

/* The liquid bridge's block (1.1), after the normal block: its marker, then the host's volume. */
DEMC_HOT_INLINE size_t demci_contact_bridge_offset(demc_contact_kind kind)
{
    return demci_contact_normal_offset(kind) + demci_contact_normal_doubles(kind);
}

/* The doubles of the blocks the kind fixes: the whole state, but for the MDR block that follows them. */
DEMC_HOT_INLINE size_t demci_contact_state_size(demc_contact_kind kind)
{
    return demci_contact_bridge_offset(kind) + 2 * DEMCI_KIND_BRIDGE(kind);
}

/* The MDR block: its offset, and its doubles for `springs` springs. */
DEMC_HOT_INLINE size_t demci_contact_mdr_offset(demc_contact_kind kind) { return demci_contact_state_size(kind); }
#define DEMCI_MDR_DOUBLES(springs) ((size_t)DEMCI_MDR_HEADER + 2 * (size_t)(springs))

/* 1 when double `index` of the state changes sign under the i ⇄ j swap: the previous normal and the vectors of
 * the pair (i relative to j) that a block keeps; the SDS rolling displacement and the twist angle are kept. */
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

/* The number of known values of each slot; a larger value is an option of a newer library. */
enum {
    DEMCI_NORMAL_LAWS = DEMC_NORMAL_EEPA + 1,
    DEMCI_DAMPING_LAWS = DEMC_DAMPING_VISCOUS + 1,
    DEMCI_TANGENTIAL_LAWS = DEMC_TANGENTIAL_MDR + 1,
    DEMCI_INCREMENT_RULES = DEMC_INCREMENT_ROLLING + 1,
    DEMCI_ROLLING_LAWS = DEMC_ROLLING_SDS + 1,
    DEMCI_TWISTING_LAWS = DEMC_TWISTING_SDS + 1
};

/* 1 for the adhesive Hertz laws (JKR, DMT, simplified JKR). */
#define DEMCI_NORMAL_ADHESIVE(law) ((unsigned)(law) >= DEMC_NORMAL_JKR && (unsigned)(law) <= DEMC_NORMAL_SJKR2)
/* 1 for the elasto-plastic adhesive laws (Thornton & Ning, Luding, EEPA; 1.1). */
#define DEMCI_NORMAL_PLASTIC(law) \
    ((unsigned)(law) >= DEMC_NORMAL_THORNTON_NING && (unsigned)(law) <= DEMC_NORMAL_EEPA)

DEMC_END_DECLS

#endif /* DEMC_CONTACT_LAYOUT_IMPL_H */
