import ArgumentParser

extension AccountCommand {
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
}
