import Catalog
import Foundation
import Simulation
import Store

/// Makes a ``Timeline`` from a world: each account's records give the periods and charges, the
/// store's milestones the failed renewals, refund requests and consents, and the notifications
/// their attempts.
public struct TimelineBuilder {
  private let store: Store
  /// The store's milestones by account, oldest first: read once, not once per row.
  private let milestones: [String: [Milestone]]
  /// The notifications by account, in the order they were made.
  private let notifications: [String: [NotificationRecord]]

  /// Creates a builder over a world.
  public init(world: World) {
    store = world.store
    milestones = Dictionary(grouping: world.store.milestones, by: \.accountName)
    notifications = Dictionary(grouping: world.notifications.records) { $0.accountName ?? "" }
  }

  /// The timeline the query asks for.
  ///
  /// Without `to`, it ends at the world's clock, or later where a current period runs on past it
  /// (so that a purchase made now shows its whole first period).
  public func timeline(for query: TimelineQuery) -> Timeline {
    let now = store.clock.now
    let accounts =
      query.account.map { name in store.account(named: name).map { [$0] } ?? [] } ?? store.allAccounts
    var end = query.to ?? now
    var rows = self.rows(of: accounts, subject: query.subject, until: end)
    if query.to == nil, let latest = rows.flatMap({ $0.segments.map(\.end) }).max(), latest > end {
      end = latest
      rows = self.rows(of: accounts, subject: query.subject, until: end)
    }
    let earliest = rows.flatMap { row in row.segments.map(\.start) + row.markers.map(\.time) }.min()
    var start = query.from ?? earliest ?? now
    if start >= end { start = end.addingTimeInterval(-86_400) }
    rows = rows.map { clipped($0, from: start, to: end) }
    let names = Set(rows.map(\.account)).sorted()
    let customers = names.isEmpty ? (query.account ?? "no customer") : names.joined(separator: ", ")
    return Timeline(
      title: "\(customers), catalog of \(store.catalog.bundleId)", start: start, end: end, now: now,
      rows: rows)
  }

  /// The accounts' rows the subject wants, drawn up to `end`.
  private func rows(of accounts: [Account], subject: TimelineQuery.Subject, until end: Date) -> [TimelineRow]
  {
    accounts.flatMap { account in
      (subscriptionRows(of: account, until: end) + oneTimeRows(of: account)).compactMap {
        filtered($0, by: subject)
      }
    }
  }

  // MARK: Rows

  /// The group a product belongs to: its subscription group, or its own id when the catalog does
  /// not know it.
  private func group(of productId: String) -> String {
    store.catalog.product(productId)?.subscription?.group ?? productId
  }

  private func subscriptionRows(of account: Account, until end: Date) -> [TimelineRow] {
    var byGroup: [String: [PurchaseRecord]] = [:]
    for record in account.history where record.productType == .autoRenewable && record.reason != .redownload {
      byGroup[group(of: record.productId), default: []].append(record)
    }
    return byGroup.keys.sorted().map { group in
      let periods = byGroup[group, default: []].sorted {
        ($0.purchaseDate, $0.transactionNumber) < ($1.purchaseDate, $1.transactionNumber)
      }
      let milestones = self.milestones[account.name, default: []].filter {
        self.group(of: $0.productId) == group
      }
      let state = account.subscription(inGroup: group)
      let isCurrent = state.map {
        $0.isLive && account.history[$0.latestIndex].transactionNumber == periods.last?.transactionNumber
      }
      var row = TimelineRow(
        account: account.name, subject: .subscription(group: group),
        originalTransactionNumber: periods.first?.originalTransactionNumber,
        isFamilyShared: periods.contains(where: \.isFamilyShared))
      let bars = SubscriptionSegments(
        milestones: milestones,
        future: isCurrent == true ? state.map { ScheduledFuture(store: store, state: $0) } : nil,
        now: store.clock.now)
      row.segments = bars.segments(of: periods, until: end)
      row.plans = plans(of: row.segments)
      row.markers =
        recordMarkers(of: periods, chargeDate: bars.chargeDate(of:)) + commitmentMarkers(of: periods)
        + milestoneMarkers(milestones)
        + planChangeMarkers(milestones, periods: periods, state: state)
        + notificationMarkers(account: account.name, transactions: Set(periods.map(\.transactionNumber)))
      row.markers.sort { ($0.time, $0.kind.rank) < ($1.time, $1.kind.rank) }
      return row
    }
  }

