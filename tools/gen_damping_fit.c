/* Generator of include/demc/impl/damping_fit.h: the Chebyshev approximants behind demc_damping_lsd_ratio_fast()
 * (the inverse of the force-end LS+D restitution, Schwager & Pöschel 2007, 002 eq 7 with its first branch
 * corrected) and behind demc_damping_viscoelastic_restitution_scaled() (restitution of viscoelastic spheres). It shares no
 * code with the library: the LS+D inverse is found here by bisection in long double, and the viscoelastic impact
 * is integrated once, here, by an adaptive Dormand–Prince 5(4) in long double (rtol 1e-16) with event location.
 *
 * Build and run (no make needed), from the top of the tree:
 *     cc -O2 -o /tmp/gen_damping_fit tools/gen_damping_fit.c -lm && /tmp/gen_damping_fit > include/demc/impl/damping_fit.h
 * It prints to stderr the number of terms kept and the largest dropped coefficient of each piece.
 *
 * With L = −ln(e)/2, the force-end damping ratio g solves g·A(g) = L, A(g) = arccos(g)/√(1−g²) (arcosh form for
 * g > 1). Writing g = cos φ gives φ·cot φ = L (L ≤ 1); g = cosh ψ gives ψ·coth ψ = L (L ≥ 1). Pieces:
 *   low:  g/L as a function of L ∈ [0, 1], x = 2L − 1 (analytic, → 2/π at L = 0, 1 at L = 1);
 *   high: ψ²/L² − 1 as a function of 1/L ∈ [0.05, 1], x = (2/L − 1.05)/0.95 (ψ² is analytic in L through L = 1;
 *         the library needs ψ − L to an absolute accuracy, which this form gives without cancellation).
 * Beyond L = 20, ψ = L to double precision (the library needs no table there).
 *
 * Viscoelastic spheres: y'' = −√y·(y + ε y'), y(0) = 0, y'(0) = 1 (the scaled impact, see docs/pages/damping.md);
 * E(ε) = −y'(end) with the end at y + ε y' = 0 (force) or y = 0 (overlap). Pieces, for each end rule:
 *   small: (1 − E)/ε as a function of σ = √ε ∈ [0, 1], x = 2σ − 1 (E has half-integer powers of ε at the force
 *         end), from the energy balance 1 − E² = 2ε∫√y y'² + (4/5)y_end^{5/2}, exact in relative terms as ε → 0;
 *   force end, mid/large: ln(E·ε^(5/3)) as a function of u = ln ε on [0, 4] and [4, ln 1e9]; beyond, E =
 *         C_f·ε^(−5/3), C_f printed from ε = 1e9 (the correction there, extrapolated from 1e8 and 1e9, is < 1e-13);
 *   overlap end, mid: ln(E·ε^5) as a function of ε on [1, 3], [3, 5], [5, 7]; beyond, E = C_o·ε^(−5): E·ε^5 reaches its limit
 *         faster than exponentially (deviation 2e-7 at ε = 5, 1e-11 at 6, < 1e-15 from 7 on). */
#include <math.h>
#include <stdio.h>

#define NODES 96
#define PI_L 3.141592653589793238462643383279502884L

/* g/L for 0 < L < 1: bisection on ζ = π/2 − φ ∈ (0, π/2), where (π/2 − ζ)·tan ζ = L increases, g = sin ζ. */
static long double low_piece(long double L)
{
    long double lo = 0.0L, hi = PI_L / 2;
    int i;
    for (i = 0; i < 200; ++i) {
        long double mid = 0.5L * (lo + hi);
        if ((PI_L / 2 - mid) * tanl(mid) < L) lo = mid; else hi = mid;
    }
    return sinl(0.5L * (lo + hi)) / L;
}

