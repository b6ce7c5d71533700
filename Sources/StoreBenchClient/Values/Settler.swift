import Foundation
import Synchronization

/// Waits for a store's sequences to be quiet (``TestStore/settle()``): told by each ``Broadcast``
/// whenever something changes, it wakes the waiters once every one of them is quiet.
package final class Settler: Sendable {
  private struct State {
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var expired: Set<Int> = []
    var nextKey = 0
  }

  private let state = Mutex(State())
  /// Whether every sequence is quiet now, and what keeps each busy otherwise.
  private let quiet = Mutex<(@Sendable () -> Bool)?>(nil)

  /// Sets the test of quiet: every broadcast of the store.
  package func watch(_ isQuiet: @escaping @Sendable () -> Bool) {
    quiet.withLock { $0 = isQuiet }
  }

  private var isQuiet: Bool { quiet.withLock { $0 }?() ?? true }

  /// Something changed: wakes the waiters if every sequence is quiet now.
  package func changed() {
    let woken: [CheckedContinuation<Void, Never>] = state.withLock { state in
      guard !state.waiters.isEmpty, isQuiet else { return [] }
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in woken { waiter.resume() }
  }

  /// Waits until every sequence is quiet, or until `limit` has passed.
  ///
  /// - Returns: Whether they are quiet.
  package func waitUntilQuiet(limit: Duration) async -> Bool {
    let key: Int? = state.withLock { state -> Int? in
      guard !isQuiet else { return nil }
      state.nextKey += 1
      return state.nextKey
    }
    guard let key else { return true }
    let timer = Task {
      guard (try? await Task.sleep(for: limit)) != nil else { return }
      let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
        guard let waiter = state.waiters.removeValue(forKey: key) else {
          state.expired.insert(key)
          return nil
        }
        return waiter
      }
      waiter?.resume()
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if isQuiet || state.expired.remove(key) != nil { return true }
        state.waiters[key] = continuation
        return false
      }
      if ready { continuation.resume() }
    }
    timer.cancel()
    state.withLock { _ = $0.expired.remove(key) }
    return isQuiet
  }
}
