import Testing

@testable import Workbench

@Suite struct SuiteShardTests {
  @Test func theHashIsFNV1a() {
    #expect(SuiteRunner.Shard.fnv1a("") == 0xcbf2_9ce4_8422_2325)
    #expect(SuiteRunner.Shard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(SuiteRunner.Shard.fnv1a("foobar") == 0x8594_4171_f739_67e8)
  }

  @Test func everyScriptIsInExactlyOneShard() throws {
    let scripts = (1...200).map { "scripts/s\($0).storebench" }
    for count in 1...5 {
      let shards = try (1...count).map { try SuiteRunner.Shard(parsing: "\($0)/\(count)") }
      let slices = shards.map { $0.scripts(of: scripts, in: "scripts") }
      #expect(slices.flatMap { $0 }.sorted() == scripts.sorted(), "N=\(count)")
      #expect(Set(slices.flatMap { $0 }).count == scripts.count)
      if count > 1 { #expect(slices.allSatisfy { $0.count < scripts.count }, "N=\(count) splits") }
    }
  }

  @Test func theSliceDependsOnThePathRelativeToTheDirectory() throws {
    let shard = try SuiteRunner.Shard(parsing: "2/3")
    let names = (1...30).map { "s\($0).storebench" }
    let here = shard.scripts(of: names, in: ".")
    #expect(shard.scripts(of: names.map { "scripts/" + $0 }, in: "scripts") == here.map { "scripts/" + $0 })
    #expect(shard.scripts(of: names.map { "/tmp/x/" + $0 }, in: "/tmp/x/") == here.map { "/tmp/x/" + $0 })
    #expect(SuiteRunner.relativePath(of: "scripts/a.storebench", in: "scripts") == "a.storebench")
    #expect(SuiteRunner.relativePath(of: "a.storebench", in: ".") == "a.storebench")
  }

  @Test(arguments: [
    ("3/3", nil), ("1/1", nil), ("0/3", "--shard 0/3: I must be from 1 to N (3), not 0"),
    ("1/1001", "--shard 1/1001: N must be from 1 to 1000, not 1001"),
    ("", "--shard \"\": expected I/N, such as 2/3 (the second of three slices)"),
    ("1/", "--shard \"1/\": expected I/N, such as 2/3 (the second of three slices)"),
  ])
  func parsing(text: String, message: String?) {
    do {
      let shard = try SuiteRunner.Shard(parsing: text)
      #expect(message == nil)
      #expect(shard.description == text)
    } catch {
      #expect(error.description == message)
    }
  }
}
