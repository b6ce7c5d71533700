import Foundation
import Testing

extension CLITests {
  /// `--catalog FILE.storekit`: the file's settings apply to the run and its notes go to standard error.
  @Suite struct StoreKitCatalogTests {
    @Test func aStoreKitCatalogsNotesGoToStandardErrorAndItsSettingsApply() throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let script = directory.appendingPathComponent("s.storebench")
      try "time-rate\nask-to-buy off\n".write(to: script, atomically: true, encoding: .utf8)
      let fixture = "Tests/CatalogTests/Fixtures/every-setting.storekit"
      let result = try Binary.run(
        ["run", "--catalog", fixture, script.path],
        environment: ["STOREBENCH_CA_DIR": Binary.repository.appendingPathComponent(".build/test-ca").path])
      #expect(result.status == 0, "\(result.error)")
      #expect(result.output == "time rate: every-5m\nask to buy: off\n")
      let notes = result.error.split(separator: "\n")
      #expect(notes.count == 4, "\(result.error)")
      #expect(
        notes.contains("note: \(fixture): _disableDialogs is not simulated (storebench has no dialogs)"))
    }
  }
}
