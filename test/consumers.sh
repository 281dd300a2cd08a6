#!/bin/sh
# Consumer checks (make check, gate 2): demc used the ways a host code uses it.
#  - installed into a scratch DESTDIR with PREFIX=/usr: programs built with pkg-config (shared; static by the
#    README's commands, including one that reaches libm only through libdemc; fully static) run and pass the
#    version check; a header-only program links no libdemc; a header-only unit with a sphere–sphere and a
#    sphere–wall loop keeps the evaluation inline in both (gcc and clang, -O2 and -O3);
#  - installed again, without DESTDIR, into a second prefix: demc.pc and the CMake package are the new prefix's
#    (relocatable), the ldconfig step does not run there and says what to do; the README's commands work from
#    there, and still work after the prefix is moved; a CMake project finds the package and builds with its three
#    targets; the version file accepts same-major requests not newer than the library and refuses the others;
#  - Python: the package goes where python searches for it. Installed into a venv's prefix with the venv's python
#    (make install PREFIX=venv PYTHON=venv/bin/python), `import demc` works with no PYTHONPATH and finds the
#    prefix's libdemc (the same rule that puts it into /usr/local/lib/python3.X/dist-packages for Debian's
#    python3 and PREFIX=/usr/local); for the default prefix, the directory `make install` would use is checked to
#    be one /usr/bin/python3 searches (computed with make -n: nothing is installed into /usr/local); a prefix
#    python does not search gets PREFIX/lib/python3.X/site-packages and install says to use PYTHONPATH;
#  - uninstall removes every installed file, from all three;
#  - demc.h compiled as C99/C11 (gcc, clang) and C++11/C++17 (g++, clang++), both faces, -Wall -Wextra -Werror;
#  - two gnu89 header-only units linked together; a strict C89 unit on the linked face, gnu89 and C99 header-only
#    units giving the same Mindlin–Deresiewicz energy (cbrt), a strict C89 header-only unit refused by #error;
#  - a CUDA unit calling header-only functions from a kernel, with nvcc when present (reported as skipped when
#    not: CUDA is not in Debian's main archive).
# Every check that cannot run is a failure, except CUDA; a skip is written to $DEMC_SKIPPED (a file) when set, and
# run_checks.sh lists it in the summary.
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0
ok() { echo "  ok   $1"; }
bad() { echo "  FAIL $1"; fails=$((fails + 1)); }
skip() { echo "  skip $1"; [ -n "${DEMC_SKIPPED:-}" ] && echo "consumers: $1" >>"$DEMC_SKIPPED"; }
run() { # NAME COMMAND...: ok when the command succeeds; its output shown only on failure
    name=$1; shift
    if "$@" >"$tmp/out" 2>&1; then ok "$name"; else bad "$name"; sed 's/^/       /' "$tmp/out"; fi
}
fails_to() { # NAME COMMAND...: ok when the command fails
    name=$1; shift
    if "$@" >"$tmp/out" 2>&1; then bad "$name"; sed 's/^/       /' "$tmp/out"; else ok "$name"; fi
}
have() { command -v "$1" >/dev/null 2>&1; }
cc=${CC:-cc}
W="-Wall -Wextra -Wpedantic -Werror"
C=$PWD/test/consumer
make_=${MAKE:-make}
for t in pkg-config cmake readelf nm "$cc"; do have "$t" || bad "$t is not installed (make deps)"; done
[ $fails -eq 0 ] || exit 1
major=$(sed -n 's/^#define DEMC_VERSION_MAJOR \([0-9]*\).*/\1/p' include/demc/base.h)
version=$(sed -n 's/^#define DEMC_VERSION_STRING "\(.*\)"/\1/p' include/demc/base.h)

# ---- 1. Staged install (DESTDIR) with PREFIX=/usr, as a distribution package does.
root=$tmp/root
$make_ -s install DESTDIR="$root" PREFIX=/usr >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; bad install; exit 1; }
ok "install into DESTDIR (PREFIX=/usr)"
run "demc.pc for /usr has absolute paths (prefix=/usr)" grep -qx 'prefix=/usr' "$root/usr/lib/pkgconfig/demc.pc"
run "staged install does not run ldconfig" sh -c "! grep -q ldconfig '$tmp/install.log'"
export PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_LIBDIR="$root/usr/lib/pkgconfig" PKG_CONFIG_PATH=
pcflags=$(pkg-config --cflags demc) && pclibs=$(pkg-config --libs demc) && pcstatic=$(pkg-config --static --libs demc) \
    && pclibdir=$(pkg-config --variable=libdir demc) || { bad "pkg-config finds demc"; exit 1; }
