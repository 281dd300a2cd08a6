/* rotation.h: Rodrigues tensor, composition, vector rotation, incremental update, rolling, conversions.
 * Every expected value comes from the axis–angle form with trigonometry (Euler's formula
 * R = cos θ I + sin θ [e]× + 2 sin²(θ/2) e eᵀ), from quaternion algebra written here, or from closed forms of the
 * integrator for a constant or linearly growing spin: none from the Rodrigues formulas under test. */
#include <float.h>
#include <stddef.h>

#include "demc.h"
#include "harness.h"

static const double pi = 3.14159265358979323846;
static const double eps = DBL_EPSILON; /* 2.2e-16 */

/* ---- independent reference: random numbers, axis–angle tensors, matrix algebra ---- */

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;

/* splitmix64, uniform in [0, 1) with 53 random bits */
static double uniform(void)
{
    unsigned long long z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

/* A uniformly distributed unit vector (Marsaglia's method). */
static demc_vec3 random_axis(void)
{
    for (;;) {
        double a = 2 * uniform() - 1, b = 2 * uniform() - 1, s = a * a + b * b, r;
        if (s >= 1 || s == 0) continue;
        r = 2 * sqrt(1 - s);
        return demc_vec3_make(a * r, b * r, 1 - 2 * s);
    }
}

/* An angle in (0, π): uniform in the angle or log-uniform down to 1e-12, alternately. */
static double random_angle(long i)
{
    return (i & 1) ? pi * (1 - uniform()) : pi * pow(10.0, -12 * uniform());
}

/* α of (e, θ) with tan: the parameterisation 001 eq 9 written from its definition. */
static demc_vec3 alpha_of(demc_vec3 e, double theta) { return demc_vec3_scale(e, 2 * tan(0.5 * theta)); }

/* Euler's axis–angle formula with 1 − cos θ = 2 sin²(θ/2) (no cancellation at small θ). */
static demc_mat3 ref_tensor(demc_vec3 e, double theta)
{
    double c = cos(theta), s = sin(theta), h = sin(0.5 * theta), k = 2 * h * h;
    double ev[3];
    demc_mat3 r;
    int i, j;
    ev[0] = e.x, ev[1] = e.y, ev[2] = e.z;
    for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) r.m[i][j] = (i == j ? c : 0.0) + k * ev[i] * ev[j];
    r.m[0][1] -= s * e.z, r.m[1][0] += s * e.z;
    r.m[0][2] += s * e.y, r.m[2][0] -= s * e.y;
    r.m[1][2] -= s * e.x, r.m[2][1] += s * e.x;
    return r;
}

static demc_mat3 mat_mul(demc_mat3 a, demc_mat3 b)
{
    demc_mat3 r;
    int i, j;
    for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) r.m[i][j] = a.m[i][0] * b.m[0][j] + a.m[i][1] * b.m[1][j] + a.m[i][2] * b.m[2][j];
    return r;
}

static demc_vec3 mat_vec(demc_mat3 a, demc_vec3 v)
{
    return demc_vec3_make(a.m[0][0] * v.x + a.m[0][1] * v.y + a.m[0][2] * v.z,
                          a.m[1][0] * v.x + a.m[1][1] * v.y + a.m[1][2] * v.z,
                          a.m[2][0] * v.x + a.m[2][1] * v.y + a.m[2][2] * v.z);
}

/* max_ij |a_ij − b_ij| */
static double mat_dist(demc_mat3 a, demc_mat3 b)
{
    double d = 0;
    int i, j;
    for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j)
            if (!(fabs(a.m[i][j] - b.m[i][j]) <= d)) d = fabs(a.m[i][j] - b.m[i][j]); /* NaN propagates */
    return d;
}

/* |a − b| / |b| (|a − b| when b = 0) */
static double vec_rel(demc_vec3 a, demc_vec3 b)
{
    double d = demc_vec3_norm(demc_vec3_sub(a, b)), n = demc_vec3_norm(b);
    return n == 0 ? d : d / n;
}

/* ---- tensor, composition, vector rotation ---- */

