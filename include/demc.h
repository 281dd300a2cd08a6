/**
 * @file demc.h
 * @brief Umbrella header: includes every demc module.
 *
 * Define DEMC_HEADER_ONLY before including it to use the header-only face in this translation unit
 * (see base.h).
 */
#ifndef DEMC_H
#define DEMC_H
#include "demc/base.h"
#include "demc/material.h"
#include "demc/geometry.h"
#include "demc/normal.h"
#include "demc/damping.h"
#include "demc/tangential.h"
#include "demc/contact.h"
#include "demc/rotation.h"
#include "demc/timestep.h"
#include "demc/special.h"
#include "demc/sliding.h"
#include "demc/rolling.h"
#include "demc/twisting.h"
#include "demc/facet.h"
#include "demc/adhesion.h"
#include "demc/capillary.h"
#include "demc/normal_plastic.h"
#endif /* DEMC_H */
