"""demc: the Python face of libdemc (contact mechanics for DEM), through ctypes; no dependency beyond the standard
library (numpy arrays are accepted wherever an array is, without copying, but numpy is not needed).

Names: the C names without their prefix. Types: demc.contact_def is the C struct demc_contact_def (a
ctypes.Structure with the same fields and layout); constants: demc.CONTACT_PRESET_HMD is DEMC_CONTACT_PRESET_HMD;
functions: demc.contact_eval(...) calls demc_contact_eval.

Calls. Every C parameter is a Python parameter in the same order, except:
  - bad_field: the wrapper passes its own; a function returning demc_status raises demc.Error (with .status,
    .bad_field, .function) when the status is not DEMC_OK;
  - the trailing outputs of a function returning demc_status (demc_contact_model_init's model,
    demc_damping_hmd_ratio's gamma ...): the wrapper allocates and returns them (one: the value; several: a tuple;
    none: None).
A pointer to a struct takes an instance (passed by reference; updated in place when C writes it) or None where
C accepts NULL (trailing ones default to None); a pointer to numbers takes any buffer-protocol object of that
type (numpy float64/int32 arrays, array.array('d'), ctypes arrays), C-contiguous, writable when C writes it;
structs passed by value take an instance (a demc.vec3 also accepts a 3-sequence).

Loading libdemc (the first that exists wins): demc.load(path) with an explicit path; the DEMC_LIBRARY environment
variable; the LIBDIR of `make install` (first relative to the installed package, so a moved prefix works, then
as installed), or in the source tree its lib/ directory; the libdir of pkg-config's demc.pc (a package installed
with `pip install .` finds a `make install` of any prefix on PKG_CONFIG_PATH); ctypes.util.find_library("demc"). demc.load() is called
on first use.

    import demc
    d = demc.contact_def_default(); d.moduli = demc.material_moduli_init(glass, steel, demc.SHEAR_MINDLIN)
    model = demc.contact_model_init(d)
    demc.contact_eval_batch(model, demc.contact_batch_arrays(model, i, j, x, v, w, radius, mass, state,
                                                             force=f), dt)
"""
import ctypes
import ctypes.util
import os
import sys

from . import _api

__all__ = ['Error', 'load', 'library_path', 'version_compatible', 'contact_def_default', 'contact_batch_arrays']

# Written by `make install`: LIBDIR relative to this package's directory (tried first, so that a moved prefix still
# works) and as installed; None in the source tree.
_INSTALLED_LIBDIR_RELATIVE = None
_INSTALLED_LIBDIR = None
_SONAME = 'libdemc.so.%d' % _api.CONSTANTS['DEMC_VERSION_MAJOR']
# DEMC_VERSION_NUMBER of the headers this module was generated from (an expression in C, so not in _api.CONSTANTS).
VERSION_NUMBER = (_api.CONSTANTS['DEMC_VERSION_MAJOR'] * 1000000 + _api.CONSTANTS['DEMC_VERSION_MINOR'] * 1000 +
                  _api.CONSTANTS['DEMC_VERSION_PATCH'])

_lib = None
_lib_path = None


class Error(Exception):
    """A setup function of libdemc returned a status other than DEMC_OK.

    status: the demc_status (an int, e.g. demc.ERR_OUT_OF_DOMAIN); bad_field: the name of the first bad input as
    the library reported it (e.g. "def.restitution"), or None; function: the C function's name."""

    def __init__(self, status, bad_field, function):
        self.status = status
        self.bad_field = bad_field
        self.function = function
        name = _STATUS_NAMES.get(status, str(status))
        msg = '%s: %s' % (function, name)
        if bad_field:
            msg += ' (%s)' % bad_field
        Exception.__init__(self, msg)


