/* libFuzzer harness of normal_plastic.h: Luding's hysteretic spring, Thornton & Ning's adhesive elastic-plastic law
 * and the EEPA model (see fuzz.h). The setups must follow the setup convention for any input; where a setup
 * succeeds, the hot path must give no NaN, and inside the documented domain (below) finite forces, states and
 * energies with the documented signs. Domain of the finiteness checks: Luding k₁, k_p, k_c in [1e-6, 1e12] N/m,
 * δ* in [1e-9, 1] m, |δ| ≤ 10 δ*; Thornton & Ning E* in [1e3, 1e13] Pa, R* in [1e-9, 1] m, w in {0} ∪ [1e-6, 1e2]
 * J/m², p_y in [1e3, 1e11] Pa, |δ| ≤ R*; EEPA k₁ and k_adh in [0, 1e12] (k₁ > 0), |f₀| ≤ 1e6 N, λ_P in [0, 1),
 * n and χ in [1, 3], |δ| ≤ 1 m. The corner mode (fz_corner) samples every parameter at both ends of these ranges
 * together, after the free-form inputs, so that the seeds keep their meaning. */
#include "fuzz.h"

static int fz_np_in(double x, double lo, double hi) { return x >= lo && x <= hi; }

static void fz_np_luding(double k1, double kp, double kc, double ds, const double *d, int nd)
{
    const char *field = "unset";
    demc_normal_luding_params p;
    demc_normal_luding_state st = DEMC_NORMAL_LUDING_STATE_INIT, sw;
    demc_normal_luding_result res;
    demc_status s;
    int i, hist = 1;
    const int dom = fz_np_in(k1, 1e-6, 1e12) && fz_np_in(kp, 1e-6, 1e12) && fz_np_in(kc, 0.0, 1e12) &&
                    (kc == 0.0 || kc >= 1e-6) && fz_np_in(ds, 1e-9, 1.0);
    memset(&p, FZ_POISON, sizeof p);
    FZ_CALL(s = demc_normal_luding_init(k1, kp, kc, ds, &p, &field));
    FZ_SETUP(s, field, &p);
    if (s != DEMC_OK) return;
    for (i = 0; i < nd; ++i) {
        const double dd = d[i] * ds;
        double u, fp, loss, e;
        const int in = (hist = hist && dom && fz_fin(dd) && fabs(dd) <= 10.0 * ds);
        FZ_CALL(res = demc_normal_luding_force(&p, dd, &st));
        if (in) /* outside the domain (δ* = 1.5e308) the plastic overlap overflows: NaN allowed there */
            FZ_CHECK(!fz_nan(res.force) && !fz_nan(res.stiffness) && !fz_nan(res.plastic_overlap) &&
                     !fz_nan(st.max_overlap));
        if (!(dd > 0.0)) FZ_CHECK(res.force == 0.0 && st.max_overlap == 0.0 && res.branch == DEMC_NORMAL_LUDING_NONE);
        FZ_CALL(u = demc_normal_luding_stored_energy(&p, dd, st));
        FZ_CALL(fp = demc_normal_luding_pulloff_force(&p, dd));
        FZ_CALL(loss = demc_normal_luding_cycle_loss(&p, dd));
        FZ_CALL(e = demc_normal_luding_restitution(&p, dd));
        FZ_CHECK(!(e < 0.0) && !(e > 1.0 + 1e-12));
        if (in) {
            FZ_CHECK(!fz_nan(u) && !fz_nan(fp) && !fz_nan(loss) && !fz_nan(e));
            FZ_CHECK(fz_fin(res.force) && fz_fin(res.stiffness) && fz_fin(st.max_overlap) && st.max_overlap >= 0.0);
            FZ_CHECK(fz_fin(u) && u >= 0.0 && fz_fin(fp) && fp <= 0.0 && fz_fin(loss) && loss >= -1e-12 * k1 * ds * ds);
            FZ_CHECK(e >= 0.0 && e <= 1.0 + 1e-12);
            if (res.branch == DEMC_NORMAL_LUDING_TENSILE) FZ_CHECK(res.force <= 0.0);
        }
    }
    FZ_CALL(sw = demc_normal_luding_state_swap(st));
    FZ_CHECK(memcmp(&sw, &st, sizeof st) == 0);
}

