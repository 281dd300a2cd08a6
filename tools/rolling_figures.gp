# Plots of docs/pages/rolling.md from the CSVs of tools/rolling_figures.c. Call: gnuplot -e "dir='docs/figures'" tools/rolling_figures.gp
if (!exists("dir")) dir = 'docs/figures'
set datafile separator ','
set terminal pngcairo size 900,600 noenhanced font ',11'
set grid

set output dir.'/rolling_deceleration.png'
set title 'Solid sphere rolling on a flat: R = 5 mm, mu_r = 0.05, v0 = 0.1 m/s (closed form: a = (5/7) mu_r g)'
set xlabel 't [s]'
set ylabel 'centre velocity [m/s]'
set key top right
plot dir.'/rolling_deceleration.csv' u 1:5 w l lw 6 lc rgb '#cccccc' t 'closed form v0 - (5/7) mu_r g t', \
     '' u 1:2 w l lw 2 lc rgb '#d62728' t 'CDT (as published)', \
     '' u 1:3 w l lw 2 dt 2 lc rgb '#1f77b4' t 'CDT with inertia limiter', \
     '' u 1:4 w l lw 2 dt 3 lc rgb '#2ca02c' t 'EPSD (k_n = 1e5 N/m, eta_r = 0.3)'

set output dir.'/rolling_stop.png'
set terminal pngcairo size 900,900 noenhanced font ',11'
set multiplot layout 2,1
set title 'Around the stop (every step, dt = 10 us)'
set xlabel 't - t_stop [ms]'
set ylabel 'R omega [mm/s]'
set key top right
plot dir.'/rolling_stop.csv' u 1:2 w l lw 1 lc rgb '#d62728' t 'CDT (as published)', \
     '' u 1:3 w l lw 2 dt 2 lc rgb '#1f77b4' t 'CDT with inertia limiter', \
     '' u 1:4 w l lw 2 lc rgb '#2ca02c' t 'EPSD'
set title 'Zoom: CDT as published flips the sign of omega every step; with the limiter it settles'
set yrange [-0.006:0.006]
set xrange [-0.5:4]
plot dir.'/rolling_stop.csv' u 1:2 w lp lw 1 pt 7 ps 0.4 lc rgb '#d62728' t 'CDT (as published)', \
     '' u 1:3 w lp lw 2 pt 6 ps 0.4 lc rgb '#1f77b4' t 'CDT with inertia limiter'
unset multiplot
