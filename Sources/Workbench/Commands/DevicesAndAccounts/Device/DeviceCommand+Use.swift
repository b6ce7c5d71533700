import ArgumentParser
import Store

extension DeviceCommand {
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
