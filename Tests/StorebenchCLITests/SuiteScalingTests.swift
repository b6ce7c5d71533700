import Foundation
import Testing
import Workbench

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The `testsuite` name and each `testcase`'s `name` and `classname` of a JUnit report.
private final class JUnitNames: NSObject, XMLParserDelegate {
  var suites: [String] = []
  var cases: [(name: String, classname: String)] = []

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if name == "testsuite" { suites.append(attributes["name"] ?? "") }
    if name == "testcase" { cases.append((attributes["name"] ?? "", attributes["classname"] ?? "")) }
  }

  static func read(_ url: URL) throws -> JUnitNames {
    let names = JUnitNames()
    let parser = XMLParser(data: try Data(contentsOf: url))
    parser.delegate = names
    #expect(parser.parse(), "\(url.path) is not well-formed")
    return names
  }
}

/// A fresh directory holding scripts by name, removed by the caller.
private func directory(with scripts: [String: String]) throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID())")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  for (name, text) in scripts {
    try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }
  return directory
}

extension CLITests {
  @Suite struct SuiteScalingTests {
    private static let three = [
      "a.storebench": "buy coins.100\nexpect storage coins.100 2\necho a-after\n",
      "b.storebench": "echo b-ran\n",
      "c.storebench": "expect storage coins.100 1\necho c-after\n",
    ]

    @Test func runStopsAtTheFirstFailingScriptAndNamesTheSkippedOnes() throws {
      let folder = try directory(with: Self.three)
      defer { try? FileManager.default.removeItem(at: folder) }
      let result = try Binary.run(["run", "a.storebench", "b.storebench", "c.storebench"], directory: folder)
      #expect(result.status == 1)
      #expect(!result.output.contains("a-after") && !result.output.contains("b-ran"))
      #expect(
        result.error == """
          a.storebench:2: expectation failed: storage has coins.100 1, expected 2
          skipped 2 scripts after the failure (--keep-going runs them): b.storebench, c.storebench

          """)
      let passing = try Binary.run(["run", "b.storebench", "b.storebench"], directory: folder)
      #expect(passing.status == 0 && passing.output == "b-ran\nb-ran\n" && passing.error == "")
    }

    @Test func keepGoingRunsEveryLineOfEveryScript() throws {
      let folder = try directory(with: Self.three)
      defer { try? FileManager.default.removeItem(at: folder) }
      let result = try Binary.run(
        ["run", "--keep-going", "a.storebench", "missing.storebench", "b.storebench", "c.storebench"],
        directory: folder)
      #expect(result.status == 1)
      #expect(result.output.contains("a-after\n") && result.output.contains("b-ran\n"))
      #expect(result.output.hasSuffix("c-after\n"))
      let errors = result.error.split(separator: "\n").map(String.init)
      #expect(errors.count == 3, "\(errors)")
      #expect(errors.first == "a.storebench:2: expectation failed: storage has coins.100 1, expected 2")
      #expect(errors.dropFirst().first?.hasPrefix("error: ") == true)
      #expect(errors.last == "c.storebench:1: expectation failed: storage has coins.100 0, expected 1")
      #expect(!result.error.contains("skipped"))
    }

