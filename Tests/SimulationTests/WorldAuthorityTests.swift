import Foundation
import Testing
import Verifier

@testable import Simulation

@Suite struct WorldAuthorityTests {
  /// A parent directory of its own, removed by the caller, with the authority to go in `ca`.
  let parent = FileManager.default.temporaryDirectory.appendingPathComponent(
    "storebench-world-authority-\(UUID().uuidString)")
  var directory: URL { parent.appendingPathComponent("ca") }

  @Test func oneCommandKeepsOneAuthorityWhileAnotherProcessRotates() throws {
    defer { try? FileManager.default.removeItem(at: parent) }
    let world = try World.onDefaultCatalog(authorityDirectory: directory)
    let first = try world.withOneAuthority {
      let first = try world.authority()
      _ = try AuthorityDirectory(directory).rotate(now: world.store.clock.now)  // another process
      #expect(try world.authority().root == first.root)
      return first
    }
    #expect(try world.authority().root != first.root, "the next command sees the rotation")
  }
}
