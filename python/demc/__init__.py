"""demc: the Python face of libdemc (contact mechanics for DEM), through ctypes; no dependency beyond the standard
library (numpy arrays are accepted wherever an array is, without copying, but numpy is not needed).

Names: the C names without their prefix. Types: demc.contact_def is the C struct demc_contact_def (a
ctypes.Structure with the same fields and layout, whose repr shows them: contact_result(force=vec3(1.0, 0.0,
0.0), ...)); constants: demc.CONTACT_PRESET_HMD is DEMC_CONTACT_PRESET_HMD; functions: demc.contact_eval(...)
calls demc_contact_eval. help(demc.contact_eval) shows its signature, the C documentation's description and each
parameter's units.

Calls. Every C parameter is a Python parameter in the same order (a Python keyword gets a trailing underscore:
demc.contact_model_init(def_=d)), except:
  - bad_field: the wrapper passes its own; a function returning demc_status raises demc.Error (with .status,
    .bad_field, .function) when the status is not DEMC_OK;
  - the trailing outputs of a function returning demc_status (demc_contact_model_init's model,
    demc_damping_hmd_ratio's gamma ...): the wrapper allocates and returns them (one: the value; several: a tuple;
    none: None).
A pointer to a struct takes an instance (passed by reference; updated in place when C writes it) or None where
C accepts NULL (trailing ones default to None); an array of demc.vec3 also takes a float64 buffer of n×3 doubles.
A pointer to numbers takes any buffer-protocol object of that type (numpy float64/int32 arrays, array.array('d'),
ctypes arrays), C-contiguous, writable when C writes it, used in place (no copy). An integer array C only reads
may have another integer type (numpy's default int64 where C reads int): it is converted for the call (a copy),
values outside the C type refused with ValueError. Structs passed by value take an instance (a demc.vec3 also
accepts a 3-sequence). demc.as_numpy(v) is a float64 view of a vector result.

Loading libdemc (the first that exists wins): demc.load(path) with an explicit path; the DEMC_LIBRARY environment
variable; the LIBDIR of `make install` (first relative to the installed package, so a moved prefix works, then
as installed), or in the source tree its lib/ directory; the libdir of pkg-config's demc.pc (a package installed
with `pip install .` finds a `make install` of any prefix on PKG_CONFIG_PATH); ctypes.util.find_library("demc").
demc.load() is called on first use.

    import demc
    d = demc.contact_def_default(); d.moduli = demc.material_moduli_init(glass, steel, demc.SHEAR_MINDLIN)
    model = demc.contact_model_init(d)
    demc.contact_eval_batch(model, demc.contact_batch_arrays(model, i, j, x, v, w, radius, mass, state,
                                                             force=f), dt)
"""
import ctypes
import ctypes.util
import inspect
import keyword
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


_INT_FORMATS = 'bBhHiIlLqQnN'
_INT_CTYPES = (ctypes.c_int, ctypes.c_long, ctypes.c_int64)


def _int_limits(ctype):
    bits = 8 * ctypes.sizeof(ctype)
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


