import ArgumentParser
import Simulation
import Store

extension ServerCommand {
  struct Fault: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make an endpoint (or all) fail until `server faults clear`.",
      discussion: """
        rate-limit [WINDOW]: 429, error 4290000, Retry-After = epoch ms of the world's now + WINDOW (1s).
        error [--retryable]: 500, error 5000000 (5000001 retryable).
        not-found-younger AGE: 4040010 for transactions bought less than AGE ago (the sandbox's delay).
        delay MS: the server waits MS milliseconds (real time) before answering.
        status N: verify-receipt answers {"status":N} (21005 or 21100-21199).
        Endpoints: \(ServerFault.endpointNames.joined(separator: ", ")).
        """)

    @Argument(
      help: "The endpoint's short name, such as history, or all.",
      completion: .list(ServerFault.endpointNames + ["all"]))
    var endpoint: String

    @Argument(help: "rate-limit, error, not-found-younger, delay or status.")
    var kind: Kind

    @Argument(help: "The window, age, milliseconds or status the kind takes.")
    var value: String?

    @Flag(help: "For error: the retryable 5000001.")
    var retryable = false

    func validate() throws {
      try requireNonEmpty(endpoint, "the endpoint")
      try requireNonEmpty(value, "the value")
      guard let value, NegativeNumber.matches(value) else { return }
      switch kind {
      case .rateLimit: throw negative("the window must be 0ms to 1h")
      case .delay: throw negative("the delay must be 0ms to 1h")
      case .notFoundYounger: throw negative("the age must be more than 0")
      case .error, .status: return  // error takes no value and status names its range: execute says so
      }

      func negative(_ rule: String) -> WorkbenchError {
        WorkbenchError(.invalidValue, "\(Self.typedName): \(rule) (got \(value))")
      }
    }

    func execute(in session: Session) throws {
      guard ServerFault.endpointNames.contains(endpoint) else {
        throw WorkbenchError(
          .notFound,
          "no endpoint named \(endpoint) (endpoints: \(ServerFault.endpointNames.joined(separator: ", ")))")
      }
      guard !retryable || kind == .error else {
        throw WorkbenchError(.invalidValue, "--retryable goes with error only")
      }
      let fault = ServerFault(endpoint: endpoint, kind: try faultKind())
      session.world.serverAPI.set(fault)
      session.print("server fault set: \(fault)")
    }

    private func faultKind() throws -> ServerFault.Kind {
      switch kind {
      case .rateLimit:
        return .rateLimit(windowMilliseconds: Int64(try value.map(Self.milliseconds) ?? 1000))
      case .error:
        try noValue()
        return .error(retryable: retryable)
      case .notFoundYounger:
        guard endpoint != ServerFault.verifyReceipt else {
          throw WorkbenchError(
            .invalidValue, "verify-receipt looks up no transaction ids: not-found-younger does not apply")
        }
        guard let value else {
          throw WorkbenchError(.invalidValue, "not-found-younger needs an age, such as 5m")
        }
        return .notFoundYounger(try TimeSpan(parsing: value))
      case .delay:
        guard let value else { throw WorkbenchError(.invalidValue, "delay needs milliseconds, such as 250") }
        return .delay(milliseconds: try Self.milliseconds(value))
      case .status:
        guard endpoint == ServerFault.verifyReceipt else {
          throw WorkbenchError(.invalidValue, "status N is for verify-receipt, not \(endpoint)")
        }
        guard let value, let status = Int(value), status == 21005 || (21100...21199).contains(status) else {
          throw WorkbenchError(.invalidValue, "status takes 21005 or 21100-21199, not \(value ?? "nothing")")
        }
        return .status(status)
      }
    }

    private func noValue() throws {
      if let value { throw WorkbenchError(.invalidValue, "\(kind.rawValue) takes no value (\(value))") }
    }

    /// `250`, `250ms`, or a duration in seconds or more (`2s`, `1m`).
    private static func milliseconds(_ text: String) throws -> Int {
      let digits = text.hasSuffix("ms") ? String(text.dropLast(2)) : text
      if let milliseconds = Int(digits), milliseconds >= 0, milliseconds <= 3_600_000 { return milliseconds }
      let span = try TimeSpan(parsing: text)
      guard span.months == 0, span.seconds <= 3600 else {
        throw WorkbenchError(.invalidValue, "\(text) is too long: at most an hour")
      }
      return span.seconds * 1000
    }
  }
}
