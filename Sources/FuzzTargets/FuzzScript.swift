import Catalog
import Foundation
import Workbench

/// Runs the command language as `storebench run --keep-going` does: every line of a script in a new
/// session over the built-in catalog, on the fuzzers' certificate authority, in a scratch directory
/// that holds fresh copies of the sample catalogs as `catalog/NAME` (the seeds' scripts load
/// `catalog/soccer.json` where the originals in scripts/ say `../catalog/soccer.json`).
///
/// Three things are kept out, and only these: lines that name a file outside the scratch directory
/// (a word that starts with `/` or `~`, or holds `..`, `=/` or `=~`), so that no input writes
/// elsewhere; lines with a word `-`, which names standard input (`import jws -` would wait on a
/// terminal); and `ca rotate`, which replaces the authority every later input would verify against.
/// Clock events are limited by an ``EventBudget``.
public enum FuzzScript {
  /// The built-in catalog (a copy of `catalog/default.json`).
  static let catalog: Catalog = {
    do {
      return try CatalogLocator.builtIn()
    } catch {
      fatalError("fuzz: the built-in catalog: \(error)")
    }
  }()

  /// The files of the checkout's `catalog/` directory, read once.
  static let sampleCatalogs: [(name: String, contents: Data)] = {
    let directory = FuzzEnvironment.checkout.appendingPathComponent("catalog")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.sorted().compactMap { name in
      FileManager.default.contents(atPath: directory.appendingPathComponent(name).path).map { (name, $0) }
    }
  }()

  /// `Fuzz/Seeds/world.storebench`, the script whose world ``VerifyReceiptFuzzTarget`` answers for
  /// and whose exports are the seeds of the receipt, JWS, verifyReceipt, world-file and import targets.
  public static let seedWorldPath = FuzzEnvironment.checkout.appendingPathComponent(
    "Fuzz/Seeds/world.storebench"
  ).path

  /// The text of ``seedWorldPath``.
  public static let seedWorldScript: String = {
    guard let data = FileManager.default.contents(atPath: seedWorldPath) else {
      fatalError("fuzz: cannot read \(seedWorldPath)")
    }
    return String(decoding: data, as: UTF8.self)
  }()

  /// How many of the world's checks (one every 1,024 clock events) a script may use.
  static let eventChecks = 4

  /// Runs a script's text in a new session whose relative paths lead to the emptied scratch
  /// directory.
  ///
  /// - Parameter text: The script.
  /// - Returns: The session after the script, and the lines that failed; no result when the text
  ///   is refused as a script (a line too long, too many words): an error, as a script file gets.
  @discardableResult
  public static func run(_ text: String) -> (session: Session, result: ScriptRunner.Result?) {
    FuzzEnvironment.emptyScratchDirectory()
    let catalogs = FuzzEnvironment.scratchDirectory.appendingPathComponent("catalog")
    try? FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
    for (name, contents) in sampleCatalogs {
      FileManager.default.createFile(atPath: catalogs.appendingPathComponent(name).path, contents: contents)
    }
    let directory = FuzzEnvironment.scratchDirectory.path
    let session = Session(
      catalog: catalog, catalogSource: CatalogLocator.builtInName,
      output: OutputSink(write: { _ in }, writeError: { _ in }), caDirectory: FuzzEnvironment.caDirectory)
    session.baseDirectory = directory
    var script: Script
    do {
      script = try Script(name: "fuzz", text: text, directory: directory)
    } catch {
      return (session, nil)
    }
    script.lines.removeAll(where: leavesSandbox)
    let runner = ScriptRunner(
      catalog: catalog, catalogSource: CatalogLocator.builtInName, options: .init(keepGoing: true))
    let budget = EventBudget(checks: eventChecks)
    session.world.monitor = budget
    let result = withExtendedLifetime(budget) { runner.run(script, in: session) }
    return (session, result)
  }

  /// Whether a line names a file outside the scratch directory or standard input, or rotates the
  /// certificate authority.
  static func leavesSandbox(_ line: String) -> Bool {
    let words: [String]
    do {
      words = try CommandLineSplitter.split(line)
    } catch {
      return false  // fails before it touches anything
    }
    return words.contains { word in
      word.hasPrefix("/") || word.hasPrefix("~") || word == "rotate" || word == "-"
        || ["..", "=/", "=~"].contains { word.contains($0) }
    }
  }
}
