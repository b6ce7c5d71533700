import Foundation
import JSON
import Store

/// Apple's `NotificationHistoryRequest`, the body of Get Notification History, read and checked:
/// `startDate` and `endDate` (milliseconds, required), and at most one of `notificationType`
/// (with an optional `notificationSubtype`) and `transactionId`, and `onlyFailures`.
public struct NotificationHistoryRequest: Hashable, Sendable {
  /// The first instant (inclusive) of the notifications asked for.
  public var startDate: Date
  /// The end (exclusive).
  public var endDate: Date
  /// Only notifications of this type: any type Apple documents, as written (one storebench
  /// never sends, such as `METADATA_UPDATE`, matches none).
  public var notificationType: String?
  /// Only notifications of this subtype (with `notificationType`), as written.
  public var notificationSubtype: String?
  /// Only the notifications of the customer this transaction belongs to.
  public var transactionId: UInt64?
  /// Only notifications that have not reached the server.
  public var onlyFailures: Bool

  /// How far back the history reaches: 180 days.
  public static let retention: TimeInterval = 180 * 86_400

  /// Reads a request body and checks it against the world's clock.
  ///
  /// - Parameters:
  ///   - body: the JSON body.
  ///   - now: the world's clock.
  /// - Throws: the ``APIError`` Apple answers: 4000000 for a body that is not a JSON object,
  ///   4000015/4000016 for a missing or invalid date, 4000013 when the start is not before the end,
  ///   4000012 when the start is more than 180 days ago, 4000018 for a type and subtype that are not
  ///   a pair of Apple's table, 4000019 for a type and a transaction together, 4000006 for a
  ///   transaction id that is not one.
  public init(body: [UInt8], now: Date) throws(APIError) {
    let object: [String: JSONScalar]
    do {
      object = try JSONDecoder().decode([String: JSONScalar].self, from: Data(body))
    } catch {
      throw APIError.generalBadRequest
    }
    startDate = try Self.date(object["startDate"], else: .invalidStartDate)
    endDate = try Self.date(object["endDate"], else: .invalidEndDate)
    guard startDate < endDate else { throw APIError.startDateAfterEndDate }
    guard startDate >= now.addingTimeInterval(-Self.retention) else { throw APIError.startDateTooFarInPast }
    notificationType = try Self.name(object["notificationType"], among: ServerEvent.documentedTypes)
    notificationSubtype = try Self.name(object["notificationSubtype"], among: ServerEvent.documentedSubtypes)
    if let type = notificationType {
      if let kind = ServerEvent.Kind(rawValue: type),
        !kind.admits(notificationSubtype.flatMap(ServerEvent.Subtype.init(rawValue:))),
        notificationSubtype != nil
      {
        throw APIError.invalidNotificationType
      }
    } else if notificationSubtype != nil {
      throw APIError.invalidNotificationType
    }
    transactionId = try Self.transaction(object["transactionId"])
    guard notificationType == nil || transactionId == nil else { throw APIError.multipleFiltersSupplied }
    switch object["onlyFailures"] {
    case nil, .null: onlyFailures = false
    case .bool(let flag): onlyFailures = flag
    case .integer, .number, .string, .structure: throw APIError.generalBadRequest
    }
  }

  /// A canonical text of the request, which pagination tokens are bound to.
  var canonicalText: String {
    [
      String(startDate.milliseconds), String(endDate.milliseconds), notificationType ?? "",
      notificationSubtype ?? "", transactionId.map { String($0) } ?? "", String(onlyFailures),
    ].joined(separator: "|")
  }

  private static func date(_ value: JSONScalar?, else error: APIError) throws(APIError) -> Date {
    guard case .integer(let milliseconds) = value else { throw error }
    return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// A type or subtype name, one of Apple's.
  private static func name(_ value: JSONScalar?, among names: [String]) throws(APIError) -> String? {
    switch value {
    case nil, .null: return nil
    case .string(let text):
      guard names.contains(text) else { throw APIError.invalidNotificationType }
      return text
    case .bool, .integer, .number, .structure: throw APIError.invalidNotificationType
    }
  }

  private static func transaction(_ value: JSONScalar?) throws(APIError) -> UInt64? {
    switch value {
    case nil, .null: return nil
    case .string(let text):
      guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }), let number = UInt64(text) else {
        throw APIError.invalidTransactionId
      }
      return number
    case .bool, .integer, .number, .structure: throw APIError.invalidTransactionId
    }
  }
}
