/* The exported twins of tangential_mdr.h; the bodies are in include/demc/impl/tangential_mdr_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_TANGENTIAL_MDR
#include "demc/tangential_mdr.h"
