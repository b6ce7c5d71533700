@preconcurrency import CLibEdit
import Foundation
import Workbench

/// The completer libedit's completion callback consults. A C callback cannot capture context, and
/// libedit calls it synchronously inside `readline()`, on the thread reading the prompt; there is
/// one editor per process.
nonisolated(unsafe) private var activeCompleter: Completer?

/// The prompt's line editor: libedit's readline with the persistent history, TAB completion from
/// the ``Completer``, Ctrl-C abandoning the line being typed, and keys typed ahead kept.
///
/// Keys typed while a command runs wait in the terminal's input queue and reach the next prompt
/// (libedit switches modes without flushing). Ctrl-C, though, makes the terminal driver discard
/// that queue unless NOFLSH is set, so the prompt sets it for as long as it runs.
final class LineEditor: LineReader {
  private var history: PromptHistory
  /// The terminal's settings before the prompt changed them, put back when it ends.
  private let savedTerminal: termios?

  /// Sets libedit up: history loaded, completion and the Ctrl-C handler installed, typeahead kept
  /// on Ctrl-C.
  init(history: PromptHistory, completer: Completer) {
    self.history = history
    savedTerminal = Self.keepTypeaheadOnInterrupt()  // first, so that libedit's cooked mode keeps it
    activeCompleter = completer
    rl_readline_name = UnsafePointer(strdup("storebench"))  // for ~/.editrc; kept for the process
    rl_catch_signals = 0  // libedit's handlers would re-raise SIGINT to the whole process group
    rl_initialize()
    using_history()
    stifle_history(Int32(history.limit))
    for line in history.lines { add_history(line) }
    rl_attempted_completion_function = complete
    // Ctrl-C interrupts the read on this thread, the one that calls readline(): it returns NULL
    // with errno EINTR.
    if let problem = Interrupts.interruptReadsOnThisThread() {
      Console.error("warning: Ctrl-C cannot be caught, it ends storebench: \(problem)")
    }
  }

  deinit {
    guard var saved = savedTerminal else { return }
    if tcsetattr(STDIN_FILENO, TCSADRAIN, &saved) != 0 {
      let reason = String(cString: strerror(errno))
      Console.error("warning: the terminal's settings could not be put back: \(reason)")
    }
  }

  /// Sets NOFLSH on the terminal: Ctrl-C no longer discards what was typed ahead.
  ///
  /// - Returns: the settings before, or `nil` when standard input is not a terminal or they
  ///   cannot be changed (then a warning says so).
  private static func keepTypeaheadOnInterrupt() -> termios? {
    var settings = termios()
    guard isatty(STDIN_FILENO) != 0, tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
    let saved = settings
    settings.c_lflag |= tcflag_t(NOFLSH)
    guard tcsetattr(STDIN_FILENO, TCSADRAIN, &settings) == 0 else {
      Console.error("warning: Ctrl-C will discard keys typed ahead: \(String(cString: strerror(errno)))")
      return nil
    }
    return saved
  }

  func readLine(prompt: String) -> LineInput {
    errno = 0
    defer { Interrupts.clear() }  // a Ctrl-C at the prompt abandons the line, not the next command
    guard let raw = readline(prompt) else {
      let interrupted = errno == EINTR
      Console.prompt(interrupted ? "^C\n" : "\n")
      return interrupted ? .interrupted : .end
    }
    defer { free(raw) }
    let line = String(cString: raw)
    do {
      if let stored = try history.add(line) { add_history(stored) }
    } catch {
      Console.error("note: \(error)")
    }
    return .line(line)
  }
}

/// libedit's completion callback: the candidates for the word before the cursor, as the
/// NULL-terminated array readline expects (the text to insert first, then the candidates), in
/// memory libedit frees.
private func complete(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  rl_attempted_completion_over = 1  // never fall back to file names
  guard let completer = activeCompleter, let text, let buffer = rl_line_buffer else { return nil }
  let before = String(
    decoding: UnsafeRawBufferPointer(start: buffer, count: Int(max(0, rl_point))), as: UTF8.self)
  let completion = completer.complete(before)
  // libedit replaces only the part of the word after its own word-break characters (such as `=`).
  let typed = String(cString: text)
  guard !completion.candidates.isEmpty, completion.word.hasSuffix(typed) else { return nil }
  let cut = completion.word.count - typed.count
  let words = [completion.commonPrefix] + completion.candidates
  rl_completion_append_character = completion.isFinal ? 32 : 0
  let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (words.count + 1)
  guard let memory = malloc(size) else { return nil }
  let matches = memory.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: words.count + 1)
  for (index, word) in words.enumerated() { matches[index] = strdup(String(word.dropFirst(cut))) }
  matches[words.count] = nil
  return matches
}
