import Foundation
import Testing

extension CLITests {
  /// `storebench completions bash|zsh|fish`.
  @Suite struct CompletionsTests {
    @Test func bashScriptIsValidAndNamesTheSubcommands() throws {
      let result = try Binary.run(["completions", "bash"])
      #expect(result.status == 0, "\(result.error)")
      for subcommand in ["prompt", "run", "test", "serve", "help-commands", "state", "completions"] {
        #expect(result.output.contains(subcommand), "\(subcommand)")
      }
      #expect(result.output.contains("complete -o filenames -F"))
      let script = FileManager.default.temporaryDirectory.appendingPathComponent("completions-\(UUID()).bash")
      try result.output.write(to: script, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(at: script) }
      let syntax = try Binary.run(executable: "/bin/bash", ["-n", script.path])
      #expect(syntax.status == 0, "\(syntax.error)")
    }

    @Test func zshAndFishScripts() throws {
      for shell in ["zsh", "fish"] {
        let result = try Binary.run(["completions", shell])
        #expect(result.status == 0, "\(shell): \(result.error)")
        #expect(result.output.contains("storebench"), "\(shell)")
        #expect(result.output.contains("help-commands"), "\(shell)")
      }
    }

    @Test func anUnknownShellListsTheKnownOnes() throws {
      let result = try Binary.run(["completions", "tcsh"])
      #expect(result.status == 64)
      #expect(result.output.isEmpty)
      #expect(result.error.contains("unknown shell 'tcsh'"))
      for shell in ["bash", "zsh", "fish"] { #expect(result.error.contains(shell), "\(shell)") }
    }
  }
}
