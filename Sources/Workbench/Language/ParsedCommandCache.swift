import ArgumentParser
import Synchronization

/// The commands parsed from recent lines, by their words, shared by every session of the process.
/// Parsing a line with ArgumentParser costs far more than running most commands (it reflects over
/// the command's properties every time), and scripts repeat lines (`buy`, `advance-clock 1mo`,
/// `expect …`), within a script and across the scripts of a suite or the inputs of a fuzz campaign:
/// a repeated line reuses the parsed command. Parsing depends on the words alone, and commands are
/// values holding no references (so one parsed on one thread is safe to run on another), which
/// makes the reuse exact.
final class ParsedCommandCache: Sendable {
  /// The process's cache.
  static let shared = ParsedCommandCache()
  /// How many lines are kept; the cache starts afresh when it is full.
  static let capacity = 2048
  private let commands = Mutex<[[String]: Entry]>([:])

  /// A parsed command, or the error parsing threw. Commands and ArgumentParser's errors are plain
  /// values (strings, numbers, flags), hence safe to share.
  private struct Entry: @unchecked Sendable {
    var parsed: Result<any ParsableCommand, any Error>
  }

  /// The command for a line's words: parsed before, or parsed now and kept. A line that fails to
  /// parse fails the same way again, so failures are kept too.
  ///
  /// - Throws: what `parse` throws.
  func command(
    for words: [String], parse: ([String]) throws -> any ParsableCommand
  ) throws -> any ParsableCommand {
    if let entry = commands.withLock({ $0[words] }) { return try entry.parsed.get() }
    let parsed = Result { try parse(words) }
    commands.withLock { commands in
      if commands.count >= Self.capacity { commands.removeAll(keepingCapacity: true) }
      commands[words] = Entry(parsed: parsed)
    }
    return try parsed.get()
  }
}
