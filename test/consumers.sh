#!/bin/sh
# Consumer checks (make check, gate 2): demc used the ways a host code uses it.
#  - installed into a scratch DESTDIR; a program built with pkg-config, shared and --static, runs and agrees on
#    the version;
#  - a header-only program that links no libdemc;
#  - demc.h compiled as C99/C11 (gcc, clang) and C++11/C++17 (g++, clang++), both faces, -Wall -Wextra -Werror;
#  - two gnu89 header-only units linked together;
#  - a CUDA unit calling header-only functions from a kernel, with nvcc when present.
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0
ok() { echo "  ok   $1"; }
bad() { echo "  FAIL $1"; fails=$((fails + 1)); }
skip() { echo "  skip $1"; }
run() { # NAME COMMAND...: ok when the command succeeds; its output shown only on failure
    name=$1; shift
    if "$@" >"$tmp/out" 2>&1; then ok "$name"; else bad "$name"; sed 's/^/       /' "$tmp/out"; fi
}
have() { command -v "$1" >/dev/null 2>&1; }
W="-Wall -Wextra -Wpedantic -Werror"
C=test/consumer

${MAKE:-make} -s install DESTDIR="$tmp/root" PREFIX=/usr >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; bad install; exit 1; }
ok "install into DESTDIR"
export PKG_CONFIG_SYSROOT_DIR="$tmp/root" PKG_CONFIG_LIBDIR="$tmp/root/usr/lib/pkgconfig"
pcflags=$(pkg-config --cflags demc) && pclibs=$(pkg-config --libs demc) && pcstatic=$(pkg-config --static --libs demc) \
    || { bad "pkg-config finds demc"; exit 1; }

run "pkg-config shared consumer builds" cc $W $pcflags $C/consumer.c $pclibs -o "$tmp/shared"
run "pkg-config shared consumer runs, version equal" env LD_LIBRARY_PATH="$tmp/root/usr/lib" "$tmp/shared"
run "shared consumer needs libdemc.so.1" sh -c "readelf -d '$tmp/shared' | grep -q 'NEEDED.*libdemc.so.1'"
run "pkg-config static consumer builds" cc $W $pcflags $C/consumer.c -Wl,-Bstatic $pcstatic -Wl,-Bdynamic -o "$tmp/static"
run "static consumer runs without libdemc.so" sh -c "! readelf -d '$tmp/static' | grep -q libdemc && '$tmp/static'"
run "header-only program links no libdemc" sh -c "cc $W -DDEMC_HEADER_ONLY $pcflags $C/consumer.c -lm -o '$tmp/ho' \
    && ! readelf -d '$tmp/ho' | grep -q libdemc && ! nm -u '$tmp/ho' | grep -q demc_ && '$tmp/ho'"

${MAKE:-make} -s uninstall DESTDIR="$tmp/root" PREFIX=/usr >/dev/null 2>&1 && left=$(find "$tmp/root" -type f -o -type l) \
    && [ -z "$left" ] && ok "uninstall removes every installed file" || { bad "uninstall removes every installed file"; echo "$left"; }

for cc_ in gcc clang; do
    have $cc_ || { skip "$cc_ (not installed)"; continue; }
    for std in c99 c11; do
        for face in "" "-DDEMC_HEADER_ONLY"; do
            run "demc.h as $std with $cc_ ${face:-linked}" $cc_ -std=$std $W $face -Iinclude -c $C/consumer.c -o "$tmp/c.o"
        done
    done
    run "two gnu89 header-only units with $cc_" $cc_ -std=gnu89 -Wall -Wextra -Werror -Iinclude $C/gnu89_a.c $C/gnu89_b.c -lm -o "$tmp/g89"
    run "gnu89 pair runs ($cc_)" "$tmp/g89"
done
for cxx in g++ clang++; do
    have $cxx || { skip "$cxx (not installed)"; continue; }
    for std in c++11 c++17; do
        run "demc.h as $std with $cxx, header-only" $cxx -std=$std $W -DDEMC_HEADER_ONLY -Iinclude $C/cxx_check.cpp -o "$tmp/cxx"
        run "demc.h as $std with $cxx, linked" sh -c "$cxx -std=$std $W -Iinclude $C/cxx_check.cpp -Llib -ldemc -Wl,-rpath,$PWD/lib -o '$tmp/cxxl' && '$tmp/cxxl'"
    done
done
nvcc=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
if [ -n "$nvcc" ]; then
    run "CUDA kernel calling header-only functions (nvcc, compile only)" "$nvcc" -std=c++17 -Iinclude -Xcompiler -Wall,-Wextra,-Werror -c $C/cuda_kernel.cu -o "$tmp/k.o"
else
    skip "CUDA kernel (nvcc not found)"
fi
[ $fails -eq 0 ]
