import ArgumentParser
import Foundation
import Simulation
import Store
import Verifier

extension CACommand {
  struct Show: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the certificates: subjects, serials, fingerprints, validity.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let summary = try session.world.authority().summary
      session.print("certificate authority in \(summary.directory)")
      for certificate in summary.certificates {
        session.print(
          "  \(certificate.role.rawValue): \(certificate.subject) (\(certificate.keyType), \(certificate.file))"
        )
        session.print("    issuer \(certificate.issuer), serial \(certificate.serialNumber)")
        session.print(
          "    valid \(Timestamp.iso8601(certificate.notValidBefore)) to \(Timestamp.iso8601(certificate.notValidAfter))"
        )
        session.print("    SHA-256 \(certificate.sha256Fingerprint)")
      }
    }
  }
}
