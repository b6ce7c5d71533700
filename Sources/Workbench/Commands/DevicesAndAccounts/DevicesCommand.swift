import ArgumentParser
import Store

/// `devices`.
struct DevicesCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "devices", abstract: "List the devices, their accounts and queues.")

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let rows = session.world.devices.map { device in
      [
        device === session.device ? "*" : " ", device.name,
        device.queue.account.map { "account \($0.name)" } ?? "no account",
        "\(device.queue.transactions.count) unfinished",
        Wording.plural(device.queue.observers.count, "observer"),
      ]
    }
    session.print(lines: TextTable.render(rows))
  }
}
