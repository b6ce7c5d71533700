import Foundation
import Store
import SystemIO

/// Keeps the lines a session runs and, while `record` is on, writes them to a script that
/// `storebench run` replays to the same world with the same output. The script starts with a header
/// saying how to replay it, the commands that give a new world what the session's had when it
/// started (its seed, its catalog), and the lines run before recording began, so that it replays
/// from the session's start; a session on a world loaded from a file (`--state FILE`) starts
/// instead from a copy of the world as recording began, saved beside the script. It keeps only the
/// commands that ran and change the world (``SessionCommand/changesWorld(in:)``): lines that only
/// show something (`products`, `status`, `receipt show`, `verify`, `echo`), `expect` lines
/// (assertions about the session as it was, which may read what the dropped lines left, such as
/// `verify`'s status), comments and failed lines are left out. Recording everything (`record FILE
/// --all`) keeps every line, a failed one as a comment with its error. With a golden transcript
/// (`record FILE --expected`), what each kept line printed is written beside the script as the
/// `.expected` file `storebench test` compares a replay with.
///
/// The header and earlier lines are written atomically, then each line is appended whole as it
/// runs (``AppendOnlyFile``), so that an interrupted recording can only lose whole lines;
/// `storebench run` rejects a recording whose last line has no line end.
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
    /// What it printed, output and errors in order, as ``line`` prints it when replayed; `nil`
    /// when it was not kept (JSON output, or more than ``outputBudget``).
    public var output: [String]? = nil
  }

  /// What a recording begins with: the commands that make a new world the one the session
  /// recorded, and what the header says about it.
  public struct Beginning: Hashable, Sendable {
    /// The header's line about the world the script starts from.
    var about: String
    /// The commands, run before the session's lines.
    public var commands: [String]
  }

  /// How many bytes of output the recorder keeps for golden transcripts (16 MiB): past that, the
  /// output of lines already run is dropped, and a recording started later cannot have one.
  static let outputBudget = 16 << 20

  /// Every line run so far, in order; blank lines and `record` commands are left out.
  public private(set) var entries: [Entry] = []
  /// The absolute path of the catalog the session started with, `nil` for the built-in one.
  let startCatalog: String?
  /// The catalog's name as the user gave it.
  let startCatalogName: String
  /// The virtual time the session started at.
  let clockStart: Date
  /// The seed the session's world started with (``WorldIdentity``).
  let startSeed: UInt64
  /// Whether the recorder keeps what lines print (text output: golden transcripts are text).
  let keepsOutput: Bool
  /// The file the session's world was loaded from when the session began (`--state FILE`), if
  /// it was: a recording then starts from a saved copy of the world.
  private(set) var loadedFrom: String?
  /// The first entry a recording replays: those before it are in the loaded world.
  private var firstReplayed = 0
  /// How many bytes of output the entries keep.
  private var keptOutputBytes = 0
  /// Whether output was dropped (``outputBudget``): a golden transcript can no longer be made of
  /// lines run so far.
  private var droppedOutput = false
  private var recording: AppendOnlyFile?
  private var golden: AppendOnlyFile?
  /// The recording's file as messages name it (``Session/shown(_:)``).
  private var shownPath = ""
  /// The golden transcript's file as messages name it.
  private var shownGoldenPath = ""
  /// Whether the recording keeps every line, not only those that change the world.
  private var keepsEverything = false

  /// Creates a recorder for a session starting now.
  ///
  /// - Parameters:
  ///   - catalogSource: the catalog as the user named it (``CatalogLocator/builtInName`` for the
  ///     built-in one).
  ///   - clockStart: the session's virtual time at its start.
  ///   - seed: the seed of the session's world.
  ///   - keepsOutput: whether to keep what lines print, for golden transcripts.
  init(catalogSource: String, clockStart: Date, seed: UInt64 = 0, keepsOutput: Bool = true) {
    startCatalogName = catalogSource
    startCatalog =
      catalogSource == CatalogLocator.builtInName
      ? nil : URL(fileURLWithPath: catalogSource).standardizedFileURL.path
    self.clockStart = clockStart
    self.startSeed = seed
    self.keepsOutput = keepsOutput
  }

  /// Where the script is being written, when recording.
  public var path: String? { recording?.path }

  /// `recording to FILE (N lines)` or `not recording`.
  public var status: String {
    guard recording != nil else { return "not recording" }
    let count = kept.count
    let lines = "\(count) line\(count == 1 ? "" : "s") so far"
    return "recording to \(shownPath)\(golden == nil ? "" : " and \(shownGoldenPath)") (\(lines))"
  }

  /// The entries the recording keeps: those since the world it starts from, all of them when
  /// recording everything, else those that ran and change the world.
  var kept: [Entry] { entries[firstReplayed...].filter(keeps) }

  private func keeps(_ entry: Entry) -> Bool {
    keepsEverything || (entry.failure == nil && entry.changesWorld)
  }

  /// Says that the session's world was loaded from a file as it began (`--state FILE`): a
  /// recording then starts from a copy of the world as it stands, not from the lines run so far.
  func noteLoadedWorld(from path: String) {
    loadedFrom = path
    firstReplayed = entries.count
  }

  /// Notes a line the session ran, and writes it when recording.
  ///
  /// - Parameters:
  ///   - line: the line as typed.
  ///   - words: its words, to recognize `record` itself (which is never recorded).
  ///   - outcome: how it ended.
  ///   - changesWorld: whether it ran a command that changes the world.
  ///   - output: what it printed, when kept (``keepsOutput``); `nil` when it printed more than
  ///     ``outputBudget``.
  ///   - interruption: for a line Ctrl-C stopped, what it had done (``CommandInterrupted/replay``):
  ///     the recording keeps a line that does it, so that it replays to the world the session has.
  /// - Returns: a warning when the recording could not be written and has stopped.
  func note(
    line: String, words: [String], outcome: Interpreter.Outcome, changesWorld: Bool, output: [String]? = nil,
    interruption: CommandInterrupted? = nil
  ) -> String? {
    let command = words.first { $0 != "try" }
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, command != "record" else { return nil }
    var entry = Entry(line: trimmed, failure: outcome.failure, changesWorld: changesWorld, output: output)
    if case .interrupted = outcome, let interruption, let replay = interruption.replay {
      entry = Entry(
        line: replay, failure: nil, changesWorld: true, stoppedLine: trimmed,
        output: output.map { $0 + interruption.replayPrints })
    }
    entries.append(entry)
    defer { keepLastOutput() }
    guard let recording, keeps(entry) else { return nil }
    do {
      try recording.append(Array(Self.render(entry).utf8))
    } catch {
      stopRecording()
      return "warning: recording stopped, \(shownPath) cannot be written: \(error)"
    }
    return writeGolden(of: entry)
  }

  /// Appends a kept entry's part of the golden transcript, when one is written.
  ///
  /// - Returns: a warning when it could not be, and the golden transcript has stopped.
  private func writeGolden(of entry: Entry) -> String? {
    guard let golden else { return nil }
    guard let lines = Self.transcript(of: entry) else {
      stopGolden()
      return "warning: \(shownGoldenPath) stopped: `\(entry.line)` printed more than "
        + "\(Self.outputBudget >> 20) MiB, too much to keep; the recording goes on"
    }
    do {
      try golden.append(Array(lines.map { $0 + "\n" }.joined().utf8))
      return nil
    } catch {
      stopGolden()
      return "warning: \(shownGoldenPath) stopped, it cannot be written: \(error); the recording goes on"
    }
  }

  /// Keeps what the last entry printed, within ``outputBudget``; past it (or when the line printed
  /// too much to be kept at all), drops every entry's output, for good.
  private func keepLastOutput() {
    let last = entries.count - 1
    guard keepsOutput, !droppedOutput, let output = entries[last].output else {
      if keepsOutput { dropOutput() }
      return
    }
    let bytes = output.reduce(0) { $0 + $1.utf8.count + 1 }
    guard keptOutputBytes + bytes <= Self.outputBudget else { return dropOutput() }
    keptOutputBytes += bytes
  }

  private func dropOutput() {
    droppedOutput = true
    keptOutputBytes = 0
    for index in entries.indices { entries[index].output = nil }
  }

  /// What a recording started now begins with: for a session on a loaded world, loading the copy
  /// `snapshot` (saved beside the recording); otherwise the seed, and the catalog when the session
  /// started on another than the built-in one.
  ///
  /// - Parameter snapshot: the copy's file name, relative to the recording, for a loaded world.
  func beginning(snapshot: String?) -> Beginning {
    if let loadedFrom, let snapshot {
      return Beginning(
        about: "# World: the one in \(loadedFrom) as recording began, saved as \(snapshot) "
          + "(see docs/saved-worlds.md for what a saved world keeps).",
        commands: ["load \(CommandLineSplitter.quote(snapshot))"])
    }
    return Beginning(
      about: "# Catalog: \(startCatalogName). Clock started at \(Timestamp.iso8601(clockStart)). "
        + "World seed \(startSeed).",
      commands: ["identity --seed \(startSeed)"]
        + (startCatalog.map { ["catalog load \(CommandLineSplitter.quote($0))"] } ?? []))
  }

  /// What a beginning's commands print when a suite runs the recording (`> COMMAND` and its
  /// output, as a golden transcript writes them): they run in a new session as the suite would
  /// make it (the built-in catalog, seed 0, paths from the recording's directory).
  ///
  /// - Parameters:
  ///   - beginning: what the recording begins with (``beginning(snapshot:)``).
  ///   - directory: the recording's directory.
  ///   - authorityDirectory: the certificate authority's directory.
  /// - Throws: ``WorkbenchError`` when one fails there.
  func transcript(
    ofBeginning beginning: Beginning, in directory: String, authorityDirectory: URL
  ) throws(WorkbenchError) -> [String] {
    let transcript = Transcript()
    let replay: Session
    do {
      replay = Session(
        catalog: try CatalogLocator.builtIn(), catalogSource: CatalogLocator.builtInName,
        output: .collecting(into: transcript), caDirectory: authorityDirectory)
    } catch {
      throw WorkbenchError(.file, "cannot write a golden transcript: \(error)")
    }
    replay.baseDirectory = directory
    replay.shownFrom = directory
    for command in beginning.commands {
      transcript.append("> \(command)")
      if let failure = Interpreter.run(line: command, in: replay).failure {
        throw WorkbenchError(
          .file, "cannot write a golden transcript: `\(command)` fails in a new session: \(failure)")
      }
    }
    return transcript.lines.map(GoldenLine.escaped)
  }

  /// Starts writing the script: the header, what it begins with and the lines run so far, then each
  /// new line; with a golden transcript, what they printed.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - shown: the file as messages name it; `path` unless given.
  ///   - overwrite: whether existing files may be replaced.
  ///   - everything: whether to keep every line, not only those that change the world.
  ///   - beginning: what the script begins with (``beginning(snapshot:)``).
  ///   - golden: the golden transcript's file, as messages name it, and what the beginning's
  ///     commands print when replayed (`> COMMAND` lines and their output), when one is written.
  /// - Throws: ``WorkbenchError`` when already recording, when a file exists, when a golden
  ///   transcript cannot be made of the lines run so far, or when a file cannot be written.
  func start(
    path: String, shown: String? = nil, overwrite: Bool, everything: Bool = false, beginning: Beginning,
    golden: (path: String, shown: String, beginning: [String])? = nil
  ) throws(WorkbenchError) {
    try checkCanStart(
      paths: [(path, shown ?? path)] + (golden.map { [($0.path, $0.shown)] } ?? []),
      overwrite: overwrite)
    let shown = shown ?? path
    keepsEverything = everything
    if loadedFrom != nil { firstReplayed = entries.count }
    let kept = self.kept
    var goldenText = ""
    if let golden {
      let parts = kept.map(Self.transcript(of:))
      guard keepsOutput, !parts.contains(nil) else {
        throw WorkbenchError(
          .notAllowed,
          keepsOutput
            ? "the lines run so far printed more than \(Self.outputBudget >> 20) MiB, too much to keep for "
              + "\(golden.shown): record --expected at the start of a session, or record without it"
            : "a golden transcript is text: record --expected needs --format text")
      }
      goldenText = (golden.beginning + parts.flatMap { $0 ?? [] }).map { $0 + "\n" }.joined()
    }
    let text =
      (header(beginning, golden: golden.map { URL(fileURLWithPath: $0.path).lastPathComponent })
      + beginning.commands).map { $0 + "\n" }.joined()
      + kept.map(Self.render).joined()
    do {
      try StagedFile.writeAtomically(Array(text.utf8), to: path)
      if let golden { try StagedFile.writeAtomically(Array(goldenText.utf8), to: golden.path) }
      recording = try AppendOnlyFile(path: path)
      if let golden { self.golden = try AppendOnlyFile(path: golden.path) }
      shownPath = shown
      shownGoldenPath = golden?.shown ?? ""
    } catch {
      stopRecording()
      throw WorkbenchError(.file, "\(shown): cannot write the recording: \(error)")
    }
  }

  /// Checks that a recording can start: none is on, and no file would be replaced unless allowed.
  ///
  /// - Parameter paths: the files it would write, with how messages name them.
  /// - Throws: ``WorkbenchError`` saying which.
  func checkCanStart(paths: [(path: String, shown: String)], overwrite: Bool) throws(WorkbenchError) {
    if recording != nil {
      throw WorkbenchError(.conflict, "already recording to \(shownPath) (`record stop` ends it)")
    }
    for (path, shown) in paths where !overwrite && FileManager.default.fileExists(atPath: path) {
      throw WorkbenchError(.conflict, "\(shown) exists: choose another name, or give --force to replace it")
    }
  }

  /// Whether a recording started now would begin from a saved copy of the world.
  var startsFromSavedWorld: Bool { loadedFrom != nil }

  /// Stops writing.
  ///
  /// - Returns: the file as messages name it, the golden transcript's, if any, and how many lines
  ///   the recording holds.
  /// - Throws: ``WorkbenchError`` when not recording.
  func stop() throws(WorkbenchError) -> (path: String, golden: String?, lines: Int) {
    guard recording != nil else { throw WorkbenchError(.notAllowed, "not recording (`record FILE` starts)") }
    let stopped = (shownPath, golden == nil ? nil : shownGoldenPath, kept.count)
    stopRecording()
    return stopped
  }

  private func stopRecording() {
    recording?.close()
    recording = nil
    stopGolden()
  }

  private func stopGolden() {
    golden?.close()
    golden = nil
  }

  /// How the second line of a recording's header begins: what tells a reader the file is one.
  static let mark = "# Recorded by storebench "

  /// Whether a script's lines are a recording: one of its first two lines begins with ``mark``.
  static func isRecording(_ lines: [String]) -> Bool {
    lines.prefix(2).contains { $0.hasPrefix(mark) }
  }

  /// The comment lines a recording begins with: how to run it, where it came from, and what it
  /// keeps.
  ///
  /// - Parameter golden: the golden transcript written beside it, as messages name it.
  func header(_ beginning: Beginning, golden: String?) -> [String] {
    [
      "#!/usr/bin/env -S storebench run",
      "\(Self.mark)\(StorebenchVersion.current).",
      beginning.about,
      keepsEverything
        ? "# Replay: storebench run FILE. Every line is kept; failed commands as comments."
        : "# Replay: storebench run FILE. Only commands that change the world are kept.",
    ]
      + (golden.map {
        ["# Golden transcript: \($0) (storebench test DIR compares the replay with it)."]
      } ?? [])
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

  /// An entry as a golden transcript holds what its replay prints (as `storebench test` echoes a
  /// script): `> LINE` and its output, each `{{` written `{{open}}` (``GoldenLine``); nothing for a
  /// comment or a failed line, which the script keeps as a comment; `nil` when its output was not
  /// kept.
  static func transcript(of entry: Entry) -> [String]? {
    guard entry.failure == nil, !CommandLineSplitter.isBlankOrComment(entry.line) else { return [] }
    return entry.output.map { (["> \(entry.line)"] + $0).map(GoldenLine.escaped) }
  }

  /// `# WHAT: LINE`, or `# WHAT: a line of N bytes` when the line is too long to be kept in a comment
  /// (``CommandLineSplitter/maximumLineBytes``).
  private static func comment(_ what: String, _ line: String) -> String {
    let comment = "# \(what): \(line)"
    guard comment.utf8.count > CommandLineSplitter.maximumLineBytes else { return comment }
    return "# \(what): a line of \(line.utf8.count) bytes"
  }
}
