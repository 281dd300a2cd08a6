#!/bin/sh
# The last step of `make install` (as zlib does): refresh the dynamic linker's cache when the library went into
# one of its directories, so that programs find libdemc.so.N at once; otherwise say what a user has to do.
# Usage: LDCONFIG=ldconfig sh tools/install_ldconfig.sh DESTDIR LIBDIR
#  - DESTDIR set (a staged install, e.g. a package build): nothing (the package's own scripts run ldconfig);
#  - LIBDIR a directory of the dynamic linker (built in, or listed by /etc/ld.so.conf): runs $LDCONFIG as root, or
#    tells a non-root user to run it;
#  - any other LIBDIR: tells how programs find the library there (rpath or LD_LIBRARY_PATH).
# LDCONFIG=: (or any command) replaces ldconfig, e.g. to test this step or to skip it.
set -u
destdir=$1 libdir=${2%/}
ldconfig=${LDCONFIG:-ldconfig}
[ -n "$destdir" ] && exit 0
real() { (cd "$1" 2>/dev/null && pwd -P); }
target=$(real "$libdir") || target=$libdir
found=
ldc=$(command -v ldconfig || { [ -x /sbin/ldconfig ] && echo /sbin/ldconfig; } || { [ -x /usr/sbin/ldconfig ] && echo /usr/sbin/ldconfig; })
dirs=$( { printf '%s\n' /lib /usr/lib /lib64 /usr/lib64
          [ -n "$ldc" ] && "$ldc" -v -N -X 2>/dev/null | sed -n 's|^\(/[^:]*\):.*|\1|p'; } )
for d in $dirs; do
    [ "$(real "$d")" = "$target" ] && { found=yes; break; }
done
if [ -n "$found" ]; then
    if [ "$(id -u)" -eq 0 ]; then
        echo "install: $libdir is a directory of the dynamic linker: running $ldconfig"
        $ldconfig || echo "install: $ldconfig failed; run it by hand so that programs find the library"
    else
        echo "install: run 'sudo ldconfig' once so that programs find the library in $libdir"
    fi
else
    echo "install: $libdir is not searched by the dynamic linker: build programs with -Wl,-rpath,$libdir"
    echo "         (pkg-config, CMake: see README \"Installing\"), or set LD_LIBRARY_PATH=$libdir to run them"
fi
exit 0
