import ArgumentParser

extension AccountCommand {
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
