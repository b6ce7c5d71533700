import Simulation
import SystemIO

/// The journal of a kept world, open for appending: each record is written whole and flushed to the
/// disk (`fsync`) before the change it records is answered, so that a crash loses nothing that was
/// acknowledged. It receives every change from the world's journaled step (``ChangeJournal``):
/// command lines, page actions' commands and the server's requests before they are made, then the
/// notification attempts' results and where Ctrl-C stopped the clock.
final class WorldJournal: ChangeJournal {
  /// The journal's file.
  let path: String
  /// The file as messages name it.
  let shown: String
  private let file: AppendOnlyFile
  /// Where a warning goes when what a change led to cannot be written down.
  private let warn: (String) -> Void

  /// Starts a new journal for the snapshot whose SHA-256 is `base`, replacing any journal at `path`
  /// atomically.
  ///
  /// - Parameter warn: Where a warning goes when what a change led to cannot be written down.
  /// - Throws: ``WorkbenchError`` naming the file.
  init(
    creatingAt path: String, shown: String, base: String, warn: @escaping (String) -> Void
  ) throws(WorkbenchError) {
    do {
      try StagedFile.writeAtomically(JournalRecord.header(base: base).bytes, to: path)
      file = try AppendOnlyFile(path: path)
    } catch {
      throw WorkbenchError(.file, "\(shown): cannot start the journal (\(error))")
    }
    self.path = path
    self.shown = shown
    self.warn = warn
  }

  /// Appends a record and flushes it to the disk.
  ///
  /// - Throws: ``WorkbenchError`` naming the journal: the change must not go ahead.
  func append(_ record: JournalRecord) throws(WorkbenchError) {
    do {
      try file.append(record.bytes)
      try file.synchronize()
    } catch {
      throw WorkbenchError(.file, "\(shown): cannot write the journal (\(error)); the change was not made")
    }
  }

  func keep(_ change: WorldChange) throws {
    switch change {
    case .command(let words, let directory):
      try append(.line(words: words, directory: directory))
    case .request(let request):
      try append(
        .request(method: request.method, path: request.path, query: request.query, body: request.body))
    }
  }

  func keep(_ aftermath: ChangeAftermath) {
    switch aftermath {
    case .attempt(let result):
      // The attempt has happened; when its result cannot be kept, a rebuilt world attempts it again.
      try? append(.attempt(result))
    case .realtime(let exchange):
      // As an attempt: when it cannot be kept, a rebuilt world asks the app's server again.
      try? append(.realtime(exchange))
    case .clockStopped(let instant):
      do {
        try append(.stopped(line: CommandInterrupted.replayLine(clockStoppedAt: instant)))
      } catch {
        warn("warning: \(error.description)")
      }
    }
  }

  /// Closes the file.
  func close() {
    file.close()
  }
}
