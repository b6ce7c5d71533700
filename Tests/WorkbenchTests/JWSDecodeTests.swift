import Testing

@testable import Workbench

/// `jws TXN --decode`: the compact form, then its header and payload as JSON.
@Suite struct JWSDecodeTests {
  private func output(of lines: [String]) throws -> [String] {
    let transcript = Transcript()
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: transcript))
    for line in lines.dropLast() {
      #expect(Interpreter.run(line: line, in: session) == .succeeded, "\(line)")
    }
    let before = transcript.lines.count
    #expect(Interpreter.run(line: lines[lines.count - 1], in: session) == .succeeded)
    return Array(transcript.lines.dropFirst(before))
  }

  @Test func decodeShowsTheHeaderAndPayloadAsJSONBesideTheCompactForm() throws {
    let lines = try output(of: ["buy coins.100", "jws #1 --decode"])
    #expect(lines.first?.split(separator: ".").count == 3)
    let decoded = Array(lines.dropFirst())
    #expect(decoded.first == "header:")
    #expect(decoded.contains(#"  "alg" : "ES256","#))
    #expect(decoded.contains(#"  "x5c" : ["#))
    let payload = try #require(decoded.firstIndex(of: "payload:"))
    #expect(decoded[payload + 1] == "{" && decoded.last == "}")
    #expect(decoded.contains(#"  "productId" : "coins.100","#))
    #expect(decoded.contains(#"  "transactionId" : "2000000000000001","#))
    // Keys in the signed order (sorted), no certificate bytes: the same text every run.
    let keys = decoded[(payload + 2)...].compactMap { $0.split(separator: "\"").dropFirst().first }
    #expect(keys == keys.sorted())
    #expect(!decoded.contains { $0.contains("MII") })
  }

  @Test func theDecodedTextIsTheSameFromRunToRun() throws {
    let first = try output(of: ["buy pro.monthly", "jws #1 --renewal --decode"])
    let second = try output(of: ["buy pro.monthly", "jws #1 --renewal --decode"])
    #expect(Array(first.dropFirst()) == Array(second.dropFirst()))
    #expect(first.contains(#"  "autoRenewProductId" : "pro.monthly","#))
  }
}
