#!/bin/sh
# Makes the figure of docs/pages/adhesion.md without make: builds the generator header-only against include/,
# writes the CSVs and plots them with gnuplot into docs/figures/. Run from the top of the tree.
set -eu
out=${1:-docs/figures}
cc=${CC:-cc}
mkdir -p build "$out"
$cc -std=c99 -O2 -Wall -Wextra -Werror -DDEMC_HEADER_ONLY -Iinclude tools/adhesion_figures.c -lm \
    -o build/adhesion_figures
./build/adhesion_figures "$out"
command -v gnuplot >/dev/null 2>&1 || { echo "adhesion_figures: gnuplot not found (apt-get install gnuplot-nox)"; exit 1; }
gnuplot -e "dir='$out'" tools/adhesion_figures.gp
echo "adhesion_figures: $out/adhesion_jkr_{branches,loop}.csv and adhesion_jkr_loop.png"
