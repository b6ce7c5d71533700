extension KeptWorld {
  /// Runs a command the journal cannot replay (``JournalTreatment/checkpointed``), then writes the
  /// whole world to the file, and only then shows what the command printed.
  ///
  /// - Parameters:
  ///   - session: the session it runs in.
  ///   - run: runs the command as one step of the world.
  /// - Returns: How it ended; a failure to write the file fails it, though its change was made.
  func checkpointed(in session: Session, _ run: () -> Interpreter.Outcome) -> Interpreter.Outcome {
    let shown = session.output
    var held: [(isError: Bool, line: String)] = []
    let holding = OutputSink(
      write: { held.append((false, $0)) }, writeError: { held.append((true, $0)) }, style: shown.style)
    var outcome = session.withOutput(holding, run)
    do {
      try checkpoint(in: session)
    } catch {
      outcome = .failed(
        "\(error.description); the change is in memory only, and is lost if storebench stops before the next save",
        code: .stateFile)
    }
    for (isError, line) in held {
      if isError { shown.writeError(line) } else { shown.write(line) }
    }
    return outcome
  }
}
