/* Reference kernels for the contact benchmark (bench_contact.c), written for the benchmark, not part of demc.
 *
 * Both kernels compute the same physics as demc's HM+D (the DEMC_CONTACT_PRESET_HMD description) with its closest
 * conventions, which bench_contact.c sets on that description:
 *   normal:      F_el = (4/3) E* √R* δ^{3/2} = (4/3) E* a δ with a = √(R* δ);
 *   damping:     F_d = 2γ √(m* k_n) δ̇ with k_n = 2 E* a and δ̇ = −v_n (> 0 approaching); F_n = max(F_el + F_d, 0)
 *                (DEMC_CONTACT_END_FORCE);
 *   tangential:  incremental spring k_t = 8 G* a with the forward stiffness (DEMC_STIFFNESS_FORWARD: the increment
 *                uses this step's k_t), no unloading rescale (DEMC_UNLOADING_KEEP); the memory is the elastic
 *                tangential force on i (3 doubles), carried into the new tangent plane by projection with its
 *                magnitude kept (DEMC_TRANSPORT_PROJECT, as LAMMPS GRANULAR does); dashpot −c_t v_t with
 *                c_t = 2γ √(m* k_t) = c_n √(k_t/k_n) = c_n √(4 G* / E*) (γ_t = γ_n, as the HM+D preset sets);
 *                Coulomb limit on the total |F* + F_d| ≤ μ F_n (DEMC_COULOMB_TOTAL) with one coefficient
 *                (μ_s = μ_d); on slip the total is μ F_n along the trial L* = F* + F_d (DEMC_SLIP_DIRECTION_FORCE)
 *                and the slip is shared between spring and dashpot as demc does: the spring keeps
 *                F_el = F* + k_t Δδ_sl with Δδ_sl = (L − L*)/(k_t + c_t/Δt);
 *   torques:     about each centre with the branch vectors d_i = −(R_i − δ/2) n and d_j = (R_j − δ/2) n, the
 *                same arms give the velocities of the contact points.
 * Remaining differences from demc (rounding only, all below 1e-15 relative per contact): √R* √δ is computed as
 * one root a, c_t from c_n by a constant ratio, the torque from the tangential part only (n × F_n n is zero up to
 * rounding in demc), v_rel as v_i − v_j − (l_i ω_i + l_j ω_j) × n. demc's
 * state also keeps k_t, F_n and the sliding flag besides the force (6 doubles with these conventions, 9 with its
 * defaults, which add the previous normal); these kernels keep 3.
 *
 * Layouts: bodies in LAMMPS-like arrays x[n][3], v[n][3], omega[n][3], radius[n], rmass[n]; forces and torques
 * are added into f[n][3] and torque[n][3] (Newton's third law applied, as LAMMPS with newton_pair on); contacts
 * are index pairs i[k], j[k] with a per-contact history array hist[k][3].
 */
#ifndef BENCH_REF_KERNELS_H
#define BENCH_REF_KERNELS_H

#include <math.h>
#include <string.h>

/* REF_INLINE: the hand-written kernel is inlined into its loop, as its author would make sure it is (it is called
 * from two loops, the timed one and a counting one, and gcc would otherwise keep one out-of-line copy).
 * REF_NOINLINE: a call per pair where the design has one (GranularModel::calculate_forces in LAMMPS), and the
 * function callgrind counts in. */
#if defined(__clang__)
#  define REF_NOINLINE __attribute__((noinline))
#  define REF_INLINE inline __attribute__((always_inline))
#elif defined(__GNUC__)
#  define REF_NOINLINE __attribute__((noinline, noclone))
#  define REF_INLINE inline __attribute__((always_inline))
#else
#  define REF_NOINLINE
#  define REF_INLINE inline
#endif

/* Bodies, LAMMPS-style: one array per quantity, indexed by body. */
typedef struct ref_bodies {
    long n;
    double (*x)[3], (*v)[3], (*omega)[3];
    double *radius, *rmass;
    double (*f)[3], (*torque)[3]; /* outputs, accumulated */
} ref_bodies;

