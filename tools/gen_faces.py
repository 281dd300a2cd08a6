#!/usr/bin/env python3
"""Generates the Fortran and Python faces of libdemc from the C headers (make faces).

What it reads: the declarations of include/demc.h as clang parses them (`clang -Xclang -ast-dump=json`), the
numeric macros (`clang -dM -E`) and the exported names (lib/libdemc.map). What it writes:
  fortran/demc.f90           module demc: interoperable types, enumerators and macros as named constants,
                             bind(C) interfaces of every exported function (installed as source)
  test/faces/demc_layout.f90 the Fortran side of the layout check (prints what fortran/demc.f90 believes)
  python/demc/_api.py        ctypes structures, constants and the prototypes of every exported function
and, with --probe FILE, the C side of the layout check (a program printing the headers' sizes, offsets and
constants in the same format), which the tests build from the current headers.

Usage: tools/gen_faces.py [--clang CLANG] [--out-dir DIR] [--probe FILE]
  --out-dir DIR  write the generated files under DIR instead of the tree (the tests' up-to-date check).
Only the standard library is used. The output is deterministic (the order of the headers).
"""
import json
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORTRAN_OUT = 'fortran/demc.f90'
FLAYOUT_OUT = 'test/faces/demc_layout.f90'
PYTHON_OUT = 'python/demc/_api.py'

# Macros that configure the headers themselves, not values a user needs.
SKIP_MACROS = {'DEMC_INLINE_BODIES', 'DEMC_HEADER_ONLY'}


def fail(msg):
    sys.stderr.write('gen_faces: %s\n' % msg)
    sys.exit(1)


# ---------------------------------------------------------------------------------------------------- reading C

def clang_json(clang):
    cmd = [clang, '-std=c99', '-Xclang', '-ast-dump=json', '-fsyntax-only', '-Iinclude', '-include', 'demc.h', 'include/demc/analysis.h']
    out = subprocess.run(cmd, cwd=TOP, stdout=subprocess.PIPE, check=True).stdout
    return json.loads(out)


def clang_macros(clang):
    cmd = [clang, '-std=c99', '-dM', '-E', '-Iinclude', '-include', 'demc.h', 'include/demc/analysis.h']
    out = subprocess.run(cmd, cwd=TOP, stdout=subprocess.PIPE, check=True, universal_newlines=True).stdout
    macros = []
    for line in out.splitlines():
        m = re.match(r'#define (DEMC_[A-Z0-9_]+) (.+)$', line)
        if not m or m.group(1) in SKIP_MACROS or m.group(1).endswith('_H'):
            continue
        name, value = m.group(1), m.group(2).strip()
        if re.fullmatch(r'[0-9]+', value):
            macros.append((name, 'int', int(value)))
        elif re.fullmatch(r'[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?|[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?', value):
            macros.append((name, 'double', value))
        elif re.fullmatch(r'"[^"\\]*"', value):
            macros.append((name, 'string', value[1:-1]))
    macros.sort()
    return macros


def exported_names():
    text = open(os.path.join(TOP, 'lib/libdemc.map')).read()
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    return re.findall(r'^\s*(demc_\w+)\s*;', text, flags=re.M)


def comment_text(node):
    kind = node.get('kind')
    s = node.get('text', '') if kind == 'TextComment' else ''
    if kind == 'InlineCommandComment':
        # @ref page, @p name, @c word: the argument, as the reader of a docstring sees it.
        s = ' '.join(a if isinstance(a, str) else a.get('text', '') for a in node.get('args', []))
    for c in node.get('inner', []):
        s += comment_text(c)
    return s


def doc_clean(text):
    """A Doxygen comment's text as a Python docstring reads it: one line of single spaces, the C names as the
    Python face spells them (demc_contact_eval() -> demc.contact_eval(), ::demc_body -> demc.body, #DEMC_OK and
    DEMC_OK -> demc.OK, demc_contact_def::restitution -> demc.contact_def.restitution)."""
    t = re.sub(r'\s+', ' ', text).strip()
    t = re.sub(r'(?:::|#)?\b(?:demc|DEMC)_(\w+)', r'demc.\1', t)
    t = re.sub(r'(demc\.\w+)::\s*(\w)', r'\1.\2', t)
    return t


