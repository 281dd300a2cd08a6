/* The library's assembled contact models (contact.h) for the tests: the five presets built from the inputs the
 * papers give, and an adapter that plugs a model into the reference driver. Test-only code. */
#ifndef DEMC_TEST_LIBRARY_LAWS_H
#define DEMC_TEST_LIBRARY_LAWS_H

#include "driver.h"
#include "legacy_contact.h"

typedef enum library_model { LIB_LSD, LIB_HMD, LIB_PLSB, LIB_HM, LIB_CAMPELLO } library_model;

/* A preset with the elastic constants of a pair (E*, G* of demc_material_pair_*) and the other inputs: e and its
 * end rule (ignored by HM and PLS(B)'s end), friction μ_s, μ_d, the contact-point rule. For LS+D and PLS(B) the
 * stiffness k and Poisson's ratio ν (κ = 2(1−ν)/(2−ν)) are used instead of the pair. Status of the library. */
demc_contact_def library_def_hertz(library_model model, const demc_pair *pair, double restitution,
                                   demc_contact_end end, double mu_static, double mu_dynamic,
                                   demc_contact_point_rule point);
demc_contact_def library_def_linear(library_model model, double stiffness, double poisson_ratio, double restitution,
                                    demc_contact_end end, double mu_static, double mu_dynamic,
                                    demc_contact_point_rule point);
/* The same, compiled (library_def_* then demc_contact_model_init). */
demc_status library_model_hertz(library_model model, const demc_pair *pair, double restitution, demc_contact_end end,
                                double mu_static, double mu_dynamic, demc_contact_point_rule point,
                                demc_contact_model *out);
demc_status library_model_linear(library_model model, double stiffness, double poisson_ratio, double restitution,
                                 demc_contact_end end, double mu_static, double mu_dynamic,
                                 demc_contact_point_rule point, demc_contact_model *out);

typedef struct library_law {
    demc_contact_model wall; /* model of the sphere–wall pairs */
    demc_contact_model pair; /* model of the sphere–sphere pairs */
    int step_kinematics;     /* 1: hand the model the motion of the step (Δx/Δt and the incremental rotation as
                                a spin), so that its increments v Δt reproduce the positions exactly; 0: the
                                velocities at the evaluated instant */
    /* 0, or 1 + the LEGACY_MODEL_* of `legacy`: the pre-0.9 evaluation (legacy_contact.h, which keeps the whole
     * demc_tangential_state and advances it with the library's kernel demc_tangential_update) runs beside the model
     * on the same frames, its state in the last LIBRARY_SHADOW_DOUBLES doubles of the driver's, and supplies
     * info[4]: the elastic displacement, which a model whose conventions never read it does not keep. test_contact
     * shows the two evaluations equal step by step (1e-14). */
    int shadow;
    legacy_contact_params legacy;
} library_law;

/* Doubles of the driver's per-contact state taken by the shadow evaluation (at its end). */
#define LIBRARY_SHADOW_DOUBLES ((int)(sizeof(legacy_contact_state) / sizeof(double)))

/* Sets `law`'s shadow: the pre-0.9 evaluation of LEGACY_MODEL_HM with the Hertz–Mindlin inputs of `def` (moduli,
 * conventions, transport, spin; no damping). 0 when the model `law->wall` leaves it room in the driver's state, else
 * −1 (no shadow set). */
int library_law_shadow_hm(library_law *law, const demc_contact_def *def);

/* drv_law for a library_law context. info: [0] overlap, [1] sliding, [2] normal force, [3] tangential force on i
 * along x, [4] elastic tangential displacement along x (from the shadow evaluation; 0 without one), [5] tangential force along z. */
void library_law_eval(void *ctx, const drv_body *i, const drv_body *j, const drv_wall *wall, double dt,
                      const double *state_old, double *state_new, drv_contact_out *out);

#endif
