"""The Python face against the C library: layouts and constants against the C probe, the scenario of
test/faces/reference.c bit for bit, errors, and the array checks of the batch call.
Usage: DEMC_FACES_PROBE=probe.txt DEMC_FACES_REFERENCE=reference.txt python3 -m unittest test_python
(with python/ on PYTHONPATH and DEMC_LIBRARY naming the library under test). numpy is optional: its cases are
skipped, with the reason shown, when it is absent."""
import array
import ctypes
import math
import os
import struct
import unittest

import demc
from demc import _api

try:
    import numpy
except ImportError:
    numpy = None


def read_pairs(path):
    out = {}
    with open(path) as f:
        for line in f:
            key, _, rest = line.rstrip('\n').partition(' ')
            out[key] = rest
    return out


PROBE = os.environ.get('DEMC_FACES_PROBE')
REFERENCE = os.environ.get('DEMC_FACES_REFERENCE')


def bits(x):
    return struct.unpack('<q', struct.pack('<d', x))[0]


class Layout(unittest.TestCase):
    """Every struct, field, enumerator and macro of the headers (the C probe) equals the face's, and the face has
    nothing the headers do not: a struct changed in C without `make faces` fails here."""

    @classmethod
    def setUpClass(cls):
        if not PROBE:
            raise unittest.SkipTest('DEMC_FACES_PROBE not set')
        with open(PROBE) as f:
            cls.lines = [line.split() for line in f]

    def test_structs_and_fields(self):
        seen_structs, seen_fields = set(), set()
        for kind, name, *vals in self.lines:
            if kind == 'size':
                self.assertIn(name, _api.STRUCTS, 'struct %s missing from the face (run make faces)' % name)
                self.assertEqual(ctypes.sizeof(_api.STRUCTS[name]), int(vals[0]), 'sizeof(%s)' % name)
                seen_structs.add(name)
            elif kind == 'field':
                sname, fname = name.split('.')
                cls = _api.STRUCTS[sname]
                self.assertTrue(hasattr(cls, fname), 'field %s missing from the face (run make faces)' % name)
                self.assertEqual(getattr(cls, fname).offset, int(vals[0]), 'offsetof(%s)' % name)
                self.assertEqual(getattr(cls, fname).size, int(vals[1]), 'sizeof(%s)' % name)
                seen_fields.add(name)
        self.assertEqual(set(_api.STRUCTS), seen_structs, 'structs of the face that the headers do not have')
        face_fields = set('%s.%s' % (s, f[0]) for s, c in _api.STRUCTS.items() for f in c._fields_)
        self.assertEqual(face_fields, seen_fields, 'fields of the face that the headers do not have')

    def test_constants(self):
        seen = set()
        for kind, name, *vals in self.lines:
            if kind in ('value', 'bits', 'string'):
                self.assertIn(name, _api.CONSTANTS, '%s missing from the face (run make faces)' % name)
                v = _api.CONSTANTS[name]
                if kind == 'value':
                    self.assertEqual(v, int(vals[0]), name)
                elif kind == 'bits':
                    self.assertEqual(bits(v), int(vals[0]), name)
                else:
                    self.assertEqual(v, ' '.join(vals), name)
                self.assertEqual(getattr(demc, name[5:]), v)
                seen.add(name)
        self.assertEqual(set(_api.CONSTANTS), seen, 'constants of the face that the headers do not have')

    def test_every_export_declared(self):
        lib = demc.load()
        for name in _api.FUNCTIONS:
            self.assertTrue(callable(getattr(demc, name[5:])), name)
            self.assertIsNotNone(getattr(lib, name).restype is not None or name)


def scenario_setup():
    glass = demc.material_make(6.3e10, 0.23, 2500.0)
    steel = demc.material_make(2.1e11, 0.29, 7800.0)
    moduli = demc.material_moduli_init(glass, steel, demc.SHEAR_MINDLIN)
    d = demc.contact_def_init(demc.CONTACT_PRESET_HMD, ctypes.sizeof(demc.contact_def))
    d.moduli = moduli
    d.restitution = 0.7
    d.friction.mu_static = 0.5
    d.friction.mu_dynamic = 0.4
    return moduli, d, demc.contact_model_init(d)


