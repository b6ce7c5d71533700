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
  /// A change that a kept world's journal must be able to make again goes through
  /// ``step(_:refused:_:)`` instead, which writes it down first.
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

  /// Runs a change of the world as one step (``step(changing:_:)``), journaled: in a world kept on
  /// disk, the change is written down (``changeJournal``) before it is made, and when Ctrl-C
  /// stops the clock during it, the instant it stopped at is written down after it. A change that
  /// cannot be written down is refused, unmade. This and ``deliverNotifications(notAfter:)`` (each
  /// attempt's result, through ``journal(_:)``) are all that write to the journal.
  ///
  /// - Parameters:
  ///   - change: The change, as the journal keeps it: a command line or a request.
  ///   - refused: The answer when the journal cannot keep the change, from the journal's error.
  ///   - body: The work.
  /// - Returns: What `body` returns, or `refused`'s answer.
  /// - Throws: What `body` throws.
  public func step<T>(_ change: WorldChange, refused: (any Error) -> T, _ body: () throws -> T) rethrows -> T
  {
    if let changeJournal {
      do {
        try changeJournal.keep(change)
      } catch {
        return refused(error)
      }
    }
    clockStop = nil
    defer {
      if let clockStop { journal(.clockStopped(at: clockStop)) }
    }
    return try step(changing: true, body)
  }

  /// Writes down what a change led to, in a world kept on disk.
  func journal(_ aftermath: ChangeAftermath) {
    changeJournal?.keep(aftermath)
  }
}
