import SealedCharts
import Testing

@Suite struct AxisAndSVGTests {
  @Test func tickLabelsUseTheDecimalsTheStepNeeds() {
    #expect(Axis.Format(step: 0.002)(0.774) == "0.774")
    #expect(Axis.Format(step: 0.002, percent: true)(0.774) == "77.4%")
    #expect(Axis.Format(step: 0.05, percent: true)(0.2) == "20%")
    #expect(Axis.Format(step: 1)(-0.0) == "0")
    #expect(Axis.Format(step: 0.5)(-2) == "-2.0")
    // Rounded as printf rounds the exact binary value, as the tables beside the charts do:
    // 0.125 and 1.5625 are ties, to even; 0.135 is 0.13500000000000000888 in binary.
    #expect(Axis.fixed(0.125, decimals: 2) == "0.12")
    #expect(Axis.fixed(1 / 64 * 100, decimals: 3) == "1.562")
    #expect(Axis.fixed(0.135, decimals: 2) == "0.14")
    #expect(Axis.fixed(-0.5, decimals: 0) == "0")
    #expect(Axis.fixed(-0.001, decimals: 2) == "0.00")
    #expect(Axis.fixed(16.6667, decimals: 3) == "16.667")
    #expect(Axis.fixed(3, decimals: 0) == "3")
  }

  @Test func bottomAxisDrawsOneLabelPerTickAsRealText() {
    var svg = SVG(width: 200, height: 40)
    let ticks = Axis.bottom(&svg, scale: LinearScale(domain: (0, 1), range: (0, 200)), y: 10, ticks: 4)
    #expect(ticks == [0, 0.2, 0.4, 0.6, 0.8, 1])
    let text = svg.element(title: "t", description: "d")
    #expect(text.components(separatedBy: "<text ").count - 1 == 6)
    #expect(text.contains(">0.4</text>"))
    #expect(text.contains("x=\"80\""))
  }

  @Test func leftAxisPutsHigherValuesHigherUp() {
    var svg = SVG(width: 100, height: 120)
    let scale = LinearScale(domain: (0, 0.2), range: (110, 10))
    Axis.left(&svg, scale: scale, x: 40, ticks: 4, percent: true)
    let text = svg.element(title: "t", description: "d")
    #expect(text.contains(">20%</text>"))
    #expect(scale(0.2) < scale(0.1))
  }

  @Test func svgEscapesTextAndRoundsCoordinates() {
    var svg = SVG(width: 10, height: 10)
    svg.text("Gideon's <Blackblade> & \"co\"", x: 1.26, y: -0.04)
    let text = svg.element(title: "a < b", description: "")
    #expect(text.contains("Gideon&#39;s &lt;Blackblade&gt; &amp; &quot;co&quot;"))
    #expect(text.contains("x=\"1.3\" y=\"0\""))
    #expect(text.contains("<title>a &lt; b</title>"))
    #expect(SVG.number(12.0) == "12")
    #expect(SVG.number(-0.04) == "0")
  }

  /// Escaping goes by bytes: a quote or `<` that a combining mark follows (one `Character` in
  /// Swift) is escaped too; text with nothing to escape comes back unchanged.
  @Test func svgEscapesQuotesThatCombiningMarksFollow() {
    // Kept in `let`s: swift-testing's `#expect` cannot expand such literals.
    let quoted = "say \"\u{301}hi\u{301}\" <\u{301}b> '\u{301}"
    let escaped = "say &quot;\u{301}hi\u{301}&quot; &lt;\u{301}b&gt; &#39;\u{301}"
    let plain = "Lim-Dûl, the Necromancer"
    #expect(SVG.escape(quoted) == escaped)
    #expect(SVG.escape(plain) == plain)
    #expect(SVG.escape("") == "")
  }

