#!/bin/sh
# Builds tools/sliding_figures.c against the header-only face, writes the CSVs and PNGs of docs/pages/sliding.md
# into docs/figures (or $1). No make needed; run from the top of the tree. Needs a C compiler and gnuplot.
set -eu
out=${1:-docs/figures}
cc=${CC:-cc}
mkdir -p build "$out"
$cc -std=c99 -O2 -Iinclude -DDEMC_HEADER_ONLY tools/sliding_figures.c -lm -o build/sliding_figures
./build/sliding_figures "$out"
gnuplot -e "dir='$out'" tools/sliding_figures.gp
echo "sliding figures: $out/sliding_restitution.png, sliding_contact_time.png, sliding_force_control.png"
