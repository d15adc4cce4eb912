// A speed reference for the engine, not part of Sealed: War of the Spark's draft booster as
// mtg.wtf's data defines it (the built-in "mtgwtf" rules), with the booster's shape written into
// the code, as a loop generated for this one plan would have it: the four variants (weights 899,
// 261, 2852 and 828 of 4840, six digits from two numbers per pool), the fixed picks of each (the
// first common of each colour, the uncommons, the basic land) from one number, the rest of the
// colour-balanced commons as one of the group-count alternatives (an alias table over the 252,
// or 126, multinomial outcomes of the 5, or 4, mixed picks, each alternative's picks named by
// bytes and drawn from one number), the rare slot and the foil as alias picks over their
// weighted sheets. The same draws as SealedEngine's segments (xoshiro256**, Lemire digits with
// rejection, partial Fisher-Yates over persistent permutations, a count per card and draw, no
// per-pool counters), with the sheets' sizes from Sealed's war card data and the rules file.
#include "WarMtgwtfReference.h"
#include <math.h>
#include "ReferenceKernel.h"

static inline uint64_t draw(uint64_t s[4], uint64_t product, uint64_t threshold) {
  uint64_t x;
  do { x = next(s); } while (x * product < threshold);
  return x;
}

/// An alias table's entry: a uniform index, then `keep` below `threshold`, else `other`.
static inline uint64_t aliasIndex(uint64_t s[4], uint64_t count, uint64_t *low) {
  u128 m = (u128)next(s) * count;
  if ((uint64_t)m < count) {
    uint64_t threshold = (0 - count) % count;
    while ((uint64_t)m < threshold) m = (u128)next(s) * count;
  }
  *low = (uint64_t)m;
  return (uint64_t)(m >> 64);
}

static inline int32_t pickCard(uint64_t s[4], const WarMtgwtfCardEntry *table, uint64_t count, uint32_t *tally) {
  uint64_t low, index = aliasIndex(s, count, &low);
  const WarMtgwtfCardEntry *e = table + index;
  uint64_t mask = 0 - (uint64_t)(low >= e->threshold);
  int32_t card = (int32_t)(e->keep ^ ((e->keep ^ e->other) & mask));
  tally[card]++;
  return card;
}

// The colour groups of war's common sheet (W, U, B, R, G, other) and where they start.
static const int groupSize[6] = {19, 19, 19, 19, 19, 6};
static const int groupStart[6] = {0, 19, 38, 57, 76, 95};

/// The rest of the balanced commons: an alternative by its alias table, then its picks.
static inline void balancedRest(
  WarMtgwtfReference *state, uint64_t s[4], const WarMtgwtfCodedEntry *table, uint64_t count, int extras,
  uint32_t *tally
) {
  uint64_t low, index = aliasIndex(s, count, &low);
  const WarMtgwtfCodedEntry *e = table + index;
  uint64_t mask = 0 - (uint64_t)(low >= e->threshold);
  uint64_t product = e->keep.product ^ ((e->keep.product ^ e->other.product) & mask);
  uint64_t threshold = e->keep.threshold ^ ((e->keep.threshold ^ e->other.threshold) & mask);
  uint64_t codes = e->keep.codes ^ ((e->keep.codes ^ e->other.codes) & mask);
  uint64_t cards = draw(s, product, threshold);
  for (int i = 0; i < extras; i++) {
    const WarMtgwtfPick *p = state->restPicks + (codes & 0xFF);
    int j = (int)digit(&cards, p->range);
    int32_t *base = state->common + p->offset;
    int32_t card = base[j];
    base[j] = base[0];
    base[0] = card;
    tally[card]++;
    codes >>= 8;
  }
}

static uint64_t thresholdOf(uint64_t product) { return (0 - product) % product; }

