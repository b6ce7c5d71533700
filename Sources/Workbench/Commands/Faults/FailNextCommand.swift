import ArgumentParser
import Store
import Vocabulary

/// `fail-next [buy|products|restore|download|redeem] [--error NAME|CODE] [--count N] [--off]`.
struct FailNextCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "fail-next",
    abstract:
      "Make the next call fail with an SKError: a payment, a products request, a restore, a download or the offer code redemption sheet.",
    discussion:
      "Errors by name or number: \(SKErrorCode.allCases.map { "\($0.name) \($0.rawValue)" }.joined(separator: ", ")). "
      + "--off stops the API failing, including the standing failures a .storekit file's settings arm."
  )

  @Argument(help: "buy (default), products, restore, download or redeem.")
  var api: FaultPlan.API = .buy

  @Option(
    help: "The SKError, by name or number (default unknown).",
    completion: .list(SKErrorCode.allCases.map(\.name)))
  var error = "unknown"

  @Option(help: "How many calls in a row fail.")
  var count = 1

  @Flag(help: "Stop the API failing: nothing armed, no standing error.")
  var off = false

  func validate() throws {
    try requireNonEmpty(error, "--error")
    _ = try errorCode()
    try require(count, in: 1...100, "--count")
  }

  /// The SKError --error names.
  private func errorCode() throws(WorkbenchError) -> SKErrorCode {
    guard let code = SKErrorCode(nameOrNumber: error) else {
      throw WorkbenchError(
        .invalidValue, "\(Self.typedName): --error must be an SKError name or a code 0 to 20 (got \(error))")
    }
    return code
  }

  func execute(in session: Session) throws {
    guard !off else {
      session.world.store.faults.disarm(api)
      return session.print("\(api.rawValue) calls no longer fail")
    }
    let code = try errorCode()
    session.world.store.faults.arm(api, error: code, count: count)
    session.print(
      "next \(count == 1 ? "" : "\(count) ")\(api.rawValue) call\(count == 1 ? "" : "s") will fail with \(code)"
    )
  }
}

extension FaultPlan.API: ExpressibleByArgument {}
