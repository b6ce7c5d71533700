import Foundation
import Testing

/// `make install`'s step (`.ci/install`): the built binary with its resource bundles in
/// PREFIX/lib/storebench, and PREFIX/bin/storebench running it from anywhere.
@Suite struct InstallTests {
  @Test func theInstalledCommandRunsFromAnywhereWithItsDefaultCatalog() throws {
    let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("install-\(UUID())")
    defer { try? FileManager.default.removeItem(at: prefix) }
    let build = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path
    let install = try Binary.run(
      executable: "/bin/bash",
      [Binary.repository.appendingPathComponent(".ci/install").path, build, prefix.path],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(install.status == 0, "\(install.error)")
    #expect(install.output.contains("installed \(prefix.path)/bin/storebench"))
    #expect(install.output.contains("is not on your PATH"), "it says how to type storebench")
    let lib = prefix.appendingPathComponent("lib/storebench")
    #expect(
      FileManager.default.fileExists(
        atPath: lib.appendingPathComponent("storebench_Workbench.resources").path))
    let installed = try Binary.run(
      executable: prefix.appendingPathComponent("bin/storebench").path, ["run", "--help"],
      directory: FileManager.default.temporaryDirectory)
    #expect(installed.status == 0)
    let script = prefix.appendingPathComponent("products.storebench")
    try "products pro.monthly\n".write(to: script, atomically: true, encoding: .utf8)
    let products = try Binary.run(
      executable: prefix.appendingPathComponent("bin/storebench").path, ["run", script.path],
      directory: FileManager.default.temporaryDirectory)
    #expect(products.output.contains("pro.monthly"), "the default catalog comes with it: \(products.error)")
  }

  @Test func nothingBuiltIsNothingInstalled() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID())")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    let result = try Binary.run(
      executable: "/bin/bash",
      [Binary.repository.appendingPathComponent(".ci/install").path, empty.path, empty.path])
    #expect(result.status == 1)
    #expect(result.error.contains("no storebench in \(empty.path): build it first"))
  }
}
