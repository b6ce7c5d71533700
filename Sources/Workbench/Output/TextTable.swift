import Foundation

/// Lays rows out in columns two spaces apart, the last column unpadded.
enum TextTable {
  static func render(_ rows: [[String]]) -> [String] {
    let columns = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    return rows.map { row in
      row.enumerated().map { index, cell in
        index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
      }.joined(separator: "  ")
    }
  }
}
