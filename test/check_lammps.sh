#!/bin/sh
# make check-lammps: demc inside Debian's unmodified LAMMPS (docs/examples/lammps), against LAMMPS's own
# pair_style granular (hertz/material ... tangential mindlin ... damping tsuji), on 1 and 2 MPI ranks. Checks (page
# "Using demc in LAMMPS"):
#   1 head-on collision under LAMMPS's conventions and its Tsuji damping map: the rebound velocity and the largest
#     overlap equal the native model's in every printed digit (%.17g), with both end rules (the native default, the
#     force allowed to pull; and limit_damping, demc's force end rule);
#   2 head-on collision with demc's exact damping map: e = the requested 0.5 within 5e-4, demc's and LAMMPS's
#     conventions;
#   3 two spheres drifting across the rank boundary while in contact: 2 ranks equal 1 rank bit for bit (every step's
#     overlap and the final state);
#   4 the three ways to run it agree bit for bit: /usr/bin/lmp with the loader, the host program linked to libdemc,
#     the host program with demc header-only;
#   5 1000 spheres fall onto a floor for 4000 steps, split in x on 2 ranks (processors 2 1 1): demc on 2 ranks equals 1 rank to 8 digits in mean height (1e-8) and 7 in kinetic energy (1e-7, the more
#     chaotic of the two: measured 9e-9), no warning (demc's rules on friction:
#     under LAMMPS's two, printed as a figure, the pack amplifies rounding as native's does; see PACK_PAIR);
#     under conventions lammps, mean height within 1 % and coordination number (compute contact/atom) within 3 % of
#     native; demc_contact_eval_batch() (eval batch, the default) equals one call per pair (eval single) in every thermo row
#     on 1 and 2 ranks; the pair times (native, the batch linked and header-only, 1 and 2 ranks) are printed (a
#     figure, not pass/fail);
#   6 fix pour inserts 400 spheres into a running simulation (an empty box at the start), 1 and 2 ranks: the same
#     number of atoms as native, demc on 2 ranks equal to 1 rank to 6 digits in mean height and kinetic energies;
#   7 oblique impacts where LAMMPS's rules are expressible in demc (limit_damping / end force; no tangential dashpot
#     with gross sliding, or the dashpot without gross sliding): rebound velocity and spin within 1e-12 of native;
#   8 restart (restart.in): run N + M in one input = run N, write_restart, read_restart, run M, bit for bit on 1 and
#     2 ranks.
#   9 the laws of 1.x as options (spin.in, collision.in): rolling CDT and twisting SDS decelerate a spinning sphere at
#     their closed-form rates (1e-6); rolling SDS, twisting SDS and twisting Marshall equal native (1e-12); a JKR pair
#     sticks below the sticking velocity of the JKR cycle loss and rebounds with e = sqrt(1 - (v_s/v)^2) above it;
#  10 the exact tangential law (tangential mdr): an impact sliding throughout rebounds as the spring's (1e-9) and with
#     Coulomb's tangential impulse (1 %), and 2 ranks equal 1 rank bit for bit across the rank boundary;
#  11 oblique impacts under LAMMPS's defaults (the force may pull, x_gammat = 1; sliding 0.5 and 0.1 m/s) with
#     conventions lammps (its two rules on friction: the memory mu F_n t - F_d on slip, the load |F_n|): rebound
#     velocity and spin within 1e-12 of native (issue 31 asked for 1e-4 in v_x and 2 % in spin); the keywords coulomb
#     and coulomb_load set the rules alone (demc's rules back: 7.7e-3 off in v_x at 0.5 m/s);
#  12 conventions liggghts equals the seven keywords it stands for, bit for bit.
# Usage: sh test/check_lammps.sh BUILD_DIR   (after make lammps-demc; from the top of the tree). Exit 0 when every
# check passes. Open MPI: root needs the two ALLOW variables; plm=isolated starts the ranks on this machine without ssh.
set -u
B=${1:-build/lammps}
EX="$PWD/docs/examples/lammps"
SO="$PWD/$B/libdemc_lammps.so"
HOST="$PWD/$B/lammps-demc"
HDR="$PWD/$B/lammps-demc-header"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_plm=isolated
W=$(mktemp -d) || exit 1
trap 'rm -rf "$W"' EXIT
NATIVE='hertz/material 5e6 0.5 0.3 tangential mindlin NULL 1.0 0.4 damping tsuji'
COEFF='E 5e6 nu 0.3 e 0.5 mu 0.4'
PAIR='gran/demc hmd conventions lammps'
# The packs of checks 5 and 6 compare 2 ranks with 1 to 8 digits: that needs dynamics that do not amplify the
# rounding of the ghosts' force sums (2 ranks add them in another order) too fast. LAMMPS's two rules on friction
# (the memory mu F_n t - F_d on slip, the load |F_n|) do: under them demc's pack is 5e-6 apart in mean height and 6e-4
# in kinetic energy at step 4000 (native's is 4e-3 apart), 1e-10 under demc's own rules. Checks 5 and 6 take demc's
# rules (the rank machinery is what they test); the pack under LAMMPS's full rules is a figure after check 5.
PACK_PAIR="$PAIR coulomb total coulomb_load positive"
fails=0
ok() { echo "lammps check $1: ok ($2)"; }
bad() { echo "lammps check $1: FAILED ($2)"; fails=$((fails + 1)); }
# run NAME RANKS WHO VAR...: one run of $INPUT (collision.in unless set) in $W, log $W/NAME.log, dump $W/NAME.dump.
# WHO: native (/usr/bin/lmp), loader (/usr/bin/lmp running an input that includes load_demc.lmp, then the example),
# host (lammps-demc), header (lammps-demc-header)
run() {
    name=$1 np=$2 who=$3; shift 3
    input=${INPUT:-collision.in}
    printf 'include %s/load_demc.lmp\ninclude %s/%s\n' "$EX" "$EX" "$input" >"$W/loaded.lmp"
    case $who in
        native) set -- lmp -in "$EX/$input" "$@" ;;
        loader) set -- lmp -var demc_so "$SO" -in "$W/loaded.lmp" "$@" ;;
        host) set -- "$HOST" -in "$EX/$input" "$@" ;;
        header) set -- "$HDR" -in "$EX/$input" "$@" ;;
    esac
    [ "$np" -gt 1 ] && set -- mpirun -np "$np" "$@"
    (cd "$W" && "$@" -echo none -screen none -log "$name.log" -var dumpfile "$name.dump" >"$name.out" 2>&1) || {
        echo "  run $name failed:"; tail -n 5 "$W/$name.out" "$W/$name.log" 2>/dev/null | sed 's/^/    /'; return 1; }
}
rows() { awk '/^ *Step/{f=1; next} /^Loop/{f=0} f && $1 ~ /^[0-9]+$/' "$W/$1.log"; }
maxov() { rows "$1" | awk '$2>m{m=$2} END{printf "%.17g", m}'; }
vx1() { awk '$1==1{print $5}' "$W/$1.dump"; }
# e = -(v1 - v2)/vn after the collision (v2 = -v1 by symmetry)
rest() { awk -v v="$(vx1 "$1")" 'BEGIN{printf "%.15f", -2 * v / 0.5}'; }
le() { awk -v a="$1" -v b="$2" 'BEGIN{exit !(a<=b)}'; }

