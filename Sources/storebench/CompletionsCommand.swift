import ArgumentParser

/// `storebench completions bash|zsh|fish`: the shell completion script ArgumentParser writes for
/// the command line, commands of the language after `storebench state --state FILE` included
/// (``ShellCompletion``).
struct CompletionsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "completions",
    abstract: "Print a completion script for bash, zsh or fish.",
    discussion: """
      The script completes storebench's subcommands and options, and after \
      `storebench state --state FILE` (in bash also `storebench --state FILE`) the commands of the workbench language with their options and \
      values, taken from the world in FILE (its products, transactions, observers), as TAB does at \
      the prompt.

      bash: `source <(storebench completions bash)`, or save it in \
      ~/.local/share/bash-completion/completions/storebench.
      zsh: `storebench completions zsh > ~/.zsh/completion/_storebench`, with that folder in $fpath \
      before compinit.
      fish: `storebench completions fish > ~/.config/fish/completions/storebench.fish`.
      """)

  @Argument(help: "The shell: bash, zsh or fish.", completion: .list(Self.shells))
  var shell: String

  /// The shells ArgumentParser writes scripts for, by name.
  static let shells = CompletionShell.allCases.map(\.rawValue)

  func validate() throws {
    guard CompletionShell(rawValue: shell) != nil else {
      throw ValidationError(
        "unknown shell '\(shell)'; storebench writes completions for \(Self.shells.joined(separator: ", "))")
    }
  }

  func run() throws {
    guard let shell = CompletionShell(rawValue: shell) else { throw ExitCode.validationFailure }
    var script = Storebench.completionScript(for: shell)
    if shell == .bash { script += ShellCompletion.bashRootStateForm }
    Console.write(script.hasSuffix("\n") ? String(script.dropLast()) : script)
  }
}