def _candidates(path):
    if path is not None:
        yield path
        return
    env = os.environ.get('DEMC_LIBRARY')
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    if _INSTALLED_LIBDIR_RELATIVE:
        yield os.path.normpath(os.path.join(here, _INSTALLED_LIBDIR_RELATIVE, _SONAME))
    if _INSTALLED_LIBDIR:
        yield os.path.join(_INSTALLED_LIBDIR, _SONAME)
    else:
        yield os.path.normpath(os.path.join(here, '..', '..', 'lib', _SONAME))
    libdir = _pkg_config_libdir()
    if libdir:
        yield os.path.join(libdir, _SONAME)
    found = ctypes.util.find_library('demc')
    if found:
        yield found


def _pkg_config_libdir():
    """The libdir of demc.pc (pkg-config, PKG_CONFIG_PATH honoured), or None: how a package installed with pip
    finds a libdemc installed with `make install` under any prefix."""
    import subprocess
    try:
        out = subprocess.run(['pkg-config', '--variable=libdir', 'demc'], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, universal_newlines=True, check=False)
    except OSError:
        return None
    return os.path.normpath(out.stdout.strip()) if out.returncode == 0 and out.stdout.strip() else None


def load(path=None):
    """Loads libdemc (path, else the search order of the module's documentation) and declares every exported
    function; returns the ctypes.CDLL. Raises OSError when no library is found or its version does not match."""
    global _lib, _lib_path
    tried = []
    for cand in _candidates(path):
        explicit = path is not None or os.environ.get('DEMC_LIBRARY')
        if not explicit and os.sep in cand and not os.path.exists(cand):
            tried.append(cand)
            continue
        try:
            lib = ctypes.CDLL(cand)
        except OSError as exc:
            if explicit:
                raise
            tried.append('%s (%s)' % (cand, exc))
            continue
        _declare(lib)
        if not version_compatible(lib.demc_version_number()):
            raise OSError('%s is libdemc %s; this module is for %s (it needs libdemc %d.x not older than %s)' % (
                cand, lib.demc_version_string().decode(), _api.CONSTANTS['DEMC_VERSION_STRING'],
                _api.CONSTANTS['DEMC_VERSION_MAJOR'], _api.CONSTANTS['DEMC_VERSION_STRING']))
        _lib, _lib_path = lib, cand
        return lib
    raise OSError('libdemc not found; tried: %s. Set DEMC_LIBRARY or call demc.load(path).' % ', '.join(tried))


def version_compatible(number, module_number=None):
    """True when a libdemc whose demc_version_number() is `number` can serve this module: the same major version
    and not older (a later minor or patch release of the same major version keeps the ABI), the check the C
    headers document for host codes. Version numbers are MAJOR*1000000 + MINOR*1000 + PATCH (1.2.3 is 1002003);
    module_number defaults to this module's DEMC_VERSION_NUMBER."""
    if module_number is None:
        module_number = VERSION_NUMBER
    return number // 1000000 == module_number // 1000000 and number >= module_number


def library_path():
    """The path libdemc was loaded from (loading it if needed)."""
    _get()
    return _lib_path


def _get():
    return _lib if _lib is not None else load()


def _declare(lib):
    for name, (restype, params) in _api.FUNCTIONS.items():
        f = getattr(lib, name)
        f.restype = restype
        f.argtypes = [a for _, a, _ in params]


# ------------------------------------------------------------------------------------------------- buffers

_FORMATS = {ctypes.c_double: ('d', 8), ctypes.c_int: ('i', 4), ctypes.c_long: ('l', ctypes.sizeof(ctypes.c_long)),
            ctypes.c_size_t: ('N', ctypes.sizeof(ctypes.c_size_t))}
_INT_CODES = {4: 'ilq', 8: 'lqn'}


class _PyBuffer(ctypes.Structure):
    _fields_ = [('buf', ctypes.c_void_p), ('obj', ctypes.c_void_p), ('len', ctypes.c_ssize_t),
                ('itemsize', ctypes.c_ssize_t), ('readonly', ctypes.c_int), ('ndim', ctypes.c_int),
                ('format', ctypes.c_char_p), ('shape', ctypes.c_void_p), ('strides', ctypes.c_void_p),
                ('suboffsets', ctypes.c_void_p), ('internal', ctypes.c_void_p)]


