/* The exported twins of rotation.h; the bodies are in include/demc/impl/rotation_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_ROTATION
#include "demc/rotation.h"
