/* The batch's SIMD lanes at width 4 (AVX2): the one text of every width, include/demc/impl/contact_lanes_impl.h,
 * compiled here for a target with -mavx2 (the Makefile adds it on x86), so that the library, built for the baseline
 * target, has the wider lanes too; demc_contact_eval_batch() calls them only on a CPU that has AVX2 (asked once per
 * call, impl/contact_lanes_impl.h). Built without -mavx2 (another build system), the unit gives the baseline lanes
 * under the same name: the library still links and computes the same results, bit for bit, only narrower. */
#if defined(__AVX__) && (defined(__GNUC__) || defined(__clang__))
#  define DEMCI_WIDE_WIDTH 4
#endif
#include "demc/contact.h"

#if defined(DEMCI_LANES_RUNTIME)
void demci_contact_batch_lanes_w4(demc_contact_kind kind, const double *c, const demc_contact_batch *b,
                                  const demci_lanes_boundary *boundary, double dt)
{
    demci_contact_batch_lanes(kind, c, b, boundary, dt);
}
#endif

/* (apart from the lanes: a library built without them, DEMC_NO_LANES, still has the MDR law's pass at every width) */
#if defined(DEMCI_MDR_RUNTIME)
/* The pass of the MDR law's step over the cells inside the contact (impl/tangential_mdr_impl.h), at this width. */
int demci_tangential_mdr_pass_w4(int nb, double *u1, double *u2, double d1, double d2, double us, double q,
                                 double *sum, int count)
{
    return count ? demci_tangential_mdr_pass(nb, u1, u2, d1, d2, us, q, sum, 1)
                 : demci_tangential_mdr_pass(nb, u1, u2, d1, d2, us, q, sum, 0);
}
#endif

#if !defined(DEMCI_LANES_RUNTIME) && !defined(DEMCI_MDR_RUNTIME)
typedef int demci_contact_lanes_w4_unused; /* (not x86: the unit has nothing to add) */
#endif
