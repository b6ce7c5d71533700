import ArgumentParser

/// `echo TEXT…`: prints its words, to mark a point in a transcript, or to tell a program driving
/// the prompt through a pipe that the commands before it have finished.
struct EchoCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "echo",
    abstract: "Print the words given (a marker in a transcript or for a driving program).")

  @Argument(help: "The words to print, joined by spaces.")
  var words: [String] = []

  func changesWorld(in _: Session) -> Bool { false }

  func execute(in session: Session) throws {
    session.print(words.joined(separator: " "))
  }
}
