#!/bin/sh
# The tools `make check` and CI need, in one list (both call this script: `make check` first thing, .ci/run too).
# Usage: sh tools/setup_deps.sh [--check]
#  - every tool present: prints nothing, exits 0;
#  - tools missing: names all of them at once with their Debian packages, then
#      as root on a Debian-like system (apt-get present), without --check: apt-get update, apt-get install -y
#      the missing packages, and checks again;
#      otherwise: prints the one command that installs them and exits 1 (`make check` then stops before testing).
# Adding a tool: one line "COMMAND PACKAGE" below (or "/PATH PACKAGE" for a file a package installs). nvcc is not here: CUDA is not in Debian's main archive, so the
# CUDA consumer check runs only where nvcc is found and is reported as skipped otherwise.
set -u
list='
cc          gcc
gcc         gcc
make        make
g++         g++
clang       clang
clang++     clang
gfortran    gfortran
python3     python3
/usr/lib/python3/dist-packages/numpy/__init__.py  python3-numpy
cmake       cmake
pkg-config  pkg-config
abidiff     abigail-tools
abidw       abigail-tools
doxygen     doxygen
gnuplot     gnuplot-nox
chromium    chromium
/usr/share/javascript/mathjax/MathJax.js                 libjs-mathjax
/usr/share/javascript/mathjax/extensions/TeX/AMSmath.js  libjs-mathjax
/usr/share/javascript/mathjax/fonts/HTML-CSS/TeX/woff    fonts-mathjax
readelf     binutils
nm          binutils
ar          binutils
tar         tar
mpicxx      libopenmpi-dev
mpirun      openmpi-bin
liggghts    liggghts
/usr/include/liggghts/pair_gran.h                        libliggghts-dev
'
only_check=no
[ "${1:-}" = "--check" ] && only_check=yes

missing() { # prints "COMMAND PACKAGE" for every missing tool; the C library's headers and static libm too
    printf '%s\n' "$list" | while read -r cmd pkg; do
        [ -n "$cmd" ] || continue
        case $cmd in
            /*) [ -e "$cmd" ] || echo "$cmd $pkg" ;;
            *) command -v "$cmd" >/dev/null 2>&1 || echo "$cmd $pkg" ;;
        esac
    done
    # Static consumers need libc.a/libm.a, every compile needs the C headers: both in libc6-dev.
    if command -v cc >/dev/null 2>&1; then
        printf '#include <math.h>\nint main(void){return 0;}\n' >"$tmpc"
        cc -static "$tmpc" -o "$tmpc.out" -lm >/dev/null 2>&1 || echo "libm.a libc6-dev"
    fi
    # The fuzzing gate needs clang's libFuzzer and sanitizer runtimes (a version-independent metapackage).
    if command -v clang >/dev/null 2>&1; then
        printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$tmpc"
        clang -fsanitize=fuzzer,address,undefined "$tmpc" -o "$tmpc.out" >/dev/null 2>&1 || echo "libclang_rt.fuzzer libclang-rt-dev"
    fi
}
tmpc=$(mktemp) || exit 1
mv "$tmpc" "$tmpc.c" && tmpc="$tmpc.c"
trap 'rm -f "$tmpc" "$tmpc.out"' EXIT

miss=$(missing)
[ -z "$miss" ] && exit 0
tools=$(printf '%s\n' "$miss" | awk '{printf "%s%s", sep, $1; sep=" "}')
pkgs=$(printf '%s\n' "$miss" | awk '!seen[$2]++ {printf "%s%s", sep, $2; sep=" "}')
echo "setup: missing tools: $tools"
echo "setup: Debian/Ubuntu packages: $pkgs"

if [ "$only_check" = no ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing them (apt-get update; apt-get install -y --no-install-recommends $pkgs)"
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086 # the package list is meant to split
    if apt-get update -qq && apt-get install -y -qq --no-install-recommends $pkgs >/dev/null; then
        miss=$(missing)
        [ -z "$miss" ] && { echo "setup: done"; exit 0; }
        echo "setup: still missing after the install: $(printf '%s\n' "$miss" | awk '{printf "%s ", $1}')"
    else
        echo "setup: apt-get failed"
    fi
    exit 1
fi
if command -v apt-get >/dev/null 2>&1; then
    sudo=sudo; [ "$(id -u)" -eq 0 ] && sudo=
    echo "setup: install them with this one command, then run make check again:"
    echo "    $sudo${sudo:+ }sh -c 'apt-get update && apt-get install -y --no-install-recommends $pkgs'"
else
    echo "setup: no apt-get here: install the tools above with the system's package manager (the package names"
    echo "       are Debian's), then run make check again."
fi
exit 1
