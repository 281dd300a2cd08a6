/* libFuzzer harness of the Mindlin–Deresiewicz kernel of tangential.h (demc_tangential_md_*; see fuzz.h). The
 * kernel is documented total: a ≤ 0, F_n ≤ 0 or μ = 0 give a zero force and a reset memory, and no finite input
 * gives NaN (where k0 = 8G*a, μF_n and k0|Δs| are finite); the force never exceeds the Coulomb limit μF_n. Checked over a path of steps with a varying normal
 * force and contact radius: below 1e30 in magnitude (increments, forces, radii, G*, μ), as a finite state stays
 * representable there. */
#include "fuzz.h"

/* demc_tangential_md_update() returning the force, with the step's sliding flag kept aside (as the checks read it). */
static int md_sliding;
static demc_vec3 md_update(const demc_tangential_md_params *p, demc_vec3 increment, double normal_force,
                           double contact_radius, demc_tangential_md_state *s, demc_tangential_md_energy *energy)
{
    const demc_tangential_result r = demc_tangential_md_update(p, increment, normal_force, contact_radius, s, energy);
    md_sliding = r.sliding;
    return r.force;
}

static inline int fz_md_moderate(double x) { return x == 0.0 || (fabs(x) >= 1e-100 && fabs(x) <= 1e30); }

/* every double of the state finite (a state written from non-finite input carries it on) */
static inline int fz_md_state_finite(const demc_tangential_md_state *s)
{
    return fz_vfin(s->force) && fz_vfin(s->origin) && fz_vfin(s->end) && fz_fin(s->normal_force) &&
           fz_fin(s->stiffness) && fz_fin(s->branch);
}

