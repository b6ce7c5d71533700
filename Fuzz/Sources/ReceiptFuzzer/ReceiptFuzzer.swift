import FuzzSupport
import Verifier

/// Verifies against the fuzzers' root, as verifyReceipt does with storebench's.
private let verifier = ReceiptVerifier(trustedRoots: [FuzzEnvironment.authority.root])

/// Reads an input as a receipt file (DER or BER): decoded without its signature, as
/// `ReceiptDecoder` does, then verified and decoded at storebench's clock start, as
/// `ReceiptVerifier` does. Each gives a receipt or throws a failure whose reason can be written;
/// nothing else may happen.
///
/// - Parameters:
///   - data: The input's first byte.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReceipt(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = FuzzEnvironment.bytes(data, size)
  do {
    _ = try ReceiptDecoder().decode(bytes)
  } catch {
    _ = error.description
  }
  do {
    _ = try verifier.verify(bytes, at: FuzzEnvironment.validationTime)
  } catch {
    _ = error.description
  }
  return 0
}
