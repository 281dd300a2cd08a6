#!/usr/bin/env python3
"""Writes the seed inputs of the libFuzzer harnesses into fuzz/seeds/<module>/ (deterministic; the files are
committed). An input is a byte stream read by fuzz/fuzz.h: a byte >= 96 followed by 8 little-endian bytes is a
double; a lone byte is an integer choice (fz_int). Each seed below names the values in the order its harness
reads them. The seeds reproduce the findings of issue 18 (those of the composable contact API's modules
included) and typical in-domain calls; test/test_errno.c replays them all on both faces. Usage: python3 tools/fuzz_seeds.py (from the top of the tree)."""
import os
import struct

D = lambda x: b'\xff' + struct.pack('<d', float(x))   # one double
I = lambda k: bytes([k])                              # one fz_int byte (k % range)
INF, NAN, TINY, DMAX = float('inf'), float('nan'), 5e-324, 1.7976931348623157e308


def ds(*xs):
    return b''.join(D(x) for x in xs)


SEEDS = {
    'base': {
        'typical': ds(1, 2, 3, -1, 0.5, 2, 0.3) + I(0),
        'huge': ds(DMAX, DMAX, -DMAX, 1e308, 1e308, 1e308, 1e300) + I(4),
        'subnormal': ds(TINY, 0, -TINY, 1e-160, 1e-160, 1e-160, 0) + I(9),
        'nonfinite': ds(INF, NAN, 0, -INF, 1, 1, NAN) + I(255),
    },
    'material': {
        'steel_glass': ds(2.1e11, 0.3, 7800, 0, 6.3e10, 0.2, 2500, 0, 1e-3, 2e-3) + I(0) + I(1),
        'subnormal_E': ds(TINY, 0.3, 1, 0, TINY, 0.3, 1, 0, 1, 1) + I(0) + I(0),
        'huge_E': ds(DMAX, -0.9999999999999999, 1, 0, DMAX, 0.5, DMAX, 0, DMAX, TINY) + I(2) + I(1),
        'bad': ds(-1, 0.6, 0, -1, NAN, 0.3, 1, 0, 0, -1) + I(7) + I(0),
    },
    'geometry': {
        'touching': ds(0, 0, 1.9e-3, 1, 2, 3, 0.1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1e-3, 1e-3),
        'tiny_distance': ds(1e-158, 0, 0, 0, 0, 0, 1, 2, 3, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 2, 1, 1),
        'threshold': ds(1.5e-154, 1e-155, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1),
        'coincident': ds(5, 5, 5, 5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1),
    },
    'normal': {
        'hertz_huge_K': ds(1e308, 1, 1e6, 0.8, 0, 1e-6, -1, 1e-3, 0, 1e-9, 1, 3),
        'typical': ds(1e8, 5e-4, 1e5, 0.7, 1e-6, 2e-6, 1e-6, 0, -1e-6, 3e-6, 1e-5, 1.0),
        'edges': ds(TINY, DMAX, DMAX, 1, DMAX, 1e300, -0.0, TINY, 1e-300, NAN, 1e-300, 1e300),
    },
    'damping': {
        'hmd_overflow': ds(1.7e308, 0.5, 1, 1, 1, 1, 1, 1e-6) + I(0) + ds(1, 1, 0),
        'ratio_fast_minus_zero': ds(1e300, -0.0, 1, 1, 1, 1, 1, 1e-6) + I(1) + ds(0, 0, 0),
        'visco_underflow': ds(1e300, 0, 1e300, 1e-300, 1e300, 1e10, 1e-3, 1e-6) + I(0) + ds(1, 0, 0),
        'typical': ds(0.3, 0.9, 1e-3, 1e5, 0.5, 1e8, 1e-3, 1e-6) + I(1) + ds(0.1, 0, 0),
    },
    'tangential': {
        'zero_velocity_overflow': ds(0.5, 0.4, 1e5, 10, 0.1, 1e-6, 0, 1, 1e-9, 0, 0, 1e-3, 0, 0, 0, 0, 1, 0, 0, 1,
                                     1e200, 0, 0, -1e200, 0, 0) + I(0) * 5 + I(0),
        'transport_zero_normal': ds(0.5, 0.5, 1e5, 10, 0, 1e-6, 0.1, 1, 1e-9, 2e-9, 0, 1e-3, 0, 0, 0, 0, 0, 0, 0, 1,
                                    3, 0, 4, -1, 0, 0) + I(3) + I(1) + I(2) + I(1) + I(1) + I(0),
        'tiny': ds(1, 0.6, 0, 0.6, 0, 1e-300, 0, 1, TINY, 0, 0, TINY, 0, 0, 1, 0, 0, 0, 1, 0, 1e-200, 0, 0, -1e-200,
                   0, 0) + I(1) * 6,
    },
    'rotation': {
        'half_turn': ds(2, 0, 0, 2, 0, 0, 1.5e308, 1.5e308, 1.5e308, 1, 0, 0, 0, 1, 0, 0.5, 1e-3, 1, 0, 1, 0, 0),
        'gibbs_half_turn': ds(0, -2, 0, 0, -2, 0, 1, 2, 3, 0, 0, 0, 0, 0, 0, 0.5, 1e-3, 1, 0, 0, 0, 0),
        'typical': ds(0.1, 0.2, 0.3, -0.3, 0.1, 0.05, 1, 2, 3, 1, 0, 0, 0, 1, 1, 0.5, 1e-3, 0.01, 0.9, 0.1, 0.2, 0.3),
        'huge_alpha': ds(1e100, 0, 0, 0, 1e100, 0, DMAX, -DMAX, DMAX, 1e300, 0, 0, 0, 0, 1e300, 1, 1, 1, 0, 0, 0, 0),
    },
    'special': {
        'rf_huge': ds(1e308, 1e308, 1e308, 0.5, 1.0),
        'rf_range': ds(DMAX, 1e-103, 1e280, -7.3e211, 3.0),
        'rf_subnormal': ds(TINY, TINY, 0, 0.999999, 1e10),
        'rd_huge': ds(1e308, 1e308, 1, 1, 1.5707963267948966),
        'typical': ds(0.5, 1, 2, 0.3, 0.7),
    },
    'timestep': {
        'typical': ds(1e-3, 1e10, 0.3, 2500, 1e-3, 2e-3, 1.5e-3) + I(1) + ds(2500) + I(63),
        'extreme': ds(1e-300, 1e300, 0.5, 1e300, TINY, DMAX, 1) + I(0) + ds(TINY) + I(0),
        'belytschko_large_zeta': ds(1, 1, 1e200, 1, 1, 1, 1) + I(0) + ds(1) + I(0),
    },
    'sliding': {
        'line_k_overflow': ds(1e308, 1, 0.3, 1, 1.9, 0.5, 1, 2, 0.86),
        'line_huge_radius': ds(1, 1.4e154, 0.3, 1, 1.9, 0.5, 1, 2, 0.86) + ds(1, 0, 0.1) + I(0),
        'line_subnormal_mass': ds(1, 1, 0.3, TINY, 0.1, 0.5, 1, 2, 0.86),
        'eccentric_far': ds(1e9, 1e-3, 0.3, 1e-5, 1e-4, 0.9, 1, 2, 0.86) + ds(1e-3, 1e308, 0) + I(0) +
                         ds(1e308, 1) + ds(0.5, 0.3) + I(0) + ds(1e-5, 1, -1e-5, -1, 0, 1, 1e308, 1),
        'fc_extreme': ds(1e-100, 1e-19, 0.5, 1e-4, 1e-4, 0.5, TINY, 1e-300, 1e-300),
        # the fuzzer's input (as found): an eccentric path with k_n = 0x1.1ccf385ebc8ap+1023, R = h0 = mu = m =
        # ecc = 0.5, whose 5-node friction rule overflowed (-inf) before it multiplied by k_n last
        'eccentric_stiffness_near_dbl_max': b'\xff\xa0\xc8\xeb\x85\xf3\xcc\xe1\x7f\x04\x04\x04\x04\x04\x04\xff\xa0\xc8\xeb\x85\xf3\xcc\xe1\x7f~\x04\x04\x04\x04\x04\x04\x04\x04\x04\x04\xff333334\xff\xf0?\xff3\xd3?3',
        'typical': ds(1, 1, 0.6, 1, 0.28, 0.3, 1, 3, 0.86) + ds(0.9, 0.1, -0.2) + I(0) + ds(0.1, 1) +
                   ds(0.5, 0.3) + I(1) + ds(0.1, 1, 0.12, -1, 0.05, -1, 0.1, 1) + ds(0.3, 1) + ds(-0.2),
    },
}