run "pkg-config version is $version" test "$(pkg-config --modversion demc)" = "$version"

run "pkg-config shared consumer builds" $cc $W $pcflags $C/consumer.c $pclibs -o "$tmp/shared"
run "pkg-config shared consumer runs, version check passes" env LD_LIBRARY_PATH="$root/usr/lib" "$tmp/shared"
run "shared consumer needs libdemc.so.$major" sh -c "readelf -d '$tmp/shared' | grep -q 'NEEDED.*\[libdemc.so.$major\]'"
# Static, the README's commands: libdemc.a by path then -lm; or -Bstatic around -ldemc only. The program reaches
# libm only through libdemc (with -Wl,-Bstatic around -lm too, such a link fails: libm.a needs a static libc).
for form in path bstatic; do
    case $form in
        path)    link="$pclibdir/libdemc.a -lm" ;;
        bstatic) link="$(pkg-config --libs-only-L demc) -Wl,-Bstatic -ldemc -Wl,-Bdynamic -lm" ;;
    esac
    for prog in consumer libm_consumer; do
        run "static link ($form) of $prog builds: $link" $cc $W $pcflags $C/$prog.c $link -o "$tmp/st_$prog"
        run "static ($form) $prog runs without libdemc.so" sh -c "! readelf -d '$tmp/st_$prog' | grep -q libdemc \
            && '$tmp/st_$prog'"
    done
done
run "fully static (-static, pkg-config --static) libm_consumer builds and runs" sh -c "$cc -static $W $pcflags \
    $C/libm_consumer.c $pcstatic -o '$tmp/full' && ! readelf -d '$tmp/full' | grep -q NEEDED && '$tmp/full'"
run "header-only program links no libdemc" sh -c "$cc $W -DDEMC_HEADER_ONLY $pcflags $C/libm_consumer.c -lm -o '$tmp/ho' \
    && ! readelf -d '$tmp/ho' | grep -q libdemc && ! nm -u '$tmp/ho' | grep -q demc_ && '$tmp/ho'"
# A debug build (no optimisation) of a header-only unit emits only what it calls: none of the contact evaluation's
# out-of-line bodies for a unit that calls no contact function (gcc once emitted them all there: 23 s, 8 MB).
for cc_ in gcc clang; do
    have $cc_ || continue
    run "header-only unit at -O0 emits none of the contact evaluation it does not call ($cc_)" sh -c \
        "$cc_ -O0 -std=c99 $W -DDEMC_HEADER_ONLY -Iinclude $C/libm_consumer.c -lm -o '$tmp/ho0' && '$tmp/ho0' \
         && nm '$tmp/ho0' >'$tmp/ho0.nm' && ! grep -E ' (demci_contact|demci_lanes|demc_contact)_' '$tmp/ho0.nm'"
done
# The evaluation stays inline in a unit with two loops (a compiler left to itself keeps one out-of-line copy): the
# loops call no function of demc but the cold fallback of demc_contact_eval_kind() for a model of another kind
# (demci_contact_eval_other, out of line by design, with whatever it alone calls).
for cc_ in gcc clang; do
    have $cc_ || { bad "$cc_ is not installed (make deps)"; continue; }
    for opt in -O2 -O3; do
        run "header-only unit with two loops: the evaluation inlined ($cc_ $opt)" sh -c \
            "$cc_ $opt -std=c99 $W -Iinclude -c $C/two_loops.c -o '$tmp/two.o' && objdump -d '$tmp/two.o' >'$tmp/two.s' \
             && grep -q '<pair_loop>:' '$tmp/two.s' && grep -q '<wall_loop>:' '$tmp/two.s' \
             && ! awk '/^[0-9a-f]+ <.*>:/{fn=\$2} /call/ && fn ~ /^<(pair|wall)_loop/ {print \$NF}' '$tmp/two.s' \
                | grep '<demc' | grep -v '<demci_contact_eval_other'"
    done