def batch_bodies():
    """Four spheres as in reference.c, flattened x[n][3] (array.array, no numpy)."""
    x, v, w, radius, mass = [array.array('d', [0.0] * n) for n in (12, 12, 12, 4, 4)]
    for k in range(4):
        radius[k] = 1e-3 * (1.0 + 0.1 * k)
        mass[k] = 1e-5 * (1.0 + 0.2 * k)
        x[3 * k] = 0.0 if k == 0 else x[3 * (k - 1)] + radius[k - 1] + radius[k] - 5e-6 * k
        x[3 * k + 1] = 1e-6 * k
        x[3 * k + 2] = radius[k] - 2e-6 * (k + 1)
        v[3 * k] = 0.1 * (-1.0 if k % 2 else 1.0)
        v[3 * k + 1] = 0.01 * k
        v[3 * k + 2] = -0.05
        w[3 * k] = 0.5 * k
        w[3 * k + 1] = -1.0
        w[3 * k + 2] = 2.0 - k
    return x, v, w, radius, mass


class Reference(unittest.TestCase):
    """The scenario of reference.c through the face: every number equal to C's, bit for bit."""

    @classmethod
    def setUpClass(cls):
        if not REFERENCE:
            raise unittest.SkipTest('DEMC_FACES_REFERENCE not set')
        cls.ref = read_pairs(REFERENCE)
        cls.got = {}
        cls.compute()

    @classmethod
    def put(cls, key, v):
        cls.got[key] = v

    @classmethod
    def put3(cls, key, v):
        for c, name in enumerate('xyz'):
            cls.got['%s.%d' % (key, c)] = getattr(v, name) if hasattr(v, name) else v[c]

    @classmethod
    def compute(cls):
        moduli, d, model = scenario_setup()
        for f in ('effective_modulus', 'effective_shear_modulus', 'compliance_asymmetry'):
            cls.put('moduli.' + f, getattr(moduli, f))
        cls.put('model.kind', demc.contact_model_kind(model))
        size = demc.contact_model_state_size(model)
        cls.put('model.state_size', size)
        bi, bj = demc.body(), demc.body()
        bi.position = demc.vec3(0.0, 0.0, 1.99e-3)
        bi.velocity = demc.vec3(0.05, -0.02, -0.3)
        bi.angular_velocity = demc.vec3(1.0, 2.0, -3.0)
        bi.radius, bi.mass = 1e-3, 1.05e-5
        bj.position = demc.vec3(1e-5, 0.0, 0.0)
        bj.velocity = demc.vec3(0.0, 0.01, 0.1)
        bj.angular_velocity = demc.vec3(-2.0, 0.5, 0.0)
        bj.radius, bj.mass = 1e-3, 3.3e-5
        state = array.array('d', [0.0] * demc.CONTACT_STATE_MAX)
        diag = demc.contact_diag_init()
        dt = 1e-6
        for step in range(3):
            frame = demc.contact_frame_sphere_sphere(model, bi, bj)
            r = demc.contact_eval(model, frame, dt, state, diag)
            p = 'single.%d.' % step
            cls.put3(p + 'force', r.force)
            cls.put3(p + 'torque_i', r.torque_i)
            cls.put3(p + 'torque_j', r.torque_j)
            cls.put(p + 'overlap', r.overlap)
            cls.put(p + 'normal_force', r.normal_force)
            cls.put(p + 'normal_energy', diag.normal_energy)
            cls.put(p + 'tangential_energy', diag.tangential_energy)
            cls.put(p + 'viscous_dissipation', diag.viscous_dissipation)
            bi.position = demc.vec3_add_scaled(bi.position, dt, bi.velocity)
            bj.position = demc.vec3_add_scaled(bj.position, dt, bj.velocity)
        for k in range(size):
            cls.put('single.state.%d' % k, state[k])
        fresh = array.array('d', [0.0] * demc.CONTACT_STATE_MAX)
        r = demc.contact_eval_sphere_sphere(model, bi, bj, dt, fresh, None)
        cls.put3('combined.force', r.force)
        cls.put3('combined.torque_j', r.torque_j)
        cls.put('combined.state.3', fresh[3])

        x, v, w, radius, mass = batch_bodies()
        smax = demc.CONTACT_STATE_MAX
        states = array.array('d', [0.0] * (4 * smax))
        force, ti, tj = [array.array('d', [0.0] * 9) for _ in range(3)]
        bf, bt = array.array('d', [0.0] * 12), array.array('d', [0.0] * 12)
        i, j = array.array('i', [0, 1, 2]), array.array('i', [1, 2, 3])
        batch = demc.contact_batch_arrays(model, i, j, x, v, w, radius, mass, states, force=force, torque_i=ti,
                                          torque_j=tj, body_force=bf, body_torque=bt, state_stride=smax)
        for _ in range(2):
            demc.contact_eval_batch(model, batch, dt)
        for q in range(3):
            cls.put3('batch.%d.force' % q, force[3 * q:3 * q + 3])
            cls.put3('batch.%d.torque_i' % q, ti[3 * q:3 * q + 3])
            cls.put3('batch.%d.torque_j' % q, tj[3 * q:3 * q + 3])
            cls.put('batch.%d.state.3' % q, states[q * smax + 3])
        for k in range(4):
            cls.put3('batch.body_force.%d' % k, bf[3 * k:3 * k + 3])
            cls.put3('batch.body_torque.%d' % k, bt[3 * k:3 * k + 3])
        wall = demc.wall()
        wall.normal = demc.vec3(0.0, 0.0, 1.0)
        wall.velocity = demc.vec3(0.01, 0.0, 0.0)
        states = array.array('d', [0.0] * (4 * smax))
        bf, bt = array.array('d', [0.0] * 12), array.array('d', [0.0] * 12)
        batch = demc.contact_batch_arrays(model, array.array('i', range(4)), None, x, v, w, radius, mass, states,
                                          body_force=bf, body_torque=bt, state_stride=smax)
        demc.contact_eval_batch_wall(model, batch, wall, dt)
        for k in range(4):
            cls.put3('wall.body_force.%d' % k, bf[3 * k:3 * k + 3])
            cls.put3('wall.body_torque.%d' % k, bt[3 * k:3 * k + 3])

        cls.put('damping.hmd_ratio', demc.damping_hmd_ratio(0.7, demc.CONTACT_END_FORCE))
        cls.put('damping.lsd_restitution', demc.damping_lsd_restitution(0.3, demc.CONTACT_END_OVERLAP))
        cls.put('timestep.rayleigh', demc.timestep_rayleigh(1e-3, 2.6e10, 0.23, 2500.0))
        d.restitution = 1.5
        try:
            demc.contact_model_init(d)
            cls.put('error.status', 0)
            cls.put('error.bad_field', '(null)')
        except demc.Error as e:
            cls.put('error.status', e.status)
            cls.put('error.bad_field', e.bad_field)

    def test_every_key(self):
        self.assertEqual(sorted(self.ref), sorted(self.got))

    def test_values_bit_for_bit(self):
        bad = []
        for key, text in self.ref.items():
            if key not in self.got:
                continue
            got = self.got[key]
            if isinstance(got, str):
                ok = got == text
            else:
                ok = bits(float(got)) == bits(float(text))
            if not ok:
                bad.append('%s: Python %r, C %s' % (key, got, text))
        self.assertEqual(bad, [])
        self.assertGreater(len(self.ref), 100)


