import Queue

/// A payment's offer proof in a saved world: the legacy signature's fields, or a JWS with what it
/// is for, so a payment waiting for a parent is checked as it was made.
struct OfferProofSnapshot: Codable, Hashable {
  var keyId: String?
  var nonce: String?
  var timestamp: String?
  var signature: String?
  var appAccountToken: String?
  /// A JWS, with `purpose` `promotional-offer` or `introductory-offer-eligibility`.
  var jws: String?
  var purpose: String?

  init(_ proof: OfferProof) {
    switch proof {
    case .signature(let fields):
      (keyId, nonce, timestamp, signature) = (fields.keyId, fields.nonce, fields.timestamp, fields.signature)
      appAccountToken = fields.appAccountToken
    case .promotionalJWS(let compact): (jws, purpose) = (compact, "promotional-offer")
    case .introductoryOfferEligibilityJWS(let compact):
      (jws, purpose) = (compact, "introductory-offer-eligibility")
    }
  }

  func proof(at path: String) throws(WorldFileError) -> OfferProof {
    if let jws {
      switch purpose {
      case "promotional-offer": return .promotionalJWS(jws)
      case "introductory-offer-eligibility": return .introductoryOfferEligibilityJWS(jws)
      default:
        throw WorldFileError(
          path: path + ".purpose", reason: "expected promotional-offer or introductory-offer-eligibility")
      }
    }
    return .signature(
      LegacyOfferSignature(
        keyId: keyId ?? "", nonce: nonce ?? "", timestamp: timestamp ?? "", signature: signature ?? "",
        appAccountToken: appAccountToken ?? ""))
  }
}
