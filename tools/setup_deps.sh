#!/bin/sh
# The tools `make check` and CI need, in one list (both call this script: `make check` first thing, .ci/run too).
# Usage: sh tools/setup_deps.sh [--check]
#  - every tool present: prints nothing, exits 0;
#  - tools missing: names all of them at once with their Debian packages, then
#      as root on a Debian-like system (apt-get present), without --check: apt-get update, apt-get install -y
#      the missing packages, and checks the whole list again (exit 1 if anything is still missing);
#      otherwise: prints the one command that installs them and exits 1 (`make check` then stops before testing).
# Every line is checked whether or not the others are present, so a fresh machine gets everything in one install
# round (a check that needed an earlier tool would otherwise only be asked on a second run).
# Adding a tool: one line "COMMAND PACKAGE" below, "/PATH PACKAGE" for a file a package installs, or
# "@PROBE PACKAGE" for a compile-and-link probe (probe() below; a probe whose compiler is absent counts as missing).
# nvcc is not here: CUDA is not in Debian's main archive, so the CUDA consumer check runs only where nvcc is found
# and is reported as skipped otherwise.
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
aarch64-linux-gnu-gcc  gcc-aarch64-linux-gnu
/usr/aarch64-linux-gnu/include/fenv.h                    libc6-dev-arm64-cross
qemu-aarch64           qemu-user
mpicxx      libopenmpi-dev
mpirun      openmpi-bin
liggghts    liggghts
/usr/include/liggghts/pair_gran.h                        libliggghts-dev
lmp         lammps
/usr/include/lammps/pair.h                               liblammps-dev
/usr/include/fmt/format.h                                libfmt-dev
@libc-static      libc6-dev
@libfuzzer        libclang-rt-dev
@venv             python3-venv
'
only_check=no
[ "${1:-}" = "--check" ] && only_check=yes

probe() { # NAME: 0 when the probe compiles and links
    case $1 in
        libc-static) # the C headers (every compile) and libc.a/libm.a (the fully static consumer)
            command -v cc >/dev/null 2>&1 || return 1
            printf '#include <math.h>\nint main(void){return 0;}\n' >"$tmpc"
            cc -static "$tmpc" -o "$tmpc.out" -lm >/dev/null 2>&1 ;;
        libfuzzer) # clang's libFuzzer and sanitizer runtimes (the fuzzing gate)
            command -v clang >/dev/null 2>&1 || return 1
            printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$tmpc"
            clang -fsanitize=fuzzer,address,undefined "$tmpc" -o "$tmpc.out" >/dev/null 2>&1 ;;
        venv) # python3 -m venv with pip (the `pip install .` gate)
            command -v python3 >/dev/null 2>&1 && python3 -c 'import ensurepip, venv' >/dev/null 2>&1 ;;
        *) return 1 ;;
    esac
}
missing() { # prints "COMMAND PACKAGE" for every missing line of the list
    printf '%s\n' "$list" | while read -r cmd pkg; do
        [ -n "$cmd" ] || continue
        case $cmd in
            /*) [ -e "$cmd" ] || echo "$cmd $pkg" ;;
            @*) probe "${cmd#@}" || echo "$cmd $pkg" ;;
            *) command -v "$cmd" >/dev/null 2>&1 || echo "$cmd $pkg" ;;
        esac
    done
}
tmpc=$(mktemp) || exit 1
mv "$tmpc" "$tmpc.c" && tmpc="$tmpc.c"
trap 'rm -f "$tmpc" "$tmpc.out"' EXIT

miss=$(missing)
[ -z "$miss" ] && exit 0
tools=$(printf '%s\n' "$miss" | awk '{sub(/^@/, "", $1); printf "%s%s", sep, $1; sep=" "}')
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
        echo "setup: still missing after the install: $(printf '%s\n' "$miss" | awk '{sub(/^@/, "", $1); printf "%s ", $1}')"
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
