import ArgumentParser

/// `account add NAME`, `account use NAME`, `accounts`.
struct AccountCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "account",
    abstract: "Add an Apple Account, or sign the current device in to another.",
    subcommands: [Add.self, Use.self, Delete.self])

  struct Add: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Add an account with no purchases.")

    @Argument(help: "The account's name.")
    var name: String

    func validate() throws {
      try requireNonEmpty(name, "the account name")
    }

    func execute(in session: Session) throws {
      try session.world.store.addAccount(named: name)
      session.print("account \(name) added")
    }
  }

  struct Delete: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete an account: Apple forgets its purchases and verifyReceipt answers 21010.",
      discussion: "Devices signed in to it are signed out: `account use NAME` signs one in again.")

    @Argument(help: "The account's name.", completion: .session(.accounts))
    var name: String

    func validate() throws {
      try requireNonEmpty(name, "the account name")
    }

    func execute(in session: Session) throws {
      for device in try session.world.deleteAccount(named: name) {
        session.print("\(device.name) signed in to no account (`account use NAME` signs in)")
      }
    }
  }

  struct Use: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Sign the current device in to an account.")

    @Argument(help: "The account's name.", completion: .session(.accounts))
    var name: String

    func validate() throws {
      try requireNonEmpty(name, "the account name")
    }

    func execute(in session: Session) throws {
      guard let account = session.world.store.account(named: name) else {
        throw WorkbenchError(.notFound, "no account named \(name) (`account add \(name)`)")
      }
      session.device.queue.signIn(account)
      session.print("\(session.device.name) signed in to \(name)")
    }
  }
}

/// `family add ACCOUNT`, `family remove ACCOUNT`, `family`.
struct FamilyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "family",
    abstract: "Family Sharing: members share family-shareable non-consumables and subscriptions.",
    subcommands: [Show.self, Add.self, Remove.self],
    defaultSubcommand: Show.self)

  struct Show: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "List the family, organizer first.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let members = session.world.store.familyMembers
      session.print(members.isEmpty ? "no family" : "family: \(members.joined(separator: ", "))")
    }
  }

  struct Add: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Add an account to the current account's family; shareable purchases appear for members (FAMILY_SHARED)."
    )

    @Argument(help: "The account to add.", completion: .session(.accounts))
    var account: String

    func validate() throws {
      try requireNonEmpty(account, "the account name")
    }

    func execute(in session: Session) throws {
      try session.world.store.addToFamily(account, organizer: session.account)
    }
  }

  struct Remove: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "An account leaves the family and loses what was shared.")

    @Argument(help: "The account that leaves.", completion: .session(.accounts))
    var account: String

    func validate() throws {
      try requireNonEmpty(account, "the account name")
    }

    func execute(in session: Session) throws {
      try session.world.store.removeFromFamily(account)
    }
  }
}
