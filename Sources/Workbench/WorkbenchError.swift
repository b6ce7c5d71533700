import Vocabulary

/// A command that could not be carried out, with the reason in words a user can act on: the
/// shared shape (``ModuleError``), told apart as the workbench's.
public typealias WorkbenchError = ModuleError<Session>

extension ErrorCode {
  /// A file, a directory or a saved world cannot be read or written.
  public static let file = ErrorCode("file_access")
  /// A benchmark could not set up or measure what it runs.
  public static let benchmark = ErrorCode("benchmark_failed")
}
