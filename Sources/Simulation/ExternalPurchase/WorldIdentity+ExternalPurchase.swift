extension WorldIdentity {
  /// The UUID part of the world's `number`th external purchase token (from 1): UUID-shaped as
  /// ``notificationUUID(_:)`` is, from another counter, so that the two never meet.
  func externalPurchaseUUID(_ number: UInt64) -> String {
    // The salt spells "extpurch".
    notificationUUID(ServerNotifications.mix(number ^ 0x6578_7470_7572_6368))
  }
}