/// Vose's alias table over `n` weights: entry i keeps i with chance threshold / 2^64.
static void aliasTable(const double *weights, int n, uint64_t *thresholds, int *others) {
  double total = 0, scaled[300];
  int small[300], large[300], ns = 0, nl = 0;
  for (int i = 0; i < n; i++) total += weights[i];
  for (int i = 0; i < n; i++) {
    scaled[i] = weights[i] * n / total;
    if (scaled[i] < 1) small[ns++] = i; else large[nl++] = i;
    others[i] = i;
  }
  while (ns > 0 && nl > 0) {
    int a = small[--ns], b = large[--nl];
    thresholds[a] = (uint64_t)ldexp(scaled[a], 64);
    others[a] = b;
    scaled[b] -= 1 - scaled[a];
    if (scaled[b] < 1) small[ns++] = b; else large[nl++] = b;
  }
  while (nl > 0) thresholds[large[--nl]] = UINT64_MAX;
  while (ns > 0) thresholds[small[--ns]] = UINT64_MAX;
}

static void cardTable(WarMtgwtfCardEntry *table, const double *weights, int n, int32_t firstCard) {
  uint64_t thresholds[300];
  int others[300];
  aliasTable(weights, n, thresholds, others);
  for (int i = 0; i < n; i++) {
    table[i].threshold = thresholds[i];
    table[i].keep = (uint64_t)(firstCard + i);
    table[i].other = (uint64_t)(firstCard + others[i]);
  }
}

/// The multinomial outcomes of `extras` mixed picks over the six groups (weights 19·n − 101 for
/// the colours and 6·n for the rest, n the draw's size), as alternatives coded by pick.
static void restTable(WarMtgwtfCodedEntry *table, int extras) {
  int n = extras + 5;
  double groupWeight[6], total = 0;
  for (int g = 0; g < 6; g++) {
    groupWeight[g] = g < 5 ? (double)(n * groupSize[g] - 101) : (double)(n * groupSize[g]);
    total += groupWeight[g];
  }
  WarMtgwtfCoded coded[300];
  double weights[300];
  int count = 0, e[6];
  for (e[0] = 0; e[0] <= extras; e[0]++)
    for (e[1] = 0; e[0] + e[1] <= extras; e[1]++)
      for (e[2] = 0; e[0] + e[1] + e[2] <= extras; e[2]++)
        for (e[3] = 0; e[0] + e[1] + e[2] + e[3] <= extras; e[3]++)
          for (e[4] = 0; e[0] + e[1] + e[2] + e[3] + e[4] <= extras; e[4]++) {
            e[5] = extras - e[0] - e[1] - e[2] - e[3] - e[4];
            double w = tgamma(extras + 1);
            uint64_t product = 1, codes = 0;
            int shift = 0;
            for (int g = 0; g < 6; g++) {
              w *= pow(groupWeight[g] / total, e[g]) / tgamma(e[g] + 1);
              int first = g < 5 ? 1 : 0;
              for (int t = first; t < first + e[g]; t++) {
                product *= (uint64_t)(groupSize[g] - t);
                codes |= (uint64_t)(g * 6 + t) << shift;
                shift += 8;
              }
            }
            coded[count] = (WarMtgwtfCoded){product, thresholdOf(product), codes};
            weights[count++] = w;
          }
  uint64_t thresholds[300];
  int others[300];
  aliasTable(weights, count, thresholds, others);
  for (int i = 0; i < count; i++) table[i] = (WarMtgwtfCodedEntry){thresholds[i], coded[i], coded[others[i]]};
}

