/// Standardised scores of many items (a sheet's cards) on one line: every card a dot, the
/// ±2 band shaded, the limits ±`limit` dashed, and the flagged items (all of them, up to
/// `maximumNamed`) and the largest others (up to `named` in all) drawn as diamonds and named
/// above the strip. One biased card among a hundred stands out. Whether an item is flagged is
/// given, not derived from the limit, so that the caller's exact rule decides.
/// O(points log points) for finding the largest.
package struct ResidualStrip: Sendable {
  /// One item: its label, its standardised score, and whether the caller's rule flagged it.
  package struct Point: Sendable {
    package var label: String
    package var value: Double
    package var flagged: Bool
    /// A point labelled `label` at score `value`, flagged or not.
    package init(label: String, value: Double, flagged: Bool) {
      self.label = label
      self.value = value
      self.flagged = flagged
    }
  }

  /// The most flagged items named above a strip.
  package static let maximumNamed = 8

  package var title: String
  package var points: [Point]
  package var limit: Double
  package var named: Int
  package var width: Double = 720

  /// A strip titled `title` of `points`, with dashed limits at ±`limit` and `named` items named
  /// (more when more are flagged, up to `maximumNamed`).
  package init(title: String, points: [Point], limit: Double, named: Int = 3) {
    self.title = title
    self.points = points
    self.limit = limit
    self.named = named
  }

  /// A symmetric scale wide enough for every point and the limits.
  package var scale: LinearScale {
    let extent = max(points.map { abs($0.value) }.max() ?? 0, limit, 3) + 0.5
    return LinearScale(domain: (-extent, extent), range: (24, width - 24)).niced(count: 8)
  }

  /// The indices of the points to name: the flagged ones, then the others with the largest
  /// absolute values, largest first within each.
  package var worst: [Int] {
    let byValue = points.indices.sorted { abs(points[$0].value) > abs(points[$1].value) }
    let flagged = byValue.filter { points[$0].flagged }.prefix(Self.maximumNamed)
    let others = byValue.filter { !points[$0].flagged }.prefix(max(named - flagged.count, 0))
    return Array(flagged) + Array(others)
  }

  /// The strip as an `<svg>` element, the named items labelled above it. O(points log points).
  package func svg() -> String {
    let worst = worst
    let labelRows = Double(worst.count)
    let top = 14 * labelRows + 8
    let mid = top + 18
    let axisY = mid + 20
    var svg = SVG(width: width, height: axisY + 24)
    let x = scale
    svg.rect(x: x(-2), y: top, width: x(2) - x(-2), height: axisY - top, class: "band")
    Axis.bottom(&svg, scale: x, y: axisY, ticks: 8)
    for sign in [-1.0, 1.0] where limit > 0 {
      svg.line(x1: x(sign * limit), y1: top - 4, x2: x(sign * limit), y2: axisY, class: "limit")
    }
    for (index, point) in points.enumerated() where !worst.contains(index) {
      let lane = Double(index % 5) - 2
      svg.circle(cx: x.clamped(point.value), cy: mid + lane * 3, r: 2.5, class: "dot")
    }
    for (rank, index) in worst.enumerated() {
      let point = points[index]
      let px = x.clamped(point.value)
      let beyond = point.flagged
      svg.marker(.diamond, x: px, y: mid, r: 4, class: beyond ? "worst fail" : "worst", title: "\(point.label): \(Axis.fixed(point.value, decimals: 2))")
      let labelY = 12 + 14 * Double(rank)
      svg.line(x1: px, y1: labelY + 2, x2: px, y2: mid - 5, class: "leader")
      let text = "\(point.label) \(point.value >= 0 ? "+" : "")\(Axis.fixed(point.value, decimals: 2))"
      svg.text(text, x: px + (px > width / 2 ? -3 : 3), y: labelY, anchor: px > width / 2 ? .end : .start, class: beyond ? "note fail" : "note")
    }
    let names = worst.map { "\(points[$0].label) \(Axis.fixed(points[$0].value, decimals: 2))" }.joined(separator: ", ")
    let flagged = points.filter(\.flagged).count
    return svg.element(
      title: title,
      description: "\(points.count) scores; \(flagged) flagged; named: \(names); limit ±\(Axis.fixed(limit, decimals: 2))")
  }
}