def function_docs(comment, param_names):
    """(brief, {param: text}, return text) of a function's FullComment: the @brief paragraph (else the first
    paragraph), each @param (clang reads `@param i, j text` as a parameter "i," whose text starts with "j"), @return."""
    brief, params, ret, first = '', {}, '', ''
    for c in comment.get('inner', []) if comment else []:
        kind = c['kind']
        if kind == 'BlockCommandComment' and c.get('name') == 'brief':
            brief = comment_text(c)
        elif kind == 'BlockCommandComment' and c.get('name') in ('return', 'returns'):
            ret = comment_text(c)
        elif kind == 'ParagraphComment' and not first and comment_text(c).strip():
            first = comment_text(c)
        elif kind == 'ParamCommandComment' and 'param' in c:
            names, text = [c['param'].rstrip(',')], comment_text(c)
            more = c['param'].endswith(',')
            while more:
                m = re.match(r'\s*(\w+)(\s*,)?', text)
                if not m or m.group(1) not in param_names:
                    break
                names.append(m.group(1))
                text, more = text[m.end():], bool(m.group(2))
            for n in names:
                params[n] = text
    return doc_clean(brief or first), {k: doc_clean(v) for k, v in params.items()}, doc_clean(ret)


class Api:
    """The public API as plain data: structs (ordered), enums (ordered), typedefs, functions (map order)."""

    def __init__(self, ast, macros, exports):
        self.structs = []      # (name, [(field, ctype)])
        self.enums = []        # (name or None, [(enumerator, value)])
        self.typedefs = {}     # name -> underlying C type string
        self.functions = []    # (name, return ctype, [(param, ctype, doc)])
        self.docs = {}         # function name -> (brief, {param: doc}, return doc); struct name -> (brief, {field: doc})
        self.macros = macros
        records = {}
        for n in ast['inner']:
            kind = n['kind']
            if kind == 'RecordDecl' and n.get('name', '').startswith('demc_') and 'inner' in n:
                if n.get('tagUsed') != 'struct':
                    fail('%s: only structs are supported' % n['name'])
                fields = [(f['name'], f['type']['qualType']) for f in n['inner'] if f['kind'] == 'FieldDecl']
                if any(f.get('isBitfield') for f in n['inner']):
                    fail('%s: bit-fields are not interoperable' % n['name'])
                records[n['name']] = fields
                sbrief = [function_docs(c, [])[0] for c in n['inner'] if c['kind'] == 'FullComment']
                fdocs = {}
                for f in n['inner']:
                    if f['kind'] == 'FieldDecl':
                        for c in f.get('inner', []):
                            if c['kind'] == 'FullComment':
                                fdocs[f['name']] = function_docs(c, [])[0]
                self.docs[n['name']] = (sbrief[0] if sbrief else '', fdocs, '')
                self.structs.append((n['name'], fields))
            elif kind == 'EnumDecl':
                values, nxt = [], 0
                for e in n.get('inner', []):
                    if e['kind'] != 'EnumConstantDecl':
                        continue
                    val = nxt
                    for c in e.get('inner', []):
                        if 'value' in c:
                            val = int(c['value'])
                    values.append((e['name'], val))
                    nxt = val + 1
                if values and values[0][0].startswith('DEMC_'):
                    self.enums.append((n.get('name'), values))
            elif kind == 'TypedefDecl' and n['name'].startswith('demc_'):
                self.typedefs[n['name']] = n['type']['qualType']
        byname, comments = {}, {}
        for n in ast['inner']:
            if n['kind'] == 'FunctionDecl':
                byname[n['name']] = n
                for c in n.get('inner', []):
                    if c['kind'] == 'FullComment' and n['name'] not in comments:
                        comments[n['name']] = c    # the documented declaration (a definition may follow)
        for name in exports:
            n = byname.get(name)
            if n is None:
                fail('%s is in lib/libdemc.map but declared in no header' % name)
            pnames = [q.get('name') for q in n.get('inner', []) if q['kind'] == 'ParmVarDecl']
            self.docs[name] = function_docs(comments.get(name), pnames)
            docs = self.docs[name][1]
            params = [(p.get('name', 'arg%d' % k), p['type']['qualType'], docs.get(p.get('name'), ''))
                      for k, p in enumerate(q for q in n.get('inner', []) if q['kind'] == 'ParmVarDecl')]
            ret = re.match(r'(.*?)\s*\(', n['type']['qualType']).group(1)
            self.functions.append((name, ret, params))
        self.struct_names = set(records)
        self.enum_names = set()
        for name, ut in self.typedefs.items():
            if ut.startswith('enum '):
                self.enum_names.add(name)
        for name, _ in self.enums:
            if name:
                self.enum_names.add(name)

    def classify(self, ctype):
        """(kind, base, dims) of a C type string: kind in double, int, uint, size, long, enum, struct, string,
        void, pointer (with base the pointee's classify tuple), dims the array extents (C order)."""
        t = ctype.strip()
        if t.replace(' ', '') == 'constchar**':
            return ('strptr', None, [])
        if t.replace(' ', '') in ('constchar*', 'char*'):
            return ('string', None, [])
        dims = [int(d) for d in re.findall(r'\[(\d+)\]', t)]
        t = re.sub(r'\s*\[\d+\]', '', t).strip()
        if t.endswith('*'):
            inner = t[:-1].strip()
            const = inner.startswith('const ')
            if const:
                inner = inner[6:].strip()
            return ('pointer', (const, self.classify(inner)), dims)
        t = re.sub(r'^const\s+', '', t)
        t = re.sub(r'^(struct|enum)\s+', '', t)
        if t == 'double':
            return ('double', None, dims)
        if t in ('int',):
            return ('int', None, dims)
        if t in ('unsigned int', 'unsigned'):
            return ('uint', None, dims)
        if t in ('size_t', 'unsigned long'):
            return ('size', None, dims)
        if t == 'long':
            return ('long', None, dims)
        if t == 'int64_t':
            return ('int64', None, dims)
        if t == 'void':
            return ('void', None, dims)
        if t in self.enum_names:
            return ('enum', t, dims)
        if t in self.struct_names:
            return ('struct', t, dims)
        if t in self.typedefs:
            k, b, d = self.classify(self.typedefs[t])
            return (k, b, d + dims)
        fail('unsupported C type %r' % ctype)


