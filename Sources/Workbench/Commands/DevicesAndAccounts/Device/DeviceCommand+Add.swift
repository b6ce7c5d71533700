import ArgumentParser
import Store

extension DeviceCommand {
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
}
