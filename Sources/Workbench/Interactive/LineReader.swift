/// What reading one line at the prompt gave.
public enum LineInput: Hashable, Sendable {
  /// A line, without its newline.
  case line(String)
  /// The line was abandoned (Ctrl-C); the prompt asks again.
  case interrupted
  /// There is no more input (Ctrl-D on an empty line, or the end of the stream).
  case end
}

/// A source of lines for the prompt: libedit in the executable, a list of lines in tests.
public protocol LineReader {
  /// Shows `prompt` and reads one line.
  mutating func readLine(prompt: String) -> LineInput
}
