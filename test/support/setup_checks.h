/* Checks of the setup-function convention of material.h: a failed call returns its status, names the first
 * offending input in argument order through the optional `const char **bad_field`, and leaves its output
 * unwritten. Header-only (static inline: a test that uses part of it still compiles under -Werror). */
#ifndef DEMC_TEST_SETUP_CHECKS_H
#define DEMC_TEST_SETUP_CHECKS_H

#include <stdio.h>
#include <string.h>

#include "demc/base.h"
#include "demc/contact.h"
#include "harness.h"

/* The byte an output is filled with before a call that must fail. */
#define SETUP_POISON 0xA5

/* 1 when got is the expected status and the name written through bad_field is expected_field. The name is passed
 * by address so that it is read after the call, whatever the argument evaluation order. */
static inline int setup_failed_as(demc_status got, const char *const *field_out, demc_status expected,
                                  const char *expected_field)
{
    const char *field = *field_out;
    if (got != expected || field == NULL || strcmp(field, expected_field) != 0) {
        printf("    expected status %d, field %s; got %d, %s\n", (int)expected, expected_field, (int)got,
               field ? field : "NULL");
        return 0;
    }
    return 1;
}

/* 1 when every byte of the output still holds SETUP_POISON. */
static inline int setup_untouched(const void *out, size_t size)
{
    const unsigned char *byte = (const unsigned char *)out;
    size_t i = 0;
    while (i < size && byte[i] == SETUP_POISON) ++i;
    return i == size;
}

/* A struct that a validate function checks field by field, in declaration order. */
typedef struct setup_fields {
    int count;
    const char *const *name;         /* each field as bad_field must report it */
    const int *past_last;            /* an enumerator: the first value above its range; a number: 0 */
    const double (*out_of_domain)[2]; /* a number: two finite values outside its domain */
    void (*set)(void *object, int field, double value); /* (int)value for an enumerator */
    demc_status (*validate)(const void *object, const char **bad_field);
} setup_fields;

/* Every bad value of every field of the valid object `good` (worked on in `scratch`, both `size` bytes): NaN, ±inf
 * and the two out-of-domain values of a number, −1, past the last and 1000 for an enumerator. Each, alone and then
 * with every later field bad too, gives its status (INVALID_ARGUMENT, OUT_OF_DOMAIN for a finite number) and its
 * own name; the same status with bad_field NULL. */
static inline void setup_check_fields(const setup_fields *f, const void *good, void *scratch, size_t size)
{
    volatile double zero = 0.0;
    const double nan = zero / zero, inf = 1.0 / zero;
    int k, j, v;
    for (k = 0; k < f->count; ++k) {
        const int is_enum = f->past_last[k] > 0;
        for (v = 0; v < (is_enum ? 3 : 5); ++v) {
            const double number[5] = {nan, inf, -inf, f->out_of_domain[k][0], f->out_of_domain[k][1]};
            const double enumerator[3] = {-1.0, (double)f->past_last[k], 1000.0};
            const double value = is_enum ? enumerator[v] : number[v];
            const demc_status status = is_enum || v < 3 ? DEMC_ERR_INVALID_ARGUMENT : DEMC_ERR_OUT_OF_DOMAIN;
            const char *field = "unset";
            memcpy(scratch, good, size);
            f->set(scratch, k, value);
            if (!CHECK(setup_failed_as(f->validate(scratch, &field), &field, status, f->name[k])))
                printf("    %s = %g\n", f->name[k], value);
            CHECK(f->validate(scratch, NULL) == status);
            for (j = k + 1; j < f->count; ++j) f->set(scratch, j, f->past_last[j] > 0 ? 1000.0 : nan);
            field = "unset";
            if (!CHECK(setup_failed_as(f->validate(scratch, &field), &field, status, f->name[k])))
                printf("    %s = %g, later fields bad\n", f->name[k], value);
        }
    }
}

/* The validate function of setup_fields for a demc_contact_def: demc_contact_model_init() into a poisoned model,
 * which a failed call must leave unwritten. */
static inline demc_status setup_contact_def_check(const void *object, const char **bad_field)
{
    demc_contact_model m;
    demc_status st;
    memset(&m, SETUP_POISON, sizeof m);
    st = demc_contact_model_init((const demc_contact_def *)object, &m, bad_field);
    if (st != DEMC_OK) CHECK(setup_untouched(&m, sizeof m));
    return st;
}

#endif