class Version(unittest.TestCase):
    """The load-time version check: same major, not older (MAJOR*1000000 + MINOR*1000 + PATCH), against numbers and
    against a faked library of the next minor version."""

    def test_rule(self):
        m = demc.VERSION_NUMBER
        major, minor = m // 1000000, m // 1000 % 1000
        self.assertEqual(m, major * 1000000 + minor * 1000 + m % 1000)
        self.assertEqual(m, demc.load().demc_version_number())
        self.assertTrue(demc.version_compatible(m))
        self.assertTrue(demc.version_compatible(m + 1))                       # next patch
        self.assertTrue(demc.version_compatible(major * 1000000 + (minor + 1) * 1000))   # next minor
        self.assertFalse(demc.version_compatible((major + 1) * 1000000))      # next major
        if m % 1000000:
            self.assertFalse(demc.version_compatible(m - 1))                  # older
        # The numbers that broke the former check (it divided by 10000): 0.10.0 and 1.0.0 against themselves.
        for n in (10000, 1000000, 1002003):
            self.assertTrue(demc.version_compatible(n, n))
        self.assertTrue(demc.version_compatible(10000, 9000))                 # 0.10.0 serves 0.9.0
        self.assertFalse(demc.version_compatible(1000000, 9000))              # 1.0.0 does not serve 0.9.0
        self.assertFalse(demc.version_compatible(9000, 10000))                # 0.9.0 does not serve 0.10.0

    def _fake(self, number, string):
        """A library that reports `number` and forwards everything else to the libdemc under test."""
        import subprocess
        import tempfile
        real = os.path.realpath(os.environ.get('DEMC_LIBRARY') or demc.library_path())
        d = tempfile.mkdtemp()
        self.addCleanup(lambda: subprocess.call(['rm', '-rf', d]))
        src, so = os.path.join(d, 'fake.c'), os.path.join(d, 'libdemc_fake.so')
        with open(src, 'w') as f:
            f.write('int demc_version_number(void) { return %d; }\n'
                    'const char *demc_version_string(void) { return "%s"; }\n' % (number, string))
        cc = os.environ.get('CC', 'cc')
        subprocess.check_call([cc, '-shared', '-fPIC', src, '-o', so, '-Wl,--no-as-needed', real,
                               '-Wl,-rpath,' + os.path.dirname(real)])
        return so

    def test_faked_libraries(self):
        saved = demc._lib, demc._lib_path
        self.addCleanup(lambda: setattr(demc, '_lib', saved[0]) or setattr(demc, '_lib_path', saved[1]))
        m = demc.VERSION_NUMBER
        major, minor = m // 1000000, m // 1000 % 1000
        newer = self._fake(major * 1000000 + (minor + 1) * 1000, '%d.%d.0' % (major, minor + 1))
        lib = demc.load(newer)
        self.assertEqual(lib.demc_version_number(), major * 1000000 + (minor + 1) * 1000)
        self.assertEqual(demc.library_path(), newer)
        scenario_setup()                                   # the whole setup works through the newer library
        for number, string in (((major + 1) * 1000000, '%d.0.0' % (major + 1)), (m - 1, 'older')):
            with self.assertRaises(OSError) as ctx:
                demc.load(self._fake(number, string))
            self.assertIn(string, str(ctx.exception))


