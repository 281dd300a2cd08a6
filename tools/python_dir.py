#!/usr/bin/env python3
"""Where `make install` puts the Python package demc (the default of PYTHONDIR), for the python that runs this.

Usage: python3 tools/python_dir.py PREFIX          prints the directory
       python3 tools/python_dir.py --note DIR      prints a line saying how to import demc from DIR when this
                                                   python does not search DIR (nothing when it does)

The directory: the first of this python's own package directories (site.getsitepackages(), then the sys.path
entries named site-packages or dist-packages, the user site among them) that lies under PREFIX/lib*. So with Debian's
/usr/bin/python3 the default prefix /usr/local gives /usr/local/lib/python3.X/dist-packages, /usr gives
/usr/lib/python3/dist-packages, a venv's own prefix its site-packages, ~/.local the user site: `import demc`
works there with no PYTHONPATH. A prefix this python does not search gives the directory its installation scheme
names for that prefix, PREFIX/lib/python3.X/site-packages (where `pip install --prefix PREFIX` puts packages),
which then needs PYTHONPATH. Standard library only.
"""
import os
import site
import sys
import sysconfig


def searched():
    dirs = list(site.getsitepackages()) if hasattr(site, 'getsitepackages') else []
    dirs += [p for p in sys.path if os.path.basename(p.rstrip('/')) in ('site-packages', 'dist-packages')]
    return [os.path.normpath(d) for d in dirs if d]


def under(path, prefix):
    """path is PREFIX/lib.../: a package directory of this prefix (/usr/local/lib/... is not one of /usr's)."""
    rel = os.path.relpath(path, prefix)
    return not rel.startswith('..') and rel.split(os.sep)[0].startswith('lib')


def python_dir(prefix):
    prefix = os.path.normpath(os.path.abspath(prefix))
    for d in searched():
        if under(d, prefix):
            return d
    # posix_prefix named explicitly: Debian's default scheme (posix_local) inserts /local after the base.
    scheme = 'posix_prefix' if 'posix_prefix' in sysconfig.get_scheme_names() else None
    kwargs = {'scheme': scheme} if scheme else {}
    return os.path.normpath(sysconfig.get_path('purelib', vars={'base': prefix, 'platbase': prefix}, **kwargs))


def main(argv):
    if len(argv) == 2 and argv[0] == '--note':
        d = os.path.normpath(os.path.abspath(argv[1]))
        if d not in searched() and d not in [os.path.normpath(p) for p in sys.path if p]:
            print('install: the Python package demc is in %s, which %s does not search: import it with '
                  'PYTHONPATH=%s (or install with PYTHONDIR= a directory on its sys.path)' % (d, sys.executable, d))
        return 0
    if len(argv) != 1:
        sys.stderr.write('usage: python_dir.py PREFIX | --note DIR\n')
        return 2
    print(python_dir(argv[0]))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
