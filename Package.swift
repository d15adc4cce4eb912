// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "sealed",
  // No `platforms`: Sealed is built and tested on Linux only (README, Requirements).
  products: [
    .executable(name: "sealed", targets: ["sealed"]),
    .library(name: "SealedCore", targets: ["SealedCore"]),
    .library(name: "SealedStats", targets: ["SealedStats"]),
    .library(name: "SealedScryfall", targets: ["SealedScryfall"]),
    .library(name: "SealedReportHTML", targets: ["SealedReportHTML"]),
    .library(name: "SealedPackFiles", targets: ["SealedPackFiles"]),
    .library(name: "SealedMTGJSON", targets: ["SealedMTGJSON"]),
    .library(name: "SealedCheck", targets: ["SealedCheck"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
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
      name: "CStb",
      pkgConfig: "stb",
      providers: [.apt(["libstb-dev"])]
    ),

    // MARK: - Modules
    .target(
      name: "SealedCore",
      dependencies: [
        .product(name: "Yams", package: "Yams"), .product(name: "SystemPackage", package: "swift-system"), "CZlib",
      ],
      resources: [
        .copy("Resources/rules"), .copy("Resources/specs"), .copy("Resources/cards"), .copy("Resources/boosters"),
      ]
    ),
    .target(
      name: "SealedScryfall",
      dependencies: ["SealedCore"]
    ),
    .target(
      name: "SealedPackFiles",
      dependencies: ["SealedCore", "CZlib"]
    ),
    .target(
      name: "SealedMTGJSON",
      dependencies: ["SealedCore", "SealedPackFiles"]
    ),
    .target(
      name: "SealedStats",
      dependencies: ["SealedCore", "CGSL"]
    ),
    .target(
      name: "SealedImages",
      dependencies: ["SealedCore", "CStb"]
    ),
    .target(name: "SealedCharts"),
    .target(
      name: "SealedReportHTML",
      dependencies: [
        "SealedCore", "SealedCharts", .product(name: "Mustache", package: "swift-mustache"),
      ],
      resources: [.embedInCode("Resources/report.mustache")]
    ),
    .target(
      name: "SealedCheck",
      dependencies: ["SealedCore", "SealedStats", "SealedReportHTML"]
    ),
    .target(
      name: "SealedCLI",
      dependencies: [
        "SealedCore",
        "SealedCheck",
        "SealedStats",
        "SealedImages",
        "SealedScryfall",
        "SealedReportHTML",
        "SealedPackFiles",
        "SealedMTGJSON",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "sealed", dependencies: ["SealedCLI"]),

    // MARK: - Tests
    .target(name: "SealedTestSupport", dependencies: ["SealedCore"], path: "Tests/SealedTestSupport"),
    .testTarget(name: "SealedCoreTests", dependencies: ["SealedCore", "SealedTestSupport"]),
    .testTarget(name: "SealedStatsTests", dependencies: ["SealedStats", "SealedCore", "SealedTestSupport"]),
    .testTarget(name: "SealedPackFilesTests", dependencies: ["SealedPackFiles", "SealedCore", "SealedTestSupport"]),
    .testTarget(name: "SealedChartsTests", dependencies: ["SealedCharts"]),
    .testTarget(
      name: "SealedReportHTMLTests", dependencies: ["SealedReportHTML", "SealedCore", "SealedStats", "SealedTestSupport"]),
    .testTarget(name: "SealedImagesTests", dependencies: ["SealedImages", "SealedTestSupport"]),
    .testTarget(name: "SealedMTGJSONTests", dependencies: ["SealedMTGJSON", "SealedCore", "SealedPackFiles", "SealedTestSupport"]),
    .testTarget(name: "SealedScryfallTests", dependencies: ["SealedScryfall", "SealedCore", "SealedTestSupport"]),
    .testTarget(name: "SealedCheckTests", dependencies: ["SealedCheck", "SealedCore", "SealedTestSupport"]),
    .testTarget(name: "SealedCLITests", dependencies: ["sealed", "SealedCLI", "SealedCheck", "SealedCore", "SealedImages", "SealedTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
