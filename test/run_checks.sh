#!/bin/sh
# make check: the gates in order, stopping at the first that fails (unit tests on both faces, the unit tests under
# ASan+UBSan, a few seconds of each libFuzzer harness, consumer checks, the build lines of README and docs, demo,
# examples, demc inside LIGGGHTS and LAMMPS, the Fortran and Python faces, ABI gate, docs, docs rendering, citations). Every
# unit-test case and every gate counts as one test; the last line is the total. A check that could not run on this machine (CUDA without nvcc, fuzzing
# without clang's fuzzer runtime) is listed as skipped just before it.
# Usage: test/run_checks.sh [--unit-only] TEST_NAME...   (from the top of the tree, after `make all unit-tests`;
#        --unit-only: the unit tests alone, for `make test`; TEST_DIR: where the unit tests were built, the
#        configuration's directory of the Makefile, `$(make -s print-build-dir)/test`)
set -u
unit_only=no
[ "${1:-}" = "--unit-only" ] && { unit_only=yes; shift; }
passed=0
failed=0
DEMC_SKIPPED=$(mktemp) || exit 1
export DEMC_SKIPPED
finish() {
    if [ -s "$DEMC_SKIPPED" ]; then
        echo "skipped (not run on this machine, counted neither passed nor failed):"
        sed 's/^/  /' "$DEMC_SKIPPED"
    fi
    echo "tests: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit $?
}
gate() { # NAME COMMAND...: runs one gate command, counts it, stops everything when it fails
    name=$1; shift
    start=$(date +%s)
    if "$@"; then passed=$((passed + 1)); echo "gate $name: ok ($(($(date +%s) - start)) s)"
    else failed=$((failed + 1)); echo "gate $name: FAILED ($(($(date +%s) - start)) s)"; finish; fi
}

runs=$(mktemp -d) || exit 1
trap 'rm -f "$DEMC_SKIPPED"; rm -rf "$runs"' EXIT
run_to() { # NAME PROGRAM: runs PROGRAM, its output into $runs/NAME.out and its exit status into $runs/NAME.rc
    "$2" >"$runs/$1.out" 2>&1
    echo $? >"$runs/$1.rc"
}

echo "== unit tests, linked and header-only faces"
for t in "$@"; do
    # the two faces of a test at once (the machine's two cores), their outputs then in order
    run_to linked "${TEST_DIR:-build/test}/linked/$t" &
    run_to header "${TEST_DIR:-build/test}/header/$t"
    wait
    for face in linked header; do
        out=$(cat "$runs/$face.out"); rc=$(cat "$runs/$face.rc")
        printf '%s\n' "$out" | grep -v '^$'
        line=$(printf '%s\n' "$out" | grep -E '\]: [0-9]+ ok, [0-9]+ failing' | tail -n 1)
        ok=$(printf '%s' "$line" | sed -n 's/.*\]: \([0-9]*\) ok, \([0-9]*\) failing.*/\1/p')
        bad=$(printf '%s' "$line" | sed -n 's/.*\]: \([0-9]*\) ok, \([0-9]*\) failing.*/\2/p')
        if [ -z "$ok" ]; then ok=0; bad=1; echo "  $face/$t ended without a summary (exit $rc)"; fi
        if [ "$rc" -ne 0 ] && [ "$bad" -eq 0 ]; then bad=1; echo "  $face/$t exited $rc"; fi
        passed=$((passed + ok)); failed=$((failed + bad))
    done
done
[ "$failed" -eq 0 ] || finish
[ "$unit_only" = yes ] && finish

