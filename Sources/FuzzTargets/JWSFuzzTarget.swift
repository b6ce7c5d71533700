import Verifier

/// Reads an input as a compact JWS: split and decoded without its signature (`JWSToken`, as Apple's
/// libraries do for Xcode), then verified twice by one new `JWSVerifier`, the second time from its
/// cache of validated headers; the two answers must agree. A token that decodes has its payload read
/// as each of the three signed types.
public enum JWSFuzzTarget: FuzzTarget {
  /// `JWSFuzzer`.
  public static let name = "JWSFuzzer"

  /// Decodes and verifies the input as a compact JWS.
  ///
  /// - Parameter input: The token's bytes.
  public static func run(_ input: [UInt8]) {
    let compact = String(decoding: input, as: UTF8.self)
    do {
      decodePayloads(of: try JWSToken(compact: compact))
    } catch {
      _ = error.description
    }
    let verifier = JWSVerifier(trustedRoots: [FuzzEnvironment.authority.root])
    let first = verify(compact, with: verifier)
    let second = verify(compact, with: verifier)
    precondition(first == second, "the cached chain answered \(second), the first verification \(first)")
  }

  private static func verify(
    _ compact: String, with verifier: JWSVerifier
  ) -> Result<
    VerifiedJWS, VerificationFailure
  > {
    do {
      let verified = try verifier.verify(compact, at: FuzzEnvironment.validationTime)
      decodePayloads(of: verified.token)
      return .success(verified)
    } catch {
      _ = error.description
      return .failure(error)
    }
  }

  private static func decodePayloads(of token: JWSToken) {
    for type in [
      JWSTransactionDecodedPayload.self, JWSRenewalInfoDecodedPayload.self, AppTransaction.self,
    ] as [any Decodable.Type] {
      do {
        _ = try token.decodePayload(as: type)
      } catch {
        _ = error.description
      }
    }
  }
}