/* QQᵀ = I and det Q = 1 over 10⁶ random rotations, and Q equal to Euler's axis–angle tensor. */
static void tensor_is_orthonormal_and_matches_axis_angle(void)
{
    double worst_orth = 0, worst_det = 0, worst_ref = 0;
    long i;
    for (i = 0; i < 1000000; ++i) {
        double theta = random_angle(i);
        demc_vec3 e = random_axis();
        demc_mat3 q = demc_rodrigues_to_tensor(alpha_of(e, theta)), p;
        double det, d;
        int r, c;
        for (r = 0; r < 3; ++r)
            for (c = 0; c < 3; ++c) {
                d = q.m[r][0] * q.m[c][0] + q.m[r][1] * q.m[c][1] + q.m[r][2] * q.m[c][2] - (r == c);
                if (!(fabs(d) <= worst_orth)) worst_orth = fabs(d);
            }
        det = q.m[0][0] * (q.m[1][1] * q.m[2][2] - q.m[1][2] * q.m[2][1]) -
              q.m[0][1] * (q.m[1][0] * q.m[2][2] - q.m[1][2] * q.m[2][0]) +
              q.m[0][2] * (q.m[1][0] * q.m[2][1] - q.m[1][1] * q.m[2][0]);
        if (!(fabs(det - 1) <= worst_det)) worst_det = fabs(det - 1);
        if ((i & 15) == 0) { /* the trig reference is the slow part: every 16th sample */
            p = ref_tensor(e, theta);
            d = mat_dist(q, p);
            /* near π, α = 2 tan(θ/2) itself carries the rounding of tan: ε/sin θ relative, a rotation of
             * about ε·θ/... absolute in Q; bounded by 4ε here since Q's sensitivity to α falls as 4/|α|. */
            if (!(d <= worst_ref)) worst_ref = d;
        }
    }
    printf("    tensor: max|QQᵀ − I| = %.2e, max|det Q − 1| = %.2e, max|Q − R(e,θ)| = %.2e\n", worst_orth,
           worst_det, worst_ref);
    CHECK_ABS(worst_orth, 0.0, 1e-15);
    CHECK_ABS(worst_det, 0.0, 1e-15);
    CHECK_ABS(worst_ref, 0.0, 1e-15);
}

/* eq 7 (ϑ) and eq 10 (α = 2ϑ) are the same tensor; tiny and zero angles keep full relative precision. */
static void tensor_gibbs_form_and_tiny_angles(void)
{
    demc_vec3 g = demc_vec3_make(0.3, -1.7, 0.4);
    demc_mat3 a = demc_gibbs_to_tensor(g), b = demc_rodrigues_to_tensor(demc_vec3_scale(g, 2));
    demc_mat3 z = demc_rodrigues_to_tensor(demc_vec3_make(0, 0, 0)), t;
    CHECK(mat_dist(a, b) == 0);
    CHECK(z.m[0][0] == 1 && z.m[1][1] == 1 && z.m[2][2] == 1 && z.m[0][1] == 0 && z.m[2][1] == 0);
    /* θ = 1e-300 about z: sin θ = 1e-300 in the off-diagonal, exactly */
    t = demc_rodrigues_to_tensor(demc_vec3_make(0, 0, 1e-300));
    CHECK(t.m[1][0] == 1e-300 && t.m[0][1] == -1e-300 && t.m[0][0] == 1 && t.m[2][2] == 1);
    /* θ = 1e-5 about x: 1 − cos θ keeps its relative precision in 1 − Q_11 */
    t = demc_rodrigues_to_tensor(alpha_of(demc_vec3_make(1, 0, 0), 1e-5));
    CHECK_REL(t.m[2][1], sin(1e-5), 2 * eps);
    CHECK_REL(t.m[1][1], cos(1e-5), eps);
}

static void compose_equals_tensor_product(void)
{
    double worst = 0, worst_gibbs = 0;
    long i;
    for (i = 0; i < 100000; ++i) {
        double t1 = random_angle(i), t2 = random_angle(i + 1);
        demc_vec3 e1 = random_axis(), e2 = random_axis();
        demc_vec3 a1 = alpha_of(e1, t1), a2 = alpha_of(e2, t2);
        demc_mat3 expect = mat_mul(ref_tensor(e2, t2), ref_tensor(e1, t1)); /* α1 first: Q2 Q1 */
        double d = mat_dist(demc_rodrigues_to_tensor(demc_rodrigues_compose(a1, a2)), expect);
        double dg = mat_dist(demc_gibbs_to_tensor(demc_gibbs_compose(demc_vec3_scale(a1, 0.5),
                                                                      demc_vec3_scale(a2, 0.5))), expect);
        if (!(d <= worst)) worst = d;
        if (!(dg <= worst_gibbs)) worst_gibbs = dg;
    }
    printf("    compose: max|Q(α1∘α2) − Q2Q1| = %.2e (eq 11), %.2e (eq 8)\n", worst, worst_gibbs);
    CHECK_ABS(worst, 0.0, 1e-14);
    CHECK_ABS(worst_gibbs, 0.0, 1e-14);
}

static void compose_same_axis_adds_angles(void)
{
    demc_vec3 e = demc_vec3_normalize(demc_vec3_make(1, 2, -2));
    demc_vec3 c = demc_rodrigues_compose(alpha_of(e, 0.7), alpha_of(e, 1.1));
    CHECK(vec_rel(c, alpha_of(e, 1.8)) <= 4 * eps);
    /* past a half turn the composite is the equivalent rotation by 2π − θ about −e */
    c = demc_rodrigues_compose(alpha_of(e, 2.0), alpha_of(e, 2.5));
    CHECK(vec_rel(c, alpha_of(e, 4.5 - 2 * pi)) <= 16 * eps);
}

