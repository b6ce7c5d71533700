/// A change asked of the world that a kept world's journal writes down before it is made
/// (``ChangeJournal``), so that the change can be made again when the world is rebuilt:
/// ``World/step(_:refused:_:)`` takes one.
public enum WorldChange: Sendable {
  /// A command line that changes the world (typed at the prompt, a script's line, or a page
  /// action's command), with the directory its relative paths are read from.
  case command(words: [String], directory: String?)
  /// A request to the App Store Server API that may change the world.
  case request(APIRequest)
}