    @Test func anUnreadableScriptStopsTheRunToo() throws {
      let folder = try directory(with: Self.three)
      defer { try? FileManager.default.removeItem(at: folder) }
      let result = try Binary.run(["run", "missing.storebench", "b.storebench"], directory: folder)
      #expect(result.status == 1)
      #expect(result.output == "")
      #expect(
        result.error.hasSuffix(
          "\nskipped 1 script after the failure (--keep-going runs them): b.storebench\n"))
    }

    @Test func theShardsOfASuiteRunEveryScriptExactlyOnce() throws {
      let names = (1...23).map { "script-\($0).storebench" }
      let folder = try directory(with: Dictionary(uniqueKeysWithValues: names.map { ($0, "echo \($0)\n") }))
      defer { try? FileManager.default.removeItem(at: folder) }
      for count in 1...5 {
        var ran: [String] = []
        for index in 1...count {
          let result = try Binary.run(["test", ".", "--shard", "\(index)/\(count)"], directory: folder)
          #expect(result.status == 0, "\(index)/\(count): \(result.error)")
          let lines = result.output.split(separator: "\n").map(String.init)
          let passed = lines.filter { $0.hasPrefix("pass  ") }.map { String($0.dropFirst("pass  ".count)) }
          #expect(lines.last == "\(passed.count) passed, 0 failed")
          ran += passed
          let again = try Binary.run(["test", ".", "--shard", "\(index)/\(count)"], directory: folder)
          #expect(again.output == result.output, "a shard is the same slice every time")
        }
        #expect(ran.sorted() == names.sorted(), "N=\(count)")
      }
    }

    @Test func anEmptyShardPassesAndSaysSo() throws {
      let folder = try directory(with: ["only.storebench": "echo only\n"])
      defer { try? FileManager.default.removeItem(at: folder) }
      var outputs: [String] = []
      for index in 1...3 {
        let result = try Binary.run(["test", folder.path, "--shard", "\(index)/3"])
        #expect(result.status == 0, "\(result.error)")
        outputs.append(result.output)
      }
      #expect(outputs.count { $0.hasSuffix("1 passed, 0 failed\n") } == 1)
      let empty = outputs.enumerated().filter { $0.element.hasSuffix("0 passed, 0 failed\n") }
      #expect(empty.count == 2)
      for (offset, output) in empty {
        #expect(output == "shard \(offset + 1)/3: no scripts\n0 passed, 0 failed\n")
      }
    }

    @Test(arguments: [
      ("0/3", "I must be from 1 to N (3), not 0"), ("4/3", "I must be from 1 to N (3), not 4"),
      ("1/0", "N must be from 1 to 1000, not 0"), ("2", "expected I/N, such as 2/3"),
      ("a/b", "expected I/N, such as 2/3"), ("1/2/3", "expected I/N, such as 2/3"),
      ("-1/3", "I must be from 1 to N (3), not -1"),
    ])
    func badShardsAreClearErrors(value: String, message: String) throws {
      let result = try Binary.run(["test", "scripts", "--shard=\(value)"])
      #expect(result.status == 64)
      #expect(result.error.contains(message), "\(result.error)")
      #expect(result.output == "")
    }

    @Test func junitReportsOfShardsMergeWithUniqueNames() throws {
      let names = (1...12).map { "case-\($0).storebench" }
      let folder = try directory(with: Dictionary(uniqueKeysWithValues: names.map { ($0, "echo \($0)\n") }))
      defer { try? FileManager.default.removeItem(at: folder) }
      var suites: [String] = []
      var cases: [String] = []
      for index in 1...3 {
        let report = folder.appendingPathComponent("results-\(index).xml")
        let result = try Binary.run(
          ["test", ".", "--shard", "\(index)/3", "--junit", report.path], directory: folder)
        #expect(result.status == 0, "\(result.error)")
        let junit = try JUnitNames.read(report)
        suites += junit.suites
        cases += junit.cases.map(\.name)
        #expect(junit.cases.allSatisfy { $0.classname == "." })
      }
      #expect(suites == [". (shard 1/3)", ". (shard 2/3)", ". (shard 3/3)"])
      #expect(cases.sorted() == names.sorted())
    }

    @Test func testReportsInJSONWhenAskedWhileTranscriptsStayText() throws {
      let folder = try directory(with: [
        "a.storebench": "echo a\n", "a.expected": "> echo a\na\n",
        "b.storebench": "echo b\n", "b.expected": "> echo b\nnot b\n",
      ])
      defer { try? FileManager.default.removeItem(at: folder) }
      let result = try Binary.run(["test", ".", "--format", "json"], directory: folder)
      #expect(result.status == 1)
      #expect(result.error == "")
      let lines = try result.output.split(separator: "\n").map { line in
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
      }
      #expect(lines.count == 3)
      #expect(lines[0]["script"] as? String == "a.storebench" && lines[0]["passed"] as? Bool == true)
      #expect(lines[0]["duration_ms"] is Int && lines[0]["reason"] == nil)
      #expect(lines[1]["passed"] as? Bool == false)
      #expect((lines[1]["reason"] as? String)?.hasPrefix("differs from b.expected: line 2") == true)
      #expect(lines[1]["code"] as? String == "golden_mismatch" && lines[0]["code"] == nil)
      #expect((lines[1]["diff"] as? [String])?.contains("-not b") == true)
      #expect(lines[2]["summary"] as? [String: Int] == ["passed": 1, "failed": 1])
    }

    @Test func suiteAndRunFailuresOutsideAnyLineAreJSONObjects() throws {
      let folder = try directory(with: Self.three)
      defer { try? FileManager.default.removeItem(at: folder) }
      let empty = try Binary.run(["test", ".", "--format", "json", "--filter", "zzz"], directory: folder)
      #expect(empty.status == 1 && empty.error == "")
      let noScripts =
        #"{"error":{"code":"no_scripts","message":".: no *.storebench scripts whose name contains \"zzz\" to run"}}"#
      #expect(empty.output == noScripts + "\n")
      let run = try Binary.run(
        ["run", "--format", "json", "a.storebench", "b.storebench", "c.storebench"], directory: folder)
      #expect(run.status == 1 && run.error == "")
      #expect(
        run.output.hasSuffix(
          #"{"skipped":{"after":"failure","scripts":["b.storebench","c.storebench"]}}"# + "\n"))
      let catalog = try Binary.run(
        ["run", "--format", "json", "--catalog", "none.json", "b.storebench"], directory: folder)
      #expect(catalog.status == 1 && catalog.error == "")
      #expect(
        catalog.output.hasPrefix(#"{"error":{"code":"catalog","message":"none.json: cannot read the file"#))
    }
  }
}
