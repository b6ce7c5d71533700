import ArgumentParser
import Store

/// `subscriptions`: every subscription group of the account.
struct SubscriptionsCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "subscriptions",
    abstract: "List the account's auto-renewable subscriptions, one per group, with their status.")

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let store = session.world.store
    let account = try session.account
    let states = account.subscriptions.values.sorted { $0.group < $1.group }
    guard !states.isEmpty else {
      session.print("no subscriptions on account \(account.name)")
      return
    }
    let rows = states.map { state in
      let end = PeriodEnd.of(state, in: account)
      let commitment = state.isLive ? Store.commitmentWords(state).map { [$0] } ?? [] : []
      return [
        state.group, state.productId, state.status(at: store.clock.now).rawValue,
        "\(end.label) \(end.date)",
        "auto-renew \(state.isAutoRenewOn ? "on" : "off")", "renewals \(state.renewals)",
      ] + commitment
    }
    session.print(lines: TextTable.render(rows))
  }
}