static void fz_np_thornton_ning(double e, double rad, double w, double py, const double *d, int nd, double mass,
                                double v)
{
    const char *field = "unset";
    demc_normal_thornton_ning_params p;
    demc_normal_thornton_ning_state st = DEMC_NORMAL_THORNTON_NING_STATE_INIT, sw;
    demc_normal_thornton_ning_result res;
    demc_status s;
    int i, hist = 1;
    const int dom = fz_np_in(e, 1e3, 1e13) && fz_np_in(rad, 1e-9, 1.0) && (w == 0.0 || fz_np_in(w, 1e-6, 1e2)) &&
                    fz_np_in(py, 1e3, 1e11);
    memset(&p, FZ_POISON, sizeof p);
    FZ_CALL(s = demc_normal_thornton_ning_init(e, rad, w, py, &p, &field));
    FZ_SETUP(s, field, &p);
    {
        /* the first bad input in argument order names the status */
        const double in[4] = {e, rad, w, py};
        const int ok[4] = {e > 0.0, rad > 0.0, w >= 0.0, py > 0.0};
        int q;
        for (q = 0; q < 4; ++q)
            if (!fz_fin(in[q]) || !ok[q]) {
                FZ_CHECK(s == (fz_fin(in[q]) ? DEMC_ERR_OUT_OF_DOMAIN : DEMC_ERR_INVALID_ARGUMENT));
                break;
            }
    }
    if (dom) FZ_CHECK(s == DEMC_OK);
    if (s != DEMC_OK) return;
    FZ_CHECK(fz_fin(p.yield_radius) && p.yield_radius > 0.0 && fz_fin(p.cap_pressure));
    for (i = 0; i < nd; ++i) {
        const double dd = d[i] * rad;
        double u, win, loss, fp;
        const int in = (hist = hist && dom && fz_fin(dd) && fabs(dd) <= rad); /* the state's history in the domain too */
        FZ_CALL(res = demc_normal_thornton_ning_update(&p, dd, &st));
        if (in)
            FZ_CHECK(!fz_nan(res.force) && !fz_nan(res.stiffness) && !fz_nan(res.contact_radius) &&
                     !fz_nan(st.max_overlap) && !fz_nan(st.plastic_overlap) && !fz_nan(st.unloading_radius));
        FZ_CHECK(st.neck == 0.0 || st.neck == 1.0);
        if (res.branch == DEMC_NORMAL_THORNTON_NING_NONE) FZ_CHECK(res.force == 0.0 && res.contact_radius == 0.0);
        if (!(dd > 0.0) && st.neck == 0.0) FZ_CHECK(st.max_overlap == 0.0 && st.unloading_radius == 0.0);
        if (in && dd > 0.0) FZ_CHECK(st.unloading_radius != 0.0); /* touch forms the contact */
        FZ_CALL(u = demc_normal_thornton_ning_energy(&p, dd, st));
        FZ_CALL(win = demc_normal_thornton_ning_loading_work(&p, dd));
        FZ_CALL(loss = demc_normal_thornton_ning_cycle_loss(&p, dd));
        FZ_CALL(fp = demc_normal_thornton_ning_pulloff_force(&p, dd));
        FZ_CHECK(!(loss < 0.0) && !(fp > 0.0));
        if (in) {
            FZ_CHECK(!fz_nan(u) && !fz_nan(win) && !fz_nan(loss) && !fz_nan(fp));
            FZ_CHECK(fz_fin(res.force) && fz_fin(res.stiffness) && fz_fin(res.contact_radius) &&
                     res.contact_radius >= 0.0);
            FZ_CHECK(fz_fin(st.max_overlap) && fz_fin(st.plastic_overlap) && st.plastic_overlap >= 0.0 &&
                     fz_fin(st.unloading_radius));
            if (st.unloading_radius != 0.0) FZ_CHECK(st.unloading_radius >= rad * (1.0 - 1e-12));
            FZ_CHECK(fz_fin(u) && fz_fin(win) && fz_fin(loss) && fz_fin(fp));
            if (w == 0.0) FZ_CHECK(res.force >= 0.0 && fp == 0.0);
        }
    }
    FZ_CALL(sw = demc_normal_thornton_ning_state_swap(st));
    FZ_CHECK(memcmp(&sw, &st, sizeof st) == 0);
    {
        double er;
        FZ_CALL(er = demc_normal_thornton_ning_restitution(&p, mass, v));
        FZ_CHECK(!(er < 0.0) && !(er > 1.0 + 1e-9));
        if (dom) FZ_CHECK(!fz_nan(er));
    }
}

