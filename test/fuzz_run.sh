#!/bin/sh
# Runs the libFuzzer harnesses built in build/fuzz/ (make fuzz-build). Usage: test/fuzz_run.sh SECONDS FUZZER...
# Each runs for SECONDS on a corpus in build/fuzz/corpus/<module>, started from fuzz/seeds/<module>; a broken
# contract, a sanitizer report or a crash stops it, and the input that caused it is kept as
# build/fuzz/<module>-crash-<hash> (replay: build/fuzz/fuzz_<module> build/fuzz/<module>-crash-...).
set -u
seconds=$1; shift
status=0
for f in "$@"; do
    m=${f#fuzz_}
    mkdir -p build/fuzz/corpus/$m
    if ./build/fuzz/$f -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=0 \
        -artifact_prefix=build/fuzz/$m- build/fuzz/corpus/$m fuzz/seeds/$m >build/fuzz/$m.log 2>&1; then
        echo "  fuzz $m: $(grep -o 'Done [0-9]* runs' build/fuzz/$m.log | tail -n 1) in ${seconds} s, no finding"
    else
        echo "  fuzz $m: FAILED"; grep -E 'contract broken|ERROR|runtime error|SUMMARY|crash-' build/fuzz/$m.log | head -n 8
        status=1
    fi
done
exit $status