# 1 head-on, LAMMPS's conventions and Tsuji map, both end rules
for end in overlap force; do
    if [ $end = overlap ]; then nat="$NATIVE"; pair="$PAIR"; else nat="$NATIVE limit_damping"; pair="$PAIR end force"; fi
    run n_$end 1 native -var coeff "$nat" && run d_$end 1 loader -var pair "$pair" -var coeff "$COEFF" || exit 1
    if [ "$(vx1 n_$end)" = "$(vx1 d_$end)" ] && [ "$(maxov n_$end)" = "$(maxov d_$end)" ] && [ -n "$(vx1 d_$end)" ]; then
        ok "1 head-on, end $end" "e = $(rest d_$end) as native (rebound $(vx1 d_$end) m/s, max overlap $(maxov d_$end) m, every digit)"
    else bad "1 head-on, end $end" "rebound $(vx1 n_$end) vs $(vx1 d_$end), max overlap $(maxov n_$end) vs $(maxov d_$end)"; fi
done

# 2 head-on, demc's exact map: e = 0.5
for conv in demc lammps; do
    run e_$conv 1 loader -var pair "gran/demc hmd conventions $conv damping_map exact" -var coeff "$COEFF" || exit 1
    e=$(rest e_$conv)
    if le "$(awk -v e="$e" 'BEGIN{d=e-0.5; print (d<0?-d:d)}')" 5e-4; then ok "2 exact map, conventions $conv" "e = $e for 0.5"
    else bad "2 exact map, conventions $conv" "e = $e for 0.5"; fi
