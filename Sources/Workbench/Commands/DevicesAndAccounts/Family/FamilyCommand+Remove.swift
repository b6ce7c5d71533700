import ArgumentParser

extension FamilyCommand {
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
