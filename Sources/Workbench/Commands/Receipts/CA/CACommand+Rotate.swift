import ArgumentParser
import Foundation
import Simulation
import Store
import Verifier

extension CACommand {
  struct Rotate: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Replace every key and certificate (this also repairs a broken authority): artifacts signed before no longer verify.",
      discussion: """
        In a suite (`storebench test`) the new authority is the script's own, removed when it ends; \
        the configured one and the other scripts keep theirs.
        """)

    /// It changes the certificate authority on the disk: a new snapshot follows it.
    var journalTreatment: JournalTreatment { .checkpointed }

    func execute(in session: Session) throws {
      let authority = try session.world.rotateAuthority()
      guard !session.world.rotatesPrivately else {
        // The path is a new temporary directory each run: left out, so that transcripts repeat.
        session.print("certificate authority rotated for this script only (the suite's is unchanged)")
        return
      }
      session.print("certificate authority rotated in \(authority.directory.path)")
    }
  }
}
