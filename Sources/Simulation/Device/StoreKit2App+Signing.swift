import Foundation
import Store
import Verifier

/// The signed transactions the app gets: signed by the world for this device, damaged as
/// `unverified-next` or an armed `verification` error says, and checked by a verifier of the
/// authority's root.
extension StoreKit2App {
  /// Arms a damage for the next signed transaction this device's app gets.
  public func damageNext(_ error: VerificationError) {
    damages.append(error)
  }

  /// The damage for the transaction being signed now: one armed with `unverified-next`, else an
  /// error armed for the `verification` API (`fail-next verification`, a `.storekit` file's
  /// `Verification` error), which makes the signature fail StoreKit's check.
  func takeDamage() -> VerificationError? {
    guard damages.isEmpty else { return damages.removeFirst() }
    return queue.store.faults.take(.verification).map { _ in .invalidSignature }
  }

  /// A verifier trusting the authority's root, kept while the root stays the same.
  func verifier(of authority: CertificateAuthority) -> JWSVerifier {
    let root = AnyHashable(authority.root)
    if let cachedVerifier, cachedVerifier.root == root { return cachedVerifier.verifier }
    let verifier = JWSVerifier(trustedRoots: [authority.root])
    cachedVerifier = (root, verifier)
    return verifier
  }

  func sign(_ record: PurchaseRecord) -> VerificationResult? {
    guard let world else { return nil }
    do {
      return try world.storeKit2Transaction(record, on: device).verification
    } catch {
      report("app", "verify", "\(record.transactionId): \(error)")
      return nil
    }
  }
}
