/**
 * @file demc.h
 * @brief Umbrella header: includes every demc module.
 *
 * Define DEMC_HEADER_ONLY before including it to use the header-only face in this translation unit
 * (see base.h). The analysis set (paper reproductions, single-collision analysis; outside the 1.x ABI promise)
 * has its own umbrella, demc/analysis.h.
 */
#ifndef DEMC_H
#define DEMC_H
#include "demc/base.h"
#include "demc/material.h"
#include "demc/normal.h"
#include "demc/damping.h"
#include "demc/tangential.h"
#include "demc/tangential_mdr.h"
#include "demc/contact.h"
#include "demc/rotation.h"
#include "demc/timestep.h"
#include "demc/rolling.h"
#include "demc/twisting.h"
#include "demc/facet.h"
#include "demc/adhesion.h"
#include "demc/heat.h"
#include "demc/capillary.h"
#include "demc/normal_plastic.h"
#endif /* DEMC_H */
