#!/bin/sh
# Build-line gate (make check): every compiler command line that README.md, docs/pages/*.md and the example programs
# (docs/examples/*.c, their "Build...:" comment lines) show a user is extracted and run as written, in a scratch
# directory, against demc installed into a scratch prefix (PKG_CONFIG_PATH set to it, as the README says for a
# prefix of one's own, and LD_LIBRARY_PATH its lib, as the README says for a directory the dynamic linker does not
# search); the program a line builds is then run, unless the line runs it itself (`&& ./prog`) or only
# compiles (`-c`). The placeholders of the docs are real programs: my_dem.c and my_dem.cpp (test/consumer/my_dem.c:
# it calls libm itself), my_dem.f90 (test/consumer/consumer.f90), forces.cu (test/consumer/cuda_kernel.cu); the
# examples are the files of docs/examples. What a line shows is taken literally: a prompt "$ " and a trailing
# "# comment" are dropped, nothing else. nvcc lines are skipped (written to $DEMC_SKIPPED) when nvcc is not found.
# Usage: test/check_build_lines.sh   (from the top of the tree, after `make all`)
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
top=$PWD
make_=${MAKE:-make}
prefix=$tmp/prefix
$make_ -s install PREFIX="$prefix" LDCONFIG=: >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; echo "build-lines: install failed"; exit 1; }
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig" LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
unset PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR
work=$tmp/work
mkdir -p "$work"
cp test/consumer/my_dem.c "$work/my_dem.c"
cp test/consumer/my_dem.c "$work/my_dem.cpp"
cp test/consumer/consumer.f90 "$work/my_dem.f90"
cp test/consumer/cuda_kernel.cu "$work/forces.cu"
cp docs/examples/*.c "$work/"

# FILE:LINE<TAB>COMMAND for every build line. Markdown: lines of fenced blocks; C: comment lines " * Build...: CMD".
cmd_re='^(cc|gcc|clang|g\+\+|clang\+\+|c\+\+|gfortran|nvcc) '
{
    for f in README.md docs/pages/*.md; do
        awk -v f="$f" '/^```/ { fence = !fence; next }
            fence { line = $0; sub(/^\$ /, "", line); print f ":" NR "\t" line }' "$f"
    done
    for f in docs/examples/*.c docs/examples/*/*.cpp; do
        [ -f "$f" ] || continue
        sed -n -E 's%^ *([*]|//) *Build[^:]*: (.*)$%\2%p' "$f" | while IFS= read -r line; do
            n=$(grep -n -F -- "$line" "$f" | head -n 1 | cut -d: -f1)
            printf '%s:%s\t%s\n' "$f" "$n" "$line"
        done
    done
} | sed 's/ *\*\/ *$//; s/[[:space:]][[:space:]]*#[[:space:]].*$//' | awk -F '\t' -v re="$cmd_re" '$2 ~ re' >"$tmp/lines"

n=0 fails=0 skips=0
while IFS="$(printf '\t')" read -r where line; do
    n=$((n + 1))
    case $line in
        nvcc*) if ! command -v nvcc >/dev/null 2>&1; then
                   skips=$((skips + 1)); echo "  skip $where: $line (nvcc not found)"
                   [ -n "${DEMC_SKIPPED:-}" ] && echo "build-lines: $where (nvcc not found; CUDA is not in Debian's main archive)" >>"$DEMC_SKIPPED"
                   continue
               fi ;;
    esac
    rm -f "$work/a.out"
    if (cd "$work" && sh -c "$line") >"$tmp/out" 2>&1 </dev/null; then
        prog=
        case $line in
            *'&& ./'*|*' -c '*|*' -c') ;;
            *' -o '*) prog=$(printf '%s\n' "$line" | sed -n 's/.* -o \([^ ]*\).*/\1/p') ;;
            *) prog=a.out ;;
        esac
        if [ -n "$prog" ] && ! (cd "$work" && "./$prog") >"$tmp/out" 2>&1 </dev/null; then
            fails=$((fails + 1)); echo "  FAIL $where: $line (builds, but ./$prog fails)"; sed 's/^/       /' "$tmp/out"
        else
            echo "  ok   $where: $line"
        fi
    else
        fails=$((fails + 1)); echo "  FAIL $where: $line"; sed 's/^/       /' "$tmp/out" | head -n 15
    fi
done <"$tmp/lines"
cd "$top" || exit 1
# A floor, so that an extraction that finds nothing cannot pass: README and docs show at least this many lines.
if [ "$n" -lt 12 ]; then echo "build-lines: only $n build lines found in README.md and docs (expected 12 or more)"; exit 1; fi
echo "build-lines: $((n - fails - skips)) of $n documented build lines build and run as written ($skips skipped)"
[ "$fails" -eq 0 ]
