import Foundation
import Store

/// Turns events into the lines a session prints for them. Events come in runs at one instant
/// (a renewal and what each app does about it), so the time of the last one is written once.
final class EventRenderer {
  private let format: OutputFormat
  private var lastTime: Date?
  private var lastTimeText = ""

  /// Creates a renderer writing text or JSON lines.
  init(format: OutputFormat) {
    self.format = format
  }

  /// The line for an event.
  func render(_ event: Event) -> String {
    switch format {
    case .text:
      let head = "\(timeText(event.time)) \(event.actor) \(event.action)"
      return event.detail.isEmpty ? head : "\(head): \(event.detail)"
    case .json:
      let members =
        [
          ("time", timeText(event.time)), ("actor", event.actor), ("action", event.action),
          ("detail", event.detail),
        ] + event.fields.map { ($0.name, $0.value) }
      return JSONLine.object(members)
    }
  }

  private func timeText(_ time: Date) -> String {
    if time != lastTime {
      lastTime = time
      lastTimeText = format == .text ? Timestamp.log(time) : Timestamp.iso8601(time)
    }
    return lastTimeText
  }
}
