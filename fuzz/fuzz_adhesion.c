/* libFuzzer harness of adhesion.h: JKR with its hysteresis, DMT and the simplified JKR (see fuzz.h). Domain of the
 * hot-path checks: E*, R*, w, k, R_i, R_j in {0} ∪ [1e-50, 1e50] as their setups allow, and for JKR |R*δ| and
 * c² below 1e100 m² (adhesion.h); there no NaN, every force finite, and the documented signs and limits hold. */
#include "fuzz.h"

static inline int fz_adh_moderate(double x) { return x == 0.0 || (fabs(x) >= 1e-50 && fabs(x) <= 1e50); }
static void fz_adhesion_corners(fz_reader *r);

static void demc_fuzz_adhesion(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    double e = fz_double(&r), rad = fz_double(&r), w = fz_double(&r), ri = fz_double(&r), rj = fz_double(&r),
           k = fz_double(&r), x;
    int variant = fz_int(&r, 0, 1), i;
    const char *field = "unset";
    demc_adhesion_jkr_params jp, jm;
    demc_adhesion_dmt_params dp, dm;
    demc_adhesion_sjkr_params sp, sm;
    demc_adhesion_state state = DEMC_ADHESION_STATE_INIT, swapped;
    demc_adhesion_result res;
    demc_status sj, sd, ss;
    const int mod = fz_adh_moderate(e) && fz_adh_moderate(rad) && fz_adh_moderate(w);

    memset(&jp, FZ_POISON, sizeof jp);
    FZ_CALL(sj = demc_adhesion_jkr_init(e, rad, w, &jp, &field));
    FZ_SETUP(sj, field, &jp);
    FZ_CALL(sj = demc_adhesion_jkr_init(e, rad, w, NULL, &field));
    if (sj != DEMC_OK) FZ_CHECK(field != NULL);
    FZ_CHECK(sj != DEMC_OK);
    memset(&jp, FZ_POISON, sizeof jp);
    FZ_CALL(sj = demc_adhesion_jkr_init(e, rad, w, &jp, NULL));
    memset(&dp, FZ_POISON, sizeof dp);
    FZ_CALL(sd = demc_adhesion_dmt_init(e, rad, w, &dp, &field));
    FZ_SETUP(sd, field, &dp);
    memset(&sp, FZ_POISON, sizeof sp);
    FZ_CALL(ss = demc_adhesion_sjkr_init(e, ri, rj, k, (demc_adhesion_sjkr_variant)variant, &sp, &field));
    FZ_SETUP(ss, field, &sp);
    /* the statuses of the setup rules, the first bad input in argument order: non-finite → INVALID_ARGUMENT, a
     * finite value outside the domain → OUT_OF_DOMAIN */
    {
        const double in[3] = {e, rad, w};
        const int ok[3] = {e > 0.0, rad > 0.0, w >= 0.0};
        int q;
        for (q = 0; q < 3; ++q)
            if (!fz_fin(in[q]) || !ok[q]) {
                FZ_CHECK(sj == (fz_fin(in[q]) ? DEMC_ERR_OUT_OF_DOMAIN : DEMC_ERR_INVALID_ARGUMENT) && sd == sj);
                break;
            }
    }
    FZ_CALL(swapped = demc_adhesion_state_swap(state));
    FZ_CHECK(memcmp(&swapped, &state, sizeof state) == 0);

    /* the constructors without checks give the same values as the setups */
    FZ_CALL(jm = demc_adhesion_jkr_make(e, rad, w));
    if (sj == DEMC_OK) FZ_CHECK(memcmp(&jm, &jp, sizeof jm) == 0);
    FZ_CALL(dm = demc_adhesion_dmt_make(e, rad, w));
    if (sd == DEMC_OK) FZ_CHECK(memcmp(&dm, &dp, sizeof dm) == 0);
    FZ_CALL(sm = demc_adhesion_sjkr_make(e, ri, rj, k, (demc_adhesion_sjkr_variant)variant));
    if (ss == DEMC_OK) /* field by field: the struct has padding after the variant */
        FZ_CHECK(sm.effective_modulus == sp.effective_modulus && sm.radius_i == sp.radius_i &&
                 sm.radius_j == sp.radius_j && sm.cohesion_energy_density == sp.cohesion_energy_density &&
                 sm.variant == sp.variant && sm.effective_radius == sp.effective_radius &&
                 sm.prefactor == sp.prefactor);

    if (sj == DEMC_OK) {
        double dc, loss, cc = jp.neck_constant * jp.neck_constant;
        FZ_CALL(dc = demc_adhesion_jkr_pulloff_distance(&jp));
        FZ_CALL(loss = demc_adhesion_jkr_cycle_loss(&jp));
        FZ_CHECK(!fz_nan(dc) && dc >= 0.0 && !fz_nan(loss) && loss >= 0.0);
        if (w == 0.0) FZ_CHECK(dc == 0.0);
        if (mod) FZ_CHECK(fz_fin(dc));
        for (i = 0; i < 6; ++i) {
            double d = fz_double(&r), a, au, u, ue;
            const int in = mod && fz_fin(d) && fabs(rad * d) < 1e100 && cc < 1e100;
            const double neck_before = state.neck;
            FZ_CALL(res = demc_adhesion_jkr_update(&jp, d, &state));
            FZ_CHECK(state.neck == 0.0 || state.neck == 1.0);
            FZ_CHECK(res.contact == 0 || res.contact == 1);
            FZ_CHECK(res.contact == (state.neck == 1.0));
            if (!res.contact)
                FZ_CHECK(res.force == 0.0 && res.stiffness == 0.0 && res.contact_stiffness == 0.0 &&
                         res.contact_radius == 0.0 && res.friction_load == 0.0);
            if (fz_fin(d) && d > 0.0) FZ_CHECK(res.contact == 1); /* the neck forms at touch */
            if (neck_before == 0.0 && !(d > 0.0)) FZ_CHECK(res.contact == 0);
            if (in) {
                FZ_CHECK(fz_fin(res.force) && fz_fin(res.stiffness) && fz_fin(res.contact_stiffness) &&
                         fz_fin(res.contact_radius) && fz_fin(res.friction_load));
                FZ_CHECK(res.contact_stiffness >= 0.0 && res.contact_radius >= 0.0 && res.friction_load >= 0.0);
                /* the neck holds exactly while δ ≥ δ_c (to the rounding of δ_c) once formed */
                if (neck_before == 1.0 && w > 0.0 && d >= -dc * (1.0 - 1e-9)) FZ_CHECK(res.contact == 1);
                if (d < -dc * (1.0 + 1e-9)) FZ_CHECK(res.contact == 0);
            }
            FZ_CALL(a = demc_adhesion_jkr_radius(&jp, d));
            FZ_CALL(au = demc_adhesion_jkr_radius_unstable(&jp, d));
            if (in) {
                FZ_CHECK(fz_fin(a) && a >= 0.0 && fz_fin(au) && au >= 0.0);
                if (d < -dc * (1.0 + 1e-9)) FZ_CHECK(a == 0.0);
                if (d > 0.0 || d < -dc * (1.0 + 1e-9) || w == 0.0) FZ_CHECK(au == 0.0);
                if (w == 0.0 && d > 0.0) FZ_CHECK(fabs(a - sqrt(rad * d)) <= 4e-16 * sqrt(rad * d));
            }
            FZ_CALL(x = demc_adhesion_jkr_overlap(&jp, a));
            FZ_CALL(x = demc_adhesion_jkr_load(&jp, a));
            FZ_CALL(u = demc_adhesion_jkr_energy(&jp, res.contact_radius));
            FZ_CALL(ue = demc_adhesion_jkr_elastic_energy(&jp, res.contact_radius));
            if (in) FZ_CHECK(!fz_nan(u) && !fz_nan(ue) && ue >= 0.0);
            if (!(res.contact_radius > 0.0)) FZ_CHECK(u == 0.0 && ue == 0.0);
            FZ_CALL(x = demc_adhesion_jkr_overlap(&jp, -fabs(d)));
            FZ_CALL(x = demc_adhesion_jkr_load(&jp, -fabs(d)));
            if (mod && cc < 1e100) FZ_CHECK(x == 0.0 || fz_nan(d)); /* a < 0 is taken as 0 */
        }
    }
    if (sd == DEMC_OK) {
        for (i = 0; i < 3; ++i) {
            double d = fz_double(&r), u;
            const int in = mod && fz_fin(d) && fabs(d) < 1e50;
            FZ_CALL(res = demc_adhesion_dmt_force(&dp, d));
            FZ_CALL(u = demc_adhesion_dmt_energy(&dp, d));
            if (!(d > 0.0)) {
                FZ_CHECK(res.contact == 0 && res.force == 0.0 && res.stiffness == 0.0 && res.contact_radius == 0.0 &&
                         res.friction_load == 0.0 && res.contact_stiffness == 0.0 && u == 0.0);
            } else if (in) {
                FZ_CHECK(res.contact == 1 && fz_fin(res.force) && fz_fin(res.stiffness) && res.stiffness >= 0.0 &&
                         res.friction_load >= 0.0 && res.contact_radius >= 0.0 && res.contact_stiffness >= 0.0);
                FZ_CHECK(!fz_nan(u));
                /* friction load = F + 2πwR* (the Hertz part) */
                FZ_CHECK(fabs(res.friction_load - (res.force + dp.pulloff_force)) <=
                         1e-12 * (res.friction_load + dp.pulloff_force));
            }
        }
    }
    if (ss == DEMC_OK) {
        const int sin = fz_adh_moderate(e) && fz_adh_moderate(ri) && fz_adh_moderate(rj) && fz_adh_moderate(k);
        for (i = 0; i < 3; ++i) {
            double d = fz_double(&r), a, u;
            const double rmin = rj > 0.0 && rj < ri ? rj : ri;
            const int in = sin && fz_fin(d) && fabs(d) < 1e50;
            FZ_CALL(a = demc_adhesion_sjkr_area(&sp, d));
            FZ_CALL(res = demc_adhesion_sjkr_force(&sp, d));
            FZ_CALL(u = demc_adhesion_sjkr_energy(&sp, d));
            if (!(d > 0.0)) {
                FZ_CHECK(a == 0.0 && res.contact == 0 && res.force == 0.0 && res.friction_load == 0.0 && u == 0.0);
            } else if (in) {
                FZ_CHECK(fz_fin(a) && a >= 0.0 && res.contact == 1 && fz_fin(res.force) &&
                         res.friction_load >= 0.0 && res.contact_radius >= 0.0 && res.contact_stiffness >= 0.0);
                if (d < 2.0 * rmin) FZ_CHECK(!fz_nan(u) && fz_fin(res.stiffness));
            }
        }
    }
    if (r.pos < r.size) fz_adhesion_corners(&r);
}

