/* Adapters of the library's assembled models to the reference driver: see library_laws.h. */
#include "library_laws.h"

#include <string.h>

/* The driver keeps DRV_STATE_MAX doubles per contact: the model's state must fit. */
typedef char library_state_fits[(sizeof(demc_contact_state) <= DRV_STATE_MAX * sizeof(double)) ? 1 : -1];

static demc_body to_body(const drv_body *b, double dt, int step_kinematics)
{
    demc_body out;
    out.position = b->x;
    out.velocity = step_kinematics ? b->step_velocity : b->v;
    out.angular_velocity = step_kinematics ? demc_vec3_scale(demc_rodrigues_to_rotvec(b->step_rotation), 1.0 / dt)
                                           : b->omega;
    out.radius = b->radius;
    out.mass = b->mass;
    return out;
}

static demc_contact_result call_model(const library_law *law, const demc_body *bi, const demc_body *bj,
                                      const demc_wall *w, double dt, demc_contact_state *s)
{
    const demc_contact_params *p = bj ? &law->pair : &law->wall;
    switch (law->model) {
    case LIB_LSD: return bj ? demc_contact_lsd(p, bi, bj, dt, s) : demc_contact_lsd_wall(p, bi, w, dt, s);
    case LIB_HMD: return bj ? demc_contact_hmd(p, bi, bj, dt, s) : demc_contact_hmd_wall(p, bi, w, dt, s);
    case LIB_PLSB: return bj ? demc_contact_plsb(p, bi, bj, dt, s) : demc_contact_plsb_wall(p, bi, w, dt, s);
    case LIB_HM: return bj ? demc_contact_hm(p, bi, bj, dt, s) : demc_contact_hm_wall(p, bi, w, dt, s);
    default: return bj ? demc_contact_campello(p, bi, bj, dt, s) : demc_contact_campello_wall(p, bi, w, dt, s);
    }
}

void library_law_eval(void *ctx, const drv_body *i, const drv_body *j, const drv_wall *wall, double dt,
                      const double *state_old, double *state_new, drv_contact_out *out)
{
    const library_law *law = (const library_law *)ctx;
    demc_body bi = to_body(i, dt, law->step_kinematics), bj;
    demc_wall w;
    demc_contact_state s;
    demc_contact_result r;
    demc_vec3 ft;
    memcpy(&s, state_old, sizeof s);
    if (j) {
        bj = to_body(j, dt, law->step_kinematics);
    } else {
        memset(&w, 0, sizeof w);
        w.point = wall->point;
        w.normal = wall->normal;
    }
    r = call_model(law, &bi, j ? &bj : NULL, j ? NULL : &w, dt, &s);
    memcpy(state_new, &s, sizeof s);
    out->force_i = r.force;
    out->torque_i = r.torque_i;
    out->torque_j = r.torque_j;
    out->elastic_energy = r.normal_energy + r.tangential_energy;
    /* The exchange term (energy that left the tangential spring without tangential work) closes the balance with
     * the dissipation terms (contact.h); it is counted with them. */
    out->dissipated = r.viscous_dissipation + r.friction_dissipation + r.plastic_dissipation + r.tangential_exchange;
    ft = demc_vec3_sub(r.force, demc_vec3_scale(s.normal, demc_vec3_dot(r.force, s.normal)));
    out->info[0] = r.overlap;
    out->info[1] = r.sliding;
    out->info[2] = r.normal_force;
    out->info[3] = ft.x;
    out->info[4] = s.tangential.displacement.x;
    out->info[5] = ft.z;
}
