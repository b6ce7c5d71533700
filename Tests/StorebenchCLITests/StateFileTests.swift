import Foundation
import Testing

extension CLITests {
  /// `storebench --state FILE COMMAND…`: each run loads the world, acts and saves it again.
  @Suite struct StateFileTests {
    @Test func aWorldIsDrivenStepByStepThroughAStateFile() throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let run = { (words: [String]) in try Binary.run(["--state", "w.json"] + words, directory: directory) }

      let bought = try run(["buy", "pro.monthly"])
      #expect(bought.status == 0)
      #expect(bought.output.contains("app deliver: pro.monthly unlocked"))
      let advanced = try run(["advance-clock", "1mo"])
      #expect(advanced.status == 0)
      #expect(advanced.output.contains("2026-01-08 00:00:00 store renewed: 4.99 USD for pro.monthly"))
      #expect(try run(["expect", "clock", "2026-02-01T00:00:00Z"]).status == 0)
      let subscriptions = try run(["subscriptions"])
      #expect(
        subscriptions.output
          == "Pro  pro.monthly  active  expires 2026-02-08T00:00:00Z  auto-renew on  renewals 1\n")

      // The catalog came with the world: the world is named, not as a catalog file.
      #expect(
        try run(["catalog"]).output
          == "catalog of world w.json: bundle com.example.storebench, version 1.0, 8 products, storefront USA\n"
      )

      let saved = try Data(contentsOf: directory.appendingPathComponent("w.json"))
      let failed = try run(["buy", "no.such.product"])
      #expect(failed.status == 1)
      #expect(failed.error.hasPrefix("error: no product \"no.such.product\""))
      #expect(try Data(contentsOf: directory.appendingPathComponent("w.json")) == saved)
    }

    @Test func aDamagedStateFileIsRefusedAndLeftAlone() throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = directory.appendingPathComponent("w.json")
      try Data("{\"format\": \"storebench-world\", \"version\": 9}".utf8).write(to: file)
      let result = try Binary.run(["--state", "w.json", "buy", "coins.100"], directory: directory)
      #expect(result.status == 1)
      #expect(result.output == "")
      #expect(
        result.error
          == "error: w.json: version: version 9 was written by a newer storebench (this one reads up to 1)\n")
      #expect(
        try String(contentsOf: file, encoding: .utf8) == "{\"format\": \"storebench-world\", \"version\": 9}")
    }

    /// Every way in reports a state file it cannot open alike, in the output format asked for:
    /// `serve` did so as text even with `--format json`, where `--state FILE COMMAND` gave JSON.
    @Test func aStateFileThatCannotBeOpenedIsReportedInTheFormatAskedFor() throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      try Data("{\"format\": \"storebench-world\", \"version\": 9}".utf8).write(
        to: directory.appendingPathComponent("w.json"))
      let reason = "w.json: version: version 9 was written by a newer storebench (this one reads up to 1)"
      let json = "{\"error\":{\"code\":\"state_file\",\"message\":\"\(reason)\"}}\n"
      let command = try Binary.run(["--format", "json", "--state", "w.json", "clock"], directory: directory)
      #expect(command.status == 1)
      #expect(command.output == json)
      let served = try Binary.run(["serve", "--format", "json", "--state", "w.json"], directory: directory)
      #expect(served.status == 1)
      #expect(served.output == "")
      #expect(served.error == json)
      let text = try Binary.run(["serve", "--state", "w.json"], directory: directory)
      #expect(text.status == 1)
      #expect(text.error == "error: \(reason)\n")
    }
  }
}
