import Foundation
import Synchronization
import SealedSupport

/// The C compiler that compiles plan loops (`CompiledLoop`): `$SEALED_CC` when set (a path or a
/// name on `PATH`; `none` turns compiled loops off), else `clang` (the Swift toolchain has it),
/// else `cc`. Its identity (`--version`'s first line) and the processor it compiles for are part
/// of every loop's cache key, so a loop is never loaded on a machine or compiler it was not made
/// by.
struct LoopCompiler: Sendable, Hashable {
  /// The compiler's path.
  let path: String
  /// The first line of its `--version`.
  let version: String
  /// The processor's description (`/proc/cpuinfo`'s first processor: vendor, family, model,
  /// name and flags), or "" when it cannot be read; loops are compiled for that processor
  /// (`-march=native`) only when it is known.
  let processor: String
  /// How long a compilation may take before the compiler is stopped (clang takes 0.2 s).
  var compileSeconds = 120.0

  /// The environment variable naming the compiler.
  static let environmentVariable = "SEALED_CC"

  /// The flags every loop is compiled with.
  var flags: [String] {
    ["-O3"] + (processor.isEmpty ? [] : ["-march=native"]) + ["-shared", "-fPIC", "-w"]
  }

  /// The compiler the environment names, found once per process and environment value.
  static func find(environment: [String: String]) -> LoopCompiler? {
    let named = environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
    if named == "none" { return nil }
    let search = environment["PATH"] ?? "/usr/bin:/bin"
    let key = "\(named ?? "")\n\(search)"
    if let known = found.withLock({ $0[key] }) { return known }
    let compiler = (named.map { [$0] } ?? ["clang", "cc"]).lazy.compactMap { locate($0, search: search) }
      .compactMap(identify).first
    found.withLock { $0[key] = .some(compiler) }
    return compiler
  }

  /// Compilers found so far, by the environment's `SEALED_CC` and `PATH`.
  private static let found = Mutex<[String: LoopCompiler?]>([:])

  /// `name` itself when it holds a slash, else the first executable of that name on `search`.
  private static func locate(_ name: String, search: String) -> String? {
    if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
    for folder in search.split(separator: ":") {
      let path = (String(folder) as NSString).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  /// The compiler at `path`, when `--version` runs and says something.
  private static func identify(_ path: String) -> LoopCompiler? {
    guard let output = run(path, ["--version"], seconds: versionSeconds), output.status == 0,
      let first = output.text.split(separator: "\n").first
    else { return nil }
    return LoopCompiler(path: path, version: String(first), processor: processorDescription())
  }

  /// `/proc/cpuinfo`'s lines that say which processor this is and what it can run.
  private static func processorDescription() -> String {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "" }
    let wanted = ["vendor_id", "cpu family", "model", "model name", "flags"]
    let first = text.components(separatedBy: "\n\n").first ?? ""
    let lines = first.split(separator: "\n").filter { line in
      wanted.contains(line.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")
    }
    return lines.joined(separator: "\n")
  }

  /// Compiles the C file `source` into the shared library `library`; true when the compiler
  /// succeeded within `compileSeconds` and wrote it.
  func compile(source: String, into library: String) -> Bool {
    guard let output = Self.run(path, flags + ["-o", library, source], seconds: compileSeconds) else { return false }
    return output.status == 0 && FileManager.default.fileExists(atPath: library)
  }

  /// How long `--version` may take before the compiler is stopped and the run draws from the
  /// engine's tables (clang takes 0.02 s).
  static let versionSeconds = 30.0

  /// Runs `executable` with `arguments`, its output (standard output and error together) read
  /// whole from a temporary file; nil when it cannot be started or does not end within
  /// `seconds` (it is then terminated, and killed 2 s later if it is still running).
  private static func run(_ executable: String, _ arguments: [String], seconds: Double) -> (status: Int32, text: String)? {
    let outputPath = (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "sealed-cc-\(getpid())-\(UInt32.random(in: 0 ... .max)).txt")
    guard FileManager.default.createFile(atPath: outputPath, contents: nil), let output = FileHandle(forWritingAtPath: outputPath)
    else { return nil }
    defer {
      try? output.close()
      unlink(outputPath)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    do { try process.run() } catch { return nil }
    guard ended.wait(timeout: .now() + seconds) == .success else {
      process.terminate()
      if ended.wait(timeout: .now() + 2) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        ended.wait()
      }
      return nil
    }
    let text = FileManager.default.contents(atPath: outputPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
    return (process.terminationStatus, text)
  }
}
