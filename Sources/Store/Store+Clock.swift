import Foundation

extension Store {
  /// Runs the next scheduled event due at or before `date`, moving the clock to its instant.
  ///
  /// - Returns: whether an event ran; call again until it returns `false`, then set the clock.
  @discardableResult
  public func runNextEvent(notAfter date: Date) -> Bool {
    while let (due, event) = scheduler.popDue(notAfter: date) {
      guard event.generation == event.subscription.generation else { continue }
      if due > clock.now { clock.set(due) }
      handle(event)
      return true
    }
    return false
  }

  /// Moves the clock to `date`, running every event due on the way.
  public func advanceClock(to date: Date) {
    while runNextEvent(notAfter: date) {}
    if date > clock.now { clock.set(date) }
  }

  /// Moves the clock forward by a span, running what falls due.
  ///
  /// - Throws: ``StoreError`` when the clock would pass ``VirtualClock/latest``; it does not move.
  public func advanceClock(by span: TimeSpan) throws(StoreError) {
    advanceClock(to: try instant(after: span))
  }

  /// The instant a span after now.
  ///
  /// - Throws: ``StoreError`` when it would pass ``VirtualClock/latest``.
  public func instant(after span: TimeSpan) throws(StoreError) -> Date {
    guard let instant = VirtualClock.adding(span, to: clock.now) else {
      throw StoreError(
        .invalidValue,
        "the clock cannot pass \(Timestamp.iso8601(VirtualClock.latest)) (it is at \(Timestamp.iso8601(clock.now)))"
      )
    }
    return instant
  }

  /// When the next scheduled event is due, if any.
  public var nextEventDue: Date? { scheduler.nextDue }

  /// How many events wait on the clock.
  public var scheduledEventCount: Int { scheduler.count }

  /// Moves the clock forward to an instant at or before the next scheduled event.
  public func moveClock(forwardTo date: Date) {
    if date > clock.now { clock.set(date) }
  }

  /// Moves the clock to an instant without running what falls due (only before anything exists,
  /// or forwards when nothing is scheduled in between).
  ///
  /// - Throws: ``StoreError`` when that would move time backwards after purchases were made, or
  ///   outside the clock's range (``VirtualClock/earliest`` to ``VirtualClock/latest``).
  public func setClock(to date: Date) throws(StoreError) {
    try checkClockRange(date)
    if date < clock.now && hasHistory {
      throw StoreError(
        .notAllowed,
        "cannot move the clock back to \(Timestamp.iso8601(date)): purchases exist at \(Timestamp.iso8601(clock.now))"
      )
    }
    clock.set(date)
  }

  /// Checks that the clock can show an instant (``VirtualClock/earliest`` to ``VirtualClock/latest``).
  ///
  /// - Throws: ``StoreError`` naming the range.
  public func checkClockRange(_ date: Date) throws(StoreError) {
    guard (VirtualClock.earliest...VirtualClock.latest).contains(date) else {
      throw StoreError(
        .invalidValue,
        "the clock shows \(Timestamp.iso8601(VirtualClock.earliest)) to \(Timestamp.iso8601(VirtualClock.latest)), not \(Timestamp.iso8601(date))"
      )
    }
  }

  private func handle(_ event: ScheduledEvent) {
    let state = event.subscription
    switch event.kind {
    case .periodEnd: endPeriod(of: state, account: event.account)
    case .billingRetryEnd: expire(state, intent: .billingError, account: event.account)
    case .gracePeriodEnd:
      report("gracePeriodEnded", "\(state.productId): access stops while billing retry goes on")
      publish(.gracePeriodExpired, account: event.account, subscription: state)
      listener?.store(self, didEndAccessTo: state.productId, for: event.account, because: .gracePeriodEnded)
    }
  }
}
