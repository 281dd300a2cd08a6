# Plots of the Mindlin–Deresiewicz section of docs/pages/tangential.md from the CSVs of tools/tangential_md_figures.c.
# Call: gnuplot -e "dir='docs/figures'" tools/tangential_md_figures.gp
if (!exists("dir")) dir = 'docs/figures'
set datafile separator ','
set terminal pngcairo size 900,600 noenhanced font ',11'
set grid

set output dir.'/tangential_md_loop.png'
set title 'Mindlin-Deresiewicz loop at constant normal force, T*/muP = 0.9 (200 increments per branch)'
set xlabel 'tangential displacement delta_t / delta*'
set ylabel 'T / (mu P)'
set key top left
plot dir.'/tangential_md_loop.csv' u 1:2 w l lw 2 lc rgb '#1f77b4' t 'demc_tangential_md_update (driven by displacement)', \
     '' u 3:2 every 10 w p pt 6 ps 1.2 lc rgb '#d62728' t 'closed form delta(T) of Mindlin & Deresiewicz'

set output dir.'/tangential_md_restitution.png'
set title 'Sphere on a rigid flat (R = 25 mm, E = 70 GPa, nu = 0.3, mu = 0.1, V = 5 m/s, elastic normal)'
set xlabel 'impact angle from the normal [deg]'
set ylabel 'tangential restitution of the contact point  -v_t,r / v_t,i'
set key bottom right
set yrange [-0.6:0.8]
plot dir.'/tangential_md_restitution.csv' u 1:3 w l lw 2 lc rgb '#1f77b4' t 'Mindlin-Deresiewicz (Thornton & Yin 1991)', \
     '' u 1:4 w l lw 2 dt 2 lc rgb '#2ca02c' t 'no-slip incremental Mindlin k_t = 8G*a with Coulomb limit'
