/* The exported twins of rolling.h; the bodies are in include/demc/impl/rolling_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_ROLLING
#include "demc/rolling.h"
