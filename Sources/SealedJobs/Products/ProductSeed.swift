import SealedSupport
import SealedEngine

/// Each product's seed in a run over many products: derived from the run's seed and the
/// product's code alone, so a product's pools do not depend on which other products run, in
/// which order or on how many threads.
///
/// `seed(product) = SplitMix64.mix(runSeed ^ FNV-1a-64(code))`, with the code in lowercase
/// UTF-8. `sealed check SET --rules CODE --seed <that seed> --compare none` then reproduces the
/// product's report (its `run.csv` names that command).
package enum ProductSeed {
  /// The seed of product `code` in a run seeded `runSeed`.
  package static func derive(runSeed: UInt64, code: String) -> UInt64 {
    SplitMix64.mix(runSeed ^ fnv1a64(code.lowercased()))
  }

  /// FNV-1a, 64-bit (offset basis 0xcbf29ce484222325, prime 0x100000001b3), over UTF-8 bytes.
  static func fnv1a64(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}

extension ProductSeed {
  /// The seed of product `code`'s confirmation (`ErrorControl`): the screen's seed mixed once
  /// more with a constant ("confirm" in ASCII), so that the two stages draw independent pools.
  package static func confirm(runSeed: UInt64, code: String) -> UInt64 {
    SplitMix64.mix(derive(runSeed: runSeed, code: code) ^ 0x636f_6e66_6972_6d00)
  }
}
