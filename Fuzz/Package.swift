// swift-tools-version: 6.1
// libFuzzer targets for every loader of Sealed. Build (the root package is named by path):
//   swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// Run: scripts/fuzz SECONDS (each target in turn, with the seed corpus from Fuzz/Corpus).
import PackageDescription

/// A library of the root package (one per stage; README, Layout).
func sealed(_ name: String) -> Target.Dependency { .product(name: name, package: "sealed") }
let support: Target.Dependency = "FuzzSupport"

let package = Package(
  name: "SealedFuzz",
  // No `platforms`: Sealed is built and tested on Linux only (README, Requirements).
  dependencies: [.package(name: "sealed", path: "..")],
  targets: [
    .target(name: "FuzzSupport"),
    .executableTarget(name: "FuzzCards", dependencies: [sealed("SealedCards"), support]),
    .executableTarget(name: "FuzzRules", dependencies: [sealed("SealedSupport"), sealed("SealedCards"), sealed("SealedRules"), sealed("SealedAnalysis"), support]),
    .executableTarget(name: "FuzzSpecs", dependencies: [sealed("SealedSupport"), sealed("SealedRules"), support]),
    .executableTarget(name: "FuzzLibrary", dependencies: [sealed("SealedSupport"), sealed("SealedDecks"), support]),
    .executableTarget(name: "FuzzTallies", dependencies: [sealed("SealedSupport"), sealed("SealedJobs"), support]),
    .executableTarget(name: "FuzzPackFiles", dependencies: [sealed("SealedSupport"), sealed("SealedPackFiles"), support]),
    .executableTarget(name: "FuzzBoosterData", dependencies: [sealed("SealedRules"), support]),
    .executableTarget(
      name: "FuzzMTGJSON",
      dependencies: [sealed("SealedSupport"), sealed("SealedCards"), sealed("SealedRules"), sealed("SealedAnalysis"), sealed("SealedMTGJSON"), support]),
  ],
  swiftLanguageModes: [.v6]
)
