/// The one owner of a running world, through which the prompt, a script and the server reach it:
/// each call runs alone, so a request sees the world between two commands, never in the middle of one.
public protocol WorldAccess: AnyObject, Sendable {
  /// Runs `body` on the world, alone.
  func withWorld<T: Sendable>(_ body: @Sendable (World) throws -> T) async rethrows -> T
}
