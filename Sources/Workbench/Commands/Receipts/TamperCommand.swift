import ArgumentParser

/// `tamper FILE [--at OFFSET]`: flips the lowest bit of one byte of a file, to see a verifier reject it.
struct TamperCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "tamper",
    abstract:
      "Flip the lowest bit of one byte of a file (default: the last byte), to check that verifiers reject the change."
  )

  @Argument(help: "The file.", completion: .file())
  var file: String

  @Option(help: "The byte's offset; negative counts from the end.")
  var at: Int = -1

  func validate() throws {
    try requireNonEmpty(file, "the file name")
  }

  func execute(in session: Session) throws {
    var bytes = try session.read(file, as: .tampered)
    let offset = at < 0 ? bytes.count + at : at
    guard bytes.indices.contains(offset) else {
      throw WorkbenchError(
        .invalidValue, "\(session.shown(file)) has \(bytes.count) bytes: there is no byte at \(at)")
    }
    bytes[offset] ^= 0x01
    try session.write(bytes, to: file)
    session.print("flipped the lowest bit of byte \(offset) of \(session.shown(file))")
  }
}
