#!/bin/sh
# The batch's SIMD lanes at every width this machine runs (impl/wide_impl.h: 1 plain doubles, 2 SSE2, 4 AVX, 8
# AVX-512F), each an instance of the one text of impl/contact_lanes_impl.h: test_contact_batch, header-only, built
# once per width with the width forced (DEMCI_WIDE_WIDTH) and the target that has it, must pass, i.e. the batch equal
# the single call bit for bit for every preset's kind and the lanes' convention sets. A width the CPU lacks
# (/proc/cpuinfo) is skipped and named. Usage: CC=cc sh test/check_lane_widths.sh [test name ...]
set -u
CC=${CC:-cc}
tests=${*:-test_contact_batch}
dir=$(mktemp -d "${TMPDIR:-/tmp}/demc-widths.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || echo)
has() { case " $flags " in *" $1 "*) return 0;; esac; return 1; }
arch=$($CC -dumpmachine 2>/dev/null)
widths="1:"
case "$arch" in
x86_64*|i?86*)
    widths="$widths 2:-msse2"
    if has avx2; then widths="$widths 4:-mavx2"; else echo "width 4 skipped: no avx2 in /proc/cpuinfo"; fi
    if has avx512f; then widths="$widths 8:-mavx512f"; else echo "width 8 skipped: no avx512f in /proc/cpuinfo"; fi
    ;;
esac
failed=0
for t in $tests; do
    for w in $widths; do
        width=${w%%:*} target=${w#*:}
        # -std=c99 with gcc: gcc's ISO C default is -ffp-contract=off (no fused multiply-adds in the scalar body
        # either); clang needs it said
        if ! $CC -std=c99 $target -Iinclude -Itest -DDEMC_HEADER_ONLY -DDEMCI_WIDE_WIDTH="$width" -dM -E "test/$t.c" |
             grep -q 'define DEMCI_BATCH_LANES 1'; then
            echo "$t at width $width ($target): FAILED (the lanes are not compiled in)"; failed=1; continue
        fi
        if $CC -std=c99 -O2 -ffp-contract=off -fno-math-errno -Wall -Wextra -Werror $target -Iinclude -Itest \
               -DDEMC_HEADER_ONLY -DDEMCI_WIDE_WIDTH="$width" -DDEMC_TEST_FACE="\"header-only, width $width\"" \
               "test/$t.c" test/support/*.c -lm -o "$dir/$t-$width" && "$dir/$t-$width" >"$dir/out" 2>&1; then
            echo "$t at width $width ($target): $(tail -1 "$dir/out")"
        else
            echo "$t at width $width ($target): FAILED"; cat "$dir/out" 2>/dev/null | tail -5
            failed=1
        fi
    done
done
exit $failed
