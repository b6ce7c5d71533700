import Foundation

/// The store's listener: a long poll of the device face, whose answers feed `Transaction.updates`,
/// `Status.updates` and `Storefront.updates`.
extension ServedStore {
  /// How long the server holds a poll when nothing happens, in seconds.
  static let pollWait = 20
  /// How long the listener lets the app's listeners take what it published before it polls again.
  static let listenerLimit = Duration.seconds(2)
  /// How long the listener waits before asking again after a failed poll (the server restarting).
  static let retryDelay = Duration.milliseconds(100)

  /// Starts the long poll, which runs until ``disconnect()``.
  func startListening() {
    Task { [weak self] in
      while let self, !self.state.withLock({ $0.stopped }) {
        await self.pollOnce()
      }
    }
  }

  /// Asks for what followed the last update heard, and publishes it; after a failure (the server
  /// gone, restarting), waits a little and asks again from the same place.
  private func pollOnce() async {
    let (cursor, revision, run) = state.withLock { ($0.cursor, $0.revision, $0.run) }
    do {
      let answer = try await connection.send(
        "GET", "updates",
        query: [
          "after": String(cursor), "revision": String(revision), "run": run, "wait": String(Self.pollWait),
        ],
        as: UpdatesAnswer.self)
      guard !state.withLock({ $0.stopped }) else { return }
      hear(answer)
      // The next poll tells the server this device heard these: let the app's listeners take them.
      if !answer.updates.isEmpty { _ = await channels.waitUntilQuiet(limit: Self.listenerLimit) }
    } catch {
      try? await Task.sleep(for: Self.retryDelay)
    }
  }

  /// Publishes what an answer brings, in order: the transactions after the cursor, then the
  /// statuses that changed, the storefront when it changed.
  func hear(_ answer: UpdatesAnswer) {
    let fresh: [VerificationResult<Transaction>] = state.withLock { state in
      let fresh = answer.updates.filter { $0.number > state.cursor }
      // A world that lost updates (served again without its state) starts the count again.
      state.cursor = answer.updates.isEmpty ? min(state.cursor, answer.cursor) : answer.cursor
      return fresh.map { reader.transaction($0.transaction) }
    }
    for transaction in fresh { channels.transactions.publish(transaction) }
    for status in changedStatuses(answer.statuses) { channels.statuses.publish(status) }
    let storefront = Storefront(answer.storefront)
    let moved = state.withLock { state in
      defer { state.storefront = storefront }
      state.canMakePayments = answer.canMakePayments
      return state.storefront.id != storefront.id
    }
    if moved { channels.storefronts.publish(storefront) }
    let woken = state.withLock { state in
      state.revision = answer.revision
      state.run = answer.run
      let heard = state
      let reached = heard.waiting.filter { heard.hasHeard($0.target) }
      state.waiting.removeAll { heard.hasHeard($0.target) }
      return reached.map(\.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  /// The statuses that changed since the last answer (none the first time: `Status.updates` tells
  /// changes from the app's launch on).
  private func changedStatuses(_ groups: [GroupStatusesWire]) -> [Product.SubscriptionInfo.Status] {
    let marks = Dictionary(
      groups.map { group in
        (group.groupID, group.statuses.map { Self.mark($0) })
      }, uniquingKeysWith: { first, _ in first })
    let earlier = state.withLock { state in
      defer { state.statusMarks = marks }
      return state.statusMarks
    }
    guard let earlier else { return [] }
    return groups.filter { earlier[$0.groupID] != marks[$0.groupID] }.flatMap {
      $0.statuses.map(reader.status)
    }
  }

  /// What a status shows: its state and its two payloads (a value signed again unchanged keeps its
  /// signing date, so equal payloads mean nothing changed).
  private static func mark(_ status: StatusWire) -> Data {
    Data("\(status.state)".utf8) + payload(status.transaction.jws) + payload(status.renewalInfo.jws)
  }

  private static func payload(_ jws: String) -> Data {
    jws.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first.map { Data($0.utf8) }
      ?? Data()
  }

  /// Waits until the app has heard everything the served world has done so far: every update of
  /// this device's listener, every status and storefront change, each taken by the app's
  /// listeners, which wait for the next one. A test calls it where it would otherwise sleep.
  ///
  /// - Throws: What asking the server throws (it cannot be reached).
  public func settle() async throws {
    let target = try await connection.send("GET", "revision", as: RevisionAnswer.self)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let reached = state.withLock { state in
        guard !state.hasHeard(target) else { return true }
        state.waiting.append((target, continuation))
        return false
      }
      if reached { continuation.resume() }
    }
    await channels.settle()
  }
}
