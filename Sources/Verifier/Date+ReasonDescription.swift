import Foundation

extension Date {
  /// The date as `YYYY-MM-DDTHH:MM:SSZ` for error reasons, or its seconds since 1970 when it lies
  /// outside years 0000–9999 (`Date.description` traps on NaN).
  var reasonDescription: String {
    do {
      return String(decoding: try ReceiptDate.format(self), as: UTF8.self)
    } catch {
      return "\(timeIntervalSince1970) s since 1970"
    }
  }
}
