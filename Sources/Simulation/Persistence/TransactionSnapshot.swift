import Catalog
import Queue
import Store

/// A transaction of a saved world, finished or not, on whichever device: its payment, state, the
/// history entry it stands for as it was given to the app, and its interrupted-purchase resolution.
struct TransactionSnapshot: Codable, Hashable {
  var handle: Int
  var device: String
  var productId: String
  var quantity: Int
  var offerId: String?
  var state: String
  var date: Double
  var transactionId: String?
  var error: Int?
  var record: PurchaseRecordSnapshot?
  var original: PurchaseRecordSnapshot?
  var isFinished: Bool
  var isInterrupted: Bool
  var resolution: Int?

  init(_ transaction: PaymentTransaction) {
    handle = transaction.handle
    device = transaction.device
    productId = transaction.payment.productId
    quantity = transaction.payment.quantity
    offerId = transaction.payment.offerId
    state = transaction.state.rawValue
    date = transaction.date.secondsSince1970
    transactionId = transaction.transactionIdentifier
    error = transaction.error?.rawValue
    record = transaction.record.map(PurchaseRecordSnapshot.init)
    original = transaction.original.map(PurchaseRecordSnapshot.init)
    isFinished = transaction.isFinished
    isInterrupted = transaction.isInterrupted
    resolution = transaction.resolution?.handle
  }

  func transaction(at path: String, catalog: Catalog) throws(WorldFileError) -> PaymentTransaction {
    PaymentTransaction(
      restoringHandle: handle, payment: Payment(productId: productId, quantity: quantity, offerId: offerId),
      device: device, state: try SnapshotPath.parse(state, as: TransactionState.self, at: path + ".state"),
      date: SnapshotPath.date(date), transactionIdentifier: transactionId,
      error: try SnapshotPath.parse(optional: error, as: SKErrorCode.self, at: path + ".error"),
      record: try record?.record(at: path + ".record", catalog: catalog),
      original: try original?.record(at: path + ".original", catalog: catalog), isFinished: isFinished,
      isInterrupted: isInterrupted)
  }
}