static void compose_is_associative(void)
{
    double worst_q = 0, worst_a = 0;
    long i;
    for (i = 0; i < 100000; ++i) {
        demc_vec3 a = alpha_of(random_axis(), random_angle(i));
        demc_vec3 b = alpha_of(random_axis(), random_angle(i + 1));
        demc_vec3 c = alpha_of(random_axis(), random_angle(i));
        demc_vec3 l = demc_rodrigues_compose(demc_rodrigues_compose(a, b), c);
        demc_vec3 r = demc_rodrigues_compose(a, demc_rodrigues_compose(b, c));
        double d = mat_dist(demc_rodrigues_to_tensor(l), demc_rodrigues_to_tensor(r));
        if (!(d <= worst_q)) worst_q = d;
        /* as α, associativity is as well conditioned as α itself: away from a half turn (|α| ≤ 2, θ ≤ π/2)
         * the two groupings agree to a few ulp relative */
        if (demc_vec3_norm(l) <= 2 && demc_vec3_norm(a) <= 2 && demc_vec3_norm(b) <= 2 && demc_vec3_norm(c) <= 2) {
            d = vec_rel(l, r);
            if (!(d <= worst_a)) worst_a = d;
        }
    }
    printf("    associativity: max|Q((a∘b)∘c) − Q(a∘(b∘c))| = %.2e; relative in α (|α| ≤ 2) %.2e\n", worst_q,
           worst_a);
    CHECK_ABS(worst_q, 0.0, 1e-14);
    CHECK_ABS(worst_a, 0.0, 1e-14);
}

static void compose_with_inverse_is_identity(void)
{
    long i;
    int ok = 1;
    for (i = 0; i < 10000; ++i) {
        demc_vec3 a = demc_vec3_scale(alpha_of(random_axis(), random_angle(i)), i % 3 ? 1.0 : 1e-290);
        demc_vec3 l = demc_rodrigues_compose(a, demc_rodrigues_inverse(a));
        demc_vec3 r = demc_rodrigues_compose(demc_rodrigues_inverse(a), a);
        if (!(l.x == 0 && l.y == 0 && l.z == 0 && r.x == 0 && r.y == 0 && r.z == 0)) ok = 0;
    }
    CHECK(ok); /* exactly: α × α = 0 and α − α = 0 in floating point */
    CHECK(demc_rodrigues_inverse(demc_vec3_make(1, -2, 3)).y == 2);
}

static void rotate_matches_tensor_and_axis_angle(void)
{
    double worst = 0, worst_t = 0, worst_back = 0;
    long i;
    for (i = 0; i < 100000; ++i) {
        double theta = random_angle(i);
        demc_vec3 e = random_axis(), a = alpha_of(e, theta);
        demc_vec3 v = demc_vec3_scale(random_axis(), 1 + 9 * uniform());
        demc_vec3 r = demc_rodrigues_rotate(a, v);
        double d = demc_vec3_norm(demc_vec3_sub(r, mat_vec(ref_tensor(e, theta), v))) / demc_vec3_norm(v);
        double dt = demc_vec3_norm(demc_vec3_sub(r, mat_vec(demc_rodrigues_to_tensor(a), v))) / demc_vec3_norm(v);
        if (!(d <= worst)) worst = d;
        if (!(dt <= worst_t)) worst_t = dt;
        /* the inverse rotation brings v back */
        d = vec_rel(demc_rodrigues_rotate(demc_rodrigues_inverse(a), r), v);
        if (!(d <= worst_back)) worst_back = d;
    }
    printf("    rotate: max|Qv − R(e,θ)v|/|v| = %.2e, vs tensor %.2e, back %.2e\n", worst, worst_t, worst_back);
    /* Bound: the reference R(e,θ)v rounds cos θ, sin θ, 1 − cos θ (½ ulp each) and three products and two sums
     * of vectors of norm |v|, about 4.5 eps|v|; demc_rodrigues_rotate two cross products, a scale and two sums,
     * about 4.5 eps|v| as well: 9 eps = 2e-15. Observed over these 1e5 rotations: 9.5e-16 (gcc), 1.06e-15 (clang;
     * the old bound 1e-15 = 4.5 eps covered one side only). */
    CHECK_ABS(worst, 0.0, 2e-15);
    CHECK_ABS(worst_t, 0.0, 2e-15);
    CHECK_ABS(worst_back, 0.0, 3e-15); /* two rotations of 1e-15 each and the rounding of the one between */
}

/* ---- rolling displacement (eq 28) ---- */

static void rolling_displacement_matches_axis_angle(void)
{
    const double r = 0.003;
    demc_vec3 n = demc_vec3_make(1, 0, 0), d;
    double tiny[] = {1e-300, 1e-9, 1e-5, 0.1};
    size_t k;
    long i;
    double worst = 0;
    /* spin about z, normal along x: n − Q n = (2 sin²(θ/2), −sin θ, 0) exactly */
    for (k = 0; k < sizeof tiny / sizeof tiny[0]; ++k) {
        double theta = tiny[k], h = sin(0.5 * theta);
        d = demc_rodrigues_rolling_displacement(alpha_of(demc_vec3_make(0, 0, 1), theta), r, n);
        CHECK_REL(d.x, r * 2 * h * h, 4 * eps);
        CHECK_REL(d.y, -r * sin(theta), 4 * eps);
        CHECK(d.z == 0);
    }
    for (i = 0; i < 10000; ++i) {
        double theta = random_angle(i);
        demc_vec3 e = random_axis(), nn = random_axis();
        demc_vec3 expect = demc_vec3_scale(demc_vec3_sub(nn, mat_vec(ref_tensor(e, theta), nn)), r);
        double dd = demc_vec3_norm(demc_vec3_sub(demc_rodrigues_rolling_displacement(alpha_of(e, theta), r, nn),
                                                 expect)) / r;
        if (!(dd <= worst)) worst = dd;
    }
    CHECK_ABS(worst, 0.0, 1e-15);
    /* zero increment: no rolling */
    d = demc_rodrigues_rolling_displacement(demc_vec3_make(0, 0, 0), r, n);
    CHECK(d.x == 0 && d.y == 0 && d.z == 0);
}

