#!/bin/sh
# Instructions per pair of each kernel of bench_contact, on both faces: callgrind counts only inside
# bench_timed_sweep() (the timed sweeps: the sweep loop, the kernel, the scatter into the body arrays, and for the
# linked face the library call), and the count is divided by the number of pairs those sweeps evaluated.
#
#   make bench            (or: make build/bench/linked_bench_contact build/bench/header_bench_contact)
#   sh bench/count_instructions.sh [case ...]      cases: cache (default), list90, random (slow under valgrind)
#
# Needs valgrind. The counts are deterministic (they do not depend on the load of the machine), which makes them
# the number to compare when the timings are noisy.
set -e
cd "$(dirname "$0")/.."
cases=${*:-cache}
kernels=${BENCH_KERNELS:-"hand dispatch demc-closest demc-default"}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
command -v valgrind >/dev/null || { echo "count_instructions.sh: valgrind not found" >&2; exit 1; }
printf '%-8s %-12s %-14s %12s\n' case face kernel 'Ir per pair'
for c in $cases; do
    for face in linked header; do
        bin=./build/bench/${face}_bench_contact
        [ -x "$bin" ] || { echo "count_instructions.sh: $bin missing (make bench first)" >&2; exit 1; }
        for k in $kernels; do
            BENCH_ONLY=$k BENCH_CASE=$c BENCH_REPS=2 valgrind --tool=callgrind --collect-atstart=no \
                --toggle-collect=bench_timed_sweep --callgrind-out-file="$out/cg" "$bin" >"$out/log" 2>/dev/null
            pairs=$(awk -v k="$k" '$1 == "timed-pairs" && $4 == k { print $5 }' "$out/log")
            ir=$(awk '$1 == "totals:" { print $2 }' "$out/cg")
            [ -n "$pairs" ] && [ -n "$ir" ] || { echo "count_instructions.sh: no count for $k ($face, $c)" >&2; exit 1; }
            # the warm-up sweep is not timed: the counted calls are the BENCH_REPS timed sweeps
            awk -v c="$c" -v f="$face" -v k="$k" -v ir="$ir" -v n="$pairs" 'BEGIN { printf "%-8s %-12s %-14s %12.1f\n", c, f, k, ir / n }'
        done
    done
done