# ----------------------------------------------------------------------------------------------- param roles

def is_nullable(name, doc):
    if name == 'bad_field':
        return True
    if 'not NULL' in doc:
        return False
    return bool(re.search(r'may be NULL|\boptional\b|\bor NULL\b|^\s*NULL\b', doc))


def is_array(name, doc, ptr_kind):
    if re.search(r'\bentries\b|\bdoubles\b|\bthree\b|\bcount\b', doc):
        return True
    return name == 'state' and ptr_kind == 'double'


def param_roles(api, fname, ret, params):
    """Per parameter: dict(name, ctype, cls, nullable, array, output). Outputs (for the Python wrappers): of a
    function returning demc_status, the trailing non-const scalar pointers before bad_field."""
    roles = []
    for name, ctype, doc in params:
        cls = api.classify(ctype)
        r = {'name': name, 'ctype': ctype, 'cls': cls, 'nullable': False, 'array': False, 'output': False,
             'const': False}
        if cls[0] == 'pointer':
            const, pointee = cls[1]
            r['const'] = const
            r['nullable'] = is_nullable(name, doc)
            r['array'] = is_array(name, doc, pointee[0])
        elif cls[0] == 'strptr':
            r['nullable'] = is_nullable(name, doc)
        elif cls[0] == 'string':
            fail('%s(%s): const char * parameters are not supported' % (fname, name))
        roles.append(r)
    if ret == 'demc_status':
        k = len(roles) - 1
        if k >= 0 and roles[k]['name'] == 'bad_field':
            k -= 1
        while k >= 0 and roles[k]['cls'][0] == 'pointer' and not roles[k]['const'] and not roles[k]['array']:
            roles[k]['output'] = True
            k -= 1
    return roles


# ----------------------------------------------------------------------------------------------------- Fortran

