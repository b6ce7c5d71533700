import ArgumentParser

extension FamilyCommand {
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
}
