#!/bin/sh
# Writes demc.pc for one install to standard output (make install calls it; never reused across prefixes).
# Usage: sh pkgconfig/demc_pc.sh PREFIX LIBDIR INCLUDEDIR PKGCONFIGDIR VERSION
# Relocatable (prefix=${pcfiledir}/..., so the installed tree can be moved or used from a DESTDIR) when LIBDIR,
# INCLUDEDIR and PKGCONFIGDIR all lie under PREFIX and PREFIX is not /usr; for /usr the paths are absolute, so that
# pkg-config recognises /usr/include and /usr/lib as system directories and leaves them out of the flags (and a
# /lib -> /usr/lib symlink cannot send ${pcfiledir}/.. to the wrong place).
# -lm is in Libs, not only Libs.private: a program built with demc's headers calls libm itself (the inline vector
# algebra of base.h, demc_vec3_norm, calls sqrt on the linked face too), and host codes call it anyway; without it
# `cc prog.c $(pkg-config --cflags --libs demc)` fails with "DSO missing from command line" (GNU ld's
# --no-copy-dt-needed-entries).
set -u
prefix=${1%/} libdir=${2%/} includedir=${3%/} pcdir=${4%/} version=$5
under() { case "$1" in "$prefix"/*) return 0;; *) return 1;; esac; }
sub() { # the path with ${prefix} in front when it lies under PREFIX
    if under "$1"; then printf '${prefix}/%s' "${1#"$prefix"/}"; else printf '%s' "$1"; fi
}
up() { # one ".." per component of DIR below PREFIX: "../.." for PREFIX/lib/pkgconfig
    printf '%s\n' "${1#"$prefix"/}" | awk -F/ '{for (i = 1; i <= NF; i++) printf "%s..", (i > 1 ? "/" : "")}'
}
if [ -n "$prefix" ] && [ "$prefix" != /usr ] && under "$libdir" && under "$includedir" && under "$pcdir"; then
    echo "prefix=\${pcfiledir}/$(up "$pcdir")"
else
    echo "prefix=${prefix:-/}"
fi
cat <<PC
libdir=$(sub "$libdir")
includedir=$(sub "$includedir")

Name: demc
Description: Contact mechanics for the discrete element method
Version: $version
Libs: -L\${libdir} -ldemc -lm
Cflags: -I\${includedir}
PC
