import Foundation
import Store
import Verifier

/// What a handler of the App Store Server API works with: the world, the request, the path's
/// parameters and the faults in force for the endpoint; and the lookups and signing every
/// endpoint shares.
struct APIContext {
  let world: World
  let request: APIRequest
  /// The values of the path's `{…}` segments, in order.
  let parameters: [String]
  /// The fault switches that apply to this endpoint.
  let faults: [ServerFault.Kind]

  var store: Store { world.store }
  var now: Date { world.store.clock.now }

  /// A transaction found by its id, and the account (the customer) holding it.
  struct Found {
    let account: Account
    let index: Int
    var record: PurchaseRecord { account.history[index] }
  }

  /// Finds the transaction of a path parameter: any transaction id of a customer (an original
  /// transaction id is the id of the first transaction). A customer's app transaction id names no
  /// transaction: `4000048` (AppTransactionIdNotSupportedError), as Apple's Get Transaction Info
  /// answers; the endpoints that take one ask ``customer(_:)``.
  ///
  /// - Parameters:
  ///   - text: The id as the path gives it.
  ///   - invalid: The error for an id that is not a number.
  ///   - notFound: The error for an id no customer has (and, under the `not-found-younger` fault,
  ///     for a transaction bought too recently).
  func transaction(
    _ text: String, invalid: APIError = .invalidTransactionId, notFound: APIError = .transactionIdNotFound
  ) throws(APIError) -> Found {
    guard let number = Self.number(text) else { throw invalid }
    guard store.account(holdingAppTransaction: number) == nil else { throw .appTransactionIdNotSupported }
    guard let account = store.account(holdingTransaction: number),
      let index = account.index(ofTransaction: number)
    else { throw notFound }
    let found = Found(account: account, index: index)
    for case .notFoundYounger(let age) in faults {
      if let visible = VirtualClock.adding(age, to: found.record.purchaseDate), visible > now {
        throw notFound
      }
    }
    return found
  }

  /// Finds the customer of a path parameter that is Apple's `anyTransactionId` (API 1.20): a
  /// transaction id or original transaction id of the customer's, as ``transaction(_:invalid:notFound:)``
  /// finds it, or the customer's `appTransactionId`, which names the account alone (no
  /// `not-found-younger` delay: it is no purchase).
  ///
  /// - Throws: `4000006` for an id that is not a number, `4040010` for one no customer has.
  func customer(_ text: String) throws(APIError) -> Account {
    if let number = Self.number(text), let account = store.account(holdingAppTransaction: number) {
      return account
    }
    return try transaction(text).account
  }

  /// A transaction id's number: 1 to 19 ASCII digits.
  static func number(_ text: String) -> UInt64? {
    guard (1...19).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    return UInt64(text)
  }

  /// Signs payloads with the world's certificate authority.
  func signer() throws(APIError) -> JWSSigner {
    do {
      return try world.jwsSigner()
    } catch {
      throw .generalInternal
    }
  }

  /// A record as a JWS transaction.
  func signedTransaction(_ record: PurchaseRecord, with signer: JWSSigner) throws(APIError) -> String {
    try sign(SignedPayloadFactory(world: world).transaction(record), with: signer)
  }

  /// Any payload as a JWS: the token signed earlier for the same payload by the same signer, if
  /// the world keeps it (see ``SignedPayloadCache``), else a new one.
  func sign(_ payload: some Encodable & Hashable, with signer: JWSSigner) throws(APIError) -> String {
    do {
      return try world.signedPayloads.token(for: payload, signedBy: signer)
    } catch {
      throw .generalInternal
    }
  }

  /// Decodes the request's JSON body. A value of the wrong type under a key gives that key's
  /// error (Apple names the field at fault); anything else that is not the model, `malformed`.
  func body<Body: Decodable>(
    _ type: Body.Type, fieldErrors: [String: APIError], malformed: APIError = .generalBadRequest
  ) throws(APIError) -> Body {
    do {
      return try JSONDecoder().decode(Body.self, from: Data(request.body))
    } catch let DecodingError.typeMismatch(_, context) {
      throw context.codingPath.first.flatMap { fieldErrors[$0.stringValue] } ?? malformed
    } catch let DecodingError.valueNotFound(_, context) {
      throw context.codingPath.first.flatMap { fieldErrors[$0.stringValue] } ?? malformed
    } catch let DecodingError.dataCorrupted(context) {
      throw context.codingPath.first.flatMap { fieldErrors[$0.stringValue] } ?? malformed
    } catch {
      throw malformed
    }
  }

  /// The `environment` of answers: `Sandbox` or `Production`.
  var environment: String { world.environment.rawValue }
  /// The app's bundle identifier.
  var bundleId: String { store.catalog.bundleId }
}
