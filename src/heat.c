/* The exported twins of heat.h; the bodies are in include/demc/impl/heat_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_HEAT
#include "demc/heat.h"