done

# 3 across the rank boundary (x = 0 with 2 ranks): the pair drifts at 2 m/s and sphere 1 changes rank in contact
set -- -var pair "$PAIR" -var coeff "$COEFF" -var vt 0.5 -var drift 2 -var x0 0.0006
run b1 1 loader "$@" && run b2 2 loader "$@" || exit 1
crossed=$(rows b2 | awk '$2>0 && $3<0 {a=1} $2>0 && $3>0 {b=1} END{print a+b}')
if [ "$crossed" = 2 ] && cmp -s "$W/b1.dump" "$W/b2.dump" && [ "$(rows b1 | md5sum)" = "$(rows b2 | md5sum)" ] &&
    grep -q "on 2 procs" "$W/b2.log"; then
    ok "3 rank boundary" "2 ranks = 1 rank bit for bit, every step's overlap and the final state; sphere 1 changed rank in contact"
else bad "3 rank boundary" "crossed in contact: $crossed/2; final states $(cmp -s "$W/b1.dump" "$W/b2.dump" && echo equal || echo differ)"; fi

# 4 loader, host program (linked), host program (header-only): the oblique collision of check 3, bit for bit
run h1 1 host "$@" && run x1 1 header "$@" || exit 1
if cmp -s "$W/b1.dump" "$W/h1.dump" && cmp -s "$W/b1.dump" "$W/x1.dump" && grep -q "(header-only)" "$W/x1.log" &&
    grep -q "(linked)" "$W/h1.log"; then
    ok "4 loader = host program" "lmp with the loader, the linked and the header-only host program: the same final state bit for bit"
else bad "4 loader = host program" "final states differ"; fi

# 5 the pack, 1 and 2 ranks
INPUT=pack.in
run pn1 1 native && run pd1 1 loader -var pair "$PACK_PAIR" -var coeff "$COEFF" &&
    run pd2 2 loader -var pair "$PACK_PAIR" -var coeff "$COEFF" &&
    run pl1 1 loader -var pair "$PAIR" -var coeff "$COEFF" && run pl2 2 loader -var pair "$PAIR" -var coeff "$COEFF" || exit 1
last() { rows "$1" | tail -n 1; }
rel() { awk -v a="$1" -v b="$2" 'BEGIN{d=a-b; if(d<0)d=-d; m=(a<0?-a:a); printf "%.3g", (m>0?d/m:d)}'; }
z1=$(last pd1 | awk '{print $5}'); z2=$(last pd2 | awk '{print $5}'); zn=$(last pn1 | awk '{print $5}')
k1=$(last pd1 | awk '{printf "%.12g", $3 + $4}'); k2=$(last pd2 | awk '{printf "%.12g", $3 + $4}')
rz=$(rel "$z1" "$z2"); rk=$(rel "$k1" "$k2"); rn=$(rel "$zn" "$z1")
warn=$(cat "$W/pd1.log" "$W/pd2.log" | grep -ci warning)
if [ "$(last pd1 | awk '{print $2}')" = 1000 ] && [ "$(last pd2 | awk '{print $2}')" = 1000 ] && le "$rz" 1e-8 &&
    le "$rk" 1e-7 && le "$rn" 0.01 && [ "$warn" = 0 ] && grep -q "2 by 1 by 1" "$W/pd2.log"; then
    ok "5 pack" "2 ranks vs 1: mean height rel. diff. $rz, kinetic energy $rk; mean height $z1 m vs native $zn (rel. $rn)"
else bad "5 pack" "2 ranks vs 1: mean height $z1 vs $z2 ($rz), kinetic energy $k1 vs $k2 ($rk); native $zn ($rn); warnings $warn"; fi
# the pack's statistics against native under the same physics (conventions lammps, both of LAMMPS's rules): mean
# height within 1 %, coordination number (compute contact/atom, touching pairs per atom) within 3 %. (With demc's
# rules on friction the still-settling pack's coordination is 6 % lower at step 4000: friction rules move it.)
zl=$(last pl1 | awk '{print $5}'); cl=$(last pl1 | awk '{print $6}'); cn=$(last pn1 | awk '{print $6}')
if [ -n "$cl" ] && [ -n "$cn" ] && le "$(rel "$zn" "$zl")" 0.01 && le "$(rel "$cn" "$cl")" 0.03; then
    ok "5 pack statistics" "conventions lammps: mean height $zl m vs native $zn (rel. $(rel "$zn" "$zl")), coordination $cl vs native $cn (rel. $(rel "$cn" "$cl"))"
