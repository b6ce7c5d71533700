@preconcurrency import CLibEdit
import Foundation
import Simulation

/// Ctrl-C for the whole process. Every call into the C shim's signal functions is made from this
/// file, so that they share one copy of its flag (see `shim.h`).
enum Interrupts {
  /// Catches SIGINT: long work stops at its next safe point instead of the process ending.
  ///
  /// - Returns: an error message when the handler cannot be installed.
  static func catchInterrupts() -> String? {
    clibedit_catch_sigint() == 0 ? nil : String(cString: strerror(errno))
  }

  /// Catches SIGINT and makes it interrupt a `readline()` on the calling thread as well.
  ///
  /// - Returns: an error message when the handler cannot be installed.
  static func interruptReadsOnThisThread() -> String? {
    clibedit_interrupt_reads_on_sigint() == 0 ? nil : String(cString: strerror(errno))
  }

  /// Whether Ctrl-C was pressed since the last ``clear()``.
  static var isRequested: Bool { clibedit_interrupt_requested() != 0 }

  /// Forgets an earlier Ctrl-C (one that abandoned a line at the prompt, for instance).
  static func clear() {
    clibedit_clear_interrupt()
  }
}

/// Watches long commands for the terminal: Ctrl-C stops them, and after a second a progress line
/// on standard error (when it is a terminal) says how far they have come.
final class InterruptMonitor: WorkMonitor {
  private let clock = ContinuousClock()
  private var started: ContinuousClock.Instant?
  private var lastShown: ContinuousClock.Instant?
  private let showsProgress = isatty(FileHandle.standardError.fileDescriptor) != 0

  var isStopRequested: Bool { Interrupts.isRequested }

  func progress(_ fraction: Double, _ description: String) {
    let now = clock.now
    guard let started else { return started = now }
    guard showsProgress, now - started > .seconds(1), lastShown.map({ now - $0 > .milliseconds(100) }) ?? true
    else { return }
    lastShown = now
    let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
    Console.errorText("\r\u{1B}[2K… \(percent)% (clock at \(description), Ctrl-C stops)")
  }

  func finished() {
    if lastShown != nil { Console.errorText("\r\u{1B}[2K") }
    started = nil
    lastShown = nil
  }
}
