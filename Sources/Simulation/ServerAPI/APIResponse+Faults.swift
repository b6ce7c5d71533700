extension APIResponse: FaultableAnswer {
  /// Apple's 429 (error 4290000), with `Retry-After` at `retryAfter` (epoch milliseconds).
  public static func rateLimited(retryAfter: Int64) -> APIResponse {
    var limited = APIResponse.error(.rateLimitExceeded)
    limited.headers.append(("Retry-After", String(retryAfter)))
    return limited
  }

  /// Apple's 500: error 5000001 when `retryable`, else 5000000.
  public static func internalError(retryable: Bool) -> APIResponse {
    .error(retryable ? .generalInternalRetryable : .generalInternal)
  }
}
