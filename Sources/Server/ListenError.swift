import Foundation
import NIOCore

/// Why the server could not listen, in the user's words: `port 8090 is in use (…)` rather than the
/// system call NIO names (`bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`).
public struct ListenError: Error, CustomStringConvertible {
  /// The port asked for.
  public var port: Int
  /// The system's error number, when the failure was a system call's.
  public var errorNumber: Int32?
  /// The error as it came, for any other failure.
  public var underlying: String

  /// Reads why a server could not listen on a port.
  ///
  /// - Parameters:
  ///   - error: what starting the server threw.
  ///   - port: the port asked for.
  public init(_ error: any Error, port: Int) {
    self.port = port
    errorNumber = (error as? IOError)?.errnoCode
    underlying = "\(error)"
  }

  /// `port 8090 is in use (another program listens there: choose another with --port, or --port 0
  /// for a free one)`, `port 80 needs privileges …`, the system's reason, or the error itself.
  public var description: String {
    let choose = "choose another with --port, or --port 0 for a free one"
    switch errorNumber {
    case EADDRINUSE?: return "port \(port) is in use (another program listens there: \(choose))"
    case EACCES?: return "port \(port) needs privileges this process lacks (\(choose))"
    case let number?: return String(cString: strerror(number))
    case nil: return underlying
    }
  }
}