echo "== unit tests under ASan+UBSan (header-only face)"
san_failed=0
set -- "$@" "" # two tests at once, each pair's verdicts in order; "" pads an odd count
while [ $# -ge 2 ]; do
    run_to a ./build/test/sanitize/"$1" &
    [ -n "$2" ] && run_to b ./build/test/sanitize/"$2"
    wait
    for ab in a:"$1" b:"$2"; do
        t=${ab#?:}
        [ -n "$t" ] || continue
        out=$(cat "$runs/${ab%%:*}.out"); rc=$(cat "$runs/${ab%%:*}.rc")
        if [ "$rc" -ne 0 ] || printf '%s\n' "$out" | grep -q 'runtime error'; then
            san_failed=1; printf '%s\n' "$out" | grep -E 'FAIL|runtime error|ERROR|SUMMARY' | head -n 10
            echo "  sanitize/$t failed (exit $rc)"
        fi
    done
    shift 2
done
gate "unit tests under ASan+UBSan" test "$san_failed" -eq 0
gate "batch lanes at every width this CPU runs, bit for bit (test/check_lane_widths.sh)" \
    env CC="${CC:-cc}" sh test/check_lane_widths.sh

echo "== fuzzing (libFuzzer, ${FUZZ_CHECK_SECONDS:-3} s per module)"
probe=$(mktemp -d)
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$probe/p.c"
if "${FUZZ_CC:-clang}" -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" >/dev/null 2>&1; then
    rm -rf "$probe"
    gate "fuzz harnesses build" ${MAKE:-make} -s -j2 fuzz-build
    gate "fuzz (${FUZZ_CHECK_SECONDS:-3} s per module)" sh test/fuzz_run.sh "${FUZZ_CHECK_SECONDS:-3}" $FUZZERS
else
    rm -rf "$probe"
    echo "fuzzing: ${FUZZ_CC:-clang} has no libFuzzer runtime (Debian: clang libclang-rt-dev)" >>"$DEMC_SKIPPED"
fi

echo "== consumer checks"
gate consumers sh test/consumers.sh
gate "build lines of README and docs, as written (test/check_build_lines.sh)" sh test/check_build_lines.sh
gate "sized structs grow both ways (a next-minor library and headers, bit for bit)" sh test/compat_next_minor.sh
gate "demo (README's first command)" sh -c "${MAKE:-make} -s demo >/dev/null"
gate "examples of the documentation (host loop, first contact), both faces" ${MAKE:-make} -s examples
echo "== demc inside an MPI DEM engine (LIGGGHTS)"
if [ -e /usr/include/liggghts/pair_gran.h ] && command -v mpicxx >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1 &&
    command -v liggghts >/dev/null 2>&1; then
    gate "check-liggghts (demc's law in LIGGGHTS on 1 and 2 ranks)" ${MAKE:-make} -s check-liggghts
else
    echo "check-liggghts: LIGGGHTS or MPI not found (Debian: liggghts libliggghts-dev libopenmpi-dev openmpi-bin)" \
        >>"$DEMC_SKIPPED"
fi
echo "== demc inside LAMMPS (Debian's unmodified lmp)"
if [ -e /usr/include/lammps/pair.h ] && [ -e /usr/include/fmt/format.h ] && command -v lmp >/dev/null 2>&1 &&
    command -v mpicxx >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1; then
    gate "check-lammps (gran/demc in lmp and a host program against pair_style granular, 1 and 2 ranks)" \
        ${MAKE:-make} -s -j2 check-lammps
else
    echo "check-lammps: LAMMPS or MPI not found (Debian: lammps liblammps-dev libfmt-dev libopenmpi-dev openmpi-bin)" \
        >>"$DEMC_SKIPPED"
fi
echo "== Fortran and Python faces"
gate "faces generated from the current headers (make faces)" sh test/faces/run_faces.sh up-to-date
gate "Fortran face (gfortran): C results bit for bit, layouts equal C's" sh test/faces/run_faces.sh fortran
gate "Python face (ctypes): C results bit for bit, layouts equal C's" sh test/faces/run_faces.sh python
gate "pip install . into a fresh venv, offline; it finds a make install through pkg-config" sh test/check_pip_install.sh
${PYTHON:-python3} -c 'import numpy' 2>/dev/null ||
    echo "python face: the numpy cases (numpy not importable by ${PYTHON:-python3}; apt-get install python3-numpy)" \
        >>"$DEMC_SKIPPED"
echo "== ABI gate"
gate check-abi ${MAKE:-make} -s check-abi
gate "abi-gate-catches-each-kind-of-change" sh test/abi_gate_test.sh
echo "== documentation"
gate docs ${MAKE:-make} -s docs
gate "docs render offline (headless Chromium, MathJax)" sh test/check_docs_render.sh build/docs/html
gate "citations by key, no internal paths (installed headers, HTML)" sh test/check_citations.sh build/docs/html
finish
