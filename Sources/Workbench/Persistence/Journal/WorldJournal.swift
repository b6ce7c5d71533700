import Simulation
import SystemIO

/// The journal of a kept world, open for appending: each record is written whole and flushed to the
/// disk (`fsync`) before the change it records is answered, so that a crash loses nothing that was
/// acknowledged. It receives the server's requests and the notification attempts from the world
/// (``ChangeJournal``) and the command lines from the interpreter (``KeptWorld``).
final class WorldJournal: ChangeJournal {
  /// The journal's file.
  let path: String
  /// The file as messages name it.
  let shown: String
  private let file: AppendOnlyFile

  /// Starts a new journal for the snapshot whose SHA-256 is `base`, replacing any journal at `path`
  /// atomically.
  ///
  /// - Throws: ``WorkbenchError`` naming the file.
  init(creatingAt path: String, shown: String, base: String) throws(WorkbenchError) {
    do {
      try StagedFile.writeAtomically(JournalRecord.header(base: base).bytes, to: path)
      file = try AppendOnlyFile(path: path)
    } catch {
      throw WorkbenchError(.file, "\(shown): cannot start the journal (\(error))")
    }
    self.path = path
    self.shown = shown
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

  func keep(_ request: APIRequest) throws {
    try append(.request(method: request.method, path: request.path, query: request.query, body: request.body))
  }

  func keep(_ result: SendAttemptResult) {
    // The attempt has happened; when its result cannot be kept, a rebuilt world attempts it again.
    try? append(.attempt(result))
  }

  /// Closes the file.
  func close() {
    file.close()
  }
}