/* ---- incremental update (eq 45, 47) ---- */

/* Total angle after n steps of a constant spin w about a fixed axis: each increment α^Δ = wΔt is the rotation by
 * 2 atan(wΔt/2) (eq 45 uses the rotation vector as α), angles about one axis add, so the closed form is
 * n·2 atan(wΔt/2); the exact rotation is w·nΔt, and the difference n(wΔt − 2 atan(wΔt/2)) ≈ T w³ Δt²/12. */
static void update_constant_spin_closed_form_and_order(void)
{
    const double w = 3.0, T = 0.9; /* total 2.7 rad: below a half turn */
    demc_vec3 e = demc_vec3_normalize(demc_vec3_make(-1, 2, 0.5)), om = demc_vec3_scale(e, w);
    double err[4], phis[] = {0.0, 0.5, 1.0};
    int level;
    size_t p;
    for (p = 0; p < 3; ++p) {
        for (level = 0; level < 4; ++level) {
            long n = 1000L << level, i;
            double dt = T / (double)n, angle;
            demc_vec3 a = demc_vec3_make(0, 0, 0);
            for (i = 0; i < n; ++i) a = demc_rodrigues_update(a, om, om, phis[p], dt);
            angle = 2 * atan(0.5 * demc_vec3_norm(a));
            CHECK(demc_vec3_dot(a, e) > 0);
            CHECK(vec_rel(a, alpha_of(e, (double)n * 2 * atan(0.5 * w * dt))) <= 1e-12);
            err[level] = w * T - angle;
            CHECK_REL(err[level], T * w * w * w * dt * dt / 12, 1e-3); /* leading term of the error */
        }
        for (level = 1; level < 4; ++level) CHECK_REL(err[level - 1] / err[level], 4.0, 1e-3); /* order 2 */
        if (p == 0) printf("    update, constant spin: error %.3e %.3e %.3e %.3e (order 2)\n", err[0], err[1],
                           err[2], err[3]);
    }
}

/* With α^Δ mapped exactly from the trapezoidal rotation vector, a constant spin is integrated exactly, and the
 * tensor of the result equals R(ω̂, wT)·Q0 for any start Q0: the increment acts in the spatial frame. */
static void update_exact_map_and_spatial_order(void)
{
    const double w = 2.0, T = 1.3;
    const long n = 5000;
    demc_vec3 e = demc_vec3_normalize(demc_vec3_make(0.3, -0.2, 1)), om = demc_vec3_scale(e, w);
    demc_vec3 e0 = demc_vec3_normalize(demc_vec3_make(1, 1, 0)), a = alpha_of(e0, 0.8), b = a;
    double dt = T / (double)n;
    long i;
    for (i = 0; i < n; ++i) {
        a = demc_rodrigues_compose(a, demc_rodrigues_from_rotvec(demc_rodrigues_increment(om, om, 0.5, dt)));
        b = demc_rodrigues_update(b, om, om, 0.5, dt);
    }
    double da = mat_dist(demc_rodrigues_to_tensor(a), mat_mul(ref_tensor(e, w * T), ref_tensor(e0, 0.8)));
    double db = mat_dist(demc_rodrigues_to_tensor(b),
                         mat_mul(ref_tensor(e, (double)n * 2 * atan(0.5 * w * dt)), ref_tensor(e0, 0.8)));
    printf("    update, %ld steps from a tilted start: exact map %.2e, eq 45 vs its closed form %.2e\n", n, da, db);
    CHECK_ABS(da, 0, 1e-12); /* n roundings of a few ε each */
    CHECK_ABS(db, 0, 1e-12);
}

/* A spin growing linearly about a fixed axis, w(t) = w0 + k t: the exact angle is w0 T + k T²/2. The trapezoidal
 * rule (φ = ½) integrates the linear spin exactly and keeps order 2; forward/backward Euler (φ = 0, 1) are
 * first order, with the error ∓k T Δt/2 of the rectangle rule. */
