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

    @Test func bashCompletesTheLanguageOnASavedWorld() throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("completions-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      #expect(try Binary.run(["--state", "w.json", "buy", "coins.100"], directory: directory).status == 0)
      let script = try Binary.run(["completions", "bash"]).output
      try script.write(to: directory.appendingPathComponent("c.bash"), atomically: true, encoding: .utf8)
      // What bash does on TAB: the words typed, then the completion function.
      let driver = """
        source ./c.bash
        PATH="\(Binary.repository.path)/.build/debug:$PATH"
        complete_line() {
          COMP_LINE="$1"; read -ra COMP_WORDS <<< "$1"; [[ "$1" == *" " ]] && COMP_WORDS+=("")
          COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_POINT=${#COMP_LINE}; COMPREPLY=()
          local spec; spec="$(complete -p storebench)"; spec="${spec##*-F }"
          "${spec%% *}"; echo "${COMPREPLY[*]}"
        }
        complete_line "storebench "
        complete_line "storebench state --state w.json status "
        complete_line "storebench state --state w.json finish "
        complete_line "storebench state --state w.json expect txn #1 pur"
        complete_line "storebench completions "
        complete_line "storebench --state w.json status "
        complete_line "storebench --catalog \(Binary.repository.path)/catalog/default.json --state w.json expect txn #1 pur"
        complete_line "storebench --state w.json "
        """
      let result = try Binary.run(executable: "/bin/bash", ["-c", driver], directory: directory)
      #expect(result.status == 0, "\(result.error)")
      let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      #expect(lines.count == 9, "\(result.output)")
      guard lines.count == 9 else { return }
      #expect(lines[0].split(separator: " ").contains("state"))
      #expect(lines[0].split(separator: " ").contains("completions"))
      #expect(lines[1] == "lite.monthly pro.monthly pro.yearly")
      #expect(lines[2] == "#1 2000000000000001 last")
      #expect(lines[3] == "purchased purchasing")
      #expect(Set(lines[4].split(separator: " ")) == ["bash", "zsh", "fish"])
      // The root form, as the docs write it, completes as `storebench state --state FILE`.
      #expect(lines[5] == lines[1])
      #expect(lines[6] == lines[3])
      #expect(lines[7].split(separator: " ").contains("advance-clock"))
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
