#!/usr/bin/env python3
"""Times one command line under two builds of `sealed`, alternating their runs.

    scripts/compare-runs.py RUNS BEFORE AFTER -- ARGUMENTS...

Runs `BEFORE ARGUMENTS` and `AFTER ARGUMENTS` RUNS times each, alternating which goes first,
with standard output discarded, and prints for each the median and lowest wall time and CPU
time (user + system, from the kernel's accounting of the child), then the median of AFTER's
time over BEFORE's taken run pair by run pair. On a machine that others load at the same time,
or whose speed drifts, wall times swing; alternating the runs exposes both builds to the same
swings, and the ratio of each pair holds where the times themselves do not. A command's exit
status of 0 or 1 is not judged (`check-products` exits 1 when a product fails), only printed when
the two builds' differ; any other (2 for a usage or data error, a signal's) stops the comparison,
since it would time the error. Examples (docs/cards.md, docs/speed.md):

    scripts/compare-runs.py 100 /tmp/before/sealed .build/release/sealed -- open war --seed 1
    scripts/compare-runs.py 3 /tmp/before/sealed .build/release/sealed -- check-products --pools 1e5 --seed 1 --quiet --out /tmp/cp --force
"""

import os
import resource
import statistics
import subprocess
import sys
import time


def fail(message):
    print(f"compare-runs: {message}", file=sys.stderr)
    sys.exit(2)


def run(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        status = subprocess.run(command, stdout=subprocess.DEVNULL).returncode
    except OSError as error:
        fail(f"cannot run {command[0]}: {error.strerror}")
    if status not in (0, 1):
        fail(f"{' '.join(command)} exited with status {status}: fix the command line (its error is above)")
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall * 1000, cpu * 1000, status


def main():
    if len(sys.argv) < 5 or sys.argv[4] != "--":
        sys.exit(__doc__.strip().split("\n\n")[1])
    if not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        fail(f"RUNS must be a whole number of at least 1, not {sys.argv[1]!r}")
    runs = int(sys.argv[1])
    builds = {"before": sys.argv[2], "after": sys.argv[3]}
    arguments = sys.argv[5:]
    times = {name: [] for name in builds}
    for index in range(runs):
        order = ["before", "after"] if index % 2 == 0 else ["after", "before"]
        for name in order:
            times[name].append(run([builds[name]] + arguments))
    print(f"{runs} runs each of: {' '.join(arguments)}")
    for name, samples in times.items():
        wall = [sample[0] for sample in samples]
        cpu = [sample[1] for sample in samples]
        print(
            f"{name:6}  wall median {statistics.median(wall):8.1f} ms, lowest {min(wall):8.1f} ms"
            f"   cpu median {statistics.median(cpu):8.1f} ms, lowest {min(cpu):8.1f} ms"
        )
    pairs = list(zip(times["before"], times["after"]))
    wall_ratio = statistics.median(after[0] / before[0] for before, after in pairs)
    cpu_ratio = statistics.median(after[1] / before[1] for before, after in pairs)
    print(f"after / before, pair by pair: wall median {wall_ratio:.3f}, cpu median {cpu_ratio:.3f}")
    statuses = {name: sorted({sample[2] for sample in samples}) for name, samples in times.items()}
    if statuses["before"] != statuses["after"]:
        print(f"exit statuses differ: before {statuses['before']}, after {statuses['after']}")


if __name__ == "__main__":
    main()
