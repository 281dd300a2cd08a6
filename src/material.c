/* The exported twins of material.h; the bodies are in include/demc/impl/material_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_MATERIAL
#include "demc/material.h"
