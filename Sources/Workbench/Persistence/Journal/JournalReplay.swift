import Simulation

/// Rebuilds a kept world's changes from its journal's records, on the world loaded from its
/// snapshot: each command line runs again (a line Ctrl-C stopped runs as what it did before it
/// stopped), each request is answered again, and each notification attempt gives the result it
/// gave the first time (``ReplayedTransport``), all with no output and no files written.
struct JournalReplay {
  /// One change: a line or a request, with what followed it.
  private struct Change {
    var record: JournalRecord
    var attempts: [SendAttemptResult] = []
    var exchanges: [RealtimeExchange] = []
    var stoppedLine: String?
  }

  private let changes: [Change]

  /// Groups records into changes: attempts and a stop belong to the line or request before them.
  init(records: [JournalRecord]) {
    var changes: [Change] = []
    for record in records {
      switch record {
      case .header: continue
      case .line, .request: changes.append(Change(record: record))
      case .attempt(let result): changes.indices.last.map { changes[$0].attempts.append(result) }
      case .realtime(let exchange): changes.indices.last.map { changes[$0].exchanges.append(exchange) }
      case .stopped(let line): changes.indices.last.map { changes[$0].stoppedLine = line }
      }
    }
    self.changes = changes
  }

  /// Replays every change in the session, quietly.
  ///
  /// - Returns: How many changes were replayed.
  func run(in session: Session) -> Int {
    let live = session.world.notificationTransport
    let directory = session.baseDirectory
    session.isReplayingJournal = true
    session.world.isReplayingChanges = true
    defer {
      session.isReplayingJournal = false
      session.world.isReplayingChanges = false
      session.world.notificationTransport = live
      session.baseDirectory = directory
    }
    session.withOutput(OutputSink(write: { _ in }, writeError: { _ in })) {
      for change in changes { replay(change, in: session, live: live) }
    }
    return changes.count
  }

  private func replay(_ change: Change, in session: Session, live: (any NotificationTransport)?) {
    session.world.notificationTransport = ReplayedTransport(
      results: change.attempts, exchanges: change.exchanges, live: live)
    switch change.record {
    case .line(let words, let directory):
      session.baseDirectory = directory
      if let stopped = change.stoppedLine {
        _ = Interpreter.run(line: stopped, in: session)
      } else {
        _ = Interpreter.run(words: words, in: session)
      }
    case .request(let method, let path, let query, let body):
      _ = AppStoreServerAPI.respond(
        to: APIRequest(method: method, path: path, query: query, body: body), in: session.world)
    case .header, .attempt, .realtime, .stopped:
      break
    }
  }
}

/// The notification transport while a journal is replayed: each attempt and realtime call gives
/// what it gave when it was first made. One the journal did not hold (the process stopped before
/// it was written) is made again, through the live transport.
final class ReplayedTransport: NotificationTransport, @unchecked Sendable {
  private var results: ArraySlice<SendAttemptResult>
  private var exchanges: ArraySlice<RealtimeExchange>
  private let live: (any NotificationTransport)?

  init(results: [SendAttemptResult], exchanges: [RealtimeExchange], live: (any NotificationTransport)?) {
    self.results = results[...]
    self.exchanges = exchanges[...]
    self.live = live
  }

  func exchange(_ body: [UInt8], to url: String, timeout: Duration) -> RealtimeExchange {
    if let exchange = exchanges.popFirst() { return exchange }
    return live?.exchange(body, to: url, timeout: timeout) ?? .failed(.other, milliseconds: 0)
  }

  func post(_ body: [UInt8], to url: String, timeout: Duration) -> SendAttemptResult {
    if let result = results.popFirst() { return result }
    return live?.post(body, to: url, timeout: timeout) ?? .other
  }
}
