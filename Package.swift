// swift-tools-version: 6.1
import PackageDescription

/// The stage modules that the project-wide tests and the test targets of the later modules
/// (statistics, checks, pack files, report pages, importers, the CLI) import beside their own;
/// each stage module's own test target names only the stages it uses.
let stages: [Target.Dependency] = [
  "SealedSupport", "SealedData", "SealedCards", "SealedRules", "SealedEngine", "SealedAnalysis", "SealedVerdicts",
  "SealedReports", "SealedStats", "SealedAudit", "SealedDecks",
]

let package = Package(
  name: "sealed",
  // No `platforms`: Sealed is built and tested on Linux only (README, Requirements).
  products: [
    .executable(name: "sealed", targets: ["sealed"]),
    // The browser app (`sealed serve`), an executable of its own so that the main job's first
    // build does not compile Hummingbird and SwiftNIO (README, The app in a browser).
    .executable(name: "sealed-serve", targets: ["sealed-serve"]),
    // One library per stage (README, Layout); the benchmarks and fuzz targets use them too.
    .library(name: "SealedSupport", targets: ["SealedSupport"]),
    .library(name: "SealedData", targets: ["SealedData"]),
    .library(name: "SealedCards", targets: ["SealedCards"]),
    .library(name: "SealedRules", targets: ["SealedRules"]),
    .library(name: "SealedEngine", targets: ["SealedEngine"]),
    .library(name: "SealedAnalysis", targets: ["SealedAnalysis"]),
    .library(name: "SealedVerdicts", targets: ["SealedVerdicts"]),
    .library(name: "SealedReports", targets: ["SealedReports"]),
    .library(name: "SealedStats", targets: ["SealedStats"]),
    .library(name: "SealedAudit", targets: ["SealedAudit"]),
    .library(name: "SealedDecks", targets: ["SealedDecks"]),
    .library(name: "SealedScryfall", targets: ["SealedScryfall"]),
    .library(name: "SealedReportHTML", targets: ["SealedReportHTML"]),
    .library(name: "SealedPackFiles", targets: ["SealedPackFiles"]),
    .library(name: "SealedMTGJSON", targets: ["SealedMTGJSON"]),
    .library(name: "SealedJobs", targets: ["SealedJobs"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    // The browser app's HTTP server; its ConfigurationSupport trait (swift-configuration) is left out.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
  ],
  targets: [
    // MARK: - C libraries
    .systemLibrary(
      name: "CGSL",
      pkgConfig: "gsl",
      providers: [.apt(["libgsl-dev"])]
    ),
    .systemLibrary(
      name: "CZlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .systemLibrary(
      name: "CStb",
      pkgConfig: "stb",
      providers: [.apt(["libstb-dev"])]
    ),

    // MARK: - Modules, by stage (card data -> rules -> plan -> engine -> tallies -> checks -> reports; the run layer)
    .target(name: "SealedSupport", dependencies: [.product(name: "SystemPackage", package: "swift-system"), "CZlib"]),
    .target(
      name: "SealedData",
      dependencies: ["SealedSupport"],
      resources: [
        .copy("Resources/rules"), .copy("Resources/specs"), .copy("Resources/cards"), .copy("Resources/boosters"),
      ]
    ),
    .target(name: "SealedCards", dependencies: ["SealedSupport", "SealedData"]),
    .target(
      name: "SealedRules",
      dependencies: ["SealedSupport", "SealedData", "SealedCards", .product(name: "Yams", package: "Yams")]
    ),
    .target(name: "SealedEngine", dependencies: ["SealedSupport", "SealedCards", "SealedRules", "SealedLoops"]),
    // A plan's pool loop written in C, compiled at run time and loaded (no other module runs a
    // compiler or loads a library).
    .target(name: "SealedLoops", dependencies: ["SealedSupport"]),
    .target(
      name: "SealedAnalysis", dependencies: ["SealedSupport", "SealedCards", "SealedRules", "SealedEngine", "SealedVerdicts"]),
    // What a check concluded (checks.csv's rows, card tails, an audit's booster findings): made
    // by the statistics, laid out by the reports; neither knows the other.
    .target(name: "SealedVerdicts", dependencies: ["SealedSupport"]),
    // The report files, their rows and CSV: layout only, nothing of the engine.
    .target(name: "SealedReports", dependencies: ["SealedSupport", "SealedCards", "SealedVerdicts"]),
    .target(
      name: "SealedStats",
      dependencies: ["SealedSupport", "SealedCards", "SealedRules", "SealedEngine", "SealedAnalysis", "SealedVerdicts", "CGSL"]
    ),
    .target(name: "SealedPackFiles", dependencies: ["SealedSupport", "CZlib"]),
    .target(
      name: "SealedAudit",
      dependencies: [
        "SealedSupport", "SealedCards", "SealedRules", "SealedEngine", "SealedAnalysis", "SealedVerdicts", "SealedStats",
        "SealedPackFiles",
      ]
    ),
    .target(name: "SealedDecks", dependencies: ["SealedSupport", "SealedCards", "SealedRules", "SealedEngine"]),
    // Networking: HTTP GET through libcurl, retries on 429 and 5xx, streamed downloads (sealed
    // cards fetch, sealed rules fetch); no other stage makes a request.
    .target(name: "SealedNetwork", dependencies: ["SealedSupport", "CCurl"]),
    .target(name: "SealedScryfall", dependencies: ["SealedSupport", "SealedCards", "SealedNetwork", "SealedPackFiles"]),
    .target(
      name: "SealedMTGJSON",
      dependencies: ["SealedSupport", "SealedCards", "SealedRules", "SealedPackFiles"]
    ),
    // Release validation (rules stage): exact diff of two data releases, and lint of a product.
    .target(name: "SealedRelease", dependencies: ["SealedSupport", "SealedCards", "SealedRules", "SealedMTGJSON"]),
    .target(name: "SealedImages", dependencies: ["SealedSupport", "SealedDecks", "CStb"]),
    .target(name: "SealedCharts"),
    .target(
      name: "SealedReportHTML",
      dependencies: [
        "SealedSupport", "SealedVerdicts", "SealedReports", "SealedCharts", .product(name: "Mustache", package: "swift-mustache"),
      ],
      resources: [
        .embedInCode("Resources/page-style.css"), .embedInCode("Resources/report.mustache"),
        .embedInCode("Resources/release-diff.mustache"), .embedInCode("Resources/check-products.mustache"),
      ]
    ),
    // The run layer: every run (simulate, check, check-products, audit, open) validated once,
    // run with progress and stop callbacks, and made into its report's files. The only place
    // beside Benchmarks/ that starts the engine.
    .target(
      name: "SealedJobs",
      dependencies: [
        "SealedSupport", "SealedCards", "SealedRules", "SealedEngine", "SealedAnalysis", "SealedVerdicts", "SealedReports",
        "SealedStats", "SealedAudit", "SealedPackFiles", "SealedReportHTML", "SealedRelease", "SealedDecks", "SealedNetwork",
      ]
    ),
    .target(
      name: "SealedCLI",
      dependencies: [
        "SealedSupport", "SealedData", "SealedCards", "SealedRules", "SealedEngine", "SealedAnalysis", "SealedVerdicts",
        "SealedReports", "SealedStats", "SealedAudit", "SealedDecks", "SealedJobs", "SealedImages", "SealedScryfall",
        "SealedReportHTML",
        "SealedPackFiles", "SealedMTGJSON", "SealedRelease", "SealedNetwork",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "sealed", dependencies: ["SealedCLI"]),
    // The browser app: the JSON API over the library and the page's files (docs/serve.md). It
    // opens pools and runs checks through the run layer's jobs, as the commands do.
    .target(
      name: "SealedServer",
      dependencies: [
        "SealedSupport", "SealedCards", "SealedRules", "SealedEngine", "SealedStats", "SealedVerdicts", "SealedDecks",
        "SealedImages", "SealedJobs", "SealedScryfall", "SealedNetwork", "SealedRelease",
        .product(name: "Hummingbird", package: "hummingbird"),
      ],
      resources: [
        .embedInCode("Resources/index.html"), .embedInCode("Resources/app.css"), .embedInCode("Resources/app.js"),
        .embedInCode("Resources/api.js"), .embedInCode("Resources/cards.js"), .embedInCode("Resources/choose.js"),
        .embedInCode("Resources/open.js"), .embedInCode("Resources/build.js"), .embedInCode("Resources/hand.js"),
        .embedInCode("Resources/decks.js"), .embedInCode("Resources/checks.js"), .embedInCode("Resources/ui.js"),
      ]
    ),
    .executableTarget(
      name: "sealed-serve",
      dependencies: ["SealedServer", "SealedSupport", "SealedDecks", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),

    // MARK: - Tests
    .target(
      name: "SealedTestSupport", dependencies: ["SealedSupport", "SealedCards", "SealedRules"], path: "Tests/SealedTestSupport"
    ),
    // One test target per stage module, naming the stages its tests use; a file that tests
    // several stages sits with the latest of them.
    .testTarget(name: "SealedSupportTests", dependencies: ["SealedSupport", "SealedTestSupport"]),
    .testTarget(name: "SealedCardsTests", dependencies: ["SealedSupport", "SealedCards", "SealedTestSupport"]),
    .testTarget(name: "SealedRulesTests", dependencies: ["SealedSupport", "SealedCards", "SealedRules", "SealedTestSupport"]),
    .testTarget(
      name: "SealedEngineTests",
      dependencies: ["SealedSupport", "SealedCards", "SealedRules", "SealedEngine", "SealedLoops", "SealedTestSupport"]
    ),
    .testTarget(
      name: "SealedAnalysisTests",
      dependencies: ["SealedSupport", "SealedCards", "SealedRules", "SealedEngine", "SealedAnalysis", "SealedTestSupport"]
    ),
    .testTarget(
      name: "SealedReportsTests",
      dependencies: ["SealedSupport", "SealedRules", "SealedEngine", "SealedAnalysis", "SealedReports", "SealedTestSupport"]
    ),
    .testTarget(
      name: "SealedAuditTests",
      dependencies: ["SealedSupport", "SealedCards", "SealedEngine", "SealedAudit", "SealedTestSupport"]
    ),
    .testTarget(
      name: "SealedDecksTests",
      dependencies: ["SealedSupport", "SealedCards", "SealedRules", "SealedEngine", "SealedDecks", "SealedTestSupport"]
    ),
    // The project as a whole: its manifests, CI's suite names, the sizes of Sources/, the shipped
    // data against the stages that read it, the fuzz corpora through their loaders.
    .testTarget(name: "SealedProjectTests", dependencies: stages + ["SealedJobs", "SealedTestSupport"]),
    .testTarget(name: "SealedStatsTests", dependencies: stages + ["SealedTestSupport"]),
    .testTarget(name: "SealedPackFilesTests", dependencies: stages + ["SealedPackFiles", "SealedTestSupport"]),
    .testTarget(
      name: "SealedReleaseTests",
      dependencies: ["SealedSupport", "SealedCards", "SealedRules", "SealedRelease", "SealedTestSupport"]
    ),
    .testTarget(name: "SealedChartsTests", dependencies: ["SealedCharts"]),
    .testTarget(name: "SealedReportHTMLTests", dependencies: stages + ["SealedReportHTML", "SealedTestSupport"]),
    .testTarget(name: "SealedImagesTests", dependencies: ["SealedImages", "SealedDecks", "SealedTestSupport"]),
    .testTarget(name: "SealedMTGJSONTests", dependencies: stages + ["SealedMTGJSON", "SealedPackFiles", "SealedTestSupport"]),
    .testTarget(name: "SealedNetworkTests", dependencies: ["SealedSupport", "SealedNetwork", "SealedTestSupport"]),
    .testTarget(name: "SealedScryfallTests", dependencies: stages + ["SealedScryfall", "SealedTestSupport"]),
    .testTarget(name: "SealedJobsTests", dependencies: stages + ["SealedJobs", "SealedRelease", "SealedTestSupport"]),
    .testTarget(
      name: "SealedServerTests", dependencies: stages + ["sealed", "sealed-serve", "SealedServer", "SealedRelease", "SealedTestSupport"]),
    .testTarget(
      name: "SealedCLITests",
      dependencies: stages + ["sealed", "SealedCLI", "SealedJobs", "SealedImages", "SealedRelease", "SealedTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

/// Opt-in: `SEALED_TARGET_CPU=native swift build -c release` (or a processor's name, `znver4`,
/// `sapphirerapids`, `haswell`) compiles Sealed's own modules for that processor, as
/// `-target-cpu` (BMI2's `mulx`, among others, for the engine's draws): war pools drawn about 5%
/// faster on the project's Zen 5 EPYC, every output the same (docs/speed.md). Off by default,
/// because a binary so built stops with an illegal instruction on a processor without those
/// instructions. An empty value is the same as unset.
if let cpu = Context.environment["SEALED_TARGET_CPU"], !cpu.isEmpty {
  for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-target-cpu", cpu])]
  }
}
