/* Test-only reference integrator: adaptive Dormand–Prince 5(4) with event location. The tests use it to check the
 * library's closed forms against a direct integration of the equations of motion; it shares no code with the
 * library. */
#ifndef DEMC_TEST_ODE_H
#define DEMC_TEST_ODE_H

#define ODE_MAX_DIM 32

/* dy/dt = f(t, y); ctx is passed through. */
typedef void (*ode_rhs)(double t, const double *y, double *dydt, void *ctx);
/* Event function: the integration stops where it changes sign (from a non-zero value at the step start). */
typedef double (*ode_event)(double t, const double *y, void *ctx);

typedef struct ode_options {
    double rtol;     /* relative tolerance per step (e.g. 1e-13) */
    double atol;     /* absolute tolerance per step, per component */
    double h0;       /* first step; 0: (t_end − t0)·1e-6 */
    double hmax;     /* largest step; 0: no limit */
    long max_steps;  /* give up after this many accepted steps; 0: 10 000 000 */
} ode_options;

typedef struct ode_result {
    int status;      /* 1: event found, 0: reached t_end, −1: step size underflow or too many steps */
    double t;        /* time reached (event time for status 1) */
    long steps;      /* accepted steps */
} ode_result;

/* Integrates n components of y (in place) from t0 towards t_end (t_end > t0). With event g (may be NULL), stops
 * at its first sign change, located to about 1e-15 of the time scale by secant–bisection on the step length. */
ode_result ode_integrate(ode_rhs f, ode_event g, void *ctx, int n, double t0, double *y, double t_end,
                         const ode_options *opt);

#endif
