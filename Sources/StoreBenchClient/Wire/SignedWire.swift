import Foundation

/// A signed value as the device face sends it: the compact JWS the App Store signed for the
/// device, and what the world's own check of it found, so that a failure a test armed
/// (`unverified-next`) reaches the app as StoreKit would report it.
package struct SignedWire: Codable, Hashable, Sendable {
  /// The compact JWS.
  package var jws: String
  /// The `VerificationError` case the world's check found (`invalidSignature`…); absent when it
  /// passed. The client checks the JWS itself all the same.
  package var unverified: String?
  /// For a transaction: the storefront it was bought in.
  package var storefront: StorefrontWire?

  package init(jws: String, unverified: String? = nil, storefront: StorefrontWire? = nil) {
    self.jws = jws
    self.unverified = unverified
    self.storefront = storefront
  }
}

/// A storefront on the wire.
package struct StorefrontWire: Codable, Hashable, Sendable {
  package var countryCode: String
  package var id: String
  package var currencyCode: String?

  package init(countryCode: String, id: String, currencyCode: String?) {
    self.countryCode = countryCode
    self.id = id
    self.currencyCode = currencyCode
  }
}

/// A subscription's status on the wire: its state's raw value and its two signed values.
package struct StatusWire: Codable, Hashable, Sendable {
  package var state: Int
  package var transaction: SignedWire
  package var renewalInfo: SignedWire

  package init(state: Int, transaction: SignedWire, renewalInfo: SignedWire) {
    self.state = state
    self.transaction = transaction
    self.renewalInfo = renewalInfo
  }
}

/// The statuses of one subscription group.
package struct GroupStatusesWire: Codable, Hashable, Sendable {
  package var groupID: String
  package var statuses: [StatusWire]

  package init(groupID: String, statuses: [StatusWire]) {
    self.groupID = groupID
    self.statuses = statuses
  }
}
