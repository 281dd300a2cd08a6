"""Many contacts in one call from Python: demc.contact_eval_batch() over numpy arrays and a numpy neighbour list.

The Python twin of batch.c. The bodies are numpy arrays (x, v, w of shape (n, 3); radius, mass of shape (n,)),
the neighbour list two numpy index arrays built the numpy way (numpy's default int64: the batch converts them to
the int32 the C library reads, once, when it is built; int32 arrays are used in place), the history one row of
a (pairs, state size) array per listed pair, zero for a new contact. demc.contact_batch_arrays() checks the
arrays and hands their memory to the library without copying: the library writes the forces straight into the
numpy arrays. Eight beads in a row along x, each pressed 1 µm into the next, listed with their next and
next-but-one neighbours (the latter apart, as most pairs of a Verlet list are). The program checks itself and
exits non-zero on failure: per-contact forces equal the single call's bit for bit, pairs apart give zero, the
accumulated forces sum to zero (Newton's third law), the chain's ends are pushed outwards.

Run: python3 batch.py   (numpy and the Python package demc: `pip install .` or `make install`)
"""
import sys

import numpy as np

import demc

n, r, dt = 8, 1e-3, 1e-8
glass = demc.material_make(63e9, 0.23, 2500.0)
d = demc.contact_def_default()                                  # HM+D
d.moduli = demc.material_moduli_init(glass, glass, demc.SHEAR_MINDLIN)
d.restitution = 0.8
d.friction.mu_static = d.friction.mu_dynamic = 0.3
model = demc.contact_model_init(d)                              # demc.Error (.status, .bad_field) if refused

k = np.arange(n)
x = np.zeros((n, 3))
x[:, 0] = k * (2.0 * r - 1e-6)                                  # a row along x, 1 µm overlaps
v = np.zeros((n, 3))
v[:, 0] = np.where(k < n // 2, 0.01, -0.01)                     # approaching the middle
v[:, 1] = 1e-3 * k
w = np.zeros((n, 3))
w[:, 2] = 0.5 * k                                               # spinning a little
radius = np.full(n, r)
mass = np.full(n, 4.0 / 3.0 * np.pi * r ** 3 * 2500.0)

# The neighbour list: touching neighbours (k, k+1), then next-but-one pairs (k+2, k), which are apart.
i = np.concatenate([k[:-1], k[2:]])                             # int64, numpy's default
j = np.concatenate([k[1:], k[:-2]])
pairs = len(i)

state = np.zeros((pairs, demc.contact_model_state_size(model)))  # the history, one row per listed pair
force = np.zeros((pairs, 3))                                    # per contact, on body i
body_force = np.zeros((n, 3))                                   # per body, accumulated: zero it each step
batch = demc.contact_batch_arrays(model, i, j, x, v, w, radius, mass, state, force=force, body_force=body_force)
demc.contact_eval_batch(model, batch, dt)                       # writes force, body_force and state in place

failures = 0
for q in range(pairs):                  # the single call on the same bodies and a fresh state: the same bits
    a = demc.body(position=tuple(x[i[q]]), velocity=tuple(v[i[q]]), angular_velocity=tuple(w[i[q]]),
                  radius=radius[i[q]], mass=mass[i[q]])
    b = demc.body(position=tuple(x[j[q]]), velocity=tuple(v[j[q]]), angular_velocity=tuple(w[j[q]]),
                  radius=radius[j[q]], mass=mass[j[q]])
    res = demc.contact_eval_sphere_sphere(model, a, b, dt, np.zeros(demc.CONTACT_STATE_MAX))
    if q == 0:
        print('contact 0 by the single call:', res)     # contact_result(force=vec3(...), ...)
    if tuple(res.force) != tuple(force[q]):
        print('contact %d (%d, %d): batch %s N, single call %r' % (q, i[q], j[q], force[q], res.force))
        failures += 1
    if q >= n - 1 and force[q].any():
        print('contact %d (%d, %d) is apart but has a force' % (q, i[q], j[q]))
        failures += 1
total = body_force.sum(axis=0)
print('%d listed pairs, %d touching; force on bead 0 %.4g N, on bead %d %.4g N; sum of all %.2g N'
      % (pairs, np.count_nonzero(force.any(axis=1)), body_force[0, 0], n - 1, body_force[-1, 0], total[0]))
if not (body_force[0, 0] < 0.0 < body_force[-1, 0]):
    print("the chain's ends are not pushed outwards")
    failures += 1
if not np.dot(total, total) < 1e-24:
    print('the accumulated forces do not sum to zero')
    failures += 1
sys.exit(1 if failures else 0)
