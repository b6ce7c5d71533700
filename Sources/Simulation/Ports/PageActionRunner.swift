/// A world whose owner runs page actions as commands (the workbench's session owner does).
public protocol PageActionRunner: WorldAccess {
  /// Runs an action as the command it mirrors, alone, and says how it went.
  func perform(_ action: PageAction) async -> PageActionResult
}
