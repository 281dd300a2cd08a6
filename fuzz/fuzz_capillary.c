/* libFuzzer harness of capillary.h: the liquid bridge of Willett et al. (fit and simple form), Lian et al.'s rupture
 * distance, the work of separation, the viscous force of Pitois et al. and the bridge's life cycle (see fuzz.h).
 * The setups must follow the setup convention for any input; where they succeed, no NaN for finite overlaps, and
 * inside the domain below finite results with the documented signs. Domain: γ in [0, 10] N/m, θ in [0, π/2) (the
 * fit: [0, 50°], V/R_h³ in [1e-4, 0.2]), V in [1e-30, 1] m³, R_i in [1e-9, 1] m, R_j = 0 or in [1e-9, 1] m,
 * η in [0, 10] Pa·s, S_min in [1e-12, 1e-3] m, |δ| ≤ 10 S_c, |δ̇| ≤ 1e3 m/s. The corner mode (fz_corner) samples
 * every parameter at both ends of these ranges together, after the free-form inputs. */
#include "fuzz.h"

static int fz_cap_in(double x, double lo, double hi) { return x >= lo && x <= hi; }

static void fz_cap_run(double g, double th, double v, double ri, double rj, int form, double eta, double smin,
                       const double *d, const double *rate, int nd)
{
    const char *field = "unset";
    demc_capillary_params p, m;
    demc_capillary_state st = DEMC_CAPILLARY_STATE_INIT, sw;
    demc_status s;
    int i;
    const double rh = rj > 0.0 ? 2.0 * ri * rj / (ri + rj) : 2.0 * ri, vs = v / rh / rh / rh;
    const int dom = fz_cap_in(g, 0.0, 10.0) && fz_cap_in(th, 0.0, 1.5707963267948966) && fz_cap_in(v, 1e-30, 1.0) &&
                    fz_cap_in(ri, 1e-9, 1.0) && (rj == 0.0 || fz_cap_in(rj, 1e-9, 1.0)) && (form == 0 || form == 1) &&
                    (form == 1 || (th <= DEMC_CAPILLARY_FIT_MAX_ANGLE && vs >= DEMC_CAPILLARY_FIT_MIN_VOLUME &&
                                   vs <= DEMC_CAPILLARY_FIT_MAX_VOLUME));
    memset(&p, FZ_POISON, sizeof p);
    FZ_CALL(s = demc_capillary_init(g, th, v, ri, rj, (demc_capillary_form)form, &p, &field));
    FZ_SETUP(s, field, &p);
    if (dom && th < 1.5707963267948966) FZ_CHECK(s == DEMC_OK);
    {
        /* the first bad input in argument order names the status */
        const double in[5] = {g, th, v, ri, rj};
        const int ok[5] = {g >= 0.0, th >= 0.0 && th < 1.5707963267948966, v > 0.0, ri > 0.0, rj >= 0.0};
        int q;
        for (q = 0; q < 5; ++q)
            if (!fz_fin(in[q]) || !ok[q]) {
                FZ_CHECK(s == (fz_fin(in[q]) ? DEMC_ERR_OUT_OF_DOMAIN : DEMC_ERR_INVALID_ARGUMENT));
                break;
            }
    }
    if (s != DEMC_OK) return;
    FZ_CALL(m = demc_capillary_make(g, th, v, ri, rj, (demc_capillary_form)form));
    FZ_CHECK(m.surface_tension == p.surface_tension && m.contact_angle == p.contact_angle && m.volume == p.volume &&
             m.radius == p.radius && m.form == p.form && m.force_scale == p.force_scale &&
             m.contact_force == p.contact_force && m.rupture_distance == p.rupture_distance &&
             m.gap_scale == p.gap_scale && m.fit[0] == p.fit[0] && m.fit[1] == p.fit[1] && m.fit[2] == p.fit[2] &&
             m.fit[3] == p.fit[3]);
    {
        demc_capillary_params q = p;
        FZ_CALL(s = demc_capillary_viscous_init(eta, smin, &q, &field));
        if (s == DEMC_OK) p = q;
        else FZ_CHECK(memcmp(&q, &p, sizeof q) == 0 && field != NULL); /* a failed setup leaves it untouched */
    }
    {
        double range;
        FZ_CALL(range = demc_capillary_range(&p));
        FZ_CHECK(range == p.rupture_distance && range > 0.0);
    }
    for (i = 0; i < nd; ++i) {
        const double dd = d[i] * p.rupture_distance, rr = rate[i];
        const int in = dom && fz_fin(dd) && fabs(dd) <= 10.0 * p.rupture_distance && fz_fin(rr) && fabs(rr) <= 1e3 &&
                       fz_cap_in(eta, 0.0, 10.0) && fz_cap_in(smin, 1e-12, 1e-3);
        const int had = st.bridge != 0.0;
        double f, fv, w, w2;
        demc_capillary_result res;
        FZ_CALL(f = demc_capillary_force(&p, dd));
        FZ_CALL(fv = demc_capillary_viscous_force(&p, dd, rr));
        FZ_CALL(w = demc_capillary_energy(&p, dd));
        FZ_CALL(w2 = demc_capillary_energy(&p, dd - 0.25 * p.rupture_distance));
        FZ_CALL(res = demc_capillary_update(&p, dd, rr, &st));
        if (fz_fin(dd)) FZ_CHECK(!fz_nan(f) && !fz_nan(w) && f <= 0.0 && w >= 0.0);
        if (dd <= -p.rupture_distance) FZ_CHECK(f == 0.0 && fv == 0.0 && w == 0.0);
        if (dd >= 0.0) FZ_CHECK(f == -p.contact_force);
        if (form == 1 && fz_fin(dd)) FZ_CHECK(-f <= p.contact_force);
        if (fz_fin(dd) && fz_fin(rr) && !fz_nan(fv)) FZ_CHECK(fv == 0.0 || (fv > 0.0) == (rr > 0.0));
        /* the bridge: forms at touch, ruptures at S_c, the force its parts' sum */
        FZ_CHECK(res.bridge == (st.bridge != 0.0) && (res.bridge == 0 || res.bridge == 1));
        if (dd >= 0.0) FZ_CHECK(res.bridge == 1);
        if (dd <= -p.rupture_distance) FZ_CHECK(res.bridge == 0 && res.force == 0.0);
        if (!had && !(dd >= 0.0)) FZ_CHECK(res.bridge == 0 && res.force == 0.0);
        FZ_CHECK(res.ruptured == (had && !res.bridge));
        if (res.bridge && fz_fin(dd) && fz_fin(rr))
            FZ_CHECK(res.capillary_force == f && res.force == res.capillary_force + res.viscous_force);
        if (in) {
            FZ_CHECK(fz_fin(f) && fz_fin(fv) && fz_fin(w) && fz_fin(w2) && fz_fin(res.force));
            /* the work of separation falls as the gap opens (within the quadrature's 1e-12) */
            FZ_CHECK(w2 <= w * (1.0 + 1e-10) + 1e-300);
        }
    }
    FZ_CALL(sw = demc_capillary_state_swap(st));
    FZ_CHECK(memcmp(&sw, &st, sizeof st) == 0);
}

