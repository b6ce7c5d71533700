import Foundation
import Testing
import Verifier

/// OpenSSL's CMS verifier accepts the receipts with the workbench root and gets the payload back.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
struct OpenSSLInteropTests {
  func runOpenSSL(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  func verify(_ receipt: [UInt8], in directory: URL) throws -> (status: Int32, payload: Data?) {
    let input = directory.appendingPathComponent("r.der")
    let output = directory.appendingPathComponent("payload.bin")
    try? FileManager.default.removeItem(at: output)
    try Data(receipt).write(to: input)
    let status = try runOpenSSL([
      "cms", "-verify", "-inform", "DER", "-in", input.path, "-CAfile",
      directory.appendingPathComponent("root.pem").path,
      "-purpose", "any", "-binary", "-out", output.path,
    ])
    return (status, status == 0 ? try Data(contentsOf: output) : nil)
  }

  @Test func opensslVerifiesReceiptsAndRejectsTamperedOnes() throws {
    let directory = Fixtures.temporaryDirectory("openssl")
    try Data(Fixtures.authority.exportRoot(format: .pem)).write(
      to: directory.appendingPathComponent("root.pem"))
    let receipt = Fixtures.receipt(purchases: 5)
    let bytes = try Fixtures.receiptEncoder.encode(receipt)
    let result = try verify(bytes, in: directory)
    #expect(result.status == 0)
    #expect(result.payload.map(Array.init) == (try receipt.payload()))

    let ber = try xcodeStyleBER(bytes, chunkSize: 100)
    #expect(try verify(ber, in: directory).payload.map(Array.init) == (try receipt.payload()))

    var tampered = bytes
    let payload = try receipt.payload()
    let payloadStart = try #require(bytes.firstRange(of: payload)).lowerBound
    tampered[payloadStart + payload.count / 2] ^= 0x01
    #expect(try verify(tampered, in: directory).status != 0)

    let foreign = try ReceiptEncoder(authority: Fixtures.otherAuthority).encode(receipt)
    #expect(try verify(foreign, in: directory).status != 0)
  }
}
