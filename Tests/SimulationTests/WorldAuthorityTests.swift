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

  @Test func aPrivateRotationLeavesTheConfiguredAuthorityAloneAndIsRemovedAfterwards() throws {
    defer { try? FileManager.default.removeItem(at: parent) }
    let world = try World.onDefaultCatalog(authorityDirectory: directory)
    let configured = try world.authority()
    world.rotatesPrivately = true
    let own = try world.rotateAuthority()
    #expect(own.root != configured.root)
    #expect(world.authorityDirectory.path != directory.path)
    #expect(try world.authority().root == own.root)
    #expect(try AuthorityDirectory(directory).open(now: world.store.clock.now).root == configured.root)
    let ownDirectory = world.authorityDirectory
    #expect(try world.rotateAuthority().root != own.root, "a second rotation replaces the world's own")
    #expect(world.authorityDirectory == ownDirectory)
    world.removePrivateAuthority()
    #expect(!FileManager.default.fileExists(atPath: ownDirectory.deletingLastPathComponent().path))
    #expect(world.authorityDirectory.path == directory.path)
    #expect(try world.authority().root == configured.root)
  }
}
