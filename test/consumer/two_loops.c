/* A header-only unit as a host writes it: a sphere–sphere loop and a sphere–wall loop, each calling the frame
 * builder and demc_contact_eval_kind() with a constant kind. consumers.sh checks at -O2 and -O3, with gcc and clang,
 * that no out-of-line copy of the evaluation is left (nm lists no demc_ or demci_ function): each loop has the whole
 * contact law in its body. */
#define DEMC_HEADER_ONLY
#include "demc.h"

void pair_loop(const demc_contact_model *m, const demc_body *b, const int *i, const int *j, int n, double *state,
               double *force);
void wall_loop(const demc_contact_model *m, const demc_body *b, const demc_wall *w, int n, double *state,
               double *force);

void pair_loop(const demc_contact_model *m, const demc_body *b, const int *i, const int *j, int n, double *state,
               double *force)
{
    int q;
    for (q = 0; q < n; ++q) {
        const demc_contact_frame f = demc_contact_frame_sphere_sphere(m, &b[i[q]], &b[j[q]]);
        const demc_contact_result r = demc_contact_eval_kind(DEMC_CONTACT_KIND_HMD, m, &f, 1e-6, state + 9 * q, 0);
        force[3 * q] += r.force.x;
        force[3 * q + 1] += r.force.y;
        force[3 * q + 2] += r.force.z;
    }
}

void wall_loop(const demc_contact_model *m, const demc_body *b, const demc_wall *w, int n, double *state,
               double *force)
{
    int q;
    for (q = 0; q < n; ++q) {
        const demc_contact_frame f = demc_contact_frame_sphere_wall(m, &b[q], w);
        const demc_contact_result r = demc_contact_eval_kind(DEMC_CONTACT_KIND_HMD, m, &f, 1e-6, state + 9 * q, 0);
        force[3 * q] += r.force.x;
        force[3 * q + 1] += r.force.y;
        force[3 * q + 2] += r.force.z;
    }
}