/* ψ²/L² − 1 for L > 1: bisection on ψ ∈ (0, L + 1), where ψ·coth ψ = L increases. */
static long double high_piece(long double L)
{
    long double lo = 0.0L, hi = L + 1.0L, psi;
    int i;
    for (i = 0; i < 300; ++i) {
        long double mid = 0.5L * (lo + hi);
        if (mid / tanhl(mid) < L) lo = mid; else hi = mid;
    }
    psi = 0.5L * (lo + hi);
    return psi * psi / (L * L) - 1.0L;
}

/* ---- the viscoelastic impact, integrated --------------------------------------------------------------------- */

static long double vis_eps, vis_atol[3] = {0.0L, 0.0L, 1e-19L};
static int vis_control_loss;
static int vis_force_end;

static void vis_rhs(const long double *y, long double *dy)
{
    long double p = y[0] > 0.0L ? y[0] : 0.0L;
    dy[0] = y[1];
    dy[1] = -sqrtl(p) * (p + vis_eps * y[1]);
    dy[2] = sqrtl(p) * y[1] * y[1]; /* D = ∫√y y'², the dissipated energy over ε */
}

static long double vis_event(const long double *y)
{
    return vis_force_end ? (y[0] > 0.0L ? y[0] : 0.0L) + vis_eps * y[1] : y[0];
}

/* One Dormand–Prince 5(4) step (Hairer, Nørsett & Wanner, Table 5.2): the fifth-order state into out, the scaled
 * error norm returned. */
static long double dp_step(const long double *y, long double h, long double *out)
{
    static const long double a[7][6] = {
        {0},
        {1.0L / 5},
        {3.0L / 40, 9.0L / 40},
        {44.0L / 45, -56.0L / 15, 32.0L / 9},
        {19372.0L / 6561, -25360.0L / 2187, 64448.0L / 6561, -212.0L / 729},
        {9017.0L / 3168, -355.0L / 33, 46732.0L / 5247, 49.0L / 176, -5103.0L / 18656},
        {35.0L / 384, 0.0L, 500.0L / 1113, 125.0L / 192, -2187.0L / 6784, 11.0L / 84}};
    static const long double e4[7] = {5179.0L / 57600, 0.0L, 7571.0L / 16695, 393.0L / 640, -92097.0L / 339200,
                                      187.0L / 2100, 1.0L / 40};
    long double k[7][3], t[3], err = 0.0L;
    int s, j, i;
    vis_rhs(y, k[0]);
    for (s = 1; s < 7; ++s) {
        for (i = 0; i < 3; ++i) {
            long double acc = 0.0L;
            for (j = 0; j < s; ++j) acc += a[s][j] * k[j][i];
            t[i] = y[i] + h * acc;
        }
        vis_rhs(t, k[s]);
    }
    for (i = 0; i < 3; ++i) {
        long double low = 0.0L, sc;
        for (j = 0; j < 7; ++j) low += e4[j] * k[j][i];
        out[i] = t[i];
        if (i == 2 && !vis_control_loss) break; /* D rides along unless the loss (1 − E)/ε is tabulated */
        sc = vis_atol[i] + 1e-16L * fmaxl(fabsl(y[i]), fabsl(t[i]));
        low = h * (low - (a[6][0] * k[0][i] + a[6][2] * k[2][i] + a[6][3] * k[3][i] + a[6][4] * k[4][i] +
                          a[6][5] * k[5][i])) / sc;
        err += low * low;
    }
    return sqrtl(err / (vis_control_loss ? 3 : 2));
}