static void fz_cap_corners(fz_reader *r)
{
    double d[6], rate[6];
    int i;
    const int form = fz_int(r, 0, 1);
    const double g = fz_corner(r, 0.0, 10.0), ri = fz_corner(r, 1e-9, 1.0), rj0 = fz_corner(r, 1e-9, 1.0);
    const double rj = fz_int(r, 0, 3) == 0 ? 0.0 : rj0, rh = rj > 0.0 ? 2.0 * ri * rj / (ri + rj) : 2.0 * ri;
    const double th = form == 0 ? fz_corner(r, 0.0, DEMC_CAPILLARY_FIT_MAX_ANGLE)
                                : fz_corner(r, 0.0, nextafter(1.5707963267948966, 0.0));
    const double v = form == 0 ? fz_corner(r, DEMC_CAPILLARY_FIT_MIN_VOLUME, DEMC_CAPILLARY_FIT_MAX_VOLUME) * rh * rh * rh
                               : fz_corner(r, 1e-30, 1.0);
    const double eta = fz_corner(r, 0.0, 10.0), smin = fz_corner(r, 1e-12, 1e-3);
    for (i = 0; i < 6; ++i) {
        d[i] = fz_corner(r, -10.0, 10.0);
        rate[i] = fz_corner(r, -1e3, 1e3);
    }
    fz_cap_run(g, th, v, ri, rj, form, eta, smin, d, rate, 6);
}

static void demc_fuzz_capillary(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    double a[7], d[6], rate[6];
    int i, form = fz_int(&r, 0, 1);
    for (i = 0; i < 7; ++i) a[i] = fz_double(&r);
    for (i = 0; i < 6; ++i) {
        d[i] = fz_double(&r);
        rate[i] = fz_double(&r);
    }
    fz_cap_run(a[0], a[1], a[2], a[3], a[4], form, a[5], a[6], d, rate, 6);
    if (r.pos < r.size) fz_cap_corners(&r);
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_capillary(data, size);
    return 0;
}
#endif
