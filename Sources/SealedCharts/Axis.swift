/// Axes drawn from a scale: a base line, tick marks and tick labels formatted with just the
/// decimals the tick step needs.
package enum Axis {
  /// Formats tick values of a given step: fixed decimals, or percentages.
  package struct Format: Sendable {
    package let decimals: Int
    package let percent: Bool

    /// A format for ticks `step` apart: as many decimals as the step needs (of the value times 100 when `percent`).
    package init(step: Double, percent: Bool = false) {
      self.percent = percent
      decimals = LinearScale.decimals(forStep: percent ? step * 100 : step)
    }

    /// `value` as tick text: fixed decimals, a "%" when `percent`, and never "-0". O(decimals).
    package func callAsFunction(_ value: Double) -> String {
      let shown = percent ? value * 100 : value
      var text = fixed(shown, decimals: decimals)
      if text.hasPrefix("-"), Double(text) == 0 { text.removeFirst() }
      return percent ? text + "%" : text
    }
  }

  /// `value` with exactly `decimals` decimals, rounding half away from zero.
  package static func fixed(_ value: Double, decimals: Int) -> String {
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    let scaled = (abs(value) * factor).rounded()
    let whole = Int(scaled / factor)
    let sign = value < 0 && scaled > 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(whole) }
    let fraction = Int(scaled - Double(whole) * factor)
    let digits = String(fraction)
    return sign + String(whole) + "." + String(repeating: "0", count: decimals - digits.count) + digits
  }

  /// A horizontal axis at `y` with ticks below it; returns the tick values drawn.
  @discardableResult
  package static func bottom(
    _ svg: inout SVG, scale: LinearScale, y: Double, ticks count: Int = 5, percent: Bool = false, grid top: Double? = nil
  ) -> [Double] {
    let ticks = scale.ticks(count: count)
    let format = Format(step: scale.tickStep(count: count), percent: percent)
    svg.line(x1: scale.rangeStart, y1: y, x2: scale.rangeEnd, y2: y, class: "axis")
    for tick in ticks {
      let x = scale(tick)
      if let top { svg.line(x1: x, y1: top, x2: x, y2: y, class: "grid") }
      svg.line(x1: x, y1: y, x2: x, y2: y + 4, class: "axis")
      svg.text(format(tick), x: x, y: y + 15, anchor: .middle, class: "tick")
    }
    return ticks
  }

  /// A vertical axis at `x` with labels to its left and optional grid lines to `right`.
  @discardableResult
  package static func left(
    _ svg: inout SVG, scale: LinearScale, x: Double, ticks count: Int = 5, percent: Bool = false, grid right: Double? = nil
  ) -> [Double] {
    let ticks = scale.ticks(count: count)
    let format = Format(step: scale.tickStep(count: count), percent: percent)
    svg.line(x1: x, y1: scale.rangeStart, x2: x, y2: scale.rangeEnd, class: "axis")
    for tick in ticks {
      let y = scale(tick)
      if let right { svg.line(x1: x, y1: y, x2: right, y2: y, class: "grid") }
      svg.line(x1: x - 4, y1: y, x2: x, y2: y, class: "axis")
      svg.text(format(tick), x: x - 6, y: y + 4, anchor: .end, class: "tick")
    }
    return ticks
  }
}
