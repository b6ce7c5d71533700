import ArgumentParser
import Simulation
import Verifier

/// `shared-secret SECRET` and `environment sandbox|production`.
struct SharedSecretCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "shared-secret",
    abstract:
      "Set the app's shared secret: verifyReceipt then answers 21004 to subscription receipts sent with another."
  )

  @Argument(help: "The secret (App Store Connect uses 32 hex characters).")
  var secret: String

  func validate() throws {
    try requireNonEmpty(secret, "the secret")
  }

  func execute(in session: Session) throws {
    session.world.sharedSecret = secret
    session.print("shared secret set")
  }
}

/// `environment [sandbox|production]`.
struct EnvironmentCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "environment",
    abstract: "Whether receipts (ProductionSandbox or Production) and JWS payloads say Sandbox or Production."
  )

  @Argument(help: "sandbox or production.")
  var environment: VerifyCommand.Endpoint?

  func changesWorld(in _: Session) -> Bool { environment != nil }

  func execute(in session: Session) throws {
    if let environment {
      session.world.environment = environment.environment
      for device in session.world.devices where device.receipt != nil {
        session.world.refreshReceipt(of: device)
      }
    }
    session.print("environment \(session.world.environment.rawValue)")
  }
}
