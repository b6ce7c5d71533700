import ArgumentParser
import Foundation
import Simulation
import Store
import Verifier

extension CACommand {
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
}
