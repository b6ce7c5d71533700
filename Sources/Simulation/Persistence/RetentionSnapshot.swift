import Verifier

/// The Retention Messaging API's configuration in a saved world: images (their sizes and review
/// states, not their pixels), messages, default messages, realtime URLs, whether a performance
/// test passed. Running tests and an open cancellation flow belong to the process, not the file.
struct RetentionSnapshot: Codable, Hashable {
  struct Image: Codable, Hashable {
    var identifier: String
    var size: String
    var width: Int
    var height: Int
    var state: String
  }

  struct BulletPoint: Codable, Hashable {
    var text: String
    var imageIdentifier: String
    var altText: String
  }

  struct Message: Codable, Hashable {
    var identifier: String
    var header: String
    var body: String
    var imageIdentifier: String?
    var altText: String?
    var headerPosition: String?
    var bulletPoints: [BulletPoint]
    var state: String
  }

  struct Default: Codable, Hashable {
    var productId: String
    var locale: String
    var messageIdentifier: String
  }

  var review: String
  var images: [Image]
  var messages: [Message]
  var defaults: [Default]
  /// The realtime URL by environment name (`Sandbox`, `Production`).
  var realtimeURLs: [String: String]
  var passedPerformanceTest: Bool
  var realtimeRequests: UInt64

  /// `nil` for a world that never used the API: older files and such worlds have no key.
  init?(_ retention: RetentionMessaging) {
    let isUnused =
      retention.review == .automatic && retention.images.isEmpty && retention.messages.isEmpty
      && retention.realtimeURLs.isEmpty && !retention.hasPassedPerformanceTest
      && retention.realtimeRequests == 0
    guard !isUnused else { return nil }
    review = retention.review.rawValue
    images = retention.images.map {
      Image(
        identifier: $0.identifier, size: $0.size.rawValue, width: $0.width, height: $0.height,
        state: $0.state.rawValue)
    }
    messages = retention.messages.map { message in
      Message(
        identifier: message.identifier, header: message.header, body: message.body,
        imageIdentifier: message.image?.identifier, altText: message.image?.altText,
        headerPosition: message.headerPosition?.rawValue,
        bulletPoints: message.bulletPoints.map {
          BulletPoint(text: $0.text, imageIdentifier: $0.imageIdentifier, altText: $0.altText)
        }, state: message.state.rawValue)
    }
    defaults = retention.defaults.map {
      Default(productId: $0.productId, locale: $0.locale, messageIdentifier: $0.messageIdentifier)
    }
    realtimeURLs = Dictionary(
      uniqueKeysWithValues: retention.realtimeURLs.map { ($0.key.rawValue, $0.value) })
    passedPerformanceTest = retention.hasPassedPerformanceTest
    realtimeRequests = retention.realtimeRequests
  }

  /// Puts the configuration back into a world's.
  func restore(into retention: RetentionMessaging, at path: String) throws(WorldFileError) {
    var restoredImages: [RetentionImage] = []
    for (index, image) in images.enumerated() {
      let at = "\(path).images[\(index)]"
      restoredImages.append(
        RetentionImage(
          identifier: image.identifier,
          size: try SnapshotPath.parse(image.size, as: RetentionImage.Size.self, at: at + ".size"),
          width: image.width, height: image.height,
          state: try SnapshotPath.parse(image.state, as: RetentionReviewState.self, at: at + ".state")))
    }
    var restoredMessages: [RetentionMessage] = []
    for (index, message) in messages.enumerated() {
      let at = "\(path).messages[\(index)]"
      restoredMessages.append(
        RetentionMessage(
          identifier: message.identifier, header: message.header, body: message.body,
          image: message.imageIdentifier.map {
            RetentionImageReference(identifier: $0, altText: message.altText ?? "")
          },
          headerPosition: try SnapshotPath.parse(
            optional: message.headerPosition, as: RetentionMessage.HeaderPosition.self,
            at: at + ".headerPosition"),
          bulletPoints: message.bulletPoints.map {
            RetentionBulletPoint(text: $0.text, imageIdentifier: $0.imageIdentifier, altText: $0.altText)
          }, state: try SnapshotPath.parse(message.state, as: RetentionReviewState.self, at: at + ".state")))
    }
    var urls: [Verifier.Environment: String] = [:]
    for (name, url) in realtimeURLs {
      urls[try SnapshotPath.parse(name, as: Verifier.Environment.self, at: "\(path).realtimeURLs")] = url
    }
    retention.restore(
      review: try SnapshotPath.parse(review, as: RetentionMessaging.Review.self, at: path + ".review"),
      images: restoredImages, messages: restoredMessages,
      defaults: defaults.map {
        RetentionDefault(productId: $0.productId, locale: $0.locale, messageIdentifier: $0.messageIdentifier)
      }, realtimeURLs: urls, hasPassedPerformanceTest: passedPerformanceTest,
      realtimeRequests: realtimeRequests)
  }
}
