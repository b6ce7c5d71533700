import ArgumentParser

/// `streamlined-purchasing on|off`.
struct StreamlinedPurchasingCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "streamlined-purchasing",
    abstract:
      "App Store Connect's Streamlined Purchasing: win-back offers redeemed outside the app complete there (on, the default) or reach the app as purchase intents (off)."
  )

  @Argument(help: "on or off.")
  var setting: Switch

  func execute(in session: Session) throws {
    session.world.store.isStreamlinedPurchasingOn = setting.isOn
    session.print("streamlined purchasing: \(setting.rawValue)")
  }
}
