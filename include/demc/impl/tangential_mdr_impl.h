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

/* Σ 4G*L_i|u_i|² at radius a; u1 and u2 are the cells' components (the state's two runs of n doubles). */
DEMC_STATIC_INLINE double demci_tangential_mdr_energy(double g, int n, double h, double a, const double *u1,
                                                      const double *u2)
{
    const int act = demci_tangential_mdr_active(a, h, n);
    double e = 0.0;
    int i;
    for (i = 0; i < act; ++i) e += demci_tangential_mdr_inside(a, (double)i * h, h) * (u1[i] * u1[i] + u2[i] * u2[i]);
    return 4.0 * g * e;
}

DEMC_TANGENTIAL_MDR_FN double demc_tangential_mdr_stored_energy(const demc_tangential_mdr_params *params,
                                                                const double *state)
{
    const double *const u1 = state + DEMC_TANGENTIAL_MDR_CELLS;
    return demci_tangential_mdr_energy(params->effective_shear_modulus, params->springs,
                                       state[DEMC_TANGENTIAL_MDR_CELL_WIDTH], state[DEMC_TANGENTIAL_MDR_RADIUS], u1,
                                       u1 + params->springs);
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
    const double *const u1 = state + DEMC_TANGENTIAL_MDR_CELLS, *const u2 = u1 + params->springs;
    const int act = demci_tangential_mdr_active(a, h, params->springs);
    double s1 = 0.0, s2 = 0.0;
    int i;
    for (i = 0; i < act; ++i) {
        const double l = demci_tangential_mdr_inside(a, (double)i * h, h);
        s1 += l * u1[i];
        s2 += l * u2[i];
    }
    return demci_tangential_mdr_assemble(params->effective_shear_modulus, state, s1, s2);
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

/* The basis of the new tangent plane ⊥ n (unit) from e1, the old e_1 carried into it (turned, or projected): e_1 is
 * e1 made orthogonal to n and unit (Gram–Schmidt, which also removes the rounding of a turn and the drift of many),
 * e_2 = hand·n × e_1 (unit to rounding: n and e_1 are unit and orthogonal), hand = −1 after a swap. When e1 is lost
 * (nearly along n: the projection of a plane turned by 90°, or a reversed normal), the basis is a new one. */
DEMC_STATIC_INLINE void demci_tangential_mdr_rebase(demc_vec3 e1, demc_vec3 n, double hand, demc_vec3 *b1,
                                                    demc_vec3 *b2)
{
    double l1;
    e1 = demc_vec3_add_scaled(e1, -demc_vec3_dot(e1, n), n);
    l1 = demc_vec3_norm2(e1);
    if (!(l1 > 1e-12)) {
        demci_tangential_mdr_basis(n, b1, b2);
        *b2 = demc_vec3_scale(*b2, hand);
        return;
    }
    *b1 = demc_vec3_scale(e1, 1.0 / sqrt(l1));
    *b2 = demc_vec3_scale(demc_vec3_cross(n, *b1), hand);
}

/* −1 when the basis is left-handed about n (after a swap), else 1. */
DEMC_STATIC_INLINE double demci_tangential_mdr_hand(const double *state, demc_vec3 n)
{
    const demc_vec3 e1 = demci_tangential_mdr_load3(state + DEMC_TANGENTIAL_MDR_BASIS1);
    const demc_vec3 e2 = demci_tangential_mdr_load3(state + DEMC_TANGENTIAL_MDR_BASIS2);
    return demc_vec3_dot(demc_vec3_cross(e1, e2), n) < 0.0 ? -1.0 : 1.0;
}

/* The frame turned by the rotation t (demc_tangential_rotate()'s, with its spin): only the basis turns, the cells'
 * components in it are kept. Nothing for a state without a basis (a new contact). */
DEMC_STATIC_INLINE void demci_tangential_mdr_turn(const demci_tangential_turn *t, demc_vec3 n_old, double *state)
{
    const demc_vec3 e1 = demci_tangential_mdr_load3(state + DEMC_TANGENTIAL_MDR_BASIS1);
    demc_vec3 b1, b2;
    if (!(state[DEMC_TANGENTIAL_MDR_CELL_WIDTH] > 0.0)) return;
    demci_tangential_mdr_rebase(demci_tangential_turn_apply_tangent(t, e1), t->n_new, demci_tangential_mdr_hand(state, n_old),
                                &b1, &b2);
    demci_tangential_mdr_store3(state + DEMC_TANGENTIAL_MDR_BASIS1, b1);
    demci_tangential_mdr_store3(state + DEMC_TANGENTIAL_MDR_BASIS2, b2);
}

/* The frame carried to the plane ⊥ n by projection with the lengths kept (::DEMC_TRANSPORT_PROJECT, as
 * demc_tangential_project() does to a vector): the cell u = u_1e_1 + u_2e_2 becomes P u |u|/|P u|, P the projection
 * on the plane. A turned basis cannot give that (the projection shortens the directions of the plane unequally), so
 * the new basis (b_1, b_2) is the rebased projection of e_1 and each cell is mapped by the one linear map
 * M_kl = b_k·P e_l of the step, then rescaled to its length: one pass over the cells inside the contact (a cell
 * whose projection is below 1e-14 of its length is dropped, as demc_tangential_project() drops it). */
DEMC_STATIC_INLINE void demci_tangential_mdr_project(int n, demc_vec3 normal, double *state)
{
    const demc_vec3 e1 = demci_tangential_mdr_load3(state + DEMC_TANGENTIAL_MDR_BASIS1);
    const demc_vec3 e2 = demci_tangential_mdr_load3(state + DEMC_TANGENTIAL_MDR_BASIS2);
    const demc_vec3 p1 = demc_vec3_project_plane(e1, normal), p2 = demc_vec3_project_plane(e2, normal);
    double *const u1 = state + DEMC_TANGENTIAL_MDR_CELLS, *const u2 = u1 + n;
    demc_vec3 b1, b2;
    double m11, m12, m21, m22;
    int i, act;
    if (!(state[DEMC_TANGENTIAL_MDR_CELL_WIDTH] > 0.0)) return;
    demci_tangential_mdr_rebase(p1, normal, demci_tangential_mdr_hand(state, normal), &b1, &b2);
    demci_tangential_mdr_store3(state + DEMC_TANGENTIAL_MDR_BASIS1, b1);
    demci_tangential_mdr_store3(state + DEMC_TANGENTIAL_MDR_BASIS2, b2);
    m11 = demc_vec3_dot(b1, p1);
    m12 = demc_vec3_dot(b1, p2);
    m21 = demc_vec3_dot(b2, p1);
    m22 = demc_vec3_dot(b2, p2);
    act = demci_tangential_mdr_active(state[DEMC_TANGENTIAL_MDR_RADIUS], state[DEMC_TANGENTIAL_MDR_CELL_WIDTH], n);
    for (i = 0; i < act; ++i) { /* branch-free: both ends of the select are computed, so that it vectorises */
        const double v1 = u1[i], v2 = u2[i];
        const double w1 = m11 * v1 + m12 * v2, w2 = m21 * v1 + m22 * v2;
        const double v2n = v1 * v1 + v2 * v2, w2n = w1 * w1 + w2 * w2;
        const double s = w2n > 1e-28 * v2n ? sqrt(v2n / w2n) : 0.0;
        u1[i] = w1 * s;
        u2[i] = w2 * s;
    }
}

DEMC_TANGENTIAL_MDR_FN void demc_tangential_mdr_transport(const demc_tangential_mdr_params *params,
                                                          demc_vec3 n_old, demc_vec3 n_new, double spin,
                                                          double *state)
{
    const demci_tangential_turn t = demci_tangential_turn_make(n_old, n_new, spin);
    (void)params;
    demci_tangential_mdr_turn(&t, n_old, state);
}

/* Merges the cells in groups of 2^m (m ≥ 1), the contact radius being a0: each new cell holds the mean of its
 * group's displacements weighted by their lengths inside the contact (the force is kept). Returns the energy lost
 * (only when want_energy). */
DEMC_STATIC_INLINE double demci_tangential_mdr_merge(double g, int n, double h_old, int m, double a0, double *u1,
                                                     double *u2, int want_energy)
{
    const int act = demci_tangential_mdr_active(a0, h_old, n);
    const int group = m < 30 ? 1 << m : 1 << 30;
    const double e_before = want_energy ? demci_tangential_mdr_energy(g, n, h_old, a0, u1, u2) : 0.0;
    int j, i;
    for (j = 0; (double)j * (double)group < (double)act; ++j) {
        double w = 0.0, s1 = 0.0, s2 = 0.0;
        const int first = j * group, last = (act - first) < group ? act : first + group;
        for (i = first; i < last; ++i) {
            const double l = demci_tangential_mdr_inside(a0, (double)i * h_old, h_old);
            w += l;
            s1 += l * u1[i];
            s2 += l * u2[i];
        }
        /* the members of group j are at indices ≥ j·2^m > j − 1: every slot written so far has been read */
        u1[j] = w > 0.0 ? s1 / w : 0.0;
        u2[j] = w > 0.0 ? s2 / w : 0.0;
    }
    for (i = j; i < n; ++i) u1[i] = u2[i] = 0.0;
    if (!want_energy) return 0.0;
    {
        const double lost = e_before - demci_tangential_mdr_energy(g, n, h_old * (double)group, a0, u1, u2);
        return lost > 0.0 ? lost : 0.0;
    }
}

/* What one step of the cells gives: U = Σ L_i u_i (the force is −8G*U), the cells inside the contact and how many
 * of them slipped. */
typedef struct demci_tangential_mdr_sum {
    double u[2];
    int in_contact, slipped;
} demci_tangential_mdr_sum;

/* Energy terms of the cells that stay inside the contact (full cells, L = L_0 = h): slip and stored. */
typedef struct demci_tangential_mdr_bulk_energy {
    double slip, stored;
} demci_tangential_mdr_bulk_energy;

/* One cell i that is inside the contact over the whole step (L_0 = L = h: no spring enters or leaves): trial
 * u* = u + Δs', then the return onto this step's limit u_c,i = u_s − q(i² + i + 1/3), q = u_s h²/a² (⟨x²⟩ over
 * [ih, (i+1)h) is h²(i² + i + 1/3)): u = u* u_c/max(|u*|, u_c), which is u* exactly while it sticks (u_c/u_c = 1).
 * Written so that a compiler vectorises the loop over the cells (gcc 12 -O3 does): no branch but the energy's (want
 * and count are constants at each call), no sum across cells (a compiler may not reorder one), and no select of a
 * quotient (a compiler that may not speculate a division keeps `slip ? u_c/t : 1` as a branch). u_c > 0 here: the
 * cell ends at (i+1)h ≤ min(a, a_0) ≤ a, so q(i² + i + 1/3) ≤ u_s(1 − (i + 2/3)/(i+1)²) < u_s(1 − 8e-3) for
 * i < 125, far from rounding (the caller keeps 1e-290 ≤ u_s ≤ 1e290, so that nothing underflows or overflows).
 * With count, adds 1 into ns for a slipping cell (f < 1). */
DEMC_HOT_INLINE void demci_tangential_mdr_cell(int i, double *u1, double *u2, double d1, double d2, double us,
                                               double q, int *ns, int want, int count,
                                               demci_tangential_mdr_bulk_energy *en)
{
    const double di = (double)i, uc = us - q * (di * (di + 1.0) + 1.0 / 3.0);
    const double v1 = u1[i], v2 = u2[i];
    const double w1 = v1 + d1, w2 = v2 + d2, t = sqrt(w1 * w1 + w2 * w2);
    const double f = uc / (t > uc ? t : uc);
    const double x1 = w1 * f, x2 = w2 * f;
    u1[i] = x1;
    u2[i] = x2;
    if (count) *ns += f < 1.0;
    if (want) {
        if (f < 1.0) en->slip += (t - uc) * 0.5 * (sqrt(v1 * v1 + v2 * v2) + uc); /* × 8G*h by the caller */
        en->stored += x1 * x1 + x2 * x2;                                            /* × h */
    }
}

/* Lanes of the cells' sum: cell i of the whole blocks of 8 goes to partial sum i mod 8, the 8 are added in one fixed
 * order (a tree of pairs), then the cells past the last whole block, in order. The order of every rounding is thus
 * the source's, whatever the vector width a compiler gives the loop (none at -O1, 2 doubles with SSE2, 4 with AVX2,
 * 8 with AVX-512): the single call, the batch and both faces give the same results bit for bit. (The partial sums
 * are indexed by constants only, so that a compiler keeps them in vector registers.) */
#define DEMCI_MDR_LANES 8

/* Σ_{i<nb} u_i in that order. */
DEMC_HOT_INLINE double demci_tangential_mdr_sum_run(int nb, const double *u)
{
    double s[DEMCI_MDR_LANES] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0}, rest = 0.0;
    int i0, k;
    for (i0 = 0; i0 + DEMCI_MDR_LANES <= nb; i0 += DEMCI_MDR_LANES)
        for (k = 0; k < DEMCI_MDR_LANES; ++k) s[k] += u[i0 + k];
    for (; i0 < nb; ++i0) rest += u[i0];
    return (((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]))) + rest;
}