F_SCALAR = {'double': 'real(c_double)', 'int': 'integer(c_int)', 'uint': 'integer(c_int)',
            'size': 'integer(c_size_t)', 'long': 'integer(c_long)', 'int64': 'integer(c_int64_t)',
            'enum': 'integer(c_int)'}


def f_type(api, cls):
    kind, base, _ = cls
    if kind in F_SCALAR:
        return F_SCALAR[kind]
    if kind == 'struct':
        return 'type(%s)' % base
    if kind in ('pointer', 'string', 'strptr'):
        return 'type(c_ptr)'
    fail('no Fortran type for %r' % (cls,))


def f_default(cls):
    """Default initialisation of a component: zero, or a null pointer, as C's {0} initialisers give (a nested
    type is initialised by its own components). A Fortran host then declares a struct with every field at its
    default, the fields appended in later releases included, and sets `size` and the fields it uses."""
    kind = cls[0]
    if kind == 'double':
        return ' = 0.0_c_double'
    if kind in F_SCALAR:
        return ' = 0'
    if kind in ('pointer', 'string', 'strptr'):
        return ' = c_null_ptr'
    return ''


def f_dims(dims):
    # C row-major a[n][m] is Fortran a(m, n): the same memory, the indices reversed.
    return '(%s)' % ', '.join(str(d) for d in reversed(dims)) if dims else ''


def f_wrap(line, indent):
    """Free-form lines at most 132 characters, continued with & after a comma."""
    out = []
    while len(line) > 110:
        cut = line.rfind(', ', 0, 108)
        if cut < 0:
            break
        out.append(line[:cut + 1] + ' &')
        line = ' ' * (indent + 4) + line[cut + 2:]
    out.append(line)
    return out


def f_const_names(api):
    """C constant name -> Fortran name: the C name, with _C appended when it equals (Fortran ignores case) the
    name of an exported function (DEMC_VERSION_STRING and demc_version_string())."""
    funcs = set(f.lower() for f, _, _ in api.functions)
    out = {}
    for n in [m[0] for m in api.macros] + [e for _, vs in api.enums for e, _ in vs]:
        out[n] = n + '_C' if n.lower() in funcs else n
    return out


def f_real_literal(value):
    v = value.lower()
    if 'e' not in v and '.' not in v:
        v += '.0'
    return v + '_c_double'


