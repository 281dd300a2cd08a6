/* The exported twins of timestep.h; the bodies are in include/demc/impl/timestep_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_TIMESTEP
#include "demc/timestep.h"
