import Foundation
import Synchronization
import SealedSupport

/// Compiled plan loops kept as shared libraries in a folder (`$SEALED_HOME/cache/loops`, else
/// `$XDG_CACHE_HOME/sealed/loops`, else `~/.cache/sealed/loops`), each named by a SHA-256 of
/// its source, the compiler's identity and flags and the processor, with its C source beside
/// it (`KEY.c`, to be read). A library is compiled under a hidden temporary name, loaded from
/// there, and only then renamed into place, so a process always draws with the library it
/// compiled and others find a whole one or none; one that is there but does not load is
/// removed and compiled again. The folder keeps the `keptLoops` used last, and temporary files
/// older than an hour (a compile cut short) are removed; removing the folder is always safe.
///
/// What is loaded runs as Sealed: a library is loaded only from a folder the user owns that
/// no one else may write, and only when the user owns it and no one else may write it.
struct CompiledLoopCache: Sendable {
  let folder: String

  /// How many libraries the folder keeps (each 15 to 100 KB, its source 5 to 100 KB).
  static let keptLoops = 256

  /// The symbol every library defines.
  static let symbol = "sealed_plan_loop"

  /// This process's loops by key: loaded, or nil when compiling or loading failed (not tried
  /// again by this process). A library is loaded once and never unloaded.
  private static let known = Mutex<[String: CompiledLoop?]>([:])

  /// The loop of `source`: known to this process, in the folder, or compiled now when
  /// `compiling`.
  func loop(source: String, compiler: LoopCompiler, compiling: Bool) -> CompiledLoop? {
    let key = Self.key(source: source, compiler: compiler)
    if let loop = Self.known.withLock({ $0[key] }) { return loop }
    let loop = find(key: key, source: source, compiler: compiler, compiling: compiling)
    if loop != nil || compiling { Self.known.withLock { $0[key] = .some(loop) } }
    return loop
  }

  /// The key of a loop: its source, compiler, flags and processor.
  static func key(source: String, compiler: LoopCompiler) -> String {
    let text = [
      LoopSource.format, compiler.path, compiler.version, compiler.flags.joined(separator: " "),
      compiler.processor, source,
    ].joined(separator: "\n")
    return SHA256.hex(of: Array(text.utf8))
  }

  private func find(key: String, source: String, compiler: LoopCompiler, compiling: Bool) -> CompiledLoop? {
    guard privateFolder() else { return nil }
    let library = (folder as NSString).appendingPathComponent("\(key).so")
    switch Self.open(library) {
    case .loaded(let loop):
      utime(library, nil)
      return loop
    case .unusable:
      unlink(library)
    case .absent:
      break
    }
    guard compiling else { return nil }
    let loop = compile(source, with: compiler, into: library)
    prune()
    return loop
  }

  /// What `open` found.
  private enum Found {
    case loaded(CompiledLoop)
    /// No file there.
    case absent
    /// A file that is not the user's own private file, or that does not load.
    case unusable
  }

  /// The loop in the library at `path`.
  private static func open(_ path: String) -> Found {
    var status = stat()
    guard lstat(path, &status) == 0 else { return .absent }
    guard isPrivate(status, type: S_IFREG), let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { return .unusable }
    guard let address = dlsym(handle, symbol) else {
      dlclose(handle)
      return .unusable
    }
    return .loaded(CompiledLoop(function: unsafeBitCast(address, to: CompiledLoop.Function.self)))
  }

  /// Whether `status` is of the given type (not a symbolic link), owned by the user running
  /// Sealed, and writable by no one else.
  private static func isPrivate(_ status: stat, type: mode_t) -> Bool {
    status.st_mode & S_IFMT == type && status.st_uid == geteuid() && status.st_mode & 0o022 == 0
  }

  /// Makes the folder (only its owner may enter it) and says whether it is the user's own
  /// private folder.
  private func privateFolder() -> Bool {
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    var status = stat()
    return lstat(folder, &status) == 0 && Self.isPrivate(status, type: S_IFDIR)
  }

  /// Writes `source` beside the library and compiles it under a temporary name, loads it from
  /// there, then renames it into place with its source; the loop, or nil when compiling or
  /// loading failed. Temporary files are removed either way.
  private func compile(_ source: String, with compiler: LoopCompiler, into library: String) -> CompiledLoop? {
    let libraryFile = AtomicFile(path: library)
    let sourcePath = libraryFile.temporaryPath + ".c"
    PendingFiles.add(sourcePath)
    defer {
      unlink(sourcePath)
      PendingFiles.remove(sourcePath)
      libraryFile.discard()
    }
    guard (try? Data(source.utf8).write(to: URL(fileURLWithPath: sourcePath))) != nil,
      compiler.compile(source: sourcePath, into: libraryFile.temporaryPath),
      case .loaded(let loop) = Self.open(libraryFile.temporaryPath)
    else { return nil }
    // Loaded already: a failed rename only leaves the cache without it.
    if (try? libraryFile.commit()) != nil {
      rename(sourcePath, (library as NSString).deletingPathExtension + ".c")
    }
    return loop
  }

  /// Removes the libraries (and their sources) beyond the `keptLoops` used last, and the
  /// temporary files of compiles whose process ended without removing them, an hour on
  /// (`AbandonedPartials`).
  private func prune() {
    AbandonedPartials.remove(in: folder)
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
    func modified(_ path: String) -> Date {
      (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
    }
    let paths = names.map { (folder as NSString).appendingPathComponent($0) }
    let libraries = zip(names, paths).filter { $0.0.hasSuffix(".so") && !$0.0.hasPrefix(".") }.map { ($0.1, modified($0.1)) }
    for (path, _) in libraries.sorted(by: { $0.1 > $1.1 }).dropFirst(Self.keptLoops) {
      unlink(path)
      unlink((path as NSString).deletingPathExtension + ".c")
    }
  }
}