static void update_linear_spin_order_by_phi(void)
{
    const double w0 = 0.5, k = 2.0, T = 1.0;
    demc_vec3 e = demc_vec3_make(0, 1, 0);
    double phis[] = {0.0, 0.5, 1.0}, ratio_expect[] = {2.0, 4.0, 2.0};
    size_t p;
    for (p = 0; p < 3; ++p) {
        double err[3];
        int level;
        for (level = 0; level < 3; ++level) {
            long n = 2000L << level, i;
            double dt = T / (double)n;
            demc_vec3 a = demc_vec3_make(0, 0, 0);
            for (i = 0; i < n; ++i) {
                demc_vec3 w_old = demc_vec3_scale(e, w0 + k * dt * (double)i);
                demc_vec3 w_new = demc_vec3_scale(e, w0 + k * dt * (double)(i + 1));
                a = demc_rodrigues_update(a, w_old, w_new, phis[p], dt);
            }
            err[level] = w0 * T + 0.5 * k * T * T - 2 * atan(0.5 * demc_vec3_dot(a, e));
        }
        printf("    update, linear spin, phi = %.1f: error %.3e %.3e %.3e (ratios %.3f %.3f)\n", phis[p], err[0],
               err[1], err[2], err[0] / err[1], err[1] / err[2]);
        CHECK_REL(err[0] / err[1], ratio_expect[p], 0.01);
        CHECK_REL(err[1] / err[2], ratio_expect[p], 0.01);
        if (p != 1) CHECK_REL(err[2], (p == 0 ? 1 : -1) * k * T * (T / 8000.0) / 2, 0.01);
        /* φ = ½: only the map of eq 45 errs, Σ(w_i Δt)³/12 → Δt²/12 ∫w³ dt = Δt² [(w0 + kT)⁴ − w0⁴]/(48k) */
        if (p == 1) CHECK_REL(err[0], (T / 2000.0) * (T / 2000.0) * (pow(w0 + k * T, 4) - pow(w0, 4)) / (48 * k), 1e-3);
    }
}

/* ---- conversions ---- */

/* θ from 1e-300 (and a subnormal) to π − 1e-6, a few axes each. */
static const double angles[] = {4.9406564584124654e-324 * 1e10, 1e-300, 1e-250, 1e-200, 1e-150, 1e-100, 1e-50,
                                1e-20, 1e-10, 1e-6, 1e-3, 0.1, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.1, 3.14,
                                3.14159265358979323846 - 1e-3, 3.14159265358979323846 - 1e-4,
                                3.14159265358979323846 - 1e-5, 3.14159265358979323846 - 1e-6};
#define N_ANGLES (sizeof angles / sizeof angles[0])
#define AXES_PER_ANGLE 2000

/* From the global forms through α and back: well conditioned for every θ < π, since α's large relative error
 * near π is in the direction the map back compresses. 1e-14 relative everywhere. */
static void roundtrip_global_forms_through_alpha(void)
{
    double worst_rv = 0, worst_q = 0, worst_t = 0, worst_skew = 0;
    size_t k;
    int i;
    for (k = 0; k < N_ANGLES; ++k) {
        double theta = angles[k];
        for (i = 0; i < AXES_PER_ANGLE; ++i) {
            demc_vec3 e = random_axis(), rv = demc_vec3_scale(e, theta), back;
            demc_quat q, qb;
            demc_mat3 t = ref_tensor(e, theta), tb;
            double d, sk;
            back = demc_rodrigues_to_rotvec(demc_rodrigues_from_rotvec(rv));
            d = vec_rel(back, rv);
            if (!(d <= worst_rv)) worst_rv = d;
            q.w = cos(0.5 * theta), q.x = sin(0.5 * theta) * e.x, q.y = sin(0.5 * theta) * e.y;
            q.z = sin(0.5 * theta) * e.z;
            qb = demc_rodrigues_to_quat(demc_rodrigues_from_quat(q));
            d = sqrt((qb.w - q.w) * (qb.w - q.w) + (qb.x - q.x) * (qb.x - q.x) + (qb.y - q.y) * (qb.y - q.y) +
                     (qb.z - q.z) * (qb.z - q.z)); /* |q| = 1 */
            if (!(d <= worst_q)) worst_q = d;
            /* tensor: entries relative to |Q| = 1, and its skew part 2 sin θ e (the whole rotation at small θ)
             * relative to itself */
            tb = demc_rodrigues_to_tensor(demc_rodrigues_from_tensor(t));
            d = mat_dist(tb, t);
            if (!(d <= worst_t)) worst_t = d;
            if (theta > 0.5 * pi) continue; /* near π the skew part is small and ill-conditioned in Q itself */
            sk = vec_rel(demc_vec3_make(tb.m[2][1] - tb.m[1][2], tb.m[0][2] - tb.m[2][0], tb.m[1][0] - tb.m[0][1]),
                         demc_vec3_make(t.m[2][1] - t.m[1][2], t.m[0][2] - t.m[2][0], t.m[1][0] - t.m[0][1]));
            if (!(sk <= worst_skew)) worst_skew = sk;
        }
    }
    printf("    X -> alpha -> X, theta in [5e-314, pi - 1e-6]: rotvec %.2e, quat %.2e, tensor %.2e (skew part, "
           "theta <= pi/2: %.2e)\n",
           worst_rv, worst_q, worst_t, worst_skew);
    CHECK_ABS(worst_rv, 0.0, 1e-14);
    CHECK_ABS(worst_q, 0.0, 1e-14);
    CHECK_ABS(worst_t, 0.0, 1e-14);
    CHECK_ABS(worst_skew, 0.0, 1e-14);
}

