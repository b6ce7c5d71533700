import Foundation

/// README.md read as the README tests see it: its fenced code blocks, each with the check its
/// marker asks for.
///
/// A marker is an HTML comment on the line just before a block's opening fence, invisible on GitHub:
/// - `<!-- readme: output of storebench ARGS -->`: the block is exactly what `storebench ARGS` prints
///   (run in the repository's directory);
/// - `<!-- readme: excerpt of storebench ARGS -->`: the block's lines are lines of what it prints, in
///   order; consecutive lines of the block are consecutive there, and a line `…` stands for any
///   number of lines;
/// - `<!-- readme: shell session -->`: lines starting `$ ` are shell commands run one after the other
///   in one scratch directory, each followed by exactly what it prints.
struct Readme {
  /// A fenced code block.
  struct Block {
    /// The line of its opening fence, from 1.
    var line: Int
    /// The language after the fence (`sh`, `json`, or empty).
    var language: String
    /// The lines between the fences.
    var lines: [String]
    /// What its marker asks for.
    var check: Check?
  }

  /// What a marker asks to check.
  enum Check: Equatable {
    /// The block is the whole output of these arguments.
    case output([String])
    /// The block's lines are part of the output of these arguments.
    case excerpt([String])
    /// The block is a shell session.
    case shellSession
  }

  /// The whole text.
  var text: String
  /// Its fenced blocks, in order.
  var blocks: [Block]

  /// Reads README.md from the repository.
  static func load() throws -> Readme {
    let text = try String(
      contentsOf: Binary.repository.appendingPathComponent("README.md"), encoding: .utf8)
    return try Readme(text: text)
  }

  init(text: String) throws {
    self.text = text
    let lines = text.components(separatedBy: "\n")
    var blocks: [Block] = []
    var open: Block?
    for (index, line) in lines.enumerated() {
      if var block = open {
        if line.hasPrefix("```") {
          blocks.append(block)
          open = nil
        } else {
          block.lines.append(line)
          open = block
        }
      } else if line.hasPrefix("```") {
        let marker = index > 0 ? lines[index - 1] : ""
        open = Block(
          line: index + 1, language: String(line.dropFirst(3)), lines: [],
          check: try Readme.check(marker, line: index))
      }
    }
    self.blocks = blocks
  }

  /// The check a marker line asks for, `nil` when the line is no marker.
  static func check(_ marker: String, line: Int) throws -> Check? {
    let prefix = "<!-- readme: "
    let suffix = " -->"
    guard marker.hasPrefix(prefix), marker.hasSuffix(suffix) else { return nil }
    let body = marker.dropFirst(prefix.count).dropLast(suffix.count)
    if body == "shell session" { return .shellSession }
    for (form, make) in [("output of ", Check.output), ("excerpt of ", Check.excerpt)] {
      if body.hasPrefix(form) {
        let words = body.dropFirst(form.count).split(separator: " ").map(String.init)
        guard words.first == "storebench" else { break }
        return make(Array(words.dropFirst()))
      }
    }
    throw ReadmeError("README.md:\(line): a marker the README tests do not know: \(marker)")
  }

  /// The lines of the section under a heading, up to the next heading of the same or a higher level.
  func section(_ heading: String) -> [String] {
    let lines = text.components(separatedBy: "\n")
    guard let start = lines.firstIndex(of: heading) else { return [] }
    let level = heading.prefix { $0 == "#" }.count
    let end =
      lines[(start + 1)...].firstIndex { line in
        let hashes = line.prefix { $0 == "#" }.count
        return hashes > 0 && hashes <= level && line.dropFirst(hashes).hasPrefix(" ")
      } ?? lines.endIndex
    return Array(lines[(start + 1)..<end])
  }
}

/// A README that does not say what the tool does.
struct ReadmeError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension Readme {
  /// Whether `excerpt` is part of `output` as a ``Check/excerpt(_:)`` block means it: the first
  /// line of the excerpt that is not found in its place, or `nil` when all are.
  static func firstMissingLine(of excerpt: [String], in output: [String]) -> String? {
    var position = 0
    var mayGap = true
    for line in excerpt {
      if line == "…" {
        mayGap = true
        continue
      }
      if mayGap {
        guard let found = output[position...].firstIndex(of: line) else { return line }
        position = found + 1
      } else {
        guard position < output.count, output[position] == line else { return line }
        position += 1
      }
      mayGap = false
    }
    return nil
  }
}
