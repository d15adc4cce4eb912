import Foundation
import SealedSupport

/// A pool loop compiled for one plan (`LoopSource`) and loaded into the process: it draws a
/// chunk's pools exactly as the engine does from its tables, with the plan's sheets, ranges
/// and numbers written into its code. Loops are compiled by `CompiledLoopCache` and never
/// unloaded; a value is a function pointer, cheap to copy and to share between threads.
package struct CompiledLoop: Sendable {
  /// `sealed_plan_loop`'s signature (see `LoopSource`).
  package typealias Function = @convention(c) (
    UnsafeMutablePointer<UInt64>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UInt32>,
    UnsafeMutablePointer<UnsafeMutablePointer<UInt32>>, UnsafeMutablePointer<Int64>, Int64
  ) -> Void

  /// The loop's entry point in its loaded library.
  package let function: Function

  /// The loop of `plan` when it can be had: from this process's loops, from the cache folder,
  /// or compiled now (0.2 s or so with clang, once per plan, compiler and machine). Nil when
  /// `SEALED_CC` is `none`, no compiler is found, or compiling or loading fails: the engine
  /// then draws from its tables, the same pools. Never throws and never prints. Cost besides
  /// compiling: the source written (O(programs × parts)), hashed, and a library loaded.
  package static func load(
    for plan: LoopPlan, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> CompiledLoop? {
    guard let compiler = LoopCompiler.find(environment: environment) else { return nil }
    let cache = CompiledLoopCache(folder: (SealedHome.cachePath(environment: environment) as NSString).appendingPathComponent("loops"))
    return cache.loop(source: LoopSource.source(for: plan), compiler: compiler, compiling: true)
  }
}
