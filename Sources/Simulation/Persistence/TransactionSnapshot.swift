import Catalog
import Queue
import Store
import Vocabulary

/// A transaction of a saved world, finished or not, on whichever device: its payment, state, the
/// history entry it stands for as it was given to the app, and its interrupted-purchase resolution.
struct TransactionSnapshot: Codable, Hashable {
  var handle: Int
  var device: String
  var productId: String
  var quantity: Int
  var offerId: String?
  /// `sk2` for a StoreKit 2 purchase; absent for StoreKit 1 (and in files from before StoreKit 2).
  var api: String?
  var appAccountToken: String?
  /// The developer's proof of an offer; absent when none (and in older files).
  var offerProof: OfferProofSnapshot?
  /// A win-back offer the payment redeems; absent when none (and in older files).
  var winBackOfferId: String?
  /// The billing plan chosen (`MONTHLY`, `BILLED_UPFRONT`); absent when none (and in older files).
  var billingPlan: String?
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
    api = transaction.payment.api == .storeKit1 ? nil : transaction.payment.api.rawValue
    appAccountToken = transaction.payment.appAccountToken
    offerProof = transaction.payment.offerProof.map(OfferProofSnapshot.init)
    winBackOfferId = transaction.payment.winBackOfferId
    billingPlan = transaction.payment.billingPlan?.rawValue
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
    var payment = Payment(
      productId: productId, quantity: quantity, offerId: offerId,
      api: try SnapshotPath.parse(
        api ?? StoreKitAPI.storeKit1.rawValue, as: StoreKitAPI.self, at: path + ".api"),
      appAccountToken: appAccountToken)
    payment.offerProof = try offerProof?.proof(at: path + ".offerProof")
    payment.winBackOfferId = winBackOfferId
    payment.billingPlan = try SnapshotPath.parse(
      optional: billingPlan, as: BillingPlan.Kind.self, at: path + ".billingPlan")
    return PaymentTransaction(
      restoringHandle: handle, payment: payment,
      device: device, state: try SnapshotPath.parse(state, as: TransactionState.self, at: path + ".state"),
      date: SnapshotPath.date(date), transactionIdentifier: transactionId,
      error: try SnapshotPath.parse(optional: error, as: SKErrorCode.self, at: path + ".error"),
      record: try record?.record(at: path + ".record", catalog: catalog),
      original: try original?.record(at: path + ".original", catalog: catalog), isFinished: isFinished,
      isInterrupted: isInterrupted)
  }
}