/* Restitution of the scaled viscoelastic impact; the event is located by bisection on the length of a fresh step. */
static long double vis_impact(long double eps, int force_end, long double *loss)
{
    long double y[3] = {0.0L, 1.0L, 0.0L}, next[3], h = 1e-7L * fminl(1.0L, powl(eps, -2.0L / 3.0L));
    long double g0 = 0.0L;
    vis_eps = eps;
    vis_force_end = force_end;
    /* Absolute tolerances at 1e-19 of the scales the result needs: the overlap scales as ε^(−2/3) and the rebound
     * speed as ε^(−5/3) (force end) or ε^(−5) (overlap end) for large ε. Pure relative control would chase the
     * velocity through its zero at maximum compression. */
    vis_atol[0] = 1e-19L * fminl(1.0L, powl(eps, -2.0L / 3.0L));
    vis_atol[1] = 1e-19L * fminl(1.0L, powl(eps, force_end ? -5.0L / 3.0L : -5.0L));
    for (;;) {
        long double err = dp_step(y, h, next), g1;
        if (!(err <= 1.0L)) { h *= fmaxl(0.2L, 0.9L * powl(err, -0.2L)); continue; }
        g1 = vis_event(next);
        if (g0 > 0.0L && g1 <= 0.0L) {
            long double lo = 0.0L, hi = h;
            int it;
            for (it = 0; it < 100; ++it) {
                long double mid = 0.5L * (lo + hi);
                dp_step(y, mid, next);
                if (vis_event(next) > 0.0L) lo = mid; else hi = mid;
            }
            dp_step(y, hi, next);
            /* energy balance: E² = 1 − 2εD − (4/5) y_end^{5/2}, so 1 − E is known to full relative accuracy */
            *loss = (2.0L * eps * next[2] + 0.8L * powl(fmaxl(next[0], 0.0L), 2.5L)) / (1.0L - next[1]);
            return -next[1];
        }
        y[0] = next[0]; y[1] = next[1]; y[2] = next[2];
        g0 = g1;
        h *= fminl(5.0L, 0.9L * powl(fmaxl(err, 1e-10L), -0.2L));
    }
}

static long double vis_restitution(long double eps, int force_end)
{
    long double loss;
    return vis_impact(eps, force_end, &loss);
}

/* (1 − E)/ε from the energy balance, accurate as ε → 0 where 1 − E ≈ 1.15 ε. */
static long double vis_loss_rate(long double eps, int force_end)
{
    long double loss;
    vis_control_loss = 1;
    vis_impact(eps, force_end, &loss);
    vis_control_loss = 0;
    return loss / eps;
}

#define LN_1E9 20.723265836946411156L

static long double piece_at(int which, long double x)
{
    long double t = 0.5L * (x + 1.0L), u;
    switch (which) {
    case 0: return low_piece(t);
    case 1: return high_piece(2.0L / (0.95L * x + 1.05L));
    case 2: return vis_loss_rate(t * t, 1);
    case 3: u = 4.0L * t; return logl(vis_restitution(expl(u), 1)) + 5.0L / 3.0L * u;
    case 4: u = 4.0L + (LN_1E9 - 4.0L) * t; return logl(vis_restitution(expl(u), 1)) + 5.0L / 3.0L * u;
    case 5: return vis_loss_rate(t * t, 0);
    default: u = 2.0L * (which - 5) - 1.0L + 2.0L * t; return logl(vis_restitution(u, 0) * powl(u, 5.0L));
    }
}

/* Chebyshev interpolation of piece `which` at NODES Gauss nodes; coefficients below `floor` (the noise of the
 * values: 1e-17 for the bisections, 3e-15 for the integrations) are dropped from the end. */
static void emit(int which, const char *name, const char *what, long double floor)
{
    long double f[NODES], c[NODES];
    int j, k, keep;
    for (j = 0; j < NODES; ++j) f[j] = piece_at(which, cosl(PI_L * (j + 0.5L) / NODES));
    for (k = 0; k < NODES; ++k) {
        long double s = 0.0L;
        for (j = 0; j < NODES; ++j) s += f[j] * cosl(PI_L * k * (j + 0.5L) / NODES);
        c[k] = 2.0L * s / NODES;
    }
    c[0] *= 0.5L;
    keep = NODES;
    while (keep > 1 && fabsl(c[keep - 1]) < floor) --keep;
    fprintf(stderr, "%s: %d terms, last kept %.3Le, first dropped %.3Le\n", name, keep, c[keep - 1],
            keep < NODES ? c[keep] : 0.0L);
    printf("/* %s */\n", what);
    printf("DEMC_STATIC_INLINE double %s(double x)\n{\n    const double c[%d] = {\n", name, keep);
    for (k = 0; k < keep; ++k) printf("        %.17Le%s\n", c[k], k + 1 < keep ? "," : "");
    printf("    };\n    return demci_damping_chebyshev(c, %d, x);\n}\n\n", keep);
}