def _format_ok(fmt, ctype):
    code = fmt.lstrip('@=<')
    want, size = _FORMATS[ctype]
    if ctype is ctypes.c_double:
        return code == 'd'
    if ctype is ctypes.c_size_t:
        return code in ('N', 'L' if size == ctypes.sizeof(ctypes.c_ulong) else 'Q')
    # Signed integers of the C type's size (numpy int32 is 'i', int64 is 'l' here).
    sizes = {'i': ctypes.sizeof(ctypes.c_int), 'l': ctypes.sizeof(ctypes.c_long), 'q': 8}
    return code in sizes and sizes[code] == size


def _buffer_address(obj, ctype, writable, what, min_items=0):
    """The address of the first item of a buffer-protocol object holding C `ctype` items (no copy), with the
    checks C cannot make: item type, C-contiguity, writability, length. Returns (address, items, keepalive)."""
    if isinstance(obj, ctypes._SimpleCData) and type(obj) is ctype:
        return ctypes.addressof(obj), 1, obj
    try:
        mv = memoryview(obj)
    except TypeError:
        raise TypeError('%s: a buffer of %s is needed (numpy array, array.array, ctypes array), not %s'
                        % (what, ctype.__name__, type(obj).__name__)) from None
    if isinstance(obj, ctypes.Array) and obj._type_ is ctype:
        pass  # ctypes arrays report formats like '<d'; their type is known
    elif not _format_ok(mv.format, ctype):
        raise TypeError('%s: items of format %r; %s is needed (numpy dtype %s)'
                        % (what, mv.format, ctype.__name__, 'float64' if ctype is ctypes.c_double else 'int32'
                           if ctype is ctypes.c_int else ctype.__name__))
    if mv.itemsize != ctypes.sizeof(ctype):
        raise TypeError('%s: items of %d bytes; %s has %d' % (what, mv.itemsize, ctype.__name__,
                                                              ctypes.sizeof(ctype)))
    if not mv.c_contiguous:
        raise ValueError('%s: the buffer is not C-contiguous (numpy: np.ascontiguousarray)' % what)
    if writable and mv.readonly:
        raise ValueError('%s: the buffer is read-only and the library writes it' % what)
    items = mv.nbytes // mv.itemsize
    if items < min_items:
        raise ValueError('%s: %d items; at least %d are needed' % (what, items, min_items))
    if items == 0:
        return None, 0, mv
    if not mv.readonly:
        anchor = (ctypes.c_char * mv.nbytes).from_buffer(mv)
        return ctypes.addressof(anchor), items, (mv, anchor)
    # Read-only (bytes, a read-only numpy array): the address through the buffer protocol, held until the call ends.
    view = _PyBuffer()
    get = ctypes.pythonapi.PyObject_GetBuffer
    get.argtypes = [ctypes.py_object, ctypes.POINTER(_PyBuffer), ctypes.c_int]
    get(mv, ctypes.byref(view), 0)
    release = ctypes.pythonapi.PyBuffer_Release
    release.argtypes = [ctypes.POINTER(_PyBuffer)]

    class _Hold:
        def __del__(self, view=view, release=release):
            release(ctypes.byref(view))
    return view.buf, items, (mv, _Hold())


# ------------------------------------------------------------------------------------------------ wrappers

def _struct_of(argtype):
    return getattr(argtype, '_type_', None)


def _convert_pointer(value, argtype, role, name, keep):
    target = _struct_of(argtype)
    if value is None:
        if role.startswith('null_'):
            return None
        raise TypeError('%s: None is not accepted (the library needs this pointer)' % name)
    if issubclass(target, ctypes.Structure):
        if isinstance(value, target):
            return ctypes.byref(value)
        if 'array' in role:
            addr, _, k = _buffer_view_structs(value, target, name)
            keep.append(k)
            return ctypes.cast(addr, argtype)
        raise TypeError('%s: a demc.%s is needed, not %s' % (name, target.__name__, type(value).__name__))
    if isinstance(value, ctypes._Pointer) or isinstance(value, ctypes.c_void_p):
        return value
    writable = role.endswith('inout') or role.endswith('out')
    addr, _, k = _buffer_address(value, target, writable, name)
    keep.append(k)
    return ctypes.cast(addr, argtype)


