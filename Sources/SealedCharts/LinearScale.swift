import Foundation

/// A linear map from a domain of data values to a range of drawing coordinates (either way
/// round: a y axis maps upwards by giving the range high-to-low), with "nice" tick values at
/// 1, 2 or 5 times a power of ten. Every operation is O(1) except `ticks`, O(ticks).
package struct LinearScale: Sendable, Equatable {
  package let domainLow: Double
  package let domainHigh: Double
  package let rangeStart: Double
  package let rangeEnd: Double

  /// A scale from `domain` to `range`; an empty domain (low == high) is widened by one unit
  /// each way (or 1% of its value) so that nothing divides by zero.
  package init(domain: (Double, Double), range: (Double, Double)) {
    var (low, high) = domain.0 <= domain.1 ? domain : (domain.1, domain.0)
    if !(high > low) {
      let pad = low == 0 ? 1 : abs(low) * 0.01
      low -= pad
      high += pad
    }
    domainLow = low
    domainHigh = high
    rangeStart = range.0
    rangeEnd = range.1
  }

  /// The coordinate of `value`; values outside the domain extrapolate linearly.
  package func callAsFunction(_ value: Double) -> Double {
    rangeStart + (value - domainLow) / (domainHigh - domainLow) * (rangeEnd - rangeStart)
  }

  /// The coordinate of `value`, clamped to the range.
  package func clamped(_ value: Double) -> Double {
    self(min(max(value, domainLow), domainHigh))
  }

  /// The step between about `count` ticks over the domain: 1, 2 or 5 times a power of ten.
  package func tickStep(count: Int) -> Double {
    Self.niceStep(span: domainHigh - domainLow, count: count)
  }

  /// The one of 1, 2, 5 × 10^k nearest (on a log scale) to `span / count`, so that the domain
  /// gets about `count` ticks (as d3's `tickIncrement` does).
  package static func niceStep(span: Double, count: Int) -> Double {
    precondition(span > 0 && span.isFinite, "span must be positive and finite")
    let raw = span / Double(max(count, 1))
    let power = pow(10, floor(log10(raw)))
    let error = raw / power
    let nice: Double = error >= 50.0.squareRoot() ? 10 : error >= 10.0.squareRoot() ? 5 : error >= 2.0.squareRoot() ? 2 : 1
    return nice * power
  }

  /// Tick values: the multiples of the nice step inside the domain, computed as integer
  /// multiples so that 0.3 is 0.3 and not 0.30000000000000004.
  package func ticks(count: Int) -> [Double] {
    let step = tickStep(count: count)
    let first = (domainLow / step - 1e-9).rounded(.up)
    let last = (domainHigh / step + 1e-9).rounded(.down)
    guard first <= last else { return [] }
    let decimals = Self.decimals(forStep: step)
    return stride(from: first, through: last, by: 1).map { Self.round($0 * step, decimals: decimals) }
  }

  /// The same scale with its domain widened outwards to whole tick steps.
  package func niced(count: Int) -> LinearScale {
    let step = tickStep(count: count)
    let decimals = Self.decimals(forStep: step)
    let low = Self.round((domainLow / step + 1e-9).rounded(.down) * step, decimals: decimals)
    let high = Self.round((domainHigh / step - 1e-9).rounded(.up) * step, decimals: decimals)
    return LinearScale(domain: (low, high), range: (rangeStart, rangeEnd))
  }

  /// Decimal places that show every multiple of `step` exactly (0 for steps of 1 and above).
  package static func decimals(forStep step: Double) -> Int {
    max(0, Int((-log10(step) - 1e-9).rounded(.up)))
  }

  static func round(_ value: Double, decimals: Int) -> Double {
    let factor = pow(10, Double(decimals))
    let rounded = (value * factor).rounded() / factor
    return rounded == 0 ? 0 : rounded  // no "-0"
  }
}
