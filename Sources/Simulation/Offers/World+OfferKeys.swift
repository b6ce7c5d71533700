import Catalog
import Crypto
import Foundation
import JSON

extension World {
  /// Every key offer signatures may name: those registered with `offer-key`, then the key pair of
  /// the `.storekit` file the catalog came from (`subscriptionOffersKeyPair`), as Xcode checks
  /// offers with it.
  public var allOfferKeys: [OfferKeyRing.Key] {
    var keys = offerKeys.keys
    if let key = catalogOfferKey, !keys.contains(where: { $0.keyId == key.keyId }) { keys.append(key) }
    return keys
  }

  /// The catalog's `.storekit` key pair, when it has a readable one.
  public var catalogOfferKey: OfferKeyRing.Key? {
    guard case .object(let members)? = store.catalog.storeKitDetails.subscriptionOffersKeyPair,
      case .string(let id)? = members.first(where: { $0.key == "id" })?.value,
      case .string(let text)? = members.first(where: { $0.key == "privateKey" })?.value,
      let der = Data(base64Encoded: text, options: .ignoreUnknownCharacters),
      let key = try? P256.Signing.PrivateKey(derRepresentation: der)
    else { return nil }
    return OfferKeyRing.Key(keyId: id, publicKey: key.publicKey)
  }

  /// The moment signature times are checked against: the machine's clock, or the world's.
  var offerSignatureNow: Date {
    switch offerKeys.clock {
    case .real: Date()
    case .world: store.clock.now
    }
  }
}
