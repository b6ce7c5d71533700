import ArgumentParser
import Simulation

extension ExternalPurchaseCommand {
  struct Tokens: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the external purchase tokens, their reports and the notifications sent.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let tokens = session.world.externalPurchases.tokens
      guard !tokens.isEmpty else { return session.print("no external purchase token") }
      for token in tokens { session.print(ExternalPurchaseCommand.line(token)) }
    }
  }
}
