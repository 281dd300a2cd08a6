/* Validation cases of issue 9 on the reference driver (driver.h): set-ups of the papers' worked examples, the
 * contact laws they run with, and what each case measures. Shared by test/test_validation.c and
 * tools/validation_figures.c (which writes the histories). Test-only code. */
#ifndef DEMC_TEST_CASES_H
#define DEMC_TEST_CASES_H

#include <stdio.h>

#include "driver.h"

/* The tangential model of 001 section 3.5 written here from the paper, independently of the library: Hertz
 * (001 eq 19, ξ = 0), spring elongation s from the rolling-consistent increment Δs = [Δx_i − Δr_i − (Δx_j − Δr_j)]
 * projected on the tangent plane (eq 25-30, Δr by rotation.h's rolling displacement), force −k_t s with
 * k_t = 8 G* √(R* δ) (eq 31, 37), return to μ F_n along s when the limit is exceeded (eq 32-36, μ_s = μ_d).
 * State: s (3 doubles). Reports: elastic = Hertz energy + ½ k_t |s|², dissipated = μ F_n × (return length);
 * info: [0] overlap, [1] 1 while slipping, [2] normal force, [3] |tangential force|. */
typedef struct campello_law {
    demc_normal_hertz_params wall_hertz, pair_hertz; /* sphere–wall and sphere–sphere Hertz constants */
    double wall_shear, pair_shear;            /* G* of each (001 eq 38) */
    double wall_mu, pair_mu;                  /* friction of each */
} campello_law;

void campello_law_eval(void *ctx, const drv_body *i, const drv_body *j, const drv_wall *wall, double dt,
                       const double *state_old, double *state_new, drv_contact_out *out);

/* 001 example 5.1: what the run measured. */
typedef struct spin_result {
    double t_roll, v_roll, w_roll; /* first instant where the contact-point velocity changes sign, and v, ω there */
    double kinetic_lost;           /* kinetic + potential + stored energy lost from t = 0 to t_end, J */
    double dissipated;             /* what the law reported, J */
    double mean_iterations;        /* fixed-point iterations per step (trapezoidal scheme) */
} spin_result;

/* Analytic sliding-with-rolling solution (001 eq 51): v(t), ω(t) for t ≤ t_roll, constant after. */
void spin_analytic(double t, double *v, double *w, double *t_roll);

/* Runs 001 example 5.1 (r = 0.2 m, m = 1000 kg, v₀ = 2.355 m/s, ω₀ = −127.03 rad/s, μ = 0.25, E = 1e10, ν = 0.25,
 * rigid plane) with the given law (NULL: campello_law_eval with the paper's data) to t_end. The sphere starts at
 * its static overlap under gravity (the text says "released onto" the plane; starting at δ = 0 would add an
 * undamped vertical oscillation, ξ = 0). With history, writes "t,x,rotation,v,omega" every `every` steps. */
spin_result run_spinning_sphere(drv_scheme scheme, double dt, double t_end, double mu, FILE *history, int every);
/* The same with another law (the library's model): μ = 0.25 is then the law's business. */
spin_result run_spinning_sphere_with(drv_scheme scheme, double dt, double t_end, drv_law law, void *ctx);
/* The pair of example 5.1 (rigid plane, G* of 001 eq 38). */
void spin_pair(demc_pair *pair);
/* The same with the fixed-point tolerance of the trapezoidal scheme given (001 used 1e-4). */
spin_result run_spinning_sphere_tol(drv_scheme scheme, double dt, double t_end, double mu, double tol);

/* 001 example 5.2: three spheres rolling into a collision; instants measured on particle 1, s. */
typedef struct three_result {
    double t_collision, duration, t_spin_reversal, t_rolling, t_back;
    double kinetic_lost, dissipated; /* over the run, J */
} three_result;

/* The approach speed and initial gap of 001 example 5.2. Fig. 6 gives them only in a picture; they are set from
 * two published instants with the rigid-body analysis of the return (see the docs page): the gap is 0.46 s × V
 * (collision at 0.46 s) and V makes the particles pass back at their start at 1.39 s. */
void three_spheres_setup(double *speed, double *gap);

