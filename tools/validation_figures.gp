# Plots of docs/pages/validation.md from the CSVs of tools/validation_figures.c.
# Call: gnuplot -e "dir='docs/figures'" tools/validation_figures.gp
if (!exists("dir")) dir = 'docs/figures'
set datafile separator ','
set terminal pngcairo size 1000,700 noenhanced font ',10'
set grid
set key top left

set output dir.'/validation_001_spin.png'
set multiplot layout 2,2 title '001 example 5.1: spinning sphere on a rigid plane (trapezoidal, dt = 1e-4 s); lines: driver, points: eq 51-54'
set xlabel 't [s]'
set ylabel 'x [m]'
plot dir.'/validation_001_spin.csv' u 1:2 w l lw 2 t 'driver', dir.'/validation_001_spin_analytic.csv' u 1:2 w p pt 7 t 'analytic'
set ylabel 'total rotation about z [rad]'
set key bottom left
plot dir.'/validation_001_spin.csv' u 1:3 w l lw 2 t 'driver', dir.'/validation_001_spin_analytic.csv' u 1:3 w p pt 7 t 'analytic'
set ylabel 'v_x [m/s]'
set key bottom right
plot dir.'/validation_001_spin.csv' u 1:4 w l lw 2 t 'driver', dir.'/validation_001_spin_analytic.csv' u 1:4 w p pt 7 t 'analytic'
set ylabel 'omega_z [rad/s]'
plot dir.'/validation_001_spin.csv' u 1:5 w l lw 2 t 'driver', dir.'/validation_001_spin_analytic.csv' u 1:5 w p pt 7 t 'analytic'
unset multiplot

set output dir.'/validation_001_three.png'
set multiplot layout 3,1 title '001 example 5.2: three spheres rolling into a collision, particle 1 (trapezoidal, dt = 1e-4 s)'
set key off
set ylabel 'radial velocity [m/s]'
plot dir.'/validation_001_three.csv' u 1:2 w l lw 2
set ylabel 'spin about the rolling axis [rad/s]'
plot dir.'/validation_001_three.csv' u 1:3 w l lw 2
set ylabel 'total rotation [rad]'
plot dir.'/validation_001_three.csv' u 1:4 w l lw 2
unset multiplot

set output dir.'/validation_002_restitution.png'
set terminal pngcairo size 700,600 noenhanced font ',10'
set title '002 Fig. 11: measured against desired normal restitution, head-on at 5 m/s (force end rule)'
set xlabel 'desired e'
set ylabel 'measured e'
set key top left
set xrange [0:1]
set yrange [0:1]
plot dir.'/validation_002_restitution.csv' u 1:2 w lp pt 7 t 'LS+D, demc exact map', '' u 1:3 w lp pt 5 t 'HM+D, demc exact map', \
     '' u 1:4 w p pt 9 t 'PLS(B)', '' u 1:5 w lp pt 4 t 'LS+D, Schafer eq 6', x w l dt 2 lc rgb 'gray' t 'measured = desired'
set autoscale
set terminal pngcairo size 1000,700 noenhanced font ',10'

# 000 section 4 and 002: written only when the generator produced their CSVs (assembled models on main).
if (system('test -f '.dir.'/validation_000_force.csv && echo 1 || echo 0') == 1) {
    unset title
    set output dir.'/validation_000_impact.png'
    set multiplot layout 2,2 title '000 section 4: first contact, demc_contact_hm_wall with 000 choices (Newmark PEC, 51 steps per contact, omega_z = +3.6 rad/s)'
    set key top right
    set xlabel 't* = (t - t_c0)/t_c'
    set ylabel 'tangential force F_t [N]'
    plot dir.'/validation_000_force.csv' u 1:2 w lp pt 7 ps 0.5 t 'force-driven', '' u 1:3 w lp pt 5 ps 0.5 t 'displacement-driven', '' u 1:4 w lp pt 9 ps 0.5 t 'velocity-driven', '' u 1:5 w l dt 2 lc rgb 'gray' t '+/- mu F_n', '' u 1:(-$5) w l dt 2 lc rgb 'gray' notitle
    set ylabel 'elastic displacement delta_el [m]'
    plot dir.'/validation_000_force.csv' u 1:6 w lp pt 7 ps 0.5 t 'incremental (eq 43)', '' u 1:7 w lp pt 5 ps 0.5 t 'conventional (eq 42)'
    set ylabel 'F_t [N]'
    set xlabel 'delta_el [m]'
    plot dir.'/validation_000_force.csv' u 6:2 w lp pt 7 ps 0.5 t 'incremental (eq 43)', '' u 7:8 w lp pt 5 ps 0.5 t 'conventional (eq 42)'
    set xlabel 't* = (t - t_c0)/t_c'
    set ylabel 'F_t [N], omega_z = 4.5 rad/s'
    plot dir.'/validation_000_force.csv' u 1:9 w lp pt 7 ps 0.5 t 'force-driven', '' u 1:10 w lp pt 9 ps 0.5 t 'velocity-driven (000 Fig. 9c)'
    unset multiplot
}
if (system('test -f '.dir.'/validation_002_lsd.csv && echo 1 || echo 0') == 1) {
    set output dir.'/validation_002_psi.png'
    set multiplot layout 1,3 title '002: normalised rebound Psi against Theta (V_n = 5 m/s, R = 25 mm, mu = 0.1); dashed: Psi = Theta - 7'
    set key bottom right
    set xlabel 'Theta'
    set ylabel 'Psi'
    set xrange [0:*]
    set yrange [-2:6]
    names = 'LS+D HM+D PLS(B)'
    files = 'lsd hmd plsb'
    do for [k=1:3] {
        set title word(names, k)
        f = dir.'/validation_002_'.word(files, k).'.csv'
        plot f u 2:3 w lp pt 7 t 'e = 0.9', f u 4:5 w lp pt 5 t 'e = 0.5', f u 6:7 w lp pt 9 t 'e = 0.25', \
             x - 7 w l dt 2 lc rgb 'gray' t 'Theta - 7'
    }
    unset multiplot
}
