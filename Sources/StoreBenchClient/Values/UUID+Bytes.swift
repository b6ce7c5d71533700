import Foundation

extension UUID {
  /// A UUID of the first sixteen bytes (zeros where fewer are given).
  package init(bytes: [UInt8]) {
    let b = bytes + [UInt8](repeating: 0, count: max(0, 16 - bytes.count))
    self.init(
      uuid: (
        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
      ))
  }
}
