/// What Upload Image needs to know of a PNG file without drawing it: its pixel size and whether
/// it can be transparent (an alpha channel, or a `tRNS` chunk). Reading walks every chunk and
/// checks each one's CRC, so a truncated or altered file is refused, not half-read.
struct PNGImageHeader: Hashable, Sendable {
  /// Why bytes are not a PNG file this reader accepts.
  struct Problem: Error, Hashable, Sendable {
    let reason: String
  }

  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int
  /// Whether the image has an alpha channel (colour types 4 and 6) or a `tRNS` chunk.
  let hasTransparency: Bool

  private static let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

  /// Reads a PNG file's header and checks its chunks.
  ///
  /// - Throws: ``Problem`` saying what is wrong: not a PNG, a damaged chunk, no `IHDR` first or
  ///   no `IEND` last.
  init(_ bytes: [UInt8]) throws(Problem) {
    guard bytes.starts(with: Self.signature) else { throw Problem(reason: "it is not a PNG file") }
    var offset = Self.signature.count
    var header: (width: Int, height: Int, colorType: UInt8)?
    var transparent = false
    while true {
      guard offset + 12 <= bytes.count else { throw Problem(reason: "it ends inside a chunk") }
      let length = Int(Self.uint32(bytes, at: offset))
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      guard length <= bytes.count - offset - 12 else {
        throw Problem(reason: "its \(type) chunk is cut short")
      }
      let data = bytes[(offset + 8)..<(offset + 8 + length)]
      guard
        CRC32.checksum(bytes[(offset + 4)..<(offset + 8 + length)])
          == Self.uint32(bytes, at: offset + 8 + length)
      else { throw Problem(reason: "its \(type) chunk's CRC does not match") }
      offset += 12 + length
      if header == nil {
        guard type == "IHDR", length == 13 else { throw Problem(reason: "it does not start with IHDR") }
        let start = data.startIndex
        header = (
          Int(Self.uint32(bytes, at: start)), Int(Self.uint32(bytes, at: start + 4)), bytes[start + 9]
        )
      } else if type == "tRNS" {
        transparent = true
      } else if type == "IEND" {
        break
      }
    }
    guard let header, header.width > 0, header.height > 0 else { throw Problem(reason: "it has no pixels") }
    width = header.width
    height = header.height
    hasTransparency = transparent || header.colorType == 4 || header.colorType == 6
  }

  private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
