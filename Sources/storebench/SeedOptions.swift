import ArgumentParser
import Simulation

/// `--seed N|random`: the seed a new world's identifiers derive from (``WorldIdentity``).
struct SeedOptions: ParsableArguments {
  /// A seed as the command line gives it.
  enum Seed: ExpressibleByArgument {
    case number(UInt64)
    case random

    init?(argument: String) {
      if argument == "random" {
        self = .random
      } else if let number = UInt64(argument), argument.allSatisfy(\.isASCII) {
        self = .number(number)
      } else {
        return nil
      }
    }
  }

  @Option(
    help: ArgumentHelp(
      "The seed of a new world's ids (0: the ids scripts get; random: a fresh one).",
      discussion:
        "The same seed gives the same transaction ids and notificationUUIDs. A loaded world keeps its own.",
      valueName: "n|random"))
  var seed: Seed?

  /// The identity of a new world, and whether to print its seed: the seed given, else a fresh one
  /// (the prompt, `serve`) or the scripted one (scripts, `--state`). A seed drawn at random is
  /// always printed.
  func identity(freshByDefault: Bool) -> (identity: WorldIdentity, isDrawn: Bool) {
    switch seed {
    case .number(let number): return (WorldIdentity(seed: number), false)
    case .random: return (Self.drawn(), true)
    case nil: return freshByDefault ? (Self.drawn(), true) : (.scripted, false)
    }
  }

  private static func drawn() -> WorldIdentity {
    var generator = SystemRandomNumberGenerator()
    return WorldIdentity.fresh(using: &generator)
  }
}