/* A contact (or neighbour) list: pairs of body indices. */
typedef struct ref_pairs {
    long n;
    const int *i, *j;
} ref_pairs;

/* Pair constants of the reference kernels. */
typedef struct ref_params {
    double four_thirds_e; /* (4/3) E* */
    double two_e;         /* 2 E*: k_n = 2 E* a */
    double eight_g;       /* 8 G*: k_t = 8 G* a */
    double two_gamma;     /* 2γ of the normal dashpot */
    double ct_over_cn;    /* c_t / c_n = √(k_t/k_n) = √(4 G* / E*) for γ_t = γ_n */
    double mu;            /* μ_s = μ_d */
    double dt;
} ref_params;

static ref_params ref_params_make(double e_eff, double g_eff, double gamma, double mu, double dt)
{
    ref_params p;
    p.four_thirds_e = 4.0 / 3.0 * e_eff;
    p.two_e = 2.0 * e_eff;
    p.eight_g = 8.0 * g_eff;
    p.two_gamma = 2.0 * gamma;
    p.ct_over_cn = sqrt(4.0 * g_eff / e_eff);
    p.mu = mu;
    p.dt = dt;
    return p;
}

/* Outcome of one pair, for the diagnostic pass (the timed sweeps ignore it). */
enum { REF_APART = 0, REF_STICK = 1, REF_SLIDE = 2 };

/* ------------------------------------------------------------------------------------------------------------
 * (a) The hand-written monolithic kernel: one function, everything inlined, squared-distance rejection first,
 *     two roots for the geometry and the contact radius, one for the dashpot, one for the projection, and one
 *     only when sliding.
 * ------------------------------------------------------------------------------------------------------------ */
