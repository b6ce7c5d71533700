import ArgumentParser
import Foundation
import Workbench

/// What a shell's completion script (`storebench completions bash|zsh|fish`) asks storebench
/// with `storebench ---completion …`: the values of `storebench state --state FILE COMMAND…`, where
/// the command language completes as the prompt's TAB does, on the world in FILE.
enum ShellCompletion {
  /// Whether these arguments are a completion script's request (`storebench ---completion …`).
  static func isRequest(_ arguments: [String]) -> Bool { arguments.first == "---completion" }

  /// Answers a completion script's request on standard output, and ends the process.
  static func answer(_ arguments: [String]) -> Never {
    do {
      _ = try Storebench.parseAsRoot(arguments)
      Storebench.exit(withError: nil)
    } catch {
      Storebench.exit(withError: error)
    }
  }

  /// The candidates for the word at `index` of a line `storebench state --state FILE COMMAND…`: the
  /// prompt's ``Completer`` on the world in FILE (a new world when there is none).
  ///
  /// - Parameters:
  ///   - words: the line's words, the program's name first.
  ///   - index: which word is being completed.
  ///   - prefix: the part of that word before the cursor.
  static func languageCandidates(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    var typed = words.prefix(max(1, min(index, words.count))).dropFirst()
    var state: String?
    var catalog: String?
    while let option = typed.first, option.hasPrefix("-") || option == "state" {
      typed = typed.dropFirst()
      guard option.hasPrefix("--") else { continue }
      let value = typed.first
      if option == "--state" { state = value }
      if option == "--catalog" { catalog = value }
      typed = typed.dropFirst()
    }
    do throws(any Error) {
      let located = try CatalogLocator.load(path: catalog)
      // The world is read, never kept: completing a word must not write FILE or its journal.
      let session = SessionOptions(catalog: located.catalog, catalogSource: located.source).makeSession(
        output: OutputSink(write: { _ in }, writeError: { _ in }),
        directory: FileManager.default.currentDirectoryPath)
      if let state, FileManager.default.fileExists(atPath: state) {
        _ = try session.loadWorld(from: state)
      }
      return Completer(session: session).complete((typed + [prefix]).joined(separator: " ")).candidates
    } catch {
      return []
    }
  }

  /// What the bash script ends with: `storebench --state FILE COMMAND…` completes as
  /// `storebench state --state FILE COMMAND…` (which ArgumentParser's script knows), by putting
  /// `state` into the words bash gives before handing them on.
  static let bashRootStateForm = #"""

    # storebench --state FILE COMMAND… completes as storebench state --state FILE COMMAND….
    _storebench_state_form() {
        local -i i=1
        while ((i < COMP_CWORD)) && [[ "${COMP_WORDS[i]}" == --* ]]; do
            if [[ "${COMP_WORDS[i]}" == --state || "${COMP_WORDS[i]}" == --state=* ]]; then
                COMP_LINE="${COMP_WORDS[0]} state${COMP_LINE#"${COMP_WORDS[0]}"}"
                COMP_WORDS=("${COMP_WORDS[0]}" state "${COMP_WORDS[@]:1}")
                ((COMP_CWORD += 1, COMP_POINT += 6))
                break
            fi
            if [[ "${COMP_WORDS[i]}" == *=* ]]; then ((i += 1)); else ((i += 2)); fi
        done
        _storebench
    }

    complete -o filenames -F _storebench_state_form storebench
    """#
}
