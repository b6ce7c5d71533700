import ArgumentParser
import Simulation

/// `notify-url add URL [--environment sandbox|production]`, `notify-url list`, `notify-url remove URL`.
struct NotifyURLCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notify-url",
    abstract: "The URLs App Store Server Notifications V2 are posted to: add, list, remove.",
    discussion: """
      Notifications are made only while a URL is registered for the world's environment; each goes \
      to every URL of that environment. Production retries a failed attempt after 1, 12, 24, 48 and \
      72 hours of virtual time; the sandbox tries once.
      """,
    subcommands: [Add.self, List.self, Remove.self],
    defaultSubcommand: List.self)

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

  struct List: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "List the URLs and their environments.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let urls = session.world.notifications.urls
      guard !urls.isEmpty else { return session.print("no notification URL: nothing is sent") }
      for url in urls { session.print("\(url.url) (\(url.environment.rawValue))") }
    }
  }

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
