import ArgumentParser
import Foundation
import Simulation
import Store
import Verifier

extension ReceiptCommand {
  struct Export: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Write the signed receipt (PKCS#7): DER bytes, or base64 text as an app sends it to its server.")

    @Argument(help: "The file to write.", completion: .file())
    var file: String

    @Flag(help: "DER bytes (the default).")
    var der = false

    @Flag(help: "Base64 text.")
    var base64 = false

    func validate() throws {
      try requireNonEmpty(file, "the file name")
    }

    func execute(in session: Session) throws {
      guard !(der && base64) else {
        throw WorkbenchError(.invalidValue, "choose --der or --base64, not both")
      }
      let signed = try session.world.signedReceipt(of: session.device)
      let bytes = base64 ? Array(Data(signed).base64EncodedString().utf8) : signed
      try session.write(bytes, to: file)
      session.print(
        "receipt written to \(session.shown(file)) (\(base64 ? "base64" : "DER"), \(Wording.plural(bytes.count, "byte")))"
      )
    }
  }
}
