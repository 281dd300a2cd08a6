/* The reference integrator itself, against closed forms, so that the tests that rely on it can be trusted. */
#include "demc.h"
#include "harness.h"
#include "support/ode.h"

static void oscillator_rhs(double t, const double *y, double *dy, void *ctx)
{
    (void)t; (void)ctx;
    dy[0] = y[1];
    dy[1] = -y[0];
}

static double position_event(double t, const double *y, void *ctx)
{
    (void)t; (void)ctx;
    return y[0];
}

/* x'' = −x from x = 0, v = 1: x = sin t; the first return of x to zero is at t = π. */
static void harmonic_oscillator_and_event(void)
{
    ode_options o = {1e-13, 1e-16, 0, 0, 0};
    double y[2] = {0.0, 1.0};
    ode_result r = ode_integrate(oscillator_rhs, NULL, NULL, 2, 0.0, y, 10.0, &o);
    CHECK(r.status == 0);
    CHECK_ABS(y[0], sin(10.0), 1e-11);
    CHECK_ABS(y[1], cos(10.0), 1e-11);
    y[0] = 1e-300; y[1] = 1.0; /* start just off the root so the event is the next crossing */
    r = ode_integrate(oscillator_rhs, position_event, NULL, 2, 0.0, y, 10.0, &o);
    CHECK(r.status == 1);
    CHECK_REL(r.t, 3.14159265358979323846, 1e-12);
    CHECK_REL(y[1], -1.0, 1e-12);
}

int main(void)
{
    RUN(harmonic_oscillator_and_event);
    return harness_finish("test_ode_support");
}
