"""Whether sampled pools are a report's: the facts of the run they were drawn in against the
report's own. Samples kept apart from their report (notebooks-data/) have pools_run.csv beside
them (the run.csv of their run, its card data's fingerprint and the samples' count); samples in
another report folder have that report's run.csv and tallies.json.

Read by notebooks/sealed.ipynb, which refuses another run's samples, and by
scripts/run-notebook, which draws the report's own when they are another run's:

    python3 notebooks/sample_origin.py REPORT FACTS

exits 0 when FACTS (a pools_run.csv) describes REPORT's run, 1 when it does not or is missing.
DECIDING is Sealed's SampleOrigin.decidingKeys, written out again (a test keeps the two one).
"""
import csv
import json
import os
import sys

# The keys of run.csv that decide which pools a seed gives; the card data is compared apart,
# by the fingerprint tallies.json records.
DECIDING = ["set", "rules", "rules_sha256", "booster_data", "booster_range", "seed", "generator"]


def facts_of(path):
    """A run.csv-like file's keys and values, as written (empty cells stay empty)."""
    with open(path, newline="") as file:
        return {row[0]: row[1] for row in csv.reader(file) if len(row) == 2}


def fingerprint_of(folder):
    """The card data's fingerprint a report's tallies.json records ("" without one)."""
    path = os.path.join(folder, "tallies.json")
    if not os.path.exists(path):
        return ""
    with open(path) as file:
        return json.load(file).get("cardsFingerprint", "")


def differences(facts_path, report):
    """(key, the samples' value, the report's value) for each deciding key and the card data on
    which the samples' facts (facts_path) and the report's folder disagree; empty when the
    samples are the first pools of the report's run. A fingerprint missing on either side is
    not held against them (older reports record none)."""
    sampled, reported = facts_of(facts_path), facts_of(os.path.join(report, "run.csv"))
    sampled.setdefault("cards_fingerprint", fingerprint_of(os.path.dirname(facts_path)))
    differ = [(key, sampled.get(key, ""), reported.get(key, ""))
              for key in DECIDING if sampled.get(key, "") != reported.get(key, "")]
    theirs, ours = sampled["cards_fingerprint"], fingerprint_of(report)
    if theirs and ours and theirs != ours:
        differ.append(("cards_fingerprint (the card data)", theirs[:12], ours[:12]))
    return differ


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: sample_origin.py REPORT FACTS")
    report, facts = sys.argv[1], sys.argv[2]
    sys.exit(0 if os.path.exists(facts) and not differences(facts, report) else 1)
