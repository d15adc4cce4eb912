// A speed reference for the engine, not part of Sealed: War of the Spark under the "sealed" rules
// with the rules written into the code (sheet sizes, slots and variant odds as constants), doing
// the draws and card counts of SealedEngine (not its per-pool counters): xoshiro256**, one number for the mythic
// booster's position and the six variant choices (exact digits: 39/50 and 46/50), two numbers per
// booster whose Lemire digits give its 14 cards (rejection tested first), partial Fisher-Yates over
// persistent permutations, and a count per card and draw. It shows what the machine gives such a
// loop at the moment of a benchmark run, so the engine's figures can be read against it.
#include "WarSealedReference.h"
#include "ReferenceKernel.h"

/// A number whose digits in ranges of product `product` are exactly uniform.
static inline uint64_t draw(uint64_t s[4], uint64_t product) {
  uint64_t threshold = (0 - product) % product, x;
  do { x = next(s); } while (x * product < threshold);
  return x;
}

void war_sealed_reference_init(WarSealedReference *state, uint64_t seed) {
  seedGenerator(state->s, seed);
  for (int i = 0; i < 101; i++) state->common[i] = i;
  for (int i = 0; i < 60; i++) state->uncommon[i] = 101 + i;
  for (int i = 0; i < 20; i++) state->walkerUncommon[i] = 161 + i;
  for (int i = 0; i < 40; i++) state->rare[i] = 181 + i;
  for (int i = 0; i < 13; i++) state->walkerRare[i] = 221 + i;
  for (int i = 0; i < 12; i++) state->mythic[i] = 234 + i;
  for (int i = 0; i < 3; i++) state->walkerMythic[i] = 246 + i;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 256; j++) state->tally[i][j] = 0;
}

uint64_t war_sealed_reference_run(WarSealedReference *state, int64_t pools) {
  uint64_t s[4] = {state->s[0], state->s[1], state->s[2], state->s[3]};
  // 101 * 100 * ... * 93, then 92 * 60 * 59 * (20 * 40 or 58 * 13, 20 * 12 or 58 * 3).
  const uint64_t firstProduct = 757809453715776000ull;
  for (int64_t p = 0; p < pools; p++) {
    uint64_t low = draw(s, 6ull * 50 * 50 * 50 * 50 * 50 * 50);
    int position = (int)digit(&low, 6);
    for (int b = 0; b < 6; b++) {
      int mythic = b == position;
      int walkerUncommon = digit(&low, 50) < (mythic ? 46u : 39u);
      // Sites: 4 programs (mythic or not, walker uncommon or not) x 4 draws.
      uint32_t(*tally)[256] = state->tally + 4 * (2 * mythic + walkerUncommon);
      uint64_t cards = draw(s, firstProduct);
      for (int t = 0; t < 9; t++) pick(state->common, 101, t, &cards, tally[0]);
      uint64_t rest = mythic ? (walkerUncommon ? 92ull * 60 * 59 * 20 * 12 : 92ull * 60 * 59 * 58 * 3)
                             : (walkerUncommon ? 92ull * 60 * 59 * 20 * 40 : 92ull * 60 * 59 * 58 * 13);
      cards = draw(s, rest);
      pick(state->common, 101, 9, &cards, tally[0]);
      pick(state->uncommon, 60, 0, &cards, tally[1]);
      pick(state->uncommon, 60, 1, &cards, tally[1]);
      if (walkerUncommon) {
        pick(state->walkerUncommon, 20, 0, &cards, tally[2]);
        if (mythic) pick(state->mythic, 12, 0, &cards, tally[3]);
        else pick(state->rare, 40, 0, &cards, tally[3]);
      } else {
        pick(state->uncommon, 60, 2, &cards, tally[1]);
        if (mythic) pick(state->walkerMythic, 3, 0, &cards, tally[3]);
        else pick(state->walkerRare, 13, 0, &cards, tally[3]);
      }
    }
  }
  for (int i = 0; i < 4; i++) state->s[i] = s[i];
  uint64_t checksum = 0;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 256; j++) checksum = checksum * 31 + state->tally[i][j];
  return checksum;
}
