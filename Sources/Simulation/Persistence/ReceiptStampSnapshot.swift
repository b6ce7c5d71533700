import Store
import Verifier

/// The app receipt a device holds, as the moment of the account's records it reflects: it is
/// rebuilt (and signed again) from those records when read. A receipt of a deleted account keeps
/// that account's records with it, since the store no longer has them.
struct ReceiptStampSnapshot: Codable, Hashable {
  var account: String
  var deletedAccount: AccountSnapshot?
  var count: Int
  var revision: Int
  var date: Double
  var generation: Int
  var environment: String
}
