import ArgumentParser

/// `relaunch`: the app process restarts.
struct RelaunchCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "relaunch",
    abstract: "Restart the app: observers are gone, storage stays, unfinished transactions wait.",
    discussion: "Add observers again with `observer add`; they hear the unfinished transactions.")

  func execute(in session: Session) throws {
    let queue = session.device.queue
    queue.relaunch()
    let waiting = queue.transactions.count
    session.print(
      "app relaunched: no observers, \(waiting) unfinished transaction\(waiting == 1 ? "" : "s") in the queue"
    )
  }
}
