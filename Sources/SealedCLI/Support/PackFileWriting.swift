import SealedSupport
import SealedJobs
import SealedPackFiles

/// `sealed open --format csv|list|17lands`: the pools as a pack file, to `out` or standard
/// output. Into a file, Ctrl-C stops between chunks of pools and removes the unfinished file (a
/// second one quits at once), heard from before the random seed's note on; the exit status is
/// then 130. Cost: the pools' draws and the file's bytes.
enum PackFileWriting {
  static func write(
    _ job: OpenJob, pools: Int, format: PackFileFormat, formatName: String, out: String?, force: Bool, seedOption: SeedOption
  ) throws {
    guard let out else {
      seedOption.noteRandom((job.seed, job.seedWasGiven))
      try job.writePackFile(pools: pools, format: format, to: "-", force: force)
      return
    }
    let interrupt = InterruptFlag(message: "interrupted; \(out) is not written, its unfinished copy is removed (Ctrl-C again to quit now)")
    defer { interrupt.restore() }
    seedOption.noteRandom((job.seed, job.seedWasGiven))
    guard try job.writePackFile(pools: pools, format: format, to: out, force: force, shouldStop: { interrupt.isRaised }) else {
      throw CommandFailure(status: 130)
    }
    Note.write("wrote \(out): \(pools) pool\(pools == 1 ? "" : "s") of \(job.plan.setCode) under \(job.plan.rulesName), seed \(job.seed), as \(formatName)")
  }
}

/// The file an `--out FILE` option names, or nil for standard output: no `--out`, or `--out -`.
func outputFile(_ option: String?) -> String? {
  option == "-" ? nil : option
}
