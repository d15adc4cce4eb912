// swift-tools-version: 6.1
// libFuzzer targets for every loader of Sealed. Build (the root package is named by path):
//   swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
// Run: scripts/fuzz SECONDS (each target in turn, with the seed corpus from Fuzz/Corpus).
import PackageDescription

let core: Target.Dependency = .product(name: "SealedCore", package: "sealed")
let packFiles: Target.Dependency = .product(name: "SealedPackFiles", package: "sealed")
let mtgjson: Target.Dependency = .product(name: "SealedMTGJSON", package: "sealed")
let support: Target.Dependency = "FuzzSupport"

let package = Package(
  name: "SealedFuzz",
  // No `platforms`: Sealed is built and tested on Linux only (README, Requirements).
  dependencies: [.package(name: "sealed", path: "..")],
  targets: [
    .target(name: "FuzzSupport"),
    .executableTarget(name: "FuzzCards", dependencies: [core, support]),
    .executableTarget(name: "FuzzRules", dependencies: [core, support]),
    .executableTarget(name: "FuzzSpecs", dependencies: [core, support]),
    .executableTarget(name: "FuzzLibrary", dependencies: [core, support]),
    .executableTarget(name: "FuzzTallies", dependencies: [core, support]),
    .executableTarget(name: "FuzzPackFiles", dependencies: [core, packFiles, support]),
    .executableTarget(name: "FuzzMTGJSON", dependencies: [core, mtgjson, support]),
  ],
  swiftLanguageModes: [.v6]
)
