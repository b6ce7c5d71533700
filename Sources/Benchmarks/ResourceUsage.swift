import Foundation

/// What the process has used, for benchmark reports.
public enum ResourceUsage {
  /// The peak resident memory of the process so far, in bytes.
  public static var peakResidentBytes: Int {
    var usage = rusage()
    #if os(Linux)
      guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
      return usage.ru_maxrss * 1024
    #else
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
      return usage.ru_maxrss
    #endif
  }
}
