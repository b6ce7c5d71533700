import ArgumentParser
import Simulation

extension OfferKeyCommand {
  struct Clock: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Check signature times (a legacy timestamp, a JWS iat) against real time or the world's clock.",
      discussion: """
        The developer's server signs with its real clock, so the App Store checks signatures against \
        real time, as `serve` checks bearer tokens: a signature is good for 24 hours and may be 5 \
        minutes ahead. `world` checks them against the virtual clock instead, so a script can show a \
        stale signature the same way on every run.
        """)

    @Argument(help: "real or world.")
    var clock: OfferKeyRing.Clock

    func execute(in session: Session) throws {
      session.world.offerKeys.clock = clock
      session.print(
        "signature times checked against \(clock == .real ? "real time" : "the world's clock")")
    }
  }
}

extension OfferKeyRing.Clock: ExpressibleByArgument {}
