import Foundation
import Synchronization

/// Which App Store the StoreKit calls made from here reach: the current task's (set with
/// ``run(_:_:)``), else the one installed for the process, else none.
package enum CurrentStore {
  /// The backend of the current task and the tasks it creates.
  @TaskLocal package static var task: (any StoreBackend)?
  /// The backend installed for the process: detached tasks, other actors and threads reach it.
  private static let installed = Mutex<(any StoreBackend)?>(nil)

  /// The backend StoreKit calls reach from here, if any.
  package static var backend: (any StoreBackend)? { task ?? installed.withLock { $0 } }

  /// Makes a backend the process's.
  package static func install(_ backend: any StoreBackend) {
    installed.withLock { $0 = backend }
  }

  /// Leaves the process with none, if this one is installed.
  package static func uninstall(_ backend: any StoreBackend) {
    installed.withLock { if $0 === backend { $0 = nil } }
  }

  /// Runs code whose StoreKit calls reach a backend: the code's task and the tasks it creates.
  package static func run<T: Sendable>(
    _ backend: any StoreBackend, _ body: @Sendable () async throws -> T
  ) async rethrows -> T {
    try await $task.withValue(backend) { try await body() }
  }

  /// The backend a StoreKit call reaches; with none, the process stops with a message saying what
  /// to do (an empty answer would hide the mistake).
  package static func required(_ call: String) -> any StoreBackend {
    guard let backend else {
      fatalError(
        """
        StoreBenchKit: \(call) was called with no store. In a test, make a TestStore and call \
        install() (one world for the whole process: detached tasks, other actors and threads see it), \
        or run the code inside store.run { } (a world for that task and the tasks it creates). In an \
        app connected to `storebench serve`, call ServedStore.connect(…) or \
        ServedStore.connectIfConfigured() first.
        """)
    }
    return backend
  }
}
