/* The exported twins of normal_plastic.h; the bodies are in include/demc/impl/normal_plastic_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_NORMAL_PLASTIC
#include "demc/normal_plastic.h"
