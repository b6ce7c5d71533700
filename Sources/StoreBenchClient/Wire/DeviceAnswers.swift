import Foundation

/// What `POST /device/v1/DEVICE/launch` answers: the device, launched with the app on it, and
/// what the app needs to check what it will be sent.
package struct LaunchAnswer: Codable, Sendable {
  /// The device's name in the world.
  package var device: String
  /// The served world's root certificate, DER in base64: every signed value chains to it.
  package var rootCertificate: String
  /// The device's identifier for vendor (`AppStore.deviceVerificationID`).
  package var deviceVerificationID: UUID
  /// `AppStore.canMakePayments`.
  package var canMakePayments: Bool
  /// The storefront now.
  package var storefront: StorefrontWire
  /// How many updates the app's listener got since this launch (0).
  package var cursor: Int

  package init(
    device: String, rootCertificate: String, deviceVerificationID: UUID, canMakePayments: Bool,
    storefront: StorefrontWire, cursor: Int
  ) {
    self.device = device
    self.rootCertificate = rootCertificate
    self.deviceVerificationID = deviceVerificationID
    self.canMakePayments = canMakePayments
    self.storefront = storefront
    self.cursor = cursor
  }
}

/// What `GET /device/v1/DEVICE/updates?after=N` answers: the listener's updates after the N-th
/// since launch, in order, and the world's state that `Status.updates` and `Storefront.updates`
/// follow.
package struct UpdatesAnswer: Codable, Sendable {
  /// Each update after `after`, numbered from 1 since launch.
  package var updates: [NumberedUpdate]
  /// How many updates the listener got since launch: the `after` of the next request.
  package var cursor: Int
  /// Every subscription's status now, by group.
  package var statuses: [GroupStatusesWire]
  /// The storefront now.
  package var storefront: StorefrontWire
  /// `AppStore.canMakePayments` now.
  package var canMakePayments: Bool
  /// How many changing steps the served world has taken (``RevisionAnswer/revision``).
  package var revision: Int
  /// The server's run (``RevisionAnswer/run``).
  package var run: String

  package init(
    updates: [NumberedUpdate], cursor: Int, statuses: [GroupStatusesWire], storefront: StorefrontWire,
    canMakePayments: Bool, revision: Int, run: String
  ) {
    self.run = run
    self.updates = updates
    self.cursor = cursor
    self.revision = revision
    self.statuses = statuses
    self.storefront = storefront
    self.canMakePayments = canMakePayments
  }
}

/// What `GET /device/v1/DEVICE/revision` answers: where the world stands, for a client that waits
/// until it has heard everything (`ServedStore.settle()`).
package struct RevisionAnswer: Codable, Sendable {
  /// How many updates the device's listener got since launch.
  package var cursor: Int
  /// How many changing steps the served world has taken in this server's run.
  package var revision: Int
  /// Which run of the server this is (a fresh identifier each start): revisions of two runs do
  /// not compare, so a client waits until it has heard from this one.
  package var run: String

  package init(cursor: Int, revision: Int, run: String) {
    self.run = run
    self.cursor = cursor
    self.revision = revision
  }
}

/// One update of the listener, with its number since launch.
package struct NumberedUpdate: Codable, Sendable {
  package var number: Int
  package var transaction: SignedWire

  package init(number: Int, transaction: SignedWire) {
    self.number = number
    self.transaction = transaction
  }
}

/// What `POST /device/v1/DEVICE/purchase` answers: StoreKit's `PurchaseResult`, or the error the
/// purchase threw.
package struct PurchaseAnswer: Codable, Sendable {
  /// `success`, `pending`, `userCancelled`, or `failed`.
  package var result: String
  /// With `success`: the transaction.
  package var transaction: SignedWire?
  /// With `failed`: the error, by its StoreKit 2 name (`Product.PurchaseError.purchaseNotAllowed`).
  package var error: String?

  package init(result: String, transaction: SignedWire? = nil, error: String? = nil) {
    self.result = result
    self.transaction = transaction
    self.error = error
  }
}

/// What the device face answers with a list of transactions, statuses or products, or one value.
package struct ListAnswer<Element: Codable & Sendable>: Codable, Sendable {
  package var items: [Element]

  package init(_ items: [Element]) {
    self.items = items
  }
}

/// A request's answer that failed: the StoreKit 2 error to throw, by its name, and why.
package struct DeviceFailure: Codable, Sendable, Error, CustomStringConvertible {
  /// The error's StoreKit 2 name (`StoreKitError.notEntitled`), when it is one.
  package var storeKitError: String?
  /// The code of storebench's error vocabulary (`unknown_product`…).
  package var errorCode: String
  /// What went wrong.
  package var errorMessage: String

  package init(storeKitError: String? = nil, errorCode: String, errorMessage: String) {
    self.storeKitError = storeKitError
    self.errorCode = errorCode
    self.errorMessage = errorMessage
  }

  /// `storebench serve: MESSAGE (CODE)`.
  package var description: String { "storebench serve: \(errorMessage) (\(errorCode))" }
}