/* (Σ_{i<nb} u1_i, Σ_{i<nb} u2_i). */
DEMC_HOT_INLINE void demci_tangential_mdr_sum_cells(int nb, const double *u1, const double *u2, double *sum)
{
    sum[0] = demci_tangential_mdr_sum_run(nb, u1);
    sum[1] = demci_tangential_mdr_sum_run(nb, u2);
}

/* The cells 0 ≤ i < nb (inside the contact over the whole step), one pass; returns the slipping ones when count. */
DEMC_HOT_INLINE int demci_tangential_mdr_bulk(int nb, double *u1, double *u2, double d1, double d2, double us,
                                              double q, int want, int count, demci_tangential_mdr_bulk_energy *en)
{
    int i, ns = 0;
    for (i = 0; i < nb; ++i) demci_tangential_mdr_cell(i, u1, u2, d1, d2, us, q, &ns, want, count, en);
    return ns;
}

/* The pass of a step without energy terms over the cells inside the contact over the whole step: the loop above,
 * then their sums into sum[2]; returns the slipping cells when count (else 0). One text for every vector width
 * (below); the count, an integer sum, vectorises with AVX2 and AVX-512 (not with SSE2). */
DEMC_STATIC_INLINE int demci_tangential_mdr_pass(int nb, double *u1, double *u2, double d1, double d2, double us,
                                                 double q, double *sum, int count)
{
    const int slipped = count ? demci_tangential_mdr_bulk(nb, u1, u2, d1, d2, us, q, 0, 1, 0)
                              : demci_tangential_mdr_bulk(nb, u1, u2, d1, d2, us, q, 0, 0, 0);
    demci_tangential_mdr_sum_cells(nb, u1, u2, sum);
    return slipped;
}

