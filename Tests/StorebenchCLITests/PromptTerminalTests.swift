import Foundation
import Testing

extension CLITests {
  /// The real prompt in a pseudo-terminal under tmux: typing, history, TAB, Ctrl-C and Ctrl-D.
  @Suite struct PromptTerminalTests {
    static let prompt = "2026-01-01 00:00:00> "
    static let emptyPrompt = "2026-01-01 00:00:00>"

    /// Whether the screen shows storebench ended with status 0 after the last prompt's `input`.
    static func ended(_ screen: [String], after input: String) -> Bool {
      guard let index = screen.lastIndex(of: "[exited with status 0]") else { return false }
      return index > 0 && screen[index - 1] == prompt + input
    }

    @Test(.enabled(if: Tmux.isAvailable, "SKIPPED: tmux is not installed (`make deps` installs it)"))
    func typingRecallingCompletingAndLeaving() throws {
      #expect(FileManager.default.isExecutableFile(atPath: Binary.path), "run `swift build` first")
      let home = FileManager.default.temporaryDirectory.appendingPathComponent("prompt-\(UUID())")
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: home) }
      let environment = ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "TERM": "xterm"]

      let tmux = try Tmux(
        socket: home.appendingPathComponent("tmux.sock").path, program: [Binary.path],
        environment: environment)
      defer { tmux.stop() }
      let start = try tmux.waitFor("the prompt") { $0.last == Self.emptyPrompt }
      // A new world at the prompt has a fresh seed: its ids start elsewhere than a script's.
      let seedLine = start.first { $0.hasPrefix("world seed ") }
      let firstId = try #require(
        seedLine?.firstMatch(of: /transaction ids start at (\d{16});/).map { String($0.1) }, "\(start)")
      #expect(firstId != "2000000000000001")

      try tmux.type("products")
      try tmux.press("Enter")
      try tmux.waitFor("the products") { $0.contains("invalid: retired.skin (not cleared for sale)") }

      try tmux.press("Up")
      try tmux.waitFor("the recalled line") { $0.last == Self.prompt + "products" }
      try tmux.press("C-c")
      try tmux.waitFor("a fresh prompt after Ctrl-C") {
        $0.suffix(2) == [Self.prompt + "products^C", Self.emptyPrompt]
      }

      try tmux.type("buy co")
      try tmux.press("Tab")
      try tmux.waitFor("the completed product id") { $0.last == Self.prompt + "buy coins.100" }
      try tmux.press("Enter")
      let screen = try tmux.waitFor("the purchase") {
        $0.contains("2026-01-01 00:00:00 app removedTransactions: #1 coins.100 purchased \(firstId)")
      }
      #expect(screen.count { $0.contains("invalid: retired.skin") } == 1, "the abandoned line did not run")

      try tmux.type("bogus")
      try tmux.press("Enter")
      try tmux.waitFor("an error that leaves the prompt open") {
        $0.contains("error: unknown command 'bogus' (`help` lists the commands)")
          && $0.last == Self.emptyPrompt
      }

      try tmux.press("C-d")
      try tmux.waitFor("the end") { Self.ended($0, after: "^D") }
      let history = try String(
        contentsOf: home.appendingPathComponent("state/storebench/history"), encoding: .utf8)
      #expect(history == "products\nbuy coins.100\nbogus\n")

      // The next run recalls the lines of this one.
      let again = try Tmux(
        socket: home.appendingPathComponent("tmux2.sock").path, program: [Binary.path],
        environment: environment)
      defer { again.stop() }
      try again.waitFor("the prompt") { $0.last == Self.emptyPrompt }
      try again.press("Up")
      try again.press("Up")
      try again.waitFor("the previous run's line") { $0.last == Self.prompt + "buy coins.100" }
      try again.press("C-u")
      try again.type("quit")
      try again.press("Enter")
      try again.waitFor("the end") { Self.ended($0, after: "quit") }
    }

    /// On a saved world (`--state`) the banner names the world; `help` fits the screen and `help all`
    /// goes through the pager (`$PAGER`, else `less`), after which the prompt comes back.
    @Test(.enabled(if: Tmux.isAvailable, "SKIPPED: tmux is not installed (`make deps` installs it)"))
    func aSavedWorldIsNamedAndLongHelpPages() throws {
      #expect(FileManager.default.isExecutableFile(atPath: Binary.path), "run `swift build` first")
      let home = FileManager.default.temporaryDirectory.appendingPathComponent("prompt-\(UUID())")
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: home) }
      let world = home.appendingPathComponent("w.json").path
      #expect(try Binary.run(["run", "-"], input: "save \(world)\n", directory: home).status == 0)
      var environment = [
        "HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "TERM": "xterm",
        "PAGER": "sed s/^/paged:/",
      ]
      let tmux = try Tmux(
        socket: home.appendingPathComponent("tmux.sock").path, program: [Binary.path, "--state", world],
        environment: environment)
      defer { tmux.stop() }
      let start = try tmux.waitFor("the prompt") { $0.last == Self.emptyPrompt }
      // The banner may wrap: the screen's lines joined give it back.
      #expect(start.joined().contains(" on world \(world). Type help"), "\(start)")

      try tmux.type("help")
      try tmux.press("Enter")
      let overview = try tmux.waitFor("the groups") {
        $0.contains { $0.hasPrefix("  Products and buying: products buy") } && $0.last == Self.emptyPrompt
      }
      #expect(!overview.contains { $0.hasPrefix("paged:") }, "a screen's worth is not paged")
      try tmux.type("help all")
      try tmux.press("Enter")
      try tmux.waitFor("the commands through the pager") {
        $0.contains("paged:Topics (`help TOPIC`): durations, refs, scripts, exit-codes, shared-secret")
          && $0.last == Self.emptyPrompt
      }
      try tmux.type("quit")
      try tmux.press("Enter")
      try tmux.waitFor("the end") { Self.ended($0, after: "quit") }

      // With less, a screen at a time until q.
      environment["PAGER"] = "less"
      let paged = try Tmux(
        socket: home.appendingPathComponent("tmux2.sock").path, program: [Binary.path],
        environment: environment)
      defer { paged.stop() }
      try paged.waitFor("the prompt") { $0.last == Self.emptyPrompt }
      try paged.type("help all")
      try paged.press("Enter")
      try paged.waitFor("less's first screen") { $0.last == ":" && $0.contains("Products and buying") }
      try paged.press("q")
      try paged.waitFor("the prompt again") { $0.last == Self.emptyPrompt }
      try paged.type("echo back")
      try paged.press("Enter")
      try paged.waitFor("a command after the pager") { $0.suffix(2) == ["back", Self.emptyPrompt] }
    }

    /// Keys typed while a command runs reach the next prompt, and so does a line typed before and
    /// one typed right after the Ctrl-C that stops the command: the terminal's input queue is not
    /// flushed (NOFLSH), and libedit reads what waits there.
    @Test(.enabled(if: Tmux.isAvailable, "SKIPPED: tmux is not installed (`make deps` installs it)"))
    func keysTypedAheadAreKept() throws {
      #expect(FileManager.default.isExecutableFile(atPath: Binary.path), "run `swift build` first")
      let home = FileManager.default.temporaryDirectory.appendingPathComponent("prompt-\(UUID())")
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: home) }
      let tmux = try Tmux(
        socket: home.appendingPathComponent("tmux.sock").path, program: [Binary.path],
        environment: ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "TERM": "xterm"])
      defer { tmux.stop() }
      try tmux.waitFor("the prompt") { $0.last == Self.emptyPrompt }

      // A long command: about twelve renewals a year for decades, until Ctrl-C stops it.
      try tmux.type("observer remove app")
      try tmux.press("Enter")
      try tmux.type("buy pro.monthly")
      try tmux.press("Enter")
      try tmux.waitFor("the purchase") { screen in
        screen.contains { $0.contains("store charged: 0.00 USD for pro.monthly") }
      }
      try tmux.type("advance-clock 5000y")
      try tmux.press("Enter")
      try tmux.type("echo typed-while-running")
      try tmux.press("Enter")
      try tmux.waitFor("renewals") { $0.contains { $0.contains("store renewed") } }
      try tmux.press("C-c")
      try tmux.type("echo typed-after-ctrl-c")
      try tmux.press("Enter")

      let screen = try tmux.waitFor("both lines run after the interruption") {
        $0.contains("typed-after-ctrl-c") && $0.last?.hasSuffix(">") == true
      }
      let stopped = try #require(screen.firstIndex { $0.hasPrefix("interrupted: the clock stopped at") })
      let during = try #require(
        screen.firstIndex(of: "typed-while-running"), "the line typed during the command")
      let after = try #require(screen.firstIndex(of: "typed-after-ctrl-c"), "the line typed after Ctrl-C")
      #expect(stopped < during && during < after)
    }
  }
}
