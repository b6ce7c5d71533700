import Catalog
import Simulation
import Store
import Workbench

/// Reads an input as a customer's data and merges it into a fresh world, as `import` does: the
/// first byte chooses the reader (0 a receipt's DER, 1 a verifyReceipt answer, 2 signed data), the
/// rest is the data. Signatures are checked against the fuzzers' root, and data that does not verify
/// is imported anyway (`--unverified`), so that mutated data reaches the merge; conflicts within the
/// data are settled for the incoming side. The outcome is a merged world or an `ImportError`;
/// nothing else may happen.
public enum ImportFuzzTarget: FuzzTarget {
  /// `ImportFuzzer`.
  public static let name = "ImportFuzzer"

  /// The reader a first byte of 0 chooses (a receipt's DER).
  public static let receiptReader: UInt8 = 0
  /// The reader a first byte of 1 chooses (a verifyReceipt answer).
  public static let verifyResponseReader: UInt8 = 1
  /// The reader a first byte of 2 chooses (signed data, a JWS).
  public static let signedDataReader: UInt8 = 2

  /// The built-in catalog, read once.
  static let catalog: Catalog = {
    do {
      return try CatalogLocator.builtIn()
    } catch {
      fatalError("fuzz: the built-in catalog: \(error)")
    }
  }()

  /// Reads the customer's data with the reader the first byte chooses, imports it into a fresh
  /// world and advances that world's clock by a month.
  ///
  /// - Parameter input: The reader's byte, then the data.
  public static func run(_ input: [UInt8]) {
    guard let kind = input.first else { return }
    let body = Array(input.dropFirst())
    let trust = ImportTrust(roots: [FuzzEnvironment.authority.root], allowsUnverified: true)
    do {
      let customer: CustomerData
      switch kind % 3 {
      case receiptReader: customer = try ReceiptImport.read(body, source: "receipt", trust: trust)
      case verifyResponseReader: customer = try VerifyResponseImport.read(body, source: "verify-response")
      default:
        customer = try SignedDataImport.read(
          String(decoding: body, as: UTF8.self), source: "jws", trust: trust)
      }
      let world = World(catalog: catalog, log: EventLog(), authorityDirectory: FuzzEnvironment.caDirectory)
      let report = try world.importCustomer(customer, preference: .incoming)
      _ = report.subscriptions
      try world.advanceClock(by: TimeSpan(months: 1))
    } catch {
      _ = String(describing: error)
    }
  }
}
