/* Minimal test harness: a test file is a set of void functions run from main() with RUN(); each function is one
 * case, failed when any of its checks fails. The same file is compiled for the linked and the header-only face
 * (DEMC_TEST_FACE names which). Expected values in checks must come from outside the code under test. */
#ifndef DEMC_TEST_HARNESS_H
#define DEMC_TEST_HARNESS_H

#include <math.h>
#include <stdio.h>

#ifndef DEMC_TEST_FACE
#define DEMC_TEST_FACE "unknown face"
#endif

static int harness_cases_ok, harness_cases_failing, harness_case_failed;
static long harness_checks;

/* Relative distance |a − e| / |e| (absolute when e = 0); NaN or inf in either argument gives +inf. */
static inline double harness_rel_err(double actual, double expected)
{
    double d = fabs(actual - expected);
    if (!(d == d) || actual - actual != 0.0 || expected - expected != 0.0) return HUGE_VAL;
    return expected == 0.0 ? d : d / fabs(expected);
}

static inline int harness_check(int ok, const char *what, const char *file, int line)
{
    ++harness_checks;
    if (!ok) {
        harness_case_failed = 1;
        printf("  FAIL %s:%d [%s]: %s\n", file, line, DEMC_TEST_FACE, what);
    }
    return ok;
}

static inline int harness_check_close(double actual, double expected, double tol, int relative, const char *what,
                               const char *file, int line)
{
    double err = relative ? harness_rel_err(actual, expected) : fabs(actual - expected);
    int ok = err <= tol; /* false for NaN */
    ++harness_checks;
    if (!ok) {
        harness_case_failed = 1;
        printf("  FAIL %s:%d [%s]: %s: got %.17g, expected %.17g, %s error %.3g > %.3g\n", file, line,
               DEMC_TEST_FACE, what, actual, expected, relative ? "relative" : "absolute", err, tol);
    }
    return ok;
}

/** Passes when cond is true. */
#define CHECK(cond) harness_check((cond) ? 1 : 0, #cond, __FILE__, __LINE__)
/** Passes when |actual − expected| <= tol·|expected| (<= tol when expected is 0); fails on NaN. */
#define CHECK_REL(actual, expected, tol) \
    harness_check_close((actual), (expected), (tol), 1, #actual " vs " #expected, __FILE__, __LINE__)
/** Passes when |actual − expected| <= tol; fails on NaN. */
#define CHECK_ABS(actual, expected, tol) \
    harness_check_close((actual), (expected), (tol), 0, #actual " vs " #expected, __FILE__, __LINE__)

static inline void harness_run(const char *name, void (*fn)(void))
{
    harness_case_failed = 0;
    fn();
    if (harness_case_failed) {
        ++harness_cases_failing;
        printf("  case %s failed\n", name);
    } else {
        ++harness_cases_ok;
    }
}

#define RUN(fn) harness_run(#fn, fn)

/* Prints the file's summary in the form test/run_checks.sh reads and returns the exit code. */
static inline int harness_finish(const char *file)
{
    printf("%s [%s]: %d ok, %d failing (%ld checks)\n", file, DEMC_TEST_FACE, harness_cases_ok,
           harness_cases_failing, harness_checks);
    return harness_cases_failing ? 1 : 0;
}

#endif