else bad "5 pack statistics" "mean height ${zl:-?} vs native $zn, coordination ${cl:-?} vs native ${cn:-?}"; fi
# the batch (demc_contact_eval_batch(), the default where it applies) and the one-call path: the same pack in every
# printed digit, 1 rank and 2 (demc's own conventions: contact_velocity full, of conventions lammps, is one-call only)
run pb1 1 loader -var pair "gran/demc hmd" -var coeff "$COEFF" && run ps1 1 loader -var pair "gran/demc hmd eval single" -var coeff "$COEFF" &&
    run pb2 2 loader -var pair "gran/demc hmd" -var coeff "$COEFF" && run ps2 2 loader -var pair "gran/demc hmd eval single" -var coeff "$COEFF" || exit 1
if [ "$(rows pb1 | md5sum)" = "$(rows ps1 | md5sum)" ] && [ "$(rows pb2 | md5sum)" = "$(rows ps2 | md5sum)" ] && [ -n "$(last pb2)" ]; then
    ok "5 pack, batch = one-call" "every thermo row equal on 1 and 2 ranks (final mean height $(last pb1 | awk '{print $5}') m)"
else bad "5 pack, batch = one-call" "rows differ: $(last pb1) vs $(last ps1); 2 ranks $(last pb2) vs $(last ps2)"; fi
echo "lammps pack under LAMMPS's rules (conventions lammps), step 4000: mean height $(last pl1 | awk '{print $5}') m vs native $zn" \
    "(rel. $(rel "$zn" "$(last pl1 | awk '{print $5}')")); 2 ranks vs 1: mean height $(rel "$(last pl1 | awk '{print $5}')" "$(last pl2 | awk '{print $5}')")," \
    "kinetic energy $(rel "$(last pl1 | awk '{printf "%.12g", $3 + $4}')" "$(last pl2 | awk '{printf "%.12g", $3 + $4}')") (a figure, not pass/fail)"
# the "Pair" row of LAMMPS's timing breakdown (on 2 ranks the mean over the ranks): native against demc's batch, linked
# (the loader) and header-only (the host program built with demc header-only), 1 and 2 ranks
run pn2 2 native && run ph1 1 header -var pair "gran/demc hmd" -var coeff "$COEFF" &&
    run ph2 2 header -var pair "gran/demc hmd" -var coeff "$COEFF" || exit 1
pt() { awk '/^Pair  *\|/{print $5}' "$W/$1.log"; }
x() { awk -v a="$(pt "$1")" -v b="$(pt "${2:-pn1}")" 'BEGIN{printf "%.2f", a/b}'; }
echo "lammps pair time, 1000 spheres, 4000 steps, 1 rank: native $(pt pn1) s; demc hmd batch linked $(pt pb1) s" \
    "($(x pb1)x), header-only $(pt ph1) s ($(x ph1)x), hmd one-call $(pt ps1) s ($(x ps1)x), conventions lammps" \
    "(one-call) $(pt pl1) s ($(x pl1)x); 2 ranks: native $(pt pn2) s; hmd batch linked $(pt pb2) s ($(x pb2 pn2)x)," \
    "header-only $(pt ph2) s ($(x ph2 pn2)x); wall clock, noisy on a shared machine"

# 6 fix pour, 1 and 2 ranks. 2 ranks sum a ghost's forces in another order than 1: 1e-16 apart until step 4000,
# then the pour's impacts amplify it about 100-fold every 500 steps (measured at step 6000: 6e-8 in mean height, 3e-7
# in kinetic energy with contact_velocity full; 4e-10 with contact), so the step-6000 bound is 1e-6.
INPUT=pour.in
run qn1 1 native && run qd1 1 loader -var pair "$PACK_PAIR" -var coeff "$COEFF" &&
    run qd2 2 loader -var pair "$PACK_PAIR" -var coeff "$COEFF" || exit 1
