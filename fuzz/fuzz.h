/* Shared by the libFuzzer harnesses fuzz/fuzz_<module>.c and by test/test_errno.c, which replays the seeds of
 * fuzz/seeds/<module>/ through the same harness bodies (both faces). A harness body is
 *     static void demc_fuzz_<module>(const unsigned char *data, size_t size)
 * which decodes doubles from the bytes, calls the module's entry points and checks their documented contracts,
 * errno unchanged by every call included. A broken contract goes to DEMC_FUZZ_REPORT: abort() under libFuzzer
 * (so that the crash input is saved), a failed CHECK in the unit test. */
#ifndef DEMC_FUZZ_H
#define DEMC_FUZZ_H

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demc.h"
#include "demc/analysis.h"

#ifndef DEMC_FUZZ_REPORT
#define DEMC_FUZZ_REPORT(what, file, line) \
    (fprintf(stderr, "%s:%d: documented contract broken: %s\n", file, line, what), abort())
#endif

/** A documented contract: reported when false. */
#define FZ_CHECK(cond) ((cond) ? (void)0 : (void)DEMC_FUZZ_REPORT(#cond, __FILE__, __LINE__))
/** Runs one call with errno cleared and checks that the library left it at 0. */
#define FZ_CALL(stmt)                                                                   \
    do {                                                                                \
        errno = 0;                                                                      \
        stmt;                                                                           \
        if (errno != 0) DEMC_FUZZ_REPORT("errno changed by: " #stmt, __FILE__, __LINE__); \
    } while (0)

typedef struct fz_reader {
    const unsigned char *data;
    size_t size, pos;
} fz_reader;

/* Values that reach the edges: every decoded double is one of these when its selector byte is below 96, else the
 * next 8 bytes read as a double (any bit pattern: subnormals, NaNs, infinities included). */
static inline double fz_special(unsigned k)
{
    static const double table[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 0.3, 1e-3, 1e3, 1e-8, 1e8, 1e-150, 1e150,
                                   1e-300, 1e300, 2.2250738585072014e-308, 4.9406564584124654e-324, 1e-310,
                                   1.7976931348623157e308, -1.7976931348623157e308, 1.5e308, 1e154, 1e-154,
                                   3.14159265358979323846, 0.999999, 1.000001, 0.86, 0.6, 0.28, 1e9, 2500.0,
                                   1e-5};
    const unsigned n = (unsigned)(sizeof table / sizeof table[0]);
    if (k < n) return table[k];
    if (k == n) return HUGE_VAL;
    if (k == n + 1) return -HUGE_VAL;
    if (k == n + 2) return HUGE_VAL - HUGE_VAL;
    return table[k % n] * (k & 1 ? -1.0 : 1.0);
}

static inline double fz_double_raw(fz_reader *r);
static inline double fz_double(fz_reader *r)
{
    double d = fz_double_raw(r);
#ifdef FZ_TRACE
    fprintf(stderr, "  input[%lu] = %.17g\n", (unsigned long)r->pos, d);
#endif
    return d;
}

static inline double fz_double_raw(fz_reader *r)
{
    unsigned char sel;
    double d;
    if (r->pos >= r->size) return 1.0;
    sel = r->data[r->pos++];
    if (sel < 96) return fz_special(sel % 48u);
    if (r->pos + sizeof d > r->size) return (double)(sel - 96) / 16.0;
    memcpy(&d, r->data + r->pos, sizeof d);
    r->pos += sizeof d;
    return d;
}

/* Corner mode: a parameter of documented range [lo, hi] (lo ≤ hi) sampled where the edge cases live, at the
 * corners of the domain. One selector byte: 0 gives lo, 1 hi, 2 the double next to lo inside the range, 3 the one
 * next to hi, 4 the geometric (log-uniform) or arithmetic mean of the ends as their signs allow, else a point
 * log-uniform between them from the next byte (a fraction f in [0, 1]: lo^(1−f) hi^f where both are positive, the
 * linear mix otherwise). Several parameters read this way are combined corner by corner (each at both ends of
 * its range together with every other), which the log-uniform byte of fz_double() reaches with probability
 * 2^-64 per parameter. Past the end of the input: lo. */
static inline double fz_corner(fz_reader *r, double lo, double hi)
{
    unsigned char sel;
    double f, a = lo > 0.0 ? lo : 4.9406564584124654e-324;
    if (r->pos >= r->size) return lo;
    sel = r->data[r->pos++] % 8u;
    if (sel == 0 || !(lo < hi)) return lo;
    if (sel == 1) return hi;
    if (sel == 2) return nextafter(lo, hi);
    if (sel == 3) return nextafter(hi, lo);
    f = sel == 4 ? 0.5 : (r->pos < r->size ? r->data[r->pos++] / 255.0 : 0.5);
    if (lo >= 0.0 && hi > 0.0) {
        double x = exp((1.0 - f) * log(a) + f * log(hi)); /* log-uniform over [max(lo, 4.9e-324), hi] */
        return x < lo ? lo : x > hi ? hi : x;
    }
    return (1.0 - f) * lo + f * hi;
}

static inline int fz_int(fz_reader *r, int lo, int hi) /* in [lo, hi], mostly; the byte also reaches out-of-range values */
{
    unsigned char b;
    if (r->pos >= r->size) return lo;
    b = r->data[r->pos++];
    if (b >= 250) return b == 255 ? 0x7FFFFFFF : (b == 254 ? -1 : hi + 1 + (b - 250));
    return lo + (int)(b % (unsigned)(hi - lo + 1));
}

static inline demc_vec3 fz_vec3(fz_reader *r)
{
    double x = fz_double(r), y = fz_double(r), z = fz_double(r);
    return demc_vec3_make(x, y, z);
}

static inline int fz_nan(double x) { return x != x; }
static inline int fz_vnan(demc_vec3 v) { return fz_nan(v.x) || fz_nan(v.y) || fz_nan(v.z); }
static inline int fz_fin(double x) { return x - x == 0.0; }
static inline int fz_vfin(demc_vec3 v) { return fz_fin(v.x) && fz_fin(v.y) && fz_fin(v.z); }
/* |v| without under- or overflow of its square (v over its largest component first): a bound check near the
 * subnormal range compares lengths that demc_vec3_norm()'s square has already rounded to a few digits */
static inline double fz_vnorm(demc_vec3 v)
{
    const double m = fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z)));
    if (!(m > 0.0) || !(m < HUGE_VAL)) return demc_vec3_norm(v);
    return m * sqrt((v.x / m) * (v.x / m) + (v.y / m) * (v.y / m) + (v.z / m) * (v.z / m));
}
/* |x| < bound (false for NaN) */
static inline int fz_within(double x, double bound) { return fabs(x) < bound; }
static inline int fz_vwithin(demc_vec3 v, double bound)
{
    return fz_within(v.x, bound) && fz_within(v.y, bound) && fz_within(v.z, bound);
}

/* Output bytes untouched by a failed setup call: filled with this byte before the call. */
#define FZ_POISON 0xA5
static inline int fz_untouched(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < n; ++i)
        if (b[i] != FZ_POISON) return 0;
    return 1;
}

/* The setup convention: bad_field NULL on success, a non-empty name on failure, the output untouched. */
#define FZ_SETUP(status, field, out)                                                  \
    do {                                                                              \
        if ((status) == DEMC_OK) FZ_CHECK((field) == NULL);                           \
        else {                                                                        \
            FZ_CHECK((field) != NULL && (field)[0] != '\0');                          \
            FZ_CHECK(fz_untouched((out), sizeof *(out)));                             \
        }                                                                             \
    } while (0)

#endif
