import AsyncHTTPClient
import Foundation
import Testing

extension CLITests {
  /// The control API on a real `storebench serve`: docs/control-api.md's exchanges, each sent and
  /// its answer compared; an Ask to Buy approved and refunded, read back; and with `--state`, the
  /// control requests kept in the journal across a kill -9.
  @Suite struct ControlAPITests {
    /// A request and the answer it gets.
    struct Exchange {
      var method: String
      var path: String
      var authorization: String?
      var body: String?
      var status: UInt
      var answer: String
      var place: String
    }

    /// A control API answer.
    struct Answer {
      var status: UInt
      var text: String
      var json: Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }
    }

    static let token = "doc-token"

    /// A new directory holding a setup script.
    func directory(with script: String) throws -> URL {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("control-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(script.utf8).write(to: directory.appendingPathComponent("world.storebench"))
      return directory
    }

    /// Sends a request with the control token (or the given `Authorization`).
    func send(
      _ method: String, _ url: String, body: String? = nil, authorization: String? = "Bearer \(token)"
    ) async throws -> Answer {
      var request = HTTPClientRequest(url: url)
      request.method = .init(rawValue: method)
      if let authorization { request.headers.add(name: "Authorization", value: authorization) }
      if let body {
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(Array(body.utf8))
      }
      let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
      let bytes = try await response.body.collect(upTo: 1 << 22)
      return Answer(status: response.status.code, text: String(buffer: bytes))
    }

    /// The exchanges of a page: blocks after `<!-- control-api: exchange -->`, each `METHOD PATH`,
    /// an optional `Authorization: …` line (`Authorization: none` for none), the body's lines up
    /// to a blank line, then the status and the answer's JSON.
    static func exchanges(in page: DocPage) -> [Exchange] {
      let lines = page.text.components(separatedBy: "\n")
      var exchanges: [Exchange] = []
      for (index, line) in lines.enumerated() where line == "<!-- control-api: exchange -->" {
        let block = lines[(index + 2)...].prefix { !$0.hasPrefix("```") }
        let request = block.prefix { !$0.isEmpty }
        let reply = block.dropFirst(request.count + 1)
        let start = request.first?.split(separator: " ").map(String.init) ?? []
        var rest = Array(request.dropFirst())
        var authorization: String? = "Bearer \(token)"
        if let first = rest.first, first.hasPrefix("Authorization: ") {
          let value = String(first.dropFirst("Authorization: ".count))
          authorization = value == "none" ? nil : value
          rest.removeFirst()
        }
        exchanges.append(
          Exchange(
            method: start.first ?? "", path: start.last ?? "", authorization: authorization,
            body: rest.isEmpty ? nil : rest.joined(separator: "\n"),
            status: UInt(reply.first?.prefix { $0 != " " } ?? "") ?? 0,
            answer: reply.dropFirst().joined(separator: "\n"), place: "\(page.path):\(index + 2)"))
      }
      return exchanges
    }

    /// A JSON text with its keys sorted and no spaces, to compare two texts' values.
    static func canonical(_ text: String) throws -> String {
      let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
      return String(
        decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func theDocsExchangesAnswerWhatTheySay() async throws {
      let page = try DocPage.load("docs/control-api.md")
      let script = try #require(
        page.blocks.first { $0.check == .file("control-world.storebench") }, "the page's world script")
      let directory = try directory(with: script.lines.joined(separator: "\n") + "\n")
      defer { try? FileManager.default.removeItem(at: directory) }
      let running = try Binary.start(
        executable: Binary.path,
        ["serve", "--seed", "0", "--port", "0", "--control-token", Self.token, "world.storebench"],
        directory: directory)
      let url = try await running.firstLine()
      #expect(url.hasPrefix("http://127.0.0.1:"), "first line: \(url)")
      let exchanges = Self.exchanges(in: page)
      #expect(exchanges.count >= 10, "the page's exchanges lost their markers")
      for exchange in exchanges {
        let answer = try await send(
          exchange.method, url + exchange.path, body: exchange.body, authorization: exchange.authorization)
        #expect(answer.status == exchange.status, "\(exchange.place): \(answer.status) \(answer.text)")
        #expect(
          try Self.canonical(answer.text) == Self.canonical(exchange.answer),
          "\(exchange.place): \(exchange.method) \(exchange.path) answered:\n\(answer.text)")
      }
      kill(running.pid, SIGTERM)
      let result = try running.wait()
      #expect(result.status == 0, "\(result.error)")
      #expect(result.error.contains("control> approve #1"), "\(result.error)")
    }

    /// With `--state`, a control request is journaled before it is answered: after a kill -9, the
    /// next start rebuilds the world with it.
    @Test func anAskToBuyApprovedAndRefundedIsJournaledAndReadBack() async throws {
      let directory = try directory(with: "ask-to-buy on\nbuy pro.monthly\n")
      defer { try? FileManager.default.removeItem(at: directory) }
      let arguments = ["serve", "--seed", "0", "--state", "w.json", "--control-token", Self.token]
      let first = try Binary.start(
        executable: Binary.path, arguments + ["world.storebench"], directory: directory)
      let url = try await first.firstLine()
      let approved = try await send("POST", url + "/control/v1/actions/approve", body: ##"{"handle":"#1"}"##)
      #expect(approved.status == 200, "\(approved.text)")
      let refunded = try await send(
        "POST", url + "/control/v1/actions/refund",
        body: #"{"transaction":"2000000000000001","reason":"other"}"#)
      #expect(refunded.status == 200, "\(refunded.text)")
      let journal = try String(
        contentsOf: directory.appendingPathComponent("w.json.journal"), encoding: .utf8)
      #expect(journal.contains(##""approve","#1""##), "\(journal)")
      #expect(journal.contains(#""refund","2000000000000001""#), "\(journal)")
      kill(first.pid, SIGKILL)
      _ = try first.wait()

      let second = try Binary.start(executable: Binary.path, arguments, directory: directory)
      let again = try await second.firstLine()
      let read = try await send("GET", again + "/control/v1/transactions")
      #expect(read.status == 200)
      let accounts = (read.json as? [String: Any])?["accounts"] as? [[String: Any]]
      let transaction = (accounts?.first?["transactions"] as? [[String: Any]])?.first
      #expect(transaction?["id"] as? String == "2000000000000001", "\(read.text)")
      #expect(transaction?["state"] as? String == "refunded", "\(read.text)")
      let refundedAgain = try await send(
        "POST", again + "/control/v1/actions/refund",
        body: #"{"transaction":"2000000000000001","reason":"other"}"#)
      #expect(refundedAgain.status == 409, "\(refundedAgain.text)")
      kill(second.pid, SIGTERM)
      let stopped = try second.wait()
      #expect(stopped.status == 0, "\(stopped.error)")
    }
  }
}