/* From α through a global form and back. Through the quaternion: 1e-14 relative everywhere (q keeps the relative
 * precision of its small scalar part). Through θ or Q the vector α is ill-conditioned near π (docs, "Accuracy"):
 * - via θe: θ is computed from α with a relative error δ ≤ 2ε and α = 2 tan(θ/2) amplifies it by θ/sin θ, so
 *   |Δα|/|α| ≤ 4ε θ/sin θ + 4ε (2ε for each way);
 * - via Q: the entries of Q carry absolute errors η ≤ 2ε, the extraction divides a difference of two of them by
 *   2 sin θ |e_p| with |e_p| ≥ 1/√3 (the pivot), so |Δα|/|α| ≤ √3·2η/(2 sin θ) + 4ε ≤ 4ε/sin θ + 4ε.
 * Both are ≤ 1e-14 up to θ ≈ 3.05 and reach 2.8e-9 and 8.8e-10 at θ = π − 1e-6. */
static void roundtrip_alpha_through_global_forms(void)
{
    double worst_q = 0, worst_rv = 0, worst_t = 0, ratio_rv = 0, ratio_t = 0;
    size_t k;
    int i;
    for (k = 0; k < N_ANGLES; ++k) {
        double theta = angles[k], s = sin(theta);
        double bound_rv = 4 * eps * theta / s + 4 * eps, bound_t = 4 * eps / s + 4 * eps;
        for (i = 0; i < AXES_PER_ANGLE; ++i) {
            demc_vec3 a = alpha_of(random_axis(), theta);
            double d = vec_rel(demc_rodrigues_from_quat(demc_rodrigues_to_quat(a)), a);
            if (!(d <= worst_q)) worst_q = d;
            d = vec_rel(demc_rodrigues_from_rotvec(demc_rodrigues_to_rotvec(a)), a);
            if (!(d <= worst_rv)) worst_rv = d;
            if (!(d / bound_rv <= ratio_rv)) ratio_rv = d / bound_rv;
            d = vec_rel(demc_rodrigues_from_tensor(demc_rodrigues_to_tensor(a)), a);
            if (!(d <= worst_t)) worst_t = d;
            if (!(d / bound_t <= ratio_t)) ratio_t = d / bound_t;
        }
        if (theta <= 3.0) { /* where the bounds are below 1e-14 the 1e-14 acceptance holds as such */
            CHECK_ABS(worst_rv, 0.0, 1e-14);
            CHECK_ABS(worst_t, 0.0, 1e-14);
        }
    }
    printf("    alpha -> X -> alpha: quat %.2e; rotvec %.2e (%.2f of bound); tensor %.2e (%.2f of bound)\n", worst_q,
           worst_rv, ratio_rv, worst_t, ratio_t);
    CHECK_ABS(worst_q, 0.0, 1e-14);
    CHECK(ratio_rv <= 1.0);
    CHECK(ratio_t <= 1.0);
}

/* α against its definition 2 tan(θ/2) e, tiny angles exact, θ > π wrapped to the equivalent rotation. */
static void conversions_against_definitions(void)
{
    demc_vec3 e = demc_vec3_normalize(demc_vec3_make(2, -1, 2)), a;
    demc_quat q;
    demc_mat3 t;
    CHECK(vec_rel(demc_rodrigues_from_rotvec(demc_vec3_scale(e, 1.2)), alpha_of(e, 1.2)) <= 2 * eps);
    CHECK(vec_rel(demc_rodrigues_from_rotvec(demc_vec3_scale(e, 4.0)), alpha_of(demc_vec3_neg(e), 2 * pi - 4.0)) <=
          8 * eps);
    CHECK(vec_rel(demc_rodrigues_to_rotvec(alpha_of(e, 2.9)), demc_vec3_scale(e, 2.9)) <= 2 * eps);
    a = demc_vec3_make(1e-310, 0, -3e-312); /* subnormal: copied exactly */
    CHECK(vec_rel(demc_rodrigues_from_rotvec(a), a) == 0 && vec_rel(demc_rodrigues_to_rotvec(a), a) == 0);
    a = demc_rodrigues_from_rotvec(demc_vec3_make(0, 0, 0));
    CHECK(a.x == 0 && a.y == 0 && a.z == 0);
    /* quaternion: scale and sign do not matter; (cos θ/2, sin θ/2 e) for a unit one */
    q.w = -3 * cos(0.6), q.x = -3 * sin(0.6) * e.x, q.y = -3 * sin(0.6) * e.y, q.z = -3 * sin(0.6) * e.z;
    CHECK(vec_rel(demc_rodrigues_from_quat(q), alpha_of(e, 1.2)) <= 4 * eps);
    q = demc_rodrigues_to_quat(alpha_of(e, 1.2));
    CHECK_REL(q.w, cos(0.6), 2 * eps);
    CHECK_REL(q.y, sin(0.6) * e.y, 4 * eps);
    q = demc_rodrigues_to_quat(demc_vec3_make(1e-300, 0, 0));
    CHECK(q.w == 1 && q.x == 0.5e-300);
    /* tensor: each Shepperd pivot (θ small: w; θ near π about x, y, z: that component) */
    CHECK(vec_rel(demc_rodrigues_from_tensor(ref_tensor(e, 0.3)), alpha_of(e, 0.3)) <= 8 * eps);
    t = ref_tensor(demc_vec3_make(1, 0, 0), 3.0);
    CHECK(vec_rel(demc_rodrigues_from_tensor(t), alpha_of(demc_vec3_make(1, 0, 0), 3.0)) <= 4 * eps / sin(3.0));
    t = ref_tensor(demc_vec3_make(0, -1, 0), 3.0);
    CHECK(vec_rel(demc_rodrigues_from_tensor(t), alpha_of(demc_vec3_make(0, -1, 0), 3.0)) <= 4 * eps / sin(3.0));
    t = ref_tensor(demc_vec3_make(0, 0.6, 0.8), 3.0);
    CHECK(vec_rel(demc_rodrigues_from_tensor(t), alpha_of(demc_vec3_make(0, 0.6, 0.8), 3.0)) <=
          4 * eps / sin(3.0));
    /* ϑ = α/2 */
    a = demc_rodrigues_to_gibbs(demc_vec3_make(2, -4, 6));
    CHECK(a.x == 1 && a.y == -2 && a.z == 3);
    a = demc_rodrigues_from_gibbs(a);
    CHECK(a.x == 2 && a.y == -4 && a.z == 6);
}

