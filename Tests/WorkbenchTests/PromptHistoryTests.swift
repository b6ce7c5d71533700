import Foundation
import Testing

@testable import Workbench

@Suite struct PromptHistoryTests {
  @Test func theFileFollowsXDG() {
    #expect(
      PromptHistory.defaultPath(environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/a"])
        == "/state/storebench/history")
    #expect(
      PromptHistory.defaultPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/a"])
        == "/home/a/.local/state/storebench/history")
    #expect(
      PromptHistory.defaultPath(environment: ["HOME": "/home/a"]) == "/home/a/.local/state/storebench/history"
    )
    #expect(PromptHistory.defaultPath(environment: [:]) == nil)
  }

  @Test func linesAreTrimmedDeduplicatedAndKeptAcrossRuns() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("a/b/history").path
    var history = PromptHistory(path: path)
    #expect(history.problem == nil)
    #expect(try history.add("  buy coins.100 ") == "buy coins.100")
    #expect(try history.add("buy coins.100") == nil)
    #expect(try history.add("   ") == nil)
    #expect(try history.add("products") == "products")
    #expect(try history.add("buy coins.100") == "buy coins.100")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "buy coins.100\nproducts\nbuy coins.100\n")
    #expect(PromptHistory(path: path).lines == ["buy coins.100", "products", "buy coins.100"])
  }

  @Test func theFileIsShortenedToItsLimit() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("history").path
    var history = PromptHistory(path: path, limit: 3)
    for index in 1...6 { try history.add("clock \(index)") }
    #expect(history.lines == ["clock 4", "clock 5", "clock 6"])
    let reopened = PromptHistory(path: path, limit: 3)
    #expect(reopened.lines == ["clock 4", "clock 5", "clock 6"])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "clock 4\nclock 5\nclock 6\n")
  }

  @Test func anUnusableFileKeepsHistoryInMemory() throws {
    var history = PromptHistory(path: "/dev/null/storebench/history")
    #expect(history.problem?.hasPrefix("history is not saved: /dev/null/storebench/history") == true)
    #expect(try history.add("clock") == "clock")
    #expect(history.lines == ["clock"])
  }

  @Test func aLineLongerThanTheLimitRunsButIsNotKept() throws {
    var history = PromptHistory(path: nil)
    let longest = "products " + String(repeating: "p", count: PromptHistory.maximumEntryBytes - 9)
    #expect(try history.add(longest) == longest)
    #expect(throws: WorkbenchError(.invalidValue, "not kept in history: 4097 bytes, the limit is 4096")) {
      try history.add(longest + "q")
    }
    #expect(history.lines == [longest])
  }

  @Test func overlongLinesInTheFileAreLeftOut() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("history").path
    let long = String(repeating: "x", count: PromptHistory.maximumEntryBytes + 1)
    try "clock\n\(long)\nproducts\n".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(PromptHistory(path: path).lines == ["clock", "products"])
  }
}
