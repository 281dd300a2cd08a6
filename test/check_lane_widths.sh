#!/bin/sh
# The batch's SIMD lanes at every width this machine runs (impl/wide_impl.h: 1 plain doubles, 2 SSE2, 4 AVX, 8
# AVX-512F), each an instance of the one text of impl/contact_lanes_impl.h: test_contact_batch and test_contact_facet,
# header-only, built once per width with the width forced (DEMCI_WIDE_WIDTH) and the target that has it, must pass,
# i.e. the batch equal the single call bit for bit for every preset's kind and the lanes' convention sets, against
# spheres, a wall and facets. A width the CPU lacks
# (/proc/cpuinfo) is skipped and named. With Debian's AArch64 cross compiler and qemu-user (aarch64-linux-gnu-gcc,
# qemu-aarch64), the same tests also at width 2 with NEON (and 1), run under emulation: the NEON instance of the
# layer checked against the scalar body on the target it is for; with clang, widths 4 and 8 once more; on x86, width 2
# (a header-only unit's default there) once more at -O0, as a host's debug build compiles it. The digest
# test_contact_batch prints of its lanes' results must then be the same from every one of these builds.
# Usage: CC=cc sh test/check_lane_widths.sh [test ...]
set -u
CC=${CC:-cc}
# support TEST: the support units (test/support/*.c) whose headers TEST includes, directly or through other support
# headers (the two tests here include none: compiling them all took a third of each build)
support() {
    seen= todo="test/$1.c"
    while [ -n "$todo" ]; do
        set -- $todo
        f=$1; shift; todo=$*
        for h in $(sed -n 's/^#include "\(support\/\)\{0,1\}\([a-z_]*\.h\)".*/\2/p' "$f"); do
            [ -f "test/support/$h" ] || continue
            case " $seen " in *" $h "*) continue;; esac
            seen="$seen $h" todo="$todo test/support/$h"
        done
    done
    for h in $seen; do [ -f "test/support/${h%.h}.c" ] && echo "test/support/${h%.h}.c"; done
}
# one TEST WIDTH:TARGET: builds and runs one instance, its verdict in $dir/TEST-WIDTH.verdict (the line to print,
# then the tail of a failure). Built without forced inlining (DEMCI_UNFORCED_INLINE, as the sanitized tests): the
# same operations in the same order, so the same results bit for bit, in a fifth of the compile time.
one() {
    t=$1 width=${2%%:*} target=${2#*:}
    v="$dir/$t-$width.verdict"
    cc=$CC run=
    if [ "$target" = aarch64 ]; then # the cross compiler, its output run under qemu with the target's libraries
        cc=aarch64-linux-gnu-gcc run="qemu-aarch64 -L /usr/aarch64-linux-gnu" target= width=${width#neon}
        v="$dir/$t-neon$width.verdict"
    fi
    case $width in clang*) cc=clang width=${width#clang} v="$dir/$t-clang$width.verdict";; esac
    opt=-O2
    case $width in debug*) opt=-O0 width=${width#debug} v="$dir/$t-debug$width.verdict";; esac
    # -std=c99 with gcc: gcc's ISO C default is -ffp-contract=off (no fused multiply-adds in the scalar body
    # either); clang needs it said
    name="$t at width $width (${target:-$cc})"
    [ "$cc" = clang ] && name="$t at width $width (clang $target)"
    [ "$opt" = -O0 ] && name="$t at width $width ($target, -O0)"
    out="${v%.verdict}"
    if ! $cc -std=c99 $opt $target -Iinclude -Itest -DDEMC_HEADER_ONLY -DDEMCI_WIDE_WIDTH="$width" -dM -E "test/$t.c" |
         grep -q 'define DEMCI_BATCH_LANES 1'; then
        echo "$name: FAILED (the lanes are not compiled in)" >"$v"; return
    fi
    if $cc -std=c99 $opt -ffp-contract=off -fno-math-errno -Wall -Wextra -Werror $target -Iinclude -Itest \
           -DDEMC_HEADER_ONLY -DDEMCI_UNFORCED_INLINE -DDEMCI_WIDE_WIDTH="$width" \
           -DDEMC_TEST_FACE="\"header-only, width $width\"" "test/$t.c" $(support "$t") -lm -o "$out" \
           >"$out.out" 2>&1 && $run "$out" >"$out.out" 2>&1; then
        echo "$name: $(tail -1 "$out.out")" >"$v"
    else
        { echo "$name: FAILED"; tail -5 "$out.out"; } >"$v"
    fi
}
# --one TEST WIDTH:TARGET: one job of the pool below, in the directory of the run that started it
if [ "${1:-}" = --one ]; then dir=$DEMC_WIDTHS_DIR; one "$2" "$3"; exit 0; fi
tests=${*:-test_contact_batch test_contact_facet}
dir=$(mktemp -d "${TMPDIR:-/tmp}/demc-widths.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || echo)
has() { case " $flags " in *" $1 "*) return 0;; esac; return 1; }
arch=$($CC -dumpmachine 2>/dev/null)
widths="1:"
case "$arch" in
x86_64*|i?86*)
    # and once more without optimisation (debug2: as a host's debug build compiles the headers)
    widths="$widths 2:-msse2 debug2:-msse2"
    if has avx2; then widths="$widths 4:-mavx2"; else echo "width 4 skipped: no avx2 in /proc/cpuinfo"; fi
    if has avx512f; then widths="$widths 8:-mavx512f"; else echo "width 8 skipped: no avx512f in /proc/cpuinfo"; fi
    ;;
esac
# clang too, at the AVX widths: its default floating-point model may turn a quotient of a selected operand into a
# select of quotients, which raises the exception the selection was there to avoid (test_contact_facet checks)
if command -v clang >/dev/null 2>&1 && [ "$CC" != clang ]; then
    case " $widths " in *" 4:-mavx2 "*) widths="$widths clang4:-mavx2";; esac
    case " $widths " in *" 8:-mavx512f "*) widths="$widths clang8:-mavx512f";; esac
