import ArgumentParser

/// The commands parsed from recent lines, by their words. Parsing a line with ArgumentParser costs
/// far more than running most commands (it reflects over the command's properties every time), and
/// scripts repeat lines (`buy`, `advance-clock 1mo`, `expect …`): a repeated line reuses the parsed
/// command. Parsing depends on the words alone, and commands are values, so the reuse is exact.
final class ParsedCommandCache {
  /// How many lines are kept; the cache starts afresh when it is full.
  static let capacity = 512
  private var commands: [[String]: any ParsableCommand] = [:]

  /// The command for a line's words: parsed before, or parsed now and kept.
  ///
  /// - Throws: what `parse` throws; failures are not kept.
  func command(
    for words: [String], parse: ([String]) throws -> any ParsableCommand
  ) throws -> any ParsableCommand {
    if let command = commands[words] { return command }
    let command = try parse(words)
    if commands.count >= Self.capacity { commands.removeAll(keepingCapacity: true) }
    commands[words] = command
    return command
  }
}
