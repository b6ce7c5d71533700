// Where the platform has no StoreKit (Linux), this module takes its name: a file written for
// StoreKit 2, `import StoreKit` and all, compiles against StoreBenchKit unchanged, including code
// that spells the module (`StoreKit.Transaction`, `extension StoreKit.Product`).
@_exported import StoreBenchKit