  @Test func residualStripNamesTheLargestResiduals() {
    var points = (0..<101).map { ResidualStrip.Point(label: "card \($0)", value: Double($0 % 7) / 3 - 1, flagged: false) }
    points[42] = .init(label: "Biased Card", value: 7.5, flagged: true)
    points[7] = .init(label: "Rare Miss", value: -3.2, flagged: false)
    let strip = ResidualStrip(title: "sheet common", points: points, limit: 4.4, named: 3)
    #expect(strip.worst.prefix(2) == [42, 7])
    #expect(strip.scale.domainHigh >= 8 && strip.scale.domainLow <= -8)
    let svg = strip.svg()
    #expect(svg.contains("Biased Card +7.50"))
    #expect(svg.contains("Rare Miss -3.20"))
    #expect(svg.contains("class=\"note fail\""))  // flagged: marked in text weight and shape too
    #expect(svg.components(separatedBy: "class=\"note fail\"").count == 2)  // only the flagged one
  }

  @Test func residualStripNamesEveryFlaggedPointWhateverItsValue() {
    // Flags come from the caller's exact rule: a flagged point with a small value is named and
    // marked; an unflagged point beyond the limit is named among the largest but not marked.
    var points = (0..<50).map { ResidualStrip.Point(label: "card \($0)", value: 0.1, flagged: false) }
    points[3] = .init(label: "Beyond", value: 5, flagged: false)
    points[9] = .init(label: "Guilty", value: 1.5, flagged: true)
    let strip = ResidualStrip(title: "sheet rare", points: points, limit: 3.6, named: 2)
    #expect(strip.worst == [9, 3])
    let svg = strip.svg()
    #expect(svg.contains("class=\"worst fail\"><title>Guilty: 1.50</title>") || svg.contains("Guilty: 1.50"))
    #expect(svg.components(separatedBy: "class=\"note fail\"").count == 2)
    #expect(svg.contains("1 flagged"))
  }

  @Test func dotIntervalChartZoomsOnItsValues() {
    let chart = DotIntervalChart(
      title: "pw", observed: 0.7801, low: 0.7790, high: 0.7812, expected: 0.78, failed: false,
      comparisons: [.init(label: "retail", value: 0.76)])
    #expect(chart.scale.domainLow <= 0.76 && chart.scale.domainLow >= 0.7)
    #expect(chart.scale.domainHigh >= 0.7812 && chart.scale.domainHigh < 0.8)
    let svg = chart.svg()
    #expect(svg.contains("retail 76.0%"))
    #expect(svg.contains("expected 78.00%"))
    #expect(svg.contains("<circle"))
    let failed = DotIntervalChart(title: "pw", observed: 0.80, low: 0.79, high: 0.81, expected: 0.78, failed: true).svg()
    #expect(failed.contains("observed fail"))
    #expect(failed.contains("<polygon"))  // a diamond, not only another colour
  }
}

@Suite struct BarChartTests {
  @Test func proportionAxesStopAtOneHundredPercent() {
    // Expected proportions computed as 1.0000000000000002 must not push the axis to 120%.
    let chart = BarChart(title: "t", bars: [.init(label: "0", observed: 1, expected: 1.0000000000000002), .init(label: "1", observed: 0, expected: 0)])
    #expect(chart.yScale.domainHigh == 1)
    #expect(chart.yScale.domainLow == 0)
    let small = BarChart(title: "t", bars: [.init(label: "a", observed: 0.17, expected: 1.0 / 6)])
    #expect(small.yScale.domainHigh == 0.2)
  }

  @Test func barsStartAtZeroAndTheReferenceLineIsDrawn() {
    let chart = BarChart(
      title: "position", bars: (1...6).map { .init(label: "booster \($0)", observed: 1.0 / 6, expected: nil) },
      reference: (1.0 / 6, "uniform 16.67%"))
    let svg = chart.svg()
    #expect(svg.contains("class=\"reference\""))
    #expect(svg.contains(">uniform 16.67%</text>"))
    #expect(svg.components(separatedBy: "class=\"bar\"").count - 1 == 6)
    #expect(chart.yScale(0) == chart.height - 40)
    // The description names the reference as each bar's expected value (it said "expected none").
    #expect(svg.contains("booster 1: observed 16.667%, expected 16.667%; booster 2:"))
    #expect(!svg.contains("expected none"))
  }
}
