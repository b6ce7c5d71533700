import Crypto
import Foundation
import Simulation
import SystemIO

/// A world kept in a file (`--state FILE` for the prompt, `serve` and one command), with a
/// journal beside it (`FILE.journal`). Every change (a command line, a script line, a page action,
/// a request to the App Store Server API, a notification attempt's result, a clock move stopped
/// by Ctrl-C) is appended to the journal and flushed to the disk before it is answered or its
/// output shown; opening the file rebuilds the world from the snapshot and the journal, and a clean
/// stop writes the whole world to the file atomically and removes the journal.
///
/// The journal names the snapshot it applies to by its SHA-256, so that a crash between writing a
/// new snapshot and starting its journal leaves a journal that is recognised as already included.
/// Commands that read what the journal cannot hold (`load`, `catalog load`, the imports) or draw new
/// keys (`api-key create`, `offer-key create`, `ca rotate`) are followed by a new snapshot instead
/// (``JournalTreatment``), their output shown once it is on the disk.
public final class KeptWorld {
  /// The file as the user named it.
  public let path: String
  private let resolved: String
  private let shownJournal: String
  /// The journal open for appending.
  private(set) var journal: WorldJournal?

  /// The journal's path beside a kept world's file.
  public static func journalPath(for path: String) -> String { path + ".journal" }

  private init(path: String, session: Session) {
    self.path = path
    resolved = session.resolve(path)
    shownJournal = Self.journalPath(for: session.shown(path))
  }

  /// Opens a kept world in a session: loads the file when it exists, replays its journal (its
  /// notes, such as a torn last record dropped, go to the session's error output), writes a new
  /// snapshot when the journal held changes or the file did not exist, and starts a new journal.
  /// From then on the session writes each change down.
  ///
  /// - Throws: ``WorkbenchError`` naming the file at fault; the files are then left as they are.
  @discardableResult
  public static func open(_ path: String, in session: Session) throws(WorkbenchError) -> KeptWorld {
    let kept = KeptWorld(path: path, session: session)
    try kept.start(in: session)
    session.keptWorld = kept
    return kept
  }

  private var journalFile: String { Self.journalPath(for: resolved) }

  private func start(in session: Session) throws(WorkbenchError) {
    var base: String?
    if FileManager.default.fileExists(atPath: resolved) {
      let bytes = try session.read(path, as: .savedWorld)
      base = JournalRecord.hex(SHA256.hash(data: bytes))
      if let note = try session.loadWorld(bytes, from: path) { session.output.writeError(note) }
    }
    var replayed = 0
    if FileManager.default.fileExists(atPath: journalFile) {
      let contents = try JournalContents(path: journalFile, shown: shownJournal)
      if contents.base == base {
        if let torn = contents.tornRecord { session.output.writeError(torn) }
        replayed = JournalReplay(records: contents.records.map(\.record)).run(in: session)
        if replayed > 0 {
          session.output.writeError(
            "\(shownJournal): note: \(replayed) change\(replayed == 1 ? "" : "s") since the last save replayed"
          )
        }
      }
    }
    if base != nil { session.recorder.noteLoadedWorld(from: session.shown(path)) }
    if base == nil || replayed > 0 { base = try saveSnapshot(in: session) }
    journal = try newJournal(base: base ?? "", in: session)
  }

  /// Starts a journal for the snapshot whose SHA-256 is `base`, its warnings going to the session's
  /// error output.
  private func newJournal(base: String, in session: Session) throws(WorkbenchError) -> WorldJournal {
    try WorldJournal(creatingAt: journalFile, shown: shownJournal, base: base) { [weak session] warning in
      session?.output.writeError(warning)
    }
  }

  /// Writes the whole world to the file and starts a new journal: after a command whose change
  /// the journal cannot replay.
  ///
  /// - Throws: ``WorkbenchError`` naming the file; the old snapshot and journal then still hold
  ///   every change but this command's.
  func checkpoint(in session: Session) throws(WorkbenchError) {
    let base = try saveSnapshot(in: session)
    journal?.close()
    journal = nil
    journal = try newJournal(base: base, in: session)
    session.world.changeJournal = journal
  }

  /// A clean stop: writes the whole world to the file atomically, then removes the journal, and the
  /// session keeps the world no longer.
  ///
  /// - Throws: ``WorkbenchError`` naming the file; the journal then still holds every change.
  public func close(in session: Session) throws(WorkbenchError) {
    _ = try saveSnapshot(in: session)
    journal?.close()
    journal = nil
    session.keptWorld = nil
    do {
      try StagedFile.remove(journalFile)
    } catch {
      throw WorkbenchError(.file, "\(shownJournal): cannot remove the journal (\(error))")
    }
  }

  /// Writes the world to the file atomically.
  ///
  /// - Returns: The SHA-256 of what was written, which the next journal names.
  private func saveSnapshot(in session: Session) throws(WorkbenchError) -> String {
    let bytes: [UInt8]
    do {
      bytes = try WorldFile.encode(session.world)
    } catch {
      throw WorkbenchError(.file, "\(session.shown(path)): cannot save the world: \(error)")
    }
    try session.write(bytes, to: path)
    return JournalRecord.hex(SHA256.hash(data: bytes))
  }
}
