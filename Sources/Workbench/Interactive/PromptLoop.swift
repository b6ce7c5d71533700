import Store

/// The interactive prompt without the terminal: reads lines, runs each in the session and reports
/// failures, until `quit` or the end of input. No error ends it.
public struct PromptLoop {
  /// The session the lines run in.
  public let session: Session
  /// Its owner, through which every line runs.
  public let owner: SessionOwner

  /// Creates a loop over a session, through its owner (one is made when it has none).
  public init(session: Session) {
    self.session = session
    self.owner = SessionOwner.of(session)
  }

  /// The prompt for the session's state: `2026-01-01 00:00:00> `, or `iPad 2026-01-01 00:00:00> `
  /// once the session has several devices.
  public var prompt: String {
    owner.withSession { session in
      let world = session.world
      let device = world.devices.count > 1 ? [world.device.name] : []
      return (device + [Timestamp.log(world.store.clock.now)]).joined(separator: " ") + "> "
    }
  }

  /// Reads and runs lines until `quit` or the end of input; an interrupted line is dropped. A server
  /// `serve start` started stops when the loop ends.
  public func run(reading reader: inout some LineReader) {
    defer { owner.withSession { $0.stopServer() } }
    while !owner.withSession(\.wantsToQuit) {
      switch reader.readLine(prompt: prompt) {
      case .line(let line): run(line)
      case .interrupted: continue
      case .end: return
      }
    }
  }

  /// Runs one typed line, writing its failure, if any, as an error line.
  ///
  /// - Returns: how the line ended.
  @discardableResult
  public func run(_ line: String) -> Interpreter.Outcome {
    owner.withSession { session in
      let outcome = Interpreter.run(line: line, in: session)
      session.report(outcome)
      return outcome
    }
  }
}
