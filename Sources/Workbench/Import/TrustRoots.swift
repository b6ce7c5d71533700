import SwiftASN1
import X509

/// The roots an `import` trusts: the certificates of each `--trust` file (DER, or PEM with one or
/// more certificates), or the world's own root when none is given.
enum TrustRoots {
  /// The roots named by `paths`, or the world's own.
  static func load(_ paths: [String], in session: Session) throws(WorkbenchError) -> [Certificate] {
    guard !paths.isEmpty else {
      do {
        return [try session.world.authority().root]
      } catch {
        throw WorkbenchError(.file, "cannot open storebench's certificate authority: \(error)")
      }
    }
    var roots: [Certificate] = []
    for path in paths {
      roots += try certificates(in: try session.read(path, as: .certificate), path: session.shown(path))
    }
    return roots
  }

  /// The certificates a file holds.
  static func certificates(in bytes: [UInt8], path: String) throws(WorkbenchError) -> [Certificate] {
    let text = String(decoding: bytes, as: UTF8.self)
    if text.contains("-----BEGIN CERTIFICATE-----") {
      do {
        let documents = try PEMDocument.parseMultiple(pemString: text)
        return try documents.map { try Certificate(pemDocument: $0) }
      } catch {
        throw WorkbenchError(.invalidValue, "--trust \(path): not a PEM certificate (\(error))")
      }
    }
    do {
      return [try Certificate(derEncoded: bytes)]
    } catch {
      throw WorkbenchError(.invalidValue, "--trust \(path): neither a DER nor a PEM certificate (\(error))")
    }
  }
}
