import ArgumentParser

/// `save FILE`: writes the world to a saved world's file.
struct SaveCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "save",
    abstract:
      "Save the whole world to a JSON file (load it again with load, or --state on the command line).",
    discussion: """
      The file is versioned JSON (format storebench-world) holding the catalog, the clock, accounts and \
      their histories, subscriptions, devices and queues, observers, app storage, switches, the server's \
      state and notifications; the certificate authority by reference. It is written atomically. A \
      relative path is written beside the script that saves it.
      """)

  @Argument(help: "The file to write.", completion: .file())
  var file: String

  func validate() throws {
    try requireNonEmpty(file, "the file name")
  }

  func execute(in session: Session) throws {
    try session.saveWorld(to: file)
    session.print("world saved to \(session.shown(file))")
  }
}
