import ArgumentParser

/// `family add ACCOUNT`, `family remove ACCOUNT`, `family`.
struct FamilyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "family",
    abstract: "Family Sharing: members share family-shareable non-consumables and subscriptions.",
    subcommands: [Show.self, Add.self, Remove.self],
    defaultSubcommand: Show.self)
}
