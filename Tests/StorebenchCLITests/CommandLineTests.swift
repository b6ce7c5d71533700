import Foundation
import Testing
import Workbench

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A fresh directory, removed by the caller.
private func temporaryDirectory() throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID())")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

private func write(_ text: String, to url: URL) throws {
  try text.write(to: url, atomically: true, encoding: .utf8)
}

/// The `tests`/`failures` attributes of a JUnit report's `testsuite`, or `nil` when it is not
/// well-formed XML.
private func junitCounts(_ data: Data) -> (tests: String?, failures: String?, cases: Int)? {
  final class Reader: NSObject, XMLParserDelegate {
    var suite: [String: String] = [:]
    var cases = 0
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      if name == "testsuite" { suite = attributes }
      if name == "testcase" { cases += 1 }
    }
  }
  let reader = Reader()
  let parser = XMLParser(data: data)
  parser.delegate = reader
  guard parser.parse() else { return nil }
  return (reader.suite["tests"], reader.suite["failures"], reader.cases)
}

extension CLITests {
  @Suite struct CommandLineTests {
    @Test func versionHelpAndTheCommandLanguage() throws {
      #expect(try Binary.run(["--version"]).output == StorebenchVersion.current + "\n")
      let help = try Binary.run(["--help"])
      #expect(help.status == 0)
      for subcommand in ["prompt (default)", "run", "test", "help-commands"] {
        #expect(help.output.contains("\n  \(subcommand) "), "\(subcommand)")
      }
      #expect(help.output.contains("storebench help-commands"))
      #expect(try Binary.run(["help-commands"]).output == (try CommandHelp.text(for: [])) + "\n")
      #expect(
        try Binary.run(["help-commands", "observer", "add"]).output.hasPrefix(
          "usage: observer add NAME [PRESET]"))
      let unknown = try Binary.run(["help-commands", "bogus"])
      #expect(unknown.status == 1)
      #expect(unknown.error == "error: no command or topic \"bogus\" (`help` lists them)\n")
    }

