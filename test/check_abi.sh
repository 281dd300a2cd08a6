#!/bin/sh
# The ABI gate (DESIGN §5). Usage: test/check_abi.sh SHLIB BASELINE_XML VERSION_SCRIPT SONAME CONSTANTS SUPPRESSIONS
# 1. abidiff of the committed baseline (1.0.0) against the built library, additions ignored (--no-added-syms: a 1.x
#    adds names in a new version node), must exit 0: any other non-zero exit fails, since a changed struct size
#    only sets bit 4 (ABI change, not "incompatible"); the suppressions leave out the analysis set (version node
#    DEMC_ANALYSIS), which the promise does not cover;
# 2. the dynamic exports equal the names of the version script, and each carries a DEMC_ version (DEMC_1.0 ... or
#    DEMC_ANALYSIS);
# 3. every export starts with demc_; the SONAME is the expected one (libdemc.so.MAJOR, from the Makefile);
# 4. the public constants a compiled client bakes in (every enumerator, every numeric macro: test/public_constants.sh)
#    keep the values of the committed list CONSTANTS (abidiff sees only the types reachable from exported
#    functions); new constants may be added;
# 5. no import from glibc newer than 2.29 (exp, log and pow of 2.29; nothing the library needs is newer).
set -u
export LC_ALL=C # one collation for sort and comm
shlib=$1 baseline=$2 map=$3 want_soname=${4:-libdemc.so.0} constants=${5:-lib/libdemc.constants}
suppressions=${6:-lib/libdemc.abignore}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0

if ! command -v abidiff >/dev/null 2>&1; then echo "check-abi: abidiff not found (install abigail-tools)"; exit 1; fi
if [ ! -f "$baseline" ]; then echo "check-abi: no baseline $baseline (make abi-baseline)"; exit 1; fi
abidiff --no-added-syms --suppressions "$suppressions" "$baseline" "$shlib" >"$tmp/diff" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
    echo "check-abi: abidiff exit $rc against $baseline:"; cat "$tmp/diff"; status=1
fi

soname=$(readelf -d "$shlib" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
if [ "$soname" != "$want_soname" ]; then echo "check-abi: SONAME is '$soname', not $want_soname"; status=1; fi

# Names of the version script: identifiers ending in ';' inside the nodes, minus the keyword lines.
sed -e 's|/\*.*\*/||g' "$map" | grep -E '^[[:space:]]*[A-Za-z_][A-Za-z0-9_]*;' | tr -d ' \t;' | sort >"$tmp/map"
nm -D --defined-only "$shlib" | awk '$2 != "A" {print $3}' | sort >"$tmp/versioned"
sed 's/@.*//' "$tmp/versioned" | sort >"$tmp/exports"
if ! cmp -s "$tmp/map" "$tmp/exports"; then
    echo "check-abi: exports differ from $map (< version script, > library):"; diff "$tmp/map" "$tmp/exports"; status=1
fi
if grep -vE '@@DEMC_([0-9]|ANALYSIS$)' "$tmp/versioned"; then echo "check-abi: exports above carry no DEMC_ version"; status=1; fi
if grep -v '^demc_' "$tmp/exports"; then echo "check-abi: exports above do not start with demc_"; status=1; fi
if [ ! -f "$constants" ]; then echo "check-abi: no constants list $constants (make abi-baseline)"; status=1
elif ! sh "$(dirname "$0")/public_constants.sh" include >"$tmp/constants"; then status=1
elif [ -n "$(comm -23 "$constants" "$tmp/constants")" ]; then
    echo "check-abi: public constants differ from $constants (< committed and changed or removed, > headers):"
    diff "$constants" "$tmp/constants" | grep '^[<>]'; status=1
fi

nm -D --undefined-only "$shlib" | grep -oE '@GLIBC_[0-9.]+' | sort -u | sed 's/@GLIBC_//' >"$tmp/glibc"
while read -r v; do
    major=${v%%.*} rest=${v#*.}; minor=${rest%%.*}
    if [ "$major" -gt 2 ] || { [ "$major" -eq 2 ] && [ "$minor" -gt 29 ]; }; then
        echo "check-abi: imports from GLIBC_$v (newer than 2.29):"; nm -D --undefined-only "$shlib" | grep "@GLIBC_$v"
        status=1
    fi
done <"$tmp/glibc"
[ $status -eq 0 ] && echo "check-abi: ok ($(wc -l <"$tmp/exports") exports, abidiff clean against the baseline, its $(wc -l <"$constants") public constants unchanged)"
exit $status
