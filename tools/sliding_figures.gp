# Plots of docs/pages/sliding.md from the CSVs of tools/sliding_figures.c. Call: gnuplot -e "dir='docs/figures'" tools/sliding_figures.gp
if (!exists("dir")) dir = 'docs/figures'
set datafile separator ','
set terminal pngcairo size 900,600 noenhanced font ',11'
set grid
set key bottom right

set output dir.'/sliding_restitution.png'
set title "Tangential restitution e_s vs entry velocity ([Balevičius 2014] Fig. 7, 10)\nk_n = 1, R = 1, μ = 0.6, y0/R = 0.86, m = 1"
set xlabel 'entry velocity v0 [m/s]'
set ylabel 'e_s'
set yrange [0:1.05]
plot dir.'/sliding_restitution.csv' u 1:2 w l lw 2 lc rgb '#1f77b4' t 'line, accurate', \
     '' u 1:3 every 10 w p pt 6 lc rgb '#1f77b4' t 'line, eq 20', \
     '' u 1:4 w l lw 2 lc rgb '#2ca02c' t 'eccentric k=0.8, accurate', \
     '' u 1:5 every 10 w p pt 4 lc rgb '#2ca02c' t 'eccentric k=0.8, eq 35', \
     '' u 1:6 w l lw 2 lc rgb '#d62728' t 'eccentric k=0.3, accurate', \
     '' u 1:7 every 10 w p pt 8 lc rgb '#d62728' t 'eccentric k=0.3, eq 35'

set output dir.'/sliding_contact_time.png'
set title 'Contact time vs entry velocity ([Balevičius 2014] Fig. 8, 11)'
set ylabel 'contact time t_c [s]'
set key top right
set yrange [0:*]
set logscale y
set yrange [0.5:50]
plot dir.'/sliding_contact_time.csv' u 1:2 w l lw 2 lc rgb '#1f77b4' t 'line, accurate', \
     '' u 1:3 every 10 w p pt 6 lc rgb '#1f77b4' t 'line, 5-node eq 25', \
     '' u 1:4 w l lw 2 lc rgb '#2ca02c' t 'eccentric k=0.8, accurate', \
     '' u 1:5 every 10 w p pt 4 lc rgb '#2ca02c' t 'eccentric k=0.8, 5-node eq 25 with eq 31', \
     '' u 1:6 w l lw 2 lc rgb '#d62728' t 'eccentric k=0.3, accurate', \
     '' u 1:7 every 10 w p pt 8 lc rgb '#d62728' t 'eccentric k=0.3, 5-node eq 25 with eq 31'
unset logscale y

set output dir.'/sliding_force_control.png'
set title "Force control of rigid spheres: contact time vs driving force ([Balevičius 2014] Fig. 15)\nQ = 1 N, R = 1 m, μ = 0.6, y0/R = 0.86"
set xlabel 'T0 / T_mu'
set ylabel 'contact time t_c [s]'
set yrange [0:*]
plot dir.'/sliding_force_control.csv' u 1:4 w l lw 2 t 'system 38 (accurate)', \
     '' u 1:5 w l lw 2 dt 2 t 'eq 47 (centrifugal term dropped)'
