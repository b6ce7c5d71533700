import Simulation
import Store

/// Reads an input as a saved world's file, as `load FILE` does, and builds the world it describes:
/// a world, or an error naming the JSON path or the line and column at fault; nothing else may
/// happen.
public enum WorldFileFuzzTarget: FuzzTarget {
  /// `WorldFileFuzzer`.
  public static let name = "WorldFileFuzzer"

  /// Decodes the input as a world file, restores the world and reads each device's receipt records.
  ///
  /// - Parameter input: The file's bytes.
  public static func run(_ input: [UInt8]) {
    do {
      let saved = try WorldFile.decode(input)
      let world = try World(
        restoring: saved, log: EventLog(), authorityDirectory: FuzzEnvironment.caDirectory)
      for device in world.devices {
        _ = device.receipt.map { $0.account.receiptRecords(asOf: $0.stamp) }
      }
    } catch {
      _ = error.description
    }
  }
}
