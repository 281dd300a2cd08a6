/* The exported twins of analysis/collision.h; the bodies are in include/demc/impl/collision_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_COLLISION
#include "demc/analysis/collision.h"
