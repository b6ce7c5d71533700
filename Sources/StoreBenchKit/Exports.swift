// StoreKit's API is StoreBenchClient's; StoreBenchKit puts a world in this process behind it.
@_exported import StoreBenchClient
