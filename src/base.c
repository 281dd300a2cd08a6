/* The exported twins of base.h; the bodies are in include/demc/impl/base_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_BASE
#include "demc/base.h"