def gen_fortran(api):
    L = []
    w = L.append
    w('! Generated by tools/gen_faces.py from the C headers of libdemc (make faces); do not edit.')
    w('!')
    w('! module demc: the Fortran face of libdemc (Fortran 2003 iso_c_binding, with Fortran 2018 optional')
    w('! arguments for the pointers C accepts as NULL). Compile this file with your program and link -ldemc:')
    w('!     gfortran -c $(pkg-config --variable=includedir demc)/demc.f90')
    w('!     gfortran prog.f90 demc.o $(pkg-config --libs demc)')
    w('! Every C struct of the public headers is an interoperable derived type of the same name and layout (C')
    w('! arrays a[n][m] appear as a(m, n)); every enumerator and numeric macro is a named constant; every exported')
    w('! function has a bind(C) interface of the same name. Pointers C reads as arrays are assumed-size dummies;')
    w('! pointers C accepts as NULL (bad_field, diag, optional energies, a rigid wall) are optional arguments;')
    w('! pointer fields (demc_contact_batch) are type(c_ptr): set them with c_loc of a target array.')
    w('! Every component is default-initialised to zero (pointers to c_null_ptr), as C\'s zero initialisers: a')
    w('! declared demc_contact_batch or demc_contact_diag needs only its size (c_sizeof) and the fields used, and')
    w('! fields appended in later releases keep their defaults in a program written before them.')
    w('! bad_field and the const char * results are C strings: demc_string() turns one into a Fortran string.')
    w('module demc')
    w('    use, intrinsic :: iso_c_binding')
    w('    implicit none')
    w('')
    w('    ! Numeric macros of the headers (with _C appended when a function has the same name).')
    fn = f_const_names(api)
    for cname, kind, value in api.macros:
        name = fn[cname]
        if kind == 'int':
            w('    integer(c_int), parameter :: %s = %d' % (name, value))
        elif kind == 'double':
            w('    real(c_double), parameter :: %s = %s' % (name, f_real_literal(value)))
        else:
            w("    character(len=*), parameter :: %s = '%s'" % (name, value))
    for ename, values in api.enums:
        w('')
        w('    ! enum %s' % (ename or '(anonymous)'))
        for n, v in values:
            w('    integer(c_int), parameter :: %s = %d' % (fn[n], v))
    for sname, fields in api.structs:
        w('')
        w('    type, bind(C) :: %s' % sname)
        for fname, ctype in fields:
            cls = api.classify(ctype)
            w('        %s :: %s%s%s' % (f_type(api, cls), fname, f_dims(cls[2]), f_default(cls)))
        w('    end type %s' % sname)
    w('')
    w('    interface')
    for fname, ret, params in api.functions:
        roles = param_roles(api, fname, ret, params)
        names = ', '.join(r['name'] for r in roles)
        rcls = api.classify(ret)
        if rcls[0] == 'void':
            head, end = 'subroutine', 'end subroutine'
        else:
            head, end = 'function', 'end function'
        L.extend(f_wrap('        %s %s(%s) bind(C, name="%s")' % (head, fname, names, fname), 8))
        uses = set()
        decls = []
        for r in roles:
            kind, base, dims = r['cls']
            if kind == 'pointer':
                const, (pk, pb, pd) = base
                t = f_type(api, (pk, pb, pd))
                attrs = [t]
                if r['name'] == 'bad_field':
                    pass
                if const:
                    attrs.append('intent(in)')
                if r['nullable']:
                    attrs.append('optional')
                decls.append('%s :: %s%s' % (', '.join(attrs), r['name'], '(*)' if r['array'] else ''))
                if pk == 'struct':
                    uses.add(pb)
            elif kind == 'strptr':
                # const char **bad_field: a pointer to a C string pointer, written by the callee.
                attrs = ['type(c_ptr)', 'intent(out)']
                if r['nullable']:
                    attrs.append('optional')
                decls.append('%s :: %s' % (', '.join(attrs), r['name']))
            else:
                decls.append('%s, value :: %s%s' % (f_type(api, r['cls']), r['name'], f_dims(dims)))
                if kind == 'struct':
                    uses.add(base)
        if rcls[0] == 'struct':
            uses.add(rcls[1])
        L.extend(f_wrap('            import :: %s' % ', '.join(['c_int', 'c_double', 'c_size_t', 'c_long', 'c_int64_t', 'c_ptr'] +
                                                           sorted(uses)), 12))
        for d in decls:
            L.extend(f_wrap('            ' + d, 12))
        if rcls[0] == 'string':
            w('            type(c_ptr) :: %s' % fname)
        elif rcls[0] != 'void':
            w('            %s :: %s' % (f_type(api, rcls), fname))
        w('        %s %s' % (end, fname))
    w('    end interface')
    w('')
    w('contains')
    w('')
    w('    !> The Fortran string of a C string (bad_field, demc_status_str(), demc_version_string()); \'\' for NULL.')
    w('    function demc_string(p) result(s)')
    w('        type(c_ptr), intent(in) :: p')
    w('        character(len=:), allocatable :: s')
    w('        character(kind=c_char), pointer :: chars(:)')
    w('        integer :: k, n')
    w('        if (.not. c_associated(p)) then')
    w("            s = ''")
    w('            return')
    w('        end if')
    w('        call c_f_pointer(p, chars, [4096])')
    w('        n = 0')
    w('        do while (n < 4096)')
    w('            if (chars(n + 1) == c_null_char) exit')
    w('            n = n + 1')
    w('        end do')
    w('        allocate(character(len=n) :: s)')
    w('        do k = 1, n')
    w('            s(k:k) = chars(k)')
    w('        end do')
    w('    end function demc_string')
    w('end module demc')
    check_fortran_names(api)
    return '\n'.join(L) + '\n'


def check_fortran_names(api):
    seen = {}
    names = list(f_const_names(api).values()) + \
            [s for s, _ in api.structs] + [f for f, _, _ in api.functions] + ['demc_string']
    for n in names:
        if len(n) > 63:
            fail('%s: longer than the 63 characters of a Fortran name' % n)
        low = n.lower()
        if low in seen and seen[low] != n:
            fail('%s and %s are the same Fortran name' % (seen[low], n))
        seen[low] = n
    for s, fields in api.structs:
        lows = [f.lower() for f, _ in fields]
        if len(set(lows)) != len(lows):
            fail('%s: two fields differ only by case' % s)


