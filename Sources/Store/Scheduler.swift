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

  // The heap is walked through its buffer, comparing entries by their instants and sequences in
  // place: reading an entry whole would copy its payload (retaining what it refers to) at every
  // step of every event.

  private mutating func siftUp(_ start: Int) {
    heap.withUnsafeMutableBufferPointer { heap in
      var child = start
      while child > 0 {
        let parent = (child - 1) / 2
        guard Self.precedes(heap, child, parent) else { return }
        heap.swapAt(child, parent)
        child = parent
      }
    }
  }

  private mutating func siftDown(_ start: Int) {
    heap.withUnsafeMutableBufferPointer { heap in
      var parent = start
      while true {
        let left = 2 * parent + 1
        guard left < heap.count else { return }
        var smallest = left
        if left + 1 < heap.count, Self.precedes(heap, left + 1, left) { smallest = left + 1 }
        guard Self.precedes(heap, smallest, parent) else { return }
        heap.swapAt(smallest, parent)
        parent = smallest
      }
    }
  }

  /// Whether the entry at `first` comes out before the one at `second`.
  private static func precedes(_ heap: UnsafeMutableBufferPointer<Entry>, _ first: Int, _ second: Int) -> Bool
  {
    let (firstDue, secondDue) = (heap[first].due, heap[second].due)
    return firstDue != secondDue ? firstDue < secondDue : heap[first].sequence < heap[second].sequence
  }
}

extension Scheduler: Sendable where Payload: Sendable {}
extension Scheduler.Entry: Sendable where Payload: Sendable {}
