import Crypto
import Foundation
import Testing
import Verifier

@testable import StoreBenchClient

/// A connected app reads what the served world signs as StoreKit reads Apple's: a transaction
/// signed by the world's authority for this device is verified; a tampered one, a malformed one,
/// one signed for another device, one chained to another root, and one the world marked damaged
/// are each unverified with the case StoreKit gives.
@Suite struct SignedReaderTests {
  let authority: CertificateAuthority
  let device = UUID(uuidString: "6A1F0C2E-8B3D-4E5F-9A7B-1C2D3E4F5A6B")!

  init() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID())")
    authority = try CertificateAuthority.loadOrCreate(at: directory, now: Date())
  }

  /// A transaction signed by the authority, for a device.
  func signed(for identifier: UUID) throws -> String {
    let nonce = UUID().uuidString.lowercased()
    let check = Data(SHA384.hash(data: Data((nonce + identifier.uuidString.lowercased()).utf8)))
    var payload = JWSTransactionDecodedPayload(
      transactionId: "2000000000000001", productId: "pro.monthly", purchaseDate: Date())
    payload.deviceVerificationNonce = nonce
    payload.deviceVerification = check.base64EncodedString()
    payload.signedDate = Date()
    return try JWSSigner(authority: authority).sign(payload)
  }

  func reader(root: CertificateAuthority? = nil) -> SignedReader {
    SignedReader(root: (root ?? authority).certificate(for: .root), deviceVerificationID: device)
  }

  @Test func aTransactionSignedForThisDeviceIsVerified() throws {
    let result = reader().transaction(SignedWire(jws: try signed(for: device)))
    guard case .verified(let transaction) = result else {
      Issue.record("unverified: \(result)")
      return
    }
    #expect(transaction.id == 2_000_000_000_000_001 && transaction.productID == "pro.monthly")
  }

  @Test func tamperedMalformedForeignAndDamagedValuesAreUnverified() throws {
    let jws = try signed(for: device)
    var parts = jws.split(separator: ".").map(String.init)
    let payload = try #require(Data(base64Encoded: Self.padded(parts[1])))
    let changed = String(decoding: payload, as: UTF8.self).replacingOccurrences(
      of: "pro.monthly", with: "pro.yearly")
    parts[1] = Data(changed.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    let cases: [(String, SignedWire, SignedReader, String)] = [
      ("tampered", SignedWire(jws: parts.joined(separator: ".")), reader(), "invalidSignature"),
      ("malformed", SignedWire(jws: "not.a-jws"), reader(), "invalidEncoding"),
      ("another device's", SignedWire(jws: try signed(for: UUID())), reader(), "invalidDeviceVerification"),
      (
        "damaged by the world", SignedWire(jws: jws, unverified: "revokedCertificate"), reader(),
        "revokedCertificate"
      ),
    ]
    for (name, wire, reader, expected) in cases {
      guard case .unverified(_, let error) = reader.transaction(wire) else {
        Issue.record("a \(name) transaction was verified")
        continue
      }
      #expect("\(error)" == expected, "a \(name) transaction")
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("other-\(UUID())")
    let other = try CertificateAuthority.loadOrCreate(at: directory, now: Date())
    guard case .unverified(_, let error) = reader(root: other).transaction(SignedWire(jws: jws)) else {
      Issue.record("a transaction chained to another root was verified")
      return
    }
    #expect("\(error)" == "invalidCertificateChain")
  }

  static func padded(_ text: String) -> String {
    let base = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    return base + String(repeating: "=", count: (4 - base.count % 4) % 4)
  }
}