def gen_fortran_layout(api):
    L = []
    w = L.append
    w('! Generated by tools/gen_faces.py (make faces); do not edit. The Fortran side of the layout check: prints')
    w('! what module demc believes of every type and constant, in the format of the C probe.')
    w('module demc_layout')
    w('    use, intrinsic :: iso_c_binding')
    w('    use demc')
    w('    implicit none')
    w('contains')
    w('    subroutine demc_layout_print(u)')
    w('        integer, intent(in) :: u')
    for sname, _ in api.structs:
        w('        type(%s), target :: v_%s' % (sname, sname))
    w('        integer(c_intptr_t) :: b')
    fn = f_const_names(api)
    for name, kind, value in api.macros:
        if kind == 'int':
            line = "        write (u, '(a,1x,a,1x,i0)') 'value', '%s', %s" % (name, fn[name])
        elif kind == 'double':
            line = "        write (u, '(a,1x,a,1x,i0)') 'bits', '%s', transfer(%s, 0_c_int64_t)" % (name, fn[name])
        else:
            line = "        write (u, '(a,1x,a,1x,a)') 'string', '%s', %s" % (name, fn[name])
        L.extend(f_wrap(line, 8))
    for _, values in api.enums:
        for n, _ in values:
            L.extend(f_wrap("        write (u, '(a,1x,a,1x,i0)') 'value', '%s', %s" % (n, fn[n]), 8))
    for sname, fields in api.structs:
        v = 'v_' + sname
        w('        b = transfer(c_loc(%s), b)' % v)
        L.extend(f_wrap("        write (u, '(a,1x,a,1x,i0)') 'size', '%s', c_sizeof(%s)" % (sname, v), 8))
        for fname, _ in fields:
            L.extend(f_wrap("        write (u, '(a,1x,a,2(1x,i0))') 'field', '%s.%s', "
                            "transfer(c_loc(%s%%%s), b) - b, c_sizeof(%s%%%s)" % (sname, fname, v, fname, v, fname),
                            8))
    w('    end subroutine demc_layout_print')
    w('end module demc_layout')
    return '\n'.join(L) + '\n'


def gen_probe(api):
    L = []
    w = L.append
    w('/* Generated by tools/gen_faces.py --probe: the C side of the layout check of the faces. */')
    w('#include <stddef.h>')
    w('#include <stdio.h>')
    w('#include <string.h>')
    w('#include <demc.h>')
    w('#include <demc/analysis.h>')
    w('static long long bits(double x) { long long b; memcpy(&b, &x, sizeof b); return b; }')
    w('int main(void)')
    w('{')
    for name, kind, value in api.macros:
        if kind == 'int':
            w('    printf("value %s %%lld\\n", (long long)(%s));' % (name, name))
        elif kind == 'double':
            w('    printf("bits %s %%lld\\n", bits(%s));' % (name, name))
        else:
            w('    printf("string %s %%s\\n", %s);' % (name, name))
    for _, values in api.enums:
        for n, _ in values:
            w('    printf("value %s %%lld\\n", (long long)(%s));' % (n, n))
    for sname, fields in api.structs:
        w('    printf("size %s %%zu\\n", sizeof(%s));' % (sname, sname))
        for fname, _ in fields:
            w('    printf("field %s.%s %%zu %%zu\\n", offsetof(%s, %s), sizeof(((%s *)0)->%s));'
              % (sname, fname, sname, fname, sname, fname))
    w('    return 0;')
    w('}')
    return '\n'.join(L) + '\n'


# ------------------------------------------------------------------------------------------------------ Python

PY_SCALAR = {'double': 'ctypes.c_double', 'int': 'ctypes.c_int', 'uint': 'ctypes.c_uint',
             'size': 'ctypes.c_size_t', 'long': 'ctypes.c_long', 'int64': 'ctypes.c_int64',
             'enum': 'ctypes.c_int'}


