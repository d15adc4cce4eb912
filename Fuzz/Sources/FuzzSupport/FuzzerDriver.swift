/// libFuzzer's entry point for programs that have their own `main` (`LLVMFuzzerRunDriver`).
///
/// SwiftPM links every executable target with `main` renamed to `<Target>_main`, which an
/// executable built with `-parse-as-library` and no `@main` does not define; each fuzz target
/// therefore defines `<Target>_main` with `@_cdecl` and calls `runFuzzer`, which hands the
/// command line to libFuzzer with the target's `LLVMFuzzerTestOneInput`.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: FuzzCallback
) -> Int32

/// Runs libFuzzer with the process's arguments and `callback`; returns its exit status.
public func runFuzzer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ callback: FuzzCallback) -> Int32 {
  var count = argc
  var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
  return LLVMFuzzerRunDriver(&count, &arguments, callback)
}
