/// Get Notification History's `paginationToken`: where the next page starts, bound to the request
/// body it was given for (another body makes it invalid, 4000014). Opaque to clients: hex text.
struct HistoryPaginationToken: Hashable {
  /// The sequence number the next page starts at.
  var start: Int
  /// A digest of the request it belongs to.
  var digest: UInt64

  /// The token for the page from `start` of a request.
  init(start: Int, boundTo request: NotificationHistoryRequest) {
    self.start = start
    self.digest = Self.digest(of: request)
  }

  /// Reads a token, `nil` unless it is well formed and was made for this request.
  init?(text: String, boundTo request: NotificationHistoryRequest) {
    guard text.count == 32, let position = UInt64(text.prefix(16), radix: 16),
      let digest = UInt64(text.suffix(16), radix: 16), digest == Self.digest(of: request),
      let start = Int(exactly: position ^ digest)
    else { return nil }
    self.start = start
    self.digest = digest
  }

  /// 32 hex digits: the position masked by the digest, then the digest.
  var text: String {
    Self.hex(UInt64(start) ^ digest) + Self.hex(digest)
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  private static func digest(of request: NotificationHistoryRequest) -> UInt64 {
    ServerNotifications.mix(ServerNotifications.fnv1a(request.canonicalText))
  }
}
