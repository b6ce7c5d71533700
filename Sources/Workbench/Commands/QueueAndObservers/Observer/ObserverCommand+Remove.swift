import ArgumentParser
import Observer

extension ObserverCommand {
  struct Remove: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Unregister an observer.")

    @Argument(help: "The observer's name.", completion: .session(.observers))
    var name: String

    func validate() throws {
      try requireNonEmpty(name, "the observer name")
    }

    func execute(in session: Session) throws {
      guard session.device.queue.removeObserver(named: name) else {
        throw WorkbenchError(.notFound, "no observer named \(name) (`observers` lists them)")
      }
      session.print("observer \(name) removed")
    }
  }
}
