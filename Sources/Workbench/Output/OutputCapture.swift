/// A copy of the lines a command prints, output and errors in one order, up to a number of bytes:
/// what a recording's golden transcript holds for the command.
final class OutputCapture {
  private var kept: [String] = []
  private var bytes = 0
  private let limit: Int

  /// Creates an empty capture.
  ///
  /// - Parameter limit: the most bytes it keeps (each line counted with its line end); past
  ///   that, it keeps nothing.
  init(limit: Int) {
    self.limit = limit
  }

  /// The lines printed, or `nil` when they came to more than the limit.
  var lines: [String]? { bytes > limit ? nil : kept }

  /// A sink that writes to `sink` and keeps a copy of each line here, paged lines too (a long help
  /// still goes through `sink`'s pager).
  func copying(_ sink: OutputSink) -> OutputSink {
    OutputSink(
      write: { [self] line in
        keep(line)
        sink.write(line)
      },
      writeError: { [self] line in
        keep(line)
        sink.writeError(line)
      },
      style: sink.style,
      page: sink.page.map { page in
        { [self] lines in
          lines.forEach(keep)
          page(lines)
        }
      })
  }

  private func keep(_ line: String) {
    guard bytes <= limit else { return }
    bytes += line.utf8.count + 1
    if bytes <= limit { kept.append(line) } else { kept = [] }
  }
}
