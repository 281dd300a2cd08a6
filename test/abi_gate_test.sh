#!/bin/sh
# A test of the ABI gate itself: in scratch copies of the tree, each kind of change that breaks compiled clients
# must make `make check-abi` fail, and through the check meant to catch it. (The unchanged tree passing is the
# gate that runs before this one.) The kinds:
#   1. a field added to a public struct (demc_vec3)                          -> abidiff
#   2. an enumerator's value changed (DEMC_SLIDING_PAPER 1 -> 2)             -> public constants
#   3. an enumerator's value changed in an enum no function takes by value
#      (DEMC_SLIDING_OUTCOME: a struct field; DEMC_TIMESTEP_BOUND_ENERGY)    -> public constants
#   4. a numeric macro changed (DEMC_SLIDING_HYSTERESIS_STATE_SIZE 8 -> 9)   -> public constants
#   5. a public constant removed (DEMC_TIMESTEP_BOUND_MAX_ renamed)         -> public constants
#   6. an import from a newer glibc (hypot, GLIBC_2.35)                      -> glibc versions
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0
# case NAME FILE SED-EXPRESSION EXPECTED-GREP: applies the edit to a fresh copy, expects check-abi to fail with it
case_() {
    name=$1 file=$2 edit=$3 expect=$4
    rm -rf "$tmp/tree" && mkdir "$tmp/tree"
    tar cf - Makefile include src lib/libdemc.map lib/libdemc.abi.xml lib/libdemc.constants test |
        (cd "$tmp/tree" && tar xf -)
    cp "$tmp/tree/$file" "$tmp/orig"
    sed -i "$edit" "$tmp/tree/$file"
    if cmp -s "$tmp/orig" "$tmp/tree/$file"; then
        echo "abi-gate-test: $name: the edit did not apply to $file"; failures=$((failures + 1)); return
    fi
    if (cd "$tmp/tree" && ${MAKE:-make} -s -j2 check-abi >"$tmp/log" 2>&1); then
        echo "abi-gate-test: $name: check-abi PASSED; the gate is broken"; cat "$tmp/log"; failures=$((failures + 1))
    elif ! grep -q "$expect" "$tmp/log"; then
        echo "abi-gate-test: $name: check-abi failed, but not with '$expect':"; cat "$tmp/log"
        failures=$((failures + 1))
    else
        echo "abi-gate-test: $name fails check-abi ($expect)"
    fi
}
case_ "a field added to demc_vec3" include/demc/base.h \
    's/^    double z; \(.*\)$/    double z; \1\n    double w_added_by_the_gate_test;/' "abidiff exit"
case_ "DEMC_SLIDING_PAPER 1 -> 2" include/demc/sliding.h \
    's/DEMC_SLIDING_PAPER = 1,/DEMC_SLIDING_PAPER = 2,/' "public constants differ"
case_ "DEMC_SLIDING_STOPS 1 -> 3 (a struct field's enum)" include/demc/sliding.h \
    's/DEMC_SLIDING_STOPS = 1,/DEMC_SLIDING_STOPS = 3,/' "public constants differ"
case_ "DEMC_TIMESTEP_BOUND_ENERGY 3 -> 4" include/demc/timestep.h \
    's/DEMC_TIMESTEP_BOUND_ENERGY = 3,/DEMC_TIMESTEP_BOUND_ENERGY = 4,/' "public constants differ"
case_ "DEMC_SLIDING_HYSTERESIS_STATE_SIZE 8 -> 9" include/demc/sliding.h \
    's/^#define DEMC_SLIDING_HYSTERESIS_STATE_SIZE 8$/#define DEMC_SLIDING_HYSTERESIS_STATE_SIZE 9/' "public constants differ"
case_ "DEMC_TIMESTEP_BOUND_MAX_ renamed" include/demc/timestep.h \
    's/DEMC_TIMESTEP_BOUND_MAX_ =/DEMC_TIMESTEP_BOUND_LAST_ =/' "public constants differ"
case_ "an import of hypot (GLIBC_2.35)" include/demc/impl/timestep_impl.h \
    's/(zeta < 1e150 ? sqrt(1.0 + zeta \* zeta) : zeta)/hypot(1.0, zeta)/' "newer than 2.29"
[ $failures -eq 0 ]