/* Corner mode (fz_corner): JKR with E*, R*, w at the corners of the whole positive double range. An accepted setup
 * has a finite pull-off distance and cycle loss (a set whose derived constants overflow is refused). Inside the
 * documented domain (each in [1e-50, 1e50], |R*δ| and c² below 1e100), after a touch, δ walks the corners of the
 * neck's life (the pull-off distance and the doubles next to it, 0, the smallest overlaps, ten times δ_c): the
 * results are finite, the neck holds down to δ_c and breaks below it (to the rounding of δ_c), and the unstable
 * radius is 0 outside [δ_c, 0]. */
static void fz_adhesion_corners(fz_reader *r)
{
    const double tiny = 4.9406564584124654e-324, big = 1.7976931348623157e308;
    const double e = fz_corner(r, tiny, big), rad = fz_corner(r, tiny, big), w = fz_corner(r, 0.0, big);
    demc_adhesion_jkr_params jp;
    demc_adhesion_state state = DEMC_ADHESION_STATE_INIT;
    double dc, touch;
    int i, in;
    if (demc_adhesion_jkr_init(e, rad, w, &jp, NULL) != DEMC_OK) return;
    FZ_CALL(dc = demc_adhesion_jkr_pulloff_distance(&jp));
    FZ_CHECK(fz_fin(dc) && dc >= 0.0 && fz_fin(demc_adhesion_jkr_cycle_loss(&jp)));
    in = e >= 1e-50 && e <= 1e50 && rad >= 1e-50 && rad <= 1e50 && (w == 0.0 || (w >= 1e-50 && w <= 1e50)) &&
         jp.neck_constant * jp.neck_constant < 1e100 && rad * dc < 1e100;
    if (!in) return;
    touch = fz_corner(r, tiny, 1e100 / rad); /* (outside FZ_CALL: fz_corner's libm calls may set errno) */
    FZ_CALL((void)demc_adhesion_jkr_update(&jp, touch, &state));
    FZ_CHECK(state.neck == 1.0);
    for (i = 0; i < 4 && state.neck == 1.0; ++i) {
        const double pick[8] = {-dc, nextafter(-dc, 0.0), nextafter(-dc, -big), 0.0, -tiny, tiny, -10.0 * dc,
                                fz_corner(r, -dc, 0.0)};
        const double d = pick[r->pos < r->size ? r->data[r->pos++] % 8u : 0];
        double au;
        demc_adhesion_result res;
        FZ_CALL(res = demc_adhesion_jkr_update(&jp, d, &state));
        FZ_CALL(au = demc_adhesion_jkr_radius_unstable(&jp, d));
        FZ_CHECK(fz_fin(res.force) && fz_fin(res.stiffness) && fz_fin(res.contact_stiffness) &&
                 fz_fin(res.contact_radius) && fz_fin(res.friction_load) && fz_fin(au) && au >= 0.0);
        /* the neck's test is the cubic's discriminant, δ_c a closed form: they agree to rounding */
        if (d >= -dc * (1.0 - 1e-9) && w > 0.0) FZ_CHECK(res.contact == 1);
        if (d < -dc * (1.0 + 1e-9)) FZ_CHECK(res.contact == 0 && res.force == 0.0 && au == 0.0);
        if (d > 0.0 || w == 0.0) FZ_CHECK(au == 0.0);
    }
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_adhesion(data, size);
    return 0;
}
#endif