    @Test func failuresAreJSONObjectsWithAStableCodeInJSONOutput() throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("json-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let script = directory.appendingPathComponent("j.storebench")
      try "buy coins.100\nbuy nope\n".write(to: script, atomically: true, encoding: .utf8)
      let run = try Binary.run(["run", "--format", "json", script.path])
      #expect(run.status == 1)
      #expect(run.error == "")
      let last = try #require(run.output.split(separator: "\n").last)
      let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: [String: Any]]
      let error = try #require(object?["error"])
      #expect(error["code"] as? String == "unknown_product")
      #expect((error["message"] as? String)?.hasPrefix("no product \"nope\" in the catalog") == true)
      #expect(error["file"] as? String == script.path)
      #expect(error["line"] as? Int == 2)
      for (input, code) in [
        ("bye\n", "unknown_command"), ("buy x --bogus\n", "invalid_arguments"),
        ("expect clock 2020-01-01\n", "expectation_failed"), ("help bogus\n", "unknown_help_topic"),
      ] {
        let piped = try Binary.run(["--format", "json"], input: input)
        #expect(piped.status == 1)
        let line = try #require(piped.output.split(separator: "\n").last)
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: [String: Any]]
        #expect(parsed?["error"]?["code"] as? String == code, "\(input)")
      }
      let state = directory.appendingPathComponent("w.json").path
      let refused = try Binary.run(["--state", state, "--format", "json", "buy", "nope"])
      #expect(refused.status == 1)
      #expect(refused.output.hasPrefix("{\"error\":{\"code\":\"unknown_product\""))
    }

    @Test func theLanguagesCommandsAnswerFromTheShell() throws {
      let buy = try CommandHelp.text(for: ["buy"]) + "\n"
      #expect(try Binary.run(["help", "buy"]).output == buy)
      #expect(try Binary.run(["buy", "--help"]).output == buy)
      #expect(try Binary.run(["buy", "coins.100", "-h"]).output == buy)
      #expect(try Binary.run(["help", "durations"]).output.hasPrefix("Durations"))
      // storebench's own subcommands keep ArgumentParser's help.
      #expect(try Binary.run(["help", "run"]).output.hasPrefix("OVERVIEW: Run script files"))
      let products = try Binary.run(["products"])
      #expect(products.status == 64)
      #expect(products.error.hasPrefix("error: `products` is a workbench command: it needs a world."))
      #expect(products.error.contains("`storebench --state FILE products`"))
      let unknown = try Binary.run(["help", "bogus"])
      #expect(unknown.status == 64)
      #expect(unknown.error == "error: no command or topic \"bogus\" (`help` lists them)\n")
    }

    @Test func standardInputRunsAsAScriptWithoutAPrompt() throws {
      let good = try Binary.run([], input: "buy coins.100\nexpect storage coins.100 1\n")
      #expect(good.status == 0)
      #expect(good.output.hasPrefix("2026-01-01 00:00:00 app updatedTransactions: #1 coins.100 purchasing\n"))
      #expect(!good.output.contains("> ") && !good.output.contains("\u{1B}"))
      let bad = try Binary.run([], input: "buy coins.100\nexpect storage coins.100 2\nclock\n")
      #expect(bad.status == 1)
      #expect(bad.error == "-:2: expectation failed: storage has coins.100 1, expected 2\n")
      #expect(!bad.output.contains("2026-01-01T00:00:00Z"))
    }

    @Test func aRecordingReplaysWithTheSameOutput() throws {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let session = try Binary.run(
        [],
        input:
          "buy coins.100\nrecord bug.storebench --all\nobserver add late passive\nbuy level.pack\nrelaunch\n"
          + "advance-clock 2d\ntransactions\nhistory\n", directory: directory)
      #expect(session.status == 0, "\(session.error)")
      let replay = try Binary.run(["run", "bug.storebench"], directory: directory)
      #expect(replay.status == 0, "\(replay.error)")
      // The replay first gives its world the session's seed (0: standard input ran as a script).
      #expect(
        replay.output
          == "world seed 0: transaction ids start at 2000000000000001\n"
          + session.output.replacingOccurrences(of: "recording to bug.storebench\n", with: ""))
      #expect(replay.output.contains("level.pack"))
    }

    @Test func aGoldenMismatchPrintsAUnifiedDiffAndFails() throws {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      try write("buy coins.100\nclock\n", to: directory.appendingPathComponent("a.storebench"))
      try write(
        "> buy coins.100\n> clock\n2026-01-02T00:00:00Z\n", to: directory.appendingPathComponent("a.expected")
      )
      try write("clock\n", to: directory.appendingPathComponent("b.storebench"))
      let result = try Binary.run([
        "test", directory.path, "--junit", directory.appendingPathComponent("out.xml").path,
      ])
      #expect(result.status == 1)
      let lines = result.output.split(separator: "\n").map(String.init)
      let a = directory.appendingPathComponent("a.storebench").path
      #expect(lines.first?.hasPrefix("FAIL  \(a): differs from ") == true)
      #expect(lines.contains("--- \(directory.appendingPathComponent("a.expected").path)"))
      #expect(lines.contains("+++ \(a) (transcript)"))
      #expect(lines.contains("@@ -1,3 +1,9 @@"))
      #expect(lines.contains("-2026-01-02T00:00:00Z"))
      #expect(lines.contains("+2026-01-01T00:00:00Z"))
      #expect(lines.contains("pass  \(directory.appendingPathComponent("b.storebench").path)"))
      #expect(lines.last == "1 passed, 1 failed")
      #expect(!result.output.contains("\u{1B}"))
      let counts = junitCounts(try Data(contentsOf: directory.appendingPathComponent("out.xml")))
      #expect(counts?.tests == "2" && counts?.failures == "1" && counts?.cases == 2)

      let update = try Binary.run(["test", directory.path, "--update", "--filter", "a"])
      #expect(update.status == 0)
      #expect(update.output.split(separator: "\n").last == "1 passed, 0 failed")
      #expect(try Binary.run(["test", directory.path]).output.hasSuffix("\n2 passed, 0 failed\n"))
    }

    @Test func aFolderWithNoScriptsToRunIsAnError() throws {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let empty = try Binary.run(["test", directory.path])
      #expect(empty.status == 1)
      #expect(
        empty.error.contains("error: \(directory.path): no *.storebench scripts to run"), "\(empty.error)")
      #expect(!empty.output.contains("passed"))
      try write("clock\n", to: directory.appendingPathComponent("a.storebench"))
      let filtered = try Binary.run(["test", directory.path, "--filter", "zzz"])
      #expect(filtered.status == 1)
      #expect(filtered.error.contains("no *.storebench scripts whose name contains \"zzz\" to run"))
    }

    @Test func theSuiteInParallelWithAJUnitReport() throws {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let report = directory.appendingPathComponent("out.xml")
      let result = try Binary.run(["test", "scripts", "-j", "2", "--junit", report.path])
      #expect(result.status == 0, "\(result.output)")
      let lines = result.output.split(separator: "\n").map(String.init)
      let scripts = try SuiteRunner.scripts(in: Binary.repository.appendingPathComponent("scripts").path)
      #expect(
        lines.dropLast() == scripts.map { "pass  scripts/" + URL(fileURLWithPath: $0).lastPathComponent }[...]
      )
      #expect(lines.last == "\(scripts.count) passed, 0 failed")
      let counts = junitCounts(try Data(contentsOf: report))
      #expect(
        counts?.tests == "\(scripts.count)" && counts?.failures == "0" && counts?.cases == scripts.count)
      #expect(try Binary.run(["test", "scripts", "-j", "0"]).status == 64)
    }

    @Test func aScriptRunsAsAProgram() throws {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let bin = directory.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: bin.appendingPathComponent("storebench").path, withDestinationPath: Binary.path)
      let path = "\(bin.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
      for shebang in ["#!/usr/bin/env storebench", "#!/usr/bin/env -S storebench run"] {
        let script = directory.appendingPathComponent("buy.storebench")
        try write("\(shebang)\nbuy coins.100\nexpect storage coins.100 1\nclock\n", to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let result = try Binary.run(executable: script.path, [], environment: ["PATH": path])
        #expect(result.status == 0, "\(shebang): \(result.error) \(result.output)")
        #expect(
          result.output.hasSuffix(
            "purchased 2000000000000001\n2026-01-01 00:00:00 app deliver: coins.100 +1 (balance 1)\n2026-01-01 00:00:00 app finishTransaction: #1\n2026-01-01 00:00:00 app removedTransactions: #1 coins.100 purchased 2000000000000001\n2026-01-01T00:00:00Z\n"
          ), "\(shebang)")
        try write("\(shebang)\nexpect storage coins.100 1\n", to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        #expect(try Binary.run(executable: script.path, [], environment: ["PATH": path]).status == 1)
      }
    }
  }
}

