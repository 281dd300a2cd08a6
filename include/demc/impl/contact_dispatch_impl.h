/* The dispatch on the model's kind and the single calls: demc_contact_eval(), the one-call evaluations and the
 * header-only demc_contact_eval_kind().
 * Part of the bodies of contact.h (impl/contact_impl.h includes the parts in order); each part includes the
 * parts it uses, which lie above it in that order. */
#ifndef DEMC_CONTACT_DISPATCH_IMPL_H
#define DEMC_CONTACT_DISPATCH_IMPL_H

#include <math.h>
#include "../contact.h" /* the public declarations (nothing, when this part is included from there) */
#include "contact_frame_impl.h"
#include "contact_eval_impl.h"

DEMC_BEGIN_DECLS

/* The dispatch on the model's kind, written once: RUN(K, TAG) is a statement run with K the kind as a constant (TAG
 * names the case: DEMCI_KIND_AS_TAG(kind) is K, for a caller with a function per case), so that
 * each preset's kind, and HM+D under LIGGGHTS's conventions (the engine demc is embedded in by docs/examples),
 * gets a body of its own with everything folded in. Any other kind: with HM+D's laws (Hertz,
 * viscous damping, the spring, no rolling or twisting: the laws DEM codes run most, under conventions of their own)
 * a body in which the laws fold and only the conventions are read at run time (about 100 instructions less per
 * contact than the general body), and likewise with the exact tangential law in place of the spring (HM+D with
 * DEMC_TANGENTIAL_MDR: 76 instructions less a contact in the batch); else a body in which the rolling and twisting
 * slots fold away when it selects neither (the options cost nothing there); else the statement GENERAL, the
 * out-of-line general body (demci_contact_eval_general(): one copy per unit, where an inlined one cost each entry
 * point ~40 KB of text). DEMCI_CONTACT_PRESET_CASES(RUN) are the presets' cases alone. */
/* HM+D's laws with the exact tangential law (DEMC_TANGENTIAL_MDR) in the tangential slot. */
#define DEMCI_KIND_HMD_MDR_LAWS                                                                                      \
    ((DEMC_CONTACT_KIND_HMD & DEMCI_KIND_LAW_BITS & ~(7u << 7)) | ((unsigned)DEMC_TANGENTIAL_MDR << 7))
/* The kinds of the dispatch's cases, each named by a tag (RUN(K, TAG) below): the presets' constants, and the kind
 * read at run time with the slots that case folds set to constants. */
#define DEMCI_KIND_AS_hmd(kind) DEMC_CONTACT_KIND_HMD
#define DEMCI_KIND_AS_lsd(kind) DEMC_CONTACT_KIND_LSD
#define DEMCI_KIND_AS_plsb(kind) DEMC_CONTACT_KIND_PLSB
#define DEMCI_KIND_AS_hm(kind) DEMC_CONTACT_KIND_HM
#define DEMCI_KIND_AS_campello(kind) DEMC_CONTACT_KIND_CAMPELLO
#define DEMCI_KIND_AS_liggghts(kind) DEMC_CONTACT_KIND_HMD_LIGGGHTS
#define DEMCI_KIND_AS_laws(kind)                                                                                     \
    ((DEMCI_KIND_UNBRIDGED(kind) & ~DEMCI_KIND_LAW_BITS) | (DEMC_CONTACT_KIND_HMD & DEMCI_KIND_LAW_BITS))
#define DEMCI_KIND_AS_mdr(kind) ((DEMCI_KIND_UNBRIDGED(kind) & ~DEMCI_KIND_LAW_BITS) | DEMCI_KIND_HMD_MDR_LAWS)
#define DEMCI_KIND_AS_untorqued(kind) (DEMCI_KIND_UNBRIDGED(kind) & ~DEMCI_KIND_TORQUE_BITS)
#define DEMCI_CONTACT_PRESET_CASES(RUN)                                                                              \
    case DEMC_CONTACT_KIND_HMD: RUN(DEMCI_KIND_AS_hmd(kind), hmd); break;                                            \
    case DEMC_CONTACT_KIND_LSD: RUN(DEMCI_KIND_AS_lsd(kind), lsd); break;                                            \
    case DEMC_CONTACT_KIND_PLSB: RUN(DEMCI_KIND_AS_plsb(kind), plsb); break;                                         \
    case DEMC_CONTACT_KIND_HM: RUN(DEMCI_KIND_AS_hm(kind), hm); break;                                               \
    case DEMC_CONTACT_KIND_CAMPELLO: RUN(DEMCI_KIND_AS_campello(kind), campello); break;                             \
    case DEMC_CONTACT_KIND_HMD_LIGGGHTS: RUN(DEMCI_KIND_AS_liggghts(kind), liggghts); break;
