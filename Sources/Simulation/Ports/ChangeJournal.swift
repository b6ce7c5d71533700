/// Where a world kept on disk (`--state FILE`) writes down each change the moment it is asked for,
/// before anything answers it, and what the change led to. ``World/step(_:refused:_:)`` is its one
/// caller: every change (a command line, a page action's command, a request to the App Store Server
/// API) goes through it, and so do the notification attempts the world makes. The workbench's
/// journal is the one implementation; a world without one changes in memory only.
public protocol ChangeJournal: AnyObject {
  /// Writes down a change and flushes it to the disk, before the change is made.
  ///
  /// - Throws: When it cannot be kept: the change must then be refused, unmade.
  func keep(_ change: WorldChange) throws

  /// Writes down what a change led to (a notification attempt's result, where Ctrl-C stopped the
  /// clock) and flushes it to the disk. It has happened already: a journal that cannot keep it
  /// says so itself.
  func keep(_ aftermath: ChangeAftermath)
}
