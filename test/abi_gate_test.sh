#!/bin/sh
# A test of the ABI gate itself: in a scratch copy of the tree, a field added to the public struct demc_vec3 must
# make `make check-abi` fail. (The unchanged tree passing is the gate that runs before this one.)
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
tar cf - Makefile include src lib/libdemc.map lib/libdemc.abi.xml test | (cd "$tmp" && tar xf -)
sed -i 's/^    double z; \(.*\)$/    double z; \1\n    double w_added_by_the_gate_test;/' "$tmp/include/demc/base.h"
if ! grep -q w_added_by_the_gate_test "$tmp/include/demc/base.h"; then
    echo "abi-gate-test: could not add a field to demc_vec3 in the scratch copy"; exit 1
fi
if (cd "$tmp" && ${MAKE:-make} -s check-abi >"$tmp/log" 2>&1); then
    echo "abi-gate-test: check-abi PASSED on a changed struct; the gate is broken"; cat "$tmp/log"; exit 1
fi
if ! grep -q "abidiff exit" "$tmp/log"; then
    echo "abi-gate-test: check-abi failed, but not through abidiff:"; cat "$tmp/log"; exit 1
fi
echo "abi-gate-test: a field added to demc_vec3 fails check-abi ($(grep -o 'abidiff exit [0-9]*' "$tmp/log"))"
