import Foundation

/// Lays rows out in columns two spaces apart, the last column unpadded, measuring cells by the
/// columns a terminal gives them (``displayWidth(_:)``) so CJK names and emoji stay aligned.
enum TextTable {
  static func render(_ rows: [[String]]) -> [String] {
    // Each cell is measured once.
    let cellWidths = rows.map { $0.map(displayWidth) }
    let columns = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    for row in cellWidths {
      for (index, width) in row.enumerated() { widths[index] = max(widths[index], width) }
    }
    return zip(rows, cellWidths).map { row, rowWidths in
      var line = ""
      line.reserveCapacity(widths.reduce(0, +) + 2 * columns)
      for (index, cell) in row.enumerated() {
        if index > 0 { line += "  " }
        line += cell
        if index < row.count - 1 { line += String(repeating: " ", count: widths[index] - rowWidths[index]) }
      }
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// The columns a terminal gives text: East Asian Wide and Fullwidth characters and emoji take
  /// two, combining marks, joiners and variation selectors none, everything else one. ASCII text
  /// (most cells) is counted by its bytes.
  static func displayWidth(_ text: String) -> Int {
    let utf8 = text.utf8
    let ascii =
      utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } }
      ?? utf8.allSatisfy { $0 < 0x80 }
    if ascii { return utf8.count }
    var width = 0
    for scalar in text.unicodeScalars { width += scalar.value < 0x300 ? 1 : displayWidth(scalar) }
    return width
  }

  /// The columns one scalar takes: 0, 1 or 2.
  static func displayWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if zeroWidth.contains(where: { $0.contains(value) }) { return 0 }
    if wide.contains(where: { $0.contains(value) }) { return 2 }
    return 1
  }

  /// Combining marks (general category Mn, Me), zero-width spaces and joiners, variation selectors.
  private static let zeroWidth: [ClosedRange<UInt32>] = [
    0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
    0x0E31...0x0E31, 0x0E34...0x0E3A, 0x0E47...0x0E4E, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF,
    0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF,
  ]

  /// East Asian Width W and F (Unicode's EastAsianWidth.txt): Hangul Jamo, CJK radicals and
  /// symbols, kana, CJK ideographs, Hangul syllables, compatibility ideographs, fullwidth forms,
  /// and the emoji shown in emoji presentation.
  private static let wide: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
    0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
    0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
    0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
    0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
    0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
    0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
    0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
    0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
    0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC,
    0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
    0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
    0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