n1=$(last qd1 | awk '{print $2}'); n2=$(last qd2 | awk '{print $2}'); nn=$(last qn1 | awk '{print $2}')
z1=$(last qd1 | awk '{print $5}'); z2=$(last qd2 | awk '{print $5}'); zn=$(last qn1 | awk '{print $5}')
k1=$(last qd1 | awk '{printf "%.12g", $3 + $4}'); k2=$(last qd2 | awk '{printf "%.12g", $3 + $4}')
rz=$(rel "$z1" "$z2"); rk=$(rel "$k1" "$k2"); rn=$(rel "$zn" "$z1")
if [ "$n1" = "$nn" ] && [ "$n2" = "$nn" ] && [ "$nn" -gt 300 ] && le "$rz" 1e-6 && le "$rk" 1e-6 &&
    grep -q "2 by 1 by 1" "$W/qd2.log"; then
    ok "6 fix pour" "$n1 atoms inserted as native; 2 ranks vs 1: mean height rel. diff. $rz, kinetic energy $rk; mean height $z1 m vs native $zn (rel. $rn)"
else bad "6 fix pour" "atoms $n1, $n2 vs native $nn; 2 ranks vs 1: mean height $z1 vs $z2 ($rz), kinetic energy $k1 vs $k2 ($rk)"; fi
# 7 oblique impacts (sliding 0.5 and 0.1 m/s) where LAMMPS's rules coincide with demc's of 1.0: the force may not
# pull (limit_damping, end force), so that the Coulomb load |F_n| of LAMMPS is max(F_n, 0), and either no tangential
# dashpot (x_gammat = 0) or no gross sliding (0.1 m/s), so that LAMMPS's slip memory (mu F_n t - F_d) is that of
# DEMC_COULOMB_TOTAL. The rebound velocity and spin of sphere 1 agree to 1e-12 (measured 2e-14; 2 % in spin with
# demc's own contact point velocity). Check 11 has LAMMPS's defaults, where the rules differ.
INPUT=collision.in
obl() { awk '$1==1{printf "%.17g %.17g %.17g", $5, $6, $10}' "$W/$1.dump"; }
reldiff() { # the largest relative difference of two triples
    echo "$1 $2" | awk '{m=0; for(k=1;k<=3;k++){d=$k-$(k+3); if(d<0)d=-d; a=$k<0?-$k:$k; if(d/a>m)m=d/a}; printf "%.2g", m}'; }
for c in "0.5 0.0" "0.1 1.0"; do
    set -- $c; vt=$1 xt=$2
    run o_n_$vt 1 native -var vt "$vt" -var coeff "hertz/material 5e6 0.5 0.3 tangential mindlin NULL $xt 0.4 damping tsuji limit_damping" &&
        run o_d_$vt 1 loader -var vt "$vt" -var coeff "$COEFF" \
            -var pair "$PAIR end force$([ "$xt" = 0.0 ] && echo " tangential_damping 0")" || exit 1
    d=$(reldiff "$(obl o_n_$vt)" "$(obl o_d_$vt)")
    if [ -n "$(obl o_d_$vt)" ] && le "$d" 1e-12; then
        ok "7 oblique, sliding $vt m/s, x_gammat $xt" "rebound v_x v_y and spin $(obl o_d_$vt) vs native $(obl o_n_$vt): rel. $d"
    else bad "7 oblique, sliding $vt m/s, x_gammat $xt" "$(obl o_d_$vt) vs native $(obl o_n_$vt): rel. $d"; fi
done
# 8 restart: a pack on a floor of still spheres, run 1500 + 500 steps in one input, equals the same run written to
# a restart file at step 1500 and read back (write_restart, read_restart: the history fix's rows travel in it), every
# digit of every atom's final state, on 1 rank and on 2 (processors 2 1 1). A restart that lost the contacts differs
# from the first step after it (measured: 24 in the largest relative difference of a component).
INPUT=restart.in
for np in 1 2; do
    for part in both first second; do
        run r${np}_$part "$np" loader -var part $part -var restartfile "r$np.restart" -var pair "$PAIR" -var coeff "$COEFF" || exit 1
    done
    if cmp -s "$W/r${np}_both.dump" "$W/r${np}_second.dump" && [ "$(wc -l <"$W/r${np}_both.dump")" = 1009 ] &&
        { [ "$np" = 1 ] || grep -q "2 by 1 by 1" "$W/r${np}_second.log"; }; then
        ok "8 restart, $np rank(s)" "1500 + 500 steps across write_restart/read_restart = in one run, every atom bit for bit"
    else bad "8 restart, $np rank(s)" "the final states differ"; fi
done

