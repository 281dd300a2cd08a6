# Time-step figures of docs/pages/timestep.md ([Burns 2019] Figures 3, 4, 9, 10) from the CSVs of timestep_figures.c.
# Usage: gnuplot -e "dir='docs/figures'" tools/timestep_figures.gp
if (!exists("dir")) dir = 'docs/figures'
set datafile separator ','
set terminal pngcairo size 800,560 font ',11'
set logscale xy
set format x '10^{%T}'
set format y '10^{%T}'
set xlabel 'initial relative velocity v_i (m/s)'
set ylabel 'critical time step {/Symbol D}t_c (s)'
set grid
set key bottom left

# columns: 1 v, 2 Rayleigh, then per damping constant j = 0, 1, 2: 3+4j critical, 5+4j probe
do for [set in 'powder glass'] {
    file = sprintf('%s/timestep_%s.csv', dir, set)
    c1 = (set eq 'powder') ? '0.1' : '100'
    c2 = (set eq 'powder') ? '0.5' : '200'
    title_set = (set eq 'powder') ? 'industrial powder ([Burns 2019] Fig. 3)' : 'glass ballotini ([Burns 2019] Fig. 4)'
    set output sprintf('%s/timestep_%s_undamped.png', dir, set)
    set title sprintf('%s, undamped', title_set)
    plot file using 1:3 with lines lw 2 lc rgb '#1f77b4' title '{/Symbol D}t_c = min(eq 62, 65, 68)', \
         file using 1:5 every 4 with points pt 7 ps 0.8 lc rgb '#1f77b4' title 'probe (map iterated, 1 % energy)', \
         file using 1:2 with lines dt 2 lw 2 lc rgb 'black' title 'Rayleigh (eq 78)'
    title_set = (set eq 'powder') ? 'industrial powder ([Burns 2019] Fig. 9)' : 'glass ballotini ([Burns 2019] Fig. 10)'
    set output sprintf('%s/timestep_%s_damped.png', dir, set)
    set title sprintf('%s, c_1 = c_2 = c_3 = 0, %s, %s kg/s', title_set, c1, c2)
    plot file using 1:3 with lines lw 2 lc rgb '#1f77b4' title 'c = 0', \
         file using 1:7 with lines lw 2 lc rgb '#ff7f0e' title sprintf('c = %s kg/s', c1), \
         file using 1:11 with lines lw 2 lc rgb '#2ca02c' title sprintf('c = %s kg/s', c2), \
         file using 1:9 every 4 with points pt 7 ps 0.8 lc rgb '#ff7f0e' title 'probe', \
         file using 1:13 every 4 with points pt 7 ps 0.8 lc rgb '#2ca02c' notitle, \
         file using 1:2 with lines dt 2 lw 2 lc rgb 'black' title 'Rayleigh (eq 78)'
}
