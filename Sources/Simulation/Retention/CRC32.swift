/// CRC-32 as PNG (and zlib) computes it: polynomial 0xEDB88320, reflected, initial and final
/// value all ones.
enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    (0..<8).reduce(UInt32(index)) { value, _ in value & 1 == 1 ? 0xedb8_8320 ^ (value >> 1) : value >> 1 }
  }

  /// The checksum of some bytes.
  static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    ~bytes.reduce(UInt32.max) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8) }
  }
}
