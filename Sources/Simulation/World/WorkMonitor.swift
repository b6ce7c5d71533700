import Foundation

/// Watches long work in the world (a clock advanced over many events): it can ask the work to
/// stop at the next event boundary, and hears how far the work has come.
public protocol WorkMonitor: AnyObject {
  /// Whether the user asked to stop (Ctrl-C); the work stops after the event in progress.
  var isStopRequested: Bool { get }

  /// The work has reached `fraction` (0 to 1) of what it was asked to do.
  ///
  /// - Parameter description: where it stands, such as the virtual clock's time.
  func progress(_ fraction: Double, _ description: String)

  /// The work ended, completed or stopped.
  func finished()
}
