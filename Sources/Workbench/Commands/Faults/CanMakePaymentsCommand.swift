import ArgumentParser

/// `can-make-payments on|off`: device purchase restrictions.
struct CanMakePaymentsCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "can-make-payments",
    abstract: "Allow or restrict purchases on the device (SKPaymentQueue.canMakePayments).",
    discussion:
      "While off, payments fail with SKError 4 paymentNotAllowed. With no argument, shows the setting.")

  @Argument(help: "on or off.")
  var setting: Switch?

  func changesWorld(in _: Session) -> Bool { setting != nil }

  func execute(in session: Session) throws {
    let queue = session.device.queue
    if let setting { queue.canMakePayments = setting.isOn }
    session.print("canMakePayments: \(queue.canMakePayments)")
  }
}