static void demc_fuzz_tangential_md(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    double mu = fz_double(&r), g = fz_double(&r), x;
    const int variant = fz_int(&r, 0, 0);
    const char *field = "unset";
    demc_tangential_md_params p;
    demc_tangential_md_state s = DEMC_TANGENTIAL_MD_STATE_INIT, sw;
    demc_tangential_md_energy en;
    demc_vec3 f;
    demc_status st;
    int i;

    memset(&p, FZ_POISON, sizeof p);
    FZ_CALL(st = demc_tangential_md_init(mu, g, (demc_tangential_md_variant)variant, &p, &field));
    FZ_SETUP(st, field, &p);
    if (!fz_fin(mu)) FZ_CHECK(st == DEMC_ERR_INVALID_ARGUMENT && !strcmp(field, "mu"));
    else if (mu < 0.0) FZ_CHECK(st == DEMC_ERR_OUT_OF_DOMAIN && !strcmp(field, "mu"));
    else if (!fz_fin(g)) FZ_CHECK(st == DEMC_ERR_INVALID_ARGUMENT && !strcmp(field, "effective_shear_modulus"));
    else if (!(g > 0.0)) FZ_CHECK(st == DEMC_ERR_OUT_OF_DOMAIN && !strcmp(field, "effective_shear_modulus"));
    else if (variant != 0) FZ_CHECK(st == DEMC_ERR_INVALID_ARGUMENT && !strcmp(field, "variant"));
    else FZ_CHECK(st == DEMC_OK);
    FZ_CALL(st = demc_tangential_md_init(mu, g, DEMC_TANGENTIAL_MD_THORNTON_YIN, NULL, &field));
    FZ_CHECK(st != DEMC_OK && field != NULL);
    FZ_CALL(st = demc_tangential_md_validate(NULL, &field));
    FZ_CHECK(st == DEMC_ERR_INVALID_ARGUMENT && !strcmp(field, "params"));
    if (demc_tangential_md_init(mu, g, (demc_tangential_md_variant)variant, &p, NULL) != DEMC_OK) {
        /* a hand-filled struct: validate names the field */
        p.mu = mu;
        p.effective_shear_modulus = g;
        p.variant = (demc_tangential_md_variant)variant;
        FZ_CALL(st = demc_tangential_md_validate(&p, &field));
        FZ_CHECK(st != DEMC_OK && field != NULL && !strncmp(field, "params.", 7));
        return;
    }
    FZ_CALL(st = demc_tangential_md_validate(&p, &field));
    FZ_CHECK(st == DEMC_OK && field == NULL);

    for (i = 0; i < 8; ++i) {
        const demc_vec3 inc = fz_vec3(&r);
        const double fn = fz_double(&r), a = fz_double(&r);
        const int in = fz_md_moderate(inc.x) && fz_md_moderate(inc.y) && fz_md_moderate(inc.z) && fz_md_moderate(fn) &&
                       fz_md_moderate(a) && fz_md_moderate(mu) && fz_md_moderate(g) && fz_md_state_finite(&s) &&
                       fz_md_moderate(s.normal_force) && fz_md_moderate(s.stiffness); /* the state is an input */
        const int reset = !(a > 0.0) || !(fn > 0.0) || mu == 0.0, finite_before = fz_md_state_finite(&s);
        FZ_CALL(x = demc_tangential_md_stiffness(&p, fn, a, &s));
        if (!(a > 0.0)) FZ_CHECK(x == 0.0);
        FZ_CALL(x = demc_tangential_md_stored_energy(&p, fn, a, &s));
        if (!(a > 0.0) || !(fn > 0.0)) FZ_CHECK(x == 0.0);
        FZ_CALL(f = md_update(&p, inc, fn, a, &s, &en));
        if (reset && fz_fin(a) && fz_fin(fn)) {
            const demc_tangential_md_state zero = DEMC_TANGENTIAL_MD_STATE_INIT;
            FZ_CHECK(demc_vec3_norm2(f) == 0.0);
            FZ_CHECK(demc_vec3_norm2(s.force) == 0.0 && demc_vec3_norm2(s.origin) == 0.0 &&
                     demc_vec3_norm2(s.end) == 0.0 && s.branch == 0.0);
            (void)zero;
        }
        /* no NaN for any finite input (documented); the force within μF_n */
        if (fz_vfin(inc) && fz_fin(fn) && fz_fin(a) && finite_before && fz_fin(8.0 * g * a) && fz_fin(mu * fn) &&
            fz_fin(2.0 * mu * s.normal_force) && fz_fin(mu * (fn - s.normal_force)) &&
            fz_vfin(demc_vec3_scale(inc, 8.0 * g * a)) && fz_fin(2.0 * mu * fn + demc_vec3_norm(s.force)))
            FZ_CHECK(!fz_vnan(f) && !fz_vnan(s.force));
        if (in) {
            FZ_CHECK(fz_vfin(f) && fz_vfin(s.force) && fz_vfin(s.origin) && fz_vfin(s.end) && fz_fin(s.normal_force) &&
                     fz_fin(s.stiffness));
            FZ_CHECK(s.branch == 0.0 || s.branch == 1.0 || s.branch == 2.0);
            FZ_CHECK(fz_vnorm(f) <= mu * (fn > 0.0 ? fn : 0.0) * (1.0 + 1e-12) + 1e-300);
            FZ_CHECK(md_sliding == 0 || md_sliding == 1);
            /* ≥ 0 to the rounding of the branch's scale (|F|, |O|, |end| over k0) */
            const double scale = demc_vec3_norm(s.force) + demc_vec3_norm(s.origin) + demc_vec3_norm(s.end);
            FZ_CHECK(!fz_nan(en.stored_energy) &&
                     (en.stored_energy >= 0.0 || en.stored_energy >= -1e-12 * scale * (scale / s.stiffness)) &&
                     !fz_nan(en.friction_dissipation) &&
                     en.friction_dissipation >= 0.0 && !fz_nan(en.normal_exchange));
        }
        FZ_CALL(sw = demc_tangential_md_state_swap(s));
        FZ_CHECK((sw.force.x == -s.force.x || fz_nan(s.force.x)) && (sw.origin.y == -s.origin.y || fz_nan(s.origin.y)) &&
                 (sw.end.z == -s.end.z || fz_nan(s.end.z)));
        FZ_CHECK(memcmp(&sw.normal_force, &s.normal_force, 3 * sizeof(double)) == 0);
        FZ_CALL(sw = demc_tangential_md_state_swap(sw));
        FZ_CHECK(memcmp(&sw, &s, sizeof s) == 0);
    }
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_tangential_md(data, size);
    return 0;
}
#endif
