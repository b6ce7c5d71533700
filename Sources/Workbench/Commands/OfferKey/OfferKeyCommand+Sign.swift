import ArgumentParser
import Crypto
import Foundation
import Simulation
import Verifier

extension OfferKeyCommand {
  struct Sign: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Sign an offer as the developer's server does, with a key's .p8 file.",
      discussion: """
        With OFFER, prints the legacy signature's options for buy --discount or purchase \
        --promotional-offer (Apple's PromotionalOfferSignatureCreator), or with --jws a JWS for \
        purchase --offer-jws (PromotionalOfferV2SignatureCreator). With --intro-eligibility \
        true|false and --transaction-id, a JWS for purchase --intro-eligibility-jws \
        (IntroductoryOfferEligibilitySignatureCreator). The time is now on the clock `offer-key \
        clock` names, unless --timestamp; the nonce a new UUID unless --nonce.
        """)

    @Argument(help: "The product.", completion: .session(.products))
    var productId: String

    @Argument(help: "The promotional offer (not with --intro-eligibility).", completion: .session(.offers))
    var offer: String?

    @Option(help: "The key id.", completion: .session(.offerKeys))
    var keyId: String

    @Option(
      help: "The key's .p8 file (default: the file offer-key create or import used).", completion: .file())
    var key: String?

    @Option(help: "The application username or app account token signed (legacy form).")
    var token = ""

    @Option(help: "The nonce, a UUID (default: a new one).")
    var nonce: String?

    @Option(help: "The time signed, in milliseconds since 1970 (default: now).")
    var timestamp: Int64?

    @Flag(help: "Make a JWS (purchase --offer-jws) instead of a legacy signature.")
    var jws = false

    @Option(
      help: "Make an introductory-offer eligibility JWS allowing the offer (true) or not (false).",
      completion: .list(["true", "false"]))
    var introEligibility: Bool?

    @Option(help: "The customer's transaction id or appTransactionId (JWS transactionId).")
    var transactionId: String?

    @Option(help: "The issuer id (JWS iss).")
    var issuerId = APIKeyRegistry.defaultIssuerId

    func validate() throws {
      try requireNonEmpty(productId, "the product id")
      try requireNonEmpty(keyId, "--key-id")
      if let nonce, UUID(uuidString: nonce) == nil { throw ValidationError("--nonce takes a UUID") }
      if introEligibility != nil {
        guard offer == nil else {
          throw ValidationError("an eligibility JWS names no offer: leave OFFER out")
        }
        guard transactionId != nil else { throw ValidationError("an eligibility JWS needs --transaction-id") }
      } else if offer == nil {
        throw ValidationError("give the promotional OFFER, or --intro-eligibility true|false")
      }
    }

    func execute(in session: Session) throws {
      guard let file = key ?? session.offerKeyFiles[keyId] else {
        throw WorkbenchError(.notFound, "no .p8 file known for key \(keyId): give it with --key FILE")
      }
      let privateKey = try session.privateKey(in: file)
      let world = session.world
      let now = world.offerKeys.clock == .real ? Date() : world.store.clock.now
      let milliseconds = timestamp ?? Int64((now.timeIntervalSince1970 * 1000).rounded())
      let nonce = (self.nonce ?? UUID().uuidString).lowercased()
      if introEligibility != nil || jws {
        let claims = OfferJWSClaims(
          iss: issuerId, iat: Double(milliseconds / 1000),
          aud: introEligibility == nil
            ? OfferJWSClaims.promotionalOfferAudience : OfferJWSClaims.introductoryOfferEligibilityAudience,
          bid: world.store.catalog.bundleId, nonce: nonce, productId: productId, offerIdentifier: offer,
          transactionId: transactionId, allowIntroductoryOffer: introEligibility)
        return session.print(try OfferJWS.sign(claims, keyId: keyId, with: privateKey))
      }
      let message = PromotionalOfferMessage(
        bundleId: world.store.catalog.bundleId, keyId: keyId, productId: productId, offerId: offer ?? "",
        appAccountToken: token, nonce: nonce, timestamp: String(milliseconds))
      session.print(
        "--key-id \(keyId) --nonce \(nonce) --timestamp \(milliseconds) --signature \(try message.signature(with: privateKey))"
      )
    }
  }
}
