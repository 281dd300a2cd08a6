/* The private layout of the compiled model: named indices into its doubles, the bits of a kind, the number of
 * known values of each slot (the per-contact state's layout is the law table's: contact_laws_impl.h).
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
/* A private function kept out of line: the rare paths, and the bodies that each hold a stack frame and a register
 * allocation of their own (their comments say why). Without optimisation nothing is inlined but the forced, and gcc
 * emits every function that is static without being inline, called or not: there it is a plain static inline
 * function, so that a header-only unit built at -O0 emits only what it calls (before: 23 s of gcc and 8 MB of text
 * for a unit that calls demc_damping_hmd_ratio() alone). */
#if defined(__GNUC__) && !defined(__CUDACC__) && defined(__OPTIMIZE__)
#  define DEMCI_OUT_OF_LINE __attribute__((noinline, unused)) static DEMC_HOST_DEVICE
#else
#  define DEMCI_OUT_OF_LINE DEMC_STATIC_INLINE
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
