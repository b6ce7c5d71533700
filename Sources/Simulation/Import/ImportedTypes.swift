import Catalog
import Store

/// The catalog's product type, named apart from the JWS `type` of `Verifier`, for readers that
/// import both.
typealias ImportedProductType = ProductType

/// The store's expiration intent, named apart from the JWS one of `Verifier`, for readers that
/// import both.
typealias ImportedExpirationIntent = ExpirationIntent
