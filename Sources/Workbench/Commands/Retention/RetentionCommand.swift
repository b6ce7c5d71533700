import ArgumentParser
import Simulation

/// `retention`, `retention review automatic|manual`, `retention approve|reject ID`.
struct RetentionCommand: SessionCommand {
  enum Action: String, ExpressibleByArgument, CaseIterable {
    case show, review, approve, reject
  }

  static let configuration = CommandConfiguration(
    commandName: "retention",
    abstract: "Show the Retention Messaging configuration, or review its uploads.",
    discussion: """
      The images, messages, default messages and realtime URLs are set through the API (`serve`, \
      /inApps/v1/messaging/…). Uploads are approved at once (`review automatic`); with \
      `review manual` they stay PENDING until `retention approve ID` or `retention reject ID`.
      """)

  @Argument(help: "show (default), review, approve or reject.")
  var action: Action = .show

  @Argument(help: "automatic or manual for review; an image or message identifier for approve and reject.")
  var value: String?

  func validate() throws {
    if action == .show, value != nil {
      throw WorkbenchError(.invalidValue, "retention show takes nothing more")
    }
    if action != .show, value == nil {
      throw WorkbenchError(
        .invalidValue,
        "retention \(action.rawValue) needs \(action == .review ? "automatic or manual" : "an identifier")")
    }
  }

  func changesWorld(in _: Session) -> Bool { action != .show }

  func execute(in session: Session) throws {
    let retention = session.world.retention
    switch action {
    case .show:
      session.print(lines: Self.lines(retention))
    case .review:
      guard let review = value.flatMap(RetentionMessaging.Review.init(rawValue:)) else {
        throw WorkbenchError(.invalidValue, "retention review takes automatic or manual, not \(value ?? "")")
      }
      retention.review = review
      session.print("retention review \(review.rawValue)")
    case .approve, .reject:
      session.print(try retention.decide(value ?? "", action == .approve ? .approved : .rejected))
    }
  }

  /// The configuration as lines.
  static func lines(_ retention: RetentionMessaging) -> [String] {
    var lines = ["review: \(retention.review.rawValue)"]
    for (environment, url) in retention.realtimeURLs.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      lines.append("realtime URL (\(environment.rawValue)): \(url)")
    }
    lines.append("images: \(retention.images.count)")
    for image in retention.images {
      lines.append(
        "  \(image.identifier) \(image.size.rawValue) \(image.width)x\(image.height) \(image.state.rawValue)")
    }
    lines.append("messages: \(retention.messages.count)")
    for message in retention.messages {
      lines.append("  \(message.identifier) \(message.state.rawValue) \"\(message.header)\"")
    }
    lines.append("default messages: \(retention.defaults.count)")
    for chosen in retention.defaults {
      lines.append("  \(chosen.productId) \(chosen.locale) → \(chosen.messageIdentifier)")
    }
    for test in retention.performanceTests {
      let result = test.snapshot()
      lines.append(
        "performance test \(test.requestId): \(result.status.rawValue), \(result.successRate)% of "
          + "\(test.config.totalRequests - result.numPending) answered well, \(result.numPending) pending")
    }
    return lines
  }
}
