/// Where a world kept on disk (`--state FILE`) writes down each change the moment it is asked for,
/// before anything answers it: the server's requests and the notification attempts' results, the
/// two kinds of change that do not come from a command line. The workbench's journal is the one
/// implementation; a world without one changes in memory only.
public protocol ChangeJournal: AnyObject {
  /// Writes down a request that may change the world, and flushes it to the disk, before the
  /// request is answered.
  ///
  /// - Throws: When it cannot be kept: the request must then be refused, unchanged.
  func keep(_ request: APIRequest) throws

  /// Writes down how a notification's delivery attempt went (it cannot be asked again when the
  /// world is rebuilt), and flushes it to the disk.
  func keep(_ result: SendAttemptResult)
}
