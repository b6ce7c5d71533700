import ArgumentParser

/// `habit NAME VALUE`: behaviours where real devices differ from Apple's documentation.
struct HabitCommand: SessionCommand {
  enum Habit: String, ExpressibleByArgument, CaseIterable {
    case askToBuyDecline = "ask-to-buy-decline"
  }

  enum Value: String, ExpressibleByArgument, CaseIterable {
    case documented, silent
  }

  static let configuration = CommandConfiguration(
    commandName: "habit",
    abstract: "Choose between Apple's documented behaviour and what devices are seen doing.",
    discussion: """
      ask-to-buy-decline documented: a declined request reaches the app as failed (default).
      ask-to-buy-decline silent: a declined request sends nothing; the transaction stays deferred, as widely seen on devices.
      """)

  @Argument(help: "The habit: ask-to-buy-decline.")
  var habit: Habit

  @Argument(help: "documented or silent.")
  var value: Value

  func execute(in session: Session) throws {
    switch habit {
    case .askToBuyDecline: session.world.store.isAskToBuyDeclineSilent = value == .silent
    }
    session.print("habit \(habit.rawValue): \(value.rawValue)")
  }
}
