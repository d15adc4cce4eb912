// Times a pool loop compiled by Sealed (a library in $SEALED_HOME/cache/loops, or one built from
// its .c source, edited or not) outside Sealed: POOLS pools (default 1,000,000) seven times, and
// prints the best rate in boosters, counting 6 boosters a pool (war's). The sheets' entries are
// filled with card numbers below CARDS (264 for war's cards, 528 for a plan with foils). Its
// arrays are sized for war's plans: 8,192 sheet entries and 65,536 counters; a plan of more
// would write past them.
//
//   cc -O3 -o /tmp/time-compiled-loop scripts/time-compiled-loop.c -ldl
//   clang -O3 -march=native -shared -fPIC -o /tmp/loop.so $SEALED_HOME/cache/loops/KEY.c
//   /tmp/time-compiled-loop /tmp/loop.so 528 [POOLS]
//
// docs/speed.md ("Where war mtgwtf's loop spends its time") used it to time variants of war
// mtgwtf's generated C, each with one part taken out or changed.
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef void (*Loop)(uint64_t *, int32_t *, uint32_t *, uint32_t *const *, int64_t *, int64_t);

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s LIBRARY [CARDS [POOLS]]\n", argv[0]);
    return 2;
  }
  void *library = dlopen(argv[1], RTLD_NOW);
  Loop loop = library ? (Loop)dlsym(library, "sealed_plan_loop") : NULL;
  if (!loop) {
    fprintf(stderr, "%s: no sealed_plan_loop: %s\n", argv[1], library ? "missing symbol" : dlerror());
    return 2;
  }
  int cards = argc > 2 ? atoi(argv[2]) : 264;
  long long pools = argc > 3 ? atoll(argv[3]) : 1000000;
  if (cards < 1 || pools < 1) {
    fprintf(stderr, "%s: CARDS and POOLS must be positive numbers\n", argv[0]);
    return 2;
  }
  int32_t *entries = aligned_alloc(4096, 8192 * sizeof(int32_t));
  for (int i = 0; i < 8192; i++) entries[i] = i % cards;
  uint32_t *counts = calloc(65536, sizeof(uint32_t)), *counters[5];
  for (int i = 0; i < 5; i++) counters[i] = calloc(4096, sizeof(uint32_t));
  uint64_t state[4] = {1, 2, 3, 4};
  int64_t pair[2] = {0, 0};
  double best = 0;
  for (int round = 0; round < 7; round++) {
    double start = seconds();
    loop(state, entries, counts, counters, pair, pools);
    double rate = 6e-6 * pools / (seconds() - start);
    if (rate > best) best = rate;
  }
  printf("%.1f M boosters/s (best of 7)\n", best);
  return 0;
}
