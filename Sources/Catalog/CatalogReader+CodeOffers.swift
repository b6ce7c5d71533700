import Foundation

extension CatalogReader {
  /// The keys of a code offer besides its terms.
  private static let codeOfferKeys = [
    "referenceName", "eligibility", "stackable", "storefronts", "customCodes",
  ]

  /// A product's `codeOffers`: subscription terms with eligibility and stackability for an
  /// auto-renewable subscription, a one-time `price` for any other product; each with optional
  /// `storefronts` and `customCodes`.
  func codeOffers(
    _ node: JSONNode?, of product: Product, storefronts: Set<String>
  ) throws(CatalogError) -> [CodeOffer] {
    var result: [CodeOffer] = []
    for offerNode in try node?.array() ?? [] {
      let offer = try codeOffer(offerNode, of: product, storefronts: storefronts)
      if result.contains(where: { $0.referenceName == offer.referenceName }) {
        throw offerNode.fail("duplicate code offer \"\(offer.referenceName)\"")
      }
      result.append(offer)
    }
    return result
  }

  private func codeOffer(
    _ node: JSONNode, of product: Product, storefronts known: Set<String>
  ) throws(CatalogError) -> CodeOffer {
    let object = try node.object()
    let name = try object.required("referenceName").nonEmptyString()
    var offer: CodeOffer
    if product.subscription != nil {
      offer = CodeOffer(
        referenceName: name, terms: try self.offer(node, promotional: false, otherKeys: Self.codeOfferKeys),
        eligibility: try object.optional("eligibility")?.eligibility() ?? CodeOffer.Eligibility.allCases,
        isStackable: try object.optional("stackable")?.bool() ?? false)
    } else {
      try object.rejectUnknownKeys(["referenceName", "price", "storefronts", "customCodes"])
      offer = CodeOffer(
        referenceName: name,
        terms: .oneTime(kind: .code, id: name, price: try object.required("price").decimalAmount()),
        eligibility: CodeOffer.Eligibility.allCases, isStackable: false)
    }
    if let node = object.optional("storefronts") {
      var ids: [String] = []
      for entry in try node.array() {
        let id = try entry.string()
        guard known.contains(id) else {
          throw entry.fail("unknown storefront \"\(id)\" (declare it under storefronts)")
        }
        ids.append(id)
      }
      offer.storefronts = ids
    }
    for entry in try object.optional("customCodes")?.array() ?? [] {
      offer.customCodes.append(try customCode(entry))
    }
    return offer
  }

  private func customCode(_ node: JSONNode) throws(CatalogError) -> CodeOffer.CustomCode {
    let object = try node.object()
    try object.rejectUnknownKeys(["code", "limit", "expires"])
    let codeNode = try object.required("code")
    let code = try codeNode.nonEmptyString()
    guard CodeOffer.CustomCode.isWellFormed(code) else {
      throw codeNode.fail("\"\(code)\" is not a custom code (1 to 64 letters and digits, upper case)")
    }
    var expires: Date?
    if let expiresNode = object.optional("expires") {
      let text = try expiresNode.string()
      guard let date = CodeOffer.CustomCode.date(text) else {
        throw expiresNode.fail("\"\(text)\" is not a date such as 2027-01-31 or 2027-01-31T12:00:00Z")
      }
      expires = date
    }
    return CodeOffer.CustomCode(
      code: code, limit: try object.optional("limit")?.integer(in: 1...1_000_000), expires: expires)
  }
}

extension JSONNode {
  /// A code offer's `eligibility`: a non-empty list of `new`, `existing` and `expired`, as both
  /// catalog formats write it.
  func eligibility() throws(CatalogError) -> [CodeOffer.Eligibility] {
    var result: [CodeOffer.Eligibility] = []
    for entry in try array() {
      let name = try entry.string()
      guard let kind = CodeOffer.Eligibility(rawValue: name) else {
        throw entry.fail("unknown eligibility \"\(name)\" (expected new, existing or expired)")
      }
      if !result.contains(kind) { result.append(kind) }
    }
    guard !result.isEmpty else { throw fail("at least one eligibility is required") }
    return result
  }
}
