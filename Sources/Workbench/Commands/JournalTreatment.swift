/// How a kept world's journal (``KeptWorld``) keeps a command that changes the world.
enum JournalTreatment: Hashable, Sendable {
  /// Its line is written down before it runs, and runs again when the world is rebuilt: the
  /// world's seed makes it do the same.
  case replayed
  /// It reads what the journal cannot hold (another file) or draws something new at random (a
  /// key): the whole world is written to the file after it instead, and its output shown once
  /// that is done.
  case checkpointed
  /// It acts on this process, not on the world (`serve start`, `serve stop`): it is not written down.
  case notKept
}
