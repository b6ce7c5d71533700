import ArgumentParser
import Store

/// `reinstall`: delete the app on the current device and install it again.
struct ReinstallCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "reinstall",
    abstract:
      "Delete the app on this device and install it again: its storage and receipt are gone until restore or refresh."
  )

  func execute(in session: Session) throws {
    session.device.reinstall()
    let device = session.device
    let started = [
      device.api.usesStoreKit1 ? "observer app added" : nil,
      device.api.usesStoreKit2 && device.storeKit2.isListening ? "StoreKit 2 listener started" : nil,
    ].compactMap { $0 }
    let launched = started.isEmpty ? "" : ", " + started.joined(separator: ", ")
    session.print("app reinstalled on \(device.name): storage empty\(launched)")
  }
}
