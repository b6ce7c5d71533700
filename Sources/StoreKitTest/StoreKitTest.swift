// Where the platform has no StoreKitTest (Linux), this module takes its name: a test written for
// SKTestSession, `import StoreKitTest` and all, runs against storebench's world unchanged.
@_exported import StoreBenchKitTest
