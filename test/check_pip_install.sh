#!/bin/sh
# Python packaging gate (make check): demc installed into a scratch prefix (`make install`), then `pip install .`
# into a fresh venv, offline (--no-index: the build backend is in the tree, standard library only), and the venv's
# python, with the prefix's pkgconfig on PKG_CONFIG_PATH and no PYTHONPATH, evaluates a contact and a batch; then
# docs/examples/batch.py (numpy) in a second fresh venv that sees Debian's numpy.
# Usage: test/check_pip_install.sh   (from the top of the tree, after `make all`; PYTHON, MAKE)
set -u
py=${PYTHON:-python3}
top=$(pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
${MAKE:-make} -s install PREFIX="$tmp/prefix" LDCONFIG=: >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; exit 1; }
"$py" -m venv "$tmp/venv" >"$tmp/venv.log" 2>&1 || { cat "$tmp/venv.log"; echo "pip-install: $py -m venv failed (Debian: python3-venv)"; exit 1; }
"$tmp/venv/bin/python" -m pip install --no-index --no-cache-dir --disable-pip-version-check -q . >"$tmp/pip.log" 2>&1 ||
    { cat "$tmp/pip.log"; echo "pip-install: pip install . failed"; exit 1; }
cd "$tmp" || exit 1
env -u PYTHONPATH -u DEMC_LIBRARY PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig" "$tmp/venv/bin/python" - <<'PY' || exit 1
import array, ctypes, os, sys, demc
assert os.path.realpath(demc.__file__).startswith(os.path.realpath(sys.prefix)), demc.__file__
assert demc.library_path().endswith('/prefix/lib/libdemc.so.%d' % demc.VERSION_MAJOR), demc.library_path()
glass = demc.material_make(63e9, 0.23, 2500.0)
d = demc.contact_def_default()
d.moduli = demc.material_moduli_init(glass, glass, demc.SHEAR_MINDLIN)
model = demc.contact_model_init(d)
n = 2
x = array.array('d', [0.0, 0.0, 0.0, 1.999e-3, 0.0, 0.0]); v = array.array('d', [0.1, 0, 0, -0.1, 0, 0])
w = array.array('d', [0.0] * 6); radius = array.array('d', [1e-3] * n); mass = array.array('d', [1.05e-5] * n)
i = array.array('i', [0]); j = array.array('i', [1])
states = array.array('d', [0.0] * demc.CONTACT_STATE_MAX); f = array.array('d', [0.0] * 3)
demc.contact_eval_batch(model, demc.contact_batch_arrays(model, i, j, x, v, w, radius, mass, states, force=f), 1e-8)
assert f[0] < 0.0, list(f)
print('pip-install: demc %s from %s, batch force %.4g N' % (demc.VERSION_NUMBER, demc.library_path(), f[0]))
PY
# The numpy batch in a fresh venv: numpy comes from Debian (python3-numpy, offline), seen through
# --system-site-packages by a venv of the system python; docs/examples/batch.py runs there against the prefix.
if [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
    /usr/bin/python3 -m venv --system-site-packages "$tmp/npvenv" >"$tmp/venv.log" 2>&1 ||
        { cat "$tmp/venv.log"; echo "pip-install: /usr/bin/python3 -m venv failed"; exit 1; }
    "$tmp/npvenv/bin/python" -m pip install --no-index --no-cache-dir --disable-pip-version-check -q "$top" \
        >"$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; echo "pip-install: pip install . (numpy venv) failed"; exit 1; }
    env -u PYTHONPATH -u DEMC_LIBRARY PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig" "$tmp/npvenv/bin/python" \
        "$top/docs/examples/batch.py" >"$tmp/batch.log" 2>&1 ||
        { cat "$tmp/batch.log"; echo "pip-install: docs/examples/batch.py failed in the numpy venv"; exit 1; }
    echo "pip-install: docs/examples/batch.py in a fresh venv with Debian's numpy: $(tail -n 1 "$tmp/batch.log")"
else
    echo "pip-install: the numpy batch in a venv (no numpy for /usr/bin/python3; apt-get install python3-numpy)" \
        >>"${DEMC_SKIPPED:-/dev/null}"
fi
