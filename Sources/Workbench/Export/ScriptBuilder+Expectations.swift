import Foundation
import Simulation
import Store

extension ScriptBuilder {
  /// `expect` lines for an account signed in on the current device: each subscription's status,
  /// expiry, auto-renew, renewal product, renewals and expiration intent, and the history's counts.
  mutating func writeExpectations(for account: Account) {
    let now = world.store.clock.now
    for state in subscriptions(of: account) {
      let product = state.productId
      command("expect", "subscription", product, state.status(at: now).rawValue)
      command("expect", "subscription", product, "expires", Timestamp.iso8601(state.expiresDate))
      command("expect", "subscription", product, "auto-renew", state.isAutoRenewOn ? "on" : "off")
      command("expect", "subscription", product, "renews-as", state.autoRenewProductId)
      command("expect", "subscription", product, "renewals", String(state.renewals))
      command(
        "expect", "subscription", product, "intent",
        state.expirationIntent.map { String($0.rawValue) } ?? "none")
    }
    var counts: [(productId: String, count: Int)] = []
    for record in account.history {
      if let index = counts.firstIndex(where: { $0.productId == record.productId }) {
        counts[index].count += 1
      } else {
        counts.append((record.productId, 1))
      }
    }
    for entry in counts { command("expect", "history", entry.productId, "count", String(entry.count)) }
    command("expect", "history", "count", String(account.history.count))
  }

  /// Notes what an account's history and subscriptions hold that no import line states.
  mutating func noteUnrepresentable(in account: Account) {
    let name = redaction.account(account.name)
    let finished = account.finishedConsumableRevisions.count
    if finished > 0 {
      cannotReproduce(
        "\(name): that the app finished \(Wording.plural(finished, "consumable")) (receipts leave them out)")
    }
    let redownloads = account.history.filter { $0.reason == .redownload }.count
    if redownloads > 0 {
      cannotReproduce(
        "\(name): that \(Wording.plural(redownloads, "entry", "entries")) were free re-downloads (they import as purchases)"
      )
    }
    for state in subscriptions(of: account) {
      let original = redaction.transaction(state.originalTransactionNumber)
      if !state.extensionDates.isEmpty {
        cannotReproduce("\(name): \(state.extensionDates.count) renewal-date extensions of \(original)")
      }
      if let offer = state.pendingOffer {
        cannotReproduce(
          "\(name): the offer \(offer.id ?? "introductory") waiting for \(original)'s next renewal")
      }
      if state.offerPeriodsLeft > 0 {
        cannotReproduce("\(name): \(state.offerPeriodsLeft) offer periods left for \(original)")
      }
    }
  }

  /// Notes the parts of the world no command rebuilds: queues, app storage, downloads, receipts,
  /// notifications, timeline milestones (but the upgrades the import lines show again), refund
  /// requests, API keys and what app servers sent.
  mutating func collectUnreproduced() {
    for device in world.devices {
      let name = redaction.device(device.name)
      let unfinished = device.queue.transactions
      if !unfinished.isEmpty {
        cannotReproduce(
          "\(unfinished.count) unfinished transactions in \(name)'s queue (\(unfinished.map(\.handleText).joined(separator: " ")))"
        )
      }
      if !device.storage.isEmpty { cannotReproduce("the app's storage on \(name)") }
      if !device.queue.downloads.savedDownloads.isEmpty {
        cannotReproduce("\(device.queue.downloads.savedDownloads.count) downloads on \(name)")
      }
    }
    let transactions = world.registry.all
    if let first = transactions.first, let last = transactions.last {
      let range = first === last ? first.handleText : "\(first.handleText) to \(last.handleText)"
      let count = Wording.plural(transactions.count, "transaction")
      cannotReproduce("the \(count) the app's queues reported (\(range))")
    }
    let notifications = world.notifications.records.count
    if notifications > 0 { cannotReproduce("\(notifications) server notifications sent") }
    let rebuilt = Set(world.store.allAccounts.flatMap(UpgradeInference.milestones(in:)))
    let milestones = world.store.milestones.count { !rebuilt.contains($0) }
    if milestones > 0 {
      cannotReproduce(
        "\(Wording.plural(milestones, "timeline milestone")) (failed renewals, refund requests, price consent, Ask to Buy: what `timeline` draws beside the records)"
      )
    }
    let requests = world.store.refundRequests.count
    if requests > 0 { cannotReproduce("\(requests) refund requests waiting for a decision") }
    if !world.apiKeys.keys.isEmpty { cannotReproduce("\(world.apiKeys.keys.count) API keys") }
    if !world.serverAPI.consumption.isEmpty {
      cannotReproduce(
        "consumption information for \(Wording.plural(world.serverAPI.consumption.count, "transaction"))")
    }
    if !world.serverAPI.massExtensions.isEmpty {
      cannotReproduce("\(world.serverAPI.massExtensions.count) mass renewal-date extensions")
    }
    let purchases = world.externalPurchases
    if !purchases.tokens.isEmpty {
      cannotReproduce(
        "\(Wording.plural(purchases.tokens.count, "external purchase token")) and \(Wording.plural(purchases.reports.count, "report"))"
      )
    }
    let planned = world.store.allAccounts.reduce(0) { $0 + $1.history.count { $0.billingPlan != nil } }
    if planned > 0 {
      cannotReproduce(
        "the billing plan of \(Wording.plural(planned, "subscription period")) (billingPlanType, a commitment's months): imported as plain periods, they renew at the regular price"
      )
    }
  }
}