int main(void)
{
    printf("/* GENERATED by tools/gen_damping_fit.c — do not edit; regenerate with the command in its header.\n"
           " * Chebyshev approximants of the exact force-end LS+D inverse (demc_damping_lsd_ratio_fast()) and of the\n"
           " * restitution E(eps) of viscoelastic spheres (demc_damping_viscoelastic_restitution_scaled()).\n"
           " * They live here, not in src/, because the header-only face needs the bodies; the coefficients are\n"
           " * function-local constants so that CUDA device code can read them. */\n");
    printf("#ifndef DEMC_DAMPING_FIT_H\n#define DEMC_DAMPING_FIT_H\n\n");
    printf("/* Σ c[k] T_k(x), k < n, by Clenshaw's recurrence (x in [-1, 1]). */\n"
           "DEMC_STATIC_INLINE double demci_damping_chebyshev(const double *c, int n, double x)\n{\n"
           "    double b1 = 0.0, b2 = 0.0;\n    int k;\n    for (k = n - 1; k >= 1; --k) {\n"
           "        double b0 = c[k] + 2.0 * x * b1 - b2;\n        b2 = b1;\n        b1 = b0;\n    }\n"
           "    return c[0] + x * b1 - b2;\n}\n\n");
    emit(0, "demci_damping_fit_low", "g/L on L = (x + 1)/2 in [0, 1]", 1e-17L);
    emit(1, "demci_damping_fit_high", "psi^2/L^2 - 1 on 1/L = (0.95 x + 1.05)/2 in [0.05, 1]", 1e-17L);
    emit(2, "demci_visco_force_small", "viscoelastic, force end: (1 - E)/eps on sqrt(eps) = (x + 1)/2 in [0, 1]", 3e-15L);
    emit(3, "demci_visco_force_mid", "viscoelastic, force end: ln(E eps^(5/3)) on ln(eps) = 2(x + 1) in [0, 4]", 3e-15L);
    emit(4, "demci_visco_force_large",
         "viscoelastic, force end: ln(E eps^(5/3)) on ln(eps) = 4 + (ln(1e9) - 4)(x + 1)/2 in [4, ln 1e9]", 3e-15L);
    emit(5, "demci_visco_overlap_small", "viscoelastic, overlap end: (1 - E)/eps on sqrt(eps) = (x + 1)/2 in [0, 1]", 3e-15L);
    emit(6, "demci_visco_overlap_mid1", "viscoelastic, overlap end: ln(E eps^5) on eps = x + 2 in [1, 3]", 3e-15L);
    emit(7, "demci_visco_overlap_mid2", "viscoelastic, overlap end: ln(E eps^5) on eps = x + 4 in [3, 5]", 3e-15L);
    emit(8, "demci_visco_overlap_mid3", "viscoelastic, overlap end: ln(E eps^5) on eps = x + 6 in [5, 7]", 3e-15L);
    fprintf(stderr, "tails: C_force = %.17Lg (1e8), %.17Lg (1e9); C_overlap = %.17Lg (7), %.17Lg (64)\n",
            vis_restitution(1e8L, 1) * powl(1e8L, 5.0L / 3.0L), vis_restitution(1e9L, 1) * powl(1e9L, 5.0L / 3.0L),
            vis_restitution(7.0L, 0) * powl(7.0L, 5.0L), vis_restitution(64.0L, 0) * powl(64.0L, 5.0L));
    printf("#endif /* DEMC_DAMPING_FIT_H */\n");
    return 0;
}