def _converted_ints(obj, ctype, what):
    """A C-contiguous copy of the integer buffer obj as C `ctype` items (int32 for C int), or None when obj is not
    an integer buffer of another type. Values outside the C type's range raise ValueError (never truncated).
    numpy arrays are converted by numpy (astype, after a min/max check); other buffers item by item. The cost: one
    pass and one new array of 4 (int) or 8 (int64_t) bytes an item, each time this runs."""
    try:
        mv = memoryview(obj)
    except TypeError:
        return None
    code = mv.format.lstrip('@=<')
    if code not in _INT_FORMATS or not mv.c_contiguous:
        return None
    lo, hi = _int_limits(ctype)
    name = 'int32' if ctypes.sizeof(ctype) == 4 else 'int64'
    np = sys.modules.get('numpy')
    if np is not None and isinstance(obj, np.ndarray):
        if obj.size and (int(obj.min()) < lo or int(obj.max()) > hi):
            raise ValueError('%s: values in [%d, %d] exceed %s, the C type (%s)' % (
                what, int(obj.min()), int(obj.max()), name, ctype.__name__))
        return np.ascontiguousarray(obj, dtype=np.int32 if name == 'int32' else np.int64)
    values = mv.cast('B').cast(code).tolist() if mv.ndim != 1 or mv.format != code else mv.tolist()
    if values and (min(values) < lo or max(values) > hi):
        raise ValueError('%s: values in [%d, %d] exceed %s, the C type (%s)' % (
            what, min(values), max(values), name, ctype.__name__))
    return (ctype * len(values))(*values)


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
            addr, _, k = _buffer_view_structs(value, target, name, role.endswith('inout'))
            keep.append(k)
            return ctypes.cast(addr, argtype)
        raise TypeError('%s: a demc.%s is needed, not %s' % (name, target.__name__, type(value).__name__))
    if isinstance(value, ctypes._Pointer) or isinstance(value, ctypes.c_void_p):
        return value
    writable = role.endswith('inout') or role.endswith('out')
    if target in _INT_CTYPES and not writable and not isinstance(value, ctypes.Array):
        try:
            _buffer_address(value, target, False, name)
        except TypeError:
            # Another integer type (numpy's default int64 where C reads int, int32 where it reads int64_t):
            # converted once for this call (a copy), values outside the C type refused.
            conv = _converted_ints(value, target, name)
            if conv is not None:
                value = conv
    addr, _, k = _buffer_address(value, target, writable, name)
    keep.append(k)
    return ctypes.cast(addr, argtype)


def _doubles_only(target):
    return all(t is ctypes.c_double for _, t in target._fields_)


def _buffer_view_structs(value, target, name, writable):
    """An array of structs: a ctypes array of them, or, for a struct of doubles only (demc.vec3), a float64 buffer
    of n such structs used in place (a numpy (n, 3) array for n demc.vec3)."""
    if isinstance(value, ctypes.Array) and value._type_ is target:
        return ctypes.addressof(value), len(value), value
    if _doubles_only(target) and not isinstance(value, ctypes.Structure):
        try:
            mv = memoryview(value)
        except TypeError:
            mv = None
        if mv is not None:
            per = len(target._fields_)
            addr, items, keep = _buffer_address(value, ctypes.c_double, writable, name)
            if items % per:
                raise ValueError('%s: %d doubles, not a whole number of demc.%s (%d doubles each)'
                                 % (name, items, target.__name__, per))
            return addr, items // per, keep
    raise TypeError('%s: a ctypes array of demc.%s is needed (demc.%s * n)%s' % (
        name, target.__name__, target.__name__, ', or a float64 buffer of %d doubles each (numpy (n, %d))' % (
            len(target._fields_), len(target._fields_)) if _doubles_only(target) else ''))


def _convert_value(value, argtype, name):
    if isinstance(argtype, type) and issubclass(argtype, ctypes.Structure) and not isinstance(value, argtype):
        if argtype is vec3 and len(value) == 3:
            return vec3(*value)
        raise TypeError('%s: a demc.%s is needed, not %s' % (name, argtype.__name__, type(value).__name__))
    return value


def _py_name(name):
    """The Python name of a C parameter: the C name, with _ appended to a Python keyword (demc_contact_model_init's
    def is def_)."""
    return name + '_' if keyword.iskeyword(name) else name


_SCALAR_NAMES = {ctypes.c_double: 'float', ctypes.c_int: 'int', ctypes.c_uint: 'int', ctypes.c_size_t: 'int',
                 ctypes.c_long: 'int', ctypes.c_int64: 'int', ctypes.c_char_p: 'str', None: 'None'}


def _type_name(t):
    if t in _SCALAR_NAMES:
        return _SCALAR_NAMES[t]
    if isinstance(t, type) and issubclass(t, ctypes.Structure):
        return 'demc.' + t.__name__
    return getattr(t, '__name__', str(t))


def _enum_hint(ctype_text):
    values = _api.ENUMS.get(ctype_text.replace('const ', '').strip())
    if not values:
        return 'int'
    shown = [v for v in values if not v.endswith('_MAX_')]
    return 'int: ' + ', '.join('demc.' + v[5:] for v in shown)


