import Foundation
import SealedSupport

/// How a published figure stands for the share it states, which decides the shares a claim
/// accepts: a maker writes 1/64 as "1.56%" in one article (rounded) and as "1.5%" in another
/// (cut off after its digit), so a figure's digits say how far the true share may lie from it.
///
/// - `exact` (no key): the share itself.
/// - `rounded: true`: within half a unit of the figure's last digit (9.38% is 9.375% to 9.385%).
/// - `truncated: true`: from the figure to one unit of its last digit above it (1.5% is 1.5% to
///   1.6%: digits cut off, never rounded up).
/// - `approximate: true`: within one unit of its last digit either side (1.5% is 1.4% to 1.6%),
///   for a figure that may be rounded or cut off: the reading of the maker's one-decimal figures.
/// - `within: 0.015%`: within a margin of one's own (a sum of three figures each rounded to
///   0.005%; "under 1%" as `in: 0.5%, within: 0.5%`).
package struct FigureReading: Sendable, Equatable {
  package enum Kind: String, Sendable {
    case exact, rounded, truncated, approximate, within
  }

  package var kind: Kind
  /// How far under the figure the share may lie.
  package var below: Double
  /// How far over the figure the share may lie.
  package var above: Double
  /// The shares the figure accepts, exactly (`ExactFigure`), when its text reads as a decimal,
  /// percentage or fraction: what a share the data decides exactly is held to. Nil for a
  /// reading made in code rather than parsed from a spec.
  package var exactRange: ClosedRange<Fraction>?

  /// The figure is the share itself.
  package static let exact = FigureReading(kind: .exact, below: 0, above: 0)

  package init(kind: Kind, below: Double, above: Double) {
    self.kind = kind
    self.below = below
    self.above = above
  }

  /// Whether the figure is the share itself.
  package var isExact: Bool { below == 0 && above == 0 }

  /// The shares a figure `stated` accepts, within 0 to 1.
  package func range(of stated: Double) -> ClosedRange<Double> {
    max(stated - below, 0)...min(stated + above, 1)
  }

  /// The reading in words, for a check's detail: "rounded", "approximate (one unit of the last
  /// digit either side)"...
  package var words: String {
    switch kind {
    case .exact: "exact"
    case .rounded: "rounded (half a unit of its last digit either side)"
    case .truncated: "truncated (up to one unit of its last digit above)"
    case .approximate: "approximate (one unit of its last digit either side)"
    case .within: "within a margin of the spec's"
    }
  }

  /// The keys of an `odds:` mapping that say how its figure reads.
  static let keys = ["rounded", "truncated", "approximate", "within"]

  /// Reads at most one of `rounded: true`, `truncated: true`, `approximate: true`,
  /// `within: SHARE` beside the figure `figure` (the value of `in:`).
  static func parse(_ fields: YAMLValue.Fields, figure: YAMLValue) throws(DataError) -> FigureReading {
    var readings: [(YAMLValue, FigureReading)] = []
    for kind in [Kind.rounded, .truncated, .approximate] {
      guard let flag = fields[kind.rawValue], try flag.bool() else { continue }
      let unit = try self.unit(figure, key: kind.rawValue)
      switch kind {
      case .rounded: readings.append((flag, FigureReading(kind: kind, below: unit / 2, above: unit / 2)))
      case .truncated: readings.append((flag, FigureReading(kind: kind, below: 0, above: unit)))
      default: readings.append((flag, FigureReading(kind: kind, below: unit, above: unit)))
      }
    }
    if let within = fields["within"] {
      let margin = try OddsClaim.share(within)
      readings.append((within, FigureReading(kind: .within, below: margin, above: margin)))
    }
    if readings.count > 1 {
      throw readings[1].0.error("give one of rounded: true, truncated: true, approximate: true or within, not several")
    }
    var reading = readings.first?.1 ?? .exact
    reading.exactRange = ExactFigure.range(
      figure: try figure.string(), kind: reading.kind, within: try fields["within"]?.string())
    return reading
  }

  /// One unit of a decimal share's last digit: 9.38% gives 0.0001, 0.125 gives 0.001.
  static func unit(_ value: YAMLValue, key: String = "rounded") throws(DataError) -> Double {
    let text = try value.string().trimmingCharacters(in: .whitespaces)
    let percent = text.hasSuffix("%")
    let digits = percent ? String(text.dropLast()).trimmingCharacters(in: .whitespaces) : text
    guard Double(digits) != nil, !digits.contains("e"), !digits.contains("E") else {
      throw value.error("\(key): true needs a decimal share such as 9.38% or 0.0938, found \"\(text)\"")
    }
    let decimals = digits.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first?.count ?? 0
    return pow(10, -Double(decimals)) / (percent ? 100 : 1)
  }
}
