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