def _param_hint(argtype, role, ctype_text):
    """What a parameter takes, in Python terms: [float], [demc.body], [float64 buffer, written in place] ..."""
    null = ' or None' if role.startswith('null_') else ''
    role = role[5:] if role.startswith('null_') else role
    if role == 'value':
        if argtype is vec3:                                                   # noqa: F821 (generated name)
            return 'demc.vec3 or 3 numbers'
        if argtype is ctypes.c_int and 'demc_' in ctype_text:
            return _enum_hint(ctype_text)
        return _type_name(argtype)
    target = _struct_of(argtype)
    if issubclass(target, ctypes.Structure):
        if role.startswith('array'):
            hint = 'ctypes array of demc.%s' % target.__name__
            if _doubles_only(target):
                hint += ' or float64 buffer (numpy (n, %d))' % len(target._fields_)
            return hint + null + (', written in place' if role == 'array_inout' else '')
        return 'demc.%s%s%s' % (target.__name__, null, ', updated in place' if role == 'inout' else '')
    kind = {ctypes.c_double: 'float64', ctypes.c_int: 'int32', ctypes.c_int64: 'int64'}.get(target, target.__name__)
    if role in ('array_in', 'in') and target in _INT_CTYPES:
        return '%s buffer%s (numpy array, array.array; another integer type is converted, a copy)' % (kind, null)
    if role in ('array_in', 'in'):
        return '%s buffer%s (numpy array, array.array; used in place)' % (kind, null)
    return '%s buffer%s, written in place (numpy array, array.array; no copy)' % (kind, null)


def _wrap(text, indent, more='    ', width=100):
    """Greedy wrap at spaces (textwrap.fill's result for this text, at a fraction of its cost on import)."""
    lines, line = [], indent
    for word in text.split():
        if len(line) + len(word) + 1 > width and line.strip():
            lines.append(line)
            line = indent + more + word
        else:
            line += (' ' if line.strip() else '') + word
    lines.append(line)
    return '\n'.join(lines)


def _make_doc(cname, pyname, restype, params, inputs, outputs, nreq, status):
    brief, pdocs, rdoc = _api.DOCS.get(cname, ('', (), ''))
    ctext = dict((n, (c, t)) for n, c, t in pdocs)
    if status:
        ret = ('None' if not outputs else _type_name(_struct_of(outputs[0][1])) if len(outputs) == 1 else
               'tuple(%s)' % ', '.join(_type_name(_struct_of(a)) for _, a, _ in outputs))
    else:
        ret = _type_name(restype)
    sig = ', '.join([_py_name(n) for n, _, _ in inputs[:nreq]] + ['%s=None' % _py_name(n) for n, _, _ in inputs[nreq:]])
    lines = ['%s(%s) -> %s' % (pyname, sig, ret), '', _wrap(brief, '', ''), '']
    if inputs:
        lines.append('Parameters:')
        for n, a, r in inputs:
            c, text = ctext.get(n, ('', ''))
            lines.append(_wrap('%s: %s [%s]' % (_py_name(n), text or '(see the C documentation)',
                                                _param_hint(a, r, c)), '  '))
    if status:
        if outputs:
            lines.append('Returns%s:' % (' a tuple' if len(outputs) > 1 else ''))
            for n, a, _ in outputs:
                lines.append(_wrap('%s: %s [%s]' % (n, ctext.get(n, ('', ''))[1], _type_name(_struct_of(a))), '  '))
        lines.append('Raises demc.Error (.status, .bad_field) when the C function returns a status other than OK.')
    elif rdoc:
        lines.append(_wrap('Returns: %s [%s]' % (rdoc, ret), ''))
    lines += ['', 'C function: %s (see the C documentation for the equations and their sources).' % cname]
    return '\n'.join(lines)


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
    in_names = [_py_name(n) for n, _, _ in inputs]

    def wrapper(*args, **kwargs):
        lib = _get()
        if len(args) > len(inputs):
            raise TypeError('%s() takes %d arguments (%d given)' % (pyname, len(inputs), len(args)))
        vals = dict(zip(in_names, args))
        for k, v in kwargs.items():
            if k not in in_names or k in vals:
                raise TypeError('%s(): unexpected or repeated argument %r' % (pyname, k))
            vals[k] = v
        for n in in_names[:nreq]:
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
                cargs.append(_convert_value(vals[_py_name(n)], a, n))
            else:
                cargs.append(_convert_pointer(vals.get(_py_name(n)), a, r, n, keep))
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

    wrapper.__name__ = pyname
    wrapper.__qualname__ = pyname
    wrapper.__module__ = __name__
    wrapper.__doc__ = _make_doc(cname, pyname, restype, params, inputs, outputs, nreq, status)
    P = inspect.Parameter
    wrapper.__signature__ = inspect.Signature(
        [P(n, P.POSITIONAL_OR_KEYWORD) for n in in_names[:nreq]] +
        [P(n, P.POSITIONAL_OR_KEYWORD, default=None) for n in in_names[nreq:]])
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


