import Catalog
import Queue
import Store

extension World {
  /// The customer starts a purchase outside the app on the current device (a promoted in-app
  /// purchase on the App Store product page, or a win-back offer without Streamlined Purchasing):
  /// a StoreKit 2 app gets a `PurchaseIntent`; a StoreKit 1 app's observers are asked
  /// `shouldAddStorePayment`.
  public func promote(_ productId: String, winBackOfferId: String?) {
    if device.api.usesStoreKit2 {
      device.storeKit2.receive(intentFor: productId, winBackOfferId: winBackOfferId)
    } else {
      var payment = Payment(productId: productId)
      payment.winBackOfferId = winBackOfferId
      device.queue.promote(payment)
    }
    settle()
  }

  /// The customer redeems a win-back offer outside the app (its link, a system sheet): with
  /// Streamlined Purchasing it completes there and arrives as a transaction made outside the app;
  /// without, the app gets a purchase intent carrying the offer.
  public func redeemWinBack(_ offerId: String) throws(SimulationError) {
    guard let product = store.product(ofWinBackOffer: offerId) else {
      throw SimulationError(.notFound, "no win-back offer \(offerId) in the catalog")
    }
    guard let account = device.queue.account else {
      throw SimulationError(.notAllowed, "no account is signed in on \(device.name)")
    }
    guard store.isStreamlinedPurchasingOn else { return promote(product.id, winBackOfferId: offerId) }
    _ = store.redeemWinBack(offerId, account: account)
    settle()
  }
}
