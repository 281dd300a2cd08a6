#!/bin/sh
# Builds tools/rolling_figures.c against the header-only face, writes the CSVs and PNGs of docs/pages/rolling.md
# into docs/figures (or $1). No make needed; run from the top of the tree. Needs a C compiler and gnuplot.
set -eu
out=${1:-docs/figures}
cc=${CC:-cc}
mkdir -p build "$out"
$cc -std=c99 -O2 -Iinclude -DDEMC_HEADER_ONLY tools/rolling_figures.c -lm -o build/rolling_figures
./build/rolling_figures "$out"
gnuplot -e "dir='$out'" tools/rolling_figures.gp
echo "rolling figures: $out/rolling_deceleration.png, rolling_stop.png"
