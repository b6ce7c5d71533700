import Foundation
import SystemIO

/// The lines typed at the prompt, kept across runs in `$XDG_STATE_HOME/storebench/history`
/// (else `~/.local/state/storebench/history`), one line each. Lines are stored trimmed, blank
/// lines and repeats of the previous line are not stored, and each line is appended whole
/// (``AppendOnlyFile``) so that a crash never leaves half a line. A line longer than
/// ``maximumEntryBytes`` runs but is not kept: searching long entries (Ctrl-R) would stall the prompt.
public struct PromptHistory {
  /// The longest line kept, in bytes of UTF-8.
  public static let maximumEntryBytes = 4_096

  /// The file, or `nil` when history is kept for this run only.
  public private(set) var path: String?
  /// The lines, oldest first.
  public private(set) var lines: [String] = []
  private var file: AppendOnlyFile?
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
    } catch {
      fail("\(path): \(error.localizedDescription)")
      return
    }
    do {
      if let data = manager.contents(atPath: path) {
        lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter {
          $0.utf8.count <= Self.maximumEntryBytes
        }
      } else {
        try StagedFile.writeAtomically([], to: path)
      }
      if lines.count >= 2 * limit {
        lines.removeFirst(lines.count - limit)
        try StagedFile.writeAtomically(Array(lines.map { $0 + "\n" }.joined().utf8), to: path)
      }
      file = try AppendOnlyFile(path: path)
    } catch {
      fail("\(path): \(error)")
    }
  }

  /// Adds a typed line.
  ///
  /// - Returns: the line as stored (trimmed), or `nil` when it is blank or repeats the previous one.
  /// - Throws: ``WorkbenchError`` when the line is longer than ``maximumEntryBytes`` (it is not kept).
  @discardableResult
  public mutating func add(_ line: String) throws(WorkbenchError) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed != lines.last, !trimmed.contains("\n") else { return nil }
    let length = trimmed.utf8.count
    guard length <= Self.maximumEntryBytes else {
      throw WorkbenchError(
        .invalidValue, "not kept in history: \(length) bytes, the limit is \(Self.maximumEntryBytes)")
    }
    lines.append(trimmed)
    if lines.count > limit { lines.removeFirst(lines.count - limit) }
    if let file {
      do {
        try file.append(Array((trimmed + "\n").utf8))
      } catch {
        fail("\(file.path): \(error)")
      }
    }
    return trimmed
  }

  /// Stops writing the file after an error, remembering why.
  private mutating func fail(_ reason: String) {
    problem = "history is not saved: \(reason)"
    path = nil
    file = nil
  }
}
