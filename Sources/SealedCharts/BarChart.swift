/// Proportions by category: the observed proportion as a bar, the expected one as a dark tick
/// across it, an optional reference line across the whole chart (the uniform line), and a
/// note under each bar. O(categories).
package struct BarChart: Sendable {
  /// One category: its label under the bar, the observed proportion (no bar when nil), the
  /// expected proportion (no tick when nil) and an optional note under the label.
  package struct Bar: Sendable {
    package var label: String
    package var observed: Double?
    package var expected: Double?
    package var note: String?
    /// A bar with the given label, observed and expected proportions and optional note.
    package init(label: String, observed: Double?, expected: Double?, note: String? = nil) {
      self.label = label
      self.observed = observed
      self.expected = expected
      self.note = note
    }
  }

  package var title: String
  package var bars: [Bar]
  package var reference: (value: Double, label: String)?
  package var width: Double
  package var height: Double = 200

  /// A chart titled `title` of `bars` (at least one, or it traps), with an optional reference line,
  /// `width` points wide.
  package init(title: String, bars: [Bar], reference: (value: Double, label: String)? = nil, width: Double = 360) {
    precondition(!bars.isEmpty, "a bar chart needs bars")
    self.title = title
    self.bars = bars
    self.reference = reference
    self.width = width
  }

  static let left = 48.0
  static let top = 14.0
  static let bottom = 40.0

  /// The y scale: zero to a little above the tallest bar, tick or reference line (capped at 100% for
  /// proportions), niced to four ticks. O(bars).
  package var yScale: LinearScale {
    var highest = reference?.value ?? 0
    for bar in bars { highest = max(highest, bar.observed ?? 0, bar.expected ?? 0) }
    highest = max(highest, 1e-9)
    // Proportions: headroom above the tallest bar, but never an axis beyond 100%.
    let top = highest <= 1 + 1e-6 ? min(highest * 1.08, 1) : highest * 1.08
    return LinearScale(domain: (0, top), range: (height - Self.bottom, Self.top)).niced(count: 4)
  }

  /// The x scale: one band per bar across the plot area.
  package var xScale: BandScale { BandScale(count: bars.count, range: (Self.left, width - 8), padding: 0.3) }

  /// The chart as an `<svg>` element, described in text by each bar's observed and expected
  /// percentages. O(bars).
  package func svg() -> String {
    var svg = SVG(width: width, height: height)
    let y = yScale
    let x = xScale
    Axis.left(&svg, scale: y, x: Self.left, ticks: 4, percent: true, grid: width - 8)
    let base = y(0)
    for (index, bar) in bars.enumerated() {
      let start = x.start(index)
      if let observed = bar.observed {
        svg.rect(
          x: start, y: y(observed), width: x.bandwidth, height: base - y(observed), class: "bar",
          title: "\(bar.label): observed \(Axis.fixed(observed * 100, decimals: 3))%")
      }
      if let expected = bar.expected {
        svg.line(x1: start - 3, y1: y(expected), x2: start + x.bandwidth + 3, y2: y(expected), class: "expected-tick")
      }
      svg.text(bar.label, x: x.center(index), y: base + 15, anchor: .middle, class: "tick")
      if let note = bar.note { svg.text(note, x: x.center(index), y: base + 29, anchor: .middle, class: "note") }
    }
    svg.line(x1: Self.left, y1: base, x2: width - 8, y2: base, class: "axis")
    if let reference {
      svg.line(x1: Self.left, y1: y(reference.value), x2: width - 8, y2: y(reference.value), class: "reference")
      svg.text(reference.label, x: width - 10, y: y(reference.value) - 4, anchor: .end, class: "note")
    }
    let summary = bars.map { bar in
      // A bar without an expected value of its own is held to the reference line (the mythic
      // booster's uniform position), which the description must say rather than "none".
      let expected = bar.expected ?? reference?.value
      return "\(bar.label): observed \(bar.observed.map { Axis.fixed($0 * 100, decimals: 3) + "%" } ?? "none"), expected \(expected.map { Axis.fixed($0 * 100, decimals: 3) + "%" } ?? "none")"
    }
    return svg.element(title: title, description: summary.joined(separator: "; "))
  }
}
