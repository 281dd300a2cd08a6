# The JKR force–overlap loop of docs/pages/adhesion.md from the CSVs of adhesion_figures.c.
# Usage: gnuplot -e "dir='docs/figures'" tools/adhesion_figures.gp
if (!exists("dir")) dir = 'docs/figures'
set datafile separator ','
set terminal pngcairo size 860,600 font ',11'
set output sprintf('%s/adhesion_jkr_loop.png', dir)
set title 'JKR normal force against overlap (units: pull-off force F_c, jump-off distance |{/Symbol d}_c|)'
set xlabel 'overlap {/Symbol d} / |{/Symbol d}_c|'
set ylabel 'normal force F / F_c  (> 0 repulsive)'
set grid
set key top left
set xrange [-1.6:3]
set yrange [-1.6:4]
set arrow 1 from -1.4,0.15 to -0.4,0.15 lc rgb '#555555'
set label 1 'approach: no force until touch' at -1.5,0.4 tc rgb '#555555'
set arrow 2 from 0,0 to 0,-0.86 lc rgb '#d62728' lw 1.5
set label 2 'snap-in at {/Symbol d} = 0' at 0.1,-0.55 tc rgb '#d62728'
set arrow 3 from -1,-0.5556 to -1,-0.05 lc rgb '#d62728' lw 1.5
set label 3 'jump-off at {/Symbol d}_c, F = -5/9 F_c' at -1.55,-1.15 tc rgb '#d62728'
set label 4 'pull-off under force control, F = -F_c' at -0.55,-1.3 tc rgb '#1f77b4'
plot sprintf('%s/adhesion_jkr_branches.csv', dir) using ($4 == 1 ? $2 : 1/0):3 with lines lw 2.5 lc rgb '#1f77b4' title 'JKR, stable branch', \
     '' using ($4 == 0 ? $2 : 1/0):3 with lines dt 2 lw 2 lc rgb '#1f77b4' title 'JKR, unstable branch', \
     '' using 2:5 with lines dt 3 lw 2 lc rgb 'black' title 'Hertz (w = 0)', \
     '' using 2:(($2 > 0) ? $6 : 1/0) with lines dt 4 lw 2 lc rgb '#2ca02c' title 'DMT, same w (pull-off -4/3 F_c at {/Symbol d} = 0)', \
     sprintf('%s/adhesion_jkr_loop.csv', dir) using 1:2 every 7 with points pt 6 ps 0.6 lc rgb '#d62728' title 'displacement control (demc\_adhesion\_jkr\_update)', \
     '-' using 1:2 with points pt 7 ps 1.6 lc rgb '#d62728' notitle
-1,-0.5555556
-0.4807499,-1
e