/* The library on x86 has that pass at every width, as the batch's lanes (impl/contact_lanes_impl.h): this unit's own
 * (2 doubles on the baseline x86-64) and the same text built with -mavx2 and -mavx512f in src/contact_lanes_w4.c
 * and src/contact_lanes_w8.c (hidden symbols). The results are the same bit for bit at every width: the pass has no
 * sum whose order the width could change (the lanes of demci_tangential_mdr_sum_cells() are the source's). */
#if defined(DEMC_BUILDING_LIBRARY) && (defined(__GNUC__) || defined(__clang__)) &&                                   \
    (defined(__x86_64__) || defined(__i386__))
#  define DEMCI_MDR_RUNTIME 1
int demci_tangential_mdr_pass_w4(int nb, double *u1, double *u2, double d1, double d2, double us, double q,
                                 double *sum, int count);
int demci_tangential_mdr_pass_w8(int nb, double *u1, double *u2, double d1, double d2, double us, double q,
                                 double *sum, int count);
#endif

/* The pass at the widest vectors this CPU runs: in the library one question to the CPU (a load of the word libgcc's
 * start-up code filled) and a call; in a header-only unit, its target's. */
DEMC_STATIC_INLINE int demci_tangential_mdr_pass_widest(int nb, double *u1, double *u2, double d1, double d2,
                                                        double us, double q, double *sum, int count)
{
#if defined(DEMCI_MDR_RUNTIME) && !defined(__AVX2__)
    if (nb >= 8) { /* (a few cells: not worth the call) */
        __builtin_cpu_init(); /* idempotent; needed only were it called before the start-up code ran */
#  if !defined(__AVX512F__)
        if (__builtin_cpu_supports("avx512f"))
            return demci_tangential_mdr_pass_w8(nb, u1, u2, d1, d2, us, q, sum, count);
#  endif
        if (__builtin_cpu_supports("avx2"))
            return demci_tangential_mdr_pass_w4(nb, u1, u2, d1, d2, us, q, sum, count);
    }
#endif
    return demci_tangential_mdr_pass(nb, u1, u2, d1, d2, us, q, sum, count);
}

