import Foundation

/// The lines typed at the prompt, kept across runs in `$XDG_STATE_HOME/storebench/history`
/// (else `~/.local/state/storebench/history`), one line each. Lines are stored trimmed, blank
/// lines and repeats of the previous line are not stored, and each line is appended with one write
/// so that a crash never leaves half a line.
public struct PromptHistory {
  /// The file, or `nil` when history is kept for this run only.
  public private(set) var path: String?
  /// The lines, oldest first.
  public private(set) var lines: [String] = []
  /// Why the file cannot be used, to tell the user once.
  public private(set) var problem: String?
  /// How many lines are kept.
  public let limit: Int

  /// Where the history file lives for an environment.
  ///
  /// - Returns: `nil` when neither an absolute `XDG_STATE_HOME` nor `HOME` is set.
  public static func defaultPath(environment: [String: String]) -> String? {
    let base: URL
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      base = URL(fileURLWithPath: state)
    } else if let home = environment["HOME"], !home.isEmpty {
      base = URL(fileURLWithPath: home).appendingPathComponent(".local/state")
    } else {
      return nil
    }
    return base.appendingPathComponent("storebench/history").path
  }

  /// Opens the history at `path`, creating its directories as needed.
  ///
  /// - Parameters:
  ///   - path: the file; `nil` keeps history in memory only.
  ///   - limit: how many lines to keep; the file is shortened when it grows to twice as many.
  public init(path: String?, limit: Int = 1000) {
    self.path = path
    self.limit = limit
    guard let path else { return }
    let manager = FileManager.default
    do {
      try manager.createDirectory(
        atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true
      )
      if let data = manager.contents(atPath: path) {
        lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
      } else {
        try Data().write(to: URL(fileURLWithPath: path))
      }
      if lines.count >= 2 * limit {
        lines.removeFirst(lines.count - limit)
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(
          to: URL(fileURLWithPath: path), options: .atomic)
      }
    } catch {
      fail("\(path): \(error.localizedDescription)")
    }
  }

  /// Adds a typed line.
  ///
  /// - Returns: the line as stored (trimmed), or `nil` when it is blank or repeats the previous one.
  @discardableResult
  public mutating func add(_ line: String) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed != lines.last, !trimmed.contains("\n") else { return nil }
    lines.append(trimmed)
    if lines.count > limit { lines.removeFirst(lines.count - limit) }
    if let path {
      do {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((trimmed + "\n").utf8))
      } catch {
        fail("\(path): \(error.localizedDescription)")
      }
    }
    return trimmed
  }

  /// Stops writing the file after an error, remembering why.
  private mutating func fail(_ reason: String) {
    problem = "history is not saved: \(reason)"
    path = nil
  }
}
