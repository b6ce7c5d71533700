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
    session.print("app reinstalled on \(session.device.name): storage empty, observer app added")
  }
}
