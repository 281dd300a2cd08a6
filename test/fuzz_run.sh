#!/bin/sh
# Runs the libFuzzer harnesses built in build/fuzz/ (make fuzz-build). Usage: test/fuzz_run.sh SECONDS FUZZER...
# Each runs for SECONDS on a corpus in build/fuzz/corpus/<module>, started from fuzz/seeds/<module>; a broken
# contract, a sanitizer report or a crash stops it, and the input that caused it is kept as
# build/fuzz/<module>-crash-<hash> (replay: build/fuzz/fuzz_<module> build/fuzz/<module>-crash-...).
# A harness built with the batch's wider lanes (fuzz_<module>_w4, _w8: the Makefile's FUZZ_WIDE) starts from its
# module's seeds, and is skipped when the CPU lacks the width (avx2, avx512f in /proc/cpuinfo). FUZZ_JOBS harnesses
# run at a time (default: the number of cores); their verdicts are printed in the order given.
set -u
seconds=$1; shift
status=0
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || echo)
has() { case " $flags " in *" $1 "*) return 0;; esac; return 1; }
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
one() { # MODULE HARNESS: one harness's run, its verdict in build/fuzz/MODULE.verdict
    m=$1 f=$2
    seeds=fuzz/seeds/${m%_w[48]}
    mkdir -p build/fuzz/corpus/$m
    if ./build/fuzz/$f -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=0 \
        -artifact_prefix=build/fuzz/$m- build/fuzz/corpus/$m "$seeds" >build/fuzz/$m.log 2>&1; then
        echo "  fuzz $m: $(grep -o 'Done [0-9]* runs' build/fuzz/$m.log | tail -n 1) in ${seconds} s, no finding"
    else
        echo "  fuzz $m: FAILED"; grep -E 'contract broken|ERROR|runtime error|SUMMARY|crash-' build/fuzz/$m.log | head -n 8
    fi >build/fuzz/$m.verdict
}
# as many at a time as the machine has cores (each still fuzzes for SECONDS), then the verdicts in order
run=
running=0
for f in "$@"; do
    m=${f#fuzz_}
    case $m in
    *_w4) has avx2 || { echo "  fuzz $m: skipped (no avx2 in /proc/cpuinfo)"; continue; } ;;
    *_w8) has avx512f || { echo "  fuzz $m: skipped (no avx512f in /proc/cpuinfo)"; continue; } ;;
    esac
    rm -f build/fuzz/$m.verdict
    one "$m" "$f" &
    run="$run $m"
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait; running=0; fi
done
wait
for m in $run; do
    if [ -f build/fuzz/$m.verdict ]; then cat build/fuzz/$m.verdict; else echo "  fuzz $m: FAILED (no verdict)"; fi
    grep -q ': FAILED' build/fuzz/$m.verdict 2>/dev/null && status=1
done
exit $status
