import Foundation
import SealedSupport

/// The facts about a run that `run.csv` records.
public struct RunInfo: Sendable, Codable, Equatable {
  package var toolVersion: String
  package var seed: UInt64
  package var poolsRequested: Int
  /// The shard as `INDEX/COUNT`, `1/1` for an unsharded run.
  package var shard: String
  package var threads: Int
  package var elapsedSeconds: Double
  /// When the run started, an ISO 8601 UTC timestamp (`RunInfo.now()`).
  package var startedAt: String
  package var interrupted: Bool
  /// For a report merged from shards: how many. Its execution rows (threads, elapsed seconds,
  /// boosters per second) are then left empty: the shards ran on separate machines.
  package var mergedShards: Int?
  /// The command line that reproduces the run (`sealed simulate war --rules sealed --pools ...
  /// --seed ...`), with the seed actually used; empty when unknown.
  package var command: String

  /// The facts of a run, an unsharded ("1/1"), uninterrupted one unless said otherwise.
  public init(
    toolVersion: String, seed: UInt64, poolsRequested: Int, shard: String = "1/1", threads: Int,
    elapsedSeconds: Double, startedAt: String, interrupted: Bool = false, command: String = ""
  ) {
    self.toolVersion = toolVersion
    self.seed = seed
    self.poolsRequested = poolsRequested
    self.shard = shard
    self.threads = threads
    self.elapsedSeconds = elapsedSeconds
    self.startedAt = startedAt
    self.interrupted = interrupted
    self.command = command
  }

  /// The rows that describe how a run was executed rather than what it computed; they may differ
  /// between two runs of the same seed (and between a merged run and an unsharded one).
  package static let executionKeys: Set<String> = ["threads", "elapsed_seconds", "boosters_per_second", "started_at"]

  /// The current time as an ISO 8601 UTC timestamp with second precision.
  public static func now() -> String { timestamp(Date()) }

  /// A time as an ISO 8601 UTC timestamp: the whole second it falls in (`2026-12-03T07:42:29Z`).
  /// Cost: about a microsecond (`UTCTimestamp`; an `ISO8601DateFormatter` made per call took 0.6%
  /// of `check-products`' samples).
  package static func timestamp(_ date: Date) -> String {
    UTCTimestamp.seconds(date)
  }
}

/// `run.csv`'s `status`: whether the run did all it was asked.
package enum RunStatus: String, Sendable, CaseIterable {
  case complete
  /// Stopped by Ctrl-C: the report holds what was done.
  case interrupted

  /// The status of a run that was, or was not, interrupted.
  package init(interrupted: Bool) { self = interrupted ? .interrupted : .complete }
}

extension RunTable {
  /// `command_kind` of an audit's `run.csv` (the other commands' kind is their command line's
  /// second word).
  package static let auditKind = "audit"

  /// The run's `status`; nil when the file has none (or words Sealed does not write).
  package var status: RunStatus? { self["status"].flatMap(RunStatus.init(rawValue:)) }

  /// Whether the report is an audit's (`command_kind` audit).
  package var isAudit: Bool { self["command_kind"] == Self.auditKind }
}
