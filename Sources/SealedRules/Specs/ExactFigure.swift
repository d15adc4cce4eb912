import SealedSupport

/// A published figure read exactly, as a fraction: `12.5%` is 1/8, `0.0938` is 469/5000, `1/64`
/// is 1/64. What the data's exact share of a claim is held to (`FigureReading.exactRange`):
/// deciding "is 67/560 within 12% to 14%?" needs no rounding anywhere.
package enum ExactFigure {
  /// The share a figure's text states, or nil when it is not a plain decimal, percentage or
  /// fraction of whole numbers (an exponent, say). Cost: O(characters).
  package static func share(_ text: String) -> Fraction? {
    let text = text.trimmingSpaces
    if text.hasSuffix("%") {
      guard let percent = Fraction.decimal(Substring(text.dropLast().trimmingSpaces)) else { return nil }
      return try? percent / Fraction(100)
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2 {
      guard let numerator = Fraction.decimal(Substring(parts[0].trimmingSpaces)),
        let denominator = Fraction.decimal(Substring(parts[1].trimmingSpaces)), !denominator.isZero
      else { return nil }
      return try? numerator / denominator
    }
    return Fraction.decimal(Substring(text))
  }

  /// One unit of a decimal figure's last digit, exactly: `9.38%` gives 1/10000, `0.125` 1/1000.
  package static func unit(_ text: String) -> Fraction? {
    let text = text.trimmingSpaces
    let percent = text.hasSuffix("%")
    let digits = percent ? String(text.dropLast()).trimmingSpaces : text
    guard Fraction.decimal(Substring(digits)) != nil else { return nil }
    let decimals = digits.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first?.count ?? 0
    var denominator: Int128 = percent ? 100 : 1
    for _ in 0..<decimals { denominator *= 10 }
    return Fraction(1, denominator)
  }

  /// The shares a figure accepts, read as `kind` says (`within` its own margin's text),
  /// clamped to 0...1; nil when a part cannot be read exactly or the figure is no share (the
  /// spec's parser then says why, in one line).
  package static func range(figure: String, kind: FigureReading.Kind, within: String?) -> ClosedRange<Fraction>? {
    guard let stated = share(figure) else { return nil }
    let below: Fraction
    let above: Fraction
    switch kind {
    case .exact:
      (below, above) = (.zero, .zero)
    case .within:
      guard let margin = within.flatMap(share) else { return nil }
      (below, above) = (margin, margin)
    case .rounded, .truncated, .approximate:
      guard let unit = unit(figure), let half = try? unit / Fraction(2) else { return nil }
      (below, above) = kind == .rounded ? (half, half) : kind == .truncated ? (.zero, unit) : (unit, unit)
    }
    guard stated <= .one, let low = try? stated - below, let high = try? stated + above else { return nil }
    let (clampedLow, clampedHigh) = (max(low, .zero), min(high, .one))
    return clampedLow <= clampedHigh ? clampedLow...clampedHigh : nil
  }
}

extension StringProtocol {
  /// The text without the spaces and tabs around it.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
