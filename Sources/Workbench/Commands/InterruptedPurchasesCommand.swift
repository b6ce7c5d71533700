import ArgumentParser

/// `interrupted-purchases on|off`.
struct InterruptedPurchasesCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "interrupted-purchases",
    abstract:
      "While on, purchases are interrupted: they fail (SKError 2) until `resolve TXN` completes them.",
    discussion:
      "Resolving brings a new transaction in the purchased state, as on a device after the customer acts.")

  @Argument(help: "on or off.")
  var setting: Switch

  func execute(in session: Session) throws {
    session.world.store.isInterruptedPurchasesOn = setting.isOn
    session.print("interrupted purchases: \(setting.rawValue)")
  }
}

/// `resolve TXN`: the customer resolves an interrupted purchase.
struct ResolveCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "resolve",
    abstract: "The customer resolves an interrupted purchase: a new purchased transaction arrives.")

  @Argument(help: "The interrupted (failed) transaction.", completion: .session(.transactions))
  var transaction: String

  func validate() throws {
    try requireNonEmpty(transaction, "the transaction")
  }

  func execute(in session: Session) throws {
    try session.act(on: transaction) { try $0.resolve($1) }
  }
}
