import Vocabulary

/// Where a session's lines go: its standard output and its error output.
public struct OutputSink {
  /// Receives each line of output, without its newline.
  public var write: (String) -> Void
  /// Receives each error line, without its newline.
  public var writeError: (String) -> Void
  /// How the output stream is dressed, asked when a command draws (a terminal's width can change):
  /// plain for files, pipes and transcripts.
  public var style: () -> TerminalStyle
  /// Shows a long text a screen at a time, as the prompt's terminal does (through the user's
  /// pager); `nil` writes its lines as any others.
  public var page: (([String]) -> Void)?

  /// Creates a sink from two line handlers.
  public init(
    write: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
    style: @escaping () -> TerminalStyle = { .plain }, page: (([String]) -> Void)? = nil
  ) {
    self.write = write
    self.writeError = writeError
    self.style = style
    self.page = page
  }

  /// Reports a failure outside any script line: `error: MESSAGE` on the error stream as text; as
  /// JSON, `{"error":{"code":…,"message":…}}` where the rest of the JSON goes.
  public func report(error message: String, code: ErrorCode, format: OutputFormat) {
    switch format {
    case .text: writeError("error: \(message)")
    case .json: write(JSONLine.error(code: code, message: message))
    }
  }

  /// Reports an error outside any script line: `FILE:LINE[:COLUMN]: error: MESSAGE` when it points
  /// into a file (``ErrorLine``), else as ``report(error:code:format:)``; as JSON, with its `file`
  /// and `line`.
  public func report(_ error: any Error, code: ErrorCode, format: OutputFormat) {
    let location = (error as? any LocatedError)?.sourceLocation
    switch (format, location) {
    case (.text, _): writeError(ErrorLine.text(for: error))
    case (.json, nil): write(JSONLine.error(code: code, message: "\(error)"))
    case (.json, let location?):
      let message = (error as? any LocatedError)?.message ?? "\(error)"
      write(JSONLine.error(code: code, message: message, file: location.file, line: location.line))
    }
  }

  /// A sink that collects every line, errors included, into one transcript in order.
  public static func collecting(into transcript: Transcript) -> OutputSink {
    OutputSink(write: { transcript.append($0) }, writeError: { transcript.append($0) })
  }
}

/// Lines gathered in order, such as a script's whole output for comparison with a golden file.
public final class Transcript {
  /// The lines so far.
  public private(set) var lines: [String] = []

  /// Creates an empty transcript.
  public init() {}

  /// Adds a line.
  public func append(_ line: String) {
    lines.append(line)
  }

  /// The lines joined, each ending in a newline.
  public var text: String { lines.map { $0 + "\n" }.joined() }
}
