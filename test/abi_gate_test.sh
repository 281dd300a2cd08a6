#!/bin/sh
# A test of the ABI gate itself: in scratch copies of the tree, each kind of change that breaks compiled clients
# must make `make check-abi` fail, and through the check meant to catch it. (The unchanged tree passing is the
# gate that runs before this one.) The kinds:
#   1. a field added to a public struct (demc_vec3)                          -> abidiff
#      a field inserted into a sized struct before its end (demc_contact_def: the sized structs may grow, by
#      members appended at their end only, lib/libdemc.abignore)             -> abidiff
#   2. an enumerator's value changed (DEMC_CONTACT_POINT_HALF 1 -> 2)        -> public constants
#   3. an enumerator's value changed in an enum no function takes by value
#      (DEMC_FACET_REGION_EDGE_01: a struct field; DEMC_TIMESTEP_BOUND_ENERGY) -> public constants
#   4. a numeric macro changed (DEMC_TANGENTIAL_STATE_SIZE 9 -> 10)          -> public constants
#   5. a public constant removed (DEMC_TIMESTEP_BOUND_MAX_ renamed)         -> public constants
#   6. an import from a newer glibc (hypot, GLIBC_2.35)                      -> glibc versions
# and the converses: an addition the 1.x way (a function in a new version node, a new public constant) passes
# the gate, and so does a change confined to the analysis set (version node DEMC_ANALYSIS, outside the promise; a field
# added to demc_sliding_path, a function of it removed) passes the gate.
set -u
# The libraries of the scratch trees unoptimised and without forced inlining: the ABI (symbols, versions, DWARF
# types, constants) does not depend on it, and the nine builds take seconds instead of minutes.
quick="OPT=-g LIB_OPT=-O0 CPPFLAGS=-DDEMCI_UNFORCED_INLINE"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0
# case NAME FILE SED-EXPRESSION EXPECTED-GREP: applies the edit to a fresh copy, expects check-abi to fail with it
case_() {
    name=$1 file=$2 edit=$3 expect=$4
    rm -rf "$tmp/tree" && mkdir "$tmp/tree"
    tar cf - Makefile include src lib/libdemc.map lib/libdemc.abi.xml lib/libdemc.abignore lib/libdemc.constants test |
        (cd "$tmp/tree" && tar xf -)
    cp "$tmp/tree/$file" "$tmp/orig"
    sed -i "$edit" "$tmp/tree/$file"
    if cmp -s "$tmp/orig" "$tmp/tree/$file"; then
        echo "abi-gate-test: $name: the edit did not apply to $file"; failures=$((failures + 1)); return
    fi
    if (cd "$tmp/tree" && ${MAKE:-make} -s -j2 check-abi $quick >"$tmp/log" 2>&1); then
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
case_ "a field inserted before the end of demc_contact_def (a sized struct grows only at its end)" \
    include/demc/contact.h 's/^    demc_normal_law normal; \(.*\)$/    double inserted_by_the_gate_test;\n    demc_normal_law normal; \1/' \
    "abidiff exit"
case_ "DEMC_CONTACT_POINT_HALF 1 -> 2" include/demc/contact.h \
    's/DEMC_CONTACT_POINT_HALF = 1,/DEMC_CONTACT_POINT_HALF = 2,/' "public constants differ"
case_ "DEMC_FACET_REGION_EDGE_01 1 -> 7 (a struct field's enum)" include/demc/facet.h \
    's/DEMC_FACET_REGION_EDGE_01 = 1,/DEMC_FACET_REGION_EDGE_01 = 7,/' "public constants differ"
case_ "DEMC_TIMESTEP_BOUND_ENERGY 3 -> 4" include/demc/timestep.h \
    's/DEMC_TIMESTEP_BOUND_ENERGY = 3,/DEMC_TIMESTEP_BOUND_ENERGY = 4,/' "public constants differ"
case_ "DEMC_TANGENTIAL_STATE_SIZE 9 -> 10" include/demc/tangential.h \
    's/^#define DEMC_TANGENTIAL_STATE_SIZE 9$/#define DEMC_TANGENTIAL_STATE_SIZE 10/' "public constants differ"
case_ "DEMC_TIMESTEP_BOUND_MAX_ renamed" include/demc/timestep.h \
    's/DEMC_TIMESTEP_BOUND_MAX_ =/DEMC_TIMESTEP_BOUND_LAST_ =/' "public constants differ"
case_ "an import of hypot (GLIBC_2.35)" include/demc/impl/timestep_impl.h \
    's/(zeta < 1e150 ? sqrt(1.0 + zeta \* zeta) : zeta)/hypot(1.0, zeta)/' "newer than 2.29"

# A 1.x addition passes: a new function exported under a new node (DEMC_1.99, inheriting DEMC_1.0: a node name no
# release has used yet) and a new public macro.
rm -rf "$tmp/tree" && mkdir "$tmp/tree"
tar cf - Makefile include src lib/libdemc.map lib/libdemc.abi.xml lib/libdemc.abignore lib/libdemc.constants test |
    (cd "$tmp/tree" && tar xf -)
printf '\nDEMC_EXPORT int demc_added_by_the_gate_test(void);\nint demc_added_by_the_gate_test(void) { return 7; }\n' \
    >>"$tmp/tree/src/base.c"
printf '\nDEMC_1.99 {\n  global:\n    demc_added_by_the_gate_test;\n} DEMC_1.0;\n' >>"$tmp/tree/lib/libdemc.map"
sed -i 's/^#define DEMC_BASE_H$/#define DEMC_BASE_H\n#define DEMC_ADDED_BY_THE_GATE_TEST 7/' "$tmp/tree/include/demc/base.h"
if (cd "$tmp/tree" && ${MAKE:-make} -s -j2 check-abi $quick >"$tmp/log" 2>&1); then
    echo "abi-gate-test: a 1.x addition (function in a new node, new constant) passes check-abi"
else
    echo "abi-gate-test: a 1.x addition fails check-abi:"; cat "$tmp/log"; failures=$((failures + 1))
fi

# The analysis set may change: a field added to one of its structs and one of its functions removed pass the gate.
rm -rf "$tmp/tree" && mkdir "$tmp/tree"
tar cf - Makefile include src lib/libdemc.map lib/libdemc.abi.xml lib/libdemc.abignore lib/libdemc.constants test |
    (cd "$tmp/tree" && tar xf -)
sed -i 's/^    double prefactor; \(.*\)$/    double prefactor; \1\n    double added_by_the_gate_test;/' "$tmp/tree/include/demc/analysis/sliding.h"
sed -i '/^    demc_sliding_work_friction;$/d' "$tmp/tree/lib/libdemc.map"
if ! grep -q added_by_the_gate_test "$tmp/tree/include/demc/analysis/sliding.h"; then
    echo "abi-gate-test: analysis set: the edit did not apply"; failures=$((failures + 1))
elif (cd "$tmp/tree" && ${MAKE:-make} -s -j2 check-abi $quick >"$tmp/log" 2>&1); then
    echo "abi-gate-test: a change of the analysis set passes check-abi"
else
    echo "abi-gate-test: a change of the analysis set fails check-abi:"; cat "$tmp/log"; failures=$((failures + 1))
fi
[ $failures -eq 0 ]
