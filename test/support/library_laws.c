/* The library's assembled models for the tests: see library_laws.h. */
#include "library_laws.h"

#include <string.h>

/* The driver keeps DRV_STATE_MAX doubles per contact: every model's state must fit. */
typedef char library_state_fits[(DEMC_CONTACT_STATE_MAX <= DRV_STATE_MAX) ? 1 : -1];

static const demc_contact_preset preset_of[] = {DEMC_CONTACT_PRESET_LSD, DEMC_CONTACT_PRESET_HMD,
                                                DEMC_CONTACT_PRESET_PLSB, DEMC_CONTACT_PRESET_HM,
                                                DEMC_CONTACT_PRESET_CAMPELLO};

static demc_contact_def library_def(library_model model, double restitution, demc_contact_end end, double mu_static,
                                    double mu_dynamic, demc_contact_point_rule point)
{
    demc_contact_def def;
    demc_contact_def_init(preset_of[model], sizeof def, &def, NULL);
    def.restitution = restitution;
    def.end = end;
    def.friction.mu_static = mu_static;
    def.friction.mu_dynamic = mu_dynamic;
    def.contact_point = point;
    return def;
}

demc_contact_def library_def_hertz(library_model model, const demc_pair *pair, double restitution,
                                   demc_contact_end end, double mu_static, double mu_dynamic,
                                   demc_contact_point_rule point)
{
    demc_contact_def def = library_def(model, restitution, end, mu_static, mu_dynamic, point);
    def.moduli.effective_modulus = pair->effective_modulus;
    def.moduli.effective_shear_modulus = pair->effective_shear_modulus;
    return def;
}

demc_contact_def library_def_linear(library_model model, double stiffness, double poisson_ratio, double restitution,
                                    demc_contact_end end, double mu_static, double mu_dynamic,
                                    demc_contact_point_rule point)
{
    demc_contact_def def = library_def(model, restitution, end, mu_static, mu_dynamic, point);
    def.normal_stiffness = stiffness;
    def.stiffness_ratio = demc_tangential_stiffness_ratio(poisson_ratio);
    return def;
}

demc_status library_model_hertz(library_model model, const demc_pair *pair, double restitution, demc_contact_end end,
                                double mu_static, double mu_dynamic, demc_contact_point_rule point,
                                demc_contact_model *out)
{
    demc_contact_def def = library_def_hertz(model, pair, restitution, end, mu_static, mu_dynamic, point);
    return demc_contact_model_init(&def, out, NULL);
}

demc_status library_model_linear(library_model model, double stiffness, double poisson_ratio, double restitution,
                                 demc_contact_end end, double mu_static, double mu_dynamic,
                                 demc_contact_point_rule point, demc_contact_model *out)
{
    demc_contact_def def = library_def_linear(model, stiffness, poisson_ratio, restitution, end, mu_static,
                                              mu_dynamic, point);
    return demc_contact_model_init(&def, out, NULL);
}

static demc_body to_body(const drv_body *b, double dt, int step_kinematics)
{
    demc_body out;
    out.position = b->x;
    out.velocity = step_kinematics ? b->step_velocity : b->v;
    out.angular_velocity = step_kinematics ? demc_vec3_scale(demc_rodrigues_to_rotvec(b->step_rotation), 1.0 / dt)
                                           : b->omega;
    out.radius = b->radius;
    out.mass = b->mass;
    out.inertia = 0.0;
    return out;
}

void library_law_eval(void *ctx, const drv_body *i, const drv_body *j, const drv_wall *wall, double dt,
                      const double *state_old, double *state_new, drv_contact_out *out)
{
    const library_law *law = (const library_law *)ctx;
    const demc_contact_model *model = j ? &law->pair : &law->wall;
    demc_body bi = to_body(i, dt, law->step_kinematics), bj;
    demc_contact_diag diag = DEMC_CONTACT_DIAG_INIT;
    demc_contact_frame f;
    demc_contact_result r;
    demc_vec3 ft;
    memcpy(state_new, state_old, DRV_STATE_MAX * sizeof *state_new);
    if (j) {
        bj = to_body(j, dt, law->step_kinematics);
        f = demc_contact_frame_sphere_sphere(model, &bi, &bj);
    } else {
        demc_wall w;
        memset(&w, 0, sizeof w);
        w.point = wall->point;
        w.normal = wall->normal;
        f = demc_contact_frame_sphere_wall(model, &bi, &w);
    }
    r = demc_contact_eval(model, &f, dt, state_new, &diag);
    out->force_i = r.force;
    out->torque_i = r.torque_i;
    out->torque_j = r.torque_j;
    out->elastic_energy = diag.normal_energy + diag.tangential_energy;
    /* The exchange term (energy that left the tangential spring without tangential work) closes the balance with
     * the dissipation terms (contact.h); it is counted with them. */
    out->dissipated = diag.viscous_dissipation + diag.friction_dissipation + diag.plastic_dissipation +
                      diag.tangential_exchange;
    ft = demc_vec3_sub(r.force, demc_vec3_scale(f.normal, demc_vec3_dot(r.force, f.normal)));
    out->info[0] = r.overlap;
    out->info[1] = diag.sliding;
    out->info[2] = r.normal_force;
    out->info[3] = ft.x;
    out->info[4] = 0.0;
    if (law->shadow) {
        legacy_contact_state shadow;
        demc_geometry g;
        double *kept = state_new + DRV_STATE_MAX - LIBRARY_SHADOW_DOUBLES;
        memcpy(&shadow, kept, sizeof shadow);
        g.overlap = f.overlap, g.normal = f.normal, g.branch_i = f.branch_i, g.branch_j = f.branch_j;
        legacy_eval(law->shadow - 1, &law->legacy, &g, f.effective_radius, f.effective_mass, f.velocity_i,
                    f.angular_velocity_i, f.velocity_j, f.angular_velocity_j, dt, &shadow);
        memcpy(kept, &shadow, sizeof shadow);
        out->info[4] = shadow.tangential.displacement.x;
    }
    out->info[5] = ft.z;
}

int library_law_shadow_hm(library_law *law, const demc_contact_def *def)
{
    if (demc_contact_model_state_size(&law->wall) > (size_t)(DRV_STATE_MAX - LIBRARY_SHADOW_DOUBLES)) return -1;
    memset(&law->legacy, 0, sizeof law->legacy);
    law->legacy.youngs_modulus = def->moduli.effective_modulus;
    law->legacy.shear_modulus = def->moduli.effective_shear_modulus;
    law->legacy.restitution = 1.0;
    law->legacy.end = DEMC_CONTACT_END_FORCE;
    law->legacy.tangential = def->friction;
    law->legacy.transport = def->transport;
    law->legacy.spin = def->transport_spin;
    law->shadow = 1 + LEGACY_MODEL_HM;
    return 0;
}
