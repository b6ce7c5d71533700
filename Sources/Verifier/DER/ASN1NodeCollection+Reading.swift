import SwiftASN1

extension ASN1NodeCollection.Iterator {
  /// The next node, or an error naming what was expected.
  mutating func required(_ what: String) throws(VerificationFailure) -> ASN1Node {
    guard let node = next() else {
      throw VerificationFailure(.malformedContainer, "\(what) is missing")
    }
    return node
  }

  /// The next node if it carries the given context-specific tag; otherwise nothing is consumed.
  mutating func next(ifContextTag number: UInt) -> ASN1Node? {
    var lookahead = self
    guard let node = lookahead.next(),
      node.identifier == ASN1Identifier(tagWithNumber: number, tagClass: .contextSpecific)
    else { return nil }
    self = lookahead
    return node
  }
}

extension ASN1Node {
  /// The children of a constructed node with the given tag.
  func children(
    _ identifier: ASN1Identifier, _ what: String
  ) throws(VerificationFailure) -> ASN1NodeCollection {
    guard self.identifier == identifier, case .constructed(let children) = content else {
      throw VerificationFailure(
        .malformedContainer, "\(what): expected constructed \(identifier), found \(self.identifier)")
    }
    return children
  }

  /// The OID of an `AlgorithmIdentifier ::= SEQUENCE { algorithm OBJECT IDENTIFIER, parameters ANY OPTIONAL }`
  /// whose parameters are absent or NULL, as they are for every digest and RSA signature algorithm.
  func algorithmIdentifier(_ what: String) throws(VerificationFailure) -> ASN1ObjectIdentifier {
    var nodes = try children(.sequence, what).makeIterator()
    let oid = try nodes.decode(ASN1ObjectIdentifier.self, "\(what).algorithm")
    if let parameters = nodes.next() {
      _ = try parameters.decode(ASN1Null.self, "\(what).parameters")
    }
    try nodes.end(what)
    return oid
  }
}

extension ASN1NodeCollection.Iterator {
  /// Fails if nodes remain after the last expected one.
  mutating func end(_ what: String) throws(VerificationFailure) {
    if let extra = next() {
      throw VerificationFailure(
        .malformedContainer, "\(what) has an unexpected trailing element \(extra.identifier)")
    }
  }

  /// Reads a version INTEGER that must have the given value.
  mutating func expectVersion(_ expected: Int, _ what: String) throws(VerificationFailure) {
    let version = try decode(Int.self, what)
    guard version == expected else {
      throw VerificationFailure(.malformedContainer, "\(what) is \(version); receipts use \(expected)")
    }
  }

  /// Decodes the next node as a BER value.
  mutating func decode<Value: BERParseable>(
    _ type: Value.Type, _ what: String
  ) throws(VerificationFailure) -> Value {
    try required(what).decode(type, what)
  }
}

extension ASN1Node {
  /// Decodes this node as a BER value.
  func decode<Value: BERParseable>(_ type: Value.Type, _ what: String) throws(VerificationFailure) -> Value {
    do {
      return try Value(berEncoded: self)
    } catch {
      throw VerificationFailure(.malformedContainer, "\(what): \(error)")
    }
  }
}
