import Foundation

/// The day of `date` in UTC as `yyyy-MM-dd`, for the source line of a stored set.
package func utcDate(_ date: Date) -> String {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(identifier: "UTC")
  formatter.dateFormat = "yyyy-MM-dd"
  return formatter.string(from: date)
}