/* Number of cells i < k_max that are inside the radius r over the whole cell ((i+1)h ≤ r, as
 * demci_tangential_mdr_inside() decides it: r − ih ≥ h). */
DEMC_STATIC_INLINE int demci_tangential_mdr_full(double r, double h, int k_max)
{
    int k;
    if (!(r >= h)) return 0;
    k = r >= h * (double)k_max ? k_max : (int)(r / h);
    while (k > 0 && !(r - (double)(k - 1) * h >= h)) --k;
    while (k < k_max && r - (double)k * h >= h) ++k;
    return k;
}

/* One step of the bed for a contact (a > 0): state is the law's (h, a_0, the basis, the cells' two runs), d the
 * increment in the basis. The cells inside the contact over the whole step take the branch-free loop; the few at
 * the edge, which springs enter or leave, the general rule below. The slipping cells are counted only with count,
 * the energy terms computed only when energy is not NULL (then the cells are counted too). */
DEMC_STATIC_INLINE demci_tangential_mdr_sum demci_tangential_mdr_step(double g, double mu, int n, double *state,
                                                                      double d1, double d2, double normal_force,
                                                                      double a, int count,
                                                                      demc_tangential_mdr_energy *energy)
{
    double *const u1 = state + DEMC_TANGENTIAL_MDR_CELLS, *const u2 = u1 + n;
    double h = state[DEMC_TANGENTIAL_MDR_CELL_WIDTH], a0 = state[DEMC_TANGENTIAL_MDR_RADIUS];
    double grid = 0.0, slip = 0.0, e_start = 0.0, e_end = 0.0, us, inv_a2, inv_da, q, e1 = 0.0, e2 = 0.0;
    demci_tangential_mdr_bulk_energy bulk = {0.0, 0.0};
    int i, act, nb;
    const int want = energy != 0;
    demci_tangential_mdr_sum out;
    out.u[0] = out.u[1] = 0.0; /* (written by every path below; compilers cannot all see it) */
    out.in_contact = out.slipped = 0;

    if (!(h > 0.0)) { /* a new contact: grid on the current radius */
        for (i = 0; i < 2 * n; ++i) u1[i] = 0.0;
        h = a / (double)n;
        a0 = 0.0;
    } else {
        if (want) e_start = demci_tangential_mdr_energy(g, n, h, a0, u1, u2);
        if (a > h * (double)n) { /* the contact outgrows the grid: merge cells in groups of 2^m */
            double h_new = h;
            int m = 0;
            while (a > h_new * (double)n) {
                h_new *= 2.0;
                ++m;
            }
            grid += demci_tangential_mdr_merge(g, n, h, m, a0, u1, u2, want);
            h = h_new;
        }
    }
    state[DEMC_TANGENTIAL_MDR_CELL_WIDTH] = h;
    state[DEMC_TANGENTIAL_MDR_RADIUS] = a;

    /* the limit at the centre u_s = 3μF_n/(16G*a), u_c = u_s(1 − ⟨x²⟩/a²) */
    us = normal_force > 0.0 ? 3.0 * mu * normal_force / (16.0 * g * a) : 0.0;
    inv_a2 = 1.0 / (a * a);
    inv_da = a > a0 ? 1.0 / (a - a0) : 0.0;
    q = us * (h * h) * inv_a2;
    act = demci_tangential_mdr_active(a0 > a ? a0 : a, h, n);
    /* (no limit, or one so small or large that q(i² + i + 1/3) could underflow or overflow: every cell by the
     * general rule) */
    nb = us >= 1e-290 && us <= 1e290 ? demci_tangential_mdr_full(a0 < a ? a0 : a, h, act) : 0;
    if (want) out.slipped = demci_tangential_mdr_bulk(nb, u1, u2, d1, d2, us, q, 1, 1, &bulk);
    else out.slipped = demci_tangential_mdr_pass_widest(nb, u1, u2, d1, d2, us, q, out.u, count);
    out.in_contact = nb;
    for (i = nb; i < act; ++i) { /* the cells at the edge of the contact */
        const double xl = (double)i * h;
        const double l0 = demci_tangential_mdr_inside(a0, xl, h), l = demci_tangential_mdr_inside(a, xl, h);
        double v1 = u1[i], v2 = u2[i], beta = 1.0, w1, w2, t2, uc, xe, m2;
        if (!(l > 0.0)) { /* the cell has left the contact: its springs are released */
            if (want) grid += 4.0 * g * l0 * (v1 * v1 + v2 * v2);
            u1[i] = u2[i] = 0.0;
            continue;
        }
        ++out.in_contact;
        if (l > l0) {
            /* springs entering at zero over [xl + l0, xl + l): mean of the part of the increment they see,
             * 1 − θ at the middle xc of that part, θ = (xc − a0)/(a − a0) */
            const double xc = xl + 0.5 * (l0 + l), theta = (xc - a0) * inv_da;
            const double r = l0 / l;
            if (want) grid += 4.0 * g * l0 * (1.0 - r) * (v1 * v1 + v2 * v2); /* the mean over zeros */
            v1 *= r;
            v2 *= r;
            beta = r + (1.0 - r) * (1.0 - theta);
        } else if (l < l0 && want) {
            grid += 4.0 * g * (l0 - l) * (v1 * v1 + v2 * v2); /* the part that left, with its displacement */
        }
        w1 = v1 + beta * d1;
        w2 = v2 + beta * d2;
        xe = xl + l;
        m2 = (xl * xl + xl * xe + xe * xe) * (1.0 / 3.0);
        uc = us * (1.0 - m2 * inv_a2);
        uc = uc > 0.0 ? uc : 0.0;
        t2 = w1 * w1 + w2 * w2;
        if (t2 > uc * uc) { /* slip: back onto the limit along the trial displacement */
            const double t = sqrt(t2), f = uc / t;
            ++out.slipped;
            if (want) slip += 8.0 * g * l * (t - uc) * 0.5 * (sqrt(v1 * v1 + v2 * v2) + uc);
            w1 *= f;
            w2 *= f;
        }
        u1[i] = w1;
        u2[i] = w2;
        e1 += l * w1;
        e2 += l * w2;
        if (want) e_end += l * (w1 * w1 + w2 * w2);
    }
    if (want) demci_tangential_mdr_sum_cells(nb, u1, u2, out.u);
    out.u[0] = h * out.u[0] + e1;
    out.u[1] = h * out.u[1] + e2;
    if (want) {
        energy->stored_energy = 4.0 * g * (h * bulk.stored + e_end);
        energy->slip_dissipation = 8.0 * g * h * bulk.slip + slip;
        energy->grid_dissipation = grid;
        energy->work = energy->stored_energy + energy->slip_dissipation + grid - e_start;
    }
    return out;
}

