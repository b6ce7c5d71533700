import Foundation
import Verifier

/// The Retention Messaging API's configuration in the world: uploaded images and messages with
/// their review states, the default message per product and locale, the realtime URL per
/// environment; and what lives only while the process runs: performance tests and the
/// cancellation flow a customer has open.
public final class RetentionMessaging {
  /// How uploads are reviewed.
  public enum Review: String, Hashable, Sendable, CaseIterable {
    /// Approved at once, so a flow can be tried straight after uploading.
    case automatic
    /// `PENDING` until `retention approve` or `retention reject` decides.
    case manual
  }

  /// Apple's limit on images per app.
  public static let maximumImages = 2000
  /// The limit on messages per app: Apple documents one without its number; storebench uses the
  /// images' 2000.
  public static let maximumMessages = 2000

  /// How uploads are reviewed.
  public var review = Review.automatic
  /// The images, in upload order.
  public internal(set) var images: [RetentionImage] = []
  /// The messages, in upload order.
  public internal(set) var messages: [RetentionMessage] = []
  /// The default messages, in the order they were configured.
  public internal(set) var defaults: [RetentionDefault] = []
  /// The realtime URL of each environment.
  public internal(set) var realtimeURLs: [Verifier.Environment: String] = [:]
  /// Whether a performance test passed in this world before it was last saved.
  var passedEarlier = false
  /// What performance tests run: 1 is storebench's full test; `serve --performance-test-scale`
  /// makes it smaller for quick runs.
  public var performanceTestScale = 1.0
  /// The performance tests started while this process runs, oldest first.
  public internal(set) var performanceTests: [PerformanceTestRun] = []
  /// The cancellation flow a customer has open, if any.
  public internal(set) var openFlow: CancellationFlow?
  /// How many realtime requests the world has made, for their identifiers.
  var realtimeRequests: UInt64 = 0

  /// Creates an empty configuration.
  public init() {}

  /// The state an upload starts in.
  var stateOfUpload: RetentionReviewState { review == .automatic ? .approved : .pending }

  /// An image by identifier.
  public func image(_ identifier: String) -> RetentionImage? {
    images.first { $0.identifier == identifier }
  }

  /// A message by identifier.
  public func message(_ identifier: String) -> RetentionMessage? {
    messages.first { $0.identifier == identifier }
  }

  /// The default message of a product in a locale.
  public func defaultMessage(productId: String, locale: String) -> RetentionDefault? {
    defaults.first { $0.productId == productId && $0.locale == locale }
  }

  /// Whether a message can be shown: it is approved and so is every image it shows.
  public func isShowable(_ message: RetentionMessage) -> Bool {
    message.state == .approved
      && message.imageIdentifiers.allSatisfy { image($0)?.state == .approved }
  }

  /// Whether a performance test has passed in this world: a production realtime URL needs one.
  public var hasPassedPerformanceTest: Bool {
    passedEarlier || performanceTests.contains { $0.snapshot().status == .pass }
  }

  /// The test with this request id.
  public func performanceTest(_ requestId: String) -> PerformanceTestRun? {
    performanceTests.first { $0.requestId == requestId }
  }

  /// Whether a performance test is still running.
  var isTestRunning: Bool { performanceTests.contains { $0.snapshot().status == .pending } }

  /// Decides the review of an image or a message, whichever the identifier names.
  ///
  /// - Throws: ``SimulationError`` when neither has that identifier.
  /// - Returns: what was decided, such as `image 1b2… APPROVED`.
  public func decide(_ identifier: String, _ state: RetentionReviewState) throws(SimulationError) -> String {
    let key = identifier.lowercased()
    if let index = images.firstIndex(where: { $0.identifier == key }) {
      images[index].state = state
      return "image \(key) \(state.rawValue)"
    }
    if let index = messages.firstIndex(where: { $0.identifier == key }) {
      messages[index].state = state
      return "message \(key) \(state.rawValue)"
    }
    throw SimulationError(.notFound, "no retention image or message \(identifier)")
  }

  // MARK: Changes the endpoints make

  func add(_ image: RetentionImage) { images.append(image) }
  func removeImage(_ identifier: String) { images.removeAll { $0.identifier == identifier } }
  func add(_ message: RetentionMessage) { messages.append(message) }

  /// Removes a message and the defaults that showed it.
  func removeMessage(_ identifier: String) {
    messages.removeAll { $0.identifier == identifier }
    defaults.removeAll { $0.messageIdentifier == identifier }
  }

  func setDefault(_ value: RetentionDefault) {
    defaults.removeAll { $0.productId == value.productId && $0.locale == value.locale }
    defaults.append(value)
  }

  func removeDefault(productId: String, locale: String) {
    defaults.removeAll { $0.productId == productId && $0.locale == locale }
  }

  func setRealtimeURL(_ url: String?, for environment: Verifier.Environment) {
    realtimeURLs[environment] = url
  }

  func start(_ test: PerformanceTestRun) { performanceTests.append(test) }
  func setOpenFlow(_ flow: CancellationFlow?) { openFlow = flow }

  /// Puts back a saved configuration.
  func restore(
    review: Review, images: [RetentionImage], messages: [RetentionMessage], defaults: [RetentionDefault],
    realtimeURLs: [Verifier.Environment: String], hasPassedPerformanceTest: Bool, realtimeRequests: UInt64
  ) {
    self.review = review
    self.images = images
    self.messages = messages
    self.defaults = defaults
    self.realtimeURLs = realtimeURLs
    self.passedEarlier = hasPassedPerformanceTest
    self.realtimeRequests = realtimeRequests
  }
}