def py_short(name):
    return re.sub(r'^(demc_|DEMC_)', '', name)


def py_type(api, cls):
    kind, base, dims = cls
    if kind in PY_SCALAR:
        t = PY_SCALAR[kind]
    elif kind == 'struct':
        t = py_short(base)
    elif kind in ('pointer', 'string'):
        t = 'ctypes.c_void_p'
    elif kind == 'void':
        t = 'None'
    else:
        fail('no ctypes type for %r' % (cls,))
    for d in reversed(dims):
        t = '(%s * %d)' % (t, d)
    return t


def gen_python(api):
    L = []
    w = L.append
    w('# Generated by tools/gen_faces.py from the C headers of libdemc (make faces); do not edit.')
    w('"""The C declarations of libdemc as ctypes: structures, constants and prototypes (see demc/__init__.py)."""')
    w('import ctypes')
    w('')
    w('# Numeric macros and enumerators (the C names without their DEMC_ prefix).')
    w('CONSTANTS = {')
    for name, kind, value in api.macros:
        if kind == 'int':
            w('    %r: %d,' % (name, value))
        elif kind == 'double':
            w('    %r: %s,' % (name, repr(float(value))))
        else:
            w('    %r: %r,' % (name, value))
    for _, values in api.enums:
        for n, v in values:
            w('    %r: %d,' % (n, v))
    w('}')
    w('')
    w('# enum type (C name) -> its enumerators, in declaration order.')
    w('ENUMS = {')
    for ename, values in api.enums:
        if ename:
            w('    %r: (%s),' % (ename, ''.join('%r, ' % n for n, _ in values)))
    w('}')
    w('')
    L.extend(PY_STRUCT_BASES.strip('\n').split('\n'))
    for sname, fields in api.structs:
        w('')
        w('')
        w('class %s(%s):' % (py_short(sname), '_Vector' if is_py_vector(api, fields) else '_Struct'))
        w('    """%s"""' % py_struct_doc(api, sname, fields))
        w('    _c_name_ = %r' % sname)
        w('    _fields_ = [')
        for fname, ctype in fields:
            w('        (%r, %s),' % (fname, py_type(api, api.classify(ctype))))
        w('    ]')
    w('')
    w('')
    w('STRUCTS = {')
    for sname, _ in api.structs:
        w('    %r: %s,' % (sname, py_short(sname)))
    w('}')
    w('')
    w('# name -> (restype, ((param, argtype, role), ...)); role: "in", "out" (a trailing output the wrapper')
    w('# returns), "inout", "array_in", "array_inout", "null_*" (may be None), "bad_field".')
    w('FUNCTIONS = {')
    for fname, ret, params in api.functions:
        roles = param_roles(api, fname, ret, params)
        rcls = api.classify(ret)
        rt = 'ctypes.c_char_p' if rcls[0] == 'string' else py_type(api, rcls)
        items = []
        for r in roles:
            kind, base, dims = r['cls']
            if kind == 'strptr':
                items.append((r['name'], 'ctypes.POINTER(ctypes.c_char_p)', 'bad_field'))
                continue
            if kind == 'pointer':
                const, pointee = base
                at = 'ctypes.POINTER(%s)' % py_type(api, pointee)
                if r['output']:
                    role = 'out'
                elif r['array']:
                    role = 'array_in' if const else 'array_inout'
                else:
                    role = 'in' if const else 'inout'
                if r['nullable']:
                    role = 'null_' + role
                items.append((r['name'], at, role))
            else:
                items.append((r['name'], py_type(api, r['cls']), 'value'))
        w('    %r: (%s, (%s)),' % (fname, rt, ''.join('(%r, %s, %r), ' % it for it in items)))
    w('}')
    w('')
    w('# The functions that return a demc_status.')
    w('STATUS_FUNCTIONS = frozenset((')
    for fname, ret, _ in api.functions:
        if ret == 'demc_status':
            w('    %r,' % fname)
    w('))')
    w('')
    w('# name -> (brief, ((param, C type, text), ...), return text): the C documentation of each function (the')
    w('# Doxygen comments of the headers, C names spelled as the Python face spells them), for the docstrings.')
    w('DOCS = {')
    for fname, ret, params in api.functions:
        brief, pdocs, rdoc = api.docs[fname]
        if not brief:
            fail('%s: no @brief (or first paragraph) in its header comment' % fname)
        items = ''.join('(%r, %r, %r), ' % (n, re.sub(r'\s+', ' ', c), py_doc(pdocs.get(n, ''))) for n, c, _ in params)
        w('    %r: (%r, (%s), %r),' % (fname, py_doc(brief), items, py_doc(rdoc)))
    w('}')
    return '\n'.join(L) + '\n'


