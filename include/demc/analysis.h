/**
 * @file analysis.h
 * @brief Umbrella header of the analysis set: includes every header under demc/analysis/.
 *
 * The analysis set reproduces papers and analyses single collisions (sliding paths, elliptic integrals, the
 * geometry of [Zabulionis 2012], closed-form impacts, time-step probes). It is exported by the same library under
 * the separate version node DEMC_ANALYSIS and is not covered by the 1.x ABI promise: a minor release may change or
 * remove it, and a host that calls it rebuilds against each release. What a force loop needs is all in
 * demc.h. See @ref analysis_page "The analysis set".
 */
#ifndef DEMC_ANALYSIS_H
#define DEMC_ANALYSIS_H
#include "analysis/geometry.h"
#include "analysis/special.h"
#include "analysis/sliding.h"
#include "analysis/collision.h"
#endif /* DEMC_ANALYSIS_H */
