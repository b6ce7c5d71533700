import Foundation
import Store
import Verifier

/// An app receipt as Apple wrote it to a device: the account's records at one moment, read back
/// when the receipt is shown, and signed only when its bytes are read.
public struct ReceiptSnapshot {
  /// The account whose purchases it lists.
  public let account: Account
  /// The moment of the account's records it reflects; its date is the receipt's creation date.
  public let stamp: HistoryStamp
  /// How many receipts the device had been given before this one (the opaque value changes with each).
  public let generation: Int
  /// Production or sandbox, as the world was when it was written.
  public let environment: Verifier.Environment
}
