import Foundation
import SealedSupport
import Testing

@Suite struct UTCTimestampTests {
  /// Dates before 1970 and after 2100, leap days, and times just below a whole second; the rest an
  /// arithmetic sequence over 1906 to 2128 whose step (an irrational-looking fraction of a second)
  /// lands on every part of a second.
  private static let dates: [Date] = {
    var seconds: [Double] = [0, 0.999, 59.9996, -0.5, -86_400.25, 951_782_400 /* 2000-02-29 */,
                             4_107_542_399.9999 /* 2100 */, 1_796_283_749.9999]
    for step in 0..<2_000 { seconds.append(-2e9 + Double(step) * 3_500_001.618_034) }
    return seconds.map(Date.init(timeIntervalSince1970:))
  }()

  /// `ISO8601DateFormatter` in UTC, the reference: given a time with its fraction it rounds to the
  /// millisecond first, so it is given the time already cut to the second or millisecond. The cut
  /// is taken on the fraction of a second alone (`t - floor(t)` is exact), so that a time such as
  /// 1500001618.03399991989 (the double nearest 1500001618.034) is not rounded up by `t * 1000`.
  private func reference(_ options: ISO8601DateFormatter.Options, _ date: Date, unit: Double) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = options
    formatter.timeZone = TimeZone(identifier: "UTC")
    let second = date.timeIntervalSince1970.rounded(.down)
    let fraction = ((date.timeIntervalSince1970 - second) * unit).rounded(.down) / unit
    return formatter.string(from: Date(timeIntervalSince1970: second + fraction))
  }

  @Test func secondsAreTheWholeSecondTheTimeFallsIn() {
    for date in Self.dates {
      #expect(UTCTimestamp.seconds(date) == reference([.withInternetDateTime], date, unit: 1), "\(date.timeIntervalSince1970)")
    }
    #expect(UTCTimestamp.seconds(Date(timeIntervalSince1970: 59.9999)) == "1970-01-01T00:00:59Z")
    #expect(UTCTimestamp.seconds(Date(timeIntervalSince1970: 1_796_283_749)) == "2026-12-03T07:42:29Z")
  }

  @Test func millisecondsAreTheMillisecondTheTimeFallsIn() {
    let options: ISO8601DateFormatter.Options = [.withInternetDateTime, .withFractionalSeconds]
    for date in Self.dates {
      #expect(UTCTimestamp.milliseconds(date) == reference(options, date, unit: 1000), "\(date.timeIntervalSince1970)")
    }
    #expect(UTCTimestamp.milliseconds(Date(timeIntervalSince1970: 59.9996)) == "1970-01-01T00:00:59.999Z")
    #expect(UTCTimestamp.milliseconds(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
  }

  /// The two forms of one moment name the same second, as `fetched_at` and `chosen_at` do.
  @Test func bothFormsAgreeOnTheSecond() {
    for date in Self.dates {
      let precise = UTCTimestamp.milliseconds(date)
      #expect(String(precise.prefix(19)) + "Z" == UTCTimestamp.seconds(date), "\(date.timeIntervalSince1970)")
    }
  }
}