static REF_INLINE int ref_hand_pair(const ref_params *p, const ref_bodies *b, int i, int j, double *h)
{
    const double *xi = b->x[i], *xj = b->x[j];
    const double dx = xi[0] - xj[0], dy = xi[1] - xj[1], dz = xi[2] - xj[2];
    const double rsq = dx * dx + dy * dy + dz * dz;
    const double ri = b->radius[i], rj = b->radius[j], radsum = ri + rj;
    double r, rinv, nx, ny, nz, delta, li, lj, wx, wy, wz, vx, vy, vz, vn, tx, ty, tz;
    double reff, meff, a, kn, cn, fn, kt, ct, hn, px, py, pz, m2, fx, fy, fz, lx, ly, lz, l2, lim, ftx, fty, ftz;
    double cx, cy, cz;
    int outcome;

    if (rsq >= radsum * radsum) {
        h[0] = h[1] = h[2] = 0.0;
        return REF_APART;
    }
    r = sqrt(rsq);
    rinv = 1.0 / r;
    nx = dx * rinv;
    ny = dy * rinv;
    nz = dz * rinv;
    delta = radsum - r;
    reff = ri * rj / radsum;
    meff = b->rmass[i] * b->rmass[j] / (b->rmass[i] + b->rmass[j]);
    li = ri - 0.5 * delta;
    lj = rj - 0.5 * delta;

    /* velocity of i's contact point relative to j's: v_i − v_j − (l_i ω_i + l_j ω_j) × n */
    wx = li * b->omega[i][0] + lj * b->omega[j][0];
    wy = li * b->omega[i][1] + lj * b->omega[j][1];
    wz = li * b->omega[i][2] + lj * b->omega[j][2];
    vx = b->v[i][0] - b->v[j][0] - (wy * nz - wz * ny);
    vy = b->v[i][1] - b->v[j][1] - (wz * nx - wx * nz);
    vz = b->v[i][2] - b->v[j][2] - (wx * ny - wy * nx);
    vn = vx * nx + vy * ny + vz * nz;
    tx = vx - vn * nx;
    ty = vy - vn * ny;
    tz = vz - vn * nz;

    /* normal: Hertz + HM+D dashpot, no attraction */
    a = sqrt(reff * delta);
    kn = p->two_e * a;
    cn = p->two_gamma * sqrt(meff * kn);
    fn = p->four_thirds_e * a * delta - cn * vn;
    if (fn < 0.0) fn = 0.0;

    /* tangential: history projected onto the new tangent plane, magnitude kept */
    kt = p->eight_g * a;
    ct = p->ct_over_cn * cn;
    hn = h[0] * nx + h[1] * ny + h[2] * nz;
    px = h[0] - hn * nx;
    py = h[1] - hn * ny;
    pz = h[2] - hn * nz;
    m2 = px * px + py * py + pz * pz;
    {
        const double h2 = h[0] * h[0] + h[1] * h[1] + h[2] * h[2];
        const double s = m2 > 1e-28 * h2 ? sqrt(h2 / m2) : 0.0; /* a vector along n has no tangent direction */
        px *= s;
        py *= s;
        pz *= s;
    }
    /* trial spring force F* = F_old − k_t v_t Δt, trial total L* = F* − c_t v_t */
    fx = px - kt * p->dt * tx;
    fy = py - kt * p->dt * ty;
    fz = pz - kt * p->dt * tz;
    lx = fx - ct * tx;
    ly = fy - ct * ty;
    lz = fz - ct * tz;
    l2 = lx * lx + ly * ly + lz * lz;
    lim = p->mu * fn;
    if (l2 <= lim * lim) {
        h[0] = fx;
        h[1] = fy;
        h[2] = fz;
        ftx = lx;
        fty = ly;
        ftz = lz;
        outcome = REF_STICK;
    } else {
        /* L = L* μF_n/|L*|; the spring keeps F* + k_t (L − L*)/(k_t + c_t/Δt) */
        const double scale = lim / sqrt(l2);
        const double share = (scale - 1.0) * kt * p->dt / (kt * p->dt + ct);
        h[0] = fx + share * lx;
        h[1] = fy + share * ly;
        h[2] = fz + share * lz;
        ftx = scale * lx;
        fty = scale * ly;
        ftz = scale * lz;
        outcome = REF_SLIDE;
    }

    /* force on i, torques −l_i n × F_t on i and −l_j n × F_t on j */
    cx = ny * ftz - nz * fty;
    cy = nz * ftx - nx * ftz;
    cz = nx * fty - ny * ftx;
    {
        double *f_i = b->f[i], *f_j = b->f[j], *t_i = b->torque[i], *t_j = b->torque[j];
        const double fxt = fn * nx + ftx, fyt = fn * ny + fty, fzt = fn * nz + ftz;
        f_i[0] += fxt;
        f_i[1] += fyt;
        f_i[2] += fzt;
        f_j[0] -= fxt;
        f_j[1] -= fyt;
        f_j[2] -= fzt;
        t_i[0] -= li * cx;
        t_i[1] -= li * cy;
        t_i[2] -= li * cz;
        t_j[0] -= lj * cx;
        t_j[1] -= lj * cy;
        t_j[2] -= lj * cz;
    }
    return outcome;
}

/* ------------------------------------------------------------------------------------------------------------
 * (b) The dispatch-style kernel, shaped like LAMMPS GRANULAR (GranularModel::calculate_forces with its
 *     GranSubMod* sub-models): a model object holds one sub-model per slot (normal, damping, tangential), each
 *     with its own coefficients and called through a function pointer (a C++ virtual call there); the
 *     per-contact intermediates live in the model object (here a context struct) and cross slots through it:
 *     the contact radius and normal stiffness from the normal model, the damping prefactor from the damping
 *     model (read back by the tangential model, as LAMMPS's mindlin does), the critical force set by the normal
 *     model. The kinematics and the final assembly are generic code.
 * ------------------------------------------------------------------------------------------------------------ */
typedef struct disp_ctx {
    /* geometry and kinematics, set by the generic code */
    double dx[3], rsq, radsum, radi, radj, r, nx[3], delta, dist_i, dist_j, reff, meff, dt;
    double vrel[3], vn, vt[3];
    /* set by the sub-models */
    double contact_radius, knfac, fne, damp_prefactor, fdamp, fntot, fncrit, fs[3];
    double *history;
} disp_ctx;

struct disp_normal;
struct disp_damping;
struct disp_tangential;

