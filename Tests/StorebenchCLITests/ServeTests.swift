import AsyncHTTPClient
import Foundation
import Testing

extension CLITests {
  /// `storebench serve` and the `serve` commands of the language, on the real binary.
  @Suite struct ServeTests {
    /// A new directory holding a setup script.
    func directory(with script: String) throws -> URL {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(script.utf8).write(to: directory.appendingPathComponent("setup.storebench"))
      return directory
    }

    /// The first line of the running binary's standard output, once written (at most 20 s).
    func firstLine(of running: Binary.Running) async throws -> String {
      try await running.firstLine()
    }

    @Test func servePrintsTheURLFirstAnswersAndEndsOnSIGTERM() async throws {
      let directory = try directory(with: "buy level.pack\nreceipt export r.b64 --base64\n")
      let running = try Binary.start(
        executable: Binary.path, ["serve", "--port", "0", "setup.storebench"], directory: directory)
      let url = try await firstLine(of: running)
      #expect(url.hasPrefix("http://127.0.0.1:"), "first line: \(url)")
      let receipt = try String(contentsOf: directory.appendingPathComponent("r.b64"), encoding: .utf8)
      var request = HTTPClientRequest(url: url + "/sandbox/verifyReceipt")
      request.method = .POST
      request.body = .bytes(Array(#"{"receipt-data":"\#(receipt)"}"#.utf8))
      let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
      let body = try await response.body.collect(upTo: 1 << 20)
      #expect(response.status.code == 200)
      let json = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
      #expect(json?["status"] as? Int == 0, "\(String(buffer: body))")
      kill(running.pid, SIGTERM)
      let result = try running.wait()
      #expect(result.status == 0, "\(result.error)")
      #expect(result.output == url + "\n")
      #expect(result.error.contains("receipt written to r.b64"))
    }

    /// The curl example of docs/server.md: the token `api-key token` prints in the world script
    /// opens the App Store Server API; a damaged one gets a bare 401, and `serve` logs why. As
    /// there, `--seed 0` gives the world the ids scripts get, so the first is 2000000000000001.
    @Test func theTokenAPIKeyTokenPrintsOpensTheServedAPI() async throws {
      let directory = try directory(with: "api-key create --out AuthKey.p8\nbuy pro.monthly\napi-key token\n")
      let running = try Binary.start(
        executable: Binary.path, ["serve", "--seed", "0", "--port", "0", "setup.storebench"],
        directory: directory)
      let url = try await firstLine(of: running)
      #expect(url.hasPrefix("http://127.0.0.1:"), "first line: \(url)")
      let log = running.scratch.appendingPathComponent("err")
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      let token = try #require(
        text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("eyJ") }.map(String.init), "\(text)")
      func status(bearer: String) async throws -> UInt {
        var request = HTTPClientRequest(url: url + "/inApps/v1/transactions/2000000000000001")
        request.headers.add(name: "Authorization", value: "Bearer \(bearer)")
        return try await HTTPClient.shared.execute(request, timeout: .seconds(10)).status.code
      }
      #expect(try await status(bearer: token) == 200)
      #expect(try await status(bearer: "x" + token) == 401)
      kill(running.pid, SIGTERM)
      let result = try running.wait()
      #expect(result.error.contains("401 for GET /inApps/v1/transactions/2000000000000001: malformed token"))
    }

    @Test func serveWithStateLoadsTheWorldBeforeTheScriptsAndSavesItOnStop() async throws {
      let directory = try directory(with: "buy level.pack\n")
      let first = try Binary.start(
        executable: Binary.path, ["serve", "--state", "w.json", "setup.storebench"], directory: directory)
      let url = try await firstLine(of: first)
      #expect(url.hasPrefix("http://127.0.0.1:"), "first line: \(url)")
      kill(first.pid, SIGTERM)
      let stopped = try first.wait()
      #expect(stopped.status == 0, "\(stopped.error)")
      #expect(stopped.error.contains("world saved to w.json"))
      try Data("expect history level.pack count 1\nbuy coins.100\n".utf8).write(
        to: directory.appendingPathComponent("more.storebench"))
      let second = try Binary.start(
        executable: Binary.path, ["serve", "--state", "w.json", "more.storebench"], directory: directory)
      _ = try await firstLine(of: second)
      kill(second.pid, SIGTERM)
      let again = try second.wait()
      #expect(again.status == 0, "\(again.error)")
      #expect(again.error.contains("world loaded from w.json"))
      let check = try Binary.run(["--state", "w.json", "history"], directory: directory)
      #expect(check.output.contains("level.pack") && check.output.contains("coins.100"), "\(check.output)")
    }

    /// A port another program holds is named as in use, by `serve` and by `serve start`, without
    /// the system call NIO names.
    @Test func aPortInUseIsSaidSo() async throws {
      let directory = try directory(with: "")
      let holder = try Binary.start(executable: Binary.path, ["serve", "--port", "0"], directory: directory)
      let url = try await firstLine(of: holder)
      let port = String(url.split(separator: ":").last ?? "")
      let busy =
        "cannot serve on 127.0.0.1:\(port): port \(port) is in use (another program listens there: "
        + "choose another with --port, or --port 0 for a free one)"
      let served = try Binary.run(["serve", "--port", port], directory: directory)
      #expect(served.status == 1)
      #expect(served.error.hasSuffix("error: \(busy)\n"), "\(served.error)")
      #expect(!served.error.contains("bind("))
      let started = try Binary.run(["run", "-"], input: "serve start --port \(port)\n", directory: directory)
      #expect(started.status == 1)
      #expect(started.error.contains("-:1: error: \(busy)\n"), "\(started.error)")
      kill(holder.pid, SIGTERM)
      #expect(try holder.wait().status == 0)
    }

    @Test func serveCommandsInAScript() throws {
      let script = """
        serve status
        serve start --port 0
        serve status
        try serve start
        expect last-error "already serving"
        serve stop
        serve status
        try serve stop
        serve start
        """
      let directory = try directory(with: script)
      let result = try Binary.run(["run", "setup.storebench"], directory: directory)
      #expect(result.status == 0, "\(result.error)")
      let lines = result.output.split(separator: "\n").map(String.init)
      #expect(lines.first == "not serving")
      #expect(lines.count >= 6)
      let serving = lines.filter { $0.hasPrefix("serving http://127.0.0.1:") }
      #expect(serving.count == 3, "\(lines)")
      let tokens = lines.filter { $0.hasPrefix("control API token: ") || $0.hasPrefix("device token: ") }
      #expect(tokens.count == 4, "each start prints its two tokens: \(lines)")
      #expect(lines.contains { $0.hasPrefix("stopped serving http://127.0.0.1:") })
      #expect(lines.contains("error (tried): not serving (serve start first)"))
    }
  }
}
