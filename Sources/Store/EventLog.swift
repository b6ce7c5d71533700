/// Where the parts of the world report what happens. The workbench decides how to show it.
public final class EventLog {
  private var listener: (Event) -> Void

  /// Creates a log that passes each event to `listener`.
  public init(listener: @escaping (Event) -> Void = { _ in }) {
    self.listener = listener
  }

  /// Sends events to another listener from now on.
  public func redirect(to listener: @escaping (Event) -> Void) {
    self.listener = listener
  }

  /// Reports an event.
  public func record(_ event: Event) {
    listener(event)
  }
}
