/* The exported twins of contact.h; the bodies are in include/demc/impl/contact_impl.h (DESIGN §4). */
#define DEMC_IMPLEMENT_CONTACT
#include "demc/contact.h"
