import Simulation

extension SessionOwner: ControlRunner {
  /// The most a control answer carries of a command's output, in bytes; past it, `output` is empty
  /// and the lines are in the session's log only.
  static let controlOutputLimit = 1 << 20

  /// Runs a named action as the command it mirrors (``PageActions``), alone, shown as
  /// `control> LINE`.
  public func control(_ action: PageAction) async -> ControlResult {
    let line: String
    do {
      line = try PageActions.commandLine(for: action)
    } catch {
      held.session.output.writeError("control: error: \(error.description)")
      return ControlResult(commandLine: nil, succeeded: false, error: error.description, code: .of(error))
    }
    return await control(line: line)
  }

  /// Runs one line of the command language, alone, shown as `control> LINE`, and answers with
  /// what it printed once the world has settled (``Interpreter/run(line:in:)`` lets it settle).
  public func control(line: String) async -> ControlResult {
    let session = held.session
    let capture = OutputCapture(limit: Self.controlOutputLimit)
    let outcome = session.withOutput(capture.copying(session.output)) {
      Self.run(line, shownAs: "control", in: session)
    }
    return ControlResult(
      commandLine: line, succeeded: outcome == .succeeded, output: Array((capture.lines ?? []).dropFirst()),
      error: outcome.message, code: outcome.code)
  }
}
