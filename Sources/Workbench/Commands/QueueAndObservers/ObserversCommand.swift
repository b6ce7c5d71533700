import ArgumentParser
import Observer

/// `observers`: who listens to the queue.
struct ObserversCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "observers",
    abstract: "List the registered transaction observers and their policies.")

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    let observers = session.device.queue.observers
    guard !observers.isEmpty else {
      session.print("no observers: transactions wait unheard in the queue")
      return
    }
    let rows = observers.map { observer -> [String] in
      guard let app = observer as? AppObserver else { return [observer.name, ""] }
      return [app.name, app.policy.presetName ?? "custom", app.policy.description]
    }
    session.print(lines: TextTable.render(rows))
  }
}
