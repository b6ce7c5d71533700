import Vocabulary

/// Something the simulated world could not do, with the reason in words a user can act on: the
/// shared shape (``ModuleError``), told apart as the world's.
public typealias SimulationError = ModuleError<World>
