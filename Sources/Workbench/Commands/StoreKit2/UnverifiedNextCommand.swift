import ArgumentParser
import Simulation

/// `unverified-next [ERROR]`: the next signed transaction the app gets fails StoreKit's check.
struct UnverifiedNextCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "unverified-next",
    abstract:
      "Damage the next signed transaction this device's app gets, so StoreKit 2 reports it unverified.",
    discussion: """
      The damage is real and the check runs: invalidSignature changes the signature, invalidEncoding \
      breaks the payload's encoding, invalidCertificateChain checks the chain at a time it is not \
      valid, missingRequiredProperties signs the payload without its bundleId, \
      invalidDeviceVerification signs the hash of another device's identifier. revokedCertificate \
      is the check's outcome as armed (storebench keeps no revocation list). A correct app neither \
      delivers nor finishes an unverified transaction.
      """)

  @Argument(
    help:
      "invalidSignature (the default), invalidEncoding, invalidCertificateChain or missingRequiredProperties.",
    completion: .list(VerificationError.producible.map(\.rawValue)))
  var error: String = VerificationError.invalidSignature.rawValue

  func validate() throws {
    guard let error = VerificationError(rawValue: error), VerificationError.producible.contains(error) else {
      throw ValidationError(
        "\"\(error)\" is not one of \(VerificationError.producible.map(\.rawValue).joined(separator: ", "))")
    }
  }

  func execute(in session: Session) throws {
    guard let error = VerificationError(rawValue: error) else { return }
    session.device.storeKit2.damageNext(error)
    session.print(
      "the next signed transaction on \(session.device.name) will be unverified: \(error.rawValue)")
  }
}
