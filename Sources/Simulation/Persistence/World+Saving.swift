import Foundation
import Verifier

extension World {
  /// The world as a saved world's file holds it (its catalog apart).
  ///
  /// - Throws: ``WorldFileError`` when the world is not between two commands, or the certificate
  ///   authority cannot be opened to name its root.
  func snapshot() throws(WorldFileError) -> WorldSnapshot {
    let transactions = registry.all
    var devices: [DeviceSnapshot] = []
    for (index, device) in self.devices.enumerated() {
      devices.append(try DeviceSnapshot(device, transactions: transactions, at: "devices[\(index)]"))
    }
    return WorldSnapshot(
      identity: IdentitySnapshot(identity), environment: environment.rawValue, appAppleId: appAppleId,
      sharedSecret: sharedSecret,
      authority: try authorityReference(), store: StoreSnapshot(store),
      accounts: store.allAccounts.map(AccountSnapshot.init),
      transactions: transactions.map(TransactionSnapshot.init),
      devices: devices, currentDevice: device.name, serverAPI: ServerAPISnapshot(serverAPI),
      notifications: NotificationsSnapshot(notifications), apiKeys: apiKeys.keys.map(APIKeySnapshot.init),
      offerKeys: offerKeys.keys.isEmpty && offerKeys.usedNonces.isEmpty && offerKeys.clock == .real
        ? nil : OfferKeysSnapshot(offerKeys),
      originalApplication: importedOriginalApplicationVersion == nil && importedOriginalPurchaseDate == nil
        ? nil
        : OriginalApplicationSnapshot(
          version: importedOriginalApplicationVersion,
          purchaseDate: importedOriginalPurchaseDate?.secondsSince1970),
      retention: RetentionSnapshot(retention),
      externalPurchase: externalPurchases.tokens.isEmpty ? nil : ExternalPurchaseSnapshot(externalPurchases))
  }

  /// The certificate authority this world signs with: its directory and root fingerprint.
  ///
  /// - Throws: ``WorldFileError`` when it cannot be opened.
  public func authorityReference() throws(WorldFileError) -> AuthorityReference {
    let authority: CertificateAuthority
    do {
      authority = try self.authority()
    } catch {
      throw WorldFileError(path: "authority", reason: error.description)
    }
    let root = authority.summary.certificates.first { $0.role == .root }
    return AuthorityReference(
      directory: authorityDirectory.path, rootFingerprint: root?.sha256Fingerprint ?? "")
  }
}
