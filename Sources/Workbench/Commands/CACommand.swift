import ArgumentParser
import Foundation
import Simulation
import Store
import Verifier

/// `ca show`, `ca export FILE [--der|--pem]`, `ca rotate`.
struct CACommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ca",
    abstract: "The local certificate authority that signs receipts and JWS: show, export the root, rotate.",
    subcommands: [Show.self, Export.self, Rotate.self],
    defaultSubcommand: Show.self)

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

  struct Export: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Write the root certificate for a verifier to trust (PEM unless the file ends in .der or --der).")

    @Argument(help: "The file to write.", completion: .file())
    var file: String

    @Flag(help: "DER bytes.")
    var der = false

    @Flag(help: "PEM text.")
    var pem = false

    func validate() throws {
      try requireNonEmpty(file, "the file name")
    }

    func execute(in session: Session) throws {
      guard !(der && pem) else { throw WorkbenchError(.invalidValue, "choose --der or --pem, not both") }
      let format: CertificateExportFormat = der || (!pem && file.hasSuffix(".der")) ? .der : .pem
      let bytes = try session.world.authority().exportRoot(format: format)
      try session.write(bytes, to: file)
      session.print(
        "root certificate written to \(session.shown(file)) (\(format.rawValue), \(Wording.plural(bytes.count, "byte")))"
      )
    }
  }

  struct Rotate: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Replace every key and certificate (this also repairs a broken authority): artifacts signed before no longer verify.",
      discussion: """
        In a suite (`storebench test`) the new authority is the script's own, removed when it ends; \
        the configured one and the other scripts keep theirs.
        """)

    func execute(in session: Session) throws {
      let authority = try session.world.rotateAuthority()
      guard !session.world.rotatesPrivately else {
        // The path is a new temporary directory each run: left out, so that transcripts repeat.
        session.print("certificate authority rotated for this script only (the suite's is unchanged)")
        return
      }
      session.print("certificate authority rotated in \(authority.directory.path)")
    }
  }
}