def _index_array(obj, what):
    """The index array obj as the C batch reads it (int32, C's int): obj itself when it is one (no copy), else a
    converted copy of any integer buffer (numpy's default int64, array.array('q') ...), refused with ValueError
    when a value does not fit in an int32 and with TypeError when obj holds no integers."""
    try:
        mv = memoryview(obj)
    except TypeError:
        raise TypeError('contact_batch_arrays: %s: a buffer of integers is needed (numpy array, array.array), '
                        'not %s' % (what, type(obj).__name__)) from None
    if mv.c_contiguous and _format_ok(mv.format, ctypes.c_int) and mv.itemsize == ctypes.sizeof(ctypes.c_int):
        return obj
    conv = _converted_ints(obj, ctypes.c_int, 'contact_batch_arrays: ' + what)
    if conv is None:
        raise TypeError('contact_batch_arrays: %s: items of format %r; integers are needed (int32 is used in '
                        'place, other integer types are converted)' % (what, mv.format))
    return conv


def _min_max(obj, count):
    """The smallest and largest of the first count indices of an int32 buffer (numpy's own reductions for a numpy
    array: a neighbour list of millions of pairs is checked in milliseconds)."""
    np = sys.modules.get('numpy')
    if np is not None and isinstance(obj, np.ndarray):
        flat = obj.reshape(-1)[:count]
        return int(flat.min()), int(flat.max())
    mv = memoryview(obj).cast('B').cast('i')[:count]
    return min(mv), max(mv)


