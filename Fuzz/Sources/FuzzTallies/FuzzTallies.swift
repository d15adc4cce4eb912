import Foundation
import FuzzSupport
import SealedSupport
import SealedJobs

/// `tallies.json` (`sealed merge`): any bytes give a verified record or a one-line `DataError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTallies(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  guard let bytes = pointer else { return 0 }
  let data = Data(bytes: bytes, count: count)
  if let record = try? RunRecord.decode(data, path: "shard/tallies.json") {
    try? ShardMerge.checkShards([("shard", record)])
  }
  return 0
}

@_cdecl("FuzzTallies_main")
public func fuzzTalliesMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  runFuzzer(argc, argv, fuzzTallies)
}
