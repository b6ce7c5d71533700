import Testing

@testable import Workbench

/// Columns stay aligned whatever the script: cells are measured in terminal columns.
@Suite struct TextTableTests {
  @Test func displayWidthsOfKnownText() {
    #expect(TextTable.displayWidth("Pro") == 3)
    #expect(TextTable.displayWidth("专业版") == 6)
    #expect(TextTable.displayWidth("プロ") == 4)
    #expect(TextTable.displayWidth("프로") == 4)
    #expect(TextTable.displayWidth("ＰＲＯ") == 6)
    #expect(TextTable.displayWidth("e\u{301}") == 1)
    #expect(TextTable.displayWidth("🎉") == 2)
    #expect(TextTable.displayWidth("Café") == 4)
  }

  @Test func wideCellsKeepTheNextColumnAligned() {
    let lines = TextTable.render([["pro.monthly", "专业版", "$4.99"], ["coins.100", "Coins", "$0.99"]])
    #expect(lines == ["pro.monthly  专业版  $4.99", "coins.100    Coins   $0.99"])
    let starts = lines.map { line in
      TextTable.displayWidth(String(line.prefix { $0 != "$" }))
    }
    #expect(starts[0] == starts[1])
  }
}
