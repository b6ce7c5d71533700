/// One thing a stand-in app does with a transaction it is told about.
public enum ObserverAction: String, CaseIterable, Hashable, Sendable {
  /// Give the customer what they paid for: unlock a non-consumable, add a consumable's quantity.
  case deliver
  /// Call `finishTransaction`, taking the transaction out of the queue.
  case finish
}