/* One update of a contact (a > 0) in the law's state: a new contact takes a basis from the normal; the increment
 * is taken in the basis (its component along the normal is not seen). Returns the springs' force on body i and,
 * when sliding is not NULL, whether every cell inside slipped. Both the kernel and the compiled contact model run
 * it. */
DEMC_STATIC_INLINE demc_vec3 demci_tangential_mdr_advance(double g, double mu, int n, demc_vec3 normal,
                                                          demc_vec3 increment, double normal_force, double a,
                                                          double *state, int *sliding,
                                                          demc_tangential_mdr_energy *energy)
{
    demci_tangential_mdr_sum sum;
    if (!(state[DEMC_TANGENTIAL_MDR_CELL_WIDTH] > 0.0)) { /* a new contact: the basis from the normal */
        demc_vec3 b1, b2;
        demci_tangential_mdr_basis(normal, &b1, &b2);
        demci_tangential_mdr_store3(state + DEMC_TANGENTIAL_MDR_BASIS1, b1);
        demci_tangential_mdr_store3(state + DEMC_TANGENTIAL_MDR_BASIS2, b2);
    }
    sum = demci_tangential_mdr_step(
        g, mu, n, state, demc_vec3_dot(increment, demci_tangential_mdr_load3(state + DEMC_TANGENTIAL_MDR_BASIS1)),
        demc_vec3_dot(increment, demci_tangential_mdr_load3(state + DEMC_TANGENTIAL_MDR_BASIS2)), normal_force, a,
        sliding != 0, energy);
    if (sliding) *sliding = sum.in_contact > 0 && sum.slipped == sum.in_contact;
    return demci_tangential_mdr_assemble(g, state, sum.u[0], sum.u[1]);
}

