/* The exported twins of geometry.h; the bodies are in include/demc/impl/geometry_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_GEOMETRY
#include "demc/analysis/geometry.h"
