import FuzzSupport
import Simulation
import Store

/// Reads an input as a saved world's file, as `load FILE` does, and builds the world it describes:
/// a world, or an error naming the JSON path or the line and column at fault; nothing else may
/// happen.
///
/// - Parameters:
///   - data: The input's first byte.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWorldFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  do {
    let saved = try WorldFile.decode(Array(UnsafeBufferPointer(start: data, count: size)))
    let world = try World(restoring: saved, log: EventLog(), authorityDirectory: FuzzEnvironment.caDirectory)
    for device in world.devices {
      _ = device.receipt.map { $0.account.receiptRecords(asOf: $0.stamp) }
    }
  } catch {
    _ = error.description
  }
  return 0
}
