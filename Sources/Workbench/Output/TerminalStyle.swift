/// How output for people is dressed: a live progress line and colours on a terminal, plain lines
/// elsewhere. Colours are never used when `NO_COLOR` is set (https://no-color.org) or `TERM` is
/// `dumb`.
public struct TerminalStyle: Hashable, Sendable {
  /// A colour of the terminal's palette.
  public enum Color: String, Hashable, Sendable {
    /// Failures and removed lines.
    case red = "31"
    /// Passes and added lines.
    case green = "32"
    /// Hunk headers.
    case cyan = "36"
    /// Emphasis.
    case bold = "1"
  }

  /// Whether output goes to a terminal that can redraw a line.
  public var isTerminal: Bool
  /// Whether colours are used.
  public var usesColor: Bool
  /// Whether the terminal shows Unicode (its locale is UTF-8), so pictures may use block characters.
  public var usesUnicode = false
  /// The terminal's width in columns, when it is known.
  public var columns: Int?

  /// Plain lines: no progress line, no colour.
  public static let plain = TerminalStyle(isTerminal: false, usesColor: false)

  /// Creates a style.
  public init(isTerminal: Bool, usesColor: Bool) {
    self.isTerminal = isTerminal
    self.usesColor = usesColor
  }

  /// The style for an output stream.
  ///
  /// - Parameters:
  ///   - isTerminal: whether the stream is a terminal (`isatty`).
  ///   - environment: the process environment, for `TERM`, `NO_COLOR`, the locale (`LC_ALL`,
  ///     `LC_CTYPE`, `LANG`: the first set decides) and `COLUMNS`.
  ///   - columns: the terminal's measured width, when known (else `COLUMNS`).
  public init(isTerminal: Bool, environment: [String: String], columns: Int? = nil) {
    let capable = isTerminal && environment["TERM"] != "dumb"
    self.init(isTerminal: capable, usesColor: capable && (environment["NO_COLOR"] ?? "").isEmpty)
    let locale =
      ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    let upper = locale.uppercased()
    usesUnicode = capable && (upper.contains("UTF-8") || upper.contains("UTF8"))
    if capable {
      self.columns = columns ?? environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }
  }

  /// The text in a colour, or unchanged without colours.
  public func paint(_ text: String, _ color: Color) -> String {
    usesColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
  }

  /// What redraws the progress line: return to its start and clear it (empty without a terminal).
  public var clearLine: String { isTerminal ? "\r\u{1B}[K" : "" }
}
