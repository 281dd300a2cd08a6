/* Bodies of contact.h. Included by contact.h only; see docs/pages/contributing.md for why bodies live in headers. */
#ifndef DEMC_CONTACT_IMPL_H
#define DEMC_CONTACT_IMPL_H

#include <math.h>
#include <string.h>

/* The batch two contacts at a time in SSE2 lanes (contact_lanes_impl.h), where the lanes give the scalar body's
 * results bit for bit: in the library, built with -ffp-contract=off, and in a header-only unit whose target has no
 * fused multiply-add instructions (nothing can be fused there); never under -ffast-math or nvcc; DEMC_NO_LANES turns
 * them off. */
#if defined(__SSE2__) && !defined(DEMC_NO_LANES) && !defined(__CUDACC__) && !defined(__FAST_MATH__) &&               \
    (defined(DEMC_BUILDING_LIBRARY) ||                                                                             \
     (!defined(__FMA__) && !defined(__FMA4__) && !defined(__FP_FAST_FMA) && !defined(__AVX512F__)))
#  define DEMCI_BATCH_LANES 1
#  include <emmintrin.h>
#endif

DEMC_BEGIN_DECLS

/* ---- the private layout of demc_contact_model: named indices into its doubles ------------------------------- */

/* The layout tag: a small integer that changes whenever the meaning of an index below or of a bit of the kind
 * changes (and only then), so that a model built by one version is recognised, or refused, by the code of another
 * (demc_contact_model_validate()). Index 0 holds it in every layout, forever; index 1 the kind tagged with it,
 * DEMCI_CONTACT_LAYOUT·2^32 + kind, so that one compare checks both (demc_contact_eval_kind()). A model never built
 * (zeros) has tag 0 and is refused too. */
#define DEMCI_CONTACT_LAYOUT 100.0
#define DEMCI_KIND_TAG_SCALE 4294967296.0 /* 2^32: the kind is below it, the tag times it is exact */
#define DEMCI_TAGGED_KIND(kind) (DEMCI_CONTACT_LAYOUT * DEMCI_KIND_TAG_SCALE + (double)(kind))
/* The flips of the state under the i ⇄ j swap as runs of doubles (start, length): at most one per vector block
 * and the previous normal. */
#define DEMCI_FLIP_RUNS 8

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
    DEMCI_M_END_ = DEMCI_M_FLIP_RUN + 2 * DEMCI_FLIP_RUNS
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
#define DEMCI_KIND_COULOMB(k) (((unsigned)(k) >> 24) & 1u)
#define DEMCI_KIND_END(k) (((unsigned)(k) >> 25) & 1u)
#define DEMCI_KIND_TRANSPORT(k) (((unsigned)(k) >> 26) & 1u)
#define DEMCI_KIND_SPIN(k) (!(((unsigned)(k) >> 27) & 1u))

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
 *                 energy of the break).
 * A slot added within 1.x appends its block's doubles here (and its vectors to demci_contact_vector_offset()):
 * the layout of every kind that does not select it is unchanged. */
enum { DEMCI_FRAME_DOUBLES = 3, DEMCI_SPRING_DOUBLES = 6, DEMCI_MAX_VECTORS = 5 };

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
    return DEMCI_KIND_NORMAL(kind) == DEMC_NORMAL_PLSB || DEMCI_KIND_NORMAL(kind) == DEMC_NORMAL_JKR ? 1 : 0;
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

DEMC_HOT_INLINE size_t demci_contact_frame_offset_end(demc_contact_kind kind)
{
    return demci_contact_vector_count(kind) > 0 && DEMCI_KIND_TRANSPORT(kind) == DEMC_TRANSPORT_ROTATE
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

DEMC_HOT_INLINE size_t demci_contact_state_size(demc_contact_kind kind)
{
    return demci_contact_normal_offset(kind) + demci_contact_normal_doubles(kind);
}

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
    DEMCI_NORMAL_LAWS = DEMC_NORMAL_SJKR2 + 1,
    DEMCI_DAMPING_LAWS = DEMC_DAMPING_VISCOUS + 1,
    DEMCI_TANGENTIAL_LAWS = DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ + 1,
    DEMCI_INCREMENT_RULES = DEMC_INCREMENT_ROLLING + 1,
    DEMCI_ROLLING_LAWS = DEMC_ROLLING_SDS + 1,
    DEMCI_TWISTING_LAWS = DEMC_TWISTING_SDS + 1
};

/* 1 for the adhesive Hertz laws (JKR, DMT, simplified JKR). */
#define DEMCI_NORMAL_ADHESIVE(law) ((unsigned)(law) >= DEMC_NORMAL_JKR && (unsigned)(law) <= DEMC_NORMAL_SJKR2)

/* ---- setup --------------------------------------------------------------------------------------------------- */

DEMC_CONTACT_FN demc_status demc_contact_def_init(demc_contact_preset preset, size_t size, demc_contact_def *def,
                                                  const char **bad_field)
{
    demc_contact_def d;
    if ((int)preset < 0 || (int)preset > (int)DEMC_CONTACT_PRESET_CAMPELLO)
        return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "preset", bad_field);
    if (size < DEMC_CONTACT_DEF_SIZE_1_0) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "size", bad_field);
    if (!def) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "def", bad_field);
    memset(&d, 0, sizeof d);
    d.size = size;
    d.normal = DEMC_NORMAL_HERTZ;
    d.damping = DEMC_DAMPING_VISCOUS;
    d.tangential = DEMC_TANGENTIAL_SPRING;
    d.increment = DEMC_INCREMENT_VELOCITY;
    d.rolling = DEMC_ROLLING_NONE;
    d.twisting = DEMC_TWISTING_NONE;
    d.restitution = 1.0;
    d.end = DEMC_CONTACT_END_FORCE;
    d.tangential_damping_scale = 1.0; /* [Cummins 2012] eq 1-2: the one γ for both dashpots */
    demc_tangential_init(0.0, 0.0, &d.friction, NULL); /* cannot fail: default conventions */
    d.transport = DEMC_TRANSPORT_ROTATE;
    d.transport_spin = 1;
    d.contact_point = DEMC_CONTACT_POINT_COMPLIANCE;
    d.rolling_limiter = DEMC_ROLLING_CDT_LIMITER_INERTIA;
    d.rolling_stiffness_coefficient = 2.25; /* Ai et al. 2011, after Iwashita & Oda 1998 */
    switch (preset) {
    case DEMC_CONTACT_PRESET_LSD: d.normal = DEMC_NORMAL_LINEAR; break;
    case DEMC_CONTACT_PRESET_PLSB:
        d.normal = DEMC_NORMAL_PLSB;
        d.damping = DEMC_DAMPING_NONE;
        break;
    case DEMC_CONTACT_PRESET_HM:
        d.damping = DEMC_DAMPING_NONE;
        d.friction.unloading = DEMC_UNLOADING_KEEP; /* [Zabulionis 2012] eq 33: the pure incremental law */
        break;
    case DEMC_CONTACT_PRESET_CAMPELLO:
        d.increment = DEMC_INCREMENT_ROLLING;
        d.friction.stiffness_rule = DEMC_STIFFNESS_TOTAL; /* [Campello 2015] eq 30-31: F = −k_t s */
        d.tangential_damping_scale = 0.0;
        break;
    default: break;
    }
    /* The caller's struct may be larger (a newer header): its tail is zeroed, the defaults of appended fields; or
     * smaller (an older header): it gets the fields it has. */
    memset(def, 0, size);
    memcpy(def, &d, size < sizeof d ? size : sizeof d);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/* A slot selector: negative is not an enumerator; past the last known value is an option of a newer library. */
DEMC_STATIC_INLINE demc_status demci_contact_slot(int value, int known, const char *field, const char **bad_field)
{
    if (value < 0) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, field, bad_field);
    if (value >= known) return demci_material_fail(DEMC_ERR_UNSUPPORTED, field, bad_field);
    return DEMC_OK;
}

/* The size check of a sized struct: at least the 1.0 layout (`least`), and a newer caller's tail past this library's
 * layout (`known`) all zero. Not inlined: inlined into a caller that holds a struct of this header's size, the (then
 * unreachable) reads past it would be flagged by the compiler's bounds analysis. */
#if defined(__GNUC__) && !defined(__CUDACC__)
__attribute__((noinline, unused)) static DEMC_HOST_DEVICE
#else
DEMC_STATIC_INLINE
#endif
demc_status demci_contact_sized(const void *object, size_t size, size_t least, size_t known, const char *field,
                                const char **bad_field)
{
    const unsigned char *tail = (const unsigned char *)object + known;
    size_t k;
    if (size < least) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, field, bad_field);
    for (k = 0; size > known && k < size - known; ++k)
        if (tail[k]) return demci_material_fail(DEMC_ERR_UNSUPPORTED, field, bad_field);
    return DEMC_OK;
}

/* A sized struct as this library reads it: the caller's bytes up to its size, and zero (the default of every
 * appended field) past them; `size` has passed demci_contact_sized(). */
DEMC_STATIC_INLINE void demci_contact_sized_copy(void *local, size_t local_size, const void *object, size_t size)
{
    memset(local, 0, local_size);
    memcpy(local, object, size < local_size ? size : local_size);
}

