/* The exported twins of tangential.h; the bodies are in include/demc/impl/tangential_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_TANGENTIAL
#include "demc/tangential.h"
