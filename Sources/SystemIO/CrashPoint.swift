import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A testing aid: counts the steps of a write sequence and, when its environment variable holds
/// `N`, kills the process with SIGKILL (as `kill -9` would: no clean-up runs) right after step N,
/// so that tests can check that a crash at every step loses nothing saved before. Two sequences
/// are counted, each with its own variable, read here and nowhere else: the certificate
/// authority's creation and rotation (`STOREBENCH_CRASH_AFTER_STEP`), and the files commands write
/// and append to (`STOREBENCH_CRASH_AFTER_FILE_STEP`, counted across the whole process). Without
/// the variable, counting does nothing.
public struct CrashPoint {
  /// The certificate authority's write sequences.
  public static let authorityVariable = "STOREBENCH_CRASH_AFTER_STEP"
  /// The files commands write, staged or appended.
  public static let fileVariable = "STOREBENCH_CRASH_AFTER_FILE_STEP"

  private static let fileSteps = Mutex(0)
  private static let fileStopAfter = number(in: fileVariable)

  private let stopAfter: Int?
  private var steps = 0

  /// A counter for one write sequence of the certificate authority.
  public init() {
    stopAfter = Self.number(in: Self.authorityVariable)
  }

  /// Notes that one more step is done, and stops the process there when asked to.
  public mutating func stepDone() {
    steps += 1
    if steps == stopAfter { kill(getpid(), SIGKILL) }
  }

  /// Notes that one more step of writing a file is done (counted across the process), and stops
  /// the process there when asked to.
  public static func fileStepDone() {
    guard let stopAfter = fileStopAfter else { return }
    let step = fileSteps.withLock { steps in
      steps += 1
      return steps
    }
    if step == stopAfter { kill(getpid(), SIGKILL) }
  }

  private static func number(in variable: String) -> Int? {
    getenv(variable).flatMap { Int(String(cString: $0)) }
  }
}
