/* The exported twins of sliding.h; the bodies are in include/demc/impl/sliding_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_SLIDING
#include "demc/analysis/sliding.h"
