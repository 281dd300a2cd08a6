#!/bin/sh
# Builds tools/validation_figures.c with the reference driver (test/support) against the header-only face, writes
# the CSVs and PNGs of docs/pages/validation.md into docs/figures (or $1). No make needed; run from the top of the
# tree. Needs a C compiler and gnuplot.
set -eu
out=${1:-docs/figures}
cc=${CC:-cc}
mkdir -p build "$out"
$cc -std=c99 -O2 -Iinclude -Itest -DDEMC_HEADER_ONLY tools/validation_figures.c test/support/driver.c \
    test/support/cases.c test/support/library_laws.c -lm -o build/validation_figures
./build/validation_figures "$out"
gnuplot -e "dir='$out'" tools/validation_figures.gp
echo "validation figures: $out/validation_*.png"
