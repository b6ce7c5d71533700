import ArgumentParser
import Foundation
import Simulation

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
        clock` names, unless --timestamp; the nonce a new UUID unless --nonce. To sign and buy in \
        one line, buy --discount and purchase take --sign-with KEY.
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
      let signer = try DeveloperOfferSigner(
        keyId: keyId, keyFile: key, nonce: nonce, timestamp: timestamp, issuerId: issuerId, in: session)
      if introEligibility != nil || jws {
        return session.print(
          try signer.jws(
            productId: productId, offerId: offer, transactionId: transactionId,
            allowIntroductoryOffer: introEligibility))
      }
      let fields = try signer.legacySignature(
        productId: productId, offerId: offer ?? "", appAccountToken: token)
      session.print(
        "--key-id \(keyId) --nonce \(fields.nonce) --timestamp \(fields.timestamp) --signature \(fields.signature)"
      )
    }
  }
}
