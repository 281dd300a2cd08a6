#!/bin/sh
# Builds tools/facet_figures.c against the header-only face, writes the CSVs and PNGs of docs/pages/facet.md
# into docs/figures (or $1). No make needed; run from the top of the tree. Needs a C compiler and gnuplot.
set -eu
out=${1:-docs/figures}
cc=${CC:-cc}
mkdir -p build "$out"
$cc -std=c99 -O2 -Iinclude -DDEMC_HEADER_ONLY tools/facet_figures.c -lm -o build/facet_figures
./build/facet_figures "$out"
gnuplot -e "dir='$out'" tools/facet_figures.gp
echo "facet figures: $out/facet_regions.png, $out/facet_crossing.png"
