# Plots of docs/pages/facet.md from the CSVs of tools/facet_figures.c. Call: gnuplot -e "dir='docs/figures'" tools/facet_figures.gp
if (!exists("dir")) dir = 'docs/figures'
set datafile separator ','
set terminal pngcairo size 800,700 noenhanced font ',11'

set output dir.'/facet_regions.png'
set title 'Region of the closest point of triangle x0=(0,0), x1=(1,0), x2=(0.3,0.8) to a centre 0.2 above (x, y)'
set xlabel 'x'
set ylabel 'y'
set size ratio -1
set xrange [-0.6:1.6]
set yrange [-0.5:1.4]
set palette defined (0 '#ffffff', 1 '#9ecae1', 2 '#a1d99b', 3 '#fdae6b', 4 '#de2d26', 5 '#756bb1', 6 '#636363')
set cbrange [-0.5:6.5]
set palette maxcolors 7
set cbtics ('face' 0, 'edge 01' 1, 'edge 12' 2, 'edge 20' 3, 'vertex 0' 4, 'vertex 1' 5, 'vertex 2' 6)
unset key
set object 1 polygon from 0,0 to 1,0 to 0.3,0.8 to 0,0 front fillstyle empty border lc rgb 'black' lw 2
plot dir.'/facet_regions.csv' u 1:2:3 w image
unset object 1
unset cbtics
set size noratio

set output dir.'/facet_crossing.png'
set terminal pngcairo size 900,800 noenhanced font ',11'
set multiplot layout 2,1
set title 'Flat square of two triangles, centre 0.9 above it crossing the diagonal at s = 0 (R = 1, Hertz K = 1)'
set xlabel 'path coordinate s'
set ylabel 'normal force'
set xrange [-1.2:1.2]
set autoscale y
set key top right
plot dir.'/facet_crossing.csv' u 1:4 w l lw 2 lc rgb '#d62728' t 'sum over both facets (no rule)', \
     '' u 1:3 w l lw 2 lc rgb '#1f77b4' t 'kept contact (demc_facet_reduce)', \
     '' u 1:6 every 40 w p pt 6 lc rgb 'black' t 'plane wall'
set title 'Convex roof ridge (slopes ±0.35 rad): the centre rolls over it at distance 0.9 (overlap 0.1), ridge at s = 0'
set ylabel 'normal force / normal angle [rad]'
plot dir.'/facet_crossing.csv' u 1:9 w l lw 2 lc rgb '#d62728' t 'sum over both facets (no rule)', \
     '' u 1:8 w l lw 2 lc rgb '#1f77b4' t 'kept contact (demc_facet_reduce)', \
     '' u 1:11 w l lw 2 dt 2 lc rgb '#2ca02c' t 'angle of the kept normal from z'
unset multiplot
