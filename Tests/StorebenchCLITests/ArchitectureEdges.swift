import Foundation

/// The package's targets (test targets aside) and what each imports of the others: as the
/// architecture page lists them under ``heading``, one line a target (`Store → Catalog, CivilCalendar`,
/// `CivilCalendar →` for none), or as `Package.swift` declares them.
struct ArchitectureEdges {
  /// The heading of the architecture page's section whose code block lists the edges.
  static let heading = "## What imports what"

  /// Every target.
  var targets: Set<String> = []
  /// The targets of the package each target depends on (products of other packages left out).
  var edges: [String: Set<String>] = [:]

  /// The edges the architecture page lists.
  init(page: DocPage) throws {
    let section = page.section(Self.heading)
    guard !section.isEmpty else { throw DocError("\(page.path) has no section \(Self.heading)") }
    for line in section where line.contains("→") {
      let sides = line.split(separator: "→", maxSplits: 1, omittingEmptySubsequences: false)
      let target = sides[0].trimmingCharacters(in: .whitespaces)
      guard !target.isEmpty, !target.contains(" ") else {
        throw DocError("\(page.path): `\(line)` is not `TARGET → TARGET, TARGET…`")
      }
      targets.insert(target)
      edges[target, default: []].formUnion(
        sides[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
  }

  /// The edges `Package.swift` declares, read with `swift package dump-package` as a platform
  /// without StoreKit reads it (the page draws the StoreKit and StoreKitTest modules such a
  /// platform has; on Apple platforms the manifest leaves them out).
  static func declared() throws -> ArchitectureEdges {
    // A scratch path of its own, so that it waits for no lock the running `swift test` holds.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let result = try Binary.run(
      executable: "/usr/bin/env",
      [
        "swift", "package", "--package-path", Binary.repository.path, "--scratch-path", scratch.path,
        "dump-package",
      ], environment: ["STOREBENCH_PLATFORM": "other"])
    guard result.status == 0 else {
      throw DocError("swift package dump-package failed (\(result.status)): \(result.error)")
    }
    return try ArchitectureEdges(manifest: Data(result.output.utf8))
  }

  /// The edges of a manifest as `swift package dump-package` prints it.
  init(manifest: Data) throws {
    guard let package = try JSONSerialization.jsonObject(with: manifest) as? [String: Any],
      let entries = package["targets"] as? [[String: Any]]
    else { throw DocError("dump-package printed no targets") }
    let local = entries.filter { $0["type"] as? String != "test" }
    targets = Set(local.compactMap { $0["name"] as? String })
    let names = Set(entries.compactMap { $0["name"] as? String })
    for entry in local {
      guard let name = entry["name"] as? String else { continue }
      let dependencies = entry["dependencies"] as? [[String: Any]] ?? []
      edges[name] = Set(
        dependencies.compactMap { dependency in
          // `{"byName": [NAME, CONDITION]}` or `{"target": [NAME, CONDITION]}`; products are not ours.
          let reference = (dependency["byName"] ?? dependency["target"]) as? [Any]
          return (reference?.first as? String).flatMap { names.contains($0) ? $0 : nil }
        })
    }
  }
}
