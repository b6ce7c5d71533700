import Dispatch
import Simulation

/// The one owner of a session's world: the prompt, a script, the suite and the server all reach the
/// world through it, one at a time, so a request sees the world between two commands, never in the
/// middle of one.
///
/// The actor runs on a serial dispatch queue of its own (``SessionExecutor``). The server's
/// requests `await` ``withWorld(_:)`` as actor jobs on that queue; synchronous callers (the prompt
/// and script runners, which read lines on their own thread) use ``withSession(_:)``, which runs on
/// the same queue with `DispatchQueue.sync`. The queue serialises both kinds of work. The blocking
/// bridge needs no thread of Swift's cooperative pool (dispatch runs the block on the calling
/// thread, and actor jobs on the queue's own thread), so it cannot deadlock when called from a
/// task, and a call from inside the owner's own work runs at once instead of waiting for itself.
public actor SessionOwner: PageActionRunner {
  private nonisolated let executor: SessionExecutor
  nonisolated let held: HeldSession
  /// What the owner remembers of the apps connected through the device face.
  nonisolated let connectedDevices = ConnectedDevices()

  /// The queue the owner's work runs on.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// The owner of a session: the one it has, or a new one that takes ownership of it. From then
  /// on, reach the session only through its owner.
  public static func of(_ session: Session) -> SessionOwner {
    session.owner ?? SessionOwner(held: HeldSession(session))
  }

  private init(held: HeldSession) {
    executor = SessionExecutor()
    self.held = held
    held.session.owner = self
  }

  /// Runs `body` on the world, alone (the server's way in).
  public func withWorld<T: Sendable>(_ body: @Sendable (World) throws -> T) async rethrows -> T {
    try body(held.session.world)
  }

  /// Runs `body` on the session, alone, blocking the calling thread until it is done (the
  /// prompt's and the scripts' way in). A call made from inside the owner's work runs at once.
  public nonisolated func withSession<T>(_ body: (Session) throws -> T) rethrows -> T {
    if executor.isCurrent { return try body(held.session) }
    return try executor.queue.sync { try body(held.session) }
  }

  /// Runs a page action as the command it mirrors (``PageActions``), alone: the line is shown in
  /// the session's output as `page> LINE` with what it prints, recorded by `record` as any typed
  /// line, and its error reported as the prompt reports one.
  public func perform(_ action: PageAction) async -> PageActionResult {
    let session = held.session
    let line: String
    do {
      line = try PageActions.commandLine(for: action)
    } catch {
      session.output.writeError("page: error: \(error.description)")
      return PageActionResult(
        commandLine: nil, succeeded: false, message: error.description, code: .of(error))
    }
    let outcome = Self.run(line, shownAs: "page", in: session)
    return PageActionResult(
      commandLine: line, succeeded: outcome == .succeeded, message: outcome.failure ?? "done",
      code: outcome.code)
  }

  /// Runs a line as if typed, shown in the session's output as `ORIGIN> LINE` with what it prints,
  /// recorded by `record` as any typed line, and its error reported as the prompt reports one.
  static func run(_ line: String, shownAs origin: String, in session: Session) -> Interpreter.Outcome {
    session.print("\(origin)> \(line)")
    let outcome = Interpreter.run(line: line, in: session)
    session.report(outcome)
    return outcome
  }

  /// Runs one line of the command language (see ``Interpreter/run(line:in:)``), alone.
  public nonisolated func run(line: String) -> Interpreter.Outcome {
    withSession { Interpreter.run(line: line, in: $0) }
  }
}

/// A session handed to its owner: only ever touched on the owner's queue.
final class HeldSession: @unchecked Sendable {
  let session: Session

  init(_ session: Session) {
    self.session = session
  }
}

/// A serial executor over a dispatch queue: the thread ``SessionOwner``'s work runs on.
final class SessionExecutor: SerialExecutor, @unchecked Sendable {
  /// The serial queue.
  let queue: DispatchQueue
  private let key = DispatchSpecificKey<Bool>()

  init() {
    queue = DispatchQueue(label: "storebench.session-owner")
    queue.setSpecific(key: key, value: true)
  }

  /// Whether the calling code runs on the queue.
  var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  func checkIsolated() {
    dispatchPrecondition(condition: .onQueue(queue))
  }
}
