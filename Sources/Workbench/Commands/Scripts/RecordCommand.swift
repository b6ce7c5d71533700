import ArgumentParser
import Foundation

/// `record FILE [--all] [--expected] [--force]`, `record stop`, `record`: writes the session's
/// commands as a replayable script.
struct RecordCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Record this session's commands into a script that `storebench run` replays.",
    discussion: """
      record FILE starts recording. The script begins with a header saying how to replay it, the \
      world's seed (identity --seed N: the prompt draws a fresh one), the catalog when the session \
      started on another than the built-in one, and the commands already run, so that it replays \
      from the session's start with the same ids and the same output; each later command is added \
      as it runs. A session on a world loaded with --state FILE starts the script from a copy of \
      the world as it stands (FILE.world.json beside the script, for bug.storebench \
      bug.world.json). Only commands that change the world (buy, finish, advance-clock, switches, \
      files written, …) are kept: commands that only show something (products, status, receipt \
      show, verify, echo, …), expect lines, comments and failed commands are left out, so the \
      replay is a clean script that rebuilds the same world. With --all every line is kept, a \
      failed one as a comment with its error. With --expected what each kept line printed is \
      written beside the script as its golden transcript (bug.expected), so that storebench test \
      checks that the recording still replays as the session ran. record stop ends it; record \
      alone says whether a recording is on.
      """)

  @Argument(help: "The script to write, or stop.", completion: .session(.words(["stop"]), .files))
  var file: String?

  @Flag(help: "Replace FILE (and the files written beside it) if it exists.")
  var force = false

  @Flag(help: "Keep every line (reads, expect lines, comments, failed commands), not only changes.")
  var all = false

  @Flag(help: "Also write what the kept lines print as FILE's golden transcript (NAME.expected).")
  var expected = false

  func validate() throws {
    try requireNonEmpty(file, "the file name")
    if expected, let file, file != "stop", !file.hasSuffix(".storebench") {
      throw ValidationError("--expected needs a FILE ending in .storebench, as storebench test finds scripts")
    }
  }

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let recorder = session.recorder
    switch file {
    case nil:
      session.print(recorder.status)
    case "stop":
      let (path, golden, lines) = try recorder.stop()
      let beside = golden.map { ", its golden transcript in \($0)" } ?? ""
      session.print("recording stopped: \(lines) line\(lines == 1 ? "" : "s") in \(path)\(beside)")
    case let file?:
      try start(file, in: session)
    }
  }

  /// Starts recording to `file`: on a loaded world, saves the copy the script starts from; with
  /// `--expected`, works out what the script's first commands print.
  private func start(_ file: String, in session: Session) throws {
    let recorder = session.recorder
    let path = session.resolve(file)
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let snapshot = recorder.startsFromSavedWorld ? Self.snapshotName(for: path) : nil
    let snapshotPath = snapshot.map { directory + "/" + $0 }
    let goldenPath = expected ? GoldenTranscript.path(forScript: path) : nil
    let files = [path, goldenPath, snapshotPath].compactMap { $0 }
    try recorder.checkCanStart(paths: files.map { ($0, session.shown($0)) }, overwrite: force)
    if let snapshotPath { try session.saveWorld(to: snapshotPath) }
    let beginning = recorder.beginning(snapshot: snapshot)
    let golden = try goldenPath.map { goldenPath throws(WorkbenchError) in
      (
        path: goldenPath, shown: session.shown(goldenPath),
        beginning: try recorder.transcript(
          ofBeginning: beginning, in: directory,
          authorityDirectory: session.world.configuredAuthorityDirectory)
      )
    }
    let shown = session.shown(file)
    try recorder.start(
      path: path, shown: shown, overwrite: force, everything: all, beginning: beginning, golden: golden)
    let beside = [
      golden.map { "its golden transcript to \($0.shown)" }, snapshot.map { "the world saved as \($0)" },
    ]
    .compactMap { $0 }
    session.print("recording to \(shown)" + (beside.isEmpty ? "" : ", " + beside.joined(separator: ", ")))
  }

  /// The file a recording of a loaded world starts from, beside it: `bug.storebench` →
  /// `bug.world.json`.
  static func snapshotName(for path: String) -> String {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let stem = name.hasSuffix(".storebench") ? String(name.dropLast(".storebench".count)) : name
    return stem + ".world.json"
  }
}
