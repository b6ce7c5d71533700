import Foundation
import JSON
import Store

/// The Retention Messaging API's configuration endpoints: images, messages, default messages and
/// the realtime URL, with Apple's validation and limits. What they keep is the world's
/// ``RetentionMessaging``.
extension AppStoreServerAPI {
  /// A full-size image's width, and the range of its height (Apple's Upload Image).
  static let fullSizeWidth = 3840
  static let fullSizeHeights = 160...2160
  /// A bullet-point image's sides: Apple does not publish them; storebench takes a square of 32
  /// to 1024 pixels.
  static let bulletPointSides = 32...1024

  /// Upload Image: `PUT /inApps/v1/messaging/image/{imageIdentifier}?imageSize=…`, a PNG body.
  static func uploadImage(_ context: APIContext) throws(APIError) -> APIResponse {
    let identifier = try uuid(context.parameters[0])
    let retention = context.world.retention
    guard retention.image(identifier) == nil else { throw .imageAlreadyExists }
    guard retention.images.count < RetentionMessaging.maximumImages else {
      throw .maximumNumberOfImagesReached
    }
    let sizeText =
      context.request.query.last { $0.name == "imageSize" }?.value ?? RetentionImage.Size.fullSize.rawValue
    guard let size = RetentionImage.Size(rawValue: sizeText) else { throw .badRequestImageSize }
    let png: PNGImageHeader
    do {
      png = try PNGImageHeader(context.request.body)
    } catch {
      throw .invalidImage
    }
    guard !png.hasTransparency else { throw .invalidImage }
    switch size {
    case .fullSize:
      guard png.width == fullSizeWidth, fullSizeHeights.contains(png.height) else {
        throw .badRequestImageSize
      }
    case .bulletPoint:
      guard png.width == png.height, bulletPointSides.contains(png.width) else { throw .badRequestImageSize }
    }
    retention.add(
      RetentionImage(
        identifier: identifier, size: size, width: png.width, height: png.height,
        state: retention.stateOfUpload))
    return .empty(200)
  }

  /// Delete Image: `DELETE /inApps/v1/messaging/image/{imageIdentifier}`; refused while a message
  /// shows it.
  static func deleteImage(_ context: APIContext) throws(APIError) -> APIResponse {
    let identifier = try uuid(context.parameters[0])
    let retention = context.world.retention
    guard retention.image(identifier) != nil else { throw .imageNotFound }
    guard !retention.messages.contains(where: { $0.imageIdentifiers.contains(identifier) }) else {
      throw .imageInUse
    }
    retention.removeImage(identifier)
    return .empty(200)
  }

  /// Get Image List: `GET /inApps/v1/messaging/image/list`.
  static func imageList(_ context: APIContext) throws(APIError) -> APIResponse {
    let items = context.world.retention.images.map { image in
      OrderedJSON.object([
        .init("imageIdentifier", .string(image.identifier)),
        .init("imageState", .string(image.state.rawValue)),
        .init("imageSize", .string(image.size.rawValue)),
      ])
    }
    return .json(OrderedJSON.object([.init("imageIdentifiers", .array(items))]).text)
  }

  /// Upload Message: `PUT /inApps/v1/messaging/message/{messageIdentifier}`.
  static func uploadMessage(_ context: APIContext) throws(APIError) -> APIResponse {
    let identifier = try uuid(context.parameters[0])
    let retention = context.world.retention
    guard retention.message(identifier) == nil else { throw .messageAlreadyExists }
    guard retention.messages.count < RetentionMessaging.maximumMessages else {
      throw .maximumNumberOfMessagesReached
    }
    let body = try context.body(UploadMessageRequestBody.self, fieldErrors: [:])
    let message = try checkedMessage(body, identifier: identifier, in: retention)
    retention.add(message)
    return .empty(200)
  }