/* ---- domain: checked variants and totality ---- */

static void checked_variants_report_the_domain(void)
{
    volatile double zero = 0.0;
    double nan = zero / zero, inf = 1.0 / zero;
    demc_vec3 ok = demc_vec3_make(0.1, 0.2, -0.3), out = demc_vec3_make(7, 7, 7), ex = demc_vec3_make(2, 0, 0);
    demc_vec3 big = demc_vec3_make(0, 2e100, 0), a;
    demc_quat q;
    demc_mat3 t = ref_tensor(demc_vec3_make(1, 0, 0), 0.0);
    /* compose */
    CHECK(demc_rodrigues_compose_checked(ok, ok, NULL) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_rodrigues_compose_checked(demc_vec3_make(nan, 0, 0), ok, &out) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_rodrigues_compose_checked(ok, demc_vec3_make(0, inf, 0), &out) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_rodrigues_compose_checked(big, ok, &out) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_rodrigues_compose_checked(ex, ex, &out) == DEMC_ERR_SINGULAR); /* 90° + 90°: a half turn */
    CHECK(demc_rodrigues_compose_checked(demc_vec3_make(ldexp(1, 200), 0, 0), demc_vec3_make(ldexp(1, -198), 0, 0), &out) ==
          DEMC_ERR_SINGULAR); /* α1·α2 = 4 exactly: near a half turn about x, then a bit more */
    CHECK(demc_rodrigues_compose_checked(demc_vec3_make(1e60, 0, 0), demc_vec3_make(1e60, 1, 0), &out) == DEMC_OK);
    CHECK(demc_vec3_norm(out) < 1e-59); /* two near half turns about nearly the same axis: nearly the identity */
    out = demc_vec3_make(7, 7, 7);
    CHECK(out.x == 7 && out.y == 7 && out.z == 7);                            /* untouched on failure */
    CHECK(demc_rodrigues_compose_checked(ok, ex, &out) == DEMC_OK);
    CHECK(vec_rel(out, demc_rodrigues_compose(ok, ex)) == 0);
    /* update */
    out = demc_vec3_make(7, 7, 7);
    CHECK(demc_rodrigues_update_checked(ok, ok, ok, 0.5, 1e-3, NULL) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_rodrigues_update_checked(ok, ok, ok, nan, 1e-3, &out) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_rodrigues_update_checked(ok, ok, demc_vec3_make(inf, 0, 0), 0.5, 1e-3, &out) ==
          DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_rodrigues_update_checked(ok, ok, ok, 1.5, 1e-3, &out) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_rodrigues_update_checked(ok, ok, ok, -0.1, 1e-3, &out) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_rodrigues_update_checked(ok, ok, ok, 0.5, -1e-3, &out) == DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_rodrigues_update_checked(ok, demc_vec3_make(1e300, 0, 0), ok, 0.5, 1e3, &out) ==
          DEMC_ERR_OUT_OF_DOMAIN);
    CHECK(demc_rodrigues_update_checked(ex, ex, ex, 0.5, 1.0, &out) == DEMC_ERR_SINGULAR);
    CHECK(out.x == 7 && out.y == 7 && out.z == 7);
    CHECK(demc_rodrigues_update_checked(ok, ex, ok, 0.25, 1e-3, &out) == DEMC_OK);
    CHECK(vec_rel(out, demc_rodrigues_update(ok, ex, ok, 0.25, 1e-3)) == 0);
    /* conversions */
    out = demc_vec3_make(7, 7, 7);
    CHECK(demc_rodrigues_from_rotvec_checked(ok, NULL) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_rodrigues_from_rotvec_checked(demc_vec3_make(0, 0, nan), &out) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_rodrigues_from_rotvec_checked(demc_vec3_make(0, 0, pi), &out) == DEMC_OK); /* nearest double */
    CHECK(out.z > 1e16 && demc_vec3_is_finite(out));
    q.w = 0, q.x = 1, q.y = 0, q.z = 0;
    out = demc_vec3_make(7, 7, 7);
    CHECK(demc_rodrigues_from_quat_checked(q, &out) == DEMC_ERR_SINGULAR);
    q.x = 0;
    CHECK(demc_rodrigues_from_quat_checked(q, &out) == DEMC_ERR_SINGULAR); /* q = 0 */
    q.w = inf;
    CHECK(demc_rodrigues_from_quat_checked(q, &out) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_rodrigues_from_quat_checked(q, NULL) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(out.x == 7);
    q.w = 1, q.x = 0.5;
    CHECK(demc_rodrigues_from_quat_checked(q, &out) == DEMC_OK && out.x == 1);
    CHECK(demc_rodrigues_from_tensor_checked(t, NULL) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(demc_rodrigues_from_tensor_checked(t, &out) == DEMC_OK && out.x == 0 && out.y == 0 && out.z == 0);
    t.m[1][1] = -1, t.m[2][2] = -1; /* half turn about x */
    CHECK(demc_rodrigues_from_tensor_checked(t, &out) == DEMC_ERR_SINGULAR);
    a = demc_rodrigues_from_tensor(t);
    CHECK(fabs(a.x) > 1e300 && a.y == 0 && a.z == 0); /* no NaN from the unchecked form */
    t.m[0][2] = nan;
    CHECK(demc_rodrigues_from_tensor_checked(t, &out) == DEMC_ERR_INVALID_ARGUMENT);
    CHECK(out.x == 0);
}

/* No NaN or infinity from any function for finite inputs in the domain, |α| from 0 and 1e-300 to the limit. */
static void finite_inside_the_domain(void)
{
    long i;
    int bad = 0;
    for (i = 0; i < 20000 && !bad; ++i) {
        double m = i == 0 ? 0.0 : pow(10.0, -300 + 400 * uniform());
        demc_vec3 a = demc_vec3_scale(random_axis(), m), b = demc_vec3_scale(random_axis(), pow(10.0, 4 - 8 * uniform()));
        demc_vec3 v = demc_vec3_scale(random_axis(), pow(10.0, -100 + 200 * uniform()));
        demc_mat3 t = demc_rodrigues_to_tensor(a);
        demc_quat q = demc_rodrigues_to_quat(a);
        int r, c;
        if (m > DEMC_RODRIGUES_ALPHA_MAX) continue;
        if (!demc_vec3_is_finite(demc_rodrigues_rotate(a, v))) bad = 1;
        if (!demc_vec3_is_finite(demc_rodrigues_rolling_displacement(a, 0.01, random_axis()))) bad = 2;
        if (!demc_vec3_is_finite(demc_rodrigues_compose(a, b)) && demc_vec3_dot(a, b) != 4) bad = 3;
        if (!demc_vec3_is_finite(demc_rodrigues_to_rotvec(a))) bad = 4;
        if (!demc_vec3_is_finite(demc_rodrigues_from_rotvec(demc_rodrigues_to_rotvec(a)))) bad = 5;
        if (!demc_vec3_is_finite(demc_rodrigues_from_quat(q))) bad = 6;
        if (!(demc_is_finite(q.w) && demc_is_finite(q.x) && demc_is_finite(q.y) && demc_is_finite(q.z))) bad = 7;
        for (r = 0; r < 3; ++r)
            for (c = 0; c < 3; ++c)
                if (!demc_is_finite(t.m[r][c])) bad = 8;
        /* from a tensor: no NaN even where Q is numerically a half turn (|α| > 1/ε) */
        a = demc_rodrigues_from_tensor(t);
        if (a.x != a.x || a.y != a.y || a.z != a.z) bad = 9;
        if (bad) printf("    not finite: case %d at |alpha| = %g\n", bad, m);
    }
    CHECK(bad == 0);
}

int main(void)
{
    RUN(tensor_is_orthonormal_and_matches_axis_angle);
    RUN(tensor_gibbs_form_and_tiny_angles);
    RUN(compose_equals_tensor_product);
    RUN(compose_same_axis_adds_angles);
    RUN(compose_is_associative);
    RUN(compose_with_inverse_is_identity);
    RUN(rotate_matches_tensor_and_axis_angle);
    RUN(rolling_displacement_matches_axis_angle);
    RUN(update_constant_spin_closed_form_and_order);
    RUN(update_exact_map_and_spatial_order);
    RUN(update_linear_spin_order_by_phi);
    RUN(roundtrip_global_forms_through_alpha);
    RUN(roundtrip_alpha_through_global_forms);
    RUN(conversions_against_definitions);
    RUN(checked_variants_report_the_domain);
    RUN(finite_inside_the_domain);
    return harness_finish("test_rotation");
}
