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
