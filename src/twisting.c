/* The exported twins of twisting.h; the bodies are in include/demc/impl/twisting_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_TWISTING
#include "demc/twisting.h"