/* A liquid bridge (1.1) goes to the general body (the last case); the specialised bodies have its bit cleared as a
 * constant, so that its test and the bridged evaluation fold out of them (with the bit read at run time they cost
 * the linked one-call HM+D under other conventions 50 instructions of 700 a contact). */
#define DEMCI_KIND_UNBRIDGED(kind) ((kind) & ~(demc_contact_kind)DEMC_CONTACT_KIND_BRIDGE)
#define DEMCI_CONTACT_DISPATCH(kind, RUN, GENERAL)                                                                   \
    switch (kind) {                                                                                                  \
    DEMCI_CONTACT_PRESET_CASES(RUN)                                                                                  \
    default:                                                                                                         \
        if (!((kind) & DEMC_CONTACT_KIND_BRIDGE) &&                                                                  \
            ((kind) & DEMCI_KIND_LAW_BITS) == (DEMC_CONTACT_KIND_HMD & DEMCI_KIND_LAW_BITS))                          \
            RUN(DEMCI_KIND_AS_laws(kind), laws);                                                                     \
        else DEMCI_CONTACT_DISPATCH_REST(kind, RUN, GENERAL)                                                          \
        break;                                                                                                       \
    }
/* The cases after the presets' and HM+D's laws: HM+D with the exact tangential law, then the kinds without rolling
 * or twisting, then GENERAL. Alone, it is the dispatch of the batch's scalar loops in a unit with SIMD lanes, which
 * take the other cases' kinds (demci_contact_lanes_serve()): their scalar loops would be text no call reaches. */
#define DEMCI_CONTACT_DISPATCH_REST(kind, RUN, GENERAL)                                                              \
    {                                                                                                                \
        if (!((kind) & DEMC_CONTACT_KIND_BRIDGE) && ((kind) & DEMCI_KIND_LAW_BITS) == DEMCI_KIND_HMD_MDR_LAWS)        \
            RUN(DEMCI_KIND_AS_mdr(kind), mdr);                                                                       \
        else if (!((kind) & DEMC_CONTACT_KIND_BRIDGE) && !((kind) & DEMCI_KIND_TORQUE_BITS))                           \
            RUN(DEMCI_KIND_AS_untorqued(kind), untorqued);                                                           \
        else GENERAL;                                                                                                \
    }

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
    demc_contact_kind kind;
    if (!demci_contact_readable(c)) return demci_contact_refused();
    kind = demci_contact_kind_of(c); /* (only of a readable model: another's tag is no kind, not even an integer) */
    /* Without a diag, the body of the kind's case with diag = NULL as a constant (no test of diag left in it: linked
     * HM+D, ~40 instructions of ~660 less a contact); with a diag, the general body. The bodies are inlined here:
     * demc_contact_eval_sphere_sphere() has a function per case instead (below), which with a frame given measured no
     * better (HM+D's laws under other conventions 2.5 % slower, LS+D's 3 % faster). */
#define DEMCI_RUN_LEAN(K, TAG) return demci_contact_eval_kind((K), c, frame, dt, state, NULL)
    if (!diag) DEMCI_CONTACT_DISPATCH(kind, DEMCI_RUN_LEAN, (void)0)
#undef DEMCI_RUN_LEAN
    return demci_contact_eval_general(c, frame, dt, state, diag);
}

/* The sphere pair's evaluation of the kind of the dispatch's case TAG (DEMCI_KIND_AS_TAG), without a diag: the frame
 * in registers and the bodies read once. The default preset's is inlined into the entry point; every other case's
 * is a function of its own: inlined too, all the bodies shared one stack frame of 1.3 KB and one allocation of
 * registers, and a kind read at run time (HM+D's laws under the closest conventions of make bench) took 58-62 ns a
 * pair in cache where it takes 50-52 (Zen 5, linked; 701 → 680 instructions), the default preset the same time. */
