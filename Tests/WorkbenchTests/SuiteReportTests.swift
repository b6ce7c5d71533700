import Foundation
import Testing

@testable import Workbench

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A directory of scripts: `name.storebench` for each entry, and `name.expected` when given.
private func suiteDirectory(_ scripts: [(name: String, text: String, expected: String?)]) throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID())")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  for script in scripts {
    try script.text.write(
      to: directory.appendingPathComponent("\(script.name).storebench"), atomically: true, encoding: .utf8)
    if let expected = script.expected {
      try expected.write(
        to: directory.appendingPathComponent("\(script.name).expected"), atomically: true, encoding: .utf8)
    }
  }
  return directory
}

private func suite() throws -> SuiteRunner {
  SuiteRunner(runner: ScriptRunner(catalog: try CatalogLocator.builtIn(), catalogSource: "default"))
}

/// Counts a report's elements and reads its attributes, failing on malformed XML.
private final class JUnitReader: NSObject, XMLParserDelegate {
  var elements: [String: Int] = [:]
  var attributes: [String: [[String: String]]] = [:]
  var text = ""

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    elements[name, default: 0] += 1
    self.attributes[name, default: []].append(attributes)
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text += string
  }
}

@Suite struct SuiteReportTests {
  @Test func scriptsRunInParallelAndAreReportedInOrder() async throws {
    let directory = try suiteDirectory(
      (1...8).map { index in
        (
          name: "s\(index)",
          text: index == 3 ? "expect observers 5\n" : "buy coins.100\nadvance-clock \(index)d\n",
          expected: index == 5 ? "> buy coins.100\n" : nil
        )
      })
    defer { try? FileManager.default.removeItem(at: directory) }
    let scripts = try SuiteRunner.scripts(in: directory.path)
    var reported: [String] = []
    var finished: [Int] = []
    let verdicts = try await suite().run(scripts, jobs: 3) { progress in
      reported += progress.ready.map(\.script)
      finished.append(progress.finished)
      #expect(progress.total == 8)
    }
    #expect(verdicts.map(\.script) == scripts)
    #expect(reported == scripts)
    #expect(finished == Array(1...8))
    #expect(verdicts.map(\.passed) == [true, true, false, true, false, true, true, true])
    #expect(verdicts[4].diff?.first == "--- \(SuiteRunner.goldenPath(for: scripts[4]))")
    #expect(
      verdicts[4].diff?.contains("+2026-01-01 00:00:00 app updatedTransactions: #1 coins.100 purchasing")
        == true)
    #expect(verdicts[1].transcript.contains("> advance-clock 2d\n2026-01-03T00:00:00Z\n"))
    #expect(SuiteReport.summary(of: verdicts) == "6 passed, 2 failed")
  }

  @Test func aReportLinePerScriptThenTheDiff() throws {
    let directory = try suiteDirectory([
      (name: "a", text: "clock\n", expected: "> clock\n2026-01-02T00:00:00Z\n")
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try SuiteRunner.scripts(in: directory.path)[0]
    let verdict = try suite().verdict(for: path)
    let golden = SuiteRunner.goldenPath(for: path)
    #expect(
      SuiteReport.lines(for: verdict, style: .plain) == [
        "FAIL  \(path): differs from \(golden): line 2: expected \"2026-01-02T00:00:00Z\", got \"2026-01-01T00:00:00Z\"",
        "--- \(golden)", "+++ \(path) (transcript)", "@@ -1,2 +1,2 @@", " > clock", "-2026-01-02T00:00:00Z",
        "+2026-01-01T00:00:00Z",
      ])
    let colored = SuiteReport.lines(for: verdict, style: TerminalStyle(isTerminal: true, usesColor: true))
    #expect(colored[0].hasPrefix("\u{1B}[31mFAIL\u{1B}[0m  "))
    #expect(colored.last == "\u{1B}[32m+2026-01-01T00:00:00Z\u{1B}[0m")
  }

  @Test func colourOnlyOnATerminalThatAllowsIt() {
    #expect(TerminalStyle(isTerminal: true, environment: ["TERM": "xterm"]).usesColor)
    #expect(!TerminalStyle(isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": "1"]).usesColor)
    #expect(TerminalStyle(isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": ""]).usesColor)
    #expect(TerminalStyle(isTerminal: true, environment: ["TERM": "dumb"]) == .plain)
    #expect(TerminalStyle(isTerminal: false, environment: ["TERM": "xterm"]) == .plain)
    #expect(TerminalStyle.plain.paint("FAIL", .red) == "FAIL")
    #expect(TerminalStyle.plain.clearLine.isEmpty)
  }

  @Test func theJUnitReportIsWellFormedWithItsCounts() async throws {
    let directory = try suiteDirectory([
      (name: "good", text: "clock\n", expected: nil),
      (name: "golden", text: "clock\n", expected: "> clock\n<&>\"'\u{1}\n"),
      (name: "broken", text: "expect last-error \"<none> & more\"\n", expected: nil),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let verdicts = try await suite().run(try SuiteRunner.scripts(in: directory.path), jobs: 2) { _ in }
    let xml = JUnitReport.xml(name: "a&b", verdicts: verdicts)
    let reader = JUnitReader()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = reader
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
    #expect(
      reader.elements == ["testsuites": 1, "testsuite": 1, "testcase": 3, "failure": 2, "system-out": 3])
    let suite = try #require(reader.attributes["testsuite"]?.first)
    #expect(suite["name"] == "a&b")
    #expect(suite["tests"] == "3")
    #expect(suite["failures"] == "2")
    #expect(
      reader.attributes["testcase"]?.map { $0["name"] } == [
        "broken.storebench", "golden.storebench", "good.storebench",
      ])
    let failures = try #require(reader.attributes["failure"])
    #expect(failures[0]["message"]?.hasSuffix("expected an error containing \"<none> & more\"") == true)
    #expect(failures[0]["type"] == "expectation_failed")
    #expect(failures[1]["type"] == "golden-mismatch")
    #expect(reader.text.contains("-<&>\"'\u{FFFD}"))
  }
}
