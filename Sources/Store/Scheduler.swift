import Foundation

/// A priority queue of things due at instants of the virtual clock. Advancing the clock pops only
/// what is due, so its cost grows with the number of events, never with the time skipped.
///
/// Events due at the same instant come out in the order they were scheduled.
public struct Scheduler<Payload> {
  fileprivate struct Entry {
    var due: Date
    var sequence: UInt64
    var payload: Payload

    func precedes(_ other: Entry) -> Bool {
      due != other.due ? due < other.due : sequence < other.sequence
    }
  }

  private var heap: [Entry] = []
  private var nextSequence: UInt64 = 0

  /// Creates an empty scheduler.
  public init() {}

  /// How many events wait.
  public var count: Int { heap.count }

  /// When the earliest event is due, if any.
  public var nextDue: Date? { heap.first?.due }

  /// Every waiting event with its instant, in the order it was scheduled.
  public var entries: [(due: Date, payload: Payload)] {
    heap.sorted { $0.sequence < $1.sequence }.map { ($0.due, $0.payload) }
  }

  /// Adds an event due at `date`.
  public mutating func schedule(_ payload: Payload, at date: Date) {
    heap.append(Entry(due: date, sequence: nextSequence, payload: payload))
    nextSequence += 1
    siftUp(heap.count - 1)
  }

  /// Removes and returns the earliest event if it is due at or before `date`.
  public mutating func popDue(notAfter date: Date) -> (due: Date, payload: Payload)? {
    guard let first = heap.first, first.due <= date else { return nil }
    let last = heap.removeLast()
    if !heap.isEmpty {
      heap[0] = last
      siftDown(0)
    }
    return (first.due, first.payload)
  }

  /// Removes every event for which `shouldRemove` is true.
  public mutating func removeAll(where shouldRemove: (Payload) -> Bool) {
    heap.removeAll { shouldRemove($0.payload) }
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { return }
      var smallest = left
      if left + 1 < heap.count, heap[left + 1].precedes(heap[left]) { smallest = left + 1 }
      guard heap[smallest].precedes(heap[parent]) else { return }
      heap.swapAt(smallest, parent)
      parent = smallest
    }
  }
}

extension Scheduler: Sendable where Payload: Sendable {}
extension Scheduler.Entry: Sendable where Payload: Sendable {}
