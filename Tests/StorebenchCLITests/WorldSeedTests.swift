import Foundation
import Testing

extension CLITests {
  /// `--seed`: `serve` and the prompt start each new world with fresh ids and say its seed; the
  /// seed starts the same ids again; scripts and `--state` keep the ids they always had.
  @Suite struct WorldSeedTests {
    /// The serve tests' helpers: a directory with a setup script, the first line of a server.
    let serving = ServeTests()

    func directory(with script: String) throws -> URL {
      try serving.directory(with: script)
    }

    /// Serves `setup.storebench` with `arguments` until the URL is printed, stops the server, and
    /// gives its standard error.
    func serve(_ arguments: [String], in directory: URL) async throws -> String {
      let running = try Binary.start(
        executable: Binary.path, ["serve", "--port", "0"] + arguments + ["setup.storebench"],
        directory: directory)
      _ = try await serving.firstLine(of: running)
      kill(running.pid, SIGTERM)
      let result = try running.wait()
      #expect(result.status == 0, "\(result.error)")
      return result.error
    }

    /// The `world seed N: …` line, and the seed it names.
    func seedLine(in text: String) throws -> (line: String, seed: String) {
      let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("world seed ") }, "\(text)")
      let seed = try #require(line.dropFirst("world seed ".count).split(separator: ":").first)
      return (String(line), String(seed))
    }

    @Test func serveStartsEachNewWorldWithFreshIdsAndTheSeedStartsThemAgain() async throws {
      let directory = try directory(with: "buy coins.100\nidentity\n")
      defer { try? FileManager.default.removeItem(at: directory) }
      let first = try await serve([], in: directory)
      let second = try await serve([], in: directory)
      let (firstLine, seed) = try seedLine(in: first)
      #expect(firstLine.hasSuffix("; reproduce with --seed \(seed)"))
      #expect(try seedLine(in: second).line != firstLine)
      #expect(!first.contains("2000000000000001"), "\(first)")
      let again = try await serve(["--seed", seed], in: directory)
      #expect(try seedLine(in: again).line == firstLine)
      let identity = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("next ") } }
      #expect(identity(again) == identity(first))
      #expect(identity(again) != identity(second))
    }

    @Test func scriptsKeepTheirIdsUnlessASeedIsGiven() throws {
      let directory = try directory(with: "identity\n")
      defer { try? FileManager.default.removeItem(at: directory) }
      let scripted = try Binary.run(["run", "setup.storebench"], directory: directory)
      #expect(scripted.output.contains("next transaction id          2000000000000001"), "\(scripted.output)")
      #expect(scripted.error == "")
      let seeded = try Binary.run(["run", "--seed", "8412", "setup.storebench"], directory: directory)
      #expect(seeded.error == "")
      #expect(seeded.output.hasPrefix("seed                         8412\n"), "\(seeded.output)")
      let drawn = try Binary.run(["run", "--seed", "random", "setup.storebench"], directory: directory)
      let (_, seed) = try seedLine(in: drawn.error)
      #expect(drawn.output.hasPrefix("seed                         \(seed)\n"), "\(drawn.output)")
      let refused = try Binary.run(["run", "--seed", "-1", "setup.storebench"], directory: directory)
      #expect(refused.status == 64, "\(refused.error)")
    }

    @Test func aNewStateFileTakesTheSeedAndKeepsIt() throws {
      let directory = try directory(with: "")
      defer { try? FileManager.default.removeItem(at: directory) }
      let bought = try Binary.run(
        ["--state", "w.json", "--seed", "8412", "buy", "coins.100"], directory: directory)
      #expect(bought.status == 0, "\(bought.error)")
      let shown = try Binary.run(["--state", "w.json", "identity"], directory: directory)
      #expect(shown.output.hasPrefix("seed                         8412\n"), "\(shown.output)")
      let plain = try Binary.run(["--state", "plain.json", "identity"], directory: directory)
      #expect(plain.output.contains("next transaction id          2000000000000001"), "\(plain.output)")
    }
  }
}