/* The coefficients of the rolling and twisting laws, in declaration order; each read only by the law that uses it. */
DEMC_STATIC_INLINE demc_status demci_contact_def_check_torques(const demc_contact_def *d, const char **bad_field)
{
    const int cdt = d->rolling == DEMC_ROLLING_CDT, epsd = d->rolling == DEMC_ROLLING_EPSD;
    const int rsds = d->rolling == DEMC_ROLLING_SDS, tsds = d->twisting == DEMC_TWISTING_SDS;
    demc_status s;
    if (d->rolling != DEMC_ROLLING_NONE &&
        (s = demci_require(d->mu_rolling, d->mu_rolling >= 0.0, "def.mu_rolling", bad_field)) != DEMC_OK)
        return s;
    if (cdt && (s = demci_require_enum((int)d->rolling_limiter, (int)DEMC_ROLLING_CDT_LIMITER_NONE + 1,
                                       "def.rolling_limiter", bad_field)) != DEMC_OK)
        return s;
    if (epsd) {
        if ((s = demci_require_positive(d->rolling_stiffness_coefficient, "def.rolling_stiffness_coefficient",
                                        bad_field)) != DEMC_OK)
            return s;
        if ((s = demci_require(d->rolling_damping_ratio, d->rolling_damping_ratio >= 0.0,
                               "def.rolling_damping_ratio", bad_field)) != DEMC_OK)
            return s;
        if ((s = demci_require(d->rolling_mobilised_damping,
                               d->rolling_mobilised_damping >= 0.0 && d->rolling_mobilised_damping <= 1.0,
                               "def.rolling_mobilised_damping", bad_field)) != DEMC_OK)
            return s;
    }
    if (rsds) {
        if ((s = demci_require(d->rolling_stiffness, d->rolling_stiffness >= 0.0, "def.rolling_stiffness",
                               bad_field)) != DEMC_OK)
            return s;
        if ((s = demci_require(d->rolling_damping, d->rolling_damping >= 0.0, "def.rolling_damping", bad_field)) !=
            DEMC_OK)
            return s;
    }
    if (tsds) {
        if ((s = demci_require(d->twisting_stiffness, d->twisting_stiffness >= 0.0, "def.twisting_stiffness",
                               bad_field)) != DEMC_OK)
            return s;
        if ((s = demci_require(d->twisting_damping, d->twisting_damping >= 0.0, "def.twisting_damping",
                               bad_field)) != DEMC_OK)
            return s;
        if ((s = demci_require(d->mu_twisting, d->mu_twisting >= 0.0, "def.mu_twisting", bad_field)) != DEMC_OK)
            return s;
    }
    return DEMC_OK;
}