  private static func checkedMessage(
    _ body: UploadMessageRequestBody, identifier: String, in retention: RetentionMessaging
  ) throws(APIError) -> RetentionMessage {
    guard let header = body.header, let text = body.body else { throw .generalBadRequest }
    guard header.count <= 66 else { throw .headerTooLong }
    guard text.count <= 144 else { throw .bodyTooLong }
    var position: RetentionMessage.HeaderPosition?
    if let raw = body.headerPosition {
      guard let known = RetentionMessage.HeaderPosition(rawValue: raw) else { throw .generalBadRequest }
      position = known
    }
    var image: RetentionImageReference?
    if let given = body.image {
      let id = try uuid(given.imageIdentifier ?? "")
      guard let alt = given.altText else { throw .generalBadRequest }
      guard alt.count <= 150 else { throw .altTextTooLong }
      guard let uploaded = retention.image(id) else { throw .imageNotFound }
      guard uploaded.size == .fullSize else { throw .badRequestImageSize }
      image = RetentionImageReference(identifier: id, altText: alt)
    }
    guard position != .aboveImage || image != nil else { throw .aboveImageRequiresAnImage }
    let points = body.bulletPoints ?? []
    guard points.count <= 5 else { throw .tooManyBulletPoints }
    var bullets: [RetentionBulletPoint] = []
    for point in points {
      guard let text = point.text, let alt = point.altText else { throw .generalBadRequest }
      guard text.count <= 66 else { throw .bulletPointTextTooLong }
      guard alt.count <= 150 else { throw .altTextTooLong }
      let id = try uuid(point.imageIdentifier ?? "")
      guard let uploaded = retention.image(id) else { throw .imageNotFound }
      guard uploaded.size == .bulletPoint else { throw .badRequestImageSize }
      bullets.append(RetentionBulletPoint(text: text, imageIdentifier: id, altText: alt))
    }
    return RetentionMessage(
      identifier: identifier, header: header, body: text, image: image, headerPosition: position,
      bulletPoints: bullets, state: retention.stateOfUpload)
  }

  /// Delete Message: `DELETE /inApps/v1/messaging/message/{messageIdentifier}`; the defaults that
  /// showed it go with it.
  static func deleteMessage(_ context: APIContext) throws(APIError) -> APIResponse {
    let identifier = try uuid(context.parameters[0])
    guard context.world.retention.message(identifier) != nil else { throw .messageNotFound }
    context.world.retention.removeMessage(identifier)
    return .empty(200)
  }

  /// Get Message List: `GET /inApps/v1/messaging/message/list`.
  static func messageList(_ context: APIContext) throws(APIError) -> APIResponse {
    let items = context.world.retention.messages.map { message in
      OrderedJSON.object([
        .init("messageIdentifier", .string(message.identifier)),
        .init("messageState", .string(message.state.rawValue)),
      ])
    }
    return .json(OrderedJSON.object([.init("messageIdentifiers", .array(items))]).text)
  }

  /// Configure Default Message: `PUT /inApps/v1/messaging/default/{productId}/{locale}`, an
  /// approved message whose images are approved.
  static func configureDefault(_ context: APIContext) throws(APIError) -> APIResponse {
    let (productId, locale) = try productAndLocale(context)
    let body = try context.body(DefaultConfigurationRequest.self, fieldErrors: [:])
    let identifier = try uuid(body.messageIdentifier ?? "")
    let retention = context.world.retention
    guard let message = retention.message(identifier) else { throw .messageNotFound }
    guard message.state == .approved else { throw .messageNotApproved }
    guard message.imageIdentifiers.allSatisfy({ retention.image($0)?.state == .approved }) else {
      throw .imageNotApproved
    }
    retention.setDefault(
      RetentionDefault(productId: productId, locale: locale, messageIdentifier: identifier))
    return .empty(200)
  }

