/* libFuzzer harness of contact.h: descriptions and their validation, the frame builders (sphere–sphere, –wall,
 * –facet), the evaluation, the batch calls and the state helpers (see fuzz.h). In-domain evaluations (the
 * description accepted; coefficients and kinematics moderate, see fz_contact_domain) give finite outputs and
 * state, respect the Coulomb limit and the force end rule, and the batch calls equal the single calls bit for bit.
 * The batch of two contacts below runs the SIMD lanes (impl/contact_lanes_impl.h, at the target's width, the
 * second lanes then evaluating the first contact again), and the neighbour list after it the batch's sift of a
 * sparse chunk. */
#include "fuzz.h"

/* 0, or a magnitude in [1e-100, hi]: coefficients and kinematics whose products stay representable. */
static inline int fz_moderate(double x, double hi) { return x == 0.0 || (fabs(x) >= 1e-100 && fabs(x) <= hi); }
static inline int fz_vmoderate(demc_vec3 v, double hi)
{
    return fz_moderate(v.x, hi) && fz_moderate(v.y, hi) && fz_moderate(v.z, hi);
}

static inline int fz_contact_def_moderate(const demc_contact_def *d)
{
    const double x[] = {d->moduli.effective_modulus, d->moduli.effective_shear_modulus, d->normal_stiffness,
                        d->stiffness_ratio, d->friction.mu_static, d->friction.mu_dynamic, d->work_of_adhesion,
                        d->cohesion_energy_density, d->max_effective_radius, d->mu_rolling,
                        d->rolling_stiffness_coefficient, d->rolling_damping_ratio, d->rolling_stiffness,
                        d->rolling_damping, d->twisting_stiffness, d->twisting_damping, d->mu_twisting,
                        d->tangential_damping_scale, d->plastic.loading_stiffness, d->plastic.unloading_stiffness,
                        d->plastic.tension_stiffness, d->plastic.plastic_limit, d->plastic.adhesion_stiffness};
    size_t k;
    for (k = 0; k < sizeof x / sizeof x[0]; ++k)
        if (!fz_moderate(x[k], 1e12)) return 0;
    /* the documented domains of the elasto-plastic kernels (normal_plastic.h) */
    if (d->normal == DEMC_NORMAL_THORNTON_NING &&
        !(d->moduli.effective_modulus >= 1e3 && d->moduli.effective_modulus <= 1e13 &&
          (d->work_of_adhesion == 0.0 || (d->work_of_adhesion >= 1e-6 && d->work_of_adhesion <= 1e2)) &&
          d->plastic.yield_pressure >= 1e3 && d->plastic.yield_pressure <= 1e11))
        return 0;
    if (d->normal == DEMC_NORMAL_EEPA && !(fabs(d->plastic.pulloff_force) <= 1e6)) return 0;
    /* the liquid bridge's (capillary.h; the fit's V/R_h³ is a pair's: fz_bridge_pair) */
    if (d->capillary.bridge &&
        !(d->capillary.surface_tension <= 10.0 && d->capillary.volume >= 1e-30 && d->capillary.volume <= 1.0 &&
          d->capillary.viscosity <= 10.0 &&
          (d->capillary.viscosity == 0.0 ||
           (d->capillary.min_separation >= 1e-12 && d->capillary.min_separation <= 1e-3))))
        return 0;
    /* restitution: e near 0 gives γ → ∞ (a legitimate, huge dashpot) */
    return d->restitution >= 1e-3;
}

/* A pair within the domain of the bridge's kernels: radii in [1e-9, 1] m, and the fit's V/R_h³ in its range. */
static inline int fz_bridge_pair(const demc_contact_def *d, const demc_contact_frame *f, double volume)
{
    double rh;
    if (!d->capillary.bridge) return 1;
    if (f->effective_radius == 0.0) return 1; /* an empty frame: the rupture of the bridge of the pair before */
    if (!(f->radius_i >= 1e-9 && f->radius_i <= 1.0 && (f->radius_j == 0.0 || (f->radius_j >= 1e-9 && f->radius_j <= 1.0))))
        return 0;
    rh = f->radius_j > 0.0 ? 2.0 * f->radius_i * f->radius_j / (f->radius_i + f->radius_j) : 2.0 * f->radius_i;
    return d->capillary.form != DEMC_CAPILLARY_WILLETT_FIT ||
           (volume / (rh * rh * rh) >= 1e-4 && volume / (rh * rh * rh) <= 0.2);
}

static inline int fz_body_moderate(const demc_body *b)
{
    return fz_vmoderate(b->position, 1e6) && fz_vmoderate(b->velocity, 1e6) &&
           fz_vmoderate(b->angular_velocity, 1e6) && b->radius >= 1e-8 && b->radius <= 1e6 && b->mass >= 1e-20 &&
           b->mass <= 1e12;
}

static inline int fz_result_finite(const demc_contact_result *r)
{
    return fz_vfin(r->force) && fz_vfin(r->torque_i) && fz_vfin(r->torque_j) && fz_fin(r->overlap) &&
           fz_fin(r->normal_force);
}

static inline int fz_result_zero(const demc_contact_result *r)
{
    return demc_vec3_norm2(r->force) == 0.0 && demc_vec3_norm2(r->torque_i) == 0.0 &&
           demc_vec3_norm2(r->torque_j) == 0.0 && r->normal_force == 0.0;
}

static inline int fz_frame_finite(const demc_contact_frame *f)
{
    return fz_fin(f->overlap) && fz_vfin(f->normal) && fz_vfin(f->branch_i) && fz_vfin(f->branch_j) &&
           fz_vfin(f->velocity_i) && fz_vfin(f->angular_velocity_i) && fz_vfin(f->velocity_j) &&
           fz_vfin(f->angular_velocity_j) && fz_fin(f->effective_radius) && fz_fin(f->effective_mass) &&
           fz_fin(f->effective_inertia);
}

