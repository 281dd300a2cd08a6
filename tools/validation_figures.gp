# Plots of docs/pages/validation.md from the CSVs of tools/validation_figures.c.
# Call: gnuplot -e "dir='docs/figures'" tools/validation_figures.gp
if (!exists("dir")) dir = 'docs/figures'
set datafile separator ','
set terminal pngcairo size 1000,700 noenhanced font ',12'
set grid
set key top left

set output dir.'/validation_001_spin.png'
set multiplot layout 2,2 title "[Campello 2015] example 5.1: spinning sphere on a rigid plane (trapezoidal, dt = 1e-4 s)\nlines: driver, points: eq 51-54"
set xlabel 't [s]'
set ylabel 'x [m]'
plot dir.'/validation_001_spin.csv' u 1:2 w l lw 2 t 'driver', dir.'/validation_001_spin_analytic.csv' u 1:2 w p pt 7 t 'analytic'
set ylabel 'total rotation about z [rad]'
set key bottom left
plot dir.'/validation_001_spin.csv' u 1:3 w l lw 2 t 'driver', dir.'/validation_001_spin_analytic.csv' u 1:3 w p pt 7 t 'analytic'
set ylabel 'v_x [m/s]'
set key bottom right
plot dir.'/validation_001_spin.csv' u 1:4 w l lw 2 t 'driver', dir.'/validation_001_spin_analytic.csv' u 1:4 w p pt 7 t 'analytic'
set ylabel 'ω_z [rad/s]'
plot dir.'/validation_001_spin.csv' u 1:5 w l lw 2 t 'driver', dir.'/validation_001_spin_analytic.csv' u 1:5 w p pt 7 t 'analytic'
unset multiplot

set output dir.'/validation_001_three.png'
set multiplot layout 3,1 title '[Campello 2015] example 5.2: three spheres rolling into a collision, particle 1 (trapezoidal, dt = 1e-4 s)'
set key off
set ylabel 'radial velocity [m/s]'
plot dir.'/validation_001_three.csv' u 1:2 w l lw 2
set ylabel 'spin about the rolling axis [rad/s]'
plot dir.'/validation_001_three.csv' u 1:3 w l lw 2
set ylabel 'total rotation [rad]'
plot dir.'/validation_001_three.csv' u 1:4 w l lw 2
unset multiplot

set output dir.'/validation_002_restitution.png'
set terminal pngcairo size 760,650 noenhanced font ',12'
set title "[Cummins 2012] Fig. 11: restitution measured against desired,\nhead-on at 5 m/s, contact ends at zero force"
set xlabel 'desired e'
set ylabel 'measured e'
set key top left
set xrange [0:1]
set yrange [0:1]
plot x w l lw 4 lc rgb '#b0b0b0' t 'measured = desired', \
     dir.'/validation_002_restitution.csv' u 1:3 w lp lc 2 pt 5 t 'HM+D, demc exact map', '' u 1:4 w p lc 3 pt 9 t 'PLS(B)', \
     '' u 1:5 w lp lc 4 pt 4 t 'LS+D, Schäfer eq 6', '' u 1:2 w lp lc 1 pt 6 ps 1.8 t 'LS+D, demc exact map'
set autoscale
set title

# [Zabulionis 2012] section 4 and [Cummins 2012]: written only when the generator produced their CSVs.
if (system('test -f '.dir.'/validation_000_force.csv && echo 1 || echo 0') == 1) {
    set terminal pngcairo size 1100,980 noenhanced font ',12'
    set output dir.'/validation_000_impact.png'
    set multiplot layout 2,2 title "[Zabulionis 2012] section 4, first contact: the HM preset (demc_contact_eval) with the paper's choices\n(Newmark PEC, 51 steps per contact, ω_z = +3.6 rad/s)\n"
    # Legends above each panel, off the data; coinciding curves: open circles around the smaller filled marks.
    set key outside top center horizontal maxcols 2 samplen 2.5
    set xrange [0:1]
    set xtics 0.2
    set xlabel 't* = (t − t_c0)/t_c'
    set ylabel 'tangential force F_t [N]'
    plot dir.'/validation_000_force.csv' u 1:5 w l lw 1.5 dt 2 lc rgb '#666666' t '± μ F_n', '' u 1:(-$5) w l lw 1.5 dt 2 lc rgb '#666666' notitle, \
         '' u 1:3 w lp lw 1.5 lc 2 pt 5 ps 0.5 t 'displacement-driven', '' u 1:4 w lp lw 1.5 lc 3 pt 9 ps 0.6 t 'velocity-driven', \
         '' u 1:2 w lp lw 1 lc 1 pt 6 ps 1.3 t 'force-driven'
    set ylabel 'elastic displacement δ_el [µm]'
    plot dir.'/validation_000_force.csv' u 1:($6*1e6) w lp lw 1.5 pt 7 ps 0.6 t 'incremental (eq 43)', '' u 1:($7*1e6) w lp lw 1.5 pt 5 ps 0.6 t 'conventional (eq 42)'
    set ylabel 'F_t [N]'
    set xlabel 'δ_el [µm]'
    set autoscale x
    set xtics autofreq 20
    plot dir.'/validation_000_force.csv' u ($6*1e6):2 w lp lw 1.5 pt 7 ps 0.6 t 'incremental (eq 43)', '' u ($7*1e6):8 w lp lw 1.5 pt 5 ps 0.6 t 'conventional (eq 42)'
    set xrange [0:1]
    set xtics 0.2
    set xlabel 't* = (t − t_c0)/t_c'
    set ylabel 'F_t [N] at ω_z = 4.5 rad/s'
    plot dir.'/validation_000_force.csv' u 1:10 w lp lw 1.5 lc 3 pt 9 ps 0.6 t 'velocity-driven (paper Fig. 9c)', '' u 1:9 w lp lw 1 lc 1 pt 6 ps 1.3 t 'force-driven'
    unset multiplot
    set autoscale
    set xtics autofreq
}
if (system('test -f '.dir.'/validation_002_lsd.csv && echo 1 || echo 0') == 1) {
    set terminal pngcairo size 1100,620 noenhanced font ',12'
    set output dir.'/validation_002_psi.png'
    set multiplot layout 1,3 title '[Cummins 2012]: normalised rebound Ψ against Θ (V_n = 5 m/s, R = 25 mm, μ = 0.1)'
    set key inside top left Left reverse samplen 2.5
    set xlabel 'Θ'
    set ylabel 'Ψ'
    set xrange [0:14]
    set yrange [-2:6]
    set xtics 2
    names = 'LS+D HM+D PLS(B)'
    files = 'lsd hmd plsb'
    do for [k=1:3] {
        set title word(names, k)
        f = dir.'/validation_002_'.word(files, k).'.csv'
        # The reference line first, wide and dark, so the points stay on top of it and it shows between them.
        plot x - 7 w l lw 6 lc rgb '#a0a0a0' t 'Ψ = Θ − 7 (sliding)', \
             f u 2:3 w lp pt 7 ps 0.8 t 'e = 0.9', f u 4:5 w lp pt 5 ps 0.8 t 'e = 0.5', f u 6:7 w lp pt 9 ps 0.8 t 'e = 0.25'
    }
    unset multiplot
}