  private func oneTimeRows(of account: Account) -> [TimelineRow] {
    let records = account.history.filter { $0.productType != .autoRenewable && $0.reason != .redownload }
    let products = Set(records.map(\.productId))
    let milestones = self.milestones[account.name, default: []].filter {
      (products.contains($0.productId) || $0.kind.isAskToBuy)
        && store.catalog.product($0.productId)?.type != .autoRenewable
    }
    guard !records.isEmpty || !milestones.isEmpty else { return [] }
    var row = TimelineRow(account: account.name, subject: .oneTimePurchases)
    row.markers =
      recordMarkers(of: records, chargeDate: \.purchaseDate) + milestoneMarkers(milestones)
      + notificationMarkers(account: account.name, transactions: Set(records.map(\.transactionNumber)))
    row.markers.sort { ($0.time, $0.kind.rank) < ($1.time, $1.kind.rank) }
    return [row]
  }

  /// Where the product changes: the first period's product, then each period (happened or
  /// scheduled) on another, from where its bar starts.
  private func plans(of segments: [TimelineSegment]) -> [TimelinePlan] {
    var plans: [TimelinePlan] = []
    for segment in segments where segment.kind.isPeriod && plans.last?.productId != segment.productId {
      plans.append(
        TimelinePlan(time: segment.start, productId: segment.productId, isScheduled: segment.isScheduled))
    }
    return plans
  }

  // MARK: Markers

  /// The charges, offers and refunds the records tell, each charge at the instant it was made
  /// (`chargeDate`: a renewal recovered inside the grace period was charged after its renewal date).
  private func recordMarkers(
    of records: [PurchaseRecord], chargeDate: (PurchaseRecord) -> Date
  ) -> [TimelineMarker] {
    var markers: [TimelineMarker] = []
    var previousOffer: OfferReference?
    for record in records {
      let number = record.transactionNumber
      let charged = chargeDate(record)
      if record.charged.amount > 0 {
        let recovery =
          charged > record.purchaseDate
          ? " on billing recovery, renewal date \(Timestamp.iso8601(record.purchaseDate))" : ""
        markers.append(
          TimelineMarker(
            time: charged, kind: .charge,
            detail:
              "\(record.reason == .renewal ? "renewed" : "charged") \(record.charged) for \(record.productId) (\(number))\(recovery)",
            transactionNumber: number))
      }
      if let offer = record.offer, offer != previousOffer {
        markers.append(
          TimelineMarker(
            time: charged, kind: .offer,
            detail: "\(offer.kind.rawValue) offer \(offer.id) redeemed",
            transactionNumber: number))
      }
      previousOffer = record.offer
      if let date = record.cancellationDate, !record.isUpgraded {
        let amount = record.refunded.map { " \($0)" } ?? ""
        markers.append(
          TimelineMarker(
            time: date, kind: .refund, detail: "refunded\(amount) for \(record.productId) (\(number))",
            transactionNumber: number))
      }
    }
    return markers
  }

  /// Where each commitment billed monthly begins and ends, from the first of its billings the
  /// history has.
  private func commitmentMarkers(of periods: [PurchaseRecord]) -> [TimelineMarker] {
    var markers: [TimelineMarker] = []
    var seen: Set<Date> = []
    for record in periods {
      guard let commitment = record.commitment, seen.insert(commitment.startDate).inserted else { continue }
      let terms =
        "\(commitment.totalPeriods) monthly billings of \(record.productId), \(commitment.price) in all"
      markers.append(
        TimelineMarker(
          time: commitment.startDate, kind: .commitmentStart, detail: "commitment of \(terms)",
          transactionNumber: record.transactionNumber))
      markers.append(
        TimelineMarker(
          time: commitment.expiresDate, kind: .commitmentEnd,
          detail: "end of the commitment of \(terms)", transactionNumber: record.transactionNumber))
    }
    return markers
  }

  private func milestoneMarkers(_ milestones: [Milestone]) -> [TimelineMarker] {
    milestones.compactMap { milestone in
      guard let kind = markerKind(of: milestone.kind) else { return nil }
      return TimelineMarker(
        time: milestone.time, kind: kind, detail: "\(milestone.kind.name) \(milestone.productId)",
        transactionNumber: milestone.transactionNumber)
    }
  }

