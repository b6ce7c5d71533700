extension KeptWorld {
  /// Runs a command that changes the world (``JournalTreatment``): its line is written down before
  /// it runs (and, when Ctrl-C stops it, what it did), or the whole world is written to the file
  /// after it, before its output is shown; a process-wide command runs as it is.
  ///
  /// - Parameters:
  ///   - words: the command line's words.
  ///   - treatment: how the command is kept.
  ///   - session: the session it runs in.
  ///   - run: runs the command as one step of the world.
  /// - Returns: How it ended; a failure to write the journal fails it without running it.
  func step(
    _ words: [String], treatment: JournalTreatment, in session: Session, _ run: () -> Interpreter.Outcome
  ) -> Interpreter.Outcome {
    switch treatment {
    case .notKept:
      return run()
    case .replayed:
      do {
        try keep(.line(words: words, directory: session.baseDirectory))
      } catch {
        return .failed(error.description, code: .stateFile)
      }
      let outcome = run()
      if case .interrupted = outcome, let stopped = session.interruption?.replay {
        do {
          try keep(.stopped(line: stopped))
        } catch {
          session.output.writeError("warning: \(error.description)")
        }
      }
      return outcome
    case .checkpointed:
      return checkpointed(in: session, run)
    }
  }

  /// Runs a command the journal cannot replay, then writes the whole world to the file, and only
  /// then shows what the command printed.
  private func checkpointed(in session: Session, _ run: () -> Interpreter.Outcome) -> Interpreter.Outcome {
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
