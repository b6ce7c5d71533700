import Foundation
import Verifier

/// The authority a world opened last, and the stamp of its root certificate's file just before.
struct KeptAuthority {
  var authority: CertificateAuthority
  var directory: URL
  var rootPath: String
  var stamp: FileStamp
}
