import Foundation
import Store
import SystemIO

/// Keeps the lines a session runs and, while `record` is on, writes them to a script that
/// `storebench run` replays to the same world. The script starts with a header and the lines run
/// before recording began, so that it replays from the session's start. It keeps only the commands
/// that ran and change the world (``SessionCommand/changesWorld(in:)``): lines that only show
/// something (`products`, `status`, `receipt show`, `verify`, `echo`), `expect` lines (assertions
/// about the session as it was, which may read what the dropped lines left, such as `verify`'s
/// status), comments and failed lines are left out. Recording everything (`record FILE --all`)
/// keeps every line, a failed one as a comment with its error. The header and earlier lines are written atomically, then each
/// line is appended whole as it runs (``AppendOnlyFile``), so that an interrupted recording can only
/// lose whole lines; `storebench run` rejects a recording whose last line has no line end.
public final class Recorder {
  /// A line the session ran.
  public struct Entry: Hashable, Sendable {
    /// The line as typed.
    public var line: String
    /// Its failure (`error: …`), when it failed.
    public var failure: String?
    /// Whether it ran and changes the world.
    public var changesWorld = true
    /// When Ctrl-C stopped the line typed: that line, kept as a comment; ``line`` is then a
    /// command that does what it did before it stopped (`clock set` to where the clock stopped).
    public var stoppedLine: String? = nil
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
  /// The recording's file as messages name it (``Session/shown(_:)``).
  private var shownPath = ""
  /// Whether the recording keeps every line, not only those that change the world.
  private var keepsEverything = false

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
    guard recording != nil else { return "not recording" }
    let path = shownPath
    let count = kept.count
    return "recording to \(path) (\(count) line\(count == 1 ? "" : "s") so far)"
  }

  /// The entries the recording keeps: all of them when recording everything, else those that ran
  /// and change the world.
  var kept: [Entry] { entries.filter(keeps) }

  private func keeps(_ entry: Entry) -> Bool {
    keepsEverything || (entry.failure == nil && entry.changesWorld)
  }

  /// Notes a line the session ran, and writes it when recording.
  ///
  /// - Parameters:
  ///   - line: the line as typed.
  ///   - words: its words, to recognize `record` itself (which is never recorded).
  ///   - outcome: how it ended.
  ///   - changesWorld: whether it ran a command that changes the world.
  ///   - replay: for a line Ctrl-C stopped, a line that does what it did
  ///     (``CommandInterrupted/replay``): the recording keeps that, so that it replays to the
  ///     world the session has.
  /// - Returns: a warning when the recording could not be written and has stopped.
  func note(
    line: String, words: [String], outcome: Interpreter.Outcome, changesWorld: Bool, replay: String? = nil
  ) -> String? {
    let command = words.first { $0 != "try" }
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, command != "record" else { return nil }
    var entry = Entry(line: trimmed, failure: outcome.failure, changesWorld: changesWorld)
    if case .interrupted = outcome, let replay {
      entry = Entry(line: replay, failure: nil, changesWorld: true, stoppedLine: trimmed)
    }
    entries.append(entry)
    guard let recording, keeps(entry) else { return nil }
    do {
      try recording.append(Array(Self.render(entry).utf8))
      return nil
    } catch {
      self.recording = nil
      recording.close()
      return "warning: recording stopped, \(shownPath) cannot be written: \(error)"
    }
  }

  /// Starts writing the script: the header and the lines run so far, then each new line.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - shown: the file as messages name it; `path` unless given.
  ///   - overwrite: whether an existing file may be replaced.
  ///   - everything: whether to keep every line, not only those that change the world.
  /// - Throws: ``WorkbenchError`` when already recording, when the file exists, or when it cannot
  ///   be written.
  func start(
    path: String, shown: String? = nil, overwrite: Bool, everything: Bool = false
  ) throws(WorkbenchError) {
    if recording != nil {
      throw WorkbenchError(.conflict, "already recording to \(shownPath) (`record stop` ends it)")
    }
    let shown = shown ?? path
    guard overwrite || !FileManager.default.fileExists(atPath: path) else {
      throw WorkbenchError(.conflict, "\(shown) exists: choose another name, or give --force to replace it")
    }
    keepsEverything = everything
    let text = header.map { $0 + "\n" }.joined() + kept.map(Self.render).joined()
    do {
      try StagedFile.writeAtomically(Array(text.utf8), to: path)
      recording = try AppendOnlyFile(path: path)
      shownPath = shown
    } catch {
      throw WorkbenchError(.file, "\(shown): cannot write the recording: \(error)")
    }
  }

  /// Stops writing.
  ///
  /// - Returns: the file as messages name it, and how many lines it holds.
  /// - Throws: ``WorkbenchError`` when not recording.
  func stop() throws(WorkbenchError) -> (path: String, lines: Int) {
    guard let recording else { throw WorkbenchError(.notAllowed, "not recording (`record FILE` starts)") }
    self.recording = nil
    recording.close()
    return (shownPath, kept.count)
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
      keepsEverything
        ? "# Replay: storebench run FILE. Every line is kept; failed commands as comments."
        : "# Replay: storebench run FILE. Only commands that change the world are kept.",
    ] + (startCatalog.map { ["catalog load \(CommandLineSplitter.quote($0))"] } ?? [])
  }

  /// An entry as script text: the line, or for a failed one, comments with the line and its error.
  /// A failed line too long to be kept in a comment (``CommandLineSplitter/maximumLineBytes``) is
  /// named by its length.
  static func render(_ entry: Entry) -> String {
    if let stopped = entry.stoppedLine {
      return comment("stopped by Ctrl-C", stopped) + "\n" + entry.line + "\n"
    }
    guard let failure = entry.failure else { return entry.line + "\n" }
    let comment = comment("failed", entry.line)
    return ([comment] + failure.trimmedLines.map { "#   \($0)" }).map { $0 + "\n" }.joined()
  }

  /// `# WHAT: LINE`, or `# WHAT: a line of N bytes` when the line is too long to be kept in a comment
  /// (``CommandLineSplitter/maximumLineBytes``).
  private static func comment(_ what: String, _ line: String) -> String {
    let comment = "# \(what): \(line)"
    guard comment.utf8.count > CommandLineSplitter.maximumLineBytes else { return comment }
    return "# \(what): a line of \(line.utf8.count) bytes"
  }
}
