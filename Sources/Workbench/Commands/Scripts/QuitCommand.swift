import ArgumentParser

/// `quit`: ends the prompt or the script.
struct QuitCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "quit", abstract: "Leave the prompt, or stop the script here.", aliases: ["exit"])

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    session.wantsToQuit = true
  }
}
