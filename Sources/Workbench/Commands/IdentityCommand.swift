import ArgumentParser
import Simulation

/// `identity`: the world's seed and the identifiers it gives next.
struct IdentityCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "identity",
    abstract: "Show the world's seed and the ids it gives next (transactions, line items, notifications).",
    discussion: """
      A world's transaction ids, web order line item ids and notificationUUIDs derive from its \
      seed. Scripts (run, test, --state on a new file) use seed 0: the same ids in every run. \
      The prompt and serve start each new world with a fresh seed and print it; --seed N starts \
      one with seed N again. A saved world keeps its seed and counters.
      """)

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let world = session.world
    let seed =
      world.identity.isScripted ? "0 (scripted: the same ids in every world)" : String(world.identity.seed)
    session.print(
      lines: TextTable.render([
        ["seed", seed],
        ["next transaction id", String(world.store.nextTransactionNumber)],
        ["next web order line item id", String(world.store.nextWebOrderLineItemNumber)],
        ["next notificationUUID", world.nextNotificationUUID],
      ]))
  }
}
