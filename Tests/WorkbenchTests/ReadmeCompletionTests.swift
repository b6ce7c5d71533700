import Foundation
import Testing

@testable import Workbench

/// The terminal session in docs/prompt.md: every line typed with `⇥` (TAB) completes as the page
/// shows.
@Suite struct ReadmeCompletionTests {
  /// The lines of docs/prompt.md's fenced block that shows TAB (`⇥`) at the prompt.
  static func sessionLines() throws -> [String] {
    let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/prompt.md")
    let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
    let intro = try #require(lines.firstIndex { $0.contains("`⇥` is where TAB was pressed") })
    let open = try #require(lines[intro...].firstIndex { $0.hasPrefix("```") })
    let close = try #require(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
    return Array(lines[(open + 1)..<close])
  }

  /// What the line editor holds after the keys of `typed` (text and `⇥`), and the candidates the
  /// last double TAB listed, if any: one TAB inserts the common prefix (and a space after a single
  /// candidate), a second TAB in a row lists the candidates.
  static func type(_ typed: String, with completer: Completer) -> (line: String, listed: [String]?) {
    var line = ""
    var listed: [String]?
    var afterTab = false
    for character in typed {
      guard character == "⇥" else {
        line.append(character)
        afterTab = false
        continue
      }
      let completion = completer.complete(line)
      if afterTab {
        listed = completion.candidates
      } else {
        line =
          String(line.dropLast(completion.word.count)) + completion.commonPrefix
          + (completion.isFinal ? " " : "")
      }
      afterTab = true
    }
    return (line, listed)
  }

  @Test func theTabLinesOfTheReadmeCompleteAsShown() throws {
    let lines = try Self.sessionLines()
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: Transcript())
    )
    let completer = Completer(session: session)
    let prompt = "> "
    var checked = 0
    for (index, text) in lines.enumerated() where text.contains("⇥") {
      let typed = try #require(text.range(of: prompt).map { String(text[$0.upperBound...]) }, "\(text)")
      let (line, listed) = Self.type(typed, with: completer)
      var next = index + 1
      if let listed {
        let shown = lines[next].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        #expect(shown == listed, "\(text): docs/prompt.md lists \(shown), TAB lists \(listed)")
        next += 1
      }
      let shownLine = try #require(
        lines[next].range(of: prompt).map { String(lines[next][$0.upperBound...]) })
      #expect(shownLine == line.trimmingCharacters(in: .whitespaces), "\(text)")
      checked += 1
    }
    #expect(checked >= 2)
  }
}