static inline int fz_frame_empty(const demc_contact_frame *f)
{
    const double *p = (const double *)(const void *)f;
    size_t k;
    for (k = 0; k < sizeof *f / sizeof(double); ++k)
        if (p[k] != 0.0) return 0;
    return 1;
}

/* Bit for bit, except that any NaN equals any NaN (the sign of a NaN from out-of-domain input is not a result). */
static inline int fz_same(const double *a, const double *b, size_t n)
{
    size_t k;
    for (k = 0; k < n; ++k)
        if (memcmp(&a[k], &b[k], sizeof(double)) != 0 && !(fz_nan(a[k]) && fz_nan(b[k]))) return 0;
    return 1;
}

/* Equal as numbers (+0 == −0: a pair the batch releases adds nothing where a zero result would turn an
 * accumulator's −0 into +0), any NaN equal to any NaN, else bit for bit. */
static inline int fz_same_sum(const double *a, const double *b, size_t n)
{
    size_t k;
    for (k = 0; k < n; ++k)
        if (!(a[k] == b[k]) && !(fz_nan(a[k]) && fz_nan(b[k]))) return 0;
    return 1;
}

/* Adds v (3 doubles) into acc[0..2] as the batch's accumulators do (contact.h: in contact order). */
static inline void fz_accumulate(double *acc, const double *v, double sign)
{
    acc[0] += sign * v[0];
    acc[1] += sign * v[1];
    acc[2] += sign * v[2];
}

/* One evaluation with the checks of every call: the state slice exactly its size, outputs as documented. */
static inline demc_contact_result fz_contact_eval(const demc_contact_model *m, const demc_contact_def *d,
                                                  const demc_contact_frame *f, double dt, double *state, int in)
{
    const size_t n = demc_contact_model_state_size(m);
    demc_contact_diag diag = DEMC_CONTACT_DIAG_INIT;
    demc_contact_result r;
    size_t k;
#ifdef FZ_DUMP
    double before[DEMC_CONTACT_STATE_MAX + 2];
    memcpy(before, state, sizeof before);
#endif
    {
        /* the state slice exactly as large as the model says (NULL for none): ASan sees any access past it */
        double *exact = n ? (double *)malloc(n * sizeof(double)) : NULL;
        if (n && !exact) return demc_contact_eval(m, f, dt, state, NULL);
        if (n) memcpy(exact, state, n * sizeof(double));
        FZ_CALL(r = demc_contact_eval(m, f, dt, exact, &diag));
        if (n) memcpy(state, exact, n * sizeof(double));
        free(exact);
    }
    FZ_CHECK(fz_same(&r.overlap, &f->overlap, 1));
    /* no contact: every output zero and a reset state (JKR: its neck may outlive δ ≤ 0) */
    if (f->overlap <= 0.0 && d->normal != DEMC_NORMAL_JKR && d->normal != DEMC_NORMAL_THORNTON_NING &&
        !d->capillary.bridge) {
        FZ_CHECK(fz_result_zero(&r));
        for (k = 0; k < n; ++k) FZ_CHECK(state[k] == 0.0);
    }
    if (in) {
        double fn, ft, load;
        demc_vec3 t;
#ifdef FZ_DUMP
        if (!fz_result_finite(&r))
            fprintf(stderr, "normal %d damp %d tang %d roll %d twist %d E %g G %g k %g kappa %g e %g mus %g w %g ced %g\n"
                    "overlap %g n %g %g %g R %g m %g I %g dt %g vi %g %g %g wi %g %g %g vj %g %g %g bi %g %g %g\n"
                    "F %g %g %g Ti %g %g %g fn %g\n",
                    d->normal, d->damping, d->tangential, d->rolling, d->twisting, d->moduli.effective_modulus,
                    d->moduli.effective_shear_modulus, d->normal_stiffness, d->stiffness_ratio, d->restitution,
                    d->friction.mu_static, d->work_of_adhesion, d->cohesion_energy_density, f->overlap, f->normal.x,
                    f->normal.y, f->normal.z, f->effective_radius, f->effective_mass, f->effective_inertia, dt,
                    f->velocity_i.x, f->velocity_i.y, f->velocity_i.z, f->angular_velocity_i.x,
                    f->angular_velocity_i.y, f->angular_velocity_i.z, f->velocity_j.x, f->velocity_j.y,
                    f->velocity_j.z, f->branch_i.x, f->branch_i.y, f->branch_i.z, r.force.x, r.force.y, r.force.z,
                    r.torque_i.x, r.torque_i.y, r.torque_i.z, r.normal_force);
        if (!fz_result_finite(&r)) {
            const double *fp = (const double *)(const void *)f;
            fprintf(stderr, "frame:");
            for (k = 0; k < sizeof *f / sizeof(double); ++k) fprintf(stderr, " %a", fp[k]);
            fprintf(stderr, "\ndef: tds %a mud %a asym %a incr %d end %d cp %d tr %d spin %d rule %d rec %d dir %d unl %d coul %d", d->tangential_damping_scale, d->friction.mu_dynamic, d->moduli.compliance_asymmetry, d->increment, d->end, d->contact_point, d->transport, d->transport_spin, d->friction.stiffness_rule, d->friction.recalculation, d->friction.direction, d->friction.unloading, d->friction.coulomb);
            fprintf(stderr, "\nstate:");
            for (k = 0; k < n; ++k) fprintf(stderr, " %a", before[k]);
            fprintf(stderr, "\n");
        }
#endif
        FZ_CHECK(fz_result_finite(&r));
        for (k = 0; k < n; ++k) FZ_CHECK(fz_fin(state[k]));
        FZ_CHECK(fz_fin(diag.normal_energy) && fz_fin(diag.tangential_energy) && fz_fin(diag.viscous_dissipation) &&
                 fz_fin(diag.friction_dissipation) && fz_fin(diag.plastic_dissipation) &&
                 fz_fin(diag.tangential_exchange) && fz_fin(diag.adhesion_dissipation) &&
                 fz_fin(diag.rolling_energy) && fz_fin(diag.rolling_dissipation) && fz_fin(diag.rolling_exchange) &&
                 fz_fin(diag.twisting_energy) && fz_fin(diag.twisting_dissipation) &&
                 fz_fin(diag.twisting_exchange));
        /* dissipations are ≥ 0 (documented per term); a few ulp of the terms' scale below 0 is rounding */
        /* (but the kept dashpot's slider work, LAMMPS's rule, which is the signed rest of the step's balance) */
        FZ_CHECK((diag.friction_dissipation >= 0.0 || d->friction.coulomb == DEMC_COULOMB_TOTAL_DASHPOT_KEPT) &&
                 diag.plastic_dissipation >= 0.0 &&
                 diag.adhesion_dissipation >= 0.0 && diag.rolling_dissipation >= 0.0 &&
                 diag.twisting_dissipation >= 0.0);
        if (d->end == DEMC_CONTACT_END_FORCE && d->normal <= DEMC_NORMAL_PLSB && !d->capillary.bridge)
            FZ_CHECK(r.normal_force >= 0.0);
        /* the Coulomb limit on the total tangential force, for the non-adhesive laws under the total policy */
        fn = demc_vec3_dot(r.force, f->normal);
        t = demc_vec3_add_scaled(r.force, -fn, f->normal);
        ft = demc_vec3_norm(t);
        load = d->coulomb_load == DEMC_COULOMB_LOAD_ABSOLUTE ? fabs(r.normal_force)
                                                             : r.normal_force > 0.0 ? r.normal_force : 0.0;
        /* (a liquid bridge adds its pull to the normal force but not to the load of the Coulomb limit) */
        if (f->overlap > 0.0 && d->normal <= DEMC_NORMAL_PLSB && d->tangential != DEMC_TANGENTIAL_NONE &&
            (d->friction.coulomb == DEMC_COULOMB_TOTAL || d->friction.coulomb == DEMC_COULOMB_TOTAL_DASHPOT_KEPT) &&
            !d->capillary.bridge)
            FZ_CHECK(ft <= d->friction.mu_static * load * (1.0 + 1e-10) + 1e-12 * fabs(fn) + 1e-300);
        if (d->tangential == DEMC_TANGENTIAL_NONE && f->overlap > 0.0)
            FZ_CHECK(ft <= 1e-12 * fabs(fn) + 1e-300);
    }
    return r;
}