done
unset PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_LIBDIR

# ---- 2. A second install into another prefix, straight after the first (no DESTDIR): its own demc.pc.
p2=$tmp/home/.local
$make_ -s install PREFIX="$p2" LDCONFIG="echo LDCONFIG-RAN" >"$tmp/install2.log" 2>&1 \
    || { cat "$tmp/install2.log"; bad "install into a second prefix"; exit 1; }
ok "install into a second prefix after the staged one"
run "its demc.pc is relocatable (prefix=\${pcfiledir}/../..)" grep -qx 'prefix=${pcfiledir}/../..' "$p2/lib/pkgconfig/demc.pc"
run "ldconfig not run for a directory the dynamic linker does not search" sh -c "! grep -q LDCONFIG-RAN '$tmp/install2.log'"
run "install says how programs find the library there" grep -q 'rpath' "$tmp/install2.log"
py=${PYTHON:-python3}
pydir=$("$py" tools/python_dir.py "$p2") && pyrel=${pydir#"$p2"}
run "Python package in the prefix's site-packages ($pyrel), install says to use PYTHONPATH" sh -c \
    "test -f '$p2$pyrel/demc/__init__.py' && grep -q 'PYTHONPATH=$p2$pyrel' '$tmp/install2.log'"
if [ "$(id -u)" -eq 0 ]; then
    run "ldconfig runs (as root) after an install into /usr/lib" sh -c \
        "LDCONFIG='echo LDCONFIG-RAN' sh tools/install_ldconfig.sh '' /usr/lib | grep -q LDCONFIG-RAN"
else
    run "install into /usr/lib as non-root says to run ldconfig" sh -c \
        "LDCONFIG='echo LDCONFIG-RAN' sh tools/install_ldconfig.sh '' /usr/lib | grep -q 'sudo ldconfig'"
fi
export PKG_CONFIG_PATH="$p2/lib/pkgconfig"
pc_tests() { # WHERE: the README's pkg-config commands against the install now at WHERE
    where=$1
    run "pkg-config flags point into $where" sh -c "pkg-config --cflags demc | grep -q -- '-I$where/' \
        && test -f \"\$(pkg-config --variable=includedir demc)/demc.h\""
    libdir=$(pkg-config --variable=libdir demc)
    run "shared consumer from $where (rpath) builds and runs" sh -c "$cc $W \$(pkg-config --cflags demc) $C/consumer.c \
        \$(pkg-config --libs demc) -Wl,-rpath,$libdir -o '$tmp/s2' && '$tmp/s2'"
    run "static libm_consumer from $where (libdemc.a by path) builds and runs" sh -c "$cc $W \$(pkg-config --cflags demc) \
        $C/libm_consumer.c \$(pkg-config --variable=libdir demc)/libdemc.a -lm -o '$tmp/st2' && '$tmp/st2'"
    run "Fortran consumer (installed demc.f90) from $where builds and runs" sh -c "mkdir -p '$tmp/f2' && \
        ${FC:-gfortran} -J '$tmp/f2' -c \$(pkg-config --variable=includedir demc)/demc.f90 -o '$tmp/f2/demc.o' && \
        ${FC:-gfortran} -J '$tmp/f2' $C/consumer.f90 '$tmp/f2/demc.o' \$(pkg-config --libs demc) -Wl,-rpath,$libdir \
        -o '$tmp/f2/consumer' && '$tmp/f2/consumer'"
    run "Python consumer (installed package) from $where finds its library" sh -c "cd '$tmp' && \
        env -u DEMC_LIBRARY PYTHONPATH='$where$pyrel' $py $C/consumer.py && \
        env -u DEMC_LIBRARY PYTHONPATH='$where$pyrel' $py -c \
        'import demc; p = demc.library_path(); assert p.startswith(\"$where/\"), p'"
}
pc_tests "$p2"
mv "$tmp/home" "$tmp/moved"; p3=$tmp/moved/.local
export PKG_CONFIG_PATH="$p3/lib/pkgconfig"
pc_tests "$p3"

# ---- 2b. Python without PYTHONPATH: a prefix its python searches (a venv's), and the default prefix's directory.
venv=$tmp/venv
if "$py" -m venv --without-pip "$venv" >"$tmp/venv.log" 2>&1; then
    if $make_ -s install PREFIX="$venv" PYTHON="$venv/bin/python" LDCONFIG=: >"$tmp/install3.log" 2>&1; then
        run "install into a venv's prefix (PYTHON=venv/bin/python): the package in the venv's site-packages" sh -c \
            "ls '$venv'/lib/python3*/site-packages/demc/__init__.py && ! grep -q PYTHONPATH '$tmp/install3.log'"
        run "import demc from that install with no PYTHONPATH: its libdemc, the README's example" sh -c "cd '$tmp' && \
            env -u PYTHONPATH -u DEMC_LIBRARY '$venv/bin/python' -c 'import demc, os, sys; \
            assert os.path.realpath(demc.__file__).startswith(os.path.realpath(sys.prefix)), demc.__file__; \
            p = demc.library_path(); assert p.startswith(\"$venv/lib/\"), p' && \
            env -u PYTHONPATH -u DEMC_LIBRARY '$venv/bin/python' $C/consumer.py"
    else
        cat "$tmp/install3.log"; bad "install into a venv's prefix"
    fi
else
    cat "$tmp/venv.log"; bad "$py -m venv (Debian: python3-venv; make deps)"
fi
if [ -x /usr/bin/python3 ]; then
    d=$($make_ -s -n install PREFIX=/usr/local PYTHON=/usr/bin/python3 DESTDIR= |
        sed -n 's|^install -m 644 python/demc/_api.py \(.*\)/demc/$|\1|p')
    run "default install (PREFIX=/usr/local, PYTHON=/usr/bin/python3): PYTHONDIR $d is one that python searches" \
        /usr/bin/python3 -c "import site, sys; d = '$d'; assert d and d.startswith('/usr/local/lib/') and \
        (d in site.getsitepackages() or d in sys.path), d"
else
    skip "default PYTHONDIR against /usr/bin/python3 (no /usr/bin/python3)"
fi

# ---- 3. The CMake package, from the moved prefix: three targets, and the version rule.
cm() { # BUILD_DIR CMAKE_ARGS...: configure, quietly
    b=$1; shift
    cmake -S "$C/cmake_version" -B "$b" -DCMAKE_PREFIX_PATH="$p3" "$@"
}
run "CMake: find_package(demc 1.0) with demc::demc, demc::demc_static, demc::header_only configures" \
    cmake -S "$C/cmake" -B "$tmp/cmb" -DCMAKE_PREFIX_PATH="$p3" -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$W"
run "CMake consumer builds" cmake --build "$tmp/cmb"
run "CMake shared consumer runs (needs libdemc.so.$major)" sh -c "'$tmp/cmb/shared_consumer' \
    && readelf -d '$tmp/cmb/shared_consumer' | grep -q 'NEEDED.*\[libdemc.so.$major\]'"
run "CMake static consumer (libm through libdemc) runs without libdemc.so" sh -c "'$tmp/cmb/static_consumer' \
    && ! readelf -d '$tmp/cmb/static_consumer' | grep -q libdemc"
run "CMake header-only consumer runs, links no libdemc" sh -c "'$tmp/cmb/header_only_consumer' \
    && ! nm -u '$tmp/cmb/header_only_consumer' | grep -q demc_"
minor=$(sed -n 's/^#define DEMC_VERSION_MINOR \([0-9]*\).*/\1/p' include/demc/base.h)
n=0
for want in "" "$major" "$major.$minor" "$version" "$major.$minor...<$((major + 1))"; do
    n=$((n + 1)); run "CMake find_package(demc $want) accepted" cm "$tmp/cv$n" -DDEMC_WANT="$want"
done
for want in "$((major + 1))" "$major.$((minor + 1))" "$version...<$version"; do
    n=$((n + 1)); fails_to "CMake find_package(demc $want) refused" cm "$tmp/cv$n" -DDEMC_WANT="$want"
done
mv "$tmp/moved" "$tmp/home"

# ---- 4. Uninstall, from all three (the venv keeps its own files, not demc's).
left=
$make_ -s uninstall DESTDIR="$root" PREFIX=/usr >/dev/null 2>&1 && $make_ -s uninstall PREFIX="$p2" >/dev/null 2>&1 \
    && { [ ! -d "$venv" ] || $make_ -s uninstall PREFIX="$venv" PYTHON="$venv/bin/python" >/dev/null 2>&1; } \
    && left=$(find "$root" "$p2" -type f -o -type l; [ ! -d "$venv" ] || find "$venv" -path '*demc*') \
    && [ -z "$left" ] && ok "uninstall removes every installed file" \
    || { bad "uninstall removes every installed file"; echo "$left"; }

# ---- 5. The headers under every compiler and language standard.
for cc_ in gcc clang; do
    have $cc_ || { bad "$cc_ is not installed (make deps)"; continue; }
    for std in c99 c11; do
        for face in "" "-DDEMC_HEADER_ONLY"; do
            run "demc.h as $std with $cc_ ${face:-linked}" $cc_ -std=$std $W $face -Iinclude -c $C/consumer.c -o "$tmp/c.o"
        done
    done
    run "two gnu89 header-only units with $cc_" $cc_ -std=gnu89 -Wall -Wextra -Werror -Iinclude $C/gnu89_a.c $C/gnu89_b.c -lm -o "$tmp/g89"
    run "gnu89 pair runs ($cc_)" "$tmp/g89"
    # The C89 story (README "Using it"): strict C89 on the linked face, gnu89 and C99 header-only, the same digits;
    # strict C89 header-only refused at compile time (an implicitly declared cbrt returned garbage).
    run "strict C89 linked unit (-std=c89 -Wpedantic) with $cc_ builds" $cc_ -std=c89 $W -Iinclude $C/c89_md.c \
        -Llib -ldemc -Wl,-rpath,$PWD/lib -o "$tmp/c89l"
    run "gnu89 header-only unit with $cc_ builds" $cc_ -std=gnu89 -Wall -Wextra -Werror -DDEMC_HEADER_ONLY -Iinclude \
        $C/c89_md.c -lm -o "$tmp/c89g"
    run "C99 header-only unit with $cc_ builds" $cc_ -std=c99 $W -DDEMC_HEADER_ONLY -Iinclude $C/c89_md.c -lm -o "$tmp/c89c"
    run "MD stored energy (cbrt): strict C89 linked = gnu89 header-only = C99 header-only ($cc_)" sh -c \
        "'$tmp/c89l' >'$tmp/c89l.out' && '$tmp/c89g' >'$tmp/c89g.out' && '$tmp/c89c' >'$tmp/c89c.out' && \
         cmp '$tmp/c89l.out' '$tmp/c89g.out' && cmp '$tmp/c89l.out' '$tmp/c89c.out'"
    run "strict C89 header-only unit refused with #error ($cc_)" sh -c "! $cc_ -std=c89 -DDEMC_HEADER_ONLY -Iinclude \
        -c $C/c89_md.c -o '$tmp/c89x.o' 2>'$tmp/c89x.err' && grep -q 'needs C99 or later, or gnu89' '$tmp/c89x.err'"
done
for cxx in g++ clang++; do
    have $cxx || { bad "$cxx is not installed (make deps)"; continue; }
    for std in c++11 c++17; do
        run "demc.h as $std with $cxx, header-only" $cxx -std=$std $W -DDEMC_HEADER_ONLY -Iinclude $C/cxx_check.cpp -o "$tmp/cxx"
        run "demc.h as $std with $cxx, linked" sh -c "$cxx -std=$std $W -Iinclude $C/cxx_check.cpp -Llib -ldemc -Wl,-rpath,$PWD/lib -o '$tmp/cxxl' && '$tmp/cxxl'"
    done
done
nvcc=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
if [ -n "$nvcc" ]; then
    run "CUDA kernel calling header-only functions (nvcc, compile only)" "$nvcc" -std=c++17 -Iinclude -Xcompiler -Wall,-Wextra,-Werror -c $C/cuda_kernel.cu -o "$tmp/k.o"
else
    skip "CUDA kernel (nvcc not found; CUDA is not in Debian's main archive)"
fi
[ $fails -eq 0 ]
