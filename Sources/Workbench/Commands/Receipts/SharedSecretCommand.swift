import ArgumentParser
import Simulation
import Verifier

/// `shared-secret [SECRET]` and `environment sandbox|production`.
struct SharedSecretCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "shared-secret",
    abstract:
      "Show or set the app's shared secret: verifyReceipt then answers 21004 to subscription receipts sent with another.",
    discussion: """
      As Apple does, a receipt holding auto-renewable subscriptions must come with the app's shared
      secret as its password once the app has one (`verify --password SECRET`, or `password` in a
      request to the served verifyReceipt); a wrong or missing one gets status 21004. Receipts without
      subscriptions are not checked. With no argument, shows the secret in use.
      """)

  @Argument(help: "The secret (App Store Connect uses 32 hex characters).")
  var secret: String?

  func validate() throws {
    try requireNonEmpty(secret, "the secret")
  }

  func changesWorld(in _: Session) -> Bool { secret != nil }

  func execute(in session: Session) throws {
    if let secret {
      session.world.sharedSecret = secret
      session.print("shared secret set: verify with --password \(secret)")
    } else if let secret = session.world.sharedSecret {
      session.print("shared secret \(secret): subscription receipts verify with --password \(secret)")
    } else {
      session.print("no shared secret: any password is accepted (`shared-secret SECRET` sets one)")
    }
  }
}
