/* The exported twins of adhesion.h; the bodies are in include/demc/impl/adhesion_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_ADHESION
#include "demc/adhesion.h"
