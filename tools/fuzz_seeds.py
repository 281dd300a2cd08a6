#!/usr/bin/env python3
"""Writes the seed inputs of the libFuzzer harnesses into fuzz/seeds/<module>/ (deterministic; the files are
committed). An input is a byte stream read by fuzz/fuzz.h: a byte >= 96 followed by 8 little-endian bytes is a
double; a lone byte is an integer choice (fz_int). Each seed below names the values in the order its harness
reads them. The seeds reproduce the findings of issue 18 and typical in-domain calls; test/test_errno.c replays
them all on both faces. Usage: python3 tools/fuzz_seeds.py (from the top of the tree)."""
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
        'typical': ds(1, 1, 0.6, 1, 0.28, 0.3, 1, 3, 0.86) + ds(0.9, 0.1, -0.2) + I(0) + ds(0.1, 1) +
                   ds(0.5, 0.3) + I(1) + ds(0.1, 1, 0.12, -1, 0.05, -1, 0.1, 1) + ds(0.3, 1) + ds(-0.2),
    },
}

if __name__ == '__main__':
    top = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fuzz', 'seeds')
    for module, seeds in SEEDS.items():
        d = os.path.join(top, module)
        os.makedirs(d, exist_ok=True)
        for name, data in seeds.items():
            with open(os.path.join(d, name), 'wb') as f:
                f.write(data)
