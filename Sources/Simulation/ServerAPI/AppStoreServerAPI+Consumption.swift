import Foundation
import Store

extension AppStoreServerAPI {
  /// #8 Send Consumption Information: `PUT /inApps/v2/transactions/consumption/{transactionId}`,
  /// 202 without a body. Apple's rules: `customerConsented` true, `sampleContentProvided` and
  /// `deliveryStatus` required, `consumptionPercentage` 0…100000 milliunits and 0 when undelivered,
  /// none with `GRANT_PRORATED` on an auto-renewable subscription. What was sent is kept in
  /// ``ServerAPIState/consumption``.
  static func consumption(_ context: APIContext) throws(APIError) -> APIResponse {
    let found = try consumableTransaction(context)
    let body = try context.body(
      ConsumptionRequest.self,
      fieldErrors: [
        "customerConsented": .invalidCustomerConsented,
        "sampleContentProvided": .invalidSampleContentProvided,
        "deliveryStatus": .invalidDeliveryStatus, "refundPreference": .invalidRefundPreference,
        "consumptionPercentage": .consumptionPercentageOutOfRange,
      ])
    guard body.customerConsented == true else { throw .invalidCustomerConsented }
    guard body.sampleContentProvided != nil else { throw .invalidSampleContentProvided }
    guard let delivery = body.deliveryStatus, ConsumptionRequest.deliveryStatuses.contains(delivery) else {
      throw .invalidDeliveryStatus
    }
    if let preference = body.refundPreference, !ConsumptionRequest.refundPreferences.contains(preference) {
      throw .invalidRefundPreference
    }
    if let percentage = body.consumptionPercentage {
      guard (0...100_000).contains(percentage) else { throw .consumptionPercentageOutOfRange }
      guard delivery == "DELIVERED" || percentage == 0 else { throw .undeliveredConsumptionPercentageNonZero }
      if body.refundPreference == "GRANT_PRORATED", found.record.productType == .autoRenewable {
        throw .consumptionPercentageAutoRenewableSubscription
      }
    }
    context.world.serverAPI.consumption[found.record.transactionNumber] = ConsumptionInformation(
      body: .v2(body), receivedAt: context.now)
    return .empty(202)
  }

  /// #9 Send Consumption Information V1 (deprecated):
  /// `PUT /inApps/v1/transactions/consumption/{transactionId}`, 202 without a body; every field
  /// but `refundPreference` required and in its range.
  static func consumptionV1(_ context: APIContext) throws(APIError) -> APIResponse {
    let found = try consumableTransaction(context)
    let ranges: [(WritableKeyPath<ConsumptionRequestV1, Int?>, String, ClosedRange<Int>, APIError)] = [
      (\.consumptionStatus, "consumptionStatus", 0...3, .invalidConsumptionStatus),
      (\.platform, "platform", 0...2, .invalidPlatform),
      (\.deliveryStatus, "deliveryStatus", 0...5, .invalidDeliveryStatus),
      (\.accountTenure, "accountTenure", 0...7, .invalidAccountTenure),
      (\.playTime, "playTime", 0...7, .invalidPlayTime),
      (\.lifetimeDollarsRefunded, "lifetimeDollarsRefunded", 0...7, .invalidLifetimeDollarsRefunded),
      (\.lifetimeDollarsPurchased, "lifetimeDollarsPurchased", 0...7, .invalidLifetimeDollarsPurchased),
      (\.userStatus, "userStatus", 0...4, .invalidUserStatus),
    ]
    var fieldErrors = Dictionary(uniqueKeysWithValues: ranges.map { ($0.1, $0.3) })
    fieldErrors["customerConsented"] = .invalidCustomerConsented
    fieldErrors["sampleContentProvided"] = .invalidSampleContentProvided
    fieldErrors["appAccountToken"] = .invalidAppAccountToken
    fieldErrors["refundPreference"] = .invalidRefundPreference
    let body = try context.body(ConsumptionRequestV1.self, fieldErrors: fieldErrors)
    guard body.customerConsented == true else { throw .invalidCustomerConsented }
    for (path, _, range, error) in ranges {
      guard let value = body[keyPath: path], range.contains(value) else { throw error }
    }
    guard body.sampleContentProvided != nil else { throw .invalidSampleContentProvided }
    guard let token = body.appAccountToken, token.isEmpty || UUID(uuidString: token) != nil else {
      throw .invalidAppAccountToken
    }
    if let preference = body.refundPreference, !(0...3).contains(preference) {
      throw .invalidRefundPreference
    }
    context.world.serverAPI.consumption[found.record.transactionNumber] = ConsumptionInformation(
      body: .v1(body), receivedAt: context.now)
    return .empty(202)
  }

  /// The transaction consumption information is sent for: the purchaser's own consumable or
  /// auto-renewable subscription.
  private static func consumableTransaction(_ context: APIContext) throws(APIError) -> APIContext.Found {
    let found = try context.transaction(context.parameters[0])
    guard !found.record.isFamilyShared else { throw .familyTransactionNotSupported }
    switch found.record.productType {
    case .consumable, .autoRenewable: return found
    case .nonConsumable, .nonRenewing: throw .invalidTransactionTypeNotSupported
    }
  }
}
