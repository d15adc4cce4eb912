import Testing
@testable import SealedCLI

/// The progress bar's line: its fill, its share and what is left, and a run that does more
/// than it announced (check-products confirms a few products with more pools than the run's
/// total counted) keeps the bar full instead of drawing a negative width.
@Suite struct ProgressBarTests {
  @Test func theLineShowsTheShareDoneAndWhatIsLeft() {
    let half = ProgressBar.line(completed: 500, total: 1_000, seconds: 1, unit: "pools")
    #expect(half == "\r[###############...............]  50%  500 pools/s  1s left")
  }

  @Test func moreThanTheTotalKeepsTheBarFull() {
    let over = ProgressBar.line(completed: 1_500, total: 1_000, seconds: 3, unit: "pools")
    #expect(over == "\r[##############################] 100%  500 pools/s  0s left")
    #expect(ProgressBar.line(completed: 0, total: 0, seconds: 0, unit: "pools").contains("  0%"))
  }
}
