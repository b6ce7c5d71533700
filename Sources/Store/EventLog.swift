/// Where the parts of the world report what happens. The workbench decides how to show it.
public final class EventLog {
  private var listener: ((Event) -> Void)?

  /// Creates a log that passes each event to `listener`, or drops events when there is none.
  public init(listener: ((Event) -> Void)? = nil) {
    self.listener = listener
  }

  /// Sends events to another listener from now on.
  public func redirect(to listener: @escaping (Event) -> Void) {
    self.listener = listener
  }

  /// Whether anyone listens: reporters skip building events nobody will read.
  public var isListening: Bool { listener != nil }

  /// Whether the listener reads events' named fields (JSON output does, text does not): reporters
  /// skip building fields nobody will read.
  public var readsFields = true

  /// Reports an event.
  public func record(_ event: Event) {
    listener?(event)
  }
}
