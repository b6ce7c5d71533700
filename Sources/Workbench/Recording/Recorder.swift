import Foundation
import Store
import SystemIO

/// Keeps the lines a session runs and, while `record` is on, writes them to a script that
/// `storebench run` replays with the same output. The script starts with a header and every line
/// run before recording began, so that it replays from the session's start; a line that failed is
/// kept as a comment with its error. The header and earlier lines are written atomically, then each
/// line is appended whole as it runs (``AppendOnlyFile``), so that an interrupted recording can only
/// lose whole lines; `storebench run` rejects a recording whose last line has no line end.
public final class Recorder {
  /// A line the session ran.
  public struct Entry: Hashable, Sendable {
    /// The line as typed.
    public var line: String
    /// Its failure (`error: …`), when it failed.
    public var failure: String?
  }

  /// Every line run so far, in order; blank lines and `record` commands are left out.
  public private(set) var entries: [Entry] = []
  /// The absolute path of the catalog the session started with, `nil` for the built-in one.
  let startCatalog: String?
  /// The catalog's name as the user gave it.
  let startCatalogName: String
  /// The virtual time the session started at.
  let clockStart: Date
  private var recording: AppendOnlyFile?

  /// Creates a recorder for a session starting now.
  ///
  /// - Parameters:
  ///   - catalogSource: the catalog as the user named it (``CatalogLocator/builtInName`` for the
  ///     built-in one).
  ///   - clockStart: the session's virtual time at its start.
  init(catalogSource: String, clockStart: Date) {
    startCatalogName = catalogSource
    startCatalog =
      catalogSource == CatalogLocator.builtInName
      ? nil : URL(fileURLWithPath: catalogSource).standardizedFileURL.path
    self.clockStart = clockStart
  }

  /// Where the script is being written, when recording.
  public var path: String? { recording?.path }

  /// `recording to FILE (N lines)` or `not recording`.
  public var status: String {
    guard let path else { return "not recording" }
    return "recording to \(path) (\(entries.count) line\(entries.count == 1 ? "" : "s") so far)"
  }

  /// Notes a line the session ran, and writes it when recording.
  ///
  /// - Parameters:
  ///   - line: the line as typed.
  ///   - words: its words, to recognize `record` itself (which is never recorded).
  ///   - outcome: how it ended.
  /// - Returns: a warning when the recording could not be written and has stopped.
  func note(line: String, words: [String], outcome: Interpreter.Outcome) -> String? {
    let command = words.first { $0 != "try" }
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, command != "record" else { return nil }
    let entry = Entry(line: trimmed, failure: outcome.failure)
    entries.append(entry)
    guard let recording else { return nil }
    do {
      try recording.append(Array(Self.render(entry).utf8))
      return nil
    } catch {
      self.recording = nil
      recording.close()
      return "warning: recording stopped, \(recording.path) cannot be written: \(error)"
    }
  }

  /// Starts writing the script: the header and the lines run so far, then each new line.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - overwrite: whether an existing file may be replaced.
  /// - Throws: ``WorkbenchError`` when already recording, when the file exists, or when it cannot
  ///   be written.
  func start(path: String, overwrite: Bool) throws(WorkbenchError) {
    if let current = recording?.path {
      throw WorkbenchError("already recording to \(current) (`record stop` ends it)")
    }
    guard overwrite || !FileManager.default.fileExists(atPath: path) else {
      throw WorkbenchError("\(path) exists: choose another name, or give --force to replace it")
    }
    let text = header.map { $0 + "\n" }.joined() + entries.map(Self.render).joined()
    do {
      try StagedFile.writeAtomically(Array(text.utf8), to: path)
      recording = try AppendOnlyFile(path: path)
    } catch {
      throw WorkbenchError("\(path): cannot write the recording: \(error)")
    }
  }

  /// Stops writing.
  ///
  /// - Returns: the file and how many lines it holds.
  /// - Throws: ``WorkbenchError`` when not recording.
  func stop() throws(WorkbenchError) -> (path: String, lines: Int) {
    guard let recording else { throw WorkbenchError("not recording (`record FILE` starts)") }
    self.recording = nil
    recording.close()
    return (recording.path, entries.count)
  }

  /// How the second line of a recording's header begins: what tells a reader the file is one.
  static let mark = "# Recorded by storebench "

  /// Whether a script's lines are a recording: one of its first two lines begins with ``mark``.
  static func isRecording(_ lines: [String]) -> Bool {
    lines.prefix(2).contains { $0.hasPrefix(mark) }
  }

  /// The lines a recording begins with: how to run it, where it came from, and the catalog to load
  /// when the session did not start on the built-in one.
  var header: [String] {
    [
      "#!/usr/bin/env -S storebench run",
      "\(Self.mark)\(StorebenchVersion.current).",
      "# Catalog: \(startCatalogName). Clock started at \(Timestamp.iso8601(clockStart)).",
      "# Replay: storebench run FILE. Failed commands are kept as comments.",
    ] + (startCatalog.map { ["catalog load \(CommandLineSplitter.quote($0))"] } ?? [])
  }

  /// An entry as script text: the line, or for a failed one, comments with the line and its error.
  /// A failed line too long to be kept in a comment (``CommandLineSplitter/maximumLineBytes``) is
  /// named by its length.
  static func render(_ entry: Entry) -> String {
    guard let failure = entry.failure else { return entry.line + "\n" }
    var comment = "# failed: \(entry.line)"
    if comment.utf8.count > CommandLineSplitter.maximumLineBytes {
      comment = "# failed: a line of \(entry.line.utf8.count) bytes"
    }
    return ([comment] + failure.trimmedLines.map { "#   \($0)" }).map { $0 + "\n" }.joined()
  }
}
