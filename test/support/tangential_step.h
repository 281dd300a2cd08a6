/* demc_tangential_update() with its energy terms, in one flat struct: what the tests and the reference contact of
 * the tests read after every step (the library's own result carries the force; its energy terms come on request). */
#ifndef DEMC_TEST_TANGENTIAL_STEP_H
#define DEMC_TEST_TANGENTIAL_STEP_H
#include "demc/tangential.h"

typedef struct tangential_step_result {
    demc_vec3 force, damping_force;
    double stored_energy, friction_dissipation, viscous_dissipation, stiffness_exchange;
    int sliding;
} tangential_step_result;

static tangential_step_result tangential_step(const demc_tangential_params *p, demc_vec3 increment, demc_vec3 velocity,
                                              double stiffness, double normal_force, double damping, double dt,
                                              demc_tangential_state *s)
{
    demc_tangential_energy e;
    const demc_tangential_result r = demc_tangential_update(p, increment, velocity, stiffness, normal_force, damping,
                                                            dt, s, &e);
    tangential_step_result t;
    t.force = r.force;
    t.damping_force = r.damping_force;
    t.sliding = r.sliding;
    t.stored_energy = e.stored_energy;
    t.friction_dissipation = e.friction_dissipation;
    t.viscous_dissipation = e.viscous_dissipation;
    t.stiffness_exchange = e.stiffness_exchange;
    return t;
}
#endif
