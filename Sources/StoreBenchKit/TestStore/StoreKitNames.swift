import StoreBenchClient

// StoreKit's names mean StoreKit's types in this module, over the world's types of the same names
// (Catalog's `Product`, Simulation's `VerificationResult`, Verifier's `AppTransaction`…).
typealias AppStore = StoreBenchClient.AppStore
typealias AppTransaction = StoreBenchClient.AppTransaction
typealias Product = StoreBenchClient.Product
typealias PurchaseIntent = StoreBenchClient.PurchaseIntent
typealias SKError = StoreBenchClient.SKError
typealias StoreKitError = StoreBenchClient.StoreKitError
typealias Storefront = StoreBenchClient.Storefront
typealias Transaction = StoreBenchClient.Transaction
typealias VerificationResult = StoreBenchClient.VerificationResult
