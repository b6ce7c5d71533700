import Foundation
import Testing

/// The rooms of the two large targets use each other in one direction only. Each target has one hub
/// that every room may use and that may use every room: in `Simulation`, `World/` (the world stores
/// each room's state, and each room's face reads the world); in `Workbench`, the files at the
/// target's top (`Session`, which every command acts on). Leaving the hub out, the folders form no
/// cycle.
@Suite struct FolderCyclesTests {
  @Test(arguments: [("Sources/Simulation", "World"), ("Sources/Workbench", ".")])
  func roomsUseEachOtherInOneDirectionOnly(target: String, hub: String) throws {
    let graph = try FolderGraph(target: PackageManifest.root.appendingPathComponent(target))
    #expect(graph.edges.count >= 6, "\(target) has its rooms")
    if let cycle = FolderGraph.cycle(in: graph.without(hub: hub)) {
      let reasons = zip(cycle, cycle.dropFirst()).map { from, to in
        "\(from) → \(to) (\(graph.edges[from]?[to]?.sorted().joined(separator: ", ") ?? ""))"
      }
      Issue.record("\(target): the folders form a cycle: \(reasons.joined(separator: "; "))")
    }
  }

  @Test func aCycleIsFoundAndAnAcyclicGraphPasses() {
    #expect(FolderGraph.cycle(in: ["A": ["B"], "B": ["C"], "C": []]) == nil)
    #expect(FolderGraph.cycle(in: ["A": ["B"], "B": ["C"], "C": ["A"]]) == ["A", "B", "C", "A"])
    #expect(FolderGraph.cycle(in: ["A": ["B"], "B": ["B"]]) == ["B", "B"])
  }

  @Test func declarationsAreReadAtAnyNesting() {
    #expect(FolderGraph.declaredType("public struct World: Sendable {") == "World")
    #expect(FolderGraph.declaredType("  final class Box<T> {") == "Box")
    #expect(FolderGraph.declaredType("enum Kind: String {") == "Kind")
    #expect(FolderGraph.declaredType("let structure = Structure()") == nil)
    #expect(FolderGraph.declaredType("extension World {") == nil)
  }
}
