/* The exported twins of damping.h; the bodies are in include/demc/impl/damping_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_DAMPING
#include "demc/damping.h"