typedef struct disp_normal {
    int (*touch)(const struct disp_normal *, disp_ctx *);
    double (*contact_radius)(const struct disp_normal *, disp_ctx *);
    double (*forces)(const struct disp_normal *, disp_ctx *);
    void (*set_fncrit)(const struct disp_normal *, disp_ctx *);
    double coeff[2]; /* Hertz: (4/3) E*, 2 E* */
} disp_normal;

typedef struct disp_damping {
    double (*forces)(const struct disp_damping *, disp_ctx *);
    double coeff[1]; /* HM+D: 2γ */
} disp_damping;

typedef struct disp_tangential {
    void (*forces)(const struct disp_tangential *, disp_ctx *);
    int size_history;
    double coeff[3]; /* Mindlin: 8 G*, c_t/c_n, μ */
} disp_tangential;

typedef struct disp_model {
    const disp_normal *normal;
    const disp_damping *damping;
    const disp_tangential *tangential;
    int limit_damping; /* the force end rule: F_n clamped at zero */
} disp_model;

static int disp_normal_hertz_touch(const disp_normal *m, disp_ctx *c)
{
    (void)m;
    return c->rsq < c->radsum * c->radsum;
}

static double disp_normal_hertz_contact_radius(const disp_normal *m, disp_ctx *c)
{
    (void)m;
    return sqrt(c->reff * c->delta);
}

static double disp_normal_hertz_forces(const disp_normal *m, disp_ctx *c)
{
    c->knfac = m->coeff[1] * c->contact_radius;
    return m->coeff[0] * c->contact_radius * c->delta;
}

static void disp_normal_set_fncrit(const disp_normal *m, disp_ctx *c)
{
    (void)m;
    c->fncrit = fabs(c->fntot);
}

static double disp_damping_hmd_forces(const disp_damping *m, disp_ctx *c)
{
    c->damp_prefactor = m->coeff[0] * sqrt(c->meff * c->knfac);
    return -c->damp_prefactor * c->vn;
}

static void disp_tangential_mindlin_forces(const disp_tangential *m, disp_ctx *c)
{
    double *h = c->history;
    const double *n = c->nx, *vt = c->vt;
    const double kt = m->coeff[0] * c->contact_radius;
    const double ct = m->coeff[1] * c->damp_prefactor;
    const double hn = h[0] * n[0] + h[1] * n[1] + h[2] * n[2];
    const double h2 = h[0] * h[0] + h[1] * h[1] + h[2] * h[2];
    double pr[3], fs[3], l[3], m2, s, l2, lim;
    int k;
    for (k = 0; k < 3; ++k) pr[k] = h[k] - hn * n[k];
    m2 = pr[0] * pr[0] + pr[1] * pr[1] + pr[2] * pr[2];
    s = m2 > 1e-28 * h2 ? sqrt(h2 / m2) : 0.0;
    for (k = 0; k < 3; ++k) {
        fs[k] = s * pr[k] - kt * c->dt * vt[k];
        l[k] = fs[k] - ct * vt[k];
    }
    l2 = l[0] * l[0] + l[1] * l[1] + l[2] * l[2];
    lim = m->coeff[2] * c->fncrit;
    if (l2 <= lim * lim) {
        for (k = 0; k < 3; ++k) {
            h[k] = fs[k];
            c->fs[k] = l[k];
        }
    } else {
        const double scale = lim / sqrt(l2);
        const double share = (scale - 1.0) * kt * c->dt / (kt * c->dt + ct);
        for (k = 0; k < 3; ++k) {
            h[k] = fs[k] + share * l[k];
            c->fs[k] = scale * l[k];
        }
    }
}

/* The model is assembled at run time from a selector the compiler cannot see (as LAMMPS parses its input
 * script), so the calls stay indirect. */