fi
if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 && command -v qemu-aarch64 >/dev/null 2>&1; then
    widths="$widths neon1:aarch64 neon2:aarch64"
else
    echo "AArch64 NEON skipped: no aarch64-linux-gnu-gcc and qemu-aarch64 (gcc-aarch64-linux-gnu, qemu-user)"
fi
# two jobs at a time (the machine's two cores), each started as soon as one ends, then the verdicts in order
for t in $tests; do for w in $widths; do echo "$t $w"; done; done |
    DEMC_WIDTHS_DIR=$dir xargs -n 2 -P 2 sh "$0" --one
failed=0
for t in $tests; do for w in $widths; do
    [ -f "$dir/$t-${w%%:*}.verdict" ] || { echo "$t at $w: FAILED (no verdict)"; failed=1; continue; }
    cat "$dir/$t-${w%%:*}.verdict"
    case $(head -n 1 "$dir/$t-${w%%:*}.verdict") in *": FAILED"*) failed=1;; esac
done; done
# The same bits wherever it runs: a test that prints a "lanes digest" (test_contact_batch: a digest of every result
# of its lanes' cases) must print the same one at every width, with every compiler and on both architectures.
for t in $tests; do
    seen= all=
    for w in $widths; do
        d=$(sed -n 's/^  lanes digest //p' "$dir/$t-${w%%:*}.out" 2>/dev/null)
        [ -n "$d" ] || continue
        all="$all ${w%%:*}=$d"
        case " $seen " in *" $d "*) ;; *) seen="$seen $d";; esac
    done
    [ -n "$all" ] || continue
    if [ "$(echo $seen | wc -w)" -eq 1 ]; then
        echo "$t: the same digest at every width and on every architecture run ($(echo $seen))"
    else
        echo "$t: FAILED: the digests differ:$all"
        failed=1
    fi
done
exit $failed
