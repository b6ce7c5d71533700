import Foundation

/// Finds a StoreKit configuration file by name, as Xcode finds it in a test bundle.
enum ConfigurationFile {
  /// The file named `name` (`.storekit` added when it has no extension), in the first place that
  /// has it: the directories `STOREBENCH_CONFIGURATION_PATH` lists, the main bundle, the resource
  /// bundles beside the running binary (where SwiftPM copies a test target's resources), the
  /// current directory.
  ///
  /// - Throws: ``SKTestError`` `fileNotFound`, naming every place it looked.
  static func find(named name: String) throws -> URL {
    let file = name.contains(".") ? name : name + ".storekit"
    let places = searchPlaces()
    for place in places {
      let candidate = place.appendingPathComponent(file)
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
    }
    throw SKTestError(
      .fileNotFound,
      message: "no \(file) in \(places.map(\.path).joined(separator: ", ")) (add it to the test target's "
        + "resources, or set STOREBENCH_CONFIGURATION_PATH)")
  }

  private static func searchPlaces() -> [URL] {
    let listed = (ProcessInfo.processInfo.environment["STOREBENCH_CONFIGURATION_PATH"] ?? "")
      .split(separator: ":").map { URL(fileURLWithPath: String($0)) }
    let main = [Bundle.main.resourceURL, Bundle.main.bundleURL].compactMap { $0 }
    let binary = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
    let beside = [Bundle.main.bundleURL.deletingLastPathComponent(), binary].flatMap(resourceBundles)
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    var seen = Set<String>()
    return (listed + main + beside + [current]).filter { seen.insert($0.standardizedFileURL.path).inserted }
  }

  /// The resource bundles in a directory: SwiftPM's `*.resources` (Linux) and `*.bundle` (macOS),
  /// and their `Contents/Resources`.
  private static func resourceBundles(in directory: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".resources") || $0.hasSuffix(".bundle") }.sorted().flatMap { name in
      let bundle = directory.appendingPathComponent(name)
      return [bundle, bundle.appendingPathComponent("Contents/Resources")]
    }
  }
}
