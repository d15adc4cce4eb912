// What the two reference kernels share: xoshiro256**, Lemire digits, a partial Fisher-Yates
// step over a persistent permutation, and SplitMix64 seeding. Internal to the C target.
#ifndef REFERENCE_KERNEL_H
#define REFERENCE_KERNEL_H

#include <stdint.h>

typedef unsigned __int128 u128;

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t next(uint64_t s[4]) {
  uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

/// The next digit in 0..<range of a number; `low` keeps the rest.
static inline uint64_t digit(uint64_t *low, uint64_t range) {
  u128 m = (u128)*low * range;
  *low = (uint64_t)m;
  return (uint64_t)(m >> 64);
}

/// Partial Fisher-Yates step t over `sheet` of `size` cards, counted in `tally`.
static inline void pick(int32_t *sheet, int size, int t, uint64_t *low, uint32_t *tally) {
  int j = t + (int)digit(low, (uint64_t)(size - t));
  int32_t card = sheet[j];
  sheet[j] = sheet[t];
  sheet[t] = card;
  tally[card]++;
}

/// The generator's state from `seed`, by SplitMix64.
static inline void seedGenerator(uint64_t s[4], uint64_t seed) {
  uint64_t z = seed;
  for (int i = 0; i < 4; i++) {
    z += 0x9E3779B97F4A7C15ull;
    uint64_t x = z;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    s[i] = x ^ (x >> 31);
  }
}

#endif