static disp_model disp_model_make(int selector, const ref_params *p, disp_normal *normal, disp_damping *damping,
                                  disp_tangential *tangential)
{
    disp_model m;
    if (selector == 1) { /* hertz + hmd + mindlin: the only combination the benchmark uses */
        normal->touch = disp_normal_hertz_touch;
        normal->contact_radius = disp_normal_hertz_contact_radius;
        normal->forces = disp_normal_hertz_forces;
        normal->set_fncrit = disp_normal_set_fncrit;
        normal->coeff[0] = p->four_thirds_e;
        normal->coeff[1] = p->two_e;
        damping->forces = disp_damping_hmd_forces;
        damping->coeff[0] = p->two_gamma;
        tangential->forces = disp_tangential_mindlin_forces;
        tangential->size_history = 3;
        tangential->coeff[0] = p->eight_g;
        tangential->coeff[1] = p->ct_over_cn;
        tangential->coeff[2] = p->mu;
    }
    m.normal = normal;
    m.damping = damping;
    m.tangential = tangential;
    m.limit_damping = 1;
    return m;
}

/* GranularModel::calculate_forces for one pair (a call per pair, as there), then the pair style's assembly. */
static REF_NOINLINE int disp_pair(const disp_model *m, disp_ctx *c, const ref_bodies *b, int i, int j, double *h)
{
    const double *xi = b->x[i], *xj = b->x[j];
    double w[3], force[3], tor[3];
    int k;
    for (k = 0; k < 3; ++k) c->dx[k] = xi[k] - xj[k];
    c->rsq = c->dx[0] * c->dx[0] + c->dx[1] * c->dx[1] + c->dx[2] * c->dx[2];
    c->radi = b->radius[i];
    c->radj = b->radius[j];
    c->radsum = c->radi + c->radj;
    c->history = h;
    if (!m->normal->touch(m->normal, c)) {
        memset(h, 0, (size_t)m->tangential->size_history * sizeof *h);
        return REF_APART;
    }
    c->r = sqrt(c->rsq);
    {
        const double rinv = 1.0 / c->r;
        for (k = 0; k < 3; ++k) c->nx[k] = c->dx[k] * rinv;
    }
    c->delta = c->radsum - c->r;
    c->reff = c->radi * c->radj / c->radsum;
    c->meff = b->rmass[i] * b->rmass[j] / (b->rmass[i] + b->rmass[j]);
    c->dist_i = c->radi - 0.5 * c->delta;
    c->dist_j = c->radj - 0.5 * c->delta;
    for (k = 0; k < 3; ++k) w[k] = c->dist_i * b->omega[i][k] + c->dist_j * b->omega[j][k];
    c->vrel[0] = b->v[i][0] - b->v[j][0] - (w[1] * c->nx[2] - w[2] * c->nx[1]);
    c->vrel[1] = b->v[i][1] - b->v[j][1] - (w[2] * c->nx[0] - w[0] * c->nx[2]);
    c->vrel[2] = b->v[i][2] - b->v[j][2] - (w[0] * c->nx[1] - w[1] * c->nx[0]);
    c->vn = c->vrel[0] * c->nx[0] + c->vrel[1] * c->nx[1] + c->vrel[2] * c->nx[2];
    for (k = 0; k < 3; ++k) c->vt[k] = c->vrel[k] - c->vn * c->nx[k];

    c->contact_radius = m->normal->contact_radius(m->normal, c);
    c->fne = m->normal->forces(m->normal, c);
    c->fdamp = m->damping->forces(m->damping, c);
    c->fntot = c->fne + c->fdamp;
    if (m->limit_damping && c->fntot < 0.0) c->fntot = 0.0;
    m->normal->set_fncrit(m->normal, c);
    m->tangential->forces(m->tangential, c);

    for (k = 0; k < 3; ++k) force[k] = c->fntot * c->nx[k] + c->fs[k];
    tor[0] = c->nx[1] * c->fs[2] - c->nx[2] * c->fs[1];
    tor[1] = c->nx[2] * c->fs[0] - c->nx[0] * c->fs[2];
    tor[2] = c->nx[0] * c->fs[1] - c->nx[1] * c->fs[0];
    for (k = 0; k < 3; ++k) {
        b->f[i][k] += force[k];
        b->f[j][k] -= force[k];
        b->torque[i][k] -= c->dist_i * tor[k];
        b->torque[j][k] -= c->dist_j * tor[k];
    }
    return REF_STICK; /* stick/slide is not reported by this kernel */
}

#endif /* BENCH_REF_KERNELS_H */
