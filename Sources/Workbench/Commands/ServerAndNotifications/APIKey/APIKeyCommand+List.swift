import ArgumentParser
import Crypto
import Foundation
import Simulation
import Verifier

extension APIKeyCommand {
  struct List: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "List the keys: id and issuer id.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let keys = session.world.apiKeys.keys
      guard !keys.isEmpty else { return session.print("no api keys (api-key create makes one)") }
      for key in keys { session.print("\(key.keyId)  issuer \(key.issuerId)") }
    }
  }
}
