#ifndef WAR_SEALED_REFERENCE_H
#define WAR_SEALED_REFERENCE_H

#include <stdint.h>

// The target's umbrella header (it bears the target's name): the war mtgwtf kernel too.
#include "WarMtgwtfReference.h"

/// State of the reference kernel: a generator, the sheets' persistent permutations and the
/// tallies, all in one block so that nothing is allocated while it runs.
typedef struct {
  uint64_t s[4];
  int32_t common[101], uncommon[60], walkerUncommon[20], rare[40], walkerRare[13], mythic[12], walkerMythic[3];
  uint32_t tally[16][256];
} WarSealedReference;

/// Puts every sheet in order, seeds the generator and zeroes the tallies.
void war_sealed_reference_init(WarSealedReference *state, uint64_t seed);

/// Opens `pools` war pools under the "sealed" rules with the rules written into the code, and
/// returns a checksum of the tallies.
uint64_t war_sealed_reference_run(WarSealedReference *state, int64_t pools);

#endif
