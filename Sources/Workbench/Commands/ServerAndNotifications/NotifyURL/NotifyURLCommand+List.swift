import ArgumentParser
import Simulation

extension NotifyURLCommand {
  struct List: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "List the URLs and their environments.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let urls = session.world.notifications.urls
      guard !urls.isEmpty else { return session.print("no notification URL: nothing is sent") }
      for url in urls { session.print("\(url.url) (\(url.environment.rawValue))") }
    }
  }
}
