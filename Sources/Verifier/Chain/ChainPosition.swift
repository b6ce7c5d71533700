import X509

/// A certificate's place in the three-level chain.
enum ChainPosition: String {
  case leaf, intermediate, root

  /// Where the issuer of a certificate at this position is looked for.
  var issuerSource: String {
    switch self {
    case .leaf: "the chain's certificates"
    case .intermediate, .root: "the trusted roots"
    }
  }

  /// How many CA certificates sit below this position, which its path length must allow.
  var certificateAuthoritiesBelow: Int {
    switch self {
    case .leaf, .intermediate: 0
    case .root: 1
    }
  }

  /// Names a certificate at this position, for error reasons.
  func describe(_ certificate: Certificate) -> String {
    "\(rawValue) (\(certificate.subject))"
  }
}
