import ArgumentParser

/// A command of the workbench language: parsed by ArgumentParser, carried out against a session.
protocol SessionCommand: ParsableCommand {
  /// Carries the command out.
  ///
  /// - Throws: ``WorkbenchError`` or ``ExpectationFailure`` with a message for the user.
  func execute(in session: Session) throws
}

extension SessionCommand {
  /// Commands run through ``execute(in:)``; ArgumentParser's `run()` is never used.
  func run() throws {}
}

/// `on` or `off`, as switches take it.
enum Switch: String, ExpressibleByArgument, CaseIterable {
  case on, off

  var isOn: Bool { self == .on }
}