/* The batch of `count` sphere pairs (i[q], j[q]) of `nbody` bodies, each contact from `state` (n doubles), against
 * the single calls, bit for bit: forces, torques and states; and the per-body accumulators against the single
 * calls' results summed in contact order (contact.h: each contact adds its force to body i's and its opposite to
 * body j's, its torque_i to i's and torque_j to j's, whatever its overlap: an adhesive neck at δ < 0 too). */
enum { FZ_BATCH_MAX = 67, FZ_BATCH_BODIES = 3 };
static void fz_batch_equals_single_calls(const demc_contact_model *model, const demc_body *const *body, size_t nbody,
                                         const int *i, const int *j, size_t count, const double *state, size_t n,
                                         double dt)
{
    static double x[FZ_BATCH_BODIES][3], v[FZ_BATCH_BODIES][3], w[FZ_BATCH_BODIES][3], rad[FZ_BATCH_BODIES],
        mass[FZ_BATCH_BODIES];
    static double all[FZ_BATCH_MAX * DEMC_CONTACT_STATE_MAX], once[FZ_BATCH_MAX][DEMC_CONTACT_STATE_MAX];
    static double force[3 * FZ_BATCH_MAX], ti[3 * FZ_BATCH_MAX], tj[3 * FZ_BATCH_MAX];
    static double bf[FZ_BATCH_BODIES][3], bt[FZ_BATCH_BODIES][3], sum_f[FZ_BATCH_BODIES][3],
        sum_t[FZ_BATCH_BODIES][3];
    demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
    const char *field = "unset";
    demc_status st;
    size_t k, q;
    memset(bf, 0, sizeof bf);
    memset(bt, 0, sizeof bt);
    memset(sum_f, 0, sizeof sum_f);
    memset(sum_t, 0, sizeof sum_t);
    for (k = 0; k < nbody; ++k) {
        memcpy(x[k], &body[k]->position, sizeof x[k]);
        memcpy(v[k], &body[k]->velocity, sizeof v[k]);
        memcpy(w[k], &body[k]->angular_velocity, sizeof w[k]);
        rad[k] = body[k]->radius;
        mass[k] = body[k]->mass;
    }
    for (q = 0; q < count; ++q) {
        memcpy(all + q * n, state, n * sizeof(double));
        memcpy(once[q], state, sizeof once[q]);
    }
    b.count = count, b.i = i, b.j = j;
    b.position = x[0], b.velocity = v[0], b.angular_velocity = w[0], b.radius = rad, b.mass = mass;
    b.vector_stride = 3, b.scalar_stride = 1;
    b.state = n ? all : NULL, b.state_stride = n;
    b.force = force, b.torque_i = ti, b.torque_j = tj;
    b.body_force = bf[0], b.body_torque = bt[0];
    FZ_CALL(st = demc_contact_eval_batch(model, &b, dt, &field));
    FZ_CHECK(st == DEMC_OK);
    for (q = 0; q < count && st == DEMC_OK; ++q) {
        demc_contact_result one;
        FZ_CALL(one = demc_contact_eval_sphere_sphere(model, body[i[q]], body[j[q]], dt, once[q], NULL));
        FZ_CHECK(fz_same(force + 3 * q, &one.force.x, 3) && fz_same(ti + 3 * q, &one.torque_i.x, 3) &&
                 fz_same(tj + 3 * q, &one.torque_j.x, 3) && fz_same(all + q * n, once[q], n));
        fz_accumulate(sum_f[i[q]], &one.force.x, 1.0);
        fz_accumulate(sum_f[j[q]], &one.force.x, -1.0);
        fz_accumulate(sum_t[i[q]], &one.torque_i.x, 1.0);
        fz_accumulate(sum_t[j[q]], &one.torque_j.x, 1.0);
    }
    if (st == DEMC_OK)
        for (k = 0; k < nbody; ++k) FZ_CHECK(fz_same_sum(bf[k], sum_f[k], 3) && fz_same_sum(bt[k], sum_t[k], 3));
}

