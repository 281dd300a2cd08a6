#!/bin/sh
# Makes docs/figures/restitution_conventions.png: the restitution that DEM damping conventions produce against the
# one they were asked for (tools/restitution_table.c computes it with demc's exact maps). No make needed:
#     sh tools/restitution_figures.sh        (from the top of the tree; needs cc and gnuplot)
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -O2 -Iinclude -o "$tmp/table" tools/restitution_table.c -lm
"$tmp/table" data > "$tmp/data"
gnuplot <<GP
set terminal pngcairo size 1000,800 font ",13"
set output "docs/figures/restitution_conventions.png"
set xlabel "restitution asked for, e"
set ylabel "restitution obtained"
# The legend below the plot, off the data, in two columns.
set bmargin at screen 0.25
set key at screen 0.5, screen 0.015 center bottom Left reverse horizontal maxcols 2 samplen 2.5 spacing 1.1 box
set grid
set xrange [0:1]; set yrange [0:1]
set xtics 0.1; set ytics 0.1; set mxtics 2; set mytics 2
set title "Damping conventions: contact ends at zero force (solid) or at zero overlap (dashed)"
# LS+D Schäfer coincides with HM+D α = √5 under both rules: it is drawn first, wide and pale, so both stay visible.
plot x title "exact" lc rgb "#888888" lw 6, \
  "$tmp/data" using 1:2 w l lw 9 lc rgb "#d9a6f2" title "LS+D Schäfer (= HM+D α = √5)", \
  "" using 1:3 w l lw 9 dt 2 lc rgb "#d9a6f2" notitle, \
  "" using 1:4 w l lw 3.5 lc rgb "#009e73" title "LS+D Schwager–Pöschel", "" using 1:5 w l lw 2.5 dt 2 lc rgb "#009e73" notitle, \
  "" using 1:6 w l lw 2.5 lc rgb "#56b4e9" title "HM+D, Schäfer γ as is", "" using 1:7 w l lw 2.5 dt 2 lc rgb "#56b4e9" notitle, \
  "" using 1:8 w l lw 2.5 lc rgb "#e69f00" title "HM+D α = √5·|ln e|/√(π²+ln²e)", "" using 1:9 w l lw 2.5 dt 2 lc rgb "#e69f00" notitle, \
  "" using 1:10 w l lw 2.5 lc rgb "#0072b2" title "HM+D α = 2·|ln e|/√(π²+ln²e)", "" using 1:11 w l lw 2.5 dt 2 lc rgb "#0072b2" notitle, \
  "" using 1:14 w l lw 2.5 lc rgb "#d55e00" title "HM+D, Tsuji's polynomial α", "" using 1:15 w l lw 2.5 dt 2 lc rgb "#d55e00" notitle
GP
echo "docs/figures/restitution_conventions.png"