@Suite struct InterruptTests {
  /// Ctrl-C during a long `advance-clock` in a script stops it after the last event fully
  /// processed, says where the clock stands, and ends the run with status 130.
  @Test func ctrlCStopsALongAdvanceAndTheRunExitsWith130() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("long.storebench")
    try write(
      """
      catalog load \(Binary.repository.path)/catalog/selfies.json
      time-rate every-2s
      buy com.example.selfies.sub.allaccess
      advance-clock 10y --force
      clock
      """, to: script)
    let result = try Binary.run(
      executable: "/bin/sh",
      [
        "-c",
        // Once the purchase is done, Ctrl-C every half second until the run ends (a signal that
        // comes before the handler is installed is ignored, as a background job's is); after
        // 20 s, kill it so that the test cannot hang.
        #"""
        STOREBENCH_CA_DIR="$0/ca" "$1" run "$2" > "$0/out" & pid=$!
        tries=0
        until grep -q "removedTransactions: #1 " "$0/out" 2>/dev/null || [ $tries -ge 200 ]; do
          sleep 0.1; tries=$((tries + 1))
        done
        sleep 0.5
        tries=0
        while kill -0 $pid 2>/dev/null && [ $tries -lt 40 ]; do
          kill -INT $pid; sleep 0.5; tries=$((tries + 1))
        done
        kill -9 $pid 2>/dev/null
        wait $pid
        """#,
        directory.path, Binary.path, script.path,
      ])
    #expect(result.status == 130)
    #expect(result.error.contains("long.storebench:4: interrupted: the clock stopped at 2026-01-01T"))
    let output = try String(contentsOf: directory.appendingPathComponent("out"), encoding: .utf8)
    #expect(output.split(separator: "\n").last?.contains("app removedTransactions: #") == true)
    #expect(!output.contains("\n2026-01-01T") && !output.hasSuffix("Z\n"))  // `clock` never ran
  }
}
