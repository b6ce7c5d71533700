import Foundation

/// The package's manifest as SwiftPM reads it (`swift package dump-package`): its targets, where
/// their files are, and what each depends on.
struct PackageManifest: Decodable {
  /// One target of the manifest.
  struct Target: Decodable {
    /// The target's name, which is the module its files are compiled into.
    let name: String
    /// `regular`, `executable`, `test`, `system`, …
    let type: String
    /// Its folder, relative to the package's root, when the manifest gives one.
    let path: String?
    /// Files and folders of its folder that are not compiled (fixtures), relative to the folder.
    let exclude: [String]
    /// What it depends on, as the manifest lists it.
    let dependencies: [Dependency]

    /// The target's folder, relative to the package's root: the one given, else SwiftPM's default.
    var folder: String { path ?? "\(type == "test" ? "Tests" : "Sources")/\(name)" }

    /// The names of the package's own targets it depends on.
    var targetDependencies: Set<String> { Set(dependencies.compactMap(\.targetName)) }

    /// The names of the packages' products it depends on.
    var productDependencies: Set<String> { Set(dependencies.compactMap(\.productName)) }
  }

  /// One dependency of a target: another target of the package (`"Name"` or `.target(name:)`) or
  /// a product of a package dependency (`.product(name:package:)`).
  struct Dependency: Decodable {
    /// The target's name, for a dependency on a target (or a name SwiftPM resolves later).
    let targetName: String?
    /// The product's name, for a dependency on a package's product.
    let productName: String?

    private enum CodingKeys: String, CodingKey {
      case byName, target, product
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      // Each case is an array whose first element is the name; the rest are conditions.
      let first = { (key: CodingKeys) throws -> String? in
        try container.decodeIfPresent([Name].self, forKey: key)?.first?.text
      }
      targetName = try first(.byName) ?? first(.target)
      productName = try first(.product)
    }

    /// An element of a dependency's array: a string, or something else (`null`, conditions).
    private struct Name: Decodable {
      let text: String?

      init(from decoder: any Decoder) throws {
        text = try? decoder.singleValueContainer().decode(String.self)
      }
    }
  }

  /// The targets, in the manifest's order.
  let targets: [Target]

  /// The names of the package's own targets.
  var targetNames: Set<String> { Set(targets.map(\.name)) }

  /// The names of every product some target depends on.
  var productNames: Set<String> { targets.reduce(into: []) { $0.formUnion($1.productDependencies) } }

  /// The package whose tests are running: the folder two levels above this file's.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Reads the manifest of the package at `root` through `swift package dump-package`, with a
  /// scratch folder of its own, so that it neither waits for nor disturbs a build running in
  /// `.build` (such as the one running these tests).
  ///
  /// - Parameter platform: `apple` or `other`, to read the manifest as that platform would
  ///   (`STOREBENCH_PLATFORM`); `nil` for this machine's.
  /// - Throws: ``ManifestError`` when SwiftPM fails or its answer cannot be read.
  static func load(root: URL = root, platform: String? = nil) throws -> PackageManifest {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "storebench-manifest-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let json = try Tool.run(
      ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"],
      environment: platform.map { ["STOREBENCH_PLATFORM": $0] } ?? [:])
    do {
      return try JSONDecoder().decode(PackageManifest.self, from: Data(json.utf8))
    } catch {
      throw ManifestError("swift package dump-package's JSON cannot be read: \(error)")
    }
  }
}

/// The manifest could not be read; the description says why.
struct ManifestError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
