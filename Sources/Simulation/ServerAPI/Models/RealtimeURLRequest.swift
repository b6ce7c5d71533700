/// Configure Realtime URL's request body (Apple's `RealtimeUrlRequest`).
struct RealtimeURLRequest: Decodable {
  var realtimeURL: String?
}
