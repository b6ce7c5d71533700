import ArgumentParser
import Simulation
import Verifier

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
