import Synchronization

/// The source of one of StoreKit's endless sequences (`Transaction.updates`,
/// `Product.SubscriptionInfo.Status.updates`, `Storefront.updates`, `PurchaseIntent.intents`):
/// what the store publishes reaches every iterator made from it, in order. While no iterator
/// listens, what is published waits for the first one to start when the sequence ``holds``
/// (transactions and purchase intents, which StoreKit delivers once the app listens), and is
/// dropped otherwise (a change of status or storefront, which the app reads when it needs it).
///
/// It knows when its listeners are quiet, every one waiting in `next()` with nothing left to take,
/// which is what ``TestStore/settle()`` waits for.
package final class Broadcast<Element: Sendable>: Sendable {
  private struct Listener {
    var buffer: [Element] = []
    var waiting: CheckedContinuation<Element?, Never>?
    var isCancelled = false
  }

  private struct State {
    var listeners: [Int: Listener] = [:]
    var held: [Element] = []
    var nextKey = 0
  }

  /// What a listener and the whole sequence look like, for a message.
  package let name: String
  /// Whether what is published while nothing listens waits for the first listener.
  package let holds: Bool
  private let state = Mutex(State())
  private let settler: Settler

  package init(name: String, holds: Bool, settler: Settler) {
    self.name = name
    self.holds = holds
    self.settler = settler
  }

  /// A new listener: it gets what waited for a listener, then everything published from now on.
  package func subscribe() -> Subscription {
    let key = state.withLock { state in
      let key = state.nextKey
      state.nextKey += 1
      state.listeners[key] = Listener(buffer: state.held)
      state.held = []
      return key
    }
    settler.changed()
    return Subscription(broadcast: self, key: key)
  }

  /// Gives an element to every listener, or keeps it for the first one.
  package func publish(_ element: Element) {
    let resumed: [CheckedContinuation<Element?, Never>] = state.withLock { state in
      guard !state.listeners.isEmpty else {
        if holds { state.held.append(element) }
        return []
      }
      var resumed: [CheckedContinuation<Element?, Never>] = []
      for key in state.listeners.keys {
        if let waiting = state.listeners[key]?.waiting {
          state.listeners[key]?.waiting = nil
          resumed.append(waiting)
        } else {
          state.listeners[key]?.buffer.append(element)
        }
      }
      return resumed
    }
    for continuation in resumed { continuation.resume(returning: element) }
    settler.changed()
  }

  /// Whether every listener waits for its next element with nothing left, and nothing waits for
  /// a listener.
  var isQuiet: Bool {
    state.withLock { state in
      state.held.isEmpty && state.listeners.values.allSatisfy { $0.buffer.isEmpty && $0.waiting != nil }
    }
  }

  /// What keeps it from being quiet, for a message: elements waiting for a listener, listeners busy.
  var activity: (held: Int, busy: Int) {
    state.withLock { state in
      (state.held.count, state.listeners.values.filter { !($0.buffer.isEmpty && $0.waiting != nil) }.count)
    }
  }

  fileprivate func next(_ key: Int) async -> Element? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
        let answer: Element?? = state.withLock { state in
          guard var listener = state.listeners[key], !listener.isCancelled else { return .some(nil) }
          if !listener.buffer.isEmpty {
            let element = listener.buffer.removeFirst()
            state.listeners[key] = listener
            return .some(element)
          }
          listener.waiting = continuation
          state.listeners[key] = listener
          return .none
        }
        if let answer { continuation.resume(returning: answer) }
        settler.changed()
      }
    } onCancel: {
      let waiting = state.withLock { state -> CheckedContinuation<Element?, Never>? in
        state.listeners[key]?.isCancelled = true
        let waiting = state.listeners[key]?.waiting
        state.listeners[key]?.waiting = nil
        return waiting
      }
      waiting?.resume(returning: nil)
    }
  }

  fileprivate func unsubscribe(_ key: Int) {
    let waiting = state.withLock { $0.listeners.removeValue(forKey: key)?.waiting }
    waiting?.resume(returning: nil)
    settler.changed()
  }

  /// One listener: iterators hold it, and it stops listening when the last of them goes.
  package final class Subscription: Sendable {
    private let broadcast: Broadcast<Element>
    private let key: Int

    fileprivate init(broadcast: Broadcast<Element>, key: Int) {
      self.broadcast = broadcast
      self.key = key
    }

    /// The next element; `nil` once the task is cancelled.
    func next() async -> Element? { await broadcast.next(key) }

    deinit { broadcast.unsubscribe(key) }
  }
}
