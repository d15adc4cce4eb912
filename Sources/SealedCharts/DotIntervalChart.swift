/// One proportion against its expected value: the observed proportion as a dot (a diamond
/// when the check failed) with its confidence interval as a bar, the expected value as a
/// dashed line, and other rule sets' values as labelled triangles. The axis zooms in on the
/// values shown, so an interval of ±0.2 percentage points is still visible. O(markers).
package struct DotIntervalChart: Sendable {
  /// Another rule set's value for the same proportion, drawn as a labelled triangle.
  package struct Marker: Sendable {
    package var label: String
    package var value: Double
    /// A marker labelled `label` at proportion `value`.
    package init(label: String, value: Double) {
      self.label = label
      self.value = value
    }
  }

  package var title: String
  package var observed: Double
  package var low: Double
  package var high: Double
  package var expected: Double
  package var failed: Bool
  package var comparisons: [Marker]
  package var width: Double = 640

  /// A chart of the observed proportion with its interval [`low`, `high`], the expected value, whether
  /// the check failed, and optional comparison markers.
  package init(title: String, observed: Double, low: Double, high: Double, expected: Double, failed: Bool, comparisons: [Marker] = []) {
    self.title = title
    self.observed = observed
    self.low = low
    self.high = high
    self.expected = expected
    self.failed = failed
    self.comparisons = comparisons
  }

  /// The x scale: every value shown, padded by a fifth of their spread on each side.
  package var scale: LinearScale {
    let values = [observed, low, high, expected] + comparisons.map(\.value)
    let lowest = values.min()!
    let highest = values.max()!
    let pad = max((highest - lowest) * 0.2, 0.0005)
    return LinearScale(domain: (max(0, lowest - pad), min(1, highest + pad)), range: (32, width - 32)).niced(count: 6)
  }

  /// The chart as an `<svg>` element, one row per comparison, described in text by the observed value,
  /// its interval and the expected value. O(markers).
  package func svg() -> String {
    let rowHeight = 18.0
    let lineY = 30.0
    let axisY = lineY + 18 + rowHeight * Double(comparisons.count)
    var svg = SVG(width: width, height: axisY + 24)
    let x = scale
    Axis.bottom(&svg, scale: x, y: axisY, ticks: 6, percent: true, grid: 10)
    let ex = x(expected)
    svg.line(x1: ex, y1: 10, x2: ex, y2: axisY, class: "expected")
    svg.text("expected \(Axis.fixed(expected * 100, decimals: 2))%", x: ex + (ex > width / 2 ? -4 : 4), y: 10, anchor: ex > width / 2 ? .end : .start, class: "note")
    svg.line(x1: x(low), y1: lineY, x2: x(high), y2: lineY, class: failed ? "interval fail" : "interval")
    svg.line(x1: x(low), y1: lineY - 5, x2: x(low), y2: lineY + 5, class: failed ? "interval fail" : "interval")
    svg.line(x1: x(high), y1: lineY - 5, x2: x(high), y2: lineY + 5, class: failed ? "interval fail" : "interval")
    svg.marker(
      failed ? .diamond : .circle, x: x(observed), y: lineY, r: 5, class: failed ? "observed fail" : "observed",
      title: "observed \(Axis.fixed(observed * 100, decimals: 3))%")
    for (index, marker) in comparisons.enumerated() {
      let y = lineY + 18 + rowHeight * Double(index)
      let mx = x(marker.value)
      svg.marker(.triangle, x: mx, y: y - 3, r: 4, class: "comparison")
      let label = "\(marker.label) \(Axis.fixed(marker.value * 100, decimals: 1))%"
      svg.text(label, x: mx + (mx > width / 2 ? -8 : 8), y: y + 1, anchor: mx > width / 2 ? .end : .start, class: "note")
    }
    return svg.element(
      title: title,
      description: "observed \(Axis.fixed(observed * 100, decimals: 3))% (interval \(Axis.fixed(low * 100, decimals: 3))% to \(Axis.fixed(high * 100, decimals: 3))%), expected \(Axis.fixed(expected * 100, decimals: 3))%\(failed ? ", check failed" : "")")
  }
}
