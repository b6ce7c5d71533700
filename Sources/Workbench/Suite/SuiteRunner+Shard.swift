extension SuiteRunner {
  /// One of N slices of a suite (`--shard I/N`), so that CI runners in a matrix split it: a script
  /// belongs to the slice picked by a stable hash (64-bit FNV-1a) of its path relative to the
  /// suite's directory, so every machine and every run picks the same slice, and the N slices
  /// together hold every script exactly once.
  public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which slice, from 1.
    public var index: Int
    /// How many slices.
    public var count: Int

    /// The most slices a suite may be split into.
    public static let maximumCount = 1000

    /// Reads `I/N`, with 1 ≤ I ≤ N ≤ ``maximumCount``.
    ///
    /// - Throws: ``WorkbenchError`` saying what is wrong with the text.
    public init(parsing text: String) throws(WorkbenchError) {
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
        throw WorkbenchError(
          .invalidValue, "--shard \"\(text)\": expected I/N, such as 2/3 (the second of three slices)")
      }
      guard (1...Self.maximumCount).contains(count) else {
        throw WorkbenchError(
          .invalidValue, "--shard \(text): N must be from 1 to \(Self.maximumCount), not \(count)")
      }
      guard (1...count).contains(index) else {
        throw WorkbenchError(.invalidValue, "--shard \(text): I must be from 1 to N (\(count)), not \(index)")
      }
      self.index = index
      self.count = count
    }

    /// `2/3`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the script at this path, relative to the suite's directory, is in this slice.
    public func contains(relativePath: String) -> Bool {
      Int(Self.fnv1a(relativePath) % UInt64(count)) == index - 1
    }

    /// The scripts of this slice, in their order.
    ///
    /// - Parameters:
    ///   - scripts: the suite's scripts, as ``SuiteRunner/scripts(in:)`` lists them.
    ///   - directory: the suite's directory, which their paths are relative to.
    public func scripts(of scripts: [String], in directory: String) -> [String] {
      scripts.filter { contains(relativePath: SuiteRunner.relativePath(of: $0, in: directory)) }
    }

    /// The 64-bit FNV-1a hash of a text's UTF-8 bytes: the same on every machine and in every run,
    /// unlike Swift's `Hasher`.
    static func fnv1a(_ text: String) -> UInt64 {
      text.utf8.reduce(0xcbf2_9ce4_8422_2325) { hash, byte in (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
  }

  /// A script's path relative to the suite's directory (scripts sit directly in it, so this is the
  /// file name).
  public static func relativePath(of script: String, in directory: String) -> String {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    guard directory != ".", script.hasPrefix(prefix) else { return script }
    return String(script.dropFirst(prefix.count))
  }
}
