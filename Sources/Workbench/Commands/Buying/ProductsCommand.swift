import ArgumentParser
import Catalog
import Store
import Vocabulary

/// `products [ID…]`: a products request.
struct ProductsCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "products",
    abstract: "Ask for products, like SKProductsRequest: valid products and invalid identifiers.",
    discussion: "With no identifiers, asks for the whole catalog.")

  @Argument(help: "Product identifiers to ask for.", completion: .session(.products))
  var ids: [String] = []

  func validate() throws {
    try requireNonEmpty(ids, "a product id")
  }

  func changesWorld(in session: Session) -> Bool {
    session.world.store.faults.armedErrors[.products]?.isEmpty == false
  }

  func execute(in session: Session) throws {
    let store = session.world.store
    if let error = store.faults.take(.products) {
      session.print("request:didFailWithError: \(error)")
      return
    }
    let response = store.productsRequest(ids)
    let rows = response.products.map { product in
      [
        product.id, product.type.rawValue, product.text(for: store.locale).title,
        terms(of: product, in: store),
      ]
    }
    session.print(lines: TextTable.render(rows))
    for invalid in response.invalidProductIdentifiers {
      // A typo's likely product, as every command that names an unknown product says it.
      let guess =
        invalid.reason == .unknown
        ? DidYouMean.clause(for: invalid.id, among: store.catalog.products.map(\.id)) : ""
      session.print("invalid: \(invalid.id) (\(invalid.reason.rawValue)\(guess))")
    }
    if response.products.isEmpty && response.invalidProductIdentifiers.isEmpty {
      session.print("the catalog has no products")
    }
  }

  private func terms(of product: Product, in store: Store) -> String {
    let price = store.price(of: product).formatted
    if let subscription = product.subscription {
      var text = "\(price) / \(subscription.period)"
      if let offer = subscription.introductoryOffer { text += ", intro: \(offer)" }
      let currency = store.price(of: product).currency
      for plan in subscription.billingPlans where plan.kind == .monthly && plan.isEnabled {
        let monthly = Price(amount: plan.price, currency: currency).formatted
        let total = Price(amount: plan.commitmentPrice, currency: currency).formatted
        text += ", or \(monthly) / month over a \(subscription.period) commitment (\(total))"
      }
      return text + ", group \(subscription.group) level \(subscription.level)"
    }
    if let period = product.nonRenewingPeriod { return "\(price) for \(period)" }
    return price
  }
}
