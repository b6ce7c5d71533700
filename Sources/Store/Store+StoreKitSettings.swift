import Catalog

extension Store {
  /// Sets the switches a catalog's StoreKit settings name (see ``StoreKitSettingsPlan``); switches
  /// the file leaves out keep their values.
  public func apply(_ plan: StoreKitSettingsPlan) {
    if let rate = plan.timeRate { timeRate = rate }
    if let locale = plan.locale { self.locale = locale }
    if let on = plan.isAskToBuyOn { isAskToBuyOn = on }
    if let on = plan.isBillingRetryOn { isBillingRetryOn = on }
    if let on = plan.isGracePeriodOn { gracePeriodDays = on ? StoreKitSettingsPlan.gracePeriodDays : nil }
    if let on = plan.isInterruptedPurchasesOn { isInterruptedPurchasesOn = on }
    for (api, error) in plan.standingFaults { faults.armStanding(api, error: error) }
  }
}