  /// Delete Default Message: `DELETE /inApps/v1/messaging/default/{productId}/{locale}`.
  static func deleteDefault(_ context: APIContext) throws(APIError) -> APIResponse {
    let (productId, locale) = try productAndLocale(context)
    guard context.world.retention.defaultMessage(productId: productId, locale: locale) != nil else {
      throw .defaultMessageNotFound
    }
    context.world.retention.removeDefault(productId: productId, locale: locale)
    return .empty(200)
  }

  /// Get Default Message: `GET /inApps/v1/messaging/default/{productId}/{locale}`.
  static func getDefault(_ context: APIContext) throws(APIError) -> APIResponse {
    let (productId, locale) = try productAndLocale(context)
    guard let chosen = context.world.retention.defaultMessage(productId: productId, locale: locale) else {
      throw .defaultMessageNotFound
    }
    return .json(OrderedJSON.object([.init("messageIdentifier", .string(chosen.messageIdentifier))]).text)
  }

  /// Configure Realtime URL: `PUT /inApps/v1/messaging/realtime/url`, for the world's environment;
  /// production's needs a passed performance test.
  static func configureRealtimeURL(_ context: APIContext) throws(APIError) -> APIResponse {
    let body = try context.body(RealtimeURLRequest.self, fieldErrors: [:])
    guard let url = body.realtimeURL, url.count <= 256, isRealtimeURL(url) else {
      throw .badRequestRealtimeURL
    }
    let retention = context.world.retention
    if context.world.environment == .production, !retention.hasPassedPerformanceTest,
      !context.world.isReplayingChanges
    {
      throw .forbiddenNoPassingTest
    }
    retention.setRealtimeURL(url, for: context.world.environment)
    return .empty(200)
  }

  /// Delete Realtime URL: `DELETE /inApps/v1/messaging/realtime/url`.
  static func deleteRealtimeURL(_ context: APIContext) throws(APIError) -> APIResponse {
    guard context.world.retention.realtimeURLs[context.world.environment] != nil else {
      throw .realtimeURLNotFound
    }
    context.world.retention.setRealtimeURL(nil, for: context.world.environment)
    return .empty(200)
  }

  /// Get Realtime URL: `GET /inApps/v1/messaging/realtime/url`.
  static func getRealtimeURL(_ context: APIContext) throws(APIError) -> APIResponse {
    guard let url = context.world.retention.realtimeURLs[context.world.environment] else {
      throw .realtimeURLNotFound
    }
    return .json(OrderedJSON.object([.init("realtimeURL", .string(url))]).text)
  }

  // MARK: Checks

  /// A path or body identifier that is a UUID, in lowercase.
  static func uuid(_ text: String) throws(APIError) -> String {
    guard UUID(uuidString: text) != nil else { throw .generalBadRequest }
    return text.lowercased()
  }

  /// The path's auto-renewable product and locale.
  private static func productAndLocale(_ context: APIContext) throws(APIError) -> (String, String) {
    let productId = context.parameters[0]
    guard context.store.catalog.product(productId)?.type == .autoRenewable else { throw .invalidProductId }
    let locale = context.parameters[1]
    guard isLocale(locale) else { throw .invalidLocale }
    return (productId, locale)
  }

  /// A locale as Apple writes them: a language of two or three lowercase letters, then optionally
  /// `-` and a script (`Hans`) and/or a region (`US`, `419`).
  static func isLocale(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let language = parts.first, (2...3).contains(language.count),
      language.allSatisfy({ $0.isASCII && $0.isLowercase }), parts.count <= 3
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (part.count == 4 && part.first?.isUppercase == true && part.allSatisfy { $0.isASCII && $0.isLetter })
        || (part.count == 2 && part.allSatisfy { $0.isASCII && $0.isUppercase })
        || (part.count == 3 && part.allSatisfy { $0.isASCII && $0.isNumber })
    }
  }

  /// An absolute `http` or `https` URL with a host.
  private static func isRealtimeURL(_ text: String) -> Bool {
    guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty
    else { return false }
    return true
  }
}
