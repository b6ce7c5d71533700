import Foundation
import Testing

/// `Package.swift` lists, for every target, exactly the package's targets and the products its
/// files import: no more (a dependency nothing uses) and no fewer (a module reached only because
/// another target happens to link it).
@Suite struct ManifestImportsTests {
  @Test func everyTargetListsExactlyWhatItsFilesImport() throws {
    let manifest = try PackageManifest.load()
    // Products are named as the sources import them; other modules (Foundation, Testing, the
    // products' own dependencies) are not the manifest's business here.
    let known = manifest.targetNames.union(manifest.productNames)
    var checked = 0
    for target in manifest.targets {
      let folder = PackageManifest.root.appendingPathComponent(target.folder)
      guard FileManager.default.fileExists(atPath: folder.path) else { continue }
      let imports = try SourceImports.modules(under: folder, excluding: target.exclude)
      let imported = Set(imports.keys).intersection(known).subtracting([target.name])
      let listed = target.targetDependencies.union(target.productDependencies)
      for module in listed.subtracting(imported).sorted() {
        Issue.record("\(target.name) lists \(module) in Package.swift, but none of its files imports it")
      }
      for module in imported.subtracting(listed).sorted() {
        let files = imports[module, default: []].joined(separator: ", ")
        Issue.record("\(target.name) imports \(module) (\(files)) without listing it in Package.swift")
      }
      checked += 1
    }
    #expect(checked == manifest.targets.count, "every target's folder exists")
  }

  @Test func importLinesOfEveryFormNameTheirModule() {
    let lines: [(Substring, String?)] = [
      ("import Simulation", "Simulation"), ("@testable import Server", "Server"),
      ("@preconcurrency import NIOCore", "NIOCore"), ("public import Store", "Store"),
      ("import struct Catalog.Product", "Catalog"), ("  import Queue  ", "Queue"),
      ("// import Workbench", nil), ("let important = 1", nil), ("importer()", nil),
    ]
    for (line, module) in lines {
      #expect(SourceImports.module(importedBy: line) == module, "\(line)")
    }
  }
}