class Errors(unittest.TestCase):
    def test_error_carries_status_and_field(self):
        _, d, _ = scenario_setup()
        d.restitution = 1.5
        with self.assertRaises(demc.Error) as cm:
            demc.contact_model_init(d)
        self.assertEqual(cm.exception.status, demc.ERR_OUT_OF_DOMAIN)
        self.assertEqual(cm.exception.bad_field, 'def.restitution')
        self.assertEqual(cm.exception.function, 'demc_contact_model_init')
        with self.assertRaises(demc.Error) as cm:
            demc.damping_hmd_ratio(float('nan'), demc.CONTACT_END_FORCE)
        self.assertEqual(cm.exception.status, demc.ERR_INVALID_ARGUMENT)

    def test_state_index(self):
        # a host's volume of one contact's liquid bridge, written through the state's named double: the force at
        # the gap S is Willett's simple form at that volume, 2πRγ cos θ/(1 + 1.05Ŝ + 2.5Ŝ²), Ŝ = S√(R/V)
        d = demc.contact_def_default()
        d.moduli.effective_modulus = 1e9
        d.moduli.effective_shear_modulus = 4e8
        d.restitution = 0.7
        d.end = demc.CONTACT_END_OVERLAP
        d.capillary.bridge = 1
        d.capillary.form = demc.CAPILLARY_WILLETT_SIMPLE
        d.capillary.surface_tension = 0.072
        d.capillary.contact_angle = 0.3
        d.capillary.volume = 1e-12
        d.capillary.max_volume = 4e-12
        model = demc.contact_model_init(d)
        at = demc.contact_state_index(model, demc.CONTACT_STATE_BRIDGE_VOLUME)
        self.assertLess(at, demc.contact_model_state_size(model))
        self.assertNotEqual(at, demc.contact_state_index(model, demc.CONTACT_STATE_BRIDGE))
        state = array.array('d', [0.0] * demc.CONTACT_STATE_MAX)
        state[at] = 2e-12
        a = demc.body(position=(0, 0, 2e-3), radius=1e-3, mass=1e-5)
        b = demc.body(radius=1e-3, mass=1e-5)
        demc.contact_eval_sphere_sphere(model, a, b, 1e-7, state)  # touch: the bridge forms
        gap = 2e-5
        a.position = demc.vec3(0, 0, 2e-3 + gap)
        r = demc.contact_eval_sphere_sphere(model, a, b, 1e-7, state)
        s_hat = gap * math.sqrt(1e-3 / 2e-12)
        expected = -2 * math.pi * 1e-3 * 0.072 * math.cos(0.3) / (1 + 1.05 * s_hat + 2.5 * s_hat * s_hat)
        self.assertAlmostEqual(r.normal_force / expected, 1.0, delta=1e-12)
        self.assertEqual(state[at], 2e-12)
        with self.assertRaises(demc.Error) as cm:
            demc.contact_state_index(model, 2)
        self.assertEqual((cm.exception.status, cm.exception.bad_field), (demc.ERR_INVALID_ARGUMENT, 'entry'))
        _, _, dry = scenario_setup()
        with self.assertRaises(demc.Error) as cm:
            demc.contact_state_index(dry, demc.CONTACT_STATE_BRIDGE)
        self.assertEqual((cm.exception.status, cm.exception.bad_field), (demc.ERR_UNSUPPORTED, 'entry'))

    def test_batch_status(self):
        _, _, model = scenario_setup()
        batch = demc.contact_batch()
        batch.size = ctypes.sizeof(batch)
        with self.assertRaises(demc.Error) as cm:
            demc.contact_eval_batch(model, batch, -1.0)
        self.assertIn(cm.exception.status, (demc.ERR_INVALID_ARGUMENT, demc.ERR_OUT_OF_DOMAIN))
        self.assertIsNotNone(cm.exception.bad_field)

    def test_buffer_checks(self):
        _, _, model = scenario_setup()
        x, v, w, radius, mass = batch_bodies()
        i, j = array.array('i', [0, 1, 2]), array.array('i', [1, 2, 3])
        states = array.array('d', [0.0] * 100)
        args = dict(model=model, i=i, j=j, position=x, velocity=v, angular_velocity=w, radius=radius, mass=mass,
                    state=states)
        demc.contact_batch_arrays(**args)
        with self.assertRaises(TypeError):      # float64 indices
            demc.contact_batch_arrays(**dict(args, i=array.array('d', [0, 1, 2])))
        with self.assertRaises(TypeError):      # float32 positions
            demc.contact_batch_arrays(**dict(args, position=array.array('f', [0.0] * 12)))
        with self.assertRaises(ValueError):     # not contiguous
            demc.contact_batch_arrays(**dict(args, position=memoryview(array.array('d', [0.0] * 24))[::2]))
        with self.assertRaises(ValueError):     # read-only state
            demc.contact_batch_arrays(**dict(args, state=memoryview(array.array('d', [0.0] * 100)).toreadonly()))
        with self.assertRaises(ValueError):     # an index past the arrays
            demc.contact_batch_arrays(**dict(args, j=array.array('i', [1, 2, 4])))
        with self.assertRaises(ValueError):     # too few states
            demc.contact_batch_arrays(**dict(args, state=array.array('d', [0.0] * 5)))
        # A read-only position buffer is accepted (const in C) without a copy, with the same results.
        outs = []
        for pos in (x, memoryview(x).toreadonly()):
            f = array.array('d', [0.0] * 9)
            st = array.array('d', [0.0] * 100)
            demc.contact_eval_batch(model, demc.contact_batch_arrays(**dict(args, position=pos, state=st, force=f)),
                                    1e-6)
            outs.append(list(f))
        self.assertEqual(outs[0], outs[1])
        self.assertNotEqual(outs[0], [0.0] * 9)

    def test_batch_heat(self):
        """Heat through the face: the batch's conduction and frictional heat into each body equal the sums of the
        single calls (contact_eval with a diag, contact_heat with it) bit for bit, and the frictional heat is the
        diag's dissipation over dt; an inertia array reaches the batch (hollow spheres change the rolling law's
        torque)."""
        _, d, _ = scenario_setup()
        d.heat.law = demc.HEAT_STATIC
        d.heat.conductivity_i, d.heat.conductivity_j = 1.0, 40.0
        model = demc.contact_model_init(d)
        x, v, w, radius, mass = batch_bodies()
        i, j = array.array('i', [0, 1, 2]), array.array('i', [1, 2, 3])
        size = demc.contact_model_state_size(model)
        temp = array.array('d', [300.0, 350.0, 280.0, 410.0])
        dt = 1e-6
        for friction in (False, True):
            state = array.array('d', [0.0] * (3 * size))
            flow = array.array('d', [0.0] * 4)
            batch = demc.contact_batch_arrays(model, i, j, x, v, w, radius, mass, state, temperature=temp,
                                              heat_flow=flow, frictional_heat=friction)
            self.assertEqual(batch.frictional_heat, int(friction))
            demc.contact_eval_batch(model, batch, dt)
            ref = [0.0] * 4
            dissipated = 0.0
            for q in range(3):
                bodies = [demc.body(demc.vec3(*x[3 * k:3 * k + 3]), demc.vec3(*v[3 * k:3 * k + 3]),
                                    demc.vec3(*w[3 * k:3 * k + 3]), radius[k], mass[k]) for k in (i[q], j[q])]
                st = array.array('d', [0.0] * size)
                diag = demc.contact_diag_init()
                frame = demc.contact_frame_sphere_sphere(model, bodies[0], bodies[1])
                r = demc.contact_eval(model, frame, dt, st, diag if friction else None)
                h = demc.contact_heat(model, frame, r, diag if friction else None, temp[i[q]], temp[j[q]], dt, st)
                ref[i[q]] += h.heat_flow_i
                ref[j[q]] += h.heat_flow_j
                if friction:
                    dissipated += diag.viscous_dissipation + diag.friction_dissipation
                    self.assertEqual(h.friction_i + h.friction_j,
                                     (diag.viscous_dissipation + diag.friction_dissipation) / dt)
            self.assertEqual(list(flow), ref)
            self.assertNotEqual(list(flow), [0.0] * 4)
            if friction:
                self.assertGreater(dissipated, 0.0)
        # inertia: hollow spheres under EPSD rolling (whose dashpot reads I*) give another torque than solid ones
        d2 = scenario_setup()[1]
        d2.rolling = demc.ROLLING_EPSD
        d2.mu_rolling = 0.1
        d2.rolling_damping_ratio = 0.3
        rolling = demc.contact_model_init(d2)
        torques = []
        for inertia in (None, array.array('d', [0.6 * m * r * r for m, r in zip(mass, radius)])):
            st = array.array('d', [0.0] * (3 * demc.contact_model_state_size(rolling)))
            tq = array.array('d', [0.0] * 9)
            demc.contact_eval_batch(rolling, demc.contact_batch_arrays(rolling, i, j, x, v, w, radius, mass, st,
                                                                       torque_i=tq, inertia=inertia), dt)
            torques.append(list(tq))
        self.assertNotEqual(torques[0], torques[1])


