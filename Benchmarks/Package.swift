// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for Sealed, kept in their own package so that the benchmark tool and its malloc
// interposer never become dependencies of the product. Run from this folder:
//
//   swift package --disable-sandbox benchmark
//
// The plugin discovers executable targets whose folder sits directly inside a folder named
// `Benchmarks` (here `Benchmarks/Benchmarks/<Target>`). See README.md.
let package = Package(
  name: "SealedBenchmarks",
  // No `platforms`: Sealed is built and tested on Linux only (README, Requirements).
  dependencies: [
    // The root package, named explicitly: without `name:` the identity would be the name of the
    // folder the repository is cloned into.
    .package(name: "sealed", path: "../"),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // Card data and plans shared by the benchmark executables (setup only, never measured).
    .target(
      name: "BenchmarkFixtures",
      dependencies: [
        .product(name: "SealedSupport", package: "sealed"),
        .product(name: "SealedCards", package: "sealed"),
        .product(name: "SealedRules", package: "sealed"),
        .product(name: "Benchmark", package: "benchmark"),
      ]
    ),
    // C kernels with war's "sealed" rules, and mtg.wtf's war draft booster, written into the
    // code: speed references measured in the same run as the engine (see the comment at the top
    // of each source), compiled as strongly
    // as clang compiles it (-O3 -march=native; this package is only ever the root package, so
    // its unsafe flags are allowed).
    .target(name: "WarSealedReference", cSettings: [.unsafeFlags(["-O3", "-march=native"])]),
    .executableTarget(
      name: "PoolGeneration",
      dependencies: [
        "BenchmarkFixtures",
        "WarSealedReference",
        .product(name: "SealedEngine", package: "sealed"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/PoolGeneration",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "ReportWriting",
      dependencies: [
        "BenchmarkFixtures",
        .product(name: "SealedSupport", package: "sealed"),
        .product(name: "SealedRules", package: "sealed"),
        .product(name: "SealedEngine", package: "sealed"),
        .product(name: "SealedAnalysis", package: "sealed"),
        .product(name: "SealedReports", package: "sealed"),
        .product(name: "SealedReportHTML", package: "sealed"),
        .product(name: "SealedJobs", package: "sealed"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/ReportWriting",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // The shipped release taken whole: `sealed rules import --list` and `sealed check-products`.
    .executableTarget(
      name: "ReleaseChecking",
      dependencies: [
        .product(name: "SealedSupport", package: "sealed"),
        .product(name: "SealedJobs", package: "sealed"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/ReleaseChecking",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "ArticleBaseline",
      dependencies: [
        "BenchmarkFixtures",
        .product(name: "SealedSupport", package: "sealed"),
        .product(name: "SealedCards", package: "sealed"),
        .product(name: "SealedEngine", package: "sealed"),
        .product(name: "SealedDecks", package: "sealed"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/ArticleBaseline",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
