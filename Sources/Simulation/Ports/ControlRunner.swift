/// A world whose owner runs the control API's requests as command lines (the workbench's session
/// owner does): each alone, through the same step as a typed line, shown as `control> LINE`,
/// journaled and answered once the world has settled.
public protocol ControlRunner: WorldAccess {
  /// Runs a named action (a Transaction Manager action, such as `approve` or `refund`) as the
  /// command it mirrors.
  func control(_ action: PageAction) async -> ControlResult

  /// Runs one line of the command language.
  func control(line: String) async -> ControlResult
}
