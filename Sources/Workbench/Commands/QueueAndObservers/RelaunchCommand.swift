import ArgumentParser

/// `relaunch`: the app process restarts.
struct RelaunchCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "relaunch",
    abstract: "Restart the app: observers are gone, storage stays, unfinished transactions wait.",
    discussion: """
      Add observers again with `observer add`; they hear the unfinished transactions. A StoreKit 2 \
      app (`app sk2|both`) starts its Transaction.updates listener again at launch (unless \
      `listener at-launch off`), which gets every unfinished transaction once, and checks its \
      entitlements.
      """)

  func execute(in session: Session) throws {
    let device = session.device
    device.relaunch()
    let waiting = device.queue.transactions.count
    var line =
      "app relaunched: no observers, \(waiting) unfinished transaction\(waiting == 1 ? "" : "s") in the queue"
    if device.api.usesStoreKit2 {
      line +=
        device.storeKit2.isListening
        ? "; the StoreKit 2 listener started" : "; the StoreKit 2 listener waits for `listener start`"
    }
    session.print(line)
  }
}
