import JSON

/// An App Store Server API error: Apple's numeric code, whose first three digits are the HTTP
/// status, and its message. Codes and names follow Apple's libraries and the App Store Server
/// API's documentation ("Error codes").
public struct APIError: Error, Hashable, Sendable {
  /// Apple's code, such as 4040010.
  public var code: Int
  /// Apple's message, such as `Transaction id not found.`
  public var message: String

  /// Creates an error.
  public init(_ code: Int, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The HTTP status: the code's first three digits.
  public var httpStatus: Int { code / 10_000 }

  /// `{"errorCode":4040010,"errorMessage":"Transaction id not found."}`.
  public var bodyText: String {
    OrderedJSON.object([.init("errorCode", .integer(Int64(code))), .init("errorMessage", .string(message))])
      .text
  }

  /// Apple's `GeneralBadRequestError`.
  public static let generalBadRequest = APIError(4_000_000, "Bad request.")
  /// Apple's `InvalidAppIdentifierError`.
  public static let invalidAppIdentifier = APIError(4_000_002, "Invalid request app identifier.")
  /// Apple's `InvalidRequestRevisionError`.
  public static let invalidRequestRevision = APIError(4_000_005, "Invalid request revision.")
  /// Apple's `InvalidTransactionIdError`.
  public static let invalidTransactionId = APIError(4_000_006, "Invalid transaction id.")
  /// Apple's `InvalidOriginalTransactionIdError`.
  public static let invalidOriginalTransactionId = APIError(4_000_008, "Invalid original transaction id.")
  /// Apple's `InvalidExtendByDaysError`.
  public static let invalidExtendByDays = APIError(4_000_009, "Invalid extend by days value.")
  /// Apple's `InvalidExtendReasonCodeError`.
  public static let invalidExtendReasonCode = APIError(4_000_010, "Invalid extend reason code.")
  /// Apple's `InvalidRequestIdentifierError`.
  public static let invalidRequestIdentifier = APIError(4_000_011, "Invalid request identifier.")
  /// Apple's `StartDateTooFarInPastError`.
  public static let startDateTooFarInPast = APIError(
    4_000_012, "Invalid request. The start date is earlier than the allowed start date.")
  /// Apple's `StartDateAfterEndDateError`.
  public static let startDateAfterEndDate = APIError(
    4_000_013, "Invalid request. The end date precedes the start date or the dates are the same.")
  /// Apple's `InvalidPaginationTokenError`.
  public static let invalidPaginationToken = APIError(
    4_000_014, "Invalid request. The pagination token is invalid.")
  /// Apple's `InvalidStartDateError`.
  public static let invalidStartDate = APIError(
    4_000_015, "Invalid request. The start date is not a timestamp value represented in milliseconds.")
  /// Apple's `InvalidEndDateError`.
  public static let invalidEndDate = APIError(
    4_000_016, "Invalid request. The end date is not a timestamp value represented in milliseconds.")
  /// Apple's `PaginationTokenExpiredError`.
  public static let paginationTokenExpired = APIError(
    4_000_017, "Invalid request. The pagination token is expired.")
  /// Apple's `InvalidNotificationTypeError`.
  public static let invalidNotificationType = APIError(
    4_000_018, "Invalid request. The notification type or subtype is invalid.")
  /// Apple's `MultipleFiltersSuppliedError`.
  public static let multipleFiltersSupplied = APIError(
    4_000_019, "Invalid request. Too many filters provided.")
  /// Apple's `InvalidTestNotificationTokenError`.
  public static let invalidTestNotificationToken = APIError(
    4_000_020, "Invalid request. The test notification token is invalid.")
  /// Apple's `InvalidSortError`.
  public static let invalidSort = APIError(4_000_021, "Invalid request. The sort parameter is invalid.")
  /// Apple's `InvalidProductTypeError`.
  public static let invalidProductType = APIError(
    4_000_022, "Invalid request. The product type parameter is invalid.")
  /// Apple's `InvalidProductIdError`.
  public static let invalidProductId = APIError(
    4_000_023, "Invalid request. The product id parameter is invalid.")
  /// Apple's `InvalidSubscriptionGroupIdentifierError`.
  public static let invalidSubscriptionGroupIdentifier = APIError(
    4_000_024, "Invalid request. The subscription group identifier parameter is invalid.")
  /// Apple's `InvalidExcludeRevokedError`.
  public static let invalidExcludeRevoked = APIError(
    4_000_025, "Invalid request. The exclude revoked parameter is invalid.")
  /// Apple's `InvalidInAppOwnershipTypeError`.
  public static let invalidInAppOwnershipType = APIError(
    4_000_026, "Invalid request. The in-app ownership type parameter is invalid.")
  /// Apple's `InvalidEmptyStorefrontCountryCodeListError`.
  public static let invalidEmptyStorefrontCountryCodeList = APIError(
    4_000_027, "Invalid request. The storefront country code list is empty.")
  /// Apple's `InvalidStorefrontCountryCodeError`.
  public static let invalidStorefrontCountryCode = APIError(
    4_000_028, "Invalid request. A storefront country code is invalid.")
  /// Apple's `InvalidRevokedError`.
  public static let invalidRevoked = APIError(4_000_030, "Invalid request. The revoked parameter is invalid.")
  /// Apple's `InvalidStatusError`.
  public static let invalidStatus = APIError(4_000_031, "Invalid request. The status parameter is invalid.")
  /// Apple's `InvalidAccountTenureError`.
  public static let invalidAccountTenure = APIError(
    4_000_032, "Invalid request. The account tenure field is invalid.")
  /// Apple's `InvalidAppAccountTokenError` (Send Consumption Information V1).
  public static let invalidAppAccountToken = APIError(
    4_000_033, "Invalid request. The app account token field must be a valid UUID or an empty string.")
  /// Apple's `InvalidConsumptionStatusError`.
  public static let invalidConsumptionStatus = APIError(
    4_000_034, "Invalid request. The consumption status field is invalid.")
  /// Apple's `InvalidCustomerConsentedError`.
  public static let invalidCustomerConsented = APIError(
    4_000_035, "Invalid request. The customer consented field is invalid or the customer has not consented.")
  /// Apple's `InvalidDeliveryStatusError`.
  public static let invalidDeliveryStatus = APIError(
    4_000_036, "Invalid request. The delivery status field is invalid.")
  /// Apple's `InvalidLifetimeDollarsPurchasedError`.
  public static let invalidLifetimeDollarsPurchased = APIError(
    4_000_037, "Invalid request. The lifetime dollars purchased field is invalid.")
  /// Apple's `InvalidLifetimeDollarsRefundedError`.
  public static let invalidLifetimeDollarsRefunded = APIError(
    4_000_038, "Invalid request. The lifetime dollars refunded field is invalid.")
  /// Apple's `InvalidPlatformError`.
  public static let invalidPlatform = APIError(4_000_039, "Invalid request. The platform field is invalid.")
  /// Apple's `InvalidPlayTimeError`.
  public static let invalidPlayTime = APIError(4_000_040, "Invalid request. The playtime field is invalid.")
  /// Apple's `InvalidSampleContentProvidedError`.
  public static let invalidSampleContentProvided = APIError(
    4_000_041, "Invalid request. The sample content provided field is invalid.")
  /// Apple's `InvalidUserStatusError`.
  public static let invalidUserStatus = APIError(
    4_000_042, "Invalid request. The user status field is invalid.")
  /// Apple's `InvalidRefundPreferenceError`. Apple documents it (API 1.19) without publishing its
  /// number: it is answered with `GeneralBadRequest`'s code and the documented error's meaning.
  public static let invalidRefundPreference = APIError(
    4_000_000, "Invalid request. The refund preference field is invalid.")
  /// Apple's `ConsumptionPercentageOutOfRangeError` (number unpublished: see
  /// ``invalidRefundPreference``).
  public static let consumptionPercentageOutOfRange = APIError(
    4_000_000, "Invalid request. The consumption percentage must be between 0 and 100000.")
  /// Apple's `UndeliveredConsumptionPercentageNonZeroError` (number unpublished).
  public static let undeliveredConsumptionPercentageNonZero = APIError(
    4_000_000, "Invalid request. The consumption percentage must be 0 when the content was not delivered.")
  /// Apple's `ConsumptionPercentageAutoRenewableSubscriptionError` (number unpublished).
  public static let consumptionPercentageAutoRenewableSubscription = APIError(
    4_000_000,
    "Invalid request. A prorated refund preference for an auto-renewable subscription takes no consumption percentage."
  )
  /// Apple's `InvalidTransactionTypeNotSupportedError`.
  public static let invalidTransactionTypeNotSupported = APIError(
    4_000_047, "Invalid request. The transaction type is not supported.")
  /// Apple's `AppTransactionIdNotSupportedError`.
  public static let appTransactionIdNotSupported = APIError(
    4_000_048, "Invalid request. App transactions aren't supported by this endpoint.")
  /// Apple's `InvalidAppAccountTokenUUIDError`.
  public static let invalidAppAccountTokenUUID = APIError(
    4_000_183, "Invalid request. The app account token must be a valid UUID.")
  /// Apple's `FamilyTransactionNotSupportedError`.
  public static let familyTransactionNotSupported = APIError(
    4_000_185, "Invalid request. Family-shared transactions are not supported by this endpoint.")
  /// Apple's `TransactionIdIsNotOriginalTransactionIdError`.
  public static let transactionIdIsNotOriginalTransactionId = APIError(
    4_000_187, "Invalid request. The transaction id is not an original transaction id.")
  /// Apple's `SubscriptionExtensionIneligibleError`.
  public static let subscriptionExtensionIneligible = APIError(
    4_030_004, "Forbidden - subscription state ineligible for extension.")
  /// Apple's `SubscriptionMaxExtensionError`.
  public static let subscriptionMaxExtension = APIError(
    4_030_005, "Forbidden - subscription has reached maximum extension count.")
  /// Apple's `FamilySharedSubscriptionExtensionIneligibleError`.
  public static let familySharedSubscriptionExtensionIneligible = APIError(
    4_030_007, "Forbidden - subscriptions that are family-shared cannot be extended.")
  /// Apple's `OriginalTransactionIdNotFoundError`.
  public static let originalTransactionIdNotFound = APIError(4_040_005, "Original transaction id not found.")
  /// Apple's `ServerNotificationURLNotFoundError`.
  public static let serverNotificationURLNotFound = APIError(4_040_007, "No notification URL found.")
  /// Apple's `TestNotificationNotFoundError`.
  public static let testNotificationNotFound = APIError(
    4_040_008,
    "Either the test notification token is expired or the notification and status are not yet available.")
  /// Apple's `StatusRequestNotFoundError`.
  public static let statusRequestNotFound = APIError(
    4_040_009,
    "The server didn't find a subscription-renewal-date extension request for this requestIdentifier and productId combination."
  )
  /// Apple's `TransactionIdNotFoundError`.
  public static let transactionIdNotFound = APIError(4_040_010, "Transaction id not found.")
  /// Apple's `AppTransactionDoesNotExistError`.
  public static let appTransactionDoesNotExist = APIError(
    4_040_019, "No AppTransaction exists for the customer.")
  /// Apple's `RateLimitExceededError`.
  public static let rateLimitExceeded = APIError(4_290_000, "Rate limit exceeded.")
  /// Apple's `GeneralInternalError`.
  public static let generalInternal = APIError(5_000_000, "An unknown error occurred.")
  /// Apple's `GeneralInternalRetryableError`.
  public static let generalInternalRetryable = APIError(
    5_000_001, "An unknown error occurred. Please try again.")
  /// Not Apple's: a path the App Store Server API does not have (Apple answers a bare 404).
  public static let notFound = APIError(4_040_000, "Not found.")
  /// Not Apple's: a path that exists with another method.
  public static let methodNotAllowed = APIError(4_050_000, "Method not allowed.")
  /// Not Apple's: a body over the server's limit.
  public static let payloadTooLarge = APIError(4_130_000, "Request body too large.")
}
