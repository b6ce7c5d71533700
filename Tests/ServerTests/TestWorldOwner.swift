import Simulation

/// The one owner of a test's world: each call runs alone on the actor, as the session owner's do.
actor TestWorldOwner: WorldAccess {
  private let world: World

  /// Takes ownership of a world: from then on, reach it only through the owner.
  init(_ world: sending World) {
    self.world = world
  }

  func withWorld<T: Sendable>(_ body: @Sendable (World) throws -> T) async rethrows -> T {
    try body(world)
  }
}
