import ArgumentParser
import Simulation

extension NotifyURLCommand {
  struct Remove: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove a URL from every environment; attempts still due to it are dropped.")

    @Argument(help: "The URL as it was added.")
    var url: String

    func validate() throws {
      try requireNonEmpty(url, "the URL")
    }

    func execute(in session: Session) throws {
      let removed = try session.world.notifications.remove(url)
      session.print(
        "removed \(url) (\(removed.map(\.environment.rawValue).joined(separator: ", ")))")
    }
  }
}