  /// The marker a milestone is drawn as; `nil` for those the records or bars already show, and for
  /// changes of plan (``planChangeMarkers(_:periods:state:)`` names them).
  private func markerKind(of kind: Milestone.Kind) -> TimelineMarker.Kind? {
    switch kind {
    case .refundRequested: return .refundRequest
    case .askToBuyRequested, .askToBuyApproved, .askToBuyDeclined: return .askToBuy
    case .notice(let notice, let subtype):
      switch (notice, subtype) {
      case (.refundDeclined, _): return .refundDeclined
      case (.priceIncrease, .accepted): return .priceConsent
      case (.priceIncrease, _): return .priceIncrease
      case (.didChangeRenewalStatus, _): return .autoRenew
      case (.offerRedeemed, _): return .offer
      default: return nil
      }
    }
  }

  /// The changes of plan, each named from its two products (see ``PlanChange``).
  private func planChangeMarkers(
    _ milestones: [Milestone], periods: [PurchaseRecord], state: SubscriptionState?
  ) -> [TimelineMarker] {
    PlanChange.changes(in: milestones, periods: periods, state: state, now: store.clock.now).map {
      $0.marker(in: store.catalog)
    }
  }

  private func notificationMarkers(account: String, transactions: Set<UInt64>) -> [TimelineMarker] {
    var markers: [TimelineMarker] = []
    for record in notifications[account, default: []] {
      guard let number = record.transactionNumber, transactions.contains(number) else { continue }
      for (index, attempt) in record.sendAttempts.enumerated() {
        markers.append(
          TimelineMarker(
            time: attempt.attemptDate,
            kind: attempt.result == .success ? .notificationDelivered : .notificationFailed,
            detail: "\(record.name) → \(attempt.result.rawValue) (attempt \(index + 1))",
            transactionNumber: number))
      }
    }
    return markers
  }

  // MARK: Filtering

  /// The row as the subject wants it, or `nil` when the subject is not in it.
  private func filtered(_ row: TimelineRow, by subject: TimelineQuery.Subject) -> TimelineRow? {
    var row = row
    switch (subject, row.subject) {
    case (.everything, _):
      return row
    case (.group(let wanted), .subscription(let group)):
      return wanted == group ? row : nil
    case (.group, .oneTimePurchases):
      return nil
    case (.product(let id), .subscription(let group)):
      return self.group(of: id) == group ? row : nil
    case (.product(let id), .oneTimePurchases):
      let numbers = transactions(of: id, account: row.account)
      row.markers = row.markers.filter { marker in
        marker.transactionNumber.map(numbers.contains) ?? marker.detail.hasSuffix(" \(id)")
      }
      return row.markers.isEmpty ? nil : row
    case (.transaction(let number), .subscription):
      let numbers = Set(row.segments.compactMap(\.transactionNumber))
      return numbers.contains(number) ? row : nil
    case (.transaction(let number), .oneTimePurchases):
      row.markers = row.markers.filter { $0.transactionNumber == number }
      return row.markers.isEmpty ? nil : row
    }
  }

  private func transactions(of productId: String, account: String) -> Set<UInt64> {
    Set(
      store.account(named: account)?.history.filter { $0.productId == productId }.map(\.transactionNumber)
        ?? [])
  }

  /// The row with only what falls between `start` and `end`, bars cut at both.
  private func clipped(_ row: TimelineRow, from start: Date, to end: Date) -> TimelineRow {
    var row = row
    row.segments = row.segments.compactMap { segment in
      var segment = segment
      segment.start = max(segment.start, start)
      segment.end = min(segment.end, end)
      return segment.start < segment.end ? segment : nil
    }
    row.markers = row.markers.filter { $0.time >= start && $0.time <= end }
    let firstPlan = row.plans.last { $0.time <= start }
    row.plans = row.plans.filter { $0.time > start && $0.time <= end }
    if let firstPlan {
      row.plans.insert(
        TimelinePlan(time: start, productId: firstPlan.productId, isScheduled: firstPlan.isScheduled), at: 0)
    }
    return row
  }
}
