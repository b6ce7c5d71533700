import Testing
import Verifier

/// Runs a throwing verification step and returns its failure, or `nil` if it passed; any error other
/// than a `VerificationFailure` is recorded as a test issue.
func failure<Value>(
  _ body: () throws -> Value, sourceLocation: SourceLocation = #_sourceLocation
)
  -> VerificationFailure?
{
  do {
    _ = try body()
    return nil
  } catch let failure as VerificationFailure {
    return failure
  } catch {
    Issue.record("expected a VerificationFailure, got \(error)", sourceLocation: sourceLocation)
    return nil
  }
}

/// Runs a throwing verification step and returns the check it failed, or `nil` if it passed.
func failedCheck<Value>(_ body: () throws -> Value) -> VerificationCheck? {
  failure(body)?.check
}
