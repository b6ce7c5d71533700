import CInterrupts
import Foundation
import Simulation

/// Ctrl-C for the whole process, through the C target `CInterrupts`: its handler sets one atomic
/// flag, defined once, which every build (debug or release) reads.
enum Interrupts {
  /// Catches SIGINT: long work stops at its next safe point instead of the process ending.
  ///
  /// - Returns: an error message when the handler cannot be installed.
  static func catchInterrupts() -> String? {
    storebench_catch_sigint() == 0 ? nil : String(cString: strerror(errno))
  }

  /// Catches SIGINT and makes it interrupt a `readline()` on the calling thread as well.
  ///
  /// - Returns: an error message when the handler cannot be installed.
  static func interruptReadsOnThisThread() -> String? {
    storebench_interrupt_reads_on_sigint() == 0 ? nil : String(cString: strerror(errno))
  }

  /// Whether Ctrl-C was pressed since the last ``clear()``.
  static var isRequested: Bool { storebench_interrupt_requested() != 0 }

  /// Forgets an earlier Ctrl-C (one that abandoned a line at the prompt, for instance).
  static func clear() {
    storebench_clear_interrupt()
  }

  /// Runs `body` with Ctrl-C ignored by this process, for another program that owns the terminal
  /// meanwhile (a pager): the interrupt is that program's, not a command's.
  static func ignored<T>(_ body: () -> T) -> T {
    storebench_ignore_sigint()
    defer { storebench_restore_sigint() }
    return body()
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

  func progress(_ fraction: Double, _ description: String, events: Int) {
    let now = clock.now
    guard let started else { return started = now }
    guard showsProgress, now - started > .seconds(1), lastShown.map({ now - $0 > .milliseconds(100) }) ?? true
    else { return }
    lastShown = now
    Console.errorText(
      "\r\u{1B}[2K" + Self.line(fraction, description, events: events, elapsed: now - started))
  }

  /// `… 42%: 152575 events, clock at 2026-01-04T12:45:50Z, 76287 events/s (Ctrl-C stops)`.
  static func line(_ fraction: Double, _ description: String, events: Int, elapsed: Duration) -> String {
    let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
    let (seconds, attoseconds) = elapsed.components
    let rate = Double(events) / max(Double(seconds) + Double(attoseconds) / 1e18, 0.001)
    return "… \(percent)%: \(events) events, clock at \(description), \(Int(rate)) events/s (Ctrl-C stops)"
  }

  func finished() {
    if lastShown != nil { Console.errorText("\r\u{1B}[2K") }
    started = nil
    lastShown = nil
  }
}
