import Catalog
import FuzzSupport
import Simulation
import Store
import Workbench

/// The built-in catalog, read once.
private let catalog: Catalog = {
  do {
    return try CatalogLocator.builtIn()
  } catch {
    fatalError("fuzz: the built-in catalog: \(error)")
  }
}()

/// Reads an input as a customer's data and merges it into a fresh world, as `import` does: the
/// first byte chooses the reader (0 a receipt's DER, 1 a verifyReceipt answer, 2 signed data), the
/// rest is the data. Signatures are checked against the fuzzers' root, and data that does not verify
/// is imported anyway (`--unverified`), so that mutated data reaches the merge; conflicts within the
/// data are settled for the incoming side. The outcome is a merged world or an `ImportError`;
/// nothing else may happen.
///
/// - Parameters:
///   - data: The input's first byte.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let kind = bytes.first else { return 0 }
  let body = Array(bytes.dropFirst())
  let trust = ImportTrust(roots: [FuzzEnvironment.authority.root], allowsUnverified: true)
  do {
    let customer: CustomerData
    switch kind % 3 {
    case 0: customer = try ReceiptImport.read(body, source: "receipt", trust: trust)
    case 1: customer = try VerifyResponseImport.read(body, source: "verify-response")
    default:
      customer = try SignedDataImport.read(String(decoding: body, as: UTF8.self), source: "jws", trust: trust)
    }
    let world = World(catalog: catalog, log: EventLog(), authorityDirectory: FuzzEnvironment.caDirectory)
    let report = try world.importCustomer(customer, preference: .incoming)
    _ = report.subscriptions
    try world.advanceClock(by: TimeSpan(months: 1))
  } catch {
    _ = String(describing: error)
  }
  return 0
}
