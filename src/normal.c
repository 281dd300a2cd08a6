/* The exported twins of normal.h; the bodies are in include/demc/impl/normal_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_NORMAL
#include "demc/normal.h"
