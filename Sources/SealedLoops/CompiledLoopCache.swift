import Foundation
import Synchronization
import SealedSupport

/// Compiled plan loops kept as shared libraries in a folder (`$SEALED_HOME/cache/loops`, else
/// `$XDG_CACHE_HOME/sealed/loops`, else `~/.cache/sealed/loops`), each named by a SHA-256 of
/// its source, the compiler's identity and flags and the processor: a library is never loaded
/// for other code, another compiler or another machine. A library is compiled under a hidden
/// temporary name and renamed into place, so processes compiling the same loop at once each
/// load a whole library; one that does not load is removed and compiled again. Each library's C
/// source is kept beside it (`KEY.c`), to be read. The folder keeps the `keptLoops` used last;
/// removing it is always safe.
struct CompiledLoopCache: Sendable {
  let folder: String

  /// How many libraries the folder keeps (each 15 to 100 KB).
  static let keptLoops = 256

  /// The symbol every library defines.
  static let symbol = "sealed_plan_loop"

  /// Loops loaded in this process, by key (a library is loaded once and never unloaded).
  private static let loaded = Mutex<[String: CompiledLoop]>([:])

  /// The loop of `source`: loaded already, from the folder, or compiled now when `compiling`.
  func loop(source: String, compiler: LoopCompiler, compiling: Bool) -> CompiledLoop? {
    let key = Self.key(source: source, compiler: compiler)
    if let loop = Self.loaded.withLock({ $0[key] }) { return loop }
    let library = (folder as NSString).appendingPathComponent("\(key).so")
    if let loop = Self.open(library) {
      utime(library, nil)
      return remember(loop, key)
    }
    try? FileManager.default.removeItem(atPath: library)
    guard compiling, compile(source, with: compiler, into: library), let loop = Self.open(library) else { return nil }
    prune()
    return remember(loop, key)
  }

  /// The key of a loop: its source, compiler, flags and processor.
  static func key(source: String, compiler: LoopCompiler) -> String {
    let text = [
      LoopSource.format, compiler.path, compiler.version, compiler.flags.joined(separator: " "),
      compiler.processor, source,
    ].joined(separator: "\n")
    return SHA256.hex(of: Array(text.utf8))
  }

  private func remember(_ loop: CompiledLoop, _ key: String) -> CompiledLoop {
    Self.loaded.withLock { $0[key] = loop }
    return loop
  }

  /// The loop in the library at `path`, when it exists and loads.
  private static func open(_ path: String) -> CompiledLoop? {
    guard FileManager.default.fileExists(atPath: path), let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { return nil }
    guard let address = dlsym(handle, symbol) else {
      dlclose(handle)
      return nil
    }
    return CompiledLoop(function: unsafeBitCast(address, to: CompiledLoop.Function.self))
  }

  /// Writes `source` beside the library and compiles it under a temporary name, then renames
  /// the library into place; true when it is there. The source is removed either way.
  private func compile(_ source: String, with compiler: LoopCompiler, into library: String) -> Bool {
    // The folder holds code this process runs: only its owner may write there.
    guard
      (try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil
    else { return false }
    let libraryFile = AtomicFile(path: library)
    let sourcePath = libraryFile.temporaryPath + ".c"
    PendingFiles.add(sourcePath)
    defer {
      unlink(sourcePath)
      PendingFiles.remove(sourcePath)
      libraryFile.discard()
    }
    guard (try? Data(source.utf8).write(to: URL(fileURLWithPath: sourcePath))) != nil,
      compiler.compile(source: sourcePath, into: libraryFile.temporaryPath)
    else { return false }
    guard (try? libraryFile.commit()) != nil else { return false }
    // The source beside the library, for whoever wants to read what runs.
    rename(sourcePath, (library as NSString).deletingPathExtension + ".c")
    return true
  }

  /// Removes the libraries beyond the `keptLoops` used last.
  private func prune() {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
    let libraries = names.filter { $0.hasSuffix(".so") && !$0.hasPrefix(".") }.map {
      (folder as NSString).appendingPathComponent($0)
    }
    guard libraries.count > Self.keptLoops else { return }
    let dated = libraries.map { path in
      (path, (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast)
    }
    for (path, _) in dated.sorted(by: { $0.1 > $1.1 }).dropFirst(Self.keptLoops) {
      try? manager.removeItem(atPath: path)
      try? manager.removeItem(atPath: (path as NSString).deletingPathExtension + ".c")
    }
  }
}