/* The checks of the description, in declaration order; each reads only what the selected laws use. */
DEMC_STATIC_INLINE demc_status demci_contact_def_check(const demc_contact_def *d, const char **bad_field)
{
    const int adhesive = DEMCI_NORMAL_ADHESIVE(d->normal);
    const int hertz = d->normal == DEMC_NORMAL_HERTZ || adhesive, plsb = d->normal == DEMC_NORMAL_PLSB;
    const int damped = d->damping == DEMC_DAMPING_VISCOUS, spring = d->tangential == DEMC_TANGENTIAL_SPRING;
    const int md = d->tangential == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ;
    const double asym = d->moduli.compliance_asymmetry;
    /* a rolling spring keeps a tangent-plane vector: the transport conventions apply without the tangential law */
    const int carried = d->rolling == DEMC_ROLLING_EPSD || d->rolling == DEMC_ROLLING_SDS;
    demc_status s;
    if ((s = demci_contact_slot((int)d->normal, DEMCI_NORMAL_LAWS, "def.normal", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_slot((int)d->damping, DEMCI_DAMPING_LAWS, "def.damping", bad_field)) != DEMC_OK) return s;
    if (plsb && damped) /* the latch is PLS(B)'s dissipation; a dashpot on top has no published restitution map */
        return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.damping", bad_field);
    if ((s = demci_contact_slot((int)d->tangential, DEMCI_TANGENTIAL_LAWS, "def.tangential", bad_field)) != DEMC_OK)
        return s;
    if (md && !hertz) /* the law is written for a Hertz contact: 8G*a and the Mindlin–Deresiewicz branches */
        return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.tangential", bad_field);
    if ((s = demci_contact_slot((int)d->increment, DEMCI_INCREMENT_RULES, "def.increment", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_contact_slot((int)d->rolling, DEMCI_ROLLING_LAWS, "def.rolling", bad_field)) != DEMC_OK) return s;
    if ((s = demci_contact_slot((int)d->twisting, DEMCI_TWISTING_LAWS, "def.twisting", bad_field)) != DEMC_OK)
        return s;
    if (d->twisting == DEMC_TWISTING_MARSHALL && !spring) /* its coefficients come from the tangential spring */
        return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.twisting", bad_field);
    if (hertz && (s = demci_require_positive(d->moduli.effective_modulus, "def.moduli.effective_modulus",
                                             bad_field)) != DEMC_OK)
        return s;
    if (hertz && (spring || md) &&
        (s = demci_require_positive(d->moduli.effective_shear_modulus, "def.moduli.effective_shear_modulus",
                                    bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require(asym, asym >= -1.0 && asym <= 1.0, "def.moduli.compliance_asymmetry", bad_field)) !=
        DEMC_OK)
        return s;
    if (!hertz && (s = demci_require_positive(d->normal_stiffness, "def.normal_stiffness", bad_field)) != DEMC_OK)
        return s;
    if (!hertz && spring &&
        (s = demci_require(d->stiffness_ratio, d->stiffness_ratio >= 0.0, "def.stiffness_ratio", bad_field)) !=
            DEMC_OK)
        return s;
    if ((damped || plsb) && (s = demci_require(d->restitution, d->restitution > 0.0 && d->restitution <= 1.0,
                                               "def.restitution", bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require_enum((int)d->end, (int)DEMC_CONTACT_END_OVERLAP + 1, "def.end", bad_field)) != DEMC_OK)
        return s;
    if (adhesive && d->end == DEMC_CONTACT_END_FORCE) /* its clamp at zero would remove the adhesion */
        return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.end", bad_field);
    if (damped && (spring || md) &&
        (s = demci_require(d->tangential_damping_scale, d->tangential_damping_scale >= 0.0,
                           "def.tangential_damping_scale", bad_field)) != DEMC_OK)
        return s;
    if (spring || md || carried) {
        /* the conventions of the carry of the memory into each new frame (and of the tangential law) */
        if ((spring || md) && (s = demci_tangential_check(&d->friction, 2, bad_field)) != DEMC_OK) return s;
        /* Mindlin–Deresiewicz: one coefficient for micro-slip and sliding, and an incremental law (its force
         * is not −k_t s of a total displacement) */
        if (md && d->friction.mu_dynamic != d->friction.mu_static)
            return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.friction.mu_dynamic", bad_field);
        if (md && d->friction.stiffness_rule == DEMC_STIFFNESS_TOTAL)
            return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.friction.stiffness_rule", bad_field);
        s = demci_require_enum((int)d->transport, (int)DEMC_TRANSPORT_PROJECT + 1, "def.transport", bad_field);
        if (s != DEMC_OK) return s;
        if ((s = demci_require_enum(d->transport_spin, 2, "def.transport_spin", bad_field)) != DEMC_OK) return s;
    }
    if ((s = demci_require_enum((int)d->contact_point, (int)DEMC_CONTACT_POINT_HALF + 1, "def.contact_point",
                                bad_field)) != DEMC_OK)
        return s;
    if ((d->normal == DEMC_NORMAL_JKR || d->normal == DEMC_NORMAL_DMT) &&
        (s = demci_require(d->work_of_adhesion, d->work_of_adhesion >= 0.0, "def.work_of_adhesion", bad_field)) !=
            DEMC_OK)
        return s;
    if ((d->normal == DEMC_NORMAL_SJKR || d->normal == DEMC_NORMAL_SJKR2) &&
        (s = demci_require(d->cohesion_energy_density, d->cohesion_energy_density >= 0.0,
                           "def.cohesion_energy_density", bad_field)) != DEMC_OK)
        return s;
    if (d->normal == DEMC_NORMAL_JKR &&
        (s = demci_require_positive(d->max_effective_radius, "def.max_effective_radius", bad_field)) != DEMC_OK)
        return s;
    if (md && (s = demci_require_enum((int)d->md_variant, (int)DEMC_TANGENTIAL_MD_THORNTON_YIN + 1,
                                      "def.md_variant", bad_field)) != DEMC_OK)
        return s;
    return demci_contact_def_check_torques(d, bad_field);
}

/* The kind of a valid description; conventions no selected law reads are left 0, so equal models have equal
 * kinds. */
DEMC_STATIC_INLINE demc_contact_kind demci_contact_def_kind(const demc_contact_def *d)
{
    const int spring = d->tangential == DEMC_TANGENTIAL_SPRING;
    const int md = d->tangential == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ;
    demc_contact_kind kind = DEMC_CONTACT_KIND(d->normal, d->damping, d->tangential,
                                               spring || md ? d->increment : 0, d->rolling, d->twisting);
    if (d->damping == DEMC_DAMPING_VISCOUS) kind |= DEMC_CONTACT_KIND_CONVENTIONS(0, 0, 0, 0, 0, d->end, 0, 1);
    if (spring)
        kind |= DEMC_CONTACT_KIND_CONVENTIONS(d->friction.stiffness_rule, d->friction.recalculation,
                                              d->friction.direction, d->friction.unloading, d->friction.coulomb, 0,
                                              d->transport, d->transport_spin);
    /* The Mindlin–Deresiewicz law reads the Coulomb policy (its dashpot), the transport and the spin only. */
    else if (md)
        kind |= DEMC_CONTACT_KIND_CONVENTIONS(0, 0, 0, 0, d->friction.coulomb, 0, d->transport, d->transport_spin);
    else if (d->rolling == DEMC_ROLLING_EPSD || d->rolling == DEMC_ROLLING_SDS) /* the carry of its vector */
        kind |= DEMC_CONTACT_KIND_CONVENTIONS(0, 0, 0, 0, 0, 0, d->transport, d->transport_spin);
    return kind;
}

/* The flips of a kind's state as runs of doubles (start, length) in the model, for demc_contact_state_swap(). */
DEMC_STATIC_INLINE void demci_contact_flip_runs(demc_contact_kind kind, double *c)
{
    size_t k, n = demci_contact_state_size(kind), runs = 0;
    for (k = 0; k < n; ++k) {
        if (!demci_contact_flips(kind, k)) continue;
        if (runs > 0 && c[DEMCI_M_FLIP_RUN + 2 * (runs - 1)] + c[DEMCI_M_FLIP_RUN + 2 * (runs - 1) + 1] == (double)k) {
            c[DEMCI_M_FLIP_RUN + 2 * (runs - 1) + 1] += 1.0;
        } else {
            c[DEMCI_M_FLIP_RUN + 2 * runs] = (double)k; /* runs < DEMCI_FLIP_RUNS: one per vector and the normal */
            c[DEMCI_M_FLIP_RUN + 2 * runs + 1] = 1.0;
            ++runs;
        }
    }
    c[DEMCI_M_FLIP_COUNT] = (double)runs;
}

DEMC_CONTACT_FN demc_status demc_contact_model_init(const demc_contact_def *caller_def, demc_contact_model *model,
                                                    const char **bad_field)
{
    demc_contact_model m;
    double *c = m.opaque_;
    demc_contact_kind kind;
    double gamma = 0.0, range = 0.0, ct_over_cn = 0.0;
    demc_normal_pls_params pp = {0.0, 0.0, 0.0};
    demc_contact_def local;
    const demc_contact_def *def = &local;
    demc_status s;
    if (!caller_def) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "def", bad_field);
    s = demci_contact_sized(caller_def, caller_def->size, DEMC_CONTACT_DEF_SIZE_1_0, sizeof local, "def.size",
                            bad_field);
    if (s != DEMC_OK) return s;
    demci_contact_sized_copy(&local, sizeof local, caller_def, caller_def->size);
    if ((s = demci_contact_def_check(def, bad_field)) != DEMC_OK) return s;
    if (def->damping == DEMC_DAMPING_VISCOUS) {
        s = def->normal == DEMC_NORMAL_LINEAR ? demc_damping_lsd_ratio(def->restitution, def->end, &gamma)
                                              : demc_damping_hmd_ratio(def->restitution, def->end, &gamma);
        if (s != DEMC_OK) return demci_material_fail(s, "def.restitution", bad_field);
    }
    if (def->normal == DEMC_NORMAL_JKR) {
        /* The JKR constants at the largest R* must be representable, and so must the range they give. */
        demc_adhesion_jkr_params jp;
        if ((s = demc_adhesion_jkr_init(def->moduli.effective_modulus, def->max_effective_radius,
                                        def->work_of_adhesion, &jp, NULL)) != DEMC_OK)
            return demci_material_fail(s, "def.work_of_adhesion", bad_field);
        range = demc_adhesion_jkr_pulloff_distance(&jp);
        if (!demc_is_finite(range)) return demci_material_fail(DEMC_ERR_SINGULAR, "def.max_effective_radius", bad_field);
    }
    /* The derived constants must be representable doubles, else the input they come from is named: 2E* (and
     * (4/3)E*) of the Hertz-like laws, 8G* of their tangential laws, the tangential dashpot's γ_t = scale·γ and
     * scale·√(k_t/k_n) (k_t/k_n = 4G* over E*, or κ; 0·inf would be NaN). */
    if ((def->normal == DEMC_NORMAL_HERTZ || DEMCI_NORMAL_ADHESIVE(def->normal)) &&
        !demc_is_finite(2.0 * def->moduli.effective_modulus))
        return demci_material_fail(DEMC_ERR_SINGULAR, "def.moduli.effective_modulus", bad_field);
    if ((def->normal == DEMC_NORMAL_HERTZ || DEMCI_NORMAL_ADHESIVE(def->normal)) &&
        def->tangential != DEMC_TANGENTIAL_NONE && !demc_is_finite(8.0 * def->moduli.effective_shear_modulus))
        return demci_material_fail(DEMC_ERR_SINGULAR, "def.moduli.effective_shear_modulus", bad_field);
    if (def->damping == DEMC_DAMPING_VISCOUS &&
        (def->tangential == DEMC_TANGENTIAL_SPRING || def->tangential == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ)) {
        ct_over_cn = sqrt(def->normal == DEMC_NORMAL_HERTZ || DEMCI_NORMAL_ADHESIVE(def->normal)
                              ? 4.0 * def->moduli.effective_shear_modulus / def->moduli.effective_modulus
                              : def->stiffness_ratio);
        if (!demc_is_finite(ct_over_cn))
            return demci_material_fail(DEMC_ERR_SINGULAR, "def.moduli.effective_shear_modulus", bad_field);
        ct_over_cn *= def->tangential_damping_scale;
        if (!demc_is_finite(ct_over_cn) || !demc_is_finite(def->tangential_damping_scale * gamma))
            return demci_material_fail(DEMC_ERR_SINGULAR, "def.tangential_damping_scale", bad_field);
    }
    /* The latch's stiffnesses e k and k/e must be representable doubles, else the stiffness is named (an input:
     * checked before the output). */
    if (def->normal == DEMC_NORMAL_PLSB &&
        (s = demc_normal_pls_init(def->normal_stiffness, def->restitution, &pp, NULL)) != DEMC_OK)
        return demci_material_fail(s, "def.normal_stiffness", bad_field);
    kind = demci_contact_def_kind(def);
    /* No 1.0 law comes near the maximum (22 doubles at most); a law whose state grows with a resolution that the
     * description sets names that field here. */
    if (demci_contact_state_size(kind) > DEMC_CONTACT_STATE_MAX)
        return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, "def.tangential", bad_field);
    if (!model) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "model", bad_field);
    memset(&m, 0, sizeof m);
    c[DEMCI_M_LAYOUT] = DEMCI_CONTACT_LAYOUT;
    c[DEMCI_M_KIND] = DEMCI_TAGGED_KIND(kind);
    demci_contact_flip_runs(kind, c);
    c[DEMCI_M_STATE_SIZE] = (double)demci_contact_state_size(kind);
    c[DEMCI_M_RANGE] = range;
    c[DEMCI_M_SHARE_I] = def->contact_point == DEMC_CONTACT_POINT_HALF
                             ? 0.5
                             : 0.5 * (1.0 + def->moduli.compliance_asymmetry);
    c[DEMCI_M_E] = def->moduli.effective_modulus;
    c[DEMCI_M_G] = def->moduli.effective_shear_modulus;
    c[DEMCI_M_K] = def->normal_stiffness;
    c[DEMCI_M_KAPPA] = def->stiffness_ratio;
    c[DEMCI_M_GAMMA_N] = gamma;
    c[DEMCI_M_GAMMA_T] = def->tangential_damping_scale * gamma;
    c[DEMCI_M_MU_S] = def->friction.mu_static;
    c[DEMCI_M_MU_D] = def->friction.mu_dynamic;
    c[DEMCI_M_HERTZ_F] = 4.0 / 3.0 * def->moduli.effective_modulus;
    c[DEMCI_M_HERTZ_KN] = 2.0 * def->moduli.effective_modulus;
    c[DEMCI_M_HERTZ_KT] = 8.0 * def->moduli.effective_shear_modulus;
    /* k_t/k_n is 4G* over E* for Hertz and κ for the linear spring; with a dashpot both are validated (E* > 0). */
    c[DEMCI_M_CT_OVER_CN] = ct_over_cn;
    /* The adhesive laws: k_t/k_n is 8G*a/(2E*a) as for Hertz, with the law's contact radius a. */
    if (def->normal == DEMC_NORMAL_JKR || def->normal == DEMC_NORMAL_DMT) c[DEMCI_M_ADHESION] = def->work_of_adhesion;
    if (def->normal == DEMC_NORMAL_SJKR || def->normal == DEMC_NORMAL_SJKR2)
        c[DEMCI_M_ADHESION] = def->cohesion_energy_density;
    if (def->tangential == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ) c[DEMCI_M_MD_VARIANT] = (double)def->md_variant;
    if (def->rolling != DEMC_ROLLING_NONE) c[DEMCI_M_ROLL_MU] = def->mu_rolling;
    c[DEMCI_M_INERTIA] = def->rolling == DEMC_ROLLING_CDT || def->rolling == DEMC_ROLLING_EPSD;
    if (def->rolling == DEMC_ROLLING_CDT) c[DEMCI_M_ROLL_LIMITER] = (double)def->rolling_limiter;
    if (def->rolling == DEMC_ROLLING_EPSD) {
        c[DEMCI_M_ROLL_C] = def->rolling_stiffness_coefficient;
        c[DEMCI_M_ROLL_ETA] = def->rolling_damping_ratio;
        c[DEMCI_M_ROLL_F] = def->rolling_mobilised_damping;
    }
    if (def->rolling == DEMC_ROLLING_SDS) {
        c[DEMCI_M_ROLL_K] = def->rolling_stiffness;
        c[DEMCI_M_ROLL_GAMMA] = def->rolling_damping;
    }
    if (def->twisting == DEMC_TWISTING_SDS) {
        c[DEMCI_M_TWIST_K] = def->twisting_stiffness;
        c[DEMCI_M_TWIST_GAMMA] = def->twisting_damping;
        c[DEMCI_M_TWIST_MU] = def->mu_twisting;
    }
    if (def->twisting == DEMC_TWISTING_MARSHALL) c[DEMCI_M_TWIST_MU] = def->friction.mu_dynamic;
    if (def->normal == DEMC_NORMAL_PLSB) {
        c[DEMCI_M_PLS_K1] = pp.loading_stiffness;
        c[DEMCI_M_PLS_K2] = pp.unloading_stiffness;
        c[DEMCI_M_PLS_FRACTION] = pp.plastic_fraction;
    }
    *model = m;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CONTACT_FN demc_status demc_contact_model_validate(const demc_contact_model *model, const char **bad_field)
{
    if (!model) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "model", bad_field);
    if (!demci_contact_readable(model->opaque_)) return demci_material_fail(DEMC_ERR_UNSUPPORTED, "model", bad_field);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CONTACT_FN demc_contact_kind demc_contact_model_kind(const demc_contact_model *model)
{
    return demci_contact_readable(model->opaque_) ? demci_contact_kind_of(model->opaque_) : 0u;
}

DEMC_CONTACT_FN size_t demc_contact_model_state_size(const demc_contact_model *model)
{
    return demci_contact_readable(model->opaque_) ? (size_t)model->opaque_[DEMCI_M_STATE_SIZE] : 0u;
}

DEMC_CONTACT_FN double demc_contact_model_range(const demc_contact_model *model)
{
    return demci_contact_readable(model->opaque_) ? model->opaque_[DEMCI_M_RANGE] : 0.0;
}

DEMC_CONTACT_FN void demc_contact_state_reset(const demc_contact_model *model, double *state)
{
    size_t k, n = demc_contact_model_state_size(model);
    for (k = 0; k < n; ++k) state[k] = 0.0;
}

DEMC_CONTACT_FN int demc_contact_state_flips(const demc_contact_model *model, size_t index)
{
    return index < demc_contact_model_state_size(model) && demci_contact_flips(demc_contact_model_kind(model), index);
}

DEMC_CONTACT_FN void demc_contact_state_swap(const demc_contact_model *model, double *state)
{
    const double *c = model->opaque_;
    size_t r, k, runs = demci_contact_readable(c) ? (size_t)c[DEMCI_M_FLIP_COUNT] : 0u;
    for (r = 0; r < runs; ++r) {
        const size_t start = (size_t)c[DEMCI_M_FLIP_RUN + 2 * r], end = start + (size_t)c[DEMCI_M_FLIP_RUN + 2 * r + 1];
        for (k = start; k < end; ++k) state[k] = -state[k];
    }
}

/* ---- frames -------------------------------------------------------------------------------------------------- */

DEMC_HOT_INLINE demc_contact_frame demci_contact_frame_none(void)
{
    demc_contact_frame f;
    const demc_vec3 zero = demc_vec3_make(0.0, 0.0, 0.0);
    f.overlap = 0.0;
    f.normal = zero;
    f.branch_i = zero;
    f.branch_j = zero;
    f.velocity_i = zero;
    f.angular_velocity_i = zero;
    f.velocity_j = zero;
    f.angular_velocity_j = zero;
    f.effective_radius = 0.0;
    f.effective_mass = 0.0;
    f.effective_inertia = 0.0;
    f.radius_i = 0.0;
    f.radius_j = 0.0;
    return f;
}

/* A body's moment of inertia about a diameter: its own when given (> 0), else a solid sphere's (2/5) m R². */
DEMC_HOT_INLINE double demci_contact_inertia(const demc_body *b)
{
    return b->inertia > 0.0 ? b->inertia : 0.4 * b->mass * b->radius * b->radius;
}

DEMC_HOT_INLINE demc_contact_frame demci_contact_frame_spheres(const double *c, const demc_body *i, const demc_body *j)
{
    const demc_vec3 dx = demc_vec3_sub(i->position, j->position);
    const double d2 = demc_vec3_norm2(dx);
    const double reach = i->radius + j->radius + c[DEMCI_M_RANGE];
    double distance, inverse, share = c[DEMCI_M_SHARE_I];
    demc_contact_frame f;
    if (!(d2 < reach * reach)) return demci_contact_frame_none(); /* also NaN */
    distance = sqrt(d2);
    /* Coincident centres: no direction; n = 0 keeps everything finite (a select, not a branch). */
    inverse = distance > 0.0 ? 1.0 / distance : 0.0;
    f.normal = demc_vec3_scale(dx, inverse);
    f.overlap = i->radius + j->radius - distance;
    f.branch_i = demc_vec3_scale(f.normal, -(i->radius - share * f.overlap));
    f.branch_j = demc_vec3_scale(f.normal, j->radius - (1.0 - share) * f.overlap);
    f.velocity_i = i->velocity;
    f.angular_velocity_i = i->angular_velocity;
    f.velocity_j = j->velocity;
    f.angular_velocity_j = j->angular_velocity;
    f.effective_radius = i->radius * j->radius / (i->radius + j->radius);
    f.effective_mass = i->mass * j->mass / (i->mass + j->mass);
    f.effective_inertia = 0.0;
    if (c[DEMCI_M_INERTIA] != 0.0) { /* only for a law that reads it: a division */
        const double ii = demci_contact_inertia(i), ij = demci_contact_inertia(j);
        f.effective_inertia = ii * ij / (ii + ij);
    }
    f.radius_i = i->radius;
    f.radius_j = j->radius;
    return f;
}

DEMC_HOT_INLINE demc_contact_frame demci_contact_frame_wall(const double *c, const demc_body *i, const demc_wall *wall)
{
    const demc_vec3 dx = demc_vec3_sub(i->position, wall->point);
    const double overlap = i->radius - demc_vec3_dot(wall->normal, dx);
    demc_contact_frame f;
    if (!(overlap > -c[DEMCI_M_RANGE])) return demci_contact_frame_none(); /* also NaN */
    f.overlap = overlap;
    f.normal = wall->normal;
    f.branch_i = demc_vec3_scale(wall->normal, -(i->radius - c[DEMCI_M_SHARE_I] * overlap));
    f.branch_j = demc_vec3_add(dx, f.branch_i);
    f.velocity_i = i->velocity;
    f.angular_velocity_i = i->angular_velocity;
    f.velocity_j = wall->velocity;
    f.angular_velocity_j = wall->angular_velocity;
    f.effective_radius = i->radius;
    f.effective_mass = i->mass;
    f.effective_inertia = c[DEMCI_M_INERTIA] != 0.0 ? demci_contact_inertia(i) : 0.0;
    f.radius_i = i->radius;
    f.radius_j = 0.0;
    return f;
}

/* Sphere i against a triangle facet: P is body j's reference point, v_j and ω_j from the nodal velocities. */
DEMC_HOT_INLINE demc_contact_frame demci_contact_frame_facet(const double *c, const demc_body *i,
                                                             const demc_facet_triangle *facet,
                                                             const demc_facet_contact *contact)
{
    const double overlap = i->radius - contact->distance, share = c[DEMCI_M_SHARE_I];
    demc_contact_frame f;
    demc_vec3 v;
    if (!(overlap > -c[DEMCI_M_RANGE])) return demci_contact_frame_none(); /* also NaN */
    f.overlap = overlap;
    f.normal = contact->normal;
    f.branch_i = demc_vec3_scale(contact->normal, -(i->radius - share * overlap));
    f.branch_j = demc_vec3_scale(contact->normal, -(1.0 - share) * overlap); /* C − P */
    v = demc_vec3_scale(facet->velocity[0], contact->weight[0]);
    v = demc_vec3_add_scaled(v, contact->weight[1], facet->velocity[1]);
    f.velocity_i = i->velocity;
    f.angular_velocity_i = i->angular_velocity;
    f.velocity_j = demc_vec3_add_scaled(v, contact->weight[2], facet->velocity[2]);
    f.angular_velocity_j = demc_facet_angular_velocity(facet);
    f.effective_radius = i->radius;
    f.effective_mass = i->mass;
    f.effective_inertia = c[DEMCI_M_INERTIA] != 0.0 ? demci_contact_inertia(i) : 0.0;
    f.radius_i = i->radius;
    f.radius_j = 0.0;
    return f;
}

DEMC_CONTACT_FN demc_contact_frame demc_contact_frame_sphere_sphere(const demc_contact_model *model,
                                                                    const demc_body *i, const demc_body *j)
{
    return demci_contact_frame_spheres(model->opaque_, i, j);
}

DEMC_CONTACT_FN demc_contact_frame demc_contact_frame_sphere_wall(const demc_contact_model *model,
                                                                  const demc_body *i, const demc_wall *wall)
{
    return demci_contact_frame_wall(model->opaque_, i, wall);
}

DEMC_CONTACT_FN demc_contact_frame demc_contact_frame_sphere_facet(const demc_contact_model *model,
                                                                   const demc_body *i,
                                                                   const demc_facet_triangle *facet,
                                                                   const demc_facet_contact *contact)
{
    return demci_contact_frame_facet(model->opaque_, i, facet, contact);
}

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

DEMC_STATIC_INLINE demc_vec3 demci_contact_load3(const double *s) { return demc_vec3_make(s[0], s[1], s[2]); }

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

/* Zeroes the first n doubles of a state (n ≤ DEMC_CONTACT_STATE_MAX). Written out, not looped: a compiler turns a
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

/* The contact is over: the memory is reset and the energy the tangential spring still held is released (reported
 * as exchange, so that an energy account across the separation closes). */
DEMC_HOT_INLINE demc_contact_result demci_contact_release(demc_contact_kind kind, const double *c, double overlap,
                                                         double *state, demc_contact_diag *diag)
{
    if (diag) {
        demci_contact_diag_clear(diag);
        const double *spring = /* formed only when there is one: a model without state may have state = NULL */
            DEMCI_KIND_TANGENTIAL(kind) != DEMC_TANGENTIAL_NONE ? state + demci_contact_tangential_offset(kind) : NULL;
        if (DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_SPRING && spring[3] > 0.0)
            diag->tangential_exchange = 0.5 * demc_vec3_norm2(demci_contact_load3(spring)) / spring[3];
        if (DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ) /* its recoverable energy */
            diag->tangential_exchange = demci_tangential_md_energy(
                c[DEMCI_M_MU_D], spring[9], spring[10], demci_contact_load3(spring), demci_contact_load3(spring + 3),
                demci_tangential_md_branch(spring[11]));
        /* the rolling and twisting springs release what they held */
        if ((DEMCI_KIND_ROLLING(kind) == DEMC_ROLLING_EPSD || DEMCI_KIND_ROLLING(kind) == DEMC_ROLLING_SDS) &&
            DEMCI_CONTACT_DIAG_HAS(diag, twisting_exchange)) { /* CDT keeps no state */
            const double *roll = state + demci_contact_rolling_offset(kind);
            const double stiffness = DEMCI_KIND_ROLLING(kind) == DEMC_ROLLING_EPSD ? roll[3] : c[DEMCI_M_ROLL_K];
            const double v2 = demc_vec3_norm2(demci_contact_load3(roll));
            if (DEMCI_KIND_ROLLING(kind) == DEMC_ROLLING_SDS) diag->rolling_exchange = 0.5 * stiffness * v2;
            else if (DEMCI_KIND_ROLLING(kind) == DEMC_ROLLING_EPSD && stiffness > 0.0)
                diag->rolling_exchange = 0.5 * v2 / stiffness;
        }
        if (DEMCI_KIND_TWISTING(kind) != DEMC_TWISTING_NONE && DEMCI_CONTACT_DIAG_HAS(diag, twisting_exchange)) {
            const double *twist = state + demci_contact_twisting_offset(kind);
            const double stiffness =
                DEMCI_KIND_TWISTING(kind) == DEMC_TWISTING_MARSHALL ? twist[1] : c[DEMCI_M_TWIST_K];
            diag->twisting_exchange = 0.5 * stiffness * twist[0] * twist[0];
        }
    }
    demci_contact_zero(state, demci_contact_state_size(kind));
    return demci_contact_zero_result(overlap);
}

/* The JKR neck breaks: the contact is released and, on request, the energy the neck held at the jump-off is
 * reported as adhesion dissipation (the pair's R* is the neck double: the frame of this call may be empty). */
DEMC_STATIC_INLINE demc_contact_result demci_contact_jkr_break(demc_contact_kind kind, const double *c,
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
        demci_contact_store3(v, demc_tangential_project(demci_contact_load3(v), n));
    else
        demci_contact_store3(v, demci_tangential_turn_apply_tangent(turn, demci_contact_load3(v)));
}

DEMC_HOT_INLINE void demci_contact_carry(demc_contact_kind kind, const demc_contact_frame *f, double dt,
                                         double *state)
{
    const demc_vec3 n = f->normal;
    const int count = demci_contact_vector_count(kind);
    demci_tangential_turn turn;
    if (count == 0) return; /* no vectors, and maybe no state at all: nothing is read */
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

/* The one evaluation behind every model. With a constant kind every slot and convention folds; without a diag the
 * energy terms are not computed. */
DEMC_HOT_INLINE demc_contact_result demci_contact_eval_kind(demc_contact_kind kind, const double *c,
                                                            const demc_contact_frame *f, double dt, double *state,
                                                            demc_contact_diag *diag)
{
    const unsigned normal = DEMCI_KIND_NORMAL(kind);
    const int damped = DEMCI_KIND_DAMPING(kind) == DEMC_DAMPING_VISCOUS;
    const int spring = DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_SPRING;
    const int md = DEMCI_KIND_TANGENTIAL(kind) == DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ;
    const double delta = f->overlap, m_eff = f->effective_mass;
    /* An adhesive law with w (or k) > 0; with 0 it is the Hertz law, bit for bit. */
    const int glued = DEMCI_NORMAL_ADHESIVE(normal) && c[DEMCI_M_ADHESION] > 0.0;
    const demc_vec3 n = f->normal;
    demc_contact_result r;
    demc_vec3 v_c, v_t;
    demci_contact_glue glue;
    double rate, f_el, f_n, k_n, k_t = 0.0, c_n = 0.0, c_t = 0.0, energy = 0.0, plastic = 0.0, radius = 0.0;
    double torque_load = 0.0;           /* the rolling and twisting laws' normal load */
    demc_contact_diag *torque_diag = NULL; /* diag, when it has their energy terms */

    if (glued) {
        /* The law's contact test: JKR while the neck holds (it forms at δ > 0), the others while δ > 0. */
        if (!(delta > 0.0) &&
            (normal != DEMC_NORMAL_JKR || !(state[demci_contact_normal_offset(kind)] != 0.0)))
            return demci_contact_release(kind, c, delta, state, diag);
        glue = demci_contact_adhesion(kind, c, f, state, diag != 0);
        if (normal == DEMC_NORMAL_JKR && !glue.contact) return demci_contact_jkr_break(kind, c, delta, state, diag);
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
    if (!DEMCI_NORMAL_ADHESIVE(normal) && DEMCI_KIND_END(kind) == DEMC_CONTACT_END_FORCE)
        f_n = f_n > 0.0 ? f_n : 0.0; /* no attraction */
    r.force = demc_vec3_scale(n, f_n);

    /* The memory is carried into this step's frame; the new normal is kept for the next one. */
    demci_contact_carry(kind, f, dt, state);
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
        /* The Coulomb load: F_n, plus what the adhesive law adds (JKR 2F_c, DMT 2πwR*, simplified JKR kA). */
        rt = demci_tangential_step(&tp, increment, v_t, k_t, glued ? f_n + glue.lift : f_n, c_t, dt, &ts, diag != 0);
        demci_contact_store_tangential(kind, slot, &ts);
        r.force = demc_vec3_add(r.force, rt.force);
        if (diag) {
            diag->tangential_energy = rt.stored_energy;
            diag->friction_dissipation = rt.friction_dissipation;
            diag->tangential_exchange = rt.stiffness_exchange;
            diag->sliding = rt.sliding;
            diag->viscous_dissipation = rt.viscous_dissipation;
        }
    } else if (md) {
        /* Mindlin–Deresiewicz (Thornton & Yin): the kernel gives the micro-slip force from the increment, F_n and
         * a; the dashpot −c_t v_t (c_t with the no-slip 8G*a) is added outside it, and under the total Coulomb
         * policy scaled down so that the total stays within μF_n (the kernel's memory is not changed by it). */
        double *slot = state + demci_contact_tangential_offset(kind);
        demc_tangential_md_params mp;
        demc_tangential_md_state ms;
        demc_tangential_md_energy me;
        const demc_vec3 increment =
            DEMCI_KIND_INCREMENT(kind) == DEMC_INCREMENT_ROLLING ? demci_contact_rolling_increment(f, dt)
                                                                 : demc_vec3_scale(v_t, dt);
        demc_tangential_result step;
        demc_vec3 f_t, f_d;
        double share = 1.0;
        c_t = c_n * c[DEMCI_M_CT_OVER_CN]; /* 2γ_t √(m* 8G*a) */
        mp.mu = c[DEMCI_M_MU_D];
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
        demci_contact_store3(slot, ms.force);
        demci_contact_store3(slot + 3, ms.origin);
        demci_contact_store3(slot + 6, ms.end);
        slot[9] = ms.normal_force;
        slot[10] = ms.stiffness;
        slot[11] = ms.branch;
        f_d = demc_vec3_scale(v_t, -c_t);
        if (DEMCI_KIND_COULOMB(kind) == DEMC_COULOMB_TOTAL && c_t > 0.0) {
            /* the largest s in [0, 1] with |F_t + s F_d| ≤ μF_n (|F_t| ≤ μF_n: s = 0 always qualifies) */
            const double lim = mp.mu * (f_n > 0.0 ? f_n : 0.0);
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
            diag->tangential_energy = me.stored_energy;
            diag->friction_dissipation = me.friction_dissipation;
            diag->tangential_exchange = me.normal_exchange;
            diag->sliding = step.sliding;
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
        if (DEMCI_CONTACT_DIAG_HAS(diag, adhesion_dissipation)) diag->adhesion_dissipation = 0.0;
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
        torque_load = glued ? f_n + glue.lift : f_n;
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

/* The dispatch on the model's kind, written once: RUN(K) is a statement run with K the kind as a constant, so that
 * each preset's kind, and HM+D under LIGGGHTS's conventions (the engine demc is embedded in by docs/examples),
 * gets a body of its own with everything folded in. Any other kind: with HM+D's laws (Hertz,
 * viscous damping, the spring, no rolling or twisting: the laws DEM codes run most, under conventions of their own)
 * a body in which the laws fold and only the conventions are read at run time (about 100 instructions less per
 * contact than the general body); else a body in which the rolling and twisting slots fold away when it selects
 * neither (the options cost nothing there); else the general one. DEMCI_CONTACT_PRESET_CASES(RUN) are the presets'
 * cases alone: the one-call evaluations run them with diag = NULL as a constant when the caller asks for no energy
 * terms, a body per preset with no test of diag left in it (linked HM+D: ~40 instructions of ~660 less a contact,
 * ~45 KB more text). */
#define DEMCI_CONTACT_PRESET_CASES(RUN)                                                                              \
    case DEMC_CONTACT_KIND_HMD: RUN(DEMC_CONTACT_KIND_HMD); break;                                                   \
    case DEMC_CONTACT_KIND_LSD: RUN(DEMC_CONTACT_KIND_LSD); break;                                                   \
    case DEMC_CONTACT_KIND_PLSB: RUN(DEMC_CONTACT_KIND_PLSB); break;                                                 \
    case DEMC_CONTACT_KIND_HM: RUN(DEMC_CONTACT_KIND_HM); break;                                                     \
    case DEMC_CONTACT_KIND_CAMPELLO: RUN(DEMC_CONTACT_KIND_CAMPELLO); break;                                         \
    case DEMC_CONTACT_KIND_HMD_LIGGGHTS: RUN(DEMC_CONTACT_KIND_HMD_LIGGGHTS); break;
#define DEMCI_CONTACT_DISPATCH(kind, RUN)                                                                            \
    switch (kind) {                                                                                                  \
    DEMCI_CONTACT_PRESET_CASES(RUN)                                                                                  \
    default:                                                                                                         \
        if (((kind) & DEMCI_KIND_LAW_BITS) == (DEMC_CONTACT_KIND_HMD & DEMCI_KIND_LAW_BITS))                          \
            RUN(((kind) & ~DEMCI_KIND_LAW_BITS) | (DEMC_CONTACT_KIND_HMD & DEMCI_KIND_LAW_BITS));                     \
        else if (!((kind) & DEMCI_KIND_TORQUE_BITS)) RUN((kind) & ~DEMCI_KIND_TORQUE_BITS);                           \
        else RUN(kind);                                                                                              \
        break;                                                                                                       \
    }

/* The dispatch of the one-call evaluations, each of which defines DEMCI_RUN(K, DIAG) (its evaluation of kind K with
 * DIAG as the diag): a preset called without a diag runs with DIAG = NULL as a constant, any other call with diag. */
#define DEMCI_RUN_LEAN(K) DEMCI_RUN(K, NULL)
#define DEMCI_RUN_DIAG(K) DEMCI_RUN(K, diag)
#define DEMCI_CONTACT_DISPATCH_DIAG(kind)                                                                            \
    if (!diag) switch (kind) { DEMCI_CONTACT_PRESET_CASES(DEMCI_RUN_LEAN) default: break; }                          \
    DEMCI_CONTACT_DISPATCH(kind, DEMCI_RUN_DIAG)

/* The result of a model this face cannot read: every field NaN (nothing else is written). */
DEMC_STATIC_INLINE demc_contact_result demci_contact_refused(void)
{
    const double nan = HUGE_VAL - HUGE_VAL;
    demc_contact_result r;
    r.force = r.torque_i = r.torque_j = demc_vec3_make(nan, nan, nan);
    r.overlap = r.normal_force = nan;
    return r;
}

DEMC_CONTACT_FN demc_contact_result demc_contact_eval(const demc_contact_model *model,
                                                      const demc_contact_frame *frame, double dt, double *state,
                                                      demc_contact_diag *diag)
{
    const double *c = model->opaque_;
    const demc_contact_kind kind = demci_contact_kind_of(c);
    if (!demci_contact_readable(c)) return demci_contact_refused();
#define DEMCI_RUN(K, DIAG) return demci_contact_eval_kind((K), c, frame, dt, state, (DIAG))
    DEMCI_CONTACT_DISPATCH_DIAG(kind)
#undef DEMCI_RUN
    return demci_contact_zero_result(0.0); /* not reached */
}

/* The frame and the evaluation in one call: the frame stays in registers and the bodies are read once (the linked
 * face's single call; a pair apart is rejected on its squared distance before anything else is read). */
DEMC_CONTACT_FN demc_contact_result demc_contact_eval_sphere_sphere(const demc_contact_model *model,
                                                                    const demc_body *i, const demc_body *j,
                                                                    double dt, double *state,
                                                                    demc_contact_diag *diag)
{
    const double *c = model->opaque_;
    const demc_contact_kind kind = demci_contact_kind_of(c);
    if (!demci_contact_readable(c)) return demci_contact_refused();
#define DEMCI_RUN(K, DIAG)                                                                                          \
    do {                                                                                                            \
        const demc_contact_frame f = demci_contact_frame_spheres(c, i, j);                                          \
        return demci_contact_eval_kind((K), c, &f, dt, state, (DIAG));                                              \
    } while (0)
    DEMCI_CONTACT_DISPATCH_DIAG(kind)
#undef DEMCI_RUN
    return demci_contact_zero_result(0.0); /* not reached */
}

DEMC_CONTACT_FN demc_contact_result demc_contact_eval_sphere_wall(const demc_contact_model *model,
                                                                  const demc_body *i, const demc_wall *wall,
                                                                  double dt, double *state, demc_contact_diag *diag)
{
    const double *c = model->opaque_;
    const demc_contact_kind kind = demci_contact_kind_of(c);
    if (!demci_contact_readable(c)) return demci_contact_refused();
#define DEMCI_RUN(K, DIAG)                                                                                          \
    do {                                                                                                            \
        const demc_contact_frame f = demci_contact_frame_wall(c, i, wall);                                          \
        return demci_contact_eval_kind((K), c, &f, dt, state, (DIAG));                                              \
    } while (0)
    DEMCI_CONTACT_DISPATCH_DIAG(kind)
#undef DEMCI_RUN
    return demci_contact_zero_result(0.0); /* not reached */
}

/* ---- batch ----------------------------------------------------------------------------------------------- */

/* A batch is evaluated a chunk of DEMCI_BATCH_CHUNK contacts at a time, each chunk in one of two ways, chosen by how
 * many contacts of the chunk before were within reach (results are the same either way, bit for bit: each contact
 * is evaluated alone and the contacts are emitted in their order):
 * - dense (more than half within reach, and the first chunk): one pass; each contact tested for reach and evaluated
 *   in turn, everything it reads prefetched DEMCI_BATCH_PREFETCH contacts ahead (8: enough to cover a memory
 *   latency of ~100 ns at ~20-50 ns a contact);
 * - sparse (a neighbour list, most pairs apart): the sift tests every contact of the chunk on its positions and radii
 *   alone and lists it as within reach or apart without a branch on the outcome, prefetching positions, radii and
 *   the state DEMCI_BATCH_SIFT_AHEAD contacts ahead (a sifted pair costs ~10 ns); the pairs apart are then released
 *   in a loop of their own (their states reset in a burst of stores: without the state's prefetch, the burst waits
 *   for the lines and the defaults' 9-double states cost 1.45 of the hand-written kernel instead of 1.1), then the
 *   listed contacts are evaluated, the rest of their bodies prefetched DEMCI_BATCH_EVAL_AHEAD listed contacts ahead.
 *   Only the touching contacts pay for the motion's prefetch, and the SIMD lanes pair two touching contacts
 *   wherever they are in the list.
 * Measured with make bench: the sift costs ~50 instructions a contact, which a dense chunk does not pay; a pair apart
 * costs ~175 in the dense pass (the prefetch of its motion, the loop around the lanes) and ~65 in the sift, without
 * the mispredicted branch that a test taken one pair at a time pays in a list where a pair in ten touches. */
#define DEMCI_BATCH_CHUNK 64
#define DEMCI_BATCH_PREFETCH 8
#define DEMCI_BATCH_SIFT_AHEAD 16
#define DEMCI_BATCH_EVAL_AHEAD 4

#if (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
#  define DEMCI_PREFETCH(address) __builtin_prefetch((address), 0, 3)
#  define DEMCI_PREFETCH_WRITE(address) __builtin_prefetch((address), 1, 3)
#else
#  define DEMCI_PREFETCH(address) ((void)(address))
#  define DEMCI_PREFETCH_WRITE(address) ((void)(address))
#endif

/* Body k of a batch; its moment of inertia read only for a kind whose law needs it (a constant test). */
DEMC_HOT_INLINE demc_body demci_contact_batch_body(demc_contact_kind kind, const demc_contact_batch *b, int k)
{
    const double *x = b->position + (size_t)k * b->vector_stride;
    const double *v = b->velocity + (size_t)k * b->vector_stride;
    const double *w = b->angular_velocity + (size_t)k * b->vector_stride;
    demc_body body;
    body.position = demc_vec3_make(x[0], x[1], x[2]);
    body.velocity = demc_vec3_make(v[0], v[1], v[2]);
    body.angular_velocity = demc_vec3_make(w[0], w[1], w[2]);
    body.radius = b->radius[(size_t)k * b->scalar_stride];
    body.mass = b->mass[(size_t)k * b->scalar_stride];
    body.inertia = 0.0;
    if ((DEMCI_KIND_ROLLING(kind) == DEMC_ROLLING_CDT || DEMCI_KIND_ROLLING(kind) == DEMC_ROLLING_EPSD) && b->inertia)
        body.inertia = b->inertia[(size_t)k * b->scalar_stride];
    return body;
}

/* What the reach test of body k reads: its position and radius. */
DEMC_HOT_INLINE void demci_contact_batch_prefetch_place(const demc_contact_batch *b, int k)
{
    DEMCI_PREFETCH(b->position + (size_t)k * b->vector_stride);
    DEMCI_PREFETCH(b->radius + (size_t)k * b->scalar_stride);
}

/* The rest of what a contact reads of body k, and the accumulators it adds into (read, then written): when they
 * are requested, a quarter of the lines a contact touches. */
DEMC_HOT_INLINE void demci_contact_batch_prefetch_motion(const demc_contact_batch *b, int k)
{
    DEMCI_PREFETCH(b->velocity + (size_t)k * b->vector_stride);
    DEMCI_PREFETCH(b->angular_velocity + (size_t)k * b->vector_stride);
    DEMCI_PREFETCH(b->mass + (size_t)k * b->scalar_stride);
    if (b->body_force) DEMCI_PREFETCH_WRITE(b->body_force + (size_t)k * b->vector_stride);
    if (b->body_torque) DEMCI_PREFETCH_WRITE(b->body_torque + (size_t)k * b->vector_stride);
}

DEMC_HOT_INLINE void demci_contact_batch_add(double *accumulator, size_t at, demc_vec3 v)
{
    accumulator[at] += v.x;
    accumulator[at + 1] += v.y;
    accumulator[at + 2] += v.z;
}

/* The per-contact outputs of contact q, as the batch asks for them. */
DEMC_HOT_INLINE void demci_contact_batch_store(const demc_contact_batch *b, size_t q, const demc_contact_result *r)
{
    if (b->force) demci_contact_store3(b->force + 3 * q, r->force);
    if (b->torque_i) demci_contact_store3(b->torque_i + 3 * q, r->torque_i);
    if (b->torque_j) demci_contact_store3(b->torque_j + 3 * q, r->torque_j);
}

/* The outputs of an evaluated contact q: written per contact and added to the bodies (j not against a wall),
 * whatever its overlap: an adhesive neck pulls at δ < 0, and what reaches force[q] reaches the accumulators. Only
 * a released pair (a zero result) adds nothing (demci_contact_batch_release()). */
DEMC_HOT_INLINE void demci_contact_batch_emit(const demc_contact_batch *b, size_t q, int i, int j, int wall,
                                              const demc_contact_result *r)
{
    demci_contact_batch_store(b, q, r);
    if (b->body_force) {
        demci_contact_batch_add(b->body_force, (size_t)i * b->vector_stride, r->force);
        if (!wall) demci_contact_batch_add(b->body_force, (size_t)j * b->vector_stride, demc_vec3_neg(r->force));
    }
    if (b->body_torque) {
        demci_contact_batch_add(b->body_torque, (size_t)i * b->vector_stride, r->torque_i);
        if (!wall) demci_contact_batch_add(b->body_torque, (size_t)j * b->vector_stride, r->torque_j);
    }
}

/* The frame builders' test of contact, from the positions and radii alone. */
DEMC_HOT_INLINE int demci_contact_batch_touching(const double *c, const demc_contact_batch *b, int i, int j,
                                                 const demc_wall *wall)
{
    const double *xi = b->position + (size_t)i * b->vector_stride;
    const double ri = b->radius[(size_t)i * b->scalar_stride];
    if (wall) {
        const demc_vec3 dx = demc_vec3_sub(demc_vec3_make(xi[0], xi[1], xi[2]), wall->point);
        return ri - demc_vec3_dot(wall->normal, dx) > -c[DEMCI_M_RANGE];
    } else {
        const double *xj = b->position + (size_t)j * b->vector_stride;
        const double reach = ri + b->radius[(size_t)j * b->scalar_stride] + c[DEMCI_M_RANGE];
        const demc_vec3 dx = demc_vec3_make(xi[0] - xj[0], xi[1] - xj[1], xi[2] - xj[2]);
        return demc_vec3_norm2(dx) < reach * reach;
    }
}

/* Whether a batch asks for per-contact outputs (tested once per chunk, not per contact apart). */
DEMC_HOT_INLINE int demci_contact_batch_per_contact(const demc_contact_batch *b)
{
    return b->force || b->torque_i || b->torque_j;
}

/* Contact q of a batch, apart: released on its squared distance, before the rest of its bodies is read or a frame
 * is built (what the frame builder and the evaluation would give: a zero result, the state reset). It adds nothing
 * into the accumulators: the per-contact outputs, when there are any, are all it writes besides its state. */
DEMC_HOT_INLINE void demci_contact_batch_release(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                                 size_t q, int per_contact)
{
    const demc_contact_result r = demci_contact_release(kind, c, 0.0, b->state + q * b->state_stride, NULL);
    if (per_contact) demci_contact_batch_store(b, q, &r);
}

/* Contact q of a batch, within reach: evaluated and emitted. */
DEMC_HOT_INLINE void demci_contact_batch_one(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                             const demc_wall *wall, double dt, size_t q)
{
    const int i = b->i[q], j = wall ? 0 : b->j[q];
    const demc_body bi = demci_contact_batch_body(kind, b, i);
    demc_body bj;
    demc_contact_frame f;
    demc_contact_result r;
    if (wall) {
        f = demci_contact_frame_wall(c, &bi, wall);
    } else {
        bj = demci_contact_batch_body(kind, b, j);
        f = demci_contact_frame_spheres(c, &bi, &bj);
    }
    r = demci_contact_eval_kind(kind, c, &f, dt, b->state + q * b->state_stride, NULL);
    demci_contact_batch_emit(b, q, i, j, wall != 0, &r);
}

/* The prefetches of a dense chunk for the contact DEMCI_BATCH_PREFETCH after q: everything of its bodies (body i once
 * per run of the same i: a neighbour list is grouped by i) and its state. */
DEMC_HOT_INLINE void demci_contact_batch_ahead(const demc_contact_batch *b, const demc_wall *wall, size_t q)
{
    if (q + DEMCI_BATCH_PREFETCH < b->count) {
        const int ahead = b->i[q + DEMCI_BATCH_PREFETCH];
        if (ahead != b->i[q + DEMCI_BATCH_PREFETCH - 1]) {
            demci_contact_batch_prefetch_place(b, ahead);
            demci_contact_batch_prefetch_motion(b, ahead);
        }
        if (!wall) {
            demci_contact_batch_prefetch_place(b, b->j[q + DEMCI_BATCH_PREFETCH]);
            demci_contact_batch_prefetch_motion(b, b->j[q + DEMCI_BATCH_PREFETCH]);
        }
        DEMCI_PREFETCH_WRITE(b->state + (q + DEMCI_BATCH_PREFETCH) * b->state_stride);
    }
}

/* The sift of a sparse chunk, contacts [start, end) (at most DEMCI_BATCH_CHUNK): the contacts within reach listed in
 * `within`, in order, and their number returned; the pairs apart released. The test's outcome is not branched on (in a
 * neighbour list it is as good as random: a branch on it mispredicts for a pair in ten or more): each index is
 * written to both lists and one count moves. The pairs apart are then released in a loop of their own, so that the
 * test loop stores no double (nothing it reads has to be read again after a store). */
DEMC_HOT_INLINE size_t demci_contact_batch_sift(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                               const demc_wall *wall, size_t start, size_t end, size_t *within)
{
    const int per_contact = demci_contact_batch_per_contact(b);
    size_t apart[DEMCI_BATCH_CHUNK];
    size_t q, t, n = 0, m = 0;
    for (q = start; q < end; ++q) {
        const size_t touching = (size_t)demci_contact_batch_touching(c, b, b->i[q], wall ? 0 : b->j[q], wall);
        if (q + DEMCI_BATCH_SIFT_AHEAD < b->count) {
            const size_t ahead = q + DEMCI_BATCH_SIFT_AHEAD;
            if (b->i[ahead] != b->i[ahead - 1]) demci_contact_batch_prefetch_place(b, b->i[ahead]);
            if (!wall) demci_contact_batch_prefetch_place(b, b->j[ahead]);
            DEMCI_PREFETCH_WRITE(b->state + ahead * b->state_stride);
        }
        within[n] = q; /* n, m ≤ q − start < DEMCI_BATCH_CHUNK */
        apart[m] = q;
        n += touching;
        m += 1 - touching;
    }
    for (t = 0; t < m; ++t) demci_contact_batch_release(kind, c, b, apart[t], per_contact);
    return n;
}

/* The motion of the bodies of the listed contact DEMCI_BATCH_EVAL_AHEAD after the t-th, prefetched. */
DEMC_HOT_INLINE void demci_contact_batch_motion_ahead(const demc_contact_batch *b, const demc_wall *wall,
                                                      const size_t *within, size_t n, size_t t)
{
    if (t + DEMCI_BATCH_EVAL_AHEAD < n) {
        const size_t q = within[t + DEMCI_BATCH_EVAL_AHEAD];
        demci_contact_batch_prefetch_motion(b, b->i[q]);
        if (!wall) demci_contact_batch_prefetch_motion(b, b->j[q]);
    }
}

/* A dense chunk, contacts [start, end): returns how many were within reach. */
DEMC_HOT_INLINE size_t demci_contact_batch_dense(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                                const demc_wall *wall, double dt, size_t start, size_t end)
{
    const int per_contact = demci_contact_batch_per_contact(b);
    size_t q, n = 0;
    for (q = start; q < end; ++q) {
        demci_contact_batch_ahead(b, wall, q);
        if (demci_contact_batch_touching(c, b, b->i[q], wall ? 0 : b->j[q], wall)) {
            demci_contact_batch_one(kind, c, b, wall, dt, q);
            ++n;
        } else {
            demci_contact_batch_release(kind, c, b, q, per_contact);
        }
    }
    return n;
}

/* A sparse chunk, contacts [start, end): returns how many were within reach. */
DEMC_HOT_INLINE size_t demci_contact_batch_sparse(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                                 const demc_wall *wall, double dt, size_t start, size_t end)
{
    size_t within[DEMCI_BATCH_CHUNK];
    const size_t n = demci_contact_batch_sift(kind, c, b, wall, start, end, within);
    size_t t;
    for (t = 0; t < n; ++t) {
        demci_contact_batch_motion_ahead(b, wall, within, n, t);
        demci_contact_batch_one(kind, c, b, wall, dt, within[t]);
    }
    return n;
}

/* The end of the chunk that starts at `start`. */
DEMC_HOT_INLINE size_t demci_contact_batch_chunk_end(const demc_contact_batch *b, size_t start)
{
    return b->count - start > DEMCI_BATCH_CHUNK ? start + DEMCI_BATCH_CHUNK : b->count;
}

/* The loop of a batch with the kind as a constant after inlining (one instantiation per preset), chunk by chunk. */
DEMC_HOT_INLINE void demci_contact_batch_loop(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                              const demc_wall *wall, double dt)
{
    size_t start, end, within = 1, length = 1; /* of the chunk before; the first chunk is taken as dense */
    for (start = 0; start < b->count; start = end) {
        const int dense = 2 * within > length;
        end = demci_contact_batch_chunk_end(b, start);
        length = end - start;
        within = dense ? demci_contact_batch_dense(kind, c, b, wall, dt, start, end)
                       : demci_contact_batch_sparse(kind, c, b, wall, dt, start, end);
    }
}

#ifdef DEMCI_BATCH_LANES
#  include "contact_lanes_impl.h"
#endif

/* The checks of a batch call, in argument order, on the batch as read (demci_contact_batch_read()); nothing is
 * written on an error. */
DEMC_STATIC_INLINE demc_status demci_contact_batch_check(const demc_contact_model *model, const demc_contact_batch *b,
                                                         const demc_wall *wall, int with_wall, double dt,
                                                         const char **bad_field)
{
    const int any = b->count > 0;
    if (any && !b->i) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.i", bad_field);
    if (any && !with_wall && !b->j) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.j", bad_field);
    if (any && !b->position) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.position", bad_field);
    if (any && !b->velocity) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.velocity", bad_field);
    if (any && !b->angular_velocity)
        return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.angular_velocity", bad_field);
    if (any && !b->radius) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.radius", bad_field);
    if (any && !b->mass) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.mass", bad_field);
    if (b->vector_stride < 3) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.vector_stride", bad_field);
    if (b->scalar_stride < 1) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.scalar_stride", bad_field);
    if (any && demc_contact_model_state_size(model) > 0 && !b->state)
        return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.state", bad_field);
    if (b->state_stride < demc_contact_model_state_size(model))
        return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch.state_stride", bad_field);
    if (with_wall && !wall) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "wall", bad_field);
    return demci_require_positive(dt, "dt", bad_field);
}

/* The model and the caller's batch, checked in argument order, and the batch as this library reads it
 * (demci_contact_sized_copy(): the fields past a smaller caller's size take their defaults). */
DEMC_STATIC_INLINE demc_status demci_contact_batch_read(const demc_contact_model *model, const demc_contact_batch *b,
                                                        demc_contact_batch *local, const char **bad_field)
{
    demc_status s;
    if (!model) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "model", bad_field);
    if (!demci_contact_readable(model->opaque_))
        return demci_material_fail(DEMC_ERR_UNSUPPORTED, "model", bad_field);
    if (!b) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "batch", bad_field);
    s = demci_contact_sized(b, b->size, DEMC_CONTACT_BATCH_SIZE_1_0, sizeof *local, "batch.size", bad_field);
    if (s == DEMC_OK) demci_contact_sized_copy(local, sizeof *local, b, b->size);
    return s;
}

/* A model without state may be given no state array (batch.state NULL): the loops then address one dummy double
 * with stride 0, since state + q·stride on a null pointer is undefined behaviour even for an offset of 0. */
DEMC_STATIC_INLINE void demci_contact_batch_stateful(demc_contact_batch *local, double *dummy)
{
    if (local->state) return;
    local->state = dummy;
    local->state_stride = 0;
}

/* Each preset's kind gets a loop of its own with the kind folded in (DEMCI_CONTACT_DISPATCH). */
DEMC_STATIC_INLINE void demci_contact_batch_dispatch(const demc_contact_model *model, const demc_contact_batch *b,
                                                     const demc_wall *wall, double dt)
{
    const double *c = model->opaque_;
    const demc_contact_kind kind = demc_contact_model_kind(model);
#ifdef DEMCI_BATCH_LANES
    if (!wall && demci_contact_lanes_serve(kind)) {
        demci_contact_batch_lanes(kind, c, b, dt);
        return;
    }
#endif
#define DEMCI_RUN(K) demci_contact_batch_loop((K), c, b, wall, dt)
    DEMCI_CONTACT_DISPATCH(kind, DEMCI_RUN)
#undef DEMCI_RUN
}

DEMC_CONTACT_FN demc_status demc_contact_eval_batch(const demc_contact_model *model, const demc_contact_batch *batch,
                                                    double dt, const char **bad_field)
{
    demc_contact_batch local;
    double dummy = 0.0;
    demc_status s = demci_contact_batch_read(model, batch, &local, bad_field);
    if (s != DEMC_OK) return s;
    if ((s = demci_contact_batch_check(model, &local, NULL, 0, dt, bad_field)) != DEMC_OK) return s;
    demci_contact_batch_stateful(&local, &dummy);
    demci_contact_batch_dispatch(model, &local, NULL, dt);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_CONTACT_FN demc_status demc_contact_eval_batch_wall(const demc_contact_model *model,
                                                         const demc_contact_batch *batch, const demc_wall *wall,
                                                         double dt, const char **bad_field)
{
    demc_contact_batch local;
    double dummy = 0.0;
    demc_status s = demci_contact_batch_read(model, batch, &local, bad_field);
    if (s != DEMC_OK) return s;
    if ((s = demci_contact_batch_check(model, &local, wall, 1, dt, bad_field)) != DEMC_OK) return s;
    demci_contact_batch_stateful(&local, &dummy);
    demci_contact_batch_dispatch(model, &local, wall, dt);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/* The loop of a facet batch: sphere i[q] against facet j[q] with its closest point contacts[q]; only the spheres
 * accumulate; the nodal reactions on request. */
DEMC_HOT_INLINE void demci_contact_batch_facet_loop(demc_contact_kind kind, const double *c,
                                                    const demc_contact_batch *b, const demc_facet_triangle *facets,
                                                    const demc_facet_contact *contacts, double dt, double *nodal)
{
    size_t q;
    for (q = 0; q < b->count; ++q) {
        const int i = b->i[q];
        const demc_facet_contact *cq = contacts + q;
        const demc_facet_triangle *t = facets + b->j[q];
        demc_body bi;
        demc_contact_frame f;
        demc_contact_result r;
        if (q + DEMCI_BATCH_PREFETCH < b->count) {
            demci_contact_batch_prefetch_place(b, b->i[q + DEMCI_BATCH_PREFETCH]);
            demci_contact_batch_prefetch_motion(b, b->i[q + DEMCI_BATCH_PREFETCH]);
            DEMCI_PREFETCH_WRITE(b->state + (q + DEMCI_BATCH_PREFETCH) * b->state_stride);
        }
        /* Apart: released on the distance the closest point already holds, before the bodies are read. */
        if (!(b->radius[(size_t)i * b->scalar_stride] - cq->distance > -c[DEMCI_M_RANGE])) {
            r = demci_contact_release(kind, c, 0.0, b->state + q * b->state_stride, NULL);
            demci_contact_batch_store(b, q, &r);
            if (nodal) {
                size_t k;
                for (k = 0; k < 9; ++k) nodal[9 * q + k] = 0.0;
            }
            continue;
        }
        bi = demci_contact_batch_body(kind, b, i);
        f = demci_contact_frame_facet(c, &bi, t, cq);
        r = demci_contact_eval_kind(kind, c, &f, dt, b->state + q * b->state_stride, NULL);
        demci_contact_batch_emit(b, q, i, 0, 1, &r);
        if (nodal) {
            demc_vec3 forces[3];
            int k;
            demc_facet_nodal_forces(t, cq, r.force, r.torque_j, forces);
            for (k = 0; k < 3; ++k) demci_contact_store3(nodal + 9 * q + 3 * (size_t)k, forces[k]);
        }
    }
}

DEMC_CONTACT_FN demc_status demc_contact_eval_batch_facet(const demc_contact_model *model,
                                                          const demc_contact_batch *batch,
                                                          const demc_facet_triangle *facets,
                                                          const demc_facet_contact *contacts, double dt,
                                                          double *nodal_force, const char **bad_field)
{
    const double *c;
    demc_contact_kind kind;
    demc_contact_batch local;
    double dummy = 0.0;
    /* The batch's checks (j required), then the facet arrays, then dt: in argument order. */
    demc_status s = demci_contact_batch_read(model, batch, &local, bad_field);
    if (s != DEMC_OK) return s;
    if ((s = demci_contact_batch_check(model, &local, NULL, 0, 1.0, bad_field)) != DEMC_OK) return s;
    if (local.count > 0 && !facets) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "facets", bad_field);
    if (local.count > 0 && !contacts) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "contacts", bad_field);
    if ((s = demci_require_positive(dt, "dt", bad_field)) != DEMC_OK) return s;
    demci_contact_batch_stateful(&local, &dummy);
    c = model->opaque_;
    kind = demc_contact_model_kind(model);
#define DEMCI_RUN(K) demci_contact_batch_facet_loop((K), c, &local, facets, contacts, dt, nodal_force)
    DEMCI_CONTACT_DISPATCH(kind, DEMCI_RUN)
#undef DEMCI_RUN
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/* Header-only units: the kind given as a constant folds every slot (see contact.h). One compare of the model's
 * tagged kind with the caller's (a constant: the tag times 2^32 plus the kind) checks the layout and the kind
 * together; any other model goes to the run-time dispatch, which evaluates its own kind or refuses it. Forced
 * inline: a compiler left to itself keeps one out-of-line copy once a unit calls it from two loops (a sphere–sphere
 * and a sphere–wall loop, say), and the frame then goes through memory and the result comes back through it. */
#if defined(__GNUC__) && !defined(__CUDACC__)
/* flatten: the general body and everything it calls inlined here, so that the helpers it shares with the hot body
 * keep a single out-of-line caller and stay inline in the hot body */
__attribute__((noinline, cold, unused, flatten)) static DEMC_HOST_DEVICE
#else
DEMC_STATIC_INLINE
#endif
void demci_contact_eval_other(const demc_contact_model *model, demc_contact_frame frame, double dt, double *state,
                              demc_contact_diag *diag, demc_contact_result *out)
{
    /* the general body with the model's kind read at run time: demc_contact_eval()'s results, bit for bit, without
     * instantiating its whole dispatch in the unit */
    const double *c = model->opaque_;
    *out = demci_contact_readable(c) ? demci_contact_eval_kind(demci_contact_kind_of(c), c, &frame, dt, state, diag)
                                     : demci_contact_refused();
}

DEMC_HOT_INLINE demc_contact_result demc_contact_eval_kind(demc_contact_kind kind, const demc_contact_model *model,
                                                          const demc_contact_frame *frame, double dt,
                                                          double *state, demc_contact_diag *diag)
{
    /* The fallback takes the frame by value: given its address, the caller's frame (built inline, in registers)
     * would have to be stored to memory on every call, fallback or not. */
    if (model->opaque_[DEMCI_M_KIND] != DEMCI_TAGGED_KIND(kind)) {
        demc_contact_result other;
        demci_contact_eval_other(model, *frame, dt, state, diag, &other);
        return other;
    }
    return demci_contact_eval_kind(kind, model->opaque_, frame, dt, state, diag);
}

DEMC_END_DECLS

#endif /* DEMC_CONTACT_IMPL_H */
