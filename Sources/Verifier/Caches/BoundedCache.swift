/// A dictionary that keeps at most `capacity` entries: inserting a new key into a full cache drops
/// the oldest key inserted. What the caches of verified chains, verified receipts and signed
/// payloads keep their entries in.
public struct BoundedCache<Key: Hashable, Value> {
  /// The most entries kept.
  public let capacity: Int
  private var entries: [Key: Value] = [:]
  /// The keys in insertion order, as a ring once full: `order[next]` is the oldest.
  private var order: [Key] = []
  private var next = 0

  /// Creates an empty cache.
  ///
  /// - Parameter capacity: The most entries kept (at least one).
  public init(capacity: Int) {
    self.capacity = max(capacity, 1)
  }

  /// How many entries are kept.
  public var count: Int { entries.count }

  /// The value kept for a key.
  public subscript(key: Key) -> Value? { entries[key] }

  /// Keeps a value for a key, replacing the value a key has, else dropping the oldest entry if the
  /// cache is full.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: Its key.
  public mutating func insert(_ value: Value, for key: Key) {
    guard entries.updateValue(value, forKey: key) == nil else { return }
    if order.count < capacity {
      order.append(key)
    } else {
      entries[order[next]] = nil
      order[next] = key
      next = (next + 1) % capacity
    }
  }

  /// Drops every entry.
  public mutating func removeAll() {
    entries.removeAll()
    order.removeAll()
    next = 0
  }
}
