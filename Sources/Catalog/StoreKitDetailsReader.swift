/// Reads the ``StoreKitFileDetails`` of a `.storekit` file whose catalog has been read already: its
/// ids, group display names, offer reference names and the sections storebench keeps as written.
struct StoreKitDetailsReader {
  func details(_ object: JSONObjectReader) throws(CatalogError) -> StoreKitFileDetails {
    var details = StoreKitFileDetails()
    details.identifier = try object.optional("identifier")?.string()
    details.version = object.optional("version")?.value
    details.appPolicies = object.optional("appPolicies")?.value
    details.subscriptionOffersKeyPair = object.optional("subscriptionOffersKeyPair")?.value
    for section in ["products", "nonRenewingSubscriptions"] {
      for node in try object.optional(section)?.array() ?? [] {
        try recordID(
          of: try node.object(), key: ["product", try node.object().required("productID").string()],
          in: &details)
      }
    }
    for groupNode in try object.optional("subscriptionGroups")?.array() ?? [] {
      let group = try groupNode.object()
      let name = try group.required("name").string()
      if let id = try group.optional("id")?.string() {
        details.internalIDs[StoreKitFileDetails.key(["group", name])] = id
      }
      details.groupLocalizations[name] = group.optional("localizations")?.value
      for node in try group.required("subscriptions").array() {
        try subscription(try node.object(), in: &details)
      }
    }
    return details
  }

  private func subscription(
    _ object: JSONObjectReader, in details: inout StoreKitFileDetails
  ) throws(CatalogError) {
    let id = try object.required("productID").string()
    try recordID(of: object, key: ["product", id], in: &details)
    if let intro = object.optional("introductoryOffer") {
      try recordID(of: try intro.object(), key: ["intro", id], in: &details)
    }
    for (section, kind) in [("adHocOffers", "promo"), ("winbackOffers", "winback")] {
      for node in try object.optional(section)?.array() ?? [] {
        let offer = try node.object()
        let key = [kind, id, try offer.required("offerID").string()]
        try recordID(of: offer, key: key, in: &details)
        if let name = try offer.optional("referenceName")?.string() {
          details.referenceNames[StoreKitFileDetails.key(key)] = name
        }
      }
    }
    for (index, node) in (try object.optional("codeOffers")?.array() ?? []).enumerated() {
      try recordID(of: try node.object(), key: ["code", id, String(index)], in: &details)
    }
    for node in try object.optional("billingPlans")?.array() ?? [] {
      let plan = try node.object()
      try recordID(of: plan, key: ["plan", id, try plan.required("billingPlanType").string()], in: &details)
    }
  }

  private func recordID(
    of object: JSONObjectReader, key: [String], in details: inout StoreKitFileDetails
  ) throws(CatalogError) {
    if let id = try object.optional("internalID")?.string() {
      details.internalIDs[StoreKitFileDetails.key(key)] = id
    }
  }
}
