#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines of a file descriptor as they arrive (standard input from a pipe, say), each handed
/// over as soon as its line end is read, so a program writing one command at a time gets each
/// answer before it sends the next.
///
/// A line is its bytes without the `\n` or `\r\n` that ends it; the last line may have no line
/// end. A line longer than ``maximumLineLength`` bytes is cut there and the rest of it is dropped,
/// with ``Line/wasCut`` set, so one endless line cannot exhaust memory.
public struct LineStream: Sequence, IteratorProtocol {
  /// One line read.
  public struct Line: Hashable, Sendable {
    /// Its bytes, without the line end.
    public var bytes: [UInt8]
    /// Whether the line was longer than the limit and cut.
    public var wasCut: Bool
  }

  /// The longest line kept whole, in bytes.
  public let maximumLineLength: Int
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var ended = false

  /// Reads lines from a descriptor (not closed when done).
  ///
  /// - Parameters:
  ///   - descriptor: the file descriptor, such as 0 for standard input.
  ///   - maximumLineLength: the longest line kept whole.
  public init(descriptor: Int32, maximumLineLength: Int) {
    self.descriptor = descriptor
    self.maximumLineLength = maximumLineLength
  }

  /// The next line, or `nil` at the end of the input (or on a read error, which ends it too).
  public mutating func next() -> Line? {
    var cut = false
    while true {
      if let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        var line = Array(buffer[start..<end])
        start = end + 1
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        compact()
        return Line(bytes: cut ? Array(line.prefix(maximumLineLength)) : line, wasCut: cut)
      }
      if buffer.count - start > maximumLineLength {
        buffer.removeSubrange(start + maximumLineLength..<buffer.count)
        cut = true
      }
      guard !ended, fill() else {
        ended = true
        guard start < buffer.count || cut else { return nil }
        let line = Array(buffer[start...])
        buffer = []
        start = 0
        return Line(bytes: line, wasCut: cut)
      }
    }
  }

  /// Reads what is available into the buffer; `false` at the end of the input or on an error.
  private mutating func fill() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { readDescriptor(descriptor, into: $0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      buffer.append(contentsOf: chunk[..<count])
      return true
    }
  }

  /// Drops the lines already handed over once they take most of the buffer.
  private mutating func compact() {
    guard start > 65_536, start * 2 > buffer.count else { return }
    buffer.removeSubrange(0..<start)
    start = 0
  }
}
