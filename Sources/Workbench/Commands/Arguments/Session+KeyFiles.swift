import Crypto

extension Session {
  /// The P-256 private key in a `.p8` (PKCS#8) or SEC1 PEM file: an In-App Purchase key or an App
  /// Store Connect API key.
  func privateKey(in file: String) throws(WorkbenchError) -> P256.Signing.PrivateKey {
    let text = String(decoding: try read(file, as: .key), as: UTF8.self)
    do {
      return try P256.Signing.PrivateKey(pemRepresentation: text)
    } catch {
      throw WorkbenchError(.invalidValue, "\(shown(file)): not a P-256 private key in PEM (\(error))")
    }
  }
}

extension P256.Signing.PrivateKey {
  /// The key as App Store Connect's `.p8` files hold it: PKCS#8 PEM, with a final newline.
  var pkcs8PEMText: String { pemRepresentation + "\n" }
}
