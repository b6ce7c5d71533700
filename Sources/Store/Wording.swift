import Foundation

/// How quantities are written for people: counts with the right plural (`1 entry`, `2 entries`),
/// durations in human units (`52 s`, `3 min`, `2 h 5 min`) and sizes in decimal units as the App
/// Store shows them (`512 bytes`, `1.5 MB`).
public enum Wording {
  /// `1 transaction`, `2 transactions`, `0 entries`.
  ///
  /// - Parameters:
  ///   - count: how many.
  ///   - singular: the noun for one.
  ///   - plural: the noun for any other count; the singular with an `s` when `nil`.
  /// - Returns: the count, a space and the noun.
  public static func plural(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
  }

  /// A span of seconds in its two largest units, rounded up to a whole second: `0 s`, `52 s`,
  /// `3 min`, `3 min 20 s`, `2 h 5 min`, `4 d 3 h`.
  ///
  /// - Parameter seconds: a span of at least zero seconds; a negative or non-finite span is `0 s`.
  public static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds > 0 else { return "0 s" }
    let total = seconds >= Double(Int.max) ? Int.max : Int(seconds.rounded(.up))
    let units = [("d", 86_400), ("h", 3_600), ("min", 60), ("s", 1)]
    guard let first = units.firstIndex(where: { total >= $0.1 }) else { return "0 s" }
    let (name, size) = units[first]
    var text = "\(total / size) \(name)"
    if first + 1 < units.count {
      let (nextName, nextSize) = units[first + 1]
      let rest = total % size / nextSize
      if rest > 0 { text += " \(rest) \(nextName)" }
    }
    return text
  }

  /// A size in bytes in decimal units with one decimal, as the App Store shows sizes: `512 bytes`,
  /// `1 byte`, `1.5 KB`, `52.4 MB`, `2.0 GB`.
  ///
  /// - Parameter bytes: the size.
  public static func size(_ bytes: Int) -> String {
    let units: [(String, Double)] = [("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("KB", 1e3)]
    for (name, scale) in units where (Double(bytes) / scale * 10).rounded() >= 10 {
      return String(format: "%.1f", Double(bytes) / scale) + " " + name
    }
    return plural(bytes, "byte")
  }
}
