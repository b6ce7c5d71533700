import Foundation
import Testing
import Vocabulary

@testable import Workbench

@Suite struct ScriptTests {
  private func script(_ bytes: [UInt8], name: String = "s.storebench") throws(WorkbenchError) -> Script {
    try Script(name: name, bytes: bytes, directory: ".")
  }

  @Test func crlfAndLFBothEndLines() throws {
    #expect(
      try script(Array("buy coins.100\r\nclock\r\n\r\nproducts\n".utf8)).lines == [
        "buy coins.100", "clock", "", "products",
      ])
    #expect(try script(Array("clock\r\nproducts".utf8)).lines == ["clock", "products"])
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    #expect(try script([0xEF, 0xBB, 0xBF] + Array("clock\n".utf8)).lines == ["clock"])
  }

  @Test func invalidUTF8IsRefusedWithLineAndByteColumn() {
    #expect(
      throws: WorkbenchError(
        .invalidValue, "invalid UTF-8", at: SourceLocation(file: "s.storebench", line: 2, column: 5))
    ) {
      try script(Array("clock\nbuy ".utf8) + [0xFF] + Array(" x\n".utf8))
    }
    // é is two bytes, so the truncated sequence after it starts at byte column 4.
    #expect(
      throws: WorkbenchError(
        .invalidValue, "invalid UTF-8", at: SourceLocation(file: "s.storebench", line: 1, column: 4))
    ) {
      try script(Array("#é".utf8) + [0xE2, 0x82] + Array("\n".utf8))
    }
    #expect(
      throws: WorkbenchError(
        .invalidValue, "invalid UTF-8", at: SourceLocation(file: "s.storebench", line: 1, column: 1))
    ) {
      try script([0xC0, 0xAF])
    }
  }

  @Test func aRecordingCutOffInTheMiddleOfALineIsRefused() throws {
    let recorder = Recorder(
      catalogSource: CatalogLocator.builtInName, clockStart: Date(timeIntervalSince1970: 0))
    let header = recorder.header(recorder.beginning(snapshot: nil), golden: nil).map { $0 + "\n" }.joined()
    #expect(try script(Array((header + "buy coins.100\n").utf8)).lines.last == "buy coins.100")
    #expect(
      throws: WorkbenchError(
        .invalidValue,
        "r.storebench:6: the recording ends in the middle of this line (it has no line end): "
          + "the recording was cut off while being written")
    ) { try script(Array((header + "buy coins.100\nadvance-cl").utf8), name: "r.storebench") }
    #expect(try script(Array("buy coins.100\nclock".utf8)).lines == ["buy coins.100", "clock"])
  }

  @Test func aFailedLineTooLongForAScriptIsRecordedByItsLength() throws {
    let long = String(repeating: "x", count: CommandLineSplitter.maximumLineBytes + 1)
    let text = Recorder.render(.init(line: long, failure: "error: line too long"))
    #expect(text == "# failed: a line of 65537 bytes\n#   error: line too long\n")
    let short = Recorder.render(.init(line: "bogus", failure: "error: no"))
    #expect(short == "# failed: bogus\n#   error: no\n")
  }
}
