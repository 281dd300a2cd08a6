/* The exported twins of contact.h; the bodies are in include/demc/impl/contact_impl.h (DESIGN §4). On SSE2 targets
 * HM+D's batch evaluates its sphere pairs two at a time (src/contact_lanes.h), bit for bit the scalar body. */
#define DEMC_IMPLEMENT_CONTACT
#if defined(__SSE2__) && !defined(DEMC_NO_LANES)
#  define DEMCI_BATCH_LANES 1
#endif
#include "demc/contact.h"
#ifdef DEMCI_BATCH_LANES
#  include "contact_lanes.h"
#endif
