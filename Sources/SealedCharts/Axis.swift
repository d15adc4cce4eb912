import Foundation

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

  /// `value` with exactly `decimals` decimals, rounded as C's printf rounds (the exact binary
  /// value, a tie to even), as the report tables and the terminal round the same values: 1/64
  /// as a percentage shows as 1.562 at three decimals, as 0.015625 shows as 0.01562. Never "-0".
  /// O(decimals).
  package static func fixed(_ value: Double, decimals: Int) -> String {
    let text = String(format: "%.\(max(decimals, 0))f", value)
    guard text.hasPrefix("-"), text.utf8.dropFirst().allSatisfy({ $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") }) else { return text }
    return String(text.dropFirst())
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