def _buffer_view_structs(value, target, name):
    if isinstance(value, ctypes.Array) and value._type_ is target:
        return ctypes.addressof(value), len(value), value
    raise TypeError('%s: a ctypes array of demc.%s is needed (demc.%s * n)' % (name, target.__name__,
                                                                               target.__name__))


def _convert_value(value, argtype, name):
    if isinstance(argtype, type) and issubclass(argtype, ctypes.Structure) and not isinstance(value, argtype):
        if argtype is vec3 and len(value) == 3:
            return vec3(*value)
        raise TypeError('%s: a demc.%s is needed, not %s' % (name, argtype.__name__, type(value).__name__))
    return value


def _make_wrapper(cname, restype, params):
    pyname = cname[5:]
    inputs = [(n, a, r) for n, a, r in params if r not in ('out', 'null_out', 'bad_field')]
    outputs = [(n, a, r) for n, a, r in params if r in ('out', 'null_out')]
    has_bad = any(r == 'bad_field' for _, _, r in params)
    status = cname in _STATUS_FUNCTIONS
    # Trailing nullable inputs default to None.
    ndefault = 0
    for n, a, r in reversed(inputs):
        if not r.startswith('null_'):
            break
        ndefault += 1
    nreq = len(inputs) - ndefault

    def wrapper(*args, **kwargs):
        lib = _get()
        if len(args) > len(inputs):
            raise TypeError('%s() takes %d arguments (%d given)' % (pyname, len(inputs), len(args)))
        vals = dict(zip((n for n, _, _ in inputs), args))
        for k, v in kwargs.items():
            if k not in [n for n, _, _ in inputs] or k in vals:
                raise TypeError('%s(): unexpected or repeated argument %r' % (pyname, k))
            vals[k] = v
        for n, _, _ in inputs[:nreq]:
            if n not in vals:
                raise TypeError('%s(): missing argument %r' % (pyname, n))
        keep, cargs, outs = [], [], []
        bad = ctypes.c_char_p()
        for n, a, r in params:
            if r == 'bad_field':
                cargs.append(ctypes.byref(bad))
            elif r in ('out', 'null_out'):
                obj = _struct_of(a)()
                outs.append(obj)
                cargs.append(ctypes.byref(obj))
            elif r == 'value':
                cargs.append(_convert_value(vals[n], a, n))
            else:
                cargs.append(_convert_pointer(vals.get(n), a, r, n, keep))
        result = getattr(lib, cname)(*cargs)
        del keep
        if status:
            if result != 0:
                raise Error(result, bad.value.decode() if (has_bad and bad.value) else None, cname)
            outs = [o.value if isinstance(o, ctypes._SimpleCData) else o for o in outs]
            return None if not outs else outs[0] if len(outs) == 1 else tuple(outs)
        if restype is ctypes.c_char_p and result is not None:
            return result.decode()
        return result

    sig = ', '.join([n for n, _, _ in inputs[:nreq]] + ['%s=None' % n for n, _, _ in inputs[nreq:]])
    wrapper.__name__ = pyname
    wrapper.__qualname__ = pyname
    wrapper.__doc__ = '%s(%s): calls the C function %s (see its documentation in the C headers).%s' % (
        pyname, sig, cname, ' Returns %s; raises demc.Error on a failed status.' % (
            ', '.join(n for n, _, _ in outputs) or 'None') if status else '')
    return wrapper


_STATUS_FUNCTIONS = _api.STATUS_FUNCTIONS

_module = sys.modules[__name__]
for _cname, _value in _api.CONSTANTS.items():
    setattr(_module, _cname[5:], _value)
    __all__.append(_cname[5:])
for _cname, _cls in _api.STRUCTS.items():
    setattr(_module, _cname[5:], _cls)
    __all__.append(_cname[5:])
