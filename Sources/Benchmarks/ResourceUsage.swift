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

extension ResourceUsage {
  /// The resident memory of the process now, in bytes (Linux: `/proc/self/statm`; elsewhere the peak).
  public static var residentBytes: Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return peakResidentBytes
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return peakResidentBytes }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
