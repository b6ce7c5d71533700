import Foundation

/// A page of the documentation (README.md or a page in docs/) read as the docs tests see it: its
/// fenced code blocks, each with the check its marker asks for, its headings and its links.
///
/// A marker is an HTML comment on the line just before a block's opening fence, invisible on GitHub:
/// - `<!-- docs: output of storebench ARGS -->`: the block is exactly what `storebench ARGS` prints
///   (run in the repository's directory);
/// - `<!-- docs: excerpt of storebench ARGS -->`: the block's lines are lines of what it prints, in
///   order; consecutive lines of the block are consecutive there, and a line `…` stands for any
///   number of lines;
/// - `<!-- docs: shell session -->`: lines starting `$ ` are shell commands run one after the other
///   in one scratch directory, each followed by exactly what it prints;
/// - `<!-- docs: file NAME -->`: the block is a file the page's shell sessions find in their scratch
///   directory under that name.
struct DocPage {
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
    /// The block is a file of that name for the page's shell sessions.
    case file(String)
  }

  /// The path from the repository's directory, such as `docs/server.md`.
  var path: String
  /// The whole text.
  var text: String
  /// Its fenced blocks, in order.
  var blocks: [Block]
  /// Its headings outside code blocks, as written (`## Serving`).
  var headings: [String]

  /// The folder of the pages besides the README.
  static let folder = "docs"

  /// README.md, then every page in docs/ in the order of their names.
  static func all() throws -> [DocPage] {
    let pages = try FileManager.default.contentsOfDirectory(
      atPath: Binary.repository.appendingPathComponent(folder).path
    ).filter { $0.hasSuffix(".md") }.sorted()
    return try (["README.md"] + pages.map { "\(folder)/\($0)" }).map(load)
  }

  /// Reads one page of the repository.
  static func load(_ path: String) throws -> DocPage {
    let text = try String(contentsOf: Binary.repository.appendingPathComponent(path), encoding: .utf8)
    return try DocPage(path: path, text: text)
  }

  init(path: String, text: String) throws {
    self.path = path
    self.text = text
    let lines = text.components(separatedBy: "\n")
    var blocks: [Block] = []
    var headings: [String] = []
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
          check: try DocPage.check(marker, at: "\(path):\(index)"))
      } else if line.hasPrefix("#") {
        headings.append(line)
      }
    }
    self.blocks = blocks
    self.headings = headings
  }

  /// The check a marker line asks for, `nil` when the line is no marker.
  ///
  /// - Parameter place: the page and line, for the error.
  static func check(_ marker: String, at place: String) throws -> Check? {
    let prefix = "<!-- docs: "
    let suffix = " -->"
    guard marker.hasPrefix(prefix), marker.hasSuffix(suffix) else { return nil }
    let body = marker.dropFirst(prefix.count).dropLast(suffix.count)
    if body == "shell session" { return .shellSession }
    if body.hasPrefix("file "), !body.dropFirst(5).contains("/") { return .file(String(body.dropFirst(5))) }
    for (form, make) in [("output of ", Check.output), ("excerpt of ", Check.excerpt)] {
      if body.hasPrefix(form) {
        let words = body.dropFirst(form.count).split(separator: " ").map(String.init)
        guard words.first == "storebench" else { break }
        return make(Array(words.dropFirst()))
      }
    }
    throw DocError("\(place): a marker the docs tests do not know: \(marker)")
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

  /// The anchors its headings get on GitHub: lowercase, punctuation dropped, spaces as `-`.
  var anchors: Set<String> {
    Set(
      headings.map { heading in
        let title = heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        return String(
          title.compactMap { character -> Character? in
            if character == " " { return "-" }
            return character.isLetter || character.isNumber || character == "-" || character == "_"
              ? character : nil
          })
      })
  }

  /// The targets of its Markdown links outside code blocks that stay in the repository (no scheme),
  /// with the line each is on, from 1.
  var relativeLinks: [(line: Int, target: String)] {
    var links: [(Int, String)] = []
    var inBlock = false
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      if line.hasPrefix("```") { inBlock.toggle() }
      guard !inBlock else { continue }
      for part in line.components(separatedBy: "](").dropFirst() {
        let target = String(part.prefix { $0 != ")" })
        guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
        links.append((index + 1, target))
      }
    }
    return links
  }
}

/// A page that does not say what the tool does.
struct DocError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension DocPage {
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
