import ArgumentParser
import Simulation
import Store

extension ExternalPurchaseCommand {
  struct LinkOut: SessionCommand {
    static let configuration = CommandConfiguration(
      commandName: "link-out",
      abstract: "The customer follows the app's link out: Apple makes an external purchase token now.")

    @Option(help: "acquisition or services: a custom link token (default: a plain link-out token).")
    var type: TokenType?

    @Option(
      help: "A custom link token's lifetime instead of Apple's, such as 2mo.",
      completion: .list(["1h", "1d", "1mo", "3mo", "1y"]))
    var lifetime: String?

    func execute(in session: Session) throws {
      var span: TimeSpan?
      if let lifetime {
        do {
          span = try TimeSpan(parsing: lifetime)
        } catch {
          throw WorkbenchError(.invalidValue, "\(Self.typedName): \(error)")
        }
      }
      let token = try session.world.linkOut(type: type?.type, lifetime: span)
      session.print("external purchase token \(ExternalPurchaseCommand.line(token))")
    }
  }
}
