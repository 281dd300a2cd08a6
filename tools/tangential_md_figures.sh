#!/bin/sh
# Builds tools/tangential_md_figures.c against the header-only face, writes the CSVs and PNGs of the
# Mindlin–Deresiewicz section of docs/pages/tangential.md into docs/figures (or $1). Run from the top of the tree.
# Needs a C compiler and gnuplot.
set -eu
out=${1:-docs/figures}
cc=${CC:-cc}
mkdir -p build "$out"
$cc -std=c99 -O2 -Iinclude -DDEMC_HEADER_ONLY tools/tangential_md_figures.c -lm -o build/tangential_md_figures
./build/tangential_md_figures "$out"
gnuplot -e "dir='$out'" tools/tangential_md_figures.gp
echo "tangential MD figures: $out/tangential_md_loop.png, tangential_md_restitution.png"
