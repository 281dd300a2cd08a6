/* Bodies of tangential_mdr.h. Included by tangential_mdr.h only; see docs/pages/contributing.md for why bodies live
 * in headers. The law and its discretisation are described in tangential_mdr.h and docs/pages/tangential_mdr.md. */
#ifndef DEMC_TANGENTIAL_MDR_IMPL_H
#define DEMC_TANGENTIAL_MDR_IMPL_H

DEMC_BEGIN_DECLS

DEMC_STATIC_INLINE demc_status demci_tangential_mdr_check(double mu, double shear, int springs, int role,
                                                          const char **bad_field)
{
    static const char *const names[] = {"mu", "effective_shear_modulus", "springs",
                                        "params.mu", "params.effective_shear_modulus", "params.springs"};
    demc_status st;
    if ((st = demci_require(mu, mu >= 0.0, names[3 * role], bad_field)) != DEMC_OK) return st;
    if ((st = demci_require_positive(shear, names[3 * role + 1], bad_field)) != DEMC_OK) return st;
    if (springs < 1 || springs > DEMC_TANGENTIAL_MDR_MAX_SPRINGS)
        return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, names[3 * role + 2], bad_field);
    return DEMC_OK;
}

DEMC_TANGENTIAL_MDR_FN demc_status demc_tangential_mdr_init(double mu, double effective_shear_modulus,
                                                                   int springs, demc_tangential_mdr_params *params,
                                                                   const char **bad_field)
{
    demc_status st = demci_tangential_mdr_check(mu, effective_shear_modulus, springs, 0, bad_field);
    if (st != DEMC_OK) return st;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    params->mu = mu;
    params->effective_shear_modulus = effective_shear_modulus;
    params->springs = springs;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_TANGENTIAL_MDR_FN demc_status demc_tangential_mdr_validate(const demc_tangential_mdr_params *params,
                                                                       const char **bad_field)
{
    demc_status st;
    if (!params) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "params", bad_field);
    st = demci_tangential_mdr_check(params->mu, params->effective_shear_modulus, params->springs, 1, bad_field);
    return st != DEMC_OK ? st : demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_TANGENTIAL_MDR_FN int demc_tangential_mdr_state_size(const demc_tangential_mdr_params *params)
{
    return DEMC_TANGENTIAL_MDR_STATE_SIZE(params->springs);
}

DEMC_TANGENTIAL_MDR_FN void demc_tangential_mdr_state_reset(const demc_tangential_mdr_params *params, double *state)
{
    const int n = DEMC_TANGENTIAL_MDR_STATE_SIZE(params->springs);
    int i;
    for (i = 0; i < n; ++i) state[i] = 0.0;
}

DEMC_TANGENTIAL_MDR_FN void demc_tangential_mdr_state_swap(const demc_tangential_mdr_params *params, double *state)
{
    int i;
    (void)params;
    for (i = DEMC_TANGENTIAL_MDR_BASIS1; i < DEMC_TANGENTIAL_MDR_CELLS; ++i) state[i] = -state[i];
}

/* Length of the part of the cell [xl, xl + h) inside the contact [0, a): clamp(a − xl, 0, h). */
DEMC_STATIC_INLINE double demci_tangential_mdr_inside(double a, double xl, double h)
{
    const double l = a - xl;
    return l <= 0.0 ? 0.0 : l < h ? l : h;
}

/* Number of cells that can be inside a contact of radius a (the rest hold zero): min(n, ⌈a/h⌉). */
DEMC_STATIC_INLINE int demci_tangential_mdr_active(double a, double h, int n)
{
    int k;
    if (!(a > 0.0) || !(h > 0.0)) return 0;
    if (a >= h * (double)n) return n;
    k = (int)(a / h) + 1;
    return k < n ? k : n;
}

/* Σ 4G*L_i|u_i|² at radius a, the cells of `dim` components each: 2 (the kernel's plane basis) or 3 (a vector of the
 * contact model's frame, carried like its other tangent-plane vectors). A third component of 0 would add nothing,
 * so both forms round alike. */
DEMC_STATIC_INLINE double demci_tangential_mdr_energy(double g, int n, int dim, double h, double a, const double *cell)
{
    const int act = demci_tangential_mdr_active(a, h, n);
    double e = 0.0;
    int i;
    for (i = 0; i < act; ++i) {
        const double l = demci_tangential_mdr_inside(a, (double)i * h, h);
        const double *u = cell + dim * i;
        double m2 = u[0] * u[0] + u[1] * u[1];
        if (dim == 3) m2 += u[2] * u[2];
        e += l * m2;
    }
    return 4.0 * g * e;
}

DEMC_TANGENTIAL_MDR_FN double demc_tangential_mdr_stored_energy(const demc_tangential_mdr_params *params,
                                                                const double *state)
{
    return demci_tangential_mdr_energy(params->effective_shear_modulus, params->springs, 2,
                                       state[DEMC_TANGENTIAL_MDR_CELL_WIDTH], state[DEMC_TANGENTIAL_MDR_RADIUS],
                                       state + DEMC_TANGENTIAL_MDR_CELLS);
}

DEMC_STATIC_INLINE demc_vec3 demci_tangential_mdr_load3(const double *p) { return demc_vec3_make(p[0], p[1], p[2]); }
DEMC_STATIC_INLINE void demci_tangential_mdr_store3(double *p, demc_vec3 v)
{
    p[0] = v.x;
    p[1] = v.y;
    p[2] = v.z;
}

/* F = −8G* (U_1 e_1 + U_2 e_2), U = Σ L_i u_i. */
DEMC_STATIC_INLINE demc_vec3 demci_tangential_mdr_assemble(double g, const double *state, double u1, double u2)
{
    const demc_vec3 e1 = demci_tangential_mdr_load3(state + DEMC_TANGENTIAL_MDR_BASIS1);
    const demc_vec3 e2 = demci_tangential_mdr_load3(state + DEMC_TANGENTIAL_MDR_BASIS2);
    return demc_vec3_scale(demc_vec3_add(demc_vec3_scale(e1, u1), demc_vec3_scale(e2, u2)), -8.0 * g);
}

DEMC_TANGENTIAL_MDR_FN demc_vec3 demc_tangential_mdr_force(const demc_tangential_mdr_params *params,
                                                           const double *state)
{
    const double h = state[DEMC_TANGENTIAL_MDR_CELL_WIDTH], a = state[DEMC_TANGENTIAL_MDR_RADIUS];
    const double *cell = state + DEMC_TANGENTIAL_MDR_CELLS;
    const int act = demci_tangential_mdr_active(a, h, params->springs);
    double u1 = 0.0, u2 = 0.0;
    int i;
    for (i = 0; i < act; ++i) {
        const double l = demci_tangential_mdr_inside(a, (double)i * h, h);
        u1 += l * cell[2 * i];
        u2 += l * cell[2 * i + 1];
    }
    return demci_tangential_mdr_assemble(params->effective_shear_modulus, state, u1, u2);
}

/* A unit basis (e1, e2) of the plane ⊥ n with e1 × e2 = n for a unit n (J.R. Frisvad's construction in the
 * branch-free form of T. Duff et al., "Building an orthonormal basis, revisited", J. Computer Graphics Techniques
 * 6(1) (2017) 1-8). A zero n gives the x and y axes. */
DEMC_STATIC_INLINE void demci_tangential_mdr_basis(demc_vec3 n, demc_vec3 *e1, demc_vec3 *e2)
{
    const double sign = n.z >= 0.0 ? 1.0 : -1.0;
    const double a = -1.0 / (sign + n.z), b = n.x * n.y * a;
    *e1 = demc_vec3_make(1.0 + sign * n.x * n.x * a, sign * b, -sign * n.x);
    *e2 = demc_vec3_make(b, sign + n.y * n.y * a, -n.y);
}

DEMC_TANGENTIAL_MDR_FN void demc_tangential_mdr_transport(const demc_tangential_mdr_params *params,
                                                          demc_vec3 n_old, demc_vec3 n_new, double spin,
                                                          double *state)
{
    demc_vec3 e1 = demci_tangential_mdr_load3(state + DEMC_TANGENTIAL_MDR_BASIS1);
    demc_vec3 e2 = demci_tangential_mdr_load3(state + DEMC_TANGENTIAL_MDR_BASIS2);
    const double hand = demc_vec3_dot(demc_vec3_cross(e1, e2), n_old) < 0.0 ? -1.0 : 1.0; /* −1 after a swap */
    double l1, l2;
    (void)params;
    if (demc_vec3_norm2(e1) == 0.0) return; /* no basis yet: a new contact */
    {
        const demci_tangential_turn t = demci_tangential_turn_make(n_old, n_new, spin);
        e1 = demci_tangential_turn_apply(&t, e1);
        e2 = demci_tangential_turn_apply(&t, e2);
    }
    /* Gram–Schmidt against n_new: removes the rounding of the turn (and the drift of many turns). */
    e1 = demc_vec3_add_scaled(e1, -demc_vec3_dot(e1, n_new), n_new);
    l1 = demc_vec3_norm2(e1);
    if (!(l1 > 1e-12)) { /* the basis is lost (projection of a reversed normal): take a new one */
        demc_vec3 b1, b2;
        demci_tangential_mdr_basis(n_new, &b1, &b2);
        demci_tangential_mdr_store3(state + DEMC_TANGENTIAL_MDR_BASIS1, b1);
        demci_tangential_mdr_store3(state + DEMC_TANGENTIAL_MDR_BASIS2, demc_vec3_scale(b2, hand));
        return;
    }
    e1 = demc_vec3_scale(e1, 1.0 / sqrt(l1));
    e2 = demc_vec3_scale(demc_vec3_cross(n_new, e1), hand); /* ⊥ both, keeps the handedness of the swap */
    l2 = demc_vec3_norm2(e2);
    if (l2 > 0.0) e2 = demc_vec3_scale(e2, 1.0 / sqrt(l2));
    demci_tangential_mdr_store3(state + DEMC_TANGENTIAL_MDR_BASIS1, e1);
    demci_tangential_mdr_store3(state + DEMC_TANGENTIAL_MDR_BASIS2, e2);
}

/* Merges the cells (of `dim` components) in groups of 2^m (m ≥ 1), the contact radius being a0: each new cell holds
 * the mean of its group's displacements weighted by their lengths inside the contact (the force is kept). Returns
 * the energy lost (only when want_energy). */
DEMC_STATIC_INLINE double demci_tangential_mdr_merge(double g, int n, int dim, double h_old, int m, double a0,
                                                     double *cell, int want_energy)
{
    const int act = demci_tangential_mdr_active(a0, h_old, n);
    const int group = m < 30 ? 1 << m : 1 << 30;
    const double e_before = want_energy ? demci_tangential_mdr_energy(g, n, dim, h_old, a0, cell) : 0.0;
    int j, i;
    for (j = 0; (double)j * (double)group < (double)act; ++j) {
        double w = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
        const int first = j * group, last = (act - first) < group ? act : first + group;
        for (i = first; i < last; ++i) {
            const double l = demci_tangential_mdr_inside(a0, (double)i * h_old, h_old);
            w += l;
            s1 += l * cell[dim * i];
            s2 += l * cell[dim * i + 1];
            if (dim == 3) s3 += l * cell[dim * i + 2];
        }
        /* the members of group j are at indices ≥ j·2^m > j − 1: every slot written so far has been read */
        cell[dim * j] = w > 0.0 ? s1 / w : 0.0;
        cell[dim * j + 1] = w > 0.0 ? s2 / w : 0.0;
        if (dim == 3) cell[dim * j + 2] = w > 0.0 ? s3 / w : 0.0;
    }
    for (i = dim * j; i < dim * n; ++i) cell[i] = 0.0;
    if (!want_energy) return 0.0;
    {
        const double h_new = h_old * (double)group;
        const double lost = e_before - demci_tangential_mdr_energy(g, n, dim, h_new, a0, cell);
        return lost > 0.0 ? lost : 0.0;
    }
}

/* What one step of the cells gives: U = Σ L_i u_i (the force is −8G*U), the cells inside the contact and how many
 * of them slipped. */
typedef struct demci_tangential_mdr_sum {
    double u[3];
    int in_contact, slipped;
} demci_tangential_mdr_sum;

/* One step of the bed for a contact (a > 0), written once for both layouts of its cells: `dim` components each, 2
 * in the kernel's plane basis, 3 in the contact model's frame (where the increment d has its three components and
 * the cells have been carried into the current tangent plane). head holds (h, a_0), cell the springs' displacements.
 * With dim = 2 the third component is never read nor written, and adds exact zeros: the kernel's results are the
 * same whichever layout. The energy terms only when energy is not NULL. */
DEMC_STATIC_INLINE demci_tangential_mdr_sum demci_tangential_mdr_step(double g, double mu, int n, int dim,
                                                                      double *head, double *cell, const double *d,
                                                                      double normal_force, double a,
                                                                      demc_tangential_mdr_energy *energy)
{
    double h = head[0], a0 = head[1];
    double grid = 0.0, slip = 0.0, e_start = 0.0, e_end = 0.0, us, inv_a2, inv_da;
    int i, act;
    const int want = energy != 0;
    demci_tangential_mdr_sum out;
    out.u[0] = out.u[1] = out.u[2] = 0.0;
    out.in_contact = out.slipped = 0;

    if (!(h > 0.0)) { /* a new contact: grid on the current radius */
        for (i = 0; i < dim * n; ++i) cell[i] = 0.0;
        h = a / (double)n;
        a0 = 0.0;
    } else {
        if (want) e_start = demci_tangential_mdr_energy(g, n, dim, h, a0, cell);
        if (a > h * (double)n) { /* the contact outgrows the grid: merge cells in groups of 2^m */
            double h_new = h;
            int m = 0;
            while (a > h_new * (double)n) {
                h_new *= 2.0;
                ++m;
            }
            grid += demci_tangential_mdr_merge(g, n, dim, h, m, a0, cell, want);
            h = h_new;
        }
    }
    head[0] = h;
    head[1] = a;

    /* the limit at the centre u_s = 3μF_n/(16G*a), u_c = u_s(1 − ⟨x²⟩/a²) */
    us = normal_force > 0.0 ? 3.0 * mu * normal_force / (16.0 * g * a) : 0.0;
    inv_a2 = 1.0 / (a * a);
    inv_da = a > a0 ? 1.0 / (a - a0) : 0.0;
    act = demci_tangential_mdr_active(a0 > a ? a0 : a, h, n);
    for (i = 0; i < act; ++i) {
        double *const u = cell + dim * i;
        const double xl = (double)i * h;
        const double l0 = demci_tangential_mdr_inside(a0, xl, h), l = demci_tangential_mdr_inside(a, xl, h);
        double v1 = u[0], v2 = u[1], v3 = dim == 3 ? u[2] : 0.0, beta = 1.0, w1, w2, w3, t2, uc, xe, m2;
        if (!(l > 0.0)) { /* the cell has left the contact: its springs are released */
            if (want) grid += 4.0 * g * l0 * (v1 * v1 + v2 * v2 + v3 * v3);
            u[0] = u[1] = 0.0;
            if (dim == 3) u[2] = 0.0;
            continue;
        }
        ++out.in_contact;
        if (l > l0) {
            /* springs entering at zero over [xl + l0, xl + l): mean of the part of the increment they see,
             * 1 − θ at the middle xc of that part, θ = (xc − a0)/(a − a0) */
            const double xc = xl + 0.5 * (l0 + l), theta = (xc - a0) * inv_da;
            const double r = l0 / l;
            if (want) grid += 4.0 * g * l0 * (1.0 - r) * (v1 * v1 + v2 * v2 + v3 * v3); /* the mean over zeros */
            v1 *= r;
            v2 *= r;
            v3 *= r;
            beta = r + (1.0 - r) * (1.0 - theta);
        } else if (l < l0 && want) {
            grid += 4.0 * g * (l0 - l) * (v1 * v1 + v2 * v2 + v3 * v3); /* the part that left, with its displacement */
        }
        w1 = v1 + beta * d[0];
        w2 = v2 + beta * d[1];
        w3 = v3 + beta * d[2];
        xe = xl + l;
        m2 = (xl * xl + xl * xe + xe * xe) * (1.0 / 3.0);
        uc = us * (1.0 - m2 * inv_a2);
        uc = uc > 0.0 ? uc : 0.0;
        t2 = w1 * w1 + w2 * w2 + w3 * w3;
        if (t2 > uc * uc) { /* slip: back onto the limit along the trial displacement */
            const double t = sqrt(t2), f = uc / t;
            ++out.slipped;
            if (want) slip += 8.0 * g * l * (t - uc) * 0.5 * (sqrt(v1 * v1 + v2 * v2 + v3 * v3) + uc);
            w1 *= f;
            w2 *= f;
            w3 *= f;
        }
        u[0] = w1;
        u[1] = w2;
        if (dim == 3) u[2] = w3;
        out.u[0] += l * w1;
        out.u[1] += l * w2;
        out.u[2] += l * w3;
        if (want) e_end += l * (w1 * w1 + w2 * w2 + w3 * w3);
    }
    if (want) {
        energy->stored_energy = 4.0 * g * e_end;
        energy->slip_dissipation = slip;
        energy->grid_dissipation = grid;
        energy->work = energy->stored_energy + slip + grid - e_start;
    }
    return out;
}

DEMC_TANGENTIAL_MDR_FN demc_tangential_result demc_tangential_mdr_update(const demc_tangential_mdr_params *params,
                                                            demc_vec3 normal, demc_vec3 increment,
                                                            double normal_force, double contact_radius,
                                                            double *state, demc_tangential_mdr_energy *energy)
{
    const int n = params->springs;
    const double g = params->effective_shear_modulus;
    double d[3];
    demci_tangential_mdr_sum sum;
    demc_tangential_result out;
    out.damping_force = demc_vec3_make(0.0, 0.0, 0.0);

    if (!(contact_radius > 0.0)) { /* no contact: the springs are released */
        if (energy) {
            const double h = state[DEMC_TANGENTIAL_MDR_CELL_WIDTH];
            energy->grid_dissipation = h > 0.0 ? demci_tangential_mdr_energy(g, n, 2, h,
                                                     state[DEMC_TANGENTIAL_MDR_RADIUS],
                                                     state + DEMC_TANGENTIAL_MDR_CELLS)
                                               : 0.0;
            energy->stored_energy = energy->work = energy->slip_dissipation = 0.0;
        }
        demc_tangential_mdr_state_reset(params, state);
        out.force = out.damping_force;
        out.sliding = 0;
        return out;
    }
    if (!(state[DEMC_TANGENTIAL_MDR_CELL_WIDTH] > 0.0)) { /* a new contact: the basis from the normal */
        demc_vec3 b1, b2;
        demci_tangential_mdr_basis(normal, &b1, &b2);
        demci_tangential_mdr_store3(state + DEMC_TANGENTIAL_MDR_BASIS1, b1);
        demci_tangential_mdr_store3(state + DEMC_TANGENTIAL_MDR_BASIS2, b2);
    }
    /* the increment in the basis (its component along the normal is not seen) */
    d[0] = demc_vec3_dot(increment, demci_tangential_mdr_load3(state + DEMC_TANGENTIAL_MDR_BASIS1));
    d[1] = demc_vec3_dot(increment, demci_tangential_mdr_load3(state + DEMC_TANGENTIAL_MDR_BASIS2));
    d[2] = 0.0;
    sum = demci_tangential_mdr_step(g, params->mu, n, 2, state + DEMC_TANGENTIAL_MDR_CELL_WIDTH,
                                    state + DEMC_TANGENTIAL_MDR_CELLS, d, normal_force, contact_radius, energy);
    out.force = demci_tangential_mdr_assemble(g, state, sum.u[0], sum.u[1]);
    out.sliding = sum.in_contact > 0 && sum.slipped == sum.in_contact;
    return out;
}

DEMC_END_DECLS

#endif /* DEMC_TANGENTIAL_MDR_IMPL_H */
