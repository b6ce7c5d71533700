import Foundation
import Testing

extension CLITests {
  /// The certificate authority when the process is killed (`kill -9`) at each step of creating or
  /// rotating it, and when many processes open, verify and rotate it at once. The binary stops itself
  /// with SIGKILL after step N when `STOREBENCH_CRASH_AFTER_STEP=N` (a testing aid).
  @Suite struct AuthorityCrashTests {
    /// What the next run does after a crash: show the authority, then sign a receipt and verify it.
    static let signAndVerify = "ca show\nbuy coins.100\nverify\nexpect verify 0\n"
    /// The status of a process killed by SIGKILL.
    static let killed = 128 + SIGKILL

    /// A new empty parent directory; the authority goes in `ca` inside it.
    func newParent() throws -> URL {
      let parent = FileManager.default.temporaryDirectory.appendingPathComponent("ca-crash-\(UUID())")
      try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
      return parent
    }

    /// Runs the binary on the authority in `parent/ca`, stopping after a step of its write sequence.
    func start(_ input: String, in parent: URL, crashAfter step: Int? = nil) throws -> Binary.Running {
      var environment = ["STOREBENCH_CA_DIR": parent.appendingPathComponent("ca").path]
      environment["STOREBENCH_CRASH_AFTER_STEP"] = step.map(String.init)
      return try Binary.start([], input: input, environment: environment)
    }

    func run(_ input: String, in parent: URL, crashAfter step: Int? = nil) throws -> Binary.Result {
      try start(input, in: parent, crashAfter: step).wait()
    }

    /// The roots' SHA-256 fingerprints, one for each `ca show` run (which prints the root's first of four).
    func rootFingerprints(_ output: String) -> [Substring] {
      let fingerprints = output.split(separator: "\n").filter { $0.hasPrefix("    SHA-256 ") }
      return stride(from: 0, to: fingerprints.count, by: 4).map { fingerprints[$0] }
    }

    /// The root's fingerprint, from the first `ca show` run.
    func rootFingerprint(_ output: String) -> Substring? {
      rootFingerprints(output).first
    }

    /// Checks that a run of ``signAndVerify`` on the authority in `parent/ca` passed, and that
    /// nothing but the authority and its lock is left; returns its root's fingerprint.
    @discardableResult
    func expectUsableAndTidy(_ parent: URL, after next: Binary.Result, _ what: String) throws -> Substring? {
      #expect(next.status == 0, "\(what): \(next.error)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [".ca.lock", "ca"],
        "\(what)")
      let files = try FileManager.default.contentsOfDirectory(
        atPath: parent.appendingPathComponent("ca").path)
      #expect(files.count == 8 && !files.contains { $0.hasPrefix(".") }, "\(what): \(files)")
      return rootFingerprint(next.output)
    }

    /// Runs `input` sixteen times at once, each on an authority directory of its own that `prepare`
    /// sets up, killed after step 1, 2, …, 16 of its write sequence; the first run not killed went
    /// through the whole sequence. Then checks what each crash left, and returns the root each
    /// check found, by step.
    func crashAtEveryStep(
      of input: String, prepare: (URL) throws -> Void = { _ in }
    ) throws -> [Substring?] {
      let parents = try (1...16).map { _ in try newParent() }
      defer { parents.forEach { try? FileManager.default.removeItem(at: $0) } }
      try parents.forEach(prepare)
      let runs = try parents.enumerated().map { try start(input, in: $1, crashAfter: $0 + 1) }
      let results = try runs.map { try $0.wait() }
      let crashes = results.prefix { $0.status == Self.killed }.count
      try #require(crashes < results.count, "the sequence has more steps than tried")
      #expect(results[crashes].status == 0, "\(results[crashes].error)")
      let checks = try parents.prefix(crashes).map { try start(Self.signAndVerify, in: $0) }
      return try zip(checks, parents).enumerated().map { step, checked in
        let (check, parent) = checked
        return try expectUsableAndTidy(parent, after: check.wait(), "a crash after step \(step + 1)")
      }
    }

    @Test func aCrashAtEveryStepOfCreationLeavesNothingTheNextRunCannotRepair() throws {
      let roots = try crashAtEveryStep(of: "ca show\n")
      // A temporary directory, eight files, its flush, the rename into place, the parent's flush.
      #expect(roots.count == 12)
    }

    @Test func aCrashAtEveryStepOfRotationLeavesTheOldAuthorityOrTheNew() throws {
      let template = try newParent()
      defer { try? FileManager.default.removeItem(at: template) }
      let original = try #require(rootFingerprint(try run("ca show\n", in: template).output))
      let roots = try crashAtEveryStep(of: "ca rotate\n") { parent in
        try FileManager.default.copyItem(
          at: template.appendingPathComponent("ca"), to: parent.appendingPathComponent("ca"))
      }
      // Creation's steps, with the old authority renamed aside before and removed after.
      #expect(roots.count == 14)
      // Killed before the new authority is renamed in: the old one; after: the new one.
      let keptOld = roots.prefix { $0 == original }.count
      #expect(keptOld > 0 && keptOld < roots.count)
      #expect(!roots.dropFirst(keptOld).contains(original))
    }

    @Test func twentyProcessesOnAnEmptyDirectoryAgreeOnOneRoot() throws {
      let parent = try newParent()
      defer { try? FileManager.default.removeItem(at: parent) }
      try FileManager.default.createDirectory(
        at: parent.appendingPathComponent("ca"), withIntermediateDirectories: true)
      let runs = try (0..<20).map { _ in try start("ca show\n", in: parent) }
      let results = try runs.map { try $0.wait() }
      for result in results { #expect(result.status == 0, "\(result.error)") }
      let roots = Set(results.map { rootFingerprint($0.output) })
      #expect(roots.count == 1 && roots.first! != nil, "\(roots)")
      let next = try run(Self.signAndVerify, in: parent)
      #expect(try expectUsableAndTidy(parent, after: next, "20 processes") == roots.first!)
    }

    @Test func readersNeverFailWhileOthersRotate() throws {
      let parent = try newParent()
      defer { try? FileManager.default.removeItem(at: parent) }
      _ = try run("ca show\n", in: parent)
      // Each verify signs the device's new receipt and checks it against the root, in one command;
      // `ca show` tells which root that was.
      let reader =
        "buy coins.100\n"
        + String(repeating: "receipt refresh\nverify\nexpect verify 0\nca show\n", count: 30)
      // The processes race, so a loaded machine may run them one after another: the round is run
      // again (up to five times) until a reader saw a rotation, and every round must succeed.
      var readersThatSawARotation = 0
      for _ in 1...5 where readersThatSawARotation == 0 {
        var runs = try (0..<5).map { _ in try start(reader, in: parent) }
        runs += try (0..<3).map { _ in try start("ca rotate\n", in: parent) }
        runs += try (0..<5).map { _ in try start(reader, in: parent) }
        let results = try runs.map { try $0.wait() }
        for result in results { #expect(result.status == 0, "\(result.error)") }
        readersThatSawARotation = results.count { Set(rootFingerprints($0.output)).count > 1 }
      }
      #expect(
        readersThatSawARotation > 0,
        "in five rounds the readers ran before or after the rotations, not during")
      try expectUsableAndTidy(parent, after: try run(Self.signAndVerify, in: parent), "readers and rotators")
    }
  }
}
