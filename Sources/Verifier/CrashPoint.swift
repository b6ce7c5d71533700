import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A testing aid: counts the steps of a write sequence and, when the environment variable
/// `STOREBENCH_CRASH_AFTER_STEP` is `N`, kills the process with SIGKILL (as `kill -9` would: no
/// clean-up runs) right after step N, so that tests can check that a crash at every step leaves an
/// authority the next run opens. The variable is read here and nowhere else; without it, counting
/// does nothing.
struct CrashPoint {
  /// The step after which to stop, from the environment.
  private static let stopAfter = ProcessInfo.processInfo.environment["STOREBENCH_CRASH_AFTER_STEP"].flatMap {
    Int($0)
  }

  private var steps = 0

  /// Notes that one more step is done, and stops the process there when asked to.
  mutating func stepDone() {
    steps += 1
    if steps == Self.stopAfter { kill(getpid(), SIGKILL) }
  }
}