def contact_batch_arrays(model, i, j, position, velocity, angular_velocity, radius, mass, state, force=None,
                         torque_i=None, torque_j=None, body_force=None, body_torque=None, vector_stride=3,
                         scalar_stride=1, state_stride=None, temperature=None, heat_flow=None,
                         boundary_temperature=None, frictional_heat=False, inertia=None):
    """contact_batch_arrays(model, i, j, position, velocity, angular_velocity, radius, mass, state, force=None,
    torque_i=None, torque_j=None, body_force=None, body_torque=None, vector_stride=3, scalar_stride=1,
    state_stride=None, temperature=None, heat_flow=None, boundary_temperature=None, frictional_heat=False,
    inertia=None) -> demc.contact_batch

    A demc.contact_batch (for demc.contact_eval_batch and demc.contact_eval_batch_wall) over the host's own
    arrays, used in place (no copy; numpy arrays, array.array, any buffer of the right item type):
      i, j: the neighbour list, index of body i and body j of each contact (j None for a wall batch). int32 is
          used in place; numpy's default int64 (or any other integer type) is converted once, here: a copy of
          4 bytes an index, held by the batch (so a later change to your int64 array is not seen: build the
          batch again, or keep the list int32). Values outside int32 are refused (ValueError).
      position (m), velocity (m/s), angular_velocity (rad/s): float64, vector_stride doubles a body (3: an
          (n, 3) array);
      radius (m), mass (kg): float64, scalar_stride doubles a body;
      state: float64, written: state_stride doubles a contact (default the model's state size), zero for a new
          contact (an (ncontacts, demc.contact_model_state_size(model)) array);
      force, torque_i, torque_j: optional float64 outputs, 3 doubles a contact (N, N·m), written;
      body_force, body_torque: optional float64 accumulators, vector_stride doubles a body, added to.
      temperature (K), heat_flow (W): optional float64, scalar_stride doubles a body, given together (since 1.1):
          each contact's conduction is added into heat_flow (a model with a heat law; see demc.contact_heat);
      boundary_temperature (K): optional float64, the wall's temperature (one value) or one per facet.
      frictional_heat: with heat_flow, add each contact's frictional heat too (its dissipation shared by the
          model's partition; the batch then evaluates every contact with its energy terms, about 3 times slower).
      inertia (kg m^2): optional float64, scalar_stride doubles a body, each body's moment of inertia about a
          diameter (not given, or a value not > 0: a solid sphere); read by the rolling laws CDT and EPSD.
    Checks what C cannot: item types, contiguity, writability, and that every index and contact fits the arrays
    (the library does not check indices); keeps the arrays alive as long as the batch."""
    b = contact_batch()  # noqa: F821
    b.size = ctypes.sizeof(b)
    keep = []

    def addr(obj, ctype, writable, what, n):
        a, items, k = _buffer_address(obj, ctype, writable, 'contact_batch_arrays: ' + what, n)
        keep.append(k)
        return a, items

    i = _index_array(i, 'i')
    b.i, count = addr(i, ctypes.c_int, False, 'i', 0)
    b.count = count
    lo, hi = _min_max(i, count) if count else (0, -1)
    if j is not None:
        j = _index_array(j, 'j')
        b.j, _ = addr(j, ctypes.c_int, False, 'j', count)
        if count:
            lo_j, hi_j = _min_max(j, count)
            lo, hi = min(lo, lo_j), max(hi, hi_j)
    if lo < 0:
        raise ValueError('contact_batch_arrays: negative index')
    nbody = hi + 1
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
    if temperature is not None:
        b.temperature, _ = addr(temperature, ctypes.c_double, False, 'temperature', sneed)
    if heat_flow is not None:
        b.heat_flow, _ = addr(heat_flow, ctypes.c_double, True, 'heat_flow', sneed)
    if boundary_temperature is not None:
        b.boundary_temperature, _ = addr(boundary_temperature, ctypes.c_double, False, 'boundary_temperature', 0)
    b.frictional_heat = 1 if frictional_heat else 0
    if inertia is not None:
        b.inertia, _ = addr(inertia, ctypes.c_double, False, 'inertia', sneed)
    b._keep = keep
    return b


def as_numpy(obj):
    """A numpy float64 view (no copy: writing it writes obj) of a result made of doubles: a demc.vec3 or demc.quat
    (shape (3,) or (4,)), a ctypes array of them (demc.vec3 * n: (n, 3)), a ctypes array of doubles (its own
    shape: demc.mat3().m is (3, 3)). numpy.asarray(v) of a ctypes struct gives numpy's record view instead (the
    buffer protocol of ctypes describes the fields); this gives the plain numbers."""
    import numpy
    if isinstance(obj, ctypes.Array) and isinstance(obj._type_, type) and issubclass(obj._type_, ctypes.Structure):
        if not _doubles_only(obj._type_):
            raise TypeError('as_numpy: demc.%s is not made of doubles only' % obj._type_.__name__)
        return numpy.frombuffer(obj, dtype=numpy.float64).reshape(len(obj), len(obj._type_._fields_))
    if isinstance(obj, ctypes.Structure):
        if not _doubles_only(type(obj)):
            raise TypeError('as_numpy: demc.%s is not made of doubles only' % type(obj).__name__)
        return numpy.frombuffer(obj, dtype=numpy.float64)
    if isinstance(obj, ctypes.Array):
        view = numpy.ctypeslib.as_array(obj)
        if view.dtype != numpy.float64:
            raise TypeError('as_numpy: an array of %s, not of doubles' % view.dtype)
        return view
    raise TypeError('as_numpy: a demc struct of doubles or a ctypes array is needed, not %s' % type(obj).__name__)


__all__ += ['contact_diag_init', 'as_numpy']