/* Runs 001 example 5.2 (r = 0.2 m, m = 1000 kg, E = 1e10, ν = 0.25, μ = 0.5 with the plane and between spheres,
 * ξ = 0) to t_end. With history, writes "t,v,omega,rotation" of particle 1 (radial velocity, spin about its
 * rolling axis) every `every` steps. */
three_result run_three_spheres(drv_scheme scheme, double dt, double t_end, FILE *history, int every);
/* The same with another law (the library's model), and the pairs of the example (plane, sphere–sphere). */
three_result run_three_spheres_with(drv_scheme scheme, double dt, double t_end, drv_law law, void *ctx);
void three_pairs(demc_pair *wall_pair, demc_pair *pair);

/* 002 oblique impact of a sphere on a wall (R = 25 mm, ρ = 2650 kg/m³, normal speed 5 m/s, no spin, no gravity):
 * the rebound, normalised as 002 (after Thornton et al. 2011): Θ = 2 tan θ_i/((1 + e)μ), Ψ = 2 v_tr/((1 + e)μ V_ni),
 * with v_tr the tangential velocity of the contact point at rebound and e the target restitution. */
typedef struct oblique_result {
    double restitution;        /* measured V_nr/V_ni */
    double theta, psi;         /* Θ, Ψ */
    double duration;           /* contact duration, s */
    double mean_overlap;       /* ⟨δ⟩_F = ∫F_n δ dt / ∫F_n dt, m: the lever arm of friction is R − δ/2 (000 eq 8) */
    int stick_steps;           /* steps in contact where the law reported no slip (info[1] == 0) */
    double kinetic_lost;       /* J */
    double dissipated;         /* reported by the law, J */
} oblique_result;

#define OBLIQUE_RADIUS 0.025
#define OBLIQUE_DENSITY 2650.0
#define OBLIQUE_SPEED 5.0

/* Mass of the 002 sphere, 4/3 π R³ ρ = 0.1734 kg. */
double oblique_mass(void);

/* Runs one impact at angle theta_deg with the law (body j is the wall: the wall is the plane z = 0) and dt;
 * e and mu are only used to normalise. The law reports 1 in info[1] while slipping. With history, writes
 * "t,overlap,fn,ft,vt,slip" rows (normal and tangential force on the sphere, contact-point tangential velocity). */
oblique_result run_oblique(drv_law law, void *ctx, drv_scheme scheme, double theta_deg, double e, double mu, double dt,
                           FILE *history);

/* The 002 pair: sphere on a wall of its own material (E = 70 GPa, ν = 0.3): E* = E/(2(1−ν²)) and
 * G* = G/(2(2−ν)) as 002 writes them, R* = R, m* = m (the wall does not move). Also the Hertz duration at 5 m/s
 * and the linear stiffness with that duration, k = m (π/t_c)², for LS+D and PLS(B) (Ψ(Θ) of a linear model does
 * not depend on k). */
void oblique_setup(demc_pair *pair, double *hertz_duration, double *linear_stiffness);

/* The contact laws of 002 built here from normal.h and damping.h, independently of the library's assembled
 * models: LS+D (eq 1), HM+D (eq 2), PLS(B) (eq 3); the normal force never pulls (force end rule). Tangential:
 * the elastic force F_te += −k_t v_t Δt (projected into the current tangent plane), HM+D rescales it by
 * k_t^n/k_t^{n−1} while F_n falls, the dashpot −2γ√(m k_t) v_t is added (LS+D, HM+D) and the total is limited to
 * μF_n (then F_te = F_t: the spring carries the limited force). k_t = κk_n (LS+D), 8G*√(Rδ) (HM+D), κk/e
 * (PLS(B)), κ = 2(1−ν)/(2−ν). State: F_te (3), k_t and F_n of the previous step, PLS(B) latch.
 * info[0] overlap, [1] 1 while slipping, [2] F_n, [3] F_t along x. No energy terms (see the library models). */