static void demc_fuzz_contact(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    struct {
        demc_contact_def d;
        unsigned char tail[16];
    } big;
    demc_contact_def def;
    demc_contact_model model, model2;
    const char *field = "unset";
    demc_status st, st2;
    demc_body bi, bj;
    demc_wall wall;
    demc_facet_triangle tri;
    demc_facet_contact fc;
    demc_contact_frame fr;
    double state[DEMC_CONTACT_STATE_MAX + 2], copy[DEMC_CONTACT_STATE_MAX + 2], dt;
    size_t n, k;
    int preset = fz_int(&r, 0, 4), sz = fz_int(&r, 0, 2), step, in_def, bridge_in = 1, host_pick;
    double bridge_volume = 0.0, state_volume = 0.0; /* the bridge's volume by the documented rule; the host's */
    size_t volume_at = 0;

    /* the description: a preset (edges: unknown preset, too small a size, NULL) */
    memset(&def, FZ_POISON, sizeof def);
    FZ_CALL(st = demc_contact_def_init((demc_contact_preset)preset, sz == 1 ? DEMC_CONTACT_DEF_SIZE_1_0 - 8 : sz == 2 ? 0 : sizeof def,
                                       &def, &field));
    FZ_SETUP(st, field, &def);
    if (st == DEMC_OK) FZ_CHECK(def.size == sizeof def);
    FZ_CALL(st = demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof def, NULL, &field));
    FZ_CHECK(st == DEMC_ERR_INVALID_ARGUMENT && field != NULL && strcmp(field, "def") == 0);
    FZ_CALL(st = demc_contact_def_init((demc_contact_preset)((unsigned)preset % 5u), sizeof def, &def, NULL));
    FZ_CHECK(st == DEMC_OK);

    /* every slot, convention and coefficient from the input (out-of-range selectors included) */
    def.normal = (demc_normal_law)fz_int(&r, 0, 9);
    def.damping = (demc_damping_law)fz_int(&r, 0, 1);
    def.tangential = (demc_tangential_law)fz_int(&r, 0, 3);
    def.increment = (demc_increment_rule)fz_int(&r, 0, 1);
    def.rolling = (demc_rolling_law)fz_int(&r, 0, 3);
    def.twisting = (demc_twisting_law)fz_int(&r, 0, 2);
    def.end = (demc_contact_end)fz_int(&r, 0, 1);
    def.contact_point = (demc_contact_point_rule)fz_int(&r, 0, 1);
    def.transport = (demc_memory_transport)fz_int(&r, 0, 1);
    def.transport_spin = fz_int(&r, 0, 1);
    def.friction.stiffness_rule = (demc_stiffness_rule)fz_int(&r, 0, 3);
    def.friction.recalculation = (demc_slip_recalculation)fz_int(&r, 0, 1);
    def.friction.direction = (demc_slip_direction)fz_int(&r, 0, 2);
    def.friction.unloading = (demc_unloading_rule)fz_int(&r, 0, 1);
    def.friction.coulomb = (demc_coulomb_policy)fz_int(&r, 0, 2);
    def.rolling_limiter = (demc_rolling_cdt_limiter)fz_int(&r, 0, 1);
    def.md_variant = (demc_tangential_md_variant)fz_int(&r, 0, 0);
    def.moduli.effective_modulus = fz_double(&r);
    def.moduli.effective_shear_modulus = fz_double(&r);
    def.moduli.compliance_asymmetry = fz_double(&r);
    def.normal_stiffness = fz_double(&r);
    def.stiffness_ratio = fz_double(&r);
    def.restitution = fz_double(&r);
    def.tangential_damping_scale = fz_double(&r);
    def.friction.mu_static = fz_double(&r);
    def.friction.mu_dynamic = fz_double(&r);
    def.work_of_adhesion = fz_double(&r);
    def.cohesion_energy_density = fz_double(&r);
    def.max_effective_radius = fz_double(&r);
    def.mu_rolling = fz_double(&r);
    def.rolling_stiffness_coefficient = fz_double(&r);
    def.rolling_damping_ratio = fz_double(&r);
    def.rolling_mobilised_damping = fz_double(&r);
    def.rolling_stiffness = fz_double(&r);
    def.rolling_damping = fz_double(&r);
    def.twisting_stiffness = fz_double(&r);
    def.twisting_damping = fz_double(&r);
    def.mu_twisting = fz_double(&r);
    def.plastic.yield_pressure = fz_double(&r);
    def.plastic.loading_stiffness = fz_double(&r);
    def.plastic.unloading_stiffness = fz_double(&r);
    def.plastic.tension_stiffness = fz_double(&r);
    def.plastic.plastic_limit = fz_double(&r);
    def.plastic.plasticity_ratio = fz_double(&r);
    def.plastic.pulloff_force = fz_double(&r);
    def.plastic.adhesion_stiffness = fz_double(&r);
    def.plastic.exponent = fz_double(&r);
    def.plastic.adhesion_exponent = fz_double(&r);
    def.capillary.bridge = fz_int(&r, 0, 1);
    def.capillary.form = (demc_capillary_form)fz_int(&r, 0, 1);
    def.capillary.surface_tension = fz_double(&r);
    def.capillary.contact_angle = fz_double(&r);
    def.capillary.volume = fz_double(&r);
    def.capillary.viscosity = fz_double(&r);
    def.capillary.min_separation = fz_double(&r);
    {
        /* the MDR law's resolution (read with that law only): from the input's last byte, so that the inputs made
         * before the field keep their meaning; the default, small and large resolutions, the largest the state
         * takes with the rotation transport, and rejected ones */
        static const int springs[8] = {0, 1, 3, 16, 64, 122, -1, 200};
        def.mdr_springs = springs[size ? data[size - 1] % 8u : 0u];
    }
    /* the bridge's largest host volume (1.1) and the host's volume of this contact, from the input's second last
     * byte: below 160 (most of the inputs made before the field) neither, as before; above, a pick of each */
    host_pick = size > 1 && data[size - 2] >= 160 ? data[size - 2] - 160 : 0;
    /* the load of the Coulomb limit (1.1: max(F_n, 0), |F_n|, and a value past the enumeration), from the input's
     * third last byte: below 160 the default, as before the field */
    def.coulomb_load = (demc_coulomb_load)(size > 2 && data[size - 3] >= 160 ? (data[size - 3] - 160) % 3 : 0);
    {
        static const double max_factor[4] = {0.0, 1.0, 3.0, 0.5}; /* (0.5 < 1: refused) */
        def.capillary.max_volume = max_factor[host_pick % 4] * def.capillary.volume;
    }

    memset(&model, FZ_POISON, sizeof model);
    FZ_CALL(st = demc_contact_model_init(&def, &model, &field));
    FZ_SETUP(st, field, &model);
    FZ_CHECK(st == DEMC_OK || st == DEMC_ERR_INVALID_ARGUMENT || st == DEMC_ERR_OUT_OF_DOMAIN ||
             st == DEMC_ERR_UNSUPPORTED || st == DEMC_ERR_SINGULAR);
    if (st != DEMC_OK) FZ_CHECK(strncmp(field, "def.", 4) == 0);
    /* NULL description; NULL model (named only once the description is valid) */
    FZ_CALL(st2 = demc_contact_model_init(NULL, &model2, &field));
    FZ_CHECK(st2 == DEMC_ERR_INVALID_ARGUMENT && strcmp(field, "def") == 0);
    FZ_CALL(st2 = demc_contact_model_init(&def, NULL, &field));
    if (st == DEMC_OK) FZ_CHECK(st2 == DEMC_ERR_INVALID_ARGUMENT && strcmp(field, "model") == 0);
    else FZ_CHECK(st2 == st);
    /* a caller with a larger (newer) struct: a zero tail is accepted as the same description, a non-zero one is
     * an option of a newer library */
    memset(&big, 0, sizeof big);
    big.d = def;
    big.d.size = sizeof def + sizeof big.tail;
    FZ_CALL(st2 = demc_contact_model_init(&big.d, &model2, &field));
    FZ_CHECK(st2 == st);
    big.tail[fz_int(&r, 0, (int)sizeof big.tail - 1) % sizeof big.tail] = 1;
    FZ_CALL(st2 = demc_contact_model_init(&big.d, &model2, &field));
    FZ_CHECK(st2 == DEMC_ERR_UNSUPPORTED && strcmp(field, "def.size") == 0);
    big.d.size = DEMC_CONTACT_DEF_SIZE_1_0 - 8; /* below the smallest size accepted */
    FZ_CALL(st2 = demc_contact_model_init(&big.d, &model2, &field));
    FZ_CHECK(st2 == DEMC_ERR_INVALID_ARGUMENT && strcmp(field, "def.size") == 0);
    if (st != DEMC_OK) return;

    /* the compiled model's facts */
    FZ_CALL(n = demc_contact_model_state_size(&model));
    FZ_CHECK(n <= DEMC_CONTACT_STATE_MAX);
    {
        double range;
        demc_contact_kind kind;
        FZ_CALL(range = demc_contact_model_range(&model));
        FZ_CHECK(fz_fin(range) && range >= 0.0);
        if (def.normal != DEMC_NORMAL_JKR && def.normal != DEMC_NORMAL_THORNTON_NING && !def.capillary.bridge)
            FZ_CHECK(range == 0.0);
        FZ_CALL(kind = demc_contact_model_kind(&model));
        FZ_CHECK((kind & 15u) == (unsigned)def.normal && (kind >> 4 & 7u) == (unsigned)def.damping &&
                 (kind >> 7 & 7u) == (unsigned)def.tangential && (kind >> 12 & 7u) == (unsigned)def.rolling &&
                 (kind >> 15 & 7u) == (unsigned)def.twisting);
    }
    {
        /* the state's named doubles: a bridge's two, distinct, inside the state and kept under the swap; none
         * without a bridge; bad arguments named */
        size_t at = 12345, at_volume = 12345;
        FZ_CALL(st2 = demc_contact_state_index(&model, DEMC_CONTACT_STATE_BRIDGE, &at, &field));
        if (def.capillary.bridge) {
            FZ_CHECK(st2 == DEMC_OK && field == NULL && at < n);
            FZ_CALL(st2 = demc_contact_state_index(&model, DEMC_CONTACT_STATE_BRIDGE_VOLUME, &at_volume, &field));
            FZ_CHECK(st2 == DEMC_OK && at_volume < n && at_volume != at);
            FZ_CHECK(demc_contact_state_flips(&model, at) == 0 && demc_contact_state_flips(&model, at_volume) == 0);
        } else {
            FZ_CHECK(st2 == DEMC_ERR_UNSUPPORTED && strcmp(field, "entry") == 0 && at == 12345);
        }
        FZ_CALL(st2 = demc_contact_state_index(&model, (demc_contact_state_entry)2, &at, &field));
        FZ_CHECK(st2 == DEMC_ERR_INVALID_ARGUMENT && strcmp(field, "entry") == 0);
        FZ_CALL(st2 = demc_contact_state_index(&model, DEMC_CONTACT_STATE_BRIDGE, NULL, &field));
        FZ_CHECK(st2 == DEMC_ERR_INVALID_ARGUMENT && strcmp(field, "index") == 0);
        if (def.capillary.bridge) {
            /* the host's volume (a pick of none, within, above the largest, negative; a NaN, which the state
             * keeps, is the unit test's) and the volume the bridge then has (contact.h,
             * DEMC_CONTACT_STATE_BRIDGE_VOLUME) */
            static const double host_factor[8] = {0.0, 0.5, 1.0, 2.0, 100.0, -1.0, 1e-3, 0.25};
            const double vmax = def.capillary.max_volume > 0.0 ? def.capillary.max_volume : def.capillary.volume;
            const double host = host_factor[host_pick / 4 % 8] * def.capillary.volume;
            state_volume = host;
            bridge_volume = host > 0.0 ? fmin(host, vmax) : def.capillary.volume;
            volume_at = at_volume;
        }
    }
    for (k = 0; k < DEMC_CONTACT_STATE_MAX + 2; ++k) {
        int flip;
        FZ_CALL(flip = demc_contact_state_flips(&model, k));
        FZ_CHECK(flip == 0 || flip == 1);
        if (k >= n) FZ_CHECK(flip == 0);
    }

    /* two spheres, a wall and a facet from the input */
    bi.position = fz_vec3(&r);
    bi.velocity = fz_vec3(&r);
    bi.angular_velocity = fz_vec3(&r);
    bi.radius = fz_double(&r);
    bi.mass = fz_double(&r);
    bi.inertia = 0.0;
    bj.position = demc_vec3_add(bi.position, fz_vec3(&r)); /* an offset: touching pairs are easy to reach */
    bj.velocity = fz_vec3(&r);
    bj.angular_velocity = fz_vec3(&r);
    bj.radius = fz_double(&r);
    bj.mass = fz_double(&r);
    bj.inertia = 0.0;
    dt = fz_double(&r);
    wall.point = fz_vec3(&r);
    wall.normal = demc_vec3_normalize(fz_vec3(&r));
    wall.velocity = fz_vec3(&r);
    wall.angular_velocity = fz_vec3(&r);
    tri.vertex[0] = demc_vec3_add(bi.position, fz_vec3(&r));
    tri.vertex[1] = demc_vec3_add(tri.vertex[0], fz_vec3(&r));
    tri.vertex[2] = demc_vec3_add(tri.vertex[0], fz_vec3(&r));
    tri.velocity[0] = fz_vec3(&r);
    tri.velocity[1] = fz_vec3(&r);
    tri.velocity[2] = fz_vec3(&r);

    in_def = fz_contact_def_moderate(&def) && dt >= 1e-12 && dt <= 1.0;
    memset(state, 0, sizeof state);
    if (def.capillary.bridge) state[volume_at] = state_volume;
    for (step = 0; step < 3; ++step) {
        const int in = in_def && fz_body_moderate(&bi) && fz_body_moderate(&bj);
        FZ_CALL(fr = demc_contact_frame_sphere_sphere(&model, &bi, &bj));
        /* a bridge's rupture at an empty frame takes its energy from the pair it was formed for (the Derjaguin radius
         * its flag keeps): in the domain when that pair was */
        if (fr.effective_radius != 0.0) bridge_in = fz_bridge_pair(&def, &fr, bridge_volume);
        if (in) {
            const double n2 = demc_vec3_norm2(fr.normal);
            FZ_CHECK(fz_frame_finite(&fr));
            FZ_CHECK(n2 == 0.0 || fabs(n2 - 1.0) <= 1e-14);
        }
        /* a pair the builder rejects gets overlap 0 and every other field zero */
        if (in && fr.overlap == 0.0 && demc_vec3_norm2(fr.normal) == 0.0) FZ_CHECK(fz_frame_empty(&fr));
        /* the lens area of sjkr is defined up to δ = 2 min(R_i, R_j) (adhesion.h); Thornton & Ning's kernel for
         * R* ≤ 1 m and |δ| ≤ R*, EEPA's for |δ| ≤ 1 m (normal_plastic.h) */
        (void)fz_contact_eval(&model, &def, &fr, dt, state,
                              in && !(def.normal == DEMC_NORMAL_SJKR && !(fr.overlap < 2.0 * fmin(bi.radius, bj.radius))) &&
                                  !(def.normal == DEMC_NORMAL_THORNTON_NING &&
                                    !(fr.effective_radius <= 1.0 && fabs(fr.overlap) <= fr.effective_radius)) &&
                                  !(def.normal == DEMC_NORMAL_EEPA && !(fabs(fr.overlap) <= 1.0)) && bridge_in);
        /* the state seen from the other body: swapping twice restores it bit for bit */
        memcpy(copy, state, sizeof copy);
        FZ_CALL(demc_contact_state_swap(&model, state));
        for (k = 0; k < n; ++k) {
            if (demc_contact_state_flips(&model, k)) FZ_CHECK(state[k] == -copy[k] || fz_nan(copy[k]));
            else FZ_CHECK(memcmp(&state[k], &copy[k], sizeof(double)) == 0);
        }
        FZ_CALL(demc_contact_state_swap(&model, state));
        FZ_CHECK(memcmp(state, copy, n * sizeof(double)) == 0);
        if (in && fz_vmoderate(demc_vec3_scale(bi.velocity, dt), 1e6) && fz_vmoderate(demc_vec3_scale(bj.velocity, dt), 1e6)) {
            bi.position = demc_vec3_add_scaled(bi.position, dt, bi.velocity);
            bj.position = demc_vec3_add_scaled(bj.position, dt, bj.velocity);
        }
    }

    /* the batch call against the single call, bit for bit; nothing written on an error */
    {
        double x[2][3], v[2][3], w[2][3], rad[2], mass[2], bstate[DEMC_CONTACT_STATE_MAX + 2];
        double force[3], ti[3], tj[3], bf[2][3], bt[2][3], nodal[9];
        const int ii[1] = {0}, jj[1] = {1}, jf[1] = {0};
        demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
        demc_contact_result single;
        const int in = in_def && fz_body_moderate(&bi) && fz_body_moderate(&bj);
        int which = fz_int(&r, 0, 12);
        if (which < 0 || which > 12) which = 0; /* the bytes past the range: no edge */
        memcpy(x[0], &bi.position, sizeof x[0]);
        memcpy(x[1], &bj.position, sizeof x[1]);
        memcpy(v[0], &bi.velocity, sizeof v[0]);
        memcpy(v[1], &bj.velocity, sizeof v[1]);
        memcpy(w[0], &bi.angular_velocity, sizeof w[0]);
        memcpy(w[1], &bj.angular_velocity, sizeof w[1]);
        rad[0] = bi.radius;
        rad[1] = bj.radius;
        mass[0] = bi.mass;
        mass[1] = bj.mass;
        b.count = 1;
        b.i = ii;
        b.j = jj;
        b.position = x[0];
        b.velocity = v[0];
        b.angular_velocity = w[0];
        b.radius = rad;
        b.mass = mass;
        b.vector_stride = 3;
        b.scalar_stride = 1;
        b.state = bstate;
        b.state_stride = n;
        b.force = force;
        b.torque_i = ti;
        b.torque_j = tj;
        b.body_force = bf[0];
        b.body_torque = bt[0];
        /* an edge of the call: one field broken (0: none) */
        switch (which) {
        case 1: b.i = NULL; break;
        case 2: b.j = NULL; break;
        case 3: b.position = NULL; break;
        case 4: b.radius = NULL; break;
        case 5: b.vector_stride = 2; break;
        case 6: b.scalar_stride = 0; break;
        case 7: b.state = NULL; break;
        case 8: b.state_stride = n - 1; break; /* n ≥ 1 for a model with a state; else SIZE_MAX */
        case 9: b.size = DEMC_CONTACT_BATCH_SIZE_1_0 - 1; break; /* below the smallest size accepted */
        case 10: b.count = 0; break;
        case 12: /* no outputs but the states */
            b.force = b.torque_i = b.torque_j = b.body_force = b.body_torque = NULL;
            break;
        default: break;
        }
        for (step = 0; step < 3; ++step) {
            const int kind_of_call = step; /* 0 spheres, 1 wall, 2 facet */
            memcpy(bstate, state, sizeof bstate);
            memset(force, FZ_POISON, sizeof force);
            memset(ti, FZ_POISON, sizeof ti);
            memset(tj, FZ_POISON, sizeof tj);
            memset(bf, 0, sizeof bf);
            memset(bt, 0, sizeof bt);
            memset(nodal, FZ_POISON, sizeof nodal);
            if (kind_of_call == 0) {
                FZ_CALL(st = demc_contact_eval_batch(&model, &b, dt, &field));
                FZ_CALL(fr = demc_contact_frame_sphere_sphere(&model, &bi, &bj));
            } else if (kind_of_call == 1) {
                FZ_CALL(st = demc_contact_eval_batch_wall(&model, &b, &wall, dt, &field));
                FZ_CALL(fr = demc_contact_frame_sphere_wall(&model, &bi, &wall));
                if (in && fz_vmoderate(wall.point, 1e6) && fz_vmoderate(wall.velocity, 1e6) &&
                    fz_vmoderate(wall.angular_velocity, 1e6) && fabs(demc_vec3_norm2(wall.normal) - 1.0) < 1e-14)
                    FZ_CHECK(fz_frame_finite(&fr));
            } else {
                FZ_CALL(fc = demc_facet_closest_point(&tri, bi.position));
                if (b.j) b.j = jf; /* j indexes the facets */
                FZ_CALL(st = demc_contact_eval_batch_facet(&model, &b, &tri, &fc, dt, which == 11 ? NULL : nodal,
                                                           &field));
                FZ_CALL(fr = demc_contact_frame_sphere_facet(&model, &bi, &tri, &fc));
                if (in && fz_vmoderate(tri.vertex[0], 1e6) && fz_vmoderate(tri.vertex[1], 1e6) &&
                    fz_vmoderate(tri.vertex[2], 1e6) && fz_vmoderate(tri.velocity[0], 1e6) &&
                    fz_vmoderate(tri.velocity[1], 1e6) && fz_vmoderate(tri.velocity[2], 1e6))
                    FZ_CHECK(fz_frame_finite(&fr));
            }
            if (st != DEMC_OK) {
                FZ_CHECK(field != NULL && field[0] != '\0');
                FZ_CHECK(st == DEMC_ERR_INVALID_ARGUMENT || st == DEMC_ERR_OUT_OF_DOMAIN ||
                         st == DEMC_ERR_UNSUPPORTED);
                if (!(dt > 0.0)) FZ_CHECK(which != 0 || strcmp(field, "dt") == 0);
                FZ_CHECK(fz_untouched(force, sizeof force) && fz_untouched(ti, sizeof ti) &&
                         fz_untouched(tj, sizeof tj) && fz_untouched(nodal, sizeof nodal));
                FZ_CHECK(memcmp(bstate, state, sizeof bstate) == 0);
                continue;
            }
            FZ_CHECK(field == NULL);
            FZ_CHECK(which == 0 || which >= 10 || (which == 2 && kind_of_call == 1) ||
                     ((which == 7 || which == 8) && n == 0));
            if (which == 10) { /* an empty batch writes nothing */
                FZ_CHECK(fz_untouched(force, sizeof force) && fz_untouched(nodal, sizeof nodal));
                continue;
            }
            memcpy(copy, state, sizeof copy);
            FZ_CALL(single = demc_contact_eval(&model, &fr, dt, copy, NULL));
            if (kind_of_call < 2) { /* the one-call evaluation: the frame and the evaluation's results bit for bit */
                double once[DEMC_CONTACT_STATE_MAX];
                demc_contact_result combined;
                memcpy(once, state, sizeof once);
                if (kind_of_call == 0)
                    FZ_CALL(combined = demc_contact_eval_sphere_sphere(&model, &bi, &bj, dt, once, NULL));
                else
                    FZ_CALL(combined = demc_contact_eval_sphere_wall(&model, &bi, &wall, dt, once, NULL));
                FZ_CHECK(fz_same(&combined.force.x, &single.force.x, 3));
                FZ_CHECK(fz_same(&combined.torque_i.x, &single.torque_i.x, 3));
                FZ_CHECK(fz_same(&combined.torque_j.x, &single.torque_j.x, 3));
                FZ_CHECK(fz_same(&combined.overlap, &single.overlap, 1) &&
                         fz_same(&combined.normal_force, &single.normal_force, 1));
                FZ_CHECK(fz_same(once, copy, n));
            }
            if (which == 12) {
                FZ_CHECK(fz_same(bstate, copy, n) && fz_untouched(force, sizeof force));
                continue;
            }
            FZ_CHECK(fz_same(force, &single.force.x, 3));
            FZ_CHECK(fz_same(ti, &single.torque_i.x, 3));
            FZ_CHECK(fz_same(tj, &single.torque_j.x, 3));
            FZ_CHECK(fz_same(bstate, copy, n));
            {
                /* the accumulators: sphere i gets the force and torque_i, sphere j (pairs only) the opposite force
                 * and torque_j, whatever the overlap; the wall and the facet none */
                double ef[2][3] = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}}, et[2][3] = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};
                fz_accumulate(ef[0], &single.force.x, 1.0);
                fz_accumulate(et[0], &single.torque_i.x, 1.0);
                if (kind_of_call == 0) {
                    fz_accumulate(ef[1], &single.force.x, -1.0);
                    fz_accumulate(et[1], &single.torque_j.x, 1.0);
                }
                FZ_CHECK(fz_same_sum(bf[0], ef[0], 3) && fz_same_sum(bf[1], ef[1], 3));
                FZ_CHECK(fz_same_sum(bt[0], et[0], 3) && fz_same_sum(bt[1], et[1], 3));
            }
            if (kind_of_call == 2 && which != 11) {
                /* the reaction on the nodes (demc_facet_nodal_forces() of the force and torque_j), or zero when
                 * apart */
                const int apart = !(fr.overlap > 0.0) && fz_result_zero(&single);
                demc_vec3 nf[3];
                FZ_CALL(demc_facet_nodal_forces(&tri, &fc, single.force, single.torque_j, nf));
                for (k = 0; k < 3; ++k) {
                    const double *e = &nf[k].x;
                    size_t c;
                    for (c = 0; c < 3; ++c)
                        FZ_CHECK(nodal[3 * k + c] == e[c] || (fz_nan(nodal[3 * k + c]) && fz_nan(e[c])) ||
                                 (apart && nodal[3 * k + c] == 0.0));
                }
            }
            (void)in;
        }
    }
    if (fz_fin(dt) && dt > 0.0) {
        /* two contacts, (i, j) and (j, i): two at a time in SIMD lanes where the library has them */
        static const int pair_i[2] = {0, 1}, pair_j[2] = {1, 0};
        /* a neighbour list: a first chunk of 64 pairs with a third body far from i (apart, unless the input makes
         * it touch), then (i, j), (j, i) and one more far pair: the batch sifts the second chunk when the first was
         * sparse (the listed pair through the lanes where the library has them) */
        static int list_i[FZ_BATCH_MAX], list_j[FZ_BATCH_MAX];
        demc_body far = bj;
        const demc_body *body[3];
        size_t q;
        far.position.x = bi.position.x + 4.0 * (fabs(bi.radius) + fabs(bj.radius)) + 1.0;
        body[0] = &bi, body[1] = &bj, body[2] = &far;
        fz_batch_equals_single_calls(&model, body, 2, pair_i, pair_j, 2, state, n, dt);
        for (q = 0; q < FZ_BATCH_MAX; ++q) {
            list_i[q] = q == 65 ? 1 : q == 66 ? 2 : 0;
            list_j[q] = q == 64 ? 1 : q == 65 || q == 66 ? 0 : 2;
        }
        fz_batch_equals_single_calls(&model, body, 3, list_i, list_j, FZ_BATCH_MAX, state, n, dt);
    }
    FZ_CALL(demc_contact_state_reset(&model, state));
    for (k = 0; k < n; ++k) FZ_CHECK(state[k] == 0.0 && !signbit(state[k]));
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_contact(data, size);
    return 0;
}
#endif
