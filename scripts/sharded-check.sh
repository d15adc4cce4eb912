#!/usr/bin/env bash
# Proves that a checked run spread over a scheduler gives the unsharded run's reports: runs
# `sealed check --shard K/N` for K = 1..N under GNU parallel (or a Slurm array job), merges the
# shards, checks the merged tallies (`sealed check --tallies`), runs the same check unsharded,
# and compares every CSV (run.csv's execution rows excepted). Exit 0 when all are identical.
#
#   scripts/sharded-check.sh [--slurm] [SET] [POOLS] [SEED] [SHARDS]
#   scripts/sharded-check.sh war 2000000 7 8            # GNU parallel (Debian: apt-get install parallel)
#   scripts/sharded-check.sh --slurm war 2000000 7 8    # a single-node Slurm started for the run
#
# SEALED (default .build/release/sealed) is the binary; card data as for every command
# (SEALED_CARDS, else the data shipped with Sealed). Slurm mode needs Debian's
# slurm-wlm (slurmctld, slurmd, sbatch); it starts both daemons as root without munge from a
# configuration in a temporary folder and stops them by their pid files.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
scheduler=parallel
if [ "${1:-}" = "--slurm" ]; then scheduler=slurm; shift; fi
set_code=${1:-war}
pools=${2:-2000000}
seed=${3:-7}
shards=${4:-8}
sealed="$(cd "$root" && realpath -m "${SEALED:-.build/release/sealed}")"
[ -x "$sealed" ] || { echo "sharded-check: no sealed binary at $sealed (swift build -c release)" >&2; exit 2; }

work="$(mktemp -d)"
daemons=""
cleanup() {
  local status=$?
  if [ -n "$daemons" ]; then
    for pidfile in "$daemons/slurmd.pid" "$daemons/slurmctld.pid"; do
      if [ -f "$pidfile" ]; then
        pid=$(cat "$pidfile")
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      fi
    done
  fi
  rm -rf "$work" 2>/dev/null || true
  exit "$status"
}
trap cleanup EXIT
cd "$work"
args=(check "$set_code" --pools "$pools" --seed "$seed" --quiet)

start=$(date +%s.%N)
case $scheduler in
  parallel)
    command -v parallel >/dev/null || { echo "sharded-check: GNU parallel is missing (apt-get install parallel)" >&2; exit 2; }
    seq 1 "$shards" | parallel --halt now,fail=1 -j "$(nproc)" \
      "$sealed" "${args[@]}" --threads 1 --shard "{}/$shards" --out "shards/{}" ">" "shards-{}.log"
    ;;
  slurm)
    for tool in slurmctld slurmd sbatch sinfo; do
      command -v "$tool" >/dev/null || { echo "sharded-check: $tool is missing (apt-get install slurm-wlm)" >&2; exit 2; }
    done
    daemons="$work/slurm"
    mkdir -p "$daemons"/{state,spool,log}
    host=$(hostname -s)
    cat > "$daemons/slurm.conf" <<CONF
ClusterName=local
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/none
CredType=cred/none
StateSaveLocation=$daemons/state
SlurmdSpoolDir=$daemons/spool
SlurmctldPidFile=$daemons/slurmctld.pid
SlurmdPidFile=$daemons/slurmd.pid
SlurmctldLogFile=$daemons/log/ctld.log
SlurmdLogFile=$daemons/log/d.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SlurmctldPort=16817
SlurmdPort=16818
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
    export SLURM_CONF="$daemons/slurm.conf"
    slurmctld -f "$SLURM_CONF"
    slurmd -f "$SLURM_CONF"
    for _ in $(seq 1 30); do sinfo -h -o %t 2>/dev/null | grep -q idle && break; sleep 1; done
    cat > job.sh <<JOB
#!/bin/sh
exec "$sealed" ${args[*]} --threads 1 --shard \${SLURM_ARRAY_TASK_ID}/$shards --out "$work/shards/\${SLURM_ARRAY_TASK_ID}" > "$work/shards-\${SLURM_ARRAY_TASK_ID}.log"
JOB
    chmod +x job.sh
    mkdir -p shards
    sbatch --wait --quiet --array="1-$shards" --cpus-per-task=1 --output=/dev/null --chdir="$work" job.sh
    ;;
esac
sharded=$(printf '%.2f' "$(echo "$(date +%s.%N) - $start" | bc)")
for k in $(seq 1 "$shards"); do
  [ -f "shards/$k/tallies.json" ] || { echo "sharded-check: shard $k/$shards wrote no report" >&2; exit 1; }
done
"$sealed" merge shards/* --out merged > merge.log
status=0
"$sealed" check "$set_code" --tallies merged --out checked > checked.log || status=$?
"$sealed" "${args[@]}" --out whole > whole.log || true

same=0
different=0
for file in whole/*.csv; do
  name=$(basename "$file")
  if [ "$name" = run.csv ]; then
    filter='^(threads|elapsed_seconds|boosters_per_second|started_at),'
    if diff <(grep -Ev "$filter" "$file") <(grep -Ev "$filter" "checked/$name") > /dev/null; then same=$((same + 1)); else different=$((different + 1)); echo "differs: $name"; fi
  elif cmp -s "$file" "checked/$name"; then
    same=$((same + 1))
  else
    different=$((different + 1)); echo "differs: $name"
  fi
done
echo "scheduler: $scheduler · $shards shards of sealed check $set_code --pools $pools --seed $seed in ${sharded} s"
echo "merged and checked: $(grep -E '^(PASS|FAIL)' checked.log) (exit $status)"
echo "unsharded check:    $(grep -E '^(PASS|FAIL)' whole.log)"
echo "reports identical: $same of $((same + different)) CSV files (run.csv without its execution rows)"
[ "$different" -eq 0 ]
