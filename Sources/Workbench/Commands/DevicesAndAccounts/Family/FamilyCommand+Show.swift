import ArgumentParser

extension FamilyCommand {
  struct Show: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "List the family, organizer first.")

    func changesWorld(in _: Session) -> Bool { false }

    func execute(in session: Session) throws {
      let members = session.world.store.familyMembers
      session.print(members.isEmpty ? "no family" : "family: \(members.joined(separator: ", "))")
    }
  }
}
