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
set terminal pngcairo size 900,620 font ",10"
set output "docs/figures/restitution_conventions.png"
set xlabel "restitution asked for"
set ylabel "restitution obtained"
set key left top box opaque
set grid
set xrange [0:1]; set yrange [0:1]
set title "Damping conventions: force-end rule (solid) and overlap-end rule (dashed)"
plot x title "exact" lc rgb "black" lw 1, \
  "$tmp/data" using 1:2 w l lw 2 lc 1 title "LS+D Schäfer", "" using 1:3 w l lw 2 dt 2 lc 1 notitle, \
  "" using 1:4 w l lw 2 lc 2 title "LS+D Schwager-Pöschel", "" using 1:5 w l lw 2 dt 2 lc 2 notitle, \
  "" using 1:6 w l lw 2 lc 3 title "HM+D Schäfer as is", "" using 1:7 w l lw 2 dt 2 lc 3 notitle, \
  "" using 1:8 w l lw 2 lc 4 title "HM+D alpha = sqrt5 |ln e|/sqrt(pi^2+ln^2 e)", "" using 1:9 w l lw 2 dt 2 lc 4 notitle, \
  "" using 1:10 w l lw 2 lc 6 title "HM+D alpha = 2 |ln e|/sqrt(pi^2+ln^2 e)", "" using 1:11 w l lw 2 dt 2 lc 6 notitle, \
  "" using 1:14 w l lw 2 lc 7 title "HM+D alpha = Tsuji polynomial", "" using 1:15 w l lw 2 dt 2 lc 7 notitle
GP
echo "docs/figures/restitution_conventions.png"