void war_mtgwtf_reference_init(WarMtgwtfReference *state, uint64_t seed) {
  seedGenerator(state->s, seed);
  // Cards: commons 0-100, uncommons 101-160, planeswalker uncommons 161-180, basics 181-195,
  // rares and mythics 196-247, planeswalker rares and mythics 248-263, foils 264-527.
  for (int i = 0; i < 101; i++) state->common[i] = i;
  for (int i = 0; i < 60; i++) state->uncommon[i] = 101 + i;
  for (int i = 0; i < 20; i++) state->walkerUncommon[i] = 161 + i;
  for (int i = 0; i < 15; i++) state->basic[i] = 181 + i;
  double weights[264];
  // 40 rares twice as likely as each of 12 mythics; 13 and 3 among the planeswalkers.
  for (int i = 0; i < 52; i++) weights[i] = i < 40 ? 2 : 1;
  cardTable(state->rare, weights, 52, 196);
  for (int i = 0; i < 16; i++) weights[i] = i < 13 ? 2 : 1;
  cardTable(state->walkerRare, weights, 16, 248);
  // The foil sheet: 116 commons at 5808, 80 uncommons at 3509, 53 rares at 2784, 15 mythics
  // at 1392 (its weights in the rules file).
  for (int i = 0; i < 264; i++) weights[i] = i < 116 ? 5808 : i < 196 ? 3509 : i < 249 ? 2784 : 1392;
  cardTable(state->foil, weights, 264, 264);
  for (int g = 0; g < 6; g++)
    for (int t = 0; t < 6; t++)
      state->restPicks[g * 6 + t] = (WarMtgwtfPick){groupStart[g] + t, (uint32_t)(groupSize[g] - t)};
  restTable(state->rest10, 5);
  restTable(state->rest9, 4);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 8; j++)
      for (int k = 0; k < 544; k++) state->tally[i][j][k] = 0;
}

uint64_t war_mtgwtf_reference_run(WarMtgwtfReference *state, int64_t pools) {
  uint64_t s[4] = {state->s[0], state->s[1], state->s[2], state->s[3]};
  // The fixed picks: 19^5 for the colours' first commons, 60 * 59 * 58 or 60 * 59 * 20 for the
  // uncommons, 15 for the basic.
  const uint64_t fixedPlain = 2476099ull * 60 * 59 * 58 * 15, fixedWalker = 2476099ull * 60 * 59 * 20 * 15;
  const uint64_t pair = 4840ull * 4840 * 4840 * 4840 * 4840;
  for (int64_t p = 0; p < pools; p++) {
    uint64_t variants = draw(s, pair, thresholdOf(pair));
    uint64_t last = draw(s, 4840, thresholdOf(4840));
    for (int b = 0; b < 6; b++) {
      uint64_t d = b < 5 ? digit(&variants, 4840) : digit(&last, 4840);
      int v = (d >= 899) + (d >= 1160) + (d >= 4012);
      uint32_t(*tally)[544] = state->tally[v];
      int walkerUncommon = v >= 2, foil = v & 1;
      uint64_t cards = draw(s, walkerUncommon ? fixedWalker : fixedPlain,
                            walkerUncommon ? thresholdOf(fixedWalker) : thresholdOf(fixedPlain));
      for (int g = 0; g < 5; g++) pick(state->common + groupStart[g], 19, 0, &cards, tally[0]);
      pick(state->uncommon, 60, 0, &cards, tally[1]);
      pick(state->uncommon, 60, 1, &cards, tally[1]);
      if (walkerUncommon) pick(state->walkerUncommon, 20, 0, &cards, tally[2]);
      else pick(state->uncommon, 60, 2, &cards, tally[1]);
      pick(state->basic, 15, 0, &cards, tally[3]);
      if (foil) balancedRest(state, s, state->rest9, 126, 4, tally[0]);
      else balancedRest(state, s, state->rest10, 252, 5, tally[0]);
      if (walkerUncommon) pickCard(s, state->rare, 52, tally[4]);
      else pickCard(s, state->walkerRare, 16, tally[4]);
      if (foil) pickCard(s, state->foil, 264, tally[5]);
    }
  }
  for (int i = 0; i < 4; i++) state->s[i] = s[i];
  uint64_t checksum = 0;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 8; j++)
      for (int k = 0; k < 544; k++) checksum = checksum * 31 + state->tally[i][j][k];
  return checksum;
}
