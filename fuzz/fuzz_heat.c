/* libFuzzer harness of heat.h and of the heat of the compiled contact model (see fuzz.h). The setups must follow
 * the setup convention for any input (the first bad input in argument order names the status); where they
 * succeed:
 * - the conductances are ≥ 0, 0 without a contact radius (a ≤ 0 or NaN), and do not decrease as a grows; the
 *   flow H (T_j − T_i) changes sign exactly with the two temperatures;
 * - the mixed k_s lies between the two conductivities; the partition's two heats sum to the dissipation exactly
 *   (any finite value) and are ≥ 0 for a dissipation ≥ 0;
 * - the collisional memory never shrinks while the contact lasts, is reset at a = 0, and its steps at constant
 *   temperatures sum to demc_heat_collision_heat() of the memory (relative 1e-12 in the domain below);
 * - the thermal time step is > 0 and m c_p/ΣH;
 * - through a model with a heat law: demc_contact_heat()'s flows are its conduction plus the partition of the
 *   diag's dissipation over Δt, exactly, and the batches (spheres and a wall; conduction only and with the
 *   frictional heat) add into each body exactly the single calls' sums, in the contacts' order.
 * Domain of the numeric checks: conductivities, h and effusivities in [1e-6, 1e6], radii a in [0, 1] m, Δt in
 * [1e-12, 1] s, temperatures in [0, 1e4] K. */
#include "fuzz.h"

static int fz_heat_in(double x, double lo, double hi) { return x >= lo && x <= hi; }
static int fz_heat_same(double a, double b) { return a == b || (fz_nan(a) && fz_nan(b)); }

/* The first bad input of a setup, in argument order: status and name (ok[q]: the documented range). */
static void fz_heat_first_bad(demc_status s, const char *field, const double *in, const int *ok, const char *const *names,
                              int n)
{
    int q;
    for (q = 0; q < n; ++q)
        if (!fz_fin(in[q]) || !ok[q]) {
            FZ_CHECK(s == (fz_fin(in[q]) ? DEMC_ERR_OUT_OF_DOMAIN : DEMC_ERR_INVALID_ARGUMENT) &&
                     !strcmp(field, names[q]));
            return;
        }
}