# The modules of the composable contact API. contact: preset, size choice, 17 selectors (normal, damping,
# tangential, increment, rolling, twisting, end, contact point, transport, spin, stiffness rule, recalculation,
# direction, unloading, Coulomb policy, CDT limiter, MD variant), 21 coefficients (E*, G*, compliance asymmetry, k,
# κ, e, γ_t/γ, μ_s, μ_d, w, k_coh, max R*, μ_r, c_r, η_r, f_r, k_roll, γ_roll, k_tw, γ_tw, μ_tw), the tail byte,
# two spheres (x, v, ω, R, m; j's x as an offset from i's), Δt, a wall (point, normal, v, ω), a facet (x0 as an
# offset from x_i, two edges, three nodal velocities) and the batch edge (0 none, 7 state NULL, 12 no outputs).
def contact(preset, sel, coef, bodies, which, size_choice=0):
    return I(preset) + I(size_choice) + b''.join(I(k) for k in sel) + ds(*coef) + I(3) + ds(*bodies) + I(which)


HMD_SEL = [0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]
COEF = [1e8, 4e7, 0, 1e5, 0.8, 0.8, 1, 0.5, 0.4, 0, 0, 1e-3, 0.1, 2.25, 0.3, 0, 1, 0.1, 1e-3, 1e-6, 1e-4]
TOUCHING = ([0, 0, 0, 0.1, 0, -0.5, 0, 10, 0, 1e-3, 1e-5] + [0, 0, 1.99e-3] + [0, 0, 0, 0, 0, 0, 1e-3, 1e-5] +
            [1e-6] + [0, 0, -0.99e-3, 0, 0, 1, 0, 0, 0, 0, 0, 0] +
            [-1e-3, -1e-3, -0.99e-3, 3e-3, 0, 0, 0, 3e-3, 0] + [0] * 9)


