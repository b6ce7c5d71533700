import Store

/// Turns an event into the line a session prints for it.
enum EventRenderer {
  static func render(_ event: Event, as format: OutputFormat) -> String {
    switch format {
    case .text:
      let head = "\(Timestamp.log(event.time)) \(event.actor) \(event.action)"
      return event.detail.isEmpty ? head : "\(head): \(event.detail)"
    case .json:
      let members =
        [
          ("time", Timestamp.iso8601(event.time)), ("actor", event.actor), ("action", event.action),
          ("detail", event.detail),
        ] + event.fields.map { ($0.name, $0.value) }
      return JSONLine.object(members)
    }
  }
}
