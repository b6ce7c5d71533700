import Foundation
import X509

/// A certificate chain that passed `CertificateChainValidator`: signer, Apple-style intermediate and
/// the trusted root it leads to.
public struct VerifiedChain: Hashable, Sendable {
  /// The signing certificate.
  public var leaf: Certificate
  /// The intermediate that issued the leaf.
  public var intermediate: Certificate
  /// The trusted root that issued the intermediate.
  public var root: Certificate

  /// The latest `notValidBefore` of the three certificates.
  public var notValidBefore: Date {
    max(leaf.notValidBefore, intermediate.notValidBefore, root.notValidBefore)
  }

  /// The earliest `notValidAfter` of the three certificates.
  public var notValidAfter: Date {
    min(leaf.notValidAfter, intermediate.notValidAfter, root.notValidAfter)
  }

  /// Whether every certificate of the chain is valid at the given time.
  ///
  /// - Parameter time: The validation time.
  /// - Returns: `true` when `notValidBefore <= time <= notValidAfter`.
  public func isValid(at time: Date) -> Bool {
    DateInterval.contains(time, from: notValidBefore, to: notValidAfter)
  }
}

extension DateInterval {
  /// Whether `start <= time <= end`, comparing the underlying seconds so that a NaN time is outside
  /// every interval (`Date`'s `<=` is true for NaN).
  static func contains(_ time: Date, from start: Date, to end: Date) -> Bool {
    let seconds = time.timeIntervalSinceReferenceDate
    return seconds >= start.timeIntervalSinceReferenceDate && seconds <= end.timeIntervalSinceReferenceDate
  }
}
