import SystemIO
import Vocabulary

/// What a journal file holds, read back: the snapshot it applies to and its records in order. A
/// last record that is not whole (the process stopped while writing it) is dropped and said; a
/// record before the last that is not whole means the file was changed by something else, and
/// reading it fails rather than guess.
struct JournalContents {
  /// The SHA-256 of the snapshot the records apply to.
  var base: String
  /// The records after the header, each with its line number in the file.
  var records: [(line: Int, record: JournalRecord)]
  /// Says which last record was torn and dropped, when one was.
  var tornRecord: String?

  /// Reads a journal file.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - shown: the file as messages name it.
  /// - Throws: ``WorkbenchError`` naming the file, and the line for a damaged record.
  init(path: String, shown: String) throws(WorkbenchError) {
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(path, as: .journal)
    } catch {
      throw WorkbenchError(.file, "\(shown): cannot read the journal (\(error))")
    }
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    var parsed: [(line: Int, record: JournalRecord)] = []
    for (index, line) in lines.enumerated() {
      let isLast = index == lines.count - 1
      let isWhole = !isLast || bytes.last == UInt8(ascii: "\n")
      if isWhole, let record = JournalRecord.parse(line) {
        parsed.append((index + 1, record))
        continue
      }
      guard isLast else {
        throw WorkbenchError(
          .file,
          "the journal's record is damaged (it was changed after it was written); the world cannot be rebuilt past it",
          at: SourceLocation(file: shown, line: index + 1))
      }
      tornRecord =
        "\(shown):\(index + 1): note: the last record (\(line.count) bytes) was cut short when storebench stopped; it is dropped, and the change it began was never acknowledged"
    }
    guard case .header(let base)? = parsed.first?.record else {
      throw WorkbenchError(
        .file, "not a storebench journal: its first record names no snapshot",
        at: SourceLocation(file: shown, line: 1))
    }
    self.base = base
    records = Array(parsed.dropFirst())
  }
}
