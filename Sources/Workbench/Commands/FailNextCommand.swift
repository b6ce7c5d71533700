import ArgumentParser
import Store

/// `fail-next [buy|products|restore|download] [--error NAME|CODE] [--count N] [--off]`.
struct FailNextCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "fail-next",
    abstract:
      "Make the next call fail with an SKError: a payment, a products request, a restore or a download.",
    discussion:
      "Errors by name or number: \(SKErrorCode.allCases.map { "\($0.name) \($0.rawValue)" }.joined(separator: ", ")). "
      + "--off stops the API failing, including the standing failures a .storekit file's settings arm."
  )

  @Argument(help: "buy (default), products, restore or download.")
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
    guard (1...100).contains(count) else { throw ValidationError("--count must be 1 to 100") }
  }

  func execute(in session: Session) throws {
    guard !off else {
      session.world.store.faults.disarm(api)
      return session.print("\(api.rawValue) calls no longer fail")
    }
    guard let code = SKErrorCode(nameOrNumber: error) else {
      throw WorkbenchError("\"\(error)\" is not an SKError name or code (0 to 20)")
    }
    session.world.store.faults.arm(api, error: code, count: count)
    session.print(
      "next \(count == 1 ? "" : "\(count) ")\(api.rawValue) call\(count == 1 ? "" : "s") will fail with \(code)"
    )
  }
}

extension FaultPlan.API: ExpressibleByArgument {}
