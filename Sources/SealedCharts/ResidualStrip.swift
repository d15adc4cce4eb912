/// Standardised residuals of many items (a sheet's cards) on one line: every card a dot, the
/// ±2 band shaded, the limits ±`limit` dashed, and the `named` largest residuals drawn as
/// diamonds and named above the strip. One biased card among a hundred stands out.
/// O(points log points) for finding the largest.
public struct ResidualStrip: Sendable {
  public struct Point: Sendable {
    public var label: String
    public var value: Double
    public init(label: String, value: Double) {
      self.label = label
      self.value = value
    }
  }

  public var title: String
  public var points: [Point]
  public var limit: Double
  public var named: Int
  public var width: Double = 720

  public init(title: String, points: [Point], limit: Double, named: Int = 3) {
    self.title = title
    self.points = points
    self.limit = limit
    self.named = named
  }

  /// A symmetric scale wide enough for every point and the limits.
  public var scale: LinearScale {
    let extent = max(points.map { abs($0.value) }.max() ?? 0, limit, 3) + 0.5
    return LinearScale(domain: (-extent, extent), range: (24, width - 24)).niced(count: 8)
  }

  /// The indices of the points with the largest absolute residuals, largest first.
  public var worst: [Int] {
    Array(points.indices.sorted { abs(points[$0].value) > abs(points[$1].value) }.prefix(named))
  }

  public func svg() -> String {
    let labelRows = Double(min(named, points.count))
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
    let worst = worst
    for (index, point) in points.enumerated() where !worst.contains(index) {
      let lane = Double(index % 5) - 2
      svg.circle(cx: x.clamped(point.value), cy: mid + lane * 3, r: 2.5, class: "dot")
    }
    for (rank, index) in worst.enumerated() {
      let point = points[index]
      let px = x.clamped(point.value)
      let beyond = abs(point.value) >= limit
      svg.marker(.diamond, x: px, y: mid, r: 4, class: beyond ? "worst fail" : "worst", title: "\(point.label): \(Axis.fixed(point.value, decimals: 2))")
      let labelY = 12 + 14 * Double(rank)
      svg.line(x1: px, y1: labelY + 2, x2: px, y2: mid - 5, class: "leader")
      let text = "\(point.label) \(point.value >= 0 ? "+" : "")\(Axis.fixed(point.value, decimals: 2))"
      svg.text(text, x: px + (px > width / 2 ? -3 : 3), y: labelY, anchor: px > width / 2 ? .end : .start, class: beyond ? "note fail" : "note")
    }
    let names = worst.map { "\(points[$0].label) \(Axis.fixed(points[$0].value, decimals: 2))" }.joined(separator: ", ")
    return svg.element(
      title: title, description: "\(points.count) standardised residuals; largest: \(names); limit ±\(Axis.fixed(limit, decimals: 2))")
  }
}
