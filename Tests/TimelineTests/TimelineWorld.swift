import Foundation
import Store
import Timeline

@testable import Workbench

/// A world on the built-in catalog after some command lines, for drawing its timeline.
struct TimelineWorld {
  let session: Session

  /// Runs the lines in a new world, each of which must succeed.
  init(_ lines: [String]) throws {
    session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: CatalogLocator.builtInName,
      output: .collecting(into: Transcript()))
    for line in lines {
      let result = Interpreter.run(line: line, in: session)
      guard result == .succeeded else { throw Failed(line: line) }
    }
  }

  /// A line that did not succeed.
  struct Failed: Error {
    var line: String
  }

  /// The world's clock.
  var now: Date { session.world.store.clock.now }

  /// The timeline a query asks for.
  func timeline(_ query: TimelineQuery = TimelineQuery()) -> Timeline {
    TimelineBuilder(world: session.world).timeline(for: query)
  }

  /// An instant written as `2026-01-08` or `2026-01-08T12:00:00Z`.
  static func date(_ text: String) -> Date {
    guard let date = Timestamp.parsePrecise(text) else { preconditionFailure("not a date: \(text)") }
    return date
  }
}
