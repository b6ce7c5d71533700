import Foundation
import Observer
import Simulation
import Testing

@testable import Workbench

/// Adding to a per-world registry (accounts, devices, observers) costs the same however many
/// entries it holds, each add a step of the world as a command is: four times the entries (40,000
/// against 10,000) take
/// about four times as long (a registry searched entry by entry, or a step that visits every
/// device, would take about sixteen). The bound, 10, leaves room for a loaded machine
/// and still fails a search entry by entry;
/// `storebench bench` measures whole command lines in a release build (goal at most 2.3 per
/// doubling).
@Suite(.serialized) struct RegistryScalingTests {
  private func seconds(adding count: Int, _ add: (World, Int) throws -> Void) throws -> Double {
    let session = Session(
      catalog: try CatalogLocator.builtIn(), catalogSource: CatalogLocator.builtInName,
      output: OutputSink(write: { _ in }, writeError: { _ in }))
    let world = session.world
    let start = ContinuousClock.now
    for index in 0..<count { try world.step(changing: true) { try add(world, index) } }
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  private func expectLinear(_ name: String, _ add: (World, Int) throws -> Void) throws {
    // The fastest of five runs of each size, the sizes taking turns: tests of other suites run
    // beside this one, the fastest run is the one they disturbed least, and taking turns spreads a
    // busy stretch of the machine over both sizes.
    var small = Double.infinity
    var large = Double.infinity
    for _ in 0..<5 {
      small = min(small, try seconds(adding: 10_000, add))
      large = min(large, try seconds(adding: 40_000, add))
    }
    #expect(large / small < 10, "\(name): 10,000 in \(small) s, 40,000 in \(large) s")
  }

  @Test func accounts() throws {
    try expectLinear("accounts") { world, index in try world.store.addAccount(named: "a\(index)") }
  }

  @Test func devices() throws {
    try expectLinear("devices") { world, index in try world.addDevice(named: "d\(index)") }
  }

  @Test func observers() throws {
    try expectLinear("observers") { world, index in
      let name = "o\(index)"
      #expect(world.device.queue.observer(named: name) == nil)
      world.device.addObserver(named: name, policy: .correct)
    }
  }
}
