import Foundation

/// Download rates as `bandwidth` reads and shows them, in decimal units as sizes are shown.
enum Bandwidth {
  /// The units of a rate, in decimal as ``Wording/size(_:)`` shows sizes, largest first.
  private static let units: [(String, Double)] = [("GB/s", 1e9), ("MB/s", 1e6), ("KB/s", 1e3), ("B/s", 1)]

  /// Bytes per second, from 1 B/s (slower, a download's time left would not fit the clock) to 10^12.
  static func parse(_ text: String) throws(WorkbenchError) -> Double {
    for (suffix, scale) in units where text.uppercased().hasSuffix(suffix.uppercased()) {
      guard let value = Double(text.dropLast(suffix.count)), value.isFinite else { continue }
      guard (1...1e12).contains(value * scale) else {
        throw WorkbenchError(.invalidValue, "bandwidth: the rate must be 1B/s to 1000GB/s (got \(text))")
      }
      return value * scale
    }
    throw WorkbenchError(
      .invalidValue, "\"\(text)\" is not a rate such as 2MB/s, 500KB/s or 100B/s (at least 1B/s)")
  }

  /// How a rate reads: `1MB/s`, `2.50MB/s`, `100B/s`.
  static func format(_ bytes: Double) -> String {
    for (suffix, scale) in units.dropLast() where bytes >= scale {
      let value = bytes / scale
      return value == value.rounded() ? "\(Int(value))\(suffix)" : String(format: "%.2f%@", value, suffix)
    }
    return "\(Int(bytes))B/s"
  }
}
