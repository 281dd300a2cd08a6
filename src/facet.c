/* The exported twins of facet.h; the bodies are in include/demc/impl/facet_impl.h. */
#define DEMC_IMPLEMENT_FACET
#include "demc/facet.h"
