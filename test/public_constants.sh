#!/bin/sh
# Prints every public constant a compiled client bakes in, one "NAME VALUE" per line, sorted: each enumerator of
# the public headers (its integer value) and each macro of include/demc/*.h defined as a numeric expression (its
# value, %.17g; an expression with at least one digit). A small C probe compiled against the headers evaluates them, so a value written as an expression
# of other macros is covered too. Not listed: include guards, the DEMC_*_FN/EXPORT/INLINE machinery (no value),
# initialiser macros, and the DEMC_VERSION_* macros, which change with every release by design (a host checks
# them against demc_version_number() at run time). Usage: test/public_constants.sh [INCLUDE_DIR] (CC from env).
set -u
export LC_ALL=C # one collation for sort and comm
inc=${1:-include}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
enums=$(sed -e 's|/\*.*\*/||g' "$inc"/demc/*.h | grep -oE '^[[:space:]]*DEMC_[A-Z0-9_]+[[:space:]]*=' |
        tr -d ' \t=' | sort -u)
macros=$(grep -hE '^#[[:space:]]*define[[:space:]]+DEMC_[A-Z0-9_]+[[:space:]]+[^[:space:]]' "$inc"/demc/*.h |
         sed -e 's|/\*.*||' -e 's/^#[[:space:]]*define[[:space:]]*//' |
         grep -E '^DEMC_[A-Z0-9_]+[[:space:]]+[-+0-9.eExXa-fA-FuUlL ()*/+A-Z_]*[0-9A-Z][-+0-9.eExXa-fA-FuUlL ()*/+A-Z_]*[[:space:]]*$' |
         awk '$0 ~ /[0-9]/ {print $1}' | grep -vE '_H$|^DEMC_VERSION_|_FN$|_INLINE$|^DEMC_(EXPORT|HOST_DEVICE|INLINE_BODIES|BEGIN_DECLS|END_DECLS)$' |
         sort -u)
{
    echo '#include <stdio.h>'
    echo '#include "demc.h"'
    echo 'int main(void)'
    echo '{'
    for n in $enums; do printf '    printf("%%s %%lld\\n", "%s", (long long)%s);\n' "$n" "$n"; done
    for n in $macros; do printf '    printf("%%s %%.17g\\n", "%s", (double)(%s));\n' "$n" "$n"; done
    echo '    return 0;'
    echo '}'
} >"$tmp/probe.c"
if ! ${CC:-cc} -std=c99 -I"$inc" "$tmp/probe.c" -o "$tmp/probe" 2>"$tmp/err"; then
    echo "public_constants: the probe does not compile:" >&2; cat "$tmp/err" >&2; exit 1
fi
"$tmp/probe" | LC_ALL=C sort
