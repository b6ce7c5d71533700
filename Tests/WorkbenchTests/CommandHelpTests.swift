import Foundation
import Testing

@testable import Workbench

@Suite struct CommandHelpTests {
  @Test func theTextIsWhatHelpPrintsAtThePrompt() throws {
    for topic in [[], ["all"], ["buy"], ["observer", "add"], ["record"]] {
      let transcript = Transcript()
      let session = Session(
        catalog: try CatalogLocator.builtIn(), catalogSource: "default", output: .collecting(into: transcript)
      )
      #expect(PromptLoop(session: session).run((["help"] + topic).joined(separator: " ")) == .succeeded)
      #expect(try CommandHelp.text(for: topic) == transcript.lines.joined(separator: "\n"))
    }
    #expect(try CommandHelp.text(for: []).contains("record"))
  }

  @Test func anUnknownCommandIsAnError() {
    #expect(throws: WorkbenchError.self) { try CommandHelp.text(for: ["bogus"]) }
  }

  @Test func everyCommandIsInExactlyOneGroup() {
    let grouped = CommandGroup.all.flatMap(\.commands)
    let names = CommandSpec.language.subcommands.map(\.name)
    #expect(Set(names).subtracting(grouped).sorted() == [], "commands in no group")
    #expect(Set(grouped).subtracting(names).sorted() == [], "groups name commands that do not exist")
    #expect(Set(grouped).count == grouped.count)
  }

  @Test func helpFitsOneScreenWithAGroupALine() throws {
    let lines = try CommandHelp.text(for: []).components(separatedBy: "\n")
    #expect(lines.count <= 24, "\(lines.count) lines")
    #expect(lines.allSatisfy { $0.count <= 80 })
    for group in CommandGroup.all {
      let line = try #require(lines.first { $0.hasPrefix("  \(group.title): ") }, "\(group.title)")
      // The group's commands in order, as many as the line holds, then `…` for the rest.
      let named = line.dropFirst("  \(group.title): ".count).split(separator: " ").map(String.init)
      let shown = named.last == "…" ? Array(named.dropLast()) : named
      #expect(shown == Array(group.commands.prefix(shown.count)), "\(line)")
      #expect(named.last == "…" || shown == group.commands, "\(line)")
    }
    #expect(lines.contains { $0.contains("`help all`") })
    #expect(lines.last == "Topics (`help TOPIC`): durations, refs, scripts, exit-codes, shared-secret")
  }

  @Test func helpAllShowsEveryCommandUnderItsGroupAndTheTopics() throws {
    let text = try CommandHelp.text(for: ["all"])
    for group in CommandGroup.all {
      #expect(text.contains("\n\(group.title)\n  "))
      for name in group.commands { #expect(text.contains("\n  \(name) "), "\(name)") }
    }
    #expect(text.contains("Topics (`help TOPIC`): durations, refs, scripts, exit-codes, shared-secret"))
  }

  @Test func usageLinesAreWrittenAsTypedAtThePrompt() throws {
    func walk(_ spec: CommandSpec, _ path: [String]) throws {
      let text = try CommandHelp.text(for: path)
      #expect(text.hasPrefix("usage: \(path.joined(separator: " "))"), "\(path)")
      #expect(!text.contains("storebench \(path[0])"), "\(path)")
      #expect(!text.contains("<"), "\(path): \(text)")
      // Each choice once: `ask-to-buy on|off`, not `on|off|on|off`.
      let usage = text.prefix { $0 != "\n" }
      for term in usage.split(separator: " ") where term.contains("|") {
        let choices = term.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: "|")
        #expect(Set(choices).count == choices.count, "\(path): \(term)")
      }
      for subcommand in spec.subcommands { try walk(subcommand, path + [subcommand.name]) }
    }
    for spec in CommandSpec.language.subcommands { try walk(spec, [spec.name]) }
    #expect(
      try CommandHelp.text(for: ["buy"]).hasPrefix(
        "usage: buy PRODUCT [--quantity N] [--offer ID] [--discount OFFER] [--key-id ID]"))
  }

  @Test func everyHelpTextFitsEightyColumns() throws {
    // A line may pass 80 columns only when it is one word too long to break (a callback's name).
    func check(_ words: [String]) throws {
      for line in try CommandHelp.text(for: words).split(separator: "\n") where line.count > 80 {
        #expect(line.split(separator: " ").count == 1, "help \(words.joined(separator: " ")): \(line)")
      }
    }
    func walk(_ spec: CommandSpec, _ path: [String]) throws {
      try check(path)
      for subcommand in spec.subcommands { try walk(subcommand, path + [subcommand.name]) }
    }
    try check([])
    try check(["all"])
    for spec in CommandSpec.language.subcommands { try walk(spec, [spec.name]) }
    #expect(
      try CommandHelp.text(for: ["verify"]).hasPrefix(
        """
        usage: verify [--file FILE] [--jws FILE] [--password SECRET]
                      [--environment production|sandbox] [--exclude-old-transactions]
        """))
    #expect(
      try CommandHelp.text(for: ["all"]).contains(
        """
          products                Ask for products, like SKProductsRequest: valid
                                  products and invalid identifiers.
        """))
  }

  @Test func eachTopicExplainsItself() throws {
    for topic in HelpTopic.allCases {
      // `help shared-secret` is the command's help, then the topic.
      let text = try CommandHelp.text(for: [topic.rawValue])
      #expect(text.hasSuffix(topic.text))
      #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(topic)")
    }
    #expect(try CommandHelp.text(for: ["durations"]).contains("1mo"))
    #expect(try CommandHelp.text(for: ["refs"]).contains("last"))
    #expect(try CommandHelp.text(for: ["exit-codes"]).contains("130"))
  }

  @Test func parseErrorsNameTheCommandAndWhatToType() {
    #expect(
      CommandUsage.parseError("Unknown option '--bogus'", words: ["buy", "x", "--bogus"])
        == "buy: unknown option '--bogus' (options: --quantity, --offer, --discount, --key-id, --nonce, --timestamp, --signature, --sign-with, --application-username, --billing-plan, --unchecked)"
    )
    #expect(
      CommandUsage.parseError(
        "Unknown option '--quantty'. Did you mean '--quantity'?", words: ["buy", "x", "--quantty"])
        == "buy: unknown option '--quantty'; did you mean '--quantity'? (options: --quantity, --offer, --discount, --key-id, --nonce, --timestamp, --signature, --sign-with, --application-username, --billing-plan, --unchecked)"
    )
    #expect(
      CommandUsage.parseError("Missing expected argument '<duration>'", words: ["advance-clock"])
        == "advance-clock: missing DURATION (such as 1d, 1mo)")
  }
}
