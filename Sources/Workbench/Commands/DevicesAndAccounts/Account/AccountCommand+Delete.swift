import ArgumentParser

extension AccountCommand {
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
}
