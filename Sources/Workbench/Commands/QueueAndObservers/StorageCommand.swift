import ArgumentParser

/// `storage`: what the app delivered on the device.
struct StorageCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "storage",
    abstract: "Show the app's own storage: consumable balances and unlocked products.")

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let storage = session.device.storage
    guard !storage.isEmpty else {
      session.print("the app's storage is empty")
      return
    }
    let rows =
      storage.balances.keys.sorted().map { [$0, String(storage.balances[$0]!)] }
      + storage.unlocked.sorted().map { [$0, "unlocked"] }
    session.print(lines: TextTable.render(rows))
  }
}
