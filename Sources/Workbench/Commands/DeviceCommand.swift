import ArgumentParser
import Store

/// `device add NAME`, `device use NAME`, `devices`.
struct DeviceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "device",
    abstract: "Add a device signed in to the current account, or switch to another device.",
    subcommands: [Add.self, Use.self])

  struct Add: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Add a device, the app installed and launched.")

    @Argument(help: "The device's name, such as iPad.")
    var name: String

    func validate() throws {
      try requireNonEmpty(name, "the device name")
    }

    func execute(in session: Session) throws {
      try session.world.addDevice(named: name)
      let account =
        session.device.queue.account.map { "signed in to \($0.name)" } ?? "signed in to no account"
      session.print("device \(name) added, \(account)")
    }
  }

  struct Use: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Make another device the current one.")

    @Argument(help: "The device's name.", completion: .session(.devices))
    var name: String

    func validate() throws {
      try requireNonEmpty(name, "the device name")
    }

    func execute(in session: Session) throws {
      try session.world.useDevice(named: name)
      session.print("using device \(name)")
    }
  }
}

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

/// `reinstall`: delete the app on the current device and install it again.
struct ReinstallCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "reinstall",
    abstract:
      "Delete the app on this device and install it again: its storage and receipt are gone until restore or refresh."
  )

  func execute(in session: Session) throws {
    session.device.reinstall()
    session.print("app reinstalled on \(session.device.name): storage empty, observer app added")
  }
}
