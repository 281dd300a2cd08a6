#!/bin/sh
# The sized structs' growth in both directions (page "Extending within 1.x"): a "next minor" library is built from
# the same sources with a field appended to each sized struct (demc_contact_def, demc_contact_batch,
# demc_contact_diag), as a 1.x release would append one, and
#   1. a host built against these headers gives the same output, bit for bit, run against either library;
#   2. a host built against the next headers (its new fields zero) gives that same output against either library;
#   3. that host, with the new fields set, is refused by this library with DEMC_ERR_UNSUPPORTED and the field named.
# Usage: test/compat_next_minor.sh (from the top of the tree, after `make all`).
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
CC=${CC:-cc}
fail() { echo "compat-next-minor: $*"; exit 1; }
mkdir -p "$tmp/next/lib" "$tmp/next/obj" "$tmp/this/lib"
cp -r include "$tmp/next/include"
h="$tmp/next/include/demc/contact.h"
# the appended fields (after each struct's last field: the Coulomb load, the batch's frictional-heat switch of
# 1.1, the diag's twisting_exchange) and the initialisers' extra zeros
sed -i -e 's|^\(    demc_coulomb_load coulomb_load;\)$|\1\n    double next_minor_option; /* appended by the test */|' \
    -e 's|^\(    double twisting_exchange;\)$|\1\n    double next_minor_energy; /* appended by the test */|' \
    -e 's|^\(    int frictional_heat;\)$|\1\n    const double *next_minor_array; /* appended by the test */|' \
    -e 's|^\(#define DEMC_CONTACT_BATCH_INIT {sizeof(demc_contact_batch), .*\)}$|\1, 0}|' \
    -e 's|^\(    {sizeof(demc_contact_diag), .*\)}$|\1, 0.0}|' "$h"
for field in next_minor_option next_minor_energy next_minor_array; do
    grep -q "$field" "$h" || fail "the edit of contact.h did not append $field"
done
grep -q 'DEMC_CONTACT_BATCH_INIT {.*, 0, 0}$' "$h" || fail "the edit of DEMC_CONTACT_BATCH_INIT did not apply"
sed -i 's/^#define DEMC_VERSION_MINOR \([0-9]*\)/#define DEMC_VERSION_MINOR 99/' "$tmp/next/include/demc/base.h"
soname=$(ls lib/libdemc.so.[0-9]* 2>/dev/null | grep -E 'so\.[0-9]+$' | head -n 1)
[ -n "$soname" ] || fail "no lib/libdemc.so.MAJOR (run make all first)"
soname=$(basename "$soname")
# -O1, two at a time: the comparison is bit for bit across optimisation levels anyway (no contraction, SSE2
# doubles), and -O1 builds the contact module in a third of -O2's time.
export CC tmp
ls src/*.c | xargs -P 2 -I{} sh -c '$CC -std=c99 -O1 -fPIC -fvisibility=hidden -fno-math-errno -ffp-contract=off \
    -I"$tmp/next/include" -DDEMC_BUILDING_LIBRARY -c {} -o "$tmp/next/obj/$(basename {} .c).o"' ||
    fail "next library: compile"
$CC -shared -Wl,-soname,"$soname" -Wl,--version-script=lib/libdemc.map -o "$tmp/next/lib/$soname" \
    "$tmp"/next/obj/*.o -lm || fail "next library: link"
cp -L "lib/$soname" "$tmp/this/lib/$soname"
flags="-std=c99 -O2 -Wall -Wextra -ffp-contract=off"
$CC $flags -Iinclude test/compat/host.c -L"$tmp/this/lib" -l:"$soname" -lm -o "$tmp/host_this" ||
    fail "host against these headers"
$CC $flags -I"$tmp/next/include" test/compat/host.c -L"$tmp/next/lib" -l:"$soname" -lm -o "$tmp/host_next" ||
    fail "host against the next headers"
$CC $flags -I"$tmp/next/include" -DDEMC_COMPAT_SET_NEW test/compat/host.c -L"$tmp/next/lib" -l:"$soname" -lm \
    -o "$tmp/host_set" || fail "host setting the new fields"
run() { LD_LIBRARY_PATH="$tmp/$2/lib" "$tmp/$1" >"$tmp/out_$1_$2" 2>&1 || fail "$1 against the $2 library: $(tail -n 3 "$tmp/out_$1_$2")"; }
run host_this this
run host_this next
run host_next next
run host_next this
lines=$(wc -l <"$tmp/out_host_this_this")
[ "$lines" -gt 40 ] || fail "the host printed $lines lines"
for out in host_this_next host_next_next host_next_this; do
    cmp -s "$tmp/out_host_this_this" "$tmp/out_$out" || { diff "$tmp/out_host_this_this" "$tmp/out_$out" | head -n 5;
        fail "$out differs from this host against this library"; }
done
LD_LIBRARY_PATH="$tmp/this/lib" "$tmp/host_set" >"$tmp/out_set" 2>&1
unsupported=$(sed -n 's/^#define DEMC_ERR_UNSUPPORTED.*//p' /dev/null) # the status's value, from the program below
printf '#include "demc.h"\n#include <stdio.h>\nint main(void) { printf("%%d\\n", (int)DEMC_ERR_UNSUPPORTED); return 0; }\n' \
    >"$tmp/status.c"
$CC -Iinclude "$tmp/status.c" -o "$tmp/status" && unsupported=$("$tmp/status")
grep -q "^def with the new field set: status $unsupported, bad field def.size$" "$tmp/out_set" ||
    { cat "$tmp/out_set"; fail "a description with an unknown field set was not refused by name"; }
grep -q "^def with the new field zero: status 0$" "$tmp/out_set" ||
    { cat "$tmp/out_set"; fail "a description with the unknown field zero was refused"; }
grep -q "^batch with the new field set: status $unsupported, bad field batch.size$" "$tmp/out_set" ||
    { cat "$tmp/out_set"; fail "a batch with an unknown field set was not refused by name"; }
echo "compat-next-minor: $lines lines bit for bit across both libraries and both headers; new fields refused by name"
