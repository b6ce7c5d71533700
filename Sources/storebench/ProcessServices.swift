import Foundation
import Server
import Synchronization
import Workbench

/// What every session the executable makes is given: `serve start` through a
/// ``LocalServerLauncher``, and notifications through one ``HTTPNotificationTransport`` for the
/// whole process, shut down when the process exits.
enum ProcessServices {
  /// The services, made on first use.
  static var services: SessionServices {
    SessionServices(makeServerLauncher: { LocalServerLauncher() }, notificationTransport: transport)
  }

  private static let started = Atomic<Bool>(false)

  private static let transport: HTTPNotificationTransport = {
    started.store(true, ordering: .sequentiallyConsistent)
    atexit { ProcessServices.shutdown() }
    return HTTPNotificationTransport()
  }()

  /// Shuts the transport's client down, if it was made.
  static func shutdown() {
    guard started.load(ordering: .sequentiallyConsistent) else { return }
    transport.shutdown()
  }
}