@unittest.skipIf(numpy is None, 'numpy not installed: the numpy cases are skipped (apt-get install python3-numpy)')
class Numpy(unittest.TestCase):
    def test_batch_in_place(self):
        _, _, model = scenario_setup()
        x, v, w, radius, mass = [numpy.array(a) for a in batch_bodies()]
        x, v, w = x.reshape(4, 3), v.reshape(4, 3), w.reshape(4, 3)
        size = demc.contact_model_state_size(model)
        state = numpy.zeros((3, size))
        force = numpy.zeros((3, 3))
        bf = numpy.zeros((4, 3))
        i = numpy.array([0, 1, 2], dtype=numpy.int32)
        j = numpy.array([1, 2, 3], dtype=numpy.int32)
        batch = demc.contact_batch_arrays(model, i, j, x, v, w, radius, mass, state, force=force, body_force=bf)
        self.assertEqual(batch.force, force.ctypes.data)     # the array itself, not a copy
        self.assertEqual(batch.position, x.ctypes.data)
        demc.contact_eval_batch(model, batch, 1e-6)
        self.assertTrue(numpy.all(force[:, 0] < 0))
        numpy.testing.assert_array_equal(bf.sum(axis=0), numpy.zeros(3) + (bf.sum(axis=0)))
        # Newton's third law through the accumulators: the sum of all body forces is zero up to rounding.
        self.assertLess(numpy.abs(bf.sum(axis=0)).max(), 1e-12 * numpy.abs(bf).max())
        # The same contacts one by one through the single call give the same forces bit for bit.
        state1 = numpy.zeros(size)
        b0 = demc.body(demc.vec3(*x[0]), demc.vec3(*v[0]), demc.vec3(*w[0]), radius[0], mass[0])
        b1 = demc.body(demc.vec3(*x[1]), demc.vec3(*v[1]), demc.vec3(*w[1]), radius[1], mass[1])
        r = demc.contact_eval(model, demc.contact_frame_sphere_sphere(model, b0, b1), 1e-6, state1, None)
        self.assertEqual((r.force.x, r.force.y, r.force.z), tuple(force[0]))

    def test_dtype_and_layout_checks(self):
        _, _, model = scenario_setup()
        x, v, w, radius, mass = [numpy.array(a) for a in batch_bodies()]
        state = numpy.zeros((3, 32))
        i = numpy.array([0, 1, 2], dtype=numpy.int32)
        j = numpy.array([1, 2, 3], dtype=numpy.int32)
        with self.assertRaises(TypeError):
            demc.contact_batch_arrays(model, i.astype(numpy.float64), j, x, v, w, radius, mass, state)
        with self.assertRaises(TypeError):
            demc.contact_batch_arrays(model, i, j, x.astype(numpy.float32), v, w, radius, mass, state)
        with self.assertRaises(ValueError):
            demc.contact_batch_arrays(model, i, j, numpy.asfortranarray(x.reshape(4, 3)), v, w, radius, mass,
                                      state.T)
        state_ro = numpy.zeros((3, 32))
        state_ro.flags.writeable = False
        with self.assertRaises(ValueError):
            demc.contact_batch_arrays(model, i, j, x, v, w, radius, mass, state_ro)

    def test_int64_neighbour_list(self):
        """numpy's default integer arrays as the neighbour list: converted once (the batch holds an int32 copy),
        the same forces bit for bit as int32 lists used in place; values past int32 refused."""
        _, _, model = scenario_setup()
        x, v, w, radius, mass = [numpy.array(a) for a in batch_bodies()]
        size = demc.contact_model_state_size(model)
        forces = []
        for dtype in (numpy.int32, numpy.int64, numpy.uint16, numpy.intp):
            i, j = numpy.arange(3, dtype=dtype), numpy.arange(1, 4, dtype=dtype)
            force, state = numpy.zeros((3, 3)), numpy.zeros((3, size))
            batch = demc.contact_batch_arrays(model, i, j, x, v, w, radius, mass, state, force=force)
            self.assertEqual(batch.i == i.ctypes.data, dtype == numpy.int32)   # int32 in place, others copied
            demc.contact_eval_batch(model, batch, 1e-6)
            forces.append(force.tolist())
        self.assertTrue(all(f == forces[0] for f in forces), forces)
        self.assertNotEqual(forces[0], [[0.0] * 3] * 3)
        big = numpy.array([0, 1, 2 ** 31], dtype=numpy.int64)
        with self.assertRaisesRegex(ValueError, 'int32'):
            demc.contact_batch_arrays(model, big, big, x, v, w, radius, mass, numpy.zeros((3, size)))
        with self.assertRaisesRegex(ValueError, 'negative'):
            demc.contact_batch_arrays(model, numpy.array([0, -1]), numpy.array([1, 2]), x, v, w, radius, mass,
                                      numpy.zeros((2, size)))

    def test_numpy_views(self):
        """Results as numpy arrays: a vec3 is a float64 view of its own memory; an array of vec3 the library
        fills may be a numpy (n, 3) array, written in place."""
        _, _, model = scenario_setup()
        a = demc.body(position=(0, 0, 1.99e-3), velocity=(0, 0, -0.1), radius=1e-3, mass=1e-5)
        b = demc.body(radius=1e-3, mass=1e-5)
        r = demc.contact_eval_sphere_sphere(model, a, b, 1e-7, numpy.zeros(demc.CONTACT_STATE_MAX))
        f = demc.as_numpy(r.force)
        self.assertEqual((f.dtype, f.shape), (numpy.float64, (3,)))
        self.assertEqual(f.tolist(), list(r.force))
        f[0] = 7.0                                    # a view: the struct changes with it
        self.assertEqual(r.force.x, 7.0)
        tri = demc.facet_triangle()
        tri.vertex[1].x, tri.vertex[2].y = 1.0, 1.0
        c = demc.facet_closest_point(tri, demc.vec3(0.2, 0.2, 0.5))
        nodal = numpy.zeros((3, 3))
        ref = (demc.vec3 * 3)()
        demc.facet_nodal_forces(tri, c, (0.0, 0.0, 1.0), (0.0, 0.0, 0.0), nodal)
        demc.facet_nodal_forces(tri, c, (0.0, 0.0, 1.0), (0.0, 0.0, 0.0), ref)
        self.assertEqual(nodal.tolist(), [list(p) for p in ref])
        self.assertEqual(demc.as_numpy(ref).tolist(), nodal.tolist())
        self.assertEqual(demc.as_numpy(demc.mat3().m).shape, (3, 3))
        with self.assertRaises(TypeError):
            demc.as_numpy(demc.body())
        self.assertAlmostEqual(nodal[:, 2].sum(), -1.0, places=14)   # the facet receives −F


