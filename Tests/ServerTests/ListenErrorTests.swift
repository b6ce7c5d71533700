import Foundation
import NIOCore
import Testing

@testable import Server

/// A server that cannot listen says why in the user's words, not NIO's.
@Suite struct ListenErrorTests {
  @Test func aBusyPortIsNamedAsInUse() throws {
    // Another server holds a port: a second cannot listen there.
    let fixture = try ServerFixture()
    let first = LocalServerLauncher()
    let port = try first.start(port: 0, world: fixture.owner)
    defer { first.stop() }
    do {
      _ = try LocalServerLauncher().start(port: port, world: fixture.owner)
      Issue.record("a second server listened on \(port)")
    } catch {
      #expect(
        "\(error)"
          == "port \(port) is in use (another program listens there: choose another with --port, or --port 0 for a free one)"
      )
      #expect(!"\(error)".contains("bind("))
    }
  }

  @Test func otherSystemErrorsReadAsTheSystemSaysThem() {
    let denied = ListenError(IOError(errnoCode: EACCES, reason: "bind(descriptor:ptr:bytes:)"), port: 80)
    #expect(
      denied.description
        == "port 80 needs privileges this process lacks (choose another with --port, or --port 0 for a free one)"
    )
    let other = ListenError(
      IOError(errnoCode: EADDRNOTAVAIL, reason: "bind(descriptor:ptr:bytes:)"), port: 8090)
    #expect(other.description == String(cString: strerror(EADDRNOTAVAIL)))
    #expect(ListenError(ServerStopped(), port: 8090).description == "the server stopped before it listened")
  }
}
