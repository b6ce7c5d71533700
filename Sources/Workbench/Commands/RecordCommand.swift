import ArgumentParser

/// `record FILE`, `record stop`, `record`: writes the session's commands as a replayable script.
struct RecordCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Record this session's commands into a script that `storebench run` replays.",
    discussion: """
      record FILE starts recording. The script begins with a header and the commands already run, \
      so that it replays from the session's start; each later command is added as it runs. Only \
      commands that change the world (buy, finish, advance-clock, switches, files written, …) are \
      kept: commands that only show something (products, status, receipt show, verify, echo, …), \
      expect lines, comments and failed commands are left out, so the replay is a clean script \
      that rebuilds the same world. With --all every line is kept, a failed one as a comment with \
      its error. record stop ends it; record alone says whether a recording is on.
      """)

  @Argument(help: "The script to write, or stop.", completion: .session(.words(["stop"]), .files))
  var file: String?

  @Flag(help: "Replace FILE if it exists.")
  var force = false

  func validate() throws {
    try requireNonEmpty(file, "the file name")
  }

  @Flag(help: "Keep every line (reads, expect lines, comments, failed commands), not only changes.")
  var all = false

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let recorder = session.recorder
    switch file {
    case nil:
      session.print(recorder.status)
    case "stop":
      let (path, lines) = try recorder.stop()
      session.print("recording stopped: \(lines) line\(lines == 1 ? "" : "s") in \(path)")
    case let file?:
      let shown = session.shown(file)
      try recorder.start(path: session.resolve(file), shown: shown, overwrite: force, everything: all)
      session.print("recording to \(shown)")
    }
  }
}
