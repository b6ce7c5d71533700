import ArgumentParser
import Vocabulary

extension Console {
  /// Ends storebench for an error: reports it on standard error as `error: MESSAGE`, or
  /// `FILE:LINE[:COLUMN]: error: MESSAGE` when it points into a file (``ErrorLine``), and gives
  /// the exit status to end with (`throw Console.fatal(error)`).
  ///
  /// - Parameters:
  ///   - error: what went wrong.
  ///   - status: the exit status; 1 unless told.
  /// - Returns: The exit status.
  static func fatal(_ error: any Error, status: ExitCode = .failure) -> ExitCode {
    Console.error(ErrorLine.text(for: error))
    return status
  }
}
