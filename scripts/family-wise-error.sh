#!/bin/sh
# Measures the family-wise error of `sealed check`: how often correct rules fail at least one
# check, over many seeds. Usage:
#   scripts/family-wise-error.sh SEALED_BINARY [SEEDS] [POOLS] [ALPHA] [extra check arguments...]
# for example: scripts/family-wise-error.sh .build/release/sealed 1000 20000 0.05
# Prints the number of runs with a failed check and the failures per check name.
set -eu
sealed=$1
seeds=${2:-1000}
pools=${3:-20000}
alpha=${4:-0.05}
shift 4 2>/dev/null || shift $#
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
seed=1
while [ "$seed" -le "$seeds" ]; do
  status=0
  "$sealed" check war --pools "$pools" --seed "$seed" --alpha "$alpha" --compare none --quiet \
    --out "$work/r" "$@" > "$work/out.txt" 2>&1 || status=$?
  case $status in
    0) ;;
    1) failed=$((failed + 1)); grep '^  - ' "$work/out.txt" | sed 's/: .*//' >> "$work/failures.txt" ;;
    *) cat "$work/out.txt" >&2; exit "$status" ;;
  esac
  m=$(sed -n 's/.*Holm-adjusted over \([0-9]*\) statistical checks.*/\1/p' "$work/out.txt")
  seed=$((seed + 1))
done
echo "runs: $seeds  pools: $pools  alpha: $alpha  statistical checks (Holm's m): $m"
echo "runs with a failed check: $failed  family-wise error: $(echo "scale=4; $failed / $seeds" | bc)"
if [ -s "$work/failures.txt" ]; then
  echo "failures by check:"
  sort "$work/failures.txt" | uniq -c | sort -rn
fi
