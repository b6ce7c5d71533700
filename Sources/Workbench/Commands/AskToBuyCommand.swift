import ArgumentParser

/// `ask-to-buy on|off`, `approve TXN`, `decline TXN`.
struct AskToBuyCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "ask-to-buy",
    abstract: "While on, new purchases go deferred until a parent approves or declines them.",
    discussion:
      "approve TXN charges and completes it; decline TXN fails it (SKError 2), or sends nothing with `habit ask-to-buy-decline silent`."
  )

  @Argument(help: "on or off.")
  var setting: Switch

  func execute(in session: Session) throws {
    session.world.store.isAskToBuyOn = setting.isOn
    session.print("ask to buy: \(setting.rawValue)")
  }
}

/// `approve TXN`: a parent approves an Ask to Buy request.
struct ApproveCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "approve",
    abstract: "A parent approves a deferred (Ask to Buy) purchase: it is charged and purchased.")

  @Argument(help: "The deferred transaction.", completion: .session(.transactions))
  var transaction: String

  func validate() throws {
    try requireNonEmpty(transaction, "the transaction")
  }

  func execute(in session: Session) throws {
    try session.act(on: transaction) { try $0.approve($1) }
  }
}

/// `decline TXN`: a parent declines an Ask to Buy request.
struct DeclineCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "decline",
    abstract: "A parent declines a deferred (Ask to Buy) purchase: it fails (or, by habit, nothing is sent).")

  @Argument(help: "The deferred transaction.", completion: .session(.transactions))
  var transaction: String

  func validate() throws {
    try requireNonEmpty(transaction, "the transaction")
  }

  func execute(in session: Session) throws {
    try session.act(on: transaction) { try $0.decline($1) }
  }
}