DEMC_TANGENTIAL_MDR_FN demc_tangential_result demc_tangential_mdr_update(const demc_tangential_mdr_params *params,
                                                            demc_vec3 normal, demc_vec3 increment,
                                                            double normal_force, double contact_radius,
                                                            double *state, demc_tangential_mdr_energy *energy)
{
    const int n = params->springs;
    const double g = params->effective_shear_modulus;
    demc_tangential_result out;
    out.damping_force = demc_vec3_make(0.0, 0.0, 0.0);

    if (!(contact_radius > 0.0)) { /* no contact: the springs are released */
        if (energy) {
            const double *const u1 = state + DEMC_TANGENTIAL_MDR_CELLS;
            const double h = state[DEMC_TANGENTIAL_MDR_CELL_WIDTH];
            energy->grid_dissipation =
                h > 0.0 ? demci_tangential_mdr_energy(g, n, h, state[DEMC_TANGENTIAL_MDR_RADIUS], u1, u1 + n) : 0.0;
            energy->stored_energy = energy->work = energy->slip_dissipation = 0.0;
        }
        demc_tangential_mdr_state_reset(params, state);
        out.force = out.damping_force;
        out.sliding = 0;
        return out;
    }
    out.force = demci_tangential_mdr_advance(g, params->mu, n, normal, increment, normal_force, contact_radius, state,
                                             &out.sliding, energy);
    return out;
}

DEMC_END_DECLS

#endif /* DEMC_TANGENTIAL_MDR_IMPL_H */