static void fz_heat_kernels(fz_reader *r)
{
    const double ki = fz_double(r), kj = fz_double(r), h = fz_double(r), ei = fz_double(r), ej = fz_double(r);
    const double frac = fz_double(r), ti = fz_double(r), tj = fz_double(r), mc = fz_double(r), sum = fz_double(r);
    const int mixing = fz_int(r, 0, 1);
    const int dom = fz_heat_in(ki, 1e-6, 1e6) && fz_heat_in(kj, 1e-6, 1e6) && fz_heat_in(h, 1e-6, 1e6) &&
                    fz_heat_in(ei, 1e-6, 1e6) && fz_heat_in(ej, 1e-6, 1e6) && fz_heat_in(ti, 0.0, 1e4) &&
                    fz_heat_in(tj, 0.0, 1e4);
    const char *field = "unset";
    demc_heat_contact_params cp;
    demc_heat_area_params ap;
    demc_heat_collision_params kp;
    demc_heat_partition_params pp;
    demc_heat_collision_state cs = {0.0, 0.0};
    demc_status s;
    double x, y, total = 0.0;
    int i;

    memset(&cp, FZ_POISON, sizeof cp);
    FZ_CALL(s = demc_heat_contact_init(ki, kj, (demc_heat_mixing)mixing, &cp, &field));
    FZ_SETUP(s, field, &cp);
    {
        const double in[2] = {ki, kj};
        const int ok[2] = {ki > 0.0, kj > 0.0};
        const char *const names[2] = {"conductivity_i", "conductivity_j"};
        if (s != DEMC_ERR_SINGULAR) fz_heat_first_bad(s, field, in, ok, names, 2);
    }
    if (s == DEMC_OK) {
        FZ_CHECK(fz_fin(cp.conductivity) && cp.conductivity > 0.0);
        FZ_CHECK(cp.conductivity >= fmin(ki, kj) * (1.0 - 1e-15) && cp.conductivity <= fmax(ki, kj) * (1.0 + 1e-15));
    } else {
        memset(&cp, FZ_POISON, sizeof cp);
        FZ_CALL(s = demc_heat_contact_pair_init(fabs(ki), &cp, &field));
        FZ_SETUP(s, field, &cp);
        if (s != DEMC_OK) return;
    }
    memset(&ap, FZ_POISON, sizeof ap);
    FZ_CALL(s = demc_heat_area_init(h, &ap, &field));
    FZ_SETUP(s, field, &ap);
    if (fz_fin(h)) FZ_CHECK((s == DEMC_OK) == (h >= 0.0));
    else FZ_CHECK(s == DEMC_ERR_INVALID_ARGUMENT && !strcmp(field, "transfer_coefficient"));
    if (s != DEMC_OK) ap.transfer_coefficient = 1.0;
    /* conductances: ≥ 0, 0 without a radius, non-decreasing in a; the flow antisymmetric in the temperatures */
    {
        double prev_c = 0.0, prev_a = 0.0;
        for (i = 0; i < 6; ++i) {
            const double a = fz_double(r);
            FZ_CALL(x = demc_heat_contact_conductance(&cp, a));
            FZ_CALL(y = demc_heat_area_conductance(&ap, a));
            if (!(a > 0.0)) FZ_CHECK(x == 0.0 && y == 0.0);
            else if (a <= 1e100) FZ_CHECK(x >= 0.0 && y >= 0.0); /* no NaN where a² does not overflow */
            if (fz_heat_in(a, prev_a, 1.0)) {
                FZ_CHECK(x >= prev_c);
                prev_c = x;
                prev_a = a;
            }
            if (dom && fz_heat_in(a, 0.0, 1.0)) {
                double back;
                FZ_CALL(y = demc_heat_flow(x, ti, tj));
                FZ_CALL(back = demc_heat_flow(x, tj, ti));
                FZ_CHECK(fz_fin(y) && back == -y && (y == 0.0 || (y > 0.0) == (tj > ti)));
            }
        }
    }
    /* collisional memory */
    memset(&kp, FZ_POISON, sizeof kp);
    FZ_CALL(s = demc_heat_collision_init(ei, ej, &kp, &field));
    FZ_SETUP(s, field, &kp);
    {
        const double in[2] = {ei, ej};
        const int ok[2] = {ei > 0.0, ej > 0.0};
        const char *const names[2] = {"effusivity_i", "effusivity_j"};
        if (s != DEMC_ERR_SINGULAR) fz_heat_first_bad(s, field, in, ok, names, 2);
    }
    if (dom) FZ_CHECK(s == DEMC_OK);
    if (s == DEMC_OK) {
        FZ_CHECK(fz_fin(kp.prefactor) && kp.prefactor > 0.0);
        int clean = 1; /* every step of this contact in the domain: the sum is checked */
        for (i = 0; i < 8; ++i) {
            const double a = fz_double(r), dt = fz_double(r);
            const demc_heat_collision_state before = cs;
            FZ_CALL(x = demc_heat_collision_step(&kp, a, dt, ti, tj, &cs));
            if (!(a > 0.0)) {
                FZ_CHECK(x == 0.0 && cs.radius_max == 0.0 && cs.duration == 0.0);
                total = 0.0;
                clean = 1;
                continue;
            }
            FZ_CHECK(!(cs.radius_max < before.radius_max) && !(cs.duration < before.duration));
            FZ_CHECK(cs.radius_max >= 0.0 && cs.duration >= 0.0);
            total += x;
            clean = clean && dom && fz_heat_in(a, 1e-9, 1.0) && fz_heat_in(dt, 1e-12, 1.0);
            if (clean) {
                FZ_CALL(y = demc_heat_collision_heat(&kp, cs.radius_max, cs.duration, ti, tj));
                FZ_CHECK(fz_fin(x) && fabs(total - y) <= 1e-12 * fabs(y) + 1e-300);
                FZ_CHECK(x == 0.0 || (x > 0.0) == (tj > ti));
            }
        }
    }
    /* partitions */
    memset(&pp, FZ_POISON, sizeof pp);
    FZ_CALL(s = demc_heat_partition_fraction_init(frac, &pp, &field));
    FZ_SETUP(s, field, &pp);
    if (fz_fin(frac)) FZ_CHECK((s == DEMC_OK) == (frac >= 0.0 && frac <= 1.0));
    if (s != DEMC_OK) {
        memset(&pp, FZ_POISON, sizeof pp);
        FZ_CALL(s = demc_heat_partition_effusivity_init(ei, ej, &pp, &field));
        FZ_SETUP(s, field, &pp);
        if (dom) FZ_CHECK(s == DEMC_OK);
    }
    if (s == DEMC_OK) {
        FZ_CHECK(fz_heat_in(pp.fraction_i, 0.0, 1.0) && fz_heat_in(pp.fraction_j, 0.0, 1.0));
        for (i = 0; i < 3; ++i) {
            const double p = fz_double(r);
            demc_heat_split split;
            FZ_CALL(split = demc_heat_partition(&pp, p));
            if (fz_fin(p) && fabs(p) <= 1e300) {
                FZ_CHECK(split.heat_i + split.heat_j == p);
                if (p >= 0.0) FZ_CHECK(split.heat_i >= 0.0 && split.heat_j >= 0.0);
            }
        }
    }
    /* the thermal time step */
    {
        double dt = -7.0;
        FZ_CALL(s = demc_heat_timestep(mc, sum, &dt, &field));
        if (s == DEMC_OK) {
            FZ_CHECK(field == NULL && dt > 0.0);
            if (sum > 0.0 && fz_fin(dt)) FZ_CHECK(fabs(dt - mc / sum) <= 1e-15 * dt);
            if (sum == 0.0) FZ_CHECK(dt == HUGE_VAL);
        } else {
            FZ_CHECK(dt == -7.0 && field != NULL);
            if (fz_fin(mc) && fz_fin(sum) && mc > 0.0 && sum >= 0.0) FZ_CHECK(s == DEMC_ERR_SINGULAR);
        }
    }
}