typedef enum normal002_model { N002_LSD, N002_HMD, N002_PLSB } normal002_model;
typedef struct normal002_law {
    normal002_model model;
    double gamma; /* damping ratio of the dashpots (LS+D, HM+D) */
    double mu, kappa;
    demc_pair pair;
    demc_normal_linear_params linear;
    demc_normal_hertz_params hertz;
    demc_normal_pls_params pls;
} normal002_law;
void normal002_law_eval(void *ctx, const drv_body *i, const drv_body *j, const drv_wall *wall, double dt,
                        const double *state_old, double *state_new, drv_contact_out *out);

/* One 002 oblique impact with a normal002 law at e (γ from demc's exact force-end map for LS+D and HM+D, or the
 * given gamma when gamma ≥ 0), `steps` steps per Hertz duration, trapezoidal scheme. */
oblique_result oblique002(normal002_model model, double e, double gamma, double theta_deg, int steps, FILE *history);

/* Measured restitution of a head-on (θ_i = 0) impact of the 002 sphere at 5 m/s with a normal002 law of damping
 * ratio gamma (PLS(B): restitution parameter e), `steps` steps per Hertz duration, trapezoidal scheme. */
double head_on_restitution002(normal002_model model, double e, double gamma, int steps);

/* 000 section 4: oblique impact of a sphere (R = 5 cm, E = 0.3 GPa, ν = 0.3, ρ = 1000 kg/m³; wall of the same
 * material) at v = (0.02, −0.2) m/s with spin ω_z, μ = 0.3, 51 steps per contact, Newmark PEC (000's integrator).
 * The plane is y = 0, x is the tangential direction. The law reports info[1] = 1 while slipping, info[3] the
 * tangential force on the sphere along x, info[4] the elastic tangential displacement δ_el along x. */
typedef struct impact000_result {
    char modes[16];         /* modes of the first contact in order, one letter each, repeats merged:
                               S slip, L stick loading, U stick unloading (|F_t| falls, same sense as the
                               first slip force), R reverse stick (opposite sense) */
    int steps;              /* steps of the first contact */
    double el_jump;         /* largest |Δδ_el| over one step at a stick→slip switch, relative to the largest
                               |Δδ_el| over the steps that do not switch */
    double force_jump;      /* largest |ΔF_t| over a step after the contact-point velocity vanished, relative to
                               the largest |ΔF_t| before it */
    int zigzag;             /* sign changes of ΔF_t between consecutive steps after the velocity vanished */
    double kinetic_lost, dissipated; /* over the first contact, J */
} impact000_result;

/* Mass of the 000 sphere, 4/3 π R³ ρ = 0.5236 kg (000 prints 5.236 kg, a slip of the decimal point). */
double impact000_mass(void);
/* The pair (elastic wall of the sphere's material, G* of 000 eq 23) and the analytic Hertz duration at 0.2 m/s. */
void impact000_setup(demc_pair *pair, double *duration);
/* The 000 sphere sliding to rest: it lies on the wall at its static overlap under gravity (F_n = mg, 000
 * section 5 uses this load for eq 50-52) and starts sliding at v_x with no spin; friction stops the contact
 * point after v_x/(3.5 μ g). Measures, over `duration` after the start, the zigzag and force jump of
 * impact000_result (after the contact-point velocity first vanishes) and the modes. */
impact000_result run_slide000(drv_law law, void *ctx, double v_x, double dt, double duration, FILE *history);

/* Runs the impact with `steps` steps per Hertz duration (000: 51). */
impact000_result run_impact000(drv_law law, void *ctx, double omega_z, int steps, FILE *history);

/* Ψ where the impact slides throughout, from the impulse balance with the lever arm R − δ/2:
 * Θ − 2(1 + e_m)/(1 + e)·[1 + (5/2)(1 − ⟨δ⟩_F/(2R))], = Θ − 7 for e_m = e and a rigid arm (docs page). */
double psi_sliding(const oblique_result *r, double e);
/* Range of Ψ over the impacts that do not slide throughout, and the turning points of Ψ(Θ) over all of them,
 * counted with a hysteresis of 10 % of that range. */
void psi_shape(const oblique_result *r, int n, int *turns, double *range);
/* Largest |Ψ_a − Ψ_b| over n impacts. */
double max_difference(const oblique_result *a, const oblique_result *b, int n);

#endif