static void fz_np_eepa(double k1, double lp, double f0, double ka, double n, double x, const double *d, int nd)
{
    const char *field = "unset";
    demc_normal_eepa_params p;
    demc_normal_eepa_state st = DEMC_NORMAL_EEPA_STATE_INIT, sw;
    demc_normal_eepa_result res;
    demc_status s;
    int i, hist = 1;
    const int dom = fz_np_in(k1, 1e-300, 1e12) && fz_np_in(lp, 0.0, 1.0) && lp < 1.0 && fz_np_in(f0, -1e6, 0.0) &&
                    fz_np_in(ka, 0.0, 1e12) && fz_np_in(n, 1.0, 3.0) && fz_np_in(x, 1.0, 3.0);
    memset(&p, FZ_POISON, sizeof p);
    FZ_CALL(s = demc_normal_eepa_init(k1, lp, f0, ka, n, x, &p, &field));
    FZ_SETUP(s, field, &p);
    if (s != DEMC_OK) return;
    for (i = 0; i < nd; ++i) {
        const double dd = d[i];
        double u, win, dmin, fp, loss, e;
        const int finite_before = fz_fin(st.plastic_overlap);
        FZ_CALL(res = demc_normal_eepa_update(&p, dd, &st));
        if (fz_fin(dd) && finite_before) /* any finite δ of a valid setup from a finite state: no NaN */
            FZ_CHECK(!fz_nan(res.force) && !fz_nan(res.stiffness));
        if (!(dd > 0.0)) FZ_CHECK(res.force == 0.0 && st.plastic_overlap == 0.0 && res.branch == DEMC_NORMAL_EEPA_NONE);
        FZ_CALL(u = demc_normal_eepa_stored_energy(&p, dd, st));
        FZ_CALL(win = demc_normal_eepa_loading_work(&p, dd));
        FZ_CALL(dmin = demc_normal_eepa_min_overlap(&p, dd));
        FZ_CALL(fp = demc_normal_eepa_pulloff_force(&p, dd));
        FZ_CALL(loss = demc_normal_eepa_cycle_loss(&p, dd));
        FZ_CALL(e = demc_normal_eepa_restitution(&p, dd));
        FZ_CHECK(!(u < 0.0) && !(loss < 0.0) && !(e < 0.0) && !(e > 1.0) && !(fp > f0));
        if ((hist = hist && dom && fz_fin(dd) && fabs(dd) <= 1.0)) {
            FZ_CHECK(fz_fin(res.force) && fz_fin(res.stiffness) && fz_fin(st.plastic_overlap) &&
                     st.plastic_overlap >= 0.0);
            if (res.branch == DEMC_NORMAL_EEPA_LOADING) FZ_CHECK(st.plastic_overlap <= dd);
            if (res.branch == DEMC_NORMAL_EEPA_ADHESIVE) FZ_CHECK(st.plastic_overlap >= dd * (1.0 - 1e-14) && res.force <= f0); /* (δⁿ)^{1/n} rounds */
            FZ_CHECK(fz_fin(u) && fz_fin(win) && fz_fin(loss) && fz_fin(fp) && !fz_nan(e) && !fz_nan(dmin));
            if (dd > 0.0) FZ_CHECK(dmin >= 0.0 && dmin <= p.plastic_factor * dd * (1.0 + 1e-12));
        }
    }
    FZ_CALL(sw = demc_normal_eepa_state_swap(st));
    FZ_CHECK(memcmp(&sw, &st, sizeof st) == 0);
}

static void fz_np_corners(fz_reader *r)
{
    double d[6];
    int i;
    {
        const double k1 = fz_corner(r, 1e-6, 1e12), kp = fz_corner(r, k1, 1e12), kc = fz_corner(r, 0.0, 1e12),
                     ds = fz_corner(r, 1e-9, 1.0);
        for (i = 0; i < 6; ++i) d[i] = fz_corner(r, -10.0, 10.0);
        fz_np_luding(k1, kp, kc, ds, d, 6);
    }
    {
        const double e = fz_corner(r, 1e3, 1e13), rad = fz_corner(r, 1e-9, 1.0), w0 = fz_corner(r, 1e-6, 1e2),
                     py = fz_corner(r, 1e3, 1e11);
        const double w = fz_int(r, 0, 3) == 0 ? 0.0 : w0;
        for (i = 0; i < 6; ++i) d[i] = fz_corner(r, -1.0, 1.0);
        fz_np_thornton_ning(e, rad, w, py, d, 6, fz_corner(r, 1e-15, 1e3), fz_corner(r, 1e-6, 1e3));
    }
    {
        const double k1 = fz_corner(r, 1e-6, 1e12), lp = fz_corner(r, 0.0, nextafter(1.0, 0.0)),
                     f0 = fz_corner(r, -1e6, 0.0), ka = fz_corner(r, 0.0, 1e12), n = fz_corner(r, 1.0, 3.0),
                     x = fz_corner(r, 1.0, 3.0);
        for (i = 0; i < 6; ++i) d[i] = fz_corner(r, -1.0, 1.0);
        fz_np_eepa(k1, lp, f0, ka, n, x, d, 6);
    }
}

static void demc_fuzz_normal_plastic(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    double a[6], d[6];
    int i, which = fz_int(&r, 0, 2);
    for (i = 0; i < 6; ++i) a[i] = fz_double(&r);
    for (i = 0; i < 6; ++i) d[i] = fz_double(&r);
    if (which == 0) fz_np_luding(a[0], a[1], a[2], a[3], d, 6);
    else if (which == 1) fz_np_thornton_ning(a[0], a[1], a[2], a[3], d, 6, a[4], a[5]);
    else fz_np_eepa(a[0], a[1], a[2], a[3], a[4], a[5], d, 6);
    if (r.pos < r.size) fz_np_corners(&r);
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_normal_plastic(data, size);
    return 0;
}
#endif
