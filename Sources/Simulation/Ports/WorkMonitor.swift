import Foundation

/// Watches long work in the world (a clock advanced over many events): it can ask the work to
/// stop at the next event boundary, and hears how far the work has come.
public protocol WorkMonitor: AnyObject {
  /// Whether the user asked to stop (Ctrl-C); the work stops after the event in progress.
  var isStopRequested: Bool { get }

  /// The work has reached `fraction` (0 to 1) of what it was asked to do.
  ///
  /// - Parameters:
  ///   - fraction: how far, from 0 to 1.
  ///   - description: where it stands, such as the virtual clock's time.
  ///   - events: how many events it has run so far.
  func progress(_ fraction: Double, _ description: String, events: Int)

  /// The work ended, completed or stopped.
  func finished()
}
