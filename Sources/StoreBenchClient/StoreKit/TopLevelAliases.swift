/// `Product.SubscriptionPeriod`.
public typealias SubscriptionPeriod = Product.SubscriptionPeriod
/// `Product.SubscriptionInfo`.
public typealias SubscriptionInfo = Product.SubscriptionInfo
/// `Product.SubscriptionInfo.RenewalState`.
public typealias SubscriptionRenewalState = Product.SubscriptionInfo.RenewalState
/// `Product.SubscriptionInfo.Status`.
public typealias SubscriptionStatus = Product.SubscriptionInfo.Status
/// `Product.SubscriptionInfo.RenewalInfo`.
public typealias SubscriptionRenewalInfo = Product.SubscriptionInfo.RenewalInfo
