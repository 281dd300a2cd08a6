#!/bin/sh
# Makes the time-step figures of docs/pages/timestep.md without make: builds the generator header-only against
# include/, writes the CSVs and plots them with gnuplot into docs/figures/. Run from the top of the tree.
set -eu
out=${1:-docs/figures}
cc=${CC:-cc}
mkdir -p build "$out"
$cc -std=c99 -O2 -Wall -Wextra ${WERROR:-} -DDEMC_HEADER_ONLY -Iinclude tools/timestep_figures.c -lm \
    -o build/timestep_figures
./build/timestep_figures "$out"
command -v gnuplot >/dev/null 2>&1 || { echo "timestep_figures: gnuplot not found (apt-get install gnuplot-nox)"; exit 1; }
gnuplot -e "dir='$out'" tools/timestep_figures.gp
echo "timestep_figures: $out/timestep_{powder,glass}.csv and _{undamped,damped}.png"