# The bases of the generated structures: a repr that shows the fields (nested structs and arrays too), and for
# the small vectors (demc_vec3, demc_quat: doubles only) a positional repr, sequence access and a numpy view.
PY_STRUCT_BASES = '''
def _field_repr(value, ctype):
    if isinstance(value, ctypes.Array):
        return '[%s]' % ', '.join(_field_repr(v, value._type_) for v in value)
    if ctype is ctypes.c_void_p:
        return 'None' if value is None else hex(value)
    return repr(value)


class _Struct(ctypes.Structure):
    """A C struct of libdemc: the fields of the C struct, same names and layout; repr shows them."""

    def __repr__(self):
        public = [(n, t) for n, t in self._fields_ if not n.endswith('_')]
        if not public:
            return '%s(<opaque, %d bytes>)' % (type(self).__name__, ctypes.sizeof(self))
        return '%s(%s)' % (type(self).__name__, ', '.join('%s=%s' % (n, _field_repr(getattr(self, n), t))
                                                           for n, t in public))


class _Vector(_Struct):
    """A small vector of doubles (demc.vec3, demc.quat): repr vec3(x, y, z); a sequence (len, iteration, v[k],
    tuple(v)); demc.as_numpy(v) is a float64 view of the struct's own memory (no copy)."""

    def __repr__(self):
        return '%s(%s)' % (type(self).__name__, ', '.join(repr(v) for v in self))

    def __len__(self):
        return len(self._fields_)

    def __iter__(self):
        return (getattr(self, n) for n, _ in self._fields_)

    def __getitem__(self, k):
        return tuple(self)[k]
'''


def py_doc(text):
    """C documentation as a Python reader takes it: NULL is None."""
    return re.sub(r'\bNULL\b', 'None', text)


def is_py_vector(api, fields):
    return 2 <= len(fields) <= 4 and all(api.classify(c) == ('double', None, []) and len(f) == 1 for f, c in fields)


def py_struct_doc(api, sname, fields):
    brief, fdocs, _ = api.docs.get(sname, ('', {}, ''))
    lines = ['C struct %s%s' % (sname, (': ' + brief) if brief else '.')]
    fl = ['    %s: %s' % (f, fdocs[f]) for f, _ in fields if fdocs.get(f)]
    if fl:
        lines += ['', 'Fields:'] + fl
    text = re.sub(r' +\n', '\n', '\n    '.join(lines))
    text = text.replace('\\', '\\\\').replace('"""', "'''")
    return text + ' ' if text.endswith('"') else text


# -------------------------------------------------------------------------------------------------------- main

def main(argv):
    clang = os.environ.get('CLANG', 'clang')
    out_dir, probe = TOP, None
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == '--clang':
            clang = args.pop(0)
        elif a == '--out-dir':
            out_dir = args.pop(0)
        elif a == '--probe':
            probe = args.pop(0)
        else:
            fail('unknown argument %s (usage: gen_faces.py [--clang CLANG] [--out-dir DIR] [--probe FILE])' % a)
    api = Api(clang_json(clang), clang_macros(clang), exported_names())
    outputs = {FORTRAN_OUT: gen_fortran(api), FLAYOUT_OUT: gen_fortran_layout(api), PYTHON_OUT: gen_python(api)}
    if probe:
        outputs = {probe: gen_probe(api)}
        out_dir = os.getcwd()
    for rel, text in outputs.items():
        path = os.path.join(out_dir, rel)
        os.makedirs(os.path.dirname(path) or '.', exist_ok=True)
        with open(path + '.new', 'w', encoding='utf-8') as f:
            f.write(text)
        os.replace(path + '.new', path)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
