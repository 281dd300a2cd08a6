#!/bin/sh
# Writes the CMake package files demc-config.cmake and demc-config-version.cmake for one install (make install
# calls it). Usage: CC=cc sh cmake/demc_cmake.sh PREFIX LIBDIR INCLUDEDIR CMAKEDIR VERSION SONAME OUTDIR
# Paths are relative to the package file's own directory when LIBDIR, INCLUDEDIR and CMAKEDIR lie under PREFIX and
# PREFIX is not /usr (a /lib -> /usr/lib symlink would otherwise lead ../../.. astray); absolute otherwise.
set -u
prefix=${1%/} libdir=${2%/} includedir=${3%/} cmakedir=${4%/} version=$5 soname=$6 out=$7
here=$(dirname "$0")
major=${version%%.*}
under() { case "$1" in "$prefix"/*) return 0;; *) return 1;; esac; }
sub() { if under "$1"; then printf '${_demc_prefix}/%s' "${1#"$prefix"/}"; else printf '%s' "$1"; fi; }
up() { printf '%s\n' "${1#"$prefix"/}" | awk -F/ '{for (i = 1; i <= NF; i++) printf "%s..", (i > 1 ? "/" : "")}'; }
if [ -n "$prefix" ] && [ "$prefix" != /usr ] && under "$libdir" && under "$includedir" && under "$cmakedir"; then
    prefix_line="get_filename_component(_demc_prefix \"\${CMAKE_CURRENT_LIST_DIR}/$(up "$cmakedir")\" ABSOLUTE)"
else
    prefix_line="set(_demc_prefix \"${prefix:-/}\")"
fi
# The pointer size of the compiler that built the library.
ptr=$(echo | ${CC:-cc} -dM -E - 2>/dev/null | sed -n 's/^#define __SIZEOF_POINTER__ \([0-9]*\).*/\1/p')
[ -n "$ptr" ] || ptr=8
esc() { printf '%s' "$1" | sed -e 's/[\\|&]/\\&/g'; }
sed -e "s|@PREFIX_LINE@|$(esc "$prefix_line")|" -e "s|@INCLUDEDIR@|$(esc "$(sub "$includedir")")|" \
    -e "s|@LIBDIR@|$(esc "$(sub "$libdir")")|" -e "s|@VERSION@|$version|g" -e "s|@SONAME@|$soname|g" \
    "$here/demc-config.cmake.in" >"$out/demc-config.cmake" || exit 1
sed -e "s|@VERSION@|$version|g" -e "s|@MAJOR@|$major|g" -e "s|@SIZEOF_VOID_P@|$ptr|g" \
    "$here/demc-config-version.cmake.in" >"$out/demc-config-version.cmake" || exit 1
