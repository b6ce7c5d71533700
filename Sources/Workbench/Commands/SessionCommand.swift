import ArgumentParser

/// A command of the workbench language: parsed by ArgumentParser, carried out against a session.
protocol SessionCommand: ParsableCommand {
  /// Carries the command out.
  ///
  /// - Throws: ``WorkbenchError`` or ``ExpectationFailure`` with a message for the user.
  func execute(in session: Session) throws

  /// Whether this command, as given, changes the world (or writes a file later lines may read),
  /// asked just before it runs: a recording keeps only the commands that do (``Recorder``). A
  /// command that only shows something says `false`; the default, `true`, keeps a command that
  /// does not say.
  func changesWorld(in session: Session) -> Bool

  /// How a kept world's journal keeps this command when it changes the world (``KeptWorld``):
  /// replayed from its line unless it says otherwise.
  var journalTreatment: JournalTreatment { get }
}

extension SessionCommand {
  /// A command changes the world unless it says otherwise.
  func changesWorld(in _: Session) -> Bool { true }

  /// A command is replayed from its line unless it says otherwise.
  var journalTreatment: JournalTreatment { .replayed }

  /// Commands run through ``execute(in:)``; ArgumentParser's `run()` is never used.
  func run() throws {}
}