/* A body of the contact runs: the position's components in ±2R around the origin's neighbour, the velocities from
 * the input (in the domain, |v| ≤ 10 m/s, |ω| ≤ 1e3 rad/s). */
static demc_body fz_heat_body(fz_reader *r, double x0, double radius)
{
    double u[8]; /* read in order (the order of a call's arguments is unspecified) */
    int k;
    demc_body b;
    for (k = 0; k < 8; ++k) u[k] = fz_corner(r, -1.0, 1.0);
    memset(&b, 0, sizeof b);
    b.position = demc_vec3_make(x0 + 1e-4 * u[0], 1e-4 * u[1], radius + 1e-5 * u[2]);
    b.velocity = demc_vec3_make(10.0 * u[3], 10.0 * u[4], 10.0 * u[5]);
    b.angular_velocity = demc_vec3_make(1e3 * u[6], 0.0, 1e3 * u[7]);
    b.radius = radius;
    b.mass = 2500.0 * 4.18879020478639 * radius * radius * radius;
    return b;
}

/* Three spheres in a row on a wall at z = 0, pairs (0, 1), (1, 2), (0, 2) and each on the wall, evaluated for a few
 * steps by the single calls and by the batches, with and without the frictional heat. */
static void fz_heat_contact(fz_reader *r)
{
    demc_contact_def def = demc_contact_def_default();
    demc_contact_model m;
    const char *field = "unset";
    demc_status s;
    int law, step, k, q;
    double x[3][3], v[3][3], w[3][3], rad[3], mass[3], temp[3], bt[1];
    double st[3][64], ref_st[3][64], wst[3][64], ref_wst[3][64], flow[3], ref_flow[3], wflow[3], ref_wflow[3];
    int ii[3] = {0, 1, 0}, jj[3] = {1, 2, 2}, wi[3] = {0, 1, 2};
    const double dt = fz_corner(r, 1e-9, 1e-5);
    demc_wall wall;
    const int friction = fz_int(r, 0, 1) == 1;
    law = fz_int(r, 0, 3);
    def.moduli.effective_modulus = fz_corner(r, 1e6, 1e11);
    def.moduli.effective_shear_modulus = def.moduli.effective_modulus * fz_corner(r, 0.2, 0.5);
    def.restitution = fz_corner(r, 0.1, 1.0);
    def.friction.mu_static = def.friction.mu_dynamic = fz_corner(r, 0.0, 1.0);
    def.tangential = fz_int(r, 0, 2) == 2 ? DEMC_TANGENTIAL_MINDLIN_DERESIEWICZ : def.tangential;
    def.heat.law = (demc_heat_law)law;
    def.heat.partition = (demc_heat_partition_rule)fz_int(r, 0, 2);
    def.heat.conductivity_i = fz_double(r);
    def.heat.conductivity_j = fz_double(r);
    def.heat.conductivity = fz_int(r, 0, 1) ? fz_double(r) : 0.0;
    def.heat.transfer_coefficient = fz_double(r);
    def.heat.effusivity_i = fz_double(r);
    def.heat.effusivity_j = fz_double(r);
    def.heat.fraction_i = fz_double(r);
    {
        /* the mechanical description alone must be valid: then a refusal is the heat slot's, named as such */
        demc_contact_def cold = def;
        memset(&cold.heat, 0, sizeof cold.heat);
        if (demc_contact_model_init(&cold, &m, NULL) != DEMC_OK) return;
    }
    memset(&m, FZ_POISON, sizeof m);
    FZ_CALL(s = demc_contact_model_init(&def, &m, &field));
    FZ_SETUP(s, field, &m);
    if (s != DEMC_OK) {
        FZ_CHECK(!strncmp(field, "def.heat.", 9));
        return;
    }
    FZ_CHECK(demc_contact_model_state_size(&m) <= 64);
    memset(&wall, 0, sizeof wall);
    wall.normal = demc_vec3_make(0.0, 0.0, 1.0);
    bt[0] = fz_corner(r, 0.0, 1e4);
    for (k = 0; k < 3; ++k) {
        const double radius = 1e-3 * fz_corner(r, 0.5, 2.0);
        const demc_body b = fz_heat_body(r, 1.95e-3 * k, radius);
        x[k][0] = b.position.x, x[k][1] = b.position.y, x[k][2] = b.position.z;
        v[k][0] = b.velocity.x, v[k][1] = b.velocity.y, v[k][2] = b.velocity.z;
        w[k][0] = b.angular_velocity.x, w[k][1] = b.angular_velocity.y, w[k][2] = b.angular_velocity.z;
        rad[k] = b.radius;
        mass[k] = b.mass;
        temp[k] = fz_corner(r, 0.0, 1e4);
        flow[k] = ref_flow[k] = wflow[k] = ref_wflow[k] = 0.0;
    }
    memset(st, 0, sizeof st), memset(ref_st, 0, sizeof ref_st), memset(wst, 0, sizeof wst);
    memset(ref_wst, 0, sizeof ref_wst);
    for (step = 0; step < 4; ++step) {
        demc_contact_batch b = DEMC_CONTACT_BATCH_INIT;
        int geometry;
        for (geometry = 0; geometry < 2; ++geometry) {
            b.count = 3;
            b.i = geometry ? wi : ii;
            b.j = geometry ? NULL : jj;
            b.position = &x[0][0], b.velocity = &v[0][0], b.angular_velocity = &w[0][0];
            b.radius = rad, b.mass = mass;
            b.vector_stride = 3, b.scalar_stride = 1;
            b.state = geometry ? &wst[0][0] : &st[0][0];
            b.state_stride = 64;
            b.temperature = temp;
            b.heat_flow = geometry ? wflow : flow;
            b.boundary_temperature = bt;
            b.frictional_heat = friction;
            FZ_CALL(s = geometry ? demc_contact_eval_batch_wall(&m, &b, &wall, dt, &field)
                                 : demc_contact_eval_batch(&m, &b, dt, &field));
            FZ_CHECK(s == DEMC_OK && field == NULL);
            for (q = 0; q < 3; ++q) {
                demc_body bi, bj;
                demc_contact_frame f;
                demc_contact_result res;
                demc_contact_heat_result h;
                demc_contact_diag diag = DEMC_CONTACT_DIAG_INIT;
                double *state = geometry ? ref_wst[q] : ref_st[q];
                const int i = geometry ? wi[q] : ii[q], j = geometry ? 0 : jj[q];
                memset(&bi, 0, sizeof bi), memset(&bj, 0, sizeof bj);
                bi.position = demc_vec3_make(x[i][0], x[i][1], x[i][2]);
                bi.velocity = demc_vec3_make(v[i][0], v[i][1], v[i][2]);
                bi.angular_velocity = demc_vec3_make(w[i][0], w[i][1], w[i][2]);
                bi.radius = rad[i], bi.mass = mass[i];
                bj.position = demc_vec3_make(x[j][0], x[j][1], x[j][2]);
                bj.velocity = demc_vec3_make(v[j][0], v[j][1], v[j][2]);
                bj.angular_velocity = demc_vec3_make(w[j][0], w[j][1], w[j][2]);
                bj.radius = rad[j], bj.mass = mass[j];
                f = geometry ? demc_contact_frame_sphere_wall(&m, &bi, &wall)
                             : demc_contact_frame_sphere_sphere(&m, &bi, &bj);
                FZ_CALL(res = demc_contact_eval(&m, &f, dt, state, friction ? &diag : NULL));
                FZ_CALL(h = demc_contact_heat(&m, &f, &res, friction ? &diag : NULL, temp[i],
                                              geometry ? bt[0] : temp[j], dt, state));
                FZ_CHECK(fz_heat_same(h.heat_flow_i, h.conduction + h.friction_i) &&
                         fz_heat_same(h.heat_flow_j, h.friction_j - h.conduction));
                FZ_CHECK(!(h.conductance < 0.0) && !(h.contact_radius < 0.0));
                if (law == DEMC_HEAT_NONE) { /* no heat at all: zeros */
                    FZ_CHECK(h.heat_flow_i == 0.0 && h.heat_flow_j == 0.0 && h.conductance == 0.0);
                } else if (friction) {
                    const double d = diag.viscous_dissipation + diag.friction_dissipation + diag.plastic_dissipation +
                                     diag.adhesion_dissipation + diag.rolling_dissipation + diag.twisting_dissipation;
                    if (fz_fin(d / dt)) FZ_CHECK(h.friction_i + h.friction_j == d / dt);
                    if (d >= 0.0) FZ_CHECK(!(h.friction_i < 0.0) && !(h.friction_j < 0.0));
                } else {
                    FZ_CHECK(h.friction_i == 0.0 && h.friction_j == 0.0);
                }
                if (f.overlap > 0.0 || f.effective_radius > 0.0) {
                    /* the batch adds what the single call gives, in the contacts' order */
                    (geometry ? ref_wflow : ref_flow)[i] += h.heat_flow_i;
                    if (!geometry) ref_flow[j] += h.heat_flow_j;
                }
            }
            if (geometry) {
                FZ_CHECK(memcmp(wflow, ref_wflow, sizeof wflow) == 0 && memcmp(wst, ref_wst, sizeof wst) == 0);
            } else {
                FZ_CHECK(memcmp(flow, ref_flow, sizeof flow) == 0 && memcmp(st, ref_st, sizeof st) == 0);
            }
        }
        for (k = 0; k < 3; ++k) {
            x[k][0] += v[k][0] * dt, x[k][1] += v[k][1] * dt, x[k][2] += v[k][2] * dt;
        }
    }
}

static void demc_fuzz_heat(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    fz_heat_kernels(&r);
    fz_heat_contact(&r);
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_heat(data, size);
    return 0;
}
#endif
