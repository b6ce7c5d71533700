import Foundation
import Simulation
import Store

/// The lines of an exported script as ``ScriptExport`` writes them, section by section, and what
/// they cannot rebuild.
struct ScriptBuilder {
  /// The world exported.
  let world: World
  /// A fresh world over the exported catalog: what the script starts from.
  let baseline: World
  /// How identifiers are written.
  let redaction: Redaction
  /// The script's lines so far.
  private(set) var lines: [String] = []
  /// What cannot be rebuilt, one line each.
  private(set) var notReproduced: [String] = []
  /// Which account each device is signed in to as the script runs so far, by device name.
  var signedIn: [String: String] = [:]
  /// The device the script's commands act on so far.
  var currentDevice: String

  init(world: World, baseline: World, redaction: Redaction) {
    self.world = world
    self.baseline = baseline
    self.redaction = redaction
    currentDevice = baseline.device.name
    for device in baseline.devices { signedIn[device.name] = device.queue.account?.name }
  }

  /// Appends a command line made of words, quoting those that need it.
  mutating func command(_ words: String...) {
    command(words)
  }

  /// Appends a command line made of words, quoting those that need it, with a comment after it
  /// when one is given.
  mutating func command(_ words: [String], comment: String? = nil) {
    lines.append(words.map(ScriptWord.quoted).joined(separator: " ") + (comment.map { "  # " + $0 } ?? ""))
  }

  /// Appends a comment line.
  mutating func comment(_ text: String) {
    lines.append("# " + text)
  }

  /// Appends an empty line between sections.
  mutating func blank() {
    if lines.last?.isEmpty == false { lines.append("") }
  }

  /// Notes a part of the world the script does not rebuild.
  mutating func cannotReproduce(_ what: String) {
    notReproduced.append(what)
  }

  /// The comment lines at the top: where the script comes from and how to run it.
  mutating func writeHeader(scriptName: String) {
    let now = Timestamp.iso8601Milliseconds(world.store.clock.now)
    comment("Exported from the world at \(now) by `storebench export script`.")
    comment(
      redaction.isActive
        ? "Redacted: transaction ids, tokens, account and device names and other identifiers are stand-ins."
        : "Not redacted: it holds the customer's real identifiers.")
    comment(
      "Run it with `storebench run \(scriptName)`: it rebuilds the world from an empty one and checks it.")
  }

  /// `clock set` to the world's clock, to the millisecond.
  mutating func writeClock() {
    blank()
    command("clock", "set", Timestamp.iso8601Milliseconds(world.store.clock.now))
  }

  /// `expect clock`, when the clock is on a whole second.
  mutating func writeClockExpectation() {
    let now = world.store.clock.now
    guard Timestamp.iso8601Milliseconds(now) == Timestamp.iso8601(now) else { return }
    blank()
    command("expect", "clock", Timestamp.iso8601(now))
  }

  /// A `# not reproduced:` comment for each part the script cannot rebuild.
  mutating func writeUnreproduced() {
    collectUnreproduced()
    guard !notReproduced.isEmpty else { return }
    blank()
    for what in notReproduced { comment("not reproduced: \(what)") }
  }
}
