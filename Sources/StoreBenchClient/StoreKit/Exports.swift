// `import StoreKit` makes Foundation visible (every StoreKit header imports it), so a file written
// for StoreKit uses `Date`, `UUID`, `Decimal` and `Data` without importing Foundation itself.
@_exported import Foundation
