/* libFuzzer harness of sliding.h: finite sliding of two spheres (see fuzz.h). Contracts: a setup that succeeds
 * gives finite derived fields; after it, every status function returns OK with no NaN (infinite only where v0²
 * overflows), or a documented status; forces are never NaN and 0 outside the contact. */
#include "fuzz.h"

static void fz_sliding_path(fz_reader *r, const demc_sliding_path *p)
{
    double v0 = fz_double(r), s = fz_double(r), s0 = fz_double(r), t, n, w, v, vc;
    demc_sliding_method method = (demc_sliding_method)fz_int(r, 0, 1);
    demc_sliding_result res;
    demc_sliding_hysteresis h;
    demc_sliding_hysteresis_state hs;
    demc_status st;
    int i;
    FZ_CHECK(fz_fin(p->s_u) && p->s_u > 0.0 && fz_fin(p->friction_half) && p->friction_half >= 0.0);
    FZ_CALL(demc_sliding_forces(p, s, fz_double(r), &t, &n));
    if (fz_fin(s)) FZ_CHECK(!fz_nan(t) && !fz_nan(n));
    if (!(fabs(s) < p->s_u)) FZ_CHECK(t == 0.0 && n == 0.0);
    FZ_CALL(n = demc_sliding_normal_force(p, s));
    if (fz_fin(s)) FZ_CHECK(n >= 0.0 && fz_fin(n));
    FZ_CALL(w = demc_sliding_work_normal(p, s0, s));
    if (fz_fin(s) && fz_fin(s0)) FZ_CHECK(fz_fin(w));
    w = 7.0;
    FZ_CALL(st = demc_sliding_work_friction(p, s0, s, method, &w));
    if (st == DEMC_OK) FZ_CHECK(w <= 0.0 && fz_fin(w));
    vc = -7.0;
    FZ_CALL(st = demc_sliding_critical_velocity(p, &vc));
    if (st == DEMC_OK) FZ_CHECK(fz_fin(vc) && vc >= 0.0);
    v = 7.0;
    FZ_CALL(st = demc_sliding_velocity(p, v0, s, method, &v));
    if (st == DEMC_OK) FZ_CHECK(!fz_nan(v) && (v0 > 0.0 ? v >= 0.0 : v <= 0.0));
    FZ_CALL(st = demc_sliding_impact(p, v0, &res));
    if (st == DEMC_OK) {
        FZ_CHECK(!fz_nan(res.restitution) && !fz_nan(res.v_exit) && !fz_nan(res.contact_time) &&
                 !fz_nan(res.s_end) && !fz_nan(res.work_friction) && res.work_friction <= 0.0);
        FZ_CHECK(res.outcome == DEMC_SLIDING_SEPARATES || res.outcome == DEMC_SLIDING_STOPS ||
                 res.outcome == DEMC_SLIDING_RETURNS);
        FZ_CHECK(res.contact_time >= 0.0);
    }
    if (demc_sliding_hysteresis_init(fz_double(r), fz_double(r), (demc_sliding_hysteresis_form)fz_int(r, 0, 1), &h,
                                     NULL) == DEMC_OK) {
        memset(&hs, 0, sizeof hs);
        for (i = 0; i < 4; ++i) {
            double sn = fz_double(r), vn = fz_double(r), lim;
            if (!fz_fin(sn) || !fz_fin(vn)) continue;
            FZ_CALL(t = demc_sliding_hysteresis_friction(p, &h, sn, vn, &hs));
            lim = p->mu * demc_sliding_normal_force(p, sn);
            FZ_CHECK(!fz_nan(t) && fabs(t) <= lim * (1.0 + 1e-12));
        }
        FZ_CALL(w = demc_sliding_slip_limit(p, h.poisson_ratio, s));
        if (fz_fin(s)) FZ_CHECK(!fz_nan(w));
    }
}

static void fz_sliding_corners(fz_reader *r);
static void demc_fuzz_sliding(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    double k = fz_double(&r), rad = fz_double(&r), mu = fz_double(&r), m = fz_double(&r), h0 = fz_double(&r),
           ecc = fz_double(&r), q = fz_double(&r), t0 = fz_double(&r), y0 = fz_double(&r), ts, v;
    const char *field = "unset";
    demc_sliding_path p;
    demc_sliding_fc fc;
    demc_sliding_fc_result fr;
    demc_status st;
    memset(&p, FZ_POISON, sizeof p);
    FZ_CALL(st = demc_sliding_path_init_linear(k, rad, mu, m, h0, &p, &field));
    FZ_SETUP(st, field, &p);
    if (st == DEMC_OK) fz_sliding_path(&r, &p);
    memset(&p, FZ_POISON, sizeof p);
    FZ_CALL(st = demc_sliding_path_init_eccentric(k, rad, mu, m, h0, ecc, &p, &field));
    FZ_SETUP(st, field, &p);
    if (st == DEMC_OK) fz_sliding_path(&r, &p);
    ts = -7.0;
    FZ_CALL(st = demc_sliding_fc_threshold(mu, q, y0, &ts, &field));
    FZ_CHECK(st == DEMC_OK ? (ts >= 0.0 || ts < 0.0) && !fz_nan(ts) : ts == -7.0);
    memset(&fc, FZ_POISON, sizeof fc);
    FZ_CALL(st = demc_sliding_fc_init(rad, mu, m, q, t0, y0, &fc, &field));
    FZ_SETUP(st, field, &fc);
    if (st == DEMC_OK) {
        v = 7.0;
        FZ_CALL(st = demc_sliding_fc_velocity(&fc, fz_double(&r), &v));
        FZ_CHECK(!fz_nan(v));
        FZ_CALL(st = demc_sliding_fc_solve(&fc, &fr));
        if (st == DEMC_OK)
            FZ_CHECK(fz_fin(fr.s_c) && fz_fin(fr.v_c) && fz_fin(fr.contact_time) && fz_fin(fr.contact_time_eq47));
    }
    if (r.pos < r.size) fz_sliding_corners(&r);
}

