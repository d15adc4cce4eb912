#ifndef WAR_MTGWTF_REFERENCE_H
#define WAR_MTGWTF_REFERENCE_H

#include <stdint.h>

/// An alias entry of a weighted sheet: its card below `threshold`, else the other card.
typedef struct {
  uint64_t threshold, keep, other;
} WarMtgwtfCardEntry;

/// A group-count alternative: its picks' product of ranges and rejection threshold, and its
/// picks (`WarMtgwtfReference.restPicks`) a byte each.
typedef struct {
  uint64_t product, threshold, codes;
} WarMtgwtfCoded;

typedef struct {
  uint64_t threshold;
  WarMtgwtfCoded keep, other;
} WarMtgwtfCodedEntry;

/// Where the t-th card of a colour group is drawn: its offset in the common sheet and range.
typedef struct {
  int32_t offset;
  uint32_t range;
} WarMtgwtfPick;

/// State of the reference kernel: a generator, the sheets' persistent permutations, the alias
/// tables and the tallies, all in one block so that nothing is allocated while it runs.
typedef struct {
  uint64_t s[4];
  int32_t common[101], uncommon[60], walkerUncommon[20], basic[15];
  WarMtgwtfCardEntry rare[52], walkerRare[16], foil[264];
  WarMtgwtfPick restPicks[36];
  WarMtgwtfCodedEntry rest10[252], rest9[126];
  uint32_t tally[4][8][544];
} WarMtgwtfReference;

/// Puts every sheet in order, builds the alias tables, seeds the generator and zeroes the tallies.
void war_mtgwtf_reference_init(WarMtgwtfReference *state, uint64_t seed);

/// Opens `pools` war pools of mtg.wtf's draft boosters with the booster's shape written into
/// the code, and returns a checksum of the tallies.
uint64_t war_mtgwtf_reference_run(WarMtgwtfReference *state, int64_t pools);

#endif
