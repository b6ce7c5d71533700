import Foundation
import Verifier

/// What the fuzz targets share: the certificate authority whose root they trust, the instant they
/// validate chains at, and a scratch directory for the files that commands write. The libFuzzer
/// executables in `Fuzz/` and the replay tests (`Tests/FuzzReplayTests`) both run in it.
public enum FuzzEnvironment {
  /// The checkout (the directory that holds `Sources/`, `Fuzz/`, `scripts/` and `catalog/`).
  public static let checkout = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Sources/FuzzTargets
    .deletingLastPathComponent()  // Sources
    .deletingLastPathComponent()

  /// The certificate authority's directory: `$STOREBENCH_CA_DIR`, else `.build-fuzz/ca`. `make fuzz`
  /// signs the seed receipts and JWS with the same one, so that seeds verify; the replay tests use
  /// the tests' authority.
  public static let caDirectory: URL = {
    if let path = ProcessInfo.processInfo.environment["STOREBENCH_CA_DIR"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return checkout.appendingPathComponent(".build-fuzz/ca")
  }()

  /// The certificate authority, loaded (or created) once.
  public static let authority: CertificateAuthority = {
    do {
      return try CertificateAuthority.loadOrCreate(at: caDirectory, now: validationTime)
    } catch {
      fatalError("fuzz: certificate authority in \(caDirectory.path): \(error)")
    }
  }()

  /// 2026-01-01T00:00:00Z, where storebench's clock starts: the fuzz targets validate chains then.
  public static let validationTime = Date(timeIntervalSince1970: 1_767_225_600)

  /// A directory of this process's own, `.build-fuzz/scratch/PID`, for files that commands write.
  public static let scratchDirectory: URL = {
    let directory = checkout.appendingPathComponent(".build-fuzz/scratch/\(getpid())")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      fatalError("fuzz: cannot create \(directory.path): \(error)")
    }
    return directory
  }()

  /// Deletes what the last input left in ``scratchDirectory``, so that no input reads another's files.
  public static func emptyScratchDirectory() {
    let manager = FileManager.default
    for name in (try? manager.contentsOfDirectory(atPath: scratchDirectory.path)) ?? [] {
      try? manager.removeItem(at: scratchDirectory.appendingPathComponent(name))
    }
  }
}
