import Foundation
import Simulation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A notification transport for the workbench's own tests, which cannot link the server module's
/// HTTP one: it opens a TCP connection to the URL's port on 127.0.0.1 and reports what the
/// executable's transport reports when nothing listens there, `SOCKET_ISSUE`. A connection that
/// opens is closed at once and reported as `OTHER`: these tests never post to a live receiver.
final class ConnectingTransport: NotificationTransport {
  /// A realtime call gets what a notification attempt to the same URL gets, without an answer.
  func exchange(_ body: [UInt8], to url: String, timeout: Duration) -> RealtimeExchange {
    .failed(post(body, to: url, timeout: timeout), milliseconds: 0)
  }

  func post(_ body: [UInt8], to url: String, timeout: Duration) -> SendAttemptResult {
    guard let port = URL(string: url)?.port, let port16 = UInt16(exactly: port) else { return .other }
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return .other }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port16.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    return connected != 0 && errno == ECONNREFUSED ? .socketIssue : .other
  }
}
