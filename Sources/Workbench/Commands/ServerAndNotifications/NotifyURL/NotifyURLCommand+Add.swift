import ArgumentParser
import Simulation

extension NotifyURLCommand {
  struct Add: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Register an http or https URL for an environment (several are allowed).")

    @Argument(help: "The URL, such as http://127.0.0.1:8080/notifications.")
    var url: String

    @Option(help: "sandbox or production (default: the world's environment).")
    var environment: VerifyCommand.Endpoint?

    func validate() throws {
      try requireNonEmpty(url, "the URL")
    }

    func execute(in session: Session) throws {
      let world = session.world
      let url = try NotificationURL(url, environment: environment?.environment ?? world.environment)
      try world.notifications.add(url)
      session.print("notification URL \(url.url) (\(url.environment.rawValue))")
    }
  }
}
