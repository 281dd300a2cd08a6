/* Adapters that plug the library's assembled contact models (contact.h) into the reference driver: one callback
 * for every model, the model and its parameters in the context. Test-only code. */
#ifndef DEMC_TEST_LIBRARY_LAWS_H
#define DEMC_TEST_LIBRARY_LAWS_H

#include "driver.h"

typedef enum library_model { LIB_LSD, LIB_HMD, LIB_PLSB, LIB_HM, LIB_CAMPELLO } library_model;

typedef struct library_law {
    library_model model;
    demc_contact_params wall; /* parameters of the sphere–wall pairs */
    demc_contact_params pair; /* parameters of the sphere–sphere pairs */
    int step_kinematics;      /* 1: hand the model the motion of the step (Δx/Δt and the incremental rotation as
                                 a spin), so that its increments v Δt reproduce the positions exactly; 0: the
                                 velocities at the evaluated instant */
} library_law;

/* drv_law for a library_law context. info: [0] overlap, [1] sliding, [2] normal force, [3] tangential force on i
 * along x, [4] elastic tangential displacement along x, [5] tangential force along z. */
void library_law_eval(void *ctx, const drv_body *i, const drv_body *j, const drv_wall *wall, double dt,
                      const double *state_old, double *state_new, drv_contact_out *out);

#endif