def with_(base, **kw):
    names = ['normal', 'damping', 'tangential', 'increment', 'rolling', 'twisting', 'end', 'contact_point',
             'transport', 'spin', 'rule', 'recalculation', 'direction', 'unloading', 'coulomb', 'limiter', 'md']
    out = list(base)
    for k, v in kw.items():
        out[names.index(k)] = v
    return out


def coef(**kw):
    names = ['E', 'G', 'asym', 'k', 'kappa', 'e', 'tds', 'mus', 'mud', 'w', 'kcoh', 'rmax', 'mur', 'cr', 'etar',
             'fr', 'kroll', 'groll', 'ktw', 'gtw', 'mutw']
    out = list(COEF)
    for k, v in kw.items():
        out[names.index(k)] = v
    return out


SEEDS.update({
    'contact': {
        'hmd_typical': contact(0, HMD_SEL, COEF, TOUCHING, 0),
        'lsd_wall_facet': contact(1, with_(HMD_SEL, normal=1), COEF, TOUCHING, 11),
        'jkr_epsd_marshall': contact(0, with_(HMD_SEL, normal=3, end=1, rolling=2, twisting=1), coef(w=0.05),
                                     TOUCHING, 0),
        'sjkr_sds_sds': contact(0, with_(HMD_SEL, normal=5, end=1, rolling=3, twisting=2), coef(kcoh=1e5),
                                TOUCHING, 12),
        'md_dmt': contact(0, with_(HMD_SEL, normal=4, end=1, tangential=2), coef(w=0.05, mus=0.4), TOUCHING, 0),
        # the MDR law (its resolution from the last byte, the batch edge: 0 the default 64 springs, 11 16 springs)
        'mdr_hmd': contact(0, with_(HMD_SEL, tangential=3), coef(mus=0.4), TOUCHING, 0),
        'mdr_hm_projection_wall': contact(0, with_(HMD_SEL, damping=0, tangential=3, transport=1), coef(mus=0.4),
                                          TOUCHING, 11),
        # findings: the PLS(B) latch underflow named before the NULL model; derived constants that overflow;
        # the CDT law and a model without state read no state (batch with state NULL)
        'plsb_latch_underflow': contact(2, with_(HMD_SEL, normal=2, damping=0), coef(k=TINY, e=0.5), TOUCHING, 0),
        'dashpot_scale_huge': contact(0, with_(HMD_SEL, tangential=2), coef(E=1, G=1, e=0.5, mus=1, mud=1, tds=DMAX),
                                      TOUCHING, 0),
        'shear_ratio_overflow': contact(0, HMD_SEL, coef(E=1e-300, G=1e300, tds=0), TOUCHING, 0),
        'cdt_spring': contact(0, with_(HMD_SEL, rolling=1), COEF, TOUCHING, 0),
        'stateless_cdt_null_state': contact(0, with_(HMD_SEL, damping=0, tangential=0, rolling=1), COEF, TOUCHING, 7),
        'bad_inputs': contact(7, with_(HMD_SEL, normal=9, damping=250), coef(E=NAN, e=-1, mus=INF), TOUCHING, 9,
                              size_choice=1),
    },
    # adhesion: E*, R*, w, R_i, R_j, k_coh, variant, then 6 overlaps (JKR), 3 (DMT), 3 (sjkr)
    'adhesion': {
        'typical': ds(1e8, 1e-3, 0.05, 1e-3, 2e-3, 1e4) + I(0) + ds(1e-6, 2e-6, -1e-7, -1e-6, -1e-4, 1e-6) +
                   ds(1e-6, -1, 0) + ds(1e-6, 0, 3e-3),
        'jkr_subnormal_radius': ds(1e3, 1e-310, 1e8, 1, 0, 1) + I(1) + ds(1, 0, -1, 1, -1e-300, 1e-300) + ds(1, 1, 1) +
                                ds(1, 1, 1),
        'jkr_balanced_product': ds(1e-150, 1e-300, 1e150, 1, 1, 1) + I(0) + ds(1e-300, -1e-300, 0, 1, 1, 1) +
                                ds(1, 1, 1) + ds(1, 1, 1),
        'w_zero_wall': ds(1e8, 1e-3, 0, 1e-3, 0, 0) + I(1) + ds(1e-6, 0, -1e-6, 1e-6, 1e-5, 0) + ds(0, 1e-6, -1e-6) +
                       ds(1e-6, 2e-3, 3e-3),
        'nonfinite': ds(NAN, INF, -1, -1, NAN, -INF) + I(255) + ds(NAN, INF, -INF, 0, -0.0, DMAX) + ds(NAN, 0, 1) +
                     ds(INF, 1, 1),
    },
    # facet: x, R, normal offset, three facets (share byte, three vertex offsets, three velocities), F, then twice
    # (count byte, three has-state bytes)
    'facet': {
        'flat_mesh': ds(0.2, 0.1, 0.5, 1, -0.25) +
                     I(0) + ds(-1.2, -1.1, -0.5, 1, -1, -0.5, -1, 1, -0.5) + ds(0.1, 0, 0, 0.1, 0, 0, 0.1, 0, 0) +
                     I(1) + ds(0, 0, 0, 1, 1, -0.5, -1, 1, -0.5) + ds(0, 0, 0, 0, 0, 0, 0, 0, 0) +
                     I(3) + ds(0, 0, 0, 0, 0, 0, 0, 0, 0) + ds(0, 0, 1, 0, 0, 1, 0, 0, 1) +
                     ds(1, 2, -3) + I(3) + I(1) + I(0) + I(1) + I(3) + I(0) + I(1) + I(1),
        'tiny_distance': ds(0, 0, 1e-161, 1, 0) +
                         I(0) + ds(0, 0, -1e-161, 4e-160, 0, 0, 0, 4e-160, 0) + ds(0, 0, 0, 0, 0, 0, 0, 0, 0) +
                         I(0) + ds(1e-160, 0, 0, 0, 1e-160, 0, 0, 0, 1e-160) + ds(0, 0, 0, 0, 0, 0, 0, 0, 0) +
                         I(0) + ds(1, 1, 1, 1, 1, 1, 1, 1, 1) + ds(0, 0, 0, 0, 0, 0, 0, 0, 0) +
                         ds(1, 0, 0) + I(3) + I(1) + I(1) + I(1) + I(3) + I(1) + I(1) + I(1),
        'needle_far': ds(1e9, 1e9, 1e9, 1, 1e8) +
                      I(0) + ds(0, 0, 0, 2.5, 0, 0, 1e9, 1e9, 1e9) + ds(1, 0, 0, 0, 1, 0, 0, 0, 1) +
                      I(2) + ds(-1, 0, 0, 0, -1, 0, 0, 0, -1) + ds(0, 0, 0, 0, 0, 0, 0, 0, 0) +
                      I(0) + ds(3, 3, 3, 3, 3, 3, 3, 3, 3) + ds(0, 0, 0, 0, 0, 0, 0, 0, 0) +
                      ds(1, 1, 1) + I(2) + I(0) + I(1) + I(0) + I(2) + I(1) + I(0) + I(1),
        'huge_coordinates': ds(0, 0, 1e80, 1e80, 0) +
                            I(0) + ds(-1e80, -1e80, -1e80, 1e80, -1e80, -1e80, 0, 1e80, -1e80) + ds(*[0] * 9) +
                            I(0) + ds(NAN, 0, 0, INF, 0, 0, 0, 0, 0) + ds(*[0] * 9) +
                            I(0) + ds(*[0] * 9) + ds(*[0] * 9) +
                            ds(1, 1, 1) + I(3) + I(0) + I(0) + I(0) + I(3) + I(1) + I(1) + I(1),
    },
    # rolling: μ, η_r, k_roll, γ_roll, R*, F_n, k_n, I, Δt, m, r, n, ω_i, ω_j, limiter, then c and f of EPSD
    'rolling': {
        'typical': ds(0.1, 0.3, 1e3, 0.01, 1e-3, 1, 1e5, 1e-11, 1e-6, 1e-5, 1e-3) + ds(0, 0, 1, 0, 10, 0, 0, 0, 0) +
                   I(0) + ds(2.25, 0.5),
        'inertia_underflow': ds(0.3, 0, 0, 0, 1, 1, 1, 0, 1, 1e-310, 1e8) + ds(0, 0, 1, 1, 0, 0, 0, 0, 0) + I(1) +
                             ds(2.25, 0),
        'tiny_rolling_rate': ds(0.28, 0, 0, 0, 1e8, 0.3, 0.3, 0.3, 0.3, 1, 1) +
                             ds(1.3470738215816767e-169, -1, 3.0870441744580091e-168, 1e9, 9.875, 1e9, 0, 0, 0) +
                             I(1) + ds(2.25, 0.3),
        'huge_stiffness_coefficient': ds(0.28, 0, 0.3, 0.3, 1e8, 0.3, 0.3, 0, 0.3, 1, 1) + ds(1, 0, 1, 0.3, 0, 0.3) +
                                      ds(0, 0, 0) + I(0) + ds(1e300, 0.3),
        'nonfinite': ds(NAN, -1, INF, -INF, 0, -1, NAN, -1, -1, 0, 0) + ds(0, 0, 0, NAN, 1, 1, INF, 0, 0) + I(255),
    },
    # twisting: k_tw, γ_tw, μ, a, k_t, c_t, F_n, Δt, n, ω_i, ω_j
    'twisting': {
        'typical': ds(1e-3, 1e-6, 1e-4, 1e-4, 1e5, 0.1, 1, 1e-6) + ds(0, 0, 1, 0, 0, 50, 0, 0, -10),
        'zero_radius': ds(1, 1, 0.5, 0, 1e5, 1, 1, 1e-3) + ds(0, 1, 0, 0, 3, 0, 0, 0, 0),
        'limit_tiny': ds(1, 0, 1e-200, 1e-200, 1, 0, 1e-200, 1) + ds(1, 1, 1, 1e-10, 1e-10, 1e-10, 0, 0, 0),
        'nonfinite': ds(NAN, INF, -1, -INF, NAN, 1, 1, INF) + ds(NAN, 0, 0, 1, 1, 1, 0, 0, 0),
    },
    # tangential_md: μ, G*, variant, then 8 steps of (Δs, F_n, a)
    'tangential_md': {
        'loop': ds(0.3, 1e9) + I(0) + b''.join(ds(x, 0, 0, 1.0, 1e-4) for x in
                                               (1e-7, 1e-7, -2e-7, -2e-7, 2e-7, 1e-7, -1e-7, 3e-7)),
        'far_below_limit': ds(1e9, 0.86) + I(0) + ds(1, 1, 1, 1, 1) * 8,
        'radius_min_normal': ds(1.75, 1.75) + I(0) + ds(1.75, 1.75, 9.6875, 9.9375, 2.2250738585072014e-308) +
                             ds(1, 1, 1, 1, 1) * 7,
        'varying_load': ds(0.5, 3e10) + I(0) + b''.join(ds(1e-7, 5e-8, 0, fn, 1e-4 * fn ** (1 / 3)) for fn in
                                                       (1, 2, 4, 3, 1, 0.5, 0, 1)),
        'bad_params': ds(-1, NAN) + I(255) + ds(1, 1, 1, 1, 1),
    },
    # normal_plastic: which law (0 Luding, 1 Thornton & Ning, 2 EEPA), six parameters, six overlaps (Luding: in units
    # of δ*, Thornton & Ning: of R*, EEPA: m); then the corner mode
    'normal_plastic': {
        'luding_cycle': I(0) + ds(1e5, 5e5, 1e5, 1e-4, 0, 0) + ds(0.3, 0.6, 0.2, 0.05, 1.5, -1),
        'thornton_ning_impact': I(1) + ds(1e10, 1e-4, 0.4, 5e8, 1.047e-8, 5.0) + ds(0.01, 0.02, 0.01, 0.004, -0.001, 0),
        'thornton_ning_no_adhesion': I(1) + ds(2e11, 1e-3, 0, 1e9, 1e-5, 2.0) + ds(1e-3, 2e-3, 5e-4, 0, 1e-3, -1),
        'eepa_linear': I(2) + ds(1e3, 0.5, -0.01, 1e3, 1, 1) + ds(1e-3, 5e-4, 2e-4, 1e-4, 8e-4, 0),
        'eepa_hertzlike': I(2) + ds(1e8, 0.8, -0.02, 5e7, 1.5, 1.5) + ds(1e-4, 2e-5, 1e-6, 3e-5, 2e-4, -1e-6),
        'underflow_radius': I(1) + ds(3.1875, 2.2250738585072014e-308, 0, 1, 1, 1) + ds(1, 1, 1, 1, 1, 1),
        'overflow_power': I(2) + ds(1e8, 0.5, 0, 0, 1, 2) + ds(1e3, 9.2e252, 1e-300, 1, 1, 1),
        'bad': I(1) + ds(-1, NAN, 1, 0, 0, 0) + ds(1, 1, 1, 1, 1, 1),
        'corners': I(0) + ds(1, 1, 1, 1, 1, 1) + ds(1, 1, 1, 1, 1, 1) + bytes(range(0, 120)),
    },
    # capillary: form, γ, θ, V, R_i, R_j, η, S_min, then six (δ in units of S_c, δ̇); then the corner mode
    'capillary': {
        'water_glass_fit': I(0) + ds(0.072, 0.35, 2e-12, 1e-4, 1e-4, 1e-3, 1e-8) +
                           ds(0.5, 0.1, -0.2, -0.01, -0.5, -0.1, -0.9, -0.1, -1.1, -0.1, 0.1, 0.2),
        'wall_simple': I(1) + ds(0.072, 1.2, 1e-13, 5e-5, 0, 0, 1e-9) +
                       ds(0.1, 0.0, -0.3, 0.0, -0.99, 0.0, -1.0, 0.0, -2.0, 0.0, 0.5, 0.0),
        'viscous_tiny_volume': I(1) + ds(0, 0, 1e-300, 1, 1, 1e8, 1) +
                               ds(1.6875e-100, 1.5e308, -0.5, -1e3, 0, 1e3, -1, 1, -0.9, 1, 0, 0),
        'bad': I(0) + ds(-1, NAN, 0, -1, -1, -1, 0) + ds(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
        'corners': I(0) + ds(0.072, 0.35, 2e-12, 1e-4, 1e-4, 1e-3, 1e-8) + ds(0, 0) * 6 + bytes(range(0, 120)),
    },
    # heat: the kernels (k_i, k_j, h, e_i, e_j, fraction, T_i, T_j, m c_p, ΣH, mixing; six radii; eight (a, Δt);
    # three dissipations), then a model and three spheres on a wall (fz_corner bytes: 0 lo, 1 hi, 4 the mean, 5 and
    # a byte a point between): Δt, frictional heat, law, E*, G*/E*, e, μ, tangential, partition, k_i, k_j, k_s given
    # or not, h, e_i, e_j, fraction, the wall's T; per sphere R, x, y, z, v (3), ω (2), T
    'heat': {
        'glass_static_friction': ds(1.0, 40.0, 1e4, 1449, 13018, 0.3, 300, 400, 0.5, 0.02) + I(0) +
                                 ds(1e-4, 2e-4, 0, -1, 5e-5, 1e-3) +
                                 ds(1e-5, 1e-7, 2e-5, 1e-7, 3e-5, 1e-7, 2e-5, 1e-7, 0, 1e-7, 1e-5, 1e-7, 2e-5, 1e-7,
                                    1e-5, 1e-7) + ds(1.0, 0.0, 2.5) +
                                 bytes([0, 1, 1, 4, 4, 4, 1, 0, 2]) + ds(1.0, 40.0) + I(0) + ds(0, 1449, 13018, 0.5) +
                                 bytes([4]) +
                                 bytes([4, 4, 4, 0, 5, 200, 5, 90, 5, 128, 5, 40, 5, 220, 1]) +
                                 bytes([4, 4, 4, 0, 5, 60, 5, 128, 5, 128, 5, 200, 5, 20, 0]) +
                                 bytes([4, 4, 4, 0, 5, 128, 5, 170, 5, 100, 5, 128, 5, 128, 4]),
        'glass_static_lanes': ds(1.0, 40.0, 1e4, 1449, 13018, 0.3, 300, 400, 0.5, 0.02) + I(0) +
                              ds(1e-4, 2e-4, 0, -1, 5e-5, 1e-3) + ds(1e-5, 1e-7) * 8 + ds(1.0, 0.0, 2.5) +
                              bytes([0, 0, 1, 4, 4, 4, 1, 0, 0]) + ds(1.0, 40.0) + I(0) + ds(0, 1449, 13018, 0.5) +
                              bytes([4]) +
                              bytes([4, 4, 4, 0, 5, 200, 5, 90, 5, 128, 5, 40, 5, 220, 1]) +
                              bytes([4, 4, 4, 0, 5, 60, 5, 128, 5, 128, 5, 200, 5, 20, 0]) +
                              bytes([4, 4, 4, 0, 5, 128, 5, 170, 5, 100, 5, 128, 5, 128, 4]),
        'collision_md': ds(1.0, 1.0, 0, 1e3, 1e3, 1.0, 0, 1e4, 1.0, 0) + I(1) + ds(1, 1, 1, 1, 1, 1) +
                        ds(1e-6, 1e-6) * 8 + ds(-1.0, 0.0, 1e300) +
                        bytes([0, 0, 3, 1, 1, 1, 4, 2, 1]) + ds(1.0, 1.0) + I(1) + ds(2.0, 0, 1449, 1449, 1.0) +
                        bytes([1]) + bytes([1, 4, 4, 0, 5, 250, 4, 4, 4, 4, 1]) * 3,
        'bad': ds(-1, NAN, -1, 0, INF, 2, 0, 0, 0, -1) + I(255) + ds(NAN, INF, -INF, 0, 1e300, TINY) +
               ds(INF, 1) * 8 + ds(NAN, INF, -INF) + bytes([0, 0, 1, 0, 0, 0, 0, 0, 0]) + ds(-1.0, NAN),
    },
})

if __name__ == '__main__':
    top = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fuzz', 'seeds')
    for module, seeds in SEEDS.items():
        d = os.path.join(top, module)
        os.makedirs(d, exist_ok=True)
        for name, data in seeds.items():
            with open(os.path.join(d, name), 'wb') as f:
                f.write(data)
