import Logging
import Synchronization

/// The messages a logger was given, in order, for tests of what the server logs.
final class LogLines: Sendable {
  private let messages = Mutex<[String]>([])

  /// The messages so far.
  var lines: [String] { messages.withLock { $0 } }

  /// A logger at the server's level (warning) that keeps each message here.
  var logger: Logger {
    var logger = Logger(label: "test") { _ in Handler(lines: self) }
    logger.logLevel = .warning
    return logger
  }

  fileprivate func append(_ message: String) {
    messages.withLock { $0.append(message) }
  }

  /// Hands every message to a ``LogLines``.
  private struct Handler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      lines.append(event.message.description)
    }
  }
}
