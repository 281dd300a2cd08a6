/* The exported twins of special.h; the bodies are in include/demc/impl/special_impl.h. */
#define DEMC_IMPLEMENT_SPECIAL
#include "demc/analysis/special.h"
