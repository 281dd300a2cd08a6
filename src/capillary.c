/* The exported twins of capillary.h; the bodies are in include/demc/impl/capillary_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_CAPILLARY
#include "demc/capillary.h"
