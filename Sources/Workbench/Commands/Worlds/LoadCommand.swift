import ArgumentParser
import Store

/// `load FILE`: replaces the world with a saved one.
struct LoadCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "load",
    abstract: "Replace the world with one saved by save (or --state).",
    discussion: """
      A damaged file, or one written by a newer storebench, is refused with the JSON path at fault \
      and the world stays as it was; an older version is migrated. The world continues exactly where \
      it was saved: renewals, retries, downloads and unfinished transactions carry on. A relative path \
      is read from the script's directory.
      """)

  @Argument(help: "The saved world.", completion: .file())
  var file: String

  func validate() throws {
    try requireNonEmpty(file, "the file name")
  }

  /// It reads another file, which the journal does not hold: a new snapshot follows it.
  var journalTreatment: JournalTreatment { .checkpointed }

  func execute(in session: Session) throws {
    if let note = try session.loadWorld(from: file) { session.print(note) }
    let world = session.world
    session.print(
      "world loaded from \(session.shown(file)): clock \(Timestamp.iso8601(world.store.clock.now)), "
        + "\(Wording.plural(world.store.allAccounts.count, "account")), \(Wording.plural(world.devices.count, "device")), "
        + "\(Wording.plural(world.registry.all.count, "transaction"))")
  }
}
