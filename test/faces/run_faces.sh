#!/bin/sh
# The Fortran and Python faces (make check, after `make all`): three gates, each one line of the summary.
#   up-to-date  tools/gen_faces.py run again into build/faces/gen equals the committed fortran/demc.f90,
#               test/faces/demc_layout.f90 and python/demc/_api.py (a header changed without `make faces` fails);
#   fortran     gfortran builds module demc and test/faces/test_fortran.f90 against lib/libdemc.so; the program
#               reproduces test/faces/reference.c bit for bit, and its view of every type and constant equals the
#               C probe's (sizes, offsets, field sizes, enumerators, macros);
#   python      python3 -m unittest test/faces/test_python.py: the same against the probe and the reference, with
#               the numpy cases (and docs/examples/batch.py) run by a python that has numpy.
# Usage: test/faces/run_faces.sh up-to-date|fortran|python   (from the top of the tree; CC, FC, PYTHON, CLANG)
set -u
what=$1
CC=${CC:-cc}
FC=${FC:-gfortran}
PYTHON=${PYTHON:-python3}
CLANG=${CLANG:-clang}
top=$(pwd)
out=build/faces
mkdir -p "$out"

probe_and_reference() {
    "$PYTHON" tools/gen_faces.py --clang "$CLANG" --probe "$out/probe.c" || return 1
    $CC -std=c99 -Iinclude "$out/probe.c" -o "$out/probe" || return 1
    "$out/probe" >"$out/probe.txt" || return 1
    $CC -std=c99 -Wall -Wextra -Iinclude test/faces/reference.c -Llib -ldemc -Wl,-rpath,"$top/lib" -lm \
        -o "$out/reference" || return 1
    "$out/reference" >"$out/reference.txt"
}

case $what in
up-to-date)
    rm -rf "$out/gen"
    "$PYTHON" tools/gen_faces.py --clang "$CLANG" --out-dir "$out/gen" || exit 1
    st=0
    for f in fortran/demc.f90 test/faces/demc_layout.f90 python/demc/_api.py; do
        if ! cmp -s "$f" "$out/gen/$f"; then
            echo "  $f differs from what the headers generate (run make faces and commit):"
            diff -u "$f" "$out/gen/$f" | head -n 20 | sed 's/^/    /'
            st=1
        fi
    done
    exit $st
    ;;
fortran)
    probe_and_reference || exit 1
    mkdir -p "$out/fortran"
    FFLAGS="-std=f2018 -Wall -Wextra -Werror -O1 -J $out/fortran"
    # shellcheck disable=SC2086
    $FC $FFLAGS -c fortran/demc.f90 -o "$out/fortran/demc.o" &&
    $FC $FFLAGS -c test/faces/demc_layout.f90 -o "$out/fortran/demc_layout.o" &&
    $FC $FFLAGS test/faces/test_fortran.f90 "$out/fortran/demc_layout.o" "$out/fortran/demc.o" \
        -Llib -ldemc -Wl,-rpath,"$top/lib" -o "$out/fortran/test_fortran" || exit 1
    "$out/fortran/test_fortran" "$out/reference.txt" "$out/fortran/layout.txt" >"$out/fortran/test.log" 2>&1
    rc=$?
    sed 's/^/  /' "$out/fortran/test.log"
    [ "$rc" -eq 0 ] || exit 1
    if ! cmp -s "$out/probe.txt" "$out/fortran/layout.txt"; then
        echo "  module demc's types and constants differ from the C headers' (C probe < > Fortran):"
        diff "$out/probe.txt" "$out/fortran/layout.txt" | head -n 20 | sed 's/^/    /'
        exit 1
    fi
    echo "  fortran face: $(grep -c . "$out/probe.txt") layout lines equal to the C probe's"
    ;;
python)
    probe_and_reference || exit 1
    # The numpy cases and docs/examples/batch.py need numpy: with PYTHON when it has numpy, else with Debian's
    # /usr/bin/python3 when that has it (a pyenv or venv python3 first on PATH often has none), else skipped.
    nppy=
    if "$PYTHON" -c 'import numpy' 2>/dev/null; then
        nppy=$PYTHON
    elif [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
        nppy=/usr/bin/python3
        echo "  (numpy not importable by $PYTHON: its numpy cases are skipped there and run with $nppy)"
    else
        echo "  (numpy not importable by $PYTHON: the numpy cases and batch.py are skipped; apt-get install python3-numpy)"
    fi
    face() { # PYTHON ARGS...: python with the face under test
        (cd test/faces && PYTHONPATH="$top/python" DEMC_LIBRARY="$top/lib/libdemc.so" \
            DEMC_FACES_PROBE="$top/$out/probe.txt" DEMC_FACES_REFERENCE="$top/$out/reference.txt" "$@")
    }
    face "$PYTHON" -m unittest -v test_python >"$out/python.log" 2>&1
    rc=$?
    if [ -n "$nppy" ] && [ "$nppy" != "$PYTHON" ]; then
        echo "== the numpy cases with $nppy" >>"$out/python.log"
        face "$nppy" -m unittest -v test_python.Numpy >>"$out/python.log" 2>&1 || rc=1
    fi
    if [ -n "$nppy" ]; then
        echo "== docs/examples/batch.py with $nppy" >>"$out/python.log"
        face "$nppy" "$top/docs/examples/batch.py" >>"$out/python.log" 2>&1 || { rc=1; echo "  batch.py failed"; }
    fi
    sed 's/^/  /' "$out/python.log"
    exit $rc
    ;;
*)
    echo "usage: $0 up-to-date|fortran|python" >&2
    exit 2
    ;;
esac