#define DEMCI_SPHERES_BODY(FN, TAG)                                                                                  \
    FN demc_contact_result demci_contact_spheres_##TAG(demc_contact_kind kind, const double *c, const demc_body *i,  \
                                                       const demc_body *j, double dt, double *state)                \
    {                                                                                                                \
        const demc_contact_frame f = demci_contact_frame_spheres(c, i, j);                                           \
        (void)kind;                                                                                                  \
        return demci_contact_eval_kind(DEMCI_KIND_AS_##TAG(kind), c, &f, dt, state, NULL);                          \
    }
DEMCI_SPHERES_BODY(DEMC_HOT_INLINE, hmd)
DEMCI_SPHERES_BODY(DEMCI_OUT_OF_LINE, lsd)
DEMCI_SPHERES_BODY(DEMCI_OUT_OF_LINE, plsb)
DEMCI_SPHERES_BODY(DEMCI_OUT_OF_LINE, hm)
DEMCI_SPHERES_BODY(DEMCI_OUT_OF_LINE, campello)
DEMCI_SPHERES_BODY(DEMCI_OUT_OF_LINE, liggghts)
DEMCI_SPHERES_BODY(DEMCI_OUT_OF_LINE, laws)
DEMCI_SPHERES_BODY(DEMCI_OUT_OF_LINE, mdr)
DEMCI_SPHERES_BODY(DEMCI_OUT_OF_LINE, untorqued)
#undef DEMCI_SPHERES_BODY

/* The sphere pair's evaluation by the general body (a diag, or a kind no case takes). */
DEMCI_OUT_OF_LINE demc_contact_result demci_contact_spheres_general(const double *c, const demc_body *i,
                                                                    const demc_body *j, double dt, double *state,
                                                                    demc_contact_diag *diag)
{
    const demc_contact_frame f = demci_contact_frame_spheres(c, i, j);
    return demci_contact_eval_general(c, &f, dt, state, diag);
}

/* The frame and the evaluation in one call (the linked face's single call; a pair apart is rejected on its squared
 * distance before anything else is read): the dispatch, then the body of the kind's case. */
DEMC_CONTACT_FN demc_contact_result demc_contact_eval_sphere_sphere(const demc_contact_model *model,
                                                                    const demc_body *i, const demc_body *j,
                                                                    double dt, double *state,
                                                                    demc_contact_diag *diag)
{
    const double *c = model->opaque_;
    demc_contact_kind kind;
    if (!demci_contact_readable(c)) return demci_contact_refused();
    kind = demci_contact_kind_of(c); /* (only of a readable model: another's tag is no kind, not even an integer) */
#define DEMCI_RUN_SPHERES(K, TAG) return demci_contact_spheres_##TAG(kind, c, i, j, dt, state)
    if (!diag) DEMCI_CONTACT_DISPATCH(kind, DEMCI_RUN_SPHERES, (void)0)
#undef DEMCI_RUN_SPHERES
    return demci_contact_spheres_general(c, i, j, dt, state, diag);
}

/* demc_contact_eval_sphere_wall() of the kinds it does not specialise: the frame, then demc_contact_eval()'s
 * dispatch. Out of line, so that the frame's address taken here does not put the specialised kinds' frame in
 * memory too (built before the branch, 40 instructions a contact more). */
DEMCI_OUT_OF_LINE
demc_contact_result demci_contact_eval_wall_other(const demc_contact_model *model, const demc_body *i,
                                                  const demc_wall *wall, double dt, double *state,
                                                  demc_contact_diag *diag)
{
    const demc_contact_frame f = demci_contact_frame_wall(model->opaque_, i, wall);
    return demc_contact_eval(model, &f, dt, state, diag);
}

/* HM+D's laws (the default preset's kind, and under other conventions) with the frame in registers; any other kind
 * through demc_contact_eval()'s dispatch, the frame and the result through memory: a sphere's contacts with walls
 * are few beside its contacts with spheres (and a host with many calls demc_contact_eval_batch_wall()), and a
 * dispatch of their own (a body per specialised kind) cost ~40 KB of text to save ~75 instructions a contact (16 %
 * of the LSD and HM presets' single call, 4 % of a kind no entry point specialises). */
DEMC_CONTACT_FN demc_contact_result demc_contact_eval_sphere_wall(const demc_contact_model *model,
                                                                  const demc_body *i, const demc_wall *wall,
                                                                  double dt, double *state, demc_contact_diag *diag)
{
    const double *c = model->opaque_;
    demc_contact_kind kind;
    if (!demci_contact_readable(c)) return demci_contact_refused();
    kind = demci_contact_kind_of(c); /* (only of a readable model: another's tag is no kind, not even an integer) */
    if (!diag && kind == DEMC_CONTACT_KIND_HMD) {
        const demc_contact_frame f = demci_contact_frame_wall(c, i, wall);
        return demci_contact_eval_kind(DEMC_CONTACT_KIND_HMD, c, &f, dt, state, NULL);
    }
    if (!diag && (kind & (DEMC_CONTACT_KIND_BRIDGE | DEMCI_KIND_LAW_BITS)) ==
                     (DEMC_CONTACT_KIND_HMD & DEMCI_KIND_LAW_BITS)) {
        const demc_contact_frame f = demci_contact_frame_wall(c, i, wall);
        return demci_contact_eval_kind(DEMCI_KIND_AS_laws(kind), c, &f, dt, state, NULL);
    }
    return demci_contact_eval_wall_other(model, i, wall, dt, state, diag);
}


/* Header-only units: the kind given as a constant folds every slot (see contact.h). One compare of the model's
 * tagged kind with the caller's (a constant: the tag times 2^32 plus the kind) checks the layout and the kind
 * together; any other model goes to the run-time dispatch, which evaluates its own kind or refuses it. Forced
 * inline: a compiler left to itself keeps one out-of-line copy once a unit calls it from two loops (a sphere–sphere
 * and a sphere–wall loop, say), and the frame then goes through memory and the result comes back through it. */
#if defined(__GNUC__) && !defined(__CUDACC__)
/* flatten: the general body and everything it calls inlined here, so that the helpers it shares with the hot body
 * keep a single out-of-line caller and stay inline in the hot body */
__attribute__((flatten))
#endif
DEMCI_COLD DEMCI_OUT_OF_LINE
void demci_contact_eval_other(const demc_contact_model *model, double overlap, demc_vec3 normal, demc_vec3 branch_i,
                              demc_vec3 branch_j, demc_vec3 velocity_i, demc_vec3 angular_velocity_i,
                              demc_vec3 velocity_j, demc_vec3 angular_velocity_j, double effective_radius,
                              double effective_mass, double effective_inertia, double radius_i, double radius_j,
                              double dt, double *state, demc_contact_diag *diag, demc_contact_result *out)
{
    demc_contact_frame frame; /* reassembled here, on the cold path (see demc_contact_eval_kind()) */
    frame.overlap = overlap;
    frame.normal = normal;
    frame.branch_i = branch_i;
    frame.branch_j = branch_j;
    frame.velocity_i = velocity_i;
    frame.angular_velocity_i = angular_velocity_i;
    frame.velocity_j = velocity_j;
    frame.angular_velocity_j = angular_velocity_j;
    frame.effective_radius = effective_radius;
    frame.effective_mass = effective_mass;
    frame.effective_inertia = effective_inertia;
    frame.radius_i = radius_i;
    frame.radius_j = radius_j;
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
    /* The fallback takes the frame field by field: given the frame's address, or the frame as one value, the
     * compiler keeps the caller's frame (built inline) as a whole in memory and stores all 27 doubles on every
     * call, fallback or not (31 instructions a pair, 6 % of the in-cache time of HM+D); fields stay values the
     * cold call alone spills. */
    if (model->opaque_[DEMCI_M_KIND] != DEMCI_TAGGED_KIND(kind)) {
        demc_contact_result other;
        demci_contact_eval_other(model, frame->overlap, frame->normal, frame->branch_i, frame->branch_j,
                                 frame->velocity_i, frame->angular_velocity_i, frame->velocity_j,
                                 frame->angular_velocity_j, frame->effective_radius, frame->effective_mass,
                                 frame->effective_inertia, frame->radius_i, frame->radius_j, dt, state, diag, &other);
        return other;
    }
    return demci_contact_eval_kind(kind, model->opaque_, frame, dt, state, diag);
}

DEMC_END_DECLS

#endif /* DEMC_CONTACT_DISPATCH_IMPL_H */