class Pythonic(unittest.TestCase):
    """What makes the face read as Python: reprs, docstrings with the real signature and the C documentation,
    keyword names, integer index arrays of any type (no numpy needed here)."""

    def test_repr(self):
        self.assertEqual(repr(demc.vec3(1.0, 0.0, -2.5)), 'vec3(1.0, 0.0, -2.5)')
        r = demc.contact_result()
        r.force = demc.vec3(1.0, 0.0, 0.0)
        r.overlap = 1e-6
        self.assertEqual(repr(r), 'contact_result(force=vec3(1.0, 0.0, 0.0), torque_i=vec3(0.0, 0.0, 0.0), '
                                  'torque_j=vec3(0.0, 0.0, 0.0), overlap=1e-06, normal_force=0.0)')
        self.assertEqual(tuple(r.force), (1.0, 0.0, 0.0))
        self.assertEqual((len(r.force), r.force[0], r.force[-1]), (3, 1.0, 0.0))
        self.assertTrue(repr(demc.contact_model()).startswith('contact_model(<opaque'))
        self.assertIn('m=[[0.0, 0.0, 0.0], ', repr(demc.mat3()))
        batch = demc.contact_batch()
        self.assertIn('i=None', repr(batch))
        for cls in _api.STRUCTS.values():             # every struct prints, and names its C struct in its doc
            repr(cls())
            self.assertIn('C struct ' + cls._c_name_, cls.__doc__)
        self.assertIn('radius: Radius, m', demc.body.__doc__)

    def test_docstrings(self):
        import inspect
        for cname in _api.FUNCTIONS:
            f = getattr(demc, cname[5:])
            doc = f.__doc__
            head = doc.split('\n', 1)[0]
            sig = str(inspect.signature(f))
            self.assertEqual(head.split(' -> ')[0], cname[5:] + sig, cname)
            brief = doc.split('\n\n')[1]
            self.assertTrue(brief.strip() and 'calls the C function' not in brief, cname)
            self.assertIn('C function: ' + cname, doc)
        doc = demc.contact_eval.__doc__
        self.assertTrue(doc.startswith('contact_eval(model, frame, dt, state, diag=None) -> demc.contact_result\n\n'))
        self.assertIn('dt: time step Δt (s) > 0', doc)
        self.assertIn('state: ', doc)
        self.assertIn('written in place', doc)
        doc = demc.damping_hmd_ratio.__doc__
        self.assertTrue(doc.startswith('damping_hmd_ratio(e, end) -> float\n'))
        self.assertIn('demc.CONTACT_END_OVERLAP', doc)
        self.assertIn('Raises demc.Error', doc)
        self.assertEqual(demc.contact_eval_sphere_sphere.__doc__.count('(position m, velocity m/s'), 2)  # i, j

    def test_keyword_parameter(self):
        _, d, _ = scenario_setup()
        self.assertEqual(str(inspect_signature(demc.contact_model_init)), '(def_)')
        m = demc.contact_model_init(def_=d)
        self.assertEqual(demc.contact_model_kind(model=m), demc.contact_model_kind(demc.contact_model_init(d)))

    def test_integer_index_arrays(self):
        """Index arrays of another integer type than C's: converted once (a copy), the same results; a value
        outside the C type refused, never truncated."""
        _, _, model = scenario_setup()
        x, v, w, radius, mass = batch_bodies()
        out = []
        for code in ('i', 'q', 'l', 'h', 'B'):
            i, j = array.array(code, [0, 1, 2]), array.array(code, [1, 2, 3])
            f, st = array.array('d', [0.0] * 9), array.array('d', [0.0] * 100)
            demc.contact_eval_batch(model, demc.contact_batch_arrays(model, i, j, x, v, w, radius, mass, st,
                                                                     force=f), 1e-6)
            out.append(list(f))
        self.assertTrue(all(o == out[0] for o in out))
        with self.assertRaisesRegex(ValueError, 'int32'):
            demc.contact_batch_arrays(model, array.array('q', [0, 2 ** 40]), array.array('q', [1, 2]), x, v, w,
                                      radius, mass, array.array('d', [0.0] * 100))
        # The generic wrappers do the same for an index array C only reads (demc_facet_reduce's int64_t nodes).
        cands = (demc.facet_contact * 2)()
        for k in range(2):
            cands[k].distance = 1e-3 * (1 + k)
            cands[k].normal = demc.vec3(0.0, 0.0, 1.0)
        keeps = []
        for code in ('q', 'i'):
            keep = array.array('i', [0, 0])
            demc.facet_reduce(2, cands, array.array(code, [0, 1, 2, 1, 2, 3]), keep)
            keeps.append(list(keep))
        self.assertEqual(keeps[0], keeps[1])
        with self.assertRaises(TypeError):            # written by C: int32 needed, never a silent copy
            demc.facet_reduce(2, cands, array.array('q', [0, 1, 2, 1, 2, 3]), array.array('q', [0, 0]))


def inspect_signature(f):
    import inspect
    return inspect.signature(f)


if __name__ == '__main__':
    unittest.main()
