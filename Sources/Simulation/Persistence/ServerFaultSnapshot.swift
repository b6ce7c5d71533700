import Store

/// A fault switch of the local App Store's server: the endpoint, the kind's word, and its argument.
struct ServerFaultSnapshot: Codable, Hashable {
  var endpoint: String
  var kind: String
  var milliseconds: Int64?
  var retryable: Bool?
  var months: Int?
  var seconds: Int?
  var status: Int?

  init(_ fault: ServerFault) {
    endpoint = fault.endpoint
    kind = fault.kind.word
    switch fault.kind {
    case .rateLimit(let window): milliseconds = window
    case .error(let isRetryable): retryable = isRetryable
    case .notFoundYounger(let age): (months, seconds) = (age.months, age.seconds)
    case .delay(let delay): milliseconds = Int64(delay)
    case .status(let code): status = code
    }
  }

  func fault(at path: String) throws(WorldFileError) -> ServerFault {
    guard ServerFault.endpointNames.contains(endpoint) else {
      throw WorldFileError(path: path + ".endpoint", reason: "unknown endpoint \"\(endpoint)\"")
    }
    return ServerFault(endpoint: endpoint, kind: try kind(at: path))
  }

  private func kind(at path: String) throws(WorldFileError) -> ServerFault.Kind {
    switch kind {
    case "rate-limit":
      return .rateLimit(windowMilliseconds: try required(milliseconds, "milliseconds", at: path))
    case "error": return .error(retryable: retryable ?? false)
    case "not-found-younger": return .notFoundYounger(TimeSpan(months: months ?? 0, seconds: seconds ?? 0))
    case "delay": return .delay(milliseconds: Int(try required(milliseconds, "milliseconds", at: path)))
    case "status": return .status(try required(status, "status", at: path))
    default:
      throw WorldFileError(
        path: path + ".kind",
        reason: "unknown fault \"\(kind)\" (expected rate-limit, error, not-found-younger, delay, status)")
    }
  }

  private func required<T>(_ value: T?, _ key: String, at path: String) throws(WorldFileError) -> T {
    guard let value else { throw WorldFileError(path: path, reason: "a \(kind) fault needs \(key)") }
    return value
  }
}