/* Corner mode (fz_corner): every setup parameter at both ends of its documented range, combined, then the path's
 * functions at the corners of the contact (s at ±s_u, 0 and next to them). An accepted setup must give finite
 * results everywhere (the friction work, the velocities, the hysteresis friction, force control's solution), or
 * the documented status. Read after the log-uniform inputs above, so that the seeds keep their meaning. */
static void fz_sliding_corners(fz_reader *r)
{
    const double big = DBL_MAX, tiny = 4.9406564584124654e-324;
    double k = fz_corner(r, tiny, big), rad = fz_corner(r, tiny, big), mu = fz_corner(r, 0.0, big),
           m = fz_corner(r, tiny, big), h0 = fz_corner(r, tiny, nextafter(2.0 * rad, 0.0)), ecc = fz_corner(r, tiny, nextafter(1.0, 0.0)), w, v;
    const double q = fz_corner(r, tiny, big), t0 = fz_corner(r, -big, big), y0 = fz_corner(r, tiny, nextafter(1.0, 0.0));
    const char *field = "unset";
    demc_sliding_path p;
    demc_sliding_fc fc;
    demc_sliding_fc_result fr;
    demc_status st;
    int kind, i;
    for (kind = 0; kind < 2; ++kind) {
        memset(&p, FZ_POISON, sizeof p);
        if (kind == 0) FZ_CALL(st = demc_sliding_path_init_linear(k, rad, mu, m, h0, &p, &field));
        else FZ_CALL(st = demc_sliding_path_init_eccentric(k, rad, mu, m, h0, ecc, &p, &field));
        FZ_SETUP(st, field, &p);
        FZ_CHECK(st == DEMC_OK || st == DEMC_ERR_SINGULAR || st == DEMC_ERR_OUT_OF_DOMAIN ||
                 st == DEMC_ERR_NO_CONVERGENCE);
        if (st != DEMC_OK) continue;
        FZ_CHECK(fz_fin(p.s_u) && p.s_u > 0.0 && fz_fin(p.friction_half) && p.friction_half >= 0.0);
        for (i = 0; i < 3; ++i) {
            const double s0 = fz_corner(r, -p.s_u, p.s_u), s = fz_corner(r, -p.s_u, p.s_u), v0 = fz_corner(r, tiny, 1e150);
            double t = 7.0, n = 7.0;
            demc_sliding_hysteresis h;
            demc_sliding_hysteresis_state hs;
            FZ_CALL(demc_sliding_forces(&p, s, 1.0, &t, &n));
            FZ_CHECK(fz_fin(t) && fz_fin(n));
            w = 7.0;
            FZ_CALL(st = demc_sliding_work_friction(&p, s0, s, (demc_sliding_method)(i & 1), &w));
            FZ_CHECK(st == DEMC_OK || st == DEMC_ERR_NO_CONVERGENCE);
            if (st == DEMC_OK) FZ_CHECK(fz_fin(w) && w <= 0.0);
            v = 7.0;
            FZ_CALL(st = demc_sliding_velocity(&p, v0, s, (demc_sliding_method)(i & 1), &v));
            if (st == DEMC_OK) FZ_CHECK(fz_fin(v) && v >= 0.0);
            FZ_CALL(st = demc_sliding_critical_velocity(&p, &v));
            if (st == DEMC_OK) FZ_CHECK(fz_fin(v) && v >= 0.0);
            if (demc_sliding_hysteresis_init(fz_corner(r, tiny, 1.0), fz_corner(r, nextafter(-1.0, 0.0), 0.5),
                                             (demc_sliding_hysteresis_form)(i & 1), &h, NULL) == DEMC_OK) {
                memset(&hs, 0, sizeof hs);
                FZ_CALL(t = demc_sliding_hysteresis_friction(&p, &h, s0, 1.0, &hs));
                FZ_CHECK(fz_fin(t));
                FZ_CALL(t = demc_sliding_hysteresis_friction(&p, &h, s, -1.0, &hs)); /* a reversal */
                FZ_CHECK(fz_fin(t));
                FZ_CALL(t = demc_sliding_hysteresis_friction(&p, &h, 0.5 * s, -1.0, &hs));
                FZ_CHECK(fz_fin(t));
            }
        }
    }
    memset(&fc, FZ_POISON, sizeof fc);
    FZ_CALL(st = demc_sliding_fc_init(rad, mu, m, q, t0, y0, &fc, &field));
    FZ_SETUP(st, field, &fc);
    if (st == DEMC_OK) {
        memset(&fr, FZ_POISON, sizeof fr);
        FZ_CALL(st = demc_sliding_fc_solve(&fc, &fr));
        FZ_CHECK(st == DEMC_OK || st == DEMC_ERR_SINGULAR || st == DEMC_ERR_NO_CONVERGENCE);
        if (st == DEMC_OK)
            FZ_CHECK(fz_fin(fr.s_c) && fz_fin(fr.v_c) && fz_fin(fr.contact_time) && fz_fin(fr.contact_time_eq47));
        if (st == DEMC_ERR_SINGULAR) FZ_CHECK(fz_untouched(&fr, sizeof fr));
    }
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_sliding(data, size);
    return 0;
}
#endif
