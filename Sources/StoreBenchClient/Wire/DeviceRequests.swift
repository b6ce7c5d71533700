import Foundation

/// The body of `POST /device/v1/DEVICE/products`.
package struct ProductsRequestWire: Codable, Sendable {
  package var ids: [String]

  package init(ids: [String]) {
    self.ids = ids
  }
}

/// The body of `POST /device/v1/DEVICE/finish`.
package struct FinishRequestWire: Codable, Sendable {
  package var transactionID: UInt64

  package init(transactionID: UInt64) {
    self.transactionID = transactionID
  }
}

/// The body of `POST /device/v1/DEVICE/app-transaction`.
package struct AppTransactionRequestWire: Codable, Sendable {
  package var refresh: Bool

  package init(refresh: Bool) {
    self.refresh = refresh
  }
}

/// What a request that only acts answers.
package struct DoneAnswer: Codable, Sendable {
  package var done: Bool

  package init() {
    done = true
  }
}

/// What `GET /device/v1/DEVICE/eligibility` answers.
package struct EligibilityAnswer: Codable, Sendable {
  package var eligible: Bool

  package init(eligible: Bool) {
    self.eligible = eligible
  }
}