# 9 the laws of 1.x as options. spin.in: a sphere (R = 1 mm) resting under gravity on a sphere held still, spinning
# at 10 rad/s about x (rolling) or 20 rad/s about z (twisting). Closed forms: once the resistance slides, the spin falls at the
# constant rate M/I, rolling CDT mu_r R* m g/I = mu_r g/(0.8 R) (mu = 0: no tangential force), twisting SDS
# mu_tw m g/I = mu_tw g/(0.4 R^2); measured between steps 40000 and 80000 (t = 0.04 and 0.08 s), within 1e-6. Against
# native (pair_style granular's rolling sds, twisting sds, twisting marshall): the spin and the overlap at every
# 1000th step within 1e-12.
INPUT=spin.in
N_SPIN='hertz/material 5e6 0.5 0.3 tangential mindlin NULL 1.0'
spin() { rows "$1" | awk -v s="$2" -v c="$3" '$1==s{printf "%.17g", $c}'; }
run s_cdt 1 loader -var axis x -var pair "$PAIR rolling cdt" -var coeff "E 5e6 nu 0.3 e 0.5 mu 0 mu_r 0.01" || exit 1
rate=$(awk -v a="$(spin s_cdt 40000 2)" -v b="$(spin s_cdt 80000 2)" 'BEGIN{printf "%.12g", (a - b)/0.04}')
want=$(awk 'BEGIN{printf "%.12g", 0.01 * 9.81 / (0.8 * 0.001)}')
if [ -n "$(spin s_cdt 80000 2)" ] && le "$(rel "$want" "$rate")" 1e-6; then ok "9 rolling cdt" "spin falls at $rate rad/s^2, mu_r g/(0.8 R) = $want"
else bad "9 rolling cdt" "spin falls at $rate rad/s^2, mu_r g/(0.8 R) = $want"; fi
for law in "rolling_sds x 2 rolling sds 1000 1e-4 0.01|mu 0 k_roll 1000 gamma_roll 1e-4 mu_r 0.01|0.0" \
    "twisting_sds z 3 twisting sds 1e-3 1e-8 1e-5|mu 0.4 k_twist 1e-3 gamma_twist 1e-8 mu_twist 1e-5|0.4" \
    "twisting_marshall z 3 twisting marshall|mu 0.4|0.4"; do
    IFS='|'; set -- $law; IFS=' '; native_law=$1 demc_coeff=$2 mu=$3
    set -- $native_law; law=$1 axis=$2 col=$3; shift 3
    w0=10; [ "$axis" = z ] && w0=20
    run s_n_$law 1 native -var axis "$axis" -var w0 $w0 -var coeff "$N_SPIN $mu damping tsuji $*" &&
        run s_d_$law 1 loader -var axis "$axis" -var w0 $w0 -var pair "$PAIR $1 $2" -var coeff "E 5e6 nu 0.3 e 0.5 $demc_coeff" || exit 1
    rows "s_d_$law" >"$W/s_d_$law.rows"
    # the spin (floor 1e-3 rad/s where it has stopped) and the overlap of every 1000th step, relative
    worst=$(rows "s_n_$law" | paste - "$W/s_d_$law.rows" | awk -v c="$col" 'BEGIN{m=0}
        function r(a, b, f) { d = a - b; if (d < 0) d = -d; if (a < 0) a = -a; return d / (a > f ? a : f) }
        { x = r($c, $(c + 6), 1e-3); y = r($4, $10, 1e-12); if (x > m) m = x; if (y > m) m = y } END{printf "%.2g", m}')
    last_n=$(spin "s_n_$law" 40000 "$col"); last_d=$(spin "s_d_$law" 40000 "$col")
    if [ "$(rows "s_d_$law" | wc -l)" = 81 ] && le "$worst" 1e-12; then
        ok "9 $law" "as native: spin at t = 0.04 s $last_d vs $last_n rad/s, every 1000th step within $worst"
    else bad "9 $law" "spin at t = 0.04 s $last_d vs native $last_n rad/s; largest rel. difference $worst"; fi
done
rate=$(awk -v a="$(spin s_d_twisting_sds 40000 3)" -v b="$(spin s_d_twisting_sds 80000 3)" 'BEGIN{printf "%.12g", (a - b)/0.04}'); want=$(awk 'BEGIN{printf "%.12g", 1e-5 * 9.81 / (0.4 * 1e-6)}')
if le "$(rel "$want" "$rate")" 1e-6; then ok "9 twisting sds, closed form" "spin falls at $rate rad/s^2, mu_tw g/(0.4 R^2) = $want"
else bad "9 twisting sds, closed form" "spin falls at $rate rad/s^2, mu_tw g/(0.4 R^2) = $want"; fi
# JKR (collision.in, no dashpot: e 1, demc's conventions): an elastic JKR collision sticks below v_s = sqrt(2 U_c/m*),
# U_c = 7.0922 (w^5 R*^4/E*^2)^(1/3) (Thornton & Ning 1998's 7.09, the JKR cycle's loss), and above it rebounds with
# e = sqrt(1 - (v_s/v)^2). At 0.99 v_s the pair still touches in the last 10000 of 30000 steps; at 1.01 v_s it has
# come apart; at 2 v_s e = sqrt(3)/2 within 1e-3.
INPUT=collision.in
vs=$(awk 'BEGIN{E=5e6/(2*(1-0.09)); R=5e-4; w=1; m=2500*4/3*3.141592653589793*1e-9/2; printf "%.10g", sqrt(2*7.0922*(w^5*R^4/E^2)^(1/3)/m)}')
for f in 0.99 1.01 2; do
    run j_$f 1 loader -var vn "$(awk -v f=$f -v v="$vs" 'BEGIN{printf "%.10g", f*v}')" -var steps 30000 \
        -var pair "gran/demc hmd adhesion jkr" -var coeff "E 5e6 nu 0.3 e 1 mu 0.4 w 1" || exit 1
done
touching() { rows "$1" | awk 'NR>20001 && $2>0{t=1} END{print t+0}'; }
e2=$(awk -v v="$(vx1 j_2)" -v s="$vs" 'BEGIN{printf "%.8f", -v/s}')
if [ "$(touching j_0.99)" = 1 ] && [ "$(touching j_1.01)" = 0 ] && le "$(rel 0.8660254 "$e2")" 1e-3; then
    ok "9 adhesion jkr" "v_s = $vs m/s: stuck at 0.99 v_s, apart at 1.01 v_s, e = $e2 at 2 v_s (sqrt(3)/2 = 0.8660254)"
else bad "9 adhesion jkr" "v_s = $vs m/s: touching at 0.99 v_s: $(touching j_0.99) (1), at 1.01 v_s: $(touching j_1.01) (0); e = $e2 at 2 v_s"; fi

# 10 the exact tangential law (tangential mdr, 64 springs, demc's conventions). An oblique impact of stiff spheres
# (E = 50 GPa) sliding throughout (v_t = 2 m/s against v_n = 0.5: tan(theta) = 4 > 3.5 mu (1 + e) = 2.1), lined up
# along x in the middle of the contact (yoff): the tangential force is mu F_n at every step under both laws, so MDR
# rebounds as the spring does (1e-9; measured bit for bit), and both as the rigid-body impulse mu J_n, sphere 1's
# v_y = v_t/2 - mu (1 + e) v_n/2 with e from its own rebound v_x, to 1 % of the change (the normal turns by about
# 0.4 % during the contact, which the rigid-body form ignores: measured 0.7 %). And the micro-slip impact of check 3
# (v_t = 0.5) drifting across the rank boundary: 2 ranks = 1 rank bit for bit (the springs' states migrate with
# their atoms).
INPUT=collision.in
for law in spring mdr; do
    run m_slide_$law 1 loader -var vt 2.0 -var yoff 2.52e-5 -var pair "gran/demc hmd tangential $law" \
        -var coeff "E 5e10 nu 0.3 e 0.5 mu 0.4" || exit 1
done
same=$(reldiff "$(obl m_slide_spring)" "$(obl m_slide_mdr)")
slide=$(awk '$1==1{e=-2*$5/0.5; want=1.0-0.4*(1+e)*0.5/2; d=($6-want)/(1.0-want); printf "%.3g %.17g %.17g %.6f", (d<0?-d:d), $6, want, e}' "$W/m_slide_mdr.dump")
set -- -var pair "gran/demc hmd tangential mdr" -var coeff "$COEFF" -var vt 0.5 -var drift 2 -var x0 0.0006
run m1 1 loader "$@" && run m2 2 loader "$@" || exit 1
set -- $slide
if [ -n "$slide" ] && [ -n "$(obl m_slide_spring)" ] && le "$same" 1e-9 && le "$1" 1e-2 && cmp -s "$W/m1.dump" "$W/m2.dump" &&
    [ "$(rows m1 | md5sum)" = "$(rows m2 | md5sum)" ] && grep -q "on 2 procs" "$W/m2.log"; then
    ok "10 tangential mdr" "sliding impact as the spring's (rel. $same), v_y $2 vs the rigid-body Coulomb impulse's $3 (e = $4; $1 of the change); 2 ranks = 1 rank bit for bit across the boundary"
else bad "10 tangential mdr" "sliding impact vs the spring's: rel. $same; v_y ${2:-?} vs ${3:-?} (${1:-?} of the change); 2 ranks vs 1: $(cmp -s "$W/m1.dump" "$W/m2.dump" && echo equal || echo differ)"; fi

# 11 LAMMPS's defaults (the force may pull: no limit_damping; x_gammat = 1), sliding 0.5 m/s (gross sliding: the
# memory mu F_n t - F_d acts) and 0.1 m/s (no gross sliding: the load |F_n| of the pulling end acts): conventions
# lammps sets both rules (demc_coulomb_policy DEMC_COULOMB_TOTAL_DASHPOT_KEPT, def.coulomb_load absolute), so the
# rebound velocity and spin of sphere 1 agree to 1e-12 as in check 7 (measured 1e-14; 7.7e-3 in v_x and 4.1 % in spin
# before demc had the two rules). The keywords set them alone: coulomb total coulomb_load positive gives demc's rules
# back, which must be visibly off (more than 1e-3 in v_x).
INPUT=collision.in
for vt in 0.5 0.1; do
    run o_n_def_$vt 1 native -var vt "$vt" && run o_d_def_$vt 1 loader -var vt "$vt" -var pair "$PAIR" -var coeff "$COEFF" ||
        exit 1
    d=$(reldiff "$(obl o_n_def_$vt)" "$(obl o_d_def_$vt)")
    if [ -n "$(obl o_d_def_$vt)" ] && le "$d" 1e-12; then
        ok "11 oblique, sliding $vt m/s, LAMMPS's defaults" "rebound v_x v_y and spin $(obl o_d_def_$vt) vs native $(obl o_n_def_$vt): rel. $d"
    else bad "11 oblique, sliding $vt m/s, LAMMPS's defaults" "$(obl o_d_def_$vt) vs native $(obl o_n_def_$vt): rel. $d"; fi
done
run o_d_demc 1 loader -var vt 0.5 -var pair "$PAIR coulomb total coulomb_load positive" -var coeff "$COEFF" || exit 1
vx=$(echo "$(obl o_n_def_0.5) $(obl o_d_demc)" | awk '{d=($1-$4)/$1; printf "%.2g", d<0?-d:d}')
if [ -n "$(obl o_d_demc)" ] && ! le "$vx" 1e-3; then
    ok "11 keywords coulomb, coulomb_load" "coulomb total coulomb_load positive (demc's rules): v_x $vx off native, spin $(obl o_d_demc | awk '{print $3}') vs $(obl o_n_def_0.5 | awk '{print $3}')"
else bad "11 keywords coulomb, coulomb_load" "demc's rules restored by keyword should differ from native: v_x rel. ${vx:-?}"; fi
# 12 conventions liggghts: LIGGGHTS's set of conventions (hertz/tangential history, as docs/examples/liggghts sets
# it) as one keyword, the same oblique impact bit for bit as the seven keywords it stands for.
INPUT=collision.in
run g1 1 loader -var vt 0.5 -var pair "gran/demc hmd conventions liggghts" -var coeff "$COEFF" &&
    run g2 1 loader -var vt 0.5 -var pair "gran/demc hmd contact_point half transport project stiffness total recalculation conventional direction displacement coulomb elastic end overlap" -var coeff "$COEFF" &&
    run g0 1 loader -var vt 0.5 -var pair "gran/demc hmd" -var coeff "$COEFF" || exit 1
if [ -s "$W/g1.dump" ] && cmp -s "$W/g1.dump" "$W/g2.dump" && ! cmp -s "$W/g1.dump" "$W/g0.dump"; then
    ok "12 conventions liggghts" "the oblique impact as with the seven keywords, bit for bit (and not as demc's conventions)"
else bad "12 conventions liggghts" "final states: as the keywords $(cmp -s "$W/g1.dump" "$W/g2.dump" && echo yes || echo no), as demc's $(cmp -s "$W/g1.dump" "$W/g0.dump" && echo yes || echo no)"; fi

[ "$fails" -eq 0 ]
