/* Benchmark helpers: wall-clock nanoseconds per call of a loop body, built once per face (DEMC_BENCH_FACE). */
#ifndef DEMC_BENCH_H
#define DEMC_BENCH_H

#include <stdio.h>
#include <time.h>

#ifndef DEMC_BENCH_FACE
#define DEMC_BENCH_FACE "unknown face"
#endif

static inline double bench_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return 1e9 * (double)t.tv_sec + (double)t.tv_nsec;
}

/* A sink the optimiser cannot remove: results are accumulated into it. */
static volatile double bench_sink;

/* Prints one line: name, face, ns per call (best of `reps` repetitions of `n` calls). */
static inline void bench_report(const char *name, double best_ns, long n)
{
    printf("%-44s %-12s %8.2f ns/call\n", name, DEMC_BENCH_FACE, best_ns / (double)n);
}

/* Runs BODY (using loop index i) n times, reps repetitions, and reports the best. */
#define BENCH(name, n, reps, BODY)                                      \
    do {                                                                \
        double best_ = 1e300;                                           \
        int r_;                                                         \
        for (r_ = 0; r_ < (reps); ++r_) {                               \
            long i;                                                     \
            double t0_ = bench_now_ns(), t1_;                           \
            for (i = 0; i < (n); ++i) { BODY; }                         \
            t1_ = bench_now_ns();                                       \
            if (t1_ - t0_ < best_) best_ = t1_ - t0_;                   \
        }                                                               \
        bench_report((name), best_, (n));                               \
    } while (0)

#endif
