/* Bodies of contact.h. Included by contact.h only; see docs/pages/contributing.md for why bodies live in headers.
 * The bodies are in parts, each of which includes the parts it uses; the order below is the order of their
 * dependencies (an include goes only upwards in it):
 *   contact_layout_impl.h      the model's private layout, the bits of a kind
 *   contact_laws_impl.h        the law table (a row per value of a slot) and the per-contact state layout
 *   contact_setup_impl.h       defaults, validation, the compiled model, its accessors, reset and swap
 *   contact_frame_impl.h       the frame builders
 *   contact_eval_impl.h        the evaluation of one contact in its frame
 *   contact_dispatch_impl.h    the dispatch on the kind; the single calls
 *   contact_heat_impl.h        the heat of a contact (1.1): demc_contact_heat() and the body the batch shares
 *   contact_batch_loop_impl.h  the batch's loops, one contact at a time
 *   contact_lanes_impl.h       the batch's loops several contacts at a time, in SIMD lanes
 *   contact_batch_impl.h       the batch calls */
#ifndef DEMC_CONTACT_IMPL_H
#define DEMC_CONTACT_IMPL_H

#include "contact_layout_impl.h"
#include "contact_laws_impl.h"
#include "contact_setup_impl.h"
#include "contact_frame_impl.h"
#include "contact_eval_impl.h"
#include "contact_dispatch_impl.h"
#include "contact_heat_impl.h"
#include "contact_batch_loop_impl.h"
#include "contact_lanes_impl.h"
#include "contact_batch_impl.h"

#endif /* DEMC_CONTACT_IMPL_H */
