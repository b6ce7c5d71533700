import ArgumentParser
import Simulation

/// `identity [--seed N]`: the world's seed and the identifiers it gives next, or a new seed.
struct IdentityCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "identity",
    abstract: "Show the world's seed and the ids it gives next (transactions, line items, notifications).",
    discussion: """
      A world's transaction ids, web order line item ids and notificationUUIDs derive from its \
      seed. Scripts (run, test, --state on a new file) use seed 0: the same ids in every run. \
      The prompt and serve start each new world with a fresh seed and print it; --seed N starts \
      one with seed N again. A saved world keeps its seed and counters. identity --seed N gives \
      the world seed N, as if it had started with it, while it has given out no id (nothing \
      bought, no account added, no notification or one-time offer code made): how a script, such \
      as a recording of a prompt session, gets the prompt's ids.
      """)

  @Option(help: ArgumentHelp("Give the world this seed (before it gives out any id).", valueName: "n"))
  var seed: UInt64?

  func changesWorld(in _: Session) -> Bool { seed != nil }

  func execute(in session: Session) throws {
    let world = session.world
    if let seed {
      try world.reseed(WorldIdentity(seed: seed))
      return session.print(world.identity.seedLine)
    }
    let shown =
      world.identity.isScripted ? "0 (scripted: the same ids in every world)" : String(world.identity.seed)
    session.print(
      lines: TextTable.render([
        ["seed", shown],
        ["next transaction id", String(world.store.nextTransactionNumber)],
        ["next web order line item id", String(world.store.nextWebOrderLineItemNumber)],
        ["next notificationUUID", world.nextNotificationUUID],
      ]))
  }
}
