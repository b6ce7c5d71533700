extension World {
  /// Runs one step of the world: every command and every request that reaches the world goes
  /// through here, so that each is bookkept alike. The step opens the certificate authority once
  /// for all its work (``withOneAuthority(_:)``), runs `body`, lets the world settle (``settle()``)
  /// so that what the change caused (observer callbacks, receipts written, notifications due) happens
  /// before the step ends, and then, when `changing`, notes the change (``noteChange()``). A
  /// read-only step (a command that only shows something, a `GET`) leaves what is kept for a world
  /// standing still, such as verifyReceipt's answers. A step that fails half-way settles and
  /// notes its change all the same: part of it may have happened.
  ///
  /// - Parameters:
  ///   - changing: Whether `body` may change the world.
  ///   - body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func step<T>(changing: Bool, _ body: () throws -> T) rethrows -> T {
    defer { if changing { noteChange() } }
    return try withOneAuthority {
      defer { settle() }
      return try body()
    }
  }
}