for _cname, (_restype, _params) in _api.FUNCTIONS.items():
    setattr(_module, _cname[5:], _make_wrapper(_cname, _restype, _params))
    __all__.append(_cname[5:])
_STATUS_NAMES = {v: k for k, v in _api.CONSTANTS.items() if k.startswith('DEMC_ERR_') or k == 'DEMC_OK'}


# --------------------------------------------------------------------------------------------- conveniences

def contact_def_default():
    """The description of DEMC_CONTACT_PRESET_HMD (C's demc_contact_def_default())."""
    return contact_def_init(CONTACT_PRESET_HMD, ctypes.sizeof(contact_def))  # noqa: F821 (generated name)


def contact_diag_init():
    """A demc.contact_diag with its size set (C's DEMC_CONTACT_DIAG_INIT)."""
    d = contact_diag()  # noqa: F821
    d.size = ctypes.sizeof(d)
    return d


def _max_index(mv):
    return max(mv) if len(mv) else -1


def contact_batch_arrays(model, i, j, position, velocity, angular_velocity, radius, mass, state, force=None,
                         torque_i=None, torque_j=None, body_force=None, body_torque=None, vector_stride=3,
                         scalar_stride=1, state_stride=None):
    """A demc.contact_batch over the host's arrays, without copying them: i, j int32 (j may be None for a wall
    batch), position, velocity, angular_velocity (vector_stride doubles per body: 3 for an (n, 3) array), radius,
    mass (scalar_stride per body), state (state_stride doubles per contact, by default the model's state size),
    and the optional outputs force, torque_i, torque_j (3 doubles per contact) and body_force, body_torque
    (accumulators, vector_stride per body). Checks item types, contiguity, writability and that every index and
    contact fits the arrays (the library does not check indices), and keeps the arrays alive with the batch."""
    b = contact_batch()  # noqa: F821
    b.size = ctypes.sizeof(b)
    keep = []

    def addr(obj, ctype, writable, what, n):
        a, items, k = _buffer_address(obj, ctype, writable, 'contact_batch_arrays: ' + what, n)
        keep.append(k)
        return a, items

    mv_i = memoryview(i).cast('B').cast('i') if memoryview(i).c_contiguous else None
    b.i, count = addr(i, ctypes.c_int, False, 'i', 0)
    b.count = count
    nbody = _max_index(mv_i) + 1 if mv_i is not None else 0
    if j is not None:
        b.j, nj = addr(j, ctypes.c_int, False, 'j', count)
        mv_j = memoryview(j).cast('B').cast('i')
        nbody = max(nbody, _max_index(mv_j) + 1)
        if mv_i is not None and count and (min(mv_i) < 0 or min(mv_j[:count]) < 0):
            raise ValueError('contact_batch_arrays: negative index')
    vneed = (nbody - 1) * vector_stride + 3 if nbody else 0
    sneed = (nbody - 1) * scalar_stride + 1 if nbody else 0
    b.position, _ = addr(position, ctypes.c_double, False, 'position', vneed)
    b.velocity, _ = addr(velocity, ctypes.c_double, False, 'velocity', vneed)
    b.angular_velocity, _ = addr(angular_velocity, ctypes.c_double, False, 'angular_velocity', vneed)
    b.radius, _ = addr(radius, ctypes.c_double, False, 'radius', sneed)
    b.mass, _ = addr(mass, ctypes.c_double, False, 'mass', sneed)
    b.vector_stride = vector_stride
    b.scalar_stride = scalar_stride
    size = contact_model_state_size(model)  # noqa: F821
    b.state_stride = size if state_stride is None else state_stride
    b.state, _ = addr(state, ctypes.c_double, True, 'state', count * b.state_stride)
    for name, arr, need in (('force', force, 3 * count), ('torque_i', torque_i, 3 * count),
                            ('torque_j', torque_j, 3 * count), ('body_force', body_force, vneed),
                            ('body_torque', body_torque, vneed)):
        if arr is not None:
            setattr(b, name, addr(arr, ctypes.c_double, True, name, need)[0])
    b._keep = keep
    return b


__all__ += ['contact_diag_init']
