import Foundation
import Simulation
import StoreBenchKit

/// What the session owner remembers of the apps connected through the device face: each device's
/// StoreKit side (what it signed for the app, so that a value read again is equal to itself), and
/// how far each device's listener has heard. Touched only on the owner's queue.
final class ConnectedDevices: @unchecked Sendable {
  private var engines: [String: (world: ObjectIdentifier, engine: Engine)] = [:]
  /// This server run's identifier, which answers carry so that a client tells two runs apart.
  let run = UUID().uuidString.lowercased()
  /// The listener updates each device's app has heard, by device: the `after` of its latest poll.
  private(set) var heard: [String: Int] = [:]

  /// The StoreKit side of a device of a world (a new one when the world was replaced, as `load`
  /// replaces it).
  func engine(for device: Device, in world: World) -> Engine {
    if let kept = engines[device.name], kept.world == ObjectIdentifier(world), kept.engine.device === device {
      return kept.engine
    }
    let engine = Engine(world: world, device: device)
    engines[device.name] = (ObjectIdentifier(world), engine)
    return engine
  }

  /// Notes that a device's app has heard its listener's updates up to a number.
  func noteHeard(_ device: String, upTo number: Int) {
    heard[device] = number
  }

  /// The devices whose app has not heard every update of its listener yet.
  func behind(in world: World) -> [String] {
    heard.keys.sorted().filter { name in
      guard let device = world.devices.first(where: { $0.name == name }) else { return false }
      return (heard[name] ?? 0) < device.storeKit2.updatesSinceLaunch
    }
  }
}
