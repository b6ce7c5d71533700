extension Store {
  /// Whether an account may still have the introductory offer of a subscription group: the App
  /// Store gives it once per group (StoreKit 2's `isEligibleForIntroOffer(for:)`).
  ///
  /// - Parameters:
  ///   - group: The group's name.
  ///   - account: The customer.
  public func isEligibleForIntroductoryOffer(group: String, account: Account) -> Bool {
    !account.introductoryOfferGroups.contains(group)
  }
}
