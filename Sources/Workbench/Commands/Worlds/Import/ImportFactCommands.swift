import ArgumentParser
import Foundation
import Simulation
import Store

/// A date option of the fact lines: `2024-01-05T10:00:00Z`, with milliseconds when known.
struct FactDate: ExpressibleByArgument {
  let date: Date

  init?(argument: String) {
    guard let date = Timestamp.parsePrecise(argument) else { return nil }
    self.date = date
  }

  static var defaultCompletionKind: CompletionKind { .default }
}

extension Session {
  /// Merges one fact line's data and prints what it did in one line (plus details).
  func importFact(_ data: CustomerData, prefer: ConflictPreference?, summary: String) throws {
    let report: ImportReport
    do {
      report = try world.importCustomer(data, preference: prefer, writesReceipt: false)
    } catch {
      throw WorkbenchError(.invalidValue, error.description)
    }
    print(summary + report.prices.factSuffix)
    print(lines: report.detailLines)
    if !data.renewals.isEmpty { print(lines: report.subscriptions.map { "  " + $0 }) }
  }
}

extension ConflictPreference: ExpressibleByArgument {}
