"""The build backend of the Python package demc (pyproject.toml): standard library only, so that `pip install .`
works offline and needs nothing from a package index. It packs python/demc (pure Python: the package loads an
installed libdemc through ctypes, see demc.load) into a wheel, version taken from include/demc/base.h.
PEP 517 hooks: build_wheel, build_sdist, get_requires_for_build_wheel, get_requires_for_build_sdist."""
import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

_TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
_SUMMARY = 'Contact mechanics for the discrete element method: the Python face of libdemc (ctypes)'


def _version():
    with open(os.path.join(_TOP, 'include', 'demc', 'base.h')) as f:
        return re.search(r'#define DEMC_VERSION_STRING "([^"]+)"', f.read()).group(1)


def _metadata(version):
    return ('Metadata-Version: 2.1\nName: demc\nVersion: %s\nSummary: %s\nLicense: MIT\nRequires-Python: >=3.6\n'
            'Description-Content-Type: text/plain\n\n'
            'Needs libdemc installed (make install): found through DEMC_LIBRARY, pkg-config, or the dynamic linker.\n'
            % (version, _SUMMARY))


def _files():
    pkg = os.path.join(_TOP, 'python', 'demc')
    for name in sorted(os.listdir(pkg)):
        if name.endswith('.py'):
            with open(os.path.join(pkg, name), 'rb') as f:
                yield 'demc/' + name, f.read()


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    info = 'demc-%s.dist-info' % version
    entries = list(_files()) + [
        (info + '/METADATA', _metadata(version).encode()),
        (info + '/WHEEL', b'Wheel-Version: 1.0\nGenerator: demc_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n'),
    ]
    record = []
    for name, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()
        record.append('%s,sha256=%s,%d' % (name, digest, len(data)))
    record.append(info + '/RECORD,,')
    entries.append((info + '/RECORD', ('\n'.join(record) + '\n').encode()))
    wheel = 'demc-%s-py3-none-any.whl' % version
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), 'w', zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            z.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return wheel


def build_sdist(sdist_directory, config_settings=None):
    version = _version()
    base = 'demc-%s' % version
    name = base + '.tar.gz'
    with tarfile.open(os.path.join(sdist_directory, name), 'w:gz') as t:
        for rel in ('pyproject.toml', 'LICENSE', 'include/demc/base.h', 'tools/pybuild/demc_build.py'):
            t.add(os.path.join(_TOP, rel), base + '/' + rel)
        for rel, _ in _files():
            t.add(os.path.join(_TOP, 'python', rel), base + '/python/' + rel)
        data = _metadata(version).encode()
        ti = tarfile.TarInfo(base + '/PKG-INFO')
        ti.size = len(data)
        t.addfile(ti, io.BytesIO(data))
    return name
