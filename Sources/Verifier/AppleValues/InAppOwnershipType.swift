/// Whether the customer bought the product or has it through Family Sharing.
///
/// The typed view of `inAppOwnershipType` of a transaction; payloads keep the wire value beside it, so unknown values still
/// decode.
public enum InAppOwnershipType: String, Hashable, Sendable, Codable, CaseIterable {
  /// The customer purchased the product.
  case purchased = "PURCHASED"
  /// A family member shares the product with the customer.
  case familyShared = "FAMILY_SHARED"
}
